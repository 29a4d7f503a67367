//! Phase 1 as several depth-first walks taken in turns.
//!
//! A phase-1 node's children are known only once its descent code is read, and that read is
//! mostly a cache miss, so a single depth-first search waits for memory at nearly every node.
//! Here each deep iteration's tree is cut into subtrees (the grandchildren of each frame's
//! root, in frame order), and a few walkers search different subtrees with explicit stacks, one node
//! each in turn: while the code one walker needs next is on its way from memory, the others
//! compute. The same nodes are visited as by the recursive search, in another order.
//!
//! The answer is still the recursive search's: the first solution in the order of subtrees
//! (frame, then root move) and, within one subtree, of the depth-first walk, or, when the bound
//! shrinks after each solution, the first of the shortest. A walker that finds one does not
//! end the iteration at once: walkers on earlier subtrees go on (with the bound the recursive
//! search would give them there) and may replace it; those on later subtrees stop when the
//! first solution ends the search. Which walker reaches a solution first depends on how many
//! nodes each subtree's bounds let through, that is on the tables; the answer does not.

use super::{FrameSolution, Perms, Search, MAX_DEPTH, QUARTER_TURNS_RLFB, SHORT_PHASE1_DEPTH};
use crate::method::twophase::pruning::Pruning;
use crate::search::FOLLOW;
use std::any::Any;
use std::cell::RefCell;

/// How many subtrees are searched in turns (interleaved A/B on 1000 states at ≤ 20, CPU ms per
/// cube: 1 walker 0.60, 3–4 walkers 0.52–0.57, 6 walkers 0.49–0.52, 8 walkers 0.49–0.52).
pub const WALKERS: usize = 6;
/// Iterations at least this deep are walked; shallower trees are too small to gain.
pub const MIN_DEPTH: usize = 3;
/// Nodes with at most this many phase-1 moves to go are checked against the corners' distance
/// ([`Pruning::corner_distance`]); above, it rarely exceeds the moves left.
const CORNER_CHECK_TOGO: usize = 3;
/// The largest distance of the corners alone (all 18 moves): a node with at least this many
/// moves left within the bound cannot fail the check.
const CORNER_MAX_DIST: usize = 11;

/// The corners' bound is used only in searches whose bound is at most this (session 32: it
/// cut ≤ 19's time and cost ≤ 20's).
const CORNER_CHECK_BOUND: usize = 19;

thread_local! {
    /// The walkers of this thread's last search, kept for its next one: six walkers are about
    /// 60 KB, written out afresh for every cube otherwise.
    static SPARE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// [`WALKERS`] idle walkers: this thread's from its last search when it kept some of the same
/// node type, else new ones (`filler` only initialises their arrays).
pub fn take_walkers<S: Copy + 'static>(filler: S) -> Vec<Walker<S>> {
    SPARE
        .with(|s| s.borrow_mut().take())
        .and_then(|b| b.downcast::<Vec<Walker<S>>>().ok())
        .map(|b| *b)
        .unwrap_or_else(|| (0..WALKERS).map(|_| Walker::new(filler)).collect())
}

/// Keeps `walkers` for this thread's next search ([`take_walkers`]). Every walker is started
/// afresh ([`Walker::start`]) before it is used again, so nothing of this search leaks into
/// the next.
pub fn keep_walkers<S: 'static>(walkers: Vec<Walker<S>>) {
    if !walkers.is_empty() {
        SPARE.with(|s| *s.borrow_mut() = Some(Box::new(walkers)));
    }
}

/// A child: node, move index, distance bound.
type Kid<S> = (S, u8, u8);

/// The children of one node on a walker's path, and the next one to visit.
#[derive(Clone, Copy)]
struct Level<S> {
    kids: [Kid<S>; 18],
    /// The kids' entries of the corners' distance table ([`Pruning::corner_entry`]), when
    /// `corners` says they were asked for.
    corner: [u32; 18],
    corners: bool,
    len: u8,
    next: u8,
}

