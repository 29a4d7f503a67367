//! The compact two-phase table set (about 12 MB): the same move tables as the full set, and
//! small unreduced pruning tables whose maximum bounds each phase.
//!
//! Phase 1: twist × slice (1,082,565 bytes), flip × slice (1,013,760 bytes) and twist × flip
//! (4,478,976 bytes). Phase 2: corners × slice permutation and U/D edges × slice permutation
//! (967,680 bytes each), and, in 4 bits an entry, U/D edges × corner combination and corners ×
//! U/D-edge combination (1,411,200 bytes each: each permutation with where the other kind's
//! U-layer pieces are, much stronger bounds than the permutations with the slice).

use super::tables::{MoveTables, CORNER_SLICE_PRUNE, PHASE2_MOVES};
use crate::coord::moves::{
    product_distances, upper_positions, Factor, ALL_MOVES, CORNER_MOVES, FLIP_MOVES,
    SLICE_SORTED_MOVES, TWIST_MOVES, UD_EDGE_MOVES,
};
use crate::coord::*;
use crate::store::bfs::Cells;
use crate::store::{AnySpec, Spec, Store, Table, TableError};
use std::sync::Arc;

/// Phase 1: twist × UD-slice.
pub static TWIST_SLICE_PRUNE: Spec<u8> = product_distances! {
    "prune-twist-slice", "compact table, twist × slice", "twist (2187) × UD-slice (495)",
    Factor::Stored(N_TWIST, &TWIST_MOVES), Factor::Slice, ALL_MOVES, Cells::Byte
};

/// Phase 1: flip × UD-slice.
pub static FLIP_SLICE_PRUNE: Spec<u8> = product_distances! {
    "prune-flip-slice", "compact table, flip × slice", "flip (2048) × UD-slice (495)",
    Factor::Stored(N_FLIP, &FLIP_MOVES), Factor::Slice, ALL_MOVES, Cells::Byte
};

/// Phase 1: twist × flip.
pub static TWIST_FLIP_PRUNE: Spec<u8> = product_distances! {
    "prune-twist-flip", "compact table, twist × flip", "twist (2187) × flip (2048)",
    Factor::Stored(N_TWIST, &TWIST_MOVES), Factor::Stored(N_FLIP, &FLIP_MOVES),
    ALL_MOVES, Cells::Byte
};

/// Phase 2: U/D edges × slice permutation.
pub static UD_EDGE_SLICE_PRUNE: Spec<u8> = product_distances! {
    "prune-ud-edge-slice", "compact table, U/D edges × slice",
    "U/D-edge permutation (40320) × slice permutation in G1 (24), phase-2 moves",
    Factor::Stored(N_UD_EDGES, &UD_EDGE_MOVES), Factor::Stored(N_SLICE_PERM, &SLICE_SORTED_MOVES),
    PHASE2_MOVES, Cells::Byte
};

/// Phase 2: U/D edges × where the U-layer corners are, 4 bits an entry.
pub static UD_EDGE_COMB_PRUNE: Spec<u8> = product_distances! {
    "prune-ud-edge-ccomb4", "compact table, U/D edges × corner combination",
    "U/D-edge permutation (40320) × U-layer corners' positions (70), phase-2 moves",
    Factor::Stored(N_UD_EDGES, &UD_EDGE_MOVES), Factor::UpperPositions(&CORNER_MOVES),
    PHASE2_MOVES, Cells::Nibble
};

/// Phase 2: corners × where the U-layer edges are, 4 bits an entry.
pub static CORNER_COMB_PRUNE: Spec<u8> = product_distances! {
    "prune-corner-ecomb4", "compact table, corners × U/D-edge combination",
    "corner permutation (40320) × U-layer edges' positions (70), phase-2 moves",
    Factor::Stored(N_CORNERS, &CORNER_MOVES), Factor::UpperPositions(&UD_EDGE_MOVES),
    PHASE2_MOVES, Cells::Nibble
};

/// The files of the compact set: the five move tables, then the pruning tables.
pub fn specs() -> Vec<&'static dyn AnySpec> {
    vec![
        &TWIST_MOVES,
        &FLIP_MOVES,
        &SLICE_SORTED_MOVES,
        &CORNER_MOVES,
        &UD_EDGE_MOVES,
        &TWIST_SLICE_PRUNE,
        &FLIP_SLICE_PRUNE,
        &TWIST_FLIP_PRUNE,
        &CORNER_SLICE_PRUNE,
        &UD_EDGE_SLICE_PRUNE,
        &UD_EDGE_COMB_PRUNE,
        &CORNER_COMB_PRUNE,
    ]
}

/// The compact table set.
pub struct CompactTables {
    /// The move tables.
    pub moves: MoveTables,
    /// `[twist * 495 + slice]`.
    pub twist_slice: Arc<Table<u8>>,
    /// `[flip * 495 + slice]`.
    pub flip_slice: Arc<Table<u8>>,
    /// `[twist * 2048 + flip]`.
    pub twist_flip: Arc<Table<u8>>,
    /// `[corners * 24 + slice_perm]`.
    pub corner_slice: Arc<Table<u8>>,
    /// `[ud_edges * 24 + slice_perm]`.
    pub ud_edge_slice: Arc<Table<u8>>,
    /// Nibbles `[ud_edges * 70 + corner comb]`.
    pub ud_edge_comb: Arc<Table<u8>>,
    /// Nibbles `[corners * 70 + U/D-edge comb]`.
    pub corner_edge_comb: Arc<Table<u8>>,
    /// `[perm]` → combination: where the values 0..4 of a permutation of 8 (coordinate
    /// [`perm_rank`]) are; for corners and U/D edges alike, the U-layer pieces.
    pub comb_of: Vec<u8>,
}

impl CompactTables {
    /// Every table from the store, assembled once per process and directory.
    pub fn shared(store: &Store) -> Result<Arc<CompactTables>, TableError> {
        store.assemble("twophase compact tables", |store| {
            Ok(CompactTables {
                moves: MoveTables::load(store)?,
                twist_slice: store.get(&TWIST_SLICE_PRUNE)?,
                flip_slice: store.get(&FLIP_SLICE_PRUNE)?,
                twist_flip: store.get(&TWIST_FLIP_PRUNE)?,
                corner_slice: store.get(&CORNER_SLICE_PRUNE)?,
                ud_edge_slice: store.get(&UD_EDGE_SLICE_PRUNE)?,
                ud_edge_comb: store.get(&UD_EDGE_COMB_PRUNE)?,
                corner_edge_comb: store.get(&CORNER_COMB_PRUNE)?,
                comb_of: upper_positions(),
            })
        })
    }
}
