//! The cube symmetries the optimal solver needs: the 16 that keep the U–D axis (used to reduce
//! the pruning table) and the 120° turn about the URF–DBL diagonal (used to look the table up
//! on the R–L and F–B axes too).
//! Both come from the cube crate's 48 symmetries; this module lays them out as the search wants.

use rubik_cube::symmetry as cube_sym;
use rubik_cube::{CubieCube, Move};

/// Number of symmetries that keep the U–D axis.
pub const N_SYM_UD: usize = 16;

/// `uʳ` for the diagonal rotation `u` (U → R → F → U), as indices among the cube crate's 48
/// symmetries (Kociemba's numbering: 16 is `u`, 32 is `u²`).
const URF3_POWERS: [usize; 3] = [0, 16, 32];

/// The symmetry tables the optimal solver uses, laid out from [`rubik_cube::symmetry`].
pub struct Symmetries {
    /// The 16 U–D symmetries; index `8·f2 + 2·u4 + mirror`.
    pub cubes: [CubieCube; N_SYM_UD],
    /// `inverse[s]`: the index of `s⁻¹`.
    pub inverse: [usize; N_SYM_UD],
    /// `move_conj[k][m]`: the move `uᵏ · m · u⁻ᵏ` (the move `m` seen on axis `k`).
    pub move_conj: [[Move; 18]; 3],
    /// `inverse_move_conj[k][m]`: the index of `(uᵏ · m · u⁻ᵏ)⁻¹`, the move the inverse cube
    /// seen on axis `k` takes (on its left) when the cube takes `m`.
    pub inverse_move_conj: [[usize; 18]; 3],
    /// `own_axis[m]`: the axis `k` on which move `m` is a U or D turn (whose coordinates of the
    /// other side of the cube — the inverse when `m` is applied on the right — it leaves alone).
    pub own_axis: [usize; 18],
}

impl Symmetries {
    /// The tables.
    pub fn new() -> Symmetries {
        let all = cube_sym::symmetries();
        let move_conj: [[Move; 18]; 3] = std::array::from_fn(|k| {
            all.conj_move[URF3_POWERS[k]].map(|m| Move::from_index(m as usize))
        });
        let own_axis = std::array::from_fn(|m| {
            (0..3)
                .find(|&k| move_conj[k][m].face().axis() == rubik_cube::Face::U.axis())
                .unwrap_or(0)
        });
        Symmetries {
            own_axis,
            inverse_move_conj: move_conj.map(|row| row.map(|m| m.inverse().index())),
            move_conj,
            cubes: std::array::from_fn(|s| all.cubes[s]),
            inverse: std::array::from_fn(|s| all.inverse[s] as usize),
        }
    }

    /// `s · c · s⁻¹` for U–D symmetry `s`.
    pub fn conjugate(&self, c: &CubieCube, s: usize) -> CubieCube {
        cube_sym::conjugate(s, c)
    }

    /// `uᵏ · c · u⁻ᵏ`: the cube seen with axis `k` (0 U–D, 1 and 2 the others) as U–D.
    pub fn on_axis(&self, c: &CubieCube, k: usize) -> CubieCube {
        cube_sym::conjugate(URF3_POWERS[k % 3], c)
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
                let lhs = s.on_axis(&c.apply_move(m), k);
                let rhs = d.apply_move(s.move_conj[k][m.index()]);
                assert_eq!(lhs, rhs);
            }
        }
        assert_eq!(s.on_axis(&c, 3), c, "the diagonal rotation has order three");
    }
}
