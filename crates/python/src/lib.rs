//! `rubik._native`: the Python extension module behind the `rubik` package.
//!
//! A thin shell like every other interface (see DESIGN.md): parse with `rubik_cube`, solve with
//! `rubik_solve`, present the `Solution`. Solving releases the GIL, so Python threads solve in
//! parallel; solvers are shared read-only (`solvers`). The public API and its documentation are
//! re-exported by `python/rubik/__init__.py` and typed in `__init__.pyi`.

mod batch;
mod cube;
mod errors;
mod solvers;

use cube::{PyCube, PySolution, PyStep};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rubik_cube::moves::format_moves;
use rubik_cube::{Alg, Cube, CubieCube, Goal};
use rubik_solve::i18n::Lang;
use rubik_solve::service::{Answer, CubeInput, Request};
use rubik_solve::{Limits, Method, Options};
use std::time::Duration;

/// The method named `method` and its options: the optimal method's `table` when given.
fn method_and_options(method: &str, table: Option<&str>) -> PyResult<(Method, Options)> {
    let method = Method::named(method).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut options = Options::new();
    if let Some(size) = table {
        options
            .set("table", Some(size))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok((method, options))
}

/// Solves `cube` through the service with the GIL released: by the method named `method`,
/// with the optimal method's `table` when given, to `goal` when given.
pub(crate) fn solve_with(
    py: Python<'_>,
    cube: CubeInput,
    method: &str,
    table: Option<&str>,
    goal: Option<&CubieCube>,
    limits: Limits,
    lang: Lang,
) -> PyResult<Answer> {
    let (method, options) = method_and_options(method, table)?;
    let request = Request {
        method: Some(method),
        options,
        goal: goal.map(Goal::state),
        limits,
        lang,
        ..Request::new(cube)
    };
    py.detach(|| solvers::service().solve(&request))
        .map_err(|e| errors::service_error(py, &e))
}

/// Solve limits from Python's arguments (a timeout in seconds).
pub(crate) fn limits(max_length: Option<usize>, timeout: Option<f64>) -> PyResult<Limits> {
    let timeout = match timeout {
        None => None,
        Some(t) if t.is_finite() && t >= 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "timeout must be a number of seconds, at least 0 (got {t})"
            )))
        }
    };
    Ok(Limits {
        max_length,
        timeout,
        ..Limits::default()
    })
}

/// Reads a 54-letter facelet string (the `kociemba` format), naming the fault if it is no cube.
/// `what` names the argument in the message when it is not the cube itself (`"goal"`).
pub(crate) fn facelet_cube(py: Python<'_>, text: &str, what: Option<&str>) -> PyResult<CubieCube> {
    Cube::from_facelets(text)
        .map(|c| c.to_cubie())
        .map_err(|e| errors::cube_error(py, &e, what))
}

