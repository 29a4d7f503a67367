//! The one-solution search, growing the solution from both ends.
//!
//! A solution `s` of a cube `g` (`g · s = 1`) can be extended at its end — the cube takes the
//! move on the right, `g → g · m` — or at its start, as a *premove* — `g → m · g`, and `m` goes
//! last: `g · s′ · m = 1` when `m · g · s′ = 1`. The inverse cube takes the mirror image:
//! `g⁻¹ → m⁻¹ · g⁻¹` and `g⁻¹ → g⁻¹ · m⁻¹`. A node keeps both the cube and its inverse ("sides"),
//! each seen on the three axes, as coordinates (for the move tables) and packed (for moves on
//! the left), with the table's bound for each axis.
//!
//! Two facts make this pay:
//! - A move of an axis does not change the other side's coordinates on that axis (it relabels
//!   pieces within the classes the coordinates tell apart). So the other side's bound there
//!   carries over without a lookup, and when it is already too large, every move of that axis
//!   is pruned before any child is made.
//! - Each node can pick the end with fewer such moves left: the branching factor drops.
//!
//! Used for [`super::search::Mode::First`]; listing every solution keeps the one-ended search,
//! whose canonical sequences make each solution appear once.

use super::bound::{corner_entry, corners_exceed, lookup, moved_by};
use super::counters::{self, Kind};
use super::inverse::PackedCube;
use super::reader::Reader;
use super::tables::Tables;
use crate::prefetch::prefetch;
use crate::search::can_follow;
use rubik_cube::{CubieCube, Move};

/// The cube or its inverse, seen on the three axes.
#[derive(Clone, Copy)]
pub(super) struct Side {
    /// Flip, slice (with order for the grouped tables), twist and corner split on each axis.
    pub(super) coords: [[u16; 4]; 3],
    /// Packed on each axis. In a node one move from the end only the U–D axis's is kept up
    /// to date: the last move reads nothing else ([`Worker::last_move`]).
    pub(super) packed: [PackedCube; 3],
    /// The table's bound on each axis.
    pub(super) bounds: [u8; 3],
    /// Corner permutation coordinate (U–D axis), when `corner_known`.
    pub(super) corner: u16,
    /// Whether `corner` is up to date (a move on the left changes it without a table).
    pub(super) corner_known: bool,
}

impl Side {
    pub(super) fn new<R: Reader>(t: &Tables, c: &CubieCube) -> Side {
        let mut coords = [[0u16; 4]; 3];
        let mut packed = [PackedCube::SOLVED; 3];
        let mut bounds = [0u8; 3];
        for k in 0..3 {
            let ck = crate::coord::symmetry::rotate_urf3(c, k);
            packed[k] = PackedCube::pack(&ck);
            coords[k] = R::packed_coords(t, &packed[k]);
            bounds[k] = lookup::<R>(t, &coords[k]) as u8;
        }
        Side {
            coords,
            packed,
            bounds,
            corner: crate::coord::corners(c) as u16,
            corner_known: true,
        }
    }
}

/// A node of the search: the cube (side 0) and its inverse (side 1).
#[derive(Clone, Copy)]
pub(super) struct BothEnds {
    pub(super) sides: [Side; 2],
}

impl BothEnds {
    /// The node of a cube.
    pub(super) fn new<R: Reader>(t: &Tables, cube: &CubieCube) -> BothEnds {
        BothEnds {
            sides: [Side::new::<R>(t, cube), Side::new::<R>(t, &cube.inverse())],
        }
    }
}

/// Whether `m`, applied as a premove after the premove `last`, keeps the solution canonical
/// (in the solution `m` comes right before `last`).
pub(super) fn can_precede(m: Move, last: Option<Move>) -> bool {
    last.is_none_or(|l| can_follow(Some(m), l))
}

