//! Kociemba's two-phase algorithm: phase 1 brings the cube into the subgroup
//! G1 = <U, D, R2, L2, F2, B2> (all pieces oriented, the middle-layer edges in the middle layer),
//! phase 2 solves it inside G1. Near-optimal solutions (≤ 20 moves) in well under a millisecond
//! on average with the full tables.
//!
//! ```no_run
//! use rubik_solve::{solver_for, Limits, Method, SolverConfig};
//! use rubik_cube::{CubieCube, Move};
//! let solver = solver_for(Method::Twophase, &SolverConfig::default()).unwrap();
//! let cube = CubieCube::from_moves(&[Move::from_index(3), Move::from_index(0)]);
//! let solution = solver.solve(&cube, &Limits::default()).unwrap();
//! assert!(solution.solves(&cube));
//! ```

mod compact;
mod descent;
mod pruning;
mod search;
pub mod tables;

pub use pruning::Pruning;
pub use search::{FrameSolution, Outcome, Search};

use crate::i18n::Message;
use crate::store::{AnySpec, Store};
use crate::{Deadline, Limits, Solution, SolveError, Solver, SolverConfig, Step};
use compact::CompactTables;
use rubik_cube::{CubieCube, Face};
use std::sync::Arc;
use tables::TwophaseTables;

/// Default length limit: every cube can be solved in 20 moves (God's number).
pub const DEFAULT_MAX_LENGTH: usize = 20;

/// Step texts of the two-phase method (English and French).
pub const MESSAGES: &[Message] = &[
    Message {
        key: "twophase.phase1",
        en_name: "Phase 1 — reach G1",
        en_explanation: "Reach the subgroup G1 for the {axis} axis: all edges and corners oriented, the four {slice}-slice edges in the middle layer",
        fr_name: "Phase 1 — atteindre G1",
        fr_explanation: "Atteindre le sous-groupe G1 de l'axe {axis} : toutes les arêtes et tous les coins orientés, les quatre arêtes de la tranche {slice} dans la couche du milieu",
    },
    Message {
        key: "twophase.phase2",
        en_name: "Phase 2 — solve within G1",
        en_explanation: "Solve the cube with moves that stay in G1: quarter turns of the {axis} faces, half turns of the others",
        fr_name: "Phase 2 — résoudre dans G1",
        fr_explanation: "Résoudre le cube avec des mouvements qui restent dans G1 : quarts de tour des faces de l'axe {axis}, demi-tours des autres",
    },
    Message {
        key: "twophase.inverse_phase2",
        en_name: "Phase 2 of the inverse, undone",
        en_explanation: "The search solved the inverse scramble; these moves undo its phase 2 (quarter turns of the {axis} faces, half turns of the others)",
        fr_name: "Phase 2 de l'inverse, défaite",
        fr_explanation: "La recherche a résolu le mélange inverse ; ces mouvements défont sa phase 2 (quarts de tour des faces de l'axe {axis}, demi-tours des autres)",
    },
    Message {
        key: "twophase.inverse_phase1",
        en_name: "Phase 1 of the inverse, undone",
        en_explanation: "These moves undo the inverse's phase 1, which brought it into G1 for the {axis} axis ({slice} slice): the cube is solved",
        fr_name: "Phase 1 de l'inverse, défaite",
        fr_explanation: "Ces mouvements défont la phase 1 de l'inverse, qui l'avait amené dans G1 pour l'axe {axis} (tranche {slice}) : le cube est résolu",
    },
];

/// The tables of one kind (full or compact).
#[derive(Clone)]
enum Tables {
    Full(Arc<TwophaseTables>),
    Compact(Arc<CompactTables>),
}

/// The table files of the full set, or of the compact set when `compact`.
pub fn table_specs(compact: bool) -> Vec<&'static dyn AnySpec> {
    if compact {
        compact::specs()
    } else {
        tables::specs()
    }
}

/// The two-phase solver. Cheap to clone; tables are shared read-only.
#[derive(Clone)]
pub struct TwophaseSolver {
    tables: Tables,
}

impl TwophaseSolver {
    /// A solver with the tables `config` asks for (full, or compact when `config.compact`),
    /// had from the store (built, with progress through `config.progress`, when missing).
    pub fn new(config: &SolverConfig) -> Result<TwophaseSolver, SolveError> {
        let store = Store::new(config);
        let tables = if config.compact {
            Tables::Compact(CompactTables::shared(&store)?)
        } else {
            Tables::Full(TwophaseTables::shared(&store)?)
        };
        Ok(TwophaseSolver { tables })
    }

    /// Whether this solver uses the compact tables.
    pub fn is_compact(&self) -> bool {
        matches!(self.tables, Tables::Compact(_))
    }

    /// Runs the search and returns the best solution in its frame, with whether time ran out.
    pub fn search(&self, cube: &CubieCube, limits: &Limits) -> Outcome {
        let max_length = limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
        let deadline = Deadline::starting_now(limits);
        match &self.tables {
            Tables::Full(t) => Search::new(
                t.move_tables(),
                &**t,
                cube,
                max_length,
                limits.improve,
                deadline,
            )
            .run(),
            Tables::Compact(t) => Search::new(
                t.move_tables(),
                &**t,
                cube,
                max_length,
                limits.improve,
                deadline,
            )
            .run(),
        }
    }
}

/// Names of the axis playing U–D in a frame and of its middle slice.
fn axis_names(rot: usize) -> (&'static str, &'static str) {
    let up = crate::coord::symmetry::symmetries().urf3_conj_move[rot][0].face();
    match up {
        Face::U | Face::D => ("U–D", "E"),
        Face::R | Face::L => ("R–L", "M"),
        Face::F | Face::B => ("F–B", "S"),
    }
}

fn to_solution(found: &FrameSolution) -> Solution {
    let (moves, split) = found.moves();
    let (axis, slice) = axis_names(found.rot);
    let params = [("axis", axis), ("slice", slice)];
    let (first, second) = if found.inverse {
        ("twophase.inverse_phase2", "twophase.inverse_phase1")
    } else {
        ("twophase.phase1", "twophase.phase2")
    };
    let steps = vec![
        Step::new(first, &params, moves[..split].to_vec()),
        Step::new(second, &params, moves[split..].to_vec()),
    ];
    Solution { moves, steps }
}

impl Solver for TwophaseSolver {
    fn name(&self) -> &'static str {
        "twophase"
    }

    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError> {
        cube.check()?;
        if cube.is_solved() {
            return Ok(Solution {
                moves: Vec::new(),
                steps: Vec::new(),
            });
        }
        let outcome = self.search(cube, limits);
        match outcome.best {
            Some(found) => Ok(to_solution(&found)),
            None => Err(SolveError::NoSolution {
                max_length: limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH),
                timed_out: outcome.timed_out,
                lower_bound: None,
            }),
        }
    }
}

#[cfg(test)]
mod tests;
