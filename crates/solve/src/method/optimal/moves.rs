//! The coordinates the optimal search carries: their move tables and the flip × slice
//! symmetry classes. The table layouts (`prune`, `grouped`) and the loaded set (`tables`) read
//! them; they read nothing of either.

use super::edge_coset;
use crate::coord::classes::{class_reps, stabilisers, FLIPSLICE_CLASSES, N_FLIPSLICE_CLASS};
use crate::coord::moves::{
    conj_table, move_table, FLIP_MOVES, SLICE_SORTED_MOVES, TWIST_CONJ, TWIST_MOVES,
};
use crate::coord::{self, N_CORNER_SPLIT, N_SLICE, N_SLICE_PERM};
use crate::store::{HugeVec, Placement, Store, Table, TableError};
use std::sync::Arc;

/// Move tables of the coordinates the search carries, `table[coord * 18 + move]`: the shared
/// ones of [`crate::coord::moves`] from the store, and two small ones made from the shared
/// coordinates. The small tables the search reads at every node are held in place (a copy of
/// the store's, one pointer away) rather than behind the store's `Arc`.
pub struct SearchMoves {
    /// Twist after each move.
    pub twist: Vec<u16>,
    /// Flip after each move.
    pub flip: Vec<u16>,
    /// Slice (0..495, order ignored) after each move.
    pub slice: Vec<u16>,
    /// The large tables' slice with order ([`super::edge_coset::slice_sorted`], numbered apart
    /// from [`crate::coord::slice_sorted`]) after each move.
    pub slice_sorted: HugeVec<u16>,
    /// Corner split after each move.
    pub corner_split: Vec<u16>,
}

impl SearchMoves {
    /// The tables, from the store.
    pub fn load(store: &Store) -> Result<SearchMoves, TableError> {
        let slice_sorted = store.get(&SLICE_SORTED_MOVES)?;
        // The slice-sorted coordinate is `24 · slice + order`: its rows of order 0 hold the
        // slice's moves.
        let slice = (0..N_SLICE * 18)
            .map(|i| slice_sorted[(i / 18 * N_SLICE_PERM) * 18 + i % 18] / N_SLICE_PERM as u16)
            .collect();
        Ok(SearchMoves {
            twist: store.get(&TWIST_MOVES)?.to_vec(),
            flip: store.get(&FLIP_MOVES)?.to_vec(),
            slice,
            slice_sorted: edge_coset::slice_sorted_moves().into(),
            corner_split: move_table(
                N_CORNER_SPLIT,
                coord::set_corner_split,
                coord::corner_split,
                |_| true,
            ),
        })
    }
}

/// The flip × slice symmetry classes of [`crate::coord::classes`] and the conjugation tables
/// of the coordinates indexed next to them.
pub struct FlipSliceClasses {
    /// `class_sym[slice · 2048 + flip] = class << 4 | sym`, `sym` carrying the flip × slice to
    /// its class representative ([`FLIPSLICE_CLASSES`], read in huge pages: the search's hot
    /// path).
    pub class_sym: Arc<Table<u32>>,
    /// `twist_conj[t * 16 + s]`: the twist of `s · c · s⁻¹` for a cube `c` of twist `t`
    /// ([`TWIST_CONJ`], held in place).
    pub twist_conj: Vec<u16>,
    /// `split_conj[k * 16 + s]`: the corner split of `s · c · s⁻¹` for a cube `c` of split `k`.
    pub split_conj: Vec<u16>,
    /// `rep[c]`: the raw value representing class `c` (the least of its members).
    pub rep: Vec<u32>,
    /// `stabiliser[c]`: bit `s` set when symmetry `s` fixes `rep[c]` (for the builders).
    pub stabiliser: Vec<u16>,
}

impl FlipSliceClasses {
    /// The tables, from the store.
    pub fn load(store: &Store) -> Result<FlipSliceClasses, TableError> {
        let class_sym = store.get_placed(&FLIPSLICE_CLASSES, Placement::Huge)?;
        let rep = class_reps(&class_sym, N_FLIPSLICE_CLASS);
        Ok(FlipSliceClasses {
            stabiliser: stabilisers(&rep, coord::set_flipslice, coord::flipslice),
            rep,
            class_sym,
            twist_conj: store.get(&TWIST_CONJ)?.to_vec(),
            split_conj: conj_table(N_CORNER_SPLIT, coord::set_corner_split, coord::corner_split),
        })
    }
}
