//! Why the service gave no answer, typed, with the kind front ends map to a status, an exit
//! code or an exception.

use crate::options::OptionError;
use crate::tables::TableError;
use crate::SolveError;
use rubik_cube::InputError;
use thiserror::Error;

/// Why a request got no answer. Each message says the fault once, in words.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ServiceError {
    /// The cube text is no cube: bad notation, or a facelet string that is no valid cube.
    #[error("{0}")]
    Input(InputError),
    /// The cube text is longer than [`super::MAX_CUBE_TEXT`] characters.
    #[error("the cube text is longer than {limit} characters")]
    TooLong {
        /// The limit.
        limit: usize,
    },
    /// The request asks for a solution longer than [`super::MAX_LENGTH_LIMIT`].
    #[error("the longest solution a request may ask for is {limit} moves")]
    LengthLimit {
        /// The limit.
        limit: usize,
    },
    /// The request asks for more threads or solutions than a request may.
    #[error("a request may ask for at most {limit} {what}")]
    CountLimit {
        /// `threads` or `solutions`.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// An option the method does not take, or a value it does not know.
    #[error("{0}")]
    Options(OptionError),
    /// A method or its options were named for a partial goal or a move set, which the goal
    /// search solves whatever the method: they would be ignored, so they are refused.
    #[error(
        "a partial goal or a move set is solved by the goal search (shortest solutions within \
         the set); a method and its options apply only to a full goal with all face turns"
    )]
    MethodForGoalSearch,
    /// The method's options make it list several solutions, where one answer is asked for
    /// (a goal, or a service call that answers with one).
    #[error(
        "these options make method {method} list several solutions; ask for the list, or \
         drop the option that asks for every solution"
    )]
    Lists {
        /// The method.
        method: &'static str,
    },
    /// The solve failed: invalid cube, no solution within the limits, unreachable goal,
    /// unavailable method, table failure.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The final check failed: the solver's answer does not do what it says. A bug, never
    /// shown as an answer.
    #[error("the {solver} solver returned a wrong solution")]
    Wrong {
        /// Who answered.
        solver: &'static str,
    },
}

/// What kind of failure an error is: what front ends map to an HTTP status, an exit code or
/// an exception class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The request itself is wrong (its cube, its options, its limits, its goal).
    BadInput,
    /// No solution within the limits (the time or the length): exit 1, HTTP 422.
    NoSolution,
    /// The cube cannot reach the goal with the turns allowed.
    Unreachable,
    /// The method is not available in this build or configuration.
    Unavailable,
    /// The caller stopped the request (its cancellation flag) before tables were ready.
    Cancelled,
    /// The environment failed (a table directory, memory, a lock): exit 3.
    Environment,
    /// A bug (a wrong answer caught by the final check).
    Internal,
}

impl ServiceError {
    /// The kind of this failure.
    pub fn kind(&self) -> ErrorKind {
        match self {
            ServiceError::Input(_)
            | ServiceError::TooLong { .. }
            | ServiceError::LengthLimit { .. }
            | ServiceError::CountLimit { .. }
            | ServiceError::Options(_)
            | ServiceError::MethodForGoalSearch
            | ServiceError::Lists { .. } => ErrorKind::BadInput,
            ServiceError::Solve(e) => match e {
                SolveError::InvalidCube(_) | SolveError::Mode(_) => ErrorKind::BadInput,
                SolveError::NoSolution { .. } => ErrorKind::NoSolution,
                SolveError::Unreachable(_) => ErrorKind::Unreachable,
                SolveError::Unavailable(_) => ErrorKind::Unavailable,
                SolveError::Table(TableError::Cancelled { .. }) => ErrorKind::Cancelled,
                SolveError::Table(_) => ErrorKind::Environment,
            },
            ServiceError::Wrong { .. } => ErrorKind::Internal,
        }
    }
}

impl From<InputError> for ServiceError {
    fn from(e: InputError) -> ServiceError {
        ServiceError::Input(e)
    }
}

impl From<TableError> for ServiceError {
    fn from(e: TableError) -> ServiceError {
        ServiceError::Solve(SolveError::Table(e))
    }
}

impl From<OptionError> for ServiceError {
    fn from(e: OptionError) -> ServiceError {
        ServiceError::Options(e)
    }
}

/// A refused request as every front end that speaks HTTP's shape says it (the server's
/// handlers, the page's in-browser API): a status, a short machine-readable category, the
/// sentence, and the piece or column at fault. One mapping, so the server and the page answer
/// the same error alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// HTTP status: the request's fault 400, no solution within the limits 422, a method this
    /// build lacks 501, cancelled 503, the environment's or a bug 500.
    pub status: u16,
    /// `"parity"`, `"notation"`, `"bad_limit"`, `"no_solution"`, ...
    pub category: &'static str,
    /// A sentence for people.
    pub error: String,
    /// The piece at fault, when the error names one (`"URF"`, `"UB"`).
    pub piece: Option<String>,
    /// Column (1-based) of the offending token, for notation errors.
    pub column: Option<usize>,
}

impl Refusal {
    /// A refusal with no piece or column.
    pub fn new(status: u16, category: &'static str, error: impl Into<String>) -> Refusal {
        Refusal {
            status,
            category,
            error: error.into(),
            piece: None,
            column: None,
        }
    }

    /// A 400: the request's fault.
    pub fn bad(category: &'static str, error: impl Into<String>) -> Refusal {
        Refusal::new(400, category, error)
    }
}

impl From<rubik_cube::CubeError> for Refusal {
    fn from(e: rubik_cube::CubeError) -> Refusal {
        Refusal {
            piece: e.piece(),
            ..Refusal::bad(e.category(), e.to_string())
        }
    }
}

impl From<InputError> for Refusal {
    fn from(e: InputError) -> Refusal {
        match e {
            InputError::Cube(c) => c.into(),
            InputError::Notation(n) => Refusal {
                column: Some(n.column),
                ..Refusal::bad("notation", format!("cannot read the moves: {n}"))
            },
        }
    }
}

/// A service error by its kind; errors of the request's own make say which part is wrong.
impl From<ServiceError> for Refusal {
    fn from(e: ServiceError) -> Refusal {
        let text = e.to_string();
        match e {
            ServiceError::Input(input) => input.into(),
            ServiceError::Solve(SolveError::InvalidCube(c)) => c.into(),
            ServiceError::TooLong { .. } => Refusal::bad("notation", text),
            ServiceError::LengthLimit { .. } | ServiceError::CountLimit { .. } => {
                Refusal::bad("bad_limit", text)
            }
            ServiceError::Options(_) => Refusal::bad("bad_option", text),
            ServiceError::MethodForGoalSearch | ServiceError::Lists { .. } => {
                Refusal::bad("bad_method", text)
            }
            e => match e.kind() {
                ErrorKind::NoSolution => Refusal::new(422, "no_solution", text),
                ErrorKind::Unreachable => Refusal::bad("unreachable", text),
                ErrorKind::Unavailable => Refusal::new(501, "unavailable_method", text),
                ErrorKind::Cancelled => Refusal::new(503, "cancelled", text),
                ErrorKind::Environment => Refusal::new(500, "table", text),
                ErrorKind::BadInput => Refusal::bad("bad_request", text),
                ErrorKind::Internal => Refusal::new(500, "internal", text),
            },
        }
    }
}
