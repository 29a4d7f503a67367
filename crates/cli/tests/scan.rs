//! `--rgb FILE`: measured colours resolved into a cube, shown or solved; doubtful stickers
//! named on stderr; a scan no valid cube fits refused with exit 2 naming the conflict.

mod common;

use common::*;
use predicates::prelude::*;
use std::path::PathBuf;

/// A real robot scan from the resolver's test data, and the cube it shows.
fn real_scan(name: &str) -> (PathBuf, String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../scan/tests/data")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).expect("scan file");
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    (path, value["facelets"].as_str().unwrap().to_string())
}

fn temp_file(text: &str) -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), text).unwrap();
    file
}

#[test]
fn show_reads_a_scan_as_facelets_net_and_json() {
    let (path, facelets) = real_scan("3x3x3-random-01");
    rubik()
        .args(["show", "--format", "facelets", "--rgb"])
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"))
        .stderr("");
    rubik()
        .args(["show", "--rgb"])
        .arg(&path)
        .env("NO_COLOR", "1")
        .assert()
        .success()
        .stdout(predicate::str::contains("D U R"));
    let out = rubik()
        .args(["show", "--format", "json", "--rgb"])
        .arg(&path)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["facelets"], facelets.as_str());
    assert_eq!(json["confidence"].as_array().unwrap().len(), 54);
    assert!(json["doubtful"].as_array().unwrap().is_empty());
}

#[test]
fn stdin_is_read_with_a_dash() {
    let (path, facelets) = real_scan("3x3x3-tracker-03");
    rubik()
        .args(["show", "--format", "facelets", "--rgb", "-"])
        .write_stdin(std::fs::read_to_string(path).unwrap())
        .assert()
        .success()
        .stdout(format!("{facelets}\n"));
}

#[test]
fn hard_scans_are_resolved_with_a_warning_naming_the_stickers() {
    // Red and orange nearly identical: resolved, but four stickers are worth a look.
    let (path, facelets) = real_scan("3x3x3-random-02-2017");
    rubik()
        .args(["show", "--format", "facelets", "--rgb"])
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{facelets}\n"))
        .stderr(predicate::str::starts_with(
            "rubik: warning: some colours were hard to read; check these stickers on the cube: ",
        ))
        .stderr(predicate::str::contains("R6 (read as L"))
        .stderr(predicate::str::contains("L4 (read as R"));
}

#[test]
fn solve_solves_the_scanned_cube() {
    let (path, facelets) = real_scan("3x3x3-tracker-09-old");
    let out = rubik_with_tables()
        .args(["solve", "--rgb"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let solution = String::from_utf8(out.stdout).unwrap();
    assert_solves(&facelets, solution.trim());
}

#[test]
fn a_scan_no_valid_cube_fits_is_refused_with_exit_2() {
    // The R face of a real scan read a quarter turn off.
    let (path, _) = real_scan("3x3x3-random-03");
    let text = std::fs::read_to_string(path).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rgb = value["rgb"].as_array().unwrap().clone();
    let mut rotated = rgb.clone();
    for r in 0..3 {
        for c in 0..3 {
            rotated[9 + r * 3 + c] = rgb[9 + (2 - c) * 3 + r].clone();
        }
    }
    let file = temp_file(&serde_json::Value::Array(rotated).to_string());
    rubik()
        .args(["solve", "--rgb"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no valid cube is within reach of these colours: ",
        ))
        .stderr(predicate::str::contains("looks like"));
    let out = rubik()
        .args(["solve", "--json", "--rgb"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["category"], "no_valid_cube");
}

#[test]
fn malformed_colour_files_are_bad_input() {
    let file = temp_file("[[1, 2, 3]]");
    rubik()
        .args(["show", "--rgb"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected 54 colours"));
    let file = temp_file("{\"rgb\": [[1, 2]]}");
    rubik()
        .args(["show", "--rgb"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("entry 0 is not three numbers"));
    rubik()
        .args(["show", "--rgb", "/nonexistent/scan.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/scan.json",
        ));
    rubik()
        .args(["solve", "--rgb", "x.json", "--facelets", SOLVED])
        .assert()
        .code(2);
}
