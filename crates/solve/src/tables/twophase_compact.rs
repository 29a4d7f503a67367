//! The compact two-phase table set (about 12 MB): the same move tables as the full set, and
//! small unreduced pruning tables whose maximum bounds each phase.
//!
//! Phase 1: twist × slice (1,082,565 bytes), flip × slice (1,013,760 bytes) and twist × flip
//! (4,478,976 bytes). Phase 2: corners × slice permutation and U/D edges × slice permutation
//! (967,680 bytes each), and, in 4 bits an entry, U/D edges × corner combination and corners ×
//! U/D-edge combination (1,411,200 bytes each: each permutation with where the other kind's
//! U-layer pieces are, much stronger bounds than the permutations with the slice).

use super::file::{load_or_build, quiet, Table, TableSpec};
use super::prune::{build_plain_prune, to_nibbles};
use super::twophase::{specs as full_specs, MoveTables, PHASE2_MOVES};
use crate::coord::*;
use std::path::Path;

const ALL_MOVES: [usize; 18] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/// The files of the compact set: the five move tables, then the pruning tables.
pub fn specs() -> Vec<TableSpec> {
    let mut s: Vec<TableSpec> = full_specs().into_iter().take(5).collect();
    s.extend([
        TableSpec::of::<u8>("prune-twist-slice", N_TWIST * N_SLICE),
        TableSpec::of::<u8>("prune-flip-slice", N_FLIP * N_SLICE),
        TableSpec::of::<u8>("prune-twist-flip", N_TWIST * N_FLIP),
        TableSpec::of::<u8>("prune-corner-slice", N_CORNERS * N_SLICE_PERM),
        TableSpec::of::<u8>("prune-ud-edge-slice", N_UD_EDGES * N_SLICE_PERM),
        TableSpec::of::<u8>(
            "prune-ud-edge-ccomb4",
            (N_UD_EDGES * N_CORNER_COMB).div_ceil(2),
        ),
        TableSpec::of::<u8>(
            "prune-corner-ecomb4",
            (N_CORNERS * N_CORNER_COMB).div_ceil(2),
        ),
    ]);
    s
}

/// The compact table set.
pub struct CompactTables {
    /// The move tables.
    pub moves: MoveTables,
    /// `[twist * 495 + slice]`.
    pub twist_slice: Table<u8>,
    /// `[flip * 495 + slice]`.
    pub flip_slice: Table<u8>,
    /// `[twist * 2048 + flip]`.
    pub twist_flip: Table<u8>,
    /// `[corners * 24 + slice_perm]`.
    pub corner_slice: Table<u8>,
    /// `[ud_edges * 24 + slice_perm]`.
    pub ud_edge_slice: Table<u8>,
    /// Nibbles `[ud_edges * 70 + corner comb]`.
    pub ud_edge_comb: Table<u8>,
    /// Nibbles `[corners * 70 + U/D-edge comb]`.
    pub corner_edge_comb: Table<u8>,
    /// `[perm]` → combination: where the values 0..4 of a permutation of 8 (coordinate
    /// [`perm_rank`]) are; for corners and U/D edges alike, the U-layer pieces.
    pub comb_of: Vec<u8>,
}

impl CompactTables {
    /// Loads every table from `dir`, building (and saving) the missing or unsound ones.
    pub fn load(dir: &Path) -> CompactTables {
        let s = specs();
        let q = quiet();
        let moves = MoveTables::load(&s, dir);
        let m = &moves;
        let twist_slice = load_or_build(&s[5], dir, q, |_| {
            build_plain_prune(N_TWIST, N_SLICE, &ALL_MOVES, &m.twist_move, &m.slice_move)
        });
        let flip_slice = load_or_build(&s[6], dir, q, |_| {
            build_plain_prune(N_FLIP, N_SLICE, &ALL_MOVES, &m.flip_move, &m.slice_move)
        });
        let twist_flip = load_or_build(&s[7], dir, q, |_| {
            build_plain_prune(N_TWIST, N_FLIP, &ALL_MOVES, &m.twist_move, &m.flip_move)
        });
        let corner_slice = load_or_build(&s[8], dir, q, |_| {
            build_plain_prune(
                N_CORNERS,
                N_SLICE_PERM,
                &PHASE2_MOVES,
                &m.corner_move,
                &m.slice_sorted_move,
            )
        });
        let ud_edge_slice = load_or_build(&s[9], dir, q, |_| {
            build_plain_prune(
                N_UD_EDGES,
                N_SLICE_PERM,
                &PHASE2_MOVES,
                &m.ud_edge_move,
                &m.slice_sorted_move,
            )
        });
        let comb_of: Vec<u8> = (0..N_CORNERS)
            .map(|r| {
                let mut p = [0u8; 8];
                perm_unrank(r, &mut p);
                corner_comb(&p) as u8
            })
            .collect();
        // The combination after each G1 move, from any permutation with that combination.
        let comb_moves = |perm_move: &[u16]| {
            let mut out = vec![0u16; N_CORNER_COMB * 18];
            for (r, &comb) in comb_of.iter().enumerate() {
                for &mv in &PHASE2_MOVES {
                    let moved = perm_move[r * 18 + mv] as usize;
                    out[comb as usize * 18 + mv] = comb_of[moved] as u16;
                }
            }
            out
        };
        // A permutation (moved by `perm_move`; corners and U/D edges both have 8! values) with
        // the other kind's combination (moved by `other_move`).
        let comb_table = |perm_move: &[u16], other_move: &[u16]| {
            to_nibbles(&build_plain_prune(
                N_UD_EDGES,
                N_CORNER_COMB,
                &PHASE2_MOVES,
                perm_move,
                &comb_moves(other_move),
            ))
        };
        let ud_edge_comb = load_or_build(&s[10], dir, q, |_| {
            comb_table(&m.ud_edge_move, &m.corner_move)
        });
        let corner_edge_comb = load_or_build(&s[11], dir, q, |_| {
            comb_table(&m.corner_move, &m.ud_edge_move)
        });
        CompactTables {
            moves,
            twist_slice,
            flip_slice,
            twist_flip,
            corner_slice,
            ud_edge_slice,
            ud_edge_comb,
            corner_edge_comb,
            comb_of,
        }
    }
}
