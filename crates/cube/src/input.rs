//! One entry point for the ways people describe a cube in a single line: a 54-letter facelet
//! string, or a move sequence applied to a solved cube.

use crate::alg::{Alg, ParseError};
use crate::cube::Cube;
use crate::error::CubeError;
use crate::facelet::N_FACELETS;
use thiserror::Error;

/// Why a text describes no cube: bad notation or a bad facelet string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    /// The text was read as moves and is not valid notation.
    #[error("bad notation: {0}")]
    Notation(#[from] ParseError),
    /// The text was read as a facelet string and is not a valid cube.
    #[error("invalid cube: {0}")]
    Cube(#[from] CubeError),
}

impl InputError {
    /// A short machine-readable category: `"notation"` for bad moves, else the cube fault's
    /// [`CubeError::category`].
    pub fn category(&self) -> &'static str {
        match self {
            InputError::Notation(_) => "notation",
            InputError::Cube(e) => e.category(),
        }
    }

    /// The piece at fault, if the error names one.
    pub fn piece(&self) -> Option<String> {
        match self {
            InputError::Notation(_) => None,
            InputError::Cube(e) => e.piece(),
        }
    }
}

/// Whether `text` is meant as a facelet string rather than moves: 54 letters, either in one
/// word or in six words of nine (one per face). Lower-case letters, digits, primes or
/// parentheses make it moves.
pub fn looks_like_facelets(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let letters: usize = words.iter().map(|w| w.chars().count()).sum();
    let shaped =
        words.len() == 1 || (words.len() == 6 && words.iter().all(|w| w.chars().count() == 9));
    letters == N_FACELETS
        && shaped
        && words
            .iter()
            .all(|w| w.chars().all(|c| c.is_ascii_uppercase()))
}

/// Reads a cube from a facelet string (see [`looks_like_facelets`]) or, otherwise, from a move
/// sequence applied to a solved cube.
///
/// ```
/// use rubik_cube::input::parse_cube;
/// let by_moves = parse_cube("R").unwrap();
/// let by_facelets = parse_cube("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB").unwrap();
/// assert_eq!(by_moves, by_facelets);
/// ```
pub fn parse_cube(text: &str) -> Result<Cube, InputError> {
    if looks_like_facelets(text) {
        Ok(Cube::from_facelets(text)?)
    } else {
        Ok(Cube::solved().apply(&Alg::parse(text)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facelets_and_moves() {
        let solved = "UUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB";
        assert_eq!(parse_cube(solved).unwrap(), Cube::solved());
        assert_eq!(parse_cube("").unwrap(), Cube::solved());
        assert!(matches!(parse_cube("R U Q"), Err(InputError::Notation(_))));
        let bad = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBU";
        assert!(matches!(
            parse_cube(bad),
            Err(InputError::Cube(CubeError::ColourCount { .. }))
        ));
    }
}
