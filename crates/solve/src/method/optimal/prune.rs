//! The pruning table: for every flip × UD-slice class (64,430) and twist (2,187), the exact
//! number of moves needed to bring flip, slice and twist home — 140,908,410 entries of 4 bits
//! (70 MB). Built by a level-by-level breadth-first search (forward from the frontier while it
//! is small, backward from the unreached entries once it is large), in parallel and yet
//! deterministic: an entry's value is its distance, whatever the order of the work.

use super::coord::{MoveTables, N_FLIP, N_TWIST};
use super::flipslice::{FlipSliceClasses, N_FLIPSLICE_CLASS};
use super::persist::huge_buffer;
use super::symmetry::N_SYM_UD;
use crate::{Progress, SolveError};
use memmap2::MmapMut;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// Entries of the table: classes × twists.
pub const N_ENTRIES: usize = N_FLIPSLICE_CLASS * N_TWIST;
/// Bytes of the table (two entries per byte).
pub const N_BYTES: usize = N_ENTRIES.div_ceil(2);
/// Marks an entry not yet reached while building.
const UNSEEN: u64 = 0xF;

/// The table index of a flip, slice and twist: the class of the flip × slice and the twist
/// conjugated by the symmetry that carries the flip × slice to its class representative.
#[inline(always)]
pub fn index(fsc: &FlipSliceClasses, flip: u16, slice: u16, twist: u16) -> usize {
    let fs = slice as usize * N_FLIP + flip as usize;
    let class = fsc.class[fs] as usize;
    let sym = fsc.sym[fs] as usize;
    class * N_TWIST + fsc.twist_conj[twist as usize * N_SYM_UD + sym] as usize
}

/// The 4-bit value at `idx` of a packed table.
#[inline(always)]
pub fn value(table: &[u8], idx: usize) -> u8 {
    (table[idx >> 1] >> ((idx & 1) * 4)) & 0xF
}

struct Building {
    words: Vec<AtomicU64>,
}

impl Building {
    fn get(&self, idx: usize) -> u64 {
        (self.words[idx >> 4].load(Ordering::Relaxed) >> ((idx & 15) * 4)) & 0xF
    }
    /// Sets an unseen entry to `v`; returns whether this call changed it.
    fn set(&self, idx: usize, v: u64) -> bool {
        let shift = (idx & 15) * 4;
        let old = self.words[idx >> 4].fetch_and(!((UNSEEN ^ v) << shift), Ordering::Relaxed);
        (old >> shift) & 0xF == UNSEEN
    }
}

/// Builds the table, reporting progress in entries settled.
pub fn build(
    mt: &MoveTables,
    fsc: &FlipSliceClasses,
    progress: &dyn Progress,
) -> Result<MmapMut, SolveError> {
    progress.start(
        "optimal pruning table (flip × slice × twist)",
        N_ENTRIES as u64,
    );
    let n_words = N_ENTRIES.div_ceil(16);
    let table = Building {
        words: (0..n_words).map(|_| AtomicU64::new(u64::MAX)).collect(),
    };
    // Sets an entry and its equivalents under the class's stabiliser; counts new entries.
    let settle = |class: usize, tw: usize, v: u64| -> u64 {
        let mut new = 0;
        if table.set(class * N_TWIST + tw, v) {
            new += 1;
        }
        let stab = fsc.stabiliser[class];
        if stab != 1 {
            for s in 1..N_SYM_UD {
                if stab & (1 << s) != 0 {
                    let t2 = fsc.twist_conj[tw * N_SYM_UD + s] as usize;
                    if table.set(class * N_TWIST + t2, v) {
                        new += 1;
                    }
                }
            }
        }
        new
    };
    let children = |class: usize, tw: usize| {
        let rep = fsc.rep[class] as usize;
        let (flip, slice) = (rep % N_FLIP, rep / N_FLIP);
        (0..18).map(move |m| {
            index(
                fsc,
                mt.flip[flip * 18 + m],
                mt.slice[slice * 18 + m],
                mt.twist[tw * 18 + m],
            )
        })
    };
    let mut done = settle(0, 0, 0);
    progress.advance(done);
    let mut depth = 0u64;
    let mut frontier = done;
    while done < N_ENTRIES as u64 {
        let unseen = N_ENTRIES as u64 - done;
        let backward = frontier * 18 > unseen * 6;
        let found: u64 = (0..N_FLIPSLICE_CLASS)
            .into_par_iter()
            .map(|class| {
                let mut new = 0;
                for tw in 0..N_TWIST {
                    let v = table.get(class * N_TWIST + tw);
                    if backward {
                        if v == UNSEEN && children(class, tw).any(|c| table.get(c) == depth) {
                            new += settle(class, tw, depth + 1);
                        }
                    } else if v == depth {
                        for c in children(class, tw) {
                            if table.get(c) == UNSEEN {
                                new += settle(c / N_TWIST, c % N_TWIST, depth + 1);
                            }
                        }
                    }
                }
                progress.advance(new);
                new
            })
            .sum();
        if found == 0 {
            return Err(SolveError::Table(
                "pruning table search stalled before reaching every entry".into(),
            ));
        }
        done += found;
        frontier = found;
        depth += 1;
    }
    progress.finish();
    let mut out = huge_buffer(N_BYTES)?;
    out.par_chunks_mut(8)
        .zip(table.words.par_iter())
        .for_each(|(chunk, w)| {
            let bytes = w.load(Ordering::Relaxed).to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        });
    Ok(out)
}
