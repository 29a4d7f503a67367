//! Facelet strings (54 letters, URFDLB order) to and from the cubie model, with validation.

use crate::cubie::CubieCube;
use crate::error::CubeError;
use crate::face::Face;
use crate::piece::{Corner, Edge, CORNER_FACELETS, CORNER_FACES, EDGE_FACELETS, EDGE_FACES};

/// Number of stickers.
pub const N_FACELETS: usize = 54; // 6 faces × 9
/// Index of each face's centre sticker in URFDLB order.
pub const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];

impl CubieCube {
    /// The 54-letter facelet string of this state (letters name faces).
    pub fn to_facelets(&self) -> String {
        self.to_face_array().iter().map(|f| f.letter()).collect()
    }

    /// The face colour of each of the 54 stickers.
    pub fn to_face_array(&self) -> [Face; N_FACELETS] {
        let mut out = [Face::U; N_FACELETS];
        for (i, face) in Face::ALL.iter().enumerate() {
            out[i * 9..i * 9 + 9].fill(*face);
        }
        for pos in 0..8 {
            let (piece, ori) = (self.cp[pos] as usize, self.co[pos] as usize);
            for n in 0..3 {
                out[CORNER_FACELETS[pos][(n + ori) % 3]] = CORNER_FACES[piece][n];
            }
        }
        for pos in 0..12 {
            let (piece, ori) = (self.ep[pos] as usize, self.eo[pos] as usize);
            for n in 0..2 {
                out[EDGE_FACELETS[pos][(n + ori) % 2]] = EDGE_FACES[piece][n];
            }
        }
        out
    }

    /// Reads a 54-letter facelet string in URFDLB order and validates it.
    ///
    /// Letters name faces; the centres decide which letter belongs to which face, so a cube
    /// held in any whole-cube orientation is read as the same state. Whitespace is ignored.
    pub fn from_facelets(s: &str) -> Result<CubieCube, CubeError> {
        let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != N_FACELETS {
            return Err(CubeError::WrongLength { found: chars.len() });
        }
        if let Some((index, &ch)) = chars
            .iter()
            .enumerate()
            .find(|(_, c)| Face::from_letter(**c).is_none())
        {
            return Err(CubeError::BadCharacter { ch, index });
        }
        CubieCube::from_colours(&chars)
    }

    /// Reads 54 stickers given as any six distinct colour characters, URFDLB order; the centre
    /// colours decide which colour is which face. Validates fully.
    pub fn from_colours(colours: &[char]) -> Result<CubieCube, CubeError> {
        if colours.len() != N_FACELETS {
            return Err(CubeError::WrongLength {
                found: colours.len(),
            });
        }
        let centre_colours: Vec<char> = CENTRES.iter().map(|&i| colours[i]).collect();
        for (i, c) in centre_colours.iter().enumerate() {
            if centre_colours[..i].contains(c) {
                return Err(CubeError::CentresNotDistinct { colour: *c });
            }
        }
        let mut faces = [Face::U; N_FACELETS];
        for (index, &ch) in colours.iter().enumerate() {
            match centre_colours.iter().position(|&c| c == ch) {
                Some(f) => faces[index] = Face::from_index(f),
                None => return Err(CubeError::BadCharacter { ch, index }),
            }
        }
        let mut counts = [0usize; 6];
        for f in faces {
            counts[f.index()] += 1;
        }
        if let Some(f) = (0..6).find(|&f| counts[f] != 9) {
            return Err(CubeError::ColourCount {
                colour: centre_colours[f],
                count: counts[f],
            });
        }
        let cube = cubies_from_faces(&faces, &centre_colours)?;
        cube.check()?;
        Ok(cube)
    }
}

/// Identifies each corner and edge from the stickers, without the global checks.
#[allow(clippy::needless_range_loop)] // positions index several parallel tables
fn cubies_from_faces(faces: &[Face; N_FACELETS], names: &[char]) -> Result<CubieCube, CubeError> {
    let name = |idx: &[usize]| {
        idx.iter()
            .map(|&i| names[faces[i].index()])
            .collect::<String>()
    };
    let mut cube = CubieCube::SOLVED;
    for pos in 0..8 {
        let idx = CORNER_FACELETS[pos];
        let bad = || CubeError::ImpossibleCornerColours {
            position: Corner::from_index(pos),
            colours: name(&idx),
        };
        let ori = (0..3)
            .find(|&o| matches!(faces[idx[o]], Face::U | Face::D))
            .ok_or_else(bad)?;
        let c1 = faces[idx[(ori + 1) % 3]];
        let c2 = faces[idx[(ori + 2) % 3]];
        let piece = (0..8)
            .find(|&j| {
                CORNER_FACES[j][0] == faces[idx[ori]]
                    && CORNER_FACES[j][1] == c1
                    && CORNER_FACES[j][2] == c2
            })
            .ok_or_else(bad)?;
        cube.cp[pos] = piece as u8;
        cube.co[pos] = ori as u8;
    }
    for pos in 0..12 {
        let idx = EDGE_FACELETS[pos];
        let (a, b) = (faces[idx[0]], faces[idx[1]]);
        let found = (0..12).find_map(|j| {
            if EDGE_FACES[j] == [a, b] {
                Some((j, 0))
            } else if EDGE_FACES[j] == [b, a] {
                Some((j, 1))
            } else {
                None
            }
        });
        let (piece, ori) = found.ok_or_else(|| CubeError::ImpossibleEdgeColours {
            position: Edge::from_index(pos),
            colours: name(&idx),
        })?;
        cube.ep[pos] = piece as u8;
        cube.eo[pos] = ori;
    }
    Ok(cube)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    #[test]
    fn solved_round_trip() {
        let s = CubieCube::SOLVED.to_facelets();
        assert_eq!(s, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
        assert_eq!(CubieCube::from_facelets(&s).unwrap(), CubieCube::SOLVED);
    }

    #[test]
    fn r_move_matches_reference() {
        let r = Move::new(Face::R, 1).unwrap();
        assert_eq!(
            CubieCube::from_moves(&[r]).to_facelets(),
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
        );
    }
}
