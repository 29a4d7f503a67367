//! The algorithm search: every algorithm for a case, shortest first, each once.
//!
//! For a case ([`cases`]) and a set of turns, [`AlgSearch`] is an iterator over
//! [`FoundAlg`]s by increasing length; within a length they come ranked by an ergonomic score
//! ([`score`]), once that length has been searched through (so results stream length by
//! length). For a last-layer case, turns of U before and after are free: they are not part of
//! the algorithm (each result says which it needs), and no algorithm begins or ends with one.
//! An algorithm is listed once: the search writes each motion one way ([`variants::key`]),
//! and by default leaves out an algorithm that is another's rotation (the same performed from
//! another side) or mirror image.

pub mod cases;
pub mod score;
pub mod variants;

use crate::goal::plan::{Ending, Plan};
use crate::goal::search::{Ended, Flow, Options, Search};
use crate::goal::GoalSolver;
use crate::{CancelFlag, Deadline, Limits, SolveError, SolverConfig};
use cases::Case;
use rubik_cube::alg::Turn;
use rubik_cube::rotation::Axis;
use rubik_cube::{Alg, Cube, CubieCube, Face, Goal, Move, MoveSet};
use serde::Serialize;
use std::collections::{HashSet, VecDeque};
use std::time::Duration;

/// How far the search goes and what it lists.
#[derive(Clone, Debug)]
pub struct AlgOptions {
    /// The turns algorithms may use.
    pub moves: MoveSet,
    /// Longest algorithm (turns); with `extra`, the shorter of the two limits applies.
    pub max_length: Option<usize>,
    /// List algorithms up to the shortest length plus this many turns.
    pub extra: Option<usize>,
    /// Also list algorithms that are another listed one performed from another side.
    pub keep_rotations: bool,
    /// Also list the mirror images of listed algorithms.
    pub keep_mirrors: bool,
    /// Give up after this long.
    pub timeout: Option<Duration>,
    /// Raised by the caller to stop the search.
    pub cancel: Option<CancelFlag>,
}

impl Default for AlgOptions {
    fn default() -> AlgOptions {
        AlgOptions {
            moves: MoveSet::all_faces(),
            max_length: None,
            extra: None,
            keep_rotations: false,
            keep_mirrors: false,
            timeout: None,
            cancel: None,
        }
    }
}

/// Extra turns beyond the shortest when neither limit is given.
pub const DEFAULT_EXTRA: usize = 2;

/// One algorithm found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FoundAlg {
    /// The algorithm, as turns of the set.
    #[serde(rename = "alg", serialize_with = "serialize_turns")]
    pub turns: Vec<Turn>,
    /// The turn of U to make first (for a last-layer case), if any.
    #[serde(serialize_with = "serialize_move")]
    pub before: Option<Move>,
    /// The turn of U to make after, if any.
    #[serde(serialize_with = "serialize_move")]
    pub after: Option<Move>,
    /// Turns of the set (slices and wide turns count one).
    pub length: usize,
    /// Length in the half-turn metric (slices count two).
    pub htm: usize,
    /// Length in the quarter-turn metric.
    pub qtm: usize,
    /// The ergonomic score (lower is easier; see [`score`]).
    pub score: f64,
}

impl FoundAlg {
    /// The algorithm as notation.
    pub fn notation(&self) -> String {
        Alg::from_turns(self.turns.clone()).to_string()
    }

    /// Everything to do, in order: the turn before, the algorithm, the turn after.
    pub fn full(&self) -> Vec<Turn> {
        let mut out: Vec<Turn> = self.before.map(Turn::from).into_iter().collect();
        out.extend(self.turns.iter().copied());
        out.extend(self.after.map(Turn::from));
        out
    }
}

fn serialize_turns<S: serde::Serializer>(turns: &[Turn], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&Alg::from_turns(turns.to_vec()).to_string())
}

fn serialize_move<S: serde::Serializer>(m: &Option<Move>, s: S) -> Result<S::Ok, S::Error> {
    match m {
        Some(m) => s.serialize_str(&m.to_string()),
        None => s.serialize_none(),
    }
}

/// The search (an iterator, see the [module docs](self)).
pub struct AlgSearch {
    case: Case,
    goal: Goal,
    plan: Plan,
    options: AlgOptions,
    starts: Vec<CubieCube>,
    befores: Vec<Option<Move>>,
    length: usize,
    shortest: Option<usize>,
    limit: usize,
    listed: HashSet<Vec<(Axis, [u8; 3])>>,
    buffer: VecDeque<FoundAlg>,
    deadline: Deadline,
    timed_out: bool,
    nodes: u64,
}

/// Turns of U, 0 to 3 quarter turns (`None` for none).
fn u_turns() -> [Option<Move>; 4] {
    [
        None,
        Move::new(Face::U, 1),
        Move::new(Face::U, 2),
        Move::new(Face::U, 3),
    ]
}

/// Whether every algorithm that begins with a turn of U is, for `case`, the rotation of one
/// that does not (so, rotations being left out, the search need not start after such a turn).
///
/// When the first two layers are solved and the goal is the solved cube, the case `C` after
/// `Uᵃ` is `C·Uᵃ`, and `Uᵃ·(C·Uᵃ)·U⁻ᵃ = yᵃ·(C·Uᵃ)·y⁻ᵃ` (turning the U layer and turning the
/// whole cube differ only on the other layers, which `C` leaves alone): an algorithm `A`
/// solving `C·Uᵃ` up to the last turn of U is `A` performed from another side (`yᵃ`) of an
/// algorithm solving `C` up to that turn — provided the set of turns is the same from every
/// side (all 18 face turns).
fn only_rotations_after_a_turn(case: &Case, options: &AlgOptions) -> bool {
    !options.keep_rotations
        && options.moves.is_all_faces()
        && cases::f2l_solved(&case.state)
        && case.goal.exact_state() == Some(CubieCube::SOLVED)
}

