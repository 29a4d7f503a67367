//! Iterative-deepening A* with the `large` tables, on both cores.
//!
//! A node carries the flip, slice (with the slice edges' order for the grouped tables) and
//! twist of the cube seen on each of the three axes (updated by move tables) and the inverse
//! cube seen on each axis (packed one byte per piece and updated by table reads, see
//! [`super::inverse`]). Its lower bound is the largest of six table lookups — three axes × the
//! cube and its inverse (whose distance is the same) — and the corner table, taken lazily, the
//! cheap forward ones first. The search is compiled once per table format ([`Reader`]). The
//! deepening, the split into subtrees, their order and the threads are the shared driver's
//! ([`super::deepening`]); the subtrees are searched from both ends for one solution
//! ([`super::both_ends`]) and one-ended for all of them ([`Worker::dfs`]).

use super::both_ends::BothEnds;
use super::bound::{corner_entry, corners_exceed, lookup, moved_by};
use super::counters::{self, Kind};
use super::deepening::{deepen, Deepening, Worker};
pub use super::deepening::{Mode, Outcome, Probe, Run, Stats};
use super::inverse::PackedCube;
use super::prune::value;
use super::reader::{Grouped, Nibbles, Reader};
use super::tables::{Format, Tables};
use crate::coord;
use crate::coord::symmetry::rotate_urf3;
use crate::prefetch::prefetch;
use crate::search::can_follow;
use rubik_cube::{CubieCube, Move};
use std::marker::PhantomData;

#[derive(Clone, Copy)]
struct Node {
    /// Flip, slice (with its order for the grouped tables), twist and corner split of the cube
    /// seen on each axis.
    axes: [[u16; 4]; 3],
    /// The inverse cube seen on each axis, packed.
    inv: [PackedCube; 3],
    /// Corner permutation coordinate (U–D axis).
    corner: u16,
}

impl Node {
    fn root<R: Reader>(cube: &CubieCube) -> Node {
        let mut axes = [[0; 4]; 3];
        let mut inv = [PackedCube::SOLVED; 3];
        for k in 0..3 {
            let c = rotate_urf3(cube, k);
            axes[k] = [
                coord::flip(&c) as u16,
                R::slice_of(&c),
                coord::twist(&c) as u16,
                coord::corner_split(&c) as u16,
            ];
            inv[k] = PackedCube::pack(&c.inverse());
        }
        Node {
            axes,
            inv,
            corner: coord::corners(cube) as u16,
        }
    }

    fn is_solved(&self) -> bool {
        self.inv[0] == PackedCube::SOLVED
    }
}

/// The coordinates of axis `k` after move `m` (of the cube, seen on the U–D axis).
#[inline(always)]
fn moved<R: Reader>(t: &Tables, axis: &[u16; 4], k: usize, m: Move) -> [u16; 4] {
    moved_by::<R>(t, axis, t.syms.axis_move[k][m.index()])
}

/// `node`'s seven lookups: the corner table, the three axes, the inverse's three axes.
fn lookups<R: Reader>(t: &Tables, node: &Node) -> [usize; 7] {
    let corner = t.corner_index(node.corner, node.axes[0][2]);
    let mut bounds = [value(&t.corner_prune, corner) as usize; 7];
    for k in 0..3 {
        bounds[1 + k] = lookup::<R>(t, &node.axes[k]);
        bounds[4 + k] = lookup::<R>(t, &R::packed_coords(t, &node.inv[k]));
    }
    bounds
}

/// The bound of `node`: the largest of its seven lookups.
fn heuristic<R: Reader>(t: &Tables, node: &Node) -> usize {
    lookups::<R>(t, node).into_iter().max().unwrap_or(0)
}

/// The sum of `node`'s seven lookups: the lower the sum, the likelier a solution of the length
/// searched goes through the node.
fn bound_sum<R: Reader>(t: &Tables, node: &Node) -> usize {
    lookups::<R>(t, node).into_iter().sum()
}

