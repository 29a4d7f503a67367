//! Named goals: the partial states cubers aim for, on any face.
//!
//! Written `NAME[:WHERE]`, case-insensitive:
//!
//! | name | goal | WHERE (default) |
//! |---|---|---|
//! | `solved` | the solved cube | — |
//! | `cross` | the four edges around one face | the face (`D`) |
//! | `f2l`, `ll` | the first two layers: all but the last layer (the issue's `ll`) | the cross face (`D`) |
//! | `f2l-1` | the first two layers but one slot | the cross face and the slot's edge (`D:FR`) |
//! | `oll` | the first two layers, and the last layer's stickers on its face | the cross face (`D`) |
//! | `2x2x2` | a 2×2×2 block | its corner (`DBL`, any letter order) |
//! | `2x2x3` | a 2×2×3 block | the edge along its long side (`DL`) |
//! | `eo` | every edge oriented | the axis (`FB`: what F and B quarter turns flip) |
//! | `dr` | domino reduction: the cube in ⟨U, D, R2, L2, F2, B2⟩ | the axis (`UD`) |
//!
//! `eo` and `dr` are not sticker pictures (an edge's orientation is not one sticker's colour):
//! they are [`Pattern`]s by position all the same.

use super::{corner_bit, edge_bit, Pattern, ANY_CORNER};
use crate::face::Face;
use crate::piece::{Corner, Edge, N_CORNERS, N_EDGES};
use crate::rotation::{self, Axis};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A named goal on a given face, corner, edge or axis (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoalName {
    /// The solved cube.
    Solved,
    /// The cross on a face.
    Cross(Face),
    /// The first two layers, the cross on this face.
    F2l(Face),
    /// The first two layers but the slot of one E-layer edge.
    F2lMinus1 {
        /// The cross face.
        face: Face,
        /// The edge of the slot left out (perpendicular to the cross face).
        slot: Edge,
    },
    /// The first two layers and the last layer oriented (its stickers on its face).
    Oll(Face),
    /// A 2×2×2 block around a corner.
    Block2x2x2(Corner),
    /// A 2×2×3 block along an edge.
    Block2x2x3(Edge),
    /// Every edge oriented about an axis.
    Eo(Axis),
    /// Domino reduction about an axis.
    Dr(Axis),
}

/// Why a goal name was not understood.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GoalNameError {
    /// Not one of the names.
    #[error("unknown goal {0:?} (known: solved, cross, f2l, ll, f2l-1, oll, 2x2x2, 2x2x3, eo, dr; add :FACE for another face, e.g. cross:U)")]
    Unknown(String),
    /// The place after the colon does not fit the goal.
    #[error("{goal} takes {expected} after the colon, not {given:?}")]
    BadPlace {
        /// The goal name.
        goal: &'static str,
        /// What it takes.
        expected: &'static str,
        /// What was given.
        given: String,
    },
}

impl GoalName {
    /// The goal's set of states.
    pub fn pattern(&self) -> Pattern {
        match *self {
            GoalName::Solved => Pattern::solved(),
            GoalName::Cross(f) => Pattern::keeping(|faces| faces.len() == 2 && faces.contains(&f)),
            GoalName::F2l(f) => f2l(f),
            GoalName::F2lMinus1 { face, slot } => {
                let [a, b] = slot.faces();
                let in_slot = move |faces: &[Face]| faces.contains(&a) && faces.contains(&b);
                Pattern::keeping(|faces| !faces.contains(&face.opposite()) && !in_slot(faces))
            }
            GoalName::Oll(f) => {
                let last = f.opposite();
                let mut picture = f2l(f).stickers();
                for s in picture.iter_mut().skip(last.index() * 9).take(9) {
                    *s = Some(last);
                }
                super::parse::from_faces(&picture).expect("a real face's stickers")
            }
            GoalName::Block2x2x2(c) => block(&c.faces()),
            GoalName::Block2x2x3(e) => block(&e.faces()),
            GoalName::Eo(axis) => {
                let oriented: u32 = (0..N_EDGES).map(|p| edge_bit(p, 0)).sum();
                Pattern::from_masks([ANY_CORNER; N_CORNERS], [oriented; N_EDGES])
                    .rotated(turn_from_fb(axis))
            }
            GoalName::Dr(axis) => {
                let twist0: u32 = (0..N_CORNERS).map(|p| corner_bit(p, 0)).sum();
                let layer: u32 = (0..8).map(|p| edge_bit(p, 0)).sum();
                let slice: u32 = (8..12).map(|p| edge_bit(p, 0)).sum();
                let edges = std::array::from_fn(|j| if j < 8 { layer } else { slice });
                Pattern::from_masks([twist0; N_CORNERS], edges).rotated(turn_from_ud(axis))
            }
        }
    }