/// One node's expansion, split into the steps between its memory reads so that the
/// expansions of several siblings can be interleaved ([`Worker::dfs_both`]): each step issues
/// the prefetches the next one reads.
#[derive(Clone)]
pub(super) struct Expansion {
    /// The side that takes the moves (0: the cube, on the right; 1: the inverse, on the left).
    pub(super) s: usize,
    /// Moves left after the child's.
    pub(super) left: usize,
    /// Children made: their move, the move applied to side `s`, coordinates, slots, entries
    /// and corner (permutation, table index when read: [`corner_entry`]).
    pub(super) n: usize,
    pub(super) moves: [Move; 18],
    pub(super) applied: [usize; 18],
    pub(super) coords: [[[u16; 4]; 3]; 18],
    pub(super) slot: [[usize; 3]; 18],
    pub(super) idx: [[usize; 3]; 18],
    pub(super) corner: [(u16, Option<usize>); 18],
    pub(super) x_bounds: [[u8; 3]; 18],
    /// The children still alive, by index.
    pub(super) alive: [u8; 18],
    pub(super) n_alive: usize,
    pub(super) y_packed: [[PackedCube; 3]; 18],
    pub(super) y_coords: [[[u16; 4]; 3]; 18],
    pub(super) y_bounds: [[u8; 3]; 18],
}

/// A child of a node, made ready to be expanded.
#[derive(Clone, Copy)]
pub(super) struct Child {
    pub(super) node: BothEnds,
    /// The last move added at each end.
    pub(super) last: [Option<Move>; 2],
    /// The end its move was added to, and the move.
    pub(super) s: usize,
    pub(super) m: Move,
}

/// The moves each end of `node` allows with `left` moves after them: canonical, and not on an
/// axis where the other side's bound (which the move keeps) is already too large. Returns the
/// end with fewer such moves (ties: the end whose bounds are tighter) and its moves.
pub(super) fn choose_end(
    t: &Tables,
    node: &BothEnds,
    left: usize,
    last: [Option<Move>; 2],
) -> (usize, [bool; 18]) {
    let mut allowed = [[false; 18]; 2];
    let mut n_allowed = [0usize; 2];
    for s in 0..2 {
        let other = &node.sides[1 - s];
        for m in Move::ALL {
            let canonical = if s == 0 {
                can_follow(last[0], m)
            } else {
                can_precede(m, last[1])
            };
            if canonical && other.bounds[t.syms.own_axis[m.index()]] as usize <= left {
                allowed[s][m.index()] = true;
                n_allowed[s] += 1;
            }
        }
    }
    let sum = |s: usize| {
        node.sides[s]
            .bounds
            .iter()
            .map(|&b| b as usize)
            .sum::<usize>()
    };
    let s = if n_allowed[0] != n_allowed[1] {
        usize::from(n_allowed[1] < n_allowed[0])
    } else {
        // Grow the side whose bounds are tighter: its children are likelier to be pruned.
        usize::from(sum(1) > sum(0))
    };
    (s, allowed[s])
}

/// Whether a side whose three axes have the bounds `b` needs more than `left` moves.
///
/// Besides the largest bound, three equal bounds `v ≥ 1` mean at least `v + 1` moves: a move
/// on the left keeps an axis's coordinates when it is of that axis, so a solution's last move
/// (on some axis `k`) leaves a state with the same axis-`k` coordinates one move closer, and a
/// solution of exactly `v` moves would put axis `k` within `v − 1`.
#[inline(always)]
pub(super) fn beyond(b: [u8; 3], left: usize) -> bool {
    let max = b[0].max(b[1]).max(b[2]) as usize;
    max > left || (max == left && left > 0 && b[0] == b[1] && b[1] == b[2])
}

/// The move applied to side `s` for move `m` of the solution: side 0 takes `m` on the right;
/// side 1 (the inverse) takes `m⁻¹` on the right.
pub(super) fn applied_to(s: usize, m: Move) -> Move {
    if s == 0 {
        m
    } else {
        m.inverse()
    }
}

