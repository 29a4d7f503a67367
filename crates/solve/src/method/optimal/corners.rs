//! A second, small pruning table on the corners alone: the permutation (8! = 40,320, reduced
//! by the 16 U–D symmetries to 2,768 classes) × twist (2,187): 6,053,616 entries, 3 MB, built
//! in a second or two. Its distance is the same on every axis and for the inverse cube, so one
//! lookup per node suffices; it prunes where the corners lag behind the edges.

use super::coord::{twist, with_twist, N_TWIST};
use super::symmetry::{Symmetries, N_SYM_UD};
use crate::store::memory::table_buffer;
use crate::store::{HugeVec, TableError};
use memmap2::MmapMut;
use rubik_cube::{CubieCube, Move};

/// Corner permutations: 8!.
pub const N_CORNER_PERM: usize = 40320;
/// Classes of corner permutations under the 16 U–D symmetries (Kociemba's figure).
pub const N_CORNER_CLASS: usize = 2768;
/// Entries of the corner table.
pub const N_ENTRIES: usize = N_CORNER_CLASS * N_TWIST;
/// Bytes of the corner table (two entries per byte).
pub const N_BYTES: usize = N_ENTRIES.div_ceil(2);

/// The corner permutation coordinate (0..40320, solved = 0): a Lehmer code.
pub fn corner_perm(c: &CubieCube) -> u16 {
    let mut a = 0u32;
    for i in (1..8).rev() {
        let smaller_left = (0..i).filter(|&j| c.cp[j] > c.cp[i]).count() as u32;
        a = (a + smaller_left) * i as u32;
    }
    a as u16
}

/// A cube with corner permutation coordinate `p` (everything else solved).
pub fn with_corner_perm(p: u16) -> CubieCube {
    // Decode the same Lehmer code: digit i (0..=i) counts larger pieces left of position i.
    let mut digits = [0u32; 8];
    let mut a = p as u32;
    for i in 1..8 {
        digits[i] = a % (i as u32 + 1);
        a /= i as u32 + 1;
    }
    let mut c = CubieCube::SOLVED;
    let mut pieces: Vec<u8> = (0..8).collect();
    for i in (0..8).rev() {
        // The piece at i has `digits[i]` larger pieces to its left, i.e. it is the
        // (i - digits[i])-th smallest of those not yet placed to its right.
        let k = i - digits[i] as usize;
        c.cp[i] = pieces.remove(k);
    }
    c
}

/// Move, symmetry and pruning tables of the corners.
pub struct CornerTables {
    /// `perm_move[p * 18 + m]`.
    pub perm_move: HugeVec<u16>,
    /// `class[p]`: the symmetry class of permutation `p`.
    pub class: Vec<u16>,
    /// `sym[p]`: a symmetry carrying `p` to its class representative.
    pub sym: Vec<u8>,
    /// `rep[c]`: the least permutation of class `c`.
    pub rep: Vec<u16>,
    /// `stabiliser[c]`: bit `s` set when symmetry `s` fixes `rep[c]`.
    pub stabiliser: Vec<u16>,
}

