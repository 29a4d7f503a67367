//! The server under hostile or unlucky clients, over real HTTP: slow work does not hold up fast
//! work, solves stop when their client leaves or their deadline passes, half-sent requests
//! time out, foreign hosts and cross-origin writes are refused, and shutdown is bounded.

mod common;

use reqwest::StatusCode;
use rubik_web::{serve_on, AppState, ServerLimits};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A random state (seeded) as facelets.
fn random_facelets(seed: u64) -> String {
    rubik_cube::CubieCube::random(&mut rubik_cube::random::rng_from_seed(seed)).to_facelets()
}

/// Waits (up to `limit`) until `done` holds; returns whether it did.
async fn eventually(limit: Duration, done: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    done()
}

/// A raw HTTP/1.1 POST of a JSON body.
fn raw_post(path: &str, body: serde_json::Value) -> String {
    let body = body.to_string();
    format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// A raw HTTP/1.1 request for a two-phase solve that takes seconds (at most 14 moves).
fn slow_request(seed: u64, timeout_ms: u64) -> String {
    raw_post(
        "/api/solve",
        json!({ "facelets": random_facelets(seed), "max_length": 14, "timeout_ms": timeout_ms }),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fast_solves_do_not_wait_behind_slow_ones() {
    let server = common::start_with(ServerLimits {
        slow_jobs: 1,
        ..ServerLimits::default()
    })
    .await;
    let base = server.base.clone();
    // Three slow solves (one runs, two wait for the slow lane), 4 s each.
    let slow: Vec<_> = (0..3)
        .map(|i| {
            let base = base.clone();
            tokio::spawn(async move {
                let body = json!({ "facelets": random_facelets(100 + i), "max_length": 14, "timeout_ms": 4000 });
                common::post_to(&base, "/api/solve", body).await
            })
        })
        .collect();
    let state = Arc::clone(&server.state);
    assert!(
        eventually(Duration::from_secs(10), || state
            .slow_slots
            .available_permits()
            == 0)
        .await
    );
    for i in 0..20 {
        let facelets = random_facelets(i);
        let (status, body) =
            common::post_to(&base, "/api/solve", json!({ "facelets": facelets })).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let cube = rubik_cube::Cube::from_facelets(&facelets).unwrap();
        let moves = rubik_cube::Alg::parse(body["solution"].as_str().unwrap()).unwrap();
        assert!(cube.apply(&moves).is_solved());
    }
    let (status, body) = common::post_to(&base, "/api/apply", json!({ "moves": "R U" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let scramble = reqwest::get(format!("{base}/api/scramble?seed=3"))
        .await
        .unwrap();
    assert_eq!(scramble.status(), StatusCode::OK);
    // All of that happened while the slow solves were still running or waiting.
    assert!(
        slow.iter().all(|s| !s.is_finished()),
        "fast requests waited for the slow ones"
    );
    for s in slow {
        let (status, body) = s.await.unwrap();
        // Each gets its answer within its own time: a solution, or none within the limits.
        assert!(
            status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY,
            "{status}: {body}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_stops_its_solve() {
    stops_when_its_client_leaves(slow_request(7, 60_000), "solve").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_stops_its_algorithm_search() {
    // Algorithms for a random state (the page's Cancel aborts such a search): a minute's work.
    let request = raw_post(
        "/api/algs",
        json!({ "case": random_facelets(8), "count": 12, "timeout_ms": 60_000 }),
    );
    stops_when_its_client_leaves(request, "algorithm search").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_stops_the_table_build_of_its_algorithm_search() {
    // As a fresh machine sees it: an empty table directory, so the search is building its
    // tables when its client leaves, and the build must stop too. One fixed name, emptied
    // first (a table the test's build never finishes is never saved).
    let dir = std::env::temp_dir().join("rubik-web-cancelled-build-tables");
    let _ = std::fs::remove_dir_all(&dir);
    let state = AppState::new(
        rubik_solve::SolverConfig {
            table_dir: Some(dir.clone()),
            ..rubik_solve::SolverConfig::default()
        },
        ServerLimits {
            slow_jobs: 1,
            ..ServerLimits::default()
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(serve_on(
        listener,
        Arc::clone(&state),
        std::future::pending(),
    ));
    let request = raw_post(
        "/api/algs",
        json!({ "case": random_facelets(8), "count": 12, "timeout_ms": 60_000 }),
    );
    leave_and_wait(
        &state,
        &addr,
        request,
        "algorithm search building its tables",
    )
    .await;
    let _ = std::fs::remove_dir_all(dir);
}

/// Sends `request` (a minute of slow-lane work) on a raw connection, then closes it: the job
/// must free its slot long before its budget runs out.
async fn stops_when_its_client_leaves(request: String, what: &str) {
    let server = common::start_with(ServerLimits {
        slow_jobs: 1,
        ..ServerLimits::default()
    })
    .await;
    let addr = server.base.trim_start_matches("http://").to_string();
    leave_and_wait(&server.state, &addr, request, what).await;
}

/// The budget of the requests of [`stops_when_its_client_leaves`]: a job that ignored its
/// client's leaving would hold its slot that long.
const LEFT_JOB_BUDGET: Duration = Duration::from_secs(60);

/// Sends `request` to `addr`, waits until its job holds the only slow slot, closes the
/// connection, and waits for the slot to be freed. Events, not fixed times: the waits are
/// bounded only so that a broken server fails the test instead of hanging it, the second by
/// half the job's budget (only a job that ignored its flag holds the slot that long).
async fn leave_and_wait(state: &Arc<AppState>, addr: &str, request: String, what: &str) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let watched = Arc::clone(state);
    assert!(
        eventually(LEFT_JOB_BUDGET, || watched.slow_slots.available_permits()
            == 0)
        .await,
        "the {what} never started"
    );
    assert_eq!(
        watched.slow_slots.available_permits(),
        0,
        "the {what} ended early"
    );
    // The client goes away while its job runs: the job stops and frees its slot.
    drop(stream);
    let left = Instant::now();
    assert!(
        eventually(LEFT_JOB_BUDGET / 2, || watched
            .slow_slots
            .available_permits()
            == 1)
        .await,
        "the {what} still runs after its client left"
    );
    println!("{what} stopped {:?} after its client left", left.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_spent_waiting_for_a_slot_comes_out_of_the_budget() {
    let server = common::start_with(ServerLimits {
        slow_jobs: 1,
        grace: Duration::from_millis(500),
        ..ServerLimits::default()
    })
    .await;
    let held = Arc::clone(&server.state.slow_slots)
        .acquire_owned()
        .await
        .unwrap();
    let base = server.base.clone();
    let started = Instant::now();
    let request = tokio::spawn(async move {
        common::post_to(
            &base,
            "/api/solve",
            json!({ "facelets": random_facelets(9), "max_length": 14, "timeout_ms": 1500 }),
        )
        .await
    });
    tokio::time::sleep(Duration::from_millis(1000)).await;
    drop(held);
    let (status, body) = request.await.unwrap();
    let took = started.elapsed();
    // The solve had the 500 ms left of its 1.5 s, not 1.5 s more: it ends by its deadline,
    // with its answer (no solution of 14 moves found in time), not a 504.
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(took < Duration::from_millis(1500 + 500), "{took:?}");
    let state = Arc::clone(&server.state);
    assert!(
        eventually(Duration::from_secs(2), || state
            .slow_slots
            .available_permits()
            == 1)
        .await
    );
}

/// Reads from `stream` until the server closes it; returns what it sent.
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    let mut got = Vec::new();
    let read = tokio::time::timeout(limit, stream.read_to_end(&mut got)).await;
    read.ok()
        .map(|_| String::from_utf8_lossy(&got).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_and_idle_connections_time_out() {
    let server = common::start_with(ServerLimits {
        header_timeout: Duration::from_millis(500),
        body_timeout: Duration::from_millis(500),
        ..ServerLimits::default()
    })
    .await;
    let addr = server.base.trim_start_matches("http://").to_string();
    // Half the headers: the connection is closed.
    let mut half = TcpStream::connect(&addr).await.unwrap();
    half.write_all(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    assert!(read_until_closed(&mut half, Duration::from_secs(5))
        .await
        .is_some());
    // Headers but half the body: 408.
    let mut slow_body = TcpStream::connect(&addr).await.unwrap();
    slow_body
        .write_all(
            b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"scramble\":",
        )
        .await
        .unwrap();
    let answer = read_until_closed(&mut slow_body, Duration::from_secs(5))
        .await
        .expect("closed in time");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("body_timeout"), "{answer}");
    // A kept-alive connection left idle after its answer: closed too.
    let mut idle = TcpStream::connect(&addr).await.unwrap();
    idle.write_all(b"GET /api/methods HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let answer = read_until_closed(&mut idle, Duration::from_secs(5))
        .await
        .expect("closed in time");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_is_bounded_even_with_a_client_holding_a_connection() {
    let state = AppState::new(
        rubik_solve::SolverConfig::default(),
        ServerLimits {
            shutdown_grace: Duration::from_millis(500),
            header_timeout: Duration::from_secs(60),
            ..ServerLimits::default()
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve_on(listener, state, async {
        let _ = stopped.await;
    }));
    let mut holder = TcpStream::connect(addr).await.unwrap();
    holder
        .write_all(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let asked = Instant::now();
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("the server stopped in time")
        .unwrap()
        .unwrap();
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
}

#[tokio::test]
async fn foreign_hosts_cross_origin_writes_and_non_json_bodies_are_refused() {
    let server = common::start().await;
    let client = reqwest::Client::new();
    let solve = || client.post(server.url("/api/solve"));
    let body = json!({ "scramble": "R U" }).to_string();
    // DNS rebinding: a page of evil.example whose name now points here.
    let (status, err) = common::send(
        solve()
            .header("host", "evil.example:8080")
            .header("content-type", "application/json")
            .body(body.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["category"], "forbidden_host");
    let (status, _) = common::send(
        client
            .get(server.url("/api/scramble"))
            .header("host", "evil.example"),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // A cross-origin write, as any page the user visits could send.
    let (status, err) = common::send(
        solve()
            .header("origin", "http://evil.example")
            .header("content-type", "application/json")
            .body(body.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["category"], "cross_origin");
    // The "simple request" a page can send without asking: text/plain.
    let (status, err) = common::send(
        solve()
            .header("content-type", "text/plain")
            .body(body.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{err}");
    assert_eq!(err["category"], "not_json");
    // The page itself (same origin), localhost and IP hosts, and curl (no Origin) are served.
    let own = server.base.clone();
    let (status, err) = common::send(
        solve()
            .header("origin", own)
            .header("content-type", "application/json")
            .body(body.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{err}");
    let port = server.base.rsplit(':').next().unwrap().to_string();
    let (status, err) = common::send(
        solve()
            .header("host", format!("localhost:{port}"))
            .header("origin", format!("http://localhost:{port}"))
            .header("content-type", "application/json")
            .body(body),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{err}");
}

#[tokio::test]
async fn api_errors_are_json_and_limits_are_consistent() {
    let server = common::start().await;
    let (status, err) = common::send(reqwest::Client::new().get(server.url("/api/solve"))).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(err["category"], "method_not_allowed");
    let (status, err) = common::post_to(
        &server.base,
        "/api/solve",
        json!({ "scramble": "R", "timeout_ms": 60_001 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    assert_eq!(err["category"], "bad_limit");
    assert_eq!(err["error"], "timeout_ms must be at most 60000");
    let (status, err) = common::post_to(
        &server.base,
        "/api/solve",
        json!({ "scramble": "R", "max_length": 201 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    assert_eq!(err["category"], "bad_limit");
    // A facelet string a letter short, sent as a scramble, is not played as 53 moves.
    let typo = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBD";
    let (status, err) =
        common::post_to(&server.base, "/api/solve", json!({ "scramble": typo })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    assert_eq!(err["category"], "wrong_length");
    // The documented caps are the enforced ones.
    let doc = server.openapi().await;
    let props = &doc["components"]["schemas"]["SolveRequest"]["properties"];
    assert_eq!(props["timeout_ms"]["maximum"], 60_000, "{props}");
    assert_eq!(props["max_length"]["maximum"], 200, "{props}");
    assert_eq!(props["scramble"]["maxLength"], 4096, "{props}");
}

#[tokio::test]
async fn a_solve_whose_tables_are_still_loading_gets_a_504_that_says_so() {
    // An empty table directory, so the solve finds its tables still being built. One fixed
    // name, emptied first: the build the test leaves running may still write a table after
    // the test's own clean-up, and that file is then removed by the next run.
    let dir = std::env::temp_dir().join("rubik-web-504-tables");
    let _ = std::fs::remove_dir_all(&dir);
    let state = AppState::new(
        rubik_solve::SolverConfig {
            table_dir: Some(dir.clone()),
            ..rubik_solve::SolverConfig::default()
        },
        ServerLimits {
            grace: Duration::ZERO,
            ..ServerLimits::default()
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(serve_on(listener, state, std::future::pending()));
    let (status, err) = common::post_to(
        &base,
        "/api/solve",
        json!({ "scramble": "R U", "method": "thistlethwaite", "timeout_ms": 1 }),
    )
    .await;
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{err}");
    let text = err["error"].as_str().unwrap();
    assert!(text.contains("still being loaded or built"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_move_lists_are_applied_off_the_async_threads() {
    let server = common::start().await;
    // Under 4096 characters, a million turns.
    let moves = "((R U R' U' F2 D' L B2)5000)25";
    let base = server.base.clone();
    let apply = tokio::spawn(async move {
        common::post_to(&base, "/api/apply", json!({ "moves": moves })).await
    });
    let state = Arc::clone(&server.state);
    let fast = state.limits.fast_jobs;
    // The work runs in the fast lane (a blocking thread), not on an async worker...
    let started = Instant::now();
    let mut in_lane = false;
    while !apply.is_finished() && started.elapsed() < Duration::from_secs(10) {
        if state.fast_slots.available_permits() < fast {
            in_lane = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    assert!(in_lane, "the moves were not applied in the fast lane");
    // ...so other requests are answered meanwhile.
    let res = reqwest::get(server.url("/api/methods")).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let (status, body) = apply.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    let expected = rubik_cube::Cube::solved()
        .apply(&rubik_cube::Alg::parse(moves).unwrap())
        .to_facelets();
    assert_eq!(body["facelets"], expected);
}
