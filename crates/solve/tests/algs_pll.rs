//! The algorithm search on PLL cases with all 18 face turns: its first algorithm is as short as
//! the optimal solver's solution of the case with its best turns of U before and after, every
//! algorithm listed solves the case, and none is listed twice.
//!
//! For a last-layer state `C`, `Uᵃ·C·Uᵇ = Uᵃ·(C·Uᵃ⁺ᵇ)·U⁻ᵃ`, and turning only the U layer
//! before and undoing it after is the same, on such a state, as looking at it from another
//! side: its optimal length is that of `C·Uᵃ⁺ᵇ`. So the best length over both free turns is
//! the least optimal length of `C·Uᵏ`, `k = 0..3`.
//!
//! The search proves each length empty before it lists the next. A PLL's goal is four whole
//! states (the solved cube up to a last turn of U) and the turns are all 18 face turns, so the
//! search prunes with the optimal solver's table as well as its own, and searches one side only
//! (the others' algorithms are rotations). Each case is its own test, so the harness runs them
//! side by side on every core: the 21 take about 70 s of one core in the test profile, the
//! longest V (14 turns) and E. One case or a few, timed:
//! `cargo test -p rubik-solve --test algs_pll -- pll_e pll_v --nocapture`.

use rubik_cube::{Alg, Cube, CubieCube, Face, Move};
use rubik_solve::algs::cases::Case;
use rubik_solve::algs::{variants, AlgOptions, AlgSearch, FoundAlg};
use rubik_solve::{solver_for, Limits, Method, Solver, SolverConfig};
use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::Instant;

/// The optimal solver's tables: the same directory and size as the optimal solver's tests, so
/// one build serves both.
fn optimal() -> &'static dyn Solver {
    static S: OnceLock<Box<dyn Solver>> = OnceLock::new();
    S.get_or_init(|| {
        let config = SolverConfig {
            table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
            options: rubik_solve::Options::new()
                .with("table", Some("small"))
                .expect("the optimal method's table option"),
            ..SolverConfig::default()
        };
        solver_for(Method::Optimal, &config).expect("optimal tables")
    })
    .as_ref()
}

/// The same directory: the search prunes a whole-state goal with the optimal solver's table
/// too, read from the store as the optimal solver reads it (built once for both).
fn goal_config() -> SolverConfig {
    SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        ..SolverConfig::default()
    }
}

/// The least optimal length of the case with free turns of U before and after.
fn best_optimal_length(case: &Case) -> usize {
    (0..4)
        .map(|k| {
            let s = match Move::new(Face::U, k) {
                Some(m) => case.state.apply_move(m),
                None => case.state,
            };
            let sol = optimal().solve(&s, &Limits::default()).expect("a solution");
            assert!(s.apply_moves(&sol.moves).is_solved());
            sol.len()
        })
        .min()
        .unwrap()
}

fn check(name: &str) {
    let case = Case::pll(name).expect("a PLL");
    let best = best_optimal_length(&case);
    let options = AlgOptions {
        extra: Some(0),
        ..AlgOptions::default()
    };
    let began = Instant::now();
    let found: Vec<FoundAlg> = AlgSearch::new(&case, &options, &goal_config())
        .expect("a search")
        .collect();
    let took = began.elapsed();
    assert!(!found.is_empty(), "{name}: nothing found");
    assert_eq!(found[0].length, best, "{name}: {}", found[0].notation());
    let mut texts = HashSet::new();
    let mut keys = HashSet::new();
    for a in &found {
        assert_eq!(a.length, best, "{name}: {}", a.notation());
        let end: CubieCube = Cube::from_cubie(case.state)
            .apply(&Alg::from_turns(a.full()))
            .to_cubie();
        assert!(
            end.is_solved(),
            "{name}: {} does not solve it",
            a.notation()
        );
        assert!(
            texts.insert(a.notation()),
            "{name}: {} listed twice",
            a.notation()
        );
        assert!(
            keys.insert(variants::key(&a.turns)),
            "{name}: {} listed twice",
            a.notation()
        );
    }
    println!(
        "PLL {name}: {best} turns, {} algorithms, search {:.2} s",
        found.len(),
        took.as_secs_f64()
    );
}

/// One test per case: its first algorithm is optimal, every one solves it, none twice.
macro_rules! pll_tests {
    ($($test:ident: $name:literal,)*) => {
        $(
            #[test]
            fn $test() {
                check($name);
            }
        )*
    };
}

pll_tests! {
    pll_aa: "Aa", pll_ab: "Ab", pll_e: "E", pll_f: "F", pll_ga: "Ga", pll_gb: "Gb", pll_gc: "Gc",
    pll_gd: "Gd", pll_h: "H", pll_ja: "Ja", pll_jb: "Jb", pll_na: "Na", pll_nb: "Nb", pll_ra: "Ra",
    pll_rb: "Rb", pll_t: "T", pll_ua: "Ua", pll_ub: "Ub", pll_v: "V", pll_y: "Y", pll_z: "Z",
}
