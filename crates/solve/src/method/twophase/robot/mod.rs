//! Two-phase for robots: a subset of the faces (a robot that holds the cube by one face turns
//! the other five) and the metric the robot's time follows (quarter turns, axial moves), both
//! searched, not only counted. The plain two-phase search ([`super::search`]) stays the
//! half-turn, six-face path; this one is chosen when a mode asks for anything else.
//!
//! Which face sets work: phase 1 needs moves that leave G1 (quarter turns off the frame's U–D
//! axis) and phase 2 needs the frame's G1 moves to generate all of G1. Any five faces do, in
//! every frame (checked by a test with Schreier–Sims). Four faces never do: without two
//! adjacent faces the edge between them never moves; without two opposite faces, phase 2
//! lacks the quarter turns or half turns it needs in every frame (the group of the four
//! faces is the whole cube group, but no two-phase split of it exists along the faces'
//! axes), so the mode is refused with that reason.

mod corners;
mod descent;
pub mod mode;
mod search;
mod tables;

pub use mode::{axial_groups, format_axial, Faces, Metric, Mode, RobotMove};
pub use search::Found;

use super::tables::TwophaseTables;
use crate::coord::symmetry::symmetries;
use crate::store::{Store, TableError};
use crate::{Deadline, Limits};
use mode::robot_moves;
use rubik_cube::{CubieCube, Face, Move};
use search::{FrameSet, RobotSearch};
use std::sync::Arc;
use tables::FrameTables;

/// Why a mode cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModeError {
    /// Too few faces for the two-phase method.
    #[error("the two-phase method needs at least five faces; with {faces} {reason}")]
    TooFewFaces {
        /// The faces given.
        faces: Faces,
        /// Why not, in words.
        reason: &'static str,
    },
}

impl Mode {
    /// Checks that the two-phase method can search this mode.
    pub fn check(self) -> Result<(), ModeError> {
        let n = self.faces.count();
        if n >= 5 {
            return Ok(());
        }
        let reason = if n == 4
            && Face::ALL
                .iter()
                .any(|&f| !self.faces.has(f) && !self.faces.has(f.opposite()))
        {
            "two opposite faces are missing: in every frame phase 2 lacks the turns of one axis, \
             so it cannot solve G1 (rubik solve --moves with these faces runs the goal search, \
             exponential on a random state)"
        } else if n == 4 {
            "two adjacent faces are missing: the edge between them never moves, so most states \
             cannot be solved at all"
        } else {
            "some pieces never move, so most states cannot be solved at all"
        };
        Err(ModeError::TooFewFaces {
            faces: self.faces,
            reason,
        })
    }
}

/// The faces a frame may turn: frame face `f` is original face `face(urf3_conj_move[rot][3f])`.
fn frame_faces(faces: Faces, rot: usize) -> [bool; 6] {
    let map = &symmetries().urf3_conj_move[rot];
    std::array::from_fn(|f| faces.has(map[f * 3].face()))
}

/// Every table a robot mode's search reads.
pub struct RobotTables {
    plain: Arc<TwophaseTables>,
    sets: [FrameSet; 3],
    mode: Mode,
    /// Phase-1 quarter-turn distances ([`tables::PHASE1_QTM_PRUNE`]), for the quarter-turn
    /// metric (exact with six faces, a lower bound with five).
    quarter_phase1: Option<Arc<crate::store::Table<u8>>>,
    /// Phase-1 distances in the axial metric ([`tables::phase1_axial_spec`]), six faces.
    axial_phase1: Option<Arc<crate::store::Table<u8>>>,
    /// Phase-1 descent codes ([`descent::descent_spec`], [`descent::five_descent_spec`]), six
    /// faces in axial half turns or quarter turns and five faces in half turns, read when the
    /// file is there.
    descent: Option<Arc<crate::store::Table<u8>>>,
    /// Phase-1 distances with five faces ([`tables::PHASE1_FIVE_PRUNE`]), for five faces.
    five: Option<Arc<crate::store::Table<u8>>>,
    /// Phase-1 distances with five faces in the metric ([`tables::phase1_five_spec`]), for
    /// five faces in the quarter-turn and axial metrics.
    five_metric: Option<Arc<crate::store::Table<u8>>>,
    /// Phase-2 distances with five faces ([`tables::PHASE2_FIVE_PRUNE`]), for five faces.
    five2: Option<Arc<crate::store::Table<u8>>>,
    /// Phase-2 distances in the metric ([`tables::phase2_metric_spec`]), six faces.
    metric2: Option<Arc<crate::store::Table<u8>>>,
    /// Phase-2 distances with five faces in the metric ([`tables::phase2_five_metric_spec`]),
    /// for five faces in the quarter-turn and axial metrics.
    five_metric2: Option<Arc<crate::store::Table<u8>>>,
    /// The corners' distance in the mode ([`corners::corner_spec`]), where it has one, and
    /// its largest value.
    corners: Option<(Arc<crate::store::Table<u8>>, usize)>,
    /// Five faces in another metric than half turns: the same faces' half-turn tables, whose
    /// search gives a time-limited solve its first solution.
    half_turns: Option<Arc<RobotTables>>,
}

