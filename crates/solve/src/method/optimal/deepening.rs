//! The deepening driver both optimal searches share: iterative deepening from the root's
//! bound, the two-phase probe before each step, the split into subtrees a few moves down, the
//! subtrees skipped when symmetric at the root ([`super::root_symmetry`]), their order (nearest
//! first), the threads, the stop and the statistics. What differs between the tables — the
//! node, its children with their table lookups, its bounds and the search below a subtree — is
//! a [`Deepening`]: `large`'s ([`super::search`]) and h8's ([`super::h8`]).
//!
//! Each deepening step splits the tree into the nodes [`TASK_DEPTH`] moves down, orders them
//! nearest first (the sum of their bounds, then their cost in the step before, costliest first)
//! and hands them to the threads in that order; the first solution kept is the one of the
//! earliest such subtree in the order, so results do not depend on thread timing.

use super::both_ends::Scratch;
use super::root_symmetry::{self, TaskRole};
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
/// counted at its cost in two-phase nodes ([`Deepening::node_cost`]), so about this share of
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

/// What a table's search gives the driver.
pub(super) trait Deepening: Sync {
    /// What the search below a subtree reads (the worker's [`Worker::t`]).
    type Tables: Sync;
    /// A node of the split, the root of a subtree.
    type Node: Copy + Send + Sync;

    /// The tables.
    fn tables(&self) -> &Self::Tables;
    /// The node of `cube`.
    fn root(&self, cube: &CubieCube) -> Self::Node;
    /// The lower bound of a node (the first deepening step's length at the root).
    fn bound(&self, node: &Self::Node) -> usize;
    /// The sum of a node's lookups: the lower, the likelier a solution goes through it.
    fn bound_sum(&self, node: &Self::Node) -> usize;
    /// The child of `node` after `m` if its bound allows a solution within `togo` more moves.
    fn child(&self, node: &Self::Node, m: Move, togo: usize) -> Option<Self::Node>;
    /// What a node costs in two-phase nodes (the probe's budget).
    fn node_cost(&self) -> f64;
    /// Searches the subtree below `node` (the state of `cube` after `w.path`) for solutions
    /// of exactly `togo` more moves.
    fn search_task(
        &self,
        w: &mut Worker<'_, Self::Tables>,
        cube: &CubieCube,
        node: &Self::Node,
        togo: usize,
    );
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

/// The search below one subtree, on one thread.
pub(super) struct Worker<'a, T> {
    pub(super) t: &'a T,
    pub(super) ctl: &'a Control,
    pub(super) mode: Mode,
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

impl<T> Worker<'_, T> {
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

    /// The move before the next one, for the canonical order: none right after the prefix of
    /// a task searched without the join rule.
    #[inline(always)]
    pub(super) fn previous(&self) -> Option<Move> {
        if self.relax_join && self.path.len() == self.prefix_len {
            None
        } else {
            self.path.last().copied()
        }
    }

    /// At the end of a one-ended descent (`togo == 0`): keeps the path if `solved`. Returns
    /// `true` to stop.
    pub(super) fn leaf(&mut self, solved: bool) -> bool {
        if solved {
            self.found.push(self.path.clone());
            if self.mode == Mode::First {
                self.ctl.first.fetch_min(self.task, Ordering::Relaxed);
                return true;
            }
        }
        false
    }

    /// Adds `m` at the end of the solution (`s = 0`) or at its start (`s = 1`).
    pub(super) fn push_end(&mut self, s: usize, m: Move) {
        if s == 0 {
            self.path.push(m);
        } else {
            self.premoves.push(m);
        }
    }

    /// Takes back [`Worker::push_end`].
    pub(super) fn pop_end(&mut self, s: usize) {
        if s == 0 {
            self.path.pop();
        } else {
            self.premoves.pop();
        }
    }

    /// Keeps the current solution of a search from both ends: the moves added at the end,
    /// then the premoves, last first.
    pub(super) fn record_both(&mut self) {
        let mut sol = self.path.clone();
        sol.extend(self.premoves.iter().rev());
        self.found.push(sol);
        self.ctl.first.fetch_min(self.task, Ordering::Relaxed);
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

/// Searches lengths from the root's bound up to `run.max_length`. In [`Mode::First`],
/// `run.probe` (if any) is given [`PROBE_SHARE`] of the previous step's work before each
/// deepening step but the first; what it returns is checked (length and solved cube) before it
/// is trusted.
pub(super) fn deepen<D: Deepening>(d: &D, cube: &CubieCube, run: &Run) -> (Outcome, Stats) {
    let Run {
        max_length,
        deadline,
        mode,
        probe,
        progress,
        deepening,
    } = *run;
    let root = d.root(cube);
    let start = d.bound(&root);
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
        super::counters::step(bound);
        if let (Mode::First, Some(probe), Some(previous)) = (mode, probe, previous_step) {
            let budget = (previous as f64 * (d.node_cost() * PROBE_SHARE)).round() as u64;
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
        let (tasks, split_nodes) = split_by(&root, bound.min(TASK_DEPTH), bound, |n, m, togo| {
            d.child(n, m, togo)
        });
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
        // Tasks are searched nearest first: by the sum of their lookups, the lowest first,
        // then by their cost in the previous deepening step, the costliest first (a subtree that
        // took long to rule out at one length is likelier to hold a solution at the next).
        // Threads take the next task from a shared counter, so both work near the front of the
        // order and little is searched past the first solution. Only the last step stops early,
        // so the order changes that step's work alone.
        let sums: Vec<usize> = tasks.iter().map(|(_, n)| d.bound_sum(n)).collect();
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
                        t: d.tables(),
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
                        d.search_task(&mut w, cube, node, bound - path.len());
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
