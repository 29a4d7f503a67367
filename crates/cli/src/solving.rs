//! Creating solvers from the command line's choices, and timing one solve.

use crate::args::{CrossChoice, LimitArgs, MethodArgs, TableArgs};
use crate::error::{CliError, CliResult};
use crate::progress::StderrProgress;
use rubik_cube::{CubieCube, Face};
use rubik_solve::method::cfop::{Cfop, CfopOptions, CrossFace};
use rubik_solve::Method;
use rubik_solve::{solver_for, Limits, Solution, SolveError, Solver, SolverConfig};
use std::sync::Arc;
use std::time::Instant;

/// The solver configuration for these options: tables from `$RUBIK_TABLES` or the cache dir,
/// progress on stderr.
pub fn config(tables: &TableArgs) -> SolverConfig {
    SolverConfig {
        table_dir: None,
        progress: Some(Arc::new(StderrProgress::new())),
        compact: tables.compact,
        optimal_table: tables.table.map(|t| t.name().to_string()),
        private_tables: false,
        search_progress: false,
    }
}

/// A solver for the chosen method, its tables loaded (or built, with progress on stderr).
pub fn solver(method: &MethodArgs) -> CliResult<Box<dyn Solver>> {
    solver_with(method, config(&method.tables))
}

/// [`solver`] for a single cube: long searches (the optimal solver's deepening steps) also show
/// their progress on stderr.
pub fn one_shot_solver(method: &MethodArgs) -> CliResult<Box<dyn Solver>> {
    let config = SolverConfig {
        search_progress: true,
        ..config(&method.tables)
    };
    solver_with(method, config)
}

fn solver_with(method: &MethodArgs, config: SolverConfig) -> CliResult<Box<dyn Solver>> {
    announce_first_build(method.method, &config);
    let solver = match (method.method, method.cross) {
        (Method::Cfop, Some(cross)) => Cfop::new(
            &config,
            CfopOptions {
                cross: cross_face(cross),
            },
        )
        .map(|s| Box::new(s) as Box<dyn Solver>)
        .map_err(CliError::from),
        (_, Some(_)) => Err(CliError::bad_input(anyhow::anyhow!(
            "--cross is a CFOP option; add --method cfop"
        ))),
        (m, None) => solver_for(m, &config).map_err(CliError::from),
    };
    solver.map_err(|e| e.context(format!("cannot use method {}", method.method)))
}

/// On first use of a method's tables (some missing or damaged), says once on stderr that they
/// are built now, once, how big they are and where they are kept.
fn announce_first_build(method: Method, config: &SolverConfig) {
    // A configuration the store refuses (e.g. an unknown optimal table) is reported once, by
    // the solver's own error just after.
    let Ok(infos) = rubik_solve::tables::info(method, config) else {
        return;
    };
    let missing: Vec<_> = infos
        .iter()
        .filter(|i| i.status != rubik_solve::tables::TableStatus::Present)
        .collect();
    if missing.is_empty() {
        return;
    }
    let dir = rubik_solve::tables::table_dir(config);
    // A directory that cannot take the tables is said once, by the store's error just after.
    if rubik_solve::store::file::check_writable(&dir).is_err() {
        return;
    }
    let bytes: u64 = missing.iter().map(|i| i.bytes).sum();
    eprintln!(
        "rubik: building the {method} tables once ({}) in {}; later runs load them in \
         milliseconds (`rubik tables info` lists them)",
        crate::commands::tables::human_bytes(bytes),
        dir.display()
    );
}

fn cross_face(cross: CrossChoice) -> CrossFace {
    match cross {
        CrossChoice::Any => CrossFace::Any,
        CrossChoice::D => CrossFace::Fixed(Face::D),
        CrossChoice::U => CrossFace::Fixed(Face::U),
        CrossChoice::F => CrossFace::Fixed(Face::F),
        CrossChoice::B => CrossFace::Fixed(Face::B),
        CrossChoice::R => CrossFace::Fixed(Face::R),
        CrossChoice::L => CrossFace::Fixed(Face::L),
    }
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
