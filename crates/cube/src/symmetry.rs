//! The 48 symmetries of the cube (24 rotations × optional reflection), as cubie cubes with
//! mirror-aware corner orientations, plus their multiplication, inverses and the conjugation of
//! moves — what symmetry-reduced pruning tables are built from.
//!
//! Numbering follows Kociemba: symmetry `16a + 8b + 2c + d` is `URF^a · F2^b · U4^c · LR2^d`
//! (`a` < 3, `b` < 2, `c` < 4, `d` < 2), where `URF` is the 120° rotation about the URF–DBL
//! diagonal (U→R→F→U), `F2` the half turn about the F axis (`z2`), `U4` the quarter turn about
//! the U axis (`y`) and `LR2` the reflection swapping L and R. So symmetries `0..16` are the
//! 16 that keep the U–D axis in place, the ones the two-phase solver reduces by.
//!
//! Corner orientations 0..3 are twists of unreflected corners; 3..6 mark a reflected corner
//! (twist `o - 3`). A reflection reverses the sense of the twists applied after it, which is
//! what [`multiply_sym`] accounts for.

use crate::cubie::{CubieCube, MOVE_CUBES};
use crate::face::Face;
use crate::moves::{Move, N_MOVES};
use crate::piece::{N_CORNERS, N_EDGES};
use crate::rotation::FaceMap;
use std::sync::OnceLock;

/// Number of cube symmetries (24 rotations × 2).
pub const N_SYM: usize = 48;
/// Number of symmetries keeping the U–D axis (4 quarter turns about it × F2 × reflection).
pub const N_SYM_UD: usize = 16;

/// Face maps of the four generators (entry f: where face f goes).
pub mod generators {
    use super::*;
    use Face::*;
    /// 120° about the URF–DBL diagonal: U→R→F→U, D→L→B→D.
    pub const URF3: FaceMap = FaceMap([R, F, U, L, B, D]);
    /// 180° about the F–B axis (`z2`).
    pub const F2: FaceMap = FaceMap([D, L, F, U, R, B]);
    /// 90° about the U–D axis (`y`): F→L→B→R→F.
    pub const U4: FaceMap = FaceMap([U, F, L, D, B, R]);
    /// The reflection swapping L and R.
    pub const LR2: FaceMap = FaceMap([U, L, F, D, R, B]);
}

/// Product of two cubie cubes that may hold reflected corners (orientations 3..6): the state
/// `a` then `b`. Equals [`CubieCube::multiply`] when both are unreflected.
pub fn multiply_sym(a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut r = CubieCube::SOLVED;
    for i in 0..N_CORNERS {
        let from = b.cp[i] as usize;
        r.cp[i] = a.cp[from];
        let (oa, ob) = (a.co[from], b.co[i]);
        r.co[i] = match (oa >= 3, ob >= 3) {
            (false, false) => (oa + ob) % 3,
            // b reflects: the result is reflected, twists add.
            (false, true) => 3 + (oa + ob - 3) % 3,
            // a was reflected, b twists it in the mirrored sense.
            (true, false) => 3 + (oa - 3 + 3 - ob) % 3,
            // two reflections cancel; b's twist counts backwards.
            (true, true) => (oa + 3 - ob) % 3,
        };
    }
    for i in 0..N_EDGES {
        let from = b.ep[i] as usize;
        r.ep[i] = a.ep[from];
        r.eo[i] = (a.eo[from] + b.eo[i]) % 2;
    }
    r
}

/// Inverse of a cubie cube that may hold reflected corners.
pub fn inverse_sym(c: &CubieCube) -> CubieCube {
    let mut r = CubieCube::SOLVED;
    for i in 0..N_CORNERS {
        let p = c.cp[i] as usize;
        r.cp[p] = i as u8;
        r.co[p] = if c.co[i] >= 3 {
            c.co[i]
        } else {
            (3 - c.co[i]) % 3
        };
    }
    for i in 0..N_EDGES {
        let p = c.ep[i] as usize;
        r.ep[p] = i as u8;
        r.eo[p] = c.eo[i];
    }
    r
}

