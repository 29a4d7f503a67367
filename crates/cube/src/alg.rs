//! Notation: a placeholder holding outer face turns only, to be replaced by the full parser.

use crate::face::Face;
use crate::moves::Move;
use std::fmt;

/// A sequence of moves in notation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg {
    moves: Vec<Move>,
}

impl Alg {
    /// An algorithm of outer face turns.
    pub fn from_moves(moves: Vec<Move>) -> Alg {
        Alg { moves }
    }

    /// The outer face turns.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Parses face turns only (temporary).
    pub fn parse(s: &str) -> Result<Alg, String> {
        let mut moves = Vec::new();
        for tok in s.split_whitespace() {
            let mut chars = tok.chars();
            let face = chars
                .next()
                .and_then(Face::from_letter)
                .ok_or(tok.to_string())?;
            let turns = match chars.as_str() {
                "" => 1,
                "2" => 2,
                "'" => 3,
                _ => return Err(tok.to_string()),
            };
            moves.push(Move::new(face, turns).expect("nonzero"));
        }
        Ok(Alg { moves })
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::moves::format_moves(&self.moves))
    }
}
