//! Judges [`rubik_scan::resolve::StickerReading::alternative_doubt`] on the tuning data of session
//! 24 (the eight parts of `Part::tuning_before(Part::Eighth)`, the eighth held out): with the check
//! off and on, every part's tally (exact, exact yet named, flagged, refused, silently wrong), the
//! silently wrong cases named, the stickers named on cubes read exactly, and the time per case of
//! each (the two resolvers alternate case by case, in turn first).
//!
//! With `--rivals` first (session 25), the same for
//! [`rubik_scan::resolve::StickerReading::rival_doubt`] on the nine parts of
//! `Part::tuning_before(Part::Ninth)` (the ninth held out).
//!
//! With `--stable` first (session 26), the same for the refusal of a scan whose two readings of the
//! light agree ([`rubik_scan::resolve::DOUBTFUL_REFUSED_STABLE`] against session 25's
//! [`rubik_scan::resolve::DOUBTFUL_REFUSED`]) on the ten parts of
//! `Part::tuning_before(Part::Tenth)` (the tenth held out).
//!
//! With `--nearest[=LAB]` first (session 26b), the same for the rival of the scan's nearest pair
//! tried whether or not a sticker is contradicted (below LAB CIELAB units, default always:
//! [`rubik_scan::resolve::NEAREST_RIVAL_LAB`]) against session 25's rule (contradicted pairs only),
//! on the twelve parts of `Part::tuning_before(Part::Twelfth)` (the twelfth, defined in session 28,
//! held out; the eleventh was held out in session 27).
//!
//! With `--order` first (session 27), the same for the switch to the nearest pair's rival when it
//! is in better order on its faces ([`rubik_scan::resolve::ORDER_SWITCH`]) against session 26b's
//! resolver (never), on the twelve parts of `Part::tuning_before(Part::Twelfth)` (eleven in session
//! 27).
//!
//! ```sh
//! cargo run --release -p rubik-scan --example alternative_cubes
//! # one part only (the eighth, once, at the end of session 24)
//! cargo run --release -p rubik-scan --example alternative_cubes -- eighth
//! # rival readings off and on, the nine tuning parts of session 25 (or one part)
//! cargo run --release -p rubik-scan --example alternative_cubes -- --rivals [PART]
//! # the refusal of stable readings at 20 (session 25) and at 24, the ten tuning parts
//! cargo run --release -p rubik-scan --example alternative_cubes -- --stable [PART]
//! # the nearest pair's rival: never (session 25) and below LAB (default always), ten parts
//! cargo run --release -p rubik-scan --example alternative_cubes -- --nearest[=LAB] [PART]
//! # session 27: the nearest pair's rival in better order taken (`resolve::ORDER_SWITCH`)
//! # against session 26b's resolver, the twelve tuning parts of session 28
//! cargo run --release -p rubik-scan --example alternative_cubes -- --order [PART]
//! ```

use rubik_scan::lighting::{cases, judge, load_real, Outcome, Part, Tally};
use rubik_scan::resolve::{DOUBTFUL_REFUSED, NEAREST_RIVAL_LAB};
use rubik_scan::Resolver;
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let rivals = args.first().is_some_and(|a| a == "--rivals");
    let stable = args.first().is_some_and(|a| a == "--stable");
    let order = args.first().is_some_and(|a| a == "--order");
    let nearest: Option<f64> = args.first().and_then(|a| {
        let rest = a.strip_prefix("--nearest")?;
        match rest.strip_prefix('=') {
            Some(lab) => lab.parse().ok(),
            None if rest.is_empty() => Some(NEAREST_RIVAL_LAB),
            None => None,
        }
    });
    if rivals || stable || order || nearest.is_some() {
        args.remove(0);
    }
    let resolvers = if order {
        [
            ("26b", Resolver::new().order_switch(usize::MAX)),
            ("order", Resolver::new()),
        ]
    } else if let Some(lab) = nearest {
        [
            ("never", Resolver::new().nearest_rival_below(0.0)),
            ("nearest", Resolver::new().nearest_rival_below(lab)),
        ]
    } else if stable {
        [
            ("20", Resolver::new().refuse_stable_at(DOUBTFUL_REFUSED)),
            ("24", Resolver::new()),
        ]
    } else if rivals {
        [
            ("off", Resolver::new().rivals(false)),
            ("on", Resolver::new().rivals(true)),
        ]
    } else {
        [
            ("off", Resolver::new().alternative_cubes(false)),
            ("on", Resolver::new().alternative_cubes(true)),
        ]
    };
    let mut all = [Tally::default(), Tally::default()];
    let mut named_exact = [0usize; 2];
    let mut time = [Duration::ZERO; 2];
    let parts: Vec<Part> = match args.first() {
        Some(name) => match Part::named(name) {
            Some(part) => vec![part],
            None => {
                eprintln!(
                    "usage: alternative_cubes [--rivals|--stable|--order|--nearest[=LAB]] [{}]",
                    Part::names()
                );
                std::process::exit(2);
            }
        },
        None if nearest.is_some() || order => Part::tuning_before(Part::Twelfth),
        None if stable => Part::tuning_before(Part::Tenth),
        None if rivals => Part::tuning_before(Part::Ninth),
        None => Part::tuning_before(Part::Eighth),
    };
    for part in parts {
        let mut tally = [Tally::default(), Tally::default()];
        for (n, case) in cases(&real, part).iter().enumerate() {
            for i in [n % 2, 1 - n % 2] {
                let (label, resolver) = &resolvers[i];
                let start = Instant::now();
                let answer = resolver.resolve(&case.rgb);
                time[i] += start.elapsed();
                let outcome = judge(&case.facelets, &answer);
                if let Outcome::Silent { unnamed } = &outcome {
                    println!("  {label}: {part:?} {} silent {unnamed:?}", case.name);
                }
                if let (Outcome::Exact { flags }, Ok(_)) = (&outcome, &answer) {
                    named_exact[i] += flags;
                }
                tally[i].add(&outcome);
                all[i].add(&outcome);
            }
        }
        for (i, (label, _)) in resolvers.iter().enumerate() {
            println!("{label}: {part:?}: {}", tally[i]);
        }
    }
    for (i, (label, _)) in resolvers.iter().enumerate() {
        println!(
            "{label}: ALL: {}; {} stickers named on exact cubes; {:.3} ms a resolve",
            all[i],
            named_exact[i],
            time[i].as_secs_f64() * 1e3 / all[i].total as f64
        );
    }
}
