//! The resolver's figures in BENCHMARKS.md, from scans in JSON lines (`{"rgb": [...54],
//! "facelets": "..."}` per line, the cube each scan shows):
//!
//! ```sh
//! cargo run --release -p rubik-scan --example figures -- real > real.jsonl        # the 34 real scans
//! cargo run --release -p rubik-scan --example figures -- synthetic 1000 > synthetic.jsonl
//! cargo run --release -p rubik-scan --example figures -- measure real.jsonl synthetic.jsonl
//! ```
//!
//! `synthetic` writes the scans of `tests/synthetic.rs` (same seed). `measure` prints, per
//! file, how many scans the resolver reads exactly, how many more are flagged or refused,
//! how many are silently wrong, the same count for the usual nearest-centre classifier (each
//! sticker the colour of the nearest centre in RGB), and the resolver's CPU time per scan
//! (this thread's CPU time, from `/proc/thread-self/schedstat`, so time the scheduler gave to
//! other processes is not counted; wall time is in the criterion benchmark).

use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_scan::synthetic::{random_colours, scan, Conditions};
use rubik_scan::{parse_rgb_json, resolve};
use serde_json::{json, Value};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("real") => real(),
        Some("synthetic") => synthetic(args.get(1).map_or(1000, |n| n.parse().expect("a count"))),
        Some("measure") => args[1..].iter().for_each(|path| measure(path)),
        _ => eprintln!("usage: figures real | synthetic N | measure FILE.jsonl..."),
    }
}

fn real() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        println!("{}", json!({ "rgb": v["rgb"], "facelets": v["facelets"] }));
    }
}

fn synthetic(n: usize) {
    let mut rng = rng_from_seed(17);
    for _ in 0..n {
        let cube = CubieCube::random(&mut rng);
        let colours = random_colours(&mut rng);
        let conditions = Conditions::random(&mut rng);
        let rgb = scan(&cube, &colours, &conditions, &mut rng);
        println!(
            "{}",
            json!({ "rgb": rgb.to_vec(), "facelets": cube.to_facelets() })
        );
    }
}

/// This thread's CPU time in nanoseconds.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The usual robot classifier: each sticker takes the colour of the nearest centre in RGB.
fn nearest_centre(rgb: &[[f64; 3]]) -> String {
    (0..54)
        .map(|s| {
            let d = |k: usize| {
                (0..3)
                    .map(|c| (rgb[s][c] - rgb[k * 9 + 4][c]).powi(2))
                    .sum::<f64>()
            };
            let k = (0..6).min_by(|&a, &b| d(a).total_cmp(&d(b))).unwrap();
            "URFDLB".as_bytes()[k] as char
        })
        .collect()
}

fn measure(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let (mut exact, mut flagged, mut refused, mut silent, mut nearest) = (0, 0, 0, 0, 0);
    let mut n = 0;
    let (mut cpu, start) = (0u64, Instant::now());
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let rgb = parse_rgb_json(&v["rgb"].to_string()).unwrap();
        let want = v["facelets"].as_str().unwrap();
        let before = cpu_ns();
        let result = resolve(&rgb);
        cpu += cpu_ns() - before;
        n += 1;
        match result {
            Ok(r) if r.facelets() == want => exact += 1,
            Ok(r) if !r.doubtful().is_empty() => flagged += 1,
            Ok(_) => silent += 1,
            Err(_) => refused += 1,
        }
        nearest += usize::from(nearest_centre(&rgb) == want);
    }
    println!(
        "{path}: {exact}/{n} exact, {flagged} wrong but flagged, {refused} refused, {silent} silently wrong; \
         nearest centre {nearest}/{n}; CPU {:.3} ms per scan (wall {:.3} ms)",
        cpu as f64 / n as f64 / 1e6,
        start.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
}
