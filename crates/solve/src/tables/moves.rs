//! Move tables: for each coordinate value and each of the 18 moves, the coordinate after the
//! move. Built from the cubie model, so they agree with it by construction.

use crate::coord::symmetry::{conjugate, N_SYM_UD};
use crate::coord::{self, N_CORNERS, N_FLIP, N_SLICE_SORTED, N_TWIST, N_UD_EDGES};
use rayon::prelude::*;
use rubik_cube::cubie::MOVE_CUBES;
use rubik_cube::CubieCube;

/// Number of moves per move-table row.
pub const N_MOVES: usize = 18;

/// Whether move `m` (index 0..18) keeps G1: U and D turns, and half turns of the other faces.
pub const fn is_phase2_move(m: usize) -> bool {
    m / 3 == 0 || m / 3 == 3 || m % 3 == 1
}

/// A move table over `n` coordinate values: `set` makes a cube with the value, `get` reads it.
/// Rows for moves where `valid(m)` is false are filled with 0.
fn build(
    n: usize,
    set: fn(&mut CubieCube, usize),
    get: fn(&CubieCube) -> usize,
    valid: fn(usize) -> bool,
) -> Vec<u16> {
    let mut out = vec![0u16; n * N_MOVES];
    out.par_chunks_mut(N_MOVES)
        .enumerate()
        .for_each(|(i, row)| {
            let mut c = CubieCube::SOLVED;
            set(&mut c, i);
            for (m, slot) in row.iter_mut().enumerate() {
                if valid(m) {
                    *slot = get(&c.multiply(&MOVE_CUBES[m])) as u16;
                }
            }
        });
    out
}

/// Twist after each move: `[twist * 18 + m]`.
pub fn twist_moves() -> Vec<u16> {
    build(N_TWIST, coord::set_twist, coord::twist, |_| true)
}

/// Flip after each move: `[flip * 18 + m]`.
pub fn flip_moves() -> Vec<u16> {
    build(N_FLIP, coord::set_flip, coord::flip, |_| true)
}

/// Slice-sorted coordinate after each move: `[slice_sorted * 18 + m]`.
pub fn slice_sorted_moves() -> Vec<u16> {
    build(
        N_SLICE_SORTED,
        coord::set_slice_sorted,
        coord::slice_sorted,
        |_| true,
    )
}

/// Corner permutation after each move: `[corners * 18 + m]`.
pub fn corner_moves() -> Vec<u16> {
    build(N_CORNERS, coord::set_corners, coord::corners, |_| true)
}

/// U/D-edge permutation after each G1 move: `[ud_edges * 18 + m]` (0 for other moves).
pub fn ud_edge_moves() -> Vec<u16> {
    build(
        N_UD_EDGES,
        coord::set_ud_edges,
        coord::ud_edges,
        is_phase2_move,
    )
}

/// A coordinate conjugated by each U–D symmetry: `[x * 16 + s]` = the coordinate of `s·c·s⁻¹`.
fn conj_table(n: usize, set: fn(&mut CubieCube, usize), get: fn(&CubieCube) -> usize) -> Vec<u16> {
    let mut out = vec![0u16; n * N_SYM_UD];
    out.par_chunks_mut(N_SYM_UD)
        .enumerate()
        .for_each(|(i, row)| {
            let mut c = CubieCube::SOLVED;
            set(&mut c, i);
            for (s, slot) in row.iter_mut().enumerate() {
                *slot = get(&conjugate(&c, s)) as u16;
            }
        });
    out
}

/// Twist conjugated by each symmetry.
pub fn twist_conj() -> Vec<u16> {
    conj_table(N_TWIST, coord::set_twist, coord::twist)
}

/// U/D edges conjugated by each symmetry.
pub fn ud_edges_conj() -> Vec<u16> {
    conj_table(N_UD_EDGES, coord::set_ud_edges, coord::ud_edges)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;
    use rubik_cube::Move;

    #[test]
    fn move_tables_agree_with_cubies() {
        let (tw, fl, sl, co) = (
            twist_moves(),
            flip_moves(),
            slice_sorted_moves(),
            corner_moves(),
        );
        let mut rng = rng_from_seed(11);
        for _ in 0..50 {
            let c = CubieCube::random(&mut rng);
            for m in Move::ALL {
                let d = c.apply_move(m);
                let i = m.index();
                assert_eq!(tw[coord::twist(&c) * 18 + i] as usize, coord::twist(&d));
                assert_eq!(fl[coord::flip(&c) * 18 + i] as usize, coord::flip(&d));
                assert_eq!(
                    sl[coord::slice_sorted(&c) * 18 + i] as usize,
                    coord::slice_sorted(&d)
                );
                assert_eq!(co[coord::corners(&c) * 18 + i] as usize, coord::corners(&d));
            }
        }
    }
}
