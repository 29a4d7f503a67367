//! Coordinates of the phase-1-style coset the pruning table is built on, and their move tables.
//!
//! Conventions follow Kociemba: the twist reads corner orientations URF..DBL in base 3 (the
//! last follows), the flip reads edge orientations UR..BL in base 2, and the UD-slice coordinate
//! numbers the positions of the four slice edges FR FL BL BR among the twelve (solved = 0).
//! These three are [`crate::coord`]'s, numbered the same, here as `u16`.

use crate::coord::{self, BINOMIAL};
use crate::store::HugeVec;
use rubik_cube::{CubieCube, Move};

pub use crate::coord::{binomial as choose, N_FLIP, N_FLIPSLICE, N_SLICE, N_TWIST};

/// Positions of the 4 D-layer corners among the 8 corners: C(8, 4).
pub const N_CORNER_SPLIT: usize = 70;

/// The twist coordinate (0..2187) of a cube: [`coord::twist`].
#[inline]
pub fn twist(c: &CubieCube) -> u16 {
    coord::twist(c) as u16
}

/// A cube whose twist coordinate is `t` (other pieces solved).
pub fn with_twist(t: u16) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    coord::set_twist(&mut c, t.into());
    c
}

/// The flip coordinate (0..2048) of a cube: [`coord::flip`].
#[inline]
pub fn flip(c: &CubieCube) -> u16 {
    coord::flip(c) as u16
}

/// The UD-slice coordinate (0..495): where the FR, FL, BL, BR edges are, ignoring their order
/// ([`coord::slice`]).
#[inline]
pub fn slice(c: &CubieCube) -> u16 {
    coord::slice(c) as u16
}

/// The corner-split coordinate (0..70): which positions hold the D-layer corners DFR DLF DBL
/// DRB, ignoring their order and twist (solved = 0). It is not [`coord::corner_comb`], which
/// ranks the U-layer corners from URF onwards and agrees with it on only 16 of the 70 values, so
/// sharing it would renumber the cached tables.
pub fn corner_split(c: &CubieCube) -> u16 {
    let mut a = 0u16;
    let mut x = 0;
    for j in (0..8).rev() {
        if c.cp[j] >= 4 {
            x += 1;
            a += BINOMIAL[7 - j][x];
        }
    }
    a
}

/// A cube with corner-split coordinate `k` (D corners in DFR..DRB order, U corners in URF..UBR
/// order, everything else solved).
pub fn with_corner_split(k: u16) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    let mut idx = k as usize;
    let mut x = 4;
    let mut is_d = [false; 8];
    for (j, slot) in is_d.iter_mut().enumerate() {
        if x == 0 {
            break;
        }
        let n = choose(7 - j, x);
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
    c
}

/// A cube with flip coordinate `f` and slice coordinate `s` (slice edges in FR FL BL BR order,
/// the other edges in UR..DB order, corners solved).
pub fn with_flip_slice(f: u16, s: u16) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    coord::set_slice_sorted(&mut c, usize::from(s) * coord::N_SLICE_PERM);
    coord::set_flip(&mut c, f.into());
    c
}

/// Move tables of the coordinates: `table[coord * 18 + move]`.
pub struct MoveTables {
    /// Twist after each move.
    pub twist: Vec<u16>,
    /// Flip after each move.
    pub flip: Vec<u16>,
    /// Slice after each move.
    pub slice: Vec<u16>,
    /// Slice with order ([`super::edge_coset::slice_sorted`]) after each move.
    pub slice_sorted: HugeVec<u16>,
    /// Corner split after each move.
    pub corner_split: Vec<u16>,
}

impl MoveTables {
    /// Builds the tables from the cubie-level moves (a few milliseconds).
    pub fn new() -> MoveTables {
        let mut twist_t = vec![0; N_TWIST * 18];
        for t in 0..N_TWIST {
            let c = with_twist(t as u16);
            for m in Move::ALL {
                twist_t[t * 18 + m.index()] = twist(&c.apply_move(m));
            }
        }
        let mut flip_t = vec![0; N_FLIP * 18];
        for f in 0..N_FLIP {
            let c = with_flip_slice(f as u16, 0);
            for m in Move::ALL {
                flip_t[f * 18 + m.index()] = flip(&c.apply_move(m));
            }
        }
        let mut slice_t = vec![0; N_SLICE * 18];
        for s in 0..N_SLICE {
            let c = with_flip_slice(0, s as u16);
            for m in Move::ALL {
                slice_t[s * 18 + m.index()] = slice(&c.apply_move(m));
            }
        }
        let mut split_t = vec![0; N_CORNER_SPLIT * 18];
        for k in 0..N_CORNER_SPLIT {
            let c = with_corner_split(k as u16);
            for m in Move::ALL {
                split_t[k * 18 + m.index()] = corner_split(&c.apply_move(m));
            }
        }
        MoveTables {
            slice_sorted: super::edge_coset::slice_sorted_moves().into(),
            corner_split: split_t,
            twist: twist_t,
            flip: flip_t,
            slice: slice_t,
        }
    }
}

impl Default for MoveTables {
    fn default() -> Self {
        MoveTables::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for t in 0..N_TWIST as u16 {
            assert_eq!(twist(&with_twist(t)), t);
        }
        for s in 0..N_SLICE as u16 {
            for f in [0u16, 1, 777, 2047] {
                let c = with_flip_slice(f, s);
                assert_eq!((flip(&c), slice(&c)), (f, s));
            }
        }
        assert_eq!(slice(&CubieCube::SOLVED), 0);
        assert_eq!(corner_split(&CubieCube::SOLVED), 0);
        for k in 0..N_CORNER_SPLIT as u16 {
            assert_eq!(corner_split(&with_corner_split(k)), k);
        }
        assert_eq!(choose(8, 4), N_CORNER_SPLIT);
        assert_eq!(choose(12, 4), N_SLICE);
    }

    #[test]
    fn move_tables_agree_with_cubies() {
        let mt = MoveTables::new();
        let mut c = CubieCube::SOLVED;
        for i in 0..200 {
            let m = Move::ALL[(i * 7 + 3) % 18];
            let (t, f, s, k) = (twist(&c), flip(&c), slice(&c), corner_split(&c));
            c = c.apply_move(m);
            assert_eq!(
                mt.corner_split[k as usize * 18 + m.index()],
                corner_split(&c)
            );
            assert_eq!(mt.twist[t as usize * 18 + m.index()], twist(&c));
            assert_eq!(mt.flip[f as usize * 18 + m.index()], flip(&c));
            assert_eq!(mt.slice[s as usize * 18 + m.index()], slice(&c));
        }
    }
}
