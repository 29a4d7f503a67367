//! Goal patterns: the set of cube states a solve may end in.
//!
//! A [`Pattern`] says, for every corner and edge position, which pieces in which orientation it
//! may hold. That is exactly what a sticker picture with don't-care (`?`) stickers says (each
//! position's stickers rule out the pieces that would show other colours), and also what goals
//! that no sticker picture can show say, such as "every edge oriented" ([`named`]). A state
//! matches when every position holds an allowed piece; centres are fixed (a pattern is read
//! relative to them, like a facelet string).
//!
//! - [`parse`]: sticker strings with `?` ([`Pattern::from_stickers`]);
//! - [`check`]: whether any real cube matches, how many do, and why none does ([`PatternError`]);
//! - [`named`]: `cross`, `f2l`, `oll`, `eo`, `dr`, blocks…, on any face ([`GoalName`]).

pub mod check;
pub mod named;
pub mod parse;

pub use check::PatternError;
pub use named::{GoalName, GoalNameError};

use crate::cubie::CubieCube;
use crate::face::Face;
use crate::facelet::{CENTRES, N_FACELETS};
use crate::piece::{CORNER_FACELETS, CORNER_FACES, EDGE_FACELETS, EDGE_FACES, N_CORNERS, N_EDGES};
use crate::rotation;
use std::fmt;

/// Bit of corner `piece` with `twist` in a corner position's mask.
pub const fn corner_bit(piece: usize, twist: usize) -> u32 {
    1 << (3 * piece + twist)
}

/// Bit of edge `piece` with `flip` in an edge position's mask.
pub const fn edge_bit(piece: usize, flip: usize) -> u32 {
    1 << (2 * piece + flip)
}

/// Every corner in every twist (24 bits).
pub const ANY_CORNER: u32 = (1 << 24) - 1;
/// Every edge in either flip (24 bits).
pub const ANY_EDGE: u32 = (1 << 24) - 1;

/// A set of cube states given position by position (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// `corners[j]` has bit `3 * piece + twist` set when position `j` may hold that corner so
    /// twisted ([`corner_bit`]).
    corners: [u32; N_CORNERS],
    /// `edges[j]` has bit `2 * piece + flip` set when position `j` may hold that edge so
    /// flipped ([`edge_bit`]).
    edges: [u32; N_EDGES],
}

impl Pattern {
    /// The pattern every state matches.
    pub const ANY: Pattern = Pattern {
        corners: [ANY_CORNER; N_CORNERS],
        edges: [ANY_EDGE; N_EDGES],
    };

    /// The pattern only `state` matches.
    pub fn exact(state: &CubieCube) -> Pattern {
        Pattern {
            corners: std::array::from_fn(|j| {
                corner_bit(state.cp[j] as usize, state.co[j] as usize)
            }),
            edges: std::array::from_fn(|j| edge_bit(state.ep[j] as usize, state.eo[j] as usize)),
        }
    }

    /// The pattern only the solved cube matches.
    pub fn solved() -> Pattern {
        Pattern::exact(&CubieCube::SOLVED)
    }

    /// A pattern from its position masks ([`corner_bit`], [`edge_bit`]).
    pub const fn from_masks(corners: [u32; N_CORNERS], edges: [u32; N_EDGES]) -> Pattern {
        Pattern { corners, edges }
    }

    /// The solved cube's pieces kept where `keep` says, anything elsewhere: `keep` gets the
    /// faces of each position's home piece (corners three, edges two).
    pub fn keeping(keep: impl Fn(&[Face]) -> bool) -> Pattern {
        let mut p = Pattern::ANY;
        for (j, faces) in CORNER_FACES.iter().enumerate() {
            if keep(faces) {
                p.corners[j] = corner_bit(j, 0);
            }
        }
        for (j, faces) in EDGE_FACES.iter().enumerate() {
            if keep(faces) {
                p.edges[j] = edge_bit(j, 0);
            }
        }
        p
    }

    /// The corner masks, by position.
    pub fn corner_masks(&self) -> &[u32; N_CORNERS] {
        &self.corners
    }

    /// The edge masks, by position.
    pub fn edge_masks(&self) -> &[u32; N_EDGES] {
        &self.edges
    }

    /// Whether `state` matches: every position holds a piece it allows.
    pub fn matches(&self, state: &CubieCube) -> bool {
        (0..N_CORNERS)
            .all(|j| self.corners[j] & corner_bit(state.cp[j] as usize, state.co[j] as usize) != 0)
            && (0..N_EDGES)
                .all(|j| self.edges[j] & edge_bit(state.ep[j] as usize, state.eo[j] as usize) != 0)
    }

