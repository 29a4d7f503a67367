//! Descent codes: for every phase-1 pruning entry, how each of the 18 moves changes the
//! distance to G1, so the search learns which children can lie on a short enough path from
//! one read of the parent's entry, without computing or looking up the children.
//!
//! A move changes the distance by −1, 0 or +1. The three turns of one face (X, X2, X′) lead to
//! states one move apart from each other, so their distances differ by at most one: the three
//! changes are all in {−1, 0} or all in {0, +1}. Four bits per face hold them: bit 0 says which
//! pair ("up": {0, +1}), bits 1–3 say, for X, X2 and X′, whether the change is the pair's larger
//! value. Six faces make a 24-bit code, stored in 3 bytes per entry.
//!
//! The codes describe moves applied to a flip-slice class's representative. A search node is
//! its representative conjugated by a symmetry, which maps faces to faces and, for the mirror
//! symmetries, quarter turns to their inverses; [`DescentDecoder`] undoes that per node.

use crate::coord::symmetry::{symmetries, N_SYM_UD};
use crate::Progress;
use rayon::prelude::*;

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 3;

/// The 4-bit code of one face from its three distance changes (X, X2, X′), each −1, 0 or +1.
///
/// Panics when the changes mix −1 and +1, which no pruning table of exact distances allows.
pub fn encode_face(changes: [i8; 3]) -> u8 {
    let up = changes.contains(&1);
    assert!(
        !(up && changes.contains(&-1)),
        "distance changes {changes:?} of one face span more than one"
    );
    let high = if up { 1 } else { 0 };
    let mut code = up as u8;
    for (k, &c) in changes.iter().enumerate() {
        if c == high {
            code |= 2 << k;
        }
    }
    code
}

/// The moves, as three bits (X, X2, X′), whose change is −1 in a face code.
const fn descending(code: u8) -> u8 {
    if code & 1 == 1 {
        0
    } else {
        !(code >> 1) & 7
    }
}

/// The moves, as three bits, whose change is at most 0 in a face code.
const fn not_ascending(code: u8) -> u8 {
    if code & 1 == 1 {
        !(code >> 1) & 7
    } else {
        7
    }
}

/// Swaps the X and X′ bits of a 3-bit move set.
const fn mirror(bits: u8) -> u8 {
    (bits & 2) | (bits >> 2 & 1) | (bits & 1) << 2
}

/// Reads the 24-bit code of entry `i`.
#[inline(always)]
pub fn code(table: &[u8], i: usize) -> u32 {
    let b = &table[i * ENTRY_BYTES..i * ENTRY_BYTES + ENTRY_BYTES];
    b[0] as u32 | (b[1] as u32) << 8 | (b[2] as u32) << 16
}

/// Turns an entry's code into the move sets of a node, for each of the 16 U–D symmetries.
pub struct DescentDecoder {
    /// `[s][f]`: the representative's face whose code describes the node's face `f`.
    source_face: [[u8; 6]; N_SYM_UD],
    /// `[s][code]`: (descending, not ascending) 3-bit sets for a face code seen through `s`.
    face_sets: [[(u8, u8); 16]; N_SYM_UD],
}

impl Default for DescentDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl DescentDecoder {
    /// Derives the face maps of the 16 U–D symmetries.
    pub fn new() -> DescentDecoder {
        let syms = symmetries();
        let mut source_face = [[0u8; 6]; N_SYM_UD];
        let mut face_sets = [[(0u8, 0u8); 16]; N_SYM_UD];
        for s in 0..N_SYM_UD {
            let mut mirrored = false;
            for (f, source) in source_face[s].iter_mut().enumerate() {
                // Move m on the node is move conj_move[s][m] on the representative.
                let image = syms.conj_move[s][3 * f];
                *source = image.face() as u8;
                mirrored = image.turns() == 3;
            }
            for c in 0..16u8 {
                let (d, n) = (descending(c), not_ascending(c));
                face_sets[s][c as usize] = if mirrored {
                    (mirror(d), mirror(n))
                } else {
                    (d, n)
                };
            }
        }
        DescentDecoder {
            source_face,
            face_sets,
        }
    }

