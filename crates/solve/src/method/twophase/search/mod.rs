//! The two-phase search.
//!
//! Phase 1 is an IDA* over (flip, twist, slice) to the subgroup G1 = <U, D, R2, L2, F2, B2>;
//! each phase-1 solution is continued by an IDA* over (corners, U/D edges, slice permutation)
//! inside G1. The cube is searched in six frames at once — its three axes each playing U–D, for
//! the cube and for its inverse — with phase-1 depths raised together, so the frame where the
//! cube is easiest decides the time. Phase-1 solutions whose last move lies in G1 are skipped
//! (a shorter phase-1 solution covers them). Deep phase-1 iterations are searched by several
//! walkers in turns ([`walk`]) so that their memory reads overlap.

#![allow(clippy::needless_range_loop)] // loops index several parallel piece tables

use super::pruning::Pruning;
use super::tables::{MoveTables, PHASE2_MOVES};
use crate::coord::symmetry::{rotate_urf3, symmetries};
use crate::coord::{self, N_SLICE_PERM};
use crate::search::FOLLOW;
use crate::Deadline;
use rubik_cube::cubie::MOVE_CUBES;
use rubik_cube::{CubieCube, Move};
use walk::Walker;

use parallel::Share;
pub use parallel::{search_shared, Shared};

mod parallel;
pub mod stats;
mod walk;

const MAX_DEPTH: usize = 32;
/// How many nodes between two looks at the clock (and at the work budget).
const CLOCK_MASK: u64 = 0x3FF;
/// On several threads, how many nodes between two looks at what the threads share (the best
/// length found and the stop flag).
const SHARE_MASK: u64 = 0x3F;

/// Without `improve`, a solution whose phase-1 part is shorter than this is not returned at once:
/// the search goes on, with a shrinking bound, through phase-1 depths below it. Those trees are
/// tiny, so a lightly scrambled cube gets its shortest solution (every solution of at most this
/// many moves is a phase-1 path the search visits), while random states, whose phase-1 distance
/// is almost always larger, pay nothing.
const SHORT_PHASE1_DEPTH: usize = 7;

/// Quarter turns of R, L, F and B: the moves that can end phase 1.
const QUARTER_TURNS_RLFB: u32 = {
    let mut out = 0u32;
    let mut m = 0;
    while m < 18 {
        let face = m / 3;
        if face != 0 && face != 3 && m % 3 != 1 {
            out |= 1 << m;
        }
        m += 1;
    }
    out
};

/// The three moves of the face `m` turns (moves are numbered face by face, three a face).
const fn face_moves(m: usize) -> u32 {
    0b111 << (3 * (m / 3))
}

/// Whether moves `a` and `b` turn opposite faces (faces are numbered U R F D L B).
const fn opposite_faces(a: usize, b: usize) -> bool {
    a / 3 != b / 3 && (a / 3) % 3 == (b / 3) % 3
}

/// The moves phase 2 may start with after phase 1's last two moves `before` and `last` (18:
/// none). Unlike [`FOLLOW`], both orders of two opposite faces are allowed across the
/// boundary: phase 1 ends with a quarter turn of R, L, F or B, and a phase-2 half turn of the
/// opposite face put before it would leave a G1 move last in phase 1, a phase-1 solution the
/// search skips. With [`FOLLOW`] here, a solution such as `… B' F2 …` (phase 1 ending in `B'`)
/// was found only one phase-1 depth later, as `… F2 B'` (rob-twophase's `next_p1p2` allows
/// both orders the same way). Never the face of `last`, nor that of `before` when the two are
/// opposite (`F B' F2` is `F' B'`, which phase 1 finds with a shorter phase 2).
const fn first_phase2_moves(before: usize, last: usize) -> u32 {
    let all = (1 << 18) - 1;
    if last == 18 {
        return all;
    }
    let mut allowed = all & !face_moves(last);
    if before < 18 && opposite_faces(before, last) {
        allowed &= !face_moves(before);
    }
    allowed
}

/// The moves phase 2's second move may be after the last phase-1 move `last1` (18: none) and
/// the first phase-2 move `first2`: [`FOLLOW`], and when `first2` turns the face opposite
/// `last1`'s, not `last1`'s face again (`B' F2 B2` is `F2 B`, which phase 1 finds as its own
/// ending with a shorter phase 2).
const fn second_phase2_moves(last1: usize, first2: usize) -> u32 {
    let allowed = FOLLOW[first2];
    if last1 < 18 && opposite_faces(last1, first2) {
        allowed & !face_moves(last1)
    } else {
        allowed
    }
}

