//! The 41 standard F2L cases and an algorithm for each, as data, for the pair that goes into
//! the front-right slot; the front-left versions are their mirror images.
//!
//! Source: the case numbering and grouping of the speedsolving.com wiki's "First Two Layers"
//! page (F2L 1–41: both pieces in the top layer 1–24, corner in the slot and edge in the top
//! 25–30, corner in the top and edge in the slot 31–36, both in the slot 37–41), with the
//! commonly taught intuitive algorithms. Where the wiki writes a case from another angle
//! (`y' U' R' U R`, `d R' U' R`), the table writes the same moves from the front
//! (`U' F' U F`), so that every algorithm is done with the slot at the front right and no
//! rotation inside; no algorithm turns B or D. A pair for a back slot is done without a
//! rotation by the case's back form, the algorithm mirrored front to back (`R' U' R` in the back
//! right for `R U R'` in the front right), for the cases whose algorithm turns only R (L) and U
//! (the others would turn B). No entry is trusted: the tests apply each one to a real cube, from
//! each of its four U positions, in the front-right slot, mirrored to the front left, and in
//! their back forms.
//!
//! Nothing here is a hand-typed recognition table: each case is the position its algorithm's
//! inverse makes from a solved cube, read as where the pair's corner and edge are.

use super::pieces::{corner_state, edge_state};
use rubik_cube::{Alg, CubieCube, Face, Move};
use std::collections::HashMap;
use std::sync::OnceLock;

/// One F2L case: its number (1–41) and its algorithm for the front-right slot.
#[derive(Clone, Copy, Debug)]
pub struct F2lCase {
    /// The case number, 1..=41.
    pub number: u8,
    /// The algorithm as written for the front-right slot.
    pub alg: &'static str,
}

macro_rules! cases {
    ($($n:literal $alg:literal),* $(,)?) => {
        &[$(F2lCase { number: $n, alg: $alg }),*]
    };
}

/// The 41 cases, in the wiki's order.
pub const F2L_CASES: &[F2lCase] = cases![
    // Both pieces in the top layer.
    1 "U R U' R'",
    2 "U' F' U F",
    3 "F' U' F",
    4 "R U R'",
    5 "U' R U R' U2 R U' R'",
    6 "U F' U' F U2 F' U F",
    7 "U' R U2 R' U2 R U' R'",
    8 "U F' U2 F U2 F' U F",
    9 "U' R U' R' U F' U' F",
    10 "U' R U R' U R U R'",
    11 "U' R U2 R' U F' U' F",
    12 "R U' R' U R U' R' U2 R U' R'",
    13 "U F' U F U' F' U' F",
    14 "U' R U' R' U R U R'",
    15 "F' U F U2 R U R'",
    16 "R U' R' U2 F' U' F",
    17 "R U2 R' U' R U R'",
    18 "F' U2 F U F' U' F",
    19 "U R U2 R' U R U' R'",
    20 "U' F' U2 F U' F' U F",
    21 "U2 R U R' U R U' R'",
    22 "U2 F' U' F U' F' U F",
    23 "U R U' R' U' R U' R' U R U' R'",
    24 "F U R U' R' F' R U' R'",
    // Corner in the slot, edge in the top layer.
    25 "U' R' F R F' R U R'",
    26 "U R U' R' F R' F' R",
    27 "R U' R' U R U' R'",
    28 "F' U F U' F' U F",
    29 "R U R' U' R U R'",
    30 "F' U' F U F' U' F",
    // Corner in the top layer, edge in the slot.
    31 "U' R' F R F' R U' R'",
    32 "U R U' R' U R U' R' U R U' R'",
    33 "U' R U' R' U2 R U' R'",
    34 "U R U R' U2 R U R'",
    35 "U' R U R' U F' U' F",
    36 "F' U' F U R U' R'",
    // Both pieces in the slot.
    37 "R2 U2 F R2 F' U2 R' U R'",
    38 "R U' R' U' R U R' U2 R U' R'",
    39 "R U' R' U R U2 R' U R U' R'",
    40 "R F U R U' R' F' U' R'",
    41 "R U R' U' R U' R' U2 F' U' F",
];

/// Which slot an algorithm is done in, as the cube is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Front right (the table as written).
    Right,
    /// Front left (the table mirrored left to right).
    Left,
    /// Back left, seen from the front: the front-left algorithm mirrored front to back, for
    /// the cases whose algorithm is ⟨L,U⟩ only (so the back form turns no B).
    BackLeft,
    /// Back right, seen from the front: the table mirrored front to back (`R' U' R` for
    /// `R U R'`), for the cases whose algorithm is ⟨R,U⟩ only.
    BackRight,
}

impl Side {
    /// Every side, by slot index.
    pub const ALL: [Side; 4] = [Side::Right, Side::Left, Side::BackLeft, Side::BackRight];

