//! `rubik-web`: the web app behind `rubik serve` — a JSON API over the solvers and a 3D page to
//! scramble, paint, solve and watch solutions step by step.
//!
//! Layers: [`input`] (request → cube) and [`scramble`] feed the handlers of [`api`] (and of
//! [`scan`], the colour resolver's endpoint, and [`goals`]: goals, move sets, algorithms), which run
//! their blocking work through [`exec`] (a fast and a slow lane, deadlines, cancellation) and
//! share an [`AppState`] (one solver per method, the lanes' slots, the limits); [`guard`]
//! refuses foreign hosts and cross-origin writes; [`assets`] holds the page's embedded files;
//! [`router`] wires them and [`run`] serves them with read timeouts and a bounded shutdown.

pub mod api;
pub mod assets;
pub mod error;
pub mod exec;
pub mod goals;
pub mod guard;
pub mod input;
pub mod scan;
pub mod scramble;
pub mod state;
pub mod stream;
pub mod tls;

pub use error::{ApiError, WebError};
pub use state::{AppState, ServerLimits};

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use rubik_solve::{Method, SolverConfig};
use std::net::SocketAddr;
use std::sync::Arc;

/// The app: the page's files at `/`, the JSON API under `/api`.
pub fn router(state: Arc<AppState>) -> Router {
    let body_limit = state.limits.max_body_bytes;
    let api = Router::new()
        .route("/solve", post(api::solve))
        .route("/solve/stream", post(stream::solve_stream))
        .route("/scramble", get(api::scramble))
        .route("/validate", post(api::validate))
        .route("/apply", post(api::apply))
        .route("/resolve", post(scan::resolve))
        .route("/goal", post(goals::goal))
        .route("/algs", post(goals::algs))
        .route("/moveset", get(goals::moveset))
        .route("/methods", get(api::methods))
        .route("/messages", get(api::messages))
        .route("/openapi.json", get(api::openapi))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit));
    let mut app = Router::new().nest("/api", api);
    for asset in assets::ASSETS {
        app = app.route(asset.path, get(assets::serve(asset)));
    }
    app.layer(axum::middleware::from_fn_with_state(
        Arc::clone(&state),
        guard::check_request,
    ))
    .with_state(state)
}

/// Serves the app on `addr` until Ctrl-C, with solvers made from `config` and the server's
/// `limits`. Blocking: builds its own tokio runtime, prints the URL once listening, and loads
/// the two-phase tables in the background so the first solve is quick.
pub fn run(addr: SocketAddr, config: SolverConfig, limits: ServerLimits) -> Result<(), WebError> {
    run_with(addr, config, limits, None)
}

/// [`run`], over HTTPS when `tls` is given (`rubik serve --tls`).
pub fn run_with(
    addr: SocketAddr,
    config: SolverConfig,
    limits: ServerLimits,
    tls: Option<tls::Tls>,
) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(WebError::Runtime)?;
    // Table builds and the optimal search run on rayon's threads: slow work, at the slow
    // lane's lower priority (fails harmlessly if the pool already exists).
    let _ = rayon::ThreadPoolBuilder::new()
        .start_handler(|_| exec::lower_priority())
        .build_global();
    let result = runtime.block_on(serve_with(addr, AppState::new(config, limits), tls));
    // Requests still in flight were dropped (their solves cancelled); do not wait for them.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    result
}

/// Serves the app with `state` on `addr` until Ctrl-C (async form of [`run`]).
pub async fn serve(addr: SocketAddr, state: Arc<AppState>) -> Result<(), WebError> {
    serve_with(addr, state, None).await
}

/// [`serve`], over HTTPS when `tls` is given: prints the https address to open (this
/// machine's network address when serving on all of them) and the certificate's fingerprint.
pub async fn serve_with(
    addr: SocketAddr,
    state: Arc<AppState>,
    tls: Option<tls::Tls>,
) -> Result<(), WebError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|reason| WebError::Bind { addr, reason })?;
    let local = listener.local_addr().map_err(WebError::Serve)?;
    match &tls {
        None => println!("rubik serve: listening on http://{local}/ (Ctrl-C to stop)"),
        Some(tls) => {
            let public = tls::public_address(local);
            println!("rubik serve: listening on https://{public}/ (Ctrl-C to stop)");
            println!(
                "rubik serve: certificate SHA-256 fingerprint {}",
                tls.fingerprint
            );
            if let Some(file) = &tls.cert_file {
                println!(
                    "rubik serve: the certificate is self-signed ({}): a browser warns once; \
                     check that it shows this fingerprint before going on",
                    file.display()
                );
            }
        }
    }
    if !local.ip().is_loopback() {
        eprintln!(
            "rubik serve: warning: {} is not a loopback address, so every machine that can reach \
             this one can use this server (it has no authentication)",
            local.ip()
        );
    }
    let preload = Arc::clone(&state);
    tokio::task::spawn_blocking(move || {
        let method = Method::default();
        if let Err(e) = preload.solver(method) {
            eprintln!("rubik serve: {method} solver not ready: {e}");
        }
    });
    let stopped = serve_on_with(listener, state, ctrl_c(), tls.map(|t| t.acceptor)).await;
    eprintln!("rubik serve: stopped");
    stopped
}

/// Resolves on Ctrl-C (never, if the signal handler cannot be installed).
async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Serves the app on `listener` until `shutdown` resolves, then lets requests in flight finish
/// for at most [`ServerLimits::shutdown_grace`] and returns (dropping what is left, which
/// cancels its solves). Each connection must send its request headers, and on a kept-alive
/// connection start its next request, within [`ServerLimits::header_timeout`].
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), WebError> {
    serve_on_with(listener, state, shutdown, None).await
}

/// [`serve_on`], each connection first through `tls` when given (its handshake within the
/// same [`ServerLimits::header_timeout`]).
pub async fn serve_on_with(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    shutdown: impl std::future::Future<Output = ()>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) -> Result<(), WebError> {
    let app = router(Arc::clone(&state));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(state.limits.header_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    // Out of file descriptors and the like: pause instead of spinning.
                    Err(_) => {
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let service = TowerToHyperService::new(app.clone());
                match &tls {
                    None => {
                        let connection =
                            graceful.watch(http.serve_connection(TokioIo::new(stream), service));
                        tokio::spawn(async move {
                            // A client that leaves early or times out is no error of the server.
                            let _ = connection.await;
                        });
                    }
                    Some(acceptor) => {
                        let (acceptor, http) = (acceptor.clone(), http.clone());
                        let watcher = graceful.watcher();
                        let limit = state.limits.header_timeout;
                        tokio::spawn(async move {
                            // A failed or slow handshake (a browser that does not trust the
                            // certificate yet hangs up) is no error of the server either.
                            let Ok(Ok(stream)) =
                                tokio::time::timeout(limit, acceptor.accept(stream)).await
                            else {
                                return;
                            };
                            let connection = http.serve_connection(TokioIo::new(stream), service);
                            let _ = watcher.watch(connection).await;
                        });
                    }
                }
            }
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    // Requests still waiting for a slot get 503 at once.
    state.fast_slots.close();
    state.slow_slots.close();
    let grace = state.limits.shutdown_grace;
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        eprintln!(
            "rubik serve: requests still running after {} s were dropped",
            grace.as_secs_f64()
        );
    }
    Ok(())
}
