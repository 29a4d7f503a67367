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
//!
//! The flip and twist are [`crate::coord`]'s, numbered the same; the slice and the permutation
//! ranks have numberings of their own (see [`slice`] and [`rank_perm`]).

use crate::coord::{self, binomial as choose};
use rubik_cube::CubieCube;

// The edge orientation (phase 1) and corner orientation (phase 2) coordinates, 0 when every
// piece is oriented.
pub use crate::coord::{flip, twist, N_FLIP, N_SLICE, N_TWIST};
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

/// Lexicographic rank (Lehmer code) of a permutation of `0..p.len()`. It is not
/// [`coord::perm_rank`] (digit `i` counts earlier greater entries and weighs `i!`): the two
/// agree on only 384 of the 8! corner permutations, and the cached tables use this one.
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

/// A cube with this edge orientation coordinate.
pub fn cube_with_flip(flip: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    coord::set_flip(&mut c, flip);
    c
}

/// A cube with this corner orientation coordinate.
pub fn cube_with_twist(twist: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    coord::set_twist(&mut c, twist);
    c
}

/// Which positions hold E-slice edges (phase 2): a rank in `0..495`. It is not
/// [`coord::slice`], which ranks from BR backwards (solved = 0) where this ranks from UR
/// onwards (solved = 494), so sharing it would renumber the cached tables.
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

    /// FNV-1a of a sequence of numbers: pins a whole numbering in one constant.
    fn fingerprint(values: impl IntoIterator<Item = usize>) -> u64 {
        values.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, v| {
            (h ^ v as u64).wrapping_mul(0x0100_0000_01b3)
        })
    }

    /// The twist, flip and slice of [`crate::coord`], used by the optimal and Thistlethwaite
    /// solvers, give the same number for every cube in both modules: every value is built by
    /// each module's builder (the cubes must be equal) and read by each module's reader, as are
    /// all 8! corner permutations and 20,000 random cubes. The fingerprints were recorded from
    /// the three separate definitions (the optimal method had its own until November 2026)
    /// before they were merged: cached pruning tables were built with these numbers, so a
    /// change here must come with a new table format version.
    #[test]
    fn coordinates_agree_across_modules() {
        use crate::coord as shared;
        use rubik_cube::random::rng_from_seed;

        let readers = |c: &CubieCube| {
            let t = shared::twist(c);
            assert_eq!(twist(c), t);
            let f = shared::flip(c);
            assert_eq!(flip(c), f);
        };
        let with_twist = |t: usize| {
            let mut c = CubieCube::SOLVED;
            shared::set_twist(&mut c, t);
            c
        };
        let with_flip_slice = |f: usize, s: usize| {
            let mut c = CubieCube::SOLVED;
            shared::set_slice_sorted(&mut c, s * shared::N_SLICE_PERM);
            shared::set_flip(&mut c, f);
            c
        };
        for t in 0..N_TWIST {
            let c = with_twist(t);
            assert_eq!(cube_with_twist(t), c);
            assert_eq!(shared::twist(&c), t);
            readers(&c);
        }
        for s in 0..N_SLICE {
            for f in 0..N_FLIP {
                let c = with_flip_slice(f, s);
                if s == 0 {
                    assert_eq!(cube_with_flip(f), c);
                }
                assert_eq!((shared::flip(&c), shared::slice(&c)), (f, s));
                readers(&c);
            }
        }
        for i in 0..N_CPERM {
            let mut c = CubieCube::SOLVED;
            shared::set_corners(&mut c, i);
            readers(&c);
        }
        let mut rng = rng_from_seed(2024);
        for _ in 0..20_000 {
            readers(&CubieCube::random(&mut rng));
        }

        let cubes = |n: usize, cube: &dyn Fn(usize) -> CubieCube| -> Vec<usize> {
            let pieces = |c: CubieCube| c.co.into_iter().chain(c.cp).chain(c.eo).chain(c.ep);
            (0..n)
                .flat_map(|i| pieces(cube(i)).map(usize::from))
                .collect()
        };
        let twist_cubes = cubes(N_TWIST, &with_twist);
        assert_eq!(fingerprint(twist_cubes), 0xefd8_98d1_b7d8_ab99);
        let flip_cubes = cubes(N_FLIP, &|f| with_flip_slice(f, 0));
        assert_eq!(fingerprint(flip_cubes), 0x4e2c_ac33_28df_4f25);
        let slice_cubes = cubes(N_SLICE, &|s| with_flip_slice(0, s));
        assert_eq!(fingerprint(slice_cubes), 0x9166_800d_938d_2789);
        // The optimal solver also reads the slice on edges that only mark positions
        // (`inverse.rs`): every mask, whatever its number of marks.
        let slice_of_mask = |mask: usize| {
            let mut c = CubieCube::SOLVED;
            for i in 0..12 {
                c.ep[i] = if (mask >> i) & 1 == 1 { 8 } else { 0 };
            }
            shared::slice(&c)
        };
        assert_eq!(
            fingerprint((0..1 << 12).map(slice_of_mask)),
            0x9bcb_77d7_f71a_2851
        );
    }

    /// The coordinates kept apart from [`crate::coord`] number differently: Thistlethwaite's
    /// slice and corner permutation, and the optimal solver's corner split (against
    /// [`crate::coord::corner_comb`]) agree with their shared namesakes on only a few values.
    #[test]
    fn differing_numberings_stay_apart() {
        use crate::coord as shared;
        let mut c = CubieCube::SOLVED;
        assert_eq!((slice(&c), shared::slice(&c)), (494, 0));
        let same_slice = (0..N_SLICE)
            .filter(|&s| {
                shared::set_slice_sorted(&mut c, s * shared::N_SLICE_PERM);
                slice(&c) == s
            })
            .count();
        let same_perm = (0..N_CPERM)
            .filter(|&i| {
                shared::set_corners(&mut c, i);
                corner_perm(&c) == i
            })
            .count();
        let same_split = (0..shared::N_CORNER_SPLIT)
            .filter(|&k| {
                let mut c = CubieCube::SOLVED;
                shared::set_corner_split(&mut c, k);
                shared::corner_comb(&c.cp) == k
            })
            .count();
        assert_eq!((same_slice, same_perm, same_split), (15, 384, 16));
    }
}
