//! `--method optimal`: provably shortest solutions in the half-turn metric.
//!
//! Layers, one module each: [`symmetry`] (the 16 U–D symmetries and the axis turn) →
//! [`coord`] (flip, slice, twist and their move tables) → [`flipslice`] (symmetry classes) →
//! [`edge_coset`] (the slice edges with their order × the other edges' orientation, and its
//! classes) → [`corners`] (the small corner table) → [`inverse`] (the inverse cube, packed) →
//! [`prune`] (the exact 4-bit tables and their build) → [`grouped`] (the 2-bit tables relative
//! to a base depth and their build) → [`reader`] (each format as the search reads it) →
//! [`huge`] (huge-page memory) → [`persist`] (the on-disk cache) → [`tables`] (everything loaded and shared) →
//! [`root_symmetry`] (symmetric subtrees skipped) → [`search`] (parallel IDA*) → `both_ends`
//! (its one-solution search, growing the solution from both ends).

// Pieces, axes and coordinates are indexed in parallel arrays throughout.
#![allow(clippy::needless_range_loop)]

mod both_ends;
pub mod coord;
pub mod corners;
pub mod edge_coset;
pub mod flipslice;
pub mod grouped;
pub mod huge;
pub mod inverse;
pub mod persist;
pub mod prune;
pub mod reader;
pub mod root_symmetry;
pub mod search;
pub mod symmetry;
pub mod tables;

use crate::i18n::Message;
use crate::{Limits, Solution, SolveError, Solver, SolverConfig, Step};
use rubik_cube::{CubieCube, Move};
use search::{Mode, Outcome};
use std::sync::Arc;
use std::time::Instant;
pub use tables::{TableSize, Tables};

/// God's number: every cube is solvable in at most 20 half turns.
pub const GODS_NUMBER: usize = 20;

/// Step messages of the optimal solver.
pub const MESSAGES: &[Message] = &[Message {
    key: "optimal.solution",
    en_name: "Optimal ({length} moves)",
    en_explanation: "Optimal — no shorter solution exists: every length below {length} moves \
                     was searched exhaustively.",
    fr_name: "Optimale ({length} coups)",
    fr_explanation: "Optimale — aucune solution plus courte n'existe : toutes les longueurs \
                     inférieures à {length} coups ont été explorées exhaustivement.",
}];

/// The optimal solver: IDA* over a pruning table of a coset (edge coordinates × twist, with
/// or without the corner split) looked up on three axes for the cube and its inverse.
#[derive(Clone)]
pub struct OptimalSolver {
    tables: Arc<Tables>,
}

impl OptimalSolver {
    /// A solver with the table size of `config` (loaded from the cache or built).
    pub fn new(config: &SolverConfig) -> Result<OptimalSolver, SolveError> {
        let size = TableSize::parse(config.optimal_table.as_deref())?;
        Ok(OptimalSolver {
            tables: Tables::shared(config, size)?,
        })
    }

    /// The tables in use.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Every optimal solution of `cube` (canonical sequences: no face twice in a row, and of
    /// two opposite faces only one order), within `limits`. If the timeout strikes while the
    /// optimal length is being listed, the solutions found so far are returned.
    pub fn solve_all(
        &self,
        cube: &CubieCube,
        limits: &Limits,
    ) -> Result<Vec<Solution>, SolveError> {
        let (sols, _) = self.run(cube, limits, Mode::All)?;
        Ok(sols.into_iter().map(solution).collect())
    }

    /// Like [`Solver::solve`], also returning the number of nodes searched.
    pub fn solve_counting(
        &self,
        cube: &CubieCube,
        limits: &Limits,
    ) -> Result<(Solution, u64), SolveError> {
        let (mut sols, nodes) = self.run(cube, limits, Mode::First)?;
        Ok((solution(sols.remove(0)), nodes))
    }

    fn run(
        &self,
        cube: &CubieCube,
        limits: &Limits,
        mode: Mode,
    ) -> Result<(Vec<Vec<Move>>, u64), SolveError> {
        cube.check()?;
        let deadline = limits.timeout.map(|d| Instant::now() + d);
        let max_length = limits.max_length.unwrap_or(GODS_NUMBER);
        let (outcome, stats) = search::search(&self.tables, cube, max_length, deadline, mode);
        match outcome {
            Outcome::Found(s) if !s.is_empty() => Ok((s, stats.nodes)),
            Outcome::Found(_) | Outcome::Exhausted => Err(SolveError::NoSolution {
                max_length,
                timed_out: false,
                lower_bound: Some(max_length),
            }),
            Outcome::TimedOut { lower_bound } => Err(SolveError::NoSolution {
                max_length,
                timed_out: true,
                lower_bound: Some(lower_bound),
            }),
        }
    }
}

fn solution(moves: Vec<Move>) -> Solution {
    let n = moves.len().to_string();
    Solution {
        steps: vec![Step::new(
            "optimal.solution",
            &[("length", n.as_str())],
            moves.clone(),
        )],
        moves,
    }
}

impl Solver for OptimalSolver {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError> {
        self.solve_counting(cube, limits).map(|(s, _)| s)
    }
}
