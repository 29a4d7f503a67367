//! An independent sticker-level model of the cube, and the check that every notation form
//! gives the same stickers through `Alg::parse` + `Cube::apply` as through the model.
//!
//! The model knows nothing of cubies, piece tables or face maps: each of the 54 stickers is a
//! position and an outward normal in 3D integer coordinates (x towards R, y towards U, z towards
//! F); a turn rotates the stickers of the selected layers by -90° about the turning face's
//! outward axis (clockwise as seen from that face). Facelet indices come from the standard
//! reading order of each face on the net.

use proptest::prelude::*;
use rubik_cube::{Alg, Cube};

type V = [i32; 3];

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: V, b: V) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Rotation by -90° about the unit axis `a`: v ↦ a(a·v) − a×v.
fn rotate(a: V, v: V) -> V {
    let c = cross(a, v);
    let d = dot(a, v);
    [a[0] * d - c[0], a[1] * d - c[1], a[2] * d - c[2]]
}

/// Position and normal of facelet `i` (URFDLB order, rows top to bottom as seen on the net).
fn facelet_geometry(i: usize) -> (V, V) {
    let (face, r, c) = (i / 9, (i % 9 / 3) as i32, (i % 3) as i32);
    match face {
        0 => ([c - 1, 1, r - 1], [0, 1, 0]), // U: back row first, left to right
        1 => ([1, 1 - r, 1 - c], [1, 0, 0]), // R: seen from the right, front on the left
        2 => ([c - 1, 1 - r, 1], [0, 0, 1]), // F
        3 => ([c - 1, -1, 1 - r], [0, -1, 0]), // D: seen from below, front row first
        4 => ([-1, 1 - r, c - 1], [-1, 0, 0]), // L: seen from the left, back on the left
        _ => ([1 - c, 1 - r, -1], [0, 0, -1]), // B: seen from behind, right on the left
    }
}

const LETTERS: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// Outward axis of each face letter.
fn face_axis(f: char) -> V {
    match f {
        'U' => [0, 1, 0],
        'R' => [1, 0, 0],
        'F' => [0, 0, 1],
        'D' => [0, -1, 0],
        'L' => [-1, 0, 0],
        'B' => [0, 0, -1],
        _ => unreachable!(),
    }
}

/// A model move: which layers (by depth along an axis) turn, about which axis, how often.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Outer face.
    Face(char, u8),
    /// Outer face and middle layer.
    Wide(char, u8),
    /// Middle layer, turning like the named face.
    Slice(char, u8),
    /// Everything, turning like the named face.
    Whole(char, u8),
}

#[derive(Clone)]
struct Model {
    stickers: Vec<(V, V, char)>,
}

impl Model {
    fn solved() -> Model {
        Model {
            stickers: (0..54)
                .map(|i| {
                    let (p, n) = facelet_geometry(i);
                    (p, n, LETTERS[i / 9])
                })
                .collect(),
        }
    }

    fn turn(&mut self, step: Step) {
        let (face, quarter, depths): (char, u8, &[i32]) = match step {
            Step::Face(f, q) => (f, q, &[1]),
            Step::Wide(f, q) => (f, q, &[1, 0]),
            Step::Slice(f, q) => (f, q, &[0]),
            Step::Whole(f, q) => (f, q, &[1, 0, -1]),
        };
        let a = face_axis(face);
        for _ in 0..quarter {
            for s in &mut self.stickers {
                if depths.contains(&dot(s.0, a)) {
                    s.0 = rotate(a, s.0);
                    s.1 = rotate(a, s.1);
                }
            }
        }
    }

    fn facelets(&self) -> String {
        (0..54)
            .map(|i| {
                let (p, n) = facelet_geometry(i);
                self.stickers
                    .iter()
                    .find(|s| s.0 == p && s.1 == n)
                    .expect("every place has a sticker")
                    .2
            })
            .collect()
    }
}

fn model_after(steps: &[Step]) -> String {
    let mut m = Model::solved();
    for &s in steps {
        m.turn(s);
    }
    m.facelets()
}

fn cube_after(notation: &str) -> String {
    Cube::solved()
        .apply(&Alg::parse(notation).unwrap_or_else(|e| panic!("{notation}: {e}")))
        .to_facelets()
}

use Step::{Face as F_, Slice as S_, Whole as W_, Wide as Wd};

#[test]
fn model_matches_the_published_r_move() {
    assert_eq!(
        model_after(&[F_('R', 1)]),
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    );
}