/// One depth-first walk of a subtree.
pub struct Walker<S> {
    busy: bool,
    frame: usize,
    /// The subtree's place in the recursive search's order: (frame × 18 + first move) × 18 +
    /// second move.
    key: usize,
    /// The level being walked: `levels[d]` holds the children of the node at depth `d`
    /// (`levels[0]` holds the subtree's root alone).
    depth: usize,
    levels: [Level<S>; MAX_DEPTH],
    path1: [u8; MAX_DEPTH],
    /// Permutations after the first `d` moves of `path1`, valid for `d <= stack_valid`.
    perm_stack: [Perms; MAX_DEPTH + 1],
    stack_valid: usize,
    /// Phase-1 endings of the node at depth `pending_depth` whose phase-2 bounds are read over
    /// this walker's next turns, one dependent read a turn, so that the other walkers' work
    /// hides each read's wait.
    pending: [Leaf; 18],
    n_pending: u8,
    /// Which read the next turn makes: 1 the prechecks (the main bound's index was asked for
    /// with them), 3 the main phase-2 bound (and the phase-2 search).
    stage: u8,
    pending_depth: usize,
}

/// A phase-1 ending waiting for its phase-2 bounds.
#[derive(Clone, Copy, Default)]
struct Leaf {
    m: u8,
    pre: u8,
    sls: u8,
    corners: u16,
    ud: u16,
}

/// What a walker's turn ended with.
enum Turn {
    /// More to do.
    Going,
    /// The subtree is done.
    Done,
    /// The whole search must stop (solution found for good, or time is up).
    Stop,
}

impl<S: Copy> Walker<S> {
    /// An idle walker; `filler` only initialises its arrays.
    pub fn new(filler: S) -> Walker<S> {
        Walker {
            busy: false,
            frame: 0,
            key: 0,
            depth: 0,
            levels: [Level {
                kids: [(filler, 0, 0); 18],
                corner: [0; 18],
                corners: false,
                len: 0,
                next: 0,
            }; MAX_DEPTH],
            path1: [0; MAX_DEPTH],
            perm_stack: [Perms::default(); MAX_DEPTH + 1],
            stack_valid: 0,
            pending: [Leaf::default(); 18],
            n_pending: 0,
            stage: 0,
            pending_depth: 0,
        }
    }

    /// Starts on the subtree below `grand`, a child of `root`, itself a child of frame
    /// `frame`'s start (whose permutations are `start`).
    fn start(&mut self, frame: usize, start: Perms, root: Kid<S>, grand: Kid<S>) {
        self.busy = true;
        self.frame = frame;
        self.key = (frame * 18 + root.1 as usize) * 18 + grand.1 as usize;
        // The root is taken already: once the grandchild's subtree is done, so is the walk.
        self.levels[0].kids[0] = root;
        self.levels[0].len = 1;
        self.levels[0].next = 1;
        self.levels[0].corners = false;
        self.levels[1].kids[0] = grand;
        self.levels[1].corners = false;
        self.levels[1].len = 1;
        self.levels[1].next = 0;
        self.depth = 1;
        self.path1[0] = root.1;
        self.perm_stack[0] = start;
        self.stack_valid = 0;
        self.n_pending = 0;
    }

    /// The permutations after the first `depth` moves of the path.
    #[inline(always)]
    fn perms_at(&mut self, depth: usize) -> Perms {
        for d in self.stack_valid..depth {
            self.perm_stack[d + 1] = self.perm_stack[d].moved(self.path1[d] as usize);
        }
        self.stack_valid = depth;
        self.perm_stack[depth]
    }
}

/// Where the next subtrees come from: the grandchildren of each frame's start, in order (frame,
/// first move, second move). Subtrees two moves down are small, so that walkers on earlier
/// subtrees have little left to search when a later one finds a solution.
struct Subtrees<S> {
    frame: usize,
    roots: [Kid<S>; 18],
    len: usize,
    next: usize,
    grands: [Kid<S>; 18],
    grands_len: usize,
    grands_next: usize,
    /// In a multi-threaded search: the place of the next subtree in the order, and the place
    /// of the one this thread claimed last ([`super::parallel`]).
    ordinal: usize,
    claimed: Option<usize>,
}