impl RobotTables {
    /// The tables of `mode`, assembled once per process and directory.
    pub fn shared(store: &Store, mode: Mode) -> Result<Arc<RobotTables>, TableError> {
        let key: &'static str = {
            use std::collections::HashMap;
            use std::sync::{Mutex, OnceLock};
            static KEYS: OnceLock<Mutex<HashMap<Mode, &'static str>>> = OnceLock::new();
            let mut keys = KEYS
                .get_or_init(Default::default)
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            keys.entry(mode).or_insert_with(|| {
                Box::leak(format!("robot tables {} {}", mode.faces, mode.metric).into_boxed_str())
            })
        };
        store.assemble(key, |store| RobotTables::load(store, mode))
    }

    fn load(store: &Store, mode: Mode) -> Result<RobotTables, TableError> {
        let plain = TwophaseTables::shared(store)?;
        let mut sets = Vec::with_capacity(3);
        for rot in 0..3 {
            let allowed = frame_faces(mode.faces, rot);
            let moves = robot_moves(allowed, mode.metric);
            let g1: Vec<u8> = (0..moves.len() as u8)
                .filter(|&i| moves[i as usize].in_g1)
                .collect();
            let g1_moves: Vec<RobotMove> = g1.iter().map(|&i| moves[i as usize]).collect();
            let letters: String = Face::ALL
                .iter()
                .zip(allowed)
                .filter(|(_, a)| *a)
                .map(|(f, _)| f.letter())
                .collect();
            let tables = FrameTables::get(
                store,
                &plain.moves,
                mode.metric,
                &letters,
                &moves,
                &g1_moves,
            )?;
            sets.push(FrameSet { moves, g1, tables });
        }
        let sets: [FrameSet; 3] = sets.try_into().unwrap_or_else(|_| unreachable!());
        // Six faces in quarter turns; five faces have their own quarter-turn table, and in the
        // axial quarter-turn metric the axial table's bound is at least half of these.
        let quarter_phase1 = if mode.metric == Metric::Qtm && mode.faces.count() == 6 {
            Some(store.get(&tables::PHASE1_QTM_PRUNE)?)
        } else {
            None
        };
        let axial_phase1 = match tables::phase1_axial_spec(mode.metric) {
            Some(spec) if mode.faces.count() == 6 => Some(store.get(spec)?),
            _ => None,
        };
        // Read when its file is there (the robot bench builds it, as `Store::build_all` of the
        // mode's specs does): 423 MB (QT) or 846 MB (AXHT), not built on first use.
        // Five faces in half turns: the same, 1.69 GB ([`descent::PHASE1_FIVE_DESCENT`]).
        let descent = match (
            descent::descent_spec(mode.metric),
            descent::five_descent_spec(mode.metric),
        ) {
            (Some(spec), _) if mode.faces.count() == 6 => if_built(store, spec)?,
            (_, Some(spec)) if mode.faces.count() == 5 => if_built(store, spec)?,
            _ => None,
        };
        let (five, five2) = if mode.faces.count() == 5 {
            (
                Some(store.get(&tables::PHASE1_FIVE_PRUNE)?),
                Some(store.get(&tables::PHASE2_FIVE_PRUNE)?),
            )
        } else {
            (None, None)
        };
        let five_metric = match tables::phase1_five_spec(mode.metric) {
            Some(spec) if mode.faces.count() == 5 => Some(store.get(spec)?),
            _ => None,
        };
        let metric2 = match tables::phase2_metric_spec(mode.metric) {
            Some(spec) if mode.faces.count() == 6 => Some(store.get(spec)?),
            _ => None,
        };
        // Read when its file is there (the robot bench builds it, as `Store::build_all` of the
        // mode's specs does; 4-10 minutes of CPU), not built on first use: without it five faces in these metrics
        // bound phase 2 by the half-turn table (the fewest-turn path, BENCHMARKS session 20).
        let five_metric2 = match tables::phase2_five_metric_spec(mode.metric) {
            Some(spec) if mode.faces.count() == 5 => if_built(store, spec)?,
            _ => None,
        };
        let corners = match corners::corner_spec(mode.metric, mode.faces.count() == 5) {
            Some((spec, max)) => Some((store.get(spec)?, max)),
            None => None,
        };
        let half_turns = if mode.faces.count() == 5 && mode.metric != Metric::Htm {
            Some(RobotTables::shared(
                store,
                Mode {
                    metric: Metric::Htm,
                    ..mode
                },
            )?)
        } else {
            None
        };
        Ok(RobotTables {
            plain,
            sets,
            mode,
            quarter_phase1,
            axial_phase1,
            descent,
            five,
            five_metric,
            five2,
            metric2,
            five_metric2,
            corners,
            half_turns,
        })
    }

    /// The plain two-phase tables these bounds build on.
    pub fn plain(&self) -> Arc<TwophaseTables> {
        self.plain.clone()
    }

    /// The mode these tables serve.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// What a user of this mode gains by building the one optional table it reads when
    /// present and has not got (five faces in QT or an axial metric: the phase-2 distances in
    /// the metric, too slow to build on first use), and the command that builds it; `None`
    /// when the mode reads every table it can.
    pub fn missing_table_hint(&self) -> Option<String> {
        let spec = tables::phase2_five_metric_spec(self.mode.metric)?;
        if self.mode.faces.count() != 5 || self.five_metric2.is_some() {
            return None;
        }
        Some(format!(
            "{faces} in {metric}: solutions found in 10 ms are 2-4 moves shorter with this mode's phase-2 \
             table ({name}, {mb} MB, built once in a few minutes: rubik tables build --faces \
             {faces} --metric {metric})",
            faces = self.mode.faces,
            metric = self.mode.metric,
            name = spec.table.name,
            mb = spec.table.payload_bytes() / 1_000_000,
        ))
    }

    /// Searches `cube` within `limits` (`max_length` in the mode's metric); with `solutions`
    /// above 1, collects that many distinct solutions within the bound, handing each to
    /// `on_found` as it is found.
    pub fn search(
        &self,
        cube: &CubieCube,
        limits: &Limits,
        solutions: usize,
        on_found: Option<OnFound<'_>>,
    ) -> (Vec<RobotSolution>, search::Outcome) {
        // A time-limited solve has no overall bound unless one is given: its first solution
        // comes from the first phase-1 end whose phase 2 fits (found in well under a
        // millisecond), and the bound falls below each solution found. Starting at the
        // default bound instead left some states with nothing within 10 ms (QTM ≤ 26). One
        // that does not improve still ends at the first solution within the default bound,
        // but when time runs out first it answers with the best found (before, nothing).
        let bound = match limits.max_length {
            Some(b) => b,
            None if limits.timeout.is_some() && solutions <= 1 => search::MAX_COST,
            None => self.mode.default_bound(),
        };
        let (improve, good_enough) = match limits.max_length {
            None if limits.timeout.is_some() && solutions <= 1 && !limits.improve => {
                (true, self.mode.default_bound())
            }
            _ => (limits.improve, 0),
        };
        let deadline = Deadline::starting_now(limits);
        // With no bound, a first solution comes from a half-turn search of the same faces
        // (the plain one with six faces; well under a millisecond: it stops at its first
        // solution), counted in the metric; the robot search then looks only for shorter
        // ones. Its own phase-1 bounds are weaker in the quarter-turn and axial metrics, where
        // its first solution could take more than 10 ms.
        let unbounded = bound == search::MAX_COST && solutions <= 1;
        let seed = if !unbounded || self.mode.metric == Metric::Htm {
            None
        } else if let Some(half) = &self.half_turns {
            let first = Limits {
                max_length: Some(search::MAX_COST),
                improve: false,
                ..limits.clone()
            };
            half.search(cube, &first, 1, None)
                .0
                .into_iter()
                .next()
                .map(|s| RobotSolution {
                    cost: self.mode.metric.length(&s.moves),
                    ..s
                })
        } else {
            super::Search::new(
                &self.plain.moves,
                &*self.plain,
                cube,
                search::MAX_COST,
                false,
                deadline.clone(),
            )
            .run()
            .best
            .map(|best| {
                let (moves, split) = best.moves();
                let cost = self.mode.metric.length(&moves);
                RobotSolution {
                    moves,
                    split,
                    rot: best.rot,
                    inverse: best.inverse,
                    cost,
                }
            })
        };
        if let Some(s) = &seed {
            super::stats::trace(|| super::stats::Event::Found {
                cost: s.cost as u8,
                cost1: self.mode.metric.length(if s.inverse {
                    &s.moves[s.split..]
                } else {
                    &s.moves[..s.split]
                }) as u8,
                frame: (s.rot * 2 + usize::from(s.inverse)) as u8,
                seed: true,
            });
        }
        if seed.as_ref().is_some_and(|s| s.cost <= good_enough) {
            return (seed.into_iter().collect(), search::Outcome::default());
        }
        let bound = seed
            .as_ref()
            .map_or(bound, |s| s.cost.saturating_sub(1).min(bound));
        let report = |f: &Found| {
            if let Some(cb) = on_found {
                cb(&self.moves_of(f).0);
            }
        };
        let report_ref: &(dyn Fn(&Found) + Sync) = &report;
        let outcome = RobotSearch::new(
            &self.plain,
            self.quarter_phase1.as_deref().map(|t| &t[..]),
            &self.sets,
            self.mode.metric,
            cube,
            bound,
            deadline,
        )
        .five_faces(
            self.five.as_deref().map(|t| &t[..]),
            self.five2.as_deref().map(|t| &t[..]),
        )
        .phase2_in_metric(self.metric2.as_deref().map(|t| &t[..]))
        .phase1_in_metric(self.axial_phase1.as_deref().map(|t| &t[..]))
        .phase1_descent(self.descent.as_deref().map(|t| &t[..]))
        .five_faces_in_metric(self.five_metric.as_deref().map(|t| &t[..]))
        .five_phase2_in_metric(self.five_metric2.as_deref().map(|t| &t[..]))
        .corner_bound(
            self.corners.as_ref().map(|(t, _)| &t[..]),
            self.corners.as_ref().map_or(0, |&(_, max)| max),
        )
        .improving(improve)
        .good_enough(good_enough)
        .collecting(solutions, on_found.map(|_| report_ref))
        .run();
        let mut out: Vec<RobotSolution> = Vec::new();
        let found: Vec<&Found> = if solutions > 1 {
            outcome.found.iter().collect()
        } else {
            outcome.found.last().into_iter().collect()
        };
        for f in found {
            let (moves, split) = self.moves_of(f);
            if out.iter().any(|s| s.moves == moves) {
                continue;
            }
            out.push(RobotSolution {
                moves,
                split,
                rot: f.rot,
                inverse: f.inverse,
                cost: f.cost,
            });
        }
        if out.is_empty() {
            out.extend(seed);
        }
        (out, outcome)
    }

    /// A solution's moves in the cube's own frame, and where its second step starts.
    fn moves_of(&self, f: &Found) -> (Vec<Move>, usize) {
        let map = &symmetries().urf3_conj_move[f.rot];
        let set = &self.sets[f.rot];
        let conv = |path: &[u8]| -> Vec<Vec<Move>> {
            path.iter()
                .map(|&i| {
                    set.moves[i as usize]
                        .moves()
                        .map(|m| map[m.index()])
                        .collect()
                })
                .collect()
        };
        let (p1, p2) = (conv(&f.phase1), conv(&f.phase2));
        let flat = |groups: Vec<Vec<Move>>| -> Vec<Move> { groups.into_iter().flatten().collect() };
        if f.inverse {
            let undo = |groups: Vec<Vec<Move>>| -> Vec<Vec<Move>> {
                groups
                    .into_iter()
                    .rev()
                    .map(|g| g.into_iter().map(|m| m.inverse()).collect())
                    .collect()
            };
            let first = flat(undo(p2));
            let split = first.len();
            let mut all = first;
            all.extend(flat(undo(p1)));
            (all, split)
        } else {
            let first = flat(p1);
            let split = first.len();
            let mut all = first;
            all.extend(flat(p2));
            (all, split)
        }
    }
}