/// The corner and edge permutations of a cube (orientations are not needed in phase 2).
#[derive(Clone, Copy, Default)]
struct Perms {
    cp: [u8; 8],
    ep: [u8; 12],
}

impl Perms {
    /// The permutations after move `m`.
    #[inline(always)]
    fn moved(&self, m: usize) -> Perms {
        let mc = &MOVE_CUBES[m];
        Perms {
            cp: std::array::from_fn(|i| self.cp[mc.cp[i] as usize]),
            ep: std::array::from_fn(|i| self.ep[mc.ep[i] as usize]),
        }
    }

    /// The corner coordinate ([`coord::corners`]).
    #[inline(always)]
    fn corners(&self) -> usize {
        coord::perm_rank_of(&self.cp)
    }

    /// The corner coordinate of the corner permutation `cp` after move `m`.
    #[inline(always)]
    fn corners_after(cp: &[u8; 8], m: usize) -> usize {
        let mc = &MOVE_CUBES[m];
        coord::perm_rank_of(&std::array::from_fn::<u8, 8, _>(|i| cp[mc.cp[i] as usize]))
    }

    /// The slice-permutation coordinate ([`coord::slice_perm`]); meaningful in G1 only.
    #[inline(always)]
    fn slice_perm(&self) -> usize {
        let e = &self.ep;
        coord::perm_rank_of(&[e[8] - 8, e[9] - 8, e[10] - 8, e[11] - 8])
    }

    /// The U/D-edge coordinate ([`coord::ud_edges`]); meaningful in G1 only.
    #[inline(always)]
    fn ud_edges(&self) -> usize {
        coord::perm_rank_of(&[
            self.ep[0], self.ep[1], self.ep[2], self.ep[3], self.ep[4], self.ep[5], self.ep[6],
            self.ep[7],
        ])
    }
}

/// One of the six frames a cube is searched in.
#[derive(Clone)]
struct Frame<S> {
    /// Rotation index (0..3): which axis plays U–D.
    rot: usize,
    /// Whether this frame searches the inverse cube.
    inverse: bool,
    cube: CubieCube,
    start: S,
    dist1: u8,
}

/// A solution in the frame it was found in.
#[derive(Clone, Debug)]
pub struct FrameSolution {
    /// Rotation index of the frame.
    pub rot: usize,
    /// Whether the inverse cube was solved.
    pub inverse: bool,
    /// Phase-1 moves (frame coordinates).
    pub phase1: Vec<Move>,
    /// Phase-2 moves (frame coordinates).
    pub phase2: Vec<Move>,
}

impl FrameSolution {
    /// Total length.
    pub fn len(&self) -> usize {
        self.phase1.len() + self.phase2.len()
    }

    /// Whether the solution is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves mapped back to the original frame, and the split point between the two steps.
    pub fn moves(&self) -> (Vec<Move>, usize) {
        let map = &symmetries().urf3_conj_move[self.rot];
        let conv = |ms: &[Move]| -> Vec<Move> { ms.iter().map(|m| map[m.index()]).collect() };
        let (p1, p2) = (conv(&self.phase1), conv(&self.phase2));
        if self.inverse {
            let undo =
                |ms: Vec<Move>| -> Vec<Move> { ms.iter().rev().map(|m| m.inverse()).collect() };
            let split = p2.len();
            let mut all = undo(p2);
            all.extend(undo(p1));
            (all, split)
        } else {
            let split = p1.len();
            let mut all = p1;
            all.extend(p2);
            (all, split)
        }
    }
}

/// Outcome of a search.
pub struct Outcome {
    /// Best solution found, if any.
    pub best: Option<FrameSolution>,
    /// Whether the search stopped early: time ran out, the solve was cancelled or the work
    /// budget ([`Search::with_max_nodes`]) was spent.
    pub timed_out: bool,
    /// Search nodes visited (both phases).
    pub nodes: u64,
}