/// Whether the search's lower bound of `cube` (the corner table, then the three axes, then the
/// inverse cube's three axes) exceeds `limit`, looked up from scratch and stopping at the first
/// lookup above it. Used by other searches to prune with this table ([`super::LowerBound`]).
pub(super) fn cube_exceeds(t: &Tables, cube: &CubieCube, limit: usize) -> bool {
    match t.format {
        Format::Nibbles(_) => cube_exceeds_with::<Nibbles>(t, cube, limit),
        Format::Grouped(_) => cube_exceeds_with::<Grouped>(t, cube, limit),
    }
}

/// The seven lookups of the root `cube` ([`lookups`]).
pub(super) fn root_lookups(t: &Tables, cube: &CubieCube) -> [usize; 7] {
    match t.format {
        Format::Nibbles(_) => lookups::<Nibbles>(t, &Node::root::<Nibbles>(cube)),
        Format::Grouped(_) => lookups::<Grouped>(t, &Node::root::<Grouped>(cube)),
    }
}

/// The search's lower bound of `cube` (the largest of its seven lookups).
pub(super) fn cube_bound(t: &Tables, cube: &CubieCube) -> usize {
    match t.format {
        Format::Nibbles(_) => heuristic::<Nibbles>(t, &Node::root::<Nibbles>(cube)),
        Format::Grouped(_) => heuristic::<Grouped>(t, &Node::root::<Grouped>(cube)),
    }
}

fn cube_exceeds_with<R: Reader>(t: &Tables, cube: &CubieCube, limit: usize) -> bool {
    let corner = t.corner_index(coord::corners(cube) as u16, coord::twist(cube) as u16);
    if value(&t.corner_prune, corner) as usize > limit {
        return true;
    }
    let coords = |c: &CubieCube| {
        [
            coord::flip(c) as u16,
            R::slice_of(c),
            coord::twist(c) as u16,
            coord::corner_split(c) as u16,
        ]
    };
    let inverse = cube.inverse();
    for c in [cube, &inverse] {
        for k in 0..3 {
            if lookup::<R>(t, &coords(&rotate_urf3(c, k))) > limit {
                return true;
            }
        }
    }
    false
}

/// A cube followed move by move with the coordinates the search carries, so that another
/// search can read this table's bound at each node for the price of a few table reads
/// ([`super::LowerBound::track`]).
#[derive(Clone, Copy)]
pub(crate) struct Tracked(Node);

/// `cube`, tracked.
pub(super) fn track(t: &Tables, cube: &CubieCube) -> Tracked {
    Tracked(match t.format {
        Format::Nibbles(_) => Node::root::<Nibbles>(cube),
        Format::Grouped(_) => Node::root::<Grouped>(cube),
    })
}

/// The tracked cube after move `m`.
#[inline]
pub(super) fn track_move(t: &Tables, x: &Tracked, m: Move) -> Tracked {
    match t.format {
        Format::Nibbles(_) => Tracked(after::<Nibbles>(t, &x.0, m)),
        Format::Grouped(_) => Tracked(after::<Grouped>(t, &x.0, m)),
    }
}

/// Whether the bound of a tracked cube exceeds `limit` (the corner table, then the three
/// axes, then the inverse's, stopping at the first lookup above it).
#[inline]
pub(super) fn tracked_exceeds(t: &Tables, x: &Tracked, limit: usize) -> bool {
    match t.format {
        Format::Nibbles(_) => node_exceeds::<Nibbles>(t, &x.0, limit),
        Format::Grouped(_) => node_exceeds::<Grouped>(t, &x.0, limit),
    }
}

#[inline(always)]
fn after<R: Reader>(t: &Tables, node: &Node, m: Move) -> Node {
    let mut axes = [[0u16; 4]; 3];
    let mut inv = [PackedCube::SOLVED; 3];
    for k in 0..3 {
        axes[k] = moved::<R>(t, &node.axes[k], k, m);
        inv[k] = t
            .inverse
            .left_move(t.syms.inverse_axis_move[k][m.index()], &node.inv[k]);
    }
    let corner = t.corners.perm_move[node.corner as usize * 18 + m.index()];
    Node { axes, inv, corner }
}

