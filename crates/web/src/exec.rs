//! Running blocking work (solves, scrambles, parsing long move lists) off the async threads, in
//! two lanes so that fast work never waits behind slow work:
//!
//! - [`Lane::Fast`]: two-phase solves at the default length, Thistlethwaite, CFOP, scrambles,
//!   parsing and applying moves. Milliseconds each; tokio's blocking threads, many slots.
//! - [`Lane::Slow`]: optimal solves, two-phase solves asked for short lengths or to improve
//!   until their timeout. Seconds each; a thread of their own at a lower CPU priority, so the
//!   fast lane's threads get the cores first, and few slots.
//!
//! Each job runs against the request's deadline, fixed when the request arrived: time spent
//! waiting for a slot is taken from its budget. Its [`CancelFlag`] is raised when the request
//! is dropped: the client disconnected, the deadline passed (504), or the server is stopping.

use crate::error::ApiError;
use crate::state::AppState;
use axum::http::StatusCode;
use rubik_solve::CancelFlag;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Time budget of the cheap jobs (validating, applying moves, reading colours): far more than
/// they take.
pub const CHEAP_BUDGET: Duration = Duration::from_secs(10);

/// Which pool a job runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Milliseconds of work.
    Fast,
    /// Seconds of work.
    Slow,
}

/// A job's deadline and its cancellation, as seen by the job.
#[derive(Clone, Debug)]
pub struct JobClock {
    /// Time left when the job started running (its budget less the time it waited).
    pub left: Duration,
    /// Raised when the answer is no longer wanted.
    pub cancel: CancelFlag,
}

/// Raises its flag when dropped: when the request's future ends, whichever way it ends.
struct RaiseOnDrop(CancelFlag);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Runs `job` in `lane` once a slot is free, within `budget` from now plus the grace period.
/// Errors: 503 when no slot freed in time, 504 when the job did not answer in time (`late`
/// says why, e.g. that tables were still loading), 500 when it panicked. The slot stays taken
/// until the job really ends, so the bound on concurrent jobs holds even for requests that
/// gave up; the job's flag is raised as soon as the request gives up.
pub async fn run_job<T: Send + 'static>(
    state: &Arc<AppState>,
    lane: Lane,
    budget: Duration,
    late: impl FnOnce() -> String,
    job: impl FnOnce(&AppState, JobClock) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let deadline = Instant::now() + budget + state.limits.grace;
    let cancel = CancelFlag::new();
    let _raise = RaiseOnDrop(cancel.clone());
    let slots: &Arc<Semaphore> = match lane {
        Lane::Fast => &state.fast_slots,
        Lane::Slow => &state.slow_slots,
    };
    let permit = tokio::time::timeout_at(deadline, Arc::clone(slots).acquire_owned())
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the server is busy with other solves of this kind; try again shortly",
            )
        })?
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "shutting_down",
                "the server is stopping",
            )
        })?;
    // The job's budget is what is left of the request's; the solver's own timeout then ends it
    // before the grace period runs out.
    let clock = JobClock {
        left: remaining(deadline, state.limits.grace),
        cancel,
    };
    let shared = Arc::clone(state);
    let answer = spawn(lane, permit, move || job(&shared, clock));
    match tokio::time::timeout_at(deadline, answer).await {
        Err(_) => Err(ApiError::new(
            StatusCode::GATEWAY_TIMEOUT,
            "timeout",
            late(),
        )),
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the job failed unexpectedly",
        )),
        Ok(Ok(result)) => result,
    }
}

/// Time from now to `deadline` less `grace`: the budget left for the job itself.
fn remaining(deadline: Instant, grace: Duration) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .saturating_sub(grace)
}

/// Starts `work` on a thread of `lane`, holding `permit` until it ends; the receiver gets its
/// result (an error if it panicked).
fn spawn<T: Send + 'static>(
    lane: Lane,
    permit: OwnedSemaphorePermit,
    work: impl FnOnce() -> T + Send + 'static,
) -> oneshot::Receiver<T> {
    let (tx, rx) = oneshot::channel();
    let run = move || {
        let _permit = permit;
        let _ = tx.send(work());
    };
    match lane {
        Lane::Fast => {
            tokio::task::spawn_blocking(run);
        }
        Lane::Slow => {
            let spawned = std::thread::Builder::new()
                .name("rubik-slow-solve".into())
                .spawn(move || {
                    lower_priority();
                    run();
                });
            // Without a thread the receiver reports a failure (the closure was dropped).
            drop(spawned);
        }
    }
    rx
}

/// Lowers the calling thread's CPU priority (nice 10), so fast requests' threads are scheduled
/// first when the cores are busy with slow solves. Only this thread: Linux's per-thread nice.
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid and setpriority only read their integer arguments; failure is harmless
    // (the thread keeps its priority).
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}
