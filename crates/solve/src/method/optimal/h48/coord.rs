//! The hK coordinate (K = 0..=11): the corners up to the 48 symmetries × where the edges'
//! slices are × the orientation of K tracked edges.
//!
//! The target group is fixed by all 48 symmetries: every corner in its own tetrad ({URF, ULB,
//! DLF, DRB} or {UFL, UBR, DFR, DBL}) and oriented, every edge in its own slice (E: FR FL BL
//! BR; M: UF UB DF DB; S: UR UL DR DL) and oriented. Its cosets are read off a cube as:
//! - the corners: their orientation (3^7) × which four positions hold the first tetrad
//!   (C(8,4) = 70), 153,090 values in 3393 classes under the 48 symmetries;
//! - the edges: which positions hold the E edges (C(12,4)) × which of the eight others hold
//!   the M edges (C(8,4)): 34,650 values ("esep");
//! - the orientations of the edges at positions 1..12 (`eo11`, bit `i − 1` for position `i`;
//!   position 0's follows from them).
//!
//! `h11 = (corner class · 34,650 + esep) · 2^11 + eo11`, read on the cube conjugated by a
//! symmetry that carries its corners to their class representative, and of those symmetries
//! (more than one when the representative is self-symmetric) the one giving the least value,
//! so a cube and every conjugate of it share one index. hK keeps the orientations of the K
//! highest positions (`h11 >> (11 − K)`): for K < 11 the coordinate is not a coset of a group
//! and a table of it stores, for each index, the least distance of the h11 cosets it covers.
//! Sizes: `3393 · 34,650 · 2^K` (h0 117,567,450; h8 30,097,267,200; h11 240,778,137,600).

use crate::coord::{binomial, twist, N_TWIST};
use rubik_cube::symmetry as sym48;
use rubik_cube::{CubieCube, Move};
use std::sync::OnceLock;

/// Corner classes under the 48 symmetries.
pub const N_CORNER_CLASS: usize = 3393;
/// Positions of a four-corner tetrad: C(8, 4).
pub const N_CSEP: usize = 70;
/// Raw corner values: orientation × tetrad positions.
pub const N_CORNER_RAW: usize = N_TWIST * N_CSEP;
/// Edge slice positions: C(12, 4) · C(8, 4).
pub const N_ESEP: usize = 495 * 70;
/// Tracked edge orientations at most.
pub const MAX_K: u8 = 11;

/// Entries of the hK coordinate.
pub const fn size(k: u8) -> u64 {
    ((N_CORNER_CLASS * N_ESEP) as u64) << k
}

/// Whether corner piece `p` (Kociemba's order URF UFL ULB UBR DFR DLF DBL DRB) is in the
/// tetrad of URF.
const fn first_tetrad(p: u8) -> bool {
    matches!(p, 0 | 2 | 5 | 7)
}

/// Slice of edge piece `p` (order UR UF UL UB DR DF DL DB FR FL BL BR): 0 = E, 1 = M, 2 = S.
const fn slice_of(p: u8) -> u8 {
    if p >= 8 {
        0
    } else if p % 2 == 1 {
        1
    } else {
        2
    }
}

/// Rank of a `k`-subset of `0..n` given as a bit mask (combinatorial number system).
pub(crate) fn subset_rank(mask: u32, n: usize) -> usize {
    let mut rank = 0;
    let mut seen = 0;
    for i in 0..n {
        if mask & (1 << i) != 0 {
            seen += 1;
            rank += binomial(i, seen);
        }
    }
    rank
}

/// The `k`-subset of `0..n` with rank `rank`, as a bit mask.
fn subset_unrank(mut rank: usize, n: usize, k: usize) -> u32 {
    let mut mask = 0;
    let mut left = k;
    for i in (0..n).rev() {
        if left == 0 {
            break;
        }
        let b = binomial(i, left);
        if rank >= b {
            rank -= b;
            mask |= 1 << i;
            left -= 1;
        }
    }
    mask
}

/// The raw corner value of a cube: `twist · 70 + rank of the first tetrad's positions`.
pub fn corner_raw(c: &CubieCube) -> usize {
    let mut mask = 0;
    for (pos, &p) in c.cp.iter().enumerate() {
        if first_tetrad(p) {
            mask |= 1 << pos;
        }
    }
    twist(c) * N_CSEP + subset_rank(mask, 8)
}

/// A cube with raw corner value `raw` (first-tetrad pieces in piece order on their positions,
/// the others likewise; edges solved).
pub fn cube_of_corner_raw(raw: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    crate::coord::set_twist(&mut c, raw / N_CSEP);
    let mask = subset_unrank(raw % N_CSEP, 8, 4);
    let (mut a, mut b) = ([0u8, 2, 5, 7].into_iter(), [1u8, 3, 4, 6].into_iter());
    for pos in 0..8 {
        c.cp[pos] = if mask & (1 << pos) != 0 {
            a.next().unwrap_or(0)
        } else {
            b.next().unwrap_or(0)
        };
    }
    c
}

