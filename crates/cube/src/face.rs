//! The six faces, in URFDLB order.

use std::fmt;

/// A face of the cube, in the URFDLB order used by facelet strings.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Face {
    /// Up.
    U = 0,
    /// Right.
    R = 1,
    /// Front.
    F = 2,
    /// Down.
    D = 3,
    /// Left.
    L = 4,
    /// Back.
    B = 5,
}

impl Face {
    /// All six faces in URFDLB order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's index in URFDLB order (0..6).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face with URFDLB index `i` (0..6).
    ///
    /// # Panics
    /// If `i >= 6`.
    pub const fn from_index(i: usize) -> Face {
        Face::ALL[i]
    }

    /// The face across the cube (U↔D, R↔L, F↔B).
    pub const fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }

    /// The axis of the face: 0 for U/D, 1 for R/L, 2 for F/B.
    pub const fn axis(self) -> usize {
        self as usize % 3
    }

    /// The face's letter (`'U'`, `'R'`, ...).
    pub const fn letter(self) -> char {
        ['U', 'R', 'F', 'D', 'L', 'B'][self as usize]
    }

    /// The face named by an upper-case letter, if any.
    pub fn from_letter(c: char) -> Option<Face> {
        match c {
            'U' => Some(Face::U),
            'R' => Some(Face::R),
            'F' => Some(Face::F),
            'D' => Some(Face::D),
            'L' => Some(Face::L),
            'B' => Some(Face::B),
            _ => None,
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
