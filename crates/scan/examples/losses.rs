//! Where two real scans lose exactness (session 29: `random-02-2017`, red and orange nearly equal,
//! and `random-08-2019`, two whites a few units of blue apart), on the tuning data (since
//! session 32 the seventeen parts of `Part::tuning_before(Part::Seventeenth)`, session 31 the sixteen
//! before the sixteenth; session 29 ran the
//! fourteen before the fourteenth). For every
//! case of the bases not read exactly: the fault kind, the outcome, the wrong stickers of the cube
//! answered (for a refused case, of the cheapest valid cube, `Resolver::never_refuse`) and the
//! colour pairs they confuse (truth → read), how many stickers were named and counted, and the
//! truth's cost against the reading's (`Resolver::truth_costs`): under the model fitted to the cube
//! read, under a model fitted to the truth, and where the fitting loop settles when started from
//! the truth. Summaries per base and kind; `-v` prints every case. `--all` takes every real base
//! and (session 31) sorts the wrong cubes by where the truth stands among the near alternatives
//! (`TruthCosts::marginal_rank`, `TruthCosts::pair_reaches`).
//!
//! ```sh
//! cargo run --release -p rubik-scan --example losses [-- -v] [--all | BASE…]
//! ```

use rubik_scan::lighting::{cases, judge, load_real, truth_labels, Outcome, Part};
use rubik_scan::{sticker_name, Resolver};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Default)]
struct Row {
    cases: usize,
    exact: usize,
    flagged: usize,
    refused: usize,
    silent: usize,
    /// Refused, the cheapest valid cube right.
    refused_right: usize,
    /// Not exact, the truth cheaper under its own fit than the cube read (a better start
    /// would read it), and the loop started from the truth stays there.
    truth_cheaper_stays: usize,
    /// The truth cheaper under its own fit, but the loop started there leaves it.
    truth_cheaper_leaves: usize,
    /// The truth dearer under its own fit than the cube read.
    truth_dearer: usize,
    wrong: Vec<usize>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    // `--all`: every real base (session 31: where the truth stands among the near alternatives).
    let every = args.iter().any(|a| a == "--all");
    let mut bases: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .cloned()
        .collect();
    if every {
        bases = real.iter().map(|b| b.name.clone()).collect();
    } else if bases.is_empty() {
        bases = vec!["3x3x3-random-02-2017".into(), "3x3x3-random-08-2019".into()];
    }
    let resolver = Resolver::new();
    let anyway = Resolver::new().never_refuse();
    let mut rows: BTreeMap<(String, String), Row> = BTreeMap::new();
    let mut pairs: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut places: BTreeMap<(String, &str), usize> = BTreeMap::new();
    let mut gaps: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    // Where the truth stands among the near alternatives, for the cases whose truth is cheaper
    // under its own light than the cube read (session 31): counts by class.
    let mut near: BTreeMap<&str, usize> = BTreeMap::new();
    let mut near_gaps: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for part in Part::tuning_before(Part::Seventeenth) {
        // Every base scan is kept: a part's seeds run on across the bases in order.
        for case in cases(&real, part) {
            let base = case.name.split('/').next().unwrap_or("").to_string();
            if !case.real || !bases.contains(&base) {
                continue;
            }
            let answer = resolver.resolve(&case.rgb);
            let outcome = judge(&case.facelets, &answer);
            for key in [
                (base.clone(), case.kind.name().to_string()),
                (base.clone(), "all kinds".to_string()),
            ] {
                let row = rows.entry(key).or_default();
                row.cases += 1;
                match &outcome {
                    Outcome::Exact { .. } => row.exact += 1,
                    Outcome::Flagged => row.flagged += 1,
                    Outcome::Refused => row.refused += 1,
                    Outcome::Silent { .. } => row.silent += 1,
                }
            }
            if let Outcome::Exact { .. } = outcome {
                continue;
            }
            let reading = match &answer {
                Ok(r) => r.clone(),
                Err(_) => anyway.resolve(&case.rgb).expect("a reading"),
            };
            let got = reading.facelets();
            let truth = truth_labels(&case.facelets).expect("a truth");
            let costs = resolver.truth_costs(&case.rgb, &truth).expect("costs");
            let wrong: Vec<usize> = (0..54)
                .filter(|&s| got.as_bytes()[s] != case.facelets.as_bytes()[s])
                .collect();
            let truth_gap = costs.truth_own - costs.read;
            let stays = costs.settled == case.facelets;
            for key in [
                (base.clone(), case.kind.name().to_string()),
                (base.clone(), "all kinds".to_string()),
            ] {
                let row = rows.entry(key).or_default();
                row.refused_right += usize::from(answer.is_err() && wrong.is_empty());
                if !wrong.is_empty() {
                    if truth_gap < 0.0 && stays {
                        row.truth_cheaper_stays += 1;
                    } else if truth_gap < 0.0 {
                        row.truth_cheaper_leaves += 1;
                    } else {
                        row.truth_dearer += 1;
                    }
                    row.wrong.push(wrong.len());
                }
            }
            if !wrong.is_empty() {
                gaps.entry(base.clone()).or_default().push(truth_gap);
                let class = if truth_gap >= 0.0 {
                    "truth dearer under its own light"
                } else if let Some(rank) = costs.marginal_rank {
                    if rank < 4 && costs.truth_under_read <= 3.0 {
                        "cheaper; a start (rank < 4, <= 3 nats)"
                    } else if costs.truth_under_read <= 3.0 {
                        "cheaper; min-marginal, rank >= 4, <= 3 nats"
                    } else {
                        "cheaper; min-marginal, > 3 nats"
                    }
                } else if costs.pair_reaches {
                    "cheaper; two stickers forced reach it"
                } else {
                    "cheaper; neither"
                };
                *near.entry(class).or_default() += 1;
                near_gaps
                    .entry(class)
                    .or_default()
                    .push(costs.truth_under_read);
            }
            for &s in &wrong {
                let t = case.facelets.as_bytes()[s] as char;
                let g = got.as_bytes()[s] as char;
                let (a, b) = if t < g { (t, g) } else { (g, t) };
                *pairs.entry((base.clone(), format!("{a}/{b}"))).or_default() += 1;
                let kind = match s % 9 {
                    4 => "centre",
                    0 | 2 | 6 | 8 => "corner",
                    _ => "edge",
                };
                *places.entry((base.clone(), kind)).or_default() += 1;
            }
            if verbose {
                let counted = reading
                    .stickers
                    .iter()
                    .filter(|r| r.counts_towards_refusal())
                    .count();
                let unstable = reading.stickers.iter().filter(|r| r.unstable).count();
                let names: Vec<String> = wrong
                    .iter()
                    .map(|&s| {
                        format!(
                            "{}:{}>{}",
                            sticker_name(s),
                            case.facelets.as_bytes()[s] as char,
                            got.as_bytes()[s] as char
                        )
                    })
                    .collect();
                println!(
                    "{:?} {} {:?}: {} wrong [{}]; named {}, counted {counted}, unstable {unstable}; \
                     read {:.1}, truth under read's model +{:.1}, truth own {:.1} ({:+.1}), \
                     from truth settles in {} at {:.1}",
                    part,
                    case.name,
                    match outcome {
                        Outcome::Flagged => "flagged",
                        Outcome::Refused => "refused",
                        Outcome::Silent { .. } => "SILENT",
                        Outcome::Exact { .. } => "exact",
                    },
                    wrong.len(),
                    names.join(" "),
                    reading.doubtful().len(),
                    costs.read,
                    costs.truth_under_read,
                    costs.truth_own,
                    truth_gap,
                    if stays {
                        "the truth".to_string()
                    } else if costs.settled == got {
                        "the cube read".to_string()
                    } else {
                        let d = (0..54)
                            .filter(|&s| {
                                costs.settled.as_bytes()[s] != case.facelets.as_bytes()[s]
                            })
                            .count();
                        format!("a third cube ({d} off the truth)")
                    },
                    costs.settled_cost,
                );
            }
        }
    }
    println!(
        "| base | kind | cases | exact | flagged | refused | silent | refused, cube right | truth cheaper, stays | truth cheaper, leaves | truth dearer | wrong stickers (median) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for ((base, kind), row) in &rows {
        let mut w = row.wrong.clone();
        w.sort_unstable();
        let median = w.get(w.len() / 2).copied().unwrap_or(0);
        println!(
            "| {} | {kind} | {} | {} ({:.1}%) | {} | {} | {} | {} | {} | {} | {} | {median} |",
            base.trim_start_matches("3x3x3-"),
            row.cases,
            row.exact,
            100.0 * row.exact as f64 / row.cases.max(1) as f64,
            row.flagged,
            row.refused,
            row.silent,
            row.refused_right,
            row.truth_cheaper_stays,
            row.truth_cheaper_leaves,
            row.truth_dearer,
        );
    }
    println!("\nwrong stickers by colour pair (truth and read, either way):");
    for ((base, pair), n) in &pairs {
        println!("  {base} {pair}: {n}");
    }
    println!("wrong stickers by place:");
    for ((base, place), n) in &places {
        println!("  {base} {place}: {n}");
    }
    println!("\nwrong cubes by where the truth stands among the near alternatives (truth under the read's costs, nats: quartiles):");
    for (class, n) in &near {
        let q = quantiles(near_gaps[class].clone());
        println!(
            "  {class}: {n} ({:.1} {:.1} {:.1})",
            q(0.25),
            q(0.5),
            q(0.75)
        );
    }
    for (base, g) in gaps {
        let n = g.len();
        let q = quantiles(g);
        println!(
            "{base}: truth's own cost less the read's, nats: min {:.1}, quartiles {:.1} {:.1} {:.1}, max {:.1} ({} cases)",
            q(0.0),
            q(0.25),
            q(0.5),
            q(0.75),
            q(1.0),
            n
        );
    }
}

/// The quantile function of `values` (sorted here; `p` in 0..=1, the lower of two neighbours).
fn quantiles(mut values: Vec<f64>) -> impl Fn(f64) -> f64 {
    values.sort_by(f64::total_cmp);
    move |p: f64| values[((values.len() - 1) as f64 * p) as usize]
}
