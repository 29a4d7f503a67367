//! Why a scan could not be read, each fault named in words.

use rubik_cube::Face;
use std::fmt;
use thiserror::Error;

/// A sticker whose measured colour the cube overrules: it looks like one face's colour but a
/// valid cube needs another there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The sticker (URFDLB facelet index).
    pub sticker: usize,
    /// The colour its measurement suggests, named by face.
    pub looks_like: Face,
    /// The colour the most probable valid cube needs there.
    pub needed: Face,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} looks like {} but a valid cube needs {}",
            sticker_name(self.sticker),
            self.looks_like,
            self.needed
        )
    }
}

fn list(conflicts: &[Conflict]) -> String {
    conflicts
        .iter()
        .map(Conflict::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A scan that cannot be resolved.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ScanError {
    /// Not 54 colours.
    #[error("expected 54 colours (one [r, g, b] per sticker, URFDLB order), found {found}")]
    WrongCount {
        /// How many were given.
        found: usize,
    },
    /// A channel value that is not a number from 0 to 255.
    #[error("sticker {} has the value {value}, but colour values go from 0 to 255", sticker_name(*.sticker))]
    BadValue {
        /// The sticker (URFDLB facelet index).
        sticker: usize,
        /// The value.
        value: f64,
    },
    /// The colours file is not the expected JSON.
    #[error("cannot read the colours: {0} (expected a JSON array of 54 [r, g, b], or {{\"rgb\": [...]}})")]
    Json(String),
    /// A pin that names no sticker, or a centre with another colour.
    #[error("cannot fix sticker {index}: {reason}")]
    BadPin {
        /// The index given.
        index: usize,
        /// Why not.
        reason: String,
    },
    /// The stickers fixed by hand allow no valid cube.
    #[error("the stickers fixed by hand allow no valid cube")]
    PinsContradict,
    /// Even the most probable valid cube contradicts several clear measurements: the scan is
    /// wrong somewhere (a face read rotated or out of order, a sticker missed).
    #[error("no valid cube is within reach of these colours: {}", list(.conflicts))]
    NoValidCube {
        /// The stickers in conflict, in facelet order.
        conflicts: Vec<Conflict>,
    },
    /// A sticker rectangle that is not inside its frame (robot-rig sampling).
    #[error("the rectangle of sticker {} is not inside its {width}×{height} frame", sticker_name(*.sticker))]
    BadRect {
        /// The sticker (URFDLB facelet index).
        sticker: usize,
        /// The frame's width.
        width: usize,
        /// The frame's height.
        height: usize,
    },
    /// A photo in which no cube face (nine stickers in a 3×3 grid) was found.
    #[error("no cube face found in {photo}: {regions} sticker-like patches, but no nine of them form a 3×3 grid (is the whole face in the picture, sharp and lit?)")]
    NoFace {
        /// The photo's name (its file).
        photo: String,
        /// How many sticker-like patches were found.
        regions: usize,
    },
    /// Not six face photos.
    #[error("expected six face photos (one per face, any order), found {found}")]
    PhotoCount {
        /// How many were given.
        found: usize,
    },
    /// A valid cube was found, but too many stickers could be another colour for it to be
    /// likely: the light is too poor (too dark, too uneven) to read this cube.
    #[error("the colours are too unclear to read the cube; {} stickers could be another colour, least sure first: {}", .stickers.len(), names(.stickers))]
    Unsure {
        /// The doubtful stickers (URFDLB facelet index), least sure first.
        stickers: Vec<usize>,
    },
    /// Face photos taken turned: more than one way of turning the faces gives a valid cube
    /// about as likely as the best, and the cubes differ.
    #[error("the photos give {} different valid cubes depending on how each face is turned ({}); photograph each face as the net shows it (U with B up, D with F up, the others with U up) and read the photos as shot", .readings.len(), turned(.readings))]
    TurnsAmbiguous {
        /// Each reading: per face (URFDLB) the quarter turns clockwise applied to its photo,
        /// and the cube read so (facelets).
        readings: Vec<([u8; 6], String)>,
    },
}

fn turned(readings: &[([u8; 6], String)]) -> String {
    readings
        .iter()
        .map(|(turns, _)| crate::orient::describe(turns))
        .collect::<Vec<_>>()
        .join("; or ")
}

fn names(stickers: &[usize]) -> String {
    stickers
        .iter()
        .map(|&s| sticker_name(s))
        .collect::<Vec<_>>()
        .join(" ")
}

impl ScanError {
    /// A short machine-readable category name (`"no_valid_cube"`, ...).
    pub fn category(&self) -> &'static str {
        match self {
            ScanError::WrongCount { .. } => "wrong_count",
            ScanError::BadValue { .. } => "bad_value",
            ScanError::Json(_) => "bad_json",
            ScanError::BadPin { .. } => "bad_pin",
            ScanError::PinsContradict => "pins_contradict",
            ScanError::NoValidCube { .. } => "no_valid_cube",
            ScanError::Unsure { .. } => "unsure",
            ScanError::BadRect { .. } => "bad_rect",
            ScanError::NoFace { .. } => "no_face",
            ScanError::PhotoCount { .. } => "photo_count",
            ScanError::TurnsAmbiguous { .. } => "turns_ambiguous",
        }
    }
}

/// The name of sticker `index` (0..54): its face letter and its 1-based place on that face
/// as read on the net, e.g. `R3` (how every error and reading names a sticker).
pub fn sticker_name(index: usize) -> String {
    format!("{}{}", Face::from_index(index / 9).letter(), index % 9 + 1)
}
