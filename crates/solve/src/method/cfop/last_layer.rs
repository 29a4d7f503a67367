//! The last layer: OLL (57 cases, numbered 1–57 as in the standard list) and PLL (21 cases,
//! Aa…Z) by well-known algorithms, with no whole-cube rotation.
//!
//! Each case has its main algorithm ([`OLL_CASES`], [`PLL_CASES`]) and, for many, the same
//! case done from another angle ([`OLL_ANGLES`], [`PLL_ANGLES`]): left-hand mirrors and
//! inverses of common algorithms, as cubers learn them to skip a U turn. The set was chosen
//! from algorithms in public speedcubing lists (the common ones per case, written without
//! rotations; slices and wide turns count one move) by the shortest in STM, and its numbering
//! was checked against those lists: every public algorithm listed for case N solves our case
//! N. OLL 23 (D) and the A-perms (B) keep their common forms, for which no ⟨R, U, L, F⟩
//! algorithm as short is in use. The solver takes, for a case, the algorithm with the fewest
//! moves counting its U turns ([`LastLayer::plan_oll`], [`LastLayer::plan_pll`]).
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
    2 "Dot" "F R U R' U' S R U R' U' f'",
    3 "Dot" "r' R2 U R' U r U2 r' U M'",
    4 "Dot" "l L2 U' L U' l' U2 l U' M'",
    5 "Square" "r' U2 R U R' U r",
    6 "Square" "r U2 R' U' R U' r'",
    7 "Small lightning bolt" "r U R' U R U2 r'",
    8 "Small lightning bolt" "l' U' L U' L' U2 l",
    9 "Fish" "R U2 R' U' S' R U' R' S",
    10 "Fish" "L' U2 L U S L' U L S'",
    11 "Small lightning bolt" "r' R2 U R' U R U2 R' U M'",
    12 "Small lightning bolt" "M' R' U' R U' R' U2 R U' M",
    13 "Knight move" "F U R U2 R' U' R U R' F'",
    14 "Knight move" "R' F R U R' F' R F U' F'",
    15 "Knight move" "r' U' M' U' R U r' U r",
    16 "Knight move" "r U M U R' U' r U' r'",
    17 "Dot" "F R' F' R U S' R U' R' S",
    18 "Dot" "F S' R U' R' S R U2 R' U' F'",
    19 "Dot" "S' R U R' S U' R' F R F'",
    20 "Dot" "r U R' U' M2 U R U' R' U' M'",
    21 "Cross (H)" "R U2 R' U' R U R' U' R U' R'",
    22 "Cross (Pi)" "R U2 R2 U' R2 U' R2 U2 R",
    23 "Headlights" "R2 D' R U2 R' D R U2 R",
    24 "Chameleon" "r U R' U' r' F R F'",
    25 "Bowtie" "F' r U R' U' r' F R",
    26 "Anti-Sune" "R U2 R' U' R U' R'",
    27 "Sune" "R U R' U R U2 R'",
    28 "Stealth" "M' U M U2 M' U M",
    29 "Awkward" "S L U L' f' L U' L' U F",
    30 "Awkward" "F R' F R2 U' R' U' R U R' F2",
    31 "P-shape" "R' U' F U R U' R' F' R",
    32 "P-shape" "L U F' U' L' U L F L'",
    33 "T-shape" "R U R' U' R' F R F'",
    34 "C-shape" "f R f' U' r' U' R U M'",
    35 "Fish" "R U2 R2 F R F' R U2 R'",
    36 "W-shape" "R U R2 F' U' F U R2 U2 R'",
    37 "Fish" "F R' F' R U R U' R'",
    38 "W-shape" "F R U' R' S U' R U R' f'",
    39 "Big lightning bolt" "L F' L' U' L U F U' L'",
    40 "Big lightning bolt" "R' F R U R' U' F' U R",
    41 "Awkward" "S U' R' F' U' F U R S'",
    42 "Awkward" "F S' R U R' U' F' U S",
    43 "P-shape" "F' U' L' U L F",
    44 "P-shape" "F U R U' R' F'",
    45 "T-shape" "F R U R' U' F'",
    46 "C-shape" "R' U' R' F R F' U R",
    47 "Small L-shape" "F' L' U' L U L' U' L U F",
    48 "Small L-shape" "F R U R' U' R U R' U' F'",
    49 "Small L-shape" "r U' r2 U r2 U r2 U' r",
    50 "Small L-shape" "r' U r2 U' r2 U' r2 U r'",
    51 "Line" "F U R U' R' U R U' R' F'",
    52 "Line" "R' F' U' F U' R U R' U R",
    53 "Small L-shape" "l' U2 L U L' U' L U L' U l",
    54 "Small L-shape" "r U2 R' U' R U R' U' R U' r'",
    55 "Line" "R U2 R2 U' R U' R' U2 F R F'",
    56 "Line" "r U r' U R U' R' M' U R U2 r'",
    57 "Corners oriented (H)" "R U R' U' M' U R U' r'",
];

