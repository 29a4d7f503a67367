//! Random-state scrambles (shared by `rubik scramble` and the terminal's `random`), through the
//! solve crate's `scramble` module: a uniformly random state and the inverse of its two-phase
//! solution.

use crate::error::{CliError, CliResult};
use rubik_cube::moves::format_moves;
use rubik_cube::random::{rng_from_entropy, rng_from_seed, CubeRng};
use rubik_cube::subset::Subset;
use rubik_cube::{CubieCube, Move};
use rubik_solve::scramble::{next_scramble, subset_scramble};
use rubik_solve::{solver_for, Method, Solver, SolverConfig};

/// Draws random states from a seeded (or OS-seeded) generator.
pub struct Scrambler {
    rng: CubeRng,
    solver: Option<Box<dyn Solver>>,
}

impl Scrambler {
    /// A scrambler; `moves` says whether move sequences (which need the two-phase tables) will
    /// be asked for.
    pub fn new(seed: Option<u64>, moves: bool) -> CliResult<Scrambler> {
        let rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
        let solver = if moves {
            let config = SolverConfig {
                progress: Some(std::sync::Arc::new(crate::progress::StderrProgress::new())),
                ..SolverConfig::default()
            };
            Some(solver_for(Method::Twophase, &config).map_err(CliError::from)?)
        } else {
            None
        };
        Ok(Scrambler { rng, solver })
    }

    /// A random state's scramble: moves that lead from solved to it.
    pub fn moves(&mut self) -> CliResult<Vec<Move>> {
        let Some(solver) = &self.solver else {
            return Err(CliError::failure(anyhow::anyhow!(
                "this scrambler was made for facelets only"
            )));
        };
        Ok(next_scramble(solver.as_ref(), &mut self.rng)?.moves)
    }

    /// One scramble of a training subset as text: moves (at most 20), or the facelet string
    /// when made for facelets.
    pub fn subset_line(&mut self, subset: Subset) -> CliResult<String> {
        match &self.solver {
            Some(solver) => {
                let s = subset_scramble(solver.as_ref(), subset, &mut self.rng)?;
                Ok(format_moves(&s.moves))
            }
            None => Ok(subset.random(&mut self.rng).to_facelets()),
        }
    }

    /// One scramble as text: moves, or the facelet string when made for facelets.
    pub fn next_line(&mut self) -> CliResult<String> {
        if self.solver.is_some() {
            Ok(format_moves(&self.moves()?))
        } else {
            Ok(CubieCube::random(&mut self.rng).to_facelets())
        }
    }
}
