//! Runs the resolver over the lighting test set (`rubik_scan::lighting`) and prints the tally
//! per part, per fault kind, and every case that is not exact:
//!
//! ```sh
//! cargo run --release -p rubik-scan --example lighting -- tuning
//! cargo run --release -p rubik-scan --example lighting -- held-out
//! cargo run --release -p rubik-scan --example lighting -- final
//! cargo run --release -p rubik-scan --example lighting -- fresh   # once, at the end of round 3
//! cargo run --release -p rubik-scan --example lighting -- fourth  # once, at the end of round 4
//! cargo run --release -p rubik-scan --example lighting -- fifth   # once, at the end of round 5
//! cargo run --release -p rubik-scan --example lighting -- sixth   # once, at the end of round 6
//! cargo run --release -p rubik-scan --example lighting -- seventh # once, at the end of session 23
//! ```

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part, Tally};
use rubik_scan::{resolve, sticker_name};
use std::collections::BTreeMap;
use std::path::Path;

fn main() {
    let Some(part) = std::env::args().nth(1).as_deref().and_then(Part::named) else {
        eprintln!("usage: lighting {} [-v]", Part::names());
        std::process::exit(2);
    };
    let verbose = std::env::args().any(|a| a == "-v");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let mut all = Tally::default();
    let mut by_kind: BTreeMap<&str, Tally> = BTreeMap::new();
    let (mut real_tally, mut synth_tally) = (Tally::default(), Tally::default());
    for case in cases(&real, part) {
        let answer = resolve(&case.rgb);
        let outcome = judge(&case.facelets, &answer);
        all.add(&outcome);
        by_kind.entry(case.kind.name()).or_default().add(&outcome);
        if case.real {
            real_tally.add(&outcome);
        } else {
            synth_tally.add(&outcome);
        }
        let names = |v: &[usize]| {
            v.iter()
                .map(|&s| sticker_name(s))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match (&outcome, &answer) {
            (Outcome::Exact { .. }, _) if !verbose => {}
            (_, Ok(r)) => {
                let wrong: Vec<usize> = r
                    .facelets()
                    .bytes()
                    .zip(case.facelets.bytes())
                    .enumerate()
                    .filter(|(_, (a, b))| a != b)
                    .map(|(s, _)| s)
                    .collect();
                println!(
                    "{}: {:?} wrong [{}] doubtful [{}]",
                    case.name,
                    outcome,
                    names(&wrong),
                    names(&r.doubtful())
                );
            }
            (_, Err(e)) => println!("{}: refused: {e}", case.name),
        }
    }
    println!("all: {all}");
    println!("real: {real_tally}");
    println!("synthetic: {synth_tally}");
    for (kind, t) in by_kind {
        println!("{kind}: {t}");
    }
}
