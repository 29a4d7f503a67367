use super::*;
use crate::method::optimal::h48::build::{assert_no_temporary_files, kill_child_at_checkpoint};
use crate::method::optimal::h48::coord::{
    corner_raw, cube_of_corner_raw, CornerClasses, N_CORNER_RAW,
};
use rubik_cube::Move;

/// A small real graph for the fill's tests: the raw corner value (twist × where the first
/// tetrad is, 153,090 entries, all reachable), moves from cubes.
struct RawCorners {
    next: Vec<[u32; 18]>,
}

impl RawCorners {
    fn new() -> Self {
        let next = (0..N_CORNER_RAW)
            .map(|r| {
                let c = cube_of_corner_raw(r);
                Move::ALL.map(|m| corner_raw(&c.apply_move(m)) as u32)
            })
            .collect();
        RawCorners { next }
    }
}

impl Space for RawCorners {
    fn size(&self) -> u64 {
        self.next.len() as u64
    }
    fn start(&self) -> u64 {
        corner_raw(&rubik_cube::CubieCube::SOLVED) as u64
    }
    fn any_neighbour<F: FnMut(u64) -> bool>(&self, i: u64, mut f: F) -> bool {
        self.next[i as usize].iter().any(|&n| f(u64::from(n)))
    }
}

fn words(t: &Codes) -> Vec<u64> {
    t.words.iter().map(|w| w.load(Ordering::Relaxed)).collect()
}

fn plan(base: u8, backward_from: Option<u8>) -> Plan {
    Plan {
        base,
        backward_from,
        checkpoint_every: None,
        max_frontier: u64::MAX,
        skip_checkpoint_under: Duration::ZERO,
    }
}

#[test]
fn the_table_is_the_plain_bfs_capped() {
    let space = RawCorners::new();
    let dist = plain_bfs(&space);
    assert!(dist.iter().all(|&d| d != u8::MAX), "all reachable");
    let max = *dist.iter().max().unwrap_or(&0);
    assert!(max >= 6, "a graph deep enough to test: {max}");
    for base in [2, 4, max - 1, max + 1] {
        // Forward only, backward from the first level, from the middle, chosen by cost.
        for back in [Some(u8::MAX), Some(1), Some(3), Some(base), None] {
            let (t, levels) = fill(&space, &plan(base, back), None, &mut |_| {}).expect("fill");
            for (i, &d) in dist.iter().enumerate() {
                assert_eq!(
                    t.get(i as u64),
                    code(d, base),
                    "entry {i} base {base} {back:?}"
                );
            }
            // Each level's count is the BFS's.
            for l in &levels {
                let n = dist.iter().filter(|&&d| d == l.level).count() as u64;
                assert_eq!(l.set, n, "level {} base {base} {back:?}", l.level);
                if let Some(b) = back {
                    assert_eq!(l.backward, l.level >= b, "level {}", l.level);
                }
            }
            let h = t.histogram();
            for (c, &n) in h.iter().enumerate() {
                let want = dist.iter().filter(|&&d| code(d, base) == c as u8).count() as u64;
                assert_eq!(n, want, "code {c} base {base}");
            }
        }
    }
}

#[test]
fn a_frontier_past_its_cap_turns_the_fill_backward() {
    let space = RawCorners::new();
    let dist = plain_bfs(&space);
    let mut p = plan(6, Some(u8::MAX));
    p.max_frontier = 1000;
    let (t, levels) = fill(&space, &p, None, &mut |_| {}).expect("fill");
    let first_big = levels
        .iter()
        .position(|l| l.set > 1000)
        .expect("a level past 1000");
    assert!(levels[..=first_big].iter().all(|l| !l.backward));
    assert!(levels[first_big + 1..].iter().all(|l| l.backward));
    for (i, &d) in dist.iter().enumerate() {
        assert_eq!(t.get(i as u64), code(d, 6), "entry {i}");
    }
}

#[test]
fn codes_cap_at_both_ends() {
    assert_eq!(
        (0..14).map(|d| code(d, 10)).collect::<Vec<_>>(),
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3]
    );
    let t = Codes::new(70);
    assert!(t.mark(69, 2));
    assert!(!t.mark(69, 1), "set once");
    assert_eq!(t.get(69), 2);
    assert_eq!(t.get(68), 3);
    assert_eq!(t.histogram(), [0, 0, 1, 69]);
}

