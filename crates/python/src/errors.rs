//! Rust errors as the Python exceptions of `rubik.errors`, with the CLI's words.
//!
//! The exception classes live in Python (`python/rubik/errors.py`), where their docstrings and
//! attributes are plain to read; this module builds an instance of the right one through that
//! module's small factory functions.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rubik_cube::{CubeError, InputError};
use rubik_solve::service::ServiceError;
use rubik_solve::SolveError;

/// A bad cube description or bad notation: the `InvalidCubeError`/`NotationError` subclass
/// named by the error's category. `what` prefixes the message when it is not the main cube
/// (`"goal"`: "invalid goal: ...").
pub fn input_error(py: Python<'_>, e: &InputError, what: Option<&str>) -> PyErr {
    let message = match (what, e) {
        (Some(what), InputError::Cube(c)) => format!("invalid {what}: {c}"),
        (Some(what), InputError::Notation(n)) => format!("bad notation in the {what}: {n}"),
        (None, _) => e.to_string(),
    };
    build(
        py,
        "_input_error",
        (message, e.category(), e.piece()),
        "invalid input",
    )
}

/// A [`CubeError`] as [`input_error`] reports it.
pub fn cube_error(py: Python<'_>, e: &CubeError, what: Option<&str>) -> PyErr {
    input_error(py, &InputError::Cube(e.clone()), what)
}

/// A solver's failure: `NoSolutionError` (with the CLI's wording, including what a timed-out
/// search proved), an input error, `TableError`, or `ValueError` for an unavailable method, a bad option or a
/// goal the cube cannot reach.
pub fn solve_error(py: Python<'_>, e: &SolveError) -> PyErr {
    match e {
        SolveError::InvalidCube(c) => cube_error(py, c, None),
        SolveError::NoSolution {
            max_length,
            timed_out,
            lower_bound,
        } => build(
            py,
            "_no_solution",
            (
                no_solution_message(e),
                *max_length,
                *timed_out,
                *lower_bound,
            ),
            "no solution",
        ),
        SolveError::Table(_) => build(py, "_table_error", (e.to_string(),), "table error"),
        SolveError::Unavailable(_) | SolveError::Unreachable(_) | SolveError::Mode(_) => {
            PyValueError::new_err(e.to_string())
        }
    }
}

/// The service's failure: the cube's, the solver's, or a `ValueError` for a request the
/// service refuses (options, limits, a method named for the goal search); a `RuntimeError`
/// for a wrong answer caught by its final check.
pub fn service_error(py: Python<'_>, e: &ServiceError) -> PyErr {
    match e {
        ServiceError::Input(input) => input_error(py, input, None),
        ServiceError::Solve(solve) => solve_error(py, solve),
        ServiceError::Wrong { .. } => pyo3::exceptions::PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// The words of a solver's failure, with what a timed-out search proved when it proved
/// something (the message of `NoSolutionError`).
pub fn no_solution_message(e: &SolveError) -> String {
    match e {
        SolveError::NoSolution {
            timed_out: true,
            lower_bound: Some(bound),
            ..
        } => format!("{e} (proven so far: none of {bound} moves or fewer exists)"),
        _ => e.to_string(),
    }
}

/// Calls `rubik.errors.<factory>(*args)` and turns the exception it returns into a `PyErr`;
/// if the errors module itself fails, a plain `ValueError` with `fallback` and the cause.
fn build<'py, A>(py: Python<'py>, factory: &str, args: A, fallback: &str) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let made = py
        .import("rubik.errors")
        .and_then(|m| m.getattr(factory))
        .and_then(|f| f.call1(args));
    match made {
        Ok(exception) => PyErr::from_value(exception),
        Err(cause) => PyValueError::new_err(format!("{fallback} ({cause})")),
    }
}
