//! The resolver's answers and refusals in the shape of the JSON API (`POST /api/resolve`), one
//! definition for every front end that speaks it: the server and the page's in-browser API.

use crate::error::{sticker_name, Conflict, ScanError};
use crate::resolve::{Resolution, Resolver};
use rubik_cube::Face;
use serde::Serialize;
use std::collections::BTreeMap;
use thiserror::Error;

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

/// A resolved scan: the cube, every sticker's confidence and the stickers worth checking.
#[derive(Debug, Serialize)]
pub struct ResolveAnswer {
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

impl ResolveAnswer {
    /// The answer for resolution `r`, which took `millis` milliseconds.
    pub fn new(r: &Resolution, millis: f64) -> ResolveAnswer {
        ResolveAnswer {
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
}

/// One sticker in conflict, in a refusal.
#[derive(Debug, Serialize)]
pub struct ConflictReport {
    /// Facelet index (0..54).
    pub index: usize,
    /// Its name on the net (`"R6"`).
    pub sticker: String,
    /// The colour the measurement suggests.
    pub looks_like: char,
    /// The colour the most probable valid cube needs there.
    pub needed: char,
}

impl From<&Conflict> for ConflictReport {
    fn from(c: &Conflict) -> ConflictReport {
        ConflictReport {
            index: c.sticker,
            sticker: sticker_name(c.sticker),
            looks_like: c.looks_like.letter(),
            needed: c.needed.letter(),
        }
    }
}

/// A sticker named in a refusal.
#[derive(Debug, Serialize)]
pub struct NamedSticker {
    /// Facelet index (0..54).
    pub index: usize,
    /// Its name on the net (`"R6"`).
    pub sticker: String,
}

/// The stickers a refused scan names, beside the usual error body (`error`, `category`):
/// those in conflict (`no_valid_cube`) or those that could be another colour (`unsure`).
#[derive(Debug, Default, Serialize)]
pub struct RefusalStickers {
    /// With `no_valid_cube`: the stickers whose measured colour no valid cube near the scan
    /// has.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<ConflictReport>,
    /// With `unsure`: the stickers that could be another colour, least sure first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unsure: Vec<NamedSticker>,
}

impl From<&ScanError> for RefusalStickers {
    /// Every variant by name, so that a new one is a compile error here until it is said
    /// whether it names stickers.
    fn from(e: &ScanError) -> RefusalStickers {
        match e {
            ScanError::NoValidCube { conflicts } => RefusalStickers {
                conflicts: conflicts.iter().map(ConflictReport::from).collect(),
                unsure: Vec::new(),
            },
            ScanError::Unsure { stickers } => RefusalStickers {
                conflicts: Vec::new(),
                unsure: stickers
                    .iter()
                    .map(|&index| NamedSticker {
                        index,
                        sticker: sticker_name(index),
                    })
                    .collect(),
            },
            // Faults of the request itself or of photos: the sentence says everything.
            ScanError::WrongCount { .. }
            | ScanError::BadValue { .. }
            | ScanError::Json(_)
            | ScanError::BadPin { .. }
            | ScanError::PinsContradict
            | ScanError::BadRect { .. }
            | ScanError::NoFace { .. }
            | ScanError::PhotoCount { .. }
            | ScanError::TurnsAmbiguous { .. } => RefusalStickers::default(),
        }
    }
}

/// A pin of the JSON API (`{"R6": "L"}`) that cannot be read.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PinError {
    /// The sticker's name is not a face letter and 1-9.
    #[error("no sticker is called {0:?} (names are a face letter and 1-9, e.g. \"R6\")")]
    NoSuchSticker(String),
    /// The colour is not one face letter.
    #[error("{0:?} is not a face letter (U R F D L B)")]
    NotAFace(String),
    /// The resolver refuses the pin (a centre given another colour).
    #[error(transparent)]
    Refused(#[from] ScanError),
}

impl PinError {
    /// The API's category for every pin fault.
    pub const CATEGORY: &'static str = "bad_pin";
}

/// A resolver with the stickers fixed by hand, given by name (`"R6"`) and face letter (`"L"`).
pub fn pinned<'a>(
    pins: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<Resolver, PinError> {
    let mut resolver = Resolver::new();
    for (name, face) in pins {
        let index = sticker_index(name).ok_or_else(|| PinError::NoSuchSticker(name.into()))?;
        let mut letters = face.chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(c), None) => Face::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| PinError::NotAFace(face.into()))?;
        resolver = resolver.pin(index, letter)?;
    }
    Ok(resolver)
}

/// The facelet index of a sticker name like `R6` (the inverse of [`sticker_name`]).
pub fn sticker_index(name: &str) -> Option<usize> {
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

/// A colour as `#rrggbb`.
fn hex(rgb: [f64; 3]) -> String {
    let [r, g, b] = rgb.map(|v| v.round().clamp(0.0, 255.0) as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sticker_names_read_back() {
        assert_eq!(sticker_index("U1"), Some(0));
        assert_eq!(sticker_index("R6"), Some(14));
        assert_eq!(sticker_index("B9"), Some(53));
        for bad in ["X1", "R0", "R10", "R", ""] {
            assert_eq!(sticker_index(bad), None, "{bad}");
        }
        for i in 0..54 {
            assert_eq!(sticker_index(&sticker_name(i)), Some(i));
        }
    }

    #[test]
    fn colours_as_hex() {
        assert_eq!(hex([255.0, 0.0, 127.6]), "#ff0080");
        assert_eq!(hex([-3.0, 300.0, 16.0]), "#00ff10");
    }

    #[test]
    fn pins_are_read_or_refused_by_name() {
        assert!(pinned([("R6", "L"), ("U1", "F")]).is_ok());
        assert_eq!(
            pinned([("R10", "L")]).err(),
            Some(PinError::NoSuchSticker("R10".into()))
        );
        assert_eq!(
            pinned([("R6", "LL")]).err(),
            Some(PinError::NotAFace("LL".into()))
        );
        assert_eq!(
            pinned([("R6", "x")]).err(),
            Some(PinError::NotAFace("x".into()))
        );
        // R5 is R's centre: always R.
        assert!(matches!(
            pinned([("R5", "L")]),
            Err(PinError::Refused(ScanError::BadPin { index: 13, .. }))
        ));
    }

    #[test]
    fn refusals_name_their_stickers() {
        let unsure = ScanError::Unsure {
            stickers: vec![14, 0],
        };
        let named = RefusalStickers::from(&unsure);
        let names: Vec<&str> = named.unsure.iter().map(|s| s.sticker.as_str()).collect();
        assert_eq!(names, ["R6", "U1"]);
        assert!(named.conflicts.is_empty());
        let json = serde_json::to_value(RefusalStickers::from(&ScanError::PinsContradict)).unwrap();
        assert_eq!(json, serde_json::json!({}));
    }
}