/// The edge part of h11 of a cube as it stands: `esep · 2^11 + eo11`.
pub fn edge_part(c: &CubieCube) -> u64 {
    let (mut e_mask, mut m_mask, mut m_pos) = (0u32, 0u32, 0usize);
    let mut eo11 = 0u64;
    for (pos, &p) in c.ep.iter().enumerate() {
        match slice_of(p) {
            0 => e_mask |= 1 << pos,
            s => {
                if s == 1 {
                    m_mask |= 1 << m_pos;
                }
                m_pos += 1;
            }
        }
        if pos > 0 {
            eo11 |= u64::from(c.eo[pos]) << (pos - 1);
        }
    }
    let esep = subset_rank(e_mask, 12) * 70 + subset_rank(m_mask, 8);
    (esep as u64) << 11 | eo11
}

/// Sets the edges of `c` to edge part `e` (pieces of a slice in piece order; position 0's
/// orientation makes the total even).
pub(crate) fn set_edge_part(c: &mut CubieCube, e: u64) {
    let esep = (e >> 11) as usize;
    let e_mask = subset_unrank(esep / 70, 12, 4);
    let m_mask = subset_unrank(esep % 70, 8, 4);
    let (mut ee, mut mm, mut ss) = (
        8u8..12,
        [1u8, 3, 5, 7].into_iter(),
        [0u8, 2, 4, 6].into_iter(),
    );
    let mut other = 0;
    for pos in 0..12 {
        c.ep[pos] = if e_mask & (1 << pos) != 0 {
            ee.next().unwrap_or(0)
        } else {
            other += 1;
            if m_mask & (1 << (other - 1)) != 0 {
                mm.next().unwrap_or(0)
            } else {
                ss.next().unwrap_or(0)
            }
        };
    }
    let mut total = 0;
    for pos in 1..12 {
        c.eo[pos] = ((e >> (pos - 1)) & 1) as u8;
        total += c.eo[pos];
    }
    c.eo[0] = total % 2;
}

/// The corner classes: for each raw value its class and a symmetry carrying it to the class
/// representative; for each class its representative and its self-symmetries.
pub struct CornerClasses {
    /// `class[raw]`.
    pub class: Vec<u16>,
    /// `to_rep[raw]`: a symmetry `t` with `t · c · t⁻¹` at the representative.
    pub to_rep: Vec<u8>,
    /// `rep[class]`: the least raw value of the class.
    pub rep: Vec<u32>,
    /// `self_sym[class]`: bit `s` set when symmetry `s` fixes the representative.
    pub self_sym: Vec<u64>,
}

impl CornerClasses {
    /// Computes the classes (a fraction of a second).
    pub fn new() -> Self {
        let mut class = vec![u16::MAX; N_CORNER_RAW];
        let mut to_rep = vec![0u8; N_CORNER_RAW];
        let (mut rep, mut self_sym) = (Vec::new(), Vec::new());
        for raw in 0..N_CORNER_RAW {
            if class[raw] != u16::MAX {
                continue;
            }
            // `raw` is the least of its class: every member not yet seen is larger.
            let id = rep.len() as u16;
            let cube = cube_of_corner_raw(raw);
            let mut fixed = 0u64;
            for s in 0..sym48::N_SYM {
                let r = corner_raw(&sym48::conjugate(s, &cube));
                if r == raw {
                    fixed |= 1 << s;
                }
                if class[r] == u16::MAX {
                    class[r] = id;
                    // s · c · s⁻¹ = r, so s⁻¹ carries r back to the representative.
                    to_rep[r] = sym48::symmetries().inverse[s];
                }
            }
            rep.push(raw as u32);
            self_sym.push(fixed);
        }
        CornerClasses {
            class,
            to_rep,
            rep,
            self_sym,
        }
    }

    /// The classes, computed once per process.
    pub fn get() -> &'static CornerClasses {
        static CLASSES: OnceLock<CornerClasses> = OnceLock::new();
        CLASSES.get_or_init(CornerClasses::new)
    }

    /// h11 of a cube.
    pub fn h11(&self, c: &CubieCube) -> u64 {
        let raw = corner_raw(c);
        let class = self.class[raw] as usize;
        let t = self.to_rep[raw] as usize;
        let at_rep = sym48::conjugate(t, c);
        let mut edges = edge_part(&at_rep);
        let mut fixed = self.self_sym[class] & !1;
        while fixed != 0 {
            let s = fixed.trailing_zeros() as usize;
            fixed &= fixed - 1;
            edges = edges.min(edge_part(&sym48::conjugate(s, &at_rep)));
        }
        ((class as u64 * N_ESEP as u64) << 11) + edges
    }

    /// hK of a cube.
    pub fn index(&self, c: &CubieCube, k: u8) -> u64 {
        self.h11(c) >> (MAX_K - k)
    }

    /// A cube of hK index `idx` (its corners at their class representative; untracked edges
    /// oriented, but for position 0 which keeps the total even; both parities equal).
    pub fn cube(&self, idx: u64, k: u8) -> CubieCube {
        let h11 = idx << (MAX_K - k);
        let edges = h11 % ((N_ESEP as u64) << 11);
        let class = (h11 >> 11) / N_ESEP as u64;
        let mut c = cube_of_corner_raw(self.rep[class as usize] as usize);
        set_edge_part(&mut c, edges);
        if c.corner_parity() != c.edge_parity() {
            // Swap the two E edges' places among themselves: the slices stay where they are.
            let e: Vec<usize> = (0..12).filter(|&p| c.ep[p] >= 8).collect();
            c.ep.swap(e[0], e[1]);
        }
        c
    }

    /// The h11 indices one move from h11 index `idx` (18, with repeats).
    pub fn neighbours(&self, idx: u64) -> [u64; 18] {
        let c = self.cube(idx, MAX_K);
        Move::ALL.map(|m| self.h11(&c.apply_move(m)))
    }
}

