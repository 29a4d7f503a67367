//! The lighting test set (`rubik_scan::lighting`: the real scans in `tests/data` and synthetic
//! cubes under white balance, exposure, gradient, glare, noise and low-light faults, seeds in
//! the module docs), all six parts: the resolver reads most cases exactly and names every wrong
//! sticker (or refuses) in nearly all others.
//!
//! The bounds are the figures measured when this test was written (BENCHMARKS.md, "Colour
//! resolver under lighting faults"), so a change that makes the resolver worse fails here.
//! The target is 0 silently wrong: since the third round (a stricter doubt threshold)
//! no case of these six parts is; the exact share is below the 97%, and the bounds
//! say what it is.

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part, Tally};
use rubik_scan::{resolve, sticker_name};
use std::path::Path;

fn run(part: Part) -> (Tally, Vec<String>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let mut tally = Tally::default();
    let mut silent = Vec::new();
    for case in cases(&real, part) {
        let outcome = judge(&case.facelets, &resolve(&case.rgb));
        if let Outcome::Silent { unnamed } = &outcome {
            let names: Vec<String> = unnamed.iter().map(|&s| sticker_name(s)).collect();
            silent.push(format!("{}: {} not named", case.name, names.join(" ")));
        }
        tally.add(&outcome);
    }
    (tally, silent)
}

fn check(part: Part, min_exact_permille: usize, max_silent: usize) {
    let (tally, silent) = run(part);
    println!("{part:?}: {tally}");
    for s in &silent {
        println!("  silently wrong: {s}");
    }
    assert!(tally.total >= 370, "{tally}");
    assert!(
        tally.exact * 1000 >= tally.total * min_exact_permille,
        "{part:?}: {tally}"
    );
    assert!(
        silent.len() <= max_silent,
        "{part:?}: {}",
        silent.join("\n")
    );
}

#[test]
fn tuning_part() {
    check(Part::Tuning, 900, 0);
}

#[test]
fn held_out_part() {
    check(Part::HeldOut, 940, 0);
}

/// The part held out until the end of the second round (744 cases, every real scan under
/// every fault kind): 694 exact and 4 silently wrong when it was run; 677 exact and none
/// silently wrong with the third round's threshold (tuned on it).
#[test]
fn final_part() {
    check(Part::Final, 905, 0);
}

/// The part held out until the end of the third round (784 cases): 713 exact and none
/// silently wrong when it was run.
#[test]
fn fresh_part() {
    check(Part::Fresh, 905, 0);
}

/// The part held out until the end of the fourth round (1,568 cases, every real scan 32 times):
/// 1,429 exact and none silently wrong when it was run.
#[test]
fn fourth_part() {
    check(Part::Fourth, 905, 0);
}

/// The part held out until the end of the fifth round (1,568 cases): 1,431 exact and none
/// silently wrong when it was run.
#[test]
fn fifth_part() {
    check(Part::Fifth, 905, 0);
}
