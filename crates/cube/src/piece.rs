//! Corner and edge pieces (and positions), in Kociemba's order, with their facelets.

use crate::face::Face;
use std::fmt;

/// A corner piece or corner position. Order: URF UFL ULB UBR DFR DLF DBL DRB.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[allow(missing_docs, clippy::upper_case_acronyms)]
pub enum Corner {
    URF,
    UFL,
    ULB,
    UBR,
    DFR,
    DLF,
    DBL,
    DRB,
}

/// An edge piece or edge position. Order: UR UF UL UB DR DF DL DB FR FL BL BR.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[allow(missing_docs)]
pub enum Edge {
    UR,
    UF,
    UL,
    UB,
    DR,
    DF,
    DL,
    DB,
    FR,
    FL,
    BL,
    BR,
}

/// Number of corners.
pub const N_CORNERS: usize = 8;
/// Number of edges.
pub const N_EDGES: usize = 12;

impl Corner {
    /// All corners in Kociemba's order.
    pub const ALL: [Corner; 8] = [
        Corner::URF,
        Corner::UFL,
        Corner::ULB,
        Corner::UBR,
        Corner::DFR,
        Corner::DLF,
        Corner::DBL,
        Corner::DRB,
    ];

    /// The corner with index `i` (0..8).
    pub const fn from_index(i: usize) -> Corner {
        Corner::ALL[i]
    }

    /// The faces of this corner, U/D face first, then clockwise.
    pub const fn faces(self) -> [Face; 3] {
        CORNER_FACES[self as usize]
    }

    /// The facelet indices (URFDLB string positions) of this corner position, U/D sticker first,
    /// then clockwise.
    pub const fn facelets(self) -> [usize; 3] {
        CORNER_FACELETS[self as usize]
    }
}

impl Edge {
    /// All edges in Kociemba's order.
    pub const ALL: [Edge; 12] = [
        Edge::UR,
        Edge::UF,
        Edge::UL,
        Edge::UB,
        Edge::DR,
        Edge::DF,
        Edge::DL,
        Edge::DB,
        Edge::FR,
        Edge::FL,
        Edge::BL,
        Edge::BR,
    ];

    /// The edge with index `i` (0..12).
    pub const fn from_index(i: usize) -> Edge {
        Edge::ALL[i]
    }

    /// The two faces of this edge; the first is the one that defines orientation.
    pub const fn faces(self) -> [Face; 2] {
        EDGE_FACES[self as usize]
    }

    /// The facelet indices of this edge position, orientation-defining sticker first.
    pub const fn facelets(self) -> [usize; 2] {
        EDGE_FACELETS[self as usize]
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A corner or an edge: a piece or a position, for messages (`corner URF`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A corner position.
    Corner(Corner),
    /// An edge position.
    Edge(Edge),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Corner(c) => write!(f, "corner {c}"),
            Place::Edge(e) => write!(f, "edge {e}"),
        }
    }
}

use Face::{B, D, F, L, R, U};

/// Faces of each corner, U/D first then clockwise (Kociemba's `cornerColor`).
pub const CORNER_FACES: [[Face; 3]; 8] = [
    [U, R, F],
    [U, F, L],
    [U, L, B],
    [U, B, R],
    [D, F, R],
    [D, L, F],
    [D, B, L],
    [D, R, B],
];

/// Facelet indices of each corner position (see `shared/reference/README.md`).
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];

/// Faces of each edge, orientation-defining face first.
pub const EDGE_FACES: [[Face; 2]; 12] = [
    [U, R],
    [U, F],
    [U, L],
    [U, B],
    [D, R],
    [D, F],
    [D, L],
    [D, B],
    [F, R],
    [F, L],
    [B, L],
    [B, R],
];

/// Facelet indices of each edge position.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];
