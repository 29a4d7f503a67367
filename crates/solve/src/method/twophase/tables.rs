//! The two-phase method's tables: the shared move and class tables of [`crate::coord`], and the
//! method's pruning tables, declared here and had from the store.
//!
//! Phase 1 prunes on (flip × slice class under the 16 U–D symmetries: 64430 classes) × twist
//! (2187): 140,908,410 exact distances in 4 bits (70 MB), and for each of them a 3-byte descent
//! code saying how every move changes the distance (423 MB, see [`super::descent`]): the search
//! reads one code per node instead of a distance per child. Phase 2 prunes on (corner
//! permutation class: 2768) × U/D-edge permutation (40320): 111,605,760 distances (56 MB), plus
//! the small corners × slice-permutation table (967,680 bytes) used as a precheck.

use super::descent::{self, DescentDecoder, DescentSpace};
use crate::coord::classes::{
    build_corner_class_table, class_reps, stabilisers, CORNER_CLASSES, FLIPSLICE_CLASSES,
    FLIPSLICE_CLASS_MOVES, N_CORNER_CLASS, N_FLIPSLICE_CLASS,
};
use crate::coord::moves::{
    is_phase2_move, product_distances, slice_moves, Factor, ALL_MOVES, CORNER_MOVES, FLIP_MOVES,
    SLICE_SORTED_MOVES, TWIST_CONJ, TWIST_MOVES, UD_EDGE_CONJ, UD_EDGE_MOVES,
};
use crate::coord::symmetry::{symmetries, N_SYM_UD};
use crate::coord::{self, *};
use crate::store::bfs::{self, Cells, SymProduct};
use crate::store::{AnySpec, Entries, Placement, Spec, Store, Table, TableError, TableSpec};
use rubik_cube::CubieCube;
use std::sync::Arc;

/// Phase-1 pruning entries: `64430 · 2187`.
pub const N_PHASE1: usize = N_FLIPSLICE_CLASS * N_TWIST;
/// Phase-2 pruning entries: `2768 · 40320`.
pub const N_PHASE2: usize = N_CORNER_CLASS * N_UD_EDGES;

/// The moves of phase 2 (indices): U U2 U' R2 F2 D D2 D' L2 B2.
pub const PHASE2_MOVES: [usize; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
/// Phase-2 precheck: corners × slice permutation, one byte per distance. (Inside G1 the
/// slice-sorted coordinate is the slice permutation, 0..24.)
pub static CORNER_SLICE_PRUNE: Spec<u8> = product_distances! {
    "prune-corner-slice", "two-phase corners × slice table",
    "corner permutation (40320) × slice permutation in G1 (24), phase-2 moves",
    Factor::Stored(N_CORNERS, &CORNER_MOVES), Factor::Stored(N_SLICE_PERM, &SLICE_SORTED_MOVES),
    PHASE2_MOVES, Cells::Byte
};

/// What every phase-1 table over flip-slice class × twist is built from (the plain one here,
/// the robot modes' quarter-turn and five-face ones): the classes' moves, the twist's moves
/// and conjugates, and the symmetries that fix each class representative.
pub(crate) struct Phase1Parts {
    /// `[class * 18 + move]`: the class (and symmetry) a move leads to ([`FLIPSLICE_CLASS_MOVES`]).
    pub class_move: Arc<Table<u32>>,
    /// The twist's move table.
    pub twist_move: Arc<Table<u16>>,
    /// The twist conjugated by each U–D symmetry.
    pub twist_conj: Arc<Table<u16>>,
    /// Per class representative, the U–D symmetries that leave it unchanged (a bit mask).
    pub self_sym: Vec<u16>,
}

impl Phase1Parts {
    /// The parts from `store` (built there when missing).
    pub(crate) fn load(store: &Store) -> Result<Phase1Parts, TableError> {
        let classes = store.get(&FLIPSLICE_CLASSES)?;
        let reps = class_reps(&classes, N_FLIPSLICE_CLASS);
        Ok(Phase1Parts {
            class_move: store.get(&FLIPSLICE_CLASS_MOVES)?,
            twist_move: store.get(&TWIST_MOVES)?,
            twist_conj: store.get(&TWIST_CONJ)?,
            self_sym: stabilisers(&reps, coord::set_flipslice, coord::flipslice),
        })
    }
}

/// Phase 1: nibbles `[flip-slice class * 2187 + conjugated twist]`.
pub static PHASE1_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase1", N_PHASE1.div_ceil(2))
        .indexed("flip × UD-slice class (64430) × twist (2187)")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        let parts = Phase1Parts::load(store)?;
        let step = |cls: usize, m: usize| parts.class_move[cls * 18 + m];
        let space = SymProduct {
            name: "two-phase pruning table, phase 1",
            n_class: N_FLIPSLICE_CLASS,
            n_inner: N_TWIST,
            moves: &ALL_MOVES,
            class_step: &step,
            inner_move: &parts.twist_move,
            inner_conj: &parts.twist_conj,
            self_sym: &parts.self_sym,
        };
        Ok(bfs::build(&space, Cells::Nibble, "prune-twophase1", progress)?.into())
    },
};

