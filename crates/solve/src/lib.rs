//! `rubik-solve`: solvers for the Rubik's Cube.
//!
//! Layers: [`search`] (generic IDA* and move-sequence pruning, shared by every method) →
//! `coord`/`tables` (coordinates, move and pruning tables, the on-disk cache) → [`method`]
//! (two-phase, optimal, Thistlethwaite, CFOP), each returning a [`Solution`].
//!
//! ```no_run
//! use rubik_cube::parse_cube;
//! use rubik_solve::{solver_for, Limits, Method, SolverConfig};
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

pub mod bench;
pub mod claims;
pub mod coord;
pub mod goal;
pub mod i18n;
pub mod method;
pub mod progress;
pub mod scramble;
pub mod search;
pub mod solution;
pub mod stop;
pub mod store;
pub mod tables;

pub use method::{solver_for, Method};
pub use progress::{NoProgress, Progress};
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
}

impl Limits {
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
    Table(#[from] store::TableError),
    /// A method option has a value the method does not know.
    #[error("unknown {option} {value:?} (expected {expected})")]
    BadOption {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
        /// The values it takes.
        expected: &'static str,
    },
    /// The method is not available in this build or configuration.
    #[error("method {0} is not available")]
    Unavailable(&'static str),
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
    /// Size of the optimal solver's table (`"small"`, `"medium"`, `"large"`); `None` = default.
    pub optimal_table: Option<String>,
    /// Copy even the largest tables into this process's memory instead of mapping their files
    /// (slower to start, never stopped by another program changing a file): for long-running
    /// processes such as a server.
    pub private_tables: bool,
    /// Whether long searches also report through `progress` (the optimal solver's deepening
    /// steps from 15 moves: one task per step, its subtrees as units). Off for batches.
    pub search_progress: bool,
}

impl std::fmt::Debug for SolverConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolverConfig")
            .field("table_dir", &self.table_dir)
            .field("compact", &self.compact)
            .field("optimal_table", &self.optimal_table)
            .field("private_tables", &self.private_tables)
            .field("search_progress", &self.search_progress)
            .finish_non_exhaustive()
    }
}
