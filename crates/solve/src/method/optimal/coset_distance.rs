//! The exact distance of a cube's coset in the `medium` or `large` table's coordinates, found
//! by iterative deepening on cubes without that table (7.5 GB): what the table's lookup would
//! give, for measurements that cannot hold it (issue 40: the h8 table's bounds against
//! `large`'s and `medium`'s on the same cubes, one 7.5 GB table at a time at most).
//!
//! - `medium`: flip × UD-slice × twist × corner split, exact distances: its lookup is the
//!   coset's distance (to 14). The search is guided by the `small` table (flip × UD-slice ×
//!   twist, a coarser coset, so its distance is a lower bound).
//! - `large`: slice edges with their order × the other edges' flip × twist × corner split: its
//!   lookup is the coset's distance when that is 10 or more (capped at 12), else the least
//!   distance in its group of 62 entries (at most the distance). Guided by `small-plus` (the
//!   same edges and twist without the corner split).

use super::edge_coset;
use super::tables::{TableSize, Tables};
use crate::coord;
use crate::coord::symmetry::rotate_urf3;
use crate::search::can_follow;
use rubik_cube::{CubieCube, Move};

/// A table whose lookups are found by search: its coset's goal test and a guide.
pub struct CosetDistance<'t> {
    target: TableSize,
    guide: &'t Tables,
    solved: [u16; 4],
}

/// The coordinates of `c` that fix its coset in `target`'s table.
fn coset(target: TableSize, c: &CubieCube) -> [u16; 4] {
    let slice = edge_coset::slice_sorted(c);
    match target {
        TableSize::Large => [
            u16::from(edge_coset::eo8(c)),
            slice,
            coord::twist(c) as u16,
            coord::corner_split(c) as u16,
        ],
        _ => [
            coord::flip(c) as u16,
            slice / edge_coset::N_SLICE_ORDER as u16,
            coord::twist(c) as u16,
            coord::corner_split(c) as u16,
        ],
    }
}

impl<'t> CosetDistance<'t> {
    /// The search for `target` (`Medium` or `Large`) guided by `guide`, the tables of
    /// [`CosetDistance::guide_for`] the target.
    pub fn new(target: TableSize, guide: &'t Tables) -> CosetDistance<'t> {
        assert!(matches!(target, TableSize::Medium | TableSize::Large));
        assert_eq!(guide.size(), CosetDistance::guide_for(target));
        CosetDistance {
            target,
            guide,
            solved: coset(target, &CubieCube::default()),
        }
    }

    /// The table whose lookups bound `target`'s coset distances from below.
    pub fn guide_for(target: TableSize) -> TableSize {
        match target {
            TableSize::Large => TableSize::SmallPlus,
            _ => TableSize::Small,
        }
    }

    /// The distance of `c`'s coset (as seen on the U–D axis), or `cap` when it is `cap` or more.
    pub fn distance(&self, c: &CubieCube, cap: u8) -> u8 {
        let mut bound = self.guide.lookup_cube(c).min(cap);
        while bound < cap {
            if self.dfs(c, bound, None) {
                return bound;
            }
            bound += 1;
        }
        cap
    }

    fn dfs(&self, c: &CubieCube, left: u8, last: Option<Move>) -> bool {
        if coset(self.target, c) == self.solved {
            return true;
        }
        if left == 0 || self.guide.lookup_cube(c) > left {
            return false;
        }
        Move::ALL
            .iter()
            .filter(|&&m| can_follow(last, m))
            .any(|&m| self.dfs(&c.apply_move(m), left - 1, Some(m)))
    }

    /// The six lookups the search makes on `target`'s table at the root `cube`, found by
    /// search: the U–D, R–L and F–B axes, then the inverse cube's (each capped at `cap`).
    pub fn root_lookups(&self, cube: &CubieCube, cap: u8) -> [u8; 6] {
        let inv = cube.inverse();
        let mut out = [0u8; 6];
        for (j, c) in [cube, &inv].into_iter().enumerate() {
            for k in 0..3 {
                out[3 * j + k] = self.distance(&rotate_urf3(c, k), cap);
            }
        }
        out
    }
}
