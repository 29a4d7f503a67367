//! A robot mode's own pruning tables, one set per search frame (the faces a frame may turn
//! depend on which axis plays U–D): exact distances in the mode's metric with the frame's
//! moves, over two coordinates at a time, one byte each. Phase 1: twist × UD-slice and flip ×
//! UD-slice; phase 2: corners × slice permutation and U/D edges × slice permutation. About
//! 4 MB a frame, built in well under a second by a breadth-first search that allows moves of
//! cost 2 (half turns in the quarter-turn metrics), and had from the store like every table.

use super::mode::{Metric, RobotMove};
use crate::coord::classes::{
    class_reps, stabilisers, FLIPSLICE_CLASSES, FLIPSLICE_CLASS_MOVES, N_FLIPSLICE_CLASS,
};
use crate::coord::moves::{TWIST_CONJ, TWIST_MOVES};
use crate::coord::{self, N_CORNERS, N_FLIP, N_SLICE, N_SLICE_PERM, N_TWIST, N_UD_EDGES};
use crate::method::twophase::tables::{MoveTables, N_PHASE1};
use crate::store::bfs::{self, Cells, SymProduct};
use crate::store::{Entries, Placement, Spec, Store, Table, TableError, TableSpec};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Marks an entry not reached yet.
const UNSEEN: u8 = u8::MAX;

/// A product of two coordinates, each moved by its own table `[x · 18 + m]`.
struct Product<'a> {
    n_a: usize,
    a_move: &'a [u16],
    n_b: usize,
    b_move: &'a [u16],
}

impl Product<'_> {
    #[inline(always)]
    fn step(&self, a: usize, b: usize, mv: &RobotMove) -> (usize, usize) {
        let (mut a, mut b) = (a, b);
        for &m in &mv.turns[..mv.len as usize] {
            a = self.a_move[a * 18 + m as usize] as usize;
            b = self.b_move[b * 18 + m as usize] as usize;
        }
        (a, b)
    }

    /// Distances from (0, 0) by `moves`, which must be closed under inverses (so distances
    /// to and from the goal agree), in sweeps of increasing distance: every entry of distance
    /// d is final when its sweep starts, since every move costs at least 1.
    fn distances(&self, moves: &[RobotMove]) -> Vec<u8> {
        let mut dist = vec![UNSEEN; self.n_a * self.n_b];
        dist[0] = 0;
        let mut d = 0u8;
        loop {
            let mut open = false;
            for i in 0..dist.len() {
                if dist[i] != d {
                    if dist[i] != UNSEEN && dist[i] > d {
                        open = true;
                    }
                    continue;
                }
                let (a, b) = (i / self.n_b, i % self.n_b);
                for mv in moves {
                    let (a1, b1) = self.step(a, b, mv);
                    let j = a1 * self.n_b + b1;
                    let nd = d + mv.cost;
                    if dist[j] > nd {
                        dist[j] = nd;
                        open = true;
                    }
                }
            }
            if !open {
                break;
            }
            d += 1;
        }
        dist
    }
}

/// The four tables of one frame.
pub struct FrameTables {
    /// `[twist · 495 + slice]`.
    pub twist_slice: Arc<Table<u8>>,
    /// `[flip · 495 + slice]`.
    pub flip_slice: Arc<Table<u8>>,
    /// `[corners · 24 + slice permutation]`, phase-2 moves.
    pub corner_slice: Arc<Table<u8>>,
    /// `[U/D edges · 24 + slice permutation]`, phase-2 moves.
    pub edge_slice: Arc<Table<u8>>,
}

/// A table name that says what decides its content: the kind, the metric, the frame's faces.
fn table_name(kind: &str, metric: Metric, faces: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashMap<String, &'static str>>> = OnceLock::new();
    let short = match metric {
        Metric::Htm => "h",
        Metric::Qtm => "q",
        Metric::AxialHtm => "ah",
        Metric::AxialQtm => "aq",
    };
    let name = format!("robot-{kind}-{short}-{faces}");
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    names
        .entry(name.clone())
        .or_insert_with(|| Box::leak(name.into_boxed_str()))
}

