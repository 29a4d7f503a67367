//! The cases the resolver refuses, on the tuning data of session 26 (the ten parts of
//! `Part::tuning_before(Part::Tenth)`): for each, why (too many doubtful stickers, or too many
//! overruled), and what the cube it would have offered (`Resolver::never_refuse`) is: exact,
//! flagged (every wrong sticker named) or silently wrong, with the stickers counted towards
//! refusing, the overruled ones, the expected number of misread stickers (the sum of one minus each
//! sticker's reported confidence) and the unstable ones (the one-light reading disagrees). One
//! tab-separated line per refused case, for studying refusal rules offline.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example refusals > refusals.tsv
//! ```

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part};
use rubik_scan::{resolve, Resolver, ScanError};
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let open = Resolver::new().never_refuse();
    println!("case\tkind\twhy\toffered\tcounted\toverruled\texpected\tunstable\twrong\tnamed");
    for part in Part::tuning_before(Part::Tenth) {
        for case in cases(&real, part) {
            let why = match resolve(&case.rgb) {
                Ok(_) => continue,
                Err(ScanError::Unsure { .. }) => "unsure",
                Err(ScanError::NoValidCube { .. }) => "conflicts",
                Err(_) => "other",
            };
            let answer = open.resolve(&case.rgb);
            let offered = match judge(&case.facelets, &answer) {
                Outcome::Exact { .. } => "exact",
                Outcome::Flagged => "flagged",
                Outcome::Silent { .. } => "silent",
                Outcome::Refused => "refused",
            };
            let Ok(r) = answer else {
                println!("{}\t{}\t{why}\t{offered}", case.name, case.kind.name());
                continue;
            };
            let counted = r
                .stickers
                .iter()
                .filter(|s| s.counts_towards_refusal())
                .count();
            let overruled = r.stickers.iter().filter(|s| s.overruled).count();
            let unstable = r.stickers.iter().filter(|s| s.unstable).count();
            let expected: f64 = r.stickers.iter().map(|s| 1.0 - s.confidence).sum();
            let wrong = r
                .facelets()
                .bytes()
                .zip(case.facelets.bytes())
                .filter(|(a, b)| a != b)
                .count();
            println!(
                "{}\t{}\t{why}\t{offered}\t{counted}\t{overruled}\t{expected:.3}\t{unstable}\t{wrong}\t{}",
                case.name,
                case.kind.name(),
                r.doubtful().len()
            );
        }
    }
}
