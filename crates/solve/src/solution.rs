//! Solutions as values: the moves and the named steps that make them up.

use rubik_cube::moves::format_moves;
use rubik_cube::{CubieCube, Move};
use serde::Serialize;
use std::fmt;

/// One named stage of a solution ("Phase 1", "Cross", "OLL 27 — Sune", ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Short name of the step.
    pub name: String,
    /// The moves of this step, in outer face turns.
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
    /// One plain-language sentence on what the step achieves.
    pub explanation: String,
}

/// A solution: the moves, split into explained steps whose moves concatenate to `moves`
/// (before cancellation across step boundaries, which `moves` already has).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The whole solution in outer face turns.
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Solution {
    /// Length in the half-turn metric.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the solution has no moves (the cube was solved).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Length in the quarter-turn metric.
    pub fn qtm(&self) -> usize {
        self.moves.iter().map(|m| m.qtm()).sum()
    }

    /// Whether applying the moves to `cube` solves it.
    pub fn solves(&self, cube: &CubieCube) -> bool {
        cube.apply_moves(&self.moves).is_solved()
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", format_moves(&self.moves))
    }
}

fn serialize_moves<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format_moves(moves))
}