#[inline(always)]
fn node_exceeds<R: Reader>(t: &Tables, node: &Node, limit: usize) -> bool {
    if value(
        &t.corner_prune,
        t.corner_index(node.corner, node.axes[0][2]),
    ) as usize
        > limit
    {
        return true;
    }
    (0..3).any(|k| lookup::<R>(t, &node.axes[k]) > limit)
        || (0..3).any(|k| lookup::<R>(t, &R::packed_coords(t, &node.inv[k])) > limit)
}

/// The child of `node` after `m` if its bound allows a solution within `togo` more moves.
#[inline(always)]
fn child<R: Reader>(t: &Tables, node: &Node, m: Move, togo: usize) -> Option<Node> {
    let mut axes = [[0u16; 4]; 3];
    for k in 0..3 {
        axes[k] = moved::<R>(t, &node.axes[k], k, m);
        if lookup::<R>(t, &axes[k]) > togo {
            return None;
        }
    }
    let mut inv = [PackedCube::SOLVED; 3];
    for k in 0..3 {
        inv[k] = t
            .inverse
            .left_move(t.syms.inverse_axis_move[k][m.index()], &node.inv[k]);
        if togo > 0 && lookup::<R>(t, &R::packed_coords(t, &inv[k])) > togo {
            return None;
        }
    }
    let corner = t.corners.perm_move[node.corner as usize * 18 + m.index()];
    if togo > 0 && value(&t.corner_prune, t.corner_index(corner, axes[0][2])) as usize > togo {
        return None;
    }
    Some(Node { axes, inv, corner })
}

impl Worker<'_, Tables> {
    /// Depth-first search below `node` for solutions of exactly `togo` more moves; returns
    /// `true` to stop.
    fn dfs<R: Reader>(&mut self, node: &Node, togo: usize) -> bool {
        if togo == 0 {
            return self.leaf(node.is_solved());
        }
        if self.tick() {
            return true;
        }
        let t = self.t;
        let classes = R::class_table(t);
        let prev = self.previous();
        // The bounds are read in three rounds, each only for the children the earlier rounds
        // let through: the U–D axis (with the corner table), then the two other axes, then the
        // inverse on all three. The first round alone prunes about half of the children. Each
        // round fetches its class-table slots together, then its pruning entries together,
        // before reading any.
        let mut moves = [Move::ALL[0]; 18];
        let mut axes = [[[0u16; 4]; 3]; 18];
        let mut slot = [[0usize; 3]; 18];
        let mut idx = [[0usize; 3]; 18];
        let mut corner = [(0u16, None); 18];
        let left = togo - 1;
        let mut n = 0;
        for m in Move::ALL {
            if !can_follow(prev, m) {
                continue;
            }
            for k in 0..3 {
                axes[n][k] = moved::<R>(t, &node.axes[k], k, m);
            }
            slot[n][0] = R::class_slot(t, &axes[n][0]);
            prefetch(classes, slot[n][0]);
            let cp = t.corners.perm_move[node.corner as usize * 18 + m.index()];
            corner[n] = (cp, corner_entry(t, cp, axes[n][0][2], left));
            moves[n] = m;
            n += 1;
        }
        self.nodes += n as u64;
        counters::add(left, Kind::Generated, n as u64);
        for i in 0..n {
            idx[i][0] = R::entry(t, classes[slot[i][0]], &axes[i][0]);
            prefetch(&t.prune, R::byte_of(idx[i][0]));
        }
        let mut alive = [0u8; 18];
        let mut n_alive = 0;
        for i in 0..n {
            if R::bound(t, idx[i][0]) as usize > left || corners_exceed(t, corner[i].1, left) {
                counters::add(left, Kind::CutRight, 1);
                continue;
            }
            for k in 1..3 {
                slot[i][k] = R::class_slot(t, &axes[i][k]);
                prefetch(classes, slot[i][k]);
            }
            alive[n_alive] = i as u8;
            n_alive += 1;
        }
        for &i in &alive[..n_alive] {
            let i = i as usize;
            for k in 1..3 {
                idx[i][k] = R::entry(t, classes[slot[i][k]], &axes[i][k]);
                prefetch(&t.prune, R::byte_of(idx[i][k]));
            }
        }
        // The last move needs no inverse bound: the child is either solved or not.
        let mut inv = [[PackedCube::SOLVED; 3]; 18];
        let mut inv_coords = [[[0u16; 4]; 3]; 18];
        let mut n_next = 0;
        for a in 0..n_alive {
            let i = alive[a] as usize;
            if R::bound(t, idx[i][1]) as usize > left || R::bound(t, idx[i][2]) as usize > left {
                counters::add(left, Kind::CutRight, 1);
                continue;
            }
            if left > 0 {
                counters::add(left, Kind::LeftLookups, 1);
            }
            let m = moves[i].index();
            let axes_needed = if left > 0 { 3 } else { 1 };
            for k in 0..axes_needed {
                inv[i][k] = t
                    .inverse
                    .left_move(t.syms.inverse_axis_move[k][m], &node.inv[k]);
                if left > 0 {
                    inv_coords[i][k] = R::packed_coords(t, &inv[i][k]);
                    slot[i][k] = R::class_slot(t, &inv_coords[i][k]);
                    prefetch(classes, slot[i][k]);
                }
            }
            alive[n_next] = i as u8;
            n_next += 1;
        }
        let n_alive = n_next;
        if left > 0 {
            for &i in &alive[..n_alive] {
                let i = i as usize;
                for k in 0..3 {
                    idx[i][k] = R::entry(t, classes[slot[i][k]], &inv_coords[i][k]);
                    prefetch(&t.prune, R::byte_of(idx[i][k]));
                }
            }
        }
        for &i in &alive[..n_alive] {
            let i = i as usize;
            if left > 0 && idx[i].iter().any(|&x| R::bound(t, x) as usize > left) {
                counters::add(left, Kind::CutLeft, 1);
                continue;
            }
            let m = moves[i];
            let c = Node {
                axes: axes[i],
                inv: inv[i],
                corner: corner[i].0,
            };
            self.path.push(m);
            let stop = self.dfs::<R>(&c, left);
            self.path.pop();
            if stop {
                return true;
            }
        }
        false
    }
}