/// `spec`'s table when its file is there, else `None` (not built on first use).
fn if_built(
    store: &Store,
    spec: &'static crate::store::Spec<u8>,
) -> Result<Option<Arc<crate::store::Table<u8>>>, TableError> {
    match store.status(&spec.table, false) {
        crate::store::Status::Present => Ok(Some(store.get(spec)?)),
        _ => Ok(None),
    }
}

/// The registered tables a mode reads besides the plain ones (the small per-frame tables are
/// had from the store by name as the mode's moves need them).
pub fn table_specs(mode: Mode) -> Vec<&'static dyn crate::store::AnySpec> {
    let mut specs: Vec<&'static dyn crate::store::AnySpec> = Vec::new();
    if mode.metric == Metric::Qtm && mode.faces.count() == 6 {
        specs.push(&tables::PHASE1_QTM_PRUNE);
    }
    if let Some(spec) = tables::phase1_axial_spec(mode.metric) {
        if mode.faces.count() == 6 {
            specs.push(spec);
        }
    }
    if let Some(spec) = descent::descent_spec(mode.metric) {
        if mode.faces.count() == 6 {
            specs.push(spec);
        }
    }
    if mode.faces.count() == 5 {
        specs.push(&tables::PHASE1_FIVE_PRUNE);
        specs.push(&tables::PHASE2_FIVE_PRUNE);
        if let Some(spec) = descent::five_descent_spec(mode.metric) {
            specs.push(spec);
        }
        if let Some(spec) = tables::phase1_five_spec(mode.metric) {
            specs.push(spec);
        }
        if let Some(spec) = tables::phase2_five_metric_spec(mode.metric) {
            specs.push(spec);
        }
    }
    if let Some(spec) = tables::phase2_metric_spec(mode.metric) {
        if mode.faces.count() == 6 {
            specs.push(spec);
        }
    }
    if let Some((spec, _)) = corners::corner_spec(mode.metric, mode.faces.count() == 5) {
        specs.push(spec);
    }
    specs
}

