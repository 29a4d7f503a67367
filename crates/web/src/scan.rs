//! `POST /api/resolve`: 54 measured colours to the most probable valid cube, with a confidence
//! per sticker (the colour resolver of `rubik_scan`). The page's camera scan sends the colours
//! it sampled here; robots can too.

use crate::api::{JsonBody, CHEAP_BUDGET};
use crate::error::ApiError;
use crate::exec::{run_job, Lane};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use rubik_scan::report::{pinned, PinError, RefusalStickers, ResolveAnswer};
use rubik_scan::ScanError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// Body of `POST /api/resolve`.
#[derive(Debug, Deserialize)]
pub struct ResolveRequest {
    /// 54 `[r, g, b]` (0–255) in URFDLB facelet order.
    pub rgb: Vec<[f64; 3]>,
    /// Stickers fixed by hand, by name (`"R6"`) to a face letter (`"L"`): the answer is the
    /// most probable valid cube with those colours there.
    #[serde(default)]
    pub pins: BTreeMap<String, String>,
}

/// A refused scan: the usual error body (`error`, `category`) plus the stickers it names
/// (the shape shared with the page's in-browser API, [`RefusalStickers`]).
#[derive(Debug, Serialize)]
pub struct ResolveError {
    /// HTTP status: 400, or 500 if the resolver itself failed.
    #[serde(skip)]
    pub status: StatusCode,
    /// A sentence for people.
    pub error: String,
    /// `no_valid_cube`, `unsure`, `wrong_count`, `bad_value`, `bad_pin` or `pins_contradict`
    /// (or a request error: `bad_json`, `wrong_type`, `body_too_large`).
    pub category: &'static str,
    /// Always `null`: no single piece is at fault (kept for the common error shape).
    pub piece: Option<String>,
    /// The stickers in conflict or in doubt, when the refusal names some.
    #[serde(flatten)]
    pub stickers: RefusalStickers,
}

impl IntoResponse for ResolveError {
    fn into_response(self) -> Response {
        (self.status, Json(self)).into_response()
    }
}

impl From<ScanError> for ResolveError {
    /// The sentence is the error's own, said once; the stickers are those it names.
    fn from(e: ScanError) -> ResolveError {
        ResolveError {
            status: StatusCode::BAD_REQUEST,
            stickers: RefusalStickers::from(&e),
            error: e.to_string(),
            category: e.category(),
            piece: None,
        }
    }
}

impl From<PinError> for ResolveError {
    fn from(e: PinError) -> ResolveError {
        ResolveError {
            status: StatusCode::BAD_REQUEST,
            error: e.to_string(),
            category: PinError::CATEGORY,
            piece: None,
            stickers: RefusalStickers::default(),
        }
    }
}

impl From<ApiError> for ResolveError {
    fn from(e: ApiError) -> ResolveError {
        ResolveError {
            status: e.status,
            error: e.error,
            category: e.category,
            piece: None,
            stickers: RefusalStickers::default(),
        }
    }
}

/// `POST /api/resolve`: 200 with the cube and confidences; 400 naming the fault when the
/// request is malformed or no valid cube is within reach of the colours (then with the
/// stickers in conflict).
pub async fn resolve(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<ResolveRequest>,
) -> Result<Json<ResolveAnswer>, ResolveError> {
    let resolver = pinned(req.pins.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
    let late = || "reading the colours took too long".to_string();
    // A few milliseconds of arithmetic: the fast lane.
    let (result, millis) = run_job(&state, Lane::Fast, CHEAP_BUDGET, late, move |_, _| {
        let start = Instant::now();
        let result = resolver.resolve(&req.rgb);
        Ok((result, start.elapsed().as_secs_f64() * 1000.0))
    })
    .await?;
    Ok(Json(ResolveAnswer::new(&result?, millis)))
}
