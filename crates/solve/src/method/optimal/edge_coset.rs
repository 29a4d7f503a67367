//! The edge coordinate of the large tables: where the four UD-slice edges are *and in which
//! order* (C(12,4) · 4! = 11,880 values), with the orientation of the eight other edges
//! (2^8): 3,041,280 raw values, reduced by the 16 U–D symmetries to 191,060 classes.
//!
//! Against the flip × slice coordinate of the small and medium tables it drops the slice
//! edges' orientation (÷ 8) and adds their order (× 24): a coset three times larger, which
//! prunes deeper. The orientation of a non-slice edge reads its U/D sticker, which every U–D
//! symmetry keeps on U/D faces, so the coordinate is well defined under conjugation.
//!
//! The search carries the flip and the slice-with-order coordinates (move tables); the eight
//! orientations are picked out of the flip's twelve bits by two small tables.

use crate::coord::symmetry::{conjugate, Symmetries, N_SYM_UD};
use crate::coord::{binomial as choose, N_FLIP, N_SLICE};
use crate::store::HugeVec;
use rubik_cube::{CubieCube, Move};

/// Orders of the four slice edges: 4!.
pub const N_SLICE_ORDER: usize = 24;
/// Slice positions and order: C(12, 4) · 4!.
pub const N_SLICE_SORTED: usize = N_SLICE * N_SLICE_ORDER;
/// Orientations of the eight non-slice edges.
pub const N_EO8: usize = 256;
/// Raw values of the edge coordinate: `slice_sorted · 256 + eo8`.
pub const N_RAW: usize = N_SLICE_SORTED * N_EO8;
/// Classes of the edge coordinate under the 16 U–D symmetries.
pub const N_CLASS: usize = 191_060;

/// Rank (0..24) of the order in which the slice edges FR FL BL BR (pieces 8..11) appear,
/// read slot by slot; `order` packs the pieces minus 8, the first in the lowest two bits.
const fn order_rank(order: u8) -> u8 {
    let p = [
        order & 3,
        (order >> 2) & 3,
        (order >> 4) & 3,
        (order >> 6) & 3,
    ];
    let mut rank = 0u8;
    let mut i = 0;
    while i < 4 {
        let mut smaller_after = 0;
        let mut j = i + 1;
        while j < 4 {
            if p[j] < p[i] {
                smaller_after += 1;
            }
            j += 1;
        }
        // Lehmer code, most significant digit first: weights 6, 2, 1.
        rank = rank * (4 - i as u8) + smaller_after;
        i += 1;
    }
    rank
}

/// `ORDER_RANK[order]` for every packed order of four distinct pieces (others unused).
const ORDER_RANK: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut o = 0;
    while o < 256 {
        t[o] = order_rank(o as u8);
        o += 1;
    }
    t
};

/// The slice-with-order coordinate (0..11,880): `slice · 24 + order` (solved = 0).
pub fn slice_sorted(c: &CubieCube) -> u16 {
    let mut order = 0u8;
    let mut n = 0;
    for i in 0..12 {
        if c.ep[i] >= 8 {
            order |= (c.ep[i] - 8) << (2 * n);
            n += 1;
        }
    }
    crate::coord::slice(c) as u16 * N_SLICE_ORDER as u16 + u16::from(ORDER_RANK[order as usize])
}

/// The order coordinate (0..24) of the slice edges met slot by slot, packed two bits a piece
/// (piece − 8, the first in the lowest bits).
#[inline(always)]
pub fn order_of_packed(order: u8) -> u16 {
    u16::from(ORDER_RANK[order as usize])
}

/// Slots of the slice edges of a cube with slice coordinate `s`, slot `i` in bit `i`.
fn slice_slots(s: u16) -> u16 {
    let mut idx = s as usize;
    let mut x = 4;
    let mut mask = 0u16;
    for j in 0..12 {
        if x == 0 {
            break;
        }
        let n = choose(11 - j, x);
        if idx >= n {
            mask |= 1 << j;
            idx -= n;
            x -= 1;
        }
    }
    mask
}

