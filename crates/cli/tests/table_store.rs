//! The table store through the real binary and real files: an unwritable table directory, a
//! table file cut short under a running process, and a builder killed while writing.

mod common;

use common::*;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A private copy of the shared test tables (built first if needed), without the files named
/// in `except`, so that a test may damage or rebuild them without disturbing other tests.
fn private_tables(except: &[&str]) -> tempfile::TempDir {
    rubik_with_tables();
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(table_dir()).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let stem = name.trim_end_matches(".tbl");
        if name.ends_with(".tbl") && !except.contains(&stem) {
            std::fs::copy(entry.path(), dir.path().join(&name)).unwrap();
        }
    }
    dir
}

fn rubik_in(dir: &Path) -> assert_cmd::Command {
    let mut cmd = rubik();
    cmd.env("RUBIK_TABLES", dir);
    cmd
}

/// The temporary table files in `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".tmp"))
        .collect()
}

/// Cuts the largest two-phase tables (the ones mapped from their files) down to 64 bytes.
fn cut_short(dir: &Path) {
    for name in ["prune-twophase1", "descent-twophase1", "prune-twophase2"] {
        let file = File::options()
            .write(true)
            .open(dir.join(format!("{name}.tbl")))
            .unwrap();
        file.set_len(64).unwrap();
    }
}

#[test]
fn an_unwritable_table_directory_is_said_once_and_exits_3() {
    for args in [&["solve", "R U"][..], &["tables", "build"][..]] {
        let started = Instant::now();
        let out = rubik()
            .env("RUBIK_TABLES", "/proc/x")
            .args(args)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert_eq!(err.matches("/proc/x").count(), 1, "{args:?}: {err}");
        assert!(err.contains("cannot write tables to /proc/x: "), "{err}");
        assert!(err.contains("(os error "), "the OS error is named: {err}");
        assert!(err.contains("RUBIK_TABLES"), "{err}");
        // It stops before building anything (a build takes tens of seconds).
        assert!(started.elapsed() < Duration::from_secs(10), "{args:?}");
    }
}

#[test]
fn tables_info_and_build_speak_in_words() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("move-twist.tbl"), b"short").unwrap();
    let out = rubik_in(dir.path())
        .args(["tables", "info", "--compact"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("unusable: the wrong size (5 bytes where 78796 were expected)"),
        "{text}"
    );
    assert!(text.contains("missing"), "{text}");
    for debug in ["Missing)", "Corrupt(", "WrongSize", "Unsound("] {
        assert!(!text.contains(debug), "a Rust value in {text}");
    }
    let out = rubik_in(dir.path())
        .args(["tables", "build", "--compact"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines()
            .skip(1)
            .all(|l| l.trim_end().ends_with(" ok") || l.contains("total")),
        "{text}"
    );
}

#[test]
fn a_table_cut_short_under_a_running_solve_is_reported_not_a_silent_crash() {
    let dir = private_tables(&[]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_rubik"))
        .args(["solve", "-c"])
        .env("RUBIK_TABLES", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "R U").unwrap();
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line.trim(), "U' R'");
    cut_short(dir.path());
    writeln!(stdin, "F2 D R' B L2 U F' R2 D' B2 L U'").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(3), "{err}");
    assert!(err.contains("was cut short by another program"), "{err}");
    assert!(err.contains(&dir.path().display().to_string()), "{err}");
}

/// A raw HTTP/1.1 JSON POST; returns the status line and the body.
fn post(addr: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.lines().next().unwrap_or_default().to_string();
    let body = response
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

fn serve(dir: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rubik"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("RUBIK_TABLES", dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    (child, addr.to_string())
}

#[test]
fn a_server_keeps_answering_after_its_table_files_are_cut_short() {
    let dir = private_tables(&[]);
    let (mut child, addr) = serve(dir.path());
    let result = std::panic::catch_unwind(|| {
        let (status, body) = post(&addr, "/api/solve", r#"{"scramble": "R U"}"#);
        assert!(status.contains(" 200 "), "{status} {body}");
        cut_short(dir.path());
        let scramble = "F2 D R' B L2 U F' R2 D' B2 L U'";
        let (status, body) = post(
            &addr,
            "/api/solve",
            &format!(r#"{{"scramble": "{scramble}"}}"#),
        );
        assert!(status.contains(" 200 "), "{status} {body}");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let solution = v["solution"].as_str().unwrap();
        let cube = state(scramble).apply_moves(&moves(solution));
        assert!(cube.is_solved(), "{solution} does not solve {scramble}");
    });
    let _ = child.kill();
    let _ = child.wait();
    result.unwrap();
}

#[test]
fn a_temporary_file_left_by_a_killed_builder_is_removed() {
    // Everything but the descent codes (and the table built from them) is there: `tables
    // build` builds those, then writes 400 MB to a temporary file.
    let dir = private_tables(&["descent-twophase1", "descent-near-twophase1"]);
    let mut builder = Command::new(env!("CARGO_BIN_EXE_rubik"))
        .args(["tables", "build"])
        .env("RUBIK_TABLES", dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(600);
    let left = loop {
        let found = temporaries(dir.path());
        if found
            .iter()
            .any(|p| std::fs::metadata(p).is_ok_and(|m| m.len() > 0))
        {
            builder.kill().unwrap(); // SIGKILL: no chance to clean up
            break found;
        }
        assert!(Instant::now() < deadline, "no temporary file appeared");
        assert!(
            builder.try_wait().unwrap().is_none(),
            "the build ended first"
        );
        std::thread::sleep(Duration::from_millis(2));
    };
    builder.wait().unwrap();
    assert!(left.iter().all(|p| p.exists()), "kill -9 leaves {left:?}");
    // The next process using the directory removes it.
    rubik_in(dir.path())
        .args(["tables", "info"])
        .assert()
        .success();
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn a_temporary_file_of_a_live_builder_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = dir.path().join(".move-twist.Ab12Cd.tmp");
    std::fs::write(&tmp, vec![7u8; 4096]).unwrap();
    // This test plays the live builder: it holds the table's build lock.
    std::fs::create_dir_all(dir.path().join(".locks")).unwrap();
    let lock = File::create(dir.path().join(".locks").join("move-twist")).unwrap();
    lock.lock().unwrap();
    rubik_in(dir.path())
        .args(["tables", "info", "--compact"])
        .assert()
        .success();
    assert!(tmp.exists(), "a live builder's file was removed");
    lock.unlock().unwrap();
    rubik_in(dir.path())
        .args(["tables", "info", "--compact"])
        .assert()
        .success();
    assert!(!tmp.exists(), "a dead builder's file was kept");
}

/// `rubik tables --metric` lists the tables of that robot mode (with `--faces`, of that face
/// set): five faces in quarter turns read their own phase-1 table and, once built, their own
/// phase-2 table; the plain mode lists neither. `info` reads the directory only (an empty one
/// here: nothing is built).
#[test]
fn tables_info_lists_a_robot_modes_own_tables() {
    let dir = tempfile::tempdir().unwrap();
    let info = |extra: &[&str]| {
        let out = rubik_in(dir.path())
            .args(["tables", "info"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{extra:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let robot = info(&["--faces", "URFDL", "--metric", "qtm"]);
    for table in [
        "prune-twophase1-five-qtm",
        "prune-twophase2-five-qtm",
        "prune-twophase1",
    ] {
        assert!(robot.contains(table), "{table} missing from:\n{robot}");
    }
    let plain = info(&[]);
    assert!(plain.contains("prune-twophase1 "), "{plain}");
    assert!(!plain.contains("five"), "{plain}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "info built something"
    );
}
