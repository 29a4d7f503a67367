//! Reading the cube a request describes: a facelet string or a scramble, never both.

use crate::error::ApiError;
use rubik_cube::{Alg, CubieCube};

/// The longest scramble text accepted (characters); longer inputs are refused before parsing.
pub const MAX_SCRAMBLE_CHARS: usize = 4096;

/// The cube described by exactly one of `facelets` (54 letters, URFDLB order) and `scramble`
/// (moves applied to the solved cube).
pub fn cube_from_request(
    facelets: Option<&str>,
    scramble: Option<&str>,
) -> Result<CubieCube, ApiError> {
    match (facelets, scramble) {
        (Some(f), None) => Ok(CubieCube::from_facelets(f)?),
        (None, Some(s)) => cube_from_scramble(s),
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

/// The solved cube with `text`'s moves applied.
pub fn cube_from_scramble(text: &str) -> Result<CubieCube, ApiError> {
    let alg = parse_alg(text)?;
    Ok(rubik_cube::Cube::solved().apply(&alg).to_cubie())
}

/// Parses notation, mapping errors to a 400 naming the offending token.
pub fn parse_alg(text: &str) -> Result<Alg, ApiError> {
    if text.chars().count() > MAX_SCRAMBLE_CHARS {
        return Err(ApiError::bad_request(
            "notation",
            format!("the move sequence is longer than {MAX_SCRAMBLE_CHARS} characters"),
        ));
    }
    Alg::parse(text).map_err(|err| {
        let mut e = ApiError::bad_request("notation", err.to_string());
        e.column = Some(err.column);
        e
    })
}
