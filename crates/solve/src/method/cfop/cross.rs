//! The cross: the four D-layer edges (DR DF DL DB) home and oriented, solved optimally from a
//! complete distance table over their positions and orientations (24⁴ indices, 190,080 of them
//! reachable, at most 8 moves).

use super::pieces::{edge_state, piece_moves, N_EDGE_STATES};
use crate::search::{ida_star, SearchSpace};
use rubik_cube::{CubieCube, Move};
use std::sync::OnceLock;

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

/// Exact number of moves to solve the cross, indexed by [`cross_index`] (`u8::MAX`: unreached).
pub fn cross_distances() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut dist = vec![u8::MAX; N_CROSS];
        let start = solved_cross();
        dist[cross_index(&start)] = 0;
        let mut frontier = vec![start];
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for s in &frontier {
                for m in Move::ALL {
                    let t = cross_move(s, m);
                    let i = cross_index(&t);
                    if dist[i] == u8::MAX {
                        dist[i] = depth;
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
        dist
    })
}

/// Search space of the cross.
struct CrossSpace {
    dist: &'static [u8],
}

impl SearchSpace for CrossSpace {
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

/// An optimal cross for `c`.
pub fn solve_cross(c: &CubieCube) -> Vec<Move> {
    let space = CrossSpace {
        dist: cross_distances(),
    };
    ida_star(&space, &cross_state(c), 8).unwrap_or_default()
}