/// The 21 PLL cases.
pub const PLL_CASES: &[PllCase] = &[
    PllCase {
        name: "Aa-perm",
        alg: "R' F R' B2 R F' R' B2 R2",
    },
    PllCase {
        name: "Ab-perm",
        alg: "R B' R F2 R' B R F2 R2",
    },
    PllCase {
        name: "E-perm",
        alg: "R2 U F' R' U R U' R' U R U' R' U R U' F U' R2",
    },
    PllCase {
        name: "F-perm",
        alg: "R' U R U' R2 F' U' F U R F R' F' R2",
    },
    PllCase {
        name: "Ga-perm",
        alg: "R2 u R' U R' U' R u' R2 F' U F",
    },
    PllCase {
        name: "Gb-perm",
        alg: "F' U' F R2 u R' U R U' R u' R2",
    },
    PllCase {
        name: "Gc-perm",
        alg: "R2 u' R U' R U R' u R2 f R' f'",
    },
    PllCase {
        name: "Gd-perm",
        alg: "f R f' R2 u' R U' R' U R' u R2",
    },
    PllCase {
        name: "H-perm",
        alg: "M2 U M2 U2 M2 U M2",
    },
    PllCase {
        name: "Ja-perm",
        alg: "R' U L' U2 R U' R' U2 R L",
    },
    PllCase {
        name: "Jb-perm",
        alg: "R L U2 L' U' L U2 R' U L'",
    },
    PllCase {
        name: "Na-perm",
        alg: "L U' R U2 L' U R' L U' R U2 L' U R'",
    },
    PllCase {
        name: "Nb-perm",
        alg: "R' U L' U2 R U' L R' U L' U2 R U' L",
    },
    PllCase {
        name: "Ra-perm",
        alg: "L U2 L' U2 L F' L' U' L U L F L2",
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
        alg: "R' U R U' R' f' U' R U2 R' U' R U' R' f R",
    },
    PllCase {
        name: "Y-perm",
        alg: "R2 U' R2 U' R2 U F U F' R2 F U' F'",
    },
    PllCase {
        name: "Z-perm",
        alg: "M' U M2 U M2 U M' U2 M2",
    },
];

