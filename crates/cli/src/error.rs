//! Failures of a command, each with the exit code scripts rely on.

use crate::cube_io::InputError;
use rubik_solve::service::{ErrorKind, ServiceError};
use rubik_solve::SolveError;
use std::fmt;
use std::process::ExitCode;

/// Exit code: the cube could not be solved within the given limits.
pub const EXIT_NO_SOLUTION: u8 = 1;
/// Exit code: bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code: the environment failed us (a table could not be written, a socket not bound, ...).
pub const EXIT_FAILURE: u8 = 3;

/// A command's failure: a message chain and the exit code it maps to.
#[derive(Debug)]
pub struct CliError {
    /// The exit code.
    pub code: u8,
    /// What went wrong, with context.
    pub error: anyhow::Error,
}

impl CliError {
    /// Bad input or usage (exit 2).
    pub fn bad_input(error: impl Into<anyhow::Error>) -> CliError {
        CliError {
            code: EXIT_BAD_INPUT,
            error: error.into(),
        }
    }

    /// A failure of the environment (exit 3).
    pub fn failure(error: impl Into<anyhow::Error>) -> CliError {
        CliError {
            code: EXIT_FAILURE,
            error: error.into(),
        }
    }

    /// The process exit code.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code)
    }

    /// Adds context in front of the message, keeping the exit code.
    pub fn context(self, context: impl fmt::Display + Send + Sync + 'static) -> CliError {
        CliError {
            code: self.code,
            error: self.error.context(context),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.error)
    }
}

impl From<InputError> for CliError {
    fn from(e: InputError) -> Self {
        CliError::bad_input(e)
    }
}

impl From<SolveError> for CliError {
    fn from(e: SolveError) -> Self {
        ServiceError::Solve(e).into()
    }
}

impl From<ServiceError> for CliError {
    fn from(e: ServiceError) -> Self {
        let code = service_error_code(&e);
        let error = match &e {
            // A search cut short by the timeout still proved something: say what.
            ServiceError::Solve(SolveError::NoSolution {
                timed_out: true,
                lower_bound: Some(bound),
                ..
            }) => anyhow::anyhow!("{e} (proven so far: none of {bound} moves or fewer exists)"),
            _ => e.into(),
        };
        CliError { code, error }
    }
}

/// The exit code for the service's error, by its kind.
pub fn service_error_code(e: &ServiceError) -> u8 {
    match e.kind() {
        ErrorKind::BadInput | ErrorKind::Unavailable | ErrorKind::Unreachable => EXIT_BAD_INPUT,
        ErrorKind::NoSolution => EXIT_NO_SOLUTION,
        ErrorKind::Cancelled | ErrorKind::Environment | ErrorKind::Internal => EXIT_FAILURE,
    }
}

/// The more severe of two exit codes (bad input over no solution over success).
pub fn worse(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        0 => 0,
        EXIT_NO_SOLUTION => 1,
        EXIT_BAD_INPUT => 2,
        _ => 3,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// Shorthand for command results.
pub type CliResult<T = ()> = Result<T, CliError>;