    /// The states matching both patterns.
    pub fn and(&self, other: &Pattern) -> Pattern {
        Pattern {
            corners: std::array::from_fn(|j| self.corners[j] & other.corners[j]),
            edges: std::array::from_fn(|j| self.edges[j] & other.edges[j]),
        }
    }

    /// The single state this pattern allows, when each position allows exactly one piece in
    /// one orientation (a "full" goal; it may still be impossible, see [`Pattern::check`]).
    pub fn exact_state(&self) -> Option<CubieCube> {
        let mut c = CubieCube::SOLVED;
        for j in 0..N_CORNERS {
            let m = self.corners[j];
            if m.count_ones() != 1 {
                return None;
            }
            let b = m.trailing_zeros() as u8;
            (c.cp[j], c.co[j]) = (b / 3, b % 3);
        }
        for j in 0..N_EDGES {
            let m = self.edges[j];
            if m.count_ones() != 1 {
                return None;
            }
            let b = m.trailing_zeros() as u8;
            (c.ep[j], c.eo[j]) = (b / 2, b % 2);
        }
        Some(c)
    }

    /// Whether every state matches.
    pub fn is_any(&self) -> bool {
        *self == Pattern::ANY
    }

    /// The sticker picture: each sticker's colour (named by its face) when every allowed piece
    /// shows the same colour there, `None` (don't care) otherwise. Centres are always shown.
    pub fn stickers(&self) -> [Option<Face>; N_FACELETS] {
        let mut out = [None; N_FACELETS];
        for (f, &i) in CENTRES.iter().enumerate() {
            out[i] = Some(Face::from_index(f));
        }
        for j in 0..N_CORNERS {
            for k in 0..3 {
                out[CORNER_FACELETS[j][k]] = common(bits(self.corners[j]).map(|b| {
                    let (p, o) = (b / 3, b % 3);
                    corner_sticker(p, o, k)
                }));
            }
        }
        for j in 0..N_EDGES {
            for k in 0..2 {
                out[EDGE_FACELETS[j][k]] = common(bits(self.edges[j]).map(|b| {
                    let (p, o) = (b / 2, b % 2);
                    edge_sticker(p, o, k)
                }));
            }
        }
        out
    }

    /// The sticker picture as 54 characters: face letters, `?` for don't care.
    pub fn to_sticker_string(&self) -> String {
        self.stickers()
            .iter()
            .map(|s| s.map_or('?', Face::letter))
            .collect()
    }

    /// Whether the sticker picture says all this pattern says (true for patterns read from
    /// stickers and for most named goals; false for e.g. "edges oriented").
    pub fn is_sticker_pattern(&self) -> bool {
        parse::from_faces(&self.stickers()).is_ok_and(|p| p == *self)
    }

    /// The pattern seen after turning the whole cube by orientation `o` (an index into
    /// [`rotation::orientations`]): its sticker picture moves with the cube and is read
    /// relative to the centres again. `cross` (on D) turned by `x2` is the cross on U.
    pub fn rotated(&self, o: usize) -> Pattern {
        // A state s matches the turned pattern when the same cube turned back, R · s · R⁻¹,
        // matches this one (checked in the tests against moving the stickers themselves).
        // Position j of R · s · R⁻¹ holds R.cp[q] with twist R.co[q] + t + R⁻¹.co[j], where
        // (q, t) is the piece of s at position k = R⁻¹.cp[j]; so position k of the turned
        // pattern allows (q, t) exactly when position j of this one allows that image.
        let r = rotation::orientations()[o].cubie;
        let ri = r.inverse();
        let mut out = Pattern {
            corners: [0; N_CORNERS],
            edges: [0; N_EDGES],
        };
        for j in 0..N_CORNERS {
            let k = ri.cp[j] as usize;
            for q in 0..N_CORNERS {
                for t in 0..3 {
                    let piece = r.cp[q] as usize;
                    let twist = (r.co[q] as usize + t + ri.co[j] as usize) % 3;
                    if self.corners[j] & corner_bit(piece, twist) != 0 {
                        out.corners[k] |= corner_bit(q, t);
                    }
                }
            }
        }
        for j in 0..N_EDGES {
            let k = ri.ep[j] as usize;
            for q in 0..N_EDGES {
                for t in 0..2 {
                    let piece = r.ep[q] as usize;
                    let flip = (r.eo[q] as usize + t + ri.eo[j] as usize) % 2;
                    if self.edges[j] & edge_bit(piece, flip) != 0 {
                        out.edges[k] |= edge_bit(q, t);
                    }
                }
            }
        }
        out
    }
}