    /// The node's moves (bit m = move index m) that lower its distance, and those that do not
    /// raise it, from its entry's `code` and the symmetry `sym` taking it to its representative.
    #[inline(always)]
    pub fn moves(&self, code: u32, sym: usize) -> (u32, u32) {
        let src = &self.source_face[sym];
        let sets = &self.face_sets[sym];
        let (mut down, mut level) = (0u32, 0u32);
        for f in 0..6 {
            let (d, n) = sets[(code >> (4 * src[f] as u32) & 15) as usize];
            down |= (d as u32) << (3 * f);
            level |= (n as u32) << (3 * f);
        }
        (down, level)
    }
}

/// What the build reads: the phase-1 table's layout and its distances.
pub struct DescentSpace<'a> {
    /// Number of flip-slice classes.
    pub n_class: usize,
    /// Number of (conjugated) twists per class.
    pub n_twist: usize,
    /// `[class * 18 + m]` → `class << 4 | sym` of the representative moved by `m`.
    pub class_move: &'a [u32],
    /// `[twist * 18 + m]`.
    pub twist_move: &'a [u16],
    /// `[twist * 16 + s]`.
    pub twist_conj: &'a [u16],
    /// The distances, as nibbles `[class * n_twist + twist]`.
    pub prune: &'a [u8],
}

/// `FACE_CODE[9·(a+1) + 3·(b+1) + (c+1)]`: the code of changes (a, b, c); mixed −1/+1 triples,
/// which never occur, map to 0xFF.
fn face_code_table() -> [u8; 27] {
    let mut table = [0xFF; 27];
    for (i, slot) in table.iter_mut().enumerate() {
        let ch = [(i / 9) as i8 - 1, (i / 3 % 3) as i8 - 1, (i % 3) as i8 - 1];
        if !(ch.contains(&-1) && ch.contains(&1)) {
            *slot = encode_face(ch);
        }
    }
    table
}

/// Builds the codes of every entry (`n_class · n_twist · 3` bytes, plus one byte of padding).
pub fn build(space: &DescentSpace, progress: &dyn Progress) -> Vec<u8> {
    let n_twist = space.n_twist;
    let nib = |i: usize| (space.prune[i >> 1] >> ((i & 1) << 2)) & 15;
    // Row-major copies so that the inner loop reads short contiguous rows: `[m][twist]` and
    // `[s][twist]`.
    let moved: Vec<u16> = (0..18 * n_twist)
        .map(|i| space.twist_move[(i % n_twist) * 18 + i / n_twist])
        .collect();
    let conj: Vec<u16> = (0..16 * n_twist)
        .map(|i| space.twist_conj[(i % n_twist) * 16 + i / n_twist])
        .collect();
    let face_code = face_code_table();
    let mut out = vec![0u8; space.n_class * n_twist * ENTRY_BYTES + 1];
    progress.start("two-phase descent codes, phase 1", space.n_class as u64);
    const CLASSES_PER_CHUNK: usize = 64;
    out[..space.n_class * n_twist * ENTRY_BYTES]
        .par_chunks_mut(CLASSES_PER_CHUNK * n_twist * ENTRY_BYTES)
        .enumerate()
        .for_each(|(chunk, bytes)| {
            // `lifted[t][m]`: the child's distance minus the node's, plus one (0, 1 or 2).
            let mut lifted = vec![[0u8; 18]; n_twist];
            let mut here = vec![0u8; n_twist];
            for (k, class_bytes) in bytes.chunks_mut(n_twist * ENTRY_BYTES).enumerate() {
                let base = (chunk * CLASSES_PER_CHUNK + k) * n_twist;
                for (t, d) in here.iter_mut().enumerate() {
                    *d = nib(base + t);
                }
                let class = base / n_twist;
                for m in 0..18 {
                    let e = space.class_move[class * 18 + m];
                    let to = (e >> 4) as usize * n_twist;
                    let conj_row = &conj[(e & 15) as usize * n_twist..][..n_twist];
                    let moved_row = &moved[m * n_twist..][..n_twist];
                    for t in 0..n_twist {
                        let t1 = conj_row[moved_row[t] as usize] as usize;
                        lifted[t][m] = nib(to + t1) + 1 - here[t];
                    }
                }
                for (t, l) in lifted.iter().enumerate() {
                    let mut code = 0u32;
                    for f in 0..6 {
                        let i = 9 * l[3 * f] + 3 * l[3 * f + 1] + l[3 * f + 2];
                        let c = face_code[i as usize];
                        assert!(c != 0xFF, "distance changes of one face span more than one");
                        code |= (c as u32) << (4 * f);
                    }
                    class_bytes[t * ENTRY_BYTES..(t + 1) * ENTRY_BYTES]
                        .copy_from_slice(&code.to_le_bytes()[..ENTRY_BYTES]);
                }
            }
            progress.advance(bytes.len() as u64 / (n_twist * ENTRY_BYTES) as u64);
        });
    progress.finish();
    out
}

