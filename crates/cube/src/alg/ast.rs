//! The notation tree: turns of layers, groups with repetition, and what can be computed from
//! them without a cube (inverse, expansion, lengths).

use crate::face::Face;
use crate::moves::Move;
use crate::rotation::{self, Axis};
use std::sync::OnceLock;

/// A middle slice; each turns in the direction of the face it follows.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Slice {
    /// The slice between R and L, turning like L.
    M,
    /// The slice between U and D, turning like D.
    E,
    /// The slice between F and B, turning like F.
    S,
}

impl Slice {
    /// All three slices.
    pub const ALL: [Slice; 3] = [Slice::M, Slice::E, Slice::S];

    /// The face whose clockwise turn this slice follows (M: L, E: D, S: F).
    pub const fn follows(self) -> Face {
        match self {
            Slice::M => Face::L,
            Slice::E => Face::D,
            Slice::S => Face::F,
        }
    }

    /// The slice's letter.
    pub const fn letter(self) -> char {
        match self {
            Slice::M => 'M',
            Slice::E => 'E',
            Slice::S => 'S',
        }
    }
}

/// What a turn moves.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Layer {
    /// One outer face (`R`).
    Face(Face),
    /// An outer face with the middle layer next to it (`Rw`, `2Rw`, `r`).
    Wide(Face),
    /// A middle slice (`M`, `E`, `S`).
    Slice(Slice),
    /// The whole cube (`x`, `y`, `z`).
    Rotation(Axis),
}

impl Layer {
    /// The axis this layer turns about; turns about the same axis commute.
    pub const fn axis(self) -> Axis {
        let face = match self {
            Layer::Face(f) | Layer::Wide(f) => f,
            Layer::Slice(s) => s.follows(),
            Layer::Rotation(a) => return a,
        };
        match face.axis() {
            0 => Axis::Y,
            1 => Axis::X,
            _ => Axis::Z,
        }
    }
}

/// A layer turned by 1, 2 or 3 clockwise quarter turns (3 is written `'`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Turn {
    /// What turns.
    pub layer: Layer,
    /// Clockwise quarter turns, 1..=3.
    pub amount: u8,
}

impl Turn {
    /// A turn of `layer` by `quarter_turns` (taken modulo 4); `None` when that is no turn.
    pub fn new(layer: Layer, quarter_turns: i64) -> Option<Turn> {
        let amount = quarter_turns.rem_euclid(4) as u8;
        (amount != 0).then_some(Turn { layer, amount })
    }

    /// The turn that undoes this one.
    pub const fn inverse(self) -> Turn {
        Turn {
            layer: self.layer,
            amount: 4 - self.amount,
        }
    }

    /// The outer face turn this is, if it is one.
    pub fn as_move(self) -> Option<Move> {
        match self.layer {
            Layer::Face(f) => Move::new(f, self.amount as i32),
            _ => None,
        }
    }

    /// Length in the half-turn metric (outer block turns count 1, slices 2, rotations 0).
    pub const fn htm(self) -> usize {
        match self.layer {
            Layer::Face(_) | Layer::Wide(_) => 1,
            Layer::Slice(_) => 2,
            Layer::Rotation(_) => 0,
        }
    }

    /// Length in the quarter-turn metric (half turns count double).
    pub const fn qtm(self) -> usize {
        let quarters = if self.amount == 2 { 2 } else { 1 };
        match self.layer {
            Layer::Face(_) | Layer::Wide(_) => quarters,
            Layer::Slice(_) => 2 * quarters,
            Layer::Rotation(_) => 0,
        }
    }

    /// Length in the slice-turn metric (any layer turn counts 1, rotations 0).
    pub const fn stm(self) -> usize {
        match self.layer {
            Layer::Rotation(_) => 0,
            _ => 1,
        }
    }
}

impl From<Move> for Turn {
    fn from(m: Move) -> Turn {
        Turn {
            layer: Layer::Face(m.face()),
            amount: m.turns(),
        }
    }
}

/// One element of an algorithm: a turn, or a group in parentheses repeated some times.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Node {
    /// A single turn.
    Turn(Turn),
    /// `(alg)n`, or `(alg)n'` when `inverted` (the inverse of `alg`, `n` times).
    Group {
        /// The grouped moves.
        alg: Alg,
        /// How many times (at least 1).
        repeat: u32,
        /// Whether the group is inverted (written with a trailing prime).
        inverted: bool,
    },
    /// `[A, B]`: the commutator `A B A' B'`.
    Commutator(Alg, Alg),
    /// `[A: B]`: the conjugate `A B A'`.
    Conjugate(Alg, Alg),
}

