//! The exact hK table (K < 11): for each hK index the least distance of the h11 cosets it
//! covers, as 2-bit codes with base `M + 1` ([`super::fill::code`]), from the h11 classes to depth
//! `M` ([`super::build`]'s files).
//!
//! - Values up to `M` (code 0): the projection of the depth files (an index is at `d ≤ M` iff
//!   one of its cosets is, the least such `d`).
//! - `M + 1` and `M + 2` (codes 1 and 2): from each class at depth `M` a walk of one and two
//!   moves on h11 indices through the move tables, lowering each reached index's hK entry to
//!   the walk's code. A coset at `M + 1` has a neighbour at `M`; one at `M + 2` a neighbour at
//!   `M + 1`, which has one at `M`; walking back (moves are their own inverses' kind), every
//!   coset at `M + 1` or `M + 2` is reached at its own distance, and none reached at walk depth
//!   `j` is further than `M + j`. Codes fall with distance, so keeping the least code written is
//!   keeping the least distance. Codes of entries at ≤ `M` are 0 already and stay.
//! - Everything not reached stays 3 (`M + 3` or more).
//!
//! **Why walking from the representatives is enough.** A depth file holds one index per class
//! of cosets under the 48 symmetries (the conjugates of a coset share an index). The move set
//! is closed under conjugation, so the conjugates of a coset's neighbours are the neighbours of
//! its conjugates: the class graph is well defined and the representative's 18 neighbours
//! (reduced to their own class's index by the move tables) are the neighbours of the class.
//!
//! The walk is resumable: a checkpoint (the table and the next chunk of the depth-`M` list) at
//! most every so often; lowering is idempotent, so chunks walked after the last checkpoint are
//! walked again harmlessly.

use super::build::BuildError;
use super::coord::{size, MAX_K};
use super::fill::{code, load, prepare_dir, save, Codes, Kind, State};
use super::moves::MoveTables;
use rayon::prelude::*;
use std::path::Path;
use std::time::{Duration, Instant};

/// The checkpoint of this build.
const EXACT: Kind = Kind {
    magic: b"RKH48E01",
    name: "exact.ckpt",
};

/// Depth-`M` classes walked per parallel chunk (small in tests, so a test walk has many).
const CHUNK: usize = if cfg!(test) { 8 } else { 1 << 12 };
/// Chunks per thread between two looks at the checkpoint deadline.
const CHUNKS_PER_LOOK: usize = if cfg!(test) { 1 } else { 16 };

/// Where a build is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Depth-`M` classes walked so far (all of them when done).
    pub walked: u64,
    /// Depth-`M` classes in all.
    pub total: u64,
    /// Whether a checkpoint was just written.
    pub checkpoint: bool,
}

/// How to build.
#[derive(Debug, Clone)]
pub struct Plan {
    /// hK (below 11).
    pub k: u8,
    /// A checkpoint at least this often during the walk (`None`: none).
    pub checkpoint_every: Option<Duration>,
    /// Ask for 2 MiB pages for the table.
    pub huge_pages: bool,
    /// Walk only the first this many depth-`M` classes (a rate sample; the table is then not
    /// exact for codes 1 and 2).
    pub limit: Option<u64>,
}

/// Neighbour h11 indices of one class, one move and two moves away.
fn walk_class(mt: &MoveTables, i: u64, out: &mut Vec<(u64, u8)>) {
    for m1 in 0..18 {
        let n1 = mt.neighbour(i, m1);
        out.push((n1, 1));
        for m2 in 0..18 {
            out.push((mt.neighbour(n1, m2), 2));
        }
    }
}

/// Walks classes `classes` lowering the table (codes 1 and 2 as above).
fn walk(mt: &MoveTables, table: &Codes, classes: &[u64], shift: u32) {
    let mut buf = Vec::with_capacity(18 * 19);
    for &i in classes {
        buf.clear();
        walk_class(mt, i, &mut buf);
        for &(n, _) in &buf {
            table.prefetch(n >> shift);
        }
        for &(n, c) in &buf {
            table.lower(n >> shift, c);
        }
    }
}

