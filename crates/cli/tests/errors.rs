//! Error messages of the real binary: each fault said once, in words, with its exit code.

mod common;

use common::*;

/// Asserts that `detail` occurs exactly once in `text`.
fn once(text: &str, detail: &str) {
    assert_eq!(
        text.matches(detail).count(),
        1,
        "{detail:?} should appear once in {text:?}"
    );
}

#[test]
fn bad_notation_is_said_once() {
    let out = rubik().args(["solve", "R U X"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    once(&err, "at column 5");
    assert!(err.starts_with("rubik: bad notation:"), "{err}");
}

#[test]
fn a_bad_facelet_string_is_said_once() {
    let out = rubik()
        .args(["solve", "--facelets", &SUPERFLIP[..53]])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    once(&err, "this one has 53");
}

#[test]
fn a_53_letter_positional_argument_is_an_error_naming_its_length() {
    let out = rubik().args(["solve", &SUPERFLIP[..53]]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stdout(&out).is_empty());
    assert_eq!(
        stderr(&out).trim(),
        "rubik: invalid cube: a facelet string has 54 letters, this one has 53"
    );
}

#[test]
fn a_bad_net_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube.txt");
    std::fs::write(&path, "W W W\nW W W\n").unwrap();
    let out = rubik()
        .args(["solve", "--net", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    once(&err, "found 2");
}

#[test]
fn mirrored_centres_are_named_as_such() {
    // The solved cube with the R and L centre letters exchanged.
    let mut s: Vec<char> = SOLVED.chars().collect();
    s.swap(13, 40);
    let facelets: String = s.into_iter().collect();
    let out = rubik()
        .args(["solve", "--facelets", &facelets])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("arranged as on no real cube"), "{err}");
    assert!(!err.contains("corner"), "{err}");
}

#[test]
fn an_address_in_use_is_said_once_and_exits_3() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = rubik()
        .args(["serve", "--addr", &addr])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    once(&err, &format!("cannot listen on {addr}"));
    // The system's reason, once (Linux: "Address already in use").
    once(&err, "in use");
}
