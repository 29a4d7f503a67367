//! Every validation category, each fed a real bad cube: a facelet string (or net) made by
//! changing a real scrambled state, checked for the precise fault.

use rubik_cube::net::{parse_net, render_net_text};
use rubik_cube::random::rng_from_seed;
use rubik_cube::{Alg, Corner, Cube, CubeError, CubieCube, Edge};

/// A scrambled real state.
fn scrambled() -> CubieCube {
    CubieCube::random(&mut rng_from_seed(99))
}

/// A real state whose corners are all unflipped and untwisted (half turns of the side faces
/// and any U/D turns keep orientations), so a single twist or flip is identifiable.
fn oriented_scramble() -> CubieCube {
    let alg = Alg::parse("U R2 D' F2 L2 U2 B2 D R2").unwrap();
    let c = CubieCube::from_moves(&alg.face_turns().unwrap());
    assert_eq!(c.co, [0; 8]);
    assert_eq!(c.eo, [0; 12]);
    c
}

/// Facelets of a cubie state that may be invalid (duplicates, twists): pieces painted as
/// given, centres fixed.
fn paint(c: &CubieCube) -> String {
    c.to_facelets()
}

fn swap_stickers(s: &str, a: usize, b: usize) -> String {
    let mut v: Vec<char> = s.chars().collect();
    v.swap(a, b);
    v.into_iter().collect()
}

fn read(s: &str) -> CubeError {
    let a = CubieCube::from_facelets(s).expect_err("should be rejected");
    let b = Cube::from_facelets(s).expect_err("should be rejected");
    assert_eq!(a, b, "CubieCube and Cube agree on the fault");
    a
}

#[test]
fn wrong_length() {
    let s = paint(&scrambled());
    assert_eq!(read(&s[..53]), CubeError::WrongLength { found: 53 });
    assert_eq!(read(&format!("{s}U")), CubeError::WrongLength { found: 55 });
}

#[test]
fn bad_character() {
    let mut s: Vec<char> = paint(&scrambled()).chars().collect();
    s[17] = 'X';
    let e = read(&s.into_iter().collect::<String>());
    assert_eq!(e, CubeError::BadCharacter { ch: 'X', index: 17 });
    assert_eq!(e.category(), "bad_character");
}

#[test]
fn centres_not_distinct() {
    let mut s: Vec<char> = paint(&scrambled()).chars().collect();
    s[13] = 'U'; // R centre painted white
    let e = read(&s.into_iter().collect::<String>());
    assert_eq!(e, CubeError::CentresNotDistinct { colour: 'U' });
}

#[test]
fn mirrored_centres() {
    // A real cube with every R and L letter exchanged: consistent stickers, but the centres
    // are the mirror image of any real cube's.
    let s: String = paint(&scrambled())
        .chars()
        .map(|c| match c {
            'R' => 'L',
            'L' => 'R',
            c => c,
        })
        .collect();
    let e = Cube::from_facelets(&s).unwrap_err();
    // The centres are the fault, not the pieces read against them.
    assert!(matches!(e, CubeError::MirroredCentres { .. }), "{e:?}");
    assert!(e.to_string().contains("arranged as on no real cube"), "{e}");
    // Only the R and L centres exchanged (a typo in the centre letters).
    let mut centres_swapped: Vec<char> = paint(&CubieCube::SOLVED).chars().collect();
    centres_swapped.swap(13, 40);
    let swapped: String = centres_swapped.into_iter().collect();
    assert!(
        matches!(
            Cube::from_facelets(&swapped),
            Err(CubeError::MirroredCentres { .. })
        ),
        "{:?}",
        Cube::from_facelets(&swapped)
    );
    // On a solved cube the pieces are consistent, so only the centres are at fault.
    let solved_mirrored = "UUUUUUUUULLLLLLLLLFFFFFFFFFDDDDDDDDDRRRRRRRRRBBBBBBBBB";
    assert_eq!(
        Cube::from_facelets(solved_mirrored).unwrap_err(),
        CubeError::MirroredCentres {
            centres: "ULFDRB".into()
        }
    );
}

