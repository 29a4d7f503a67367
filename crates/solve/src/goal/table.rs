//! Pruning tables of a goal search: the exact distance, in turns of the move set, from every
//! labelled arrangement to the goal's, found by a breadth-first search from the goal's
//! arrangements, stored in 4 bits (14 = "14 or more", 15 = never reaches the goal).
//!
//! A table covers the corners' coordinate, the edges' coordinate or both (their product),
//! times the reachable whole-cube orientations.
//!
//! Tables are built on demand and had through the table store ([`crate::store`]), under a name
//! derived from a hash of everything that decides their content.

use super::coord::{LabelCoord, LocalMove, Members};
use super::moves::MoveModel;
use crate::store::bfs::Cells;
use crate::store::{Entries, Table, TableSpec};
use crate::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

/// Stored value of an arrangement that never reaches the goal.
pub const UNREACHABLE: u8 = 15;
/// Largest distance stored exactly; farther ones are stored as this.
pub const CAP: u8 = 14;
const UNSEEN: u8 = u8::MAX;

/// What a table covers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableDef {
    /// The corners' coordinate, if the table tracks corners.
    pub corners: Option<LabelCoord>,
    /// The edges' coordinate, if the table tracks edges.
    pub edges: Option<LabelCoord>,
    /// Reachable orientations (1 for face turns only).
    pub n_orient: usize,
}

impl TableDef {
    /// Number of entries.
    pub fn size(&self) -> u64 {
        let c = self.corners.as_ref().map_or(1, |c| c.size());
        let e = self.edges.as_ref().map_or(1, |e| e.size());
        c.saturating_mul(e).saturating_mul(self.n_orient as u64)
    }

    fn edge_size(&self) -> u64 {
        self.edges.as_ref().map_or(1, |e| e.size())
    }

    /// The index of corner value `c`, edge value `e`, local orientation `o`.
    #[inline]
    pub fn index(&self, c: u64, e: u64, o: usize) -> u64 {
        (c * self.edge_size() + e) * self.n_orient as u64 + o as u64
    }

    fn split(&self, i: u64) -> (u64, u64, usize) {
        let n = self.n_orient as u64;
        let o = (i % n) as usize;
        let rest = i / n;
        (rest / self.edge_size(), rest % self.edge_size(), o)
    }

    /// The index of a cube `s` in local orientation `o`.
    #[inline]
    pub fn index_of(&self, s: &rubik_cube::CubieCube, o: usize) -> u64 {
        let c = self.corners.as_ref().map_or(0, |c| c.of(&s.cp, &s.co));
        let e = self.edges.as_ref().map_or(0, |e| e.of(&s.ep, &s.eo));
        self.index(c, e, o)
    }
}

/// A built table (see the module docs).
pub struct PruneTable {
    /// What it covers.
    pub def: TableDef,
    data: Arc<Table<u8>>,
}

impl PruneTable {
    /// The table `def` holding `data` (as [`build`] makes it).
    pub fn new(def: TableDef, data: Arc<Table<u8>>) -> PruneTable {
        PruneTable { def, data }
    }

    /// The stored value at `index` (0..=14, or [`UNREACHABLE`]).
    #[inline]
    pub fn get(&self, index: u64) -> u8 {
        let byte = self.data[(index / 2) as usize];
        if index.is_multiple_of(2) {
            byte & 15
        } else {
            byte >> 4
        }
    }

    /// The stored value for cube `s` in local orientation `o`.
    #[inline]
    pub fn value(&self, s: &rubik_cube::CubieCube, o: usize) -> u8 {
        self.get(self.def.index_of(s, o))
    }

    /// Bytes in memory.
    pub fn bytes(&self) -> usize {
        self.data.len()
    }
}

/// The moves of a table: for each local orientation and turn, the local moves of both kinds
/// and the orientation after; and backwards, for each orientation and turn, the orientation
/// the turn was made from and the local moves that undo it.
struct TableMoves {
    corners: Vec<Vec<LocalMove>>,
    edges: Vec<Vec<LocalMove>>,
    next: Vec<Vec<u8>>,
    back_corners: Vec<Vec<LocalMove>>,
    back_edges: Vec<Vec<LocalMove>>,
    prev: Vec<Vec<u8>>,
}

