//! The beginners' last layer in two looks each (`--oll two-look`, `--pll two-look`): OLL as
//! edges first (3 algorithms) then corners (the 7 OLL cases with the edges oriented, from the
//! full set), PLL as corners first (2 algorithms) then edges (the 4 edge-only PLL cases, from
//! the full set): 10 + 6 algorithms, as commonly taught for 2-look OLL and PLL.

use super::last_layer::{u_turn, PLL_CASES};
use rubik_cube::{Alg, CubieCube, Move};
use std::sync::OnceLock;

/// A first-look algorithm: its name and moves as written.
#[derive(Clone, Copy, Debug)]
pub struct FirstLook {
    /// The case's name.
    pub name: &'static str,
    /// The algorithm as written.
    pub alg: &'static str,
}

/// Orienting the last layer's edges: the line, the L shape, the dot.
pub const OLL_EDGES: &[FirstLook] = &[
    FirstLook {
        name: "Line",
        alg: "F R U R' U' F'",
    },
    FirstLook {
        name: "L-shape",
        alg: "f R U R' U' f'",
    },
    FirstLook {
        name: "Dot",
        alg: "F R U R' U' F' f R U R' U' f'",
    },
];

/// The PLL case whose algorithm swaps two adjacent corners (T-perm) and two diagonal ones
/// (Y-perm), from the full set.
pub const PLL_CORNERS: &[&str] = &["T-perm", "Y-perm"];

/// A first-look algorithm read: its name, its text, its moves.
type Read = (String, String, Vec<Move>);

/// The first-look algorithms as moves: `[oll edges, pll corners]`.
fn moves() -> &'static [Vec<Read>; 2] {
    static TABLE: OnceLock<[Vec<Read>; 2]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let read = |text: &str| Alg::parse(text).expect("notation").moves().to_vec();
        let edges = OLL_EDGES
            .iter()
            .map(|c| (c.name.to_string(), c.alg.to_string(), read(c.alg)))
            .collect();
        let corners = PLL_CORNERS
            .iter()
            .filter_map(|name| PLL_CASES.iter().find(|c| c.name == *name))
            .map(|c| (c.name.to_string(), c.alg.to_string(), read(c.alg)))
            .collect();
        [edges, corners]
    })
}

/// Whether the last layer's edges are oriented (F2L solved).
pub fn edges_oriented(c: &CubieCube) -> bool {
    c.eo[..4].iter().all(|&o| o == 0)
}

/// Whether the last layer's corners are in place relative to each other (a U turn puts them
/// all home).
pub fn corners_permuted(c: &CubieCube) -> bool {
    (0..4).any(|a| {
        let t = u_turn(a).map_or(*c, |m| c.apply_move(m));
        t.cp[..4].iter().enumerate().all(|(i, &p)| p as usize == i)
    })
}

/// A first-look step: `(U turns before, name, algorithm as written, moves)`.
pub type Look = (usize, &'static str, &'static str, &'static [Move]);

/// The first look of OLL (`stage` 0) or PLL (1) for `c` as held, or `None` when its goal is
/// already reached: the first algorithm (in table order) that reaches it after some U turn.
pub fn first_look(c: &CubieCube, stage: usize) -> Option<Look> {
    let done = |x: &CubieCube| {
        if stage == 0 {
            edges_oriented(x)
        } else {
            corners_permuted(x)
        }
    };
    if done(c) {
        return None;
    }
    for (name, alg, m) in &moves()[stage] {
        for a in 0..4 {
            let t = u_turn(a).map_or(*c, |u| c.apply_move(u)).apply_moves(m);
            if done(&t) {
                return Some((a, name.as_str(), alg.as_str(), m.as_slice()));
            }
        }
    }
    None
}
