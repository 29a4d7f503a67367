//! Two resolvers on the same cases, paired (session 32): per part of the tuning data (the
//! seventeen parts of `Part::tuning_before(Part::Seventeenth)`, or one part named), how many
//! cases each reads exactly that the other does not, and the silently wrong ones of each, so a
//! change's net gain can be set against the cases it moves both ways (a sign test).
//!
//! ```sh
//! cargo run --release -p rubik-scan --example paired -- --light=10,10,0 [PART]
//! ```

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part};
use rubik_scan::{LightPrior, Resolver};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let base = Resolver::new().light_prior(LightPrior::NONE);
    let mut other = Resolver::new();
    for arg in args.iter().filter(|a| a.starts_with("--")) {
        match arg.strip_prefix("--light=").and_then(LightPrior::parse) {
            Some(prior) => other = other.light_prior(prior),
            None => {
                eprintln!("usage: paired --light=G,S,C [PART]");
                std::process::exit(2);
            }
        }
    }
    let parts = match args.iter().find(|a| !a.starts_with("--")) {
        Some(name) => vec![Part::named(name).expect("a part")],
        None => Part::tuning_before(Part::Seventeenth),
    };
    let (mut gained, mut lost, mut silent) = (0usize, 0usize, [0usize; 2]);
    for part in parts {
        let (mut g, mut l) = (0usize, 0usize);
        for case in cases(&real, part) {
            let a = judge(&case.facelets, &base.resolve(&case.rgb));
            let b = judge(&case.facelets, &other.resolve(&case.rgb));
            let (ea, eb) = (
                matches!(a, Outcome::Exact { .. }),
                matches!(b, Outcome::Exact { .. }),
            );
            g += usize::from(eb && !ea);
            l += usize::from(ea && !eb);
            silent[0] += usize::from(matches!(a, Outcome::Silent { .. }));
            silent[1] += usize::from(matches!(b, Outcome::Silent { .. }));
        }
        println!(
            "{part:?}: exact only with the change {g}, only without {l}, net {}",
            g as i64 - l as i64
        );
        gained += g;
        lost += l;
    }
    println!(
        "all: exact only with the change {gained}, only without {lost}, net {}; silently wrong {} without, {} with",
        gained as i64 - lost as i64,
        silent[0],
        silent[1]
    );
}
