//! Why a cube description is not a valid cube: every fault named precisely.

use crate::piece::{Corner, Edge};
use thiserror::Error;

/// A fault in a cube description (facelet string, colour net or cubie state).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CubeError {
    /// The facelet string does not have 54 stickers.
    #[error("a facelet string has 54 letters, this one has {found}")]
    WrongLength {
        /// Number of stickers found.
        found: usize,
    },
    /// A character that names no face (or no colour of the net).
    #[error("bad character {ch:?} at facelet {index} (expected one of U R F D L B)")]
    BadCharacter {
        /// The offending character.
        ch: char,
        /// Its facelet index (0..54).
        index: usize,
    },
    /// The six centres are not six distinct colours.
    #[error(
        "the centres must be six different colours, but {colour:?} is on more than one centre"
    )]
    CentresNotDistinct {
        /// A colour seen on two centres.
        colour: char,
    },
    /// Six distinct centre letters in an arrangement no real cube has (a mirror image), e.g.
    /// only U and D swapped.
    #[error(
        "the centres are arranged as on no real cube: {centres} (read in the order U R F D L B) \
         is the mirror image of a real cube's centres; check the centre letters"
    )]
    MirroredCentres {
        /// The six centre letters in URFDLB position order.
        centres: String,
    },
    /// A colour net has the wrong number of sticker rows.
    #[error(
        "a colour net has 9 rows of stickers (3 for U, 3 for L F R B, 3 for D), found {found}"
    )]
    NetRowCount {
        /// Rows found (blank lines and comments not counted).
        found: usize,
    },
    /// A row of a colour net has the wrong number of stickers.
    #[error("row {row} of the net (line {line}) should have {expected} stickers, found {found}")]
    NetRowLength {
        /// 1-based row of the net (1–3 U, 4–6 L F R B, 7–9 D).
        row: usize,
        /// 1-based line of the text.
        line: usize,
        /// Stickers expected (3 or 12).
        expected: usize,
        /// Stickers found.
        found: usize,
    },
    /// A sticker of a colour net has a colour no centre has.
    #[error("the sticker {ch:?} at row {row}, column {column} of the net (line {line}) is not the colour of any centre")]
    NetBadColour {
        /// The character.
        ch: char,
        /// 1-based row of the net (1–9).
        row: usize,
        /// 1-based sticker column in the net (1–12, U and D stickers in 4–6).
        column: usize,
        /// 1-based line of the text.
        line: usize,
    },
    /// A colour appears a number of times other than 9.
    #[error("{} appears {count} times; each colour must appear exactly 9 times", colour_name(*.colour))]
    ColourCount {
        /// The colour.
        colour: char,
        /// How many stickers have it.
        count: usize,
    },
    /// The stickers at a corner position form no real corner (e.g. U and D colours together).
    #[error("the corner at {position} has colours {colours} that no corner has")]
    ImpossibleCornerColours {
        /// The position.
        position: Corner,
        /// The three stickers, read clockwise from its U/D sticker.
        colours: String,
    },
    /// The stickers at an edge position form no real edge.
    #[error("the edge at {position} has colours {colours} that no edge has")]
    ImpossibleEdgeColours {
        /// The position.
        position: Edge,
        /// The two stickers.
        colours: String,
    },
    /// A corner position holds a value that is no corner (cubie-level input).
    #[error("the corner at {position} is not a valid corner")]
    ImpossibleCorner {
        /// The position.
        position: Corner,
    },
    /// An edge position holds a value that is no edge (cubie-level input).
    #[error("the edge at {position} is not a valid edge")]
    ImpossibleEdge {
        /// The position.
        position: Edge,
    },
    /// The same corner appears twice.
    #[error("the {0} corner appears twice")]
    DuplicateCorner(Corner),
    /// The same edge appears twice.
    #[error("the {0} edge appears twice")]
    DuplicateEdge(Edge),
    /// Corner twists do not sum to a multiple of 3.
    #[error("a corner is twisted (total twist {twist} mod 3; first twisted corner at {position})")]
    TwistedCorner {
        /// A position holding a twisted corner.
        position: Corner,
        /// Total twist mod 3 (1: one corner twisted clockwise too many, 2: counter-clockwise).
        twist: u8,
    },
    /// Edge flips do not sum to an even number.
    #[error("an edge is flipped (odd total flip; first flipped edge at {position})")]
    FlippedEdge {
        /// A position holding a flipped edge.
        position: Edge,
    },
    /// Corner and edge permutations have different parity: two pieces are swapped.
    #[error(
        "permutation parity: two pieces are swapped (corner and edge permutation parities differ)"
    )]
    Parity,
}

/// A colour character said in words: the WCA scheme's name for the face letters of a facelet
/// string (U white, R red, F green, D yellow, L orange, B blue) and for the colour letters of a
/// net (W Y G O, with R and B meaning red and blue in both), with the character kept; any other
/// character as itself.
pub fn colour_name(ch: char) -> String {
    let name = match ch.to_ascii_uppercase() {
        'U' | 'W' => Some("white"),
        'R' => Some("red"),
        'F' | 'G' => Some("green"),
        'D' | 'Y' => Some("yellow"),
        'L' | 'O' => Some("orange"),
        'B' => Some("blue"),
        _ => None,
    };
    match name {
        Some(n) => format!("{n} ({ch})"),
        None => format!("the colour {ch:?}"),
    }
}

impl CubeError {
    /// A short machine-readable category name (`"parity"`, `"twisted_corner"`, ...).
    pub fn category(&self) -> &'static str {
        match self {
            CubeError::WrongLength { .. } => "wrong_length",
            CubeError::BadCharacter { .. } | CubeError::NetBadColour { .. } => "bad_character",
            CubeError::CentresNotDistinct { .. } => "centres_not_distinct",
            CubeError::MirroredCentres { .. } => "mirrored_centres",
            CubeError::NetRowCount { .. } | CubeError::NetRowLength { .. } => "net_format",
            CubeError::ColourCount { .. } => "colour_count",
            CubeError::ImpossibleCornerColours { .. } | CubeError::ImpossibleCorner { .. } => {
                "impossible_corner"
            }
            CubeError::ImpossibleEdgeColours { .. } | CubeError::ImpossibleEdge { .. } => {
                "impossible_edge"
            }
            CubeError::DuplicateCorner(_) => "duplicate_corner",
            CubeError::DuplicateEdge(_) => "duplicate_edge",
            CubeError::TwistedCorner { .. } => "twisted_corner",
            CubeError::FlippedEdge { .. } => "flipped_edge",
            CubeError::Parity => "parity",
        }
    }

    /// The piece at fault, if the error names one (e.g. `"URF"`).
    pub fn piece(&self) -> Option<String> {
        match self {
            CubeError::ImpossibleCornerColours { position, .. }
            | CubeError::ImpossibleCorner { position }
            | CubeError::TwistedCorner { position, .. }
            | CubeError::DuplicateCorner(position) => Some(position.to_string()),
            CubeError::ImpossibleEdgeColours { position, .. }
            | CubeError::ImpossibleEdge { position }
            | CubeError::FlippedEdge { position }
            | CubeError::DuplicateEdge(position) => Some(position.to_string()),
            _ => None,
        }
    }
}
