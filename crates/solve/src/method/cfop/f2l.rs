//! F2L: the four corner–edge pairs, each found by IDA* over the cross edges and the four pairs'
//! pieces, keeping the cross and every pair already solved, cheapest pair first.

use super::cross::{
    cross_index, cross_move, cross_of_index, cross_state, solved_cross, CrossState,
    CROSS_DISTANCES, N_CROSS,
};
use super::pieces::View;
use super::pieces::{corner_state, edge_state, piece_moves, N_CORNER_STATES, N_EDGE_STATES};
use crate::search::{ida_star, SearchSpace};
use crate::store::bfs::{self, Cells, Graph, Shape, Space};
use crate::store::{AnySpec, Entries, Spec, Store, Table, TableError, TableSpec};
use crate::NoProgress;
use rubik_cube::{CubieCube, Face, Move};
use std::sync::Arc;

/// The slots, in Kociemba's piece order: slot `k` pairs corner `4 + k` with edge `8 + k`.
pub const SLOTS: [Slot; 4] = [
    Slot {
        corner: 4,
        edge: 8,
        faces: [Face::F, Face::R],
    },
    Slot {
        corner: 5,
        edge: 9,
        faces: [Face::F, Face::L],
    },
    Slot {
        corner: 6,
        edge: 10,
        faces: [Face::B, Face::L],
    },
    Slot {
        corner: 7,
        edge: 11,
        faces: [Face::B, Face::R],
    },
];

/// One F2L slot: its corner and edge (Kociemba indices) and the two side faces it sits between.
#[derive(Clone, Copy, Debug)]
pub struct Slot {
    /// Corner piece (and home position) index.
    pub corner: usize,
    /// Edge piece (and home position) index.
    pub edge: usize,
    /// The side faces of the slot (front/back first).
    pub faces: [Face; 2],
}

/// The longest pair insertion searched for (optimal pair insertions are far shorter).
const MAX_PAIR_DEPTH: usize = 20;

/// State of one pair: `corner_state * 24 + edge_state`.
const N_PAIR: usize = N_CORNER_STATES * N_EDGE_STATES;

/// Exact moves to solve each slot's pair on its own (ignoring everything else), by
/// breadth-first search over the pair's states.
fn pair_distances() -> Result<[[u8; N_PAIR]; 4], TableError> {
    let t = piece_moves();
    let mut all = [[u8::MAX; N_PAIR]; 4];
    for (slot, dist) in SLOTS.iter().zip(all.iter_mut()) {
        let space = Graph {
            name: "CFOP pair table",
            n: N_PAIR,
            moves: 18,
            goal: (slot.corner * 3 * N_EDGE_STATES) + slot.edge * 2,
            next: |s, m| {
                let (c, e) = (s / N_EDGE_STATES, s % N_EDGE_STATES);
                usize::from(t.corner[c][m]) * N_EDGE_STATES + usize::from(t.edge[e][m])
            },
        };
        let built = bfs::build(&space, Cells::Byte, "CFOP pair table", &NoProgress)?;
        dist.copy_from_slice(&built[..N_PAIR]);
    }
    Ok(all)
}

/// The cross with the front-right corner (`which` 0) or edge (1): index `cross_index * 24 +
/// piece state`, breadth-first from the solved cross and piece.
struct CrossAndPiece {
    which: usize,
}

impl Space for CrossAndPiece {
    type Step = usize;
    type Entry = usize;

    fn shape(&self) -> Shape<'_> {
        Shape {
            name: CROSS_AND_PIECE[self.which].table.name,
            blocks: N_CROSS,
            block_len: 24,
            moves: 18,
        }
    }
    fn entry(&self, _block: usize, off: usize) -> usize {
        off
    }

    fn step(&self, cross: usize, m: usize) -> usize {
        cross_index(&cross_move(&cross_of_index(cross), Move::ALL[m]))
    }
    fn child(&self, &cross: &usize, m: usize, &piece: &usize) -> (usize, usize) {
        let t = piece_moves();
        let table = if self.which == 0 { &t.corner } else { &t.edge };
        (cross, usize::from(table[piece][m]))
    }
    fn goals(&self, mut f: impl FnMut(usize, usize)) {
        let front_right = &SLOTS[0];
        let home = if self.which == 0 {
            front_right.corner * 3
        } else {
            front_right.edge * 2
        };
        f(cross_index(&solved_cross()), home);
    }
}

const fn cross_and_piece(name: &'static str, index: &'static str) -> TableSpec {
    TableSpec::of::<u8>(name, N_CROSS * 24)
        .indexed(index)
        .holding(Entries::Distances(Cells::Byte))
}

/// Exact moves to solve the cross together with the front-right corner (`[0]`) or with the
/// front-right edge (`[1]`), indexed by `cross_index * 24 + piece state` (4.5 million and
/// 3 million reachable entries). Other slots use these through a view turned about the U–D
/// axis.
pub static CROSS_AND_PIECE: [Spec<u8>; 2] = [
    Spec {
        table: cross_and_piece(
            "cfop_cross_corner",
            "the four D-layer edges (24⁴) × the front-right corner's position and twist (24)",
        ),
        build: |_, progress| {
            let built = bfs::build(
                &CrossAndPiece { which: 0 },
                Cells::Byte,
                "cfop_cross_corner",
                progress,
            )?;
            Ok(built.into())
        },
    },
    Spec {
        table: cross_and_piece(
            "cfop_cross_edge",
            "the four D-layer edges (24⁴) × the front-right edge's position and flip (24)",
        ),
        build: |_, progress| {
            let built = bfs::build(
                &CrossAndPiece { which: 1 },
                Cells::Byte,
                "cfop_cross_edge",
                progress,
            )?;
            Ok(built.into())
        },
    },
];