/// The 48 symmetries with their tables.
pub struct Symmetries {
    /// Each symmetry as a cubie cube (reflections with corner orientations 3..6).
    pub cubes: [CubieCube; N_SYM],
    /// Each symmetry's face map.
    pub face_maps: [FaceMap; N_SYM],
    /// `inverse[s]`: the index of `s⁻¹`.
    pub inverse: [u8; N_SYM],
    /// `product[a][b]`: the index of `a · b`.
    pub product: [[u8; N_SYM]; N_SYM],
    /// `conj_move[s][m]`: the move index of `s · m · s⁻¹`.
    pub conj_move: [[u8; N_MOVES]; N_SYM],
}

/// The symmetry tables (built once, on first use).
pub fn symmetries() -> &'static Symmetries {
    static TABLES: OnceLock<Symmetries> = OnceLock::new();
    TABLES.get_or_init(build)
}

fn build() -> Symmetries {
    use generators::*;
    let (urf, f2, u4, lr2) = (
        URF3.to_cubie(),
        F2.to_cubie(),
        U4.to_cubie(),
        LR2.to_cubie(),
    );
    let mut cubes = [CubieCube::SOLVED; N_SYM];
    let mut face_maps = [FaceMap::IDENTITY; N_SYM];
    let (mut c, mut m) = (CubieCube::SOLVED, FaceMap::IDENTITY);
    for a in 0..3 {
        for b in 0..2 {
            for cc in 0..4 {
                for d in 0..2 {
                    let s = 16 * a + 8 * b + 2 * cc + d;
                    cubes[s] = c;
                    face_maps[s] = m;
                    c = multiply_sym(&c, &lr2);
                    m = m.then(LR2);
                }
                c = multiply_sym(&c, &u4);
                m = m.then(U4);
            }
            c = multiply_sym(&c, &f2);
            m = m.then(F2);
        }
        c = multiply_sym(&c, &urf);
        m = m.then(URF3);
    }
    let index = |x: &CubieCube| cubes.iter().position(|y| y == x).expect("closed group") as u8;
    let mut inverse = [0u8; N_SYM];
    let mut product = [[0u8; N_SYM]; N_SYM];
    let mut conj_move = [[0u8; N_MOVES]; N_SYM];
    for s in 0..N_SYM {
        inverse[s] = index(&inverse_sym(&cubes[s]));
        for t in 0..N_SYM {
            product[s][t] = index(&multiply_sym(&cubes[s], &cubes[t]));
        }
    }
    for s in 0..N_SYM {
        for mv in 0..N_MOVES {
            let conj = conjugate_by(&cubes[s], &cubes[inverse[s] as usize], &MOVE_CUBES[mv]);
            conj_move[s][mv] = MOVE_CUBES
                .iter()
                .position(|x| *x == conj)
                .expect("conjugating a move gives a move") as u8;
        }
    }
    Symmetries {
        cubes,
        face_maps,
        inverse,
        product,
        conj_move,
    }
}

fn conjugate_by(s: &CubieCube, s_inv: &CubieCube, c: &CubieCube) -> CubieCube {
    multiply_sym(&multiply_sym(s, c), s_inv)
}

/// `S · c · S⁻¹` for symmetry number `s` (0..48): the same state seen through the symmetry.
/// A solvable `c` gives a solvable result.
pub fn conjugate(s: usize, c: &CubieCube) -> CubieCube {
    let t = symmetries();
    conjugate_by(&t.cubes[s], &t.cubes[t.inverse[s] as usize], c)
}

/// `s · m · s⁻¹` as a move.
pub fn conjugate_move(s: usize, m: Move) -> Move {
    Move::from_index(symmetries().conj_move[s][m.index()] as usize)
}

