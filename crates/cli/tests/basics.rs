//! The commands that need no solver: help, version, usage errors, show, facelet scrambles and
//! every invalid-cube category (rejected before any table is loaded).

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn help_lists_commands_and_examples() {
    rubik()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:"))
        .stdout(predicate::str::contains("rubik solve"))
        .stdout(predicate::str::contains("Exit codes"));
    rubik()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--continuous"))
        .stdout(predicate::str::contains("--max-length"));
}

#[test]
fn version() {
    rubik()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("rubik "));
}

#[test]
fn usage_errors_exit_2() {
    rubik().assert().code(2);
    rubik()
        .args(["solve", "--bogus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--bogus"));
    rubik()
        .args(["solve", "--method", "magic", "R"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("magic"));
    rubik()
        .args(["solve", "--timeout", "soon", "R"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("soon"));
    rubik()
        .args(["solve", "--facelets", SOLVED, "R"])
        .assert()
        .code(2);
    rubik().args(["scramble", "-n", "many"]).assert().code(2);
}

#[test]
fn show_facelets_after_moves() {
    rubik()
        .args(["show", "--format", "facelets", "R"])
        .assert()
        .success()
        .stdout("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB\n");
    // Several words are one algorithm; the result matches the cube model.
    let out = rubik()
        .args(["show", "--format", "facelets", "R", "U", "R'", "U'"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let expected = state("R U R' U'").to_facelets();
    assert_eq!(stdout(&out).trim(), expected);
}

#[test]
fn show_from_a_start_state() {
    let after_r = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";
    rubik()
        .args(["show", "--format", "facelets", "--facelets", after_r, "R'"])
        .assert()
        .success()
        .stdout(format!("{SOLVED}\n"));
}

#[test]
fn show_net_is_letters_without_a_terminal_or_with_no_color() {
    for no_color in [false, true] {
        let mut cmd = rubik();
        if no_color {
            cmd.env("NO_COLOR", "1");
        }
        let out = cmd.args(["show", "R"]).output().unwrap();
        assert!(out.status.success());
        let text = stdout(&out);
        assert!(!text.contains('\x1b'), "escape codes in {text:?}");
        let letters: String = text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
        assert_eq!(letters.len(), 54, "{text}");
        assert_eq!(text.lines().count(), 9, "{text}");
    }
}

#[test]
fn show_net_in_colour_when_forced() {
    rubik()
        .args(["--color", "always", "show", "R"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\x1b["));
    // NO_COLOR does not beat an explicit --color always, but does beat auto.
    rubik()
        .env("NO_COLOR", "1")
        .args(["--color", "auto", "show"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\x1b[").not());
}

#[test]
fn show_json() {
    let out = rubik()
        .args(["show", "--format", "json", "R", "R'"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["facelets"], SOLVED);
    assert_eq!(v["solved"], true);
}

#[test]
fn show_reads_a_colour_net_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube.txt");
    // The net of the cube after R, in WCA colours, with a comment and spaces.
    let net = "\
# after R
      W W G
      W W G
      W W G
O O O G G Y R R R W B B
O O O G G Y R R R W B B
O O O G G Y R R R W B B
      Y Y B
      Y Y B
      Y Y B
";
    std::fs::write(&path, net).unwrap();
    rubik()
        .args(["show", "--format", "facelets", "--net"])
        .arg(&path)
        .assert()
        .success()
        .stdout("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB\n");
}

#[test]
fn show_bad_input_exits_2_naming_it() {
    rubik()
        .args(["show", "R", "Q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Q"));
    rubik()
        .args(["show", "--net", "/nonexistent/cube.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/cube.txt"));
}

#[test]
fn facelet_scrambles_are_valid_and_reproducible() {
    let run = |seed: &str| {
        let out = rubik()
            .args(["scramble", "--facelets", "-n", "5", "--seed", seed])
            .output()
            .unwrap();
        assert!(out.status.success());
        stdout(&out)
    };
    let a = run("7");
    assert_eq!(a, run("7"));
    assert_ne!(a, run("8"));
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 5);
    for line in lines {
        assert!(rubik_cube::CubieCube::from_facelets(line).is_ok(), "{line}");
    }
}

/// Each invalid-cube category, fed as a facelet string: exit 2, the category and piece named.
#[test]
fn invalid_cubes_exit_2_with_the_fault_named() {
    let cases: Vec<(&str, String, &str, Option<&str>)> = vec![
        ("wrong length", "UUU".to_string(), "wrong_length", None),
        (
            "bad character",
            stickers(&[(0, 'X')]),
            "bad_character",
            None,
        ),
        (
            "centres",
            stickers(&[(13, 'U'), (0, 'R')]),
            "centres_not_distinct",
            None,
        ),
        ("colour count", stickers(&[(0, 'R')]), "colour_count", None),
        (
            "corner with U and D",
            stickers(&[(9, 'D'), (28, 'R')]),
            "impossible_corner",
            Some("URF"),
        ),
        (
            "edge with U and D",
            stickers(&[(10, 'D'), (28, 'R')]),
            "impossible_edge",
            Some("UR"),
        ),
        (
            "URF corner twice",
            stickers(&[(18, 'R'), (38, 'F'), (17, 'B'), (51, 'L')]),
            "duplicate_corner",
            Some("URF"),
        ),
        (
            "UR edge twice",
            stickers(&[(19, 'R'), (16, 'F')]),
            "duplicate_edge",
            Some("UR"),
        ),
        (
            "twisted corner",
            stickers(&[(8, 'F'), (9, 'U'), (20, 'R')]),
            "twisted_corner",
            Some("URF"),
        ),
        (
            "flipped edge",
            stickers(&[(5, 'R'), (10, 'U')]),
            "flipped_edge",
            Some("UR"),
        ),
        (
            "two edges swapped",
            stickers(&[(10, 'F'), (19, 'R')]),
            "parity",
            None,
        ),
    ];
    for (what, facelets, category, piece) in cases {
        let out = rubik()
            .args(["solve", "--json", "--facelets", &facelets])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{what}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(stdout(&out).trim())
            .unwrap_or_else(|e| panic!("{what}: {e}: {}", stdout(&out)));
        assert_eq!(v["category"], category, "{what}: {v}");
        if let Some(piece) = piece {
            assert_eq!(v["piece"], piece, "{what}: {v}");
        }
        assert_eq!(v["input"], facelets.as_str());
        // The text form names the fault too.
        let out = rubik()
            .args(["solve", "--facelets", &facelets])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{what}");
        let message = stderr(&out);
        assert!(
            message.contains("invalid cube") || message.contains("bad cube"),
            "{what}: {message}"
        );
        if let Some(piece) = piece {
            assert!(message.contains(piece), "{what}: {message}");
        }
    }
}

#[test]
fn bad_notation_exits_2() {
    rubik()
        .args(["solve", "R U Q2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`Q`").and(predicate::str::contains("column 5")));
}

#[test]
fn an_invalid_cube_is_named_once() {
    let out = rubik()
        .args(["solve", "--facelets", &SOLVED[..53]])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "rubik: invalid cube: a facelet string has 54 letters, this one has 53"
    );
}
