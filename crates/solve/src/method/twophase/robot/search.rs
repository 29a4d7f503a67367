//! The two-phase search for a robot: the plain search's frames and phases, with the robot's
//! moves (a subset of the faces; axial moves) and their costs. Phase 1 takes the cube into G1
//! with any of the frame's moves, phase 2 solves it with the frame's moves that keep G1; the
//! phase-1 cost is raised step by step over all frames together, and within a phase the
//! search is an IDA* on cost.
//!
//! Bounds: the plain two-phase tables' half-turn distances (a lower bound for any subset of
//! the moves; halved, rounded up, for axial moves, which make at most two turns), the
//! mode's own small tables ([`super::tables`]), exact in its metric with its moves, and the
//! phase-1 tables in the metric (six faces: QTM and the axial metrics; five faces: the same
//! three), exact in it, which replace the halved half-turn bound where they exist.

use super::descent::{self, DescentMap};
#[path = "walk.rs"]
mod walk;

#[cfg(test)]
thread_local! {
    /// Tests: search the coded phase 1 recursively on this thread (the walkers' answers are
    /// compared with it).
    pub(super) static RECURSIVE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the coded phase 1 may be walked ([`walk`]); only tests say no.
fn walk_on() -> bool {
    #[cfg(test)]
    if RECURSIVE.with(|r| r.get()) {
        return false;
    }
    true
}
use super::mode::{may_follow, may_follow_across, may_start_phase2, Metric, RobotMove};
use super::tables::FrameTables;
use super::tables::{five_index, five_index2, SIDE_FACES};
use crate::coord::symmetry::rotate_urf3;
use crate::coord::{self, N_FLIP, N_SLICE, N_SLICE_PERM, N_UD_EDGES};
use crate::method::twophase::stats;
use crate::method::twophase::tables::{phase1_entry, TwophaseTables};
use crate::prefetch::prefetch;
use crate::store::bfs::nibble;
use crate::Deadline;
use rubik_cube::cubie::MOVE_CUBES;
use rubik_cube::CubieCube;

/// The most a solution may cost in any metric (the bound of a solve with none given).
pub const MAX_COST: usize = 40;
/// How many nodes between two looks at the clock.
const CLOCK_MASK: u64 = 0x3FF;
/// Five faces in the quarter-turn and axial metrics, improving: how far above its bound
/// phase 2 is searched in the metric (0 against 1: the same mean QT length and 0.3 shorter
/// axial on 100 development states, BENCHMARKS issue 38 session 20).
const WEAK_SLACK: usize = 0;
/// Without `improve`, a first solution whose phase-1 cost is below this does not end the
/// search: the phase-1 trees below it are tiny, and a lightly scrambled cube gets a short
/// solution (as in the plain search).
const SHORT_PHASE1_COST: usize = 7;

/// The moves and tables of one search frame (one axis playing U–D).
pub struct FrameSet {
    /// The frame's moves.
    pub moves: Vec<RobotMove>,
    /// Indices into `moves` of the moves that keep G1.
    pub g1: Vec<u8>,
    /// The mode's tables for these moves.
    pub tables: FrameTables,
}

/// The most moves a frame has (18 face turns and 27 axial pairs with all faces).
const MAX_MOVES: usize = 48;

/// A phase-1 child between the two passes of [`RobotSearch::phase1`].
#[derive(Clone, Copy, Default)]
struct Kid {
    mv: u8,
    coords: [u16; 3],
    /// Cost left after its move.
    left: u8,
    small: u8,
    half: u32,
    entry: u32,
    /// [`RobotSearch::phase1_coded`]: the corner permutation (and `coords[2]` is the sorted
    /// slice coordinate).
    corners: u16,
    /// [`RobotSearch::phase1_coded`]: [`UNCODED_KID`], [`CORNER_CHECK`], [`CORNER_CUT`].
    flags: u8,
}

/// [`Kid::flags`]: a move the code does not describe, its child's distance (`small` a lower
/// bound) to be read in the table.
const UNCODED_KID: u8 = 1;
/// [`Kid::flags`]: the child is checked against the corners' distance, whose entry `entry`
/// holds until [`RobotSearch::coded_entries`] reads it.
const CORNER_CHECK: u8 = 2;
/// [`Kid::flags`]: the corners' distance exceeds the child's cost left within the bound.
const CORNER_CUT: u8 = 4;

/// Coded phase-1 children with at most this much phase-1 cost left are checked against the
/// corners' distance (AXHT ≤ 16, 50 development states, thread CPU time against none: 2 →
/// 0.87-0.95×, 3 → 0.85-1.03×, 1 cut as many ends but fewer nodes; BENCHMARKS, issue 38,
/// session 33).
const CORNER_CHECK_LEFT: usize = 2;

/// A phase-1 node searched by the descent codes ([`RobotSearch::phase1_coded`]).
#[derive(Clone, Copy)]
struct Node {
    /// Flip, twist, sorted slice ([`coord::slice_sorted`]: 24 · slice + order), corner
    /// permutation.
    coords: [usize; 4],
    /// Its exact distance to G1 in the metric.
    dist: usize,
    /// Its entry in the descent codes (the phase-1 entry; with five faces, its five-face
    /// index) and the symmetry taking it to the entry's representative.
    entry: usize,
    sym: usize,
}

/// No missing side face (six faces, or U or D missing).
const NO_SIDE: usize = usize::MAX;

/// The frame's missing face when its moves turn every face but one side face (an index into
/// [`SIDE_FACES`]); [`NO_SIDE`] otherwise.
fn missing_side(set: &FrameSet) -> usize {
    let turned = set.moves.iter().fold(0u8, |m, rm| m | 1 << rm.face);
    let missing = !turned & 0b11_1111;
    if missing.count_ones() != 1 {
        return NO_SIDE;
    }
    let face = missing.trailing_zeros() as usize;
    SIDE_FACES
        .iter()
        .position(|&f| f == face)
        .unwrap_or(NO_SIDE)
}

/// `[rot][i]`: frame set `rot`'s move `i` as an index into `map`'s moves
/// ([`DescentMap::frame_moves`]); `None` when a move of some set is not among them.
fn frame_slots(sets: &[FrameSet; 3], map: &DescentMap) -> Option<[[u8; MAX_MOVES]; 3]> {
    let mut slots = [[0u8; MAX_MOVES]; 3];
    for (set, row) in sets.iter().zip(&mut slots) {
        for (m, slot) in set.moves.iter().zip(row.iter_mut()) {
            *slot = map.frame_moves.iter().position(|f| f == m)? as u8;
        }
    }
    Some(slots)
}

/// One of the (up to) six frames a cube is searched in.
struct Frame {
    rot: usize,
    inverse: bool,
    cube: CubieCube,
    coords: (u16, u16, u16),
    /// The frame's missing face when it is a side face (an index into
    /// [`super::tables::SIDE_FACES`]), else [`NO_SIDE`].
    missing: usize,
}

/// A solution in the frame it was found in: robot moves (indices into the frame's list).
#[derive(Clone, Debug)]
pub struct Found {
    /// The frame's rotation index.
    pub rot: usize,
    /// Whether the inverse cube was solved.
    pub inverse: bool,
    /// Phase-1 moves.
    pub phase1: Vec<u8>,
    /// Phase-2 moves.
    pub phase2: Vec<u8>,
    /// Its cost in the metric.
    pub cost: usize,
}

/// What a search ended with.
#[derive(Default)]
pub struct Outcome {
    /// The solutions found, in the order found (the best last when only the best is kept).
    pub found: Vec<Found>,
    /// Whether time ran out (or the solve was cancelled).
    pub timed_out: bool,
    /// Nodes visited.
    #[allow(dead_code)] // read by measurements
    pub nodes: u64,
}

/// The search of one cube.
pub struct RobotSearch<'a> {
    plain: &'a TwophaseTables,
    /// Phase-1 quarter-turn distances, same index as the plain phase-1 table.
    quarter1: Option<&'a [u8]>,
    /// Five faces: the phase-1 distances ([`super::tables::PHASE1_FIVE_PRUNE`]) and how the
    /// symmetries move the missing side face ([`super::tables::side_perm`]).
    five: Option<(&'a [u8], [[u8; 4]; 16])>,
    /// Five faces in the quarter-turn and axial metrics: the phase-1 distances in the metric
    /// ([`super::tables::phase1_five_spec`]), same index as the five-face table.
    five_metric: Option<&'a [u8]>,
    /// Five faces: the phase-2 distances ([`super::tables::PHASE2_FIVE_PRUNE`]).
    five2: Option<&'a [u8]>,
    /// Axial metrics: the phase-1 distances in the metric with six faces
    /// ([`super::tables::phase1_axial_spec`]), same index as the plain phase-1 table.
    axial1: Option<&'a [u8]>,
    /// Six faces in axial half turns or quarter turns, five faces in half turns: the phase-1
    /// descent codes ([`super::descent::descent_spec`], [`super::descent::five_descent_spec`])
    /// and where a node's moves are in them; phase 1 then reads one entry per node, its own,
    /// in place of its children's distances.
    descent: Option<(&'a [u8], &'static DescentMap)>,
    /// `[rot][i]`: frame set `rot`'s move `i` as an index into the descent map's moves
    /// ([`DescentMap::frame_moves`]; the identity with six faces).
    slots: [[u8; MAX_MOVES]; 3],
    /// Six faces: the phase-2 distances in the metric ([`super::tables::phase2_metric_spec`]),
    /// one byte per entry of the plain phase-2 index.
    metric2: Option<&'a [u8]>,
    /// Five faces in the quarter-turn and axial metrics: the phase-2 distances in the metric
    /// ([`super::tables::phase2_five_metric_spec`]), one byte per entry of the five-face
    /// phase-2 index.
    five_metric2: Option<&'a [u8]>,
    /// The corners' distance in the mode ([`super::corners::corner_spec`]), checked for coded
    /// phase-1 children near G1.
    corners: Option<&'a [u8]>,
    /// The largest distance in `corners`: a child with more cost left than this within the
    /// bound cannot fail the check.
    corner_max: usize,
    sets: &'a [FrameSet; 3],
    metric: Metric,
    frames: Vec<Frame>,
    frame: usize,
    /// The phase-1 cost being searched (every phase-1 path of this round costs it).
    cost1: usize,
    path1: Vec<u8>,
    path2: Vec<u8>,
    /// Solutions must cost at most this much.
    bound: usize,
    improve: bool,
    /// Improving, stop at a solution costing at most this much (0: only the time stops it).
    good_enough: usize,
    /// Stop once this many distinct solutions are found (1: keep only the best).
    wanted: usize,
    deadline: Deadline,
    nodes: u64,
    timed_out: bool,
    found: Vec<Found>,
    on_found: Option<&'a (dyn Fn(&Found) + Sync)>,
}

impl<'a> RobotSearch<'a> {
    /// A search of `cube` for solutions costing at most `bound`.
    pub fn new(
        plain: &'a TwophaseTables,
        quarter1: Option<&'a [u8]>,
        sets: &'a [FrameSet; 3],
        metric: Metric,
        cube: &CubieCube,
        bound: usize,
        deadline: Deadline,
    ) -> Self {
        let mut frames: Vec<Frame> = Vec::with_capacity(6);
        let inverse = cube.inverse();
        for (rot, set) in sets.iter().enumerate() {
            for inv in [false, true] {
                let c = rotate_urf3(if inv { &inverse } else { cube }, rot);
                if frames.iter().any(|f| f.rot == rot && f.cube == c) {
                    continue;
                }
                let missing = missing_side(set);
                let coords = (
                    coord::flip(&c) as u16,
                    coord::twist(&c) as u16,
                    coord::slice(&c) as u16,
                );
                frames.push(Frame {
                    rot,
                    inverse: inv,
                    cube: c,
                    coords,
                    missing,
                });
            }
        }
        RobotSearch {
            plain,
            quarter1,
            five: None,
            five2: None,
            five_metric: None,
            axial1: None,
            descent: None,
            slots: [[0; MAX_MOVES]; 3],
            metric2: None,
            five_metric2: None,
            corners: None,
            corner_max: 0,
            sets,
            metric,
            frames,
            frame: 0,
            cost1: 0,
            path1: Vec::with_capacity(MAX_COST),
            path2: Vec::with_capacity(MAX_COST),
            bound: bound.min(MAX_COST),
            improve: false,
            good_enough: 0,
            wanted: 1,
            deadline,
            nodes: 0,
            timed_out: false,
            found: Vec::new(),
            on_found: None,
        }
    }

    /// Five faces: bound phase 1 by `table` ([`super::tables::PHASE1_FIVE_PRUNE`]) and phase 2
    /// by `table2` ([`super::tables::PHASE2_FIVE_PRUNE`]), and search only the frames whose U–D
    /// axis has all its turns (the missing face a side face).
    pub fn five_faces(mut self, table: Option<&'a [u8]>, table2: Option<&'a [u8]>) -> Self {
        if let Some(t) = table {
            self.frames.retain(|f| f.missing != NO_SIDE);
            self.five = Some((t, super::tables::side_perm()));
            self.five2 = table2;
        }
        self
    }

    /// Six faces in a metric other than half turns: bound phase 2 by `table`, its exact
    /// distances in the metric ([`super::tables::phase2_metric_spec`]).
    pub fn phase2_in_metric(self, table: Option<&'a [u8]>) -> Self {
        RobotSearch {
            metric2: table,
            ..self
        }
    }

    /// Five faces in the quarter-turn and axial metrics: bound phase 1 by `table`, exact in the
    /// metric ([`super::tables::phase1_five_spec`]), in place of the half-turn table (at most
    /// it, halved for axial moves).
    pub fn five_faces_in_metric(self, table: Option<&'a [u8]>) -> Self {
        RobotSearch {
            five_metric: table,
            ..self
        }
    }

    /// Five faces in the quarter-turn and axial metrics: bound phase 2 by `table`, exact in the
    /// metric ([`super::tables::phase2_five_metric_spec`]), in place of the half-turn table.
    pub fn five_phase2_in_metric(self, table: Option<&'a [u8]>) -> Self {
        RobotSearch {
            five_metric2: table,
            ..self
        }
    }

    /// Axial metrics: bound phase 1 by `table`, its exact distances in the metric with six
    /// faces ([`super::tables::phase1_axial_spec`]; a lower bound with five).
    pub fn phase1_in_metric(self, table: Option<&'a [u8]>) -> Self {
        RobotSearch {
            axial1: table,
            ..self
        }
    }

    /// Six faces in axial half turns or quarter turns, five faces in half turns: search phase
    /// 1 by `table`'s descent codes ([`super::descent::descent_spec`],
    /// [`super::descent::five_descent_spec`]): a node's children's distances from one read of
    /// its own entry. Taken only where the codes' map covers the frames' moves (a metric with
    /// codes for the faces, its exact phase-1 table given); `table` must be the codes of the
    /// table given to [`Self::phase1_in_metric`] (axial), to [`Self::new`] (quarter turns) or
    /// to [`Self::five_faces`] (five faces, half turns), and [`Self::five_faces`] must come
    /// first.
    pub fn phase1_descent(self, table: Option<&'a [u8]>) -> Self {
        let five = self.five.is_some();
        let layout = if five {
            descent::five_layout(self.metric)
        } else {
            descent::layout(self.metric)
        };
        let map = layout.map(DescentMap::shared);
        let exact = map.is_some_and(|map| {
            if five {
                // Five faces' half-turn table is exact in half turns, with every frame
                // missing a side face.
                self.five_metric.is_none() && self.frames.iter().all(|f| f.missing != NO_SIDE)
            } else {
                self.exact1().is_some() && self.sets.iter().all(|s| s.moves == map.frame_moves)
            }
        });
        let slots = map
            .filter(|_| exact)
            .and_then(|map| frame_slots(self.sets, map));
        match (table, map, slots) {
            (Some(table), Some(map), Some(slots)) => RobotSearch {
                descent: Some((table, map)),
                slots,
                ..self
            },
            _ => self,
        }
    }

    /// The index in the descent codes of a node in frame missing `missing` with phase-1
    /// `entry` and symmetry `sym`: the entry itself with six faces, its five-face index
    /// ([`five_index`]) with five.
    #[inline(always)]
    fn coded_index(&self, entry: usize, sym: usize, missing: usize) -> usize {
        match self.five {
            Some((_, ref perm)) => five_index(entry, sym, missing, perm),
            None => entry,
        }
    }

    /// Six faces: the phase-1 table exact in the metric (axial or quarter turns), if any.
    #[inline(always)]
    fn exact1(&self) -> Option<&'a [u8]> {
        self.axial1.or(self.quarter1)
    }

    /// Check coded phase-1 children near G1 against the corners' distance in `table`
    /// ([`super::corners::corner_spec`] of the mode), whose largest distance is `max`.
    pub fn corner_bound(self, table: Option<&'a [u8]>, max: usize) -> Self {
        RobotSearch {
            corners: table,
            corner_max: max,
            ..self
        }
    }

    /// Keep lowering the bound below each solution found until time runs out.
    pub fn improving(self, improve: bool) -> Self {
        RobotSearch { improve, ..self }
    }

    /// Improving, end the search at the first solution costing at most `cost`.
    pub fn good_enough(self, cost: usize) -> Self {
        RobotSearch {
            good_enough: cost,
            ..self
        }
    }

    /// Collect up to `n` distinct solutions within the bound (the bound is not lowered), each
    /// handed to `on_found` as it is found.
    pub fn collecting(self, n: usize, on_found: Option<&'a (dyn Fn(&Found) + Sync)>) -> Self {
        RobotSearch {
            wanted: n.max(1),
            on_found,
            ..self
        }
    }

    /// The phase-1 bound of (flip, twist, slice) in frame set `set`, whose missing side face is
    /// `missing` ([`NO_SIDE`]: none).
    #[inline(always)]
    fn bound1(
        &self,
        set: &FrameSet,
        missing: usize,
        flip: usize,
        twist: usize,
        slice: usize,
    ) -> usize {
        let (small, half, entry) = self.start1(set, missing, flip, twist, slice);
        self.finish1(missing, small, half, entry)
    }

    /// The first, cheap part of [`Self::bound1`]: the bound of the frame's small tables, and
    /// the entries to read in the large ones (the half-turn table's, the plain phase-1
    /// entry), so that their reads can be requested for several children at once.
    #[inline(always)]
    fn start1(
        &self,
        set: &FrameSet,
        missing: usize,
        flip: usize,
        twist: usize,
        slice: usize,
    ) -> (u8, usize, usize) {
        let t = &set.tables;
        let a = t.twist_slice[twist * N_SLICE + slice];
        let b = t.flip_slice[flip * N_SLICE + slice];
        let (entry, sym) = self.entry_of(flip, twist, slice);
        let half = match self.five {
            Some((_, ref perm)) if missing != NO_SIDE => five_index(entry, sym, missing, perm),
            _ => entry,
        };
        (a.max(b), half, entry)
    }

    /// The half-turn phase-1 table a frame missing `missing` reads: the five-face one when the
    /// missing face is a side face, else the plain one.
    #[inline(always)]
    fn half_table(&self, missing: usize) -> &'a [u8] {
        if let Some(q) = self.five_metric {
            if missing != NO_SIDE {
                return q;
            }
        }
        match self.five {
            Some((five, _)) if missing != NO_SIDE => five,
            _ => &self.plain.phase1_prune,
        }
    }

    /// Asks the processor to start loading what [`Self::finish1`] will read.
    #[inline(always)]
    fn prefetch1(&self, missing: usize, half: usize, entry: usize) {
        if let Some(a) = self.axial1 {
            prefetch(a, entry >> 1);
            if self.five.is_none() {
                return;
            }
        }
        prefetch(self.half_table(missing), half >> 1);
        if let Some(q) = self.quarter1 {
            prefetch(q, entry >> 1);
        }
    }

    /// The rest of [`Self::bound1`] after [`Self::start1`].
    #[inline(always)]
    fn finish1(&self, missing: usize, small: u8, half: usize, entry: usize) -> usize {
        let small = match self.axial1 {
            Some(a) => {
                let d = small.max(nibble(a, entry));
                // Six faces: exact in the metric; the half-turn bound is at most it.
                if self.five.is_none() {
                    return d as usize;
                }
                d
            }
            None => small,
        };
        if self.five_metric.is_some() && missing != NO_SIDE {
            // Five faces, quarter-turn or axial metric: exact in the metric.
            return small.max(nibble(self.half_table(missing), half)) as usize;
        }
        let htm = nibble(self.half_table(missing), half);
        let c = match self.quarter1 {
            // Quarter turns: exact in QTM with six faces; an axial quarter-turn move makes at
            // most two.
            Some(q) => {
                let d = nibble(q, entry);
                let d = if self.metric.is_axial() {
                    d.div_ceil(2)
                } else {
                    d
                };
                d.max(self.metric.from_htm(htm))
            }
            None => self.metric.from_htm(htm),
        };
        small.max(c) as usize
    }

    /// The phase-2 bound of (corners, U/D edges, slice permutation) in frame set `set`, whose
    /// missing side face is `missing` ([`NO_SIDE`]: none); any value above `within` when the
    /// frame's small tables already say it is above `within` (the large table is not read).
    #[inline(always)]
    fn bound2(
        &self,
        set: &FrameSet,
        missing: usize,
        corners: usize,
        ud: usize,
        sp: usize,
        within: usize,
    ) -> usize {
        let t = &set.tables;
        let a = t.corner_slice[corners * N_SLICE_PERM + sp];
        let b = t.edge_slice[ud * N_SLICE_PERM + sp];
        if a.max(b) == u8::MAX || a.max(b) as usize > within {
            return usize::MAX;
        }
        let htm = match (self.five2, &self.five) {
            // Five faces, the missing one a side face, in the metric's own table: exact.
            (_, Some((_, perm))) if missing != NO_SIDE && self.five_metric2.is_some() => {
                let t = self.five_metric2.unwrap_or_default();
                let cs = self.plain.corner_sym[corners];
                let ud_c = self.plain.ud_edge_conj[ud * 16 + (cs & 15) as usize] as usize;
                return a.max(b).max(t[five_index2(cs, ud_c, missing, perm)]) as usize;
            }
            // Five faces, the missing one a side face: exact in half turns with the nine moves.
            (Some(five2), Some((_, perm))) if missing != NO_SIDE => {
                let cs = self.plain.corner_sym[corners];
                let ud_c = self.plain.ud_edge_conj[ud * 16 + (cs & 15) as usize] as usize;
                nibble(five2, five_index2(cs, ud_c, missing, perm))
            }
            _ => match self.metric2 {
                // Six faces: exact in the metric with the frame's moves.
                Some(t) => {
                    let cs = self.plain.corner_sym[corners] as usize;
                    let ud_c = self.plain.ud_edge_conj[ud * 16 + (cs & 15)] as usize;
                    return a.max(b).max(t[(cs >> 4) * N_UD_EDGES + ud_c]) as usize;
                }
                None => self.plain.phase2_distance(corners, ud),
            },
        };
        a.max(b).max(self.metric.from_htm(htm)) as usize
    }

    /// Runs the search.
    pub fn run(mut self) -> Outcome {
        let mut cost1 = 0;
        let mut walkers = Vec::new();
        'outer: while cost1 <= self.bound {
            stats::trace(|| stats::Event::Depth { cost1: cost1 as u8 });
            if self.descent.is_some() && self.walks(cost1) && walk_on() {
                if walkers.is_empty() {
                    walkers = walk::take_walkers();
                }
                let stop = if self.metric == Metric::Qtm {
                    self.phase1_walked::<true>(cost1, &mut walkers)
                } else {
                    self.phase1_walked::<false>(cost1, &mut walkers)
                };
                if stop {
                    break 'outer;
                }
                cost1 += 1;
                continue;
            }
            for f in 0..self.frames.len() {
                self.frame = f;
                let (flip, twist, slice) = self.frames[f].coords;
                let set = &self.sets[self.frames[f].rot];
                let missing = self.frames[f].missing;
                let (flip, twist, slice) = (flip as usize, twist as usize, slice as usize);
                if self.bound1(set, missing, flip, twist, slice) > cost1 {
                    continue;
                }
                self.path1.clear();
                self.cost1 = cost1;
                let stop = if self.descent.is_some() {
                    let node = self.coded_root(f);
                    // Quarter turns leave the half turns uncoded; the axial half-turn
                    // search is compiled without their branch.
                    if self.metric == Metric::Qtm {
                        self.phase1_coded::<true>(node, cost1)
                    } else {
                        self.phase1_coded::<false>(node, cost1)
                    }
                } else {
                    self.phase1(flip, twist, slice, cost1)
                };
                if stop {
                    break 'outer;
                }
            }
            cost1 += 1;
            if self.wanted == 1
                && !self.found.is_empty()
                && !self.improve
                && cost1 > SHORT_PHASE1_COST
            {
                break;
            }
        }
        walk::keep_walkers(walkers);
        Outcome {
            found: self.found,
            timed_out: self.timed_out,
            nodes: self.nodes,
        }
    }

    /// The plain phase-1 entry of (flip, twist, slice) and the symmetry taking it there.
    #[inline(always)]
    fn entry_of(&self, flip: usize, twist: usize, slice: usize) -> (usize, usize) {
        phase1_entry(
            &self.plain.flipslice_sym,
            &self.plain.twist_conj,
            flip,
            twist,
            slice,
        )
    }

    /// Frame `f`'s start as a node of the coded search ([`Self::phase1_coded`]).
    fn coded_root(&self, f: usize) -> Node {
        let fr = &self.frames[f];
        let (flip, twist, slice) = fr.coords;
        let (flip, twist, slice) = (flip as usize, twist as usize, slice as usize);
        let dist = self.bound1(&self.sets[fr.rot], fr.missing, flip, twist, slice);
        let (entry, sym) = self.entry_of(flip, twist, slice);
        Node {
            coords: [
                flip,
                twist,
                coord::slice_sorted(&fr.cube),
                coord::corners(&fr.cube),
            ],
            dist,
            entry: self.coded_index(entry, sym, fr.missing),
            sym,
        }
    }

    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & CLOCK_MASK == 0 && self.deadline.passed() {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Phase 1 costing exactly `togo` more; `true` stops the whole search.
    fn phase1(&mut self, flip: usize, twist: usize, slice: usize, togo: usize) -> bool {
        if self.tick() {
            return true;
        }
        let sets = self.sets;
        let set = &sets[self.frames[self.frame].rot];
        let missing = self.frames[self.frame].missing;
        if togo == 0 {
            // In G1 (the bound is 0 only there); a path whose last move keeps G1 is covered by
            // the shorter one without it.
            if let Some(&last) = self.path1.last() {
                if set.moves[last as usize].in_g1 {
                    return false;
                }
            }
            stats::add(|s| &mut s.leaves, 1);
            return self.phase2_from_here();
        }
        stats::add(|s| &mut s.phase1_nodes, 1);
        let mv = &self.plain.moves;
        let prev = self.path1.last().map(|&i| set.moves[i as usize]);
        // The children are found in three passes, so that their cache misses overlap: the
        // first moves the coordinates and requests the small tables' entries and the
        // flip-slice class, the second reads them and requests the large tables' entries, the
        // third reads those and searches on. A child with nothing left to spend needs no
        // table: its bound is 0 exactly in G1.
        let mut kids = [Kid::default(); MAX_MOVES];
        let mut n = 0;
        let t = &set.tables;
        for (i, rm) in set.moves.iter().enumerate() {
            let cost = rm.cost as usize;
            if cost > togo || prev.is_some_and(|p| !may_follow(self.metric, &p, rm)) {
                continue;
            }
            if cost == togo && rm.in_g1 {
                continue;
            }
            let (mut f, mut t1, mut s) = (flip, twist, slice);
            for &m in &rm.turns[..rm.len as usize] {
                let m = m as usize;
                f = mv.flip_move[f * 18 + m] as usize;
                t1 = mv.twist_move[t1 * 18 + m] as usize;
                s = mv.slice_move[s * 18 + m] as usize;
            }
            let left = togo - cost;
            if left == 0 && (f != 0 || t1 != 0 || s != 0) {
                continue;
            }
            if left > 0 {
                prefetch(&t.twist_slice, t1 * N_SLICE + s);
                prefetch(&t.flip_slice, f * N_SLICE + s);
                prefetch(&self.plain.flipslice_sym, s * N_FLIP + f);
            }
            kids[n] = Kid {
                mv: i as u8,
                coords: [f as u16, t1 as u16, s as u16],
                left: left as u8,
                ..Kid::default()
            };
            n += 1;
        }
        let mut kept = 0;
        for k in 0..n {
            let mut kid = kids[k];
            if kid.left > 0 {
                let [f, t1, s] = kid.coords.map(usize::from);
                let (small, half, entry) = self.start1(set, missing, f, t1, s);
                if small > kid.left {
                    continue;
                }
                self.prefetch1(missing, half, entry);
                kid.small = small;
                kid.half = half as u32;
                kid.entry = entry as u32;
            }
            kids[kept] = kid;
            kept += 1;
        }
        let n = kept;
        for kid in &kids[..n] {
            let left = kid.left as usize;
            if left > 0
                && self.finish1(missing, kid.small, kid.half as usize, kid.entry as usize) > left
            {
                continue;
            }
            let [f, t, s] = kid.coords.map(usize::from);
            if let Some(stop) = self.descend(kid.mv, |me| me.phase1(f, t, s, left)) {
                return stop;
            }
        }
        false
    }

    /// Searches on after the phase-1 move `mv` (`search`, with `mv` on `path1`): `Some` of
    /// what the node returns when it must stop, because the search ends or a solution found
    /// lowered the bound below this branch; `None` to go on to the next child.
    #[inline(always)]
    fn descend(&mut self, mv: u8, search: impl FnOnce(&mut Self) -> bool) -> Option<bool> {
        self.path1.push(mv);
        let stop = search(self);
        self.path1.pop();
        if stop {
            return Some(true);
        }
        // A solution was found and the bound fell below this branch.
        (self.cost1 > self.bound).then_some(false)
    }

    /// [`Self::phase1`] by the descent codes: the node's exact distance `node.dist` and its
    /// children's from its own entry; a child that cannot come within the cost left is
    /// neither moved nor read. `UNCODED`: the frame has moves the code does not describe
    /// ([`descent::UNCODED`]). `true` stops the whole search.
    fn phase1_coded<const UNCODED: bool>(&mut self, node: Node, togo: usize) -> bool {
        if self.tick() {
            return true;
        }
        let sets = self.sets;
        let rot = self.frames[self.frame].rot;
        let missing = self.frames[self.frame].missing;
        let set = &sets[rot];
        if togo == 0 {
            // In G1 (the distance is 0 only there); as in `phase1`.
            if let Some(&last) = self.path1.last() {
                if set.moves[last as usize].in_g1 {
                    return false;
                }
            }
            // Phase 2 costs at least the corners × slice permutation bound (in G1 the sorted
            // slice coordinate is the slice permutation; its entry was requested by the
            // parent): beyond the cost left, the U/D edges are not built.
            stats::add(|s| &mut s.leaves, 1);
            let [_, _, sp, corners] = node.coords;
            debug_assert!(sp < N_SLICE_PERM);
            let left = self.bound.saturating_sub(self.cost_of_path1());
            if set.tables.corner_slice[corners * N_SLICE_PERM + sp] as usize > left {
                return false;
            }
            stats::add(|s| &mut s.precheck_passed, 1);
            return self.phase2_from_here();
        }
        stats::add(|s| &mut s.phase1_nodes, 1);
        let prev = self.path1.last().map(|&i| set.moves[i as usize]);
        let mut kids = [Kid::default(); MAX_MOVES];
        let n = self.coded_kids::<UNCODED, false>(&node, togo, prev, rot, &mut kids);
        self.coded_entries::<UNCODED>(missing, &mut kids[..n]);
        for kid in &kids[..n] {
            let Some(child) = self.coded_child::<UNCODED>(kid) else {
                continue;
            };
            let left = kid.left as usize;
            if let Some(stop) = self.descend(kid.mv, |me| me.phase1_coded::<UNCODED>(child, left)) {
                return stop;
            }
        }
        false
    }

    /// The first pass of a coded node's expansion ([`Self::phase1_coded`]): the children of
    /// `node` (in frame set `rot`, `togo` to spend, after the move `prev`) that can stay
    /// within the cost left, moved, their flip-slice class (or, ending phase 1, their corners
    /// × slice entry) requested; written to `kids`, their count returned. A move the code does
    /// not describe (a half turn in quarter turns) is kept on a lower bound from its face's
    /// quarter turns, and its child's distance is read in the table later. `ROWS` (walked):
    /// also request the corner and slice move-table rows each child's own expansion reads (a
    /// few steps later; the corner row is a miss in the 1.45 MB table, 29% of a walked QT
    /// search's samples without it).
    #[inline(always)]
    fn coded_kids<const UNCODED: bool, const ROWS: bool>(
        &self,
        node: &Node,
        togo: usize,
        prev: Option<RobotMove>,
        rot: usize,
        kids: &mut [Kid; MAX_MOVES],
    ) -> usize {
        let Some((table, map)) = self.descent else {
            unreachable!("phase1_coded runs with descent codes")
        };
        let set = &self.sets[rot];
        let dec = &map.decoder;
        let (down, raise) = dec.decode(dec.code(table, node.entry));
        let bits = &map.bit[node.sym];
        let slots = &self.slots[rot];
        let mv = &self.plain.moves;
        let [flip, twist, sorted, corners] = node.coords;
        let sm = &mv.slice_sorted_move;
        // Children with this much cost left or less are checked against the corners'
        // distance, when they can fail it: the cost left within the bound after the child is
        // `slack + left`.
        let slack = self.bound.saturating_sub(self.cost1);
        let check_left = match self.corners {
            Some(_) if slack < self.corner_max => {
                CORNER_CHECK_LEFT.min(self.corner_max - slack - 1)
            }
            _ => 0,
        };
        let mut n = 0;
        for (i, rm) in set.moves.iter().enumerate() {
            let cost = rm.cost as usize;
            if cost > togo || prev.is_some_and(|p| !may_follow(self.metric, &p, rm)) {
                continue;
            }
            if cost == togo && rm.in_g1 {
                continue;
            }
            let left = togo - cost;
            let slot = slots[i] as usize;
            let coded = !UNCODED || bits[slot] != descent::UNCODED;
            let dist = if coded {
                node.dist
                    .wrapping_add_signed(descent::change(down, raise, bits[slot]))
            } else {
                // One quarter turn from either twin's child.
                let [a, b] =
                    map.twins[slot].map(|j| descent::change(down, raise, bits[j as usize]));
                node.dist.wrapping_add_signed(a.max(b)).saturating_sub(1)
            };
            if dist > left {
                continue;
            }
            let (mut f, mut t1, mut s, mut c) = (flip, twist, sorted, corners);
            for &m in &rm.turns[..rm.len as usize] {
                let m = m as usize;
                f = mv.flip_move[f * 18 + m] as usize;
                t1 = mv.twist_move[t1 * 18 + m] as usize;
                s = sm[s * 18 + m] as usize;
                c = mv.corner_move[c * 18 + m] as usize;
            }
            let (mut flags, mut entry) = (0, 0);
            if left > 0 && left <= check_left {
                flags |= CORNER_CHECK;
                entry = self.corner_entry(c, t1) as u32;
            }
            if !coded && left > 0 {
                // Its distance is to be read.
                flags |= UNCODED_KID;
            }
            if left > 0 {
                prefetch(&self.plain.flipslice_sym, s / N_SLICE_PERM * N_FLIP + f);
                if ROWS {
                    // The rows its own expansion reads (walked: a few steps later).
                    prefetch(&mv.corner_move, c * 18);
                    prefetch(sm, s * 18);
                }
            } else if !coded && (f != 0 || t1 != 0 || s >= N_SLICE_PERM) {
                // Not in G1 (the distance is 0 only there).
                continue;
            } else {
                prefetch(&set.tables.corner_slice, c * N_SLICE_PERM + s);
            }
            kids[n] = Kid {
                mv: i as u8,
                coords: [f as u16, t1 as u16, s as u16],
                left: left as u8,
                small: dist as u8,
                corners: c as u16,
                entry,
                flags,
                ..Kid::default()
            };
            n += 1;
        }
        n
    }

    /// The second pass of a coded node's expansion: each child's entry in the codes (and its
    /// symmetry) found from its flip-slice class, and the entry requested (an uncoded child's
    /// distance too), in frame missing `missing`.
    #[inline(always)]
    fn coded_entries<const UNCODED: bool>(&self, missing: usize, kids: &mut [Kid]) {
        let Some((table, map)) = self.descent else {
            unreachable!("phase1_coded runs with descent codes")
        };
        let dec = &map.decoder;
        let slack = self.bound.saturating_sub(self.cost1);
        for kid in kids {
            if kid.flags & CORNER_CHECK != 0 {
                // Asked for by `coded_kids`: a child too far by its corners is dropped before
                // its code is asked for.
                let table = self.corners.unwrap_or_default();
                if nibble(table, kid.entry as usize) as usize > slack + kid.left as usize {
                    kid.flags |= CORNER_CUT;
                    continue;
                }
            }
            if kid.left > 0 {
                let [f, t1, s] = kid.coords.map(usize::from);
                let (entry, sym) = phase1_entry(
                    &self.plain.flipslice_sym,
                    &self.plain.twist_conj,
                    f,
                    t1,
                    s / N_SLICE_PERM,
                );
                let coded = self.coded_index(entry, sym, missing);
                prefetch(table, coded * dec.entry_bytes);
                if UNCODED && kid.flags & UNCODED_KID != 0 {
                    // Six faces only: the entry is the plain phase-1 one.
                    prefetch(self.exact1().unwrap_or_default(), entry >> 1);
                }
                kid.entry = coded as u32;
                kid.half = sym as u32;
            }
        }
    }

    /// A child found by [`Self::coded_kids`] and [`Self::coded_entries`] as a node, or `None`
    /// when its distance, read now (an uncoded move), leaves it beyond the cost left.
    #[inline(always)]
    fn coded_child<const UNCODED: bool>(&self, kid: &Kid) -> Option<Node> {
        if kid.flags & CORNER_CUT != 0 {
            return None;
        }
        let [f, t1, s] = kid.coords.map(usize::from);
        let dist = if UNCODED && kid.flags & UNCODED_KID != 0 {
            let d = nibble(self.exact1().unwrap_or_default(), kid.entry as usize);
            if d > kid.left {
                return None;
            }
            d
        } else {
            kid.small
        };
        Some(Node {
            coords: [f, t1, s, kid.corners as usize],
            dist: dist as usize,
            entry: kid.entry as usize,
            sym: kid.half as usize,
        })
    }

    /// The corners' distance table's entry of corner permutation `corners` and twist `twist`,
    /// asked for from memory.
    #[inline(always)]
    fn corner_entry(&self, corners: usize, twist: usize) -> usize {
        let cs = self.plain.corner_sym[corners];
        let twist_c = self.plain.twist_conj[twist * 16 + (cs & 15) as usize] as usize;
        let entry = super::corners::corner_index(cs, twist_c);
        prefetch(self.corners.unwrap_or_default(), entry >> 1);
        entry
    }

    fn cost_of_path1(&self) -> usize {
        self.cost_of(&self.path1)
    }

    /// The cost of phase 2's moves so far (`path2`) in the metric.
    fn cost_of_path2(&self) -> usize {
        self.cost_of(&self.path2)
    }

    /// The cost in the metric of `path`, move indices of the current frame.
    fn cost_of(&self, path: &[u8]) -> usize {
        let set = &self.sets[self.frames[self.frame].rot];
        path.iter()
            .map(|&i| set.moves[i as usize].cost as usize)
            .sum()
    }

    /// The cube is in G1 after `path1`: try phase 2 within what the bound leaves.
    fn phase2_from_here(&mut self) -> bool {
        let sets = self.sets;
        let fr = &self.frames[self.frame];
        let set = &sets[fr.rot];
        let missing_side = fr.missing;
        let (mut cp, mut ep) = (fr.cube.cp, fr.cube.ep);
        for &i in &self.path1 {
            for m in set.moves[i as usize].moves() {
                let mc = &MOVE_CUBES[m.index()];
                cp = std::array::from_fn(|k| cp[mc.cp[k] as usize]);
                ep = std::array::from_fn(|k| ep[mc.ep[k] as usize]);
            }
        }
        let corners = coord::perm_rank_of(&cp);
        let ud = coord::perm_rank_of(&[ep[0], ep[1], ep[2], ep[3], ep[4], ep[5], ep[6], ep[7]]);
        let sp = coord::perm_rank_of(&[ep[8] - 8, ep[9] - 8, ep[10] - 8, ep[11] - 8]);
        let cost1 = self.cost_of_path1();
        if cost1 > self.bound {
            return false;
        }
        if self.found.is_empty() && self.bound >= MAX_COST && self.wanted == 1 {
            // No bound and nothing found yet (five faces, time-limited): the first solution
            // takes this phase-1 end's phase 2 with the fewest turns (the half-turn table is
            // close to exact for that), costed in the metric; the search then improves on it.
            let mut turns = self.half2(missing_side, corners, ud) as usize;
            while turns <= MAX_COST - cost1 {
                self.path2.clear();
                if self.phase2_turns(corners, ud, sp, turns) {
                    let cost2 = self.cost_of_path2();
                    return self.found(cost1 + cost2);
                }
                if self.timed_out {
                    return true;
                }
                turns += 1;
            }
            return false;
        }
        // Five faces in the quarter-turn or axial metrics, improving: phase 2's bound there is
        // the half-turn distance, not exact in the metric, so searching phase 2 up to the
        // bound costs more than trying other phase-1 ends (the search did not improve on its
        // first solution in 10 ms). Try the fewest-turn phase 2, costed in the metric, and
        // search in the metric only up to [`WEAK_SLACK`] above its bound.
        let weak = self.improve
            && self.five.is_some()
            && self.metric != Metric::Htm
            && self.five_metric2.is_none();
        if weak {
            let h = self.half2(missing_side, corners, ud) as usize;
            for turns in h..=h + 1 {
                self.path2.clear();
                if self.phase2_turns(corners, ud, sp, turns) {
                    let cost2 = self.cost_of_path2();
                    if cost1 + cost2 <= self.bound && self.found(cost1 + cost2) {
                        return true;
                    }
                    break;
                }
                if self.timed_out {
                    return true;
                }
            }
            if cost1 > self.bound {
                return false;
            }
        }
        let remaining = self.bound - cost1;
        let d2 = self.bound2(set, missing_side, corners, ud, sp, remaining);
        if d2 > remaining {
            return false;
        }
        stats::add(|s| &mut s.phase2_searches, 1);
        // Otherwise phase 2 is not cut at a length (as min2phase does with weak bounds): six
        // faces have a phase-2 table exact in the metric, five faces in half turns the nine
        // moves' exact table, so phase 2 visits few nodes (BENCHMARKS, issue 38, sessions
        // 18-20).
        let limit = if weak {
            remaining.min(d2 + WEAK_SLACK)
        } else {
            remaining
        };
        let mut togo2 = d2;
        while togo2 <= limit {
            stats::add(|s| &mut s.phase2_rounds, 1);
            self.path2.clear();
            if self.phase2(corners, ud, sp, togo2) {
                if self.found(cost1 + togo2) {
                    return true;
                }
                if self.wanted == 1 {
                    return false;
                }
            }
            if self.timed_out {
                return true;
            }
            togo2 += 1;
        }
        false
    }

    /// Records the solution in `path1` + `path2`; `true` ends the search.
    fn found(&mut self, cost: usize) -> bool {
        let fr = &self.frames[self.frame];
        let found = Found {
            rot: fr.rot,
            inverse: fr.inverse,
            phase1: self.path1.clone(),
            phase2: self.path2.clone(),
            cost,
        };
        if let Some(report) = self.on_found {
            report(&found);
        }
        stats::trace(|| stats::Event::Found {
            cost: cost as u8,
            cost1: self.cost_of_path1() as u8,
            frame: (fr.rot * 2 + usize::from(fr.inverse)) as u8,
            seed: false,
        });
        self.found.push(found);
        if self.wanted > 1 {
            return self.found.len() >= self.wanted;
        }
        let cost1 = self.cost_of_path1();
        if cost <= self.good_enough || (!self.improve && cost1 > SHORT_PHASE1_COST) {
            return true;
        }
        self.bound = cost - 1;
        false
    }

    /// The half-turn phase-2 distance of (corners, U/D edges) in a frame missing `missing`:
    /// the five-face table's when a side face is missing, else the plain one's.
    #[inline(always)]
    fn half2(&self, missing: usize, corners: usize, ud: usize) -> u8 {
        match (self.five2, &self.five) {
            (Some(five2), Some((_, perm))) if missing != NO_SIDE => {
                let cs = self.plain.corner_sym[corners];
                let ud_c = self.plain.ud_edge_conj[ud * 16 + (cs & 15) as usize] as usize;
                nibble(five2, five_index2(cs, ud_c, missing, perm))
            }
            _ => self.plain.phase2_distance(corners, ud),
        }
    }

    /// Phase 2 making exactly `togo` more face turns (whatever they cost in the metric);
    /// `true` when solved (the moves are in `path2`).
    fn phase2_turns(&mut self, corners: usize, ud: usize, sp: usize, togo: usize) -> bool {
        self.phase2_counting::<true>(corners, ud, sp, togo)
    }

    /// Phase 2 costing exactly `togo` more; `true` when solved (the moves are in `path2`).
    fn phase2(&mut self, corners: usize, ud: usize, sp: usize, togo: usize) -> bool {
        self.phase2_counting::<false>(corners, ud, sp, togo)
    }

    /// Phase 2 with exactly `togo` more to go, counted in face turns (`TURNS`, bounded by the
    /// half-turn distance) or in the metric's cost (bounded by [`Self::bound2`]).
    fn phase2_counting<const TURNS: bool>(
        &mut self,
        corners: usize,
        ud: usize,
        sp: usize,
        togo: usize,
    ) -> bool {
        if togo == 0 {
            return corners == 0 && ud == 0 && sp == 0;
        }
        if self.tick() {
            return false;
        }
        stats::add(|s| &mut s.phase2_nodes, 1);
        let sets = self.sets;
        let set = &sets[self.frames[self.frame].rot];
        let missing = self.frames[self.frame].missing;
        let metric = self.metric;
        let at = |path: &[u8], back: usize| {
            path.len()
                .checked_sub(back)
                .map(|k| &set.moves[path[k] as usize])
        };
        let (last1, before1) = (at(&self.path1, 1), at(&self.path1, 2));
        let last2 = at(&self.path2, 1);
        let depth2 = self.path2.len();
        // Across the phase boundary opposite faces come in either order (`may_start_phase2`).
        let allowed = |rm: &RobotMove| match (depth2, last1, last2) {
            (0, Some(last), _) => may_start_phase2(metric, before1, last, rm),
            (1, Some(last), Some(first)) => may_follow_across(metric, last, first, rm),
            (_, _, Some(prev)) => may_follow(metric, prev, rm),
            _ => true,
        };
        let mv = &self.plain.moves;
        for &i in &set.g1 {
            let rm = &set.moves[i as usize];
            let step = if TURNS { rm.len } else { rm.cost } as usize;
            if step > togo || !allowed(rm) {
                continue;
            }
            let (mut c, mut u, mut s) = (corners, ud, sp);
            for &m in &rm.turns[..rm.len as usize] {
                let m = m as usize;
                c = mv.corner_move[c * 18 + m] as usize;
                u = mv.ud_edge_move[u * 18 + m] as usize;
                s = mv.slice_sorted_move[s * 18 + m] as usize;
            }
            let bound = if TURNS {
                self.half2(missing, c, u) as usize
            } else {
                self.bound2(set, missing, c, u, s, togo - step)
            };
            if bound > togo - step {
                continue;
            }
            self.path2.push(i);
            if self.phase2_counting::<TURNS>(c, u, s, togo - step) {
                return true;
            }
            self.path2.pop();
            if self.timed_out {
                return false;
            }
        }
        false
    }
}
