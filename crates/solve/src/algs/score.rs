//! An ergonomic score for algorithms, in the spirit of the "movecount coefficient" cubers use
//! to compare algorithms by how fast they are to perform rather than by length alone.
//!
//! The model (lower is better; a plain `R` or `U` costs 1):
//!
//! | turn | quarter | half | why |
//! |---|---|---|---|
//! | `R`, `L` | 1.0 | 1.6 | a wrist turn; a half turn is a double wrist turn |
//! | `r`, `l` | 1.1 | 1.7 | a wrist turn moving two layers |
//! | `U` | 1.0 | 1.7 | an index-finger flick; a half turn is a double flick |
//! | `D` | 1.4 | 2.2 | a ring-finger pull, less practised |
//! | `F` | 1.5 | 2.4 | a thumb or index push, off the usual grip |
//! | `B` | 2.2 | 3.2 | a ring-finger push at the back, the hardest face |
//! | `u`, `d`, `f`, `b` | face + 0.5 | face + 0.5 | two layers against the grip |
//! | `M` | 1.3 | 2.0 | a ring-finger push |
//! | `E`, `S` | 2.4 | 3.4 | rarely fingertrickable |
//!
//! **Regrips.** Each hand's wrist is tracked in quarter turns from its home grip: the right
//! hand turns `R` and `r`, the left hand `L` and `l` (clockwise as seen from its face counts
//! +1). A wrist can go at most two quarter turns either way; a turn that would take it further
//! first needs a regrip, which costs [`REGRIP`] and brings the wrist home. (So `R U R U R` is
//! fine once, but a third `R` in the same direction needs a regrip.)
//!
//! **Finger tricks after a wrist turn.** With the right wrist turned away from home (`R'`
//! done, wrist down), a `U` flick is awkward: +[`AWKWARD`]. With the right wrist up (`R`
//! done), an `F` push is awkward likewise.
//!
//! The figures are a model, not a measurement of any person's hands; the ranking they give
//! puts the algorithms speedcubers favour (`R U R' U'` families, few `B` and `D`) first.

use rubik_cube::alg::{Layer, Slice, Turn};
use rubik_cube::Face;

/// Cost of a regrip.
pub const REGRIP: f64 = 1.5;
/// Extra cost of a finger trick made from an awkward wrist position.
pub const AWKWARD: f64 = 0.5;

/// The base cost of one turn (see the module docs).
pub fn turn_cost(t: Turn) -> f64 {
    let half = t.amount == 2;
    let pick = |q: f64, h: f64| if half { h } else { q };
    match t.layer {
        Layer::Face(Face::R) | Layer::Face(Face::L) => pick(1.0, 1.6),
        Layer::Face(Face::U) => pick(1.0, 1.7),
        Layer::Face(Face::D) => pick(1.4, 2.2),
        Layer::Face(Face::F) => pick(1.5, 2.4),
        Layer::Face(Face::B) => pick(2.2, 3.2),
        Layer::Wide(Face::R) | Layer::Wide(Face::L) => pick(1.1, 1.7),
        Layer::Wide(f) => {
            turn_cost(Turn {
                layer: Layer::Face(f),
                amount: t.amount,
            }) + 0.5
        }
        Layer::Slice(Slice::M) => pick(1.3, 2.0),
        Layer::Slice(_) => pick(2.4, 3.4),
        Layer::Rotation(_) => 0.0,
    }
}

/// Quarter turns (clockwise as seen from its face, -1 for `'`) that `t` turns a hand's wrist:
/// `(right, left)`.
fn wrist(t: Turn) -> (i32, i32) {
    let q = match t.amount {
        1 => 1,
        2 => 2,
        _ => -1,
    };
    match t.layer {
        Layer::Face(Face::R) | Layer::Wide(Face::R) => (q, 0),
        Layer::Face(Face::L) | Layer::Wide(Face::L) => (0, q),
        _ => (0, 0),
    }
}

/// The score of an algorithm (see the module docs).
pub fn score(turns: &[Turn]) -> f64 {
    let mut total = 0.0;
    let (mut right, mut left) = (0i32, 0i32);
    for &t in turns {
        total += turn_cost(t);
        let (dr, dl) = wrist(t);
        for (hand, d) in [(&mut right, dr), (&mut left, dl)] {
            if d == 0 {
                continue;
            }
            // A half turn goes whichever way stays within reach.
            let options: &[i32] = if d == 2 { &[2, -2] } else { &[d] };
            match options.iter().map(|&x| *hand + x).find(|x| x.abs() <= 2) {
                Some(x) => *hand = x,
                None => {
                    total += REGRIP;
                    *hand = options[0];
                }
            }
        }
        match t.layer {
            Layer::Face(Face::U) if right < 0 => total += AWKWARD,
            Layer::Face(Face::F) if right > 0 => total += AWKWARD,
            _ => {}
        }
    }
    (total * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::Alg;

    fn s(alg: &str) -> f64 {
        score(&Alg::parse(alg).unwrap().turns())
    }

    #[test]
    fn plain_turns_cost_one() {
        assert_eq!(s("R U"), 2.0);
        assert_eq!(s(""), 0.0);
    }

    #[test]
    fn favoured_algorithms_score_lower() {
        // Sune against the same length in awkward faces.
        assert!(s("R U R' U R U2 R'") < s("B D B' D B D2 B'"));
        // Double turns and F cost more than R and U.
        assert!(s("R U R' U'") < s("R2 U2 R2 U2"));
        assert!(s("R U R' U'") < s("F U F' U'"));
        // A T-perm written with R, U, F scores below a rotated version with B and L.
        assert!(
            s("R U R' U' R' F R2 U' R' U' R U R' F'") < s("L U L' U' L' B L2 U' L' U' L U L' B'")
        );
    }

    #[test]
    fn regrips_are_counted() {
        // Three R in one direction: the wrist cannot turn three quarters, a regrip is needed.
        assert_eq!(s("R U R U R"), 5.0 + REGRIP);
        // R U R' U' returns the wrist home: no regrip however often.
        assert_eq!(s("R U R' U' R U R' U'"), 8.0);
        // U' with the wrist down after R' from home is awkward.
        assert_eq!(s("R' U'"), 2.0 + AWKWARD);
        // R2 from R' is within reach (wrist from -1 to +1).
        assert_eq!(s("R' R2"), 1.0 + 1.6);
    }
}
