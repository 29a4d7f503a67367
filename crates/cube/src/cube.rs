//! [`Cube`]: the whole physical cube, centres included, so slices and rotations can be applied
//! and the stickers read where they now are.
//!
//! Representation: the pieces as a [`CubieCube`] in the fixed frame of the positions (position
//! `URF` is whatever corner is at the up-right-front of the cube as it is held now; pieces are
//! named by their colours), plus which of the 24 whole-cube orientations the centres are in.
//! An outer face turn multiplies the pieces by that turn; a rotation multiplies them by the
//! rotation's cubie effect and moves the centres; wide turns and slices are an outer turn and a
//! rotation (`Rw = L x`, `M = R L' x'`). [`Cube::to_cubie`] relabels the colours by the centres,
//! giving the state a solver takes: the cube as seen in its current orientation.

use crate::alg::{Alg, Layer, Turn};
use crate::cubie::{CubieCube, MOVE_CUBES};
use crate::error::CubeError;
use crate::face::Face;
use crate::facelet::{CENTRES, N_FACELETS};
use crate::moves::Move;
use crate::rotation::{self, Axis};
use std::fmt;

/// The physical cube: pieces and centres (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// Pieces at the fixed positions, named by their colours.
    pieces: CubieCube,
    /// Index into [`rotation::orientations`]: where the centres are.
    orientation: u8,
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::solved()
    }
}

impl Cube {
    /// The solved cube, U (white) on top and F (green) in front.
    pub const fn solved() -> Cube {
        Cube {
            pieces: CubieCube::SOLVED,
            orientation: 0,
        }
    }

    /// A cube in the start orientation whose pieces are in the given (valid) state.
    pub fn from_cubie(c: CubieCube) -> Cube {
        Cube {
            pieces: c,
            orientation: 0,
        }
    }

    /// A cube from its pieces in the fixed frame of positions (named by their colours) and the
    /// index of its centres' orientation among [`rotation::orientations`].
    ///
    /// # Panics
    /// If `orientation` is not below [`rotation::N_ORIENTATIONS`].
    pub fn from_parts(pieces: CubieCube, orientation: u8) -> Cube {
        assert!((orientation as usize) < rotation::N_ORIENTATIONS);
        Cube {
            pieces,
            orientation,
        }
    }

    /// The cube after an outer face turn.
    pub fn apply_move(&self, m: Move) -> Cube {
        Cube {
            pieces: self.pieces.multiply(&MOVE_CUBES[m.index()]),
            orientation: self.orientation,
        }
    }

    /// The cube after a sequence of outer face turns.
    pub fn apply_moves(&self, moves: &[Move]) -> Cube {
        let mut c = *self;
        for &m in moves {
            c.pieces = c.pieces.multiply(&MOVE_CUBES[m.index()]);
        }
        c
    }

    /// The cube after any single turn: face, wide, slice or rotation.
    pub fn apply_turn(&self, t: Turn) -> Cube {
        let mut c = *self;
        c.turn_in_place(t);
        c
    }

    fn turn_in_place(&mut self, t: Turn) {
        if let Layer::Face(f) = t.layer {
            self.pieces = self
                .pieces
                .multiply(&MOVE_CUBES[f.index() * 3 + t.amount as usize - 1]);
            return;
        }
        for (f, amount) in t.outer_turns() {
            let q = amount.rem_euclid(4) as usize;
            if q != 0 {
                self.pieces = self.pieces.multiply(&MOVE_CUBES[f.index() * 3 + q - 1]);
            }
        }
        if let Some((axis, turns)) = t.rotation() {
            self.rotate(axis, turns);
        }
    }

    fn rotate(&mut self, axis: Axis, turns: u8) {
        if turns.is_multiple_of(4) {
            return;
        }
        self.pieces = self.pieces.multiply(rotation::rotation_cubie(axis, turns));
        self.orientation = rotation::rotate(self.orientation, axis, turns);
    }

    /// The cube after an algorithm (groups expanded; rotations and slices move the centres).
    pub fn apply(&self, alg: &Alg) -> Cube {
        let mut c = *self;
        alg.for_each_turn(&mut |t| c.turn_in_place(t));
        c
    }

    /// The state a solver takes: the pieces relative to the centres, as the cube is held now.
    /// A solved cube in any orientation gives [`CubieCube::SOLVED`].
    pub fn to_cubie(&self) -> CubieCube {
        if self.orientation == 0 {
            return self.pieces;
        }
        rotation::orientations()[self.orientation as usize]
            .inverse_cubie
            .multiply(&self.pieces)
    }

    /// The pieces in the fixed frame of positions, named by their colours (not normalised).
    pub fn pieces(&self) -> &CubieCube {
        &self.pieces
    }

    /// The colour (named by its home face) of the centre on each face position, URFDLB order.
    pub fn centres(&self) -> [Face; 6] {
        rotation::orientations()[self.orientation as usize].centres
    }

    /// Index of the whole-cube orientation (0 = U on top, F in front) among
    /// [`rotation::orientations`].
    pub fn orientation(&self) -> u8 {
        self.orientation
    }

