//! Training scrambles: the states drawn are uniform over the subset (a chi-square test over
//! the PLL and OLL cases on 10,000 draws each) and each scramble makes exactly the state drawn.
//!
//! Cases are told apart here by this file's own means: a PLL case is the set of states
//! `Uᵃ·C·Uᵇ` of one of the 21 named PLLs (or of solved), an OLL case the last layer's
//! orientation up to turning the layer. Every state of the subset falls in exactly one case,
//! and a case's share of the subset is its number of states over the subset's size.

use rubik_cube::random::rng_from_seed;
use rubik_cube::subset::Subset;
use rubik_cube::{CubieCube, Face, Move};
use rubik_solve::algs::cases::Case;
use rubik_solve::scramble::subset_scramble;
use rubik_solve::{solver_for, Method, SolverConfig};
use std::collections::{HashMap, HashSet};

const PLLS: [&str; 21] = [
    "Aa", "Ab", "E", "F", "Ga", "Gb", "Gc", "Gd", "H", "Ja", "Jb", "Na", "Nb", "Ra", "Rb", "T",
    "Ua", "Ub", "V", "Y", "Z",
];
const DRAWS: usize = 10_000;

fn u(q: i32) -> CubieCube {
    match Move::new(Face::U, q) {
        Some(m) => CubieCube::SOLVED.apply_move(m),
        None => CubieCube::SOLVED,
    }
}

/// The chi-square quantile of `df` degrees of freedom at 1 − 0.001 (Wilson–Hilferty).
fn chi_square_limit(df: usize) -> f64 {
    let k = df as f64;
    let z = 3.090_232; // the normal quantile at 0.999
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

/// Draws `DRAWS` states of `subset`, sorts them into cases by `case_of`, and checks the counts
/// against each case's share (`sizes`: states per case, summing to the subset's size).
fn check_uniform(
    subset: Subset,
    sizes: &HashMap<usize, usize>,
    case_of: impl Fn(&CubieCube) -> usize,
) {
    let total: usize = sizes.values().sum();
    let mut rng = rng_from_seed(16);
    let mut counts: HashMap<usize, usize> = HashMap::new();
    for _ in 0..DRAWS {
        *counts.entry(case_of(&subset.random(&mut rng))).or_default() += 1;
    }
    assert!(counts.keys().all(|k| sizes.contains_key(k)));
    let chi2: f64 = sizes
        .iter()
        .map(|(case, &size)| {
            let expected = DRAWS as f64 * size as f64 / total as f64;
            let seen = counts.get(case).copied().unwrap_or(0) as f64;
            (seen - expected).powi(2) / expected
        })
        .sum();
    let limit = chi_square_limit(sizes.len() - 1);
    println!(
        "{subset}: chi-square {chi2:.1} over {} cases (limit {limit:.1})",
        sizes.len()
    );
    assert!(chi2 < limit, "{subset}: chi-square {chi2:.1} ≥ {limit:.1}");
}

#[test]
fn pll_draws_are_uniform_over_the_cases() {
    // Case 0 is solved (up to a turn of U); case i + 1 is PLLS[i].
    let mut case_of_state: HashMap<CubieCube, usize> = HashMap::new();
    let mut sizes: HashMap<usize, usize> = HashMap::new();
    let cases = std::iter::once(CubieCube::SOLVED)
        .chain(PLLS.iter().map(|p| Case::pll(p).expect("a PLL").state));
    for (i, c) in cases.enumerate() {
        for a in 0..4 {
            for b in 0..4 {
                let s = u(a).multiply(&c).multiply(&u(b));
                if let Some(&j) = case_of_state.get(&s) {
                    assert_eq!(j, i, "two PLLs share a state");
                } else {
                    case_of_state.insert(s, i);
                    *sizes.entry(i).or_default() += 1;
                }
            }
        }
    }
    // 4! × 4! / 2 permutations of the last layer, oriented.
    assert_eq!(case_of_state.len(), 288);
    check_uniform(Subset::Pll, &sizes, |s| case_of_state[s]);
}

/// The last layer's orientation (corners then edges of U) read in the least of its four
/// turned forms.
fn orientation_key(c: &CubieCube) -> [u8; 8] {
    (0..4)
        .map(|t| {
            std::array::from_fn(|i| {
                if i < 4 {
                    c.co[(i + t) % 4]
                } else {
                    c.eo[(i - 4 + t) % 4]
                }
            })
        })
        .min()
        .unwrap()
}

#[test]
fn oll_draws_are_uniform_over_the_cases() {
    let mut keys: HashMap<[u8; 8], usize> = HashMap::new();
    keys.insert(orientation_key(&CubieCube::SOLVED), 0);
    for n in 1..=57 {
        let k = orientation_key(&Case::oll(n).expect("an OLL").state);
        assert!(keys.insert(k, n).is_none(), "OLL {n} repeats a case");
    }
    // Every orientation of the last layer (2³ × 3³ = 216) falls in one case; a case's share
    // is its number of orientations.
    let mut sizes: HashMap<usize, usize> = HashMap::new();
    let mut seen = HashSet::new();
    for code in 0..216usize {
        let mut c = CubieCube::SOLVED;
        let (mut co, mut eo) = (code % 27, code / 27);
        for i in 0..3 {
            c.co[i] = (co % 3) as u8;
            co /= 3;
            c.eo[i] = (eo % 2) as u8;
            eo /= 2;
        }
        c.co[3] = (3 - c.co[..3].iter().sum::<u8>() % 3) % 3;
        c.eo[3] = c.eo[..3].iter().sum::<u8>() % 2;
        assert!(c.check().is_ok());
        assert!(seen.insert((c.co, c.eo)));
        *sizes.entry(keys[&orientation_key(&c)]).or_default() += 1;
    }
    assert_eq!(sizes.len(), 58);
    check_uniform(Subset::Oll, &sizes, |s| keys[&orientation_key(s)]);
}

#[test]
fn every_subset_scramble_makes_the_state_drawn() {
    let solver = solver_for(Method::Twophase, &SolverConfig::default()).expect("tables");
    for subset in Subset::ALL {
        let mut rng = rng_from_seed(5);
        let mut twin = rng_from_seed(5);
        for _ in 0..50 {
            let scramble = subset_scramble(solver.as_ref(), subset, &mut rng).unwrap();
            let drawn = subset.random(&mut twin);
            assert_eq!(scramble.cube, drawn, "{subset}");
            assert_eq!(CubieCube::from_moves(&scramble.moves), drawn, "{subset}");
            assert!(scramble.moves.len() <= 20, "{subset}");
        }
    }
}