/// Entries at most this far from G1 also go into the near table ([`build_near`]): 74,743 of
/// them, which every search node with at most this many moves to go reads.
pub const NEAR_MAX_DIST: u8 = 6;
/// Slots of the near table (a power of two, at most 3/4 full).
pub const NEAR_SLOTS: usize = 1 << 17;
const NEAR_EMPTY: u64 = u64::MAX;

/// The near table's first slot for entry `key`.
#[inline(always)]
pub fn near_slot(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - NEAR_SLOTS.trailing_zeros())) as usize
}

/// The codes of the entries within [`NEAR_MAX_DIST`] of G1, in an open-addressing hash table
/// of `key << 32 | code` slots: 1 MiB that stays in cache, where the full table is 423 MB of
/// memory misses. Half of a search's nodes are that close to G1.
pub fn build_near(prune: &[u8], codes: &[u8]) -> Vec<u64> {
    let mut table = vec![NEAR_EMPTY; NEAR_SLOTS];
    let mut filled = 0;
    for (i, &byte) in prune.iter().enumerate() {
        for half in 0..2 {
            if (byte >> (4 * half)) & 15 > NEAR_MAX_DIST {
                continue;
            }
            let key = 2 * i + half;
            if key * ENTRY_BYTES + ENTRY_BYTES > codes.len() {
                continue; // the padding nibble past the last entry
            }
            let mut slot = near_slot(key as u32);
            while table[slot] != NEAR_EMPTY {
                slot = (slot + 1) % NEAR_SLOTS;
            }
            table[slot] = (key as u64) << 32 | code(codes, key) as u64;
            filled += 1;
            assert!(filled * 4 <= NEAR_SLOTS * 3, "near table too full");
        }
    }
    table
}

/// The code of entry `key` from the near table, if it is there.
#[inline(always)]
pub fn near_code(table: &[u64], key: u32) -> Option<u32> {
    let mut slot = near_slot(key);
    loop {
        let v = table[slot];
        if v >> 32 == key as u64 {
            return Some(v as u32);
        }
        if v == NEAR_EMPTY {
            return None;
        }
        slot = (slot + 1) % NEAR_SLOTS;
    }
}

/// Entries farther than [`NEAR_MAX_DIST`] from G1 and at most this far also go into the hot
/// table ([`build_hot`]): 8,727,316 of them (distances 7 and 8), read by about three in four of
/// the search nodes that miss the near table.
pub const HOT_MAX_DIST: u8 = 8;
/// Buckets of the hot table: one 64-byte line of [`HOT_SLOTS`] slots each (64 MiB in all).
pub const HOT_BUCKETS: usize = 1 << 20;
/// Slots a bucket.
pub const HOT_SLOTS: usize = 16;
/// Bits of a phase-1 entry's index (140,908,410 < 2^28).
const HOT_KEY_BITS: u32 = 28;
/// An odd multiplier: `key · HOT_MUL mod 2^28` is a bijection of the 28-bit keys.
const HOT_MUL: u32 = 0x9E37_79B1;

/// The hot table's bucket of entry `key` and the 8-bit tag that, with the bucket, names the
/// key: the two are the top 20 and the low 8 bits of a bijective hash of its 28 bits, so a tag
/// matches in its bucket for that key only, and a slot needs no more of the key.
#[inline(always)]
pub fn hot_place(key: u32) -> (usize, u32) {
    let h = key.wrapping_mul(HOT_MUL) & ((1 << HOT_KEY_BITS) - 1);
    ((h >> 8) as usize, h & 0xFF)
}