/// Builds (or resumes building) the exact hK table of `plan.k` from the depth files `sets`
/// (depths 0..=M, M = `sets.len() − 1`), base `M + 1`, checkpointing in `dir` (none when
/// `None`); calls `after` with the progress once the table is ready to walk (allocated and
/// projected, or loaded) and after each batch of chunks.
pub fn build_exact(
    sets: &[Vec<u64>],
    plan: &Plan,
    dir: Option<&Path>,
    after: &mut dyn FnMut(&Progress),
) -> Result<Codes, BuildError> {
    assert!(plan.k < MAX_K, "h11 is the classes themselves");
    assert!(!sets.is_empty());
    let depth = (sets.len() - 1) as u8;
    let base = depth + 1;
    let shift = u32::from(MAX_K - plan.k);
    let len = size(plan.k);
    if let Some(d) = dir {
        prepare_dir(d)?;
    }
    let found = match dir {
        Some(d) => load(&EXACT, d, len, base)?,
        None => None,
    };
    let (table, mut next) = match found {
        Some((table, state)) => (table, state.chunk as usize),
        None => {
            let table = Codes::with_pages(len, plan.huge_pages);
            for set in sets {
                set.par_iter().for_each(|&x| table.lower(x >> shift, 0));
            }
            (table, 0)
        }
    };
    let mt = MoveTables::get();
    let last = &sets[depth as usize];
    let last = &last[..plan
        .limit
        .map_or(last.len(), |l| (l as usize).min(last.len()))];
    let chunks = last.len().div_ceil(CHUNK);
    let batch = (rayon::current_num_threads() * CHUNKS_PER_LOOK).max(1);
    let mut since = Instant::now();
    after(&Progress {
        walked: (next * CHUNK).min(last.len()) as u64,
        total: last.len() as u64,
        checkpoint: false,
    });
    while next < chunks {
        let end = (next + batch).min(chunks);
        (next..end).into_par_iter().for_each(|ch| {
            let part = &last[ch * CHUNK..((ch + 1) * CHUNK).min(last.len())];
            walk(mt, &table, part, shift);
        });
        next = end;
        let due = plan.checkpoint_every.is_some_and(|e| since.elapsed() >= e);
        let mut checkpoint = false;
        if let (Some(d), true) = (dir, due && next < chunks) {
            let state = State {
                done: 0,
                frontier: None,
                chunk: next as u64,
            };
            save(&EXACT, d, &table, base, &state)?;
            since = Instant::now();
            checkpoint = true;
        }
        after(&Progress {
            walked: (next * CHUNK).min(last.len()) as u64,
            total: last.len() as u64,
            checkpoint,
        });
    }
    Ok(table)
}

/// Entry `e`'s code found by a search from its own cosets, independently of [`build_exact`]:
/// for each h11 index the entry covers that is a class's index (its cube's index is itself),
/// its distance when a depth file holds it, else `M + 1` when a cube move reaches a class at
/// `M`, else `M + 2` when two do, else `M + 3` or more; the least over the covered indices.
/// Cube moves and binary searches of the sorted files: the table's own move tables and walk
/// play no part.
pub fn code_by_search(sets: &[Vec<u64>], k: u8, e: u64) -> u8 {
    let cc = super::coord::CornerClasses::get();
    let depth = sets.len() - 1;
    let base = depth as u8 + 1;
    let shift = MAX_K - k;
    let at = |i: u64| sets.iter().position(|s| s.binary_search(&i).is_ok());
    let in_last = |i: u64| sets[depth].binary_search(&i).is_ok();
    let mut best = 3u8;
    for j in (e << shift)..((e + 1) << shift) {
        if cc.h11(&cc.cube(j, MAX_K)) != j {
            continue;
        }
        let c = if let Some(d) = at(j) {
            code(d as u8, base)
        } else {
            let n1s = cc.neighbours(j);
            if n1s.iter().any(|&n| in_last(n)) {
                1
            } else if n1s
                .iter()
                .any(|&n| cc.neighbours(n).iter().any(|&n2| in_last(n2)))
            {
                2
            } else {
                3
            }
        };
        best = best.min(c);
    }
    best
}

#[cfg(test)]
mod tests;
