//! Random-state scrambles for `GET /api/scramble`, made by the solving service
//! ([`rubik_solve::service::Service::scrambles`]: a uniformly random state and the inverse of
//! its two-phase solution), so a seed gives the same scramble as `rubik scramble`.

use crate::error::ApiError;
use crate::exec::{run_job, Lane, CHEAP_BUDGET};
use crate::state::AppState;
use rubik_cube::moves::format_moves;
use rubik_cube::random::{rng_from_entropy, rng_from_seed};
use rubik_cube::subset::Subset;
pub use rubik_solve::service::MadeScramble;
use std::sync::Arc;
use std::time::Duration;

/// Time allowed to find the moves of a random-state scramble.
const SCRAMBLE_BUDGET: Duration = Duration::from_secs(10);

/// A scramble for a random state drawn from `seed` (or from the system when `None`); random
/// moves when the two-phase solver is not available in this configuration.
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
    run_job(
        state,
        Lane::Fast,
        SCRAMBLE_BUDGET,
        late,
        move |shared, clock| {
            let mut made = shared.service.scrambles(seed, 1, Some(&clock.cancel))?;
            made.pop().ok_or_else(|| {
                ApiError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "the scrambler made no scramble",
                )
            })
        },
    )
    .await
}

/// A scramble of a training subset (for `GET /api/scramble?subset=`): its moves, its state and
/// the subset's name.
pub async fn subset_scramble_of(
    state: &Arc<AppState>,
    subset: &str,
    seed: Option<u64>,
) -> Result<(String, String, &'static str), ApiError> {
    let subset: Subset = subset
        .parse()
        .map_err(|e: String| ApiError::bad_request("bad_subset", e))?;
    let late = || "the scrambler took too long".to_string();
    run_job(
        state,
        Lane::Fast,
        CHEAP_BUDGET,
        late,
        move |shared, clock| {
            let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
            let s = shared
                .service
                .subset_scramble(subset, &mut rng, Some(&clock.cancel))?;
            Ok((format_moves(&s.moves), s.cube.to_facelets(), subset.name()))
        },
    )
    .await
}
