//! The last layer: OLL (57 cases) and PLL (21 cases) by well-known algorithms.
//!
//! Nothing here is a hand-typed recognition table: each case's signature is read off the cube
//! that the inverse of its algorithm makes from a solved cube, and a cube is recognised by
//! comparing its own signature (after each of the four U-layer turns) with those.

use rubik_cube::{Alg, CubieCube, Face, Move};
use std::collections::HashMap;
use std::sync::OnceLock;

/// An OLL case: its number, common name and algorithm (written as cubers write it).
#[derive(Clone, Copy, Debug)]
pub struct OllCase {
    /// Case number, 1..=57.
    pub number: u8,
    /// Common name of the shape.
    pub name: &'static str,
    /// A standard algorithm.
    pub alg: &'static str,
}

/// A PLL case: its name and algorithm.
#[derive(Clone, Copy, Debug)]
pub struct PllCase {
    /// Case name (`"T-perm"`).
    pub name: &'static str,
    /// A standard algorithm.
    pub alg: &'static str,
}

macro_rules! oll {
    ($($n:literal $name:literal $alg:literal),* $(,)?) => {
        &[$(OllCase { number: $n, name: $name, alg: $alg }),*]
    };
}

/// The 57 OLL cases.
pub const OLL_CASES: &[OllCase] = oll![
    1 "Dot" "R U2 R2 F R F' U2 R' F R F'",
    2 "Dot" "F R U R' U' F' f R U R' U' f'",
    3 "Dot" "f R U R' U' f' U' F R U R' U' F'",
    4 "Dot" "f R U R' U' f' U F R U R' U' F'",
    5 "Square" "r' U2 R U R' U r",
    6 "Square" "r U2 R' U' R U' r'",
    7 "Small lightning bolt" "r U R' U R U2 r'",
    8 "Small lightning bolt" "l' U' L U' L' U2 l",
    9 "Fish" "R U R' U' R' F R2 U R' U' F'",
    10 "Fish" "R U R' U R' F R F' R U2 R'",
    11 "Small lightning bolt" "r U R' U R' F R F' R U2 r'",
    12 "Small lightning bolt" "M' R' U' R U' R' U2 R U' M",
    13 "Knight move" "F U R U' R2 F' R U R U' R'",
    14 "Knight move" "R' F R U R' F' R F U' F'",
    15 "Knight move" "r' U' r R' U' R U r' U r",
    16 "Knight move" "r U r' R U R' U' r U' r'",
    17 "Dot" "R U R' U R' F R F' U2 R' F R F'",
    18 "Dot" "r U R' U R U2 r2 U' R U' R' U2 r",
    19 "Dot" "r' R U R U R' U' M' R' F R F'",
    20 "Dot" "r U R' U' M2 U R U' R' U' M'",
    21 "Cross (H)" "R U2 R' U' R U R' U' R U' R'",
    22 "Cross (Pi)" "R U2 R2 U' R2 U' R2 U2 R",
    23 "Headlights" "R2 D' R U2 R' D R U2 R",
    24 "Chameleon" "r U R' U' r' F R F'",
    25 "Bowtie" "F' r U R' U' r' F R",
    26 "Anti-Sune" "R U2 R' U' R U' R'",
    27 "Sune" "R U R' U R U2 R'",
    28 "Stealth" "r U R' U' r' R U R U' R'",
    29 "Awkward" "R U R' U' R U' R' F' U' F R U R'",
    30 "Awkward" "F R' F R2 U' R' U' R U R' F2",
    31 "P-shape" "R' U' F U R U' R' F' R",
    32 "P-shape" "L U F' U' L' U L F L'",
    33 "T-shape" "R U R' U' R' F R F'",
    34 "C-shape" "R U R2 U' R' F R U R U' F'",
    35 "Fish" "R U2 R2 F R F' R U2 R'",
    36 "W-shape" "L' U' L U' L' U L U L F' L' F",
    37 "Fish" "F R' F' R U R U' R'",
    38 "W-shape" "R U R' U R U' R' U' R' F R F'",
    39 "Big lightning bolt" "L F' L' U' L U F U' L'",
    40 "Big lightning bolt" "R' F R U R' U' F' U R",
    41 "Awkward" "R U R' U R U2 R' F R U R' U' F'",
    42 "Awkward" "R' U' R U' R' U2 R F R U R' U' F'",
    43 "P-shape" "F' U' L' U L F",
    44 "P-shape" "F U R U' R' F'",
    45 "T-shape" "F R U R' U' F'",
    46 "C-shape" "R' U' R' F R F' U R",
    47 "Small L-shape" "R' U' R' F R F' R' F R F' U R",
    48 "Small L-shape" "F R U R' U' R U R' U' F'",
    49 "Small L-shape" "r U' r2 U r2 U r2 U' r",
    50 "Small L-shape" "r' U r2 U' r2 U' r2 U r'",
    51 "Line" "F U R U' R' U R U' R' F'",
    52 "Line" "R U R' U R U' B U' B' R'",
    53 "Small L-shape" "l' U2 L U L' U' L U L' U l",
    54 "Small L-shape" "r U2 R' U' R U R' U' R U' r'",
    55 "Line" "R' F R U R U' R2 F' R2 U' R' U R U R'",
    56 "Line" "r' U' r U' R' U R U' R' U R r' U r",
    57 "Corners oriented (H)" "R U R' U' M' U R U' r'",
];

