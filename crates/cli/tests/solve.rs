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

/// The explained steps of `--explain` output (after the solution line): for each block,
/// (name, moves, length, explanation), the wrapped lines joined again.
fn blocks(out: &str) -> Vec<(String, String, usize, String)> {
    let mut steps: Vec<Vec<String>> = Vec::new();
    for line in out.lines().skip(1) {
        let numbered = line
            .split_once(". ")
            .is_some_and(|(n, _)| n.trim().parse::<usize>().is_ok());
        if numbered {
            steps.push(vec![line.split_once(". ").unwrap().1.to_string()]);
        } else if line.starts_with("   ") {
            steps
                .last_mut()
                .expect("a step")
                .push(line.trim().to_string());
        } else {
            break; // the notes after the steps
        }
    }
    steps
        .into_iter()
        .map(|lines| {
            // name, then the moves line ending in "(Nf)", then the explanation.
            let at = lines
                .iter()
                .position(|l| l.ends_with("f)"))
                .expect("a moves line");
            let name = lines[..at].join(" ");
            let (moves, n) = lines[at].rsplit_once('(').unwrap();
            let n: usize = n.trim_end_matches("f)").parse().unwrap();
            (name, moves.trim().to_string(), n, lines[at + 1..].join(" "))
        })
        .collect()
}

#[test]
fn explain_prints_one_block_per_step() {
    let scramble = "D2 F' L U B2";
    let json: serde_json::Value =
        serde_json::from_str(solve_ok(&["solve", "--json", scramble]).trim()).unwrap();
    let steps = json["steps"].as_array().unwrap();
    let out = solve_ok(&["solve", "--explain", scramble]);
    assert_solves(scramble, out.lines().next().unwrap());
    let blocks = blocks(&out);
    assert_eq!(blocks.len(), steps.len(), "{out}");
    for ((name, moves, n, explanation), step) in blocks.iter().zip(steps) {
        assert_eq!(name, step["name"].as_str().unwrap());
        assert_eq!(moves, step["moves"].as_str().unwrap());
        assert_eq!(*n, moves.split_whitespace().count(), "{out}");
        assert_eq!(explanation, step["explanation"].as_str().unwrap());
    }
}

#[test]
fn explanations_wrap_on_words_to_the_width() {
    let scramble = "F2 U2 F2 U2 F2 L2 R' F2 L' U2 F' L D U2 F' R D2 L' R2 F'";
    for method in ["cfop", "twophase", "thistlethwaite"] {
        let wide = solve_ok(&["solve", "--method", method, "--explain", scramble]);
        let out = rubik_with_tables()
            .env("COLUMNS", "80")
            .args(["solve", "--method", method, "--explain", scramble])
            .output()
            .unwrap();
        let narrow = stdout(&out);
        for line in narrow.lines().skip(1) {
            assert!(line.chars().count() <= 80, "{method}: {line:?}");
        }
        // The same words, only broken into lines between words.
        let words = |t: &str| {
            t.lines()
                .skip(1)
                .flat_map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        };
        assert_eq!(words(&wide), words(&narrow), "{method}");
        assert!(
            narrow.lines().count() > wide.lines().count(),
            "{method}: nothing wrapped"
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
    assert_solves(scramble, out.lines().next().unwrap());
    let blocks = blocks(&out);
    assert_eq!(blocks.len(), 4, "{out}");
    for (block, phase) in blocks.iter().zip(1..) {
        assert!(block.0.starts_with(&format!("Phase {phase}")), "{block:?}");
    }
}

#[test]
fn cfop_explains_in_the_human_form_and_in_outer_turns() {
    let scramble = "R U2 F' L D B2 R' U F";
    let start = rubik_cube::input::parse_cube(scramble).unwrap();
    let out = solve_ok(&["solve", "--method", "cfop", "--explain", scramble]);
    assert_solves(scramble, out.lines().next().unwrap());
    let steps = blocks(&out);
    assert_eq!(steps.len(), 7, "{out}");
    assert!(steps[0].0.starts_with("Cross"), "{:?}", steps[0]);
    for (step, n) in steps[1..5].iter().zip(1..) {
        assert!(step.0.starts_with(&format!("F2L {n}")), "{step:?}");
    }
    assert!(steps[5].0.starts_with("OLL"), "{:?}", steps[5]);
    assert!(steps[6].0.starts_with("PLL"), "{:?}", steps[6]);
    // The human form (rotations, wide and slice moves) played in order solves the cube, and
    // each stated length is that of the moves shown.
    let mut cube = start;
    for (name, moves, n, _) in &steps {
        let alg = rubik_cube::Alg::parse(moves).unwrap_or_else(|e| panic!("{name}: {moves}: {e}"));
        assert_eq!(alg.htm(), *n, "{name}: {moves}");
        cube = cube.apply(&alg);
    }
    assert!(cube.is_solved(), "{out}");
    assert!(out.contains("--outer-turns"), "{out}");
    // --outer-turns: the same steps in outer face turns.
    let out = solve_ok(&[
        "solve",
        "--method",
        "cfop",
        "--explain",
        "--outer-turns",
        scramble,
    ]);
    let mut cube = start;
    for (name, moves, n, _) in blocks(&out) {
        let turns = common::moves(&moves);
        assert_eq!(turns.len(), n, "{name}: {moves}");
        cube = cube.apply_moves(&turns);
    }
    assert!(cube.is_solved(), "{out}");
}

#[test]
fn a_solved_cube_is_explained_in_one_sentence() {
    let out = solve_ok(&["solve", "--method", "optimal", "--explain", "R R'"]);
    assert_eq!(
        out.lines().nth(1),
        Some("The cube is already solved: nothing to do."),
        "{out}"
    );
    assert!(!out.contains("below"), "{out}");
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

#[test]
fn several_solutions_are_printed_as_found_then_summed_up_in_json() {
    let scramble = "R U F2 D' L B2 R' U2 F D2 L' B U' R2 F' D";
    let out = solve_ok(&[
        "solve",
        "--solutions",
        "3",
        "--threads",
        "2",
        "--json",
        scramble,
    ]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(lines.len(), 4, "three solutions, then the list: {out}");
    let found: Vec<&str> = lines[..3]
        .iter()
        .map(|l| l["solution"].as_str().unwrap())
        .collect();
    for (i, solution) in found.iter().enumerate() {
        assert_solves(scramble, solution);
        assert!(solution.split_whitespace().count() <= 20);
        assert!(!found[..i].contains(solution), "{solution} twice");
    }
    let listed: Vec<&str> = lines[3]["solutions"]
        .as_array()
        .expect("the list")
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(listed, found, "the list is what was printed, in order");
    // One cube on two threads, plain text.
    let out = solve_ok(&["solve", "--threads", "2", "--max-length", "19", scramble]);
    assert_solves(scramble, out.trim());
    assert!(out.split_whitespace().count() <= 19);
}

#[test]
fn fewer_than_five_faces_are_refused_with_the_reason_once() {
    for (faces, reason) in [
        ("URFD", "two adjacent faces are missing"),
        ("URDL", "two opposite faces are missing"),
    ] {
        let out = rubik_with_tables()
            .args(["solve", "--faces", faces, "R U F"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--faces {faces}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "said once: {err}");
        assert!(
            err.contains("needs at least five faces") && err.contains(faces),
            "{err}"
        );
        assert!(err.contains(reason), "{err}");
        assert!(stdout(&out).is_empty(), "no solution printed");
    }
}
