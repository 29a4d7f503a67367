//! When a search gives up: its timeout, or a caller's cancellation.
//!
//! A [`CancelFlag`] travels in [`Limits::cancel`]: the caller keeps a clone and raises it (a
//! server whose client went away, a user who pressed Stop); the searches poll it where they
//! poll their clock, through a [`Deadline`], and end as if the timeout had struck.

use crate::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
// The clock of the crate's searches and of the service's timings.
#[cfg(not(target_family = "wasm"))]
pub(crate) use std::time::Instant;
// A browser has no `std` clock (`std::time::Instant::now` panics there): the page's.
#[cfg(target_family = "wasm")]
pub(crate) use web_time::Instant;

/// A flag that asks the solves holding it to stop. Clones share one flag; once raised it stays
/// raised.
///
/// ```
/// use rubik_solve::{CancelFlag, Limits};
/// let cancel = CancelFlag::new();
/// let limits = Limits { cancel: Some(cancel.clone()), ..Limits::default() };
/// // ... hand `limits` to a solve on another thread, then, when the answer is no longer wanted:
/// cancel.cancel();
/// assert!(limits.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag not yet raised.
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }

    /// Raises the flag: every solve holding it stops at its next poll (within about a
    /// millisecond for the two-phase and optimal searches).
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The point at which a search gives up: an instant, a cancellation, both or neither.
#[derive(Clone, Debug, Default)]
pub struct Deadline {
    at: Option<Instant>,
    cancel: Option<CancelFlag>,
    /// A second flag: the one the threads of one multi-threaded solve share (raised when one
    /// of them ends the search).
    stop: Option<CancelFlag>,
}

impl Deadline {
    /// The deadline of a solve that starts now within `limits` (its timeout and its flag).
    pub fn starting_now(limits: &Limits) -> Deadline {
        Deadline {
            at: limits.timeout.map(|t| Instant::now() + t),
            cancel: limits.cancel.clone(),
            stop: None,
        }
    }

    /// This deadline, also passed once `stop` is raised.
    pub fn or_stopped_by(self, stop: CancelFlag) -> Deadline {
        Deadline {
            stop: Some(stop),
            ..self
        }
    }

    /// A deadline at `at` (none when `None`), with no cancellation.
    pub fn at(at: Option<Instant>) -> Deadline {
        Deadline {
            at,
            cancel: None,
            stop: None,
        }
    }

    /// Whether the search must stop now: the instant has come or the flag was raised. Reads the
    /// clock: poll it every few thousand nodes, not at each.
    pub fn passed(&self) -> bool {
        self.is_cancelled() || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// Whether the search was cancelled (without reading the clock).
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
            || self.stop.as_ref().is_some_and(CancelFlag::is_cancelled)
    }

    /// Time left before the instant (`None` when there is none); zero once cancelled.
    pub fn remaining(&self) -> Option<Duration> {
        if self.is_cancelled() {
            return Some(Duration::ZERO);
        }
        self.at
            .map(|at| at.saturating_duration_since(Instant::now()))
    }

    /// Limits for a sub-search that must end by this deadline: `limits` with its timeout cut to
    /// the time left and this deadline's flag.
    pub fn bound(&self, limits: Limits) -> Limits {
        let timeout = match (limits.timeout, self.remaining()) {
            (Some(t), Some(left)) => Some(t.min(left)),
            (t, left) => t.or(left),
        };
        Limits {
            timeout,
            cancel: self.cancel.clone(),
            ..limits
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_passes_the_deadline_of_every_clone() {
        let flag = CancelFlag::new();
        let limits = Limits {
            cancel: Some(flag.clone()),
            ..Limits::default()
        };
        let deadline = Deadline::starting_now(&limits);
        assert!(!deadline.passed());
        assert_eq!(deadline.remaining(), None);
        flag.cancel();
        assert!(deadline.passed());
        assert!(limits.is_cancelled());
        assert_eq!(deadline.remaining(), Some(Duration::ZERO));
        assert_eq!(
            deadline.bound(Limits::default()).timeout,
            Some(Duration::ZERO)
        );
    }

    #[test]
    fn an_instant_in_the_past_has_passed() {
        let past = Deadline::at(Some(Instant::now()));
        assert!(past.passed());
        assert!(!Deadline::at(None).passed());
        let later = Deadline::at(Some(Instant::now() + Duration::from_secs(60)));
        assert!(!later.passed());
        let bounded = later.bound(Limits {
            timeout: Some(Duration::from_secs(600)),
            ..Limits::default()
        });
        assert!(bounded.timeout.unwrap() <= Duration::from_secs(60));
    }
}
