//! The 18 outer face turns (HTM generators), the currency of every solver.

use crate::face::Face;
use std::fmt;

/// An outer face turn: a face and a quarter-turn count 1 (clockwise), 2 (half) or 3
/// (counter-clockwise). Index `face * 3 + turns - 1` runs 0..18 in the order
/// `U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Move {
    face: Face,
    turns: u8,
}

/// Number of outer face turns (6 faces × 3 amounts).
pub const N_MOVES: usize = 18;

impl Move {
    /// All 18 moves in index order.
    pub const ALL: [Move; N_MOVES] = {
        let mut all = [Move {
            face: Face::U,
            turns: 1,
        }; N_MOVES];
        let mut i = 0;
        while i < N_MOVES {
            all[i] = Move {
                face: Face::ALL[i / 3],
                turns: (i % 3) as u8 + 1,
            };
            i += 1;
        }
        all
    };

    /// A move of `face` by `turns` clockwise quarter turns, taken modulo 4; `None` for 0 mod 4.
    pub fn new(face: Face, turns: i32) -> Option<Move> {
        let t = turns.rem_euclid(4) as u8;
        (t != 0).then_some(Move { face, turns: t })
    }

    /// The move with index `i` (0..18).
    pub const fn from_index(i: usize) -> Move {
        Move::ALL[i]
    }

    /// This move's index (0..18).
    pub const fn index(self) -> usize {
        self.face as usize * 3 + self.turns as usize - 1
    }

    /// The face turned.
    pub const fn face(self) -> Face {
        self.face
    }

    /// Clockwise quarter turns: 1, 2 or 3.
    pub const fn turns(self) -> u8 {
        self.turns
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> Move {
        Move {
            face: self.face,
            turns: 4 - self.turns,
        }
    }

    /// Length in the quarter-turn metric (1 or 2).
    pub const fn qtm(self) -> usize {
        if self.turns == 2 {
            2
        } else {
            1
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["", "2", "'"][self.turns as usize - 1];
        write!(f, "{}{}", self.face, suffix)
    }
}

/// Formats moves one space apart, e.g. `R U2 F'`.
pub fn format_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
