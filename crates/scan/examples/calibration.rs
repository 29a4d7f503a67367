//! Calibration of the resolver's sticker confidences on the lighting test set
//! (`rubik_scan::lighting`): a sticker said to be p sure should be right about p of the time.
//!
//! ```sh
//! # on the tuning part, each temperature: outcomes and the reliability per decile
//! cargo run --release -p rubik-scan --example calibration -- fit
//! # on the tuning data (`Part::tuning_before(Part::Sixth)`: every part but the sixth), the
//! # isotonic map `resolve::CALIBRATION` is fitted by
//! cargo run --release -p rubik-scan --example calibration -- isotonic
//! # the shipped map judged on the seven tuning parts (session 23: the sixth part too), and
//! # the isotonic map's block size judged by leaving each tuning part out in turn; every
//! # decile with its standard error over cases (a case's stickers are not independent)
//! cargo run --release -p rubik-scan --example calibration -- cv
//! # session 24: a map per case feature (the case's stickers below 0.9, three groups) against
//! # the one map, each tuning part of eight judged by the map of the other seven (not kept)
//! cargo run --release -p rubik-scan --example calibration -- cv-feature
//! # session 27: the map refitted on the eleven parts of `Part::tuning_before(Part::Eleventh)`:
//! # each part judged by the map of the other ten, one map per block size against a map per group
//! # of cases (by the case's doubtful stickers, or by the scan's nearest pair of read colours), per
//! # decile by cases and by stickers; then the knots fitted on all eleven
//! cargo run --release -p rubik-scan --example calibration -- refit eleven
//! # session 30: the same on the fifteen parts of `Part::tuning_before(Part::Fifteenth)`
//! cargo run --release -p rubik-scan --example calibration -- refit fifteen
//! # session 31: on the sixteen parts of `Part::tuning_before(Part::Sixteenth)`, with the
//! # nearest-pair groups also in two (split at the median) and at larger blocks
//! cargo run --release -p rubik-scan --example calibration -- refit sixteen
//! # session 32: on the seventeen parts of `Part::tuning_before(Part::Seventeenth)` (the default)
//! cargo run --release -p rubik-scan --example calibration -- refit
//! # the reliability diagram of one part (tuning, held-out, final, ... fifteenth) or of every
//! # part before one together (before-sixth, also named tuning-all: the six tuning parts of
//! # session 22; tuning-seven ... tuning-seventeen: the tuning parts of sessions 23-32) as the
//! # resolver reports it, SVG
//! cargo run --release -p rubik-scan --example calibration -- plot held-out reliability.svg
//! # the same without the three noise-floor scans (`dark-01`, `ev3-readme`, `random-08-2019`)
//! cargo run --release -p rubik-scan --example calibration -- plot eleventh /tmp/r.svg --no-floor
//! ```
//!
//! Every non-centre sticker of every answered case (refused cases give no confidences)
//! counts once, in the decile of its confidence (0.9–1.0 is the last, 1.0 included).

use rubik_scan::lighting::{cases, judge, load_real, Case, Part, Tally};
use rubik_scan::resolve::{calibrated_by, TEMPERATURE};
use rubik_scan::Resolver;
use std::fmt::Write as _;
use std::path::Path;

/// The names earlier sessions gave to their tuning parts together, with the part each held
/// out (`plot tuning-all` is `plot before-sixth`).
const TUNING_SETS: [(&str, Part); 8] = [
    ("tuning-all", Part::Sixth),
    ("tuning-seven", Part::Seventh),
    ("tuning-eight", Part::Eighth),
    ("tuning-nine", Part::Ninth),
    ("tuning-eleven", Part::Eleventh),
    ("tuning-fifteen", Part::Fifteenth),
    ("tuning-sixteen", Part::Sixteenth),
    ("tuning-seventeen", Part::Seventeenth),
];

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
    measure_cases(cases, resolver, pairs, &mut Vec::new())
}

