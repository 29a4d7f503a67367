//! The lighting test set (`rubik_scan::lighting`) with every face photographed turned: each
//! case's faces are turned by random quarter turns (seed 7,000,000 + the case's index), and
//! `rubik_scan::orient::resolve_turned` must find the cube without being told the turns. The
//! same cases read as shot in the net's orientation (`rubik_scan::resolve`) are the baseline.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example turned -- tuning
//! cargo run --release -p rubik-scan --example turned -- fifth [-v] [--no-starts]
//! ```

use rand::Rng;
use rubik_cube::random::rng_from_seed;
use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part};
use rubik_scan::orient::{place, resolve_turned};
use rubik_scan::{resolve, AlternativeStarts, Resolver, ScanError};
use std::path::Path;
use std::time::Instant;

fn main() {
    let Some(part) = std::env::args().nth(1).as_deref().and_then(Part::named) else {
        eprintln!("usage: turned {} [-v]", Part::names());
        std::process::exit(2);
    };
    let verbose = std::env::args().any(|a| a == "-v");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    // `--no-starts`: session 28's resolver, no near alternatives settled (session 29).
    let resolver = if std::env::args().any(|a| a == "--no-starts") {
        Resolver::new().alternative_starts(AlternativeStarts::NONE)
    } else {
        Resolver::new()
    };
    // [exact, flagged, ambiguous, refused, silent] turned; [exact, flagged, refused, silent]
    // as shot.
    let mut turned = [0usize; 5];
    let mut shot = [0usize; 4];
    let mut both_exact = 0;
    let mut times = Vec::new();
    // Cases whose true cube itself has another turning of its faces that is a valid cube
    // (labels exact): no reader can tell those apart by validity alone.
    let mut twins = 0;
    let mut twin_ambiguous = 0;
    // Among the others: [cases, exact turned, exact as shot].
    let mut single = [0usize; 3];
    let all = cases(&real, part);
    let only = std::env::var("ONLY").ok();
    for (i, case) in all.iter().enumerate() {
        if only
            .as_ref()
            .is_some_and(|o| !case.name.contains(o.as_str()))
        {
            continue;
        }
        let mut rng = rng_from_seed(7_000_000 + i as u64);
        // The photos were taken turned by `k` clockwise, so the search must turn them back.
        let undo: [u8; 6] = std::array::from_fn(|_| rng.gen_range(0..4u8));
        let taken: [u8; 6] = undo.map(|k| (4 - k) % 4);
        let as_shot = place(&case.rgb, &taken);
        let start = Instant::now();
        if std::env::var("ORIENT_DEBUG").is_ok() {
            eprintln!("{} undo {undo:?}", case.name);
        }
        let answer = resolve_turned(&resolver, &as_shot);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        let column = match &answer {
            Err(ScanError::TurnsAmbiguous { .. }) => 2,
            Err(_) => 3,
            Ok(t) => match judge(&case.facelets, &Ok(t.resolution.clone())) {
                Outcome::Exact { .. } => 0,
                Outcome::Flagged => 1,
                Outcome::Silent { .. } => 4,
                Outcome::Refused => 3,
            },
        };
        turned[column] += 1;
        let twin = other_valid_turnings(&case.facelets);
        if !twin {
            single[0] += 1;
            single[1] += usize::from(column == 0);
        }
        if twin {
            twins += 1;
            if column == 2 {
                twin_ambiguous += 1;
            }
        }
        let base = match judge(&case.facelets, &resolve(&case.rgb)) {
            Outcome::Exact { .. } => 0,
            Outcome::Flagged => 1,
            Outcome::Refused => 2,
            Outcome::Silent { .. } => 3,
        };
        shot[base] += 1;
        if !twin && base == 0 {
            single[2] += 1;
        }
        if base == 0 && column == 0 {
            both_exact += 1;
        }
        if verbose && column != 0 {
            let what = match &answer {
                Err(e) => e.to_string(),
                Ok(t) => format!("turns {:?} (taken {taken:?})", t.turns),
            };
            println!(
                "{} [{}]: {what}",
                case.name,
                ["exact", "flagged", "ambiguous", "refused", "SILENT"][column]
            );
        }
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let pct = |x: usize| 100.0 * x as f64 / n as f64;
    println!("{part:?}: {n} cases, faces turned at random");
    println!(
        "turned:  exact {} ({:.1}%), flagged {}, ambiguous {}, refused {}, silently wrong {}",
        turned[0],
        pct(turned[0]),
        turned[1],
        turned[2],
        turned[3],
        turned[4]
    );
    println!(
        "cases whose true cube has another valid turning: {twins} ({twin_ambiguous} of them refused as ambiguous)"
    );
    println!(
        "the other {} cases: exact turned {} ({:.1}%), as shot {} ({:.1}%)",
        single[0],
        single[1],
        100.0 * single[1] as f64 / single[0] as f64,
        single[2],
        100.0 * single[2] as f64 / single[0] as f64
    );
    println!(
        "as shot: exact {} ({:.1}%), flagged {}, refused {}, silently wrong {}; exact both ways {both_exact}",
        shot[0],
        pct(shot[0]),
        shot[1],
        shot[2],
        shot[3]
    );
    println!(
        "time per case (turn search and readings): median {:.1} ms, 90th percentile {:.1} ms, max {:.1} ms",
        times[n / 2],
        times[n * 9 / 10],
        times[n - 1]
    );
}

/// Whether some other turning of the faces of `facelets` (exact labels) is a valid cube
/// that differs from it.
fn other_valid_turnings(facelets: &str) -> bool {
    let letters: Vec<char> = facelets.chars().collect();
    (1..4096usize).any(|n| {
        let turns: [u8; 6] = std::array::from_fn(|f| ((n >> (2 * f)) & 3) as u8);
        let s: String = place(&letters, &turns).into_iter().collect();
        s != facelets && rubik_cube::Cube::from_facelets(&s).is_ok()
    })
}
