//! Coordinates: small integers naming one aspect of a cube state (the corner twists, the edge
//! flips, where the middle-layer edges are, ...), so that move and pruning tables can be arrays.
//!
//! Every coordinate is 0 on the solved cube. Piece order is Kociemba's (corners URF UFL ULB UBR
//! DFR DLF DBL DRB, edges UR UF UL UB DR DF DL DB FR FL BL BR); the four "slice" edges are the
//! middle-layer edges FR FL BL BR (indices 8..12) and the eight "U/D edges" are indices 0..8.
//!
//! Phase 1 of the two-phase method works on (twist, flip, slice); phase 2, inside the subgroup
//! G1 = <U, D, R2, L2, F2, B2>, on (corners, U/D edges, slice permutation).

#![allow(clippy::needless_range_loop)] // loops index several parallel piece tables

pub mod classes;
pub mod moves;
pub mod symmetry;

use rubik_cube::CubieCube;

/// Corner orientations: the twist of the first 7 corners in base 3; the 8th follows from a
/// zero total twist. `3^7 = 2187`.
pub const N_TWIST: usize = 2187;
/// Edge orientations: the flip of the first 11 edges in base 2; the 12th follows from a zero
/// total flip. `2^11 = 2048`.
pub const N_FLIP: usize = 2048;
/// Which 4 of the 12 edge positions hold the slice edges, order ignored. `C(12, 4) = 495`.
pub const N_SLICE: usize = 495;
/// The order of the 4 slice edges among themselves. `4! = 24`.
pub const N_SLICE_PERM: usize = 24;
/// Positions and order of the 4 slice edges. `12·11·10·9 = 495·24 = 11880`.
pub const N_SLICE_SORTED: usize = N_SLICE * N_SLICE_PERM;
/// Corner permutation. `8! = 40320`.
pub const N_CORNERS: usize = 40320;
/// Permutation of the 8 U/D edges inside G1 (where they stay in the U and D layers). `8! = 40320`.
pub const N_UD_EDGES: usize = 40320;
/// Phase-1 edge coordinate: slice position × flip. `495 · 2048 = 1,013,760`.
pub const N_FLIPSLICE: usize = N_SLICE * N_FLIP;
/// Corner combination coordinate: which 4 of the 8 positions hold the U-layer corners.
pub const N_CORNER_COMB: usize = 70;
/// Corner split: which 4 of the 8 positions hold the D-layer corners (the optimal method's
/// tables split on it). `C(8, 4) = 70`.
pub const N_CORNER_SPLIT: usize = 70;

const FACTORIAL: [usize; 13] = {
    let mut f = [1usize; 13];
    let mut i = 1;
    while i < 13 {
        f[i] = f[i - 1] * i;
        i += 1;
    }
    f
};

/// `C(n, k)`, the binomial coefficient (0 when k > n).
pub const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// `BINOMIAL[n][k]` = C(n, k) for n, k ≤ 12: [`binomial`] as a table, for coordinates read
/// in a search or over a whole table.
pub const BINOMIAL: [[u16; 13]; 13] = {
    let mut t = [[0u16; 13]; 13];
    let mut n = 0;
    while n < 13 {
        let mut k = 0;
        while k < 13 {
            t[n][k] = binomial(n, k) as u16;
            k += 1;
        }
        n += 1;
    }
    t
};

/// Rank of a permutation of `0..p.len()` (Lehmer code; the identity has rank 0).
///
/// Digit `i` counts the earlier entries greater than `p[i]` (0..=i) and weighs `i!`.
pub fn perm_rank(p: &[u8]) -> usize {
    let mut rank = 0;
    for i in 1..p.len() {
        let greater = p[..i].iter().filter(|&&q| q > p[i]).count();
        rank += greater * FACTORIAL[i];
    }
    rank
}

/// [`perm_rank`] of a permutation of `0..N` (N ≤ 12) held in an array, with bit counts
/// instead of nested scans: the hot-path form.
#[inline(always)]
pub fn perm_rank_of<const N: usize>(p: &[u8; N]) -> usize {
    let mut seen = 1u32 << p[0];
    let mut rank = 0;
    for i in 1..N {
        // Earlier values greater than p[i].
        rank += (seen >> p[i]).count_ones() as usize * FACTORIAL[i];
        seen |= 1 << p[i];
    }
    rank
}

/// The permutation of `0..n` with the given [`perm_rank`].
pub fn perm_unrank(mut rank: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; 12];
    for (i, d) in digits.iter_mut().enumerate().take(n).skip(1).rev() {
        *d = rank / FACTORIAL[i];
        rank %= FACTORIAL[i];
    }
    // Fill from the back: p[i] is the (i - digit)-th smallest of the values still free.
    let mut free: Vec<u8> = (0..n as u8).collect();
    for i in (0..n).rev() {
        out[i] = free.remove(i - digits[i]);
    }
}

/// The twist coordinate (0..2187).
pub fn twist(c: &CubieCube) -> usize {
    orientation(&c.co, 3)
}

