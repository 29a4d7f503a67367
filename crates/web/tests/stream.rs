//! `POST /api/solve/stream` over real HTTP: the lengths ruled out and the progress within a
//! length arrive as JSON lines while the search runs, the last line is a verified solution, and
//! a client that closes the connection stops the search (its solve slot is free again at once
//! and the next request is served without waiting for the abandoned search's time budget).

mod common;

use reqwest::StatusCode;
use rubik_cube::random::rng_from_seed;
use rubik_cube::{Alg, Cube, CubieCube};
use rubik_solve::claims::ClaimChecker;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// An open stream: the response and the bytes received but not yet split into lines.
struct Lines {
    response: reqwest::Response,
    pending: Vec<u8>,
}

impl Lines {
    /// Posts `body` to `/api/solve/stream` and checks the stream's status and type.
    async fn open(server: &common::TestServer, body: Value) -> Lines {
        let response = reqwest::Client::new()
            .post(server.url("/api/solve/stream"))
            .json(&body)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()["content-type"],
            "application/x-ndjson",
            "JSON lines"
        );
        Lines {
            response,
            pending: Vec::new(),
        }
    }

    /// The next line as JSON, or `None` at the end of the stream.
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                return Some(serde_json::from_slice(&line).expect("each line is JSON"));
            }
            match self.response.chunk().await.expect("the stream continues") {
                Some(bytes) => self.pending.extend_from_slice(&bytes),
                None => {
                    assert!(self.pending.is_empty(), "a line without its newline");
                    return None;
                }
            }
        }
    }
}

/// The facelets of a uniformly random state.
fn random_facelets(seed: u64) -> String {
    Cube::from_cubie(CubieCube::random(&mut rng_from_seed(seed))).to_facelets()
}