/// The phase-1 pruning index of (flip, twist, slice) — flip-slice class × twist conjugated by
/// the symmetry taking the cube to its class representative — and that symmetry;
/// `flipslice_sym` is [`FLIPSLICE_CLASSES`], `twist_conj` is [`TWIST_CONJ`].
#[inline(always)]
pub fn phase1_entry(
    flipslice_sym: &[u32],
    twist_conj: &[u16],
    flip: usize,
    twist: usize,
    slice: usize,
) -> (usize, usize) {
    let fs = flipslice_sym[slice * N_FLIP + flip] as usize;
    let twist_c = twist_conj[twist * 16 + (fs & 15)] as usize;
    ((fs >> 4) * N_TWIST + twist_c, fs & 15)
}

/// Phase 1: 3-byte descent codes, the same index as [`PHASE1_PRUNE`] (see [`descent`]).
pub static PHASE1_DESCENT: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("descent-twophase1", N_PHASE1 * descent::ENTRY_BYTES + 1)
        .indexed("flip × UD-slice class (64430) × twist (2187), 3 bytes each")
        .placed(Placement::Mapped),
    build: |store, progress| {
        let class_move = store.get(&FLIPSLICE_CLASS_MOVES)?;
        let twist_move = store.get(&TWIST_MOVES)?;
        let twist_conj = store.get(&TWIST_CONJ)?;
        let prune = store.get(&PHASE1_PRUNE)?;
        let space = DescentSpace {
            n_class: N_FLIPSLICE_CLASS,
            n_twist: N_TWIST,
            class_move: &class_move,
            twist_move: &twist_move,
            twist_conj: &twist_conj,
            prune: &prune,
        };
        Ok(descent::build(&space, progress).into())
    },
};

/// The descent codes of the entries near G1, hashed (see [`descent::build_near`]).
pub static PHASE1_NEAR: Spec<u64> = Spec {
    table: TableSpec::of::<u64>("descent-near-twophase1", descent::NEAR_SLOTS)
        .indexed("hash of the phase-1 entries at most 6 moves from G1"),
    build: |store, _| {
        let prune = store.get(&PHASE1_PRUNE)?;
        let codes = store.get(&PHASE1_DESCENT)?;
        Ok(descent::build_near(&prune, &codes).into())
    },
};

/// The descent codes of the entries at distances 7 and 8, in 64 MiB of hash buckets (see
/// [`descent::build_hot`]).
pub static PHASE1_HOT: Spec<u32> = Spec {
    table: TableSpec::of::<u32>(
        "descent-hot-twophase1",
        descent::HOT_BUCKETS * descent::HOT_SLOTS,
    )
    .indexed("hash of the phase-1 entries 7 or 8 moves from G1, 16 slots a 64-byte bucket")
    .placed(Placement::Mapped),
    build: |store, _| {
        let prune = store.get(&PHASE1_PRUNE)?;
        let codes = store.get(&PHASE1_DESCENT)?;
        Ok(descent::build_hot(&prune, &codes).0.into())
    },
};

/// Phase 2: nibbles `[corner class * 40320 + conjugated U/D edges]`.
pub static PHASE2_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase2", N_PHASE2.div_ceil(2))
        .indexed("corner permutation class (2768) × U/D-edge permutation (40320), phase-2 moves")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        let table = build_corner_class_table(
            store,
            ("two-phase pruning table, phase 2", "prune-twophase2"),
            &PHASE2_MOVES,
            (N_UD_EDGES, &UD_EDGE_MOVES, &UD_EDGE_CONJ),
            progress,
        )?;
        Ok(table.into())
    },
};

