//! Starts the real app on an ephemeral loopback port for tests over HTTP, and sends it requests
//! whose answers are JSON.

#![allow(dead_code)] // each test binary uses its own part of these helpers

use reqwest::{RequestBuilder, StatusCode};
use rubik_solve::SolverConfig;
use rubik_web::{serve_on, AppState, ServerLimits};
use serde_json::Value;
use std::sync::Arc;

/// A running server: its base URL (`http://127.0.0.1:PORT`) and shared state.
pub struct TestServer {
    pub base: String,
    pub state: Arc<AppState>,
}

impl TestServer {
    /// The full URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// `GET path`: the status and the JSON answer.
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        send(reqwest::Client::new().get(self.url(path))).await
    }

    /// `POST path` with `body` as JSON: the status and the JSON answer.
    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        post_to(&self.base, path, body).await
    }

    /// `POST path` with `body` sent as it is, labelled JSON: the status and the JSON answer.
    pub async fn post_raw(&self, path: &str, body: String) -> (StatusCode, Value) {
        send(
            reqwest::Client::new()
                .post(self.url(path))
                .header("content-type", "application/json")
                .body(body),
        )
        .await
    }

    /// The server's `openapi.json`.
    pub async fn openapi(&self) -> Value {
        let (status, doc) = self.get("/api/openapi.json").await;
        assert_eq!(status, StatusCode::OK, "{doc}");
        doc
    }
}

/// `POST base + path` with `body` as JSON (for tasks that hold only the base URL): the status
/// and the JSON answer.
pub async fn post_to(base: &str, path: &str, body: Value) -> (StatusCode, Value) {
    send(
        reqwest::Client::new()
            .post(format!("{base}{path}"))
            .json(&body),
    )
    .await
}

/// Sends `request`: the status and the JSON answer (every answer of the API is JSON, errors too).
pub async fn send(request: RequestBuilder) -> (StatusCode, Value) {
    let res = request.send().await.expect("request");
    let status = res.status();
    (status, res.json().await.expect("JSON body"))
}

/// Serves the app with default limits on 127.0.0.1:0 in the current tokio runtime.
pub async fn start() -> TestServer {
    start_with(ServerLimits::default()).await
}

/// Serves the app with `limits` on 127.0.0.1:0 in the current tokio runtime, once the two-phase
/// tables are loaded (built on first use), so request time limits measure solving, not a cold
/// table build on a busy machine.
pub async fn start_with(limits: ServerLimits) -> TestServer {
    tokio::task::spawn_blocking(|| {
        rubik_solve::solver_for(rubik_solve::Method::Twophase, &SolverConfig::default())
            .expect("two-phase tables")
    })
    .await
    .expect("table loading thread");
    let state = AppState::new(SolverConfig::default(), limits);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind an ephemeral port");
    let addr = listener.local_addr().expect("local address");
    // The real serving loop (read timeouts, Host and Origin checks), stopped only with the test.
    let served = Arc::clone(&state);
    tokio::spawn(async move {
        serve_on(listener, served, std::future::pending())
            .await
            .expect("serve");
    });
    TestServer {
        base: format!("http://{addr}"),
        state,
    }
}