    /// The slot index ([`super::f2l::SLOTS`]) of this side: 0 front right, 1 front left, 2
    /// back left, 3 back right.
    pub fn slot(self) -> usize {
        match self {
            Side::Right => 0,
            Side::Left => 1,
            Side::BackLeft => 2,
            Side::BackRight => 3,
        }
    }

    /// For a back slot, the front slot whose algorithms it mirrors front to back (back right:
    /// front right); `None` for a front slot.
    pub fn front_of_back(self) -> Option<Side> {
        match self {
            Side::BackRight => Some(Side::Right),
            Side::BackLeft => Some(Side::Left),
            _ => None,
        }
    }
}

/// An algorithm mirrored left to right (front-right to front-left): R and L swap, r and l swap,
/// and every turn goes the other way.
pub fn mirror(alg: &str) -> String {
    reflect(alg, [('R', 'L'), ('r', 'l')])
}

/// An algorithm mirrored front to back (front-right to back-right, front-left to back-left):
/// F and B swap, f and b swap, and every turn goes the other way (`R U R'` becomes `R' U' R`).
pub fn mirror_front_back(alg: &str) -> String {
    reflect(alg, [('F', 'B'), ('f', 'b')])
}

/// An algorithm reflected in a plane: the letters of each pair swap, every turn reverses.
fn reflect(alg: &str, swaps: [(char, char); 2]) -> String {
    alg.split_whitespace()
        .map(|token| {
            let mut chars = token.chars();
            let letter = chars.next().unwrap_or(' ');
            let rest: String = chars.collect();
            let letter = swaps
                .iter()
                .find_map(|&(a, b)| {
                    if letter == a {
                        Some(b)
                    } else if letter == b {
                        Some(a)
                    } else {
                        None
                    }
                })
                .unwrap_or(letter);
            match rest.as_str() {
                "'" => letter.to_string(),
                "2" | "2'" => format!("{letter}2"),
                _ => format!("{letter}'"),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pieces' states a case is read from: the slot's corner and edge (`position * 3 +
/// twist`, `position * 2 + flip`).
pub type CaseKey = (u8, u8);

/// One algorithm ready to use: its text and moves for one side.
#[derive(Clone, Debug)]
pub struct SidedAlg {
    /// As written.
    pub text: String,
    /// As outer face turns.
    pub moves: Vec<Move>,
}

impl SidedAlg {
    /// The U turn `auf` (quarter turns) merged into the algorithm's first turn when that is a
    /// U turn too, as a person does it (`U' R U R'`, never `U2 U R U R'`; `U2` before `U2 …`
    /// is nothing): `Some(merged turn or None when the two cancel)`, or `None` when there is
    /// nothing to merge.
    fn merged_first(&self, auf: usize) -> Option<Option<Move>> {
        let first = self.moves.first()?;
        if auf.is_multiple_of(4) || first.face() != Face::U {
            return None;
        }
        // The text must open with that turn to respell it (one token per turn).
        if self.text.split_whitespace().next() != Some(first.to_string().as_str()) {
            return None;
        }
        Some(Move::new(Face::U, auf as i32 + i32::from(first.turns())))
    }

    /// The moves of the U turn `auf` then the algorithm, merged where they meet.
    pub fn after_u_turn(&self, auf: usize) -> Vec<Move> {
        match self.merged_first(auf) {
            Some(merged) => merged
                .into_iter()
                .chain(self.moves[1..].iter().copied())
                .collect(),
            None => u_turn(auf)
                .into_iter()
                .chain(self.moves.iter().copied())
                .collect(),
        }
    }

    /// How many turns [`Self::after_u_turn`] has (without building them).
    pub fn len_after_u_turn(&self, auf: usize) -> usize {
        match self.merged_first(auf) {
            Some(Some(_)) => self.moves.len(),
            Some(None) => self.moves.len() - 1,
            None => usize::from(!auf.is_multiple_of(4)) + self.moves.len(),
        }
    }

    /// [`Self::after_u_turn`] as written: the algorithm's own spelling after the U turn.
    pub fn text_after_u_turn(&self, auf: usize) -> String {
        let rest = |skip: usize| self.text.split_whitespace().skip(skip).collect::<Vec<_>>();
        let tokens: Vec<String> = match self.merged_first(auf) {
            Some(merged) => merged
                .map(|m| m.to_string())
                .into_iter()
                .chain(rest(1).into_iter().map(str::to_string))
                .collect(),
            None => u_turn(auf)
                .map(|m| m.to_string())
                .into_iter()
                .chain(rest(0).into_iter().map(str::to_string))
                .collect(),
        };
        tokens.join(" ")
    }
}

/// The cases by the pieces' states, for each side, built once from the algorithms.
pub struct CaseBook {
    /// `algs[side][case]`: every case for each side; a back side's algorithms that would turn
    /// B are listed but never recognised (see [`CaseBook::has`]).
    pub algs: [Vec<SidedAlg>; 4],
    by_key: [HashMap<CaseKey, usize>; 4],
}

/// The key of the slot `slot`'s pair in `c`.
pub fn key(c: &CubieCube, slot: usize) -> CaseKey {
    let s = &super::f2l::SLOTS[slot];
    (corner_state(c, s.corner), edge_state(c, s.edge))
}

/// A pair's key after `moves`.
pub fn key_after(k: CaseKey, moves: &[Move]) -> CaseKey {
    let t = super::pieces::piece_moves();
    moves.iter().fold(k, |(c, e), m| {
        (
            t.corner[usize::from(c)][m.index()],
            t.edge[usize::from(e)][m.index()],
        )
    })
}

/// The position an algorithm solves: its inverse applied to a solved cube.
pub fn case_cube(moves: &[Move]) -> CubieCube {
    let inverse: Vec<Move> = moves.iter().rev().map(|m| m.inverse()).collect();
    CubieCube::from_moves(&inverse)
}

/// A U-layer turn by `a` quarter turns (none for 0).
pub fn u_turn(a: usize) -> Option<Move> {
    Move::new(Face::U, a as i32)
}

/// The case book (derived once from [`F2L_CASES`]).
pub fn case_book() -> &'static CaseBook {
    static BOOK: OnceLock<CaseBook> = OnceLock::new();
    BOOK.get_or_init(|| {
        let sided = |side: Side| -> Vec<SidedAlg> {
            F2L_CASES
                .iter()
                .map(|c| {
                    let text = match side {
                        Side::Right => c.alg.to_string(),
                        Side::Left => mirror(c.alg),
                        Side::BackRight => mirror_front_back(c.alg),
                        Side::BackLeft => mirror_front_back(&mirror(c.alg)),
                    };
                    let moves = Alg::parse(&text)
                        .expect("the F2L table is valid notation (tested)")
                        .moves()
                        .to_vec();
                    SidedAlg { text, moves }
                })
                .collect()
        };
        let algs = Side::ALL.map(sided);
        // Only algorithms with no B and no D turn are done (a back slot's form of an algorithm
        // that turns F would turn B).
        let index = |side: Side| -> HashMap<CaseKey, usize> {
            algs[side.slot()]
                .iter()
                .enumerate()
                .filter(|(_, a)| {
                    a.moves
                        .iter()
                        .all(|m| !matches!(m.face(), Face::B | Face::D))
                })
                .map(|(i, a)| (key(&case_cube(&a.moves), side.slot()), i))
                .collect()
        };
        let by_key = Side::ALL.map(index);
        CaseBook { algs, by_key }
    })
}

impl CaseBook {
    /// Whether case `case` (index into [`F2L_CASES`]) is done in the `side` slot: always at
    /// the front; at the back when its algorithm turns only R (L) and U.
    #[cfg(test)]
    pub fn has(&self, side: Side, case: usize) -> bool {
        self.by_key[side.slot()].values().any(|&i| i == case)
    }

    /// The case of the pair of the `side` slot in `c` (its corner and edge in the top layer or
    /// that slot): `(U turns before the algorithm, case index)`, or `None` when the pair is
    /// solved or a piece is elsewhere.
    #[cfg(test)]
    pub fn recognise(&self, c: &CubieCube, side: Side) -> Option<(usize, usize)> {
        self.recognise_key(key(c, side.slot()), side)
    }

    /// [`CaseBook::recognise`] from the pair's key (its corner's and edge's states).
    pub fn recognise_key(&self, k: CaseKey, side: Side) -> Option<(usize, usize)> {
        (0..4).find_map(|a| {
            let turned = u_turn(a).map_or(k, |m| key_after(k, &[m]));
            self.by_key[side.slot()].get(&turned).map(|&i| (a, i))
        })
    }
}

/// Where a case's pieces are, for its description: the corner in the top layer or in the
/// slot, the edge likewise, and which way the corner's cross-colour sticker and the edge face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaseShape {
    /// The corner is in the slot (else in the top layer).
    pub corner_in_slot: bool,
    /// The edge is in the slot (else in the top layer).
    pub edge_in_slot: bool,
    /// The face the corner's cross-colour (D) sticker is on, as the case is shown.
    pub sticker: Face,
    /// For an edge in the slot: whether it is flipped.
    pub edge_flipped: bool,
}

/// The shape of the `side` slot's pair in `c` (the cube as the case is done).
pub fn shape(c: &CubieCube, side: Side) -> CaseShape {
    use rubik_cube::piece::CORNER_FACELETS;
    let s = &super::f2l::SLOTS[side.slot()];
    let (corner, edge) = key(c, side.slot());
    let corner_pos = usize::from(corner / 3);
    let edge_pos = usize::from(edge / 2);
    let facelets = c.to_face_array();
    // The facelet of the corner's position that shows the D colour.
    let sticker = CORNER_FACELETS[corner_pos]
        .iter()
        .find(|&&i| facelets[i] == Face::D)
        .map_or(Face::D, |&i| Face::ALL[i / 9]);
    CaseShape {
        corner_in_slot: corner_pos == s.corner,
        edge_in_slot: edge_pos == s.edge,
        sticker,
        edge_flipped: edge % 2 == 1,
    }
}
