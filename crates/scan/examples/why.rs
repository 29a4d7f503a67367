//! Looks into one case of the lighting set (`rubik_scan::lighting`): every wrong or doubtful
//! sticker with its colour, confidence (tempered, before the map), what it looks like alone,
//! and which check named it; the cost of the cube read and whether the truth's own light reads
//! the truth (`Resolver::best_under_truth`).
//!
//! ```sh
//! cargo run --release -p rubik-scan --example why -- sixth 3x3x3-random-05/glare/8000635
//! ```

use rubik_scan::lighting::{cases, load_real, Part};
use rubik_scan::{sticker_name, AlternativeStarts, Resolver};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(part) = args.first().cloned().as_deref().and_then(Part::named) else {
        eprintln!("usage: why {} CASE", Part::names());
        std::process::exit(2);
    };
    let Some(name) = args.get(1) else {
        eprintln!("usage: why PART CASE");
        std::process::exit(2);
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let all = cases(&real, part);
    let Some(case) = all.iter().find(|c| &c.name == name) else {
        eprintln!("no case {name} in {part:?}");
        std::process::exit(2);
    };
    let mut resolver = Resolver::new().uncalibrated().never_refuse();
    // `--starts=MOST,GAP,MARGIN[,CARRY]` after the case: the near alternatives settled (session 29).
    if let Some(starts) = args
        .get(2)
        .and_then(|a| a.strip_prefix("--starts="))
        .and_then(AlternativeStarts::parse)
    {
        resolver = resolver.alternative_starts(starts);
    }
    let r = resolver.resolve(&case.rgb).expect("a reading");
    let got = r.facelets();
    println!(
        "{name}: cost {:.1}, parity gap {:.1}, rounds {}, doubtful {}",
        r.cost,
        r.parity_gap,
        r.rounds,
        r.doubtful().len()
    );
    let truth: [usize; 54] = std::array::from_fn(|s| {
        "URFDLB"
            .find(case.facelets.as_bytes()[s] as char)
            .expect("a face letter")
    });
    let under_truth = resolver
        .best_under_truth(&case.rgb, &truth)
        .expect("a cube");
    println!(
        "under the truth's own light the cheapest cube is {}",
        if under_truth == case.facelets {
            "the truth"
        } else if under_truth == got {
            "the cube read"
        } else {
            "a third cube"
        }
    );
    for s in 0..54 {
        let st = &r.stickers[s];
        let wrong = got.as_bytes()[s] != case.facelets.as_bytes()[s];
        if !wrong && !st.is_doubtful() {
            continue;
        }
        println!(
            "{:4} {:6} rgb {:?} read {} truth {} conf {:.5} alt {:?} looks {} overruled {} parity {} unstable {} piece {} alt-cube {} rival {} faint {}",
            sticker_name(s),
            if wrong { "WRONG" } else { "" },
            case.rgb[s].map(|v| v.round() as i32),
            got.as_bytes()[s] as char,
            case.facelets.as_bytes()[s] as char,
            st.confidence,
            st.alternative.map(|(f, p)| (f, (p * 1e4).round() / 1e4)),
            st.looks_like,
            st.overruled,
            st.parity_doubt,
            st.unstable,
            st.piece_doubt,
            st.alternative_doubt,
            st.rival_doubt,
            st.faint_doubt
        );
    }
}
