//! `solve_lines`: many cubes in one call, text in and JSON lines out, for the cluster recipe
//! (`rubik.cluster`). One call per chunk of lines leaves Python with nothing to do per line: no
//! `Cube` or `Solution` object, no explanation text, no JSON built in Python.

use crate::{errors, limits, method_and_options, solvers};
use pyo3::prelude::*;
use rubik_cube::moves::format_moves;
use rubik_cube::parse_cube;
use rubik_solve::{Limits, SolveError, Solver};
use serde::Serialize;
use std::time::Instant;

/// The answer line of a solved cube (the fields of `rubik solve -c --json` without the steps).
#[derive(Serialize)]
struct Solved<'a> {
    input: &'a str,
    solution: String,
    length: usize,
    metric: &'static str,
    method: &'a str,
    millis: f64,
}

/// The answer line of a line that is no cube, or of a cube without a solution within the
/// limits (then without `category`).
#[derive(Serialize)]
struct Failed<'a> {
    input: &'a str,
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    category: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    piece: Option<String>,
}

/// Solves every line of `lines` (one facelet string or scramble per line, as `rubik solve -c`
/// reads them; a final newline ends the last line and adds none) and returns one JSON object
/// per line, in input order, each followed by a newline: `input`, `solution`, `length`,
/// `metric`, `method`, `millis` for a solved cube; `input`, `error`, `category` (and `piece`
/// when the fault names one) for a line that is no cube; `input` and `error` for a cube
/// without a solution within `max_length` moves and `timeout` seconds.
///
/// The GIL is released for the whole batch. Raises only for what no line can fix: an unknown
/// method, a bad option, tables that cannot be read or built (`TableError`).
#[pyfunction]
#[pyo3(signature = (lines, method="twophase", max_length=None, timeout=None, table=None))]
pub fn solve_lines(
    py: Python<'_>,
    lines: &str,
    method: &str,
    max_length: Option<usize>,
    timeout: Option<f64>,
    table: Option<&str>,
) -> PyResult<String> {
    let (method, options) = method_and_options(method, table)?;
    let solver = py
        .detach(|| solvers::service().solver(method, &options, None))
        .map_err(|e| errors::service_error(py, &e))?;
    let limits = limits(max_length, timeout)?;
    let answered = py.detach(|| answer_lines(solver.as_ref(), &limits, lines));
    answered.map_err(|e| errors::solve_error(py, &e))
}

/// The JSON lines of every input line, or the first error that is not the line's own.
fn answer_lines(solver: &dyn Solver, limits: &Limits, lines: &str) -> Result<String, SolveError> {
    let mut out = String::with_capacity(lines.len() * 3);
    if lines.is_empty() {
        return Ok(out);
    }
    let lines = lines.strip_suffix('\n').unwrap_or(lines);
    for line in lines.split('\n') {
        let text = line.trim();
        out.push_str(&answer(solver, limits, text)?);
        out.push('\n');
    }
    Ok(out)
}

/// The JSON line of one input line.
fn answer(solver: &dyn Solver, limits: &Limits, text: &str) -> Result<String, SolveError> {
    let cube = match parse_cube(text) {
        Ok(cube) => cube,
        Err(e) => {
            return Ok(json(&Failed {
                input: text,
                error: e.to_string(),
                category: Some(e.category()),
                piece: e.piece(),
            }))
        }
    };
    let started = Instant::now();
    match solver.solve(&cube.to_cubie(), limits) {
        Ok(solution) => Ok(json(&Solved {
            input: text,
            solution: format_moves(&solution.moves),
            length: solution.len(),
            metric: "htm",
            method: solver.name(),
            millis: (started.elapsed().as_secs_f64() * 1e6).round() / 1e3,
        })),
        Err(e @ SolveError::NoSolution { .. }) => Ok(json(&Failed {
            input: text,
            error: errors::no_solution_message(&e),
            category: None,
            piece: None,
        })),
        Err(e) => Err(e),
    }
}

/// One line of JSON (these plain records always serialise).
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}
