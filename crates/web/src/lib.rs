//! `rubik-web`: the web app behind `rubik serve` — a JSON API over the solvers and a 3D page to
//! scramble, paint, solve and watch solutions step by step.
//!
//! Layers: [`input`] (request → cube) and [`scramble`] feed the handlers of [`api`], which share
//! an [`AppState`] (one solver per method, a semaphore bounding concurrent solves); [`assets`]
//! holds the page's embedded files; [`router`] wires them and [`run`] serves them.

pub mod api;
pub mod assets;
pub mod error;
pub mod input;
pub mod scramble;
pub mod state;

pub use error::{ApiError, WebError};
pub use state::{AppState, ServerLimits};

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use rubik_solve::{Method, SolverConfig};
use std::net::SocketAddr;
use std::sync::Arc;

/// The app: the page's files at `/`, the JSON API under `/api`.
pub fn router(state: Arc<AppState>) -> Router {
    let body_limit = state.limits.max_body_bytes;
    let api = Router::new()
        .route("/solve", post(api::solve))
        .route("/scramble", get(api::scramble))
        .route("/validate", post(api::validate))
        .route("/apply", post(api::apply))
        .route("/methods", get(api::methods))
        .route("/messages", get(api::messages))
        .route("/openapi.json", get(api::openapi))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(body_limit));
    let mut app = Router::new().nest("/api", api);
    for asset in assets::ASSETS {
        app = app.route(asset.path, get(assets::serve(asset)));
    }
    app.with_state(state)
}

/// Serves the app on `addr` until Ctrl-C, with solvers made from `config`. Blocking: builds its
/// own tokio runtime, prints the URL once listening, and loads the two-phase tables in the
/// background so the first solve is quick.
pub fn run(addr: SocketAddr, config: SolverConfig) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(WebError::Runtime)?;
    let result = runtime.block_on(serve(addr, AppState::new(config, ServerLimits::default())));
    // Do not wait long for solves or table loads still running on blocking threads.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    result
}

/// Serves the app with `state` on `addr` until Ctrl-C (async form of [`run`]).
pub async fn serve(addr: SocketAddr, state: Arc<AppState>) -> Result<(), WebError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| WebError::Bind { addr, source })?;
    let local = listener.local_addr().map_err(WebError::Serve)?;
    println!("rubik serve: listening on http://{local}/ (Ctrl-C to stop)");
    let preload = Arc::clone(&state);
    tokio::task::spawn_blocking(move || {
        if let Err(e) = preload.solver(Method::Twophase) {
            eprintln!("rubik serve: two-phase solver not ready: {e}");
        }
    });
    axum::serve(listener, router(state))
        .with_graceful_shutdown(async {
            // If the signal handler cannot be installed, serve until the process is killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
        .map_err(WebError::Serve)
}
