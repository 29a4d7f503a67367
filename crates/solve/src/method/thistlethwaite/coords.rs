//! The coordinates of Thistlethwaite's four phases: small integers naming the coset of the
//! next subgroup that a cube lies in, each with an encoder from [`CubieCube`] and (for building
//! move tables) a decoder back to a representative cube.
//!
//! Subgroups (Kociemba's orientation conventions: edge flips change only under F and B quarter
//! turns, corner twists are read on the U/D faces):
//! - G0 = ⟨U, D, R, L, F, B⟩, the whole cube;
//! - G1 = ⟨U, D, R, L, F2, B2⟩: every edge oriented;
//! - G2 = ⟨U, D, R2, L2, F2, B2⟩: corners oriented, E-slice edges (FR FL BL BR) in the E slice;
//! - G3 = ⟨U2, D2, R2, L2, F2, B2⟩: each corner in its tetrad orbit, M-slice edges (UF UB DF DB)
//!   in the M slice, and the corner permutation in the 96-element half-turn group's coset;
//! - G4 = {solved}.

use rubik_cube::CubieCube;

/// Edge orientations: 2^11 (the twelfth flip follows from the others).
pub const N_FLIP: usize = 2048;
/// Corner orientations: 3^7 (the eighth twist follows from the others).
pub const N_TWIST: usize = 2187;
/// Positions of the four E-slice edges among the twelve: C(12,4).
pub const N_SLICE: usize = 495;
/// Positions of the four M-slice edges among the eight U/D-layer edge positions: C(8,4).
pub const N_SPLIT: usize = 70;
/// Corner permutations: 8!.
pub const N_CPERM: usize = 40320;
/// Permutations of four pieces: 4!.
pub const N_PERM4: usize = 24;

/// The E-slice edges FR FL BL BR (indices 8..12 in Kociemba's order).
const E_SLICE: [usize; 4] = [8, 9, 10, 11];
/// The M-slice edge positions UF UB DF DB (with pieces of the same names).
pub const M_SLICE: [usize; 4] = [1, 3, 5, 7];
/// The S-slice edge positions UR UL DR DL.
pub const S_SLICE: [usize; 4] = [0, 2, 4, 6];