/// Whether symmetry `s` is a reflection.
pub fn is_reflection(s: usize) -> bool {
    s % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::rng_from_seed;

    #[test]
    fn forty_eight_distinct_symmetries_forming_a_group() {
        let t = symmetries();
        for a in 0..N_SYM {
            for b in 0..a {
                assert_ne!(t.cubes[a], t.cubes[b]);
            }
            assert_eq!(t.product[a][t.inverse[a] as usize], 0);
            for b in 0..N_SYM {
                // Closure is built in (`index` panics otherwise); check associativity too.
                for c in [0, 5, 17, 46] {
                    let ab_c = t.product[t.product[a][b] as usize][c];
                    let a_bc = t.product[a][t.product[b][c] as usize];
                    assert_eq!(ab_c, a_bc);
                }
            }
        }
        assert_eq!(t.cubes[0], CubieCube::SOLVED);
    }

    #[test]
    fn face_maps_agree_with_cubies() {
        let t = symmetries();
        for s in 0..N_SYM {
            assert_eq!(t.face_maps[s].is_mirror(), is_reflection(s), "sym {s}");
            assert_eq!(t.face_maps[s].to_cubie(), t.cubes[s], "sym {s}");
        }
    }

    #[test]
    fn generators_match_kociembas_published_tables() {
        // S_URF, S_U4 and S_LR2 as printed in Kociemba's reference implementation
        // (symmetries.py), against our derivation from face maps.
        let t = symmetries();
        assert_eq!(t.cubes[16].cp, [0, 4, 5, 1, 3, 7, 6, 2]);
        assert_eq!(t.cubes[16].co, [1, 2, 1, 2, 2, 1, 2, 1]);
        assert_eq!(t.cubes[16].ep, [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2]);
        assert_eq!(t.cubes[16].eo, [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1]);
        assert_eq!(t.cubes[2].ep, [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10]);
        assert_eq!(t.cubes[2].eo, [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(t.cubes[1].cp, [1, 0, 3, 2, 5, 4, 7, 6]);
        assert_eq!(t.cubes[1].co, [3; 8]);
    }

    #[test]
    fn first_sixteen_fix_the_ud_axis() {
        let t = symmetries();
        let fixing: Vec<usize> = (0..N_SYM)
            .filter(|&s| matches!(t.face_maps[s].image(Face::U), Face::U | Face::D))
            .collect();
        assert_eq!(fixing, (0..N_SYM_UD).collect::<Vec<_>>());
        // They are closed under multiplication: a subgroup.
        for a in 0..N_SYM_UD {
            for b in 0..N_SYM_UD {
                assert!((t.product[a][b] as usize) < N_SYM_UD);
            }
        }
    }

    #[test]
    fn conjugating_keeps_solved_and_maps_moves_to_moves() {
        for s in 0..N_SYM {
            assert_eq!(conjugate(s, &CubieCube::SOLVED), CubieCube::SOLVED);
            for m in Move::ALL {
                let c = conjugate_move(s, m);
                // A reflection reverses the turning direction; half turns stay half turns.
                assert_eq!(c.turns() == 2, m.turns() == 2);
                // In the "is replaced by" form, s·m·s⁻¹ turns the face that s⁻¹ moves m's to.
                let s_inv = symmetries().inverse[s] as usize;
                let expected_face = symmetries().face_maps[s_inv].image(m.face());
                assert_eq!(c.face(), expected_face, "sym {s} move {m}");
                let reversed = is_reflection(s) && m.turns() != 2;
                assert_eq!(c.turns() != m.turns(), reversed, "sym {s} move {m}");
            }
        }
    }

    #[test]
    fn conjugation_is_a_homomorphism_on_random_states() {
        let mut rng = rng_from_seed(7);
        for _ in 0..20 {
            let a = CubieCube::random(&mut rng);
            let b = CubieCube::random(&mut rng);
            for s in 0..N_SYM {
                let lhs = conjugate(s, &a.multiply(&b));
                let rhs = conjugate(s, &a).multiply(&conjugate(s, &b));
                assert_eq!(lhs, rhs);
                assert!(conjugate(s, &a).check().is_ok());
            }
        }
    }
}
