//! Search counters for measuring where the two-phase time goes (cargo feature `stats`; without
//! it every call here compiles to nothing), and the robot search's trace over time (cargo
//! feature `trace`, likewise).

/// Counts of one thread's two-phase searches since the last [`take`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Phase-1 nodes expanded (children read from the tables).
    pub phase1_nodes: u64,
    /// Phase-1 solutions: cubes brought into G1 whose phase-2 bound was looked up.
    pub leaves: u64,
    /// Leaves that passed the corners × slice-permutation precheck.
    pub precheck_passed: u64,
    /// Leaves whose phase-2 bound fitted: phase-2 searches started.
    pub phase2_searches: u64,
    /// Phase-2 depths searched: a search started at its bound and deepened until solved
    /// (the robot search; the plain one searches each leaf at one depth).
    pub phase2_rounds: u64,
    /// Phase-2 nodes.
    pub phase2_nodes: u64,
    /// Time-stamp-counter ticks spent inside phase-2 searches (x86-64 only).
    pub phase2_ticks: u64,
}

#[cfg(feature = "stats")]
thread_local! {
    static STATS: std::cell::Cell<Stats> = const { std::cell::Cell::new(Stats {
        phase1_nodes: 0,
        leaves: 0,
        precheck_passed: 0,
        phase2_searches: 0,
        phase2_rounds: 0,
        phase2_nodes: 0,
        phase2_ticks: 0,
    }) };
}

/// Adds to one counter.
#[inline(always)]
pub fn add(_f: fn(&mut Stats) -> &mut u64, _n: u64) {
    #[cfg(feature = "stats")]
    STATS.with(|s| {
        let mut v = s.get();
        *_f(&mut v) += _n;
        s.set(v);
    });
}

/// The time-stamp counter, or 0 without the feature or off x86-64.
#[inline(always)]
pub fn ticks() -> u64 {
    #[cfg(all(feature = "stats", target_arch = "x86_64"))]
    // SAFETY: rdtsc has no preconditions on x86-64.
    unsafe {
        return core::arch::x86_64::_rdtsc();
    }
    #[allow(unreachable_code)]
    0
}

/// This thread's counts since the last call, reset to zero.
pub fn take() -> Stats {
    #[cfg(feature = "stats")]
    return STATS.with(|s| s.replace(Stats::default()));
    #[allow(unreachable_code)]
    Stats::default()
}

/// What a traced robot search did ([`trace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Phase 1 at this cost started (every frame's trees at it).
    Depth {
        /// The phase-1 cost.
        cost1: u8,
    },
    /// A solution was found.
    Found {
        /// Its cost in the metric.
        cost: u8,
        /// Its phase-1 part's cost.
        cost1: u8,
        /// The frame it was found in: rotation · 2 + inverse.
        frame: u8,
        /// Found by the first-solution seed search (the half-turn one), not the robot search.
        seed: bool,
    },
}

/// An [`Event`] and when it happened.
#[derive(Clone, Copy, Debug)]
pub struct Traced {
    /// When.
    pub at: crate::stop::Instant,
    /// The thread's CPU time then, in nanoseconds (Unix; 0 elsewhere): under load the search's
    /// progress follows it, not the wall clock.
    pub cpu_ns: u64,
    /// What.
    pub event: Event,
}

/// This thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`; 0 off Unix): the
/// trace's clock, and the robot bench's time a solve (the search runs on the calling thread
/// with one thread; under load it follows the search's progress, not the wall clock).
pub fn thread_cpu_ns() -> u64 {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec for the call.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
    }
    #[cfg(not(unix))]
    0
}

#[cfg(feature = "trace")]
thread_local! {
    static TRACE: std::cell::RefCell<Vec<Traced>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Records `event` now (cargo feature `trace`; without it nothing, and `event` is not called).
#[inline(always)]
pub fn trace(_event: impl FnOnce() -> Event) {
    #[cfg(feature = "trace")]
    {
        let at = crate::stop::Instant::now();
        let cpu_ns = thread_cpu_ns();
        let event = _event();
        TRACE.with(|t| t.borrow_mut().push(Traced { at, cpu_ns, event }));
    }
}

/// This thread's trace since the last call, emptied (empty without the feature).
pub fn take_trace() -> Vec<Traced> {
    #[cfg(feature = "trace")]
    return TRACE.with(|t| std::mem::take(&mut *t.borrow_mut()));
    #[allow(unreachable_code)]
    Vec::new()
}