/// Longest algorithm ever tried.
pub const MAX_LENGTH: usize = 30;

impl AlgSearch {
    /// Prepares the search for `case` (tables loaded or built as `config` says).
    pub fn new(
        case: &Case,
        options: &AlgOptions,
        config: &SolverConfig,
    ) -> Result<AlgSearch, SolveError> {
        let goal = if case.last_layer {
            case.goal.up_to(Face::U)
        } else {
            case.goal.clone()
        };
        let mut starts = Vec::new();
        let mut befores = Vec::new();
        let free_before = case.last_layer && !only_rotations_after_a_turn(case, options);
        for before in if free_before {
            u_turns().to_vec()
        } else {
            vec![None]
        } {
            let s = before.map_or(case.state, |m| case.state.apply_move(m));
            if !starts.contains(&s) {
                starts.push(s);
                befores.push(before);
            }
        }
        let plan = GoalSolver::new(config).plan(
            &case.state,
            &goal,
            &options.moves,
            Ending::StartOrientation,
        )?;
        let length = starts
            .iter()
            .map(|s| usize::from(plan.bound(s, 0)))
            .min()
            .unwrap_or(0);
        let limit = options.max_length.unwrap_or(MAX_LENGTH).min(MAX_LENGTH);
        Ok(AlgSearch {
            case: case.clone(),
            goal,
            plan,
            options: options.clone(),
            starts,
            befores,
            length,
            shortest: None,
            limit,
            listed: HashSet::new(),
            buffer: VecDeque::new(),
            deadline: Deadline::starting_now(&Limits {
                timeout: options.timeout,
                cancel: options.cancel.clone(),
                ..Limits::default()
            }),
            timed_out: false,
            nodes: 0,
        })
    }

    /// The case searched.
    pub fn case(&self) -> &Case {
        &self.case
    }

    /// The shortest length found so far.
    pub fn shortest(&self) -> Option<usize> {
        self.shortest
    }

    /// The longest length that will be searched.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Whether the timeout ended the search.
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// Search nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches the next length, filling the buffer. Returns false when there is nothing more.
    fn search_next_length(&mut self) -> bool {
        if self.length > self.limit || self.timed_out {
            return false;
        }
        let length = self.length;
        self.length += 1;
        let free = self.case.last_layer.then_some(Face::U);
        let mut search = Search::new(
            &self.plan,
            Options {
                free_before: free,
                free_after: free,
                deadline: self.deadline.clone(),
            },
        );
        let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
        let ended = search.at_length(&self.starts, length, &mut |start, runs| {
            found.push((start, runs.to_vec()));
            Flow::Continue
        });
        self.nodes += search.nodes();
        if ended == Ended::TimedOut {
            self.timed_out = true;
        }
        let mut batch: Vec<FoundAlg> = Vec::new();
        for (start, runs) in found {
            let turns = self.plan.model.turns(&runs);
            let k = variants::key(&turns);
            if self.listed.contains(&k) {
                continue;
            }
            let variants = variants::variant_keys(
                &turns,
                !self.options.keep_rotations,
                !self.options.keep_mirrors,
            );
            if variants.iter().any(|v| self.listed.contains(v)) {
                continue;
            }
            self.listed.insert(k);
            let before = self.befores[start];
            let after = self.after_turn(&self.starts[start], &turns);
            let alg = Alg::from_turns(turns.clone());
            batch.push(FoundAlg {
                length: turns.len(),
                htm: alg.htm(),
                qtm: alg.qtm(),
                score: score::score(&turns),
                turns,
                before,
                after,
            });
        }
        if !batch.is_empty() && self.shortest.is_none() {
            self.shortest = Some(length);
            let extra = self
                .options
                .extra
                .unwrap_or(if self.options.max_length.is_some() {
                    MAX_LENGTH
                } else {
                    DEFAULT_EXTRA
                });
            self.limit = self.limit.min(length + extra);
        }
        batch.sort_by(|a, b| {
            a.score
                .total_cmp(&b.score)
                .then_with(|| a.notation().cmp(&b.notation()))
        });
        self.buffer.extend(batch);
        true
    }

    /// The turn of U that finishes the case after `turns` from `start`.
    fn after_turn(&self, start: &CubieCube, turns: &[Turn]) -> Option<Move> {
        let end = Cube::from_cubie(*start)
            .apply(&Alg::from_turns(turns.to_vec()))
            .to_cubie();
        let aufs: Vec<Option<Move>> = if self.case.last_layer {
            u_turns().to_vec()
        } else {
            vec![None]
        };
        let b = aufs
            .into_iter()
            .find(|m| {
                self.case
                    .goal
                    .matches(&m.map_or(end, |m| end.apply_move(m)))
            })
            .expect("a solution ends in the goal up to a turn of U");
        debug_assert!(self.goal.matches(&end));
        b
    }
}

impl Iterator for AlgSearch {
    type Item = FoundAlg;

    fn next(&mut self) -> Option<FoundAlg> {
        loop {
            if let Some(a) = self.buffer.pop_front() {
                return Some(a);
            }
            if !self.search_next_length() {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests;
