//! The `Cube`, `Solution` and `Step` classes: a cube as a value, and its explained solution.

use crate::{errors, limits, solve_with};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rubik_cube::net::{parse_net, render_net, NetStyle};
use rubik_cube::random::{rng_from_entropy, rng_from_seed};
use rubik_cube::{parse_cube, Alg, Cube, CubieCube};
use rubik_solve::i18n::Lang;
use rubik_solve::service::{Answer, CubeInput};

/// A Rubik's Cube as held in the hand: immutable, hashable, comparable.
///
/// `Cube(state)` reads a 54-letter facelet string (URFDLB order, letters name faces, the
/// centres decide which is which) or a move sequence applied to a solved cube; `Cube()` is
/// solved. Bad input raises the `InvalidCubeError` or `NotationError` naming the fault.
#[pyclass(name = "Cube", module = "rubik", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyCube {
    cube: Cube,
}

#[pymethods]
impl PyCube {
    #[new]
    #[pyo3(signature = (state=""))]
    fn new(py: Python<'_>, state: &str) -> PyResult<PyCube> {
        parse_cube(state)
            .map(|cube| PyCube { cube })
            .map_err(|e| errors::input_error(py, &e, None))
    }

    /// A cube from a 54-letter facelet string only (never read as moves).
    #[staticmethod]
    fn from_facelets(py: Python<'_>, facelets: &str) -> PyResult<PyCube> {
        Cube::from_facelets(facelets)
            .map(|cube| PyCube { cube })
            .map_err(|e| errors::cube_error(py, &e, None))
    }

    /// A solved cube after the moves of `alg` (any notation the CLI reads).
    #[staticmethod]
    fn from_scramble(py: Python<'_>, alg: &str) -> PyResult<PyCube> {
        let alg = Alg::parse(alg).map_err(|e| errors::input_error(py, &e.into(), None))?;
        Ok(PyCube {
            cube: Cube::solved().apply(&alg),
        })
    }

    /// A cube from a colour net's text (the format `rubik solve --net FILE` reads: any six
    /// colour characters, rows 1–3 U, 4–6 L F R B, 7–9 D).
    #[staticmethod]
    fn from_net(py: Python<'_>, text: &str) -> PyResult<PyCube> {
        parse_net(text)
            .map(|cube| PyCube { cube })
            .map_err(|e| errors::cube_error(py, &e, None))
    }

    /// A uniformly random cube; `seed` makes it reproducible.
    #[staticmethod]
    #[pyo3(signature = (seed=None))]
    fn random(seed: Option<u64>) -> PyCube {
        let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
        PyCube {
            cube: Cube::from_cubie(CubieCube::random(&mut rng)),
        }
    }

    /// The 54-letter facelet string (URFDLB order, the `kociemba` format).
    #[getter]
    fn facelets(&self) -> String {
        self.cube.to_facelets()
    }

    /// Whether every face shows one colour.
    #[getter]
    fn is_solved(&self) -> bool {
        self.cube.is_solved()
    }

    /// This cube after the moves of `alg` (a new cube).
    fn apply(&self, py: Python<'_>, alg: &str) -> PyResult<PyCube> {
        let alg = Alg::parse(alg).map_err(|e| errors::input_error(py, &e.into(), None))?;
        Ok(PyCube {
            cube: self.cube.apply(&alg),
        })
    }

    /// The colour net as text, in face letters (the layout of `rubik show` when piped).
    fn net(&self) -> String {
        render_net(&self.cube, NetStyle::Letters)
    }