/// The hot table's first slot of the bucket of entry `key` (what a search prefetches).
#[inline(always)]
pub fn hot_slot(key: u32) -> usize {
    hot_place(key).0 * HOT_SLOTS
}

/// The descent codes of the entries at distances `NEAR_MAX_DIST + 1 ..= HOT_MAX_DIST`, in
/// [`HOT_BUCKETS`] buckets of [`HOT_SLOTS`] `tag << 24 | code` slots: 64 MiB, where the full
/// table is 423 MB, so that their reads cost what a read of a small table costs (on this
/// machine a random read over 64 MB is about half as slow as one over 412 MB). Entries at
/// distance 7 go in first; a bucket that is full keeps its entries and the ones left out are
/// read from the full table (7,446 of them, 0.09%). A bucket's unused slots repeat its first
/// slot. Returns the table and how many entries were left out.
pub fn build_hot(prune: &[u8], codes: &[u8]) -> (Vec<u32>, usize) {
    let mut table = vec![0u32; HOT_BUCKETS * HOT_SLOTS];
    let mut used = vec![0u8; HOT_BUCKETS];
    let mut left_out = 0;
    let entries = (codes.len() / ENTRY_BYTES).min(2 * prune.len());
    for dist in NEAR_MAX_DIST + 1..=HOT_MAX_DIST {
        for key in 0..entries {
            if (prune[key >> 1] >> ((key & 1) << 2)) & 15 != dist {
                continue;
            }
            let (bucket, tag) = hot_place(key as u32);
            let n = used[bucket] as usize;
            if n == HOT_SLOTS {
                left_out += 1;
                continue;
            }
            table[bucket * HOT_SLOTS + n] = tag << 24 | code(codes, key);
            used[bucket] += 1;
        }
    }
    for (bucket, &n) in table.chunks_exact_mut(HOT_SLOTS).zip(&used) {
        if n > 0 {
            let first = bucket[0];
            bucket[n as usize..].fill(first);
        }
    }
    (table, left_out)
}

/// The code of entry `key` from the hot table, if it is there. Only for entries whose distance
/// is in the table's range: for others a tag may match a slot of an empty bucket.
#[inline(always)]
pub fn hot_code(table: &[u32], key: u32) -> Option<u32> {
    let tag = hot_place(key).1;
    let slots: &[u32; HOT_SLOTS] = table[hot_slot(key)..][..HOT_SLOTS]
        .try_into()
        .expect("a bucket is HOT_SLOTS slots");
    let mut hits = 0u32;
    for (k, &slot) in slots.iter().enumerate() {
        hits |= ((slot >> 24 == tag) as u32) << k;
    }
    (hits != 0).then(|| slots[hits.trailing_zeros() as usize] & 0xFF_FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every possible triple of changes survives encoding and decoding.
    #[test]
    fn face_codes_round_trip() {
        for a in -1i8..=1 {
            for b in -1i8..=1 {
                for c in -1i8..=1 {
                    let ch = [a, b, c];
                    if ch.contains(&-1) && ch.contains(&1) {
                        continue;
                    }
                    let code = encode_face(ch);
                    for k in 0..3 {
                        assert_eq!(descending(code) >> k & 1 == 1, ch[k] == -1, "{ch:?}");
                        assert_eq!(not_ascending(code) >> k & 1 == 1, ch[k] <= 0, "{ch:?}");
                    }
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "span more than one")]
    fn mixed_changes_are_rejected() {
        encode_face([-1, 0, 1]);
    }

    #[test]
    fn the_code_table_agrees_with_encode_face() {
        let table = face_code_table();
        assert_eq!(table.iter().filter(|&&c| c == 0xFF).count(), 27 - 8 - 8 + 1);
        assert_eq!(table[13], encode_face([0, 0, 0]));
        assert_eq!(table[0], encode_face([-1, -1, -1]));
        assert_eq!(table[26], encode_face([1, 1, 1]));
    }

    #[test]
    fn mirror_swaps_quarter_turns() {
        assert_eq!(mirror(0b001), 0b100);
        assert_eq!(mirror(0b100), 0b001);
        assert_eq!(mirror(0b010), 0b010);
        assert_eq!(mirror(0b011), 0b110);
    }
}
