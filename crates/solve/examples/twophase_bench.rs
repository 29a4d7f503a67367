//! Measures the two-phase solver (or any method) with `rubik_solve::bench`.
//!
//! `cargo run --release -p rubik-solve --example twophase_bench -- [--method M] [--count N]
//! [--seed S] [--max-length L] [--timeout-ms T] [--improve] [--compact] [--tables DIR]`

use rubik_solve::bench::{run, BenchConfig};
use rubik_solve::{Limits, Method, NoProgress, Progress, SolverConfig};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Prints table-build progress to stderr.
struct Stderr;
impl Progress for Stderr {
    fn start(&self, name: &str, total: u64) {
        eprintln!("building {name} ({total} entries)");
    }
    fn advance(&self, _units: u64) {}
    fn finish(&self) {}
}

fn main() {
    let mut cfg = BenchConfig {
        method: Method::Twophase,
        count: 1000,
        seed: 1,
        limits: Limits::default(),
        solver: SolverConfig::default(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().expect("missing value");
        match a.as_str() {
            "--method" => cfg.method = val().parse().expect("method"),
            "--count" => cfg.count = val().parse().expect("count"),
            "--seed" => cfg.seed = val().parse().expect("seed"),
            "--max-length" => cfg.limits.max_length = Some(val().parse().expect("length")),
            "--timeout-ms" => {
                cfg.limits.timeout = Some(Duration::from_millis(val().parse().expect("ms")))
            }
            "--improve" => cfg.limits.improve = true,
            "--compact" => cfg.solver.compact = true,
            "--tables" => cfg.solver.table_dir = Some(val().into()),
            other => panic!("unknown argument {other}"),
        }
    }
    cfg.solver.progress = Some(Arc::new(Stderr));
    let t = Instant::now();
    let report = run(&cfg, &NoProgress).expect("bench");
    let ms = |d: Option<Duration>| d.map_or(f64::NAN, |d| d.as_secs_f64() * 1e3);
    println!(
        "method {} count {} seed {} max_length {:?} timeout {:?} improve {} compact {}",
        cfg.method,
        cfg.count,
        cfg.seed,
        cfg.limits.max_length,
        cfg.limits.timeout,
        cfg.limits.improve,
        cfg.solver.compact
    );
    println!("table load/build: {:.3} s", report.load_time.as_secs_f64());
    println!(
        "solved {} unsolved {} wrong {}",
        report.solved(),
        report.unsolved(),
        report.wrong()
    );
    println!(
        "length mean {:.3} max {:?} histogram {:?}",
        report.mean_length().unwrap_or(f64::NAN),
        report.max_length(),
        report.histogram()
    );
    println!(
        "time median {:.4} ms mean {:.4} ms p99 {:.4} ms",
        ms(report.median_time()),
        ms(report.mean_time()),
        ms(report.p99_time())
    );
    println!(
        "peak memory {:.1} MB, wall {:.2} s",
        report.peak_memory.unwrap_or(0) as f64 / 1e6,
        t.elapsed().as_secs_f64()
    );
}
