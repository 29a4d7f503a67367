//! The symmetries the two-phase and optimal methods use: the 16 that keep the U–D axis and the rotation
//! about the URF–DBL diagonal that cycles the three axes, taken from the cube crate's 48
//! symmetries ([`rubik_cube::symmetry`], Kociemba's numbering: 0..16 keep the U–D axis, 16 is the
//! diagonal rotation and 32 its square) and laid out as the search wants them.
//!
//! Conjugating a cube by a symmetry (`s · c · s⁻¹`) keeps its distance to solved, which is what
//! lets a pruning table store one entry per symmetry class.

use rubik_cube::symmetry as cube_sym;
use rubik_cube::{CubieCube, Move};
use std::sync::OnceLock;

/// Number of symmetries that keep the U–D axis: 4 quarter turns × 2 (upside down) × 2 (mirror).
pub const N_SYM_UD: usize = 16;

/// Index, among the 48, of the rotation by 120° about the URF–DBL diagonal (U → R → F → U).
const URF3: usize = 16;

/// `[identity, URF3, URF3²]` as symmetry indices: the powers `uʳ`.
const URF3_POWERS: [usize; 3] = [0, URF3, 2 * URF3];

/// The symmetry tables, computed once.
#[derive(Clone)]
pub struct Symmetries {
    /// The 16 U–D symmetries; index `8·f2 + 2·u4 + mirror`.
    #[cfg(test)]
    pub cubes: [CubieCube; N_SYM_UD],
    /// `inverse[s]` is the index of the inverse of symmetry `s`.
    pub inverse: [usize; N_SYM_UD],
    /// `conj_move[s][m]` is the move equal to `s · m · s⁻¹`.
    pub conj_move: [[Move; 18]; N_SYM_UD],
    /// `multiply[a][b]` is the index of the symmetry `a · b` (apply `a`, then `b`).
    pub multiply: [[u8; N_SYM_UD]; N_SYM_UD],
    /// `urf3_conj_move[r][m]` is the move equal to `u⁻ʳ · m · uʳ` for the diagonal rotation `u`:
    /// if moves solve `uʳ · c · u⁻ʳ`, their images solve `c`.
    pub urf3_conj_move: [[Move; 18]; 3],
    /// `axis_move[k][m]` is the move `uᵏ · m · u⁻ᵏ`: the move `m` seen on axis `k` (the cube
    /// seen by [`rotate_urf3`] with `r = k` takes it when the cube takes `m`).
    pub axis_move: [[Move; 18]; 3],
    /// `inverse_axis_move[k][m]` is the index of `(uᵏ · m · u⁻ᵏ)⁻¹`: the move the inverse cube
    /// seen on axis `k` takes on its left when the cube takes `m` on its right.
    pub inverse_axis_move: [[usize; 18]; 3],
    /// `own_axis[m]` is the axis `k` on which move `m` is a U or D turn.
    pub own_axis: [usize; 18],
}

/// The symmetry tables.
pub fn symmetries() -> &'static Symmetries {
    static SYMS: OnceLock<Symmetries> = OnceLock::new();
    SYMS.get_or_init(|| {
        let all = cube_sym::symmetries();
        let conj = |s: usize| all.conj_move[s].map(|m| Move::from_index(m as usize));
        let axis_move: [[Move; 18]; 3] = std::array::from_fn(|k| conj(URF3_POWERS[k]));
        let mut multiply = [[0u8; N_SYM_UD]; N_SYM_UD];
        for (a, row) in multiply.iter_mut().enumerate() {
            row.copy_from_slice(&all.product[a][..N_SYM_UD]);
        }
        Symmetries {
            #[cfg(test)]
            cubes: std::array::from_fn(|s| all.cubes[s]),
            inverse: std::array::from_fn(|s| all.inverse[s] as usize),
            conj_move: std::array::from_fn(conj),
            multiply,
            // u⁻ʳ is the symmetry uʳ read backwards: powers 0, 2, 1 of u.
            urf3_conj_move: std::array::from_fn(|r| conj(URF3_POWERS[(3 - r) % 3])),
            inverse_axis_move: axis_move.map(|row| row.map(|m| m.inverse().index())),
            own_axis: std::array::from_fn(|m| {
                (0..3)
                    .find(|&k| axis_move[k][m].face().axis() == rubik_cube::Face::U.axis())
                    .unwrap_or(0)
            }),
            axis_move,
        }
    })
}