/// A two-phase search over some pruning tables.
pub struct Search<'a, P: Pruning> {
    mv: &'a MoveTables,
    prune: &'a P,
    frames: Vec<Frame<P::Phase1>>,
    frame: usize,
    path1: [u8; MAX_DEPTH],
    path2: [u8; MAX_DEPTH],
    /// Corner and edge permutations after the first `d` phase-1 moves, valid for
    /// `d <= stack_valid`.
    perm_stack: [Perms; MAX_DEPTH + 1],
    stack_valid: usize,
    /// Solutions must have at most this many moves.
    bound: usize,
    improve: bool,
    deadline: Deadline,
    /// The work budget: the search stops once it has visited this many nodes (up to
    /// [`CLOCK_MASK`] more, the nodes between two looks).
    max_nodes: u64,
    nodes: u64,
    timed_out: bool,
    best: Option<FrameSolution>,
    /// Solutions found so far (each better than the one before).
    found: u32,
    /// What the threads of a multi-threaded search share ([`parallel`]); `None` on one thread.
    share: Option<&'a Share<'a>>,
}

impl<'a, P: Pruning> Search<'a, P> {
    /// Prepares a search of `cube` for solutions of at most `max_length` moves.
    pub fn new(
        mv: &'a MoveTables,
        prune: &'a P,
        cube: &CubieCube,
        max_length: usize,
        improve: bool,
        deadline: Deadline,
    ) -> Self {
        let mut cubes: Vec<(usize, bool, CubieCube)> = Vec::with_capacity(6);
        let inverse = cube.inverse();
        for rot in 0..3 {
            for inv in [false, true] {
                let c = rotate_urf3(if inv { &inverse } else { cube }, rot);
                // A cube with symmetries looks the same in several frames: search each once.
                if cubes.iter().any(|f| f.2 == c) {
                    continue;
                }
                cubes.push((rot, inv, c));
            }
        }
        // The frames' table entries are asked for together (their reads overlap).
        let coords: Vec<(usize, usize, usize)> = cubes
            .iter()
            .map(|(_, _, c)| (coord::flip(c), coord::twist(c), coord::slice(c)))
            .collect();
        let starts = prune.phase1_starts(&coords);
        let mut frames: Vec<Frame<P::Phase1>> = cubes
            .into_iter()
            .zip(starts)
            .map(|((rot, inverse, cube), (start, bound))| Frame {
                rot,
                inverse,
                cube,
                start,
                dist1: prune.phase1_exact(&start, bound),
            })
            .collect();
        // At each phase-1 depth, frames whose distance is closest to that depth have the smallest
        // trees: search those first. The distances are exact and the sort stable, so the order
        // is the same whatever tables are loaded.
        frames.sort_by_key(|f| std::cmp::Reverse(f.dist1));
        Search {
            mv,
            prune,
            frames,
            frame: 0,
            path1: [0; MAX_DEPTH],
            path2: [0; MAX_DEPTH],
            perm_stack: [Perms::default(); MAX_DEPTH + 1],
            stack_valid: 0,
            bound: max_length.min(MAX_DEPTH - 1),
            improve,
            deadline,
            max_nodes: u64::MAX,
            nodes: 0,
            timed_out: false,
            best: None,
            found: 0,
            share: None,
        }
    }

    /// The same search with a work budget: it stops, as on a timeout, once it has visited
    /// `max_nodes` nodes. Unlike a timeout, a budget gives the same result on any machine and
    /// under any load.
    pub fn with_max_nodes(self, max_nodes: u64) -> Self {
        Search { max_nodes, ..self }
    }

    /// Runs the search.
    pub fn run(self) -> Outcome {
        let mut walkers: Vec<Walker<P::Phase1>> = Vec::new();
        let outcome = self.run_with(&mut walkers);
        walk::keep_walkers(walkers);
        outcome
    }