impl<'a, P: Pruning> Search<'a, P> {
    /// Searches phase 1 to depth `togo1` in every frame close enough, with `walkers` taking
    /// turns; `true` stops the whole search.
    pub(super) fn phase1_walked(
        &mut self,
        togo1: usize,
        walkers: &mut [Walker<P::Phase1>],
    ) -> bool {
        let filler = (self.frames[0].start, 0, 0);
        let mut source = Subtrees {
            frame: 0,
            roots: [filler; 18],
            len: 0,
            next: 0,
            grands: [filler; 18],
            grands_len: 0,
            grands_next: 0,
            ordinal: 0,
            claimed: None,
        };
        for w in walkers.iter_mut() {
            w.busy = false;
        }
        // Whether the first solution ends the search (else each shrinks the bound).
        let first_ends = !self.improve && togo1 > SHORT_PHASE1_DEPTH;
        let start_bound = self.bound;
        // The subtree of the best solution found in this iteration.
        let mut best_key: Option<usize> = None;
        loop {
            let mut busy = false;
            for w in walkers.iter_mut() {
                if !w.busy {
                    // Subtrees are dealt in order: none after the first solution's can win.
                    if (first_ends && best_key.is_some())
                        || !self.next_subtree(togo1, &mut source, w)
                    {
                        continue;
                    }
                }
                let earlier = best_key.is_some_and(|k| w.key < k);
                if first_ends && best_key.is_some() && !earlier {
                    w.busy = false;
                    continue;
                }
                // The bound the recursive search would have here: an earlier subtree wins a
                // tie with the best solution found (which it would have found first).
                let bound = self.bound;
                if earlier && !first_ends {
                    self.bound = self.best.as_ref().map_or(bound, FrameSolution::len);
                } else if earlier {
                    self.bound = start_bound;
                }
                if togo1 > self.bound {
                    self.bound = bound;
                    w.busy = false;
                    continue;
                }
                busy = true;
                let found = self.found;
                let turn = self.walk_turn(w, togo1);
                if self.found != found {
                    best_key = Some(w.key);
                    if first_ends {
                        self.bound = bound;
                    }
                } else {
                    self.bound = bound;
                }
                match turn {
                    Turn::Going => {}
                    Turn::Done => w.busy = false,
                    Turn::Stop if self.timed_out => return true,
                    Turn::Stop => w.busy = false,
                }
            }
            if !busy {
                return first_ends && best_key.is_some();
            }
        }
    }

    /// Gives `walker` the next subtree, if any is left.
    fn next_subtree(
        &self,
        togo1: usize,
        source: &mut Subtrees<P::Phase1>,
        walker: &mut Walker<P::Phase1>,
    ) -> bool {
        loop {
            self.fill_subtrees(togo1, source);
            if source.grands_next == source.grands_len {
                return false;
            }
            // On several threads, each subtree is searched by the thread that claims it.
            if let Some(share) = self.share {
                if !share.take(togo1, &mut source.ordinal, &mut source.claimed) {
                    source.grands_next += 1;
                    continue;
                }
            }
            break;
        }
        let f = source.frame - 1;
        let fr = &self.frames[f];
        let start = Perms {
            cp: fr.cube.cp,
            ep: fr.cube.ep,
        };
        walker.start(
            f,
            start,
            source.roots[source.next - 1],
            source.grands[source.grands_next],
        );
        source.grands_next += 1;
        true
    }

    /// Moves `source` on to the next root with grandchildren left, if any.
    fn fill_subtrees(&self, togo1: usize, source: &mut Subtrees<P::Phase1>) {
        while source.grands_next == source.grands_len {
            if source.next < source.len {
                let (root, m, _) = source.roots[source.next];
                source.next += 1;
                source.grands_next = 0;
                source.grands_len = self.prune.phase1_children(
                    &root,
                    FOLLOW[m as usize],
                    togo1 - 1,
                    &mut source.grands,
                );
                continue;
            }
            if source.frame == self.frames.len() {
                return;
            }
            let fr = &self.frames[source.frame];
            source.frame += 1;
            source.next = 0;
            source.len = if fr.dist1 as usize > togo1 {
                0
            } else {
                self.prune
                    .phase1_children(&fr.start, FOLLOW[18], togo1, &mut source.roots)
            };
        }
    }

