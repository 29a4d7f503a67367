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