/// h0 is a coset space: one completion's neighbours are every completion's, and the graph's
/// neighbours of an index are the cube moves of the index's cube.
#[test]
fn hk_space_neighbours_are_the_cubes() {
    let cc = CornerClasses::get();
    let mut rng = rubik_cube::random::rng_from_seed(4041);
    for k in [0u8, 1, 2, 8] {
        let space = HkSpace::new(k);
        assert_eq!(space.start(), cc.index(&rubik_cube::CubieCube::SOLVED, k));
        for _ in 0..40 {
            let c = rubik_cube::CubieCube::random(&mut rng);
            let i = cc.index(&c, k);
            let mut got = Vec::new();
            space.any_neighbour(i, |n| {
                got.push(n);
                false
            });
            assert_eq!(got.len(), if k == 0 { 18 } else { 18 << (11 - k) });
            // The cube's own moves are among them.
            for m in Move::ALL {
                assert!(got.contains(&cc.index(&c.apply_move(m), k)), "k {k} {m}");
            }
            if k == 0 {
                got.sort_unstable();
                got.dedup();
                let mut own: Vec<u64> = Move::ALL
                    .iter()
                    .map(|&m| cc.index(&c.apply_move(m), 0))
                    .collect();
                own.sort_unstable();
                own.dedup();
                assert_eq!(got, own, "h0: every completion is the same coset");
            }
        }
    }
}

const CHILD_ENV: &str = "RUBIK_H48_FILL_CHILD";
const BASE: u8 = 5;

fn kill_plan() -> Plan {
    Plan {
        base: BASE,
        backward_from: Some(BASE),
        checkpoint_every: Some(Duration::ZERO),
        max_frontier: u64::MAX,
        skip_checkpoint_under: Duration::ZERO,
    }
}

/// The child of [`a_killed_fill_resumes_to_the_same_table`]: fills with checkpoints and, at the
/// `after` call the parent names, says so and waits to be killed.
#[test]
#[ignore = "run by a_killed_fill_resumes_to_the_same_table in a child process"]
fn child_fill() {
    let Some(spec) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let spec = spec.to_string_lossy().to_string();
    let (dir, at) = spec.split_once('|').expect("dir|call");
    let at: usize = at.parse().expect("call number");
    let mut calls = 0;
    let space = RawCorners::new();
    fill(&space, &kill_plan(), Some(Path::new(dir)), &mut |l| {
        calls += 1;
        if calls == at {
            // A torn temporary file of the next checkpoint too.
            let torn = Path::new(dir).join(format!("fill.ckpt.tmp-{}", std::process::id()));
            fs::write(&torn, b"RKH48F01 torn").expect("torn file");
            println!("checkpoint {} {}", l.level, l.backward);
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            let _ = std::io::stdin().read_line(&mut line);
            panic!("the parent closed stdin instead of killing the child");
        }
    })
    .expect("child fill");
}

fn kill_child_at(dir: &Path, at: usize) -> String {
    let env = format!("{}|{at}", dir.display());
    kill_child_at_checkpoint(
        "method::optimal::h48::fill::tests::child_fill",
        (CHILD_ENV, std::ffi::OsStr::new(&env)),
    )
}

#[test]
fn a_killed_fill_resumes_to_the_same_table() {
    let space = RawCorners::new();
    let (whole, levels) = fill(&space, &kill_plan(), None, &mut |_| {}).expect("fill");
    assert!(levels.iter().any(|l| l.backward) && levels.iter().any(|l| !l.backward));
    let root = tempfile::tempdir().expect("temporary directory");
    // Killed after a forward level (call 3: levels 0, 1, 2 written), and in the middle of the
    // first backward level (its first mid-level checkpoint comes right after level BASE − 1).
    for (at, want) in [
        (3, "checkpoint 2 false"),
        (BASE as usize + 1, "checkpoint 5 true"),
    ] {
        let dir = root.path().join(format!("at-{at}"));
        let said = kill_child_at(&dir, at);
        assert_eq!(said, want);
        assert!(checkpoint_path(&dir).exists());
        let mut seen = Vec::new();
        let (resumed, _) = fill(&space, &kill_plan(), Some(&dir), &mut |l| {
            seen.push(l.level)
        })
        .expect("resume");
        assert!(!seen.contains(&0), "level 0 not redone");
        assert!(
            words(&resumed) == words(&whole),
            "killed at call {at}: the tables differ"
        );
        assert_no_temporary_files(&dir);
    }
}

#[test]
fn a_torn_checkpoint_is_ignored() {
    let space = RawCorners::new();
    let root = tempfile::tempdir().expect("temporary directory");
    let (whole, _) = fill(&space, &plan(4, None), Some(root.path()), &mut |_| {}).expect("fill");
    let path = checkpoint_path(root.path());
    let good = fs::read(&path).expect("checkpoint");
    fs::write(&path, &good[..good.len() - 5]).expect("tear");
    let mut seen = Vec::new();
    let (again, _) = fill(&space, &plan(4, None), Some(root.path()), &mut |l| {
        seen.push(l.level)
    })
    .expect("again");
    assert_eq!(seen.first(), Some(&0), "started over");
    assert!(words(&again) == words(&whole));
    // A checkpoint of another base is another table's.
    let (other, _) = fill(&space, &plan(3, None), Some(root.path()), &mut |_| {}).expect("base 3");
    assert_eq!(other.get(space.start()), 0);
    assert!(words(&other) != words(&whole));
}
