//! Whole-cube rotations: the 24 orientations of the cube, derived from how they move the faces.
//!
//! A rotation is described by its *face map* `φ`: `φ[f]` is the face position to which the
//! stickers on face `f` travel. From that map alone the cubie-level effect follows: the piece
//! at position `p` travels to the position whose faces are the images of `p`'s faces, and its
//! orientation is the index, in that new position's sticker order, of the face its U/D (or, for
//! edges, its first) sticker landed on. Nothing here is a hand-typed permutation table: the three
//! generators are written as face cycles (`x` follows `R`, `y` follows `U`, `z` follows `F`).

use crate::cubie::CubieCube;
use crate::face::Face;
use crate::piece::{CORNER_FACES, EDGE_FACES};
use std::sync::OnceLock;

/// The axis of a whole-cube rotation (`x` turns like `R`, `y` like `U`, `z` like `F`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Axis {
    /// Rotation about the R–L axis, in the direction of `R`.
    X,
    /// Rotation about the U–D axis, in the direction of `U`.
    Y,
    /// Rotation about the F–B axis, in the direction of `F`.
    Z,
}

impl Axis {
    /// All three axes.
    pub const ALL: [Axis; 3] = [Axis::X, Axis::Y, Axis::Z];

    /// The lower-case letter naming the rotation (`x`, `y`, `z`).
    pub const fn letter(self) -> char {
        match self {
            Axis::X => 'x',
            Axis::Y => 'y',
            Axis::Z => 'z',
        }
    }

    /// The face whose clockwise turn this rotation follows.
    pub const fn face(self) -> Face {
        match self {
            Axis::X => Face::R,
            Axis::Y => Face::U,
            Axis::Z => Face::F,
        }
    }

    /// The face map of one clockwise quarter rotation.
    pub const fn face_map(self) -> FaceMap {
        use Face::*;
        // Entry f is where the stickers of face f go (URFDLB order).
        match self {
            // x: F→U, U→B, B→D, D→F; R and L stay.
            Axis::X => FaceMap([B, R, U, F, L, D]),
            // y: F→L, L→B, B→R, R→F; U and D stay.
            Axis::Y => FaceMap([U, F, L, D, B, R]),
            // z: U→R, R→D, D→L, L→U; F and B stay.
            Axis::Z => FaceMap([R, D, F, L, U, B]),
        }
    }
}

/// Where each face goes under a rigid motion of the whole cube: entry `f` (URFDLB order) is
/// the face position that the stickers of face `f` move to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FaceMap(pub [Face; 6]);

impl FaceMap {
    /// The motion that moves nothing.
    pub const IDENTITY: FaceMap = FaceMap(Face::ALL);

    /// The motion `self` followed by `then`.
    pub fn then(self, then: FaceMap) -> FaceMap {
        let mut out = [Face::U; 6];
        for f in Face::ALL {
            out[f.index()] = then.0[self.0[f.index()].index()];
        }
        FaceMap(out)
    }

    /// Where face `f` goes.
    pub fn image(self, f: Face) -> Face {
        self.0[f.index()]
    }

    /// Whether this motion is a reflection (reverses the clockwise order around a corner).
    pub fn is_mirror(self) -> bool {
        let [a, b, c] = CORNER_FACES[0];
        let img = [self.image(a), self.image(b), self.image(c)];
        !CORNER_FACES
            .iter()
            .any(|faces| is_cyclic_shift(faces, &img))
    }

    /// The centre colours after this motion, by face position: the centre at position `φ(f)`
    /// is `f`'s.
    pub fn centres(self) -> [Face; 6] {
        let mut out = [Face::U; 6];
        for f in Face::ALL {
            out[self.image(f).index()] = f;
        }
        out
    }

    /// The cubie-level effect of this motion on a solved cube, in the "is replaced by" form of
    /// [`CubieCube`]. Reflections get corner orientations 3..6 (Kociemba's convention for mirrored
    /// corners: 3 + the U/D sticker's index counted anticlockwise), so they only make sense with the mirror-aware
    /// multiplication in [`crate::symmetry`].
    pub fn to_cubie(self) -> CubieCube {
        let mirror = self.is_mirror();
        let mut c = CubieCube::SOLVED;
        for (p, faces) in CORNER_FACES.iter().enumerate() {
            let img = faces.map(|f| self.image(f));
            let q = CORNER_FACES
                .iter()
                .position(|qf| qf.iter().all(|f| img.contains(f)))
                .expect("a rigid motion maps corners to corners");
            let ori = CORNER_FACES[q]
                .iter()
                .position(|&f| f == img[0])
                .expect("present");
            c.cp[q] = p as u8;
            // A reflected corner's twist is counted in the mirrored sense.
            c.co[q] = if mirror {
                3 + (3 - ori as u8) % 3
            } else {
                ori as u8
            };
        }
        for (p, faces) in EDGE_FACES.iter().enumerate() {
            let img = faces.map(|f| self.image(f));
            let q = EDGE_FACES
                .iter()
                .position(|qf| qf.iter().all(|f| img.contains(f)))
                .expect("a rigid motion maps edges to edges");
            c.ep[q] = p as u8;
            c.eo[q] = u8::from(EDGE_FACES[q][0] != img[0]);
        }
        c
    }
}

