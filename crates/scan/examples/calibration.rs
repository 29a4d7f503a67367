//! Calibration of the resolver's sticker confidences on the lighting test set
//! (`rubik_scan::lighting`): a sticker said to be p sure should be right about p of the time.
//!
//! ```sh
//! # on the tuning part, each temperature: outcomes and the reliability per decile
//! cargo run --release -p rubik-scan --example calibration -- fit
//! # on the tuning data (`Part::tuning_all`: every part but the sixth), the isotonic map `resolve::CALIBRATION` is fitted by
//! cargo run --release -p rubik-scan --example calibration -- isotonic
//! # the isotonic map's block size judged by leaving each tuning part out in turn
//! cargo run --release -p rubik-scan --example calibration -- cv
//! # the reliability diagram of one part (tuning, held-out, final, fresh, fourth, fifth,
//! # sixth; tuning-all: the six tuning parts together) as the resolver reports it, SVG
//! cargo run --release -p rubik-scan --example calibration -- plot held-out reliability.svg
//! ```
//!
//! Every non-centre sticker of every answered case (refused cases give no confidences)
//! counts once, in the decile of its confidence (0.9–1.0 is the last, 1.0 included).

use rubik_scan::lighting::{cases, judge, load_real, Case, Part, Tally};
use rubik_scan::resolve::TEMPERATURE;
use rubik_scan::Resolver;
use std::fmt::Write as _;
use std::path::Path;

/// Per decile: stickers, sum of confidences, right ones.
#[derive(Clone, Copy, Default)]
struct Bin {
    n: usize,
    confidence: f64,
    right: usize,
}

fn measure(cases: &[Case], temperature: f64) -> (Tally, [Bin; 10]) {
    measure_with(
        cases,
        &Resolver::new().temperature(temperature),
        &mut Vec::new(),
    )
}

/// [`measure`] with `resolver`, each sticker's (confidence, right) also pushed to `pairs`.
fn measure_with(
    cases: &[Case],
    resolver: &Resolver,
    pairs: &mut Vec<(f64, bool)>,
) -> (Tally, [Bin; 10]) {
    let mut tally = Tally::default();
    let mut bins = [Bin::default(); 10];
    for case in cases {
        let answer = resolver.resolve(&case.rgb);
        tally.add(&judge(&case.facelets, &answer));
        let Ok(r) = answer else { continue };
        let got = r.facelets();
        for (s, (a, b)) in got.bytes().zip(case.facelets.bytes()).enumerate() {
            if s % 9 == 4 {
                continue;
            }
            let c = r.stickers[s].confidence;
            let bin = &mut bins[((c * 10.0) as usize).min(9)];
            bin.n += 1;
            bin.confidence += c;
            bin.right += usize::from(a == b);
            pairs.push((c, a == b));
        }
    }
    (tally, bins)
}

fn describe(bins: &[Bin; 10]) -> String {
    let mut out = String::new();
    for (i, b) in bins.iter().enumerate() {
        if b.n == 0 {
            continue;
        }
        let said = b.confidence / b.n as f64;
        let right = b.right as f64 / b.n as f64;
        let _ = writeln!(
            out,
            "  {:.1}-{:.1}: n {:6}, said {:5.1}%, right {:5.1}%, gap {:+5.1} (SE {:.1})",
            i as f64 / 10.0,
            (i + 1) as f64 / 10.0,
            b.n,
            100.0 * said,
            100.0 * right,
            100.0 * (right - said),
            100.0 * (right * (1.0 - right) / b.n as f64).sqrt()
        );
    }
    out
}

