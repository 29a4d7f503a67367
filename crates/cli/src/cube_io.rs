//! The CLI's single door into `rubik_cube`: reading cubes and algorithms from text and writing
//! them back. Every command goes through these few functions, so the cube crate's API is used
//! in one place.
//!
//! TEMPORARY: until `rubik_cube::{Cube, input, net}` land on main, the state is the cubie model
//! (outer face turns only, centres fixed) and the net is drawn from its facelet string.

use rubik_cube::{Alg, CubeError, CubieCube, Move};
use std::fmt;

/// The puzzle state the CLI works with.
pub type Cube = CubieCube;

/// Why a piece of text is not a cube or an algorithm.
#[derive(Debug)]
pub enum InputError {
    /// The text is not valid notation.
    Notation(String),
    /// The text describes a cube that cannot exist.
    Cube(CubeError),
}

impl InputError {
    /// A machine-readable category (`"notation"`, or the cube fault's category).
    pub fn category(&self) -> &'static str {
        match self {
            InputError::Notation(_) => "notation",
            InputError::Cube(e) => e.category(),
        }
    }

    /// The piece at fault, when the error names one.
    pub fn piece(&self) -> Option<String> {
        match self {
            InputError::Notation(_) => None,
            InputError::Cube(e) => e.piece(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Notation(e) => write!(f, "bad notation: {e}"),
            InputError::Cube(e) => write!(f, "invalid cube: {e}"),
        }
    }
}

impl std::error::Error for InputError {}

impl From<CubeError> for InputError {
    fn from(e: CubeError) -> Self {
        InputError::Cube(e)
    }
}

/// The solved cube.
pub fn solved() -> Cube {
    CubieCube::SOLVED
}

/// Parses an algorithm in any notation the cube crate accepts.
pub fn parse_alg(text: &str) -> Result<Alg, InputError> {
    Alg::parse(text).map_err(|e| InputError::Notation(e.to_string()))
}

/// `cube` after `alg`.
pub fn apply(cube: &Cube, alg: &Alg) -> Cube {
    rubik_cube::Cube::from_cubie(*cube).apply(alg).to_cubie()
}

/// `cube` after outer face turns.
pub fn apply_moves(cube: &Cube, moves: &[Move]) -> Cube {
    cube.apply_moves(moves)
}

/// Reads a 54-letter facelet string (URFDLB order), validating it.
pub fn parse_facelets(text: &str) -> Result<Cube, InputError> {
    Ok(CubieCube::from_facelets(text)?)
}

/// Reads either a facelet string or a move sequence (applied to the solved cube).
pub fn parse_state(text: &str) -> Result<Cube, InputError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if looks_like_facelets(&compact) {
        parse_facelets(&compact)
    } else {
        Ok(apply(&solved(), &parse_alg(text)?))
    }
}

/// Whether `s` (whitespace removed) is meant as a facelet string rather than moves: 54
/// characters with no notation punctuation.
fn looks_like_facelets(s: &str) -> bool {
    s.chars().count() == 54 && s.chars().all(|c| c.is_ascii_alphabetic())
}

/// Reads a colour-net text file's contents (the format in DESIGN.md).
pub fn parse_net(text: &str) -> Result<Cube, InputError> {
    let mut stickers: Vec<char> = Vec::with_capacity(54);
    let mut rows: Vec<Vec<char>> = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let row: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if !row.is_empty() {
            rows.push(row);
        }
    }
    // Rows 1-3: U; rows 4-6: L F R B; rows 7-9: D. Reorder into URFDLB.
    if rows.len() != 9
        || rows[..3].iter().any(|r| r.len() != 3)
        || rows[3..6].iter().any(|r| r.len() != 12)
        || rows[6..].iter().any(|r| r.len() != 3)
    {
        let found = rows.iter().map(Vec::len).sum();
        return Err(InputError::Cube(CubeError::WrongLength { found }));
    }
    let band = |offset: usize| -> Vec<char> {
        rows[3..6]
            .iter()
            .flat_map(|r| r[offset..offset + 3].to_vec())
            .collect()
    };
    stickers.extend(rows[..3].iter().flatten());
    stickers.extend(band(6)); // R
    stickers.extend(band(3)); // F
    stickers.extend(rows[6..].iter().flatten());
    stickers.extend(band(0)); // L
    stickers.extend(band(9)); // B
    Ok(CubieCube::from_colours(&stickers)?)
}

/// The 54-letter facelet string of `cube`.
pub fn facelets(cube: &Cube) -> String {
    cube.to_facelets()
}

/// The cubie state solvers take (normalised by centres).
pub fn to_cubie(cube: &Cube) -> CubieCube {
    *cube
}

/// Whether every face shows one colour.
pub fn is_solved(cube: &Cube) -> bool {
    cube.is_solved()
}

/// The flat net of `cube`, in ANSI colours when `colour`, else in face letters.
pub fn render_net(cube: &Cube, colour: bool) -> String {
    crate::output::net_from_facelets(&facelets(cube), colour)
}
