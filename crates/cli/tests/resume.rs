//! `rubik solve -c --json --output FILE --resume`: a batch killed mid-run loses nothing, and a
//! rerun finishes it with every line answered once, in input order.

mod common;

use common::*;
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// `count` random facelet strings, with a bad line every 500.
fn input(count: usize) -> Vec<String> {
    let mut rng = rng_from_seed(3);
    (0..count)
        .map(|i| {
            if i % 500 == 250 {
                "R U Q".to_string()
            } else {
                CubieCube::random(&mut rng).to_facelets()
            }
        })
        .collect()
}

fn check(out: &str, lines: &[String]) {
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), lines.len());
    for (line, record) in lines.iter().zip(&records) {
        assert_eq!(record["input"], line.as_str());
        if line == "R U Q" {
            assert_eq!(record["category"], "notation");
        } else {
            assert_solves(line, record["solution"].as_str().unwrap());
        }
    }
}

/// Runs a batch, kills it once `kill_after` bytes are written, then resumes it; both runs with
/// `jobs` threads.
fn killed_then_resumed(jobs: &str) {
    rubik_with_tables().arg("R").assert().success();
    let dir = tempfile::tempdir().unwrap();
    let lines = input(6000);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let in_path = dir.path().join("in.txt");
    std::fs::write(&in_path, &text).unwrap();
    let out_path = dir.path().join("out.jsonl");
    let args = ["solve", "-c", "--json", "--jobs", jobs, "--output"];

    let mut batch = std::process::Command::new(assert_cmd::cargo::cargo_bin("rubik"))
        .args(args)
        .arg(&out_path)
        .env("RUBIK_TABLES", table_dir())
        .stdin(std::fs::File::open(&in_path).unwrap())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::metadata(&out_path).map_or(0, |m| m.len()) < 50_000 {
        assert!(started.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(5));
    }
    batch.kill().unwrap(); // SIGKILL: no chance to tidy up
    batch.wait().unwrap();
    let mut written = std::fs::read_to_string(&out_path).unwrap();
    // A kill inside a write can itself leave a torn last line (the kernel stops a write to a
    // regular file between pages when a fatal signal is pending); only the complete lines are
    // what the batch has answered.
    written.truncate(written.rfind('\n').map_or(0, |i| i + 1));
    let done = written.lines().count();
    assert!(done > 0 && done < lines.len(), "{done} lines done");
    // What a crash inside a write would leave: a torn last line.
    std::fs::OpenOptions::new()
        .append(true)
        .open(&out_path)
        .unwrap()
        .write_all(b"{\"input\":\"UUU")
        .unwrap();

    let rerun = rubik()
        .args(args)
        .arg(&out_path)
        .arg("--resume")
        .write_stdin(text)
        .output()
        .unwrap();
    // Exit 2: the bad lines (some answered before the kill) are still reported.
    assert_eq!(rerun.status.code(), Some(2), "{}", stderr(&rerun));
    assert!(
        stdout(&rerun).is_empty(),
        "answers go to the file, not stdout"
    );
    let out = std::fs::read_to_string(&out_path).unwrap();
    assert!(
        out.starts_with(&written),
        "the lines written before are kept as they were"
    );
    check(&out, &lines);
}

#[test]
fn a_killed_batch_resumes_without_loss() {
    killed_then_resumed("1");
}

#[test]
fn a_killed_parallel_batch_resumes_without_loss() {
    killed_then_resumed("2");
}

#[test]
fn resuming_with_other_input_is_refused() {
    rubik_with_tables().arg("R").assert().success();
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out.jsonl");
    rubik()
        .args(["solve", "-c", "--json", "--output"])
        .arg(&out_path)
        .write_stdin("R U\nF\n")
        .assert()
        .success();
    let refused = rubik()
        .args(["solve", "-c", "--json", "--resume", "--output"])
        .arg(&out_path)
        .write_stdin("R U\nB\nD\n")
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("does not answer this input: its line 2 is for \"F\""),
        "{}",
        stderr(&refused)
    );
    // Resuming a finished batch with the same input solves nothing more.
    rubik()
        .args(["solve", "-c", "--json", "--resume", "--output"])
        .arg(&out_path)
        .write_stdin("R U\nF\n")
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap().lines().count(),
        2
    );
}

#[test]
fn resume_needs_json_and_output() {
    rubik()
        .args(["solve", "-c", "--resume", "--output", "x.txt"])
        .assert()
        .code(2);
    rubik().args(["solve", "-c", "--resume"]).assert().code(2);
}
