//! Reading the cube a request describes: a facelet string or a scramble, never both.
//!
//! The result is a [`Cube`] (pieces and centres, as the cube is held): facelet strings may show
//! the cube in any whole-cube orientation, and scrambles may use wide turns, slices and
//! rotations. Solvers take [`Cube::to_cubie`]; their face turns name the faces where they are now.

use crate::error::ApiError;
use rubik_cube::input::looks_like_facelets;
use rubik_cube::{Alg, Cube, ParseError};

/// The longest scramble text accepted (characters); longer inputs are refused before parsing.
pub const MAX_SCRAMBLE_CHARS: usize = 4096;

/// The cube described by exactly one of `facelets` (54 letters, URFDLB order) and `scramble`
/// (moves applied to the solved cube).
pub fn cube_from_request(facelets: Option<&str>, scramble: Option<&str>) -> Result<Cube, ApiError> {
    match (facelets, scramble) {
        (Some(f), None) => Ok(Cube::from_facelets(f)?),
        // A facelet string sent as a scramble (perhaps a letter short) is read as one, as the
        // command line does, rather than played as 50-odd moves.
        (None, Some(s)) if s.len() <= MAX_SCRAMBLE_CHARS && looks_like_facelets(s) => {
            Ok(Cube::from_facelets(s)?)
        }
        (None, Some(s)) => Ok(Cube::solved().apply(&parse_alg(s)?)),
        (Some(_), Some(_)) => Err(ApiError::bad_request(
            "ambiguous_input",
            "give either facelets or scramble, not both",
        )),
        (None, None) => Err(ApiError::bad_request(
            "missing_input",
            "give the cube as facelets (54 letters) or as a scramble",
        )),
    }
}

/// Parses notation, mapping errors to a 400 naming the offending token and its column.
pub fn parse_alg(text: &str) -> Result<Alg, ApiError> {
    if text.chars().count() > MAX_SCRAMBLE_CHARS {
        return Err(ApiError::bad_request(
            "notation",
            format!("the move sequence is longer than {MAX_SCRAMBLE_CHARS} characters"),
        ));
    }
    Alg::parse(text).map_err(notation_error)
}

fn notation_error(e: ParseError) -> ApiError {
    let mut err = ApiError::bad_request("notation", format!("cannot read the moves: {e}"));
    err.column = Some(e.column);
    err
}