#[test]
fn colour_count() {
    let mut s: Vec<char> = paint(&scrambled()).chars().collect();
    let original = s[0];
    let replacement = if original == 'F' { 'B' } else { 'F' };
    s[0] = replacement;
    let e = read(&s.into_iter().collect::<String>());
    let expected_first = if "URFDLB".find(original) < "URFDLB".find(replacement) {
        CubeError::ColourCount {
            colour: original,
            count: 8,
        }
    } else {
        CubeError::ColourCount {
            colour: replacement,
            count: 10,
        }
    };
    assert_eq!(e, expected_first);
}

#[test]
fn colour_count_is_said_once_with_the_colour_by_name() {
    // One white sticker (U) painted red (R): white is the first colour short of 9.
    let mut s: Vec<char> = Cube::solved().to_facelets().chars().collect();
    s[0] = 'R';
    let text = read(&s.into_iter().collect::<String>()).to_string();
    assert_eq!(text.matches("9 times").count(), 1, "{text}");
    assert!(text.starts_with("white (U) appears 8 times"), "{text}");
    // A net's colour letters are named the same way.
    assert_eq!(rubik_cube::error::colour_name('Y'), "yellow (Y)");
    assert_eq!(rubik_cube::error::colour_name('P'), "the colour 'P'");
}

#[test]
fn impossible_corner() {
    // Swap the R sticker of the URF corner with the D sticker of the DF edge: counts stay 9
    // each, but the URF corner now has a U and a D sticker.
    let s = swap_stickers(&paint(&CubieCube::SOLVED), 9, 28);
    assert_eq!(
        read(&s),
        CubeError::ImpossibleCornerColours {
            position: Corner::URF,
            colours: "UDF".into()
        }
    );
    // The same on a scrambled cube: the corner at URF gets two stickers of one colour.
    let c = scrambled();
    let mut v: Vec<char> = paint(&c).chars().collect();
    let (a, b) = (8, 9); // two stickers of the corner at URF
    v[b] = v[a];
    // Keep counts right: give the lost colour to the sticker of another piece that had it.
    let lost = paint(&c).chars().nth(b).unwrap();
    let gained = v[a];
    let k = (0..54)
        .find(|&i| ![8, 9, 20, 4, 13, 22, 31, 40, 49].contains(&i) && v[i] == gained)
        .unwrap();
    v[k] = lost;
    let e = read(&v.into_iter().collect::<String>());
    assert_eq!(e.category(), "impossible_corner", "{e}");
    assert_eq!(e.piece().as_deref(), Some("URF"));
}

#[test]
fn impossible_edge() {
    // Swap the R sticker of UR with the D sticker of DR: UR becomes a U–D edge.
    let c = oriented_scramble();
    let s = paint(&c);
    let t = swap_stickers(&s, 10, 32);
    let e = read(&t);
    let corner_ok = !matches!(e, CubeError::ImpossibleCornerColours { .. });
    assert!(corner_ok);
    assert_eq!(e.category(), "impossible_edge");
    let CubeError::ImpossibleEdgeColours { position, colours } = e else {
        panic!("{e:?}")
    };
    // The first bad edge in UR UF … order is at UR or DR.
    assert!(matches!(position, Edge::UR | Edge::DR), "{position}");
    let chars: Vec<char> = colours.chars().collect();
    assert_eq!(chars.len(), 2);
}

/// Two pieces replaced by copies of others, chosen so the colour counts stay right.
#[test]
fn duplicate_corner() {
    let mut c = scrambled();
    let at = |c: &CubieCube, piece: Corner| c.cp.iter().position(|&p| p == piece as u8).unwrap();
    // UFL → another URF (one L sticker becomes R); DFR → another DLF (one R becomes L).
    let (p1, p2) = (at(&c, Corner::UFL), at(&c, Corner::DFR));
    c.cp[p1] = Corner::URF as u8;
    c.cp[p2] = Corner::DLF as u8;
    let e = read(&paint(&c));
    assert!(
        matches!(e, CubeError::DuplicateCorner(Corner::URF | Corner::DLF)),
        "{e:?}"
    );
    assert_eq!(e.category(), "duplicate_corner");
}

