//! The cube symmetries the optimal solver needs: the 16 that keep the U–D axis (used to reduce
//! the pruning table) and the 120° turn about the URF–DBL diagonal (used to look the table up
//! on the R–L and F–B axes too).
//!
//! Mirror symmetries reverse the sense of corner twists, so their corners carry orientations
//! 3..6 ("mirrored") and [`sym_multiply`] composes such cubes. This module stays private to the
//! optimal solver until `rubik_cube::symmetry` lands on main.

use rubik_cube::{CubieCube, Move};

/// Number of symmetries that keep the U–D axis: 4 turns about it × 2 (U↔D swap) × 2 (mirror).
pub const N_SYM_UD: usize = 16;

/// 120° turn about the URF–DBL diagonal (maps U→R→F→U).
const S_URF3: CubieCube = CubieCube {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};
/// Half turn about the F–B axis (swaps U and D).
const S_F2: CubieCube = CubieCube {
    cp: [5, 4, 7, 6, 1, 0, 3, 2],
    co: [0; 8],
    ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    eo: [0; 12],
};
/// Quarter turn about the U–D axis.
const S_U4: CubieCube = CubieCube {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};
/// Reflection through the plane between L and R (corner orientations 3 mark the mirroring).
const S_LR2: CubieCube = CubieCube {
    cp: [1, 0, 3, 2, 5, 4, 7, 6],
    co: [3; 8],
    ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    eo: [0; 12],
};

/// `a` then `b`, where either may be a mirror image (corner orientations ≥ 3).
pub fn sym_multiply(a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut r = CubieCube::SOLVED;
    for i in 0..8 {
        let from = b.cp[i] as usize;
        r.cp[i] = a.cp[from];
        let (oa, ob) = (a.co[from] as i8, b.co[i] as i8);
        let o = match (oa < 3, ob < 3) {
            (true, true) => (oa + ob) % 3,
            (true, false) => {
                let o = oa + ob;
                if o >= 6 {
                    o - 3
                } else {
                    o
                }
            }
            (false, true) => {
                let o = oa - ob;
                if o < 3 {
                    o + 3
                } else {
                    o
                }
            }
            (false, false) => {
                let o = oa - ob;
                if o < 0 {
                    o + 3
                } else {
                    o
                }
            }
        };
        r.co[i] = o as u8;
    }
    for i in 0..12 {
        let from = b.ep[i] as usize;
        r.ep[i] = a.ep[from];
        r.eo[i] = (a.eo[from] + b.eo[i]) % 2;
    }
    r
}

/// The 16 U–D-axis symmetries and the inverse index of each.
pub struct Symmetries {
    /// Symmetry `s` as a cube, `s = 8·f2 + 2·u4 + lr2` (Kociemba's numbering).
    pub cubes: [CubieCube; N_SYM_UD],
    /// `inverse[s]`: the symmetry undoing `s`.
    pub inverse: [usize; N_SYM_UD],
    /// The URF–DBL 120° turn and its inverse, for the other two axes.
    pub urf3: CubieCube,
    /// Inverse of [`Symmetries::urf3`].
    pub urf3_inv: CubieCube,
    /// `move_conj[k][m]`: the move `urf3^k · m · urf3^-k` for k = 0, 1, 2.
    pub move_conj: [[Move; 18]; 3],
}

impl Symmetries {
    /// Builds the symmetry cubes and their inverses.
    pub fn new() -> Symmetries {
        let mut cubes = [CubieCube::SOLVED; N_SYM_UD];
        let mut c = CubieCube::SOLVED;
        for f2 in 0..2 {
            for u4 in 0..4 {
                for lr2 in 0..2 {
                    cubes[8 * f2 + 2 * u4 + lr2] = c;
                    c = sym_multiply(&c, &S_LR2);
                }
                c = sym_multiply(&c, &S_U4);
            }
            c = sym_multiply(&c, &S_F2);
        }
        let mut inverse = [0; N_SYM_UD];
        for (i, inv) in inverse.iter_mut().enumerate() {
            *inv = (0..N_SYM_UD)
                .find(|&j| sym_multiply(&cubes[i], &cubes[j]) == CubieCube::SOLVED)
                .expect("every symmetry has an inverse");
        }
        let urf3 = S_URF3;
        let urf3_inv = sym_multiply(&S_URF3, &S_URF3);
        let mut move_conj = [[Move::ALL[0]; 18]; 3];
        let mut conj = CubieCube::SOLVED;
        let mut conj_inv = CubieCube::SOLVED;
        for row in move_conj.iter_mut() {
            for (m, slot) in Move::ALL.iter().zip(row.iter_mut()) {
                let mc = CubieCube::from_moves(&[*m]);
                let t = sym_multiply(&sym_multiply(&conj, &mc), &conj_inv);
                *slot = *Move::ALL
                    .iter()
                    .find(|x| CubieCube::from_moves(&[**x]) == t)
                    .expect("a conjugated face turn is a face turn");
            }
            conj = sym_multiply(&conj, &urf3);
            conj_inv = sym_multiply(&urf3_inv, &conj_inv);
        }
        Symmetries {
            cubes,
            inverse,
            urf3,
            urf3_inv,
            move_conj,
        }
    }

    /// `s · c · s⁻¹`.
    pub fn conjugate(&self, c: &CubieCube, s: usize) -> CubieCube {
        sym_multiply(
            &sym_multiply(&self.cubes[s], c),
            &self.cubes[self.inverse[s]],
        )
    }

    /// The cube seen with axis `k` (0 = U–D, 1, 2 = the others) turned onto U–D:
    /// `urf3^k · c · urf3^-k`.
    pub fn on_axis(&self, c: &CubieCube, k: usize) -> CubieCube {
        let mut r = *c;
        for _ in 0..k {
            r = sym_multiply(&sym_multiply(&self.urf3, &r), &self.urf3_inv);
        }
        r
    }
}

impl Default for Symmetries {
    fn default() -> Self {
        Symmetries::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;

    #[test]
    fn symmetries_are_distinct_and_urf3_has_order_three() {
        let s = Symmetries::new();
        for i in 0..N_SYM_UD {
            for j in 0..i {
                assert_ne!(s.cubes[i], s.cubes[j]);
            }
        }
        let t = sym_multiply(&sym_multiply(&S_URF3, &S_URF3), &S_URF3);
        assert_eq!(t, CubieCube::SOLVED);
    }

    #[test]
    fn conjugates_are_valid_cubes_and_respect_moves() {
        let s = Symmetries::new();
        let mut rng = rng_from_seed(7);
        let c = CubieCube::random(&mut rng);
        for k in 0..N_SYM_UD {
            let d = s.conjugate(&c, k);
            assert!(d.is_solvable(), "symmetry {k}");
        }
        for k in 0..3 {
            let d = s.on_axis(&c, k);
            assert!(d.is_solvable());
            for m in Move::ALL {
                // (c·m) seen on axis k = (c seen on axis k) · conj(m).
                let lhs = s.on_axis(&c.apply_move(m), k);
                let rhs = d.apply_move(s.move_conj[k][m.index()]);
                assert_eq!(lhs, rhs);
            }
        }
    }
}
