//! The algorithm search on small cases: every result solves its case, none is listed twice,
//! lengths never decrease and scores are ranked within a length.

use super::*;
use std::collections::HashSet;

fn config() -> SolverConfig {
    SolverConfig {
        table_dir: Some(
            std::env::temp_dir().join(format!("rubik-algs-tests-{}", std::process::id())),
        ),
        ..SolverConfig::default()
    }
}

fn check_list(case: &Case, found: &[FoundAlg]) {
    let mut keys = HashSet::new();
    for (i, a) in found.iter().enumerate() {
        let end = Cube::from_cubie(case.state)
            .apply(&Alg::from_turns(a.full()))
            .to_cubie();
        assert!(
            case.goal.matches(&end),
            "{} does not solve {}",
            a.notation(),
            case.name
        );
        assert!(
            keys.insert(variants::key(&a.turns)),
            "{} listed twice",
            a.notation()
        );
        if i > 0 {
            let prev = &found[i - 1];
            assert!(prev.length <= a.length);
            if prev.length == a.length {
                assert!(prev.score <= a.score);
            }
        }
        if case.last_layer {
            let first = a.turns.first().unwrap();
            let last = a.turns.last().unwrap();
            assert_ne!(
                first.layer,
                rubik_cube::alg::Layer::Face(Face::U),
                "{}",
                a.notation()
            );
            assert_ne!(
                last.layer,
                rubik_cube::alg::Layer::Face(Face::U),
                "{}",
                a.notation()
            );
        }
    }
}

#[test]
fn sune_in_two_gen() {
    let case = Case::oll(27).unwrap();
    let options = AlgOptions {
        moves: "R,U".parse().unwrap(),
        extra: Some(4),
        ..AlgOptions::default()
    };
    let found: Vec<FoundAlg> = AlgSearch::new(&case, &options, &config())
        .unwrap()
        .collect();
    assert!(!found.is_empty());
    assert_eq!(found[0].length, 7);
    assert!(found.iter().any(|a| a.notation() == "R U R' U R U2 R'"));
    check_list(&case, &found);
}

#[test]
fn t_perm_in_three_gen_and_mirrors_left_out() {
    let case = Case::pll("T").unwrap();
    let options = AlgOptions {
        moves: "R,U,F".parse().unwrap(),
        extra: Some(0),
        ..AlgOptions::default()
    };
    let found: Vec<FoundAlg> = AlgSearch::new(&case, &options, &config())
        .unwrap()
        .collect();
    assert!(!found.is_empty());
    check_list(&case, &found);
    for a in &found {
        // Exact length list: no mirror of a listed algorithm is listed.
        for v in variants::variant_keys(&a.turns, false, true) {
            assert!(
                found
                    .iter()
                    .all(|b| variants::key(&b.turns) != v || b.turns == a.turns),
                "{} and its mirror",
                a.notation()
            );
        }
    }
}

#[test]
fn slice_algorithms() {
    // H-perm with M and U: M2 U M2 U2 M2 U M2 (7 turns) or shorter.
    let case = Case::pll("H").unwrap();
    let options = AlgOptions {
        moves: "M,U".parse().unwrap(),
        extra: Some(0),
        ..AlgOptions::default()
    };
    let found: Vec<FoundAlg> = AlgSearch::new(&case, &options, &config())
        .unwrap()
        .collect();
    assert!(!found.is_empty());
    assert!(found[0].length <= 7, "{}", found[0].notation());
    check_list(&case, &found);
}
