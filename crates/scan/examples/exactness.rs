//! Where exactness is lost, on the tuning data of session 26 (the ten parts of
//! `Part::tuning_before(Part::Tenth)`; the tenth part is held out). Every case not read exactly is
//! put in one of three groups:
//! - **refusal**: refused, though the cheapest valid cube (`Resolver::never_refuse`) is the
//!   truth: lost to the refusal rule, not to the reading;
//! - **fit**: the cheapest valid cube is wrong, but under the light and colours fitted to the
//!   *true* labels (`Resolver::best_under_truth`, an optimistic oracle) the truth is cheapest: a
//!   better fit of the same model could read it;
//! - **beyond**: even the truth's own light picks another cube: the measurements, as this model
//!   reads them, do not hold the truth (information-limited for this model).
//!
//! Per fault kind (real scans and synthetic cubes apart) and per base scan, with the two
//! closest colours' separation d′ under the truth (`lighting::closest_separation`, model-free)
//! as the evidence: its median over the case group, and how many have d′ < 2. The colour pairs
//! the wrong stickers confuse (truth → read) are counted per group; `-v` prints every case.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example exactness [-- -v]
//! ```

use rubik_scan::lighting::{
    cases, closest_separation, judge, load_real, truth_labels, Outcome, Part,
};
use rubik_scan::{resolve, Resolver};
use std::collections::BTreeMap;
use std::path::Path;

/// Counts for one row: cases, exact, flagged, refused, silent, then the three groups of the
/// not exact, then d′ < 2 among the not exact and among the exact.
#[derive(Default)]
struct Row {
    n: [usize; 10],
    separations: Vec<f64>,
}

impl Row {
    fn add(&mut self, outcome: &Outcome, group: Option<usize>, sep: f64) {
        self.n[0] += 1;
        let slot = match outcome {
            Outcome::Exact { .. } => 1,
            Outcome::Flagged => 2,
            Outcome::Refused => 3,
            Outcome::Silent { .. } => 4,
        };
        self.n[slot] += 1;
        if let Some(g) = group {
            self.n[5 + g] += 1;
            self.n[8] += usize::from(sep < 2.0);
        } else {
            self.n[9] += usize::from(sep < 2.0);
        }
        self.separations.push(sep);
    }

    fn line(&self, name: &str) -> String {
        let n = &self.n;
        let mut seps = self.separations.clone();
        seps.sort_by(f64::total_cmp);
        let median = seps.get(seps.len() / 2).copied().unwrap_or(f64::NAN);
        format!(
            "| {name} | {} | {} ({:.1}%) | {} | {} | {} | {} | {} | {} | {:.1} | {} | {} |",
            n[0],
            n[1],
            100.0 * n[1] as f64 / n[0].max(1) as f64,
            n[2],
            n[3],
            n[4],
            n[5],
            n[6],
            n[7],
            median,
            n[8],
            n[9]
        )
    }
}

const HEADER: &str = "| cases | exact | flagged | refused | silent | lost: refusal | lost: fit | \
                      lost: beyond | median d′ | d′ < 2, not exact | d′ < 2, exact |";

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let open = Resolver::new().never_refuse();
    let mut by_kind: BTreeMap<(bool, &str), Row> = BTreeMap::new();
    let mut by_base: BTreeMap<String, Row> = BTreeMap::new();
    let mut all = Row::default();
    // (group, truth colour, read colour) → stickers.
    let mut pairs: BTreeMap<(usize, char, char), usize> = BTreeMap::new();
    for part in Part::tuning_before(Part::Tenth) {
        for case in cases(&real, part) {
            let truth = truth_labels(&case.facelets).expect("URFDLB");
            let outcome = judge(&case.facelets, &resolve(&case.rgb));
            let (sep, a, b) = closest_separation(&case.rgb, &truth);
            let group = if matches!(outcome, Outcome::Exact { .. }) {
                None
            } else {
                let cheapest = open.resolve(&case.rgb).map(|r| r.facelets());
                let cheapest = cheapest.unwrap_or_default();
                if cheapest == case.facelets {
                    Some(0)
                } else {
                    let beyond = open
                        .best_under_truth(&case.rgb, &truth)
                        .is_ok_and(|c| c != case.facelets);
                    let g = if beyond { 2 } else { 1 };
                    for (t, r) in case.facelets.chars().zip(cheapest.chars()) {
                        if t != r {
                            *pairs.entry((g, t, r)).or_default() += 1;
                        }
                    }
                    Some(g)
                }
            };
            let base = if case.real {
                case.name.split('/').next().unwrap_or("").to_string()
            } else {
                "synthetic".to_string()
            };
            if verbose && group.is_some() {
                let letters = "URFDLB".as_bytes();
                println!(
                    "{}: {outcome:?} group {group:?} d′ {sep:.2} ({}{})",
                    case.name, letters[a] as char, letters[b] as char
                );
            }
            by_kind
                .entry((case.real, case.kind.name()))
                .or_default()
                .add(&outcome, group, sep);
            by_base.entry(base).or_default().add(&outcome, group, sep);
            all.add(&outcome, group, sep);
        }
    }
    println!("| kind {HEADER}");
    println!("{}", all.line("all"));
    for ((is_real, kind), row) in &by_kind {
        let source = if *is_real { "real" } else { "synthetic" };
        println!("{}", row.line(&format!("{source} {kind}")));
    }
    println!();
    println!("| base {HEADER}");
    let mut bases: Vec<(&String, &Row)> = by_base.iter().collect();
    bases.sort_by_key(|(_, r)| std::cmp::Reverse(r.n[0] - r.n[1]));
    for (name, row) in bases {
        if row.n[0] > row.n[1] {
            println!("{}", row.line(name));
        }
    }
    println!();
    println!("| group | truth → read | stickers |");
    let mut pairs: Vec<_> = pairs.into_iter().collect();
    pairs.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    for ((g, t, r), n) in pairs.into_iter().take(24) {
        let group = ["refusal", "fit", "beyond"][g];
        println!("| {group} | {t} → {r} | {n} |");
    }
}
