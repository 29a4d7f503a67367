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
//! Built by a level-by-level breadth-first search like [`super::prune`], in the 2 bits
//! themselves: `3` unseen, `2` reached at this level, `1` the frontier, `0` older; a sweep after
//! each level moves the codes down (and records each group's first level as its minimum). The
//! search stops once the base + 2 level is known: whatever is still unseen is at least base + 3.

use super::edge_coset::{self, EdgeClasses, N_CLASS, N_EO8};
use super::prune::Layout;
use super::tables::{FlipSliceClasses, SearchMoves};
use crate::coord::N_TWIST;
use crate::store::bfs::{
    group_lane as locate, lanes_equal, sweep_groups, GROUP_BYTES, LOW_LANES, PER_GROUP,
};
use crate::store::memory::table_buffer;
use crate::store::TableError;
use crate::Progress;
use memmap2::MmapMut;
use rayon::prelude::*;
use rubik_cube::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// Lane codes while building.
const UNSEEN: u64 = 3;
const FRONTIER: u64 = 1;

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

/// The table while it is built.
struct Building<'a> {
    words: &'a [AtomicU64],
}

impl Building<'_> {
    #[inline(always)]
    fn get(&self, idx: usize) -> u64 {
        let (w, shift) = locate(idx);
        (self.words[w].load(Ordering::Relaxed) >> shift) & 3
    }

    /// Marks an unseen entry as reached at this level; returns whether this call did.
    #[inline(always)]
    fn reach(&self, idx: usize) -> bool {
        let (w, shift) = locate(idx);
        if (self.words[w].load(Ordering::Relaxed) >> shift) & 3 != UNSEEN {
            return false;
        }
        // UNSEEN (3) → NEW (2): clear the lane's low bit.
        let old = self.words[w].fetch_and(!(1 << shift), Ordering::Relaxed);
        (old >> shift) & 3 == UNSEEN
    }

    /// After a level: frontier → older, new → frontier; groups reached for the first time
    /// get `depth` as their minimum.
    fn sweep(&self, depth: u64) {
        sweep_groups(self.words, depth);
    }
}

/// Builds the table of `layout`, reporting progress in entries settled.
pub fn build(
    layout: GroupedLayout,
    mt: &SearchMoves,
    fsc: &FlipSliceClasses,
    ec: &EdgeClasses,
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    let entries = layout.entries();
    let n_split = layout.n_split();
    let per_class = n_split * N_TWIST;
    progress.start("optimal pruning table (large)", entries as u64);
    let mut buf = table_buffer("optimal pruning table (grouped)", layout.bytes())?;
    buf.par_chunks_mut(1 << 20).for_each(|c| c.fill(0xFF));
    // SAFETY: the mapping is page-aligned, a multiple of 16 bytes long and exclusively borrowed
    // for the lifetime of `words`; AtomicU64 has the size and alignment of u64.
    let words: &[AtomicU64] = unsafe {
        std::slice::from_raw_parts(buf.as_mut_ptr() as *const AtomicU64, layout.bytes() / 8)
    };
    let table = Building { words };
    // The class and symmetry of each class representative's child after each move.
    let class_moves: Vec<u32> = (0..N_CLASS)
        .into_par_iter()
        .flat_map_iter(|class| {
            let rep = ec.rep[class] as usize;
            let cube = edge_coset::with_edges((rep / N_EO8) as u16, (rep % N_EO8) as u8);
            Move::ALL.map(|m| ec.class_sym[edge_coset::raw(&cube.apply_move(m)) as usize])
        })
        .collect();
    // Reaches an entry and its images under the class's stabiliser; counts the new ones.
    let reach = |class: usize, k: usize, tw: usize| -> u64 {
        let base = class * per_class;
        layout
            .indexing()
            .images(fsc, ec.stabiliser[class], k, tw)
            .map(|off| u64::from(table.reach(base + off)))
            .sum()
    };
    let solved = layout.index(fsc, ec.class_sym[0], 0, 0);
    let mut done = reach(
        solved / per_class,
        (solved % per_class) / N_TWIST,
        solved % N_TWIST,
    );
    table.sweep(0);
    progress.advance(done);
    let mut depth = 0u64;
    let mut frontier = done;
    loop {
        let unseen = entries as u64 - done;
        if unseen == 0 {
            break;
        }
        let backward = frontier * 18 > unseen * 6;
        let wanted = if backward { UNSEEN } else { FRONTIER };
        let found: u64 = (0..N_CLASS)
            .into_par_iter()
            .map(|class| {
                let base = class * per_class;
                let end = base + per_class;
                // This class's entries to work on, found a word at a time.
                let mut todo: Vec<u32> = Vec::new();
                for g in base / PER_GROUP..=(end - 1) / PER_GROUP {
                    for half in 0..2 {
                        let word = table.words[2 * g + half].load(Ordering::Relaxed);
                        let mut hits = lanes_equal(word, wanted, half == 0);
                        while hits != 0 {
                            let bit = hits.trailing_zeros() as usize;
                            hits &= hits - 1;
                            let lane = if half == 0 {
                                (bit - 4) / 2
                            } else {
                                LOW_LANES + bit / 2
                            };
                            let idx = g * PER_GROUP + lane;
                            if (base..end).contains(&idx) {
                                todo.push((idx - base) as u32);
                            }
                        }
                    }
                }
                let mut new = 0;
                for m in 0..18 {
                    if todo.is_empty() {
                        break;
                    }
                    let cs = class_moves[class * 18 + m];
                    let (class2, sym) = ((cs >> 4) as usize, (cs & 0xF) as usize);
                    let child = |off: u32| {
                        let (k, tw, off2) = layout.indexing().child_offset(mt, fsc, m, sym, off);
                        (
                            k,
                            tw,
                            off2 / N_TWIST,
                            off2 % N_TWIST,
                            class2 * per_class + off2,
                        )
                    };
                    if backward {
                        // An unseen entry with a child on the frontier is one level further; a
                        // child reached in this pass does not count.
                        todo.retain(|&off| {
                            let (k, tw, _, _, c) = child(off);
                            if table.get(c) == FRONTIER {
                                new += reach(class, k, tw);
                                false
                            } else {
                                true
                            }
                        });
                    } else {
                        for &off in &todo {
                            let (_, _, k2, t2, c) = child(off);
                            if table.get(c) == UNSEEN {
                                new += reach(class2, k2, t2);
                            }
                        }
                    }
                }
                progress.advance(new);
                new
            })
            .sum();
        if found == 0 {
            return Err(TableError::Build {
                table: "optimal pruning table (grouped)",
                reason: "the search stalled before reaching every entry",
            });
        }
        done += found;
        frontier = found;
        depth += 1;
        if depth == u64::from(layout.base) + 2 {
            // Codes are final: 0 up to the base, 1 and 2 above it, 3 (unseen) beyond.
            break;
        }
        table.sweep(depth);
    }
    if depth <= u64::from(layout.base) {
        // Every entry was reached at or below the base: the last level is still marked 1.
        table.sweep(depth + 1);
    }
    progress.finish();
    Ok(buf)
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

    #[test]
    fn lanes_are_found_and_moved_down() {
        let mut w = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..5000 {
            w = w
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            for code in 0..4 {
                for first in [false, true] {
                    let hits = lanes_equal(w, code, first);
                    for lane in 0..32 {
                        let want = (w >> (2 * lane)) & 3 == code && !(first && lane < 2);
                        assert_eq!(hits >> (2 * lane) & 1 == 1, want);
                    }
                }
            }
        }
    }

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
