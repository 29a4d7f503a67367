//! The coded phase 1 ([`RobotSearch::phase1_coded`]) as several depth-first walks taken in
//! turns, as the plain search's walkers (`method/twophase/search/walk.rs`).
//!
//! A coded node's children are known only once its code is read, and the children's moves
//! need their flip-slice classes before their codes can be requested, so one depth-first
//! search waits for memory two or three times a node. Here an iteration's trees (every frame's
//! at one phase-1 cost) are cut into subtrees (the grandchildren of each frame's root, in frame
//! order), and [`WALKERS`] walkers search different subtrees with explicit stacks, one step
//! each in turn: a node's expansion is two steps (its children moved and their classes
//! requested; then their codes requested), and while one walker's reads are on their way, the
//! others compute.
//!
//! Used where one solution is wanted at a phase-1 cost above [`super::SHORT_PHASE1_COST`].
//! Improving (a time limit), each find lowers the bound and the walks go on with it, so the
//! answer is the best found in time, not found in the recursive search's order. Otherwise the
//! first solution ends the search and the answer is the recursive search's:
//! the first solution in the order of subtrees (frame, then the first two moves) and, within
//! one subtree, of the depth-first walk. A walker that finds one does not end the iteration
//! at once: walkers on earlier subtrees go on and may replace it; those on later subtrees stop.

use super::{Kid, RobotSearch, MAX_COST, MAX_MOVES};
use crate::coord::N_SLICE_PERM;
use crate::method::twophase::stats;

/// How many subtrees are searched in turns.
pub(super) const WALKERS: usize = 6;

/// The children of one node on a walker's path, and the next one to visit.
#[derive(Clone, Copy)]
struct Level {
    kids: [Kid; MAX_MOVES],
    len: u8,
    next: u8,
    /// The children's codes are still to be requested ([`RobotSearch::coded_entries`]).
    staged: bool,
}

/// One depth-first walk of a subtree.
pub(super) struct Walker {
    busy: bool,
    frame: usize,
    /// The subtree's place in the recursive search's order (subtrees are dealt in it).
    key: usize,
    /// `levels[d]` holds the children of the node at depth `d` (`levels[0]` the subtree's
    /// first move alone, taken).
    depth: usize,
    levels: Box<[Level; MAX_COST + 1]>,
    path: [u8; MAX_COST + 1],
}

impl Walker {
    fn new() -> Walker {
        Walker {
            busy: false,
            frame: 0,
            key: 0,
            depth: 0,
            levels: Box::new(
                [Level {
                    kids: [Kid::default(); MAX_MOVES],
                    len: 0,
                    next: 0,
                    staged: false,
                }; MAX_COST + 1],
            ),
            path: [0; MAX_COST + 1],
        }
    }
}

/// What a walker's step ended with.
enum Turn {
    Going,
    Done,
    /// A solution was found (it ends the search unless an earlier subtree has one; improving,
    /// a good-enough one, which ends it).
    Found,
    /// Time is up.
    Stop,
}

/// Where the next subtrees come from: each frame's root's children and their children, in
/// the recursive search's order.
struct Subtrees {
    frame: usize,
    roots: [Kid; MAX_MOVES],
    len: usize,
    next: usize,
    grands: [Kid; MAX_MOVES],
    grands_len: usize,
    grands_next: usize,
    key: usize,
}

