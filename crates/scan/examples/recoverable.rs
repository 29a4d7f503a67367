//! Which lighting cases the measurements can still be read from at all: for every case the
//! resolver does not read exactly, the cheapest valid cube under the model fitted to the
//! *true* labels (the light and colours the truth implies). If that is not the truth either,
//! the case is beyond any fit of the resolver's model; if it is, the resolver lost it in the
//! search for the light. Per fault kind and per base scan. Also, model-free: the two closest
//! colours' separation under the truth (distance between their mean sRGB over the pooled
//! within-colour standard deviation, d'); below 2 the two colours' stickers overlap (about one
//! in six misread even knowing the colours' means).
//!
//! ```sh
//! cargo run --release -p rubik-scan --example recoverable -- tuning-all
//! ```

use rubik_scan::lighting::{
    cases, closest_separation, judge, load_real, truth_labels, Case, Outcome, Part,
};
use rubik_scan::{resolve, Resolver};
use std::collections::BTreeMap;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let set: Vec<Case> = match std::env::args().nth(1).as_deref() {
        Some("tuning-all") => Part::tuning_before(Part::Sixth)
            .into_iter()
            .flat_map(|p| cases(&real, p))
            .collect(),
        Some("tuning") => cases(&real, Part::Tuning),
        _ => {
            eprintln!("usage: recoverable tuning-all|tuning");
            std::process::exit(2);
        }
    };
    let resolver = Resolver::new();
    // [cases, exact, not exact, of them beyond the model, of the not exact with d' < 2,
    //  of the exact with d' < 2]
    let mut by_kind: BTreeMap<&str, [usize; 6]> = BTreeMap::new();
    let mut by_base: BTreeMap<String, [usize; 6]> = BTreeMap::new();
    let mut total = [0usize; 6];
    for case in &set {
        let truth = truth_labels(&case.facelets).expect("URFDLB");
        let exact = matches!(
            judge(&case.facelets, &resolve(&case.rgb)),
            Outcome::Exact { .. }
        );
        let beyond = !exact
            && resolver
                .best_under_truth(&case.rgb, &truth)
                .is_ok_and(|b| b != case.facelets);
        let overlap = closest_separation(&case.rgb, &truth).0 < 2.0;
        let base = case.name.split('/').next().unwrap_or("").to_string();
        let base = if base.starts_with("synthetic") {
            "synthetic".to_string()
        } else {
            base
        };
        for row in [
            by_kind.entry(case.kind.name()).or_default(),
            by_base.entry(base).or_default(),
            &mut total,
        ] {
            row[0] += 1;
            row[1] += usize::from(exact);
            row[2] += usize::from(!exact);
            row[3] += usize::from(beyond);
            row[4] += usize::from(!exact && overlap);
            row[5] += usize::from(exact && overlap);
        }
    }
    let line = |name: &str, r: &[usize; 6]| {
        println!(
            "{name}: {} cases, exact {} ({:.1}%), not exact {}, of them beyond the model {}; exact among the rest {:.1}%; d' < 2: {} not exact, {} exact",
            r[0],
            r[1],
            100.0 * r[1] as f64 / r[0] as f64,
            r[2],
            r[3],
            100.0 * r[1] as f64 / (r[0] - r[3]) as f64,
            r[4],
            r[5]
        )
    };
    line("all", &total);
    for (k, r) in &by_kind {
        line(k, r);
    }
    for (b, r) in &by_base {
        if r[2] > 0 {
            line(b, r);
        }
    }
}
