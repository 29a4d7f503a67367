//! The one breadth-first builder of distance tables, parameterised by the space searched
//! ([`Space`]) and the way entries are stored ([`Cells`]).
//!
//! The entries of a space are grouped into blocks (a symmetry class, or one value of a leading
//! coordinate) whose entries all move to the same block under a given move: the builder looks
//! up each block's move once and then walks the block's entries move by move, so that its reads
//! stay inside one child block. Level by level it goes forward from the frontier while the
//! frontier is small, and backward (each unseen entry looks for a neighbour on the frontier)
//! once it is large; blocks are expanded in parallel with atomic updates, and the result does
//! not depend on the order of the work, because an entry's value is its distance. An entry is
//! settled together with its images under the symmetries that fix its block's representative
//! ([`Space::images`]).
//!
//! Every format starts with all bits set: "unseen" is `0xFF` for bytes, `0xF` for nibbles and
//! `3` for the 2-bit grouped format.

use super::error::TableError;
pub use super::format::{Cells, GROUP_BYTES, PER_GROUP};
use super::memory;
use crate::store::memory::MmapMut;
use crate::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

#[cfg(not(target_endian = "little"))]
compile_error!("the table layouts assume a little-endian machine");

/// How big a [`Space`] is: all the builder needs to know of it besides what its moves do.
#[derive(Clone, Copy, Debug)]
pub struct Shape<'a> {
    /// The name shown while the table is built.
    pub name: &'a str,
    /// Number of blocks.
    pub blocks: usize,
    /// Entries per block.
    pub block_len: usize,
    /// Number of moves.
    pub moves: usize,
}

impl Shape<'_> {
    /// Number of entries.
    pub fn entries(&self) -> usize {
        self.blocks * self.block_len
    }
}

/// A space searched breadth-first from its goal: blocks of entries and the moves between them.
pub trait Space: Sync {
    /// What a move does to a whole block (the child block, and how offsets map into it).
    type Step: Copy;

    /// Its name, blocks and moves.
    fn shape(&self) -> Shape<'_>;
    /// What move `m` does to `block`.
    fn step(&self, block: usize, m: usize) -> Self::Step;
    /// An entry made ready for its moves (once per entry and level, before its moves are
    /// tried): its offset, or what the children are computed from (a decoded state).
    type Entry: Copy;
    /// Entry `off` of `block`, made ready for its moves.
    fn entry(&self, block: usize, off: usize) -> Self::Entry;
    /// The block and offset of the child of `entry` under the move of `step` (move `m`).
    fn child(&self, step: &Self::Step, m: usize, entry: &Self::Entry) -> (usize, usize);
    /// Calls `f` with the offset of every entry of `block` equal to entry `off` under the
    /// symmetries of the space, `off` first (repeats allowed). Without symmetries, `off` alone.
    #[inline(always)]
    fn images(&self, block: usize, off: usize, mut f: impl FnMut(usize)) {
        let _ = block;
        f(off);
    }
    /// Calls `f` with the block and offset of every goal entry (repeats allowed); by default
    /// one goal, entry 0 of block 0.
    fn goals(&self, mut f: impl FnMut(usize, usize)) {
        f(0, 0);
    }
    /// Whether every move is undone by a move of the space, so that an entry's children are
    /// also its parents; if not, the builder only ever searches forward.
    fn inverse_closed(&self) -> bool {
        true
    }
}

/// The entries of a distance table while it is built: 64-bit words updated atomically.
pub trait Grid: Sync {
    /// The code of an entry never reached.
    const UNSEEN: u64;
    /// The code of entry `idx`.
    fn get(&self, idx: usize) -> u64;
    /// Marks an unseen entry as reached at the level being built (`depth + 1`); returns
    /// whether this call did.
    fn reach(&self, idx: usize, depth: u64) -> bool;
    /// The code the entries of level `depth` (the frontier) have.
    fn frontier(&self, depth: u64) -> u64;
    /// Calls `f` with every entry in `range` whose code is `code`.
    fn scan(&self, range: std::ops::Range<usize>, code: u64, f: impl FnMut(usize));
    /// After level `depth` is complete; returns whether to stop (the format stores nothing
    /// deeper).
    fn level_done(&self, depth: u64) -> bool;
    /// After the last level (`depth`).
    fn finish(&self, depth: u64);
}

