//! Random-state scrambles (shared by `rubik scramble` and the terminal's `random`).
//!
//! TEMPORARY: the move form inverts a two-phase solution of a uniform random state here until
//! the solve crate's `scramble` module lands; then this calls it.

use crate::error::{CliError, CliResult};
use rubik_cube::moves::format_moves;
use rubik_cube::random::{rng_from_entropy, rng_from_seed, CubeRng};
use rubik_cube::{CubieCube, Move};
use rubik_solve::{solver_for, Limits, Method, Solver, SolverConfig};

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

    /// A uniformly random state.
    pub fn state(&mut self) -> CubieCube {
        CubieCube::random(&mut self.rng)
    }

    /// A random state's scramble: moves that lead from solved to it.
    pub fn moves(&mut self) -> CliResult<Vec<Move>> {
        let state = self.state();
        let Some(solver) = &self.solver else {
            return Err(CliError::failure(anyhow::anyhow!(
                "this scrambler was made for facelets only"
            )));
        };
        let solution = solver.solve(&state, &Limits::default())?;
        Ok(solution.moves.iter().rev().map(|m| m.inverse()).collect())
    }

    /// One scramble as text: moves, or the facelet string when made for facelets.
    pub fn next_line(&mut self) -> CliResult<String> {
        if self.solver.is_some() {
            Ok(format_moves(&self.moves()?))
        } else {
            Ok(self.state().to_facelets())
        }
    }
}
