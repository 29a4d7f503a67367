//! The inverse cube as the search carries it: one byte per piece, updated by table reads.
//!
//! When the search appends a move `m` to the cube `c`, the inverse changes from `c⁻¹` to
//! `m⁻¹ · c⁻¹`: a move applied on the *left*. On the cubie level that is
//! `(A · X).ep[i] = A.ep[X.ep[i]]`, `(A · X).eo[i] = A.eo[X.ep[i]] + X.eo[i]`: every slot `i`
//! of `X` is transformed on its own, by a function of its own (piece, orientation) pair. So a
//! slot is packed into one byte (`piece | orientation << 4`) and the left move becomes one read
//! per slot in a 64-byte table, with no arithmetic. The pruning coordinates (flip, slice,
//! twist, corner split) then come from bit masks of the bytes and a few cache-resident tables.

use super::edge_coset::{order_of_packed, N_SLICE_ORDER};
use crate::coord::{N_FLIP, N_TWIST};
use rubik_cube::cubie::MOVE_CUBES;
use rubik_cube::CubieCube;

/// Number of corners.
const N_CORNERS: usize = 8;
/// Number of edges.
const N_EDGES: usize = 12;
/// Table rows cover every byte `piece | orientation << 4` with orientation < 3 (at most 0x2B),
/// rounded up to a power of two so that masking the index proves it in bounds.
const N_SLOT_BYTES: usize = 64;

/// A cube packed one byte per slot: `piece | orientation << 4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedCube {
    /// Edge slots UR..BR.
    pub edges: [u8; N_EDGES],
    /// Corner slots URF..DRB.
    pub corners: [u8; N_CORNERS],
}

impl PackedCube {
    /// The solved cube.
    pub const SOLVED: PackedCube = PackedCube::pack(&CubieCube::SOLVED);

    /// Packs a cube.
    pub const fn pack(c: &CubieCube) -> PackedCube {
        let mut edges = [0u8; N_EDGES];
        let mut i = 0;
        while i < N_EDGES {
            edges[i] = c.ep[i] | c.eo[i] << 4;
            i += 1;
        }
        let mut corners = [0u8; N_CORNERS];
        let mut i = 0;
        while i < N_CORNERS {
            corners[i] = c.cp[i] | c.co[i] << 4;
            i += 1;
        }
        PackedCube { edges, corners }
    }

    /// Unpacks into a cubie cube.
    pub fn unpack(&self) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        for i in 0..N_EDGES {
            c.ep[i] = self.edges[i] & 0xF;
            c.eo[i] = self.edges[i] >> 4;
        }
        for i in 0..N_CORNERS {
            c.cp[i] = self.corners[i] & 0xF;
            c.co[i] = self.corners[i] >> 4;
        }
        c
    }
}

/// Tables for left moves on packed cubes and for reading their coordinates.
pub struct InverseTables {
    /// `edge_left[m][b]`: the edge byte `b` after move `m` is applied on the left.
    edge_left: [[u8; N_SLOT_BYTES]; 18],
    /// `corner_left[m][b]`: the corner byte `b` after move `m` is applied on the left.
    corner_left: [[u8; N_SLOT_BYTES]; 18],
    /// `flip_of_mask[mask]`: the flip coordinate whose orientation bits, slot `i` in bit `i`
    /// (slots 0..11), are `mask`.
    flip_of_mask: Vec<u16>,
    /// `slice_of_mask[mask]`: the slice coordinate of the slice edges sitting at the slots of
    /// the 12-bit `mask`.
    slice_of_mask: Vec<u16>,
    /// `twist_of_mask[mask]`: the sum of `3^(6-i)` over the bits `i` of a 7-bit mask.
    twist_of_mask: [u16; 128],
    /// `split_of_mask[mask]`: the corner split of the D corners sitting at the slots of `mask`.
    split_of_mask: [u16; 256],
    /// `turned[m]`: the slots move `m` changes when applied on the right.
    turned: [Turned; 18],
}

/// The four edge and four corner slots a face turn changes, applied on the right: edge slot
/// `edge_dst[j]` takes the byte at `edge_src[j]` with `edge_flip[j]` xored in, corner slot
/// `corner_dst[j]` the byte at `corner_src[j]` twisted by `corner_twist[j]`.
#[derive(Clone, Copy, Default)]
struct Turned {
    edge_dst: [u8; 4],
    edge_src: [u8; 4],
    edge_flip: [u8; 4],
    corner_dst: [u8; 4],
    corner_src: [u8; 4],
    corner_twist: [u8; 4],
}