/// Builds the distance table of `space` in `cells`' format, reporting entries settled to
/// `progress`. Returns the table's bytes (rounded up to whole 64-bit words).
pub fn build<S: Space>(
    space: &S,
    cells: Cells,
    table: &'static str,
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    let entries = space.shape().entries();
    let bytes = cells.bytes(entries).next_multiple_of(8);
    let mut buf = memory::buffer(bytes, true).map_err(|e| TableError::Memory {
        table,
        bytes,
        cause: e.into(),
    })?;
    buf.par_chunks_mut(1 << 20).for_each(|c| c.fill(0xFF));
    // SAFETY: the mapping is page-aligned, `bytes` long (a multiple of 8) and exclusively
    // borrowed for the lifetime of `words`; AtomicU64 has the size and alignment of u64.
    let words: &[AtomicU64] =
        unsafe { std::slice::from_raw_parts(buf.as_mut_ptr() as *const AtomicU64, bytes / 8) };
    let finished = match cells {
        Cells::Byte => search(space, &Lanes::<8>(words), progress),
        Cells::Nibble => search(space, &Lanes::<4>(words), progress),
        Cells::Grouped { base } => search(
            space,
            &Groups {
                words,
                base: u64::from(base),
                entries,
            },
            progress,
        ),
    };
    match finished {
        Finished::Complete => Ok(buf),
        Finished::Cancelled => Err(TableError::Cancelled { table }),
    }
}

/// How a build's search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Finished {
    /// Every level is in the table.
    Complete,
    /// [`Progress::cancelled`] said stop: the table is unfinished.
    Cancelled,
}

/// The level-by-level search; it polls [`Progress::cancelled`] before each block of a level.
fn search<S: Space, C: Grid>(space: &S, cells: &C, progress: &dyn Progress) -> Finished {
    let shape = space.shape();
    let per = shape.block_len;
    let entries = shape.entries() as u64;
    progress.start(shape.name, entries);
    let settle = |block: usize, off: usize, depth: u64| -> u64 {
        let mut new = 0;
        space.images(block, off, |o| {
            new += u64::from(cells.reach(block * per + o, depth));
        });
        new
    };
    // The goal is "reached at level 0": settled as if from level -1.
    let mut done = 0;
    space.goals(|block, off| done += settle(block, off, u64::MAX));
    progress.advance(done);
    let mut depth = 0u64;
    let mut frontier = done;
    loop {
        if progress.cancelled() {
            progress.stopped();
            return Finished::Cancelled;
        }
        if cells.level_done(depth) || done == entries {
            break;
        }
        let unseen = entries - done;
        let backward = space.inverse_closed() && frontier * 3 > unseen;
        let wanted = if backward {
            C::UNSEEN
        } else {
            cells.frontier(depth)
        };
        let at = cells.frontier(depth);
        let found: u64 = (0..shape.blocks)
            .into_par_iter()
            .map(|block| {
                if progress.cancelled() {
                    return 0;
                }
                let base = block * per;
                let mut todo: Vec<(u32, S::Entry)> = Vec::new();
                cells.scan(base..base + per, wanted, |idx| {
                    todo.push(((idx - base) as u32, space.entry(block, idx - base)))
                });
                let mut new = 0;
                for m in 0..shape.moves {
                    if todo.is_empty() {
                        break;
                    }
                    let step = space.step(block, m);
                    if backward {
                        // An unseen entry with a child on the frontier is on the next level.
                        todo.retain(|(off, entry)| {
                            let (b, o) = space.child(&step, m, entry);
                            if cells.get(b * per + o) == at {
                                new += settle(block, *off as usize, depth);
                                false
                            } else {
                                true
                            }
                        });
                    } else {
                        for (_, entry) in &todo {
                            let (b, o) = space.child(&step, m, entry);
                            if cells.get(b * per + o) == C::UNSEEN {
                                new += settle(b, o, depth);
                            }
                        }
                    }
                }
                progress.advance(new);
                new
            })
            .sum();
        if progress.cancelled() {
            progress.stopped();
            return Finished::Cancelled;
        }
        if found == 0 {
            break;
        }
        done += found;
        frontier = found;
        depth += 1;
    }
    cells.finish(depth);
    progress.finish();
    Finished::Complete
}

