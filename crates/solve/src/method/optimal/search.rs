//! Iterative-deepening A* for the shortest solution, on both cores.
//!
//! A node carries the flip, slice (with the slice edges' order for the grouped tables) and
//! twist of the cube seen on each of the three axes (updated by move tables) and the inverse
//! cube seen on each axis (packed one byte per piece and updated by table reads, see
//! [`super::inverse`]). Its lower bound is the largest of six table lookups — three axes × the
//! cube and its inverse (whose distance is the same) — and the corner table, taken lazily, the
//! cheap forward ones first. The search is compiled once per table format ([`Reader`]). Each
//! deepening step splits the tree into the nodes three moves down, orders them nearest first (the
//! sum of their seven lookups, then their cost in the step before, costliest first) and hands
//! them to the threads in that order; the first solution kept is the one of the earliest such
//! subtree in the order, so results do not depend on thread timing.

use super::both_ends::{BothEnds, Scratch};
use super::bound::{corner_entry, corners_exceed, lookup, moved_by};
use super::inverse::PackedCube;
use super::prune::value;
use super::reader::{Grouped, Nibbles, Reader};
use super::root_symmetry::{self, TaskRole};
use super::tables::{Format, Tables};
use crate::coord;
use crate::coord::symmetry::rotate_urf3;
use crate::prefetch::prefetch;
use crate::search::can_follow;
use crate::{Deadline, Progress};
use rayon::prelude::*;
use rubik_cube::{CubieCube, Move};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Depth of the subtrees the search is split into (shared among threads, ordered by cost).
const TASK_DEPTH: usize = 3;

/// Deepening steps from this length on report their progress (shorter ones are quick).
const PROGRESS_FROM: usize = 15;

/// The probe's budget, as a share of the previous deepening step's work: its nodes, each
/// counted at its cost in two-phase nodes ([`super::TableSize::node_cost`]), so about this share of
/// its time on one thread. The budget is counted in work, not time, so that whether a probe ends
/// the search — and so the solution printed — does not depend on the machine, its load or the
/// thread count.
const PROBE_SHARE: f64 = 0.32;

/// A quick, incomplete search for a solution of exactly the given length within a budget of
/// search nodes (the two-phase solver), or `None`. Once every shorter length is ruled out, such
/// a solution is optimal, and the deepening step at its length, usually the costliest, is
/// skipped.
pub type Probe<'a> = &'a (dyn Fn(usize, u64) -> Option<Vec<Move>> + Sync);

/// Whether to stop at the first optimal solution or list all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution of the shortest length.
    First,
    /// Every solution of the shortest length (in canonical move order: no face twice in a row,
    /// opposite faces in one order).
    All,
}

/// What a search ended with.
#[derive(Debug)]
pub enum Outcome {
    /// Solutions of the shortest length (one in [`Mode::First`]).
    Found(Vec<Vec<Move>>),
    /// No solution of at most the length limit.
    Exhausted,
    /// Time ran out; every length up to `lower_bound` is proven to have no solution.
    TimedOut {
        /// Largest length proven to have no solution.
        lower_bound: usize,
    },
}

/// Statistics of a search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes generated (those whose bounds were looked up).
    pub nodes: u64,
    /// Whether the solution came from the probe (after every shorter length was ruled out).
    pub probed: bool,
}

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

/// Shared state of one deepening step.
pub(super) struct Control {
    deadline: Deadline,
    timed_out: AtomicBool,
    /// Rank, in the search order, of the earliest subtree that found a solution (First mode),
    /// else `usize::MAX`.
    pub(super) first: AtomicUsize,
    nodes: AtomicU64,
}

pub(super) struct Worker<'a> {
    pub(super) t: &'a Tables,
    pub(super) ctl: &'a Control,
    mode: Mode,
    pub(super) task: usize,
    /// The moves from the root, the task's prefix first.
    pub(super) path: Vec<Move>,
    /// Moves added at the solution's start ([`super::both_ends`]), in the order they were
    /// added (so the solution ends with them reversed).
    pub(super) premoves: Vec<Move>,
    /// Length of the task's prefix in `path`.
    prefix_len: usize,
    /// Whether the first move after the prefix may break the canonical order with the
    /// prefix's last move (for a task whose solutions are mapped onto symmetric tasks).
    relax_join: bool,
    pub(super) found: Vec<Vec<Move>>,
    /// Buffers of the search from both ends, one set per thread, reused task after task.
    pub(super) scratch: &'a mut Scratch,
    pub(super) nodes: u64,
    pub(super) calls: u64,
}

