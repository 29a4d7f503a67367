//! Benchmark of the optimal solver (not a test: it takes minutes).
//!
//! `cargo bench -p rubik-solve --bench optimal -- [--count N] [--seed S] [--superflip]
//! [--table small] [--timeout SECS] [--threads N]` (`--help` lists every option; an unknown
//! option or a bad value is an error, exit 2)
//!
//! Loads (or builds, timed) the pruning table, then solves `count` uniformly random states of
//! the seeded generator and prints each length, time and node count, then the mean and median;
//! `--superflip` also solves the superflip; `--moves N` uses random N-move scrambles instead;
//! `--compare SIZE` solves each state with another table size too (same threads and probe
//! setting, the order of the two alternating from state to state so that the machine's load
//! falls on both alike), checks the lengths agree and prints both tables' node counts and times
//! with their ratios;
//! `--skip K` generates the first K states but does not solve them (to time a few chosen ones);
//! `--file F` solves the scrambles of a file (one per line) instead of random states, e.g. the
//! list given to another solver; `--histogram` prints how the grouped table's entries spread;
//! `--no-probe` runs every deepening step (no two-phase probe, as a plain IDA*; the comparison
//! solver of `--compare` never probes).

use clap::Parser;
use rand::Rng;
use rubik_cube::random::rng_from_seed;
use rubik_cube::{CubieCube, Move};
use rubik_solve::internals::{optimal_counters, OptimalSolver};
use rubik_solve::{Limits, Options, Progress, SolveError, Solver, SolverConfig};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bench's options (clap prints them for `--help` and rejects unknown ones with exit 2).
#[derive(Parser)]
#[command(
    bin_name = "cargo bench -p rubik-solve --bench optimal --",
    about = "Benchmark of the optimal solver: solves states and prints each length, time and node count",
    args_override_self = true,
    allow_negative_numbers = true
)]
struct Args {
    /// Random states to solve
    #[arg(long, value_name = "N", default_value_t = 5)]
    count: usize,
    /// Seed of the state generator
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random N-move scrambles instead of uniformly random states
    #[arg(long, value_name = "N")]
    moves: Option<usize>,
    /// The scrambles of a file, one per line, instead of generated states
    #[arg(long, value_name = "F")]
    file: Option<String>,
    /// Generate the first K states but do not solve them
    #[arg(long, value_name = "K", default_value_t = 0)]
    skip: usize,
    /// Also solve the superflip
    #[arg(long)]
    superflip: bool,
    /// Pruning table size (default: the solver's own choice)
    #[arg(long, value_name = "SIZE")]
    table: Option<String>,
    /// Also solve each state with table SIZE, interleaved, and print the ratios
    #[arg(long, value_name = "SIZE")]
    compare: Option<String>,
    /// Search threads (default: one per core)
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Give up a state after SECS seconds
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    timeout: Option<Duration>,
    /// Run every deepening step (no two-phase probe)
    #[arg(long)]
    no_probe: bool,
    /// Print how the grouped table's entries spread (reads the whole table)
    #[arg(long)]
    histogram: bool,
    /// Instead of solving: build (or resume) the H48 first stage, the h11 classes at each depth
    /// up to --h48-depth, one checkpoint file per depth in DIR, and print each depth's count,
    /// time and rate, and the hK entries per value it gives for K = 0, 2, 4, 8
    #[arg(long, value_name = "DIR")]
    h48_sets: Option<String>,
    /// Last depth of --h48-sets
    #[arg(long, value_name = "N", default_value_t = 7)]
    h48_depth: u8,
    /// Passed by `cargo bench` to every `harness = false` bench; ignored
    #[arg(long, hide = true)]
    bench: bool,
}

/// A `--timeout` value: a non-negative, finite number of seconds.
fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| "not a number of seconds".to_string())?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| "not a non-negative, finite number of seconds".to_string())
}

/// Prints table-build progress to stderr every 5%, each table from its own start.
struct StderrProgress {
    total: AtomicU64,
    done: AtomicU64,
    start: std::sync::Mutex<Instant>,
}