/// OLL algorithms for other angles: `(case number, algorithm)`. Each solves its case held
/// another way round than the main algorithm does (usually its mirror image, or the same
/// shape from the other side), so that the case needs no U turn first; the solver takes
/// whichever is shortest with its U turn.
pub const OLL_ANGLES: &[(&str, &str)] = &[
    ("2", "r U r' U2 R U2 R' U2 r U' r'"),
    ("2", "F R' F' R U2 F R' F' R2 U2 R'"),
    ("3", "R' F2 R2 U2 R' F R U2 R2 F2 R"),
    ("4", "R' F2 R2 U2 R' F' R U2 R2 F2 R"),
    ("5", "l' U2 L U L' U l"),
    ("6", "l U2 L' U' L U' l'"),
    ("7", "l U L' U L U2 l'"),
    ("8", "r' U' R U' R' U2 r"),
    ("9", "F' U' F r U' r' U r U r'"),
    ("10", "F U F' R' F R U' R' F' R"),
    ("11", "S' U2 R U R' U R U2 R' S"),
    ("12", "l L2 U' L U' L' U2 L U' M'"),
    ("15", "l' U' M U' L U l' U l"),
    ("16", "l U M' U L' U' l U' l'"),
    ("17", "F' L F L' U' S L' U L S'"),
    ("18", "F' S L' U L S' L' U2 L U F"),
    ("19", "S L' U' L S' U L F' L' F"),
    ("19", "M U R U R' U' M' R' F R F'"),
    ("21", "R U R' U R U' R' U R U2 R'"),
    ("22", "L' U2 L2 U L2 U L2 U2 L'"),
    ("23", "R2 D R' U2 R D' R' U2 R'"),
    ("24", "l' U' L U l F' L' F"),
    ("25", "F R' F' r U R U' r'"),
    ("26", "R' U' R U' R' U2 R"),
    ("26", "L' U' L U' L' U2 L"),
    ("26", "L U2 L' U' L U' L'"),
    ("27", "R' U2 R U R' U R"),
    ("27", "L' U2 L U L' U L"),
    ("27", "L U L' U L U2 L'"),
    ("28", "M' U' M U2 M' U' M"),
    ("28", "R' F R S R' F' R S'"),
    ("28", "L F' L' S' L F L' S"),
    ("29", "S' R U R' U' R' F R F' U S"),
    ("29", "M U R U R' U' R' F R F' M'"),
    ("29", "F' L F' L2 U L U L' U' L F2"),
    ("30", "S' R' U' R f R' U R U' F'"),
    ("30", "S L' U' L U L F' L' F U' S'"),
    ("30", "M U' L' U' L U L F' L' F M'"),
    ("31", "S R U R' U' f' U' F"),
    ("31", "S' L' U' L U L F' L' f"),
    ("32", "S' L' U' L U f U F'"),
    ("32", "S R U R' U' R' F R f'"),
    ("33", "L' U' L U L F' L' F"),
    ("34", "f' L' f U l U L' U' M'"),
    ("35", "L' U2 L2 F' L' F L' U2 L"),
    ("36", "R' F' U' F2 U R U' R' F' R"),
    ("37", "F' r U r' U' r' F r"),
    ("37", "R U2 R' F R' F' R2 U2 R'"),
    ("37", "L' U2 L F' L F L2 U2 L"),
    ("38", "L F U F2 U' L' U L F L'"),
    ("39", "F U' f' U' L' U L S"),
    ("39", "f' r U r' U' r' F r S"),
    ("40", "F' U f U R U' R' S'"),
    ("40", "f R' F' R U R U' R' S'"),
    ("41", "R' F' U' F R S' R' U R S"),
    ("42", "L F U F' L' S L U' L' S'"),
    ("43", "R' U' F' U F R"),
    ("43", "f' L' U' L U f"),
    ("43", "r' F' U' F U r"),
    ("44", "f R U R' U' f'"),
    ("44", "L U F U' F' L'"),
    ("44", "l F U F' U' l'"),
    ("45", "R' F' U' F U R"),
    ("45", "f U R U' R' f'"),
    ("45", "r' U' F' U F r"),
    ("46", "L U L F' L' F U' L'"),
    ("46", "S R' U' F' U F R U S'"),
    ("47", "R' F' U' F U F' U' F U R"),
    ("47", "f' U' L' U L U' L' U L f"),
    ("47", "r' U' F' U F U' F' U F r"),
    ("48", "f U R U' R' U R U' R' f'"),
    ("48", "L F U F' U' F U F' U' L'"),
    ("48", "l U F U' F' U F U' F' l'"),
    ("49", "l U' l2 U l2 U l2 U' l"),
    ("50", "l' U l2 U' l2 U' l2 U l'"),
    ("51", "f R U R' U' R U R' U' f'"),
    ("51", "r' F' U' F U F' U' F U r"),
    ("51", "R' U' F' U F U' F' U F R"),
    ("52", "L F U F' U L' U' L U' L'"),
    ("53", "r' U' R U' R' U R U' R' U2 r"),
    ("53", "l' U' L U' L' U L U' L' U2 l"),
    ("53", "r' U2 R U R' U' R U R' U r"),
    ("54", "r U R' U R U' R' U R U2 r'"),
    ("54", "l U L' U L U' L' U L U2 l'"),
    ("54", "l U2 L' U' L U L' U' L U' l'"),
    ("55", "R' F U R U' R2 F' R2 U R' U' R"),
    ("57", "R U' R' S' R U R' S"),
];

