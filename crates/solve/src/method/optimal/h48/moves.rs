//! Move tables on the hK coordinate's parts, so that an h11 index's neighbour is a few table
//! reads instead of a cube multiply, a conjugation and two coordinates ([`CornerClasses::h11`]).
//!
//! - corners: for each class and move, the class after the move and a symmetry carrying the
//!   moved representative back to its class's representative;
//! - edge slices (`esep`): after each move, and under each symmetry's conjugation;
//! - the eleven orientations (`eo11`): a move permutes the edges' orientations by position and
//!   flips some (whatever the pieces); a conjugation permutes them by position and flips those
//!   at positions whose piece's slice the symmetry flips, so it is a permutation of the bits
//!   (a table per symmetry) exclusive-or a mask read off the slices (a table per `esep` and
//!   symmetry). Tested against cubes below.

use super::coord::{corner_raw, cube_of_corner_raw, edge_part, set_edge_part, CornerClasses};
use super::coord::{N_CORNER_CLASS, N_ESEP};
use rubik_cube::symmetry as sym48;
use rubik_cube::{CubieCube, Move};
use std::sync::OnceLock;

/// Moves.
const N_MOVE: usize = 18;
/// Symmetries.
const N_SYM: usize = sym48::N_SYM;
/// Values of `eo11`.
const N_EO: usize = 1 << 11;

/// The move tables of the hK coordinate's parts (about 8 MB, a second to compute).
pub struct MoveTables {
    /// `class_move[class · 18 + m]`: the class after move `m` (low 16 bits) and the symmetry to
    /// its representative (bits 16..24).
    class_move: Vec<u32>,
    /// Bit `s` set when symmetry `s` fixes the class's representative (identity left out).
    self_sym: Vec<u64>,
    /// `esep_move[esep · 18 + m]`.
    esep_move: Vec<u16>,
    /// `edge_conj[esep · 48 + s]`: the slices of `s · c · s⁻¹` (low 16 bits) and the
    /// orientations it has when `c`'s are all zero (high 16 bits): one read, one cache line,
    /// for both.
    edge_conj: Vec<u32>,
    /// `eo_move[m · 2048 + eo11]`.
    eo_move: Vec<u16>,
    /// `eo_perm[s · 2048 + eo11]`: the orientations of `s · c · s⁻¹` on the solved slices,
    /// less that conjugate's mask: the positional part.
    eo_perm: Vec<u16>,
}

/// A cube whose edge part is `e` (corners solved).
fn edges_cube(e: u64) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    set_edge_part(&mut c, e);
    c
}

impl MoveTables {
    /// Computes the tables from cubes.
    pub fn new() -> Self {
        let cc = CornerClasses::get();
        let mut class_move = vec![0u32; N_CORNER_CLASS * N_MOVE];
        for (class, &rep) in cc.rep.iter().enumerate() {
            let cube = cube_of_corner_raw(rep as usize);
            for m in Move::ALL {
                let r = corner_raw(&cube.apply_move(m));
                class_move[class * N_MOVE + m.index()] =
                    u32::from(cc.class[r]) | u32::from(cc.to_rep[r]) << 16;
            }
        }
        let self_sym = cc.self_sym.iter().map(|&f| f & !1).collect();
        let mut esep_move = vec![0u16; N_ESEP * N_MOVE];
        let mut edge_conj = vec![0u32; N_ESEP * N_SYM];
        for esep in 0..N_ESEP {
            let c = edges_cube((esep as u64) << 11);
            for m in Move::ALL {
                esep_move[esep * N_MOVE + m.index()] = (edge_part(&c.apply_move(m)) >> 11) as u16;
            }
            for s in 0..N_SYM {
                let e = edge_part(&sym48::conjugate(s, &c));
                edge_conj[esep * N_SYM + s] = (e >> 11) as u32 | ((e & 0x7FF) as u32) << 16;
            }
        }
        let mut eo_move = vec![0u16; N_MOVE * N_EO];
        let mut eo_perm = vec![0u16; N_SYM * N_EO];
        for eo in 0..N_EO {
            let c = edges_cube(eo as u64);
            for m in Move::ALL {
                eo_move[m.index() * N_EO + eo] = (edge_part(&c.apply_move(m)) & 0x7FF) as u16;
            }
            for s in 0..N_SYM {
                let e = edge_part(&sym48::conjugate(s, &c)) & 0x7FF;
                eo_perm[s * N_EO + eo] = e as u16 ^ (edge_conj[s] >> 16) as u16;
            }
        }
        MoveTables {
            class_move,
            self_sym,
            esep_move,
            edge_conj,
            eo_move,
            eo_perm,
        }
    }

