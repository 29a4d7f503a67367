//! Builds the exact hK table (issue 40) from the h11 classes to depth M, prints its progress,
//! time, peak memory and histogram, and checks sampled entries of each code by a search from
//! their own cosets.
//!
//! `h48_exact --sets DIR [--depth M] [--k K] [--dir CKPT] [--checkpoint-secs S] [--limit N]
//! [--no-huge] [--sample N] [--seed X]` — the depth files in DIR are built first when missing
//! (resumably); `--dir` keeps a checkpoint there, from which a killed run continues; `--limit`
//! walks only the first N depth-M classes (a rate sample; no check then).

use rand::Rng;
use rubik_solve::internals::h48::{build, exact};
use std::time::Instant;

mod support;

use support::{cpu_seconds, load_avg, peak_mib, Args};

fn main() {
    let args = Args::new();
    let opt = |name: &str| args.opt(name);
    let num = |name: &str| args.num(name);
    let sets_dir = std::path::PathBuf::from(opt("--sets").expect("--sets DIR"));
    let depth = num("--depth").unwrap_or(9) as u8;
    let k = num("--k").unwrap_or(8) as u8;
    let dir = opt("--dir").map(std::path::PathBuf::from);
    let plan = exact::Plan {
        k,
        checkpoint_every: num("--checkpoint-secs").map(std::time::Duration::from_secs),
        huge_pages: !args.flag("--no-huge"),
        limit: num("--limit"),
    };
    let t0 = Instant::now();
    build::build_sets(&sets_dir, depth, &mut |d| {
        println!(
            "depth file {d} ready at {:.1} s, load {}",
            t0.elapsed().as_secs_f64(),
            load_avg()
        )
    })
    .expect("depth files");
    let sets = build::load_sets(&sets_dir, depth)
        .expect("read")
        .expect("whole depth files");
    println!(
        "h{k} from {} classes at depth {depth}; {:.1} s, peak {} MiB",
        sets[depth as usize].len(),
        t0.elapsed().as_secs_f64(),
        peak_mib()
    );
    let (t1, c1) = (Instant::now(), cpu_seconds());
    let mut last_print = Instant::now();
    // When the walk started (the table allocated and projected, or loaded), and from where.
    let mut walk_start: Option<(Instant, f64, u64)> = None;
    let table = exact::build_exact(&sets, &plan, dir.as_deref(), &mut |p| {
        if walk_start.is_none() {
            walk_start = Some((Instant::now(), cpu_seconds(), p.walked));
        }
        if p.checkpoint || last_print.elapsed().as_secs() >= 30 || p.walked == p.total {
            last_print = Instant::now();
            println!(
                "walked {:>11} of {} ({:5.1} %) at {:7.1} s wall, {:7.1} s cpu, peak {} MiB, load {}{}",
                p.walked,
                p.total,
                100.0 * p.walked as f64 / p.total as f64,
                t1.elapsed().as_secs_f64(),
                cpu_seconds() - c1,
                peak_mib(),
                load_avg(),
                if p.checkpoint { ", checkpoint written" } else { "" }
            );
        }
    })
    .expect("build");
    let (wall, cpu) = (t1.elapsed().as_secs_f64(), cpu_seconds() - c1);
    let hist = table.histogram();
    println!(
        "built in {wall:.1} s wall, {cpu:.1} s cpu (this run), peak {} MiB, load {}; codes {hist:?}",
        peak_mib(),
        load_avg()
    );
    if let Some((t, c, from)) = walk_start {
        let walked = plan
            .limit
            .unwrap_or(u64::MAX)
            .min(sets[depth as usize].len() as u64)
            - from;
        let (w, c) = (t.elapsed().as_secs_f64(), cpu_seconds() - c);
        let n = (walked * 342).max(1) as f64;
        println!(
            "walk: {walked} classes, {n} neighbours in {w:.1} s wall, {c:.1} s cpu: {:.2} ns wall, {:.2} ns cpu a neighbour; table ready at {:.1} s",
            w * 1e9 / n,
            c * 1e9 / n,
            wall - w
        );
    }
    if plan.limit.is_some() {
        return;
    }
    // The values ≤ M against the projection of the depth files.
    let proj = build::project_counts(&sets, k);
    let total_proj: u64 = proj.iter().sum();
    println!(
        "projection: {total_proj} entries at ≤ {depth}, table code 0: {}: {}",
        hist[0],
        if total_proj == hist[0] {
            "equal"
        } else {
            "DIFFER"
        }
    );
    let per = num("--sample").unwrap_or(0) as usize;
    if per > 0 {
        let mut rng = rubik_cube::random::rng_from_seed(num("--seed").unwrap_or(2024));
        let mut picked: [Vec<u64>; 4] = Default::default();
        let mut draws = 0u64;
        while picked.iter().any(|p| p.len() < per) && draws < 1 << 34 {
            draws += 1;
            let e = rng.gen_range(0..table.len());
            let c = table.get(e) as usize;
            if picked[c].len() < per {
                picked[c].push(e);
            }
        }
        let t2 = Instant::now();
        for (c, entries) in picked.iter().enumerate() {
            use rayon::prelude::*;
            let wrong: Vec<(u64, u8)> = entries
                .par_iter()
                .map(|&e| (e, exact::code_by_search(&sets, k, e)))
                .filter(|&(_, s)| s as usize != c)
                .collect();
            println!(
                "code {c}: {} sampled entries searched, {} differ {:?}",
                entries.len(),
                wrong.len(),
                &wrong[..wrong.len().min(5)]
            );
        }
        println!(
            "samples from {draws} uniform draws, searched in {:.1} s",
            t2.elapsed().as_secs_f64()
        );
    }
}
