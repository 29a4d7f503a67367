//! Where the cases not read exactly go, on the tuning data of session 24 (the eight parts of
//! `Part::tuning_before(Part::Eighth)`): per fault kind (real scans and synthetic cubes apart)
//! exact, flagged, refused and silently wrong; per base scan the cases not exact, most first.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example non_exact
//! ```

use rubik_scan::faults::FaultKind;
use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part, Tally};
use rubik_scan::resolve::resolve;
use std::collections::BTreeMap;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let mut by_kind: BTreeMap<(bool, usize), Tally> = BTreeMap::new();
    let mut by_base: BTreeMap<String, Tally> = BTreeMap::new();
    let mut all = Tally::default();
    for part in Part::tuning_before(Part::Eighth) {
        for case in cases(&real, part) {
            let outcome = judge(&case.facelets, &resolve(&case.rgb));
            let kind = FaultKind::CYCLE
                .iter()
                .position(|&k| k == case.kind)
                .expect("a kind of the cycle");
            by_kind.entry((case.real, kind)).or_default().add(&outcome);
            let base = if case.real {
                case.name.split('/').next().unwrap_or("").to_string()
            } else {
                "synthetic".to_string()
            };
            by_base.entry(base).or_default().add(&outcome);
            all.add(&outcome);
            if let Outcome::Silent { unnamed } = outcome {
                println!("silent: {} {unnamed:?}", case.name);
            }
        }
    }
    println!("all: {all}");
    let pct = |a: usize, t: &Tally| 100.0 * a as f64 / t.total.max(1) as f64;
    println!("| source | kind | cases | exact | flagged | refused | silent |");
    for ((is_real, kind), t) in &by_kind {
        println!(
            "| {} | {} | {} | {:.1}% | {:.1}% | {:.1}% | {} |",
            if *is_real { "real" } else { "synthetic" },
            FaultKind::CYCLE[*kind].name(),
            t.total,
            pct(t.exact, t),
            pct(t.flagged, t),
            pct(t.refused, t),
            t.silent
        );
    }
    let mut bases: Vec<(&String, &Tally)> = by_base.iter().collect();
    bases.sort_by_key(|(_, t)| std::cmp::Reverse(t.total - t.exact));
    println!("| base | cases | not exact | flagged | refused |");
    for (name, t) in bases {
        println!(
            "| {name} | {} | {} ({:.1}%) | {} | {} |",
            t.total,
            t.total - t.exact,
            pct(t.total - t.exact, t),
            t.flagged,
            t.refused
        );
    }
}
