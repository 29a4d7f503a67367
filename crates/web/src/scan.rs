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
use rubik_cube::Face;
use rubik_scan::{sticker_name, Conflict, Resolution, Resolver, ScanError};
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

/// A colour other than the chosen one, and its probability.
#[derive(Debug, Serialize)]
pub struct Alternative {
    /// The colour, named by its face.
    pub face: char,
    /// Its probability (0..1).
    pub probability: f64,
}

/// A sticker worth checking.
#[derive(Debug, Serialize)]
pub struct Doubt {
    /// Facelet index (0..54).
    pub index: usize,
    /// Its name on the net (`"R6"`).
    pub sticker: String,
    /// The colour read, named by its face.
    pub face: char,
    /// Probability of that colour.
    pub confidence: f64,
    /// The next most probable colour.
    pub alternative: Option<char>,
    /// The colour the measurement alone suggests.
    pub looks_like: char,
    /// Whether the cube's constraints overruled a clear measurement.
    pub overruled: bool,
}

/// Answer of `POST /api/resolve`.
#[derive(Debug, Serialize)]
pub struct ResolveResponse {
    /// The resolved cube, 54 letters in URFDLB order.
    pub facelets: String,
    /// Each sticker's confidence (0..1), URFDLB order.
    pub confidence: Vec<f64>,
    /// Each sticker's next most probable colour (`null` for centres).
    pub alternatives: Vec<Option<Alternative>>,
    /// The stickers worth checking, least confident first.
    pub doubtful: Vec<Doubt>,
    /// Each face's colour as scanned (`"#rrggbb"`), by face letter.
    pub colours: BTreeMap<char, String>,
    /// Time spent resolving, in milliseconds.
    pub millis: f64,
}

/// One sticker in conflict, in a refusal.
#[derive(Debug, Serialize)]
pub struct ConflictJson {
    /// Facelet index (0..54).
    pub index: usize,
    /// Its name on the net (`"R6"`).
    pub sticker: String,
    /// The colour the measurement suggests.
    pub looks_like: char,
    /// The colour the most probable valid cube needs there.
    pub needed: char,
}

/// A refused scan: the usual error body (`error`, `category`) plus the stickers in conflict.
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
    /// With `no_valid_cube`: the stickers whose measured colour no valid cube near the scan
    /// has.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<ConflictJson>,
    /// With `unsure`: the stickers that could be another colour, least sure first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unsure: Vec<StickerJson>,
}

/// A sticker named in a refusal.
#[derive(Debug, Serialize)]
pub struct StickerJson {
    /// Facelet index (0..54).
    pub index: usize,
    /// Its name on the net (`"R6"`).
    pub sticker: String,
}

impl IntoResponse for ResolveError {
    fn into_response(self) -> Response {
        (self.status, Json(self)).into_response()
    }
}

impl From<ScanError> for ResolveError {
    /// Every variant by name, so that a new one is a compile error here until it is given
    /// its status and fields; the sentence is the error's own, said once.
    fn from(e: ScanError) -> ResolveError {
        let (conflicts, unsure) = match &e {
            ScanError::NoValidCube { conflicts } => {
                (conflicts.iter().map(conflict_json).collect(), Vec::new())
            }
            ScanError::Unsure { stickers } => (
                Vec::new(),
                stickers
                    .iter()
                    .map(|&index| StickerJson {
                        index,
                        sticker: sticker_name(index),
                    })
                    .collect(),
            ),
            // Faults of the request itself (or, for the last three, of photos, which this
            // endpoint does not take): the sentence says everything.
            ScanError::WrongCount { .. }
            | ScanError::BadValue { .. }
            | ScanError::Json(_)
            | ScanError::BadPin { .. }
            | ScanError::PinsContradict
            | ScanError::BadRect { .. }
            | ScanError::NoFace { .. }
            | ScanError::PhotoCount { .. } => (Vec::new(), Vec::new()),
        };
        ResolveError {
            status: StatusCode::BAD_REQUEST,
            error: e.to_string(),
            category: e.category(),
            piece: None,
            conflicts,
            unsure,
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
            conflicts: Vec::new(),
            unsure: Vec::new(),
        }
    }
}

