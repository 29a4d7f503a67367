//! The command line's side of the solving service: the solver configuration (tables from
//! `$RUBIK_TABLES` or the cache dir, progress on stderr), and requests made from the flags.
//! Routing, the solver cache and the final check are the service's.

use crate::args::{LimitArgs, MethodArgs, SolveArgs, TableArgs};
use crate::error::{CliError, CliResult};
use crate::output::human_bytes;
use crate::progress::StderrProgress;
use rubik_cube::{Cube, CubieCube, Goal};
use rubik_solve::service::{CubeInput, Request, Service};
use rubik_solve::tables::{check_writable, Status, Store};
use rubik_solve::{Limits, Method, Options, Solution, SolveError, Solver, SolverConfig};
use std::sync::Arc;
use std::time::Instant;

/// The methods' options as given on the command line.
pub fn options(tables: &TableArgs) -> CliResult<Options> {
    let mut options = Options::new();
    for (name, value) in &tables.options.given {
        options
            .set(name, value.as_deref())
            .map_err(CliError::bad_input)?;
    }
    Ok(options)
}

/// The solver configuration for these options: tables from `$RUBIK_TABLES` or the cache dir,
/// progress on stderr, the methods' options as given (each method reads its own).
pub fn config(tables: &TableArgs) -> CliResult<SolverConfig> {
    Ok(SolverConfig {
        progress: Some(Arc::new(StderrProgress::new())),
        compact: tables.compact || little_memory(),
        private_tables: tables.private_tables,
        options: options(tables)?,
        ..SolverConfig::default()
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

/// A solver for the chosen method, its tables loaded (or built, with progress on stderr): for
/// `rubik bench`, which measures a method's solver itself.
pub fn solver(method: &MethodArgs) -> CliResult<Box<dyn Solver>> {
    let config = config_for(method)?;
    announce_first_build(method.method, &config);
    rubik_solve::solver_for(method.method, &config)
        .map_err(|e| CliError::from(e).context(format!("cannot use method {}", method.method)))
}

/// The solving service of `rubik solve`: tables as the flags say, progress on stderr; the
/// methods' options travel in each request.
pub fn service(method: &MethodArgs) -> CliResult<Service> {
    Ok(Service::new(SolverConfig {
        options: Options::new(),
        ..config(&method.tables)?
    }))
}

/// The request of `rubik solve` for a cube, from its flags. For a single cube (`one_shot`),
/// long searches (the optimal solver's deepening steps) also show their progress on stderr.
pub fn request(args: &SolveArgs, cube: Cube, one_shot: bool) -> CliResult<Request> {
    let goal = match &args.goal.to {
        Some(text) => {
            Some(Goal::parse(text).map_err(|e| CliError::bad_input(anyhow::anyhow!("--to: {e}")))?)
        }
        None => None,
    };
    // `--metric` is also a search option of the methods that search in a metric.
    let method = args.searching();
    Ok(Request {
        // The flag always has a value; the service refuses only a method other than the
        // default for the goal search.
        method: Some(method.method),
        options: options(&method.tables)?,
        goal,
        moves: args.goal.moves.clone(),
        limits: Limits {
            solutions: args.solutions.map_or(1, usize::from),
            ..limits(&args.limits)
        },
        lang: args.lang,
        progress: one_shot.then(|| Arc::new(StderrProgress::new()) as _),
        ..Request::new(CubeInput::Cube(cube))
    })
}

/// Checks `request` before any cube is solved and loads its tables, saying once on stderr
/// when they are built now.
pub fn prepare(service: &Service, request: &Request) -> CliResult {
    announce_first_build(
        request.method(),
        &SolverConfig {
            options: request.options.clone(),
            ..service.config().clone()
        },
    );
    service.prepare(request).map_err(CliError::from)
}

/// On first use of a method's tables (some missing or damaged), says once on stderr that they
/// are built now, once, how big they are and where they are kept (not those built only on
/// request, which a solve does without).
fn announce_first_build(method: Method, config: &SolverConfig) {
    let store = Store::new(config);
    let built_on_use: Vec<_> = method
        .tables(config)
        .into_iter()
        .filter(|spec| !spec.table().on_request)
        .collect();
    let infos = store.describe(&built_on_use, false);
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
        human_bytes(bytes),
        store.dir().display()
    );
}

/// The limits of one solve.
pub fn limits(args: &LimitArgs) -> Limits {
    Limits {
        max_length: args.max_length,
        timeout: args.timeout,
        improve: args.improve,
        threads: args.threads.into(),
        ..Limits::default()
    }
}

/// Solves `cube` with a method's own solver, returning the solution and the time the solve
/// took in milliseconds: for `rubik bench`, which measures the solver.
pub fn timed_solve(
    solver: &dyn Solver,
    cube: &CubieCube,
    limits: &Limits,
) -> Result<(Solution, f64), SolveError> {
    let started = Instant::now();
    let solution = solver.solve(cube, limits)?;
    Ok((solution, started.elapsed().as_secs_f64() * 1000.0))
}