/// PLL algorithms for other angles: `(case name, algorithm)`, as [`OLL_ANGLES`].
pub const PLL_ANGLES: &[(&str, &str)] = &[
    ("Aa-perm", "L2 B2 L' F' L B2 L' F L'"),
    ("Aa-perm", "L' B L' F2 L B' L' F2 L2"),
    ("Aa-perm", "R2 F2 R' B' R F2 R' B R'"),
    ("Ab-perm", "R2 B2 R F R' B2 R F' R"),
    ("Ab-perm", "L F' L B2 L' F L B2 L2"),
    ("Ab-perm", "L2 F2 L B L' F2 L B' L"),
    ("F-perm", "R2 F R F' R' U' F' U F R2 U R' U' R"),
    ("F-perm", "L2 F' L' F L U F U' F' L2 U' L U L'"),
    ("F-perm", "L U' L' U L2 F U F' U' L' F' L F L2"),
    ("Ga-perm", "L2 u L' U L' U' L u' L2 f' L f"),
    ("Gb-perm", "f' L' f L2 u L' U L U' L u' L2"),
    ("Gc-perm", "L2 u' L U' L U L' u L2 F U' F'"),
    ("Gd-perm", "F U F' L2 u' L U' L' U L' u L2"),
    ("H-perm", "R2 S2 R2 U' R2 S2 R2"),
    ("H-perm", "M2 U2 M2 U M2 U2 M2"),
    ("Ja-perm", "L' R' U2 R U R' U2 L U' R"),
    ("Ja-perm", "R U' L' U R' U2 L U' L' U2 L"),
    ("Jb-perm", "L U' R U2 L' U L U2 L' R'"),
    ("Jb-perm", "R U2 R' U' R U2 L' U R' U' L"),
    ("Ra-perm", "L2 F' L' U' L' U L F L' U2 L U2 L'"),
    ("Ra-perm", "R U R' F' R U2 R' U2 R' F R U R U2 R'"),
    ("Ra-perm", "R U2 R' U' R' F' R U2 R U2 R' F R U' R'"),
    ("Rb-perm", "R' U2 R U2 R' F R U R' U' R' F' R2"),
    ("Rb-perm", "L' U' L F L' U2 L U2 L F' L' U' L' U2 L"),
    ("Rb-perm", "L' U2 L U L F L' U2 L' U2 L F' L' U L"),
    ("T-perm", "R U R' U' R' F R2 U' R' U F' L' U L"),
    ("T-perm", "L' U' L U L F' L2 U L U L' U' L F"),
    ("T-perm", "L' U' L U L F' L2 U L U' F R U' R'"),
    ("Ua-perm", "R2 U' S' U2 S U' R2"),
    ("Ua-perm", "L2 U' S U2 S' U' L2"),
    ("Ub-perm", "R2 U S' U2 S U R2"),
    ("Ub-perm", "L2 U S U2 S' U L2"),
    ("V-perm", "L U' L' U L f U L' U2 L U L' U L f' L'"),
    ("Y-perm", "L2 U L2 U L2 U' F' U' F L2 F' U F"),
    ("Z-perm", "M' U' M2 U' M2 U' M' U2 M2"),
    ("Z-perm", "M2 U M2 U M' U2 M2 U2 M'"),
    ("Z-perm", "M2 U' M2 U' M' U2 M2 U2 M'"),
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

/// One algorithm of the set: the case it solves (index into [`OLL_CASES`] or [`PLL_CASES`]),
/// as written, as outer face turns, its length in STM, and the case's signature as it must be
/// held for it.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The case, an index into the case list.
    pub case: usize,
    /// As written.
    pub text: &'static str,
    /// As outer face turns.
    pub moves: Vec<Move>,
    /// Length in the slice-turn metric (slices and wide turns count 1).
    pub stm: usize,
}

/// A last-layer step as planned: U turns before, the algorithm (index into
/// [`LastLayer::oll`] or [`LastLayer::pll`]), U turns after (PLL only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// U quarter turns before the algorithm.
    pub before: usize,
    /// The algorithm (its case is `variants[variant].case`).
    pub variant: usize,
    /// U quarter turns after it.
    pub after: usize,
}

