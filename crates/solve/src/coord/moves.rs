//! Move tables: for each coordinate value and each of the 18 moves, the coordinate after the
//! move; and conjugation tables: for each value and each of the 16 U–D symmetries, the value
//! of the conjugated cube. Built from the cubie model, so they agree with it by construction,
//! and declared here as the store's specs.

use crate::coord::symmetry::{conjugate, N_SYM_UD};
use crate::coord::{self, N_CORNERS, N_FLIP, N_SLICE_SORTED, N_TWIST, N_UD_EDGES};
use crate::store::bfs::{self, Cells, Product};
use crate::store::{Entries, Spec, Store, TableError, TableSpec};
use crate::Progress;
use memmap2::MmapMut;
use rayon::prelude::*;
use rubik_cube::cubie::MOVE_CUBES;
use rubik_cube::CubieCube;

/// Number of moves per move-table row.
pub const N_MOVES: usize = 18;

/// Every move, by index (the move list of a table built over all 18 moves).
pub const ALL_MOVES: [usize; N_MOVES] =
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/// Whether move `m` (index 0..18) keeps G1: U and D turns, and half turns of the other faces.
pub const fn is_phase2_move(m: usize) -> bool {
    m / 3 == 0 || m / 3 == 3 || m % 3 == 1
}

/// Builds the distance table of the product of two coordinates, `a` of `n_a` values and `b`
/// of `n_b`, each moved by its own move table (index `a · n_b + b`), over `moves` (indices
/// 0..18), in `cells`. `shown` names it while it builds, `table` in errors.
pub fn build_product_table(
    store: &Store,
    (shown, table): (&str, &'static str),
    (n_a, a_move): (usize, &Spec<u16>),
    (n_b, b_move): (usize, &Spec<u16>),
    (moves, cells): (&[usize], Cells),
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    let a_move = store.get(a_move)?;
    let b_move = store.get(b_move)?;
    let space = Product {
        name: shown,
        n_a,
        n_b,
        moves,
        a_move: &a_move,
        b_move: &b_move,
    };
    bfs::build(&space, cells, table, progress)
}

/// A move table over `n` coordinate values: `set` makes a cube with the value, `get` reads it.
/// Rows for moves where `valid(m)` is false are filled with 0.
pub fn move_table(
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

/// A coordinate conjugated by each U–D symmetry: `[x * 16 + s]` = the coordinate of `s·c·s⁻¹`.
pub fn conj_table(
    n: usize,
    set: fn(&mut CubieCube, usize),
    get: fn(&CubieCube) -> usize,
) -> Vec<u16> {
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

const fn moves(name: &'static str, n: usize, index: &'static str) -> TableSpec {
    TableSpec::of::<u16>(name, n * N_MOVES)
        .indexed(index)
        .holding(Entries::Moves)
}

const fn conjugates(name: &'static str, n: usize, index: &'static str) -> TableSpec {
    TableSpec::of::<u16>(name, n * N_SYM_UD)
        .indexed(index)
        .holding(Entries::Conjugates)
}

/// Twist after each move: `[twist * 18 + m]`.
pub static TWIST_MOVES: Spec<u16> = Spec {
    table: moves("move-twist", N_TWIST, "twist (2187) × move (18)"),
    build: |_, _| Ok(move_table(N_TWIST, coord::set_twist, coord::twist, |_| true).into()),
};

/// Flip after each move: `[flip * 18 + m]`.
pub static FLIP_MOVES: Spec<u16> = Spec {
    table: moves("move-flip", N_FLIP, "flip (2048) × move (18)"),
    build: |_, _| Ok(move_table(N_FLIP, coord::set_flip, coord::flip, |_| true).into()),
};

/// Slice-sorted coordinate after each move: `[slice_sorted * 18 + m]`.
pub static SLICE_SORTED_MOVES: Spec<u16> = Spec {
    table: moves(
        "move-slice-sorted",
        N_SLICE_SORTED,
        "slice edges' positions and order (11880) × move (18)",
    ),
    build: |_, _| {
        let t = move_table(
            N_SLICE_SORTED,
            coord::set_slice_sorted,
            coord::slice_sorted,
            |_| true,
        );
        Ok(t.into())
    },
};

/// Corner permutation after each move: `[corners * 18 + m]`.
pub static CORNER_MOVES: Spec<u16> = Spec {
    table: moves(
        "move-corners",
        N_CORNERS,
        "corner permutation (40320) × move (18)",
    ),
    build: |_, _| Ok(move_table(N_CORNERS, coord::set_corners, coord::corners, |_| true).into()),
};

/// U/D-edge permutation after each G1 move: `[ud_edges * 18 + m]` (0 for other moves).
pub static UD_EDGE_MOVES: Spec<u16> = Spec {
    table: moves(
        "move-ud-edges",
        N_UD_EDGES,
        "U/D-edge permutation in G1 (40320) × move (18; 0 for moves leaving G1)",
    ),
    build: |_, _| {
        let t = move_table(
            N_UD_EDGES,
            coord::set_ud_edges,
            coord::ud_edges,
            is_phase2_move,
        );
        Ok(t.into())
    },
};

/// Twist conjugated by each U–D symmetry: `[twist * 16 + s]`.
pub static TWIST_CONJ: Spec<u16> = Spec {
    table: conjugates("conj-twist", N_TWIST, "twist (2187) × U–D symmetry (16)"),
    build: |_, _| Ok(conj_table(N_TWIST, coord::set_twist, coord::twist).into()),
};

/// U/D edges conjugated by each U–D symmetry: `[ud_edges * 16 + s]`.
pub static UD_EDGE_CONJ: Spec<u16> = Spec {
    table: conjugates(
        "conj-ud-edges",
        N_UD_EDGES,
        "U/D-edge permutation (40320) × U–D symmetry (16)",
    ),
    build: |_, _| Ok(conj_table(N_UD_EDGES, coord::set_ud_edges, coord::ud_edges).into()),
};

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;
    use rubik_cube::Move;

    #[test]
    fn move_tables_agree_with_cubies() {
        let all = |_| true;
        let tw = move_table(N_TWIST, coord::set_twist, coord::twist, all);
        let fl = move_table(N_FLIP, coord::set_flip, coord::flip, all);
        let sl = move_table(
            N_SLICE_SORTED,
            coord::set_slice_sorted,
            coord::slice_sorted,
            all,
        );
        let co = move_table(N_CORNERS, coord::set_corners, coord::corners, all);
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