    /// [`Search::run`] with `walkers` (filled when the first walked depth comes).
    fn run_with(mut self, walkers: &mut Vec<Walker<P::Phase1>>) -> Outcome {
        let mut togo1 = 0;
        'outer: while togo1 <= self.bound {
            if togo1 >= walk::MIN_DEPTH {
                if walkers.is_empty() {
                    *walkers = walk::take_walkers(self.frames[0].start);
                }
                if self.phase1_walked(togo1, walkers) || togo1 > self.bound {
                    break 'outer;
                }
                togo1 += 1;
                if self.any_best() && !self.improve && togo1 > SHORT_PHASE1_DEPTH {
                    break;
                }
                continue;
            }
            for f in 0..self.frames.len() {
                if self.frames[f].dist1 as usize > togo1 {
                    continue;
                }
                self.frame = f;
                let fr = &self.frames[f];
                let start = fr.start;
                self.perm_stack[0] = Perms {
                    cp: fr.cube.cp,
                    ep: fr.cube.ep,
                };
                self.stack_valid = 0;
                if self.phase1(start, 0, togo1) {
                    break 'outer;
                }
                if togo1 > self.bound {
                    break 'outer;
                }
            }
            togo1 += 1;
            if self.any_best() && !self.improve && togo1 > SHORT_PHASE1_DEPTH {
                break;
            }
        }
        Outcome {
            best: self.best,
            timed_out: self.timed_out,
            nodes: self.nodes,
        }
    }

    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & CLOCK_MASK == 0 && (self.nodes >= self.max_nodes || self.deadline.passed())
        {
            self.timed_out = true;
        }
        if let Some(share) = self.share {
            if self.nodes & SHARE_MASK == 0 {
                // Another thread's shorter solution, or the end of the search, is seen within
                // a few dozen nodes (a relaxed load each), not the clock's thousand: a thread
                // still searching after the answer is found holds the solve back.
                self.bound = self.bound.min(share.bound());
                if share.stopped() {
                    self.timed_out = true;
                }
            }
        }
        self.timed_out
    }

    /// Depth-first phase 1 with exactly `togo` more moves; `true` stops the whole search.
    fn phase1(&mut self, state: P::Phase1, depth: usize, togo: usize) -> bool {
        if self.tick() {
            return true;
        }
        if togo == 0 {
            // Only a cube already in G1 starts here.
            let perms = self.perms_at(depth);
            return self.try_phase2(depth, &perms);
        }
        let prev = if depth > 0 {
            self.path1[depth - 1] as usize
        } else {
            18
        };
        let mut allowed = FOLLOW[prev];
        // The last phase-1 move must leave G1: a quarter turn of R, L, F or B (a phase-1
        // solution ending in a G1 move is covered by a shorter one).
        if togo == 1 {
            allowed &= QUARTER_TURNS_RLFB;
        }
        let mut kids = [(state, 0u8, 0u8); 18];
        if togo == 1 {
            stats::add(|s| &mut s.phase1_nodes, 1);
            let n = self.prune.phase1_goal_children(&state, allowed, &mut kids);
            return self.phase1_leaves(depth, &kids[..n]);
        }
        stats::add(|s| &mut s.phase1_nodes, 1);
        let n = self.prune.phase1_children(&state, allowed, togo, &mut kids);
        for &(kid, m, dist) in &kids[..n] {
            if dist as usize >= togo {
                continue;
            }
            self.path1[depth] = m;
            self.stack_valid = self.stack_valid.min(depth);
            if self.phase1(kid, depth + 1, togo - 1) {
                return true;
            }
            if depth + togo > self.bound {
                // A solution was found and the bound shrank below this branch's length.
                return false;
            }
        }
        false
    }

    /// The permutations after the first `depth` phase-1 moves, extending their stack from the
    /// deepest entry still valid (siblings share their prefix). Permuting a few bytes costs less
    /// than the cache misses of chained coordinate move-table reads.
    fn perms_at(&mut self, depth: usize) -> Perms {
        for d in self.stack_valid..depth {
            self.perm_stack[d + 1] = self.perm_stack[d].moved(self.path1[d] as usize);
        }
        self.stack_valid = depth;
        self.perm_stack[depth]
    }

    /// The node at `depth` is one move from G1 by each move of `kids`. The phase-2 start
    /// bounds of all of them are requested from memory together, then each is tried.
    fn phase1_leaves(&mut self, depth: usize, kids: &[(P::Phase1, u8, u8)]) -> bool {
        if kids.is_empty() || depth + 1 > self.bound {
            return false;
        }
        let parent = self.perms_at(depth);
        self.leaves_after(depth, &parent, kids)
    }

    /// Tries phase 2 after each move of `kids` from the node at `depth` (whose path is in
    /// `path1`), which has permutations `parent`. The phase-2 start bounds of all of them are
    /// requested from memory together, then each is tried.
    fn leaves_after(&mut self, depth: usize, parent: &Perms, kids: &[(P::Phase1, u8, u8)]) -> bool {
        if kids.is_empty() || depth + 1 > self.bound {
            return false;
        }
        let mut leaves = [Perms::default(); 18];
        for (leaf, &(_, m, _)) in leaves.iter_mut().zip(kids) {
            *leaf = parent.moved(m as usize);
            self.prune
                .prefetch_precheck(leaf.corners(), leaf.slice_perm());
        }
        for (leaf, &(_, m, _)) in leaves.iter().zip(kids) {
            if self.tick() {
                return true;
            }
            if depth + 1 > self.bound {
                // A solution was found and the bound shrank below this length.
                return false;
            }
            self.path1[depth] = m;
            self.stack_valid = self.stack_valid.min(depth);
            if self.try_phase2(depth + 1, leaf) {
                return true;
            }
        }
        false
    }

    /// The cube is in G1 after `depth1` phase-1 moves, with permutations `perms`: try phase 2.
    fn try_phase2(&mut self, depth1: usize, perms: &Perms) -> bool {
        if depth1 > self.bound {
            return false;
        }
        let (corners, sls) = (perms.corners(), perms.slice_perm());
        let remaining = self.bound - depth1;
        debug_assert!(sls < N_SLICE_PERM);
        stats::add(|s| &mut s.leaves, 1);
        let pre = self.prune.phase2_precheck(corners, sls) as usize;
        if pre > remaining {
            return false;
        }
        let ud = perms.ud_edges();
        let pre = pre.max(self.prune.phase2_edge_precheck(ud, sls) as usize);
        if pre > remaining {
            return false;
        }
        stats::add(|s| &mut s.precheck_passed, 1);
        self.phase2_bounded(depth1, corners, ud, sls, pre)
    }

    /// Phase 2 from the G1 cube (`corners`, `ud`, `sls`) reached after `depth1` phase-1 moves
    /// (in `path1`), whose precheck bound `pre` fits the remaining length: reads the main bound
    /// and searches from the larger of the two up.
    fn phase2_bounded(
        &mut self,
        depth1: usize,
        corners: usize,
        ud: usize,
        sls: usize,
        pre: usize,
    ) -> bool {
        let remaining = self.bound - depth1;
        let d2 = self.prune.phase2(corners, ud, sls) as usize;
        if d2 > remaining {
            return false;
        }
        stats::add(|s| &mut s.phase2_searches, 1);
        let t0 = stats::ticks();
        let mut result = false;
        // Both bounds hold: depths below either have no solution.
        for togo2 in d2.max(pre)..=remaining {
            if self.phase2(corners, ud, sls, depth1, 0, togo2) {
                result = self.found(depth1, togo2);
                break;
            }
            if self.timed_out {
                result = true;
                break;
            }
        }
        stats::add(|s| &mut s.phase2_ticks, stats::ticks().wrapping_sub(t0));
        result
    }

    fn found(&mut self, depth1: usize, depth2: usize) -> bool {
        let fr = &self.frames[self.frame];
        let to_moves = |p: &[u8]| p.iter().map(|&m| Move::from_index(m as usize)).collect();
        let solution = FrameSolution {
            rot: fr.rot,
            inverse: fr.inverse,
            phase1: to_moves(&self.path1[..depth1]),
            phase2: to_moves(&self.path2[..depth2]),
        };
        if let Some(share) = self.share {
            return self.found_shared(share, solution);
        }
        self.best = Some(solution);
        self.found += 1;
        let len = depth1 + depth2;
        if len == 0 || (!self.improve && depth1 > SHORT_PHASE1_DEPTH) {
            return true;
        }
        self.bound = len - 1;
        false
    }

    /// Depth-first phase 2 with exactly `togo` more moves; `true` when solved.
    fn phase2(
        &mut self,
        corners: usize,
        ud: usize,
        sls: usize,
        depth1: usize,
        depth2: usize,
        togo: usize,
    ) -> bool {
        if togo == 0 {
            return corners == 0 && ud == 0 && sls == 0;
        }
        if self.tick() {
            return false;
        }
        stats::add(|s| &mut s.phase2_nodes, 1);
        let phase1_move = |back: usize| {
            if depth1 >= back {
                self.path1[depth1 - back] as usize
            } else {
                18
            }
        };
        let allowed = match depth2 {
            0 => first_phase2_moves(phase1_move(2), phase1_move(1)),
            1 => second_phase2_moves(phase1_move(1), self.path2[0] as usize),
            _ => FOLLOW[self.path2[depth2 - 1] as usize],
        };
        // Children in three passes, so that the memory reads of all of them overlap: compute
        // and request the two prechecks (corners × slice, U/D edges × slice) and what the main
        // bound's index is made of, keep those that pass both prechecks and request their main
        // bounds, then descend into those within bounds.
        let mv = self.mv;
        let mut kids = [(0usize, 0usize, 0usize, 0usize); 10];
        let mut n = 0;
        let corner_row = &mv.corner_move_g1[corners * 10..][..10];
        let ud_row = &mv.ud_edge_move_g1[ud * 10..][..10];
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            if allowed >> m & 1 == 0 {
                continue;
            }
            let c1 = corner_row[k] as usize;
            let s1 = mv.slice_sorted_move[sls * 18 + m] as usize;
            let u1 = ud_row[k] as usize;
            self.prune.prefetch_precheck(c1, s1);
            self.prune.prefetch_phase2_class(c1, u1);
            self.prune.prefetch_edge_precheck(u1, s1);
            kids[n] = (c1, u1, s1, m);
            n += 1;
        }
        // The main bound's index (the corners' class, and the edges conjugated by its
        // symmetry) was asked for with the prechecks: the main entries of the children that
        // pass them are asked for before any is read.
        let mut kept = 0;
        for k in 0..n {
            let (c1, u1, s1, _) = kids[k];
            if (self.prune.phase2_precheck(c1, s1) as usize) < togo
                && (self.prune.phase2_edge_precheck(u1, s1) as usize) < togo
            {
                self.prune.prefetch_phase2(c1, u1, s1);
                kids[kept] = kids[k];
                kept += 1;
            }
        }
        for &(c1, u1, s1, m) in &kids[..kept] {
            if self.prune.phase2(c1, u1, s1) as usize >= togo {
                continue;
            }
            self.path2[depth2] = m as u8;
            if self.phase2(c1, u1, s1, depth1, depth2 + 1, togo - 1) {
                return true;
            }
            if self.timed_out {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves that can end phase 1 are the quarter turns off the U–D axis.
    #[test]
    fn phase1_ends_with_a_quarter_turn_off_the_ud_axis() {
        for m in 0..18 {
            let mo = Move::from_index(m);
            let ends_phase1 = QUARTER_TURNS_RLFB & (1 << m) != 0;
            assert_eq!(ends_phase1, mo.face().axis() != 0 && mo.turns() != 2);
        }
    }

    /// Whether `m` appended to `moves` stays a move of its own (is not merged with the tail).
    fn stays(moves: &[usize], m: usize) -> bool {
        let mut seq: Vec<Move> = moves.iter().map(|&i| Move::from_index(i)).collect();
        crate::search::push_merged(&mut seq, Move::from_index(m)) == 1
    }

    /// Phase 2's first move after every pair of last phase-1 moves is exactly a move that does
    /// not merge with them (of either order of opposite faces), and its second one a canonical
    /// follower that does not merge with the last phase-1 move across the first.
    #[test]
    fn phase2_starts_with_every_move_that_does_not_merge_with_phase1() {
        let mut pairs = 0;
        for before in 0..=18 {
            for last in 0..18 {
                if QUARTER_TURNS_RLFB >> last & 1 == 0 || FOLLOW[before] >> last & 1 == 0 {
                    continue;
                }
                pairs += 1;
                let tail: Vec<usize> = [before, last].into_iter().filter(|&i| i < 18).collect();
                for &m in &PHASE2_MOVES {
                    let first = first_phase2_moves(before, last) >> m & 1 == 1;
                    assert_eq!(first, stays(&tail, m), "{before} {last} then {m}");
                    if !first {
                        continue;
                    }
                    for &m2 in &PHASE2_MOVES {
                        let second = second_phase2_moves(last, m) >> m2 & 1 == 1;
                        let expected = FOLLOW[m] >> m2 & 1 == 1 && stays(&[last, m], m2);
                        assert_eq!(second, expected, "{last} {m} then {m2}");
                    }
                }
            }
        }
        assert!(pairs > 100, "{pairs} phase-1 endings checked");
        // The case the rule is for: after B', F2 may start phase 2; F B' F2 merges, B' F2 B2 too.
        let [f, f2, b, b_, b2] = [6, 7, 15, 17, 16];
        assert_eq!(first_phase2_moves(18, b_) >> f2 & 1, 1);
        assert_eq!(first_phase2_moves(f, b_) >> f2 & 1, 0);
        assert_eq!(second_phase2_moves(b_, f2) >> b2 & 1, 0);
        assert_eq!(second_phase2_moves(b, f2) >> b2 & 1, 0);
    }
}