/// A cube with slice-with-order coordinate `ss` and the non-slice edges oriented by `eo8`
/// (bit `j` for the `j`-th non-slice slot); non-slice pieces in UR..DB order, slice edges
/// unflipped, corners solved.
pub fn with_edges(ss: u16, eo8: u8) -> CubieCube {
    let mask = slice_slots(ss / N_SLICE_ORDER as u16);
    let mut rank = ss as usize % N_SLICE_ORDER;
    // Decode the Lehmer code of `order_rank`.
    let mut left: Vec<u8> = (8..12).collect();
    let mut order = [0u8; 4];
    for (i, slot) in order.iter_mut().enumerate() {
        let w = [6, 2, 1, 1][i];
        *slot = left.remove(rank / w);
        rank %= w;
    }
    let mut c = CubieCube::SOLVED;
    let (mut next_slice, mut next_other, mut j) = (0, 0u8, 0);
    for i in 0..12 {
        if mask & (1 << i) != 0 {
            c.ep[i] = order[next_slice];
            c.eo[i] = 0;
            next_slice += 1;
        } else {
            c.ep[i] = next_other;
            c.eo[i] = (eo8 >> j) & 1;
            next_other += 1;
            j += 1;
        }
    }
    c
}

/// The orientations of the non-slice edges of a cube, slot by slot (bit `j` for the `j`-th).
pub fn eo8(c: &CubieCube) -> u8 {
    let mut e = 0u8;
    let mut j = 0;
    for i in 0..12 {
        if c.ep[i] < 8 {
            e |= c.eo[i] << j;
            j += 1;
        }
    }
    e
}

/// The raw edge coordinate of a cube: `slice_sorted · 256 + eo8`.
pub fn raw(c: &CubieCube) -> u32 {
    u32::from(slice_sorted(c)) * N_EO8 as u32 + u32::from(eo8(c))
}

/// Picks the eight non-slice orientations out of a flip coordinate, given the slice.
pub struct Eo8Extract {
    /// `mask12[flip]`: edge orientations, slot `i` in bit `i`.
    mask12: Vec<u16>,
    /// `low[slice · 64 + bits]`: the non-slice orientations among slots 0..5.
    low: Vec<u8>,
    /// `high[slice · 64 + bits]`: those among slots 6..11, shifted past the low ones.
    high: Vec<u8>,
}

impl Eo8Extract {
    /// Builds the tables (microseconds).
    pub fn new() -> Eo8Extract {
        let mask12 = (0..N_FLIP)
            .map(|f| {
                let mut c = CubieCube::SOLVED;
                crate::coord::set_flip(&mut c, f);
                (0..12).fold(0u16, |m, i| m | u16::from(c.eo[i]) << i)
            })
            .collect();
        let mut low = vec![0u8; N_SLICE * 64];
        let mut high = vec![0u8; N_SLICE * 64];
        for s in 0..N_SLICE {
            let others = !slice_slots(s as u16) & 0xFFF;
            let shift = (others & 0x3F).count_ones();
            for bits in 0..64u16 {
                low[s * 64 + bits as usize] = pext(bits, others & 0x3F) as u8;
                high[s * 64 + bits as usize] = (pext(bits, others >> 6) << shift) as u8;
            }
        }
        Eo8Extract { mask12, low, high }
    }

    /// The eight non-slice orientations of a cube with flip `f` and slice `s`.
    #[inline(always)]
    pub fn eo8(&self, f: u16, s: u16) -> u8 {
        let m = self.mask12[f as usize & (N_FLIP - 1)] as usize;
        let row = s as usize * 64;
        self.low[row + (m & 63)] | self.high[row + (m >> 6)]
    }
}

impl Default for Eo8Extract {
    fn default() -> Self {
        Eo8Extract::new()
    }
}

/// The bits of `value` at the set bits of `mask`, packed downwards.
fn pext(value: u16, mask: u16) -> u16 {
    let (mut out, mut j) = (0u16, 0);
    for i in 0..16 {
        if mask & (1 << i) != 0 {
            out |= ((value >> i) & 1) << j;
            j += 1;
        }
    }
    out
}

