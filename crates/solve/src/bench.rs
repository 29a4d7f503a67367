//! Benchmark runs: solve seeded uniformly random states with any method, verify every solution
//! by applying it, and summarise lengths and times. The CLI's `rubik bench` prints and plots a
//! [`BenchReport`].

use crate::{solver_for, Limits, Method, Progress, SolveError, SolverConfig};
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// What to benchmark.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// The method.
    pub method: Method,
    /// Number of random states.
    pub count: usize,
    /// Seed of the random states (`rubik_cube::random::rng_from_seed`).
    pub seed: u64,
    /// Limits of each solve.
    pub limits: Limits,
    /// Where the tables live, compact mode, progress of table builds.
    pub solver: SolverConfig,
}

/// One benchmarked cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchCase {
    /// The state solved.
    pub cube: CubieCube,
    /// Solution length (HTM), or `None` when no solution was found within the limits.
    pub length: Option<usize>,
    /// Time of the solve call.
    pub time: Duration,
    /// Whether the solution, applied to the cube, solved it.
    pub verified: bool,
}

/// The results of a run.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// The method benchmarked.
    pub method: Method,
    /// The seed used.
    pub seed: u64,
    /// The limits used.
    pub limits: Limits,
    /// Time to create the solver (load or build its tables).
    pub load_time: Duration,
    /// Every cube, in order.
    pub cases: Vec<BenchCase>,
    /// Peak resident memory of the process after the run, when the platform tells it.
    pub peak_memory: Option<u64>,
}

/// Peak resident set size of this process in bytes (Linux `VmHWM`), if known.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Solves `config.count` random states from `config.seed` and verifies every solution.
/// Progress reports one unit per cube. Fails only when the solver cannot be created; cubes
/// without a solution within the limits are recorded with `length: None`.
pub fn run(config: &BenchConfig, progress: &dyn Progress) -> Result<BenchReport, SolveError> {
    let mut rng = rng_from_seed(config.seed);
    let cubes: Vec<CubieCube> = (0..config.count)
        .map(|_| CubieCube::random(&mut rng))
        .collect();
    run_states(config, cubes, progress)
}

/// Like [`run`], on given states (e.g. another solver's benchmark list) instead of random
/// ones; `config.count` and `config.seed` are not used.
pub fn run_states(
    config: &BenchConfig,
    cubes: Vec<CubieCube>,
    progress: &dyn Progress,
) -> Result<BenchReport, SolveError> {
    let start = Instant::now();
    let solver = solver_for(config.method, &config.solver)?;
    let load_time = start.elapsed();
    progress.start("solving states", cubes.len() as u64);
    let mut cases = Vec::with_capacity(cubes.len());
    for cube in cubes {
        let t = Instant::now();
        let result = solver.solve(&cube, &config.limits);
        let time = t.elapsed();
        let (length, verified) = match result {
            Ok(sol) => (Some(sol.len()), sol.solves(&cube)),
            Err(SolveError::NoSolution { .. }) => (None, true),
            Err(e) => return Err(e),
        };
        cases.push(BenchCase {
            cube,
            length,
            time,
            verified,
        });
        progress.advance(1);
    }
    progress.finish();
    Ok(BenchReport {
        method: config.method,
        seed: config.seed,
        limits: config.limits.clone(),
        load_time,
        cases,
        peak_memory: peak_memory(),
    })
}

impl BenchReport {
    /// Lengths of the solved cubes.
    pub fn lengths(&self) -> impl Iterator<Item = usize> + '_ {
        self.cases.iter().filter_map(|c| c.length)
    }

    /// Number of cubes solved within the limits.
    pub fn solved(&self) -> usize {
        self.lengths().count()
    }

    /// Number of cubes with no solution within the limits.
    pub fn unsolved(&self) -> usize {
        self.cases.len() - self.solved()
    }

    /// Number of solutions that did not solve their cube (always 0 unless a solver is wrong).
    pub fn wrong(&self) -> usize {
        self.cases.iter().filter(|c| !c.verified).count()
    }

    /// Mean solution length over the solved cubes.
    pub fn mean_length(&self) -> Option<f64> {
        let n = self.solved();
        (n > 0).then(|| self.lengths().sum::<usize>() as f64 / n as f64)
    }

    /// Longest solution.
    pub fn max_length(&self) -> Option<usize> {
        self.lengths().max()
    }

    /// Number of solutions of each length.
    pub fn histogram(&self) -> BTreeMap<usize, usize> {
        let mut h = BTreeMap::new();
        for l in self.lengths() {
            *h.entry(l).or_insert(0) += 1;
        }
        h
    }

    fn sorted_times(&self) -> Vec<Duration> {
        let mut t: Vec<Duration> = self.cases.iter().map(|c| c.time).collect();
        t.sort_unstable();
        t
    }

    /// The `q`-quantile of solve times (0.5 = median), nearest rank.
    pub fn time_quantile(&self, q: f64) -> Option<Duration> {
        let t = self.sorted_times();
        if t.is_empty() {
            return None;
        }
        let rank = ((q.clamp(0.0, 1.0) * t.len() as f64).ceil() as usize).clamp(1, t.len());
        Some(t[rank - 1])
    }

    /// Median solve time.
    pub fn median_time(&self) -> Option<Duration> {
        self.time_quantile(0.5)
    }

    /// 99th-percentile solve time.
    pub fn p99_time(&self) -> Option<Duration> {
        self.time_quantile(0.99)
    }

    /// Mean solve time.
    pub fn mean_time(&self) -> Option<Duration> {
        let n = self.cases.len();
        (n > 0).then(|| self.total_time() / n as u32)
    }

    /// Total solve time.
    pub fn total_time(&self) -> Duration {
        self.cases.iter().map(|c| c.time).sum()
    }
}
