//! Session 25's study of rival readings (`rubik_scan::resolve::Rival`): on the tuning data (the
//! nine parts of `Part::tuning_before(Part::Ninth)`, the ninth held out), for every case and every
//! pair of colours whose exchanged start differs from the cube read, one line: the case, how the
//! shipped resolver judges it, the pair, the pair's CIELAB distance, the rival's cost gap, and
//! whether the rival is the truth and how many stickers it changes. Tab-separated, to stdout.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example rivals > /tmp/rivals.tsv
//! ```

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part};
use rubik_scan::Resolver;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let resolver = Resolver::new();
    let study = Resolver::new().never_refuse();
    println!("part\tcase\treal\toutcome\tread_exact\tpair\tdistance\tgap\trival_exact\tchanged\tcovers\tcontra");
    for part in Part::tuning_before(Part::Ninth) {
        for case in cases(&real, part) {
            let outcome = judge(&case.facelets, &resolver.resolve(&case.rgb));
            let label = match &outcome {
                Outcome::Exact { flags } if *flags > 0 => "exact-named",
                Outcome::Exact { .. } => "exact",
                Outcome::Flagged => "flagged",
                Outcome::Refused => "refused",
                Outcome::Silent { .. } => "silent",
            };
            let read = study.resolve(&case.rgb).expect("a reading");
            let got = read.facelets();
            let wrong: Vec<usize> = (0..54)
                .filter(|&s| got.as_bytes()[s] != case.facelets.as_bytes()[s])
                .collect();
            let rivals = study.rival_readings(&case.rgb).expect("rivals");
            if rivals.is_empty() {
                println!(
                    "{part:?}\t{}\t{}\t{label}\t{}\t-\t-\t-\t-\t-\t-\t-",
                    case.name,
                    case.real,
                    wrong.is_empty()
                );
            }
            for r in rivals {
                let other = r.cube.to_facelets();
                let changed: Vec<usize> = (0..54)
                    .filter(|&s| other.as_bytes()[s] != got.as_bytes()[s])
                    .collect();
                let covers = wrong.iter().all(|s| changed.contains(s));
                // Stickers read as one colour of the pair that look like the other.
                let contra = read
                    .stickers
                    .iter()
                    .filter(|st| {
                        (st.face, st.looks_like) == r.pair || (st.looks_like, st.face) == r.pair
                    })
                    .count();
                println!(
                    "{part:?}\t{}\t{}\t{label}\t{}\t{}{}\t{:.2}\t{:.2}\t{}\t{}\t{}\t{contra}",
                    case.name,
                    case.real,
                    wrong.is_empty(),
                    r.pair.0,
                    r.pair.1,
                    r.distance,
                    r.gap,
                    other == case.facelets,
                    changed.len(),
                    covers
                );
            }
        }
    }
}