/// Whether some lane of `bits` bits in `word` equals `v` (the exact SWAR zero-lane test).
#[inline(always)]
fn has_lane(word: u64, v: u64, ones: u64, highs: u64) -> bool {
    let x = word ^ (v * ones);
    x.wrapping_sub(ones) & !x & highs != 0
}

/// Exact distances in lanes of `BITS` bits packed into 64-bit words, lane 0 lowest: one byte
/// (`BITS = 8`) or half a byte (`BITS = 4`) per entry. The all-ones code is "unseen", so the
/// deepest level a lane can tell apart is one less.
struct Lanes<'a, const BITS: usize>(&'a [AtomicU64]);

impl<const BITS: usize> Lanes<'_, BITS> {
    /// Entries per 64-bit word.
    const PER_WORD: usize = 64 / BITS;
    /// The lowest bit of every lane.
    const ONES: u64 = u64::MAX / ((1 << BITS) - 1);
    /// The highest bit of every lane.
    const HIGHS: u64 = Self::ONES << (BITS - 1);

    /// The word holding entry `idx` and the entry's shift in it.
    #[inline(always)]
    fn place(&self, idx: usize) -> (&AtomicU64, usize) {
        (&self.0[idx / Self::PER_WORD], (idx % Self::PER_WORD) * BITS)
    }
}

impl<const BITS: usize> Grid for Lanes<'_, BITS> {
    const UNSEEN: u64 = (1 << BITS) - 1;

    #[inline(always)]
    fn get(&self, idx: usize) -> u64 {
        let (word, shift) = self.place(idx);
        (word.load(Ordering::Relaxed) >> shift) & Self::UNSEEN
    }

    #[inline(always)]
    fn reach(&self, idx: usize, depth: u64) -> bool {
        let (word, shift) = self.place(idx);
        if (word.load(Ordering::Relaxed) >> shift) & Self::UNSEEN != Self::UNSEEN {
            return false;
        }
        let v = depth.wrapping_add(1);
        let old = word.fetch_and(!((Self::UNSEEN ^ v) << shift), Ordering::Relaxed);
        (old >> shift) & Self::UNSEEN == Self::UNSEEN
    }

    fn frontier(&self, depth: u64) -> u64 {
        depth
    }

    fn scan(&self, range: std::ops::Range<usize>, code: u64, mut f: impl FnMut(usize)) {
        scan_words(
            self.0,
            range,
            Self::PER_WORD,
            |w| has_lane(w, code, Self::ONES, Self::HIGHS),
            |i| {
                if self.get(i) == code {
                    f(i)
                }
            },
        );
    }

    /// The level before "unseen" (254 for a byte, 14 for a nibble) is the last a lane can
    /// store: entries beyond stay unseen, read as "at least that far", still a lower bound.
    fn level_done(&self, depth: u64) -> bool {
        depth + 1 >= Self::UNSEEN
    }

    fn finish(&self, _depth: u64) {}
}