/// Sets the corner orientations to the given twist coordinate.
pub fn set_twist(c: &mut CubieCube, twist: usize) {
    set_orientation(&mut c.co, 3, twist);
}

/// The flip coordinate (0..2048).
pub fn flip(c: &CubieCube) -> usize {
    orientation(&c.eo, 2)
}

/// Sets the edge orientations to the given flip coordinate.
pub fn set_flip(c: &mut CubieCube, flip: usize) {
    set_orientation(&mut c.eo, 2, flip);
}

/// An orientation coordinate: all pieces but the last (whose orientation follows from the
/// others') read as the digits of a base-`turns` number, first piece most significant.
fn orientation(o: &[u8], turns: usize) -> usize {
    o[..o.len() - 1]
        .iter()
        .fold(0, |v, &x| turns * v + x as usize)
}

/// Sets the orientations `o` to the coordinate `value` of [`orientation`], the last piece
/// making the total a multiple of `turns`.
fn set_orientation(o: &mut [u8], turns: usize, mut value: usize) {
    let last = o.len() - 1;
    let mut total = 0;
    for i in (0..last).rev() {
        o[i] = (value % turns) as u8;
        total += o[i] as usize;
        value /= turns;
    }
    o[last] = ((turns - total % turns) % turns) as u8;
}

fn is_slice_edge(e: u8) -> bool {
    e >= 8
}

/// The slice-sorted coordinate (0..11880): `24 · slice + order`, where `slice` is [`slice`]
/// and `order` (0..24) ranks the slice edges in the order of their positions. Inside G1 it is
/// the slice permutation (0..24).
pub fn slice_sorted(c: &CubieCube) -> usize {
    // The slice edges met from BR (11) down to UR (0) fill `order` from its end.
    let mut order = [0u8; 4];
    let slice_edges = c.ep.iter().rev().filter(|&&e| is_slice_edge(e));
    for (o, &e) in order.iter_mut().rev().zip(slice_edges) {
        *o = e - 8;
    }
    N_SLICE_PERM * slice(c) + perm_rank(&order)
}

/// The slice coordinate (0..495): which positions hold the slice edges, order ignored
/// (positions FR FL BL BR rank 0). Only the positions holding an edge numbered 8 or more
/// count, so it also reads cubes that merely mark positions.
pub fn slice(c: &CubieCube) -> usize {
    // Scan positions from BR (11) down to UR (0); the k-th slice edge met at position p adds
    // C(11 - p, k), so positions 11, 10, 9, 8 give C(0,1)+C(1,2)+C(2,3)+C(3,4) = 0.
    let mut comb = 0;
    let mut found = 0;
    for pos in (0..12).rev() {
        if is_slice_edge(c.ep[pos]) {
            found += 1;
            comb += BINOMIAL[11 - pos][found] as usize;
        }
    }
    comb
}

/// Places the slice edges as the slice-sorted coordinate says; the other edges fill the other
/// positions in order.
pub fn set_slice_sorted(c: &mut CubieCube, idx: usize) {
    let (mut comb, perm) = (idx / 24, idx % 24);
    let mut order = [0u8; 4];
    perm_unrank(perm, &mut order);
    let mut positions = [false; 12];
    // Invert the combinatorial number system, largest term first.
    let mut k = 4;
    for pos in 0..12 {
        if k == 0 {
            break;
        }
        let c_nk = binomial(11 - pos, k);
        if comb >= c_nk {
            comb -= c_nk;
            positions[pos] = true;
            k -= 1;
        }
    }
    let (mut slice_i, mut other) = (0, 0u8);
    for (pos, &is_slice) in positions.iter().enumerate() {
        if is_slice {
            c.ep[pos] = order[slice_i] + 8;
            slice_i += 1;
        } else {
            c.ep[pos] = other;
            other += 1;
        }
    }
}

/// The corner permutation coordinate (0..40320).
pub fn corners(c: &CubieCube) -> usize {
    perm_rank(&c.cp)
}

/// The corner-combination coordinate (0..70) of a corner permutation: the positions holding
/// the U-layer corners, ranked in the combinatorial number system (solved = 0).
pub fn corner_comb(cp: &[u8; 8]) -> usize {
    let mut comb = 0;
    let mut k = 0;
    for (pos, &c) in cp.iter().enumerate() {
        if c < 4 {
            k += 1;
            comb += binomial(pos, k);
        }
    }
    comb
}

/// The corner-split coordinate (0..70): which positions hold the D-layer corners DFR DLF DBL
/// DRB, ignoring their order and twist (solved = 0). It is not [`corner_comb`], which ranks the
/// U-layer corners from URF onwards and agrees with it on only 16 of the 70 values: the optimal
/// method's cached tables are numbered by this one.
pub fn corner_split(c: &CubieCube) -> usize {
    let mut a = 0;
    let mut x = 0;
    for j in (0..8).rev() {
        if c.cp[j] >= 4 {
            x += 1;
            a += BINOMIAL[7 - j][x] as usize;
        }
    }
    a
}

