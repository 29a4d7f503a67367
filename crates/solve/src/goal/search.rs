//! Depth-first search over runs for every sequence of an exact length that takes a cube to
//! its goal, pruned by the plan's tables — the inner loop of iterative deepening.
//!
//! A sequence is written once: one run per axis change ([`super::moves`]). A node that is
//! already in the goal is not extended (the sequence through it would not be minimal).
//! Optionally, the first and the last run may not turn a given face (a free turn before and
//! after, such as the AUF of a last-layer algorithm).
//!
//! When the plan has the optimal solver's bound ([`super::full_state`]), the search follows
//! each `T⁻¹ · x` move by move in that solver's coordinates (one set per depth), so the bound
//! costs a few table reads a node instead of a lookup from scratch.

use super::full_state::FullStateBound;
use super::plan::Plan;
use crate::method::optimal::Tracked;
use crate::Deadline;
use rubik_cube::rotation::Axis;
use rubik_cube::{CubieCube, Face, Move};

/// Whether to go on after a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep searching.
    Continue,
    /// Stop the search.
    Stop,
}

/// How a search at one length ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every sequence of the length was tried.
    Exhausted,
    /// The visitor asked to stop.
    Stopped,
    /// The deadline passed (or the search was cancelled).
    TimedOut,
}

/// Options of a search.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The first run may not turn this face (a free turn before).
    pub free_before: Option<Face>,
    /// The last run may not turn this face (a free turn after).
    pub free_after: Option<Face>,
    /// When to give up (a time, a cancellation).
    pub deadline: Deadline,
}

/// A search over one plan.
pub struct Search<'a> {
    plan: &'a Plan,
    options: Options,
    nodes: u64,
    timed_out: bool,
    /// The optimal solver's bound and what it follows, when the plan has it.
    tracking: Option<Tracking<'a>>,
}

/// The goal states' `T⁻¹ · x` followed through a search.
struct Tracking<'a> {
    bound: &'a FullStateBound,
    /// The face turns of each run.
    run_moves: Vec<Vec<Move>>,
    /// `levels[d]`: the tracked cubes of the node `d` runs deep on the current path.
    levels: Vec<Vec<Tracked>>,
}

impl<'a> Search<'a> {
    /// A search over `plan`.
    pub fn new(plan: &'a Plan, options: Options) -> Search<'a> {
        let tracking = plan.full_state.as_ref().map(|bound| Tracking {
            bound,
            run_moves: plan
                .model
                .runs
                .iter()
                .map(|r| {
                    r.turns
                        .iter()
                        .map(|t| t.as_move().expect("a set of face turns"))
                        .collect()
                })
                .collect(),
            levels: Vec::new(),
        });
        Search {
            plan,
            options,
            nodes: 0,
            timed_out: false,
            tracking,
        }
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Calls `visit(start, runs)` for every sequence of exactly `length` turns taking
    /// `starts[start]` to the goal.
    pub fn at_length(
        &mut self,
        starts: &[CubieCube],
        length: usize,
        visit: &mut dyn FnMut(usize, &[usize]) -> Flow,
    ) -> Ended {
        let mut path = Vec::with_capacity(length);
        if let Some(t) = &mut self.tracking {
            t.levels = vec![t.bound.tracked(&CubieCube::SOLVED); length + 1];
        }
        for (i, s) in starts.iter().enumerate() {
            if let Some(t) = &mut self.tracking {
                t.bound.track(s, &mut t.levels[0]);
            }
            let mut v = |runs: &[usize]| visit(i, runs);
            if self.dfs(s, 0, 0, length, None, &mut path, &mut v) == Flow::Stop {
                return if self.timed_out {
                    Ended::TimedOut
                } else {
                    Ended::Stopped
                };
            }
        }
        Ended::Exhausted
    }

    /// Whether a node `depth` runs deep at `s` (orientation `o`) is more than `left` turns
    /// from the goal: the tracked optimal bound first (the stronger), then the plan's tables.
    #[inline]
    fn pruned(&self, s: &CubieCube, o: usize, depth: usize, left: u8) -> bool {
        match &self.tracking {
            Some(t) => {
                t.bound.tracked_exceeds(&t.levels[depth], left)
                    || self.plan.tables_exceed(s, o, left)
            }
            None => self.plan.exceeds(s, o, left),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &mut self,
        s: &CubieCube,
        o: usize,
        g: usize,
        length: usize,
        last_axis: Option<Axis>,
        path: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> Flow,
    ) -> Flow {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 && self.options.deadline.passed() {
            self.timed_out = true;
            return Flow::Stop;
        }
        let left = length - g;
        if left == 0 {
            return if self.plan.is_goal(s, o) {
                visit(path)
            } else {
                Flow::Continue
            };
        }
        if self.pruned(s, o, path.len(), left as u8) {
            return Flow::Continue;
        }
        if g > 0 && self.plan.is_goal(s, o) {
            return Flow::Continue;
        }
        let model = &self.plan.model;
        for (r, run) in model.runs.iter().enumerate() {
            if Some(run.axis) == last_axis {
                continue;
            }
            let cost = run.cost();
            if cost > left {
                continue;
            }
            if g == 0 && self.options.free_before.is_some_and(|f| run.turns_face(f)) {
                continue;
            }
            if cost == left && self.options.free_after.is_some_and(|f| run.turns_face(f)) {
                continue;
            }
            let (c, next) = &model.effect[o][r];
            let s2 = s.multiply(c);
            if let Some(t) = &mut self.tracking {
                let d = path.len();
                let (here, deeper) = t.levels.split_at_mut(d + 1);
                t.bound
                    .track_moves(&here[d], &t.run_moves[r], &mut deeper[0]);
            }
            path.push(r);
            let flow = self.dfs(
                &s2,
                *next as usize,
                g + cost,
                length,
                Some(run.axis),
                path,
                visit,
            );
            path.pop();
            if flow == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }
}
