//! Is the truth recoverable at all (session 33)? An *oracle* reads every real case of the tuning
//! data (the eighteen parts of `Part::tuning_before(Part::Eighteenth)`; by default only the three
//! noise-floor scans, `--all` every real scan) knowing what no resolver can know: the case's
//! drawn faults (each face's light, the gradients, which stickers are glared and how much, the
//! noise σ) and the clean scan's colours. It does not know which clean colour sits where: the
//! likelihood of a sticker's measurement under colour `k` is the mixture, over the clean scan's
//! other stickers of colour `k` (leave-one-out: the sticker's own clean value left out), of the
//! exact probability that the faulty camera (`Faults::before_noise`, then σ noise, rounding and
//! clipping) reports that 8-bit value. The oracle's answer is the cheapest valid cube under that
//! cost (`assign::solve`, the resolver's own search). `--self` keeps the sticker's own clean value
//! in the mixture (the truth favoured: an upper bound on what is recoverable). Each clean sample
//! is first moved from the real camera's light at its own place to the light at the sticker's
//! (per face and slope, the resolver's light model fitted to the clean scan under the truth), so
//! the oracle knows the clean scan's own light too; `--plain` leaves that out (one light).
//! `--drift-unknown`: the oracle knows the faults' scan-wide white balance and exposure only,
//! not each face's drift from them (the geometric mean over the faces instead).
//!
//! Per case: whether the oracle reads the truth; the truth's posterior under the oracle bounded
//! from above by the cheapest valid cube that differs from it anywhere (`σ(gap)`, 1 − that the
//! chance of a rival at least that likely); the oracle's stickers below 0.9 (their min-marginals
//! at temperature 1); and the resolver's outcome on the same case. Grouped by base, fault kind
//! and the pair of colours where the oracle's wrong cube differs from the truth, and by the
//! truth's posterior bound (below 0.5: the truth is not the oracle's most likely cube), with the
//! resolver's outcomes in each group.
//!
//! ```sh
//! cargo run --release -p rubik-scan --example ambiguity [-- --all] [--self] [--plain] [--drift-unknown] [-v]
//! ```

use rubik_cube::facelet::{CENTRES, N_FACELETS};
use rubik_cube::random::rng_from_seed;
use rubik_scan::assign::{self, CostTable};
use rubik_scan::faults::Faults;
use rubik_scan::lab::{linear_to_srgb, srgb_to_linear};
use rubik_scan::lighting::{cases, judge, load_real, truth_labels, BaseScan, Case, Outcome, Part};
use rubik_scan::{sticker_name, Resolver};
use std::collections::BTreeMap;
use std::path::Path;

const FLOOR: [&str; 3] = ["3x3x3-dark-01", "3x3x3-ev3-readme", "3x3x3-random-08-2019"];
const FACES: &[u8; 6] = b"URFDLB";

/// The upper tail of the standard normal, `P(Z > x)`, from `erfc` (Numerical Recipes' Chebyshev
/// fit, relative error below 1.2e-7 everywhere).
fn upper_tail(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * z);
    let erfc = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        0.5 * erfc
    } else {
        1.0 - 0.5 * erfc
    }
}

/// `ln P(the camera reports `y`)` when the value before noise is `mean`: Gaussian noise σ,
/// rounded to a whole number and clipped to 0–255, as `Faults::apply` does.
fn log_prob(y: f64, mean: f64, sigma: f64) -> f64 {
    let lo = if y <= 0.0 { f64::NEG_INFINITY } else { y - 0.5 };
    let hi = if y >= 255.0 { f64::INFINITY } else { y + 0.5 };
    let (a, b) = ((lo - mean) / sigma, (hi - mean) / sigma);
    // The interval's mass from the tail it lies in, so far tails keep their precision.
    let p = if a > 0.0 {
        upper_tail(a) - upper_tail(b)
    } else if b < 0.0 {
        upper_tail(-b) - upper_tail(-a)
    } else {
        1.0 - upper_tail(-a) - upper_tail(b)
    };
    if p > 1e-300 {
        p.ln()
    } else {
        // Beyond f64: the density at the nearer end of the interval.
        let z = a.abs().min(b.abs());
        -0.5 * z * z - (sigma * (2.0 * std::f64::consts::PI).sqrt()).ln()
    }
}

