//! A fingerprint of what the resolver says on the tuning data, and its time: for comparing two
//! builds that must read every case the same (session 28: the nearest pair's rival settled once
//! instead of twice). Per part (default, since session 32: the seventeen parts of
//! `Part::tuning_before(Part::Seventeenth)`; session 31 ran the sixteen before the sixteenth), the tally (exact, exact yet named, flagged, refused,
//! silently wrong), a hash of every answer (the cube, every sticker's reading with its confidence
//! to the last bit, or the error), and the wall time of the resolves alone (case generation left
//! out). Every case read silently wrong is named on stderr.
//!
//! ```sh
//! cargo build --release -p rubik-scan --example digest
//! target/release/examples/digest            # the seventeen tuning parts
//! target/release/examples/digest sixth      # one part
//! target/release/examples/digest --starts=4,5,0 sixth  # near alternatives settled (session 29)
//! target/release/examples/digest --light=3,10,0.05  # the light per face held together (session 32)
//! target/release/examples/digest --outcomes # hash outcomes only (session 30: a new calibration
//!                                           # map must leave every cube and name as it was)
//! ```

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part, Tally};
use rubik_scan::{AlternativeStarts, FaintDoubt, LightPrior, Resolver};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut resolver = Resolver::new();
    // `--outcomes`: the hash covers the cube, the stickers named and the error only, not the
    // readings' confidences (which a new calibration map changes by design).
    let outcomes_only = args.iter().any(|a| a == "--outcomes");
    for arg in args
        .iter()
        .filter(|a| a.starts_with("--") && *a != "--outcomes")
    {
        // `--starts=MOST,GAP,MARGIN[,CARRY]`: the near alternatives settled (`AlternativeStarts`).
        if let Some(starts) = arg
            .strip_prefix("--starts=")
            .and_then(AlternativeStarts::parse)
        {
            resolver = resolver.alternative_starts(starts);
        } else if let Some(faint) = arg.strip_prefix("--faint=").and_then(FaintDoubt::parse) {
            // `--faint=BELOW,ONLY_IN_DOUBT`: stickers named below a raised bar (`FaintDoubt`).
            resolver = resolver.faint_doubt(faint);
        } else if let Some(prior) = arg.strip_prefix("--light=").and_then(LightPrior::parse) {
            // `--light=GAIN_WEIGHT,SLOPE_WEIGHT,COST_SIGMA`: the light per face held together
            // (`LightPrior`, session 32).
            resolver = resolver.light_prior(prior);
        } else if let Some(noise) = arg.strip_prefix("--noise=").and_then(|n| n.parse().ok()) {
            // `--noise=SIGMA`: the sensor noise the model assumes (session 32).
            resolver = resolver.sensor_noise(noise);
        } else {
            eprintln!("unknown or malformed option {arg}");
            std::process::exit(2);
        }
    }
    let parts: Vec<(&str, Part)> = match args.iter().find(|a| !a.starts_with("--")).cloned() {
        Some(name) => match Part::named(&name) {
            Some(part) => vec![(
                Part::NAMED.iter().find(|(_, p)| *p == part).unwrap().0,
                part,
            )],
            None => {
                eprintln!("usage: digest [{}]", Part::names());
                std::process::exit(2);
            }
        },
        None => Part::NAMED[..Part::tuning_before(Part::Seventeenth).len()].to_vec(),
    };
    let (mut all, mut all_hash, mut all_time, mut n) = (
        Tally::default(),
        DefaultHasher::new(),
        Duration::ZERO,
        0usize,
    );
    // Stickers named on the cubes answered, and on those read exactly (the price of naming).
    let (mut all_named, mut all_named_exact) = (0usize, 0usize);
    for (name, part) in parts {
        let (mut tally, mut hash, mut time) =
            (Tally::default(), DefaultHasher::new(), Duration::ZERO);
        let (mut named, mut named_exact) = (0usize, 0usize);
        let set = cases(&real, part);
        for case in &set {
            let start = Instant::now();
            let answer = resolver.resolve(&case.rgb);
            time += start.elapsed();
            let outcome = judge(&case.facelets, &answer);
            if let Outcome::Silent { .. } = outcome {
                eprintln!("{name}: silently wrong: {}", case.name);
            }
            if let Ok(r) = &answer {
                let k = r.doubtful().len();
                named += k;
                if r.facelets() == case.facelets {
                    named_exact += k;
                }
            }
            tally.add(&outcome);
            all.add(&outcome);
            let text = match &answer {
                Ok(r) if outcomes_only => format!("{} {:?}", r.facelets(), r.doubtful()),
                Ok(r) => format!("{} {:?} {:?}", r.facelets(), r.stickers, r.doubtful()),
                Err(e) => format!("{e}"),
            };
            text.hash(&mut hash);
            text.hash(&mut all_hash);
        }
        all_time += time;
        n += set.len();
        all_named += named;
        all_named_exact += named_exact;
        println!(
            "{name}: {tally} | named {named} ({named_exact} on exact cubes) | digest {:016x} | {:.3} ms a resolve",
            hash.finish(),
            time.as_secs_f64() * 1e3 / set.len().max(1) as f64
        );
    }
    println!(
        "all: {all} | named {all_named} ({all_named_exact} on exact cubes) | digest {:016x} | {:.3} ms a resolve",
        all_hash.finish(),
        all_time.as_secs_f64() * 1e3 / n.max(1) as f64
    );
}
