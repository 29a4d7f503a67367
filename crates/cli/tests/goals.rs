//! `rubik solve --to`, `--moves`, `rubik algs` and `rubik scramble --subset`, through the real
//! binary: every printed solution is applied and checked sticker by sticker.

mod common;

use common::{rubik, stderr, stdout};
use rubik_cube::subset::Subset;
use rubik_cube::{Alg, Cube, CubieCube, Goal};

/// The cube `turns` (any notation) make from `start`, held as it then is.
fn after(start: &str, turns: &str) -> CubieCube {
    Cube::solved()
        .apply(&Alg::parse(start).unwrap())
        .apply(&Alg::parse(turns).unwrap())
        .to_cubie()
}

/// Whether every sticker of `facelets` the `pattern` names (not `?`) shows that colour.
fn shows(facelets: &str, pattern: &str) -> bool {
    assert_eq!(pattern.len(), 54);
    facelets
        .chars()
        .zip(pattern.chars())
        .all(|(f, p)| p == '?' || f == p)
}

/// Whether every turn of `solution` turns one of `layers` (`R`, `U`, `M`...).
fn only_turns(solution: &str, layers: &[&str]) -> bool {
    solution
        .split_whitespace()
        .all(|t| layers.contains(&t.trim_end_matches(['2', '\''])))
}

/// The D cross as stickers: the four D edges and their side stickers below each centre.
const D_CROSS: &str = concat!(
    "?????????",
    "????R??R?",
    "????F??F?",
    "?D?DDD?D?",
    "????L??L?",
    "????B??B?",
);

#[test]
fn solve_to_a_named_goal() {
    // The cross, checked sticker by sticker (the other stickers are don't-cares).
    let scramble = "R U F2 D L B' R2 U' F D2";
    let out = rubik()
        .args(["solve", "--to", "cross", scramble])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let end = after(scramble, stdout(&out).trim());
    assert!(shows(&end.to_facelets(), D_CROSS), "{}", end.to_facelets());
    // The same stickers given as a pattern.
    let out = rubik()
        .args(["solve", "--to", D_CROSS, scramble])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let end = after(scramble, stdout(&out).trim());
    assert!(shows(&end.to_facelets(), D_CROSS), "{}", end.to_facelets());
    let scramble = "R U F2 D L B' R2 U' F D2";
    for goal in ["cross", "cross:U", "2x2x2", "eo"] {
        let out = rubik()
            .args(["solve", "--to", goal, scramble])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let solution = stdout(&out).trim().to_string();
        let end = after(scramble, &solution);
        assert!(
            Goal::parse(goal).unwrap().matches(&end),
            "{goal}: {solution}"
        );
    }
}

