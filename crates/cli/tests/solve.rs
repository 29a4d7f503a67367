//! `rubik solve` on single cubes (two-phase unless named): every printed solution is checked by
//! applying it to the cube.

mod common;

use common::*;
use predicates::prelude::*;

fn solve_ok(args: &[&str]) -> String {
    let out = rubik_with_tables().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "rubik {args:?} failed: {}",
        stderr(&out)
    );
    stdout(&out)
}

#[test]
fn shorthand_solves_a_scramble() {
    let scramble = "R U R' U' F2 D L'";
    let out = solve_ok(&[scramble]);
    assert_eq!(out.lines().count(), 1);
    assert_solves(scramble, out.trim());
    // Several words are one scramble.
    let out = solve_ok(&["solve", "R", "U", "R'", "U'", "F2", "D", "L'"]);
    assert_solves(scramble, out.trim());
}

#[test]
fn superflip_from_facelets_in_at_most_20_moves() {
    let out = solve_ok(&["solve", "--facelets", SUPERFLIP, "--show-length"]);
    let line = out.trim();
    let (moves, length) = line.rsplit_once(' ').expect("a length suffix");
    assert_solves(SUPERFLIP, moves);
    let n = moves.split_whitespace().count();
    assert!(n <= 20, "{line}");
    assert_eq!(length, format!("({n}f)"));
}

#[test]
fn a_facelet_string_as_the_argument() {
    let cube = state("F R2 B' U");
    let facelets = cube.to_facelets();
    let out = solve_ok(&[&facelets]);
    assert_solves(&facelets, out.trim());
}

#[test]
fn solved_cube_gives_an_empty_solution() {
    assert_eq!(solve_ok(&["solve", "--facelets", SOLVED]), "\n");
    assert_eq!(solve_ok(&["R R'"]), "\n");
    assert_eq!(solve_ok(&["solve", "-l", "--facelets", SOLVED]), "(0f)\n");
}

#[test]
fn json_report() {
    let scramble = "L2 B' D R U2";
    let out = solve_ok(&["solve", "--json", scramble]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["input"], scramble);
    assert_eq!(v["method"], "twophase");
    let solution = v["solution"].as_str().unwrap();
    assert_solves(scramble, solution);
    assert_eq!(
        v["length"].as_u64().unwrap() as usize,
        solution.split_whitespace().count()
    );
    assert!(v["millis"].as_f64().unwrap() >= 0.0);
    let steps = v["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        assert!(!step["name"].as_str().unwrap().is_empty(), "{step}");
        assert!(!step["explanation"].as_str().unwrap().is_empty(), "{step}");
        assert_eq!(
            step["length"].as_u64().unwrap() as usize,
            step["moves"].as_str().unwrap().split_whitespace().count()
        );
    }
}

#[test]
fn explain_prints_one_line_per_step() {
    let scramble = "D2 F' L U B2";
    let json: serde_json::Value =
        serde_json::from_str(solve_ok(&["solve", "--json", scramble]).trim()).unwrap();
    let steps = json["steps"].as_array().unwrap();
    let out = solve_ok(&["solve", "--explain", scramble]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + steps.len(), "{out}");
    assert_solves(scramble, lines[0]);
    for (line, step) in lines[1..].iter().zip(steps) {
        assert!(line.contains(step["name"].as_str().unwrap()), "{line}");
        assert!(
            line.contains(step["explanation"].as_str().unwrap()),
            "{line}"
        );
    }
}

#[test]
fn french_step_texts() {
    let en: serde_json::Value =
        serde_json::from_str(solve_ok(&["solve", "--json", "R U F"]).trim()).unwrap();
    let fr: serde_json::Value =
        serde_json::from_str(solve_ok(&["solve", "--json", "--lang", "fr", "R U F"]).trim())
            .unwrap();
    assert_eq!(en["solution"], fr["solution"]);
    assert_ne!(
        en["steps"], fr["steps"],
        "the French texts are the English ones"
    );
}

