//! Load test: 2,000 solve requests over 32 concurrent connections with zero errors; prints the
//! latency median and 99th percentile. Run alone to read the figures:
//! `cargo test -p rubik-web --test load -- --nocapture`.

mod common;

use rubik_cube::{random::rng_from_seed, Alg, Cube, CubieCube};
use rubik_solve::Method;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const REQUESTS: usize = 2_000;
const CONNECTIONS: usize = 32;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_thousand_solves_at_32_connections_without_errors() {
    let server = common::start().await;
    // Load (or build) the two-phase tables before timing, as `rubik serve` does at start-up.
    let state = Arc::clone(&server.state);
    tokio::task::spawn_blocking(move || state.solver(Method::Twophase).map(|_| ()))
        .await
        .unwrap()
        .expect("two-phase solver available");

    let mut rng = rng_from_seed(2026);
    let cubes: Arc<Vec<String>> = Arc::new(
        (0..REQUESTS)
            .map(|_| CubieCube::random(&mut rng).to_facelets())
            .collect(),
    );
    let next = Arc::new(AtomicUsize::new(0));
    let url = server.url("/api/solve");
    let started = Instant::now();
    let workers: Vec<_> = (0..CONNECTIONS)
        .map(|_| {
            let (cubes, next, url) = (Arc::clone(&cubes), Arc::clone(&next), url.clone());
            tokio::spawn(async move {
                // One client per worker: its own keep-alive connection.
                let client = reqwest::Client::builder()
                    .pool_max_idle_per_host(1)
                    .build()
                    .unwrap();
                let mut latencies = Vec::new();
                let mut solve_ms = Vec::new();
                let mut errors = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cubes.len() {
                        break;
                    }
                    let t = Instant::now();
                    let res = client
                        .post(&url)
                        .json(&json!({ "facelets": cubes[i], "timeout_ms": 30000 }))
                        .send()
                        .await;
                    match res {
                        Ok(r) if r.status().is_success() => {
                            let body: Value = r.json().await.unwrap();
                            latencies.push(t.elapsed());
                            solve_ms.push(body["millis"].as_f64().unwrap());
                            let moves = Alg::parse(body["solution"].as_str().unwrap()).unwrap();
                            let cube = Cube::from_facelets(&cubes[i]).unwrap();
                            if !cube.apply(&moves).is_solved() {
                                errors.push(format!("wrong solution for {}", cubes[i]));
                            }
                        }
                        Ok(r) => {
                            errors.push(format!("{}: {}", r.status(), r.text().await.unwrap()))
                        }
                        Err(e) => errors.push(e.to_string()),
                    }
                }
                (latencies, solve_ms, errors)
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = Vec::new();
    let mut solve_ms: Vec<f64> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    for w in workers {
        let (l, m, e) = w.await.unwrap();
        latencies.extend(l);
        solve_ms.extend(m);
        errors.extend(e);
    }
    solve_ms.sort_by(f64::total_cmp);
    let wall = started.elapsed();
    assert!(
        errors.is_empty(),
        "{} errors, first: {:?}",
        errors.len(),
        errors.first()
    );
    assert_eq!(latencies.len(), REQUESTS);
    latencies.sort();
    let pct =
        |p: f64| latencies[((latencies.len() as f64 * p).ceil() as usize).min(latencies.len()) - 1];
    println!(
        "load: {REQUESTS} solves (two-phase, random states) over {CONNECTIONS} connections in {:.2} s \
         ({:.0} req/s), {} fast slots: latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; \
         solver time p50 {:.2} ms, p99 {:.2} ms; 0 errors",
        wall.as_secs_f64(),
        REQUESTS as f64 / wall.as_secs_f64(),
        server.state.limits.fast_jobs,
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
        solve_ms[solve_ms.len() / 2],
        solve_ms[solve_ms.len() * 99 / 100],
    );
}