/// The algorithms as face turns, and the signature of the case each one solves.
pub struct LastLayer {
    /// OLL algorithms in face turns, in [`OLL_CASES`] order.
    pub oll_moves: Vec<Vec<Move>>,
    /// PLL algorithms in face turns, in [`PLL_CASES`] order.
    pub pll_moves: Vec<Vec<Move>>,
    /// Every OLL algorithm: the main ones in [`OLL_CASES`] order, then [`OLL_ANGLES`].
    pub oll: Vec<Variant>,
    /// Every PLL algorithm: the main ones in [`PLL_CASES`] order, then [`PLL_ANGLES`].
    pub pll: Vec<Variant>,
    oll_by_signature: HashMap<u16, usize>,
    pll_by_signature: HashMap<u32, usize>,
    oll_variants: HashMap<u16, Vec<usize>>,
    pll_variants: HashMap<u32, Vec<usize>>,
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

/// The algorithms of a set as [`Variant`]s: the main ones (`main`, in case order), then the
/// other angles (`(case name, algorithm)`, the case found by `find`).
fn variants(
    main: &[&'static str],
    others: &[(&'static str, &'static str)],
    find: impl Fn(&str) -> usize,
) -> Vec<Variant> {
    let make = |case: usize, text: &'static str| {
        let alg = Alg::parse(text).expect("the algorithm tables are valid notation (tested)");
        Variant {
            case,
            text,
            moves: alg.moves().to_vec(),
            stm: alg.stm(),
        }
    };
    main.iter()
        .enumerate()
        .map(|(case, &text)| make(case, text))
        .chain(others.iter().map(|&(name, text)| make(find(name), text)))
        .collect()
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
        let oll = variants(
            &OLL_CASES.iter().map(|c| c.alg).collect::<Vec<_>>(),
            OLL_ANGLES,
            |n| {
                OLL_CASES
                    .iter()
                    .position(|c| c.number.to_string() == n)
                    .expect("OLL_ANGLES name OLL cases by number (tested)")
            },
        );
        let pll = variants(
            &PLL_CASES.iter().map(|c| c.alg).collect::<Vec<_>>(),
            PLL_ANGLES,
            |n| {
                PLL_CASES
                    .iter()
                    .position(|c| c.name == n)
                    .expect("PLL_ANGLES name PLL cases (tested)")
            },
        );
        let mut oll_variants: HashMap<u16, Vec<usize>> = HashMap::new();
        for (i, v) in oll.iter().enumerate() {
            oll_variants
                .entry(oll_signature(&case_cube(&v.moves)))
                .or_default()
                .push(i);
        }
        let mut pll_variants: HashMap<u32, Vec<usize>> = HashMap::new();
        for (i, v) in pll.iter().enumerate() {
            pll_variants
                .entry(pll_signature(&case_cube(&v.moves)))
                .or_default()
                .push(i);
        }
        LastLayer {
            oll_moves,
            pll_moves,
            oll,
            pll,
            oll_by_signature,
            pll_by_signature,
            oll_variants,
            pll_variants,
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

    /// How a person does OLL on `c` (F2L solved) with the whole set: the algorithm, among those
    /// of every angle, that needs the fewest moves with its U turn before it (a U turn counts
    /// one; on a tie the case's main algorithm). `None` when the last layer is oriented.
    /// With `all` false, only the cases' main algorithms are used (as in 2-look, where a
    /// beginner knows one algorithm a case).
    pub fn plan_oll(&self, c: &CubieCube, all: bool) -> Option<Plan> {
        if oll_signature(c) == 0 {
            return None;
        }
        let (algs, n_cases) = (&self.oll, OLL_CASES.len());
        Self::plan(c, |turned| {
            self.oll_variants
                .get(&oll_signature(turned))
                .into_iter()
                .flatten()
                .filter(|&&v| all || v < n_cases)
                .map(|&v| (v, algs[v].stm, 0))
                .collect()
        })
    }

    /// How a person does PLL on `c` (the last layer oriented): the algorithm, among those of
    /// every angle, with the fewest moves counting the U turns before and after it. `None` when
    /// a U turn alone solves it (or nothing is left).
    /// `all` as for [`LastLayer::plan_oll`].
    pub fn plan_pll(&self, c: &CubieCube, all: bool) -> Option<Plan> {
        if (0..4).any(|a| u_turn(a).map_or(*c, |m| c.apply_move(m)).is_solved()) {
            return None;
        }
        let (algs, n_cases) = (&self.pll, PLL_CASES.len());
        Self::plan(c, |turned| {
            self.pll_variants
                .get(&pll_signature(turned))
                .into_iter()
                .flatten()
                .filter(|&&v| all || v < n_cases)
                .filter_map(|&v| {
                    let done = turned.apply_moves(&algs[v].moves);
                    let after = (0..4)
                        .find(|&b| u_turn(b).map_or(done, |m| done.apply_move(m)).is_solved())?;
                    Some((v, algs[v].stm, after))
                })
                .collect()
        })
    }

    /// The cheapest plan over the four U turns before the algorithm: `options` gives, for the
    /// cube so turned, each variant that applies with its length and the U turn after it; a U
    /// turn counts one move (before or after), and on a tie the first found is kept (the U
    /// turns in order, then the variants in the table's order, main algorithms first).
    fn plan(
        c: &CubieCube,
        options: impl Fn(&CubieCube) -> Vec<(usize, usize, usize)>,
    ) -> Option<Plan> {
        let mut best: Option<(usize, Plan)> = None;
        for before in 0..4 {
            let turned = u_turn(before).map_or(*c, |m| c.apply_move(m));
            for (variant, stm, after) in options(&turned) {
                let cost = usize::from(before != 0) + stm + usize::from(after != 0);
                if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                    best = Some((
                        cost,
                        Plan {
                            before,
                            variant,
                            after,
                        },
                    ));
                }
            }
        }
        best.map(|(_, p)| p)
    }
}
