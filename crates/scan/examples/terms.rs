//! Why the truth is dearer than the cube read under its own fitted light (session 32): for every
//! real case of the tuning data (the seventeen parts of `Part::tuning_before(Part::Seventeenth)`)
//! not read exactly whose cube (answered, or the cheapest of a refused case) is wrong: that cube
//! and the truth,
//! each under the model fitted to it (`Resolver::cost_terms`), their cost difference (truth minus
//! read) split by sticker and term:
//! - `differ`: the stickers where the two differ (the colour likelihood of the stickers that
//!   differ), its fit part (distance) and spread part (`0.5 ln det`: how tight the class is);
//! - `glare`: stickers the fault washed with glare (same colour in both);
//! - `clip`: stickers with a channel at 255 or 0 (exposure > 1, bright whites; low light);
//! - `rest`: every other sticker that agrees, fit part and spread part (what the refit of the
//!   light and the colour classes to either labelling moves on the stickers both read alike).
//!
//! The light model has no cost term of its own (its fit is not charged); the `light` column is
//! what a prior on the per-face log gains (σ = 0.05, the fault's own per-face spread) and the
//! slopes (σ = 0.1 per sticker) would add (truth minus read), not part of the difference.
//! Per case the *carrier* is the term with the largest share of the difference. Groups: fault
//! kind, base scan; the three noise-floor scans apart.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example terms [-- -v]
//! ```

use rubik_cube::random::rng_from_seed;
use rubik_scan::faults::Faults;
use rubik_scan::lighting::{cases, judge, load_real, truth_labels, Outcome, Part};
use rubik_scan::resolve::LabellingTerms;
use rubik_scan::Resolver;
use std::collections::BTreeMap;
use std::path::Path;

const FLOOR: [&str; 3] = ["3x3x3-dark-01", "3x3x3-ev3-readme", "3x3x3-random-08-2019"];
const TERMS: [&str; 7] = [
    "differ-fit",
    "differ-spread",
    "glare",
    "clip",
    "rest-fit",
    "rest-spread",
    "light-prior",
];

#[derive(Default)]
struct Group {
    wrong: usize,
    dearer: usize,
    /// Per term, the sum over dearer cases (nats).
    sum: [f64; 7],
    /// Per term, dearer cases it carries.
    carried: [usize; 7],
    /// Per term, dearer cases where the term alone is more than the difference (without it
    /// the truth would be cheaper).
    decisive: [usize; 7],
    /// Dearer cases where the light prior would make the truth cheaper (σ = 0.05; σ = 0.1, a
    /// quarter of the charge).
    prior_flips: usize,
    prior_flips_wide: usize,
}

fn light_penalty(t: &LabellingTerms) -> f64 {
    let gains: f64 = t
        .log_gain
        .iter()
        .flatten()
        .map(|g| (g / 0.05).powi(2))
        .sum();
    let slopes: f64 = t.slope.iter().flatten().map(|g| (g / 0.1).powi(2)).sum();
    0.5 * (gains + slopes)
}

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let resolver = Resolver::new();
    let mut groups: BTreeMap<(String, String), Group> = BTreeMap::new();
    for part in Part::tuning_before(Part::Seventeenth) {
        for case in cases(&real, part) {
            if !case.real {
                continue;
            }
            let answer = resolver.resolve(&case.rgb);
            if matches!(judge(&case.facelets, &answer), Outcome::Exact { .. }) {
                continue;
            }
            let truth = truth_labels(&case.facelets).expect("URFDLB");
            let Ok((read, own)) = resolver.cost_terms(&case.rgb, &truth) else {
                continue;
            };
            // A refused case whose cheapest cube is the truth is not a wrong cube.
            if read.labels == own.labels {
                continue;
            }
            let base = case.name.split('/').next().unwrap_or("").to_string();
            let seed: u64 = case.name.rsplit('/').next().unwrap().parse().unwrap();
            let faults = Faults::draw(case.kind, &mut rng_from_seed(seed));
            let glared: Vec<usize> = faults.glare.iter().map(|g| g.0).collect();
            let mut t = [0.0f64; 7];
            for s in 0..54 {
                let (d, sp) = (own.cost[s] - read.cost[s], own.spread[s] - read.spread[s]);
                let clipped = case.rgb[s].iter().any(|&v| v >= 255.0 || v <= 0.0);
                if read.labels[s] != own.labels[s] {
                    t[0] += d - sp;
                    t[1] += sp;
                } else if glared.contains(&s) {
                    t[2] += d;
                } else if clipped {
                    t[3] += d;
                } else {
                    t[4] += d - sp;
                    t[5] += sp;
                }
            }
            t[6] = light_penalty(&own) - light_penalty(&read);
            let diff: f64 = t[..6].iter().sum();
            let dearer = diff > 0.0;
            let floor = if FLOOR.contains(&base.as_str()) {
                "noise floor"
            } else {
                "others"
            };
            if verbose && dearer {
                println!(
                    "{} diff {diff:.1}: {}",
                    case.name,
                    TERMS
                        .iter()
                        .zip(t)
                        .map(|(n, v)| format!("{n} {v:.1}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            let carrier = (0..6).max_by(|&a, &b| t[a].total_cmp(&t[b])).unwrap();
            for key in [
                (floor.to_string(), "all".to_string()),
                (floor.to_string(), format!("kind {}", case.kind.name())),
                (floor.to_string(), format!("base {base}")),
                ("all".to_string(), "all".to_string()),
            ] {
                let g = groups.entry(key).or_default();
                g.wrong += 1;
                if !dearer {
                    continue;
                }
                g.dearer += 1;
                for (i, v) in t.iter().enumerate() {
                    g.sum[i] += v;
                    if i < 6 && *v > diff {
                        g.decisive[i] += 1;
                    }
                }
                g.carried[carrier] += 1;
                g.prior_flips += usize::from(diff + t[6] < 0.0);
                g.prior_flips_wide += usize::from(diff + t[6] / 4.0 < 0.0);
            }
        }
        eprintln!("{part:?} done");
    }
    println!(
        "group | wrong | dearer | carried by: {} | decisive (without it the truth cheaper): same | mean nats per dearer case: same + light-prior | light prior flips (σ 0.05, 0.1)",
        TERMS[..6].join(" / ")
    );
    for ((floor, key), g) in &groups {
        let n = g.dearer.max(1) as f64;
        println!(
            "{floor} {key} | {} | {} | {} | {} | {} | {}, {}",
            g.wrong,
            g.dearer,
            g.carried[..6]
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" / "),
            g.decisive[..6]
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" / "),
            g.sum
                .iter()
                .map(|v| format!("{:.1}", v / n))
                .collect::<Vec<_>>()
                .join(" / "),
            g.prior_flips,
            g.prior_flips_wide
        );
    }
}