    /// The tables, computed once per process.
    pub fn get() -> &'static MoveTables {
        static TABLES: OnceLock<MoveTables> = OnceLock::new();
        TABLES.get_or_init(MoveTables::new)
    }

    /// The edge part (`esep · 2^11 + eo11`) conjugated by symmetry `s`.
    #[inline]
    fn conj_edges(&self, esep: usize, eo: usize, s: usize) -> (usize, usize) {
        let c = self.edge_conj[esep * N_SYM + s];
        let eo2 = self.eo_perm[s * N_EO + eo] ^ (c >> 16) as u16;
        ((c & 0xFFFF) as usize, eo2 as usize)
    }

    /// The corner class after move `m` (index 0..18) of a cube whose corners are at class
    /// `class`'s representative, and a symmetry carrying the moved corners back to the new
    /// class's representative ([`CornerClasses::to_rep`]).
    #[inline(always)]
    pub fn class_after(&self, class: usize, m: usize) -> (usize, usize) {
        let cm = self.class_move[class * N_MOVE + m];
        ((cm & 0xFFFF) as usize, (cm >> 16) as usize)
    }

    /// The edge part (`esep`, `eo11`) of a cube after move `m` (index 0..18), in the cube's
    /// own frame (no reduction by symmetry).
    #[inline(always)]
    pub fn edges_after(&self, esep: usize, eo: usize, m: usize) -> (usize, usize) {
        (
            self.esep_move[esep * N_MOVE + m] as usize,
            self.eo_move[m * N_EO + eo] as usize,
        )
    }

    /// h11 of a cube from its parts in its own frame: its corner class, a symmetry `t`
    /// carrying its corners to the class representative ([`CornerClasses::to_rep`]) and its
    /// edge part (`esep`, `eo11`); equal to [`CornerClasses::h11`] of the cube.
    #[inline(always)]
    pub fn h11_of_parts(&self, class: usize, t: usize, esep: usize, eo: usize) -> u64 {
        let (e2, o2) = self.conj_edges(esep, eo, t);
        let mut best = (e2 << 11 | o2) as u64;
        let mut rest = self.self_sym[class];
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (e3, o3) = self.conj_edges(e2, o2, s);
            best = best.min((e3 << 11 | o3) as u64);
        }
        (((class * N_ESEP) as u64) << 11) + best
    }

    /// The h11 index after move `m` (index 0..18 of [`Move::ALL`]) from h11 index `idx`: equal
    /// to [`CornerClasses::h11`] of the move applied to [`CornerClasses::cube`] of `idx`.
    #[inline]
    pub fn neighbour(&self, idx: u64, m: usize) -> u64 {
        let mut out = 0;
        self.any_completion_neighbour(idx, 1, m, |n| {
            out = n;
            true
        });
        out
    }

    /// Calls `f` with the h11 index after move `m` of each of `idx`, `idx + 1`, ..,
    /// `idx + count − 1` (indices differing only in their low orientation bits: `count` a power
    /// of two at most 2^11, `idx` a multiple of it) until `f` returns `true`; returns whether
    /// it did. The corner and slice parts are read once for all of them.
    #[inline]
    pub fn any_completion_neighbour<F: FnMut(u64) -> bool>(
        &self,
        idx: u64,
        count: u64,
        m: usize,
        mut f: F,
    ) -> bool {
        let eo0 = (idx & 0x7FF) as usize;
        let hi = (idx >> 11) as usize;
        let (class, esep) = (hi / N_ESEP, hi % N_ESEP);
        let (class2, t) = self.class_after(class, m);
        let esep1 = self.esep_move[esep * N_MOVE + m] as usize;
        let c1 = self.edge_conj[esep1 * N_SYM + t];
        let (e2, mask) = ((c1 & 0xFFFF) as usize, (c1 >> 16) as u16);
        let top = ((class2 * N_ESEP) as u64) << 11;
        let fixed = self.self_sym[class2];
        let (moved, perm) = (
            &self.eo_move[m * N_EO..(m + 1) * N_EO],
            &self.eo_perm[t * N_EO..(t + 1) * N_EO],
        );
        for u in 0..count as usize {
            let o2 = (perm[moved[eo0 | u] as usize] ^ mask) as usize;
            let mut best = (e2 << 11 | o2) as u64;
            let mut rest = fixed;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (e3, o3) = self.conj_edges(e2, o2, s);
                best = best.min((e3 << 11 | o3) as u64);
            }
            if f(top + best) {
                return true;
            }
        }
        false
    }
}

