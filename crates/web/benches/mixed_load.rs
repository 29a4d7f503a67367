//! Mixed-load benchmark of `rubik serve`'s API over real HTTP on loopback (a harness, not
//! criterion: it measures latency under load, not a function's time).
//!
//! 1. Baseline: 8 clients send two-phase solves of random states for `--seconds` seconds,
//!    nothing else running.
//! 2. Mixed: the same 8 clients while 2 optimal solves (60 s budget) and 4 two-phase solves at
//!    `max_length 17` (60 s budget) run.
//! 3. Volume: 10,000 two-phase solves over 32 connections.
//!
//! Every answer is checked by applying it. Run:
//! `cargo bench -p rubik-web --bench mixed_load` (optionally `-- --seconds N`, default 30;
//! `--help` lists the options; an unknown option or a bad value is an error, exit 2).

use clap::Parser;
use reqwest::StatusCode;
use rubik_cube::random::rng_from_seed;
use rubik_cube::{Alg, Cube, CubieCube};
use rubik_solve::{Method, SolverConfig};
use rubik_web::{serve_on, AppState, ServerLimits};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bench's options (clap prints them for `--help` and rejects unknown ones with exit 2).
#[derive(Parser)]
#[command(
    bin_name = "cargo bench -p rubik-web --bench mixed_load --",
    about = "Mixed-load benchmark of rubik serve's API over real HTTP on loopback",
    args_override_self = true,
    allow_negative_numbers = true
)]
struct Args {
    /// Length of each of the two load phases (baseline, mixed)
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = phase_seconds)]
    seconds: u64,
    /// Passed by `cargo bench` to every `harness = false` bench; ignored
    #[arg(long, hide = true)]
    bench: bool,
}

/// A `--seconds` value: a whole number of seconds, at least 1 (a phase needs some solves to
/// report on).
fn phase_seconds(text: &str) -> Result<u64, String> {
    match text.parse() {
        Ok(0) => Err("a phase must last at least 1 second".to_string()),
        Ok(secs) => Ok(secs),
        Err(_) => Err("not a whole number of seconds".to_string()),
    }
}

/// Latencies and failures of one phase.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    unavailable: usize,
    other_errors: Vec<String>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.latencies.extend(other.latencies);
        self.unavailable += other.unavailable;
        self.other_errors.extend(other.other_errors);
    }

    fn report(&mut self, name: &str, wall: Duration) {
        self.latencies.sort();
        let n = self.latencies.len();
        let pct = |p: f64| {
            self.latencies[((n as f64 * p).ceil() as usize).clamp(1, n) - 1].as_secs_f64() * 1e3
        };
        println!(
            "{name}: {n} solves in {:.1} s ({:.0}/s): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
             {} × 503, {} other errors{}",
            wall.as_secs_f64(),
            n as f64 / wall.as_secs_f64(),
            pct(0.5),
            pct(0.9),
            pct(0.99),
            pct(1.0),
            self.unavailable,
            self.other_errors.len(),
            self.other_errors
                .first()
                .map(|e| format!(" (first: {e})"))
                .unwrap_or_default(),
        );
    }
}

/// Sends one solve; checks a 200's solution by applying it.
async fn solve(
    client: &reqwest::Client,
    url: &str,
    body: Value,
    facelets: &str,
    tally: &mut Tally,
) {
    let started = Instant::now();
    match client.post(url).json(&body).send().await {
        Ok(res) if res.status() == StatusCode::OK => {
            let answer: Value = res.json().await.expect("JSON");
            let elapsed = started.elapsed();
            let moves = Alg::parse(answer["solution"].as_str().unwrap()).unwrap();
            if Cube::from_facelets(facelets)
                .unwrap()
                .apply(&moves)
                .is_solved()
            {
                tally.latencies.push(elapsed);
            } else {
                tally
                    .other_errors
                    .push(format!("wrong solution for {facelets}"));
            }
        }
        Ok(res) if res.status() == StatusCode::SERVICE_UNAVAILABLE => tally.unavailable += 1,
        Ok(res) => tally.other_errors.push(format!(
            "{}: {}",
            res.status(),
            res.text().await.unwrap_or_default()
        )),
        Err(e) => tally.other_errors.push(e.to_string()),
    }
}

