//! Helpers shared by the CLI tests: the `rubik` command with a shared table directory, and
//! checking printed solutions by applying them.
#![allow(dead_code)] // each test binary uses a different subset

use assert_cmd::Command;
use rubik_cube::{Alg, CubieCube};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The solved cube's facelet string.
pub const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// Superflip, from the shared reference positions.
pub const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

/// The table directory of the tests: one per build, shared by every test binary so tables are
/// built once.
pub fn table_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rubik-tables")
}

/// `rubik` with tables in the test directory, no colour forced either way, and no
/// inherited `NO_COLOR`.
pub fn rubik() -> Command {
    let mut cmd = Command::cargo_bin("rubik").expect("the rubik binary is built");
    cmd.env("RUBIK_TABLES", table_dir()).env_remove("NO_COLOR");
    cmd
}

/// `rubik` after the two-phase tables exist (built once per test binary, so that parallel
/// tests don't all build them).
pub fn rubik_with_tables() -> Command {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let out = rubik()
            .args(["tables", "build"])
            .output()
            .expect("rubik runs");
        assert!(
            out.status.success(),
            "building tables failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    });
    rubik()
}

/// The state (as solvers see it) a facelet string or move sequence describes.
pub fn state(input: &str) -> CubieCube {
    rubik_cube::input::parse_cube(input)
        .unwrap_or_else(|e| panic!("{input:?} is no cube: {e}"))
        .to_cubie()
}

/// The outer face turns of a printed solution (which must contain nothing else).
pub fn moves(text: &str) -> Vec<rubik_cube::Move> {
    Alg::parse(text)
        .unwrap_or_else(|e| panic!("{text:?} is not notation: {e}"))
        .face_turns()
        .unwrap_or_else(|| panic!("{text:?} is not only outer face turns"))
}

/// Asserts that `solution` (as printed) solves the cube `input` describes.
pub fn assert_solves(input: &str, solution: &str) {
    let after = state(input).apply_moves(&moves(solution));
    assert!(
        after.is_solved(),
        "{solution:?} does not solve {input:?}: leaves {}",
        after.to_facelets()
    );
}

/// `SOLVED` with the given stickers replaced.
pub fn stickers(changes: &[(usize, char)]) -> String {
    let mut s: Vec<char> = SOLVED.chars().collect();
    for &(i, c) in changes {
        s[i] = c;
    }
    s.into_iter().collect()
}

/// Stdout of a finished command as text.
pub fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// Stderr of a finished command as text.
pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// `rubik serve` on a free loopback port with the tests' tables, and the `host:port` it
/// printed once listening. The caller kills the child when done.
pub fn serve() -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rubik"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("RUBIK_TABLES", table_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("rubik serve starts");
    let mut line = String::new();
    let read = BufReader::new(child.stdout.take().expect("piped stdout")).read_line(&mut line);
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .map(|url| {
            url.trim_start_matches("http://")
                .trim_end_matches('/')
                .to_string()
        });
    match (read, url) {
        (Ok(_), Some(addr)) => (child, addr),
        _ => {
            let _ = child.kill();
            panic!("rubik serve printed no URL: {line:?}");
        }
    }
}