/// The 21 PLL cases.
pub const PLL_CASES: &[PllCase] = &[
    PllCase {
        name: "Aa-perm",
        alg: "x L2 D2 L' U' L D2 L' U L' x'",
    },
    PllCase {
        name: "Ab-perm",
        alg: "x R2 D2 R U R' D2 R U' R x'",
    },
    PllCase {
        name: "E-perm",
        alg: "x' R U' R' D R U R' D' R U R' D R U' R' D' x",
    },
    PllCase {
        name: "F-perm",
        alg: "R' U' F' R U R' U' R' F R2 U' R' U' R U R' U R",
    },
    PllCase {
        name: "Ga-perm",
        alg: "R2 U R' U R' U' R U' R2 U' D R' U R D'",
    },
    PllCase {
        name: "Gb-perm",
        alg: "R' U' R U D' R2 U R' U R U' R U' R2 D",
    },
    PllCase {
        name: "Gc-perm",
        alg: "R2 U' R U' R U R' U R2 U D' R U' R' D",
    },
    PllCase {
        name: "Gd-perm",
        alg: "R U R' U' D R2 U' R U' R' U R' U R2 D'",
    },
    PllCase {
        name: "H-perm",
        alg: "M2 U M2 U2 M2 U M2",
    },
    PllCase {
        name: "Ja-perm",
        alg: "L' U' L F L' U' L U L F' L2 U L",
    },
    PllCase {
        name: "Jb-perm",
        alg: "R U R' F' R U R' U' R' F R2 U' R'",
    },
    PllCase {
        name: "Na-perm",
        alg: "R U R' U R U R' F' R U R' U' R' F R2 U' R' U2 R U' R'",
    },
    PllCase {
        name: "Nb-perm",
        alg: "R' U R U' R' F' U' F R U R' F R' F' R U' R",
    },
    PllCase {
        name: "Ra-perm",
        alg: "R U' R' U' R U R D R' U' R D' R' U2 R'",
    },
    PllCase {
        name: "Rb-perm",
        alg: "R2 F R U R U' R' F' R U2 R' U2 R",
    },
    PllCase {
        name: "T-perm",
        alg: "R U R' U' R' F R2 U' R' U' R U R' F'",
    },
    PllCase {
        name: "Ua-perm",
        alg: "M2 U M U2 M' U M2",
    },
    PllCase {
        name: "Ub-perm",
        alg: "M2 U' M U2 M' U' M2",
    },
    PllCase {
        name: "V-perm",
        alg: "R' U R' U' y R' F' R2 U' R' U R' F R F",
    },
    PllCase {
        name: "Y-perm",
        alg: "F R U' R' U' R U R' F' R U R' U' R' F R F'",
    },
    PllCase {
        name: "Z-perm",
        alg: "M' U M2 U M2 U M' U2 M2",
    },
];

/// A U-layer turn by `a` quarter turns (none for 0).
pub fn u_turn(a: usize) -> Option<Move> {
    Move::new(Face::U, a as i32)
}