    /// Solves this cube with `method` (`"twophase"`, `"optimal"`, `"thistlethwaite"`,
    /// `"cfop"`) within `max_length` moves and `timeout` seconds, to `goal` when given (a
    /// `Cube` or facelet string). Explanations are in `lang` (`"en"` or `"fr"`). The GIL is
    /// released while solving.
    #[pyo3(signature = (method="twophase", max_length=None, timeout=None, goal=None, lang="en"))]
    fn solve(
        &self,
        py: Python<'_>,
        method: &str,
        max_length: Option<usize>,
        timeout: Option<f64>,
        goal: Option<&Bound<'_, PyAny>>,
        lang: &str,
    ) -> PyResult<PySolution> {
        let lang: Lang = lang
            .parse()
            .map_err(|e: rubik_solve::i18n::UnknownLang| PyValueError::new_err(e.to_string()))?;
        let goal = goal.map(|g| goal_cube(py, g)).transpose()?;
        let limits = limits(max_length, timeout)?;
        let cube = CubeInput::Cube(self.cube);
        let answer = solve_with(py, cube, method, None, goal.as_ref(), limits, lang)?;
        Ok(PySolution::new(&answer))
    }

    fn __repr__(&self) -> String {
        format!("Cube('{}')", self.cube.to_facelets())
    }

    fn __str__(&self) -> String {
        self.net()
    }
}

/// A goal given as a `Cube` or a facelet string.
fn goal_cube(py: Python<'_>, goal: &Bound<'_, PyAny>) -> PyResult<CubieCube> {
    if let Ok(cube) = goal.cast::<PyCube>() {
        return Ok(cube.get().cube.to_cubie());
    }
    let text: String = goal
        .extract()
        .map_err(|_| PyValueError::new_err("goal must be a Cube or a 54-letter facelet string"))?;
    crate::facelet_cube(py, &text, Some("goal"))
}

/// A solution: its moves, its length, and its named steps with their explanations.
#[pyclass(name = "Solution", module = "rubik", frozen, get_all)]
#[derive(Clone)]
pub struct PySolution {
    /// The moves, outer face turns one space apart (`""` when the cube was solved).
    moves: String,
    /// Length in the half-turn metric.
    length: usize,
    /// Length in the quarter-turn metric.
    qtm: usize,
    /// The method that found it.
    method: &'static str,
    /// Time the search took, in milliseconds.
    millis: f64,
    /// The named steps, in order; their moves concatenate to the solution.
    steps: Vec<PyStep>,
    /// The solution as a person would perform it (rotations, wide turns), when the method
    /// gives one (CFOP); else None.
    human: Option<String>,
}

impl PySolution {
    fn new(answer: &Answer) -> PySolution {
        let solution = &answer.solution;
        PySolution {
            moves: solution.to_string(),
            length: solution.len(),
            qtm: solution.qtm(),
            method: answer.solver.name(),
            millis: answer.millis(),
            steps: answer
                .steps()
                .into_iter()
                .map(|step| PyStep {
                    moves: step.moves_text(),
                    name: step.name,
                    explanation: step.explanation,
                    human: step.human.map(|h| h.moves),
                    key: step.key,
                    params: step.params.into_iter().collect(),
                })
                .collect(),
            human: solution.human(),
        }
    }
}

#[pymethods]
impl PySolution {
    fn __str__(&self) -> String {
        self.moves.clone()
    }

    fn __len__(&self) -> usize {
        self.length
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution('{}', length={}, method='{}')",
            self.moves, self.length, self.method
        )
    }
}

/// One named step of a solution ("Cross", "OLL 27 — Sune", "Phase 1", ...).
#[pyclass(name = "Step", module = "rubik", frozen, get_all)]
#[derive(Clone)]
pub struct PyStep {
    /// Short name of the step.
    name: String,
    /// The step's moves, outer face turns one space apart.
    moves: String,
    /// One plain sentence on what the step achieves.
    explanation: String,
    /// The step as a person would perform it (with rotations), when the method has one.
    human: Option<String>,
    /// What kind of step it is, the same in every language (`"cfop.oll"`, `"twophase.phase1"`):
    /// the key of the `key` field of the command line's JSON.
    key: &'static str,
    /// The values the step's name is made of (`{"number": "27", "case": "Sune"}`), in English
    /// whatever the language, as in the command line's JSON.
    params: std::collections::BTreeMap<String, String>,
}

#[pymethods]
impl PyStep {
    fn __repr__(&self) -> String {
        format!("Step('{}', '{}')", self.name, self.moves)
    }
}
