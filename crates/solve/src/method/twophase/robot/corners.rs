//! The corners' own distance to solved in axial half-turn moves, six faces: a lower bound on
//! what is left to spend from any phase-1 node (phase 1 and phase 2 together), as the plain
//! search's `optimal-corners` table is in half turns. A node whose corners are farther than
//! the cost left within the bound leads to no solution.
//!
//! Index: corner permutation class under the 16 U–D symmetries (2,768) × twist (2,187),
//! 6.05 M entries, 3 MB in nibbles; the metric is the same under every symmetry, so one table
//! serves the three frames. Only the axial half-turn search reads it: the same bound in
//! quarter turns and for five faces in half turns cut phase-1 nodes but not the time
//! (BENCHMARKS, issue 38, session 33).

use super::mode::{Metric, RobotMove};
use super::tables::{unit_moves, AxialPhase1};
use crate::coord::classes::{class_reps, stabilisers, CORNER_CLASSES, N_CORNER_CLASS};
use crate::coord::moves::{CORNER_MOVES, TWIST_CONJ, TWIST_MOVES};
use crate::coord::{self, N_TWIST};
use crate::store::bfs::{self, Cells};
use crate::store::memory::MmapMut;
use crate::store::{Entries, Placement, Spec, Store, TableError, TableSpec};

/// Entries of a corner table: corner permutation class × twist.
pub const N_CORNER_ENTRIES: usize = N_CORNER_CLASS * N_TWIST;

/// The largest distance in [`CORNERS_AXHT`] (the corners' own God's number in axial half-turn
/// moves, checked by the tests).
pub const CORNERS_AXHT_MAX: usize = 11;

/// The corner permutation classes' own symmetries, and each class's step by each of `moves`
/// (`[class · moves + k]`, `class << 4 | sym`).
fn corner_steps(store: &Store, moves: &[RobotMove]) -> Result<(Vec<u16>, Vec<u32>), TableError> {
    let corner_sym = store.get(&CORNER_CLASSES)?;
    let corner_move = store.get(&CORNER_MOVES)?;
    let reps = class_reps(&corner_sym, N_CORNER_CLASS);
    let self_sym = stabilisers(&reps, coord::set_corners, coord::corners);
    let mut steps = Vec::with_capacity(N_CORNER_CLASS * moves.len());
    for &rep in &reps {
        for mv in moves {
            let mut c = rep as usize;
            for &m in &mv.turns[..mv.len as usize] {
                c = corner_move[c * 18 + m as usize] as usize;
            }
            steps.push(corner_sym[c]);
        }
    }
    Ok((self_sym, steps))
}

/// Builds a six-face corner table in an axial `metric` by its cost-1 moves (every costlier
/// move is a product of them, see [`AxialPhase1`]).
fn build_axial(
    store: &Store,
    metric: Metric,
    table: &'static str,
    progress: &dyn crate::Progress,
) -> Result<MmapMut, TableError> {
    let moves = unit_moves(metric);
    let (self_sym, steps) = corner_steps(store, &moves)?;
    let twist_move = store.get(&TWIST_MOVES)?;
    let twist_conj = store.get(&TWIST_CONJ)?;
    let space = AxialPhase1 {
        name: table,
        n_class: N_CORNER_CLASS,
        moves,
        steps,
        twist_move: &twist_move,
        twist_conj: &twist_conj,
        self_sym: &self_sym,
    };
    bfs::build(&space, Cells::Nibble, table, progress)
}

/// The corners' distance in axial half-turn moves, six faces.
pub static CORNERS_AXHT: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("robot-corners-axial-htm", N_CORNER_ENTRIES.div_ceil(2))
        .indexed("corner permutation class (2768) × twist (2187), axial moves")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Huge),
    build: |store, progress| {
        Ok(build_axial(store, Metric::AxialHtm, "robot-corners-axial-htm", progress)?.into())
    },
};

/// The corner table of a mode and its largest distance: six faces in axial half turns only.
pub fn corner_spec(metric: Metric, five: bool) -> Option<(&'static Spec<u8>, usize)> {
    (metric == Metric::AxialHtm && !five).then_some((&CORNERS_AXHT, CORNERS_AXHT_MAX))
}

/// The entry of a corner table for corner permutation class and symmetry `corner_sym`
/// ([`CORNER_CLASSES`]) and the twist conjugated by that symmetry, `twist_c`.
#[inline(always)]
pub fn corner_index(corner_sym: u32, twist_c: usize) -> usize {
    (corner_sym >> 4) as usize * N_TWIST + twist_c
}