fn is_cyclic_shift(a: &[Face; 3], b: &[Face; 3]) -> bool {
    (0..3).any(|k| (0..3).all(|i| a[i] == b[(i + k) % 3]))
}

/// One of the 24 orientations of the whole cube, with its cubie-level effect.
#[derive(Clone, Copy, Debug)]
pub struct Orientation {
    /// Where each face's stickers have gone.
    pub face_map: FaceMap,
    /// Centre colour at each face position.
    pub centres: [Face; 6],
    /// Effect on the pieces of a solved cube.
    pub cubie: CubieCube,
    /// The inverse of `cubie`.
    pub inverse_cubie: CubieCube,
    /// A shortest sequence of rotations (axis, clockwise quarter turns) reaching it from the
    /// start orientation.
    pub path: &'static [(Axis, u8)],
}

/// Number of whole-cube orientations (6 faces on top × 4 in front).
pub const N_ORIENTATIONS: usize = 24;

struct Tables {
    all: Vec<Orientation>,
    /// `after[o][axis * 3 + turns - 1]`: the orientation reached by rotating `o`.
    after: Vec<[u8; 9]>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // Breadth-first over x, y, z quarter turns: first found is a shortest path.
        let mut maps = vec![FaceMap::IDENTITY];
        let mut paths: Vec<Vec<(Axis, u8)>> = vec![vec![]];
        let mut i = 0;
        while i < maps.len() {
            for axis in Axis::ALL {
                let mut m = maps[i];
                for turns in 1..=3u8 {
                    m = m.then(axis.face_map());
                    if !maps.contains(&m) {
                        maps.push(m);
                        let mut p = paths[i].clone();
                        p.push((axis, turns));
                        paths.push(p);
                    }
                }
            }
            i += 1;
        }
        assert_eq!(maps.len(), N_ORIENTATIONS);
        let all: Vec<Orientation> = maps
            .iter()
            .zip(paths)
            .map(|(&m, p)| {
                let cubie = m.to_cubie();
                Orientation {
                    face_map: m,
                    centres: m.centres(),
                    cubie,
                    inverse_cubie: cubie.inverse(),
                    path: Vec::leak(p),
                }
            })
            .collect();
        let after = maps
            .iter()
            .map(|&m| {
                let mut row = [0u8; 9];
                for axis in Axis::ALL {
                    let mut n = m;
                    for turns in 1..=3usize {
                        n = n.then(axis.face_map());
                        row[axis as usize * 3 + turns - 1] =
                            maps.iter().position(|&x| x == n).expect("closed") as u8;
                    }
                }
                row
            })
            .collect();
        Tables { all, after }
    })
}

/// The 24 orientations; index 0 is the start orientation (U on top, F in front).
pub fn orientations() -> &'static [Orientation] {
    &tables().all
}

/// The orientation reached from orientation `o` by rotating `turns` (1..=3) quarter turns about
/// `axis`.
pub fn rotate(o: u8, axis: Axis, turns: u8) -> u8 {
    tables().after[o as usize][axis as usize * 3 + turns as usize - 1]
}

/// The orientation whose centres are `centres`, if they are a real cube's (not a mirror image).
pub fn orientation_with_centres(centres: &[Face; 6]) -> Option<u8> {
    orientations()
        .iter()
        .position(|o| &o.centres == centres)
        .map(|i| i as u8)
}

/// The cubie-level effect of `turns` quarter rotations about `axis` on a solved cube.
pub fn rotation_cubie(axis: Axis, turns: u8) -> &'static CubieCube {
    &orientations()[rotate(0, axis, turns) as usize].cubie
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    #[test]
    fn rotations_are_proper_and_distinct() {
        // (Not "solvable": a quarter rotation moves the middle layer's four edges in a
        // 4-cycle on top of the outer layers' 4-cycles, an odd edge permutation.)
        for (i, o) in orientations().iter().enumerate() {
            assert!(!o.face_map.is_mirror());
            assert!(o.cubie.co.iter().all(|&c| c < 3));
            assert!(orientations()[..i].iter().all(|p| p.cubie != o.cubie));
            assert_eq!(o.cubie.multiply(&o.inverse_cubie), CubieCube::SOLVED);
        }
    }

    #[test]
    fn y_matches_u_on_top_layer_and_d_inverse_below() {
        let y = rotation_cubie(Axis::Y, 1);
        let u = CubieCube::from_moves(&[Move::new(Face::U, 1).unwrap()]);
        let d3 = CubieCube::from_moves(&[Move::new(Face::D, 3).unwrap()]);
        assert_eq!(&y.cp[..4], &u.cp[..4]);
        assert_eq!(&y.ep[..4], &u.ep[..4]);
        assert_eq!(&y.cp[4..], &d3.cp[4..]);
        assert_eq!(&y.ep[4..8], &d3.ep[4..8]);
    }

    #[test]
    fn composing_maps_matches_multiplying_cubies() {
        for a in orientations() {
            for b in orientations() {
                let composed = a.face_map.then(b.face_map).to_cubie();
                assert_eq!(composed, a.cubie.multiply(&b.cubie));
            }
        }
    }

    #[test]
    fn paths_reach_their_orientation() {
        for (i, o) in orientations().iter().enumerate() {
            let mut at = 0u8;
            for &(axis, t) in o.path {
                at = rotate(at, axis, t);
            }
            assert_eq!(at as usize, i);
            assert!(o.path.len() <= 2);
        }
    }
}
