//! `rubik bench` and `rubik tables`, on a handful of cubes.

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn bench_reports_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("bench.svg");
    let out = rubik_with_tables()
        .args(["bench", "--count", "5", "--seed", "3", "--plot"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for word in ["mean", "median", "p99", "peak memory", "lengths"] {
        assert!(text.contains(word), "{word} missing in {text}");
    }
    let plot = std::fs::read_to_string(&svg).unwrap();
    assert!(plot.starts_with("<svg") && plot.trim_end().ends_with("</svg>"));
    assert!(plot.contains("Solution length"));
}

#[test]
fn bench_json() {
    let out = rubik_with_tables()
        .args(["bench", "--count", "4", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["count"], 4);
    assert_eq!(v["solved"], 4);
    let hist: usize = v["length_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as usize)
        .sum();
    assert_eq!(hist, 4);
    assert!(v["max_length"].as_u64().unwrap() <= 20);
}

#[test]
fn bench_on_states_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("states.txt");
    let scrambled = rubik_cube::Cube::solved()
        .apply(&rubik_cube::Alg::parse("F R U' L2 D B'").unwrap())
        .to_facelets();
    std::fs::write(
        &list,
        format!("// a peer's list\nR U R' U'\n\n{scrambled}\nD2 B\n"),
    )
    .unwrap();
    let out = rubik_with_tables()
        .args(["bench", "--json", "--count", "2", "--file"])
        .arg(&list)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["count"], 2, "the first two states only: {v}");
    assert_eq!(v["solved"], 2);
    assert_eq!(v["seed"], serde_json::Value::Null);
    assert!(v["file"].as_str().unwrap().ends_with("states.txt"));
    assert!(v["max_length"].as_u64().unwrap() <= 6);
    // A line that is not a cube is bad input, named by file and line.
    std::fs::write(&list, "R U\nR U X\n").unwrap();
    rubik_with_tables()
        .args(["bench", "--file"])
        .arg(&list)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("states.txt:2"));
}

#[test]
fn tables_build_then_info_and_verify() {
    rubik_with_tables()
        .args(["tables", "info"])
        .assert()
        .success()
        .stdout(predicate::str::is_empty().not());
    rubik_with_tables()
        .args(["tables", "verify"])
        .assert()
        .success();
}

#[test]
fn unknown_tables_action_exits_2() {
    rubik().args(["tables", "shred"]).assert().code(2);
}

#[test]
fn bench_with_several_jobs() {
    let out = rubik_with_tables()
        .args([
            "bench", "--count", "4", "--seed", "9", "--jobs", "2", "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["solved"], 4);
    assert_eq!(v["method"], "twophase");
}

#[test]
fn a_damaged_table_is_reported_then_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let tables = |action: &str| {
        rubik()
            .env("RUBIK_TABLES", dir.path())
            .args(["tables", action, "--method", "thistlethwaite"])
            .output()
            .unwrap()
    };
    let out = tables("build");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(tables("verify").status.success());
    // Flip bytes in the middle of the largest file.
    let largest = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .max_by_key(|p| std::fs::metadata(p).unwrap().len())
        .unwrap();
    let mut bytes = std::fs::read(&largest).unwrap();
    let middle = bytes.len() / 2;
    for b in &mut bytes[middle..middle + 16] {
        *b ^= 0xA5;
    }
    std::fs::write(&largest, bytes).unwrap();
    let out = tables("verify");
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    assert!(stdout(&out).contains("damaged"), "{}", stdout(&out));
    assert!(tables("build").status.success());
    let out = tables("verify");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(!stdout(&out).contains("damaged"));
}