/// `clients` connections sending two-phase solves until `stop` (or `total` solves).
async fn fast_clients(
    url: &str,
    clients: usize,
    seed: u64,
    stop: Arc<AtomicBool>,
    total: Option<usize>,
) -> Tally {
    let sent = Arc::new(AtomicUsize::new(0));
    let tasks: Vec<_> = (0..clients)
        .map(|c| {
            let (url, stop, sent) = (url.to_string(), Arc::clone(&stop), Arc::clone(&sent));
            tokio::spawn(async move {
                let client = reqwest::Client::builder()
                    .pool_max_idle_per_host(1)
                    .build()
                    .unwrap();
                let mut rng = rng_from_seed(seed * 1000 + c as u64);
                let mut tally = Tally::default();
                while !stop.load(Ordering::Relaxed) {
                    if total.is_some_and(|t| sent.fetch_add(1, Ordering::Relaxed) >= t) {
                        break;
                    }
                    let facelets = CubieCube::random(&mut rng).to_facelets();
                    let body = json!({ "facelets": facelets, "timeout_ms": 30000 });
                    solve(&client, &url, body, &facelets, &mut tally).await;
                }
                tally
            })
        })
        .collect();
    let mut all = Tally::default();
    for t in tasks {
        all.merge(t.await.unwrap());
    }
    all
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let seconds = Args::parse().seconds;
    // As `rubik serve` does: rayon's threads (the optimal search) at the slow lane's priority.
    let _ = rayon::ThreadPoolBuilder::new()
        .start_handler(|_| rubik_web::exec::lower_priority())
        .build_global();
    let state = AppState::new(SolverConfig::default(), ServerLimits::default());
    println!("loading the two-phase and optimal (small) tables...");
    for method in [Method::Twophase, Method::Optimal] {
        let s = Arc::clone(&state);
        tokio::task::spawn_blocking(move || s.solver(method).map(|_| ()))
            .await
            .unwrap()
            .expect("tables");
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/api/solve", listener.local_addr().unwrap());
    tokio::spawn(serve_on(
        listener,
        Arc::clone(&state),
        std::future::pending(),
    ));
    println!(
        "server: {} fast slots, {} slow slots; {} s per load phase",
        state.limits.fast_jobs, state.limits.slow_jobs, seconds
    );

    // 1. Baseline.
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let load = tokio::spawn({
        let (url, stop) = (url.clone(), Arc::clone(&stop));
        async move { fast_clients(&url, 8, 1, stop, None).await }
    });
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    load.await
        .unwrap()
        .report("baseline, 8 clients alone", started.elapsed());

    // 2. Mixed: slow solves first, then the same 8 clients while they run.
    let mut rng = rng_from_seed(77);
    let slow: Vec<_> = (0..6)
        .map(|i| {
            let facelets = CubieCube::random(&mut rng).to_facelets();
            let body = if i < 2 {
                json!({ "facelets": facelets, "method": "optimal", "timeout_ms": 60000 })
            } else {
                json!({ "facelets": facelets, "max_length": 17, "timeout_ms": 60000 })
            };
            let url = url.clone();
            tokio::spawn(async move {
                let started = Instant::now();
                let res = reqwest::Client::new().post(&url).json(&body).send().await;
                let status = res.map(|r| r.status().as_u16()).unwrap_or(0);
                (i, status, started.elapsed())
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let running = state.limits.slow_jobs - state.slow_slots.available_permits();
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let load = tokio::spawn({
        let (url, stop) = (url.clone(), Arc::clone(&stop));
        async move { fast_clients(&url, 8, 2, stop, None).await }
    });
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let still_running = state.limits.slow_jobs - state.slow_slots.available_permits();
    stop.store(true, Ordering::Relaxed);
    load.await.unwrap().report(
        &format!(
            "mixed, 8 clients with 2 optimal + 4 max_length-17 solves ({running} slow running at the start, {still_running} at the end)"
        ),
        started.elapsed(),
    );
    for s in slow {
        let (i, status, took) = s.await.unwrap();
        let kind = if i < 2 { "optimal" } else { "max_length 17" };
        println!(
            "  slow solve {i} ({kind}): HTTP {status} after {:.1} s",
            took.as_secs_f64()
        );
    }

    // 3. Volume.
    let started = Instant::now();
    let mut volume =
        fast_clients(&url, 32, 3, Arc::new(AtomicBool::new(false)), Some(10_000)).await;
    volume.report(
        "volume, 10,000 solves over 32 connections",
        started.elapsed(),
    );
}