impl Default for CornerClasses {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;

    fn random_cubes(seed: u64, n: usize) -> Vec<CubieCube> {
        let mut rng = rng_from_seed(seed);
        (0..n).map(|_| CubieCube::random(&mut rng)).collect()
    }

    #[test]
    fn sizes_are_nissys() {
        let cc = CornerClasses::get();
        assert_eq!(cc.rep.len(), N_CORNER_CLASS);
        assert!(cc.class.iter().all(|&c| (c as usize) < N_CORNER_CLASS));
        // nissy's documented sizes: h0 3393 · C(12,4) · C(8,4), h11 that · 2^11.
        assert_eq!(size(0), 117_567_450);
        assert_eq!(size(11), 240_778_137_600);
        for k in 0..=MAX_K {
            assert_eq!(size(k), size(0) << k);
        }
        // Every esep value is reached and none beyond.
        let mut seen = vec![false; N_ESEP];
        for e_rank in 0..495 {
            for m_rank in 0..70 {
                let mut c = CubieCube::SOLVED;
                set_edge_part(&mut c, ((e_rank * 70 + m_rank) as u64) << 11);
                seen[(edge_part(&c) >> 11) as usize] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn solved_is_zero_and_the_target_group_stays_there() {
        let cc = CornerClasses::get();
        assert_eq!(
            cc.h11(&CubieCube::SOLVED),
            cc.h11(&CubieCube::SOLVED) & !0x7FF
        );
        let solved = cc.h11(&CubieCube::SOLVED);
        // Half turns keep the target group.
        for m in Move::ALL.iter().filter(|m| m.index() % 3 == 1) {
            assert_eq!(cc.h11(&CubieCube::SOLVED.apply_move(*m)), solved, "{m}");
        }
        for m in Move::ALL.iter().filter(|m| m.index() % 3 != 1) {
            assert_ne!(cc.h11(&CubieCube::SOLVED.apply_move(*m)), solved, "{m}");
        }
    }

    #[test]
    fn conjugates_share_an_index() {
        let cc = CornerClasses::get();
        for c in random_cubes(40, 200) {
            let i = cc.h11(&c);
            for s in 0..sym48::N_SYM {
                assert_eq!(cc.h11(&sym48::conjugate(s, &c)), i, "symmetry {s}");
            }
        }
        // Self-symmetric corners too: cubes near solved.
        let mut rng = rng_from_seed(41);
        for _ in 0..200 {
            let moves = rubik_cube::random::random_moves(&mut rng, 3);
            let c = CubieCube::from_moves(&moves);
            let i = cc.h11(&c);
            for s in 0..sym48::N_SYM {
                assert_eq!(
                    cc.h11(&sym48::conjugate(s, &c)),
                    i,
                    "{moves:?} symmetry {s}"
                );
            }
        }
    }

    #[test]
    fn index_and_cube_round_trip() {
        let cc = CornerClasses::get();
        for c in random_cubes(42, 300) {
            for k in [0, 2, 8, 11] {
                let i = cc.index(&c, k);
                assert!(i < size(k));
                let d = cc.cube(i, k);
                assert!(d.is_solvable());
                assert_eq!(cc.index(&d, k), i, "k = {k}");
            }
        }
        // Any index: its cube's index is the least of the index's conjugates, so at most it.
        let mut rng = rng_from_seed(43);
        for _ in 0..300 {
            let i = rand::Rng::gen_range(&mut rng, 0..size(11));
            let j = cc.index(&cc.cube(i, 11), 11);
            assert!(j <= i);
            let class = |x: u64| (x >> 11) / N_ESEP as u64;
            assert_eq!(class(j), class(i), "the corner class stays");
            if cc.self_sym[class(i) as usize] == 1 {
                assert_eq!(j, i, "no self-symmetry: the index is its own");
            }
        }
    }

    #[test]
    fn moves_act_on_cosets() {
        // Two cubes of the same h11 coset (the target group applied first) have neighbours in
        // the same cosets.
        let cc = CornerClasses::get();
        let h = CubieCube::from_moves(&[Move::ALL[1], Move::ALL[4], Move::ALL[7], Move::ALL[10]]);
        for c in random_cubes(44, 100) {
            let hc = h.multiply(&c);
            assert_eq!(cc.h11(&hc), cc.h11(&c));
            for m in Move::ALL {
                assert_eq!(cc.h11(&hc.apply_move(m)), cc.h11(&c.apply_move(m)));
            }
        }
    }
}
