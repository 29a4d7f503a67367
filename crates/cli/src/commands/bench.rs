//! `rubik bench`: a method on seeded random states — lengths, times, table load time and peak
//! memory, every solution verified; optionally an SVG of the distributions.

use crate::args::BenchArgs;
use crate::bench_report::BenchReport;
use crate::cube_io;
use crate::error::{CliError, CliResult, EXIT_FAILURE};
use crate::output;
use crate::plot;
use crate::progress::StderrProgress;
use crate::solving;
use crate::stats;
use anyhow::Context;
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::bench::{self, BenchConfig};
use rubik_solve::{Limits, Solver};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Runs `rubik bench`: one thread through `rubik_solve::bench`, several through
/// [`solve_all`].
pub fn run(args: &BenchArgs) -> CliResult {
    let limits = solving::limits(&args.limits);
    let states = states(args)?;
    let (method, table_load_millis, results) = if args.jobs <= 1 {
        single_threaded(args, limits, states)?
    } else {
        let started = Instant::now();
        let solver = solving::solver(&args.method)?;
        let table_load_millis = started.elapsed().as_secs_f64() * 1000.0;
        let results = solve_all(solver.as_ref(), &states, &limits, usize::from(args.jobs))?;
        (solver.name().to_string(), table_load_millis, results)
    };
    let report = summarise(args, &method, table_load_millis, results);
    if args.json {
        output::emit_line(&output::json_line(&report))?;
    } else {
        output::emit(&render(&report))?;
    }
    if let Some(path) = &args.plot {
        std::fs::write(path, plot::bench_svg(&report))
            .with_context(|| format!("cannot write {}", path.display()))
            .map_err(CliError::failure)?;
        eprintln!("rubik: wrote {}", path.display());
    }
    Ok(())
}

/// The states to solve: `--count` (default 100) random ones from `--seed`, or the lines of
/// `--file` (all, or the first `--count`). A line that is not a cube is bad input, named by
/// file and line.
fn states(args: &BenchArgs) -> CliResult<Vec<CubieCube>> {
    let Some(path) = &args.file else {
        let mut rng = rng_from_seed(args.seed);
        return Ok((0..args.count.unwrap_or(100))
            .map(|_| CubieCube::random(&mut rng))
            .collect());
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .map_err(CliError::bad_input)?;
    let mut states = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        if args.count.is_some_and(|n| states.len() >= n) {
            break;
        }
        let cube = cube_io::parse_state(line).map_err(|e| {
            CliError::bad_input(anyhow::anyhow!("{}:{}: {e}", path.display(), i + 1))
        })?;
        states.push(cube_io::to_cubie(&cube));
    }
    Ok(states)
}

/// One state's outcome: its solution length (None when unsolved) and the solve time.
type Outcome = (Option<usize>, f64);

/// The library's single-threaded benchmark; fails if any solution was wrong.
fn single_threaded(
    args: &BenchArgs,
    limits: Limits,
    states: Vec<CubieCube>,
) -> CliResult<(String, f64, Vec<Outcome>)> {
    let config = BenchConfig {
        method: args.method.method,
        count: states.len(),
        seed: args.seed,
        limits,
        solver: solving::config_for(&args.method)?,
    };
    let progress = StderrProgress::new();
    let report = bench::run_states(&config, states, &progress)?;
    if report.wrong() > 0 {
        return Err(CliError::failure(anyhow::anyhow!(
            "{} of {} solutions were wrong",
            report.wrong(),
            report.cases.len()
        )));
    }
    let outcomes = report
        .cases
        .iter()
        .map(|c| (c.length, c.time.as_secs_f64() * 1000.0))
        .collect();
    Ok((
        report.method.name().to_string(),
        report.load_time.as_secs_f64() * 1000.0,
        outcomes,
    ))
}

