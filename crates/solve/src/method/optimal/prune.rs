//! The pruning tables: for every flip × UD-slice class (64,430), twist (2,187) and — in the
//! larger layout — corner split (70), the exact number of moves needed to bring those
//! coordinates home, 4 bits per entry.
//!
//! | layout | entries | bytes |
//! |---|---|---|
//! | small (flip·slice / sym × twist) | 140,908,410 | 70 MB |
//! | medium (× corner split) | 9,863,588,700 | 4.9 GB |
//!
//! Built by a level-by-level breadth-first search (forward from the frontier while it is
//! small, backward from the unreached entries once it is large), in parallel and yet
//! deterministic: an entry's value is its distance, whatever the order of the work. The table
//! is built in place in huge-page memory seen as 64-bit words of 16 entries (little-endian, so
//! byte `i / 2` holds entry `i` in its low nibble when `i` is even).

use super::tables::{FlipSliceClasses, SearchMoves};
use crate::coord::classes::N_FLIPSLICE_CLASS;
use crate::coord::symmetry::N_SYM_UD;
use crate::coord::{N_CORNER_SPLIT, N_FLIP, N_TWIST};
use crate::store::memory::table_buffer;
use crate::store::TableError;
use crate::Progress;
use memmap2::MmapMut;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

#[cfg(test)]
mod tests {
    #[test]
    fn nibble_search_matches_a_plain_scan() {
        let mut w = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..20_000 {
            // A simple deterministic generator, with runs of equal nibbles mixed in.
            w = w
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let word = if w & 1 == 0 {
                w
            } else {
                w | 0xFFFF_FFFF_0000_0000
            };
            for v in 0..16u64 {
                let plain = (0..16).any(|lane| (word >> (lane * 4)) & 0xF == v);
                assert_eq!(super::has_nibble(word, v), plain, "{word:016x} {v}");
            }
        }
    }
}

#[cfg(not(target_endian = "little"))]
compile_error!("the pruning table layout assumes a little-endian machine");

/// Marks an entry not yet reached while building.
const UNSEEN: u64 = 0xF;

/// Which coordinates a table covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Whether the corner split is part of the index (the medium table).
    pub corner_split: bool,
}

impl Layout {
    /// Corner splits per class and twist: 70, or 1 when the corners are left out.
    #[inline(always)]
    pub const fn n_split(self) -> usize {
        if self.corner_split {
            N_CORNER_SPLIT
        } else {
            1
        }
    }

    /// Entries of the table.
    pub const fn entries(self) -> usize {
        N_FLIPSLICE_CLASS * self.n_split() * N_TWIST
    }

    /// Bytes of the table (two entries per byte).
    pub const fn bytes(self) -> usize {
        self.entries().div_ceil(2)
    }

    /// The table index of a flip, slice, twist and corner split: the class of the flip × slice
    /// with the twist and split conjugated by the symmetry that carries the flip × slice to the
    /// class representative.
    #[inline(always)]
    pub fn index(
        self,
        fsc: &FlipSliceClasses,
        flip: u16,
        slice: u16,
        twist: u16,
        split: u16,
    ) -> usize {
        let class_sym = fsc.class_sym[slice as usize * N_FLIP + flip as usize];
        self.entry(fsc, class_sym, twist, split)
    }

    /// Offsets within a class's block of the entry (corner split `k`, twist `tw`) and of its
    /// images under the symmetries of `stab` (bit `s` set when symmetry `s` fixes the class
    /// representative), the entry first. Images may repeat.
    pub fn images(
        self,
        fsc: &FlipSliceClasses,
        stab: u16,
        k: usize,
        tw: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let own = std::iter::once(k * N_TWIST + tw);
        let others = (1..N_SYM_UD)
            .filter(move |&s| stab != 1 && stab & (1 << s) != 0)
            .map(move |s| {
                let t2 = fsc.twist_conj[tw * N_SYM_UD + s] as usize;
                let k2 = if self.corner_split {
                    fsc.split_conj[k * N_SYM_UD + s] as usize
                } else {
                    0
                };
                k2 * N_TWIST + t2
            });
        own.chain(others)
    }

    /// For the entry at offset `off` of a class's block: its corner split and twist, and the
    /// offset in the child class's block after move `m`, `sym` carrying the child's edges to
    /// their class representative.
    #[inline(always)]
    pub fn child_offset(
        self,
        mt: &SearchMoves,
        fsc: &FlipSliceClasses,
        m: usize,
        sym: usize,
        off: u32,
    ) -> (usize, usize, usize) {
        let (k, tw) = (off as usize / N_TWIST, off as usize % N_TWIST);
        let k2 = if self.corner_split {
            fsc.split_conj[mt.corner_split[k * 18 + m] as usize * N_SYM_UD + sym] as usize
        } else {
            0
        };
        let t2 = fsc.twist_conj[mt.twist[tw * 18 + m] as usize * N_SYM_UD + sym] as usize;
        (k, tw, k2 * N_TWIST + t2)
    }

    /// The table index of a twist and corner split whose flip × slice has class table value
    /// `class_sym` (`class << 4 | sym`).
    #[inline(always)]
    pub fn entry(self, fsc: &FlipSliceClasses, class_sym: u32, twist: u16, split: u16) -> usize {
        let (class, sym) = ((class_sym >> 4) as usize, (class_sym & 0xF) as usize);
        let t = fsc.twist_conj[twist as usize * N_SYM_UD + sym] as usize;
        if self.corner_split {
            let k = fsc.split_conj[split as usize * N_SYM_UD + sym] as usize;
            (class * N_CORNER_SPLIT + k) * N_TWIST + t
        } else {
            class * N_TWIST + t
        }
    }
}

