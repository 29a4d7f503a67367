//! Random-state scrambles: a uniformly random state, and the moves that reach it (the inverse
//! of its two-phase solution).

use crate::api::run_solve;
use crate::error::ApiError;
use crate::state::AppState;
use rand::Rng;
use rubik_cube::random::{rng_from_entropy, rng_from_seed};
use rubik_cube::{CubieCube, Move};
use rubik_solve::search::can_follow;
use rubik_solve::{Limits, Method};
use std::sync::Arc;
use std::time::Duration;

/// Length of the random-move scramble used when no two-phase solver is available.
pub const RANDOM_MOVES_LENGTH: usize = 25;

/// Time allowed to find the moves of a random-state scramble.
const SCRAMBLE_BUDGET: Duration = Duration::from_secs(5);

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
/// to random moves when the two-phase solver is not available in this build.
pub async fn random_scramble(
    state: &Arc<AppState>,
    seed: Option<u64>,
) -> Result<MadeScramble, ApiError> {
    let mut rng = match seed {
        Some(s) => rng_from_seed(s),
        None => rng_from_entropy(),
    };
    let cube = CubieCube::random(&mut rng);
    let limits = Limits {
        max_length: None,
        timeout: Some(SCRAMBLE_BUDGET),
        improve: false,
    };
    match run_solve(state, Method::Twophase, cube, limits, SCRAMBLE_BUDGET).await {
        Ok((solution, _)) => Ok(MadeScramble {
            moves: solution.moves.iter().rev().map(|m| m.inverse()).collect(),
            cube,
            random_state: true,
        }),
        Err(e) if e.category == "unavailable_method" => {
            let moves = random_moves(&mut rng, RANDOM_MOVES_LENGTH);
            Ok(MadeScramble {
                cube: CubieCube::SOLVED.apply_moves(&moves),
                moves,
                random_state: false,
            })
        }
        Err(e) => Err(e),
    }
}

/// `n` random outer face turns, none undoing or merging with the one before.
pub fn random_moves<R: Rng + ?Sized>(rng: &mut R, n: usize) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::with_capacity(n);
    while moves.len() < n {
        let m = Move::ALL[rng.gen_range(0..Move::ALL.len())];
        if can_follow(moves.last().copied(), m) {
            moves.push(m);
        }
    }
    moves
}