impl FrameTables {
    /// The tables of a frame whose moves are `moves` (`g1_moves` the phase-2 ones), named by
    /// the metric and the frame's faces (`faces`, letters).
    pub fn get(
        store: &Store,
        mv: &MoveTables,
        metric: Metric,
        faces: &str,
        moves: &[RobotMove],
        g1_moves: &[RobotMove],
    ) -> Result<FrameTables, TableError> {
        let get = |kind: &str, index: &'static str, p: Product, moves: &[RobotMove]| {
            let spec = TableSpec::of::<u8>(table_name(kind, metric, faces), p.n_a * p.n_b)
                .indexed(index)
                .holding(Entries::Distances(Cells::Byte));
            store.get_with(&spec, |_, _| Ok(p.distances(moves).into()))
        };
        Ok(FrameTables {
            twist_slice: get(
                "ts",
                "twist (2187) × UD-slice (495), a robot's moves",
                Product {
                    n_a: N_TWIST,
                    a_move: &mv.twist_move,
                    n_b: N_SLICE,
                    b_move: &mv.slice_move,
                },
                moves,
            )?,
            flip_slice: get(
                "fs",
                "flip (2048) × UD-slice (495), a robot's moves",
                Product {
                    n_a: N_FLIP,
                    a_move: &mv.flip_move,
                    n_b: N_SLICE,
                    b_move: &mv.slice_move,
                },
                moves,
            )?,
            corner_slice: get(
                "cs",
                "corners (40320) × slice permutation (24), a robot's G1 moves",
                Product {
                    n_a: N_CORNERS,
                    a_move: &mv.corner_move,
                    n_b: N_SLICE_PERM,
                    b_move: &mv.slice_sorted_move,
                },
                g1_moves,
            )?,
            edge_slice: get(
                "es",
                "U/D edges (40320) × slice permutation (24), a robot's G1 moves",
                Product {
                    n_a: N_UD_EDGES,
                    a_move: &mv.ud_edge_move,
                    n_b: N_SLICE_PERM,
                    b_move: &mv.slice_sorted_move,
                },
                g1_moves,
            )?,
        })
    }
}

/// The quarter turns (move indices): a half turn is two of them, so distances by these moves
/// are distances in the quarter-turn metric.
const QUARTER_TURNS: [usize; 12] = [0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17];

/// Phase 1 in the quarter-turn metric with all six faces: the plain phase-1 table's index
/// (flip-slice class × twist, nibbles), its distances by quarter turns. The metric is the
/// same under every symmetry, so the 16 U–D symmetries reduce it like the plain table and one
/// table serves the three frames.
pub static PHASE1_QTM_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase1-qtm", N_PHASE1.div_ceil(2))
        .indexed("flip × UD-slice class (64430) × twist (2187), quarter turns")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        let classes = store.get(&FLIPSLICE_CLASSES)?;
        let class_move = store.get(&FLIPSLICE_CLASS_MOVES)?;
        let twist_move = store.get(&TWIST_MOVES)?;
        let twist_conj = store.get(&TWIST_CONJ)?;
        let reps = class_reps(&classes, N_FLIPSLICE_CLASS);
        let self_sym = stabilisers(&reps, coord::set_flipslice, coord::flipslice);
        let step = |cls: usize, m: usize| class_move[cls * 18 + m];
        let space = SymProduct {
            name: "two-phase pruning table, phase 1, quarter turns",
            n_class: N_FLIPSLICE_CLASS,
            n_inner: N_TWIST,
            moves: &QUARTER_TURNS,
            class_step: &step,
            inner_move: &twist_move,
            inner_conj: &twist_conj,
            self_sym: &self_sym,
        };
        Ok(bfs::build(&space, Cells::Nibble, "prune-twophase1-qtm", progress)?.into())
    },
};