#[test]
fn duplicate_edge() {
    let mut c = scrambled();
    let at = |c: &CubieCube, piece: Edge| c.ep.iter().position(|&p| p == piece as u8).unwrap();
    // UL → another UR (L becomes R); DR → another DL (R becomes L).
    let (p1, p2) = (at(&c, Edge::UL), at(&c, Edge::DR));
    c.ep[p1] = Edge::UR as u8;
    c.ep[p2] = Edge::DL as u8;
    let e = read(&paint(&c));
    assert!(
        matches!(e, CubeError::DuplicateEdge(Edge::UR | Edge::DL)),
        "{e:?}"
    );
}

#[test]
fn twisted_corner() {
    let mut c = oriented_scramble();
    let dfr = Corner::DFR as usize;
    c.co[dfr] = 1;
    assert_eq!(
        read(&paint(&c)),
        CubeError::TwistedCorner {
            position: Corner::DFR,
            twist: 1
        }
    );
    // On a fully scrambled cube the total twist is still named.
    let mut c = scrambled();
    c.co[3] = (c.co[3] + 2) % 3;
    let e = read(&paint(&c));
    assert!(
        matches!(e, CubeError::TwistedCorner { twist: 2, .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("total twist 2"), "{e}");
}

#[test]
fn flipped_edge() {
    let mut c = oriented_scramble();
    c.eo[Edge::FR as usize] = 1;
    assert_eq!(
        read(&paint(&c)),
        CubeError::FlippedEdge { position: Edge::FR }
    );
}

#[test]
fn parity() {
    // Two edges swapped.
    let mut c = scrambled();
    c.ep.swap(0, 5);
    c.eo.swap(0, 5);
    assert_eq!(read(&paint(&c)), CubeError::Parity);
    // Two corners swapped.
    let mut c = scrambled();
    c.cp.swap(2, 6);
    c.co.swap(2, 6);
    assert_eq!(read(&paint(&c)), CubeError::Parity);
}

#[test]
fn solved_in_every_orientation_is_valid_and_solved() {
    for o in rubik_cube::rotation::orientations() {
        let mut cube = Cube::solved();
        for &(axis, turns) in o.path {
            cube = cube.apply_turn(rubik_cube::alg::Turn {
                layer: rubik_cube::alg::Layer::Rotation(axis),
                amount: turns,
            });
        }
        let s = cube.to_facelets();
        assert_eq!(
            CubieCube::from_facelets(&s).unwrap(),
            CubieCube::SOLVED,
            "{s}"
        );
        let read = Cube::from_facelets(&s).unwrap();
        assert!(read.is_solved());
        assert_eq!(read, cube);
    }
}

#[test]
fn nets_report_the_same_faults() {
    let mut c = oriented_scramble();
    c.eo[Edge::BL as usize] = 1;
    assert!(parse_net(&render_net_text(&Cube::solved())).is_ok());
    // Paint a net from the bad state by hand: the WCA letters of its facelets.
    let letters: String = paint(&c)
        .chars()
        .map(|f| match f {
            'U' => 'W',
            'R' => 'R',
            'F' => 'G',
            'D' => 'Y',
            'L' => 'O',
            _ => 'B',
        })
        .collect();
    let face = |i: usize| &letters[i * 9..i * 9 + 9];
    let (u, r, f, d, l, b) = (face(0), face(1), face(2), face(3), face(4), face(5));
    let mut text = String::new();
    for row in 0..3 {
        text += &format!("   {}\n", &u[row * 3..row * 3 + 3]);
    }
    for row in 0..3 {
        let part = |s: &str| s[row * 3..row * 3 + 3].to_string();
        text += &format!("{}{}{}{}\n", part(l), part(f), part(r), part(b));
    }
    for row in 0..3 {
        text += &format!("   {}\n", &d[row * 3..row * 3 + 3]);
    }
    assert_eq!(
        parse_net(&text),
        Err(CubeError::FlippedEdge { position: Edge::BL })
    );
}
