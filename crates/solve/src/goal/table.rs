//! Pruning tables of a goal search: the exact distance, in turns of the move set, from every
//! labelled arrangement to the goal's, found by the store's breadth-first builder
//! ([`bfs`]) from the goal's arrangements, stored in 4 bits (14 = "14 or more", 15 = never
//! reaches the goal).
//!
//! A table covers the corners' coordinate, the edges' coordinate or both (their product),
//! times the reachable whole-cube orientations.
//!
//! Tables are built on demand and had through the table store ([`crate::store`]), under a name
//! derived from a hash of everything that decides their content.

use super::coord::{LabelCoord, LocalMove, Members};
use super::moves::MoveModel;
use crate::store::bfs::{self, Cells, Shape, Space};
use crate::store::{Entries, Table, TableError, TableSpec};
use crate::Progress;
use rayon::prelude::*;
use rubik_cube::rotation::N_ORIENTATIONS;
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
/// and the orientation after.
struct TableMoves {
    corners: Vec<Vec<LocalMove>>,
    edges: Vec<Vec<LocalMove>>,
    next: Vec<Vec<u8>>,
}

impl TableMoves {
    fn new(def: &TableDef, model: &MoveModel) -> TableMoves {
        let local = |c: &rubik_cube::CubieCube, k: &Option<LabelCoord>| {
            k.as_ref().map_or(NO_MOVE, |k| k.move_table(c))
        };
        let each = |f: &dyn Fn(&(rubik_cube::CubieCube, u8)) -> LocalMove| -> Vec<Vec<LocalMove>> {
            let row = |row: &Vec<(rubik_cube::CubieCube, u8)>| row.iter().map(f).collect();
            model.turn_effect.iter().map(row).collect()
        };
        TableMoves {
            corners: each(&|(c, _)| local(c, &def.corners)),
            edges: each(&|(c, _)| local(c, &def.edges)),
            next: model
                .turn_effect
                .iter()
                .map(|row| row.iter().map(|&(_, next)| next).collect())
                .collect(),
        }
    }
}

/// Whether every turn of `model`, made in any orientation, is undone by a turn of the set made
/// in the orientation it leads to: then a neighbour of an arrangement is also a predecessor,
/// and the breadth-first builder may search backward.
fn inverse_closed(model: &MoveModel) -> bool {
    model.turn_effect.iter().enumerate().all(|(o, row)| {
        row.iter().all(|(c, next)| {
            let undo = (c.inverse(), o as u8);
            model.turn_effect[*next as usize].contains(&undo)
        })
    })
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

/// Most edge values in one block of the breadth-first search.
const EDGES_PER_BLOCK: u64 = 1 << 12;

/// A goal table as a space of the store's breadth-first builder ([`bfs::Space`]): a block is
/// one corner value and a run of edge values (times the orientations), so a move's effect on
/// the corners is worked out once per block; an entry's edges are decoded once for all its
/// moves. A table without edges (one entry a block) decodes its corners per entry instead.
struct GoalSpace<'a> {
    def: &'a TableDef,
    moves: TableMoves,
    sources: &'a [SourceSet],
    label: &'a str,
    /// Edge values per block (a divisor of the edges' size).
    edges_per_block: u64,
    inverse_closed: bool,
}

/// What a move does to a block: the corner value reached from each local orientation.
type GoalStep = [u64; N_ORIENTATIONS];

impl GoalSpace<'_> {
    fn blocks_per_corner(&self) -> u64 {
        self.def.edge_size() / self.edges_per_block
    }

    /// Block and offset of table index `i`.
    fn place(&self, i: u64) -> (usize, usize) {
        let per = self.shape().block_len as u64;
        ((i / per) as usize, (i % per) as usize)
    }
}

impl Space for GoalSpace<'_> {
    type Step = GoalStep;
    /// The entry's corners (when a block has a single entry) and edges, decoded once for all
    /// its moves, and its orientation.
    type Entry = (Option<Members>, Option<Members>, usize);

    fn shape(&self) -> Shape<'_> {
        Shape {
            name: self.label,
            blocks: (self.def.size() / (self.edges_per_block * self.def.n_orient as u64)) as usize,
            block_len: self.edges_per_block as usize * self.def.n_orient,
            moves: self.moves.next[0].len(),
        }
    }
    fn entry(&self, block: usize, off: usize) -> Self::Entry {
        let n_o = self.def.n_orient;
        let first = block as u64 % self.blocks_per_corner() * self.edges_per_block;
        let e = first + (off / n_o) as u64;
        let corners = match &self.def.corners {
            Some(k) if self.def.edges.is_none() => Some(k.decode(block as u64)),
            _ => None,
        };
        (
            corners,
            self.def.edges.as_ref().map(|k| k.decode(e)),
            off % n_o,
        )
    }
    fn step(&self, block: usize, m: usize) -> GoalStep {
        let c = block as u64 / self.blocks_per_corner();
        let mut corners = [0; N_ORIENTATIONS];
        if let (Some(k), Some(_)) = (&self.def.corners, &self.def.edges) {
            let members = k.decode(c);
            for (o, out) in corners.iter_mut().enumerate().take(self.def.n_orient) {
                *out = k.encode(&k.apply(&members, &self.moves.corners[o][m]));
            }
        }
        corners
    }
    #[inline]
    fn child(&self, step: &GoalStep, m: usize, entry: &Self::Entry) -> (usize, usize) {
        let (corners, edges, o) = (&entry.0, &entry.1, entry.2);
        let c = match (&self.def.corners, corners) {
            (Some(k), Some(members)) => k.encode(&k.apply(members, &self.moves.corners[o][m])),
            _ => step[o],
        };
        let e = match (&self.def.edges, edges) {
            (Some(k), Some(members)) => k.encode(&k.apply(members, &self.moves.edges[o][m])),
            _ => 0,
        };
        let next = self.moves.next[o][m] as usize;
        self.place(self.def.index(c, e, next))
    }
    fn goals(&self, mut f: impl FnMut(usize, usize)) {
        for set in self.sources {
            for &c in &set.corners {
                for &e in &set.edges {
                    let (block, off) = self.place(self.def.index(c, e, set.orientation));
                    f(block, off);
                }
            }
        }
    }
    fn inverse_closed(&self) -> bool {
        self.inverse_closed
    }
}

/// Builds the table `def` by breadth-first search from `sources` under `model`'s turns, with
/// the store's builder ([`bfs::build`], exact distances in bytes, then packed into nibbles),
/// reporting progress in entries reached as `label`.
pub fn build(
    def: &TableDef,
    model: &MoveModel,
    sources: &[SourceSet],
    progress: &dyn Progress,
    label: &str,
) -> Result<Vec<u8>, TableError> {
    let edges = def.edge_size();
    let edges_per_block = (1..=edges.min(EDGES_PER_BLOCK))
        .rev()
        .find(|d| edges.is_multiple_of(*d))
        .unwrap_or(1);
    let space = GoalSpace {
        def,
        moves: TableMoves::new(def, model),
        sources,
        label,
        edges_per_block,
        inverse_closed: inverse_closed(model),
    };
    let depth = bfs::build(&space, Cells::Byte, "goal table", progress)?;
    Ok(pack(&depth[..def.size() as usize]))
}

/// Packs depths (one byte each, `0xFF` never reached) into nibbles: [`CAP`] for far ones,
/// [`UNREACHABLE`] for unseen ones.
fn pack(depth: &[u8]) -> Vec<u8> {
    let nib = |i: usize| -> u8 {
        match depth.get(i) {
            None | Some(&UNSEEN) => UNREACHABLE,
            Some(&d) => d.min(CAP),
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