/// The 4-bit value at `idx` of a packed table.
#[inline(always)]
pub fn value(table: &[u8], idx: usize) -> u8 {
    (table[idx >> 1] >> ((idx & 1) * 4)) & 0xF
}

struct Building<'a> {
    words: &'a [AtomicU64],
}

impl Building<'_> {
    #[inline(always)]
    fn get(&self, idx: usize) -> u64 {
        (self.words[idx >> 4].load(Ordering::Relaxed) >> ((idx & 15) * 4)) & 0xF
    }
    /// Sets an unseen entry to `v`; returns whether this call changed it.
    #[inline(always)]
    fn set(&self, idx: usize, v: u64) -> bool {
        let shift = (idx & 15) * 4;
        if (self.words[idx >> 4].load(Ordering::Relaxed) >> shift) & 0xF != UNSEEN {
            return false;
        }
        let old = self.words[idx >> 4].fetch_and(!((UNSEEN ^ v) << shift), Ordering::Relaxed);
        (old >> shift) & 0xF == UNSEEN
    }
}

/// Whether some 4-bit lane of `word` equals `v`.
#[inline(always)]
fn has_nibble(word: u64, v: u64) -> bool {
    const ONES: u64 = 0x1111_1111_1111_1111;
    const HIGHS: u64 = 0x8888_8888_8888_8888;
    let x = word ^ (v * ONES);
    x.wrapping_sub(ONES) & !x & HIGHS != 0
}

/// Builds the table of `layout`, reporting progress in entries settled.
pub fn build(
    layout: Layout,
    mt: &SearchMoves,
    fsc: &FlipSliceClasses,
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    let entries = layout.entries();
    let n_split = layout.n_split();
    progress.start("optimal pruning table", entries as u64);
    let n_words = entries.div_ceil(16);
    let mut buf = table_buffer("optimal pruning table", n_words * 8)?;
    buf.par_chunks_mut(1 << 20).for_each(|c| c.fill(0xFF));
    // SAFETY: the mapping is page-aligned, `n_words * 8` bytes long and exclusively borrowed
    // for the lifetime of `words`; AtomicU64 has the size and alignment of u64.
    let words: &[AtomicU64] =
        unsafe { std::slice::from_raw_parts(buf.as_mut_ptr() as *const AtomicU64, n_words) };
    let table = Building { words };
    let per_class = n_split * N_TWIST;
    // Sets an entry and its equivalents under the class's stabiliser; counts new entries.
    let settle = |class: usize, k: usize, tw: usize, v: u64| -> u64 {
        let base = class * per_class;
        layout
            .images(fsc, fsc.stabiliser[class], k, tw)
            .map(|off| u64::from(table.set(base + off, v)))
            .sum()
    };
    let split_of = |idx: usize| -> (usize, usize, usize) {
        let rest = idx % per_class;
        (idx / per_class, rest / N_TWIST, rest % N_TWIST)
    };
    let solved = layout.index(fsc, 0, 0, 0, 0);
    let (c0, k0, t0) = split_of(solved);
    let mut done = settle(c0, k0, t0, 0);
    progress.advance(done);
    let mut depth = 0u64;
    let mut frontier = done;
    while done < entries as u64 {
        let unseen = entries as u64 - done;
        let backward = frontier * 18 > unseen * 6;
        let found: u64 = (0..N_FLIPSLICE_CLASS)
            .into_par_iter()
            .map(|class| {
                // Every entry of a class has, for each move, the same child class and the same
                // symmetry to its representative: look those up once, then walk the entries
                // move by move so the reads stay inside one child class's block.
                let rep = fsc.rep[class] as usize;
                let (flip, slice) = (rep % N_FLIP, rep / N_FLIP);
                let base = class * per_class;
                let wanted = if backward { UNSEEN } else { depth };
                // The entries of this class to work on, found a word of 16 at a time.
                let mut todo: Vec<u32> = Vec::new();
                for w in base / 16..=(base + per_class - 1) / 16 {
                    let word = table.words[w].load(Ordering::Relaxed);
                    if !has_nibble(word, wanted) {
                        continue;
                    }
                    for lane in 0..16 {
                        let idx = w * 16 + lane;
                        if (base..base + per_class).contains(&idx)
                            && (word >> (lane * 4)) & 0xF == wanted
                        {
                            todo.push((idx - base) as u32);
                        }
                    }
                }
                let mut new = 0;
                for m in 0..18 {
                    if todo.is_empty() {
                        break;
                    }
                    let fs = mt.slice[slice * 18 + m] as usize * N_FLIP
                        + mt.flip[flip * 18 + m] as usize;
                    let (class2, sym) = (
                        (fsc.class_sym[fs] >> 4) as usize,
                        (fsc.class_sym[fs] & 0xF) as usize,
                    );
                    let child = |off: u32| {
                        let (k, tw, off2) = layout.child_offset(mt, fsc, m, sym, off);
                        (
                            k,
                            tw,
                            off2 / N_TWIST,
                            off2 % N_TWIST,
                            class2 * per_class + off2,
                        )
                    };
                    if backward {
                        // An unseen entry with a child at `depth` is at `depth + 1`; settled
                        // entries (with their stabiliser images) need no further checks.
                        todo.retain(|&off| {
                            let (k, tw, _, _, c) = child(off);
                            if table.get(c) == depth {
                                new += settle(class, k, tw, depth + 1);
                                false
                            } else {
                                true
                            }
                        });
                    } else {
                        for &off in &todo {
                            let (_, _, k2, t2, c) = child(off);
                            if table.get(c) == UNSEEN {
                                new += settle(class2, k2, t2, depth + 1);
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
                table: "optimal pruning table",
                reason: "the search stalled before reaching every entry",
            });
        }
        done += found;
        frontier = found;
        depth += 1;
    }
    progress.finish();
    Ok(buf)
}