#[test]
fn solve_to_a_pattern_and_to_a_state() {
    // Only the U face's stickers: any cube whose U face is all U.
    let pattern = format!("UUUUUUUUU{}", "?".repeat(45));
    let out = rubik()
        .args(["solve", "--to", &pattern, "R U F"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let end = after("R U F", stdout(&out).trim());
    assert!(end.to_facelets().starts_with("UUUUUUUUU"));
    // A full goal: the state of "R U R' U'", through the two-phase solver.
    let out = rubik()
        .args(["solve", "--to", "R U R' U'", "F2 D"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let end = after("F2 D", stdout(&out).trim());
    assert_eq!(end, after("", "R U R' U'"));
}

#[test]
fn move_sets_and_cubes_outside_them() {
    let out = rubik()
        .args(["solve", "--moves", "R,U", "R U R' U R U2 R'"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let solution = stdout(&out).trim().to_string();
    assert_eq!(Alg::parse(&solution).unwrap().turns().len(), 7);
    assert!(only_turns(&solution, &["R", "U"]), "{solution}");
    assert!(after("R U R' U R U2 R'", &solution).is_solved());
    // A partial goal within a set: the D cross with R, U and F only.
    let out = rubik()
        .args([
            "solve",
            "--to",
            "cross",
            "--moves",
            "R,U,F",
            "R U F R' U2 F'",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let solution = stdout(&out).trim().to_string();
    assert!(only_turns(&solution, &["R", "U", "F"]), "{solution}");
    let end = after("R U F R' U2 F'", &solution);
    assert!(shows(&end.to_facelets(), D_CROSS), "{solution}");
    // A goal state the set cannot reach: the state F makes, with R and U.
    let out = rubik()
        .args(["solve", "--to", "F", "--moves", "R,U", "R U"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("⟨R,U⟩ never moves"),
        "{}",
        stderr(&out)
    );
    // The A-perm's corners are not in ⟨R,U⟩.
    let out = rubik()
        .args(["solve", "--moves", "R,U", "x R' U R' D2 R U' R' D2 R2 x'"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the corners are not in the ⟨R,U⟩ subgroup"));
    // Slices print as slices.
    let out = rubik()
        .args(["solve", "--moves", "M,U", "M' U2 M U2"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let solution = stdout(&out).trim().to_string();
    assert!(solution.contains('M'), "{solution}");
    assert!(only_turns(&solution, &["M", "U"]), "{solution}");
    assert!(after("M' U2 M U2", &solution).is_solved());
}

#[test]
fn bad_goals_and_sets_are_usage_errors() {
    for args in [
        vec!["solve", "--to", "cross:Q", "R"],
        vec!["solve", "--moves", "R,x", "R"],
        vec!["solve", "--to", "cross", "--method", "cfop", "R"],
    ] {
        let out = rubik().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    // A goal no cube can show: UF flipped in place.
    let mut s: Vec<char> = common::SOLVED.chars().collect();
    s[7] = 'F';
    s[19] = 'U';
    let flipped: String = s.into_iter().collect();
    let out = rubik()
        .args(["solve", "--to", &flipped, "R"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("flipped"), "{}", stderr(&out));
}

#[test]
fn algs_lists_sune_first_and_json() {
    let out = rubik()
        .args(["algs", "oll", "27", "--moves", "R,U"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines().next().unwrap().starts_with("R U R' U R U2 R'"),
        "{text}"
    );
    let out = rubik()
        .args([
            "algs", "pll", "T", "--moves", "R,U,F", "--count", "2", "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Each line's fields in their documented order, absent turns of U written as null.
    let order = [
        "case", "moves", "alg", "before", "after", "length", "htm", "qtm", "score",
    ];
    for line in text.lines() {
        let at: Vec<usize> = order
            .iter()
            .map(|k| {
                line.find(&format!("\"{k}\":"))
                    .unwrap_or_else(|| panic!("{k}: {line}"))
            })
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
    }
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for l in &lines {
        assert_eq!(l["case"], "PLL T-perm");
        assert_eq!(l["length"], 14);
        let full = format!(
            "{} {} {}",
            l["before"].as_str().unwrap_or(""),
            l["alg"].as_str().unwrap(),
            l["after"].as_str().unwrap_or("")
        );
        let t = rubik_solve::algs::cases::Case::pll("T").unwrap().state;
        let end = Cube::from_cubie(t)
            .apply(&Alg::parse(&full).unwrap())
            .to_cubie();
        assert!(end.is_solved(), "{full}");
    }
}

#[test]
fn subset_scrambles_make_states_of_their_subset() {
    for subset in ["pll", "oll", "zbll", "2gen", "cross-solved"] {
        let out = rubik()
            .args(["scramble", "--subset", subset, "-n", "5", "--seed", "3"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let again = rubik()
            .args(["scramble", "--subset", subset, "-n", "5", "--seed", "3"])
            .output()
            .unwrap();
        assert_eq!(stdout(&out), stdout(&again), "seeded");
        let facelets = rubik()
            .args([
                "scramble",
                "--subset",
                subset,
                "-n",
                "5",
                "--seed",
                "3",
                "--facelets",
            ])
            .output()
            .unwrap();
        for (line, f) in stdout(&out).lines().zip(stdout(&facelets).lines()) {
            assert!(Alg::parse(line).unwrap().htm() <= 20, "{line}");
            let state = after(line, "");
            assert_eq!(state.to_facelets(), f, "{subset}: {line}");
        }
        let s: Subset = subset.parse().unwrap();
        assert_eq!(s.name(), subset);
    }
}