/// `s · c · s⁻¹` for U–D symmetry `s`.
pub fn conjugate(c: &CubieCube, s: usize) -> CubieCube {
    cube_sym::conjugate(s, c)
}

/// `uʳ · c · u⁻ʳ` for the diagonal rotation `u` (`r` in 0..3): the cube seen with another axis
/// playing the role of U–D.
pub fn rotate_urf3(c: &CubieCube, r: usize) -> CubieCube {
    cube_sym::conjugate(URF3_POWERS[r % 3], c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_and_keep_the_ud_axis() {
        let syms = symmetries();
        for s in 0..N_SYM_UD {
            for t in 0..s {
                assert_ne!(syms.cubes[s], syms.cubes[t]);
            }
            // U and D moves map to U or D moves.
            for m in [0, 9] {
                let face = syms.conj_move[s][m].face();
                assert_eq!(face.index() % 3, 0, "sym {s} moves the U-D axis");
            }
        }
    }

    #[test]
    fn urf3_rotation_cycles_axes_and_solutions_map_back() {
        use rubik_cube::random::rng_from_seed;
        let syms = symmetries();
        let scramble: Vec<Move> = [3, 7, 11, 14, 0, 16].map(Move::from_index).to_vec();
        let c = CubieCube::from_moves(&scramble);
        let solution: Vec<Move> = scramble.iter().rev().map(|m| m.inverse()).collect();
        for r in 0..3 {
            let rc = rotate_urf3(&c, r);
            // Solve the rotated cube with the rotated solution, then map it back.
            let rotated: Vec<Move> = solution
                .iter()
                .map(|m| {
                    Move::ALL
                        .into_iter()
                        .find(|x| syms.urf3_conj_move[r][x.index()] == *m)
                        .unwrap()
                })
                .collect();
            assert!(rc.apply_moves(&rotated).is_solved());
            let back: Vec<Move> = rotated
                .iter()
                .map(|m| syms.urf3_conj_move[r][m.index()])
                .collect();
            assert!(c.apply_moves(&back).is_solved());
        }
        let mut rng = rng_from_seed(3);
        let x = CubieCube::random(&mut rng);
        assert_eq!(rotate_urf3(&x, 3), x);
    }

    #[test]
    fn moves_seen_on_each_axis_are_the_moves_of_the_rotated_cube() {
        use rubik_cube::random::rng_from_seed;
        let syms = symmetries();
        let c = CubieCube::random(&mut rng_from_seed(7));
        for k in 0..3 {
            let d = rotate_urf3(&c, k);
            for m in Move::ALL {
                let seen = syms.axis_move[k][m.index()];
                assert_eq!(rotate_urf3(&c.apply_move(m), k), d.apply_move(seen));
                assert_eq!(syms.inverse_axis_move[k][m.index()], seen.inverse().index());
            }
        }
        for m in Move::ALL {
            let k = syms.own_axis[m.index()];
            assert_eq!(
                syms.axis_move[k][m.index()].face().axis(),
                rubik_cube::Face::U.axis()
            );
        }
    }

    #[test]
    fn the_ud_symmetries_are_a_closed_subgroup() {
        let syms = symmetries();
        for a in 0..N_SYM_UD {
            assert!(syms.inverse[a] < N_SYM_UD);
            for b in 0..N_SYM_UD {
                assert!((syms.multiply[a][b] as usize) < N_SYM_UD);
            }
        }
    }
}