/// `large`'s search for the driver, compiled for one table format.
struct Large<'a, R> {
    t: &'a Tables,
    reader: PhantomData<fn() -> R>,
}

impl<R: Reader> Deepening for Large<'_, R> {
    type Tables = Tables;
    type Node = Node;

    fn tables(&self) -> &Tables {
        self.t
    }

    fn root(&self, cube: &CubieCube) -> Node {
        Node::root::<R>(cube)
    }

    fn bound(&self, node: &Node) -> usize {
        heuristic::<R>(self.t, node)
    }

    fn bound_sum(&self, node: &Node) -> usize {
        bound_sum::<R>(self.t, node)
    }

    fn child(&self, node: &Node, m: Move, togo: usize) -> Option<Node> {
        child::<R>(self.t, node, m, togo)
    }

    fn node_cost(&self) -> f64 {
        self.t.size().node_cost()
    }

    fn search_task(&self, w: &mut Worker<'_, Tables>, cube: &CubieCube, node: &Node, togo: usize) {
        match w.mode {
            Mode::First if super::counters::large_one_ended() => {
                w.dfs::<R>(node, togo);
            }
            Mode::First => {
                let here = w.path.iter().fold(*cube, |c, &m| c.apply_move(m));
                let ends = BothEnds::new::<R>(self.t, &here);
                let last = [w.path.last().copied(), None];
                w.dfs_both::<R>(&ends, togo, last);
            }
            Mode::All => {
                w.dfs::<R>(node, togo);
            }
        }
    }
}

/// Searches lengths from the table's bound up to `run.max_length` ([`deepen`]).
pub fn search(t: &Tables, cube: &CubieCube, run: &Run) -> (Outcome, Stats) {
    match t.format {
        Format::Nibbles(_) => deepen(
            &Large::<Nibbles> {
                t,
                reader: PhantomData,
            },
            cube,
            run,
        ),
        Format::Grouped(_) => deepen(
            &Large::<Grouped> {
                t,
                reader: PhantomData,
            },
            cube,
            run,
        ),
    }
}