#[test]
fn quarter_turn_metric() {
    let out = solve_ok(&["solve", "--metric", "qtm", "-l", "R2 U"]);
    let line = out.trim();
    let (moves, length) = line.rsplit_once(' ').unwrap();
    assert_solves("R2 U", moves);
    let qtm: usize = moves
        .split_whitespace()
        .map(|m| if m.ends_with('2') { 2 } else { 1 })
        .sum();
    assert_eq!(length, format!("({qtm}q)"));
}

#[test]
fn solves_a_colour_net_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube.txt");
    // A net in arbitrary colours (the centres decide): the cube after R U.
    let facelets = state("R U").to_facelets();
    let colour = |f: char| match f {
        'U' => 'w',
        'R' => 'r',
        'F' => 'g',
        'D' => 'y',
        'L' => 'o',
        _ => 'b',
    };
    let c: Vec<char> = facelets.chars().map(colour).collect();
    let face = |i: usize, row: usize| -> String {
        c[i * 9 + row * 3..i * 9 + row * 3 + 3].iter().collect()
    };
    let mut net = String::new();
    for r in 0..3 {
        net += &format!("    {}\n", face(0, r));
    }
    for r in 0..3 {
        net += &format!(
            "{} {} {} {}\n",
            face(4, r),
            face(2, r),
            face(1, r),
            face(5, r)
        );
    }
    for r in 0..3 {
        net += &format!("    {}\n", face(3, r));
    }
    std::fs::write(&path, net).unwrap();
    let out = solve_ok(&["solve", "--net", path.to_str().unwrap()]);
    assert_solves("R U", out.trim());
}

