use super::*;
use crate::method::optimal::h48::build::{
    assert_no_temporary_files, build_sets, kill_child_at_checkpoint, load_sets,
};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

/// Depth of the test walks' files: 4 (the table then has values to 6).
const M: u8 = 4;
const CHILD_ENV: &str = "RUBIK_H48_EXACT_CHILD_DIR";

/// The h11 classes to depth `M + 2` by the plain breadth-first build (cube moves), in a
/// temporary directory.
fn sets_to(depth: u8) -> Vec<Vec<u64>> {
    let root = tempfile::tempdir().expect("temporary directory");
    build_sets(root.path(), depth, &mut |_| {}).expect("build");
    load_sets(root.path(), depth).expect("load").expect("whole")
}

fn plan(k: u8) -> Plan {
    Plan {
        k,
        checkpoint_every: None,
        huge_pages: false,
        limit: None,
    }
}

fn words(t: &Codes) -> Vec<u64> {
    t.words()
        .iter()
        .map(|w| w.load(Ordering::Relaxed))
        .collect()
}

#[test]
fn the_walk_is_the_plain_bfs_projected() {
    // The plain BFS to M + 2 gives every entry's least distance up to M + 2: its code with
    // base M + 1 is the exact table's (entries it does not reach are 3).
    let deep = sets_to(M + 2);
    for k in [0u8, 1, 3] {
        let shift = MAX_K - k;
        let mut want: std::collections::HashMap<u64, u8> = std::collections::HashMap::new();
        for (d, set) in deep.iter().enumerate() {
            for &i in set {
                let c = code(d as u8, M + 1);
                let e = want.entry(i >> shift).or_insert(c);
                *e = (*e).min(c);
            }
        }
        let table = build_exact(&deep[..=M as usize], &plan(k), None, &mut |_| {}).expect("walk");
        for (&e, &c) in &want {
            assert_eq!(table.get(e), c, "h{k} entry {e}");
        }
        let mut h = [0u64; 4];
        for &c in want.values() {
            h[c as usize] += 1;
        }
        h[3] = size(k) - h[0] - h[1] - h[2];
        assert_eq!(
            table.histogram(),
            h,
            "h{k}: entries the BFS does not reach are 3"
        );
        assert!(h[1] > 0 && h[2] > 0);
        // The search from an entry's own cosets agrees, on entries of each code.
        let mut by_code: [Vec<u64>; 4] = Default::default();
        for (&e, &c) in &want {
            if by_code[c as usize].len() < 40 {
                by_code[c as usize].push(e);
            }
        }
        by_code[3].extend(
            (0..40u64)
                .map(|x| x * 7919 % size(k))
                .filter(|&e| table.get(e) == 3),
        );
        for (c, entries) in by_code.iter().enumerate() {
            assert!(!entries.is_empty(), "h{k} code {c}");
            for &e in entries {
                assert_eq!(
                    code_by_search(&deep[..=M as usize], k, e),
                    c as u8,
                    "h{k} entry {e}"
                );
            }
        }
    }
}

#[test]
fn a_limited_walk_sets_part_of_the_whole() {
    // A walk of part of the last depth sets a subset of the whole walk's codes 1 and 2, never
    // a code the whole walk does not have or a lower one.
    let sets = sets_to(M);
    let whole = build_exact(&sets, &plan(2), None, &mut |_| {}).expect("walk");
    let part_plan = Plan {
        limit: Some(100),
        ..plan(2)
    };
    let part = build_exact(&sets, &part_plan, None, &mut |_| {}).expect("walk");
    let (a, b) = (words(&whole), words(&part));
    for (x, y) in a.iter().zip(&b) {
        for f in 0..32 {
            assert!((y >> (2 * f)) & 3 >= (x >> (2 * f)) & 3);
        }
    }
    assert!(a != b, "the limit walks less");
}

/// The build the kill test's child runs: h1 from depth 4, a checkpoint after every batch.
fn kill_plan() -> Plan {
    Plan {
        checkpoint_every: Some(Duration::ZERO),
        ..plan(1)
    }
}

/// The child side of [`a_killed_walk_resumes_to_the_same_table`]: walks with checkpoints and
/// blocks on its stdin after the third, with a torn temporary checkpoint beside it.
#[test]
#[ignore = "run by a_killed_walk_resumes_to_the_same_table in a child process"]
fn child_walk() {
    let Some(dir) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let sets = sets_to(M);
    let mut seen = 0;
    build_exact(&sets, &kill_plan(), Some(&dir), &mut |p| {
        if p.checkpoint {
            seen += 1;
        }
        if seen == 3 {
            let torn = dir.join(format!("exact.ckpt.tmp-{}", std::process::id()));
            std::fs::write(&torn, b"RKH48E01 torn").expect("write the torn file");
            println!("checkpoint {} of {}", p.walked, p.total);
            use std::io::Write;
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            let _ = std::io::stdin().read_line(&mut line);
            panic!("the parent closed stdin instead of killing the child");
        }
    })
    .expect("child walk");
}

#[test]
fn a_killed_walk_resumes_to_the_same_table() {
    let sets = sets_to(M);
    let whole = build_exact(&sets, &plan(1), None, &mut |_| {}).expect("walk");
    let root = tempfile::tempdir().expect("temporary directory");
    let dir = root.path().join("killed");
    let said = kill_child_at_checkpoint(
        "method::optimal::h48::exact::tests::child_walk",
        (CHILD_ENV, dir.as_os_str()),
    );
    let walked: u64 = said
        .split_whitespace()
        .nth(1)
        .and_then(|w| w.parse().ok())
        .expect("walked count");
    assert!(
        walked > 0 && walked < sets[M as usize].len() as u64,
        "{said}"
    );
    let mut first = None;
    let resumed = build_exact(&sets, &kill_plan(), Some(&dir), &mut |p| {
        first.get_or_insert(p.walked);
    })
    .expect("resume");
    // The first progress is where the walk starts: the checkpoint's chunk, not 0.
    assert_eq!(first, Some(walked), "resumed from the checkpoint");
    assert!(words(&resumed) == words(&whole), "the tables differ");
    assert_no_temporary_files(&dir);
}