/// [`measure_with`], each sticker's case (its index in `cases`) also pushed to `owners`, in
/// step with `pairs`: the stickers of one case are not independent draws, so the standard
/// error of a decile's gap is taken over cases ([`cluster_gaps`]).
fn measure_cases(
    cases: &[Case],
    resolver: &Resolver,
    pairs: &mut Vec<(f64, bool)>,
    owners: &mut Vec<usize>,
) -> (Tally, [Bin; 10]) {
    let mut tally = Tally::default();
    let mut bins = [Bin::default(); 10];
    for (index, case) in cases.iter().enumerate() {
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
            owners.push(index);
        }
    }
    (tally, bins)
}

/// One decile judged with its stickers grouped by case.
struct ClusterGap {
    /// Decile index (0..10).
    decile: usize,
    /// Stickers.
    n: usize,
    /// Cases that put a sticker in it.
    cases: usize,
    /// Mean confidence said.
    said: f64,
    /// Share right.
    right: f64,
    /// The standard error of the gap (right − said) over cases, each case one draw (a
    /// cluster-robust, ratio-estimator standard error).
    se_cases: f64,
    /// The binomial standard error over stickers, for comparison.
    se_stickers: f64,
}

/// Per decile, the gap between the share right and the confidence said, with a standard error
/// over cases: with d_c the sum over case c's stickers in the decile of (right − said − gap),
/// SE = sqrt(C / (C − 1) · Σ d_c²) / n.
fn cluster_gaps(pairs: &[(f64, bool)], owners: &[usize]) -> Vec<ClusterGap> {
    use std::collections::HashMap;
    let decile = |c: f64| ((c * 10.0) as usize).min(9);
    let mut out = Vec::new();
    for d in 0..10 {
        let members: Vec<(f64, bool, usize)> = pairs
            .iter()
            .zip(owners)
            .filter(|((c, _), _)| decile(*c) == d)
            .map(|(&(c, r), &o)| (c, r, o))
            .collect();
        let n = members.len();
        if n == 0 {
            continue;
        }
        let said = members.iter().map(|m| m.0).sum::<f64>() / n as f64;
        let right = members.iter().filter(|m| m.1).count() as f64 / n as f64;
        let gap = right - said;
        let mut per_case: HashMap<usize, f64> = HashMap::new();
        for &(c, r, o) in &members {
            *per_case.entry(o).or_default() += f64::from(u8::from(r)) - c - gap;
        }
        let k = per_case.len();
        let se_cases = if k > 1 {
            (k as f64 / (k - 1) as f64 * per_case.values().map(|v| v * v).sum::<f64>()).sqrt()
                / n as f64
        } else {
            f64::NAN
        };
        out.push(ClusterGap {
            decile: d,
            n,
            cases: k,
            said,
            right,
            se_cases,
            se_stickers: (right * (1.0 - right) / n as f64).sqrt(),
        });
    }
    out
}

