//! The terminal mode, driven through a pipe and through a pseudo-terminal.

mod common;

use common::*;

#[test]
fn through_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, "F R'\n").unwrap();
    let script = format!(
        "help\nR U\nundo\nbogus\nread /nonexistent/moves.txt\nread {}\nsee /nonexistent/net.txt\nfacelets\nreset\nfacelets\nquit\nR\n",
        moves.display()
    );
    let out = rubik().arg("repl").write_stdin(script).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let err = stderr(&out);
    // No prompt noise on a pipe.
    assert!(!text.contains("rubik>"), "{text}");
    assert!(text.contains("Commands:"));
    // Errors are reported and the session goes on.
    assert!(err.contains("bogus"), "{err}");
    assert!(err.contains("/nonexistent/moves.txt"), "{err}");
    assert!(err.contains("/nonexistent/net.txt"), "{err}");
    // After `R U`, `undo`, `read` (F R'): the state is F R'.
    let facelets: Vec<&str> = text
        .lines()
        .filter(|l| l.len() == 54 && l.chars().all(|c| "URFDLB".contains(c)))
        .collect();
    assert_eq!(facelets, [state("F R'").to_facelets(), SOLVED.to_string()]);
    // Nothing after quit ran: the last thing printed is the facelets of the reset cube.
    assert!(text.trim_end().ends_with(SOLVED), "{text}");
}

#[test]
fn solve_through_a_pipe_applies_the_solution() {
    let out = rubik_with_tables()
        .arg("repl")
        .write_stdin("scramble R U F\nsolve\nfacelets\nundo\nfacelets\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let facelets: Vec<&str> = text
        .lines()
        .filter(|l| l.len() == 54 && l.chars().all(|c| "URFDLB".contains(c)))
        .collect();
    assert_eq!(
        facelets,
        [SOLVED.to_string(), state("R U F").to_facelets()],
        "{text}"
    );
}

#[test]
fn isometric_view() {
    let out = rubik()
        .args(["repl", "--iso"])
        .env("NO_COLOR", "1")
        .write_stdin("U\n")
        .output()
        .unwrap();
    let text = stdout(&out);
    // After U the front row shows R's colour, and the top is still U.
    assert!(text.starts_with("      U U U\n"), "{text}");
    assert!(
        text.contains("R R R B B B") || text.contains("R R R"),
        "{text}"
    );
}

fn pty_repl(history: &std::path::Path, no_color: bool) -> rexpect::session::PtySession {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_rubik"));
    cmd.arg("repl")
        .env("RUBIK_TABLES", table_dir())
        .env("RUBIK_HISTORY", history)
        .env("TERM", "dumb");
    if no_color {
        cmd.env("NO_COLOR", "1");
    } else {
        cmd.env_remove("NO_COLOR");
    }
    rexpect::session::spawn_command(cmd, Some(60_000)).expect("spawn rubik repl")
}

#[test]
fn through_a_pseudo_terminal() {
    // Make sure the tables exist so `solve` answers quickly.
    drop(rubik_with_tables());
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    let mut p = pty_repl(&history, true);
    p.exp_string("rubik>").unwrap();
    p.send_line("scramble R U R' U'").unwrap();
    // NO_COLOR: letters even on a terminal.
    let net = p.exp_string("rubik>").unwrap();
    assert!(!net.contains("\x1b[48;5;"), "{net:?}");
    assert!(net.contains("U U"), "{net:?}");
    p.send_line("solve").unwrap();
    p.exp_string("moves").unwrap();
    p.exp_string("(solved)").unwrap();
    p.exp_string("rubik>").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("rubik>").unwrap();
    p.send_line("facelets").unwrap();
    p.exp_string(&state("R U R' U'").to_facelets()).unwrap();
    p.send_line("frobnicate").unwrap();
    p.exp_string("error").unwrap();
    p.send_line("see /nonexistent/net.txt").unwrap();
    p.exp_string("cannot read").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    // The history was saved.
    let saved = std::fs::read_to_string(&history).unwrap();
    assert!(saved.contains("scramble R U R' U'"), "{saved}");
}

#[test]
fn colours_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = pty_repl(&dir.path().join("history"), false);
    p.exp_string("rubik>").unwrap();
    p.send_line("R").unwrap();
    // WCA white (U) as an ANSI 256-colour background.
    p.exp_string("\x1b[48;5;").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn solving_after_rotations_and_slices() {
    let out = rubik_with_tables()
        .arg("repl")
        .write_stdin("x R U M y'\nsolve\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.trim_end().ends_with("(solved)"), "{text}");
}