    /// The canonical text, e.g. `cross:D`, `2x2x2:DBL`, `eo:FB`.
    pub fn canonical(&self) -> String {
        self.to_string()
    }

    /// One of each named goal on its default place, for listings.
    pub const DEFAULTS: [GoalName; 9] = [
        GoalName::Solved,
        GoalName::Cross(Face::D),
        GoalName::F2l(Face::D),
        GoalName::F2lMinus1 {
            face: Face::D,
            slot: Edge::FR,
        },
        GoalName::Oll(Face::D),
        GoalName::Block2x2x2(Corner::DBL),
        GoalName::Block2x2x3(Edge::DL),
        GoalName::Eo(Axis::Z),
        GoalName::Dr(Axis::Y),
    ];
}

fn f2l(f: Face) -> Pattern {
    Pattern::keeping(|faces| !faces.contains(&f.opposite()))
}

/// The pieces touching none of the faces opposite `faces`.
fn block(faces: &[Face]) -> Pattern {
    let far: Vec<Face> = faces.iter().map(|f| f.opposite()).collect();
    Pattern::keeping(|piece| !piece.iter().any(|f| far.contains(f)))
}

/// The orientation (index) that turns the F–B axis onto `axis`.
fn turn_from_fb(axis: Axis) -> usize {
    match axis {
        Axis::Z => 0,
        Axis::X => rotation::rotate(0, Axis::Y, 1) as usize,
        Axis::Y => rotation::rotate(0, Axis::X, 1) as usize,
    }
}

/// The orientation (an index into [`rotation::orientations`]) that turns the U–D axis onto
/// `axis`: the named goal `dr` about `axis` is the one about U–D turned by it.
pub fn turn_from_ud(axis: Axis) -> usize {
    match axis {
        Axis::Y => 0,
        Axis::X => rotation::rotate(0, Axis::Z, 1) as usize,
        Axis::Z => rotation::rotate(0, Axis::X, 1) as usize,
    }
}

fn axis_name(axis: Axis) -> &'static str {
    match axis {
        Axis::X => "RL",
        Axis::Y => "UD",
        Axis::Z => "FB",
    }
}

impl fmt::Display for GoalName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoalName::Solved => write!(f, "solved"),
            GoalName::Cross(x) => write!(f, "cross:{x}"),
            GoalName::F2l(x) => write!(f, "f2l:{x}"),
            GoalName::F2lMinus1 { face, slot } => write!(f, "f2l-1:{face}:{slot}"),
            GoalName::Oll(x) => write!(f, "oll:{x}"),
            GoalName::Block2x2x2(c) => write!(f, "2x2x2:{c}"),
            GoalName::Block2x2x3(e) => write!(f, "2x2x3:{e}"),
            GoalName::Eo(a) => write!(f, "eo:{}", axis_name(*a)),
            GoalName::Dr(a) => write!(f, "dr:{}", axis_name(*a)),
        }
    }
}

/// The set of faces named by the letters of `s` (any order, any case), if each is a face
/// letter and none repeats.
fn faces_of(s: &str) -> Option<Vec<Face>> {
    let mut out: Vec<Face> = Vec::new();
    for c in s.chars() {
        let f = Face::from_letter(c.to_ascii_uppercase())?;
        if out.contains(&f) {
            return None;
        }
        out.push(f);
    }
    Some(out)
}

fn same_set(a: &[Face], b: &[Face]) -> bool {
    a.len() == b.len() && a.iter().all(|f| b.contains(f))
}

fn parse_face(goal: &'static str, s: &str) -> Result<Face, GoalNameError> {
    match faces_of(s).as_deref() {
        Some([f]) => Ok(*f),
        _ => Err(bad(goal, "a face (U, R, F, D, L or B)", s)),
    }
}

fn parse_corner(goal: &'static str, s: &str) -> Result<Corner, GoalNameError> {
    faces_of(s)
        .and_then(|fs| Corner::ALL.into_iter().find(|c| same_set(&c.faces(), &fs)))
        .ok_or_else(|| bad(goal, "a corner (e.g. DBL, in any letter order)", s))
}

fn parse_edge(goal: &'static str, s: &str) -> Result<Edge, GoalNameError> {
    faces_of(s)
        .and_then(|fs| Edge::ALL.into_iter().find(|e| same_set(&e.faces(), &fs)))
        .ok_or_else(|| bad(goal, "an edge (e.g. DL, in any letter order)", s))
}

fn parse_axis(goal: &'static str, s: &str) -> Result<Axis, GoalNameError> {
    let axis = match s.to_ascii_uppercase().as_str() {
        "UD" | "DU" | "U" | "D" | "Y" => Axis::Y,
        "RL" | "LR" | "R" | "L" | "X" => Axis::X,
        "FB" | "BF" | "F" | "B" | "Z" => Axis::Z,
        _ => return Err(bad(goal, "an axis (UD, RL or FB)", s)),
    };
    Ok(axis)
}