/// The files of the full two-phase table set, in build order.
pub fn specs() -> Vec<&'static dyn AnySpec> {
    vec![
        &TWIST_MOVES,
        &FLIP_MOVES,
        &SLICE_SORTED_MOVES,
        &CORNER_MOVES,
        &UD_EDGE_MOVES,
        &TWIST_CONJ,
        &UD_EDGE_CONJ,
        &FLIPSLICE_CLASSES,
        &CORNER_CLASSES,
        &FLIPSLICE_CLASS_MOVES,
        &CORNER_SLICE_PRUNE,
        &super::compact::UD_EDGE_SLICE_PRUNE,
        &PHASE1_PRUNE,
        &PHASE1_DESCENT,
        &PHASE1_NEAR,
        &PHASE1_HOT,
        &PHASE2_PRUNE,
        &crate::method::optimal::CORNER_PRUNE,
    ]
}

/// The move tables both table sets share.
pub struct MoveTables {
    /// `[twist * 18 + m]`.
    pub twist_move: Arc<Table<u16>>,
    /// `[flip * 18 + m]`.
    pub flip_move: Arc<Table<u16>>,
    /// `[slice_sorted * 18 + m]`.
    pub slice_sorted_move: Arc<Table<u16>>,
    /// `[slice * 18 + m]` (slice = slice_sorted / 24), derived in memory.
    pub slice_move: Vec<u16>,
    /// `[corners * 18 + m]`.
    pub corner_move: Arc<Table<u16>>,
    /// `[ud_edges * 18 + m]`, G1 moves only.
    pub ud_edge_move: Arc<Table<u16>>,
    /// `[corners * 10 + k]`: the corners after `PHASE2_MOVES[k]`, derived in memory. Phase 2
    /// reads a whole row at a node; these rows (20 bytes) span fewer cache lines than
    /// [`MoveTables::corner_move`]'s (36), and the table (806 KB) is little more than half
    /// its size.
    pub corner_move_g1: Vec<u16>,
    /// `[ud_edges * 10 + k]`: the U/D edges after `PHASE2_MOVES[k]`, derived in memory (as
    /// [`MoveTables::corner_move_g1`]).
    pub ud_edge_move_g1: Vec<u16>,
}

/// The rows of `table` (18 moves a row) cut to the phase-2 moves, in [`PHASE2_MOVES`] order.
fn phase2_rows(table: &[u16]) -> Vec<u16> {
    table
        .chunks_exact(18)
        .flat_map(|row| PHASE2_MOVES.map(|m| row[m]))
        .collect()
}

impl MoveTables {
    /// The move tables from the store.
    pub fn load(store: &Store) -> Result<MoveTables, TableError> {
        let slice_sorted_move = store.get(&SLICE_SORTED_MOVES)?;
        let slice_move = slice_moves(&slice_sorted_move);
        let corner_move = store.get(&CORNER_MOVES)?;
        let ud_edge_move = store.get(&UD_EDGE_MOVES)?;
        Ok(MoveTables {
            twist_move: store.get(&TWIST_MOVES)?,
            flip_move: store.get(&FLIP_MOVES)?,
            slice_sorted_move,
            slice_move,
            corner_move_g1: phase2_rows(&corner_move),
            ud_edge_move_g1: phase2_rows(&ud_edge_move),
            corner_move,
            ud_edge_move,
        })
    }
}

/// Every table the full two-phase search reads, shared read-only.
pub struct TwophaseTables {
    /// The move tables.
    pub moves: MoveTables,
    /// `[twist * 16 + s]`: twist of `s·c·s⁻¹`.
    pub twist_conj: Arc<Table<u16>>,
    /// `[ud_edges * 16 + s]`.
    pub ud_edge_conj: Arc<Table<u16>>,
    /// `[slice * 2048 + flip]` → `class << 4 | sym`, `sym` bringing the state to its class
    /// representative.
    pub flipslice_sym: Arc<Table<u32>>,
    /// `[corners]` → `class << 4 | sym`.
    pub corner_sym: Arc<Table<u32>>,
    /// `[class * 18 + m]`: the flip-slice class and symmetry (`class << 4 | sym`) reached by
    /// move `m` from the class representative.
    pub flipslice_class_move: Arc<Table<u32>>,
    /// `[s][m]`: the index of the move `s · m · s⁻¹`.
    pub conj_move: [[u8; 18]; N_SYM_UD],
    /// `[a][b]`: the symmetry `a · b`.
    pub sym_multiply: [[u8; N_SYM_UD]; N_SYM_UD],
    /// Phase-2 precheck: `[corners * 24 + slice_perm]`, one byte per distance.
    pub corner_slice_prune: Arc<Table<u8>>,
    /// Second phase-2 precheck: `[ud_edges * 24 + slice_perm]` (the compact set's table).
    pub ud_edge_slice_prune: Arc<Table<u8>>,
    /// Phase 1: nibbles `[class * 2187 + conjugated twist]`.
    pub phase1_prune: Arc<Table<u8>>,
    /// Phase 1: 3-byte descent codes, same index (see [`descent`]).
    pub phase1_descent: Arc<Table<u8>>,
    /// The descent codes of the entries near G1, hashed (see [`descent::build_near`]).
    pub phase1_near: Arc<Table<u64>>,
    /// The descent codes of the entries at distances 7 and 8, hashed (see
    /// [`descent::build_hot`]).
    pub phase1_hot: Arc<Table<u32>>,
    /// Reads descent codes through the node's symmetry.
    pub descent: DescentDecoder,
    /// `[twist]`: the moves (bit m = move m) that finish phase 1 from a state at phase-1
    /// distance 1 with this twist (see [`finishing_moves`]).
    pub finishing_moves: Vec<u32>,
    /// Phase 2: nibbles `[corner class * 40320 + conjugated U/D edges]`.
    pub phase2_prune: Arc<Table<u8>>,
    /// Corners (permutation class × twist) exact distances with all 18 moves.
    pub corner_prune: Arc<Table<u8>>,
}