/// Orientation pattern of the last layer: the twists of the four U corners and flips of the
/// four U edges, by position.
pub fn oll_signature(c: &CubieCube) -> u16 {
    let corners = c.co[..4]
        .iter()
        .rev()
        .fold(0u16, |a, &o| a * 3 + u16::from(o));
    let edges = c.eo[..4]
        .iter()
        .rev()
        .fold(0u16, |a, &o| a * 2 + u16::from(o));
    corners * 16 + edges
}

/// Permutation pattern of the last layer up to a final U turn: where each U corner and edge
/// is, counted relative to the corner at URF (so that turning U afterwards changes nothing).
pub fn pll_signature(c: &CubieCube) -> u32 {
    let k = c.cp[0];
    let rel = |p: u8| u32::from((p + 4 - k) % 4);
    let corners = c.cp[..4].iter().fold(0u32, |a, &p| a * 4 + rel(p));
    let edges = c.ep[..4].iter().fold(0u32, |a, &p| a * 4 + rel(p));
    corners * 256 + edges
}

/// The algorithms as face turns, and the signature of the case each one solves.
pub struct LastLayer {
    /// OLL algorithms in face turns, in [`OLL_CASES`] order.
    pub oll_moves: Vec<Vec<Move>>,
    /// PLL algorithms in face turns, in [`PLL_CASES`] order.
    pub pll_moves: Vec<Vec<Move>>,
    oll_by_signature: HashMap<u16, usize>,
    pll_by_signature: HashMap<u32, usize>,
}

/// An algorithm as written (wide turns, slices, rotations) as outer face turns relative to the
/// centres.
fn read(text: &str) -> Vec<Move> {
    Alg::parse(text)
        .expect("the algorithm tables are valid notation (tested)")
        .moves()
        .to_vec()
}

/// The case cube an algorithm solves: its inverse applied to a solved cube.
pub fn case_cube(moves: &[Move]) -> CubieCube {
    let inverse: Vec<Move> = moves.iter().rev().map(|m| m.inverse()).collect();
    CubieCube::from_moves(&inverse)
}

/// The last-layer tables, derived once from the algorithms.
pub fn last_layer() -> &'static LastLayer {
    static TABLE: OnceLock<LastLayer> = OnceLock::new();
    TABLE.get_or_init(|| {
        let oll_moves: Vec<Vec<Move>> = OLL_CASES.iter().map(|c| read(c.alg)).collect();
        let pll_moves: Vec<Vec<Move>> = PLL_CASES.iter().map(|c| read(c.alg)).collect();
        let oll_by_signature = oll_moves
            .iter()
            .enumerate()
            .map(|(i, m)| (oll_signature(&case_cube(m)), i))
            .collect();
        let pll_by_signature = pll_moves
            .iter()
            .enumerate()
            .map(|(i, m)| (pll_signature(&case_cube(m)), i))
            .collect();
        LastLayer {
            oll_moves,
            pll_moves,
            oll_by_signature,
            pll_by_signature,
        }
    })
}

impl LastLayer {
    /// The OLL case of `c` (F2L solved): `(pre-AUF quarter turns, case index)`, or `None` when
    /// the last layer is already oriented (or `c` is not an OLL case).
    pub fn recognise_oll(&self, c: &CubieCube) -> Option<(usize, usize)> {
        if oll_signature(c) == 0 {
            return None;
        }
        (0..4).find_map(|a| {
            let turned = u_turn(a).map_or(*c, |m| c.apply_move(m));
            self.oll_by_signature
                .get(&oll_signature(&turned))
                .map(|&i| (a, i))
        })
    }

    /// The PLL case of `c` (all but the last layer's permutation solved):
    /// `(pre-AUF, case index, final AUF)`, or `None` when a U turn alone solves it.
    pub fn recognise_pll(&self, c: &CubieCube) -> Option<(usize, usize, usize)> {
        if (0..4).any(|a| u_turn(a).map_or(*c, |m| c.apply_move(m)).is_solved()) {
            return None;
        }
        (0..4).find_map(|a| {
            let turned = u_turn(a).map_or(*c, |m| c.apply_move(m));
            let &i = self.pll_by_signature.get(&pll_signature(&turned))?;
            let after = turned.apply_moves(&self.pll_moves[i]);
            let auf =
                (0..4).find(|&b| u_turn(b).map_or(after, |m| after.apply_move(m)).is_solved())?;
            Some((a, i, auf))
        })
    }
}