/// Per sticker, the clean scan's own light (gain per linear channel) as the resolver's model
/// fits it to the clean scan under the truth (`Resolver::cost_terms`): the real camera's light
/// per face image and its slope across the face. `None` (`--plain`): one light for all.
fn clean_light(base: &BaseScan, plain: bool) -> [[f64; 3]; N_FACELETS] {
    if plain {
        return [[1.0; 3]; N_FACELETS];
    }
    let truth = truth_labels(&base.facelets).expect("URFDLB");
    let (_, own) = Resolver::new()
        .cost_terms(&base.rgb, &truth)
        .expect("a clean scan");
    std::array::from_fn(|s| {
        let (x, y) = ((s % 3) as f64 - 1.0, ((s % 9) / 3) as f64 - 1.0);
        let [sx, sy] = own.slope[s / 9];
        [0, 1, 2].map(|c| (own.log_gain[s / 9][c] + sx * x + sy * y).exp())
    })
}

/// The oracle's cost table for `case`: per sticker and colour, `−ln` of the mixture over the
/// clean scan's stickers of that colour (without the sticker itself unless `with_self`), each
/// moved from its own place's clean light to this sticker's (`light`), then through the faults.
fn oracle_costs(
    case: &Case,
    base: &BaseScan,
    light: &[[f64; 3]; N_FACELETS],
    faults: &Faults,
    with_self: bool,
) -> CostTable {
    let truth = truth_labels(&base.facelets).expect("URFDLB");
    let mut table = [[f32::INFINITY; 6]; N_FACELETS];
    for (s, row) in table.iter_mut().enumerate() {
        if CENTRES.contains(&s) {
            continue;
        }
        for (k, cell) in row.iter_mut().enumerate() {
            let terms: Vec<f64> = (0..N_FACELETS)
                .filter(|&j| truth[j] == k && (with_self || j != s))
                .map(|j| {
                    let moved = [0, 1, 2].map(|c| {
                        linear_to_srgb(srgb_to_linear(base.rgb[j][c]) * light[s][c] / light[j][c])
                    });
                    let mean = faults.before_noise(s, moved);
                    (0..3)
                        .map(|c| log_prob(case.rgb[s][c], mean[c], faults.noise))
                        .sum::<f64>()
                })
                .collect();
            let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
            *cell = -(top + (sum / terms.len() as f64).ln()) as f32;
        }
    }
    table
}