impl Worker<'_> {
    /// Counts a node expanded; every 256 nodes, whether to give up ([`Worker::should_stop`]).
    #[inline(always)]
    pub(super) fn tick(&mut self) -> bool {
        self.calls += 1;
        self.calls & 0xFF == 0 && self.should_stop()
    }

    /// Whether to give up this subtree: time ran out or an earlier subtree already succeeded.
    pub(super) fn should_stop(&mut self) -> bool {
        if self.ctl.timed_out.load(Ordering::Relaxed) {
            return true;
        }
        if self.mode == Mode::First && self.ctl.first.load(Ordering::Relaxed) <= self.task {
            return true;
        }
        if self.calls & 0xFFF == 0 && self.ctl.deadline.passed() {
            self.ctl.timed_out.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Depth-first search below `node` for solutions of exactly `togo` more moves; returns
    /// `true` to stop.
    fn dfs<R: Reader>(&mut self, node: &Node, togo: usize) -> bool {
        if togo == 0 {
            if node.is_solved() {
                self.found.push(self.path.clone());
                if self.mode == Mode::First {
                    self.ctl.first.fetch_min(self.task, Ordering::Relaxed);
                    return true;
                }
            }
            return false;
        }
        if self.tick() {
            return true;
        }
        let t = self.t;
        let classes = R::class_table(t);
        let prev = if self.relax_join && self.path.len() == self.prefix_len {
            None
        } else {
            self.path.last().copied()
        };
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
        for i in 0..n {
            idx[i][0] = R::entry(t, classes[slot[i][0]], &axes[i][0]);
            prefetch(&t.prune, R::byte_of(idx[i][0]));
        }
        let mut alive = [0u8; 18];
        let mut n_alive = 0;
        for i in 0..n {
            if R::bound(t, idx[i][0]) as usize > left || corners_exceed(t, corner[i].1, left) {
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
                continue;
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

thread_local! {
    /// The search buffers of this thread, reused task after task (68 KB).
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's search buffers (fresh ones if they are in use further up the
/// stack, which a task never does).
fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::default()),
    })
}

/// The nodes `depth` moves below the root that the bound `bound` lets through, with their paths,
/// and how many nodes were looked up to find them.
fn split<R: Reader>(
    t: &Tables,
    root: &Node,
    depth: usize,
    bound: usize,
) -> (Vec<(Vec<Move>, Node)>, u64) {
    split_by(root, depth, bound, |n, m, togo| child::<R>(t, n, m, togo))
}

/// The nodes `depth` moves below `root` that `child` (the node after a move if its bound allows
/// a solution within the moves left) lets through in a search of `bound` moves, with their
/// paths, and how many nodes were looked up to find them.
pub(super) fn split_by<N: Copy>(
    root: &N,
    depth: usize,
    bound: usize,
    child: impl Fn(&N, Move, usize) -> Option<N>,
) -> (Vec<(Vec<Move>, N)>, u64) {
    let mut level = vec![(Vec::new(), *root)];
    let mut nodes = 0;
    for d in 0..depth {
        let mut next = Vec::new();
        for (path, node) in &level {
            for m in Move::ALL {
                if !can_follow(path.last().copied(), m) {
                    continue;
                }
                nodes += 1;
                if let Some(c) = child(node, m, bound - d - 1) {
                    let mut p = path.clone();
                    p.push(m);
                    next.push((p, c));
                }
            }
        }
        level = next;
    }
    (level, nodes)
}

/// The order tasks are searched in, nearest first: by `sums` (their bound sums), the lowest
/// first, then by `previous` (their nodes one deepening step earlier), the most first, then by
/// index.
pub(super) fn search_order(sums: &[usize], previous: &[u64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..sums.len()).collect();
    order.sort_by_key(|&i| (sums[i], std::cmp::Reverse(previous[i])));
    order
}

/// Turns the solutions of tasks searched for their symmetric images (`lends`, found with the
/// join rule relaxed) into the solutions of every task: each keeps those that follow its own
/// prefix canonically, and its images get their mapped copies.
fn lend_solutions(
    paths: &[&[Move]],
    roles: &[TaskRole],
    lends: &[bool],
    results: Vec<(usize, Vec<Vec<Move>>)>,
) -> Vec<(usize, Vec<Vec<Move>>)> {
    let mut suffixes: Vec<Vec<Vec<Move>>> = vec![Vec::new(); paths.len()];
    let mut out = Vec::new();
    for (i, found) in results {
        if lends[i] {
            suffixes[i] = found.iter().map(|s| s[paths[i].len()..].to_vec()).collect();
        } else {
            out.push((i, found));
        }
    }
    let joins = |prefix: &[Move], suffix: &[Move]| {
        suffix
            .first()
            .is_none_or(|&m| can_follow(prefix.last().copied(), m))
    };
    for (i, role) in roles.iter().enumerate() {
        let (source, sym) = match *role {
            TaskRole::Search if lends[i] => (i, None),
            TaskRole::Image { of, sym } => (of, Some(sym)),
            TaskRole::Search => continue,
        };
        let found: Vec<Vec<Move>> = suffixes[source]
            .iter()
            .map(|s| match sym {
                Some(sym) => root_symmetry::image(sym, s),
                None => s.clone(),
            })
            .filter(|s| joins(paths[i], s))
            .map(|s| [paths[i], &s].concat())
            .collect();
        if !found.is_empty() {
            out.push((i, found));
        }
    }
    out
}

/// Searches lengths from the table's bound up to `max_length`. In [`Mode::First`], `probe` (if
/// any) is given [`PROBE_SHARE`] of the previous step's work before each deepening step but
/// the first; what it returns is checked (length and solved cube) before it is trusted.
pub fn search(t: &Tables, cube: &CubieCube, run: &Run) -> (Outcome, Stats) {
    match t.format {
        Format::Nibbles(_) => search_with::<Nibbles>(t, cube, run),
        Format::Grouped(_) => search_with::<Grouped>(t, cube, run),
    }
}

/// What one search is asked to do.
pub struct Run<'a> {
    /// Longest solution searched for.
    pub max_length: usize,
    /// When to give up.
    pub deadline: &'a Deadline,
    /// One solution or all.
    pub mode: Mode,
    /// The two-phase probe before each deepening step (one-solution mode).
    pub probe: Option<Probe<'a>>,
    /// Where each deepening step from [`PROGRESS_FROM`] moves reports its subtrees.
    pub progress: Option<&'a dyn Progress>,
    /// Told the length of each deepening step as it begins.
    pub deepening: Option<&'a dyn Fn(usize)>,
}

/// A solution of exactly `length` moves from `probe`, checked, within `max_nodes` nodes (the
/// probe also ends with the solve's deadline).
pub(super) fn probed(
    probe: Probe,
    cube: &CubieCube,
    length: usize,
    max_nodes: u64,
) -> Option<Vec<Move>> {
    let found = probe(length, max_nodes)?;
    let solves = found
        .iter()
        .fold(*cube, |c, &m| c.apply_move(m))
        .is_solved();
    (found.len() == length && solves).then_some(found)
}

/// [`search`] compiled for one table format.
fn search_with<R: Reader>(t: &Tables, cube: &CubieCube, run: &Run) -> (Outcome, Stats) {
    let Run {
        max_length,
        deadline,
        mode,
        probe,
        progress,
        deepening,
    } = *run;
    let root = Node::root::<R>(cube);
    let start = heuristic::<R>(t, &root);
    let stabiliser = root_symmetry::stabiliser(cube);
    let mut stats = Stats::default();
    // Nodes each task (by its path) took in the previous deepening step.
    let mut cost: HashMap<Vec<Move>, u64> = HashMap::new();
    // Nodes of the previous deepening step (the probe's budget is in proportion).
    let mut previous_step: Option<u64> = None;
    for bound in start..=max_length {
        if let Some(tell) = deepening {
            tell(bound);
        }
        if let (Mode::First, Some(probe), Some(previous)) = (mode, probe, previous_step) {
            let budget = (previous as f64 * (t.size().node_cost() * PROBE_SHARE)).round() as u64;
            if let Some(found) = probed(probe, cube, bound, budget) {
                stats.probed = true;
                return (Outcome::Found(vec![found]), stats);
            }
        }
        let ctl = Control {
            deadline: deadline.clone(),
            timed_out: AtomicBool::new(false),
            first: AtomicUsize::new(usize::MAX),
            nodes: AtomicU64::new(0),
        };
        let (tasks, split_nodes) = split::<R>(t, &root, bound.min(TASK_DEPTH), bound);
        ctl.nodes.fetch_add(split_nodes, Ordering::Relaxed);
        let progress = progress.filter(|_| bound >= PROGRESS_FROM);
        if let Some(p) = progress {
            p.start(
                &format!("optimal search at {bound} moves"),
                tasks.len() as u64,
            );
        }
        let paths: Vec<&[Move]> = tasks.iter().map(|(p, _)| p.as_slice()).collect();
        let roles = root_symmetry::classify(cube, &paths, &stabiliser);
        // In All mode a searched task whose state has symmetric images elsewhere lends them its
        // solutions, found without the join rule (it differs from task to task).
        let mut lends = vec![false; tasks.len()];
        if mode == Mode::All {
            for role in &roles {
                if let TaskRole::Image { of, .. } = *role {
                    lends[of] = true;
                }
            }
        }
        // Tasks are searched nearest first: by the sum of their seven lookups, the lowest first,
        // then by their cost in the previous deepening step, the costliest first (a subtree that
        // took long to rule out at one length is likelier to hold a solution at the next).
        // Threads take the next task from a shared counter, so both work near the front of the
        // order and little is searched past the first solution. Only the last step stops early,
        // so the order changes that step's work alone.
        let sums: Vec<usize> = tasks.iter().map(|(_, n)| bound_sum::<R>(t, n)).collect();
        let previous: Vec<u64> = paths
            .iter()
            .map(|p| cost.get(*p).copied().unwrap_or(0))
            .collect();
        let order = search_order(&sums, &previous);
        let next = AtomicUsize::new(0);
        let costs: Vec<AtomicU64> = (0..tasks.len()).map(|_| AtomicU64::new(0)).collect();
        let results = Mutex::new(Vec::new());
        // One rayon job per task, each taking the next rank from the shared counter (so the
        // order holds whichever thread runs it): solves running side by side on the pool (a
        // batch, `rubik solve -c --jobs 2`) share its threads task by task, and the last cube
        // of a batch gets all of them.
        (0..order.len())
            .into_par_iter()
            .with_max_len(1)
            .for_each(|_| {
                let rank = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = order.get(rank) else {
                    return;
                };
                let (path, node) = &tasks[i];
                if roles[i] != TaskRole::Search {
                    // Searched as its symmetric image's.
                    if let Some(p) = progress {
                        p.advance(1);
                    }
                    return;
                }
                with_scratch(|scratch| {
                    let mut w = Worker {
                        t,
                        ctl: &ctl,
                        mode,
                        task: rank,
                        path: path.clone(),
                        premoves: Vec::new(),
                        prefix_len: path.len(),
                        relax_join: lends[i],
                        found: Vec::new(),
                        scratch,
                        nodes: 0,
                        calls: 0,
                    };
                    if !w.should_stop() {
                        let togo = bound - path.len();
                        match mode {
                            Mode::First => {
                                let here = path.iter().fold(*cube, |c, &m| c.apply_move(m));
                                let ends = BothEnds::new::<R>(t, &here);
                                w.dfs_both::<R>(&ends, togo, [path.last().copied(), None]);
                            }
                            Mode::All => {
                                w.dfs::<R>(node, togo);
                            }
                        }
                    }
                    ctl.nodes.fetch_add(w.nodes, Ordering::Relaxed);
                    if let Some(p) = progress {
                        p.advance(1);
                    }
                    costs[i].store(w.nodes, Ordering::Relaxed);
                    if !w.found.is_empty() {
                        results
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((rank, i, w.found));
                    }
                });
            });
        cost = paths
            .iter()
            .zip(&costs)
            .map(|(p, c)| (p.to_vec(), c.load(Ordering::Relaxed)))
            .collect();
        if let Some(p) = progress {
            if ctl.timed_out.load(Ordering::Relaxed) {
                p.stopped();
            } else {
                p.finish();
            }
        }
        let step_nodes = ctl.nodes.load(Ordering::Relaxed);
        stats.nodes += step_nodes;
        previous_step = Some(step_nodes);
        let mut ranked = results.into_inner().unwrap_or_else(|e| e.into_inner());
        // First mode keeps the solution of the earliest task in the search order; All mode lists
        // them in task order.
        ranked.sort_by_key(|&(rank, i, _)| if mode == Mode::First { rank } else { i });
        let mut results: Vec<(usize, Vec<Vec<Move>>)> =
            ranked.into_iter().map(|(_, i, f)| (i, f)).collect();
        if mode == Mode::All {
            results = lend_solutions(&paths, &roles, &lends, results);
            results.sort_by_key(|(i, _)| *i);
        }
        if !results.is_empty() {
            let all: Vec<Vec<Move>> = results.into_iter().flat_map(|(_, f)| f).collect();
            // A timeout in All mode may have cut the list short; the solutions are still optimal.
            let sols = match mode {
                Mode::First => all.into_iter().take(1).collect(),
                Mode::All => all,
            };
            return (Outcome::Found(sols), stats);
        }
        if ctl.timed_out.load(Ordering::Relaxed) {
            return (
                Outcome::TimedOut {
                    lower_bound: bound.saturating_sub(1),
                },
                stats,
            );
        }
    }
    (Outcome::Exhausted, stats)
}

#[cfg(test)]
mod order_tests {
    use super::search_order;

    #[test]
    fn tasks_are_ordered_by_bound_sum_then_by_previous_cost_then_by_index() {
        let sums = [40, 38, 40, 38, 41, 40];
        let previous = [5, 7, 9, 7, 100, 9];
        assert_eq!(search_order(&sums, &previous), vec![1, 3, 2, 5, 0, 4]);
    }
}
