//! One cube searched by several threads, and several solutions of one cube.
//!
//! Every thread runs the whole search ([`Search::run`]: the six frames, phase-1 depths raised
//! together) over the same subtrees in the same order, but searches only the subtrees it
//! claims: at each phase-1 depth a shared counter hands out the subtrees two moves below the
//! frames' starts ([`walk`](super::walk)'s units) one at a time, so a thread that is done with
//! its subtree takes the next one nobody has (the shallow depths, below
//! [`walk::MIN_DEPTH`](super::walk::MIN_DEPTH), are a few hundred nodes and every thread
//! searches them). The threads share the length of the best solution found (each prunes with
//! it) and a stop flag: the first solution that ends the search on one thread ends it on all.
//!
//! Which thread finds which solution depends on timing, so on several threads the answer is
//! not always the one the single-thread search gives (it is a solution within the bound, and
//! for a cube with a phase-1 part of at most [`SHORT_PHASE1_DEPTH`] moves the shortest, as on
//! one thread).
//!
//! When several solutions are asked for, a solution does not shrink the bound or end the
//! search: each distinct one (by its moves in the cube's frame) is kept and handed on as it is
//! found, until there are as many as asked for or the search is done.

use super::{FrameSolution, Outcome, Search, MAX_DEPTH, SHORT_PHASE1_DEPTH};
use crate::method::twophase::pruning::Pruning;
use crate::method::twophase::tables::MoveTables;
use crate::{CancelFlag, Deadline};
use rubik_cube::{CubieCube, Move};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Receives each distinct solution as it is found.
pub type OnFrameSolution<'a> = &'a (dyn Fn(&FrameSolution) + Sync);

/// What the threads of one search share.
pub struct Share<'a> {
    /// Per phase-1 depth: the place, in the order of subtrees, of the next one to hand out.
    claims: [AtomicUsize; MAX_DEPTH + 1],
    /// The length of the shortest solution found by any thread.
    bound: AtomicUsize,
    /// Whether some thread found a solution (when one is asked for).
    found: AtomicBool,
    /// Raised when the search is over: it stops every thread (through its deadline).
    stop: CancelFlag,
    /// Whether `stop` was raised because the search was done (not by the caller).
    done: AtomicBool,
    /// With several solutions asked for: those found, distinct.
    sink: Option<Sink<'a>>,
}

/// The solutions of a search for several.
struct Sink<'a> {
    wanted: usize,
    kept: Mutex<Vec<(Vec<Move>, FrameSolution)>>,
    on_found: Option<OnFrameSolution<'a>>,
}

impl Share<'_> {
    /// The shortest length found by any thread (`usize::MAX` when none).
    pub(super) fn bound(&self) -> usize {
        self.bound.load(Ordering::Relaxed)
    }

    /// Whether the next subtree at phase-1 depth `togo1` is this thread's. `ordinal` is its
    /// place in the order (advanced here), `claimed` the place of the one this thread claimed
    /// last.
    #[inline]
    pub(super) fn take(
        &self,
        togo1: usize,
        ordinal: &mut usize,
        claimed: &mut Option<usize>,
    ) -> bool {
        let here = *ordinal;
        *ordinal += 1;
        if claimed.is_none_or(|c| c < here) {
            *claimed = Some(self.claims[togo1].fetch_add(1, Ordering::Relaxed));
        }
        *claimed == Some(here)
    }

    /// Whether a thread ended the search.
    #[inline]
    pub(super) fn stopped(&self) -> bool {
        self.stop.is_cancelled()
    }

    fn end(&self) {
        self.done.store(true, Ordering::Relaxed);
        self.stop.cancel();
    }
}

impl<'a, P: Pruning> Search<'a, P> {
    /// Whether a solution was found, by this thread or (on several) another.
    pub(super) fn any_best(&self) -> bool {
        self.best.is_some() || self.share.is_some_and(|s| s.found.load(Ordering::Relaxed))
    }

    /// [`Search::found`] on several threads, or for several solutions: `true` ends the search.
    #[cold]
    pub(super) fn found_shared(&mut self, share: &Share<'_>, solution: FrameSolution) -> bool {
        let len = solution.len();
        let depth1 = solution.phase1.len();
        if let Some(sink) = &share.sink {
            let moves = solution.moves().0;
            let mut kept = sink.kept.lock().unwrap_or_else(|e| e.into_inner());
            if kept.len() >= sink.wanted || kept.iter().any(|(m, _)| *m == moves) {
                return kept.len() >= sink.wanted;
            }
            if let Some(cb) = sink.on_found {
                cb(&solution);
            }
            kept.push((moves, solution));
            if kept.len() >= sink.wanted {
                share.end();
                return true;
            }
            return false;
        }
        self.best = Some(solution);
        self.found += 1;
        share.found.store(true, Ordering::Relaxed);
        share.bound.fetch_min(len, Ordering::Relaxed);
        if len == 0 || (!self.improve && depth1 > SHORT_PHASE1_DEPTH) {
            share.end();
            return true;
        }
        self.bound = len - 1;
        false
    }
}

/// The outcome of a search on several threads or for several solutions.
pub struct Shared {
    /// The shortest solution found (one asked for), or the solutions in the order found
    /// (several).
    pub found: Vec<FrameSolution>,
    /// Whether time ran out or the caller cancelled before the search was done.
    pub timed_out: bool,
}

/// Searches `cube` on `threads` threads (the calling one and helpers from rayon's pool) for
/// `solutions` distinct solutions of at most `max_length` moves (one: the shortest found; more:
/// each handed to `on_found` as it is found).
#[allow(clippy::too_many_arguments)]
pub fn search_shared<P: Pruning + Sync>(
    mv: &MoveTables,
    prune: &P,
    cube: &CubieCube,
    max_length: usize,
    improve: bool,
    deadline: Deadline,
    threads: usize,
    solutions: usize,
    on_found: Option<OnFrameSolution<'_>>,
) -> Shared
where
    P::Phase1: Send,
{
    let share = Share {
        claims: std::array::from_fn(|_| AtomicUsize::new(0)),
        bound: AtomicUsize::new(usize::MAX),
        found: AtomicBool::new(false),
        stop: CancelFlag::new(),
        done: AtomicBool::new(false),
        sink: (solutions > 1).then(|| Sink {
            wanted: solutions,
            kept: Mutex::new(Vec::new()),
            on_found,
        }),
    };
    let outcomes: Mutex<Vec<Outcome>> = Mutex::new(Vec::new());
    let work = || {
        // A helper that starts after the search is over has nothing to do.
        if share.stop.is_cancelled() {
            return;
        }
        let deadline = deadline.clone().or_stopped_by(share.stop.clone());
        let mut search = Search::new(mv, prune, cube, max_length, improve, deadline);
        search.share = Some(&share);
        let outcome = search.run();
        outcomes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(outcome);
    };
    if threads > 1 {
        rayon::in_place_scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|_| work());
            }
            work();
        });
    } else {
        work();
    }
    let outcomes = outcomes.into_inner().unwrap_or_else(|e| e.into_inner());
    let timed_out = outcomes.iter().any(|o| o.timed_out) && !share.done.load(Ordering::Relaxed);
    let found = match share.sink {
        Some(sink) => sink
            .kept
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_iter()
            .map(|(_, s)| s)
            .collect(),
        None => outcomes
            .into_iter()
            .filter_map(|o| o.best)
            .min_by_key(FrameSolution::len)
            .into_iter()
            .collect(),
    };
    Shared { found, timed_out }
}