fn conflict_json(c: &Conflict) -> ConflictJson {
    ConflictJson {
        index: c.sticker,
        sticker: sticker_name(c.sticker),
        looks_like: c.looks_like.letter(),
        needed: c.needed.letter(),
    }
}

/// The facelet index of a sticker name like `R6`.
fn sticker_index(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let face = Face::from_letter(chars.next()?)?;
    let place = chars.as_str().parse::<usize>().ok()?;
    (1..=9)
        .contains(&place)
        .then(|| face.index() * 9 + place - 1)
}

fn rounded(p: f64) -> f64 {
    (p * 1e4).round() / 1e4
}

fn hex(rgb: [f64; 3]) -> String {
    let [r, g, b] = rgb.map(|v| v.round().clamp(0.0, 255.0) as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn response(r: &Resolution, millis: f64) -> ResolveResponse {
    ResolveResponse {
        facelets: r.facelets(),
        confidence: r.stickers.iter().map(|s| rounded(s.confidence)).collect(),
        alternatives: r
            .stickers
            .iter()
            .map(|s| {
                s.alternative.map(|(face, p)| Alternative {
                    face: face.letter(),
                    probability: rounded(p),
                })
            })
            .collect(),
        doubtful: r
            .doubtful()
            .into_iter()
            .map(|i| {
                let s = &r.stickers[i];
                Doubt {
                    index: i,
                    sticker: sticker_name(i),
                    face: s.face.letter(),
                    confidence: rounded(s.confidence),
                    alternative: s.alternative.map(|(f, _)| f.letter()),
                    looks_like: s.looks_like.letter(),
                    overruled: s.overruled,
                }
            })
            .collect(),
        colours: Face::ALL
            .iter()
            .map(|f| (f.letter(), hex(r.colours[f.index()])))
            .collect(),
        millis,
    }
}

/// A resolver with the request's pins, or the fault in them.
fn pinned(pins: &BTreeMap<String, String>) -> Result<Resolver, ResolveError> {
    let bad = |error: String| ResolveError {
        status: StatusCode::BAD_REQUEST,
        error,
        category: "bad_pin",
        piece: None,
        conflicts: Vec::new(),
        unsure: Vec::new(),
    };
    let mut resolver = Resolver::new();
    for (name, face) in pins {
        let index = sticker_index(name).ok_or_else(|| {
            bad(format!(
                "no sticker is called {name:?} (names are a face letter and 1-9, e.g. \"R6\")"
            ))
        })?;
        let letter = face
            .chars()
            .next()
            .filter(|_| face.chars().count() == 1)
            .and_then(Face::from_letter)
            .ok_or_else(|| bad(format!("{face:?} is not a face letter (U R F D L B)")))?;
        resolver = resolver.pin(index, letter)?;
    }
    Ok(resolver)
}

/// `POST /api/resolve`: 200 with the cube and confidences; 400 naming the fault when the
/// request is malformed or no valid cube is within reach of the colours (then with the
/// stickers in conflict).
pub async fn resolve(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<ResolveRequest>,
) -> Result<Json<ResolveResponse>, ResolveError> {
    let resolver = pinned(&req.pins)?;
    let late = || "reading the colours took too long".to_string();
    // A few milliseconds of arithmetic: the fast lane.
    let (result, millis) = run_job(&state, Lane::Fast, CHEAP_BUDGET, late, move |_, _| {
        let start = Instant::now();
        let result = resolver.resolve(&req.rgb);
        Ok((result, start.elapsed().as_secs_f64() * 1000.0))
    })
    .await?;
    Ok(Json(response(&result?, millis)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sticker_names() {
        assert_eq!(sticker_index("U1"), Some(0));
        assert_eq!(sticker_index("R6"), Some(14));
        assert_eq!(sticker_index("B9"), Some(53));
        assert_eq!(sticker_index("X1"), None);
        assert_eq!(sticker_index("R0"), None);
        assert_eq!(sticker_index("R10"), None);
        assert_eq!(sticker_index("R"), None);
        for i in 0..54 {
            assert_eq!(sticker_index(&sticker_name(i)), Some(i));
        }
    }

    #[test]
    fn colours_as_hex() {
        assert_eq!(hex([255.0, 0.0, 127.6]), "#ff0080");
    }
}