/// Move table of the slice-with-order coordinate: `table[ss * 18 + move]`.
pub fn slice_sorted_moves() -> Vec<u16> {
    let mut t = vec![0u16; N_SLICE_SORTED * 18];
    for ss in 0..N_SLICE_SORTED {
        let c = with_edges(ss as u16, 0);
        for m in Move::ALL {
            t[ss * 18 + m.index()] = slice_sorted(&c.apply_move(m));
        }
    }
    t
}

/// The symmetry classes of the raw edge coordinate.
pub struct EdgeClasses {
    /// `class_sym[raw] = class << 4 | sym`, with `sym · raw · sym⁻¹ = rep[class]`.
    pub class_sym: HugeVec<u32>,
    /// `rep[class]`: the least raw value of the class.
    pub rep: Vec<u32>,
    /// `stabiliser[class]`: bit `s` set when symmetry `s` fixes `rep[class]`.
    pub stabiliser: Vec<u16>,
}

impl EdgeClasses {
    /// Computes the classes (about a second).
    pub fn new(syms: &Symmetries) -> EdgeClasses {
        const UNSET: u32 = u32::MAX;
        let mut class_sym = vec![UNSET; N_RAW];
        let mut rep = Vec::with_capacity(N_CLASS);
        let mut stabiliser = Vec::with_capacity(N_CLASS);
        for r in 0..N_RAW {
            if class_sym[r] != UNSET {
                continue;
            }
            let c = rep.len() as u32;
            let cube = with_edges((r / N_EO8) as u16, (r % N_EO8) as u8);
            let mut stab = 0u16;
            for s in 0..N_SYM_UD {
                let other = raw(&conjugate(&cube, s)) as usize;
                if other == r {
                    stab |= 1 << s;
                }
                if class_sym[other] == UNSET {
                    // other = s · rep · s⁻¹, so s⁻¹ · other · s = rep.
                    class_sym[other] = c << 4 | syms.inverse[s] as u32;
                }
            }
            rep.push(r as u32);
            stabiliser.push(stab);
        }
        debug_assert_eq!(rep.len(), N_CLASS);
        EdgeClasses {
            class_sym: class_sym.into(),
            rep,
            stabiliser,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;

    #[test]
    fn coordinates_round_trip_and_extract() {
        let x = Eo8Extract::new();
        for ss in (0..N_SLICE_SORTED as u16).step_by(7) {
            for e in [0u8, 1, 0x5A, 0xFF] {
                let c = with_edges(ss, e);
                assert_eq!((slice_sorted(&c), eo8(&c)), (ss, e));
            }
        }
        assert_eq!(raw(&CubieCube::SOLVED), 0);
        let mut rng = rng_from_seed(5);
        for _ in 0..200 {
            let c = CubieCube::random(&mut rng);
            let (f, s) = (
                crate::coord::flip(&c) as u16,
                crate::coord::slice(&c) as u16,
            );
            assert_eq!(x.eo8(f, s), eo8(&c));
            assert_eq!(slice_sorted(&c) / N_SLICE_ORDER as u16, s);
        }
    }

    #[test]
    fn move_table_agrees_with_cubies() {
        let t = slice_sorted_moves();
        let mut c = CubieCube::SOLVED;
        for i in 0..300 {
            let m = Move::ALL[(i * 5 + 1) % 18];
            let before = slice_sorted(&c) as usize;
            c = c.apply_move(m);
            assert_eq!(t[before * 18 + m.index()], slice_sorted(&c));
        }
    }

    #[test]
    fn classes_cover_every_raw_value_with_a_working_symmetry() {
        let ec = EdgeClasses::new(crate::coord::symmetry::symmetries());
        assert_eq!(ec.rep.len(), N_CLASS);
        let mut rng = rng_from_seed(9);
        for _ in 0..300 {
            let c = CubieCube::random(&mut rng);
            let cs = ec.class_sym[raw(&c) as usize];
            let conj = conjugate(&c, (cs & 0xF) as usize);
            assert_eq!(raw(&conj), ec.rep[(cs >> 4) as usize]);
        }
    }
}