    /// Whether every face shows one colour (in any orientation).
    pub fn is_solved(&self) -> bool {
        self.to_cubie().is_solved()
    }

    /// The colour of each sticker, URFDLB order; colours are named by the face they belong to
    /// on a solved cube, so after `x` the U centre reads `F`.
    pub fn to_face_array(&self) -> [Face; N_FACELETS] {
        let mut out = self.pieces.to_face_array();
        for (pos, colour) in self.centres().into_iter().enumerate() {
            out[CENTRES[pos]] = colour;
        }
        out
    }

    /// The 54-letter facelet string, URFDLB order, letters naming colours by their home face.
    pub fn to_facelets(&self) -> String {
        self.to_face_array().iter().map(|f| f.letter()).collect()
    }

    /// Reads a 54-letter facelet string (URFDLB order; whitespace ignored) and validates it.
    /// Letters name colours by their home face, so centres may be in any of the 24 orientations
    /// a real cube can be held in: the string printed after `x` reads back as that cube.
    pub fn from_facelets(s: &str) -> Result<Cube, CubeError> {
        let letters: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        // Centres in a mirror image's arrangement are the fault to report, before the pieces
        // (read against those centres, every piece would look wrong).
        let centres: Option<Vec<Face>> = (letters.len() == N_FACELETS)
            .then(|| {
                CENTRES
                    .iter()
                    .map(|&i| Face::from_letter(letters[i]))
                    .collect()
            })
            .flatten();
        let orientation = match centres {
            Some(centres) if all_distinct(&centres) => {
                let centres: [Face; 6] = centres.try_into().expect("six centres");
                Some(rotation::orientation_with_centres(&centres).ok_or_else(|| {
                    CubeError::MirroredCentres {
                        centres: centres.iter().map(|f| f.letter()).collect(),
                    }
                })?)
            }
            _ => None,
        };
        let normalised = CubieCube::from_facelets(s)?;
        let orientation = orientation.expect("a valid facelet string has six distinct centres");
        Ok(Cube {
            pieces: rotation::orientations()[orientation as usize]
                .cubie
                .multiply(&normalised),
            orientation,
        })
    }

    /// Reads 54 stickers in any six colours (URFDLB order); the centres say which colour is
    /// which face, so the cube is taken to be in the start orientation.
    pub fn from_colours(colours: &[char]) -> Result<Cube, CubeError> {
        CubieCube::from_colours(colours).map(Cube::from_cubie)
    }
}

impl fmt::Display for Cube {
    /// The facelet string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_facelets())
    }
}

impl From<CubieCube> for Cube {
    fn from(c: CubieCube) -> Cube {
        Cube::from_cubie(c)
    }
}

/// Whether no face appears twice.
fn all_distinct(faces: &[Face]) -> bool {
    faces
        .iter()
        .enumerate()
        .all(|(i, f)| !faces[..i].contains(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(alg: &str) -> Cube {
        Cube::solved().apply(&Alg::parse(alg).unwrap())
    }

    #[test]
    fn reference_r_move() {
        assert_eq!(
            cube("R").to_facelets(),
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
        );
    }

    #[test]
    fn x_moves_front_stickers_up() {
        let c = cube("x");
        assert_eq!(
            c.to_facelets(),
            "FFFFFFFFFRRRRRRRRRDDDDDDDDDBBBBBBBBBLLLLLLLLLUUUUUUUUU"
        );
        assert!(c.is_solved());
        assert_eq!(c.to_cubie(), CubieCube::SOLVED);
    }

    #[test]
    fn slices_and_wide_turns_decompose() {
        assert_eq!(cube("M"), cube("R L' x'"));
        assert_eq!(cube("E"), cube("U D' y'"));
        assert_eq!(cube("S"), cube("F' B z"));
        assert_eq!(cube("Rw"), cube("L x"));
        assert_eq!(cube("r"), cube("R M'"));
        assert_eq!(cube("2Rw'"), cube("R' M"));
        assert_eq!(cube("Uw"), cube("U E'"));
        assert_eq!(cube("Fw2"), cube("F2 S2"));
    }

    #[test]
    fn normalised_state_matches_reading_the_stickers() {
        for alg in [
            "x U",
            "y R F'",
            "r U r' U'",
            "M2 E S'",
            "z2 Bw y'",
            "(Rw U x)3 E",
        ] {
            let c = cube(alg);
            let read = CubieCube::from_facelets(&c.to_facelets()).unwrap();
            assert_eq!(c.to_cubie(), read, "{alg}");
            assert_eq!(Cube::from_facelets(&c.to_facelets()).unwrap(), c, "{alg}");
        }
    }

    #[test]
    fn outer_moves_reproduce_the_cube() {
        for alg in ["x U", "r U r' U'", "M2 E S'", "z2 Bw y' D", "(Rw U x)3 E"] {
            let a = Alg::parse(alg).unwrap();
            let via_outer = Cube::solved()
                .apply_moves(&a.to_outer_moves())
                .apply(&a.net_rotation());
            assert_eq!(via_outer, Cube::solved().apply(&a), "{alg}");
        }
    }
}