impl Expansion {
    /// Step 1: side `s` on the three axes, with the corner table, for every allowed move; the
    /// class slots and corner entries are fetched. Overwrites `self` (every array is written
    /// before it is read).
    #[inline(always)]
    pub(super) fn start<R: Reader>(
        &mut self,
        t: &Tables,
        node: &BothEnds,
        togo: usize,
        last: [Option<Move>; 2],
    ) {
        let left = togo - 1;
        let (s, allowed) = choose_end(t, node, left, last);
        let x = &node.sides[s];
        let x_corner = if x.corner_known {
            x.corner
        } else {
            crate::coord::corners(&x.packed[0].unpack()) as u16
        };
        let classes = R::class_table(t);
        self.s = s;
        self.left = left;
        self.n = 0;
        self.n_alive = 0;
        for m in Move::ALL {
            if !allowed[m.index()] {
                continue;
            }
            let a = applied_to(s, m).index();
            let n = self.n;
            for k in 0..3 {
                self.coords[n][k] = moved_by::<R>(t, &x.coords[k], t.syms.axis_move[k][a]);
                self.slot[n][k] = R::class_slot(t, &self.coords[n][k]);
                prefetch(classes, self.slot[n][k]);
            }
            let cp = t.corners.perm_move[x_corner as usize * 18 + a];
            self.corner[n] = (cp, corner_entry(t, cp, self.coords[n][0][2], left));
            self.moves[n] = m;
            self.applied[n] = a;
            self.n += 1;
        }
        counters::add(left, Kind::Generated, self.n as u64);
        if cfg!(feature = "stats") {
            let canonical = Move::ALL
                .into_iter()
                .filter(|&m| {
                    if s == 0 {
                        can_follow(last[0], m)
                    } else {
                        can_precede(m, last[1])
                    }
                })
                .count();
            counters::add(left, Kind::Skipped, (canonical - self.n) as u64);
        }
    }

    /// Step 2: the pruning entries of side `s` are fetched.
    #[inline(always)]
    pub(super) fn fetch_x<R: Reader>(&mut self, t: &Tables) {
        let classes = R::class_table(t);
        for i in 0..self.n {
            for k in 0..3 {
                self.idx[i][k] = R::entry(t, classes[self.slot[i][k]], &self.coords[i][k]);
                prefetch(&t.prune, R::byte_of(self.idx[i][k]));
            }
        }
    }

    /// Step 3: side `s`'s bounds prune; the other side of each child left takes the move on
    /// the left, and its class slots are fetched.
    #[inline(always)]
    pub(super) fn read_x<R: Reader>(&mut self, t: &Tables, node: &BothEnds) {
        let classes = R::class_table(t);
        let y = &node.sides[1 - self.s];
        for i in 0..self.n {
            self.x_bounds[i] = self.idx[i].map(|e| R::bound(t, e));
            if beyond(self.x_bounds[i], self.left) || corners_exceed(t, self.corner[i].1, self.left)
            {
                counters::add(self.left, Kind::CutRight, 1);
                continue;
            }
            counters::add(self.left, Kind::LeftLookups, 1);
            self.alive[self.n_alive] = i as u8;
            self.n_alive += 1;
            // On the move's own axis the pieces are relabelled within their classes, so
            // coordinates and bound stay. A child one move from the end needs no packed cube
            // there unless it is the U–D axis, the only one the last move reads.
            let own = t.syms.own_axis[self.applied[i]];
            for k in 0..3 {
                if k == own {
                    if self.left > 1 || k == 0 {
                        self.y_packed[i][k] = t
                            .inverse
                            .left_move(t.syms.inverse_axis_move[k][self.applied[i]], &y.packed[k]);
                    }
                    self.y_coords[i][k] = y.coords[k];
                    self.y_bounds[i][k] = y.bounds[k];
                    continue;
                }
                self.y_packed[i][k] = t
                    .inverse
                    .left_move(t.syms.inverse_axis_move[k][self.applied[i]], &y.packed[k]);
                self.y_coords[i][k] = R::packed_coords(t, &self.y_packed[i][k]);
                self.slot[i][k] = R::class_slot(t, &self.y_coords[i][k]);
                prefetch(classes, self.slot[i][k]);
            }
        }
    }