/// Places the corners as corner split `k` says: the D-layer corners in DFR..DRB order, the
/// U-layer corners in URF..UBR order (orientations untouched).
pub fn set_corner_split(c: &mut CubieCube, k: usize) {
    let mut idx = k;
    let mut x = 4;
    let mut is_d = [false; 8];
    for (j, slot) in is_d.iter_mut().enumerate() {
        if x == 0 {
            break;
        }
        let n = binomial(7 - j, x);
        if idx >= n {
            *slot = true;
            idx -= n;
            x -= 1;
        }
    }
    let (mut next_d, mut next_u) = (4u8, 0u8);
    for j in 0..8 {
        if is_d[j] {
            c.cp[j] = next_d;
            next_d += 1;
        } else {
            c.cp[j] = next_u;
            next_u += 1;
        }
    }
}

/// Sets the corner permutation.
pub fn set_corners(c: &mut CubieCube, idx: usize) {
    perm_unrank(idx, &mut c.cp);
}

/// The U/D-edge permutation coordinate (0..40320); meaningful only inside G1, where the edges
/// at positions 0..8 are the U/D edges.
pub fn ud_edges(c: &CubieCube) -> usize {
    perm_rank(&c.ep[..8])
}

/// Sets the U/D edges (positions 0..8) and puts the slice edges home.
pub fn set_ud_edges(c: &mut CubieCube, idx: usize) {
    perm_unrank(idx, &mut c.ep[..8]);
    for i in 8..12 {
        c.ep[i] = i as u8;
    }
}

/// The flip-slice coordinate (0..1,013,760): `slice · 2048 + flip`.
pub fn flipslice(c: &CubieCube) -> usize {
    slice(c) * N_FLIP + flip(c)
}

/// Sets the slice edges' positions (in FR FL BL BR order) and the flip from a flip-slice
/// coordinate.
pub fn set_flipslice(c: &mut CubieCube, fs: usize) {
    set_slice_sorted(c, (fs / N_FLIP) * N_SLICE_PERM);
    set_flip(c, fs % N_FLIP);
}

/// The slice permutation inside G1 (0..24): equals [`slice_sorted`] when the slice edges are in
/// the middle layer.
#[cfg(test)]
pub fn slice_perm(c: &CubieCube) -> usize {
    let order = [c.ep[8] - 8, c.ep[9] - 8, c.ep[10] - 8, c.ep[11] - 8];
    perm_rank(&order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;

    #[test]
    fn solved_is_zero() {
        let c = CubieCube::SOLVED;
        assert_eq!(twist(&c), 0);
        assert_eq!(flip(&c), 0);
        assert_eq!(slice_sorted(&c), 0);
        assert_eq!(corners(&c), 0);
        assert_eq!(ud_edges(&c), 0);
        assert_eq!(slice_perm(&c), 0);
    }

    #[test]
    fn corner_split_round_trips() {
        assert_eq!(corner_split(&CubieCube::SOLVED), 0);
        assert_eq!(binomial(8, 4), N_CORNER_SPLIT);
        for k in 0..N_CORNER_SPLIT {
            let mut c = CubieCube::SOLVED;
            set_corner_split(&mut c, k);
            assert_eq!(corner_split(&c), k);
        }
    }

    #[test]
    fn ranks_round_trip() {
        let mut p = [0u8; 8];
        for r in 0..N_CORNERS {
            perm_unrank(r, &mut p);
            assert_eq!(perm_rank(&p), r);
            assert_eq!(perm_rank_of(&p), r);
        }
        let mut combs = std::collections::HashSet::new();
        for r in 0..N_CORNERS {
            perm_unrank(r, &mut p);
            let comb = corner_comb(&p);
            assert!(comb < N_CORNER_COMB);
            combs.insert(comb);
        }
        assert_eq!(combs.len(), N_CORNER_COMB);
        assert_eq!(corner_comb(&[0, 1, 2, 3, 4, 5, 6, 7]), 0);
        let mut q = [0u8; 4];
        for r in 0..N_SLICE_PERM {
            perm_unrank(r, &mut q);
            assert_eq!(perm_rank_of(&q), r);
        }
        let mut c = CubieCube::SOLVED;
        for i in 0..N_SLICE_SORTED {
            set_slice_sorted(&mut c, i);
            assert_eq!(slice_sorted(&c), i);
        }
        for i in 0..N_TWIST {
            set_twist(&mut c, i);
            assert_eq!(twist(&c), i);
            assert_eq!(c.total_twist(), 0);
        }
        for i in 0..N_FLIP {
            set_flip(&mut c, i);
            assert_eq!(flip(&c), i);
            assert_eq!(c.total_flip(), 0);
        }
    }

    #[test]
    fn random_states_have_coordinates_in_range() {
        let mut rng = rng_from_seed(7);
        for _ in 0..200 {
            let c = CubieCube::random(&mut rng);
            assert!(twist(&c) < N_TWIST && flip(&c) < N_FLIP);
            assert!(slice_sorted(&c) < N_SLICE_SORTED && corners(&c) < N_CORNERS);
        }
    }
}
