//! When two algorithms are "the same": the same motion written differently (`r` and `R M'`,
//! `R L` and `L R`), the same algorithm performed from another side (a `y` rotation renames
//! every face), or its mirror image (left and right exchanged, every turn reversed).
//!
//! [`key`] is the motion itself: the net turns of each axis's three layers, axis run by axis
//! run. The search never writes one motion twice; [`variant_keys`] lists the keys of an
//! algorithm's rotations and mirrors so the list can leave those out too.

use crate::goal::moves::{triple_of, Triple};
use rubik_cube::alg::{Layer, Slice, Turn};
use rubik_cube::rotation::Axis;
use rubik_cube::symmetry::generators;
use rubik_cube::Face;

/// The motion of a sequence of turns: one (axis, triple) per axis run, rotations ignored.
pub fn key(turns: &[Turn]) -> Vec<(Axis, Triple)> {
    let mut out: Vec<(Axis, Triple)> = Vec::new();
    for &t in turns {
        if matches!(t.layer, Layer::Rotation(_)) {
            continue;
        }
        let axis = t.layer.axis();
        let tr = triple_of(t);
        match out.last_mut() {
            Some((a, acc)) if *a == axis => {
                for i in 0..3 {
                    acc[i] = (acc[i] + tr[i]) % 4;
                }
                if *acc == [0, 0, 0] {
                    out.pop();
                }
            }
            _ => out.push((axis, tr)),
        }
    }
    out
}

/// `t` seen after a `y` rotation: each face renamed (F→L→B→R→F), slices renamed with them.
fn rotate_y(t: Turn) -> Turn {
    let map = generators::U4;
    let layer = match t.layer {
        Layer::Face(f) => Layer::Face(map.image(f)),
        Layer::Wide(f) => Layer::Wide(map.image(f)),
        Layer::Slice(s) => {
            let g = map.image(s.follows());
            let s2 = Slice::ALL
                .into_iter()
                .find(|x| x.follows() == g || x.follows() == g.opposite())
                .expect("each axis has a slice");
            let amount = if s2.follows() == g {
                t.amount
            } else {
                4 - t.amount
            };
            return Turn {
                layer: Layer::Slice(s2),
                amount,
            };
        }
        Layer::Rotation(a) => Layer::Rotation(a),
    };
    Turn {
        layer,
        amount: t.amount,
    }
}

/// `t` in the mirror that swaps left and right: R and L exchanged, every turn reversed.
fn mirror(t: Turn) -> Turn {
    let swap = |f: Face| match f {
        Face::R => Face::L,
        Face::L => Face::R,
        f => f,
    };
    let layer = match t.layer {
        Layer::Face(f) => Layer::Face(swap(f)),
        Layer::Wide(f) => Layer::Wide(swap(f)),
        other => other,
    };
    Turn {
        layer,
        amount: 4 - t.amount,
    }
}

/// The keys of `turns` performed from the three other sides (`y`, `y2`, `y'`), and, with
/// `mirrors`, of its mirror image from all four sides.
pub fn variant_keys(turns: &[Turn], rotations: bool, mirrors: bool) -> Vec<Vec<(Axis, Triple)>> {
    let mut out = Vec::new();
    let mut r: Vec<Turn> = turns.to_vec();
    let mut m: Vec<Turn> = turns.iter().map(|&t| mirror(t)).collect();
    for k in 0..4 {
        if rotations && k > 0 {
            out.push(key(&r));
        }
        if mirrors && (rotations || k == 0) {
            out.push(key(&m));
        }
        r = r.into_iter().map(rotate_y).collect();
        m = m.into_iter().map(rotate_y).collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::{Alg, Cube};

    fn turns(s: &str) -> Vec<Turn> {
        Alg::parse(s).unwrap().turns()
    }

    #[test]
    fn same_motion_same_key() {
        assert_eq!(key(&turns("r U")), key(&turns("R M' U")));
        assert_eq!(key(&turns("R L U")), key(&turns("L R U")));
        assert_ne!(key(&turns("R U")), key(&turns("U R")));
        assert_eq!(key(&turns("R R'")), vec![]);
    }

    #[test]
    fn a_rotated_algorithm_is_the_conjugate_by_y() {
        let a = turns("R U R' U' M F");
        let rotated: Vec<Turn> = a.iter().map(|&t| rotate_y(t)).collect();
        // y' A y applied to a solved cube equals A's renamed form.
        let conj = Cube::solved()
            .apply(&Alg::parse("y'").unwrap())
            .apply(&Alg::from_turns(a.clone()))
            .apply(&Alg::parse("y").unwrap());
        let renamed = Cube::solved().apply(&Alg::from_turns(rotated));
        assert!(
            conj.to_cubie() == renamed.to_cubie() || {
                // The other direction of y.
                let conj2 = Cube::solved()
                    .apply(&Alg::parse("y").unwrap())
                    .apply(&Alg::from_turns(a.clone()))
                    .apply(&Alg::parse("y'").unwrap());
                conj2.to_cubie() == renamed.to_cubie()
            }
        );
    }

    #[test]
    fn mirrors_reverse_turns() {
        assert_eq!(
            key(&turns("R U R'")
                .iter()
                .map(|&t| mirror(t))
                .collect::<Vec<_>>()),
            key(&turns("L' U' L"))
        );
        assert_eq!(variant_keys(&turns("R U"), false, false).len(), 0);
        assert_eq!(variant_keys(&turns("R U"), true, true).len(), 7);
    }
}
