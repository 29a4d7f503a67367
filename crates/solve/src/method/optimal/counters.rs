//! Per-depth counters of the optimal searches, to see where their nodes are (cargo feature
//! `stats`; without it every call here compiles to nothing and [`take`] returns nothing).
//!
//! Counts are kept per deepening step (its length) and per number of moves left after a
//! child's move, in process-wide atomics (the measurements run one solve at a time).

/// What is counted about the children made at one number of moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Children made (their first bound looked up): the search's nodes.
    Generated = 0,
    /// Cut by the bound of the side that took the move on the right (the cube in a one-ended
    /// search; the growing side from both ends).
    CutRight = 1,
    /// Cut by the bound of the side that took the move on the left (the inverse one-ended).
    CutLeft = 2,
    /// Children not made: a bound carried over without a lookup already ruled their move out.
    Skipped = 3,
    /// h8: lookups of the right side whose code was 0 (bounded by h0 or nothing).
    Code0Right = 4,
    /// h8: lookups of the left side whose code was 0.
    Code0Left = 5,
    /// Lookups of the left side made (a bound carried over is not one).
    LeftLookups = 6,
    /// h8: nodes expanded with moves left after their children (counted at that number).
    Expanded = 7,
    /// h8: nodes expanded whose inverse bound is above the cube's (where a NISS-style switch
    /// would continue on the inverse).
    InvLarger = 8,
    /// h8: nodes expanded whose two bounds are equal.
    BoundsEqual = 9,
    /// h8, at the [`Kind::InvLarger`] nodes: children that pass both bounds as searched.
    NowSurvivors = 10,
    /// h8, at the [`Kind::InvLarger`] nodes: table words (hK) read as searched.
    NowHkReads = 11,
    /// h8, at the [`Kind::InvLarger`] nodes: h0 nibbles read as searched.
    NowH0Reads = 12,
    /// h8, at the [`Kind::InvLarger`] nodes: children that would pass both bounds had the
    /// node been expanded by moves on the inverse's right (every move; a half turn keeps the
    /// cube's bound, as one on the inverse's left keeps the inverse's).
    SwitchSurvivors = 13,
    /// h8, at the [`Kind::InvLarger`] nodes: table words (hK) read had they been switched.
    SwitchHkReads = 14,
    /// h8, at the [`Kind::InvLarger`] nodes: h0 nibbles read had they been switched.
    SwitchH0Reads = 15,
    /// h8: nodes expanded whose cube bound is above the inverse's.
    CubeLarger = 16,
    /// h8, at the [`Kind::CubeLarger`] nodes: children that pass both bounds as searched.
    CubeNowSurvivors = 17,
    /// h8, at the [`Kind::CubeLarger`] nodes: hK words read as searched.
    CubeNowHkReads = 18,
    /// h8, at the [`Kind::CubeLarger`] nodes: h0 nibbles read as searched.
    CubeNowH0Reads = 19,
    /// h8, at the [`Kind::CubeLarger`] nodes: children that would pass both bounds had the
    /// node been expanded by moves on the inverse's right.
    CubeSwitchSurvivors = 20,
    /// h8, at the [`Kind::CubeLarger`] nodes: hK words read had they been switched.
    CubeSwitchHkReads = 21,
    /// h8, at the [`Kind::CubeLarger`] nodes: h0 nibbles read had they been switched.
    CubeSwitchH0Reads = 22,
}

/// Number of [`Kind`]s.
pub const KINDS: usize = 23;
/// Lengths and moves left counted (0 ..= 23).
pub const DEPTHS: usize = 24;

/// Counts of one deepening step: `[moves left][kind]`.
pub type StepCounts = [[u64; KINDS]; DEPTHS];

#[cfg(feature = "stats")]
mod imp {
    use super::{Kind, StepCounts, DEPTHS, KINDS};
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

    #[allow(clippy::declare_interior_mutable_const)]
    const ZERO: AtomicU64 = AtomicU64::new(0);
    static COUNTS: [AtomicU64; DEPTHS * DEPTHS * KINDS] = [ZERO; DEPTHS * DEPTHS * KINDS];
    static STEP: AtomicUsize = AtomicUsize::new(0);

    pub fn step(length: usize) {
        STEP.store(length.min(DEPTHS - 1), Ordering::Relaxed);
    }

    #[inline(always)]
    pub fn add(left: usize, kind: Kind, n: u64) {
        let s = STEP.load(Ordering::Relaxed);
        let i = (s * DEPTHS + left.min(DEPTHS - 1)) * KINDS + kind as usize;
        COUNTS[i].fetch_add(n, Ordering::Relaxed);
    }

    pub fn take() -> Vec<(usize, StepCounts)> {
        let mut out = Vec::new();
        for s in 0..DEPTHS {
            let mut c = [[0u64; KINDS]; DEPTHS];
            let mut any = false;
            for (left, row) in c.iter_mut().enumerate() {
                for (k, v) in row.iter_mut().enumerate() {
                    *v = COUNTS[(s * DEPTHS + left) * KINDS + k].swap(0, Ordering::Relaxed);
                    any |= *v > 0;
                }
            }
            if any {
                out.push((s, c));
            }
        }
        out
    }
}

/// Marks the start of the deepening step of `length` moves.
#[inline(always)]
pub fn step(_length: usize) {
    #[cfg(feature = "stats")]
    imp::step(_length);
}

/// Adds `n` to the count of `kind` at `left` moves left in the current step.
#[inline(always)]
pub fn add(_left: usize, _kind: Kind, _n: u64) {
    #[cfg(feature = "stats")]
    imp::add(_left, _kind, _n);
}

/// The counts since the last call, per deepening step (its length), reset to zero; empty
/// without the feature.
pub fn take() -> Vec<(usize, StepCounts)> {
    #[cfg(feature = "stats")]
    return imp::take();
    #[allow(unreachable_code)]
    Vec::new()
}

/// Whether a stats build was asked (environment `RUBIK_OPTIMAL_ONE_ENDED=1`) to search
/// `large`'s subtrees one-ended for one solution too, to compare its bounds with h8's node for
/// node; always `false` without the feature.
pub fn large_one_ended() -> bool {
    #[cfg(feature = "stats")]
    return std::env::var("RUBIK_OPTIMAL_ONE_ENDED").is_ok_and(|v| v == "1");
    #[allow(unreachable_code)]
    false
}
