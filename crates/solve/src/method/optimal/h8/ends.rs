//! h8's one-solution search, growing the solution from both ends (as `large`'s does,
//! [`crate::method::optimal::both_ends`]): a move at the end turns the cube on the right and
//! its inverse on the left; a premove turns the inverse on the right and the cube on the left.
//!
//! What makes it pay with an hK table: a half turn on the left keeps a cube's hK coordinate
//! (it swaps pieces of one corner tetrad, of one edge slice, and changes no orientation), so
//! the side that takes a half turn on the left keeps its index and bound without a lookup, and
//! when that bound is already too large no half turn is made at that end at all. Each node
//! grows the end with fewer moves left that way (as H48's solver in nissy switches between the
//! cube and its inverse).

use super::{H8Tables, Node};
use crate::method::optimal::both_ends::{applied_to, can_precede};
use crate::method::optimal::deepening::Worker;
use crate::method::optimal::inverse::PackedCube;
use crate::search::can_follow;
use rubik_cube::{CubieCube, Move};

/// The cube or its inverse: packed, its h11 index and its bound as far as known.
#[derive(Clone, Copy)]
pub(super) struct Side {
    packed: PackedCube,
    h11: u64,
    /// A lower bound of its distance (0 where the h8 code is 0 and h0 was not read).
    bound: u8,
}

/// A node of the search: the cube (side 0) and its inverse (side 1).
#[derive(Clone, Copy)]
pub(super) struct Ends {
    sides: [Side; 2],
}

impl Ends {
    /// The node of `cube`, whose one-ended node is `node`.
    pub(super) fn new(t: &H8Tables, cube: &CubieCube, node: &Node) -> Ends {
        let side = |packed, h11| Side {
            packed,
            h11,
            bound: t.bound(h11) as u8,
        };
        Ends {
            sides: [
                side(PackedCube::pack(cube), node.fwd),
                side(node.inv, node.inv_h11),
            ],
        }
    }
}

/// Whether `m` is a half turn (its left move keeps the hK coordinate).
#[inline(always)]
fn is_half(m: Move) -> bool {
    m.turns() == 2
}

/// The moves each end of `node` allows with `left` moves after them: canonical, and no half
/// turn where the other side's bound (which a half turn keeps) is already too large. Returns
/// the end with fewer such moves (ties: the end whose bound is larger) and its moves.
fn choose_end(node: &Ends, left: usize, last: [Option<Move>; 2]) -> (usize, [bool; 18]) {
    let mut allowed = [[false; 18]; 2];
    let mut n_allowed = [0usize; 2];
    for s in 0..2 {
        let other = &node.sides[1 - s];
        let halves = other.bound as usize <= left;
        for m in Move::ALL {
            let canonical = if s == 0 {
                can_follow(last[0], m)
            } else {
                can_precede(m, last[1])
            };
            if canonical && (halves || !is_half(m)) {
                allowed[s][m.index()] = true;
                n_allowed[s] += 1;
            }
        }
    }
    let s = if n_allowed[0] != n_allowed[1] {
        usize::from(n_allowed[1] < n_allowed[0])
    } else {
        usize::from(node.sides[1].bound > node.sides[0].bound)
    };
    (s, allowed[s])
}

impl Worker<'_, H8Tables> {
    /// Searches for a solution of exactly `togo` more moves, added at either end; `last` holds
    /// the last move added at the end and at the start. Returns `true` to stop.
    ///
    /// The children are made together: the growing side's indices first, their table words
    /// prefetched before any is read, then the other side's for the survivors.
    pub(super) fn dfs_ends(&mut self, node: &Ends, togo: usize, last: [Option<Move>; 2]) -> bool {
        if togo == 0 {
            if node.sides[0].packed == PackedCube::SOLVED {
                self.record_both();
                return true;
            }
            return false;
        }
        if self.tick() {
            return true;
        }
        let t = self.t;
        let left = togo - 1;
        let (s, allowed) = choose_end(node, left, last);
        let (x, y) = (&node.sides[s], &node.sides[1 - s]);
        if left == 0 {
            // The last move: no bound needed, the child is solved or not.
            for m in Move::ALL {
                if !allowed[m.index()] {
                    continue;
                }
                self.nodes += 1;
                let a = applied_to(s, m).index();
                if t.inverse.right_move(a, &x.packed) == PackedCube::SOLVED {
                    self.push_end(s, m);
                    self.record_both();
                    return true;
                }
            }
            return false;
        }
        let mut moves = [Move::ALL[0]; 18];
        let mut xs = [(PackedCube::SOLVED, 0u64); 18];
        let mut n = 0;
        for m in Move::ALL {
            if !allowed[m.index()] {
                continue;
            }
            let a = applied_to(s, m).index();
            let packed = t.inverse.right_move(a, &x.packed);
            let (r, e, o) = t.parts_of_packed(&packed);
            let h11 = t.h11(r, e, o);
            t.prefetch_known(h11, left);
            xs[n] = (packed, h11);
            moves[n] = m;
            n += 1;
        }
        self.nodes += n as u64;
        let mut alive = [0u8; 18];
        let mut children = [Ends { sides: [*x, *y] }; 18];
        let mut n_alive = 0;
        for i in 0..n {
            let bound = t.known_bound(xs[i].1, left);
            if bound > left {
                continue;
            }
            let m = moves[i];
            let a = applied_to(s, m);
            let packed = t.inverse.left_move(a.inverse().index(), &y.packed);
            let y_child = if is_half(m) {
                Side { packed, ..*y }
            } else {
                let (r, e, o) = t.parts_of_packed(&packed);
                let h11 = t.h11(r, e, o);
                t.prefetch_known(h11, left);
                Side {
                    packed,
                    h11,
                    bound: u8::MAX,
                }
            };
            let x_child = Side {
                packed: xs[i].0,
                h11: xs[i].1,
                bound: bound as u8,
            };
            children[i].sides[s] = x_child;
            children[i].sides[1 - s] = y_child;
            alive[n_alive] = i as u8;
            n_alive += 1;
        }
        for &i in &alive[..n_alive] {
            let i = i as usize;
            let y_child = &mut children[i].sides[1 - s];
            if y_child.bound == u8::MAX {
                let bound = t.known_bound(y_child.h11, left);
                if bound > left {
                    continue;
                }
                y_child.bound = bound as u8;
            }
            let m = moves[i];
            let mut child_last = last;
            child_last[s] = Some(m);
            self.push_end(s, m);
            let stop = self.dfs_ends(&children[i], left, child_last);
            self.pop_end(s);
            if stop {
                return true;
            }
        }
        false
    }
}