impl StderrProgress {
    fn elapsed(&self) -> f64 {
        self.start.lock().map_or(0.0, |s| s.elapsed().as_secs_f64())
    }
}

impl Progress for StderrProgress {
    fn start(&self, name: &str, total: u64) {
        eprintln!("building {name}: {total} entries");
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
        if let Ok(mut s) = self.start.lock() {
            *s = Instant::now();
        }
    }
    fn advance(&self, units: u64) {
        let total = self.total.load(Ordering::Relaxed).max(1);
        let before = self.done.fetch_add(units, Ordering::Relaxed);
        let after = before + units;
        if before * 20 / total != after * 20 / total {
            eprintln!(
                "  {:>3}% after {:.1} s",
                after * 100 / total,
                self.elapsed()
            );
        }
    }
    fn finish(&self) {
        eprintln!("built in {:.1} s", self.elapsed());
    }
}

fn superflip() -> CubieCube {
    let mut c = CubieCube::SOLVED;
    c.eo = [1; 12];
    c
}

/// Seconds, length and nodes of one solve.
type Solved = (f64, usize, u64);

fn solve(solver: &OptimalSolver, name: &str, cube: &CubieCube, limits: &Limits) -> Option<Solved> {
    let t = Instant::now();
    let r = solver.solve_counting(cube, limits);
    let secs = t.elapsed().as_secs_f64();
    match r {
        Ok((sol, _)) if solver.proven_optimal(&sol) == Some(false) => {
            println!(
                "{name}: timed out after {secs:.1} s (a {}-move answer, not proven optimal)",
                sol.len()
            );
            None
        }
        Ok((sol, stats)) => {
            assert!(sol.solves(cube), "solution does not solve {name}");
            let nodes = stats.nodes;
            println!(
                "{name}: {} moves in {secs:.3} s, {nodes} nodes ({:.2} M nodes/s){}: {sol}",
                sol.len(),
                nodes as f64 / secs / 1e6,
                if stats.probed {
                    ", last step skipped by the probe"
                } else {
                    ""
                }
            );
            print_counters(name);
            Some((secs, sol.len(), nodes))
        }
        Err(SolveError::NoSolution { lower_bound, .. }) => {
            match lower_bound {
                Some(n) => println!(
                    "{name}: timed out after {secs:.1} s; no solution of {n} moves or fewer"
                ),
                None => println!("{name}: timed out after {secs:.1} s"),
            }
            None
        }
        Err(e) => {
            println!("{name}: error {e}");
            None
        }
    }
}

/// With the `stats` feature: the solve's counts per deepening step and moves left (one line
/// each: `depths NAME L LEFT` and the counts in `optimal_counters::Kind` order: generated
/// cut_right cut_left skipped code0_right code0_left left_lookups, then h8's switch counts,
/// session 32).
fn print_counters(name: &str) {
    for (length, counts) in optimal_counters::take() {
        for (left, c) in counts.iter().enumerate() {
            if c.iter().any(|&v| v > 0) {
                let row: Vec<String> = c.iter().map(|v| v.to_string()).collect();
                println!(
                    "depths {} {length} {left} {}",
                    name.replace(' ', ""),
                    row.join(" ")
                );
            }
        }
    }
}

/// The optimal method's `table` option set to `size` (unset for `None`).
fn table_option(size: Option<&str>) -> Options {
    let mut options = Options::new();
    if let Some(size) = size {
        options.set("table", Some(size)).expect("a table size");
    }
    options
}

/// Peak resident memory of this process in MiB (Linux), 0 elsewhere.
fn peak_mib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kib| kib / 1024)
}