fn svg(bins: &[Bin; 10], title: &str) -> String {
    let (w, h, m) = (480.0, 480.0, 60.0);
    let x = |p: f64| m + p * (w - 2.0 * m);
    let y = |p: f64| h - m - p * (h - 2.0 * m);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"14\">{title}</text>\n\
         <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n",
        w / 2.0,
        x(0.0),
        y(0.0),
        x(1.0),
        y(1.0)
    );
    for t in 0..=10 {
        let p = t as f64 / 10.0;
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{p:.1}</text>\
             <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000\"/><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{p:.1}</text>",
            x(p), y(0.0), x(p), y(0.0) + 5.0, x(p), y(0.0) + 18.0,
            x(0.0) - 5.0, y(p), x(0.0), y(p), x(0.0) - 8.0, y(p) + 4.0
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">confidence said (mean per decile)</text>\
         <text x=\"16\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {})\">share right</text>",
        w / 2.0,
        h - 20.0,
        h / 2.0,
        h / 2.0
    );
    let mut points = Vec::new();
    for b in bins.iter().filter(|b| b.n > 0) {
        let (said, right) = (b.confidence / b.n as f64, b.right as f64 / b.n as f64);
        points.push(format!("{:.1},{:.1}", x(said), y(right)));
        let _ = writeln!(
            out,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"#1f6feb\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\">n={}</text>",
            x(said),
            y(right),
            x(said) + 6.0,
            y(right) + 14.0,
            b.n
        );
    }
    let _ = writeln!(
        out,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f6feb\"/>\n</svg>",
        points.join(" ")
    );
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    match args.first().map(String::as_str) {
        Some("fit") => {
            let set = cases(&real, Part::Tuning);
            for t in [1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0] {
                let (tally, bins) = measure(&set, t);
                println!("temperature {t}: {tally}\n{}", describe(&bins));
            }
        }
        Some("isotonic") => {
            let mut set = Vec::new();
            for part in Part::tuning_all() {
                set.extend(cases(&real, part));
            }
            let mut pairs = Vec::new();
            let resolver = Resolver::new().uncalibrated();
            let (tally, bins) = measure_with(&set, &resolver, &mut pairs);
            println!("tuning data, uncalibrated: {tally}\n{}", describe(&bins));
            println!("knots (raw, calibrated):");
            for (x, y) in isotonic(pairs) {
                println!("    ({x:.4}, {y:.4}),");
            }
        }
        Some("cv") => {
            // Leave one tuning part out: the map fitted on the other parts, applied to the
            // part left out; every tuning sticker is judged once by a map that did not see it.
            let parts = Part::tuning_all();
            let resolver = Resolver::new().uncalibrated();
            let raw: Vec<Vec<(f64, bool)>> = parts
                .iter()
                .map(|&p| {
                    let mut pairs = Vec::new();
                    measure_with(&cases(&real, p), &resolver, &mut pairs);
                    pairs
                })
                .collect();
            for min_block in [40.0, 100.0, 200.0, 400.0, 800.0] {
                let mut bins = [Bin::default(); 10];
                for held in 0..parts.len() {
                    let train: Vec<(f64, bool)> = (0..parts.len())
                        .filter(|&p| p != held)
                        .flat_map(|p| raw[p].iter().copied())
                        .collect();
                    let knots = isotonic_blocks(train, min_block);
                    for &(c, right) in &raw[held] {
                        let c = through(&knots, c);
                        let bin = &mut bins[((c * 10.0) as usize).min(9)];
                        bin.n += 1;
                        bin.confidence += c;
                        bin.right += usize::from(right);
                    }
                }
                println!(
                    "blocks of at least {min_block}, each part judged by the map of the others:\n{}",
                    describe(&bins)
                );
            }
        }
        Some("plot") if args.len() == 3 => {
            let part = match args[1].as_str() {
                "held-out" => Part::HeldOut,
                "final" => Part::Final,
                "fresh" => Part::Fresh,
                "fourth" => Part::Fourth,
                "fifth" => Part::Fifth,
                "sixth" => Part::Sixth,
                "seventh" => Part::Seventh,
                _ => Part::Tuning,
            };
            // `tuning-all`: every part the resolver is tuned on, together.
            let set: Vec<Case> = if args[1] == "tuning-all" {
                Part::tuning_all()
                    .into_iter()
                    .flat_map(|p| cases(&real, p))
                    .collect()
            } else {
                cases(&real, part)
            };
            let (tally, bins) = measure(&set, TEMPERATURE);
            println!(
                "{} part, temperature {TEMPERATURE}: {tally}\n{}",
                args[1],
                describe(&bins)
            );
            let title = format!(
                "Sticker confidence, {} part ({} cases)",
                args[1], tally.total
            );
            std::fs::write(&args[2], svg(&bins, &title)).expect("write the SVG");
        }
        _ => eprintln!(
            "usage: calibration fit | isotonic | plot tuning|held-out|final|fresh|fourth|fifth|sixth|seventh|tuning-all FILE.svg"
        ),
    }
}

/// Isotonic regression (pool adjacent violators) of rightness on confidence, below 0.999 (the
/// top is left as it is: 99.9% of the stickers, right 99.9% of the time), pooled into blocks
/// of at least 400 stickers (chosen in session 22 by `cv`: leaving each tuning part out in
/// turn, blocks of 400 kept every decile with 100 stickers or more within 3 points; blocks of
/// 40, the earlier choice, left 0.3–0.4 off by 7.4); returns knots at each block's mean
/// confidence, with (0, 0) and (0.999, 0.999) as the ends.
fn isotonic(pairs: Vec<(f64, bool)>) -> Vec<(f64, f64)> {
    isotonic_blocks(pairs, 400.0)
}

/// [`isotonic`] with blocks of at least `min_block` stickers.
fn isotonic_blocks(mut pairs: Vec<(f64, bool)>, min_block: f64) -> Vec<(f64, f64)> {
    const TOP: f64 = 0.999;
    pairs.retain(|p| p.0 < TOP);
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Blocks: (sum of confidences, sum of right, count).
    let mut blocks: Vec<(f64, f64, f64)> = Vec::new();
    for (c, right) in pairs {
        blocks.push((c, f64::from(u8::from(right)), 1.0));
        loop {
            let n = blocks.len();
            if n < 2 {
                break;
            }
            let (a, b) = (blocks[n - 2], blocks[n - 1]);
            let violates = a.1 / a.2 >= b.1 / b.2 || a.2 < min_block;
            if !violates {
                break;
            }
            blocks[n - 2] = (a.0 + b.0, a.1 + b.1, a.2 + b.2);
            blocks.pop();
        }
    }
    let mut knots = vec![(0.0, 0.0)];
    for (c, r, n) in blocks {
        knots.push((c / n, (r / n).min(TOP)));
    }
    knots.push((TOP, TOP));
    knots
}

/// `raw` through the knots, linear between them (as `resolve::calibrated`).
fn through(knots: &[(f64, f64)], raw: f64) -> f64 {
    let raw = raw.clamp(0.0, 1.0);
    for pair in knots.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        if raw <= x1 {
            let t = if x1 > x0 { (raw - x0) / (x1 - x0) } else { 1.0 };
            return y0 + t * (y1 - y0);
        }
    }
    raw
}