#[derive(Default)]
struct Group {
    cases: usize,
    oracle_exact: usize,
    /// The truth's posterior bound below 0.5 / 0.9 / 0.99.
    below: [usize; 3],
    resolver_exact: usize,
    /// Resolver not exact, oracle exact.
    recoverable: usize,
    /// Resolver exact, oracle not.
    resolver_only: usize,
    unsure_stickers: usize,
    /// The resolver's outcomes: exact with nothing named, exact with a sticker named, flagged,
    /// refused, silently wrong.
    outcomes: [usize; 5],
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let with_self = args.iter().any(|a| a == "--self");
    let verbose = args.iter().any(|a| a == "-v");
    let plain = args.iter().any(|a| a == "--plain");
    let drift_unknown = args.iter().any(|a| a == "--drift-unknown");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let resolver = Resolver::new();
    let lights: BTreeMap<String, [[f64; 3]; N_FACELETS]> = real
        .iter()
        .map(|b| (b.name.clone(), clean_light(b, plain)))
        .collect();
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    for part in Part::tuning_before(Part::Eighteenth) {
        for case in cases(&real, part) {
            let base_name = case.name.split('/').next().unwrap_or("");
            if !case.real || (!all && !FLOOR.contains(&base_name)) {
                continue;
            }
            let base = real.iter().find(|b| b.name == base_name).expect("a base");
            let seed: u64 = case.name.rsplit('/').next().unwrap().parse().unwrap();
            let mut faults = Faults::draw(case.kind, &mut rng_from_seed(seed));
            if drift_unknown {
                // Only the scan-wide white balance and exposure known: each face's drift from
                // it (±5%, ±8%) left to the geometric mean over the faces.
                let mean: [f64; 3] = std::array::from_fn(|c| {
                    (faults.light.iter().map(|l| l[c].ln()).sum::<f64>() / 6.0).exp()
                });
                faults.light = [mean; 6];
            }
            let table = oracle_costs(&case, base, &lights[base_name], &faults, with_self);
            let solved = assign::solve(&table).expect("a valid cube");
            let truth = truth_labels(&case.facelets).expect("URFDLB");
            let read = solved.best.cube.to_facelets();
            let oracle_exact = read == case.facelets;
            let truth_cost: f64 = (0..N_FACELETS)
                .filter(|s| !CENTRES.contains(s))
                .map(|s| table[s][truth[s]] as f64)
                .sum();
            // The cheapest valid cube that differs from the truth somewhere.
            let rival = (0..N_FACELETS)
                .flat_map(|s| (0..6).filter(move |&k| k != truth[s]).map(move |k| (s, k)))
                .map(|(s, k)| solved.marginal[s][k] as f64)
                .fold(f64::INFINITY, f64::min);
            let gap = rival - truth_cost;
            let posterior = 1.0 / (1.0 + (-gap).exp());
            // The oracle's own doubt: stickers whose min-marginal confidence is below 0.9.
            let unsure = (0..N_FACELETS)
                .filter(|s| !CENTRES.contains(s))
                .filter(|&s| {
                    let m = solved.marginal[s];
                    let total: f64 = m
                        .iter()
                        .map(|&c| (-(c as f64 - solved.best.cost as f64)).exp())
                        .sum();
                    let own = read.as_bytes()[s];
                    let k = FACES.iter().position(|&f| f == own).unwrap();
                    (-(m[k] as f64 - solved.best.cost as f64)).exp() / total < 0.9
                })
                .count();
            let outcome = judge(&case.facelets, &resolver.resolve(&case.rgb));
            let resolver_exact = matches!(outcome, Outcome::Exact { .. });
            let outcome_index = match outcome {
                Outcome::Exact { flags: 0 } => 0,
                Outcome::Exact { .. } => 1,
                Outcome::Flagged => 2,
                Outcome::Refused => 3,
                Outcome::Silent { .. } => 4,
            };
            let pair = if oracle_exact {
                "-".to_string()
            } else {
                let mut pairs: Vec<String> = read
                    .bytes()
                    .zip(case.facelets.bytes())
                    .filter(|(a, b)| a != b)
                    .map(|(a, b)| {
                        let (x, y) = if a < b { (a, b) } else { (b, a) };
                        format!("{}/{}", x as char, y as char)
                    })
                    .collect();
                pairs.sort();
                pairs.dedup();
                pairs.join(",")
            };
            if verbose {
                let wrong: Vec<String> = read
                    .bytes()
                    .zip(case.facelets.bytes())
                    .enumerate()
                    .filter(|(_, (a, b))| a != b)
                    .map(|(s, _)| sticker_name(s))
                    .collect();
                println!(
                    "{} oracle {} [{}] gap {gap:.1} unsure {unsure} pairs {pair}; resolver {}",
                    case.name,
                    if oracle_exact { "exact" } else { "wrong" },
                    wrong.join(" "),
                    match outcome {
                        Outcome::Exact { .. } => "exact",
                        Outcome::Flagged => "flagged",
                        Outcome::Refused => "refused",
                        Outcome::Silent { .. } => "SILENT",
                    }
                );
            }
            let floor = if FLOOR.contains(&base_name) {
                "noise floor"
            } else {
                "others"
            };
            for key in [
                format!("{floor}: all"),
                format!("{floor}: base {base_name}"),
                format!("{floor}: kind {}", case.kind.name()),
                format!("{floor}: {base_name} {}", case.kind.name()),
                format!("{floor}: oracle's wrong pairs {pair}"),
                format!(
                    "{floor}: truth's posterior bound {}",
                    match posterior {
                        p if p < 0.5 => "< 0.5 (not the oracle's cube)",
                        p if p < 0.9 => "0.5-0.9",
                        p if p < 0.99 => "0.9-0.99",
                        _ => ">= 0.99",
                    }
                ),
            ] {
                let g = groups.entry(key).or_default();
                g.cases += 1;
                g.oracle_exact += usize::from(oracle_exact);
                for (i, bar) in [0.5, 0.9, 0.99].iter().enumerate() {
                    g.below[i] += usize::from(posterior < *bar);
                }
                g.resolver_exact += usize::from(resolver_exact);
                g.recoverable += usize::from(oracle_exact && !resolver_exact);
                g.resolver_only += usize::from(resolver_exact && !oracle_exact);
                g.unsure_stickers += unsure;
                g.outcomes[outcome_index] += 1;
            }
        }
        eprintln!("{part:?} done");
    }
    println!(
        "group | cases | oracle exact | truth's posterior bound < 0.5 / < 0.9 / < 0.99 | resolver exact | oracle only | resolver only | oracle's stickers < 0.9 a case | resolver: exact, nothing named / exact, named / flagged / refused / silent"
    );
    for (key, g) in &groups {
        println!(
            "{key} | {} | {} ({:.1}%) | {} / {} / {} | {} ({:.1}%) | {} | {} | {:.2} | {}",
            g.cases,
            g.oracle_exact,
            100.0 * g.oracle_exact as f64 / g.cases as f64,
            g.below[0],
            g.below[1],
            g.below[2],
            g.resolver_exact,
            100.0 * g.resolver_exact as f64 / g.cases as f64,
            g.recoverable,
            g.resolver_only,
            g.unsure_stickers as f64 / g.cases as f64,
            g.outcomes.map(|n| n.to_string()).join(" / ")
        );
    }
}