/// Solves a cube given as a 54-letter facelet string and returns the moves, space-separated
/// (`"R U2 F'"`; `""` for a solved cube).
///
/// A drop-in for `kociemba.solve`: same arguments, same answer format. `patternstring`, when
/// given, is the goal to reach instead of the solved cube. `max_depth` is the longest solution
/// accepted (the method's own default when None: 20 for two-phase), `timeout` a budget in
/// seconds after which the best solution found so far is returned, `method` one of
/// `"twophase"`, `"optimal"`, `"thistlethwaite"`, `"cfop"`.
///
/// Raises an `InvalidCubeError` subclass naming the fault (`TwistedCornerError`, `ParityError`,
/// ...), `NoSolutionError` when no solution fits the limits, `TableError` when the tables cannot
/// be read or built. All but the last are `ValueError`s, like `kociemba`'s.
///
/// `threads` searches the one cube on that many threads (two-phase in HTM; the answer may
/// then differ from run to run). `solutions=N` returns a list of N distinct solutions within
/// `max_depth` instead of one string, the first found, in the order found (two-phase; other
/// methods give one), and calls `on_solution(moves)` with each as it is found.
#[pyfunction]
#[pyo3(signature = (cubestring, patternstring=None, max_depth=None, timeout=None, method="twophase", threads=1, solutions=None, on_solution=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    cubestring: &str,
    patternstring: Option<&str>,
    max_depth: Option<usize>,
    timeout: Option<f64>,
    method: &str,
    threads: usize,
    solutions: Option<usize>,
    on_solution: Option<Py<PyAny>>,
) -> PyResult<Py<PyAny>> {
    let cube = CubeInput::Facelets(cubestring.to_string());
    let goal = patternstring
        .map(|p| facelet_cube(py, p, Some("goal")))
        .transpose()?;
    let limits = Limits {
        threads,
        ..limits(max_depth, timeout)?
    };
    let Some(wanted) = solutions else {
        let answer = solve_with(py, cube, method, None, goal.as_ref(), limits, Lang::En)?;
        return Ok(answer
            .solution
            .to_string()
            .into_pyobject(py)?
            .into_any()
            .unbind());
    };
    if goal.is_some() {
        return Err(PyValueError::new_err(
            "solutions lists solutions to the solved cube, not to a patternstring",
        ));
    }
    // The callback's first exception, raised once the search is over.
    let failed: std::sync::Arc<std::sync::Mutex<Option<PyErr>>> = Default::default();
    let on_solution = on_solution.map(|callback| {
        let failed = failed.clone();
        rubik_solve::OnSolution(std::sync::Arc::new(move |s: &rubik_solve::Solution| {
            Python::attach(|py| {
                if let Err(e) = callback.call1(py, (s.to_string(),)) {
                    failed
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                }
            })
        }))
    });
    let (method, options) = method_and_options(method, None)?;
    let request = Request {
        method: Some(method),
        options,
        limits: Limits {
            solutions: wanted,
            on_solution,
            ..limits
        },
        ..Request::new(cube)
    };
    let listing = py
        .detach(|| solvers::service().list(&request))
        .map_err(|e| errors::service_error(py, &e))?;
    if let Some(e) = failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(e);
    }
    let list: Vec<String> = listing.solutions.iter().map(|s| s.to_string()).collect();
    Ok(list.into_pyobject(py)?.into_any().unbind())
}

/// Moves that take the cube `cubestring` to the position `goalstring` (both 54-letter facelet
/// strings), in the format of Kociemba's `RubikTwoPhase` package, so its users switch with one
/// import: each move a face and its clockwise quarter turns (`R1` = R, `R2`, `R3` = R'), then
/// the length: `"R1 U2 F3 (3f)"`; `"(0f)"` when the cube is already at the goal. (`solve` with
/// `patternstring` gives the same moves in standard notation.)
///
/// Two-phase search: returns once a solution of at most `max_length` moves is found, or at
/// `timeout` seconds with the best found so far. Errors raise (`InvalidCubeError` subclasses
/// naming the fault, "invalid goal: ..." for the goal) instead of returning an error string.
#[pyfunction]
#[pyo3(signature = (cubestring, goalstring, max_length=20, timeout=3.0, method="twophase"))]
fn solveto(
    py: Python<'_>,
    cubestring: &str,
    goalstring: &str,
    max_length: usize,
    timeout: f64,
    method: &str,
) -> PyResult<String> {
    let cube = CubeInput::Facelets(cubestring.to_string());
    let goal = facelet_cube(py, goalstring, Some("goal"))?;
    let limits = limits(Some(max_length), Some(timeout))?;
    let solution = solve_with(py, cube, method, None, Some(&goal), limits, Lang::En)?.solution;
    let mut answer = String::new();
    for m in &solution.moves {
        answer.push(m.face().letter());
        answer.push(char::from(b'0' + m.turns()));
        answer.push(' ');
    }
    Ok(format!("{answer}({}f)", solution.len()))
}

/// A proven-shortest solution (half-turn metric) of the cube `cubestring`, space-separated.
///
/// `patternstring` is an optional goal position. With `timeout` (seconds), a search cut short
/// returns the best two-phase solution found instead, which may not be optimal (use
/// `Cube.solve(method="optimal")` to see whether it was proven). `table` picks the optimal
/// table size: `"small"` (70 MB, the default, fine up to about 15-move positions),
/// `"small-plus"`, `"medium"` (4.9 GB), `"large"` (7.5 GB, random states in seconds) or `"h8"`
/// (H48's h8, 7.5 GB, about `"large"`'s speed; its table is built only on request:
/// `rubik tables build --method optimal --table h8`).
#[pyfunction]
#[pyo3(signature = (cubestring, patternstring=None, timeout=None, table=None, method="optimal"))]
fn solve_optimal(
    py: Python<'_>,
    cubestring: &str,
    patternstring: Option<&str>,
    timeout: Option<f64>,
    table: Option<&str>,
    method: &str,
) -> PyResult<String> {
    let cube = CubeInput::Facelets(cubestring.to_string());
    let goal = patternstring
        .map(|p| facelet_cube(py, p, Some("goal")))
        .transpose()?;
    let limits = limits(None, timeout)?;
    let answer = solve_with(py, cube, method, table, goal.as_ref(), limits, Lang::En)?;
    Ok(answer.solution.to_string())
}

