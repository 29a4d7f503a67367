//! Creating solvers from the command line's choices, and timing one solve.

use crate::args::{GoalArgs, LimitArgs, MethodArgs, TableArgs};
use crate::error::{CliError, CliResult};
use crate::progress::StderrProgress;
use rubik_cube::{CubieCube, Goal, MoveSet};
use rubik_solve::goal::ToGoal;
use rubik_solve::tables::{check_writable, Status, Store};
use rubik_solve::{
    solver_for, Limits, Method, Options, Solution, SolveError, Solver, SolverConfig,
};
use std::sync::Arc;
use std::time::Instant;

/// The solver configuration for these options: tables from `$RUBIK_TABLES` or the cache dir,
/// progress on stderr, the methods' options as given (each method reads its own).
pub fn config(tables: &TableArgs) -> CliResult<SolverConfig> {
    let mut options = Options::new();
    for (name, value) in &tables.options.given {
        options
            .set(name, value.as_deref())
            .map_err(CliError::bad_input)?;
    }
    Ok(SolverConfig {
        table_dir: None,
        progress: Some(Arc::new(StderrProgress::new())),
        compact: tables.compact || little_memory(),
        options,
        private_tables: false,
        search_progress: false,
    })
}

/// Whether this machine has too little memory for the full two-phase tables (under 2 GiB), in
/// which case the compact ones are used as if `--compact` were given; said once on stderr.
fn little_memory() -> bool {
    static LITTLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *LITTLE.get_or_init(|| {
        let notice = rubik_solve::memory::compact_default_notice();
        if let Some(notice) = &notice {
            eprintln!("rubik: {notice}");
        }
        notice.is_some()
    })
}

/// [`config`] for one method: every option given must be one of its own.
pub fn config_for(method: &MethodArgs) -> CliResult<SolverConfig> {
    let config = config(&method.tables)?;
    config
        .options
        .check_for(method.method)
        .map_err(CliError::bad_input)?;
    Ok(config)
}

/// A solver for the chosen method, its tables loaded (or built, with progress on stderr).
pub fn solver(method: &MethodArgs) -> CliResult<Box<dyn Solver>> {
    solver_with(method, config_for(method)?)
}

/// [`solver`] for a single cube: long searches (the optimal solver's deepening steps) also show
/// their progress on stderr.
pub fn one_shot_solver(method: &MethodArgs) -> CliResult<Box<dyn Solver>> {
    let config = SolverConfig {
        search_progress: true,
        ..config_for(method)?
    };
    solver_with(method, config)
}

fn solver_with(method: &MethodArgs, config: SolverConfig) -> CliResult<Box<dyn Solver>> {
    announce_first_build(method.method, &config);
    solver_for(method.method, &config)
        .map_err(|e| CliError::from(e).context(format!("cannot use method {}", method.method)))
}

/// On first use of a method's tables (some missing or damaged), says once on stderr that they
/// are built now, once, how big they are and where they are kept.
fn announce_first_build(method: Method, config: &SolverConfig) {
    let store = Store::new(config);
    let infos = store.describe(&method.tables(config), false);
    let missing: Vec<_> = infos
        .iter()
        .filter(|i| i.status != Status::Present)
        .collect();
    if missing.is_empty() {
        return;
    }
    // A directory that cannot take the tables is said once, by the store's error just after.
    if check_writable(store.dir()).is_err() {
        return;
    }
    let bytes: u64 = missing.iter().map(|i| i.bytes).sum();
    eprintln!(
        "rubik: building the {method} tables once ({}) in {}; later runs load them in \
         milliseconds (`rubik tables info` lists them)",
        crate::commands::tables::human_bytes(bytes),
        store.dir().display()
    );
}

/// The solver of `rubik solve`: the method's own, or, with `--to GOAL` or `--moves SET`, one
/// that takes cubes to the goal with those turns (a full goal with all face turns still goes
/// through the method; anything else through the goal search).
pub fn goal_solver(
    goal: &GoalArgs,
    method: &MethodArgs,
    one_shot: bool,
) -> CliResult<Box<dyn Solver>> {
    let make = || {
        if one_shot {
            one_shot_solver(method)
        } else {
            solver(method)
        }
    };
    if goal.to.is_none() && goal.moves.is_none() {
        return make();
    }
    let target = match &goal.to {
        Some(text) => {
            Goal::parse(text).map_err(|e| CliError::bad_input(anyhow::anyhow!("--to: {e}")))?
        }
        None => Goal::solved(),
    };
    let moves = goal.moves.clone().unwrap_or_else(MoveSet::all_faces);
    let config = config(&method.tables)?;
    let inner = if ToGoal::needs_inner(&target, &moves) {
        let inner = make()?;
        if inner.lists() {
            return Err(CliError::bad_input(anyhow::anyhow!(
                "these options make method {} list several solutions to the solved cube; \
                 --to and --moves give one solution",
                inner.name()
            )));
        }
        Some(inner)
    } else {
        // The goal search answers, whatever the method: a method or options chosen for it
        // would be silently ignored, so they are refused.
        if method.method != Method::default() || !config.options.is_empty() {
            return Err(CliError::bad_input(anyhow::anyhow!(
                "a partial goal or a move set is solved by the goal search (shortest solutions \
                 within the set); --method and its options apply only to a full goal with all \
                 face turns"
            )));
        }
        None
    };
    Ok(Box::new(ToGoal::new(target, moves, inner, &config)))
}

/// The limits of one solve.
pub fn limits(args: &LimitArgs) -> Limits {
    Limits {
        max_length: args.max_length,
        timeout: args.timeout,
        improve: args.improve,
        ..Limits::default()
    }
}

/// Solves `cube`, returning the solution and the time the solve took in milliseconds.
pub fn timed_solve(
    solver: &dyn Solver,
    cube: &CubieCube,
    limits: &Limits,
) -> Result<(Solution, f64), SolveError> {
    let started = Instant::now();
    let solution = solver.solve(cube, limits)?;
    Ok((solution, started.elapsed().as_secs_f64() * 1000.0))
}