impl Turned {
    /// The slots `a` (a face turn) changes.
    fn of(a: &CubieCube) -> Turned {
        let mut t = Turned::default();
        let moved_edges = (0..N_EDGES).filter(|&i| a.ep[i] as usize != i || a.eo[i] != 0);
        for (j, i) in moved_edges.enumerate() {
            t.edge_dst[j] = i as u8;
            t.edge_src[j] = a.ep[i];
            t.edge_flip[j] = a.eo[i] << 4;
        }
        let moved_corners = (0..N_CORNERS).filter(|&i| a.cp[i] as usize != i || a.co[i] != 0);
        for (j, i) in moved_corners.enumerate() {
            t.corner_dst[j] = i as u8;
            t.corner_src[j] = a.cp[i];
            t.corner_twist[j] = a.co[i];
        }
        t
    }
}

impl InverseTables {
    /// Builds the tables (microseconds).
    pub fn new() -> InverseTables {
        let mut edge_left = [[0u8; N_SLOT_BYTES]; 18];
        let mut corner_left = [[0u8; N_SLOT_BYTES]; 18];
        for (m, a) in MOVE_CUBES.iter().enumerate() {
            for b in 0..N_SLOT_BYTES {
                let (p, o) = (b & 0xF, (b >> 4) as u8);
                if p < N_EDGES && o < 2 {
                    edge_left[m][b] = a.ep[p] | ((a.eo[p] ^ o) << 4);
                }
                if p < N_CORNERS {
                    corner_left[m][b] = a.cp[p] | (((a.co[p] + o) % 3) << 4);
                }
            }
        }
        // The coordinate functions of the cube crate's layout, applied to cubes built from masks.
        let flip_of_mask = (0..1u32 << N_EDGES)
            .map(|mask| {
                let mut c = CubieCube::SOLVED;
                for i in 0..N_EDGES {
                    c.eo[i] = ((mask >> i) & 1) as u8;
                }
                crate::coord::flip(&c) as u16
            })
            .collect();
        let slice_of_mask = (0..1u32 << N_EDGES)
            .map(|mask| {
                let mut c = CubieCube::SOLVED;
                for i in 0..N_EDGES {
                    c.ep[i] = if (mask >> i) & 1 == 1 { 8 } else { 0 };
                }
                crate::coord::slice(&c) as u16
            })
            .collect();
        let twist_of_mask = std::array::from_fn(|mask| {
            let mut c = CubieCube::SOLVED;
            for i in 0..7 {
                c.co[i] = ((mask >> i) & 1) as u8;
            }
            crate::coord::twist(&c) as u16
        });
        let split_of_mask = std::array::from_fn(|mask| {
            let mut c = CubieCube::SOLVED;
            for i in 0..N_CORNERS {
                c.cp[i] = if (mask >> i) & 1 == 1 { 4 } else { 0 };
            }
            crate::coord::corner_split(&c) as u16
        });
        let turned = std::array::from_fn(|m| Turned::of(&MOVE_CUBES[m]));
        InverseTables {
            turned,
            edge_left,
            corner_left,
            flip_of_mask,
            slice_of_mask,
            twist_of_mask,
            split_of_mask,
        }
    }

    /// `MOVE_CUBES[m] · x`: the packed cube `x` with move `m` applied on the left.
    #[inline(always)]
    pub fn left_move(&self, m: usize, x: &PackedCube) -> PackedCube {
        let (e, c) = (&self.edge_left[m], &self.corner_left[m]);
        PackedCube {
            edges: x.edges.map(|b| e[b as usize & (N_SLOT_BYTES - 1)]),
            corners: x.corners.map(|b| c[b as usize & (N_SLOT_BYTES - 1)]),
        }
    }

    /// `x · MOVE_CUBES[m]`: the packed cube `x` turned by move `m` (applied on the right): the
    /// four edge and four corner slots the move touches are shuffled, their orientations
    /// changed; the other twelve stay.
    #[inline(always)]
    pub fn right_move(&self, m: usize, x: &PackedCube) -> PackedCube {
        let t = &self.turned[m];
        let mut out = *x;
        for j in 0..4 {
            out.edges[t.edge_dst[j] as usize] = x.edges[t.edge_src[j] as usize] ^ t.edge_flip[j];
        }
        for j in 0..4 {
            let b = x.corners[t.corner_src[j] as usize & 7];
            let o = (b >> 4) + t.corner_twist[j];
            out.corners[t.corner_dst[j] as usize & 7] =
                (b & 0xF) | (if o >= 3 { o - 3 } else { o }) << 4;
        }
        out
    }

