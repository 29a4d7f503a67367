//! The large tables: 2-bit entries relative to a base depth, 62 entries to a 16-byte group
//! that also holds the least distance of its entries.
//!
//! An entry stores `0` for a distance of at most `base`, else `distance − base` capped at 3.
//! A `0` is read as the group's minimum (4 bits at the start of the group, always in the same
//! cache line), so a lookup is one memory access and never returns more than the distance.
//! The search prunes mostly where the remaining depth is small, and there the group minimum is
//! usually close to the entry; where the remaining depth is large, the entries above the base
//! are exact.
//!
//! Index: `(edge class · splits + corner split) · 2187 + twist`, the edge class being the
//! [`super::edge_coset`] class (191,060) and the corner split and twist conjugated by the
//! symmetry that carries the edges to their class representative.
//!
//! A group is two little-endian 64-bit words: the first holds the minimum in bits 0..4 and
//! entries 0..30 at bits `4 + 2·lane`, the second entries 30..62 at bits `2·(lane − 30)`.
//!
//! Built by the store's breadth-first builder ([`bfs`], [`Cells::Grouped`]) over the same
//! space as the exact tables ([`PruneSpace`]), on the edge classes: it works in the 2 bits
//! themselves and stops once the base + 2 level is known.

use super::edge_coset::{self, EdgeClasses, N_CLASS, N_EO8};
use super::moves::{FlipSliceClasses, SearchMoves};
use super::prune::{Layout, PruneSpace};
use crate::coord::N_TWIST;
use crate::store::bfs::{self, Cells, GROUP_BYTES, LOW_LANES, PER_GROUP};
use crate::store::memory::MmapMut;
use crate::store::TableError;
use crate::Progress;
use rayon::prelude::*;
use rubik_cube::Move;

/// Which coordinates a grouped table covers and its base depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupedLayout {
    /// Whether the corner split is part of the index (the large table).
    pub corner_split: bool,
    /// Distances up to `base` are stored as `0` (read as the group minimum).
    pub base: u8,
}

impl GroupedLayout {
    /// The entries' layout, the same as the exact tables' ([`Layout`]) but on the edge classes.
    const fn indexing(self) -> Layout {
        Layout {
            corner_split: self.corner_split,
        }
    }

    /// Corner splits per class and twist: 70, or 1 when the corners are left out.
    #[inline(always)]
    pub const fn n_split(self) -> usize {
        self.indexing().n_split()
    }

    /// Entries of the table.
    pub const fn entries(self) -> usize {
        N_CLASS * self.n_split() * N_TWIST
    }

    /// Bytes of the table.
    pub const fn bytes(self) -> usize {
        self.entries().div_ceil(PER_GROUP) * GROUP_BYTES
    }

    /// The entry of an edge class and symmetry (`class << 4 | sym`, see
    /// [`EdgeClasses::class_sym`]), twist and corner split.
    #[inline(always)]
    pub fn index(self, fsc: &FlipSliceClasses, class_sym: u32, twist: u16, split: u16) -> usize {
        self.indexing().entry(fsc, class_sym, twist, split)
    }

    /// The lower bound the table gives entry `idx`: its distance when above the base, else the
    /// least distance in its group.
    #[inline(always)]
    pub fn bound(self, table: &[u8], idx: usize) -> u8 {
        let g = idx / PER_GROUP;
        let lane = idx - g * PER_GROUP;
        let off = g * GROUP_BYTES;
        let w0 = u64::from_le_bytes(table[off..off + 8].try_into().unwrap_or([0; 8]));
        let code = if lane < LOW_LANES {
            (w0 >> (4 + 2 * lane)) & 3
        } else {
            let w1 = u64::from_le_bytes(table[off + 8..off + 16].try_into().unwrap_or([0; 8]));
            (w1 >> (2 * (lane - LOW_LANES))) & 3
        };
        if code == 0 {
            (w0 & 0xF) as u8
        } else {
            self.base + code as u8
        }
    }
}

/// The byte where entry `idx`'s group starts (for prefetching).
#[inline(always)]
pub fn group_byte(idx: usize) -> usize {
    idx / PER_GROUP * GROUP_BYTES
}

