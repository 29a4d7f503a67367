//! `rubik-solve`: solvers for the Rubik's Cube.
//!
//! What a library user needs is at the crate root: [`parse_cube`], [`solver_for`] with a
//! [`Method`] (the [`registry`] of methods, their [`Options`] and tables), the [`Solver`]
//! trait, [`Limits`], and the [`Solution`] made of [`Step`]s. The table files the methods
//! use are seen through [`tables`] (what `rubik tables build|verify|info` shows); solving
//! needs nothing from it, as tables are built on first use. Beside them: [`goal`] (solving to
//! a named goal, such as the cross or domino reduction), [`algs`] (finding algorithms for a
//! case), [`scramble`], [`claims`] (checking what an explanation says against the cube),
//! [`i18n`] (the message catalogue) and [`bench`](mod@bench) (the benchmark runner behind `rubik bench`).
//! Front ends go through [`service`]: one request type, one checked answer type, the solver
//! cache and the routing between methods and the goal search.
//!
//! Layers (see `DESIGN.md`): the [`registry`] → the methods (`method/`: two-phase, optimal,
//! Thistlethwaite, CFOP) → shared machinery that names no method: `search` (generic IDA*,
//! the canonical move order), `coord` (coordinates), `store` (every table), [`i18n`]. Those
//! internal modules are private; the methods' solvers are reached through [`solver_for`].
//!
//! ```no_run
//! use rubik_solve::{parse_cube, solver_for, Limits, Method, SolverConfig};
//!
//! // A scramble (or a 54-letter facelet string), read into a cube held as the user holds it.
//! let cube = parse_cube("R U R' U' F2 D L'").unwrap().to_cubie();
//! // Tables are built on first use and cached under $RUBIK_TABLES or ~/.cache/rubik.
//! let solver = solver_for(Method::Twophase, &SolverConfig::default()).unwrap();
//! let solution = solver.solve(&cube, &Limits::default()).unwrap();
//! assert!(solution.solves(&cube));
//! println!("{solution} ({} moves)", solution.len());
//! for step in &solution.steps {
//!     println!("{}: {}", step.name, step.explanation);
//! }
//! ```

pub mod algs;
// API: `rubik bench` (a command of the CLI, not a test) measures methods through it.
pub mod bench;
// Not API: what each step of a solution claims, checked on the stickers of a real cube, for
// the tests of every front end (this crate's, the CLI's, the web server's). It stays public
// because those tests live in other crates, and hidden from the documentation, as `internals`
// is, so that no user takes it for part of the library (a cargo feature would need every
// dependent test crate to turn it on and `cargo test -p rubik-solve` to run with it).
#[doc(hidden)]
pub mod claims;
mod coord;
pub mod goal;
pub mod i18n;
#[doc(hidden)]
pub mod internals;
pub mod memory;
mod method;
pub mod options;
mod prefetch;
mod progress;
pub mod registry;
pub mod scramble;
mod search;
pub mod service;
mod solution;
mod stop;
mod store;
pub mod tables;

pub use method::twophase::robot::{
    axial_groups, format_axial, Faces, Metric as RobotMetric, Mode as RobotMode,
    ModeError as RobotModeError,
};
pub use options::{OptionError, Options};
pub use progress::{NoProgress, Progress};
pub use registry::{solver_for, Method, Pace, UnknownMethod};
pub use rubik_cube::parse_cube;
pub use search::{can_follow, merge_moves};
pub use solution::{Form, HumanStep, Phrase, Solution, Step};
pub use stop::{CancelFlag, Deadline};

use rubik_cube::{CubeError, CubieCube};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;

/// Limits and preferences for one solve.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Longest acceptable solution in HTM; `None` means the method's own default.
    pub max_length: Option<usize>,
    /// Wall-clock budget; when it runs out the best solution found so far is returned.
    pub timeout: Option<Duration>,
    /// Keep searching for shorter solutions until the timeout (or the optimum) is reached.
    pub improve: bool,
    /// Raised by the caller to stop the solve early (see [`CancelFlag`]): the searches poll it
    /// with their clock and end as on a timeout (the best solution so far, else
    /// [`SolveError::NoSolution`] with `timed_out`). Build `Limits` with `..Limits::default()`
    /// so new fields stay optional.
    pub cancel: Option<CancelFlag>,
    /// Threads searching this one cube (0 and 1: the calling thread alone). Two-phase's HTM
    /// search hands its subtrees out to them from a shared queue; the robot modes and the
    /// other methods search on one thread. The helpers come from one pool per process (as
    /// many threads as cores), so solves on several threads at once share it.
    pub threads: usize,
    /// How many distinct solutions to give (0 and 1: one), the first found within the length
    /// limit (two-phase; the other methods give one). With more than one the solver
    /// [`lists`](Solver::solutions) them.
    pub solutions: usize,
    /// Receives each of the [`solutions`](Limits::solutions) as it is found (streamed), before
    /// the list is complete; called from the searching threads.
    pub on_solution: Option<OnSolution>,
}

