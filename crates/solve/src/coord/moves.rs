//! Move tables: for each coordinate value and each of the 18 moves, the coordinate after the
//! move; and conjugation tables: for each value and each of the 16 U–D symmetries, the value
//! of the conjugated cube. Built from the cubie model, so they agree with it by construction,
//! and declared here as the store's specs.

use crate::coord::symmetry::{conjugate, N_SYM_UD};
use crate::coord::{
    self, N_CORNERS, N_CORNER_COMB, N_FLIP, N_SLICE, N_SLICE_PERM, N_SLICE_SORTED, N_TWIST,
    N_UD_EDGES,
};
use crate::store::bfs::{self, Cells, Product};
use crate::store::memory::MmapMut;
use crate::store::{Entries, Spec, Store, Table, TableError, TableSpec};
use crate::Progress;
use rayon::prelude::*;
use rubik_cube::cubie::MOVE_CUBES;
use rubik_cube::CubieCube;
use std::sync::Arc;

/// Number of moves per move-table row.
pub const N_MOVES: usize = 18;

/// Every move, by index (the move list of a table built over all 18 moves).
pub const ALL_MOVES: [usize; N_MOVES] =
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/// Whether move `m` (index 0..18) keeps G1: U and D turns, and half turns of the other faces.
pub const fn is_phase2_move(m: usize) -> bool {
    m / 3 == 0 || m / 3 == 3 || m % 3 == 1
}

/// One coordinate of a product distance table, and where its move table comes from.
#[derive(Clone, Copy)]
pub enum Factor {
    /// A coordinate of `n` values with a stored move table.
    Stored(usize, &'static Spec<u16>),
    /// The UD-slice coordinate (which four positions the slice edges are on: 495 values), its
    /// moves read off the slice-sorted move table ([`slice_moves`]).
    Slice,
    /// Where the four U-layer pieces of a permutation of 8 are (70 values), its moves read off
    /// that permutation's move table (for corners [`CORNER_MOVES`], for U/D edges
    /// [`UD_EDGE_MOVES`]); only the table's moves are filled in.
    UpperPositions(&'static Spec<u16>),
}

impl Factor {
    /// Number of values.
    pub const fn size(self) -> usize {
        match self {
            Factor::Stored(n, _) => n,
            Factor::Slice => N_SLICE,
            Factor::UpperPositions(_) => N_CORNER_COMB,
        }
    }

    /// The move table `[value · 18 + move]`, filled in at least for `moves`.
    fn rows(self, store: &Store, moves: &[usize]) -> Result<Rows, TableError> {
        Ok(match self {
            Factor::Stored(_, spec) => Rows::Stored(store.get(spec)?),
            Factor::Slice => Rows::Derived(slice_moves(&store.get(&SLICE_SORTED_MOVES)?)),
            Factor::UpperPositions(perm) => {
                Rows::Derived(upper_position_moves(&store.get(perm)?, moves))
            }
        })
    }
}

/// A move table read from the store, or derived from one in memory.
enum Rows {
    Stored(Arc<Table<u16>>),
    Derived(Vec<u16>),
}

impl std::ops::Deref for Rows {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        match self {
            Rows::Stored(t) => t,
            Rows::Derived(v) => v,
        }
    }
}

/// The UD-slice coordinate's move table `[slice · 18 + m]`, from the slice-sorted one (the
/// slice coordinate is the slice-sorted coordinate divided by the 24 orders).
pub fn slice_moves(slice_sorted_move: &[u16]) -> Vec<u16> {
    (0..N_SLICE * N_MOVES)
        .map(|i| {
            let (sl, m) = (i / N_MOVES, i % N_MOVES);
            slice_sorted_move[sl * N_SLICE_PERM * N_MOVES + m] / N_SLICE_PERM as u16
        })
        .collect()
}

/// `[perm]` → where the values 0..4 of a permutation of 8 (coordinate [`coord::perm_rank`])
/// are: for corners and U/D edges alike, the U-layer pieces.
pub fn upper_positions() -> Vec<u8> {
    (0..N_CORNERS)
        .map(|r| {
            let mut p = [0u8; 8];
            coord::perm_unrank(r, &mut p);
            coord::corner_comb(&p) as u8
        })
        .collect()
}

/// The move table of [`Factor::UpperPositions`] for `moves`, from any permutation with each
/// set of positions (the positions after a move depend on the positions alone).
fn upper_position_moves(perm_move: &[u16], moves: &[usize]) -> Vec<u16> {
    let positions = upper_positions();
    let mut out = vec![0u16; N_CORNER_COMB * N_MOVES];
    for (r, &pos) in positions.iter().enumerate() {
        for &m in moves {
            let moved = perm_move[r * N_MOVES + m] as usize;
            out[pos as usize * N_MOVES + m] = u16::from(positions[moved]);
        }
    }
    out
}

/// Builds the distance table of the product of two coordinates `a × b` (index `a · n_b + b`),
/// each moved by its own move table, over `moves` (indices 0..18), in `cells`. `shown` names
/// it while it builds, `table` in errors. Declared with [`product_distances!`].
pub fn build_product_table(
    store: &Store,
    (shown, table): (&str, &'static str),
    a: Factor,
    b: Factor,
    (moves, cells): (&[usize], Cells),
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    let (a_move, b_move) = (a.rows(store, moves)?, b.rows(store, moves)?);
    let space = Product {
        name: shown,
        n_a: a.size(),
        n_b: b.size(),
        moves,
        a_move: &a_move,
        b_move: &b_move,
    };
    bfs::build(&space, cells, table, progress)
}

/// Declares the [`Spec`] of a distance table over the product of two [`Factor`]s, built by
/// [`build_product_table`]: `product_distances!(file name, name shown while it builds, what
/// indexes it, a, b, moves, cells)`.
macro_rules! product_distances {
    ($name:literal, $shown:literal, $index:literal, $a:expr, $b:expr, $moves:expr, $cells:expr $(,)?) => {
        $crate::store::Spec::<u8> {
            table: $crate::store::TableSpec::of::<u8>($name, $cells.bytes($a.size() * $b.size()))
                .indexed($index)
                .holding($crate::store::Entries::Distances($cells)),
            build: |store, progress| {
                let shown = ($shown, $name);
                let rows = (&$moves[..], $cells);
                Ok(
                    $crate::coord::moves::build_product_table(
                        store, shown, $a, $b, rows, progress,
                    )?
                    .into(),
                )
            },
        }
    };
}
pub(crate) use product_distances;

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