/// Builds the table of `layout` with the store's breadth-first builder
/// ([`Cells::Grouped`]), reporting progress in entries settled.
pub fn build(
    layout: GroupedLayout,
    mt: &SearchMoves,
    fsc: &FlipSliceClasses,
    ec: &EdgeClasses,
    table: &'static str,
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    // The class and symmetry of each class representative's child after each move.
    let class_moves: Vec<u32> = (0..N_CLASS)
        .into_par_iter()
        .flat_map_iter(|class| {
            let rep = ec.rep[class] as usize;
            let cube = edge_coset::with_edges((rep / N_EO8) as u16, (rep % N_EO8) as u8);
            Move::ALL.map(|m| ec.class_sym[edge_coset::raw(&cube.apply_move(m)) as usize])
        })
        .collect();
    let class_step = |class: usize, m: usize| class_moves[class * 18 + m];
    let space = PruneSpace {
        name: "optimal pruning table (large)",
        layout: layout.indexing(),
        mt,
        fsc,
        n_class: N_CLASS,
        class_step: &class_step,
        stabiliser: &ec.stabiliser,
        solved: layout.index(fsc, ec.class_sym[0], 0, 0),
    };
    let cells = Cells::Grouped { base: layout.base };
    bfs::build(&space, cells, table, progress)
}

/// How a grouped table's entries spread.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spread {
    /// Entries per code (0 = at most the base, 1, 2, 3 = base + 1, + 2, ≥ + 3).
    pub codes: [u64; 4],
    /// Code-0 entries per group minimum (the bound they are read as).
    pub zero_bound: [u64; 16],
}

/// How the entries of a grouped table spread (scans the whole table).
pub fn spread(layout: GroupedLayout, table: &[u8]) -> Spread {
    let groups = layout.entries().div_ceil(PER_GROUP);
    let count = |range: std::ops::Range<usize>| {
        let mut h = Spread::default();
        for g in range {
            let off = g * GROUP_BYTES;
            let w = |o: usize| u64::from_le_bytes(table[o..o + 8].try_into().unwrap_or([0; 8]));
            let (w0, w1) = (w(off), w(off + 8));
            let lanes = PER_GROUP.min(layout.entries() - g * PER_GROUP);
            for lane in 0..lanes {
                let code = if lane < LOW_LANES {
                    (w0 >> (4 + 2 * lane)) & 3
                } else {
                    (w1 >> (2 * (lane - LOW_LANES))) & 3
                };
                h.codes[code as usize] += 1;
                if code == 0 {
                    h.zero_bound[(w0 & 0xF) as usize] += 1;
                }
            }
        }
        h
    };
    let add = |a: Spread, b: Spread| Spread {
        codes: std::array::from_fn(|i| a.codes[i] + b.codes[i]),
        zero_bound: std::array::from_fn(|i| a.zero_bound[i] + b.zero_bound[i]),
    };
    (0..groups)
        .into_par_iter()
        .step_by(1 << 16)
        .map(|g| count(g..(g + (1 << 16)).min(groups)))
        .reduce(Spread::default, add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::bfs::group_lane as locate;

    #[test]
    fn entries_have_their_own_lane_and_bound() {
        let layout = GroupedLayout {
            corner_split: false,
            base: 7,
        };
        let mut table = vec![0u8; 4 * GROUP_BYTES];
        let mut seen = std::collections::HashSet::new();
        for idx in 0..4 * PER_GROUP {
            assert!(seen.insert(locate(idx)), "entry {idx} shares a lane");
            let (w, shift) = locate(idx);
            assert!(shift < 64 && (w % 2 == 1 || shift >= 4));
            assert_eq!(w / 2, group_byte(idx) / GROUP_BYTES);
        }
        // Group 1: minimum 5, entry 3 of it at code 2, entry 40 at code 1.
        table[GROUP_BYTES] = 5;
        for (idx, code) in [(PER_GROUP + 3, 2u64), (PER_GROUP + 40, 1)] {
            let (w, shift) = locate(idx);
            let off = w * 8;
            let mut word = u64::from_le_bytes(table[off..off + 8].try_into().unwrap());
            word |= code << shift;
            table[off..off + 8].copy_from_slice(&word.to_le_bytes());
        }
        assert_eq!(layout.bound(&table, PER_GROUP + 3), 9);
        assert_eq!(layout.bound(&table, PER_GROUP + 40), 8);
        assert_eq!(layout.bound(&table, PER_GROUP + 4), 5);
        assert_eq!(layout.bound(&table, 0), 0);
    }
}
