//! Pruning tables: for each state of a coordinate space, its exact distance to the goal, found
//! by breadth-first search. Large tables are stored as 4-bit entries ("nibbles").
//!
//! Symmetry-reduced tables index states by (symmetry class of one coordinate, the other
//! coordinate conjugated into that class's frame). The build goes forward (expand every state
//! at depth d) while the frontier is small and backward (for each unreached state, look for a
//! neighbour at depth d) once most states are reached; both run in parallel with atomic nibble
//! updates, and the result is deterministic because BFS distances are unique.

use crate::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// The value of an entry not yet reached.
const EMPTY: u64 = 0xF;

/// Reads the 4-bit entry `i` of a nibble table (low nibble first).
#[inline(always)]
pub fn nibble(table: &[u8], i: usize) -> u8 {
    (table[i >> 1] >> ((i & 1) << 2)) & 0xF
}

/// Packs one-byte distances two to a byte (low nibble first, as [`nibble`] reads them); a
/// distance above 15 is stored as 15, still a lower bound.
pub fn to_nibbles(bytes: &[u8]) -> Vec<u8> {
    bytes
        .chunks(2)
        .map(|p| p[0].min(15) | p.get(1).map_or(0, |&b| b.min(15)) << 4)
        .collect()
}

struct Nibbles(Vec<AtomicU64>);

impl Nibbles {
    fn new(n: usize) -> Nibbles {
        Nibbles(
            (0..n.div_ceil(16))
                .map(|_| AtomicU64::new(u64::MAX))
                .collect(),
        )
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        (self.0[i >> 4].load(Ordering::Relaxed) >> ((i & 15) << 2)) & 0xF
    }
    /// Whether any of the 16 entries of word `w` equals `v` (exact SWAR zero-nibble test).
    #[inline(always)]
    fn word_has(&self, w: usize, v: u64) -> bool {
        const ONES: u64 = 0x1111_1111_1111_1111;
        const HIGHS: u64 = 0x8888_8888_8888_8888;
        let t = self.0[w].load(Ordering::Relaxed) ^ (v * ONES);
        t.wrapping_sub(ONES) & !t & HIGHS != 0
    }
    /// Sets entry `i` to `v` if it is empty; returns whether this call filled it.
    #[inline(always)]
    fn fill(&self, i: usize, v: u64) -> bool {
        let shift = (i & 15) << 2;
        let old = self.0[i >> 4].fetch_and(!(EMPTY << shift) | (v << shift), Ordering::Relaxed);
        (old >> shift) & 0xF == EMPTY
    }
    fn into_bytes(self, n: usize) -> Vec<u8> {
        let mut out: Vec<u8> = self
            .0
            .into_iter()
            .flat_map(|w| w.into_inner().to_le_bytes())
            .collect();
        out.truncate(n.div_ceil(2));
        out
    }
}

/// A symmetry-reduced space: `n_class` classes of one coordinate × `n_inner` values of another.
pub struct SymSpace<'a> {
    /// Name for progress reports.
    pub name: &'a str,
    /// Number of symmetry classes.
    pub n_class: usize,
    /// Number of values of the inner coordinate.
    pub n_inner: usize,
    /// The moves of the space (indices 0..18).
    pub moves: &'a [usize],
    /// For class `c` and move `m`: the class reached and the symmetry that brings the reached
    /// state into its class's frame, packed as `class << 4 | sym`.
    pub class_step: &'a (dyn Fn(usize, usize) -> u32 + Sync),
    /// Inner move table `[x * 18 + m]`.
    pub inner_move: &'a [u16],
    /// Inner conjugation table `[x * 16 + s]`.
    pub inner_conj: &'a [u16],
    /// Bit `s` set when symmetry `s` fixes the class representative.
    pub self_sym: &'a [u16],
}

/// Builds the nibble distance table of a symmetry-reduced space, goal at (class 0, inner 0).
pub fn build_sym_prune(space: &SymSpace, progress: &dyn Progress) -> Vec<u8> {
    let n = space.n_class * space.n_inner;
    let table = Nibbles::new(n);
    table.fill(0, 0);
    let mut filled = 1u64;
    let mut at_depth = 1u64;
    let mut depth = 0u64;
    progress.start(space.name, n as u64);
    progress.advance(1);
    while (filled as usize) < n && depth < 14 {
        let empty = n as u64 - filled;
        let backward = at_depth >= empty;
        let new: u64 = (0..space.n_class)
            .into_par_iter()
            .map(|cls| expand_class(space, &table, cls, depth, backward))
            .sum();
        if new == 0 {
            break;
        }
        filled += new;
        at_depth = new;
        depth += 1;
        progress.advance(new);
    }
    progress.finish();
    table.into_bytes(n)
}

fn expand_class(space: &SymSpace, table: &Nibbles, cls: usize, depth: u64, backward: bool) -> u64 {
    let steps: Vec<(usize, usize, usize)> = space
        .moves
        .iter()
        .map(|&m| {
            let s = (space.class_step)(cls, m);
            ((s >> 4) as usize, (s & 15) as usize, m)
        })
        .collect();
    let n_inner = space.n_inner;
    let base = cls * n_inner;
    let target = if backward { EMPTY } else { depth };
    let mut count = 0;
    let mut x = 0;
    while x < n_inner {
        let idx = base + x;
        // Skip 16 entries at a time when none of them is of interest.
        if idx & 15 == 0 && x + 16 <= n_inner && !table.word_has(idx >> 4, target) {
            x += 16;
            continue;
        }
        x += 1;
        if table.get(idx) != target {
            continue;
        }
        let x = x - 1;
        if backward {
            for &(c1, s1, m) in &steps {
                let x1 = space.inner_conj[space.inner_move[x * 18 + m] as usize * 16 + s1] as usize;
                if table.get(c1 * n_inner + x1) == depth {
                    table.fill(idx, depth + 1);
                    count += 1;
                    break;
                }
            }
        } else {
            for &(c1, s1, m) in &steps {
                let x1 = space.inner_conj[space.inner_move[x * 18 + m] as usize * 16 + s1] as usize;
                let idx1 = c1 * n_inner + x1;
                if table.get(idx1) != EMPTY {
                    continue;
                }
                count += u64::from(table.fill(idx1, depth + 1));
                let mut sym = space.self_sym[c1] >> 1;
                let mut j = 1;
                while sym != 0 {
                    if sym & 1 == 1 {
                        let x2 = space.inner_conj[x1 * 16 + j] as usize;
                        let idx2 = c1 * n_inner + x2;
                        if table.get(idx2) == EMPTY {
                            count += u64::from(table.fill(idx2, depth + 1));
                        }
                    }
                    sym >>= 1;
                    j += 1;
                }
            }
        }
    }
    count
}

/// Breadth-first distances (one byte each) over a product of two coordinates, goal at 0.
pub fn build_plain_prune(
    n_a: usize,
    n_b: usize,
    moves: &[usize],
    a_move: &[u16],
    b_move: &[u16],
) -> Vec<u8> {
    let n = n_a * n_b;
    let mut dist = vec![u8::MAX; n];
    dist[0] = 0;
    let mut frontier = vec![0usize];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &i in &frontier {
            let (a, b) = (i / n_b, i % n_b);
            for &m in moves {
                let j = a_move[a * 18 + m] as usize * n_b + b_move[b * 18 + m] as usize;
                if dist[j] == u8::MAX {
                    dist[j] = depth + 1;
                    next.push(j);
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    dist
}