/// An algorithm in notation: a sequence of turns and groups.
///
/// Equality, hashing and serialisation look at the tree only.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Alg {
    nodes: Vec<Node>,
    /// [`Alg::to_outer_moves`], computed on first use by [`Alg::moves`].
    #[serde(skip)]
    outer: OnceLock<Vec<Move>>,
}

impl PartialEq for Alg {
    fn eq(&self, other: &Alg) -> bool {
        self.nodes == other.nodes
    }
}

impl Eq for Alg {}

impl std::hash::Hash for Alg {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.nodes.hash(state);
    }
}

impl Alg {
    /// The empty algorithm.
    pub const fn new() -> Alg {
        Alg {
            nodes: Vec::new(),
            outer: OnceLock::new(),
        }
    }

    /// An algorithm made of these elements.
    pub fn from_nodes(nodes: Vec<Node>) -> Alg {
        Alg {
            nodes,
            outer: OnceLock::new(),
        }
    }

    /// An algorithm of outer face turns.
    pub fn from_moves(moves: Vec<Move>) -> Alg {
        Alg::from_turns(moves.into_iter().map(Turn::from))
    }

    /// An algorithm of single turns.
    pub fn from_turns(turns: impl IntoIterator<Item = Turn>) -> Alg {
        Alg::from_nodes(turns.into_iter().map(Node::Turn).collect())
    }

    /// The top-level elements.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Appends an element.
    pub fn push(&mut self, node: Node) {
        self.nodes.push(node);
        self.outer = OnceLock::new();
    }

    /// The algorithm as outer face turns, rotation-free ([`Alg::to_outer_moves`]); for an
    /// algorithm of face turns only, exactly its turns. Computed once and kept.
    pub fn moves(&self) -> &[Move] {
        self.outer.get_or_init(|| self.to_outer_moves())
    }

    /// Whether there is nothing at the top level (an empty alg, or only comments).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Calls `f` with every turn in order, groups expanded.
    pub fn for_each_turn(&self, f: &mut impl FnMut(Turn)) {
        self.walk(false, f);
    }

    fn walk(&self, inverted: bool, f: &mut impl FnMut(Turn)) {
        let mut visit = |node: &Node| match node {
            Node::Turn(t) => f(if inverted { t.inverse() } else { *t }),
            Node::Group {
                alg,
                repeat,
                inverted: inv,
            } => {
                for _ in 0..*repeat {
                    alg.walk(inverted ^ inv, f);
                }
            }
            Node::Commutator(a, b) => {
                // (A B A' B')' = B A B' A'
                let (x, y) = if inverted { (b, a) } else { (a, b) };
                x.walk(false, f);
                y.walk(false, f);
                x.walk(true, f);
                y.walk(true, f);
            }
            Node::Conjugate(a, b) => {
                a.walk(false, f);
                b.walk(inverted, f);
                a.walk(true, f);
            }
        };
        if inverted {
            self.nodes.iter().rev().for_each(&mut visit);
        } else {
            self.nodes.iter().for_each(&mut visit);
        }
    }