impl TableMoves {
    fn new(def: &TableDef, model: &MoveModel) -> TableMoves {
        let local = |c: &rubik_cube::CubieCube| {
            (
                def.corners.as_ref().map_or(NO_MOVE, |k| k.move_table(c)),
                def.edges.as_ref().map_or(NO_MOVE, |k| k.move_table(c)),
            )
        };
        let n_o = model.turn_effect.len();
        let n_t = model.turns.len();
        let mut t = TableMoves {
            corners: vec![Vec::with_capacity(n_t); n_o],
            edges: vec![Vec::with_capacity(n_t); n_o],
            next: vec![Vec::with_capacity(n_t); n_o],
            back_corners: vec![vec![NO_MOVE; n_t]; n_o],
            back_edges: vec![vec![NO_MOVE; n_t]; n_o],
            prev: vec![vec![0; n_t]; n_o],
        };
        for (o, row) in model.turn_effect.iter().enumerate() {
            for (k, (c, next)) in row.iter().enumerate() {
                let (lc, le) = local(c);
                t.corners[o].push(lc);
                t.edges[o].push(le);
                t.next[o].push(*next);
                // Backwards: the turn made in orientation o lands in `next`.
                let (bc, be) = local(&c.inverse());
                let n = *next as usize;
                t.back_corners[n][k] = bc;
                t.back_edges[n][k] = be;
                t.prev[n][k] = o as u8;
            }
        }
        t
    }
}

const NO_MOVE: LocalMove = LocalMove {
    dest: [0; 12],
    twist: [0; 12],
};

/// Goal arrangements: every pair of a corner value and an edge value listed, in a local
/// orientation (a table without corners or edges lists the value 0 for them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceSet {
    /// Corner coordinate values.
    pub corners: Vec<u64>,
    /// Edge coordinate values.
    pub edges: Vec<u64>,
    /// The local orientation.
    pub orientation: usize,
}

/// Builds the table `def` by breadth-first search from `sources` under `model`'s turns,
/// reporting progress in entries reached. Levels with few new arrangements expand the
/// frontier; once the frontier outgrows what is left, each arrangement not yet reached looks
/// for a predecessor on the frontier instead (and stops at the first).
pub fn build(
    def: &TableDef,
    model: &MoveModel,
    sources: &[SourceSet],
    progress: &dyn Progress,
    label: &str,
) -> Vec<u8> {
    let size = def.size() as usize;
    let depth: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSEEN)).collect();
    let moves = TableMoves::new(def, model);
    let n_turns = model.turns.len() as u64;
    let mut frontier = 0u64;
    for set in sources {
        for &c in &set.corners {
            for &e in &set.edges {
                let i = def.index(c, e, set.orientation) as usize;
                if depth[i].swap(0, Ordering::Relaxed) == UNSEEN {
                    frontier += 1;
                }
            }
        }
    }
    progress.start(label, size as u64);
    progress.advance(frontier);
    let mut seen = frontier;
    let mut d = 0u8;
    while frontier > 0 && seen < size as u64 {
        let backwards = frontier.saturating_mul(n_turns) > (size as u64 - seen);
        frontier = if backwards {
            level_backwards(def, &moves, &depth, d)
        } else {
            level_forwards(def, &moves, &depth, d)
        };
        seen += frontier;
        progress.advance(frontier);
        d += 1;
    }
    progress.finish();
    pack(&depth)
}

/// Chunk of entries per task.
const CHUNK: usize = 1 << 14;

/// Decodes entry `i`'s members, reusing the corner members of the previous entry when its
/// corner value is the same.
fn members(
    def: &TableDef,
    i: u64,
    cached: &mut Option<(u64, Option<Members>)>,
) -> (Option<Members>, Option<Members>, usize) {
    let (c, e, o) = def.split(i);
    let cm = match cached {
        Some((cv, m)) if *cv == c => *m,
        _ => {
            let m = def.corners.as_ref().map(|k| k.decode(c));
            *cached = Some((c, m));
            m
        }
    };
    let em = def.edges.as_ref().map(|k| k.decode(e));
    (cm, em, o)
}

