//! Inputs of the kind a fuzzer throws: every reader returns an error (or a value), never
//! panics, and stays fast. (The cargo-fuzz targets in `fuzz/` explore this space further.)

use rubik_cube::{input::parse_cube, parse_net, Alg, Cube, CubieCube};

fn hostile() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        "(",
        ")",
        "[",
        "]",
        ",",
        ":",
        "[,",
        "[:]",
        "[R,",
        "(R]",
        "[R)",
        "2",
        "2w",
        "w2",
        "'",
        "R'''",
        "R2''",
        "R99999999999999999999999",
        "(R)99999999999999999999999",
        "//",
        "/",
        "é",
        "\u{0}",
        "\u{feff}R",
        "R\u{2019}\u{2032}",
        "Ｒ",
        "#",
        "UUUUUUUUU",
        "\n\n\n",
        "x y z M E S r u f d l b Rw 2Rw",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("(".repeat(100_000));
    v.push("[".repeat(100_000));
    v.push("[R, ".repeat(200) + &"]".repeat(200));
    v.push("((((((R)999)999)999)999)999)999".into());
    v.push("[[[[[[R, U]x, U]x, U]x, U]x, U], U]".into());
    v.push("R ".repeat(600_000));
    v.push("U".repeat(54));
    v.push("B".repeat(54));
    v.push("UUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBB\u{e9}".into());
    v.push("W W W\n".repeat(3) + &"O O O G G G R R R B B B\n".repeat(3) + &"Y Y Y\n".repeat(4));
    v.push("abc\n".repeat(3) + &"abcdefghijkl\n".repeat(3) + &"abc\n".repeat(3));
    v
}

#[test]
fn readers_never_panic() {
    for text in hostile() {
        let _ = Alg::parse(&text);
        let _ = Cube::from_facelets(&text);
        let _ = CubieCube::from_facelets(&text);
        let _ = parse_cube(&text);
        let _ = parse_net(&text);
    }
}

#[test]
fn huge_expansions_are_refused_before_they_are_built() {
    let e = Alg::parse("((((((R)999)999)999)999)999)999").unwrap_err();
    assert_eq!(e.kind, rubik_cube::alg::ParseErrorKind::TooLong);
    let e = Alg::parse(&"R ".repeat(1_000_001)).unwrap_err();
    assert_eq!(e.kind, rubik_cube::alg::ParseErrorKind::TooLong);
}
