//! Continuous mode: one answer per input line in input order, bad lines reported in place,
//! `QUIT` stops, `--jobs` keeps the order.

mod common;

use common::*;

#[test]
fn a_bad_line_in_the_middle_does_not_stop_the_stream() {
    let input = "R U\nR U X\nF2 L'\nQUIT\nB\n";
    let out = rubik_with_tables()
        .args(["solve", "-c"])
        .write_stdin(input)
        .output()
        .unwrap();
    // A bad line makes the exit code 2, after the whole stream was answered.
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_solves("R U", lines[0]);
    assert!(
        lines[1].starts_with("error:") && lines[1].contains('X'),
        "{}",
        lines[1]
    );
    assert_solves("F2 L'", lines[2]);
}

#[test]
fn json_lines_with_errors_and_times() {
    let bad_cube = stickers(&[(8, 'F'), (9, 'U'), (20, 'R')]);
    let input = format!("D B2\n{bad_cube}\n\nL\n");
    let out = rubik_with_tables()
        .args(["solve", "--continuous", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = stdout(&out);
    let values: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), 4, "{text}");
    assert_eq!(values[0]["input"], "D B2");
    assert_solves("D B2", values[0]["solution"].as_str().unwrap());
    assert!(values[0]["millis"].as_f64().is_some());
    assert_eq!(values[0]["method"], "twophase");
    assert_eq!(values[1]["input"], bad_cube.as_str());
    assert_eq!(values[1]["category"], "twisted_corner");
    assert!(values[1]["error"].as_str().unwrap().contains("URF"));
    // An empty line is the solved cube.
    assert_eq!(values[2]["solution"], "");
    assert_eq!(values[2]["length"], 0);
    assert_solves("L", values[3]["solution"].as_str().unwrap());
}

#[test]
fn jobs_keep_input_order() {
    let out = rubik()
        .args(["scramble", "--facelets", "-n", "12", "--seed", "5"])
        .output()
        .unwrap();
    let input = stdout(&out);
    let mut with_bad = input.lines().map(str::to_string).collect::<Vec<_>>();
    with_bad.insert(4, "not a cube".to_string());
    let out = rubik_with_tables()
        .args(["solve", "-c", "--jobs", "3", "--json"])
        .write_stdin(with_bad.join("\n") + "\n")
        .output()
        .unwrap();
    let text = stdout(&out);
    let values: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), with_bad.len(), "{text}");
    for (value, line) in values.iter().zip(&with_bad) {
        assert_eq!(value["input"], line.as_str());
        if line == "not a cube" {
            assert!(value["error"].is_string());
        } else {
            assert_solves(line, value["solution"].as_str().unwrap());
        }
    }
}

#[test]
fn piped_input_without_flag_is_continuous() {
    let out = rubik_with_tables()
        .arg("solve")
        .write_stdin("U2 R\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1);
    assert_solves("U2 R", text.trim());
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_in_its_place() {
    for jobs in ["1", "2"] {
        let out = rubik_with_tables()
            .args(["solve", "-c", "--jobs", jobs])
            .write_stdin(&b"R U\n\xff\xfe\nF2\nD\n"[..])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_solves("R U", lines[0]);
        assert_eq!(lines[1], "error: the line is not UTF-8 text: \\xff\\xfe");
        assert_solves("F2", lines[2]);
        assert_solves("D", lines[3]);
    }
}

#[test]
fn an_over_long_line_is_refused_and_the_stream_goes_on() {
    // 1.2 MB of moves on one line: more than the 64 KiB read per line.
    let long = "R ".repeat(600_000);
    let out = rubik_with_tables()
        .args(["solve", "-c", "--json"])
        .write_stdin(format!("U\n{long}\nF\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let values: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), 3);
    assert_solves("U", values[0]["solution"].as_str().unwrap());
    assert_eq!(values[1]["category"], "line_too_long");
    assert_eq!(
        values[1]["error"],
        "the line has 1200000 bytes, more than the 65536 read per line"
    );
    assert_solves("F", values[2]["solution"].as_str().unwrap());
}

#[test]
fn echoed_input_has_its_control_characters_escaped() {
    let out = rubik_with_tables()
        .args(["solve", "-c"])
        .write_stdin("R \x1b]0;X\x07\nU\n")
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        !text.bytes().any(|b| b == 0x1b || b == 0x07),
        "raw control characters in {text:?}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("error: bad notation:"), "{}", lines[0]);
    assert!(lines[0].contains("\\u{1b}"), "{}", lines[0]);
    assert_solves("U", lines[1]);
}

#[test]
fn a_facelet_string_one_letter_short_is_an_error_not_53_moves() {
    let typo = &SUPERFLIP[..53];
    let out = rubik_with_tables()
        .args(["solve", "-c"])
        .write_stdin(format!("{typo}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out).trim(),
        "error: invalid cube: a facelet string has 54 letters, this one has 53"
    );
}

#[test]
fn optimal_batches_solve_several_lines_at_once_and_keep_their_order() {
    // No --jobs: the optimal method takes one line per CPU thread, its solves sharing the
    // threads. Short scrambles, so the small table answers at once; each answer must be optimal
    // (no longer than its scramble, and the lengths below are the known optima).
    let input = "R U\nF2 L' D\nU\nB2 R' F D2\n";
    let out = rubik_with_tables()
        .args([
            "solve", "-c", "--method", "optimal", "--table", "small", "--json",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let values: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), 4, "{text}");
    for (value, (line, optimum)) in values.iter().zip(input.lines().zip([2, 3, 1, 4])) {
        assert_eq!(value["input"], line);
        assert_solves(line, value["solution"].as_str().unwrap());
        assert_eq!(value["length"], optimum, "{line}");
    }
}