/// The tables of the method: the cross, the cross with one piece, the pairs.
pub struct CfopTables {
    /// [`CROSS_DISTANCES`].
    pub cross: Arc<Table<u8>>,
    /// [`CROSS_AND_PIECE`].
    cross_and_piece: [Arc<Table<u8>>; 2],
    /// Each slot's pair on its own.
    pairs: [[u8; N_PAIR]; 4],
}

impl CfopTables {
    /// The tables from the store, assembled once per process and directory.
    pub fn shared(store: &Store) -> Result<Arc<CfopTables>, TableError> {
        store.assemble("cfop tables", |store| {
            Ok(CfopTables {
                cross: store.get(&CROSS_DISTANCES)?,
                cross_and_piece: [
                    store.get(&CROSS_AND_PIECE[0])?,
                    store.get(&CROSS_AND_PIECE[1])?,
                ],
                pairs: pair_distances()?,
            })
        })
    }
}

/// The cached tables of the method.
pub fn table_specs() -> Vec<&'static dyn AnySpec> {
    vec![&CROSS_DISTANCES, &CROSS_AND_PIECE[0], &CROSS_AND_PIECE[1]]
}

/// The cross and all four pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct F2lState {
    cross: CrossState,
    corners: [u8; 4],
    edges: [u8; 4],
}

impl F2lState {
    /// The F2L pieces of `c`.
    pub fn of(c: &CubieCube) -> F2lState {
        F2lState {
            cross: cross_state(c),
            corners: SLOTS.map(|s| corner_state(c, s.corner)),
            edges: SLOTS.map(|s| edge_state(c, s.edge)),
        }
    }

    fn pair(&self, k: usize) -> usize {
        usize::from(self.corners[k]) * N_EDGE_STATES + usize::from(self.edges[k])
    }

    /// Whether slot `k` holds its pair, solved.
    pub fn pair_solved(&self, k: usize) -> bool {
        self.corners[k] == (SLOTS[k].corner * 3) as u8 && self.edges[k] == (SLOTS[k].edge * 2) as u8
    }
}

/// Solving the front-right pair while keeping the cross and the pairs in `keep`.
struct PairSpace<'a> {
    keep: [bool; 4],
    cross_and_piece: &'a [Arc<Table<u8>>; 2],
    pairs: &'a [[u8; N_PAIR]; 4],
}

impl SearchSpace for PairSpace<'_> {
    type State = F2lState;

    fn is_goal(&self, s: &F2lState) -> bool {
        self.heuristic(s) == 0
    }

    fn heuristic(&self, s: &F2lState) -> usize {
        let c = cross_index(&s.cross) * 24;
        let [with_corner, with_edge] = self.cross_and_piece;
        let mut h = with_corner[c + usize::from(s.corners[0])];
        h = h.max(with_edge[c + usize::from(s.edges[0])]);
        h = h.max(self.pairs[0][s.pair(0)]);
        for k in 0..4 {
            if self.keep[k] {
                h = h.max(self.pairs[k][s.pair(k)]);
            }
        }
        usize::from(h)
    }

    fn moves(&self) -> &[Move] {
        &Move::ALL
    }

    fn apply(&self, s: &F2lState, m: Move) -> F2lState {
        let t = piece_moves();
        F2lState {
            cross: cross_move(&s.cross, m),
            corners: s.corners.map(|c| t.corner[usize::from(c)][m.index()]),
            edges: s.edges.map(|e| t.edge[usize::from(e)][m.index()]),
        }
    }
}

/// The slot index a view gives the slot `k`.
pub fn slot_in_view(view: &View, k: usize) -> usize {
    let faces = SLOTS[k].faces.map(|f| view.name(f));
    SLOTS
        .iter()
        .position(|s| faces.iter().all(|f| s.faces.contains(f)))
        .unwrap_or(k)
}

/// The cheapest unsolved pair of `cube` (with the cross solved and the pairs in `solved`
/// kept) and an optimal insertion for it: `(slot, moves)`. `None` if every pair is solved.
/// Each slot is searched as the front-right slot of the cube turned about the U–D axis.
pub fn cheapest_pair(
    tables: &CfopTables,
    cube: &CubieCube,
    solved: [bool; 4],
) -> Option<(usize, Vec<Move>)> {
    let cross_and_piece = &tables.cross_and_piece;
    let pairs = &tables.pairs;
    let mut order: Vec<(usize, usize, View, F2lState, PairSpace)> = (0..4)
        .filter(|&k| !solved[k])
        .map(|k| {
            let view = View::y_turns(k);
            debug_assert_eq!(slot_in_view(&view, k), 0);
            let mut keep = [false; 4];
            for j in (0..4).filter(|&j| solved[j]) {
                keep[slot_in_view(&view, j)] = true;
            }
            let state = F2lState::of(&view.apply(cube));
            let space = PairSpace {
                keep,
                cross_and_piece,
                pairs,
            };
            (space.heuristic(&state), k, view, state, space)
        })
        .collect();
    order.sort_by_key(|entry| entry.0);
    let mut best: Option<(usize, Vec<Move>)> = None;
    for (h, k, view, state, space) in order {
        let limit = best
            .as_ref()
            .map_or(MAX_PAIR_DEPTH, |(_, m)| m.len().saturating_sub(1));
        if h > limit {
            continue;
        }
        if let Some(moves) = ida_star(&space, &state, limit) {
            best = Some((k, moves.iter().map(|&m| view.physical_move(m)).collect()));
        }
    }
    best
}