    /// Advances `w` by one node expansion (or one batch of phase-1 endings).
    fn walk_turn(&mut self, w: &mut Walker<P::Phase1>, togo1: usize) -> Turn {
        if w.n_pending > 0 {
            return self.pending_turn(w);
        }
        loop {
            let d = w.depth;
            let level = &mut w.levels[d];
            if level.next == level.len {
                if d == 0 {
                    return Turn::Done;
                }
                w.depth -= 1;
                continue;
            }
            let (kid, m, dist) = level.kids[level.next as usize];
            let corner = level.corners.then(|| level.corner[level.next as usize]);
            level.next += 1;
            let depth = d + 1;
            let togo = togo1 - depth;

            if dist as usize > togo {
                continue;
            }
            // Near the end of phase 1 the corners' own distance often exceeds the moves left
            // within the bound: no solution lies below such a node.
            if corner.is_some_and(|e| self.prune.corner_distance(e) as usize > self.bound - depth) {
                continue;
            }
            w.path1[d] = m;
            w.stack_valid = w.stack_valid.min(d);
            if self.tick() {
                return Turn::Stop;
            }
            let allowed = FOLLOW[m as usize];
            super::stats::add(|s| &mut s.phase1_nodes, 1);
            if togo == 1 {
                let mut ends = [(kid, 0u8, 0u8); 18];
                let n =
                    self.prune
                        .phase1_goal_children(&kid, allowed & QUARTER_TURNS_RLFB, &mut ends);
                if n == 0 || depth + 1 > self.bound {
                    continue;
                }
                // The endings' permutations now, their bounds over the next turns.
                let parent = w.perms_at(depth);
                for (leaf, &(_, m, _)) in w.pending.iter_mut().zip(&ends[..n]) {
                    let p = parent.moved(m as usize);
                    let (corners, sls, ud) = (p.corners(), p.slice_perm(), p.ud_edges());
                    self.prune.prefetch_precheck(corners, sls);
                    self.prune.prefetch_edge_precheck(ud, sls);
                    self.prune.prefetch_phase2_class(corners, ud);
                    *leaf = Leaf {
                        m,
                        pre: 0,
                        sls: sls as u8,
                        corners: corners as u16,
                        ud: ud as u16,
                    };
                }
                w.n_pending = n as u8;
                w.stage = 1;
                w.pending_depth = depth;
                return Turn::Going;
            }
            let next = &mut w.levels[depth];
            next.len = self
                .prune
                .phase1_children(&kid, allowed, togo, &mut next.kids) as u8;
            next.next = 0;
            // The children's corner entries are asked for now, read when each is visited.
            next.corners = self.bound <= CORNER_CHECK_BOUND
                && togo - 1 <= CORNER_CHECK_TOGO
                && self.bound - depth <= CORNER_MAX_DIST;
            if next.corners {
                let cp = w.perms_at(depth).cp;
                let next = &mut w.levels[depth];
                for k in 0..next.len as usize {
                    let (child, m, _) = next.kids[k];
                    let corners = super::Perms::corners_after(&cp, m as usize);
                    next.corner[k] = self.prune.corner_entry(&child, corners);
                }
            }
            w.depth = depth;
            return Turn::Going;
        }
    }

    /// One step of `w`'s pending phase-1 endings (see [`Walker::pending`]).
    fn pending_turn(&mut self, w: &mut Walker<P::Phase1>) -> Turn {
        let depth = w.pending_depth;
        let n = w.n_pending as usize;
        match w.stage {
            1 => {
                // The prechecks: one tick per ending, as each is looked at.
                let mut kept = 0;
                for k in 0..n {
                    if self.tick() {
                        w.n_pending = 0;
                        return Turn::Stop;
                    }
                    super::stats::add(|s| &mut s.leaves, 1);
                    let leaf = w.pending[k];
                    if depth + 1 > self.bound {
                        break;
                    }
                    let pre = self
                        .prune
                        .phase2_precheck(leaf.corners as usize, leaf.sls as usize)
                        .max(
                            self.prune
                                .phase2_edge_precheck(leaf.ud as usize, leaf.sls as usize),
                        );
                    if pre as usize > self.bound - (depth + 1) {
                        continue;
                    }
                    super::stats::add(|s| &mut s.precheck_passed, 1);
                    // The class and the conjugates' row were asked for with the prechecks.
                    self.prune.prefetch_phase2(
                        leaf.corners as usize,
                        leaf.ud as usize,
                        leaf.sls as usize,
                    );
                    w.pending[kept] = Leaf { pre, ..leaf };
                    kept += 1;
                }
                w.n_pending = kept as u8;
                w.stage = 3;
            }
            _ => {
                w.n_pending = 0;
                self.frame = w.frame;
                self.path1[..depth].copy_from_slice(&w.path1[..depth]);
                self.stack_valid = self.stack_valid.min(depth);
                for leaf in &w.pending[..n] {
                    if depth + 1 > self.bound {
                        // A solution was found and the bound shrank below this length.
                        break;
                    }
                    if leaf.pre as usize > self.bound - (depth + 1) {
                        continue;
                    }
                    self.path1[depth] = leaf.m;
                    if self.phase2_bounded(
                        depth + 1,
                        leaf.corners as usize,
                        leaf.ud as usize,
                        leaf.sls as usize,
                        leaf.pre as usize,
                    ) {
                        return Turn::Stop;
                    }
                }
            }
        }
        Turn::Going
    }
}