/// A receiver of solutions as they are found ([`Limits::on_solution`]).
#[derive(Clone)]
pub struct OnSolution(pub Arc<dyn Fn(&Solution) + Send + Sync>);

impl std::fmt::Debug for OnSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OnSolution")
    }
}

impl Limits {
    /// The threads asked for, at least one.
    pub fn threads(&self) -> usize {
        self.threads.max(1)
    }

    /// The solutions asked for, at least one.
    pub fn solutions(&self) -> usize {
        self.solutions.max(1)
    }

    /// Whether the caller has cancelled the solve.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
    }
}

/// Why a solve produced no solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The cube is not a valid cube. (The message contains the cube error's, so it is not
    /// also given as `source()`: a printed chain says it once.)
    #[error("invalid cube: {0}")]
    InvalidCube(CubeError),
    /// No solution within the length limit was found in the time allowed.
    #[error("no solution of at most {max_length} moves found{}", if *.timed_out { " before the timeout" } else { "" })]
    NoSolution {
        /// The length limit.
        max_length: usize,
        /// Whether the search stopped because of the timeout rather than exhausting the space.
        timed_out: bool,
        /// The largest length proven to have no solution, when the method knows it.
        lower_bound: Option<usize>,
    },
    /// A table could not be read, built or written.
    #[error(transparent)]
    Table(#[from] tables::TableError),
    /// The cube cannot reach the goal with the turns allowed (it is outside their subgroup,
    /// or a piece the goal needs elsewhere is on a position they never move).
    #[error("{0}")]
    Unreachable(goal::Unreachable),
    /// The method is not available in this build or configuration.
    #[error("method {0} is not available")]
    Unavailable(&'static str),
    /// The faces or metric asked for cannot be searched by the two-phase method (fewer than
    /// five faces), said with the reason.
    #[error("{0}")]
    Mode(RobotModeError),
}

impl From<CubeError> for SolveError {
    fn from(e: CubeError) -> SolveError {
        SolveError::InvalidCube(e)
    }
}

/// A way of solving cubes. Solvers are cheap to create, share their tables read-only, and can be
/// used from many threads at once.
pub trait Solver: Send + Sync {
    /// The method's name (`"twophase"`, `"cfop"`, ...).
    fn name(&self) -> &'static str;

    /// Solves `cube` (which must be valid) within `limits`.
    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError>;

    /// Whether this solver answers with a list of solutions (the optimal method's `--all`):
    /// front ends then show [`Solver::solutions`] as a list.
    fn lists(&self) -> bool {
        false
    }

    /// The solutions its options ask for: every optimal one when it [`lists`](Solver::lists),
    /// else the one [`Solver::solve`] gives.
    fn solutions(&self, cube: &CubieCube, limits: &Limits) -> Result<Vec<Solution>, SolveError> {
        Ok(vec![self.solve(cube, limits)?])
    }

    /// Whether `solution`, which this solver gave, is proven shortest: `None` for a method
    /// that makes no such claim; `Some(false)` for an answer given before its proof (the
    /// optimal method's best so far when time ran out, whose first step says how far the proof
    /// got).
    fn proven_optimal(&self, solution: &Solution) -> Option<bool> {
        let _ = solution;
        None
    }
}

/// How to create a solver: where its tables live and how to report long table builds.
#[derive(Clone, Default)]
pub struct SolverConfig {
    /// Table directory; `None` means `$RUBIK_TABLES`, else the user cache dir (`~/.cache/rubik`).
    pub table_dir: Option<PathBuf>,
    /// Receives progress while tables are built (a progress bar in the CLI).
    pub progress: Option<Arc<dyn Progress>>,
    /// Prefer small tables (two-phase: the compact ≤ 16 MB mode).
    pub compact: bool,
    /// Method options (the optimal method's `table` and `all`, CFOP's `cross`, ...), each
    /// read by the methods that declare it ([`Method::options`]).
    pub options: Options,
    /// Copy even the largest tables into this process's memory, in 2 MiB pages, instead of
    /// mapping their files (slower to start and more memory, never stopped by another program
    /// changing a file, and fewer address-translation misses in searches that read them at
    /// random): for long-running processes such as a server.
    pub private_tables: bool,
    /// Whether long searches also report through `progress` (the optimal solver's deepening
    /// steps from 15 moves: one task per step, its subtrees as units). Off for batches.
    pub search_progress: bool,
    /// Raised by the caller to stop the table loads and builds of solvers and goal searches
    /// made from this configuration (and their waits for another builder): they end with
    /// [`tables::TableError::Cancelled`] and save nothing. A [`Limits::cancel`] stops the
    /// search itself; [`service::Service`] hands a request's flag to both.
    pub cancel: Option<CancelFlag>,
}

impl std::fmt::Debug for SolverConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolverConfig")
            .field("table_dir", &self.table_dir)
            .field("compact", &self.compact)
            .field("options", &self.options)
            .field("private_tables", &self.private_tables)
            .field("search_progress", &self.search_progress)
            .field("cancel", &self.cancel)
            .finish_non_exhaustive()
    }
}