/// `[twist]` → the moves reaching G1 from a state at phase-1 distance 1 with that twist.
///
/// A state g·q (g in G1, q any move) has q's flip, twist and slice coordinates, because g
/// moves nothing out of the slice and orients nothing. So the states at distance 1 are those
/// of the quarter turns of R, L, F and B — and X and X′ give the same coordinates. From there
/// exactly X and X′ reach G1 (X·X = X2 and X·X′ = 1 lie in G1). The four faces twist different
/// corners, so the twist alone tells the face.
pub fn finishing_moves() -> Vec<u32> {
    let mut out = vec![0u32; N_TWIST];
    for m in 0..18 {
        let mv = rubik_cube::Move::from_index(m);
        if mv.face().axis() != 0 && mv.turns() != 2 {
            let t = coord::twist(&CubieCube::from_moves(&[mv]));
            out[t] |= 1 << m;
        }
    }
    out
}

impl TwophaseTables {
    /// Every table from the store (built and saved when missing or unsound), assembled once
    /// per process and directory.
    pub fn shared(store: &Store) -> Result<Arc<TwophaseTables>, TableError> {
        store.assemble("twophase tables", TwophaseTables::load)
    }

    fn load(store: &Store) -> Result<TwophaseTables, TableError> {
        debug_assert!(PHASE2_MOVES.iter().all(|&m| is_phase2_move(m)));
        let syms = symmetries();
        Ok(TwophaseTables {
            moves: MoveTables::load(store)?,
            twist_conj: store.get(&TWIST_CONJ)?,
            ud_edge_conj: store.get(&UD_EDGE_CONJ)?,
            flipslice_sym: store.get(&FLIPSLICE_CLASSES)?,
            corner_sym: store.get(&CORNER_CLASSES)?,
            flipslice_class_move: store.get(&FLIPSLICE_CLASS_MOVES)?,
            conj_move: std::array::from_fn(|s| syms.conj_move[s].map(|m| m.index() as u8)),
            sym_multiply: syms.multiply,
            corner_slice_prune: store.get(&CORNER_SLICE_PRUNE)?,
            ud_edge_slice_prune: store.get(&super::compact::UD_EDGE_SLICE_PRUNE)?,
            phase1_prune: store.get(&PHASE1_PRUNE)?,
            phase1_descent: store.get(&PHASE1_DESCENT)?,
            phase1_near: store.get(&PHASE1_NEAR)?,
            phase1_hot: store.get(&PHASE1_HOT)?,
            descent: DescentDecoder::new(),
            finishing_moves: finishing_moves(),
            phase2_prune: store.get(&PHASE2_PRUNE)?,
            corner_prune: store.get(&crate::method::optimal::CORNER_PRUNE)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A phase-2 row holds, in [`PHASE2_MOVES`] order, the entries of those moves in the full
    /// row, for every row.
    #[test]
    fn phase2_rows_keep_the_phase2_moves_of_each_row() {
        let rows = 7;
        let table: Vec<u16> = (0..rows * 18).map(|i| (i * 7 + 3) as u16).collect();
        let cut = phase2_rows(&table);
        assert_eq!(cut.len(), rows * 10);
        for r in 0..rows {
            for (k, &m) in PHASE2_MOVES.iter().enumerate() {
                assert_eq!(cut[r * 10 + k], table[r * 18 + m], "row {r}, move {m}");
            }
        }
    }
}