/// [`cluster_gaps`] as a table: per decile n, cases, said, right, gap, SE over cases and over
/// stickers, and whether the gap is within 5 points.
fn describe_clusters(pairs: &[(f64, bool)], owners: &[usize]) -> String {
    let mut out = String::from(
        "  decile   | stickers | cases | said   | right  | gap   | SE cases | SE stickers | within 5\n",
    );
    for g in cluster_gaps(pairs, owners) {
        let gap = 100.0 * (g.right - g.said);
        let _ = writeln!(
            out,
            "  {:.1}-{:.1}  | {:8} | {:5} | {:5.1}% | {:5.1}% | {:+5.1} | {:8.1} | {:11.1} | {}",
            g.decile as f64 / 10.0,
            (g.decile + 1) as f64 / 10.0,
            g.n,
            g.cases,
            100.0 * g.said,
            100.0 * g.right,
            gap,
            100.0 * g.se_cases,
            100.0 * g.se_stickers,
            if gap.abs() <= 5.0 { "yes" } else { "no" }
        );
    }
    out
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
            for part in Part::tuning_before(Part::Sixth) {
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
            let parts = Part::tuning_before(Part::Seventh);
            let resolver = Resolver::new().uncalibrated();
            let mut raw: Vec<Vec<(f64, bool)>> = Vec::new();
            let mut raw_owners: Vec<Vec<usize>> = Vec::new();
            for (i, &p) in parts.iter().enumerate() {
                let (mut pairs, mut owners) = (Vec::new(), Vec::new());
                measure_cases(&cases(&real, p), &resolver, &mut pairs, &mut owners);
                // Case numbers unique over the parts.
                raw_owners.push(owners.iter().map(|o| i * 1_000_000 + o).collect());
                raw.push(pairs);
            }
            // The shipped map, judged on every part (it saw parts 0..6, not the sixth).
            {
                let (mut all, mut owners) = (Vec::new(), Vec::new());
                for (p, o) in raw.iter().zip(&raw_owners) {
                    all.extend(p.iter().map(|&(c, r)| (rubik_scan::resolve::calibrated(c), r)));
                    owners.extend(o.iter().copied());
                }
                println!(
                    "the shipped map on the seven tuning parts:\n{}",
                    describe_clusters(&all, &owners)
                );
                let six = parts.len() - 1;
                let sixth: Vec<(f64, bool)> = raw[six]
                    .iter()
                    .map(|&(c, r)| (rubik_scan::resolve::calibrated(c), r))
                    .collect();
                println!(
                    "the shipped map on the sixth part (not fitted on it):\n{}",
                    describe_clusters(&sixth, &raw_owners[six])
                );
            }
            for min_block in [40.0, 100.0, 200.0, 400.0, 800.0] {
                let (mut judged, mut judged_owners) = (Vec::new(), Vec::new());
                for held in 0..parts.len() {
                    let train: Vec<(f64, bool)> = (0..parts.len())
                        .filter(|&p| p != held)
                        .flat_map(|p| raw[p].iter().copied())
                        .collect();
                    let knots = isotonic_blocks(train, min_block);
                    for (&(c, right), &owner) in raw[held].iter().zip(&raw_owners[held]) {
                        judged.push((calibrated_by(&knots, c), right));
                        judged_owners.push(owner);
                    }
                }
                println!(
                    "blocks of at least {min_block}, each part judged by the map of the others:\n{}",
                    describe_clusters(&judged, &judged_owners)
                );
            }
        }
        Some("cv-feature") => {
            // Session 24: a map per case feature (how many of the case's stickers are below
            // 0.9 raw, in three groups split at the training stickers' terciles) against the one
            // map, both judged by leaving each of the eight tuning parts out in turn; per part,
            // how many deciles below 0.9 are within 5 points.
            let parts = Part::tuning_before(Part::Eighth);
            let resolver = Resolver::new().uncalibrated();
            let mut raw: Vec<Vec<(f64, bool)>> = Vec::new();
            let mut raw_owners: Vec<Vec<usize>> = Vec::new();
            let mut features: Vec<Vec<usize>> = Vec::new();
            for (i, &p) in parts.iter().enumerate() {
                let (mut pairs, mut owners) = (Vec::new(), Vec::new());
                measure_cases(&cases(&real, p), &resolver, &mut pairs, &mut owners);
                let mut unsure: std::collections::HashMap<usize, usize> = Default::default();
                for (&(c, _), &o) in pairs.iter().zip(&owners) {
                    *unsure.entry(o).or_default() += usize::from(c < 0.9);
                }
                features.push(owners.iter().map(|o| unsure[o]).collect());
                raw_owners.push(owners.iter().map(|o| i * 1_000_000 + o).collect());
                raw.push(pairs);
            }
            for min_block in [100.0, 200.0, 400.0] {
                for by_feature in [false, true] {
                    let (mut judged, mut judged_owners) = (Vec::new(), Vec::new());
                    let mut within = Vec::new();
                    for held in 0..parts.len() {
                        let train: Vec<(f64, bool, usize)> = (0..parts.len())
                            .filter(|&p| p != held)
                            .flat_map(|p| {
                                raw[p]
                                    .iter()
                                    .zip(&features[p])
                                    .map(|(&(c, r), &f)| (c, r, f))
                            })
                            .collect();
                        // Terciles of the feature over the training stickers below 0.9.
                        let mut low: Vec<usize> =
                            train.iter().filter(|t| t.0 < 0.9).map(|t| t.2).collect();
                        low.sort_unstable();
                        let cuts = [low[low.len() / 3], low[2 * low.len() / 3]];
                        let group = |f: usize| {
                            if !by_feature || f <= cuts[0] {
                                0
                            } else if f <= cuts[1] {
                                1
                            } else {
                                2
                            }
                        };
                        let maps: Vec<Vec<(f64, f64)>> = (0..3)
                            .map(|g| {
                                isotonic_where(&train, |&f| group(f) == g, min_block)
                            })
                            .collect();
                        let (mut part_judged, mut part_owners) = (Vec::new(), Vec::new());
                        for ((&(c, right), &owner), &f) in
                            raw[held].iter().zip(&raw_owners[held]).zip(&features[held])
                        {
                            part_judged.push((calibrated_by(&maps[group(f)], c), right));
                            part_owners.push(owner);
                        }
                        let (ok, of) = within_five(&part_judged, &part_owners);
                        within.push(format!("{:?} {ok}/{of}", parts[held]));
                        judged.extend(part_judged);
                        judged_owners.extend(part_owners);
                    }
                    println!(
                        "blocks of at least {min_block}, {}: deciles below 0.9 (n >= 20) within 5 points per part: {}\npooled:\n{}",
                        if by_feature { "a map per feature group" } else { "one map" },
                        within.join(", "),
                        describe_clusters(&judged, &judged_owners)
                    );
                }
            }
        }
        Some("refit") => match args.get(1).map(String::as_str) {
            Some("eleven") => refit(&real, &Part::tuning_before(Part::Eleventh)),
            Some("fifteen") => refit(&real, &Part::tuning_before(Part::Fifteenth)),
            Some("sixteen") => refit(&real, &Part::tuning_before(Part::Sixteenth)),
            None | Some("seventeen") => refit(&real, &Part::tuning_before(Part::Seventeenth)),
            Some(other) => {
                eprintln!("refit: unknown set of parts {other} (eleven|fifteen|sixteen|seventeen)")
            }
        },
        Some("plot") if args.len() == 3 || (args.len() == 4 && args[3] == "--no-floor") => {
            let part = Part::named(&args[1]).unwrap_or(Part::Tuning);
            // `before-PART` (or a session's name for it, `tuning-all` ... `tuning-fifteen`):
            // every part before PART, together.
            let together = args[1]
                .strip_prefix("before-")
                .and_then(Part::named)
                .or_else(|| {
                    TUNING_SETS
                        .iter()
                        .find(|(name, _)| *name == args[1])
                        .map(|&(_, held_out)| held_out)
                });
            let set: Vec<Case> = match together {
                Some(held_out) => Part::tuning_before(held_out)
                    .into_iter()
                    .flat_map(|p| cases(&real, p))
                    .collect(),
                None => cases(&real, part),
            };
            // `--no-floor`: without the three noise-floor scans (session 22: their closest
            // colours are within the noise before any fault).
            let floor = ["3x3x3-dark-01/", "3x3x3-ev3-readme/", "3x3x3-random-08-2019/"];
            let set: Vec<Case> = set
                .into_iter()
                .filter(|c| args.len() == 3 || !floor.iter().any(|f| c.name.starts_with(f)))
                .collect();
            let (mut pairs, mut owners) = (Vec::new(), Vec::new());
            let (tally, bins) = measure_cases(
                &set,
                &Resolver::new().temperature(TEMPERATURE),
                &mut pairs,
                &mut owners,
            );
            println!(
                "{} part, temperature {TEMPERATURE}: {tally}\n{}",
                args[1],
                describe_clusters(&pairs, &owners)
            );
            let title = format!(
                "Sticker confidence, {} part ({} cases)",
                args[1], tally.total
            );
            std::fs::write(&args[2], svg(&bins, &title)).expect("write the SVG");
        }
        _ => eprintln!(
            "usage: calibration fit | isotonic | cv | cv-feature | refit [eleven|fifteen|sixteen|seventeen] | plot PART|tuning-all|tuning-seven|tuning-eight|tuning-nine|tuning-eleven|tuning-fifteen|tuning-sixteen|tuning-seventeen FILE.svg [--no-floor]"
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

/// [`isotonic_blocks`] of the training stickers `(confidence, right, feature)` whose feature
/// `keep` accepts.
fn isotonic_where<T>(
    train: &[(f64, bool, T)],
    keep: impl Fn(&T) -> bool,
    min_block: f64,
) -> Vec<(f64, f64)> {
    isotonic_blocks(
        train
            .iter()
            .filter(|t| keep(&t.2))
            .map(|t| (t.0, t.1))
            .collect(),
        min_block,
    )
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

/// Of one part's deciles below 0.9 with at least 20 stickers, how many are within 5 points,
/// and how many there are.
fn within_five(judged: &[(f64, bool)], owners: &[usize]) -> (usize, usize) {
    let gaps = cluster_gaps(judged, owners);
    let below: Vec<&ClusterGap> = gaps.iter().filter(|g| g.decile < 9 && g.n >= 20).collect();
    let ok = below
        .iter()
        .filter(|g| (g.right - g.said).abs() <= 0.05)
        .count();
    (ok, below.len())
}

/// [`within_five`] of every part: the sums and the parts' figures as `ok/of` joined by spaces.
fn within_summary(within: &[(usize, usize)]) -> (usize, usize, String) {
    let (ok, of) = within.iter().fold((0, 0), |a, w| (a.0 + w.0, a.1 + w.1));
    let parts = within
        .iter()
        .map(|w| format!("{}/{}", w.0, w.1))
        .collect::<Vec<_>>()
        .join(" ");
    (ok, of, parts)
}

/// Session 27 (`-- refit eleven`): the isotonic map refitted on the eleven tuning parts; session 30
/// (`-- refit fifteen`): on the fifteen of `Part::tuning_before(Part::Fifteenth)`; session 31
/// (`-- refit sixteen`): on the sixteen of `Part::tuning_before(Part::Sixteenth)`; session 32
/// (`-- refit`, `-- refit seventeen`): on the seventeen of `Part::tuning_before(Part::Seventeenth)`.
/// Every part is judged by maps fitted on the others: one map (blocks of 200 to 1,600 stickers)
/// against a map per group of cases (three groups at the training stickers' terciles of a case
/// feature, or two at their median: how many of the case's stickers are below [`rubik_scan::resolve::DOUBTFUL_BELOW`] raw,
/// or the CIELAB distance between the scan's two nearest colours as read, each colour the mean of
/// the stickers read as it). Per part, the deciles below 0.9 with at least 20 stickers that are
/// within 5 points; pooled, every decile with its SE over cases and over stickers. Then the shipped
/// map on the same stickers, and the knots of one map fitted on all the parts.
fn refit(real: &[rubik_scan::lighting::BaseScan], parts: &[Part]) {
    use rubik_scan::lab::srgb_to_lab;
    use rubik_scan::resolve::DOUBTFUL_BELOW;
    use std::collections::HashMap;
    // The stickers judged are those of the cases the shipped resolver answers, each with the
    // tempered (raw) confidence behind its reported one, found through the map's inverse
    // ([`raw_of`]). `uncalibrated()` would judge another set: it compares raw confidences with
    // the calibrated bars, so it refuses more cases (session 30: 1,919 refused against 1,699 on
    // the fifteen parts).
    let resolver = Resolver::new();
    let mut tally = Tally::default();
    let mut not_inverted = 0usize;
    // Per part: (raw confidence, right), the case (unique over parts), and two case features.
    let mut raw: Vec<Vec<(f64, bool)>> = Vec::new();
    let mut raw_owners: Vec<Vec<usize>> = Vec::new();
    let mut features: Vec<[Vec<f64>; 2]> = Vec::new();
    for (i, &p) in parts.iter().enumerate() {
        let set = cases(real, p);
        let (mut pairs, mut owners) = (Vec::new(), Vec::new());
        let mut nearest: HashMap<usize, f64> = HashMap::new();
        let mut doubtful: HashMap<usize, f64> = HashMap::new();
        for (index, case) in set.iter().enumerate() {
            let answer = resolver.resolve(&case.rgb);
            tally.add(&judge(&case.facelets, &answer));
            let Ok(mut r) = answer else {
                continue;
            };
            for reading in r.stickers.iter_mut() {
                let raw = raw_of(rubik_scan::resolve::CALIBRATION, reading.confidence);
                not_inverted += usize::from(
                    (rubik_scan::resolve::calibrated(raw) - reading.confidence).abs() > 1e-9,
                );
                reading.confidence = raw;
            }
            let got = r.facelets();
            let mut sum = [[0.0; 3]; 6];
            let mut n = [0.0f64; 6];
            for (s, (a, b)) in got.bytes().zip(case.facelets.bytes()).enumerate() {
                let f = r.stickers[s].face.index();
                let lab = srgb_to_lab(case.rgb[s]).to_array();
                for k in 0..3 {
                    sum[f][k] += lab[k];
                }
                n[f] += 1.0;
                if s % 9 == 4 {
                    continue;
                }
                let c = r.stickers[s].confidence;
                *doubtful.entry(index).or_default() += f64::from(u8::from(c < DOUBTFUL_BELOW));
                pairs.push((c, a == b));
                owners.push(index);
            }
            let mean = |f: usize| sum[f].map(|v| v / n[f].max(1.0));
            let mut near = f64::INFINITY;
            for a in 0..6 {
                for b in a + 1..6 {
                    let (x, y) = (mean(a), mean(b));
                    near = near.min((0..3).map(|k| (x[k] - y[k]).powi(2)).sum::<f64>().sqrt());
                }
            }
            nearest.insert(index, near);
        }
        features.push([
            owners.iter().map(|o| doubtful[o]).collect(),
            owners.iter().map(|o| nearest[o]).collect(),
        ]);
        raw_owners.push(owners.iter().map(|o| i * 1_000_000 + o).collect());
        raw.push(pairs);
        eprintln!("{p:?} resolved");
    }
    println!(
        "{} parts, the shipped resolver: {tally}; stickers not inverted: {not_inverted}",
        parts.len()
    );
    // The shipped map.
    {
        let (mut all, mut owners, mut within) = (Vec::new(), Vec::new(), Vec::new());
        for (p, o) in raw.iter().zip(&raw_owners) {
            let judged: Vec<(f64, bool)> = p
                .iter()
                .map(|&(c, r)| (rubik_scan::resolve::calibrated(c), r))
                .collect();
            within.push(within_five(&judged, o));
            all.extend(judged);
            owners.extend(o.iter().copied());
        }
        let (ok, of, per_part) = within_summary(&within);
        println!(
            "the shipped map: within 5 points per part {ok} of {of} ({per_part})\npooled:\n{}",
            describe_clusters(&all, &owners)
        );
    }
    // feature: None (one map), Some(0) doubtful stickers, Some(1) nearest pair.
    // `flat`: the map's lower end held at the lowest block's share right (a knot (0, that share)
    // instead of (0, 0)): the stickers below the lowest block's mean are right about as often as
    // that block's, not less and less down to 0.
    // The fourth field: how many groups (3: at the terciles, 2: at the median).
    let configs: Vec<(f64, Option<usize>, bool, usize)> = vec![
        (200.0, None, false, 3),
        (400.0, None, false, 3),
        (800.0, None, false, 3),
        (1600.0, None, false, 3),
        (400.0, Some(0), false, 3),
        (800.0, Some(0), false, 3),
        (400.0, Some(1), false, 3),
        (800.0, Some(1), false, 3),
        (200.0, None, true, 3),
        (400.0, None, true, 3),
        (800.0, None, true, 3),
        (1600.0, None, true, 3),
        (400.0, Some(0), true, 3),
        (400.0, Some(1), true, 3),
        (800.0, Some(1), true, 3),
        (1600.0, Some(1), true, 3),
        (400.0, Some(1), true, 2),
        (800.0, Some(1), true, 2),
        (1600.0, Some(1), true, 2),
    ];
    for (min_block, feature, flat, groups) in configs {
        let (mut judged, mut judged_owners, mut within) = (Vec::new(), Vec::new(), Vec::new());
        for held in 0..parts.len() {
            let train: Vec<(f64, bool, f64)> = (0..parts.len())
                .filter(|&p| p != held)
                .flat_map(|p| {
                    let f = feature.map(|k| &features[p][k]);
                    raw[p]
                        .iter()
                        .enumerate()
                        .map(move |(i, &(c, r))| (c, r, f.map_or(0.0, |f| f[i])))
                })
                .collect();
            let mut low: Vec<f64> = train.iter().filter(|t| t.0 < 0.9).map(|t| t.2).collect();
            low.sort_by(f64::total_cmp);
            let cuts = if groups == 2 {
                [low[low.len() / 2], f64::INFINITY]
            } else {
                [low[low.len() / 3], low[2 * low.len() / 3]]
            };
            let group = |f: f64| {
                if feature.is_none() || f <= cuts[0] {
                    0
                } else if f <= cuts[1] {
                    1
                } else {
                    2
                }
            };
            let maps: Vec<Vec<(f64, f64)>> = (0..groups)
                .map(|g| {
                    let mut knots = isotonic_where(&train, |&f| group(f) == g, min_block);
                    if flat {
                        knots[0].1 = knots[1].1;
                    }
                    knots
                })
                .collect();
            if held == 0 && feature == Some(1) {
                eprintln!("nearest-pair cuts (CIELAB) with part 0 held out: {cuts:?}");
            }
            let (mut part_judged, mut part_owners) = (Vec::new(), Vec::new());
            for (i, (&(c, right), &owner)) in raw[held].iter().zip(&raw_owners[held]).enumerate() {
                let f = feature.map_or(0.0, |k| features[held][k][i]);
                part_judged.push((calibrated_by(&maps[group(f)], c), right));
                part_owners.push(owner);
            }
            within.push(within_five(&part_judged, &part_owners));
            judged.extend(part_judged);
            judged_owners.extend(part_owners);
        }
        let (ok, of, per_part) = within_summary(&within);
        println!(
            "blocks of at least {min_block}{}, {}{}: within 5 points per part {ok} of {of} ({per_part})\npooled:\n{}",
            if flat { ", lower end flat" } else { "" },
            match feature {
                None => "one map",
                Some(0) => "a map per group by doubtful stickers",
                _ => "a map per group by the nearest pair",
            },
            if feature.is_some() && groups == 2 { " (two groups)" } else { "" },
            describe_clusters(&judged, &judged_owners)
        );
    }
    let all: Vec<(f64, bool)> = raw.iter().flatten().copied().collect();
    for min_block in [400.0, 800.0, 1600.0] {
        println!(
            "knots fitted on all {} parts, blocks of at least {min_block}:",
            parts.len()
        );
        for (x, y) in isotonic_blocks(all.clone(), min_block) {
            println!("    ({x:.4}, {y:.4}),");
        }
    }
}

/// The raw (tempered) confidence that `knots` maps to `said`: the inverse of
/// [`calibrated_by`] where the map is strictly increasing; on a flat stretch, its lower end
/// (the shipped map is flat only from raw 0.9985 to 0.9990, within the top decile).
fn raw_of(knots: &[(f64, f64)], said: f64) -> f64 {
    for pair in knots.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        if said <= y1 && y1 > y0 {
            let t = ((said - y0) / (y1 - y0)).max(0.0);
            return x0 + t * (x1 - x0);
        }
        if said <= y1 {
            return x0;
        }
    }
    1.0
}
