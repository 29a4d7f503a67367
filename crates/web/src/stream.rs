//! `POST /api/solve/stream`: a solve that reports its progress as it goes, one JSON object per
//! line (`application/x-ndjson`), so a page can show how far a long (optimal) search has come
//! and offer to cancel it.
//!
//! Lines, in order:
//! - `{"event":"depth","length":17,"millis":…}`: the search now tries solutions of `length`
//!   moves; every shorter length has been ruled out (the optimal solver only).
//! - `{"event":"progress","length":17,"done":120,"total":471,"millis":…}`: how much of that
//!   length's search is done (from 15 moves on; at most a few lines a second).
//! - `{"event":"found","solution":"R U …","length":19,"millis":…}`: with `solutions` above 1,
//!   each distinct solution as it is found (the last line lists them all again).
//! - last, `{"event":"solution", …}` with the fields of `POST /api/solve`'s answer, or
//!   `{"event":"error", "status":…, "error":…, "category":…}`.
//!
//! A client that closes the connection (the page's Cancel aborts its request) stops the solve:
//! dropping the response stream aborts the task that waits for the solve, which raises the
//! solve's cancellation flag (see [`crate::exec`]), as for `POST /api/solve`.

use crate::api::{run_solve, solve_plan, JsonBody, SolveRequest};
use crate::error::ApiError;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use rubik_solve::{OnSolution, Progress, Solution};
use serde_json::json;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};
use tokio::task::AbortHandle;

/// Least time between two `progress` lines.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Sends the solver's progress down the response as JSON lines.
struct StreamProgress {
    lines: UnboundedSender<String>,
    started: Instant,
    length: AtomicUsize,
    done: AtomicU64,
    total: AtomicU64,
    last: Mutex<Instant>,
}

impl StreamProgress {
    fn send(&self, line: serde_json::Value) {
        // A client that has gone is noticed by the response stream (see `AbortOnDrop`).
        let _ = self.lines.send(line.to_string());
    }

    fn millis(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn progress_line(&self) {
        self.send(json!({
            "event": "progress",
            "length": self.length.load(Ordering::Relaxed),
            "done": self.done.load(Ordering::Relaxed),
            "total": self.total.load(Ordering::Relaxed),
            "millis": self.millis(),
        }));
    }
}

impl Progress for StreamProgress {
    fn start(&self, _name: &str, total: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
        self.progress_line();
    }

    fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
        let Ok(mut last) = self.last.try_lock() else {
            return;
        };
        if last.elapsed() >= PROGRESS_EVERY {
            *last = Instant::now();
            drop(last);
            self.progress_line();
        }
    }

    fn finish(&self) {}

    fn deepening(&self, length: usize) {
        self.length.store(length, Ordering::Relaxed);
        self.send(json!({"event": "depth", "length": length, "millis": self.millis()}));
    }
}

/// Aborts the task waiting for a solve when the response stream it feeds is dropped.
struct AbortOnDrop(AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// `POST /api/solve/stream`: the body of `POST /api/solve`; the answer is a stream of JSON
/// lines (see the [module docs](self)). A request with bad JSON, an unknown method or bad
/// limits is refused before the stream starts, with the same errors as `POST /api/solve`; a
/// cube that cannot be read (it is read off the async threads) is the stream's error line.
pub async fn solve_stream(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let mut plan = solve_plan(&state, req)?;
    let (tx, mut rx) = unbounded_channel::<String>();
    let progress = Arc::new(StreamProgress {
        lines: tx.clone(),
        started: Instant::now(),
        length: AtomicUsize::new(0),
        done: AtomicU64::new(0),
        total: AtomicU64::new(0),
        last: Mutex::new(Instant::now()),
    });
    let (found_lines, started) = (tx.clone(), Instant::now());
    plan.request.limits.on_solution = Some(OnSolution(Arc::new(move |s: &Solution| {
        let line = json!({
            "event": "found",
            "solution": s.to_string(),
            "length": s.len(),
            "millis": started.elapsed().as_millis() as u64,
        });
        let _ = found_lines.send(line.to_string());
    })));
    let shared = Arc::clone(&state);
    let task = tokio::spawn(async move {
        let progress: Arc<dyn Progress> = progress;
        plan.request.progress = Some(progress);
        let last = match run_solve(&shared, plan).await {
            Ok(answer) => {
                let mut line = json!(answer);
                line["event"] = json!("solution");
                line
            }
            Err(e) => {
                let mut line = json!(e);
                line["event"] = json!("error");
                line["status"] = json!(e.status.as_u16());
                line
            }
        };
        // The client may be gone; nothing more to do then.
        let _ = tx.send(last.to_string());
    });
    // The response stream is dropped when the client goes (or the server stops): the solve's
    // task is aborted then, which cancels the solve. Once the answer is sent, aborting the
    // finished task changes nothing.
    let guard = AbortOnDrop(task.abort_handle());
    let lines = futures_util::stream::poll_fn(move |cx| {
        let _ = &guard;
        rx.poll_recv(cx)
            .map(|line| line.map(|l| Ok::<_, std::convert::Infallible>(l + "\n")))
    });
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(lines),
    )
        .into_response())
}