fn solve_all(
    solver: &dyn Solver,
    states: &[CubieCube],
    limits: &Limits,
    jobs: usize,
) -> CliResult<Vec<Outcome>> {
    let bar = StderrProgress::bar(states.len() as u64, "solving");
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Outcome, CliError>>>> =
        Mutex::new((0..states.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(state) = states.get(i) else { break };
                let outcome = solve_checked(solver, state, limits);
                bar.inc(1);
                results.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(outcome);
            });
        }
    });
    bar.finish_and_clear();
    results
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(CliError::failure(anyhow::anyhow!("a worker failed")))))
        .collect()
}

/// Solves one state and checks the solution by applying it.
fn solve_checked(solver: &dyn Solver, state: &CubieCube, limits: &Limits) -> CliResult<Outcome> {
    let started = Instant::now();
    match solving::timed_solve(solver, state, limits) {
        Ok((solution, millis)) => {
            if !solution.solves(state) {
                return Err(CliError {
                    code: EXIT_FAILURE,
                    error: anyhow::anyhow!(
                        "{} returned a wrong solution {} for {}",
                        solver.name(),
                        solution,
                        state.to_facelets()
                    ),
                });
            }
            Ok((Some(solution.len()), millis))
        }
        Err(rubik_solve::SolveError::NoSolution { .. }) => {
            Ok((None, started.elapsed().as_secs_f64() * 1000.0))
        }
        Err(e) => Err(e.into()),
    }
}

fn summarise(
    args: &BenchArgs,
    method: &str,
    table_load_millis: f64,
    results: Vec<Outcome>,
) -> BenchReport {
    let lengths: Vec<usize> = results.iter().filter_map(|r| r.0).collect();
    let millis: Vec<f64> = results.iter().map(|r| r.1).collect();
    let mut sorted = millis.clone();
    sorted.sort_by(f64::total_cmp);
    let lengths_f: Vec<f64> = lengths.iter().map(|&l| l as f64).collect();
    BenchReport {
        method: method.to_string(),
        count: results.len(),
        seed: args.file.is_none().then_some(args.seed),
        file: args.file.as_ref().map(|f| f.display().to_string()),
        solved: lengths.len(),
        unsolved: results.len() - lengths.len(),
        table_load_millis: output::round_millis(table_load_millis),
        mean_length: stats::mean(&lengths_f),
        max_length: lengths.iter().copied().max(),
        length_histogram: stats::histogram(&lengths),
        median_millis: stats::quantile(&sorted, 0.5).map(output::round_millis),
        mean_millis: stats::mean(&millis).map(output::round_millis),
        p99_millis: stats::quantile(&sorted, 0.99).map(output::round_millis),
        max_millis: sorted.last().copied().map(output::round_millis),
        peak_memory_bytes: bench::peak_memory(),
        millis,
    }
}

fn render(r: &BenchReport) -> String {
    let opt =
        |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    let mut s = String::new();
    s += &format!(
        "method       {}\nstates       {} ({}), {} solved, {} without a solution within the limits\n",
        r.method,
        r.count,
        r.source(),
        r.solved,
        r.unsolved
    );
    s += &format!("tables       loaded in {:.1} ms\n", r.table_load_millis);
    s += &format!(
        "length       mean {} max {}\n",
        opt(r.mean_length, 2),
        r.max_length.map_or("-".to_string(), |m| m.to_string())
    );
    s += &format!(
        "time (ms)    median {} mean {} p99 {} max {}\n",
        opt(r.median_millis, 3),
        opt(r.mean_millis, 3),
        opt(r.p99_millis, 3),
        opt(r.max_millis, 3)
    );
    s += &format!(
        "peak memory  {}\n",
        r.peak_memory_bytes.map_or("-".to_string(), |b| format!(
            "{:.1} MiB",
            b as f64 / 1048576.0
        ))
    );
    let widest = r.length_histogram.iter().copied().max().unwrap_or(0).max(1);
    s += "lengths\n";
    for (len, &n) in r.length_histogram.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let bar = "#".repeat((n * 40).div_ceil(widest));
        s += &format!("  {len:>3}  {n:>6}  {bar}\n");
    }
    s
}