fn bad(goal: &'static str, expected: &'static str, given: &str) -> GoalNameError {
    GoalNameError::BadPlace {
        goal,
        expected,
        given: given.to_string(),
    }
}

impl FromStr for GoalName {
    type Err = GoalNameError;

    fn from_str(s: &str) -> Result<GoalName, GoalNameError> {
        let mut parts = s.trim().split(':');
        let name = parts.next().unwrap_or_default().to_ascii_lowercase();
        let places: Vec<&str> = parts.collect();
        let one = |goal: &'static str, default: &str| -> Result<String, GoalNameError> {
            match places.as_slice() {
                [] => Ok(default.to_string()),
                [p] => Ok(p.to_string()),
                _ => Err(bad(goal, "one place", &places.join(":"))),
            }
        };
        Ok(match name.as_str() {
            "solved" if places.is_empty() => GoalName::Solved,
            "cross" => GoalName::Cross(parse_face("cross", &one("cross", "D")?)?),
            "f2l" | "ll" => GoalName::F2l(parse_face("f2l", &one("f2l", "D")?)?),
            "oll" => GoalName::Oll(parse_face("oll", &one("oll", "D")?)?),
            "2x2x2" => GoalName::Block2x2x2(parse_corner("2x2x2", &one("2x2x2", "DBL")?)?),
            "2x2x3" => GoalName::Block2x2x3(parse_edge("2x2x3", &one("2x2x3", "DL")?)?),
            "eo" => GoalName::Eo(parse_axis("eo", &one("eo", "FB")?)?),
            "dr" => GoalName::Dr(parse_axis("dr", &one("dr", "UD")?)?),
            "f2l-1" => {
                let (face, slot) = match places.as_slice() {
                    [] => (Face::D, None),
                    [p] if p.len() == 1 => (parse_face("f2l-1", p)?, None),
                    [p] => (Face::D, Some(parse_edge("f2l-1", p)?)),
                    [f, e] => (parse_face("f2l-1", f)?, Some(parse_edge("f2l-1", e)?)),
                    _ => return Err(bad("f2l-1", "a face and a slot edge", &places.join(":"))),
                };
                let slot = match slot {
                    Some(e) => e,
                    // The front-right slot seen from the cross face's side: the first E-layer
                    // edge of that face's layers, in piece order.
                    None => Edge::ALL
                        .into_iter()
                        .find(|e| e.faces().iter().all(|x| x.axis() != face.axis()))
                        .expect("four edges are perpendicular to any face"),
                };
                if slot.faces().iter().any(|x| x.axis() == face.axis()) {
                    return Err(bad(
                        "f2l-1",
                        "a slot edge beside the cross face (e.g. D:FR)",
                        &places.join(":"),
                    ));
                }
                GoalName::F2lMinus1 { face, slot }
            }
            _ => return Err(GoalNameError::Unknown(s.trim().to_string())),
        })
    }
}