/// Checks a `solution` line: it solves `facelets`, its length is its moves', and each step's
/// moves, played in order, do what the step's text says.
fn assert_verified_solution(facelets: &str, line: &Value) {
    if let Some(event) = line.get("event") {
        assert_eq!(event, "solution", "{line}");
    }
    assert_eq!(line["facelets"], facelets);
    let start = Cube::from_facelets(facelets).expect("valid cube");
    let solution = Alg::parse(line["solution"].as_str().unwrap()).expect("notation");
    assert!(start.apply(&solution).is_solved(), "{line}");
    assert_eq!(line["length"].as_u64().unwrap() as usize, solution.htm());
    let mut checker = ClaimChecker::new(&start);
    let mut state = start;
    for step in line["steps"].as_array().unwrap() {
        let moves = Alg::parse(step["moves"].as_str().unwrap())
            .unwrap()
            .face_turns()
            .expect("outer turns");
        assert_eq!(step["length"].as_u64().unwrap() as usize, moves.len());
        let params: Vec<(String, String)> = step["params"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
            .collect();
        state = state.apply_moves(&moves);
        checker
            .step(step["key"].as_str().unwrap(), &params, &moves, &state)
            .unwrap_or_else(|e| panic!("{e}: {line}"));
    }
    assert!(state.is_solved(), "the steps solve the cube: {line}");
}

/// An optimal solve streams one `depth` line per length it rules out, in order, then the
/// solution, proven optimal, whose length is the last length searched.
#[tokio::test]
async fn optimal_stream_rules_out_each_length_then_answers_a_verified_solution() {
    let server = common::start().await;
    let scramble = "R U2 F' L D2 B R' U F2 D'";
    let facelets = Cube::solved()
        .apply(&Alg::parse(scramble).unwrap())
        .to_facelets();
    let mut lines = Lines::open(
        &server,
        json!({ "facelets": facelets, "method": "optimal", "timeout_ms": 60000 }),
    )
    .await;
    let mut depths = Vec::new();
    let mut last = None;
    while let Some(line) = lines.next().await {
        assert!(last.is_none(), "nothing after the last line: {line}");
        match line["event"].as_str() {
            Some("depth") => depths.push(line["length"].as_u64().unwrap()),
            Some("progress") => {}
            _ => last = Some(line),
        }
    }
    let last = last.expect("a last line");
    assert_verified_solution(&facelets, &last);
    assert_eq!(last["proven_optimal"], true, "{last}");
    let length = last["length"].as_u64().unwrap();
    assert!(length <= 10, "an optimal solution of a 10-move scramble");
    assert!(!depths.is_empty(), "lengths are reported");
    assert!(
        depths.windows(2).all(|w| w[1] == w[0] + 1),
        "one line per length, in order: {depths:?}"
    );
    assert_eq!(depths.last(), Some(&length), "{depths:?}");
}

/// Other methods stream no progress, only their (verified) answer; errors come as a last line
/// and requests with bad fields are refused before the stream starts.
#[tokio::test]
async fn other_methods_and_errors_on_the_stream() {
    let server = common::start().await;
    let facelets = random_facelets(3);
    for method in ["twophase", "cfop", "thistlethwaite"] {
        let mut lines = Lines::open(
            &server,
            json!({ "facelets": facelets, "method": method, "timeout_ms": 30000 }),
        )
        .await;
        let line = lines.next().await.expect("one line");
        assert_verified_solution(&facelets, &line);
        assert_eq!(line["method"], method);
        assert!(lines.next().await.is_none(), "one line only");
    }
    // No solution within the length asked for: an error line, after the stream started.
    let mut lines = Lines::open(
        &server,
        json!({ "facelets": facelets, "method": "optimal", "max_length": 5, "timeout_ms": 30000 }),
    )
    .await;
    let mut last = None;
    while let Some(line) = lines.next().await {
        last = Some(line);
    }
    let last = last.expect("a last line");
    assert_eq!(last["event"], "error", "{last}");
    assert_eq!(last["category"], "no_solution", "{last}");
    assert!(!last["error"].as_str().unwrap().is_empty());
    // A cube that cannot be read is found off the async threads, once the stream has
    // started: an error line with the status `POST /api/solve` answers.
    let mut lines = Lines::open(&server, json!({ "scramble": "R U X" })).await;
    let last = lines.next().await.expect("a line");
    assert_eq!(last["event"], "error", "{last}");
    assert_eq!(last["status"], 400, "{last}");
    assert!(last["error"].as_str().unwrap().contains('X'), "{last}");
    assert!(lines.next().await.is_none(), "one line only");
    // A bad request is refused before the stream starts, as an ordinary JSON error.
    let res = reqwest::Client::new()
        .post(server.url("/api/solve/stream"))
        .json(&json!({ "scramble": "R U", "method": "guess" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["category"], "unknown_method", "{body}");
}

/// Closing the connection stops the search. The server has one slot for slow solves: the
/// abandoned search (a random state, which the default table needs hours to prove, on a 60 s
/// budget) must give it back at once, or the next slow request would wait for it for up to a
/// minute.
#[tokio::test]
async fn closing_the_stream_stops_the_search() {
    let limits = rubik_web::ServerLimits {
        slow_jobs: 1,
        ..Default::default()
    };
    let server = common::start_with(limits).await;
    let slots = std::sync::Arc::clone(&server.state.slow_slots);
    let facelets = random_facelets(17);
    let mut lines = Lines::open(
        &server,
        json!({ "facelets": facelets, "method": "optimal", "timeout_ms": 60000 }),
    )
    .await;
    // Read until the search reports its progress within a length (from 15 moves on).
    let mut depths = Vec::new();
    let progress = loop {
        let line = lines.next().await.expect("the search is still running");
        match line["event"].as_str() {
            Some("depth") => depths.push(line["length"].as_u64().unwrap()),
            Some("progress") => break line,
            _ => panic!("a random state is not solved this fast: {line}"),
        }
    };
    assert!(depths.windows(2).all(|w| w[1] == w[0] + 1), "{depths:?}");
    assert_eq!(progress["length"].as_u64(), depths.last().copied());
    assert!(progress["length"].as_u64().unwrap() >= 15, "{progress}");
    assert!(progress["done"].as_u64().unwrap() <= progress["total"].as_u64().unwrap());
    assert_eq!(slots.available_permits(), 0, "the search holds the slot");

    // The user closes the page or presses Cancel: the connection goes.
    let closed = Instant::now();
    drop(lines);
    while slots.available_permits() == 0 {
        assert!(
            closed.elapsed() < Duration::from_secs(5),
            "the search still runs {:?} after the client left",
            closed.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let freed = closed.elapsed();

    // The next slow solve (optimal, in the same lane) is served at once.
    let other = Cube::solved()
        .apply(&Alg::parse("R U2 F' L D2 B R' U").unwrap())
        .to_facelets();
    let start = Instant::now();
    let res = reqwest::Client::new()
        .post(server.url("/api/solve"))
        .json(&json!({ "facelets": other, "method": "optimal", "timeout_ms": 30000 }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.unwrap();
    assert_verified_solution(&other, &body);
    assert_eq!(body["proven_optimal"], true, "{body}");
    eprintln!(
        "slot free {freed:?} after the close; the next solve answered in {:?}",
        start.elapsed()
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "the next solve waited {:?} (slot freed {freed:?} after the close)",
        start.elapsed()
    );
}

/// `solutions` above 1 streams each distinct solution as a `found` line as it is found, then
/// the answer listing the same ones, whose own solution is the first of them (one search, not
/// two); `threads` searches the cube on several threads. Every
/// solution is checked by applying it.
#[tokio::test]
async fn several_solutions_are_streamed_then_listed() {
    let server = common::start().await;
    let facelets = random_facelets(3838);
    let start = Cube::from_facelets(&facelets).expect("valid cube");
    let mut lines = Lines::open(
        &server,
        json!({ "facelets": facelets, "max_length": 20, "solutions": 3, "threads": 2 }),
    )
    .await;
    let mut found = Vec::new();
    let mut last = None;
    while let Some(line) = lines.next().await {
        assert!(last.is_none(), "nothing after the last line: {line}");
        match line["event"].as_str() {
            Some("found") => {
                let moves = Alg::parse(line["solution"].as_str().unwrap()).expect("notation");
                assert!(start.apply(&moves).is_solved(), "{line}");
                assert!(moves.htm() <= 20, "{line}");
                found.push(line["solution"].as_str().unwrap().to_string());
            }
            _ => last = Some(line),
        }
    }
    let last = last.expect("a last line");
    assert_verified_solution(&facelets, &last);
    let listed: Vec<String> = last["solutions"]
        .as_array()
        .expect("solutions listed")
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    assert_eq!(listed, found, "the list is what was streamed, in order");
    assert_eq!(
        last["solution"].as_str(),
        Some(listed[0].as_str()),
        "the answer is the list's first solution, from the same search"
    );
    assert_eq!(listed.len(), 3);
    let mut distinct = listed.clone();
    distinct.dedup();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "distinct: {listed:?}");
}