/// The five faces `moves` turns, when it is exactly every turn of five faces (the move set a
/// robot holding the cube by its sixth face has).
pub fn five_faces(moves: &rubik_cube::MoveSet) -> Option<Faces> {
    let list = moves.face_moves()?;
    let mut bits = 0u8;
    for m in &list {
        bits |= 1 << m.face() as u8;
    }
    let faces = Faces(bits);
    (faces.count() == 5 && list.len() == 15).then_some(faces)
}

/// A two-phase solver for `faces` (the rest of `config`'s options kept: the metric).
pub fn solver_for_faces(
    config: &crate::SolverConfig,
    faces: Faces,
) -> Result<super::TwophaseSolver, crate::SolveError> {
    let mut config = config.clone();
    let name = super::FACES.name_of(faces);
    config
        .options
        .set("faces", Some(name))
        .map_err(|_| crate::SolveError::Unavailable("twophase with these faces"))?;
    super::TwophaseSolver::new(&config)
}

/// Receives each solution as it is found (`--solutions N`, streamed).
pub type OnFound<'a> = &'a (dyn Fn(&[Move]) + Sync);

/// A solution of a robot search, in the cube's frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotSolution {
    /// The face turns, in order (an axial move's two turns next to each other).
    pub moves: Vec<Move>,
    /// Where the second step starts.
    pub split: usize,
    /// The frame's rotation index (which axis played U–D).
    pub rot: usize,
    /// Whether it was found on the inverse cube (its G1 part comes first).
    pub inverse: bool,
    /// Its cost in the mode's metric.
    pub cost: usize,
}

#[cfg(test)]
mod tests;