    /// Flip, slice, twist and corner split of a packed cube (the layout of
    /// [`super::tables::coords`] with the slice's order dropped when `ORDER` is false).
    #[inline(always)]
    pub fn coords<const ORDER: bool>(&self, x: &PackedCube) -> [u16; 4] {
        let [flip_mask, slice_mask, once, twice, split_mask] = bit_masks(x);
        // The slice edges met slot by slot, two bits each (piece − 8).
        let mut order = 0usize;
        if ORDER {
            let mut n_slice = 0;
            let mut rest = slice_mask;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                order |= (x.edges[i] as usize & 3) << n_slice;
                n_slice += 2;
                rest &= rest - 1;
            }
        }
        let twist = self.twist_of_mask[once & 0x7F] + 2 * self.twist_of_mask[twice & 0x7F];
        debug_assert!((twist as usize) < N_TWIST);
        let slice = self.slice_of_mask[slice_mask & ((1 << N_EDGES) - 1)];
        [
            self.flip_of_mask[flip_mask & (2 * N_FLIP - 1)],
            if ORDER {
                slice * N_SLICE_ORDER as u16 + order_of_packed(order as u8)
            } else {
                slice
            },
            twist,
            self.split_of_mask[split_mask & 0xFF],
        ]
    }
}

/// The bit masks the coordinates of a packed cube are read from, slot `i` in bit `i`: edge
/// orientations, slice edges (pieces 8..11), corners twisted once, corners twisted twice, D
/// corners (pieces 4..7). Each is one bit of every byte: shifted to the byte's top bit and
/// gathered by one `movemask` on x86-64 (SSE2, which every x86-64 processor has).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn bit_masks(x: &PackedCube) -> [usize; 5] {
    use std::arch::x86_64::*;
    /// Bit `7 − SHIFT` of each byte of `v`, one bit a byte: a 16-bit shift by less than 8
    /// moves the low byte's crossing bits below the high byte's bit 7.
    #[inline(always)]
    fn top_bits<const SHIFT: i32>(v: __m128i) -> usize {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe { _mm_movemask_epi8(_mm_slli_epi16::<SHIFT>(v)) as usize }
    }
    let mut e = [0u8; 16];
    e[..N_EDGES].copy_from_slice(&x.edges);
    let mut c = [0u8; 16];
    c[..N_CORNERS].copy_from_slice(&x.corners);
    // SAFETY: SSE2 is part of the x86-64 baseline; each load reads a 16-byte array.
    let (e, c) = unsafe {
        (
            _mm_loadu_si128(e.as_ptr() as *const __m128i),
            _mm_loadu_si128(c.as_ptr() as *const __m128i),
        )
    };
    [
        top_bits::<3>(e) & 0xFFF, // bit 4: flipped
        top_bits::<4>(e) & 0xFFF, // bit 3: a slice edge
        top_bits::<3>(c) & 0xFF,  // bit 4: twisted once
        top_bits::<2>(c) & 0xFF,  // bit 5: twisted twice
        top_bits::<5>(c) & 0xFF,  // bit 2: a D corner
    ]
}

/// [`bit_masks`] one byte at a time (other processors; on x86-64, the tests' reference).
#[cfg(any(test, not(target_arch = "x86_64")))]
fn bit_masks_bytewise(x: &PackedCube) -> [usize; 5] {
    let bit = |b: u8, k: u32| ((b >> k) & 1) as usize;
    let mut m = [0usize; 5];
    for (i, &b) in x.edges.iter().enumerate() {
        m[0] |= bit(b, 4) << i;
        m[1] |= bit(b, 3) << i;
    }
    for (i, &b) in x.corners.iter().enumerate() {
        m[2] |= bit(b, 4) << i;
        m[3] |= bit(b, 5) << i;
        m[4] |= bit(b, 2) << i;
    }
    m
}

#[cfg(not(target_arch = "x86_64"))]
use bit_masks_bytewise as bit_masks;

impl Default for InverseTables {
    fn default() -> Self {
        InverseTables::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::method::optimal::tables::coords;
    use rubik_cube::random::rng_from_seed;
    use rubik_cube::Move;

    #[test]
    fn left_moves_and_coordinates_agree_with_cubies() {
        let t = InverseTables::new();
        let mut rng = rng_from_seed(21);
        for _ in 0..50 {
            let x = CubieCube::random(&mut rng);
            let packed = PackedCube::pack(&x);
            assert_eq!(packed.unpack(), x);
            assert_eq!(t.coords::<true>(&packed), coords(&x));
            assert_eq!(
                t.coords::<false>(&packed)[1],
                crate::coord::slice(&x) as u16
            );
            for m in Move::ALL {
                let left = MOVE_CUBES[m.index()].multiply(&x);
                let right = t.right_move(m.index(), &packed);
                assert_eq!(right, PackedCube::pack(&x.apply_move(m)), "{m:?}");
                let moved = t.left_move(m.index(), &packed);
                assert_eq!(moved, PackedCube::pack(&left), "{m:?}");
                assert_eq!(t.coords::<true>(&moved), coords(&left), "{m:?}");
                assert_eq!(bit_masks(&moved), bit_masks_bytewise(&moved), "{m:?}");
            }
        }
        assert_eq!(PackedCube::SOLVED.unpack(), CubieCube::SOLVED);
    }
}