    /// Step 4: the other side's pruning entries are fetched.
    #[inline(always)]
    pub(super) fn fetch_y<R: Reader>(&mut self, t: &Tables) {
        let classes = R::class_table(t);
        for &i in &self.alive[..self.n_alive] {
            let i = i as usize;
            let own = t.syms.own_axis[self.applied[i]];
            for k in (0..3).filter(|&k| k != own) {
                self.idx[i][k] = R::entry(t, classes[self.slot[i][k]], &self.y_coords[i][k]);
                prefetch(&t.prune, R::byte_of(self.idx[i][k]));
            }
        }
    }

    /// Step 5: the other side's bounds prune; the children left are appended to `out`.
    #[inline(always)]
    pub(super) fn finish<R: Reader>(
        &mut self,
        t: &Tables,
        node: &BothEnds,
        last: [Option<Move>; 2],
        out: &mut Vec<Child>,
    ) {
        let s = self.s;
        let x = &node.sides[s];
        for &i in &self.alive[..self.n_alive] {
            let i = i as usize;
            let own = t.syms.own_axis[self.applied[i]];
            for k in (0..3).filter(|&k| k != own) {
                self.y_bounds[i][k] = R::bound(t, self.idx[i][k]);
            }
            if beyond(self.y_bounds[i], self.left) {
                counters::add(self.left, Kind::CutLeft, 1);
                continue;
            }
            let mut child_x = Side {
                coords: self.coords[i],
                packed: x.packed,
                bounds: self.x_bounds[i],
                corner: self.corner[i].0,
                corner_known: true,
            };
            // A child one move from the end is only tried with a last move, which reads the
            // packed cube on the U–D axis alone; the other two are turned for deeper children.
            let turned = if self.left > 1 { 3 } else { 1 };
            for k in 0..turned {
                child_x.packed[k] = t
                    .inverse
                    .right_move(t.syms.axis_move[k][self.applied[i]].index(), &x.packed[k]);
            }
            let child_y = Side {
                coords: self.y_coords[i],
                packed: self.y_packed[i],
                bounds: self.y_bounds[i],
                corner: 0,
                corner_known: false,
            };
            let sides = if s == 0 {
                [child_x, child_y]
            } else {
                [child_y, child_x]
            };
            let mut child_last = last;
            child_last[s] = Some(self.moves[i]);
            out.push(Child {
                node: BothEnds { sides },
                last: child_last,
                s,
                m: self.moves[i],
            });
        }
    }
}

/// Buffers of the search from both ends, kept by a worker so that nodes allocate nothing.
pub(super) struct Scratch {
    /// One expansion per sibling expanded together (at most 18).
    pub(super) exps: Vec<Expansion>,
    /// The children of the node being searched at each number of moves to go.
    pub(super) levels: Vec<Vec<Child>>,
}

impl Default for Scratch {
    fn default() -> Scratch {
        let blank = Expansion {
            s: 0,
            left: 0,
            n: 0,
            moves: [Move::ALL[0]; 18],
            applied: [0; 18],
            coords: [[[0; 4]; 3]; 18],
            slot: [[0; 3]; 18],
            idx: [[0; 3]; 18],
            corner: [(0, None); 18],
            x_bounds: [[0; 3]; 18],
            alive: [0; 18],
            n_alive: 0,
            y_packed: [[PackedCube::SOLVED; 3]; 18],
            y_coords: [[[0; 4]; 3]; 18],
            y_bounds: [[0; 3]; 18],
        };
        Scratch {
            exps: vec![blank; 18],
            levels: Vec::new(),
        }
    }
}
