//! The CLI's single door into `rubik_cube` (and `rubik_scan`): reading cubes and algorithms
//! from text and measured colours, and writing them back. Every command goes through these few
//! functions, so the cube crates' APIs are used in one place.

use rubik_cube::net::NetStyle;
use rubik_cube::{Alg, CubieCube, Move};

pub use rubik_cube::Cube;

pub use rubik_cube::InputError;

pub use rubik_scan::{Resolution, ScanError};

/// The solved cube.
pub fn solved() -> Cube {
    Cube::solved()
}

/// Parses an algorithm in any notation the cube crate accepts.
pub fn parse_alg(text: &str) -> Result<Alg, InputError> {
    Ok(Alg::parse(text)?)
}

/// `cube` after `alg`.
pub fn apply(cube: &Cube, alg: &Alg) -> Cube {
    cube.apply(alg)
}

/// `cube` after outer face turns.
pub fn apply_moves(cube: &Cube, moves: &[Move]) -> Cube {
    cube.apply_moves(moves)
}

/// Reads a 54-letter facelet string (URFDLB order), validating it.
pub fn parse_facelets(text: &str) -> Result<Cube, InputError> {
    Ok(Cube::from_facelets(text)?)
}

/// Reads either a facelet string or a move sequence (applied to the solved cube).
pub fn parse_state(text: &str) -> Result<Cube, InputError> {
    rubik_cube::input::parse_cube(text)
}

/// Reads a colour-net text file's contents (the format in DESIGN.md).
pub fn parse_net(text: &str) -> Result<Cube, InputError> {
    Ok(rubik_cube::net::parse_net(text)?)
}

/// The 54-letter facelet string of `cube`.
pub fn facelets(cube: &Cube) -> String {
    cube.to_facelets()
}

/// The cubie state solvers take (normalised by centres).
pub fn to_cubie(cube: &Cube) -> CubieCube {
    cube.to_cubie()
}

/// Measured colours (JSON, see `rubik_scan::input`) resolved into the most probable valid
/// cube, with the resolver's confidences.
pub fn resolve_rgb(text: &str) -> Result<(Cube, Resolution), ScanError> {
    let rgb = rubik_scan::parse_rgb_json(text)?;
    let resolution = rubik_scan::resolve(&rgb)?;
    Ok((Cube::from_cubie(resolution.cube), resolution))
}

/// 54 colours sampled from pixels resolved into the most probable valid cube.
pub fn resolve_colours(rgb: &[[f64; 3]]) -> Result<(Cube, Resolution), ScanError> {
    let resolution = rubik_scan::resolve(rgb)?;
    Ok((Cube::from_cubie(resolution.cube), resolution))
}

/// 54 colours from face photos, each face as shot but maybe turned: the most probable valid
/// cube over each face's quarter turns (`rubik_scan::orient`), and the turns (clockwise
/// quarters per face, URFDLB) that bring each photo to the net.
pub fn resolve_turned_colours(rgb: &[[f64; 3]]) -> Result<(Cube, Resolution, [u8; 6]), ScanError> {
    let turned = rubik_scan::orient::resolve_turned(&rubik_scan::Resolver::new(), rgb)?;
    Ok((
        Cube::from_cubie(turned.resolution.cube),
        turned.resolution,
        turned.turns,
    ))
}

/// "U a quarter turn clockwise, F a half turn" for a set of turns.
pub fn describe_turns(turns: &[u8; 6]) -> String {
    rubik_scan::orient::describe(turns)
}

pub use rubik_scan::sample::{Frame, Rect};

/// The 54 colours of six face photos in any order (each named for errors), read by
/// `rubik_scan::photo`.
pub fn colours_from_photos(photos: &[(String, Frame)]) -> Result<Vec<[f64; 3]>, ScanError> {
    rubik_scan::photo::scan_photos(photos)
}

/// The 54 colours of a robot rig's frames, one rectangle per sticker (`rubik_scan::sample`).
pub fn colours_from_rig(
    frames: &[Frame],
    rects: &[(usize, Rect)],
) -> Result<Vec<[f64; 3]>, ScanError> {
    rubik_scan::sample::sample_rig(frames, rects)
}

/// The name of sticker `index` on the net (`R3`).
pub fn sticker_name(index: usize) -> String {
    rubik_scan::sticker_name(index)
}

/// Whether every face shows one colour.
pub fn is_solved(cube: &Cube) -> bool {
    cube.is_solved()
}

/// The flat net of `cube`, in ANSI colours when `colour`, else in face letters.
pub fn render_net(cube: &Cube, colour: bool) -> String {
    let style = if colour {
        NetStyle::Ansi
    } else {
        NetStyle::Letters
    };
    rubik_cube::net::render_net(cube, style)
}