    /// Every turn in order, groups expanded.
    pub fn turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        self.for_each_turn(&mut |t| out.push(t));
        out
    }

    /// The same turns with groups expanded, as a flat algorithm.
    pub fn expand(&self) -> Alg {
        Alg::from_turns(self.turns())
    }

    /// Number of turns once groups are expanded (saturating).
    pub fn expanded_len(&self) -> u64 {
        self.sum(&|_| 1)
    }

    fn sum(&self, cost: &impl Fn(Turn) -> u64) -> u64 {
        self.nodes
            .iter()
            .map(|n| match n {
                Node::Turn(t) => cost(*t),
                Node::Group { alg, repeat, .. } => alg.sum(cost).saturating_mul(*repeat as u64),
                Node::Commutator(a, b) => a.sum(cost).saturating_add(b.sum(cost)).saturating_mul(2),
                Node::Conjugate(a, b) => a.sum(cost).saturating_mul(2).saturating_add(b.sum(cost)),
            })
            .fold(0u64, u64::saturating_add)
    }

    /// The algorithm that undoes this one: elements reversed, each inverted.
    pub fn inverse(&self) -> Alg {
        Alg::from_nodes(
            self.nodes
                .iter()
                .rev()
                .map(|n| match n {
                    Node::Turn(t) => Node::Turn(t.inverse()),
                    Node::Group {
                        alg,
                        repeat,
                        inverted,
                    } => Node::Group {
                        alg: alg.clone(),
                        repeat: *repeat,
                        inverted: !inverted,
                    },
                    Node::Commutator(a, b) => Node::Commutator(b.clone(), a.clone()),
                    Node::Conjugate(a, b) => Node::Conjugate(a.clone(), b.inverse()),
                })
                .collect(),
        )
    }

    /// Length in the half-turn metric (HTM = OBTM: outer block turns 1, slices 2, rotations 0).
    pub fn htm(&self) -> usize {
        self.sum(&|t| t.htm() as u64) as usize
    }

    /// Length in the quarter-turn metric (half turns 2, slice quarter turns 2, rotations 0).
    pub fn qtm(&self) -> usize {
        self.sum(&|t| t.qtm() as u64) as usize
    }

    /// Length in the slice-turn metric (every layer turn 1, rotations 0).
    pub fn stm(&self) -> usize {
        self.sum(&|t| t.stm() as u64) as usize
    }

    /// The outer face turns, when every turn (groups expanded) is one; `None` if the algorithm
    /// has wide turns, slices or rotations (see [`Alg::to_outer_moves`] for those).
    pub fn face_turns(&self) -> Option<Vec<Move>> {
        let mut out = Vec::new();
        let mut ok = true;
        self.for_each_turn(&mut |t| match t.as_move() {
            Some(m) if ok => out.push(m),
            _ => ok = false,
        });
        ok.then_some(out)
    }

    /// The same algorithm as outer face turns named in the starting orientation, with rotations
    /// removed: wide turns and slices become outer turns plus a rotation, and each face turn is
    /// renamed after the centre that is on that side when it is made. Applying the result to a
    /// cube and then the rotations of [`Alg::net_rotation`] gives the same cube as the original.
    pub fn to_outer_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut orientation = 0u8;
        self.for_each_turn(&mut |t| {
            let centres = rotation::orientations()[orientation as usize].centres;
            for (f, amount) in t.outer_turns() {
                if let Some(m) = Move::new(centres[f.index()], amount) {
                    out.push(m);
                }
            }
            if let Some((axis, turns)) = t.rotation() {
                orientation = rotation::rotate(orientation, axis, turns);
            }
        });
        out
    }

    /// The whole-cube rotation this algorithm ends in, as a shortest sequence of rotations
    /// (empty when the cube ends the way it started).
    pub fn net_rotation(&self) -> Alg {
        Alg::from_turns(
            rotation::orientations()[self.final_orientation() as usize]
                .path
                .iter()
                .map(|&(axis, amount)| Turn {
                    layer: Layer::Rotation(axis),
                    amount,
                }),
        )
    }

    /// Index (into [`rotation::orientations`]) of the orientation the cube ends in.
    pub fn final_orientation(&self) -> u8 {
        let mut orientation = 0u8;
        self.for_each_turn(&mut |t| {
            if let Some((axis, turns)) = t.rotation() {
                orientation = rotation::rotate(orientation, axis, turns);
            }
        });
        orientation
    }
}

impl Turn {
    /// The outer face turns (face, signed quarter turns) that, followed by
    /// [`Turn::rotation`], make this turn: `Rw = L x`, `M = R L' x'`, `E = U D' y'`,
    /// `S = F' B z`.
    pub fn outer_turns(self) -> impl Iterator<Item = (Face, i32)> {
        let a = self.amount as i32;
        let (first, second) = match self.layer {
            Layer::Face(f) => (Some((f, a)), None),
            Layer::Wide(f) => (Some((f.opposite(), a)), None),
            Layer::Slice(s) => (Some((s.follows().opposite(), a)), Some((s.follows(), -a))),
            Layer::Rotation(_) => (None, None),
        };
        first.into_iter().chain(second)
    }

    /// The whole-cube rotation (axis, clockwise quarter turns) included in this turn, if any.
    pub fn rotation(self) -> Option<(Axis, u8)> {
        let a = self.amount as i32;
        match self.layer {
            Layer::Face(_) => None,
            Layer::Wide(f) => Some((self.layer.axis(), rotation_amount(f, a))),
            Layer::Slice(s) => Some((self.layer.axis(), rotation_amount(s.follows(), a))),
            Layer::Rotation(axis) => Some((axis, self.amount)),
        }
    }
}

/// Quarter turns of the rotation about `f`'s axis that matches `amount` turns of face `f`:
/// the same for the faces the rotations follow (R, U, F), opposite for L, D, B.
pub(crate) fn rotation_amount(f: Face, amount: i32) -> u8 {
    let follows_rotation = matches!(f, Face::R | Face::U | Face::F);
    let q = if follows_rotation { amount } else { -amount };
    q.rem_euclid(4) as u8
}

impl FromIterator<Turn> for Alg {
    fn from_iter<I: IntoIterator<Item = Turn>>(iter: I) -> Alg {
        Alg::from_turns(iter)
    }
}