#[test]
fn no_solution_within_the_limit_exits_1() {
    rubik_with_tables()
        .args(["solve", "--max-length", "1", "R U F"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution"));
}

#[test]
fn bad_net_file_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("short.txt");
    std::fs::write(&path, "W W W\nW W W\n").unwrap();
    rubik()
        .args(["solve", "--net", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("short.txt"));
}

#[test]
fn thistlethwaite_explains_its_four_phases() {
    let scramble = "R U2 F' L D B2";
    let out = solve_ok(&["solve", "--method", "thistlethwaite", "--explain", scramble]);
    let lines: Vec<&str> = out.lines().collect();
    assert_solves(scramble, lines[0]);
    assert_eq!(lines.len(), 5, "{out}");
    for (line, phase) in lines[1..].iter().zip(1..) {
        assert!(line.contains(&format!("Phase {phase}")), "{line}");
    }
}

#[test]
fn cfop_names_cross_pairs_oll_and_pll() {
    let scramble = "R U2 F' L D B2 R' U F";
    let out = solve_ok(&["solve", "--method", "cfop", "--explain", scramble]);
    let lines: Vec<&str> = out.lines().collect();
    assert_solves(scramble, lines[0]);
    assert_eq!(lines.len(), 1 + 7, "{out}");
    assert!(lines[1].starts_with("Cross"), "{}", lines[1]);
    for (line, n) in lines[2..6].iter().zip(1..) {
        assert!(line.starts_with(&format!("F2L {n}")), "{line}");
    }
    assert!(lines[6].starts_with("OLL"), "{}", lines[6]);
    assert!(lines[7].starts_with("PLL"), "{}", lines[7]);
}

#[test]
fn cfop_with_rotations_and_a_colour_neutral_cross() {
    let scramble = "F2 L' U B R2 D' L2 F";
    // The human form (y turns, wide moves) also solves the cube, read as notation.
    let out = solve_ok(&["solve", "--method", "cfop", "--rotations", scramble]);
    let human = rubik_cube::Alg::parse(out.trim()).unwrap();
    let after = rubik_cube::input::parse_cube(scramble)
        .unwrap()
        .apply(&human);
    assert!(after.is_solved(), "{out}");
    let out = solve_ok(&["solve", "--method", "cfop", "--cross", "any", scramble]);
    assert_solves(scramble, out.trim());
    // --cross belongs to CFOP.
    rubik()
        .args(["solve", "--cross", "any", scramble])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--method cfop"));
}

#[test]
fn scramble_moves_are_reproducible_and_lead_to_random_states() {
    let run = || {
        let out = rubik_with_tables()
            .args(["scramble", "-n", "3", "--seed", "11"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let a = run();
    assert_eq!(a, run());
    assert_eq!(a.lines().count(), 3);
    for line in a.lines() {
        let n = line.split_whitespace().count();
        assert!((2..=20).contains(&n), "{line}");
        assert!(!state(line).is_solved());
    }
}

#[test]
fn compact_tables_solve_too() {
    let scramble = "B' L D2 F U' R";
    let out = solve_ok(&["solve", "--compact", scramble]);
    assert_solves(scramble, out.trim());
}

#[test]
fn bad_net_with_json_reports_the_fault() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twisted.txt");
    // A solved net with the URF corner twisted: U9 shows F's colour, R1 U's, F3 R's.
    let net = "\
      W W W
      W W W
      W W G
O O O G G R W R R B B B
O O O G G G R R R B B B
O O O G G G R R R B B B
      Y Y Y
      Y Y Y
      Y Y Y
";
    std::fs::write(&path, net).unwrap();
    let out = rubik()
        .args(["solve", "--json", "--net", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["category"], "twisted_corner", "{v}");
    assert_eq!(v["piece"], "URF", "{v}");
    assert!(stderr(&out).contains("twisted.txt"));
}

#[test]
fn a_timeout_without_a_solution_exits_1() {
    // Superflip needs 20 moves: nothing of at most 17 exists, found or not before the timeout.
    rubik_with_tables()
        .args([
            "solve",
            "--facelets",
            SUPERFLIP,
            "--max-length",
            "17",
            "--timeout",
            "200ms",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution of at most 17 moves"));
}

#[test]
fn optimal_on_timeout_prints_the_best_solution_and_says_it_is_unproven() {
    // A random 18-move state: the small table cannot prove its optimum in 300 ms.
    let scramble = "R2 B U2 L2 D2 L2 F' D2 B U F U' R2 D' R U F2 R2 U' R";
    let out = rubik_with_tables()
        .args([
            "solve",
            "--method",
            "optimal",
            "--timeout",
            "300ms",
            scramble,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_solves(scramble, stdout(&out).trim());
    assert!(
        stderr(&out).contains("before the optimum was proven"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn improve_spends_its_timeout_and_needs_one() {
    let scramble = "D2 F' L2 B U2 R' D L' F2 U B2 R2 D' L2 F R U' B' D2 L";
    let start = std::time::Instant::now();
    let out = rubik_with_tables()
        .args(["solve", "--timeout", "300ms", "--improve", "-l", scramble])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let (moves, _) = text.trim().rsplit_once(' ').unwrap();
    assert_solves(scramble, moves);
    assert!(start.elapsed() >= std::time::Duration::from_millis(300));
    // Without a timeout it would search for a very long time: refused as bad usage.
    rubik()
        .args(["solve", "--improve", scramble])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--timeout"));
}

#[test]
fn scrambles_with_rotations_wide_turns_and_slices() {
    for scramble in ["x R U M y'", "r U r' U' (R U)2", "S2 E Rw2 z"] {
        let out = solve_ok(&[scramble]);
        assert_solves(scramble, out.trim());
    }
}

#[test]
fn every_optimal_solution_with_all() {
    // Every listed solution is optimal (3 moves for "R U F") and solves the cube; "R U" has
    // exactly one optimal solution.
    let out = solve_ok(&["solve", "--method", "optimal", "--all", "-l", "R U F"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(!lines.is_empty());
    for line in &lines {
        let (moves, length) = line.rsplit_once(' ').unwrap();
        assert_eq!(length, "(3f)", "{line}");
        assert_solves("R U F", moves);
    }
    let json: serde_json::Value = serde_json::from_str(
        solve_ok(&["solve", "--method", "optimal", "--all", "--json", "R U"]).trim(),
    )
    .unwrap();
    assert_eq!(json["length"], 2);
    assert_eq!(json["solutions"], serde_json::json!(["U' R'"]));
    // --all is the optimal solver's.
    rubik()
        .args(["solve", "--all", "R U"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--method optimal"));
}
