//! Reading the cube a request describes: a facelet string or a scramble, never both.
//!
//! The result is a [`Cube`] (pieces and centres, as the cube is held): facelet strings may show
//! the cube in any whole-cube orientation, and scrambles may use wide turns, slices and
//! rotations. Solvers take [`Cube::to_cubie`]; their face turns name the faces where they are now.

use crate::error::ApiError;
use rubik_cube::{Alg, Cube};
use rubik_solve::service::{CubeInput, Service, MAX_CUBE_TEXT};

/// The cube described by exactly one of `facelets` (54 letters, URFDLB order) and `scramble`
/// (moves applied to the solved cube; a facelet string sent there, perhaps a letter short,
/// is read as one, as the command line does), for the service to read.
pub fn cube_input(facelets: Option<&str>, scramble: Option<&str>) -> Result<CubeInput, ApiError> {
    match (facelets, scramble) {
        (Some(f), None) => Ok(CubeInput::Facelets(f.to_string())),
        (None, Some(s)) => Ok(CubeInput::Text(s.to_string())),
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

/// The cube of [`cube_input`], read by the service.
pub fn cube_from_request(facelets: Option<&str>, scramble: Option<&str>) -> Result<Cube, ApiError> {
    Ok(Service::read_cube(&cube_input(facelets, scramble)?)?)
}

/// Parses notation, mapping errors to a 400 naming the offending token and its column.
pub fn parse_alg(text: &str) -> Result<Alg, ApiError> {
    if text.chars().count() > MAX_CUBE_TEXT {
        return Err(ApiError::bad_request(
            "notation",
            format!("the move sequence is longer than {MAX_CUBE_TEXT} characters"),
        ));
    }
    Alg::parse(text).map_err(|e| rubik_cube::InputError::Notation(e).into())
}
