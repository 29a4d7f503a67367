//! One entry point for the ways people describe a cube in a single line: a 54-letter facelet
//! string, or a move sequence applied to a solved cube.

use crate::alg::{Alg, ParseError};
use crate::cube::Cube;
use crate::error::CubeError;
use crate::facelet::N_FACELETS;
use thiserror::Error;

/// Why a text describes no cube: bad notation or a bad facelet string.
///
/// Its message already contains the inner error's, so it has no `source()`: a chain printed
/// with its causes says each fault once.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    /// The text was read as moves and is not valid notation.
    #[error("bad notation: {0}")]
    Notation(ParseError),
    /// The text was read as a facelet string and is not a valid cube.
    #[error("invalid cube: {0}")]
    Cube(CubeError),
}

impl From<ParseError> for InputError {
    fn from(e: ParseError) -> InputError {
        InputError::Notation(e)
    }
}

impl From<CubeError> for InputError {
    fn from(e: CubeError) -> InputError {
        InputError::Cube(e)
    }
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

/// Whether `text` is meant as a facelet string rather than moves: 54 capital letters, either
/// in one word or in six words of nine (one per face). Lower-case letters, digits, primes or
/// parentheses make it moves.
///
/// A near miss counts too: only the face letters U R F D L B, in one word of at least
/// [`MIN_FACELET_WORD`] letters (nobody writes that many moves without a space, a prime or a
/// count) or in six words of 7 to 11 letters. Read as facelets, it is reported by its length
/// instead of being solved as moves.
pub fn looks_like_facelets(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let lengths: Vec<usize> = words.iter().map(|w| w.chars().count()).collect();
    let letters: usize = lengths.iter().sum();
    let capitals = |allowed: fn(char) -> bool| words.iter().all(|w| w.chars().all(allowed));
    let exact = (words.len() == 1 || (words.len() == 6 && lengths.iter().all(|&n| n == 9)))
        && letters == N_FACELETS
        && capitals(|c| c.is_ascii_uppercase());
    let near_miss = ((words.len() == 1 && letters >= MIN_FACELET_WORD)
        || (words.len() == 6 && lengths.iter().all(|n| (7..=11).contains(n))))
        && capitals(|c| "URFDLB".contains(c));
    exact || near_miss
}

/// Shortest single word of face letters read as a (mistyped) facelet string rather than moves.
pub const MIN_FACELET_WORD: usize = 27;

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

    #[test]
    fn a_facelet_string_of_the_wrong_length_is_not_read_as_moves() {
        let superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
        for text in [
            &superflip[..53],
            &format!("{superflip}U"),
            "UUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB",
        ] {
            assert!(
                matches!(
                    parse_cube(text),
                    Err(InputError::Cube(CubeError::WrongLength { .. }))
                ),
                "{text}: {:?}",
                parse_cube(text)
            );
        }
        assert_eq!(
            parse_cube(&superflip[..53]).unwrap_err().to_string(),
            "invalid cube: a facelet string has 54 letters, this one has 53"
        );
        // Moves stay moves: spaces, primes, counts, short runs of letters.
        for moves in [
            "R U R' U'",
            "RUR'U'",
            "RURURURURURURURURURURURURU",
            "R U F D L B R U F",
        ] {
            assert!(parse_cube(moves).is_ok(), "{moves}");
        }
    }
}