/// `count` WCA-style random-state scrambles: each a uniformly random state, given as the moves
/// that produce it from solved (at most 20). The same `seed` gives the same scrambles as
/// `rubik scramble -n COUNT --seed SEED`.
#[pyfunction]
#[pyo3(signature = (count, seed=None))]
fn scrambles(py: Python<'_>, count: usize, seed: Option<u64>) -> PyResult<Vec<String>> {
    let made = py.detach(|| solvers::service().scrambles(seed, count, None));
    let made = made.map_err(|e| errors::service_error(py, &e))?;
    Ok(made
        .iter()
        .map(|m| format_moves(&m.scramble.moves))
        .collect())
}

/// One WCA-style random-state scramble (see `scrambles`); `seed` makes it reproducible and
/// equal to the first line of `rubik scramble --seed SEED`.
#[pyfunction]
#[pyo3(signature = (seed=None))]
fn scramble(py: Python<'_>, seed: Option<u64>) -> PyResult<String> {
    Ok(scrambles(py, 1, seed)?.remove(0))
}

/// Checks that `cubestring` (54 facelet letters, URFDLB order) is a real, solvable cube.
/// Returns None; raises the `InvalidCubeError` subclass that names the fault otherwise.
#[pyfunction]
fn validate(py: Python<'_>, cubestring: &str) -> PyResult<()> {
    facelet_cube(py, cubestring, None).map(|_| ())
}

/// The facelet string after applying the moves `alg` (any notation the CLI reads: wide turns,
/// slices, rotations, groups, commutators) to `cubestring`, or to the solved cube.
#[pyfunction]
#[pyo3(signature = (alg, cubestring=None))]
fn apply(py: Python<'_>, alg: &str, cubestring: Option<&str>) -> PyResult<String> {
    let start = match cubestring {
        Some(s) => Cube::from_facelets(s).map_err(|e| errors::cube_error(py, &e, None))?,
        None => Cube::solved(),
    };
    let alg = Alg::parse(alg).map_err(|e| errors::input_error(py, &e.into(), None))?;
    Ok(start.apply(&alg).to_facelets())
}

/// Loads (or builds and caches) the tables of `method` now, so the first solve is fast; for a
/// worker process that will solve many cubes. `table` as in `solve_optimal`.
///
/// `private_tables=True` copies every table of this process into its own memory, the large
/// ones in 2 MiB pages, instead of mapping their files: about a second longer to start and the
/// tables' size more memory, then searched in 2 MiB pages whatever the page cache holds (faster
/// than files cached in 4 KiB pages, as a copied table directory is; as fast as files cached in
/// 2 MiB folios). For a robot's session or a worker solving many cubes; a one-off solve starts
/// faster without it.
/// It must be this process's first call that solves or loads tables (`ValueError` otherwise).
#[pyfunction]
#[pyo3(signature = (method="twophase", table=None, private_tables=false))]
fn load_tables(
    py: Python<'_>,
    method: &str,
    table: Option<&str>,
    private_tables: bool,
) -> PyResult<()> {
    if private_tables {
        solvers::ask_private_tables().map_err(PyValueError::new_err)?;
    }
    let (method, options) = method_and_options(method, table)?;
    let request = Request {
        method: Some(method),
        options,
        ..Request::new(CubeInput::Cube(Cube::solved()))
    };
    py.detach(|| solvers::service().prepare(&request))
        .map_err(|e| errors::service_error(py, &e))
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solveto, m)?)?;
    m.add_function(wrap_pyfunction!(solve_optimal, m)?)?;
    m.add_function(wrap_pyfunction!(scramble, m)?)?;
    m.add_function(wrap_pyfunction!(scrambles, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(apply, m)?)?;
    m.add_function(wrap_pyfunction!(load_tables, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_lines, m)?)?;
    m.add_class::<PyCube>()?;
    m.add_class::<PySolution>()?;
    m.add_class::<PyStep>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