/// Binomial coefficient for the small arguments used here.
const fn choose(n: usize, k: usize) -> usize {
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

/// Rank of a set of `k` marked positions among `n` (combinatorial number system), in
/// `0..C(n, k)`; the solved arrangement (marks at the last positions) is not 0 in general,
/// so callers compare with the rank of their own solved state.
fn rank_combination(marked: &[bool]) -> usize {
    let mut rank = 0;
    let mut seen = 0;
    for (i, &m) in marked.iter().enumerate() {
        if m {
            seen += 1;
            rank += choose(i, seen);
        }
    }
    rank
}

/// The marked positions with this rank (inverse of [`rank_combination`]).
fn unrank_combination(mut rank: usize, n: usize, k: usize) -> Vec<bool> {
    let mut marked = vec![false; n];
    let mut left = k;
    for i in (0..n).rev() {
        if left > 0 && choose(i, left) <= rank {
            rank -= choose(i, left);
            marked[i] = true;
            left -= 1;
        }
    }
    marked
}

/// Lexicographic rank (Lehmer code) of a permutation of `0..p.len()`.
pub fn rank_perm(p: &[u8]) -> usize {
    let mut rank = 0;
    for i in 0..p.len() {
        let smaller_after = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        rank = rank * (p.len() - i) + smaller_after;
    }
    rank
}

/// The permutation of `0..n` with this lexicographic rank.
pub fn unrank_perm(mut rank: usize, n: usize) -> Vec<u8> {
    let mut digits = vec![0usize; n];
    for i in (0..n).rev() {
        digits[i] = rank % (n - i);
        rank /= n - i;
    }
    let mut pool: Vec<u8> = (0..n as u8).collect();
    digits.iter().map(|&d| pool.remove(d)).collect()
}

/// Edge orientation coordinate (phase 1), 0 when every edge is oriented.
pub fn flip(c: &CubieCube) -> usize {
    c.eo[..11]
        .iter()
        .fold(0, |acc, &o| acc * 2 + usize::from(o))
}

/// A cube with this edge orientation coordinate.
pub fn cube_with_flip(mut flip: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    let mut total = 0;
    for i in (0..11).rev() {
        c.eo[i] = (flip % 2) as u8;
        total += c.eo[i];
        flip /= 2;
    }
    c.eo[11] = total % 2;
    c
}

/// Corner orientation coordinate (phase 2), 0 when every corner is oriented.
pub fn twist(c: &CubieCube) -> usize {
    c.co[..7].iter().fold(0, |acc, &o| acc * 3 + usize::from(o))
}

/// A cube with this corner orientation coordinate.
pub fn cube_with_twist(mut twist: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    let mut total = 0;
    for i in (0..7).rev() {
        c.co[i] = (twist % 3) as u8;
        total += c.co[i];
        twist /= 3;
    }
    c.co[7] = (3 - total % 3) % 3;
    c
}

/// Which positions hold E-slice edges (phase 2): a rank in `0..495`.
pub fn slice(c: &CubieCube) -> usize {
    rank_combination(&c.ep.map(|p| E_SLICE.contains(&(p as usize))))
}

/// A cube whose E-slice edges sit at the positions of this rank.
pub fn cube_with_slice(rank: usize) -> CubieCube {
    let marked = unrank_combination(rank, 12, 4);
    let mut c = CubieCube::SOLVED;
    let (mut slice_pieces, mut other_pieces) = (8u8..12, 0u8..8);
    for (i, &m) in marked.iter().enumerate() {
        c.ep[i] = if m {
            slice_pieces.next()
        } else {
            other_pieces.next()
        }
        .expect("4 slice and 8 other edges");
    }
    c
}

/// Which of the eight U/D-layer edge positions hold M-slice edges (phase 3): a rank in `0..70`.
/// Only meaningful when the E-slice edges are in the E slice (the cube is in G2).
pub fn split(c: &CubieCube) -> usize {
    let mut marked = [false; 8];
    for (m, &p) in marked.iter_mut().zip(&c.ep[..8]) {
        *m = M_SLICE.contains(&(p as usize));
    }
    rank_combination(&marked)
}

/// A cube in G2 whose M-slice edges sit at the U/D-layer positions of this rank.
pub fn cube_with_split(rank: usize) -> CubieCube {
    let marked = unrank_combination(rank, 8, 4);
    let mut c = CubieCube::SOLVED;
    let (mut m_pieces, mut s_pieces) = (M_SLICE.iter(), S_SLICE.iter());
    for (i, &m) in marked.iter().enumerate() {
        let piece = if m { m_pieces.next() } else { s_pieces.next() };
        c.ep[i] = *piece.expect("4 M-slice and 4 S-slice edges") as u8;
    }
    c
}

/// Corner permutation rank in `0..8!`.
pub fn corner_perm(c: &CubieCube) -> usize {
    rank_perm(&c.cp)
}

/// A cube with this corner permutation rank.
pub fn cube_with_corner_perm(rank: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    c.cp.copy_from_slice(&unrank_perm(rank, 8));
    c
}

/// The permutation (rank in `0..24`) of the four edges that belong to `slots`, among those
/// slots, pieces and positions both numbered by their place in `slots`. Only meaningful when
/// those edges are in those slots (the cube is in G3).
pub fn slice_perm(c: &CubieCube, slots: &[usize; 4]) -> usize {
    let p = slots.map(|pos| {
        slots
            .iter()
            .position(|&s| s == c.ep[pos] as usize)
            .unwrap_or(0) as u8
    });
    rank_perm(&p)
}

/// The E-slice positions FR FL BL BR.
pub const E_SLOTS: [usize; 4] = E_SLICE;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoders_invert_decoders() {
        for i in 0..N_FLIP {
            assert_eq!(flip(&cube_with_flip(i)), i);
        }
        for i in 0..N_TWIST {
            assert_eq!(twist(&cube_with_twist(i)), i);
        }
        for i in 0..N_SLICE {
            assert_eq!(slice(&cube_with_slice(i)), i);
        }
        for i in 0..N_SPLIT {
            assert_eq!(split(&cube_with_split(i)), i);
        }
        for i in (0..N_CPERM).step_by(7) {
            assert_eq!(corner_perm(&cube_with_corner_perm(i)), i);
        }
        assert_eq!(choose(12, 4), N_SLICE);
        assert_eq!(choose(8, 4), N_SPLIT);
    }
}