thread_local! {
    /// The walkers of this thread's last search, kept for its next one: six walkers are about
    /// 280 KB, allocated and written out afresh for every cube otherwise (0.06 ms, a tenth of
    /// an easy AXHT solve).
    static SPARE: std::cell::RefCell<Vec<Walker>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// [`WALKERS`] idle walkers: this thread's from its last search, else new ones. Every walker
/// is started afresh before it is used, so nothing of one search leaks into the next.
pub(super) fn take_walkers() -> Vec<Walker> {
    let spare = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
    if spare.len() == WALKERS {
        return spare;
    }
    (0..WALKERS).map(|_| Walker::new()).collect()
}

/// Keeps `walkers` for this thread's next search ([`take_walkers`]).
pub(super) fn keep_walkers(walkers: Vec<Walker>) {
    if !walkers.is_empty() {
        SPARE.with(|s| *s.borrow_mut() = walkers);
    }
}

impl<'a> RobotSearch<'a> {
    /// Every frame's phase 1 costing exactly `cost1`, searched by `walkers` in turns; `true`
    /// stops the whole search (a solution found, improving: a good-enough one, or time up).
    pub(super) fn phase1_walked<const UNCODED: bool>(
        &mut self,
        cost1: usize,
        walkers: &mut [Walker],
    ) -> bool {
        let mut source = Subtrees {
            frame: 0,
            roots: [Kid::default(); MAX_MOVES],
            len: 0,
            next: 0,
            grands: [Kid::default(); MAX_MOVES],
            grands_len: 0,
            grands_next: 0,
            key: 0,
        };
        for w in walkers.iter_mut() {
            w.busy = false;
        }
        self.cost1 = cost1;
        let before = self.found.len();
        // The subtree of the first solution in the order, and where it is in `found`.
        let mut best: Option<(usize, usize)> = None;
        loop {
            let mut busy = false;
            for w in walkers.iter_mut() {
                if !w.busy {
                    // Subtrees are dealt in order: none after a solution's can win.
                    if best.is_some() || !self.next_subtree::<UNCODED>(cost1, &mut source, w) {
                        if self.timed_out {
                            return true;
                        }
                        continue;
                    }
                }
                if best.is_some_and(|(k, _)| w.key > k) {
                    w.busy = false;
                    continue;
                }
                busy = true;
                match self.walk_step::<UNCODED>(w, cost1) {
                    Turn::Going => {}
                    Turn::Done => w.busy = false,
                    // Improving, a find only lowers the bound (the walks go on with it) and
                    // `Found` is a good-enough one: it ends the search as it is.
                    Turn::Found if self.improve => return true,
                    Turn::Found => {
                        best = Some((w.key, self.found.len() - 1));
                        w.busy = false;
                    }
                    Turn::Stop => return true,
                }
            }
            if !busy {
                break;
            }
        }
        match best {
            Some((_, at)) => {
                // Only the first solution in the order is kept, as the recursive search's.
                let first = self.found.swap_remove(at);
                self.found.truncate(before);
                self.found.push(first);
                true
            }
            None => false,
        }
    }

    /// Gives `walker` the next subtree, if any is left (`false`: none, or time is up).
    fn next_subtree<const UNCODED: bool>(
        &mut self,
        cost1: usize,
        source: &mut Subtrees,
        walker: &mut Walker,
    ) -> bool {
        while source.grands_next == source.grands_len {
            if source.next < source.len {
                let root = source.roots[source.next];
                source.next += 1;
                source.grands_next = 0;
                source.grands_len = 0;
                let f = source.frame - 1;
                let Some(node) = self.coded_child::<UNCODED>(&root) else {
                    continue;
                };
                if self.tick() {
                    return false;
                }
                stats::add(|s| &mut s.phase1_nodes, 1);
                let rot = self.frames[f].rot;
                let prev = Some(self.sets[rot].moves[root.mv as usize]);
                let n = self.coded_kids::<UNCODED, true>(
                    &node,
                    root.left as usize,
                    prev,
                    rot,
                    &mut source.grands,
                );
                self.coded_entries::<UNCODED>(self.frames[f].missing, &mut source.grands[..n]);
                source.grands_len = n;
                continue;
            }
            if source.frame == self.frames.len() {
                return false;
            }
            let f = source.frame;
            source.frame += 1;
            source.next = 0;
            source.len = 0;
            let node = self.coded_root(f);
            if node.dist > cost1 {
                continue;
            }
            if self.tick() {
                return false;
            }
            stats::add(|s| &mut s.phase1_nodes, 1);
            let missing = self.frames[f].missing;
            let rot = self.frames[f].rot;
            let n = self.coded_kids::<UNCODED, true>(&node, cost1, None, rot, &mut source.roots);
            self.coded_entries::<UNCODED>(missing, &mut source.roots[..n]);
            source.len = n;
        }
        let grand = source.grands[source.grands_next];
        source.grands_next += 1;
        let root = source.roots[source.next - 1];
        walker.busy = true;
        walker.frame = source.frame - 1;
        walker.key = source.key;
        source.key += 1;
        walker.levels[0].kids[0] = root;
        walker.levels[0].len = 1;
        walker.levels[0].next = 1;
        walker.levels[0].staged = false;
        walker.levels[1].kids[0] = grand;
        walker.levels[1].len = 1;
        walker.levels[1].next = 0;
        walker.levels[1].staged = false;
        walker.path[0] = root.mv;
        walker.depth = 1;
        true
    }

    /// Advances `w` by one step: a node's first pass, its children's codes requested, or
    /// (between them) the phase-1 ends met on the way.
    fn walk_step<const UNCODED: bool>(&mut self, w: &mut Walker, cost1: usize) -> Turn {
        let frame = w.frame;
        let rot = self.frames[frame].rot;
        let missing = self.frames[frame].missing;
        loop {
            let d = w.depth;
            let level = &mut w.levels[d];
            if level.staged {
                level.staged = false;
                let n = level.len as usize;
                self.coded_entries::<UNCODED>(missing, &mut level.kids[..n]);
                return Turn::Going;
            }
            if level.next == level.len {
                if d == 0 {
                    return Turn::Done;
                }
                w.depth -= 1;
                continue;
            }
            let kid = level.kids[level.next as usize];
            level.next += 1;
            let Some(node) = self.coded_child::<UNCODED>(&kid) else {
                continue;
            };
            w.path[d] = kid.mv;
            if self.tick() {
                return Turn::Stop;
            }
            if kid.left == 0 {
                // In G1, as in `phase1_coded` (a last move keeping G1 was not taken).
                stats::add(|s| &mut s.leaves, 1);
                let [_, _, sp, corners] = node.coords;
                debug_assert!(sp < N_SLICE_PERM);
                let left = self.bound.saturating_sub(cost1);
                let set = &self.sets[rot];
                if set.tables.corner_slice[corners * N_SLICE_PERM + sp] as usize > left {
                    continue;
                }
                stats::add(|s| &mut s.precheck_passed, 1);
                self.frame = frame;
                self.path1.clear();
                self.path1.extend_from_slice(&w.path[..=d]);
                let found = self.found.len();
                if self.phase2_from_here() {
                    if self.timed_out {
                        return Turn::Stop;
                    }
                    return Turn::Found;
                }
                debug_assert!(
                    self.improve || found == self.found.len(),
                    "a solution ends the search"
                );
                continue;
            }
            stats::add(|s| &mut s.phase1_nodes, 1);
            let prev = Some(self.sets[rot].moves[kid.mv as usize]);
            let next = &mut w.levels[d + 1];
            let n = self.coded_kids::<UNCODED, true>(
                &node,
                kid.left as usize,
                prev,
                rot,
                &mut next.kids,
            );
            next.len = n as u8;
            next.next = 0;
            next.staged = next.kids[..n].iter().any(|k| k.left > 0);
            w.depth = d + 1;
            return Turn::Going;
        }
    }

    /// Whether [`Self::phase1_walked`] may search phase 1 at `cost1`: one solution wanted
    /// (the first, or improved on until time is up), nothing reported as found.
    pub(super) fn walks(&self, cost1: usize) -> bool {
        self.wanted == 1
            && self.on_found.is_none()
            && cost1 > super::SHORT_PHASE1_COST
            && self.bound < MAX_COST
    }
}