/// Calls `lane` for every entry of `range` lying in a word for which `maybe` holds (`per`
/// entries to a word).
#[inline(always)]
fn scan_words(
    words: &[AtomicU64],
    range: std::ops::Range<usize>,
    per: usize,
    maybe: impl Fn(u64) -> bool,
    mut lane: impl FnMut(usize),
) {
    if range.is_empty() {
        return;
    }
    let first = range.start / per;
    let last = (range.end - 1) / per;
    for (w, word) in words[first..=last].iter().enumerate() {
        if !maybe(word.load(Ordering::Relaxed)) {
            continue;
        }
        let w = first + w;
        let from = (w * per).max(range.start);
        let to = ((w + 1) * per).min(range.end);
        for i in from..to {
            lane(i);
        }
    }
}

/// Entries in a group's first word (after the 4-bit minimum).
pub const LOW_LANES: usize = 30;
/// Bit `2·lane` of every lane.
const LANE_LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The word and bit of entry `idx` in a grouped table seen as 64-bit words.
///
/// A group is two little-endian words: the first holds the group's minimum in bits 0..4 and
/// entries 0..30 at bits `4 + 2·lane`, the second entries 30..62 at bits `2·(lane − 30)`.
#[inline(always)]
pub fn group_lane(idx: usize) -> (usize, u32) {
    let g = idx / PER_GROUP;
    let lane = idx - g * PER_GROUP;
    if lane < LOW_LANES {
        (2 * g, (4 + 2 * lane) as u32)
    } else {
        (2 * g + 1, (2 * (lane - LOW_LANES)) as u32)
    }
}

/// The bits of `word` marking its lanes equal to `code` (bit `2·lane` of each), the 4-bit
/// minimum of a group's first word excluded when `first`.
#[inline(always)]
fn lanes_equal(word: u64, code: u64, first: bool) -> u64 {
    let x = word ^ (code * LANE_LOW_BITS);
    let hits = !(x | (x >> 1)) & LANE_LOW_BITS;
    if first {
        hits & !0xF
    } else {
        hits
    }
}

/// The grouped format while it is built, in its own 2 bits: `3` unseen, `2` reached at this
/// level, `1` the frontier, `0` older. A sweep after each level moves the codes down and gives
/// groups reached for the first time that level as their minimum. The search stops once the
/// level `base + 2` is known: whatever is still unseen is at least `base + 3`.
struct Groups<'a> {
    words: &'a [AtomicU64],
    base: u64,
    entries: usize,
}

const NEW: u64 = 2;
const FRONTIER: u64 = 1;

impl Groups<'_> {
    /// After a level (codes `3` unseen, `2` new, `1` frontier, `0` older): frontier → older,
    /// new → frontier, and groups reached for the first time get `depth` as their minimum.
    fn sweep(&self, depth: u64) {
        self.words.par_chunks(2 * 4096).for_each(|chunk| {
            for pair in chunk.chunks_exact(2) {
                let (w0, w1) = (
                    pair[0].load(Ordering::Relaxed),
                    pair[1].load(Ordering::Relaxed),
                );
                let reached = lanes_equal(w0, NEW, true) != 0 || lanes_equal(w1, NEW, false) != 0;
                // Per lane: 3 → 3, 2 → 1, 1 → 0, 0 → 0.
                let down = |w: u64| {
                    let (hi, lo) = ((w >> 1) & LANE_LOW_BITS, w & LANE_LOW_BITS);
                    hi | ((hi & lo) << 1)
                };
                let mut min = w0 & 0xF;
                if reached && min == 0xF {
                    min = depth;
                }
                pair[0].store((down(w0) & !0xF) | min, Ordering::Relaxed);
                pair[1].store(down(w1), Ordering::Relaxed);
            }
        });
    }
}

