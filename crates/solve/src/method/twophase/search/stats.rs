//! Search counters for measuring where the two-phase time goes (cargo feature `stats`; without
//! it every call here compiles to nothing).

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
