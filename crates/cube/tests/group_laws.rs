//! Property tests of the group laws and round trips.

use proptest::prelude::*;
use rubik_cube::alg::{Alg, Layer, Node, Slice, Turn};
use rubik_cube::random::rng_from_seed;
use rubik_cube::rotation::Axis;
use rubik_cube::{Cube, CubieCube, Face, Move};

fn layer() -> impl Strategy<Value = Layer> {
    let face = prop::sample::select(Face::ALL.to_vec());
    prop_oneof![
        face.clone().prop_map(Layer::Face),
        face.prop_map(Layer::Wide),
        prop::sample::select(Slice::ALL.to_vec()).prop_map(Layer::Slice),
        prop::sample::select(Axis::ALL.to_vec()).prop_map(Layer::Rotation),
    ]
}

fn turn() -> impl Strategy<Value = Turn> {
    (layer(), 1u8..4).prop_map(|(layer, amount)| Turn { layer, amount })
}

/// Any algorithm tree: turns and (nested) groups with repetition and inversion.
fn alg() -> impl Strategy<Value = Alg> {
    let leaf = prop::collection::vec(turn().prop_map(Node::Turn), 0..6).prop_map(Alg::from_nodes);
    leaf.prop_recursive(3, 40, 6, |inner| {
        prop::collection::vec(
            prop_oneof![
                turn().prop_map(Node::Turn),
                (inner.clone(), 1u32..5, any::<bool>())
                    .prop_filter("groups are not empty", |(a, _, _)| !a.is_empty())
                    .prop_map(|(alg, repeat, inverted)| Node::Group {
                        alg,
                        repeat,
                        inverted
                    }),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| Node::Commutator(a, b)),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| Node::Conjugate(a, b)),
            ],
            0..6,
        )
        .prop_map(Alg::from_nodes)
    })
}

fn random_state(seed: u64) -> CubieCube {
    CubieCube::random(&mut rng_from_seed(seed))
}

#[test]
fn every_turn_four_times_is_identity() {
    let layers: Vec<Layer> = Face::ALL
        .iter()
        .flat_map(|&f| [Layer::Face(f), Layer::Wide(f)])
        .chain(Slice::ALL.map(Layer::Slice))
        .chain(Axis::ALL.map(Layer::Rotation))
        .collect();
    let start = Cube::from_cubie(random_state(3));
    for layer in layers {
        for amount in 1..=3 {
            let t = Turn { layer, amount };
            let mut c = start;
            for _ in 0..4 {
                c = c.apply_turn(t);
            }
            assert_eq!(c, start, "{t} four times");
            assert_eq!(c.to_facelets(), start.to_facelets());
        }
    }
}

proptest! {
    #[test]
    fn any_move_four_times_is_identity(seed in any::<u64>(), m in 0usize..18) {
        let c = random_state(seed);
        let m = Move::from_index(m);
        prop_assert_eq!(c.apply_moves(&[m, m, m, m]), c);
        prop_assert_eq!(Cube::from_cubie(c).apply_moves(&[m, m, m, m]), Cube::from_cubie(c));
    }

    #[test]
    fn alg_then_inverse_is_identity(a in alg(), seed in any::<u64>()) {
        let start = Cube::from_cubie(random_state(seed));
        prop_assert_eq!(start.apply(&a).apply(&a.inverse()), start);
        prop_assert_eq!(start.apply(&a.inverse()).apply(&a), start);
        prop_assert_eq!(a.inverse().inverse(), a.clone());
        // On the cubie level, for the rotation-free form.
        let moves = a.to_outer_moves();
        let c = CubieCube::from_moves(&moves);
        prop_assert!(c.multiply(&c.inverse()).is_solved());
        let back: Vec<Move> = moves.iter().rev().map(|m| m.inverse()).collect();
        prop_assert!(c.apply_moves(&back).is_solved());
    }

    #[test]
    fn simplify_and_expand_keep_the_state(a in alg()) {
        let c = Cube::solved().apply(&a);
        prop_assert_eq!(Cube::solved().apply(&a.simplify()), c);
        prop_assert_eq!(Cube::solved().apply(&a.expand()), c);
        prop_assert!(a.simplify().htm() <= a.htm());
        // Rotation-free outer moves then the net rotation give the same cube.
        let via_outer = Cube::solved().apply_moves(&a.to_outer_moves()).apply(&a.net_rotation());
        prop_assert_eq!(via_outer, c);
    }

    #[test]
    fn cubie_facelet_round_trip(seed in any::<u64>()) {
        let c = random_state(seed);
        let s = c.to_facelets();
        prop_assert_eq!(CubieCube::from_facelets(&s).unwrap(), c);
        let cube = Cube::from_cubie(c);
        prop_assert_eq!(Cube::from_facelets(&cube.to_facelets()).unwrap(), cube);
        prop_assert_eq!(rubik_cube::parse_net(&rubik_cube::net::render_net_text(&cube)).unwrap(), cube);
    }

    #[test]
    fn rotated_cubes_round_trip_and_normalise(seed in any::<u64>(), a in alg()) {
        let cube = Cube::from_cubie(random_state(seed)).apply(&a);
        let s = cube.to_facelets();
        prop_assert_eq!(Cube::from_facelets(&s).unwrap(), cube);
        prop_assert_eq!(CubieCube::from_facelets(&s).unwrap(), cube.to_cubie());
        prop_assert!(cube.to_cubie().check().is_ok());
    }

    #[test]
    fn parse_print_round_trip(a in alg()) {
        let printed = a.to_string();
        prop_assert_eq!(Alg::parse(&printed).unwrap(), a, "{}", printed);
    }
}