impl Grid for Groups<'_> {
    const UNSEEN: u64 = 3;

    #[inline(always)]
    fn get(&self, idx: usize) -> u64 {
        let (w, shift) = group_lane(idx);
        (self.words[w].load(Ordering::Relaxed) >> shift) & 3
    }

    #[inline(always)]
    fn reach(&self, idx: usize, _depth: u64) -> bool {
        let (w, shift) = group_lane(idx);
        if (self.words[w].load(Ordering::Relaxed) >> shift) & 3 != Self::UNSEEN {
            return false;
        }
        // UNSEEN (3) → NEW (2): clear the lane's low bit.
        let old = self.words[w].fetch_and(!(1 << shift), Ordering::Relaxed);
        (old >> shift) & 3 == Self::UNSEEN
    }

    fn frontier(&self, _depth: u64) -> u64 {
        FRONTIER
    }

    fn scan(&self, range: std::ops::Range<usize>, code: u64, mut f: impl FnMut(usize)) {
        if range.is_empty() {
            return;
        }
        for g in range.start / PER_GROUP..=(range.end - 1) / PER_GROUP {
            for half in 0..2 {
                let word = self.words[2 * g + half].load(Ordering::Relaxed);
                let mut hits = lanes_equal(word, code, half == 0);
                while hits != 0 {
                    let bit = hits.trailing_zeros() as usize;
                    hits &= hits - 1;
                    let lane = if half == 0 {
                        (bit - 4) / 2
                    } else {
                        LOW_LANES + bit / 2
                    };
                    let idx = g * PER_GROUP + lane;
                    if range.contains(&idx) {
                        f(idx);
                    }
                }
            }
        }
    }

    fn level_done(&self, depth: u64) -> bool {
        // Level 0 (the goal) is swept as soon as it is set.
        if depth == 0 {
            self.sweep(0);
            return false;
        }
        if depth == self.base + 2 {
            // Codes are final: 0 up to the base, 1 and 2 above it, 3 (unseen) beyond.
            return true;
        }
        self.sweep(depth);
        false
    }

    fn finish(&self, depth: u64) {
        let _ = self.entries;
        if depth <= self.base {
            // Every entry was reached at or below the base: the last level is still marked 1.
            self.sweep(depth + 1);
        }
    }
}

/// Reads entry `i` of a nibble table (low nibble first), as [`Cells::Nibble`] stores it.
#[inline(always)]
pub fn nibble(table: &[u8], i: usize) -> u8 {
    (table[i >> 1] >> ((i & 1) << 2)) & 0xF
}

/// A product of two coordinates `a × b` (index `a · n_b + b`), each moved by its own move
/// table (`[value · 18 + move]`), over a list of moves; goal at (0, 0). Blocks are values of `a`.
pub struct Product<'a> {
    /// Shown while building.
    pub name: &'a str,
    /// Values of `a`.
    pub n_a: usize,
    /// Values of `b`.
    pub n_b: usize,
    /// The moves (indices 0..18).
    pub moves: &'a [usize],
    /// Move table of `a`.
    pub a_move: &'a [u16],
    /// Move table of `b`.
    pub b_move: &'a [u16],
}

impl Space for Product<'_> {
    type Step = usize;
    type Entry = usize;

    fn shape(&self) -> Shape<'_> {
        Shape {
            name: self.name,
            blocks: self.n_a,
            block_len: self.n_b,
            moves: self.moves.len(),
        }
    }
    fn entry(&self, _block: usize, off: usize) -> usize {
        off
    }

    #[inline(always)]
    fn step(&self, a: usize, m: usize) -> usize {
        self.a_move[a * 18 + self.moves[m]] as usize
    }
    #[inline(always)]
    fn child(&self, &a: &usize, m: usize, &b: &usize) -> (usize, usize) {
        (a, self.b_move[b * 18 + self.moves[m]] as usize)
    }
}

/// Symmetry classes of one coordinate × the values of another (index `class · n_inner +
/// inner`), the inner coordinate conjugated into the frame of the class's representative;
/// goal at (0, 0).
pub struct SymProduct<'a> {
    /// Shown while building.
    pub name: &'a str,
    /// Number of symmetry classes.
    pub n_class: usize,
    /// Number of values of the inner coordinate.
    pub n_inner: usize,
    /// The moves (indices 0..18).
    pub moves: &'a [usize],
    /// For class `c` and move `m` (an index 0..18): the class reached from the representative
    /// and the symmetry that brings the reached state into its class's frame, packed as
    /// `class << 4 | sym`.
    pub class_step: &'a (dyn Fn(usize, usize) -> u32 + Sync),
    /// Inner move table `[x · 18 + m]`.
    pub inner_move: &'a [u16],
    /// Inner conjugation table `[x · 16 + s]`.
    pub inner_conj: &'a [u16],
    /// Bit `s` set when symmetry `s` fixes the class representative.
    pub self_sym: &'a [u16],
}