/// Whether `s` looks like a goal name (a letter-or-digit word with an optional `:place`) rather
/// than stickers or moves: used to tell the kinds of goal text apart.
pub fn looks_like_name(s: &str) -> bool {
    let name = s
        .trim()
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    [
        "solved", "cross", "f2l", "ll", "f2l-1", "oll", "2x2x2", "2x2x3", "eo", "dr",
    ]
    .contains(&name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::CubieCube;
    use crate::moves::Move;
    use crate::random::rng_from_seed;
    use rand::Rng;

    fn goal(s: &str) -> Pattern {
        s.parse::<GoalName>().unwrap().pattern()
    }

    fn moves(names: &[&str]) -> Vec<Move> {
        names
            .iter()
            .map(|n| {
                let f = Face::from_letter(n.chars().next().unwrap()).unwrap();
                Move::new(f, if n.len() > 1 { 2 } else { 1 }).unwrap()
            })
            .collect()
    }

    /// Random walks in the group generated by `gens` stay in the pattern; one move out of it
    /// (`breaker`) leaves it.
    fn preserved_by(p: &Pattern, gens: &[Move], breaker: Move) {
        let mut rng = rng_from_seed(9);
        for _ in 0..200 {
            let mut c = CubieCube::SOLVED;
            for _ in 0..30 {
                c = c.apply_move(gens[rng.gen_range(0..gens.len())]);
            }
            assert!(p.matches(&c), "{gens:?}");
        }
        assert!(!p.matches(&CubieCube::SOLVED.apply_move(breaker)));
    }

    #[test]
    fn cross_is_its_stickers() {
        let s = goal("cross").to_sticker_string();
        // The D cross: D centre and edges, the side stickers below each centre.
        for (i, c) in s.chars().enumerate() {
            let expect = match i {
                4 => 'U',
                13 | 16 => 'R',
                22 | 25 => 'F',
                28 | 30 | 31 | 32 | 34 => 'D',
                40 | 43 => 'L',
                49 | 52 => 'B',
                _ => '?',
            };
            assert_eq!(c, expect, "sticker {i}");
        }
        assert_eq!(goal("cross:U"), goal("CROSS:u"));
        assert_eq!(goal("cross:U").count(), goal("cross").count());
        assert_eq!(goal("cross").count(), 43_252_003_274_489_856_000 / 190_080);
    }

    #[test]
    fn the_goals_are_kept_by_their_own_moves() {
        use Face::*;
        let m = |f: Face, t: i32| Move::new(f, t).unwrap();
        preserved_by(&goal("cross"), &moves(&["U"]), m(D, 1));
        preserved_by(&goal("f2l"), &moves(&["U"]), m(R, 1));
        preserved_by(&goal("2x2x2"), &moves(&["U", "R", "F"]), m(L, 1));
        preserved_by(&goal("2x2x3"), &moves(&["U", "R"]), m(F, 1));
        preserved_by(&goal("f2l-1"), &moves(&["U"]), m(R, 1));
        // A pair inserted into the front-right slot leaves the rest of the first two layers.
        let pair = CubieCube::from_moves(&[m(R, 1), m(U, 1), m(R, 3)]);
        assert!(goal("f2l-1").matches(&pair) && !goal("f2l").matches(&pair));
        let back_left = CubieCube::from_moves(&[m(L, 1), m(U, 1), m(L, 3)]);
        assert!(goal("f2l-1:D:BL").matches(&back_left) && !goal("f2l-1").matches(&back_left));
        preserved_by(
            &goal("eo"),
            &moves(&["U", "D", "R", "L", "F2", "B2"]),
            m(F, 1),
        );
        preserved_by(
            &goal("eo:RL"),
            &moves(&["U", "D", "F", "B", "R2", "L2"]),
            m(R, 1),
        );
        preserved_by(
            &goal("eo:UD"),
            &moves(&["F", "B", "R", "L", "U2", "D2"]),
            m(U, 1),
        );
        preserved_by(
            &goal("dr"),
            &moves(&["U", "D", "R2", "L2", "F2", "B2"]),
            m(R, 1),
        );
        preserved_by(
            &goal("dr:RL"),
            &moves(&["R", "L", "U2", "D2", "F2", "B2"]),
            m(U, 1),
        );
        preserved_by(
            &goal("dr:FB"),
            &moves(&["F", "B", "U2", "D2", "R2", "L2"]),
            m(R, 1),
        );
        preserved_by(&goal("cross:U"), &moves(&["D"]), m(U, 1));
        preserved_by(&goal("oll"), &moves(&["U"]), m(R, 1));
    }

    #[test]
    fn goal_sizes() {
        // Known counts: EO leaves 2^11 edge orientations out; DR is Kociemba's phase-2 group.
        assert_eq!(goal("eo").count(), 43_252_003_274_489_856_000 / 2048);
        assert_eq!(goal("dr").count(), 19_508_428_800); // 8! · 8! · 4! / 2
        assert_eq!(goal("f2l").count(), 62_208);
        assert_eq!(goal("ll").count(), 62_208);
        // OLL done: the last layer's permutations with orientation solved, 4!·4!/2.
        assert_eq!(goal("oll").count(), 288);
        assert_eq!(goal("solved").count(), 1);
    }

    #[test]
    fn names_round_trip_and_errors_say_what_was_expected() {
        for g in GoalName::DEFAULTS {
            assert_eq!(g.to_string().parse::<GoalName>().unwrap(), g);
        }
        assert_eq!(
            "2x2x2:bld".parse::<GoalName>().unwrap(),
            GoalName::Block2x2x2(Corner::DBL)
        );
        assert_eq!(
            "f2l-1:U".parse::<GoalName>().unwrap(),
            GoalName::F2lMinus1 {
                face: Face::U,
                slot: Edge::FR
            }
        );
        assert!(matches!(
            "cross:Q".parse::<GoalName>(),
            Err(GoalNameError::BadPlace { .. })
        ));
        assert!(matches!(
            "f2l-1:D:DF".parse::<GoalName>(),
            Err(GoalNameError::BadPlace { .. })
        ));
        assert!(matches!(
            "blob".parse::<GoalName>(),
            Err(GoalNameError::Unknown(_))
        ));
        assert!(looks_like_name("cross:U") && !looks_like_name("R U R'"));
    }
}