impl Default for MoveTables {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::method::optimal::h48::coord::{size, MAX_K};
    use rand::Rng;
    use rubik_cube::random::rng_from_seed;

    #[test]
    fn a_table_move_is_the_cube_move_then_reduction() {
        let (cc, mt) = (CornerClasses::get(), MoveTables::get());
        let mut rng = rng_from_seed(4040);
        // Random cubes: the index's moves are those of the cube the index stands for (its
        // corners at their class representative), and as a set the cube's own (each cube
        // move is a conjugated move of the index's cube).
        for _ in 0..300 {
            let c = CubieCube::random(&mut rng);
            let i = cc.h11(&c);
            assert_eq!(mt.neighbours_all(i), cc.neighbours(i));
            let mut own = Move::ALL.map(|m| cc.h11(&c.apply_move(m)));
            let mut table = mt.neighbours_all(i);
            own.sort_unstable();
            table.sort_unstable();
            assert_eq!(table, own);
        }
        // Random indices (any corner class, self-symmetric ones included) and cubes near
        // solved (self-symmetric corners and edges).
        for _ in 0..300 {
            let i = cc.index(&cc.cube(rng.gen_range(0..size(MAX_K)), MAX_K), MAX_K);
            assert_eq!(mt.neighbours_all(i), cc.neighbours(i));
        }
        for _ in 0..300 {
            let moves = rubik_cube::random::random_moves(&mut rng, 3);
            let i = cc.h11(&CubieCube::from_moves(&moves));
            assert_eq!(mt.neighbours_all(i), cc.neighbours(i), "{moves:?}");
        }
    }

    impl MoveTables {
        fn neighbours_all(&self, i: u64) -> [u64; 18] {
            std::array::from_fn(|m| self.neighbour(i, m))
        }
    }
}
#[cfg(test)]
mod part_tests {
    use super::*;
    #[test]
    fn each_part_table_is_the_cube() {
        let mt = MoveTables::get();
        let mut rng = rubik_cube::random::rng_from_seed(1);
        for _ in 0..50 {
            let c = CubieCube::random(&mut rng);
            let e = edge_part(&c);
            let (esep, eo) = ((e >> 11) as usize, (e & 0x7FF) as usize);
            for m in Move::ALL {
                let e2 = edge_part(&c.apply_move(m));
                assert_eq!(
                    mt.esep_move[esep * 18 + m.index()] as u64,
                    e2 >> 11,
                    "esep move {m}"
                );
                assert_eq!(
                    mt.eo_move[m.index() * N_EO + eo] as u64,
                    e2 & 0x7FF,
                    "eo move {m}"
                );
            }
            for s in 0..48 {
                let e2 = edge_part(&sym48::conjugate(s, &c));
                let (a, b) = mt.conj_edges(esep, eo, s);
                assert_eq!(a as u64, e2 >> 11, "esep conj {s}");
                assert_eq!(b as u64, e2 & 0x7FF, "eo conj {s}");
            }
        }
    }
}
