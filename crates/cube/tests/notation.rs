//! A table of accepted and rejected notation: what each accepted text prints as, and for each
//! rejected text the token, column and kind of error.

use rubik_cube::alg::{Alg, ParseErrorKind as K};

#[test]
fn accepted_notation_and_its_canonical_form() {
    let table = [
        ("", ""),
        ("   ", ""),
        ("R U R' U'", "R U R' U'"),
        ("R2'", "R2"),
        ("R3", "R'"),
        ("R3'", "R"),
        ("R1", "R"),
        ("R’ U′ F` D´", "R' U' F' D'"),
        ("Rw 2Rw r", "Rw Rw Rw"),
        ("u' d2 f l b", "Uw' Dw2 Fw Lw Bw"),
        ("M E S M' E2 S2'", "M E S M' E2 S2"),
        ("x y' z2", "x y' z2"),
        ("(R U R' U')3", "(R U R' U')3"),
        ("((R U)2 F)2'", "((R U)2 F)2'"),
        ("(R)1", "(R)"),
        ("(R U)'", "(R U)'"),
        ("RUR'U'", "R U R' U'"),
        ("R U // a comment ( Q\nF", "R U F"),
        ("// only a comment", ""),
        ("R\tU\r\nF", "R U F"),
        ("(R)1000000", "(R)1000000"),
        ("[R, U]", "[R, U]"),
        ("[R U: [F, M2]] y", "[R U: [F, M2]] y"),
        ("[R U:F]", "[R U: F]"),
    ];
    for (text, printed) in table {
        let alg = Alg::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(alg.to_string(), printed, "{text:?}");
        assert_eq!(Alg::parse(printed).unwrap(), alg, "{text:?} reprinted");
    }
}

#[test]
fn rejected_notation_names_token_and_column() {
    let table: [(&str, &str, usize, usize, K); 26] = [
        ("[R U]", "[", 1, 1, K::UnclosedBracket),
        ("[R, U", "[", 1, 1, K::UnclosedBracket),
        ("R, U", ",", 1, 2, K::MisplacedSeparator),
        ("R U]", "]", 1, 4, K::MisplacedSeparator),
        ("Q", "Q", 1, 1, K::UnknownMove),
        ("R U Q", "Q", 1, 5, K::UnknownMove),
        ("R4", "R4", 1, 1, K::BadAmount),
        ("R U22", "U22", 1, 3, K::BadAmount),
        ("R0", "R0", 1, 1, K::BadAmount),
        ("R''", "R''", 1, 1, K::BadAmount),
        ("R2'2", "R2'2", 1, 1, K::BadAmount),
        ("2R", "2R", 1, 1, K::BadPrefix),
        ("3Rw", "3Rw", 1, 1, K::BadPrefix),
        ("R 2", "2", 1, 3, K::BadPrefix),
        ("w", "w", 1, 1, K::MisplacedWide),
        ("Mw", "w", 1, 2, K::MisplacedWide),
        ("R'w", "w", 1, 3, K::MisplacedWide),
        ("(R U", "(", 1, 1, K::UnclosedGroup),
        ("R U)", ")", 1, 4, K::UnmatchedClose),
        ("()", "()", 1, 1, K::EmptyGroup),
        ("(R)0", "0", 1, 4, K::BadRepeat),
        ("(R)1000001", "1000001", 1, 4, K::BadRepeat),
        ("R / U", "/", 1, 3, K::BadComment),
        ("R U\nF Q", "Q", 2, 3, K::UnknownMove),
        ("R’ Ü", "Ü", 1, 4, K::UnknownMove),
        ("((R)1000)1001", "((R)1000)1001", 1, 1, K::TooLong),
    ];
    for (text, token, line, column, kind) in table {
        let e = Alg::parse(text).expect_err(text);
        assert_eq!(
            (e.token.as_str(), e.line, e.column, e.kind),
            (token, line, column, kind),
            "{text:?}"
        );
        let message = e.to_string();
        assert!(message.contains(&format!("column {column}")), "{message}");
        assert!(message.contains(token), "{message}");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let text = "(".repeat(10_000) + "R" + &")".repeat(10_000);
    let e = Alg::parse(&text).unwrap_err();
    assert_eq!(e.kind, K::TooDeep);
    assert_eq!(e.column, 65);
}

#[test]
fn simplify_merges_cancels_and_commutes_opposite_faces() {
    let table = [
        ("R R", "R2"),
        ("R R'", ""),
        ("R L R", "R2 L"),
        ("R L R'", "L"),
        ("R U U' R'", ""),
        ("R2 R2 F", "F"),
        ("U D U D", "U2 D2"),
        ("(R U)2 (U' R')2", ""),
        ("M M M", "M'"),
        ("x x'", ""),
        ("R M' L' R'", "M' L'"),
        ("F B' F' B", ""),
        ("R U2 R'", "R U2 R'"),
        ("[R, U]", "R U R' U'"),
        ("[R: U]", "R U R'"),
    ];
    for (text, simplified) in table {
        assert_eq!(
            Alg::parse(text).unwrap().simplify().to_string(),
            simplified,
            "{text}"
        );
    }
}

#[test]
fn metrics() {
    let table = [
        ("R U2 F'", 3, 4, 3),
        ("M", 2, 2, 1),
        ("M2", 2, 4, 1),
        ("Rw2 x y", 1, 2, 1),
        ("(R U)3", 6, 6, 6),
        ("(R M2)2'", 6, 10, 4),
        ("", 0, 0, 0),
        ("[R, U2]", 4, 6, 4),
        ("[M: U]", 5, 5, 3),
    ];
    for (text, htm, qtm, stm) in table {
        let a = Alg::parse(text).unwrap();
        assert_eq!((a.htm(), a.qtm(), a.stm()), (htm, qtm, stm), "{text}");
    }
}

#[test]
fn face_turns_and_outer_moves() {
    let a = Alg::parse("(R U)2 F'").unwrap();
    assert_eq!(
        rubik_cube::moves::format_moves(&a.face_turns().unwrap()),
        "R U R U F'"
    );
    assert!(Alg::parse("R M").unwrap().face_turns().is_none());
    let b = Alg::parse("r U r' U'").unwrap();
    assert_eq!(
        rubik_cube::moves::format_moves(&b.to_outer_moves()),
        "L F L' U'"
    );
    assert!(b.net_rotation().is_empty());
    assert_eq!(b.moves(), b.to_outer_moves().as_slice());
    assert_eq!(a.moves(), a.face_turns().unwrap().as_slice());
}

/// The shared notation cases (also read by the browser test against the page's parser).
#[test]
fn shared_notation_cases() {
    let text = include_str!("data/notation_cases.json");
    let cases: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
    let accepted = cases["accepted"].as_array().expect("accepted cases");
    assert!(accepted.len() >= 20);
    for case in accepted {
        let input = case.as_str().expect("a string");
        if let Err(e) = Alg::parse(input) {
            panic!("{input:?} should be accepted: {e}");
        }
    }
    let rejected = cases["rejected"].as_array().expect("rejected cases");
    assert!(rejected.len() >= 15);
    for case in rejected {
        let input = case["input"].as_str().expect("an input");
        let column = case["column"].as_u64().expect("a column") as usize;
        match Alg::parse(input) {
            Ok(_) => panic!("{input:?} should be rejected"),
            Err(e) => assert_eq!(e.column, column, "{input:?}: {e}"),
        }
    }
}