/// The entry of members after local moves `mc`, `me`, in local orientation `o`.
#[inline]
fn moved(
    def: &TableDef,
    cm: &Option<Members>,
    em: &Option<Members>,
    mc: &LocalMove,
    me: &LocalMove,
    o: usize,
) -> usize {
    let c = match (&def.corners, cm) {
        (Some(k), Some(m)) => k.encode(&k.apply(m, mc)),
        _ => 0,
    };
    let e = match (&def.edges, em) {
        (Some(k), Some(m)) => k.encode(&k.apply(m, me)),
        _ => 0,
    };
    def.index(c, e, o) as usize
}

/// Sets every unseen successor of the entries at depth `d` to `d + 1`; returns how many.
fn level_forwards(def: &TableDef, moves: &TableMoves, depth: &[AtomicU8], d: u8) -> u64 {
    let found = AtomicU64::new(0);
    depth
        .par_chunks(CHUNK)
        .enumerate()
        .for_each(|(chunk, cells)| {
            let base = (chunk * CHUNK) as u64;
            let mut n = 0u64;
            let mut cached = None;
            for (k, cell) in cells.iter().enumerate() {
                if cell.load(Ordering::Relaxed) != d {
                    continue;
                }
                let (cm, em, o) = members(def, base + k as u64, &mut cached);
                for t in 0..moves.next[o].len() {
                    let next = moves.next[o][t] as usize;
                    let j = moved(
                        def,
                        &cm,
                        &em,
                        &moves.corners[o][t],
                        &moves.edges[o][t],
                        next,
                    );
                    // Two threads may both write d + 1 here: the same value, counted twice at
                    // worst (the count only steers the choice of direction).
                    if depth[j].load(Ordering::Relaxed) == UNSEEN {
                        depth[j].store(d + 1, Ordering::Relaxed);
                        n += 1;
                    }
                }
            }
            found.fetch_add(n, Ordering::Relaxed);
        });
    found.into_inner()
}

/// Sets every unseen entry with a predecessor at depth `d` to `d + 1`; returns how many.
fn level_backwards(def: &TableDef, moves: &TableMoves, depth: &[AtomicU8], d: u8) -> u64 {
    let found = AtomicU64::new(0);
    depth
        .par_chunks(CHUNK)
        .enumerate()
        .for_each(|(chunk, cells)| {
            let base = (chunk * CHUNK) as u64;
            let mut n = 0u64;
            let mut cached = None;
            for (k, cell) in cells.iter().enumerate() {
                if cell.load(Ordering::Relaxed) != UNSEEN {
                    continue;
                }
                let (cm, em, o) = members(def, base + k as u64, &mut cached);
                for t in 0..moves.prev[o].len() {
                    let prev = moves.prev[o][t] as usize;
                    let j = moved(
                        def,
                        &cm,
                        &em,
                        &moves.back_corners[o][t],
                        &moves.back_edges[o][t],
                        prev,
                    );
                    if depth[j].load(Ordering::Relaxed) == d {
                        cell.store(d + 1, Ordering::Relaxed);
                        n += 1;
                        break;
                    }
                }
            }
            found.fetch_add(n, Ordering::Relaxed);
        });
    found.into_inner()
}

/// Packs depths into nibbles: [`CAP`] for far ones, [`UNREACHABLE`] for unseen ones.
fn pack(depth: &[AtomicU8]) -> Vec<u8> {
    let nib = |i: usize| -> u8 {
        match depth.get(i).map(|d| d.load(Ordering::Relaxed)) {
            None | Some(UNSEEN) => UNREACHABLE,
            Some(d) => d.min(CAP),
        }
    };
    (0..depth.len().div_ceil(2))
        .into_par_iter()
        .map(|b| nib(2 * b) | (nib(2 * b + 1) << 4))
        .collect()
}

/// The store's spec of the table `def` named `name`: two entries a byte.
pub fn spec(name: &'static str, def: &TableDef) -> TableSpec {
    TableSpec::of::<u8>(name, (def.size() as usize).div_ceil(2))
        .indexed("a goal's labelled corners × labelled edges × reachable orientations")
        .holding(Entries::Distances(Cells::Nibble))
}

/// An in-memory table (for tests and small throwaway tables).
pub fn in_memory(def: TableDef, model: &MoveModel, sources: &[SourceSet]) -> PruneTable {
    let data = build(&def, model, sources, &crate::NoProgress, "goal table");
    PruneTable {
        def,
        data: Arc::new(Table::owned(data)),
    }
}