/// `--h48-sets`: builds or resumes the depth files and prints what each depth took.
fn h48_sets(dir: &std::path::Path, depth: u8) {
    use rubik_solve::internals::h48::build;
    let t = Instant::now();
    let mut last = 0.0;
    let mut on_depth = |d: u8| {
        let now = t.elapsed().as_secs_f64();
        println!(
            "depth {d:2} in place at {now:8.1} s (+{:.1} s), peak {} MiB",
            now - last,
            peak_mib()
        );
        last = now;
    };
    let report = build::build_sets(dir, depth, &mut on_depth).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    println!("resumed after {} depths already written", report.resumed);
    for (d, n) in report.counts.iter().enumerate() {
        println!("depth {d:2}: {n:>12} h11 classes");
    }
    let sets = build::load_sets(dir, depth)
        .ok()
        .flatten()
        .unwrap_or_else(|| {
            eprintln!("the depth files cannot be read back");
            std::process::exit(1)
        });
    for k in [0u8, 2, 4, 8] {
        let counts = build::project_counts(&sets, k);
        println!("h{k} entries per value 0..={depth}: {counts:?}");
    }
    println!(
        "total {:.1} s, peak {} MiB",
        t.elapsed().as_secs_f64(),
        peak_mib()
    );
}

fn main() {
    let a = Args::parse();
    if let Some(n) = a.threads {
        // Zero keeps rayon's default, one thread per core.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
    if let Some(dir) = &a.h48_sets {
        h48_sets(std::path::Path::new(dir), a.h48_depth);
        return;
    }
    let config = SolverConfig {
        options: table_option(a.table.as_deref()),
        progress: Some(Arc::new(StderrProgress {
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            start: std::sync::Mutex::new(Instant::now()),
        })),
        ..SolverConfig::default()
    };
    let t = Instant::now();
    let solver = OptimalSolver::new(&config)
        .expect("tables")
        .with_probe(!a.no_probe);
    println!(
        "tables ({}) ready in {:.1} s, pruning table {} bytes, {} threads",
        a.table.as_deref().unwrap_or("default"),
        t.elapsed().as_secs_f64(),
        solver.tables().prune_bytes(),
        rayon::current_num_threads()
    );
    // Only when asked: the count reads the whole table (about 80 s for the 7.5 GB one).
    let spread = a.histogram.then(|| solver.tables().spread()).flatten();
    if let Some((base, spread)) = spread {
        let h = spread.codes;
        let total: u64 = h.iter().sum();
        let share = |n: u64| 100.0 * n as f64 / total as f64;
        println!(
            "entries: ≤ {} {:.2}%, {} {:.2}%, {} {:.2}%, ≥ {} {:.2}%",
            base,
            share(h[0]),
            base + 1,
            share(h[1]),
            base + 2,
            share(h[2]),
            base + 3,
            share(h[3])
        );
        let zeros = h[0].max(1) as f64;
        let bounds: Vec<String> = (0..16)
            .filter(|&b| spread.zero_bound[b] > 0)
            .map(|b| format!("{b}: {:.1}%", 100.0 * spread.zero_bound[b] as f64 / zeros))
            .collect();
        println!(
            "entries ≤ {} read as their group minimum: {}",
            base,
            bounds.join(", ")
        );
    }
    // The same states solved with another table size: the lengths must agree, and the node
    // counts and times say which table prunes better and searches faster.
    let other = a.compare.as_ref().map(|size| {
        OptimalSolver::new(&SolverConfig {
            options: table_option(Some(size)),
            ..SolverConfig::default()
        })
        .expect("comparison tables")
        .with_probe(!a.no_probe)
    });
    let limits = Limits {
        timeout: a.timeout,
        ..Limits::default()
    };
    if a.superflip {
        solve(&solver, "superflip", &superflip(), &limits);
    }
    let mut rng = rng_from_seed(a.seed);
    let mut times = Vec::new();
    let mut pairs = Vec::new();
    let listed: Option<Vec<CubieCube>> = a.file.as_ref().map(|path| {
        std::fs::read_to_string(path)
            .expect("readable scramble file")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                rubik_cube::input::parse_cube(l)
                    .unwrap_or_else(|e| panic!("{path}: {l:?}: {e}"))
                    .to_cubie()
            })
            .take(a.count)
            .collect()
    });
    let count = listed.as_ref().map_or(a.count, Vec::len);
    for i in 0..count {
        let cube = match (&listed, a.moves) {
            (Some(list), _) => list[i],
            // A random n-move scramble instead of a random state.
            (None, Some(n)) => CubieCube::from_moves(
                &(0..n)
                    .map(|_| Move::ALL[rng.gen_range(0..18)])
                    .collect::<Vec<_>>(),
            ),
            (None, None) => CubieCube::random(&mut rng),
        };
        if i < a.skip {
            continue;
        }
        let name = format!("state #{i}");
        let Some(other) = &other else {
            if let Some((s, _, _)) = solve(&solver, &name, &cube, &limits) {
                times.push(s);
            }
            continue;
        };
        // Alternate which table goes first.
        let first_main = i % 2 == 0;
        let run = |main: bool| {
            let (s, label) = if main {
                (&solver, a.table.as_deref().unwrap_or("default"))
            } else {
                (other, a.compare.as_deref().unwrap_or_default())
            };
            solve(s, &format!("{name} [{label}]"), &cube, &limits)
        };
        let x = run(first_main);
        let y = run(!first_main);
        let pair = if first_main { (x, y) } else { (y, x) };
        let (Some(mine), Some(theirs)) = pair else {
            println!("{name}: not solved by both tables, left out of the comparison");
            continue;
        };
        assert_eq!(
            mine.1, theirs.1,
            "the two tables disagree on the optimal length"
        );
        times.push(mine.0);
        pairs.push((mine, theirs));
    }
    if !pairs.is_empty() {
        let median = |mut v: Vec<f64>| {
            v.sort_by(|x, y| x.total_cmp(y));
            v[v.len() / 2]
        };
        let sum = |f: &dyn Fn(&(Solved, Solved)) -> f64| pairs.iter().map(f).sum::<f64>();
        let (t_main, t_other) = (sum(&|p| p.0 .0), sum(&|p| p.1 .0));
        let (n_main, n_other) = (sum(&|p| p.0 .2 as f64), sum(&|p| p.1 .2 as f64));
        let main_name = a.table.as_deref().unwrap_or("default");
        let other_name = a.compare.as_deref().unwrap_or_default();
        println!(
            "{} states, each solved by both tables, lengths equal ({} threads, probe {})",
            pairs.len(),
            rayon::current_num_threads(),
            if a.no_probe { "off" } else { "on" }
        );
        for (label, t, n, idx) in [
            (main_name, t_main, n_main, 0),
            (other_name, t_other, n_other, 1),
        ] {
            let pick = |p: &(Solved, Solved)| if idx == 0 { p.0 } else { p.1 };
            println!(
                "  {label}: total {t:.2} s, median {:.3} s; nodes total {:.1} M, median {:.2} M; \
                 {:.1} ns per node",
                median(pairs.iter().map(|p| pick(p).0).collect()),
                n / 1e6,
                median(pairs.iter().map(|p| pick(p).2 as f64).collect()) / 1e6,
                t / n * 1e9
            );
        }
        println!(
            "  {main_name} / {other_name}: time {:.3} (median of ratios {:.3}), nodes {:.3} \
             (median of ratios {:.3})",
            t_main / t_other,
            median(pairs.iter().map(|p| p.0 .0 / p.1 .0).collect()),
            n_main / n_other,
            median(
                pairs
                    .iter()
                    .map(|p| p.0 .2 as f64 / p.1 .2.max(1) as f64)
                    .collect()
            ),
        );
    }
    if !times.is_empty() {
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let mut sorted = times.clone();
        sorted.sort_by(|x, y| x.total_cmp(y));
        let median = sorted[sorted.len() / 2];
        println!(
            "{} of {} random states solved: mean {mean:.2} s, median {median:.2} s, total {:.1} s",
            times.len(),
            count.saturating_sub(a.skip),
            times.iter().sum::<f64>()
        );
    }
}
