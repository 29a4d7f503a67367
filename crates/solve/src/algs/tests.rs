//! The algorithm search on small cases: every result solves its case, none is listed twice,
//! lengths never decrease and scores are ranked within a length.

use super::*;
use std::collections::HashSet;

/// Tables kept in one directory for every run of these tests, as in the goal tests.
fn config() -> SolverConfig {
    SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-algs-test-tables")),
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

#[test]
fn with_all_face_turns_a_pll_is_searched_from_one_side_and_loses_nothing() {
    // The search skips the starts after a turn of U (their algorithms are rotations of the
    // others); with rotations kept it searches them: every algorithm it then lists is a
    // rotation of one listed without them, and those are among it.
    let config = SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        ..SolverConfig::default()
    };
    for name in ["Ja", "T"] {
        let case = Case::pll(name).unwrap();
        let options = AlgOptions {
            extra: Some(0),
            ..AlgOptions::default()
        };
        let plain: Vec<FoundAlg> = AlgSearch::new(&case, &options, &config).unwrap().collect();
        assert!(plain.iter().all(|a| a.before.is_none()));
        check_list(&case, &plain);
        let kept: Vec<FoundAlg> = AlgSearch::new(
            &case,
            &AlgOptions {
                keep_rotations: true,
                ..options
            },
            &config,
        )
        .unwrap()
        .collect();
        check_list(&case, &kept);
        assert!(kept.iter().any(|a| a.before.is_some()), "{name}");
        let plain_keys: HashSet<_> = plain.iter().map(|a| variants::key(&a.turns)).collect();
        for a in &plain {
            assert!(
                kept.iter().any(|b| b.turns == a.turns),
                "{name}: {}",
                a.notation()
            );
        }
        for b in &kept {
            let k = variants::key(&b.turns);
            assert!(
                plain_keys.contains(&k)
                    || variants::variant_keys(&b.turns, true, true)
                        .iter()
                        .any(|v| plain_keys.contains(v)),
                "{name}: {} is no rotation (or mirror) of a listed algorithm",
                b.notation()
            );
        }
    }
}
