//! Random-state scrambles (shared by `rubik scramble` and the terminal's `random`), through the
//! solving service: a uniformly random state and the inverse of its two-phase
//! solution.

use crate::error::{CliError, CliResult};
use rubik_cube::moves::format_moves;
use rubik_cube::random::{rng_from_entropy, rng_from_seed, CubeRng};
use rubik_cube::subset::Subset;
use rubik_cube::{CubieCube, Move};
use rubik_solve::service::Service;
use rubik_solve::SolverConfig;

/// Draws random states from a seeded (or OS-seeded) generator.
pub struct Scrambler {
    rng: CubeRng,
    service: Option<Service>,
}

impl Scrambler {
    /// A scrambler; `moves` says whether move sequences (which need the two-phase tables) will
    /// be asked for.
    pub fn new(seed: Option<u64>, moves: bool) -> CliResult<Scrambler> {
        let rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
        let service = moves.then(|| {
            Service::new(SolverConfig {
                progress: Some(std::sync::Arc::new(crate::progress::StderrProgress::new())),
                ..SolverConfig::default()
            })
        });
        Ok(Scrambler { rng, service })
    }

    /// A random state's scramble: moves that lead from solved to it.
    pub fn moves(&mut self) -> CliResult<Vec<Move>> {
        let Some(service) = &self.service else {
            return Err(CliError::failure(anyhow::anyhow!(
                "this scrambler was made for facelets only"
            )));
        };
        Ok(service.scramble(&mut self.rng, None)?.scramble.moves)
    }

    /// One scramble of a training subset as text: moves (at most 20), or the facelet string
    /// when made for facelets.
    pub fn subset_line(&mut self, subset: Subset) -> CliResult<String> {
        match &self.service {
            Some(service) => {
                let s = service.subset_scramble(subset, &mut self.rng, None)?;
                Ok(format_moves(&s.moves))
            }
            None => Ok(subset.random(&mut self.rng).to_facelets()),
        }
    }

    /// One scramble as text: moves, or the facelet string when made for facelets.
    pub fn next_line(&mut self) -> CliResult<String> {
        if self.service.is_some() {
            Ok(format_moves(&self.moves()?))
        } else {
            Ok(CubieCube::random(&mut self.rng).to_facelets())
        }
    }
}
