//! Random-state scrambles for `GET /api/scramble`, made by the same library function as
//! `rubik scramble` ([`rubik_solve::scramble::next_scramble`]: a uniformly random state and the
//! inverse of its two-phase solution), so a seed gives the same scramble in both.

use crate::error::ApiError;
use crate::exec::{run_job, Lane};
use crate::state::AppState;
use rubik_cube::random::{random_moves, rng_from_entropy, rng_from_seed};
use rubik_cube::{CubieCube, Move};
use rubik_solve::scramble::next_scramble;
use rubik_solve::Method;
use std::sync::Arc;
use std::time::Duration;

/// Length of the random-move scramble used when no two-phase solver is available.
pub const RANDOM_MOVES_LENGTH: usize = 25;

/// Time allowed to find the moves of a random-state scramble.
const SCRAMBLE_BUDGET: Duration = Duration::from_secs(10);

/// A scramble and the state it reaches.
#[derive(Clone, Debug)]
pub struct MadeScramble {
    /// The moves, applied to the solved cube.
    pub moves: Vec<Move>,
    /// The state they reach.
    pub cube: CubieCube,
    /// Whether the state was drawn uniformly (true) or is the result of random moves.
    pub random_state: bool,
}

/// A scramble for a random state drawn from `seed` (or from the system when `None`). Falls back
/// to random moves when the two-phase solver is not available in this configuration.
pub async fn random_scramble(
    state: &Arc<AppState>,
    seed: Option<u64>,
) -> Result<MadeScramble, ApiError> {
    let late = || {
        format!(
            "the scrambler did not answer within {} ms",
            SCRAMBLE_BUDGET.as_millis()
        )
    };
    let made = run_job(
        state,
        Lane::Fast,
        SCRAMBLE_BUDGET,
        late,
        move |shared, _| {
            let mut rng = match seed {
                Some(s) => rng_from_seed(s),
                None => rng_from_entropy(),
            };
            match shared.solver(Method::Twophase) {
                Ok(solver) => {
                    let s = next_scramble(solver.as_ref(), &mut rng)?;
                    Ok(MadeScramble {
                        moves: s.moves,
                        cube: s.cube,
                        random_state: true,
                    })
                }
                Err(rubik_solve::SolveError::Unavailable(_)) => {
                    let moves = random_moves(&mut rng, RANDOM_MOVES_LENGTH);
                    Ok(MadeScramble {
                        cube: CubieCube::SOLVED.apply_moves(&moves),
                        moves,
                        random_state: false,
                    })
                }
                Err(e) => Err(e.into()),
            }
        },
    )
    .await?;
    Ok(made)
}