#[test]
fn every_notation_form_matches_the_model() {
    let cases: Vec<(&str, Vec<Step>)> = vec![
        // Every face, every amount spelling.
        ("U", vec![F_('U', 1)]),
        ("R", vec![F_('R', 1)]),
        ("F", vec![F_('F', 1)]),
        ("D", vec![F_('D', 1)]),
        ("L", vec![F_('L', 1)]),
        ("B", vec![F_('B', 1)]),
        ("U'", vec![F_('U', 3)]),
        ("R2", vec![F_('R', 2)]),
        ("F2'", vec![F_('F', 2)]),
        ("D3", vec![F_('D', 3)]),
        ("L’", vec![F_('L', 3)]),
        ("B′", vec![F_('B', 3)]),
        ("U`", vec![F_('U', 3)]),
        ("R´", vec![F_('R', 3)]),
        ("F3'", vec![F_('F', 1)]),
        ("D1", vec![F_('D', 1)]),
        // Wide turns: Rw, 2Rw and lower case.
        ("Rw", vec![Wd('R', 1)]),
        ("2Rw", vec![Wd('R', 1)]),
        ("r", vec![Wd('R', 1)]),
        ("Uw'", vec![Wd('U', 3)]),
        ("u2", vec![Wd('U', 2)]),
        ("Fw", vec![Wd('F', 1)]),
        ("f'", vec![Wd('F', 3)]),
        ("Dw2", vec![Wd('D', 2)]),
        ("d", vec![Wd('D', 1)]),
        ("Lw", vec![Wd('L', 1)]),
        ("2Lw'", vec![Wd('L', 3)]),
        ("l", vec![Wd('L', 1)]),
        ("Bw", vec![Wd('B', 1)]),
        ("b2", vec![Wd('B', 2)]),
        // Slices follow L, D and F.
        ("M", vec![S_('L', 1)]),
        ("M'", vec![S_('L', 3)]),
        ("M2", vec![S_('L', 2)]),
        ("E", vec![S_('D', 1)]),
        ("E’", vec![S_('D', 3)]),
        ("S", vec![S_('F', 1)]),
        ("S2", vec![S_('F', 2)]),
        // Rotations follow R, U and F.
        ("x", vec![W_('R', 1)]),
        ("x'", vec![W_('R', 3)]),
        ("y", vec![W_('U', 1)]),
        ("y2", vec![W_('U', 2)]),
        ("z", vec![W_('F', 1)]),
        ("z′", vec![W_('F', 3)]),
        // The issue's example and mixtures.
        (
            "r U r' U'",
            vec![Wd('R', 1), F_('U', 1), Wd('R', 3), F_('U', 3)],
        ),
        (
            "x U R' y' F M2 E' S z2",
            vec![
                W_('R', 1),
                F_('U', 1),
                F_('R', 3),
                W_('U', 3),
                F_('F', 1),
                S_('L', 2),
                S_('D', 3),
                S_('F', 1),
                W_('F', 2),
            ],
        ),
        // Groups, repetition, nesting, inverted groups, comments, no spaces.
        (
            "(R U R' U')3",
            [F_('R', 1), F_('U', 1), F_('R', 3), F_('U', 3)].repeat(3),
        ),
        (
            "((M U)2 x)2",
            [S_('L', 1), F_('U', 1), S_('L', 1), F_('U', 1), W_('R', 1)].repeat(2),
        ),
        (
            "(R U)' // undo\nF",
            vec![F_('U', 3), F_('R', 3), F_('F', 1)],
        ),
        (
            "RUR'U'",
            vec![F_('R', 1), F_('U', 1), F_('R', 3), F_('U', 3)],
        ),
    ];
    for (notation, steps) in cases {
        assert_eq!(cube_after(notation), model_after(&steps), "{notation}");
    }
}

/// A random step, with a random spelling of it in notation.
fn step_and_spelling() -> impl Strategy<Value = (Step, String)> {
    let amount = prop_oneof![
        Just((1u8, "")),
        Just((1, "1")),
        Just((2, "2")),
        Just((2, "2'")),
        Just((3, "'")),
        Just((3, "3")),
        Just((3, "’")),
        Just((3, "′")),
        Just((3, "`")),
        Just((3, "´")),
        Just((1, "3'")),
    ];
    let faces = prop::sample::select(LETTERS.to_vec());
    (0..4usize, faces, 0..3usize, 0..3usize, amount).prop_map(
        |(kind, f, slice, spelling, (q, suffix))| match kind {
            0 => (Step::Face(f, q), format!("{f}{suffix}")),
            1 => {
                let name = match spelling {
                    0 => format!("{f}w"),
                    1 => format!("2{f}w"),
                    _ => f.to_ascii_lowercase().to_string(),
                };
                (Step::Wide(f, q), format!("{name}{suffix}"))
            }
            2 => {
                let (letter, follows) = [('M', 'L'), ('E', 'D'), ('S', 'F')][slice];
                (Step::Slice(follows, q), format!("{letter}{suffix}"))
            }
            _ => {
                let (letter, follows) = [('x', 'R'), ('y', 'U'), ('z', 'F')][slice];
                (Step::Whole(follows, q), format!("{letter}{suffix}"))
            }
        },
    )
}

proptest! {
    #[test]
    fn random_spelled_sequences_match_the_model(
        seq in prop::collection::vec(step_and_spelling(), 0..25),
        repeat in 1u32..4,
    ) {
        let steps: Vec<Step> = seq.iter().map(|s| s.0).collect();
        let text: Vec<String> = seq.iter().map(|s| s.1.clone()).collect();
        let notation = text.join(" ");
        prop_assert_eq!(cube_after(&notation), model_after(&steps), "{}", notation);
        if !steps.is_empty() {
            let grouped = format!("({notation}){repeat}");
            prop_assert_eq!(cube_after(&grouped), model_after(&steps.repeat(repeat as usize)));
        }
    }
}
