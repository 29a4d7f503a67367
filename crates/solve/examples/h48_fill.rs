//! Fills an hK table (issue 40) level by level and prints what each level took; with `--bfs`
//! also runs a plain breadth-first search on the same graph and compares every entry.
//!
//! `h48_fill --k K --base B [--dir DIR] [--bfs] [--backward-from L] [--checkpoint-secs S]
//! [--max-frontier N] [--skip-checkpoint-under S] [--stop-after-secs S]` — `--stop-after-secs` ends the process at the
//! first checkpoint past S seconds (a rate sample of a level too long to finish; with `--dir`,
//! a later run resumes it).

use rubik_solve::internals::h48::fill::{code, fill, plain_bfs, HkSpace, Plan, Space};
use std::time::{Duration, Instant};

mod support;

use support::{cpu_seconds, Args};

fn main() {
    let args = Args::new();
    let opt = |name: &str| args.opt(name);
    let num = |name: &str| args.num(name);
    let k = num("--k").unwrap_or(0) as u8;
    let base = num("--base").unwrap_or(8) as u8;
    let plan = Plan {
        base,
        backward_from: num("--backward-from").map(|v| v as u8),
        checkpoint_every: num("--checkpoint-secs").map(Duration::from_secs),
        max_frontier: num("--max-frontier").unwrap_or(u64::MAX),
        skip_checkpoint_under: Duration::from_secs(num("--skip-checkpoint-under").unwrap_or(0)),
    };
    let stop_after = num("--stop-after-secs");
    let dir = opt("--dir").map(std::path::PathBuf::from);
    let t0 = Instant::now();
    let space = HkSpace::new(k);
    println!(
        "h{k}: {} entries, base {base}, move tables {:.1} s",
        space.size(),
        t0.elapsed().as_secs_f64()
    );
    let t1 = Instant::now();
    let (table, levels) = fill(&space, &plan, dir.as_deref(), &mut |l| {
        println!(
            "level {:2} {} set {:>14} at {:>7.1} s wall, {:>8.1} s cpu",
            l.level,
            if l.backward { "backward" } else { "forward " },
            l.set,
            t1.elapsed().as_secs_f64(),
            cpu_seconds()
        );
        if stop_after.is_some_and(|s| t1.elapsed().as_secs() >= s) {
            println!("stopped after {:.1} s", t1.elapsed().as_secs_f64());
            std::process::exit(0);
        }
    })
    .expect("fill");
    let fill_s = t1.elapsed().as_secs_f64();
    println!(
        "filled in {fill_s:.1} s wall; codes {:?}; levels {}",
        table.histogram(),
        levels.len()
    );
    if args.flag("--bfs") {
        let t2 = Instant::now();
        let dist = plain_bfs(&space);
        let bfs_s = t2.elapsed().as_secs_f64();
        let mut per = vec![0u64; 256];
        let mut differ = 0u64;
        for (i, &d) in dist.iter().enumerate() {
            per[d as usize] += 1;
            if table.get(i as u64) != code(d, base) {
                differ += 1;
            }
        }
        let counts: Vec<String> = per
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(d, n)| format!("{d}:{n}"))
            .collect();
        println!("plain BFS {bfs_s:.1} s; per distance {}", counts.join(" "));
        println!("entries whose code differs from the plain BFS's: {differ}");
        if differ > 0 {
            std::process::exit(1);
        }
    }
}
