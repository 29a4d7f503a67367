//! F2L: the four corner–edge pairs, each found by IDA* over the cross edges and the four pairs'
//! pieces, keeping the cross and every pair already solved, cheapest pair first.

use super::cross::{cross_index, cross_move, cross_state, solved_cross, CrossState, N_CROSS};
use super::pieces::View;
use super::pieces::{corner_state, edge_state, piece_moves, N_CORNER_STATES, N_EDGE_STATES};
use crate::search::{ida_star, SearchSpace};
use crate::tables::file::{load_or_build, Table, TableSpec};
use crate::{NoProgress, Progress, SolverConfig};
use rubik_cube::{CubieCube, Face, Move};
use std::sync::OnceLock;

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

/// Exact moves to solve each slot's pair on its own (ignoring everything else).
fn pair_distances() -> &'static [[u8; N_PAIR]; 4] {
    static TABLE: OnceLock<[[u8; N_PAIR]; 4]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let t = piece_moves();
        let mut all = [[u8::MAX; N_PAIR]; 4];
        for (slot, dist) in SLOTS.iter().zip(all.iter_mut()) {
            let start = (slot.corner * 3 * N_EDGE_STATES) + slot.edge * 2;
            dist[start] = 0;
            let mut frontier = vec![start];
            let mut depth = 0;
            while !frontier.is_empty() {
                depth += 1;
                let mut next = Vec::new();
                for &s in &frontier {
                    let (c, e) = (s / N_EDGE_STATES, s % N_EDGE_STATES);
                    for m in 0..18 {
                        let n =
                            usize::from(t.corner[c][m]) * N_EDGE_STATES + usize::from(t.edge[e][m]);
                        if dist[n] == u8::MAX {
                            dist[n] = depth;
                            next.push(n);
                        }
                    }
                }
                frontier = next;
            }
        }
        all
    })
}

/// The two cached tables: the cross with the front-right corner, and with the front-right edge.
pub fn table_specs() -> Vec<TableSpec> {
    vec![
        TableSpec::of::<u8>("cfop_cross_corner", N_CROSS * 24),
        TableSpec::of::<u8>("cfop_cross_edge", N_CROSS * 24),
    ]
}

static CROSS_AND_PIECE: OnceLock<[Table<u8>; 2]> = OnceLock::new();

/// Loads (or builds and caches) the F2L tables from the table directory of `config`. The
/// first call in a process decides where they come from.
pub fn prepare(config: &SolverConfig) {
    CROSS_AND_PIECE.get_or_init(|| {
        let dir = crate::tables::table_dir(config);
        let progress: &dyn Progress = config.progress.as_deref().unwrap_or(&NoProgress);
        let specs = table_specs();
        [0, 1].map(|k| load_or_build(&specs[k], &dir, progress, |p| build_cross_and_piece(k, p)))
    });
}

/// Exact moves to solve the cross together with the front-right corner (`[0]`) or with the
/// front-right edge (`[1]`), indexed by `cross_index * 24 + piece state` (4.5 million and
/// 3 million reachable entries). Other slots use these through a view turned about the U–D
/// axis.
fn cross_and_piece_distances() -> &'static [Table<u8>; 2] {
    prepare(&SolverConfig::default());
    CROSS_AND_PIECE.get().expect("prepared")
}

/// Breadth-first search for one of [`cross_and_piece_distances`].
fn build_cross_and_piece(which: usize, progress: &dyn Progress) -> Vec<u8> {
    let t = piece_moves();
    let front_right = &SLOTS[0];
    let (home, piece_table) = if which == 0 {
        (front_right.corner * 3, &t.corner)
    } else {
        (front_right.edge * 2, &t.edge)
    };
    progress.start(table_specs()[which].name, 10);
    let dist = {
        let n = N_CROSS * 24;
        let mut dist = vec![u8::MAX; n];
        let start = cross_index(&solved_cross()) * 24 + home;
        dist[start] = 0;
        let mut frontier = vec![start as u32];
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for &i in &frontier {
                let i = i as usize;
                let piece = i % 24;
                let mut c = i / 24;
                let mut cross = [0u8; 4];
                for e in &mut cross {
                    *e = (c % N_EDGE_STATES) as u8;
                    c /= N_EDGE_STATES;
                }
                for m in Move::ALL {
                    let j = cross_index(&cross_move(&cross, m)) * 24
                        + usize::from(piece_table[piece][m.index()]);
                    if dist[j] == u8::MAX {
                        dist[j] = depth;
                        next.push(j as u32);
                    }
                }
            }
            progress.advance(1);
            frontier = next;
        }
        dist
    };
    progress.finish();
    dist
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
struct PairSpace {
    keep: [bool; 4],
    cross_and_piece: &'static [Table<u8>; 2],
    pairs: &'static [[u8; N_PAIR]; 4],
}

impl SearchSpace for PairSpace {
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
fn slot_in_view(view: &View, k: usize) -> usize {
    let faces = SLOTS[k].faces.map(|f| view.name(f));
    SLOTS
        .iter()
        .position(|s| faces.iter().all(|f| s.faces.contains(f)))
        .unwrap_or(k)
}

/// The cheapest unsolved pair of `cube` (with the cross solved and the pairs in `solved`
/// kept) and an optimal insertion for it: `(slot, moves)`. `None` if every pair is solved.
/// Each slot is searched as the front-right slot of the cube turned about the U–D axis.
pub fn cheapest_pair(cube: &CubieCube, solved: [bool; 4]) -> Option<(usize, Vec<Move>)> {
    let cross_and_piece = cross_and_piece_distances();
    let pairs = pair_distances();
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