impl CornerTables {
    /// Builds the move and symmetry tables (milliseconds).
    pub fn new(syms: &Symmetries) -> Result<CornerTables, TableError> {
        let mut perm_move = vec![0u16; N_CORNER_PERM * 18];
        for p in 0..N_CORNER_PERM {
            let c = with_corner_perm(p as u16);
            for m in Move::ALL {
                perm_move[p * 18 + m.index()] = corner_perm(&c.apply_move(m));
            }
        }
        let mut class = vec![u16::MAX; N_CORNER_PERM];
        let mut sym = vec![0u8; N_CORNER_PERM];
        let mut rep = Vec::with_capacity(N_CORNER_CLASS);
        let mut stab = Vec::with_capacity(N_CORNER_CLASS);
        for p in 0..N_CORNER_PERM {
            if class[p] != u16::MAX {
                continue;
            }
            let cube = with_corner_perm(p as u16);
            let mut mask = 0u16;
            for s in 0..N_SYM_UD {
                let q = corner_perm(&syms.conjugate(&cube, s)) as usize;
                if q == p {
                    mask |= 1 << s;
                }
                if class[q] == u16::MAX {
                    class[q] = rep.len() as u16;
                    sym[q] = syms.inverse[s] as u8;
                }
            }
            rep.push(p as u16);
            stab.push(mask);
        }
        if rep.len() != N_CORNER_CLASS {
            return Err(TableError::Build {
                table: "optimal-corners",
                reason: "the corner permutations do not fall into 2768 classes",
            });
        }
        Ok(CornerTables {
            perm_move: perm_move.into(),
            class,
            sym,
            rep,
            stabiliser: stab,
        })
    }

    /// Builds the pruning table (`twist_conj` as in [`super::flipslice::FlipSliceClasses`])
    /// by a breadth-first search over (class, twist), one byte per entry while building.
    pub fn build_prune(&self, twist_conj: &[u16]) -> Result<MmapMut, TableError> {
        let (class, sym, rep, stab, perm_move) = (
            &self.class,
            &self.sym,
            &self.rep,
            &self.stabiliser,
            &self.perm_move,
        );
        let mut dist = vec![u8::MAX; N_ENTRIES];
        let index = |p: usize, t: usize| {
            class[p] as usize * N_TWIST + twist_conj[t * N_SYM_UD + sym[p] as usize] as usize
        };
        let settle = |dist: &mut Vec<u8>, i: usize, d: u8| {
            let (c, t) = (i / N_TWIST, i % N_TWIST);
            for s in 0..N_SYM_UD {
                if stab[c] & (1 << s) != 0 {
                    let j = c * N_TWIST + twist_conj[t * N_SYM_UD + s] as usize;
                    if dist[j] == u8::MAX {
                        dist[j] = d;
                    }
                }
            }
        };
        settle(&mut dist, index(0, 0), 0);
        let twist_move: Vec<u16> = (0..N_TWIST)
            .flat_map(|t| {
                let c = with_twist(t as u16);
                Move::ALL.map(move |m| twist(&c.apply_move(m)))
            })
            .collect();
        for d in 0u8.. {
            let mut any = false;
            for i in 0..N_ENTRIES {
                if dist[i] != d {
                    continue;
                }
                let (p, t) = (rep[i / N_TWIST] as usize, i % N_TWIST);
                for m in 0..18 {
                    let j = index(
                        perm_move[p * 18 + m] as usize,
                        twist_move[t * 18 + m] as usize,
                    );
                    if dist[j] == u8::MAX {
                        settle(&mut dist, j, d + 1);
                        any = true;
                    }
                }
            }
            if !any {
                break;
            }
        }
        let mut prune = table_buffer("optimal-corners", N_BYTES)?;
        for (i, &d) in dist.iter().enumerate() {
            prune[i >> 1] |= (d & 0xF) << ((i & 1) * 4);
        }
        Ok(prune)
    }

    /// The table index of a corner permutation and twist.
    #[inline(always)]
    pub fn index(&self, perm: u16, twist: u16, twist_conj: &[u16]) -> usize {
        let p = perm as usize;
        self.class[p] as usize * N_TWIST
            + twist_conj[twist as usize * N_SYM_UD + self.sym[p] as usize] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;

    #[test]
    fn permutation_coordinate_round_trips() {
        assert_eq!(corner_perm(&CubieCube::SOLVED), 0);
        for p in (0..N_CORNER_PERM as u16).step_by(7) {
            assert_eq!(corner_perm(&with_corner_perm(p)), p);
        }
        let mut rng = rng_from_seed(5);
        let c = CubieCube::random(&mut rng);
        assert_eq!(with_corner_perm(corner_perm(&c)).cp, c.cp);
    }
}
