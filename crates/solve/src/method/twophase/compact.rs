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
    build_product_table, ALL_MOVES, CORNER_MOVES, FLIP_MOVES, SLICE_SORTED_MOVES, TWIST_MOVES,
    UD_EDGE_MOVES,
};
use crate::coord::*;
use crate::store::bfs::{self, Cells, Product};
use crate::store::{AnySpec, Entries, Spec, Store, Table, TableError, TableSpec};
use std::sync::Arc;

/// A byte-per-entry distance table over `a × b`, the slice coordinate moved by the slice move
/// table derived from the slice-sorted one.
fn with_slice(
    store: &Store,
    table: &'static str,
    name: &'static str,
    a: &Spec<u16>,
    n_a: usize,
    progress: &dyn crate::Progress,
) -> Result<crate::store::Built<u8>, TableError> {
    let moves = MoveTables::load(store)?;
    let a_move = store.get(a)?;
    let space = Product {
        name,
        n_a,
        n_b: N_SLICE,
        moves: &ALL_MOVES,
        a_move: &a_move,
        b_move: &moves.slice_move,
    };
    Ok(bfs::build(&space, Cells::Byte, table, progress)?.into())
}

/// Phase 1: twist × UD-slice.
pub static TWIST_SLICE_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twist-slice", N_TWIST * N_SLICE)
        .indexed("twist (2187) × UD-slice (495)")
        .holding(Entries::Distances(Cells::Byte)),
    build: |store, progress| {
        with_slice(
            store,
            "prune-twist-slice",
            "compact table, twist × slice",
            &TWIST_MOVES,
            N_TWIST,
            progress,
        )
    },
};

/// Phase 1: flip × UD-slice.
pub static FLIP_SLICE_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-flip-slice", N_FLIP * N_SLICE)
        .indexed("flip (2048) × UD-slice (495)")
        .holding(Entries::Distances(Cells::Byte)),
    build: |store, progress| {
        with_slice(
            store,
            "prune-flip-slice",
            "compact table, flip × slice",
            &FLIP_MOVES,
            N_FLIP,
            progress,
        )
    },
};

/// Phase 1: twist × flip.
pub static TWIST_FLIP_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twist-flip", N_TWIST * N_FLIP)
        .indexed("twist (2187) × flip (2048)")
        .holding(Entries::Distances(Cells::Byte)),
    build: |store, progress| {
        let table = build_product_table(
            store,
            ("compact table, twist × flip", "prune-twist-flip"),
            (N_TWIST, &TWIST_MOVES),
            (N_FLIP, &FLIP_MOVES),
            (&ALL_MOVES, Cells::Byte),
            progress,
        )?;
        Ok(table.into())
    },
};

/// Phase 2: U/D edges × slice permutation.
pub static UD_EDGE_SLICE_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-ud-edge-slice", N_UD_EDGES * N_SLICE_PERM)
        .indexed("U/D-edge permutation (40320) × slice permutation in G1 (24), phase-2 moves")
        .holding(Entries::Distances(Cells::Byte)),
    build: |store, progress| {
        let table = build_product_table(
            store,
            ("compact table, U/D edges × slice", "prune-ud-edge-slice"),
            (N_UD_EDGES, &UD_EDGE_MOVES),
            (N_SLICE_PERM, &SLICE_SORTED_MOVES),
            (&PHASE2_MOVES, Cells::Byte),
            progress,
        )?;
        Ok(table.into())
    },
};

/// `[perm]` → combination: where the values 0..4 of a permutation of 8 (coordinate
/// [`perm_rank`]) are; for corners and U/D edges alike, the U-layer pieces.
fn comb_of() -> Vec<u8> {
    (0..N_CORNERS)
        .map(|r| {
            let mut p = [0u8; 8];
            perm_unrank(r, &mut p);
            corner_comb(&p) as u8
        })
        .collect()
}

/// Nibble distances of a permutation of 8 (moved by `perm`'s table; corners and U/D edges both
/// have 8! values) with the other kind's combination (moved by `other`'s table).
fn perm_with_comb(
    store: &Store,
    table: &'static str,
    name: &'static str,
    perm: &Spec<u16>,
    other: &Spec<u16>,
    progress: &dyn crate::Progress,
) -> Result<crate::store::Built<u8>, TableError> {
    let perm_move = store.get(perm)?;
    let other_move = store.get(other)?;
    let comb_of = comb_of();
    // The combination after each G1 move, from any permutation with that combination.
    let mut comb_move = vec![0u16; N_CORNER_COMB * 18];
    for (r, &comb) in comb_of.iter().enumerate() {
        for &mv in &PHASE2_MOVES {
            let moved = other_move[r * 18 + mv] as usize;
            comb_move[comb as usize * 18 + mv] = comb_of[moved] as u16;
        }
    }
    let space = Product {
        name,
        n_a: N_UD_EDGES,
        n_b: N_CORNER_COMB,
        moves: &PHASE2_MOVES,
        a_move: &perm_move,
        b_move: &comb_move,
    };
    Ok(bfs::build(&space, Cells::Nibble, table, progress)?.into())
}

/// Phase 2: U/D edges × where the U-layer corners are, 4 bits an entry.
pub static UD_EDGE_COMB_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>(
        "prune-ud-edge-ccomb4",
        (N_UD_EDGES * N_CORNER_COMB).div_ceil(2),
    )
    .indexed("U/D-edge permutation (40320) × U-layer corners' positions (70), phase-2 moves")
    .holding(Entries::Distances(Cells::Nibble)),
    build: |store, progress| {
        perm_with_comb(
            store,
            "prune-ud-edge-ccomb4",
            "compact table, U/D edges × corner combination",
            &UD_EDGE_MOVES,
            &CORNER_MOVES,
            progress,
        )
    },
};

/// Phase 2: corners × where the U-layer edges are, 4 bits an entry.
pub static CORNER_COMB_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>(
        "prune-corner-ecomb4",
        (N_CORNERS * N_CORNER_COMB).div_ceil(2),
    )
    .indexed("corner permutation (40320) × U-layer edges' positions (70), phase-2 moves")
    .holding(Entries::Distances(Cells::Nibble)),
    build: |store, progress| {
        perm_with_comb(
            store,
            "prune-corner-ecomb4",
            "compact table, corners × U/D-edge combination",
            &CORNER_MOVES,
            &UD_EDGE_MOVES,
            progress,
        )
    },
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
                comb_of: comb_of(),
            })
        })
    }
}