impl Default for Pattern {
    fn default() -> Pattern {
        Pattern::solved()
    }
}

impl fmt::Display for Pattern {
    /// The sticker picture ([`Pattern::to_sticker_string`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sticker_string())
    }
}

/// The set bits of a mask, lowest first (`3 * piece + twist` for corners, `2 * piece + flip`
/// for edges).
pub fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

fn common(mut colours: impl Iterator<Item = Face>) -> Option<Face> {
    let first = colours.next()?;
    colours.all(|c| c == first).then_some(first)
}

/// The colour corner `piece` twisted by `twist` shows on sticker `k` (0 = the U/D sticker, then
/// clockwise) of the position it is in.
pub const fn corner_sticker(piece: usize, twist: usize, k: usize) -> Face {
    CORNER_FACES[piece][(k + 3 - twist) % 3]
}

/// The colour edge `piece` flipped by `flip` shows on sticker `k` of the position it is in.
pub const fn edge_sticker(piece: usize, flip: usize, k: usize) -> Face {
    EDGE_FACES[piece][(k + flip) % 2]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alg::Alg;
    use crate::cube::Cube;
    use crate::random::rng_from_seed;

    fn state(alg: &str) -> CubieCube {
        Cube::solved().apply(&Alg::parse(alg).unwrap()).to_cubie()
    }

    #[test]
    fn exact_patterns_match_only_their_state() {
        let s = state("R U F' D2 L B");
        let p = Pattern::exact(&s);
        assert!(p.matches(&s));
        assert!(!p.matches(&CubieCube::SOLVED));
        assert_eq!(p.exact_state(), Some(s));
        assert!(Pattern::ANY.matches(&s));
        assert_eq!(Pattern::ANY.exact_state(), None);
    }

    #[test]
    fn stickers_of_an_exact_pattern_are_the_facelets() {
        let s = state("R U2 F' L D");
        assert_eq!(Pattern::exact(&s).to_sticker_string(), s.to_facelets());
        assert!(Pattern::exact(&s).is_sticker_pattern());
    }

    /// Moves each sticker of a picture the way turning the whole cube by orientation `o` moves
    /// it, renaming colours by where their centres went.
    fn turn_picture(picture: &[Option<Face>; N_FACELETS], o: usize) -> [Option<Face>; N_FACELETS] {
        let orientation = &rotation::orientations()[o];
        let (r, map) = (orientation.cubie, orientation.face_map);
        let mut out = [None; N_FACELETS];
        for (f, &i) in CENTRES.iter().enumerate() {
            out[CENTRES[map.image(Face::from_index(f)).index()]] = picture[i].map(|c| map.image(c));
        }
        for j in 0..N_CORNERS {
            let (p, t) = (r.cp[j] as usize, r.co[j] as usize);
            for n in 0..3 {
                out[CORNER_FACELETS[j][(n + t) % 3]] =
                    picture[CORNER_FACELETS[p][n]].map(|c| map.image(c));
            }
        }
        for j in 0..N_EDGES {
            let (p, t) = (r.ep[j] as usize, r.eo[j] as usize);
            for n in 0..2 {
                out[EDGE_FACELETS[j][(n + t) % 2]] =
                    picture[EDGE_FACELETS[p][n]].map(|c| map.image(c));
            }
        }
        out
    }

    #[test]
    fn turning_a_pattern_turns_its_sticker_picture() {
        let mut rng = rng_from_seed(3);
        for alg in ["R U R' U'", "F2 D L'", "B U2 R"] {
            // A pattern with some stickers hidden.
            let mut picture = Pattern::exact(&state(alg)).stickers();
            for i in [0, 5, 9, 10, 20, 28, 33, 41, 47, 52] {
                picture[i] = None;
            }
            let p = parse::from_faces(&picture).unwrap();
            for o in 0..rotation::N_ORIENTATIONS {
                let turned = p.rotated(o);
                let expected = parse::from_faces(&turn_picture(&picture, o)).unwrap();
                assert_eq!(turned, expected, "{alg}, orientation {o}");
                // Membership agrees with the picture for random states and the witness.
                for _ in 0..20 {
                    let s = CubieCube::random(&mut rng);
                    assert_eq!(turned.matches(&s), expected.matches(&s));
                }
            }
        }
    }
}