impl Space for SymProduct<'_> {
    /// (move index 0..18, class reached, symmetry to its frame).
    type Step = (usize, usize, usize);
    type Entry = usize;

    fn shape(&self) -> Shape<'_> {
        Shape {
            name: self.name,
            blocks: self.n_class,
            block_len: self.n_inner,
            moves: self.moves.len(),
        }
    }
    fn entry(&self, _block: usize, off: usize) -> usize {
        off
    }

    #[inline(always)]
    fn step(&self, class: usize, m: usize) -> Self::Step {
        let mv = self.moves[m];
        let s = (self.class_step)(class, mv);
        (mv, (s >> 4) as usize, (s & 15) as usize)
    }
    #[inline(always)]
    fn child(&self, &(mv, class, sym): &Self::Step, _m: usize, &x: &usize) -> (usize, usize) {
        let moved = self.inner_move[x * 18 + mv] as usize;
        (class, self.inner_conj[moved * 16 + sym] as usize)
    }
    #[inline(always)]
    fn images(&self, class: usize, x: usize, mut f: impl FnMut(usize)) {
        f(x);
        let mut sym = self.self_sym[class] >> 1;
        let mut s = 1;
        while sym != 0 {
            if sym & 1 == 1 {
                f(self.inner_conj[x * 16 + s] as usize);
            }
            sym >>= 1;
            s += 1;
        }
    }
}

/// A space of `n` states, each its own block, moved by `next(state, move)`.
pub struct Graph<'a, F: Fn(usize, usize) -> usize + Sync> {
    /// Shown while building.
    pub name: &'a str,
    /// Number of states.
    pub n: usize,
    /// Number of moves.
    pub moves: usize,
    /// The goal state.
    pub goal: usize,
    /// The state after a move.
    pub next: F,
}

impl<F: Fn(usize, usize) -> usize + Sync> Space for Graph<'_, F> {
    type Step = usize;
    type Entry = usize;

    fn shape(&self) -> Shape<'_> {
        Shape {
            name: self.name,
            blocks: self.n,
            block_len: 1,
            moves: self.moves,
        }
    }
    fn entry(&self, _block: usize, off: usize) -> usize {
        off
    }

    #[inline(always)]
    fn step(&self, state: usize, m: usize) -> usize {
        (self.next)(state, m)
    }
    #[inline(always)]
    fn child(&self, &state: &usize, _m: usize, _off: &usize) -> (usize, usize) {
        (state, 0)
    }
    fn goals(&self, mut f: impl FnMut(usize, usize)) {
        f(self.goal, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A simple deterministic generator of words, with runs of equal lanes mixed in.
    fn words() -> impl Iterator<Item = u64> {
        let mut w = 0x0123_4567_89AB_CDEFu64;
        std::iter::repeat_with(move || {
            w = w
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if w & 1 == 0 {
                w
            } else {
                w | 0xFFFF_FFFF_0000_0000
            }
        })
    }

    #[test]
    fn nibble_search_matches_a_plain_scan() {
        const ONES: u64 = 0x1111_1111_1111_1111;
        const HIGHS: u64 = 0x8888_8888_8888_8888;
        for word in words().take(20_000) {
            for v in 0..16u64 {
                let plain = (0..16).any(|lane| (word >> (lane * 4)) & 0xF == v);
                assert_eq!(has_lane(word, v, ONES, HIGHS), plain, "{word:016x} {v}");
            }
        }
    }

    #[test]
    fn lanes_are_found_and_moved_down() {
        for w in words().take(5000) {
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
}
