//! Chooses [`rubik_scan::resolve::PIECE_DOUBT_NATS`] on the tuning data of session 23 (the seven
//! parts of `Part::tuning_before(Part::Seventh)`, the seventh held out): per margin, every part's
//! tally (exact, flagged, refused, silently wrong), the silently wrong cases named.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example piece_margin
//! ```

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part, Tally};
use rubik_scan::Resolver;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let parts: Vec<(Part, Vec<_>)> = Part::tuning_before(Part::Seventh)
        .into_iter()
        .map(|p| (p, cases(&real, p)))
        .collect();
    for margin in [f64::INFINITY, 0.0, 0.25, 0.5] {
        let resolver = Resolver::new().piece_margin(margin);
        let mut all = Tally::default();
        for (part, set) in &parts {
            let mut tally = Tally::default();
            for case in set {
                let outcome = judge(&case.facelets, &resolver.resolve(&case.rgb));
                if let Outcome::Silent { unnamed } = &outcome {
                    println!(
                        "  margin {margin}: {part:?} {} silent {unnamed:?}",
                        case.name
                    );
                }
                tally.add(&outcome);
                all.add(&outcome);
            }
            println!("margin {margin}: {part:?}: {tally}");
        }
        println!("margin {margin}: ALL: {all}");
    }
}
