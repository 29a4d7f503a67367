//! The cross: the four D-layer edges (DR DF DL DB) home and oriented, solved optimally from a
//! complete distance table over their positions and orientations (24⁴ indices, 190,080 of them
//! reachable, at most 8 moves).

use super::pieces::{edge_state, piece_moves, N_EDGE_STATES};
use crate::search::{ida_star, SearchSpace};
use crate::store::bfs::{self, Cells, Graph};
use crate::store::{Entries, Spec, TableSpec};
use rubik_cube::{CubieCube, Move};

/// The cross edges, in piece order: DR DF DL DB.
pub const CROSS_EDGES: [usize; 4] = [4, 5, 6, 7];
/// Index range of the cross coordinate: 24⁴.
pub const N_CROSS: usize = N_EDGE_STATES.pow(4);

/// The four cross edges' states (`position * 2 + flip`).
pub type CrossState = [u8; 4];

/// The cross coordinate of four edge states.
#[inline]
pub fn cross_index(s: &CrossState) -> usize {
    s.iter()
        .rev()
        .fold(0, |acc, &e| acc * N_EDGE_STATES + usize::from(e))
}

/// The cross edges' states in `c`.
pub fn cross_state(c: &CubieCube) -> CrossState {
    CROSS_EDGES.map(|p| edge_state(c, p))
}

/// The solved cross.
pub fn solved_cross() -> CrossState {
    CROSS_EDGES.map(|p| (p * 2) as u8)
}

/// The cross after a move.
#[inline]
pub fn cross_move(s: &CrossState, m: Move) -> CrossState {
    let t = &piece_moves().edge;
    s.map(|e| t[usize::from(e)][m.index()])
}

/// The cross edges' states of a cross coordinate (the inverse of [`cross_index`]).
pub fn cross_of_index(mut i: usize) -> CrossState {
    let mut cross = [0u8; 4];
    for e in &mut cross {
        *e = (i % N_EDGE_STATES) as u8;
        i /= N_EDGE_STATES;
    }
    cross
}

/// Exact number of moves to solve the cross, indexed by [`cross_index`] (`0xFF`: no cube has
/// those edge states).
pub static CROSS_DISTANCES: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("cfop_cross", N_CROSS)
        .indexed("the four D-layer edges' positions and flips (24⁴)")
        .holding(Entries::Distances(Cells::Byte)),
    build: |_, progress| {
        let space = Graph {
            name: "CFOP cross table",
            n: N_CROSS,
            moves: 18,
            goal: cross_index(&solved_cross()),
            next: |i, m| cross_index(&cross_move(&cross_of_index(i), Move::ALL[m])),
        };
        Ok(bfs::build(&space, Cells::Byte, "cfop_cross", progress)?.into())
    },
};

/// Search space of the cross.
struct CrossSpace<'a> {
    dist: &'a [u8],
}

impl SearchSpace for CrossSpace<'_> {
    type State = CrossState;
    fn is_goal(&self, s: &CrossState) -> bool {
        self.dist[cross_index(s)] == 0
    }
    fn heuristic(&self, s: &CrossState) -> usize {
        usize::from(self.dist[cross_index(s)])
    }
    fn moves(&self) -> &[Move] {
        &Move::ALL
    }
    fn apply(&self, s: &CrossState, m: Move) -> CrossState {
        cross_move(s, m)
    }
}

/// An optimal cross for `c`, from the cross's distance table `dist`.
pub fn solve_cross(dist: &[u8], c: &CubieCube) -> Vec<Move> {
    let space = CrossSpace { dist };
    ida_star(&space, &cross_state(c), 8).unwrap_or_default()
}
