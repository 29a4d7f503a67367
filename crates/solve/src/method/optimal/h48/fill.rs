//! The second stage of an hK table's build: a 2-bit table of capped distances filled level by
//! level, forward from an explicit frontier while it is small, backward (each unset entry looks
//! for a neighbour already set) once it is large, with a checkpoint file after each level and
//! during long backward levels, so a killed build resumes.
//!
//! **What the values are.** For K < 11 an hK index covers 2^(11−K) h11 cosets and moves do not
//! act on hK indices. Here an index's neighbours are those of *every* h11 index it covers (all
//! completions of its untracked orientations, [`HkSpace`]), and the table holds distances in
//! that graph: a lower bound of the least distance of the covered cosets (every real path is a
//! path of this graph), equal to it for K = 0 (h0 is a coset space: every completion is one
//! coset) and for K = 11, lower for some entries in between (a path may re-choose the untracked
//! orientations at each step). nissy's and cube48opt's hK tables hold the least distance itself
//! (BENCHMARKS.md, session 23, says how far apart the two are).
//!
//! **Codes** ([`Codes`]): with base `b`, code 0 is a distance below `b`, 1 is `b`, 2 is `b + 1`
//! and 3 is `b + 2` or more, so a lookup bounds a cube by `b − 1 + code` (0 for code 0).
//!
//! **Why the backward level is exact.** Before level `L` every entry at distance < `L` is set.
//! An unset entry is at `L` or more, so a set neighbour is at `L − 1` exactly: the entry is at
//! `L` iff some neighbour is set before the level. Entries set *during* the level must not count;
//! from level `b` on each level writes a code no earlier level wrote (1, then 2), so the level
//! writes as it goes (and running it again over a partly written table gives the same table,
//! which is what lets a level resume from its middle); below `b` (code 0 for all) it collects
//! what it found and writes after the pass.

use super::build::{commit, io, BuildError};
use rayon::prelude::*;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A graph on `0..size` the table is a distance table of.
pub trait Space: Sync {
    /// Entries.
    fn size(&self) -> u64;
    /// The entry at distance 0.
    fn start(&self) -> u64;
    /// Calls `f` on neighbours of `i` until it returns `true`; returns whether it did.
    fn any_neighbour<F: FnMut(u64) -> bool>(&self, i: u64, f: F) -> bool;
}

/// The hK graph of the module's doc: an index's neighbours are those of every h11 index it
/// covers (of one for h0, where they are all one coset), by the move tables.
pub struct HkSpace {
    k: u8,
    moves: &'static super::moves::MoveTables,
    start: u64,
}

impl HkSpace {
    /// The graph of hK (`k` ≤ 11).
    pub fn new(k: u8) -> Self {
        assert!(k <= super::coord::MAX_K);
        let cc = super::coord::CornerClasses::get();
        HkSpace {
            k,
            moves: super::moves::MoveTables::get(),
            start: cc.index(&rubik_cube::CubieCube::SOLVED, k),
        }
    }
}

impl Space for HkSpace {
    fn size(&self) -> u64 {
        super::coord::size(self.k)
    }
    fn start(&self) -> u64 {
        self.start
    }
    #[inline]
    fn any_neighbour<F: FnMut(u64) -> bool>(&self, i: u64, mut f: F) -> bool {
        let shift = super::coord::MAX_K - self.k;
        // h0 is a coset space: every completion is the same coset, one stands for all.
        let count = if self.k == 0 { 1 } else { 1 << shift };
        (0..18).any(|m| {
            self.moves
                .any_completion_neighbour(i << shift, count, m, |n| f(n >> shift))
        })
    }
}

/// A table of 2-bit codes (32 to a word), all 3 (unset) at first.
pub struct Codes {
    words: Vec<AtomicU64>,
    len: u64,
}

impl Codes {
    /// `len` entries, all 3, in 2 MiB pages where the kernel agrees.
    pub fn new(len: u64) -> Self {
        Self::with_pages(len, true)
    }

    /// `len` entries, all 3; `huge` asks the kernel for 2 MiB pages (`MADV_HUGEPAGE`) before
    /// the memory is first touched: a random write into gigabytes then misses the TLB far less
    /// often (the measurement is in BENCHMARKS.md, session 24).
    pub fn with_pages(len: u64, huge: bool) -> Self {
        let n = len.div_ceil(32) as usize;
        let mut words: Vec<AtomicU64> = Vec::with_capacity(n);
        if huge {
            advise_huge(&mut words);
        }
        words.resize_with(n, || AtomicU64::new(u64::MAX));
        Codes { words, len }
    }

    /// Lowers entry `i` to `code` if it is above it (a minimum; racing writers may write
    /// different codes).
    #[inline]
    pub fn lower(&self, i: u64, code: u8) {
        let shift = (i & 31) * 2;
        let word = &self.words[(i >> 5) as usize];
        let mut w = word.load(Ordering::Relaxed);
        while (w >> shift) & 3 > u64::from(code) {
            let new = (w & !(3 << shift)) | u64::from(code) << shift;
            match word.compare_exchange_weak(w, new, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return,
                Err(now) => w = now,
            }
        }
    }

    /// The words (32 codes each, entry `i` at bits `2 · (i mod 32)`), for tests comparing tables.
    #[cfg(test)]
    pub(super) fn words(&self) -> &[AtomicU64] {
        &self.words
    }

    /// The words (entry `i` at bits `2 · (i mod 32)` of word `i / 32`), the table consumed
    /// without a copy: the payload of its file.
    pub fn into_words(self) -> Vec<u64> {
        let mut words = std::mem::ManuallyDrop::new(self.words);
        let (ptr, len, cap) = (words.as_mut_ptr(), words.len(), words.capacity());
        // SAFETY: `AtomicU64` has the same size, alignment and bit validity as `u64`; the
        // allocation is handed over whole (pointer, length, capacity) and `words` is never
        // dropped.
        unsafe { Vec::from_raw_parts(ptr.cast::<u64>(), len, cap) }
    }

    /// Starts loading the word of entry `i` into the cache (a hint).
    #[inline(always)]
    pub fn prefetch(&self, i: u64) {
        crate::prefetch::prefetch(&self.words, (i >> 5) as usize);
    }

    /// Entries.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Entry `i`'s code.
    #[inline]
    pub fn get(&self, i: u64) -> u8 {
        let w = self.words[(i >> 5) as usize].load(Ordering::Relaxed);
        ((w >> ((i & 31) * 2)) & 3) as u8
    }

    /// Sets entry `i` to `code` if it is unset; `true` when it was (the first of racing
    /// writers). Racing writers must write the same code (one level at a time does).
    #[inline]
    pub fn mark(&self, i: u64, code: u8) -> bool {
        let shift = (i & 31) * 2;
        let word = &self.words[(i >> 5) as usize];
        if (word.load(Ordering::Relaxed) >> shift) & 3 != 3 {
            return false;
        }
        let clear = u64::from(3 ^ code) << shift;
        let old = word.fetch_and(!clear, Ordering::Relaxed);
        (old >> shift) & 3 == 3
    }

    /// Entries per code.
    pub fn histogram(&self) -> [u64; 4] {
        let full = (self.len / 32) as usize;
        let mut h = self.words[..full]
            .par_iter()
            .fold(
                || [0u64; 4],
                |mut h, w| {
                    let w = w.load(Ordering::Relaxed);
                    // Count each code with bit tricks: lo/hi bits of the 32 fields.
                    let (lo, hi) = (w & 0x5555_5555_5555_5555, (w >> 1) & 0x5555_5555_5555_5555);
                    h[3] += u64::from((lo & hi).count_ones());
                    h[2] += u64::from((!lo & hi).count_ones());
                    h[1] += u64::from((lo & !hi).count_ones());
                    h[0] += 32 - u64::from((lo | hi).count_ones());
                    h
                },
            )
            .reduce(|| [0u64; 4], |a, b| std::array::from_fn(|i| a[i] + b[i]));
        for i in (full as u64 * 32)..self.len {
            h[self.get(i) as usize] += 1;
        }
        h
    }
}

/// Asks for 2 MiB pages for the whole capacity of the empty vector `words` (advisory: the
/// kernel may refuse; a table works either way).
fn advise_huge(words: &mut Vec<AtomicU64>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = words.as_mut_ptr() as usize;
        let end = start + words.capacity() * std::mem::size_of::<AtomicU64>();
        let first = start.div_ceil(HUGE) * HUGE;
        if end > first + HUGE {
            let len = (end - first) / HUGE * HUGE;
            // SAFETY: the range lies inside the vector's own allocation (rounded inwards to
            // whole huge pages), which nothing has touched yet; `MADV_HUGEPAGE` changes how
            // the kernel backs it, never its contents.
            let _ = unsafe { libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

/// The code of distance `d` with base `base`.
pub const fn code(d: u8, base: u8) -> u8 {
    if d < base {
        0
    } else if d - base >= 2 {
        3
    } else {
        d - base + 1
    }
}

/// How to fill.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Distances below it share code 0.
    pub base: u8,
    /// The first level filled backward whatever the frontier's size (`None`: chosen by cost).
    pub backward_from: Option<u8>,
    /// During a backward level, a checkpoint at least this often (`None`: only between levels).
    pub checkpoint_every: Option<Duration>,
    /// A forward level keeps the list of what it set (the next level's frontier) only up to
    /// this many entries; past it the next levels go backward.
    pub max_frontier: u64,
    /// A level that took less than this is not checkpointed (redoing it costs less than writing
    /// the table; a resume starts from the last checkpoint, which is whole). Zero: every level.
    pub skip_checkpoint_under: Duration,
}

/// What a level did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// Distance.
    pub level: u8,
    /// Whether it was filled backward.
    pub backward: bool,
    /// Entries set.
    pub set: u64,
    /// Seconds it took (0 for a level found in a checkpoint).
    pub seconds: u64,
}

/// The state a checkpoint holds.
pub(super) struct State {
    /// Levels complete (0 = none).
    pub(super) done: u8,
    /// The last complete level's entries while filling forward.
    pub(super) frontier: Option<Vec<u64>>,
    /// The next level's first chunk not yet scanned, when it is filled backward and was stopped
    /// in its middle (0 otherwise).
    pub(super) chunk: u64,
}

/// Which build a checkpoint file is of: its magic and its name in the build's directory.
pub(super) struct Kind {
    /// The first 8 bytes.
    pub(super) magic: &'static [u8; 8],
    /// The file's name.
    pub(super) name: &'static str,
}

/// This module's fill.
const FILL: Kind = Kind {
    magic: b"RKH48F01",
    name: "fill.ckpt",
};

/// The checkpoint file in `dir`.
pub fn checkpoint_path(dir: &Path) -> PathBuf {
    dir.join(FILL.name)
}

/// FNV-1a over 8-byte words.
fn fnv(h: u64, w: u64) -> u64 {
    (h ^ w).wrapping_mul(0x0100_0000_01b3)
}

/// Writes the table and state atomically: header (magic, entries, base, levels done, frontier
/// length or `u64::MAX`, the next backward chunk), the words, the frontier, a checksum of the words before it.
pub(super) fn save(
    kind: &Kind,
    dir: &Path,
    table: &Codes,
    base: u8,
    state: &State,
) -> Result<(), BuildError> {
    let path = dir.join(kind.name);
    let tmp = dir.join(format!("{}.tmp-{}", kind.name, std::process::id()));
    let f = fs::File::create(&tmp).map_err(io(&tmp))?;
    let mut w = std::io::BufWriter::with_capacity(1 << 22, f);
    let mut sum = 0xcbf2_9ce4_8422_2325u64;
    let flen = state.frontier.as_ref().map_or(u64::MAX, |f| f.len() as u64);
    let mut put = |w: &mut std::io::BufWriter<fs::File>, x: u64| -> std::io::Result<()> {
        sum = fnv(sum, x);
        w.write_all(&x.to_le_bytes())
    };
    let head = [
        u64::from_le_bytes(*kind.magic),
        table.len,
        u64::from(base),
        u64::from(state.done),
        flen,
        state.chunk,
    ];
    for x in head {
        put(&mut w, x).map_err(io(&tmp))?;
    }
    for word in &table.words {
        put(&mut w, word.load(Ordering::Relaxed)).map_err(io(&tmp))?;
    }
    for &x in state.frontier.iter().flatten() {
        put(&mut w, x).map_err(io(&tmp))?;
    }
    w.write_all(&sum.to_le_bytes()).map_err(io(&tmp))?;
    let f = w.into_inner().map_err(|e| io(&tmp)(e.into_error()))?;
    commit(f, &tmp, &path, dir)
}

/// The checkpoint of a table of `len` entries and base `base`, `None` when missing, torn or
/// another table's.
pub(super) fn load(
    kind: &Kind,
    dir: &Path,
    len: u64,
    base: u8,
) -> Result<Option<(Codes, State)>, BuildError> {
    let path = dir.join(kind.name);
    let f = match fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(&path)(e)),
    };
    let mut r = std::io::BufReader::with_capacity(1 << 22, f);
    let mut sum = 0xcbf2_9ce4_8422_2325u64;
    let next = |r: &mut std::io::BufReader<fs::File>, sum: &mut u64| -> Option<u64> {
        let mut b = [0u8; 8];
        r.read_exact(&mut b).ok()?;
        let x = u64::from_le_bytes(b);
        *sum = fnv(*sum, x);
        Some(x)
    };
    let mut head = [0u64; 6];
    for h in &mut head {
        let Some(x) = next(&mut r, &mut sum) else {
            return Ok(None);
        };
        *h = x;
    }
    if head[0] != u64::from_le_bytes(*kind.magic) || head[1] != len || head[2] != u64::from(base) {
        return Ok(None);
    }
    let table = Codes::new(len);
    for word in &table.words {
        let Some(x) = next(&mut r, &mut sum) else {
            return Ok(None);
        };
        word.store(x, Ordering::Relaxed);
    }
    let frontier = if head[4] == u64::MAX {
        None
    } else {
        let mut f = Vec::with_capacity(head[4] as usize);
        for _ in 0..head[4] {
            let Some(x) = next(&mut r, &mut sum) else {
                return Ok(None);
            };
            f.push(x);
        }
        Some(f)
    };
    let expected = sum;
    let mut b = [0u8; 8];
    if r.read_exact(&mut b).is_err() || u64::from_le_bytes(b) != expected {
        return Ok(None);
    }
    let state = State {
        done: head[3] as u8,
        frontier,
        chunk: head[5],
    };
    Ok(Some((table, state)))
}

/// Entries scanned per parallel chunk of a backward level (small in tests, so that a test
/// table has many).
const SCAN_CHUNK: u64 = if cfg!(test) { 1 << 10 } else { 1 << 16 };
/// Chunks per thread between two looks at the checkpoint deadline.
const CHUNKS_PER_LOOK: u64 = if cfg!(test) { 2 } else { 64 };
/// Frontier entries per parallel chunk of a forward level.
const FRONTIER_CHUNK: usize = 1 << 12;
/// A backward check is guessed to cost this many neighbour reads per unset entry (an entry
/// whose neighbour is set stops at the first one found): the level goes backward when the
/// forward one would read more.
const BACKWARD_READS: u64 = 24;

/// A forward level: marks the unset neighbours of `frontier` with `c`; returns how many and,
/// when they are at most `cap`, which.
fn forward<S: Space>(
    space: &S,
    table: &Codes,
    frontier: &[u64],
    c: u8,
    cap: u64,
) -> (u64, Option<Vec<u64>>) {
    let total = std::sync::atomic::AtomicU64::new(0);
    let parts: Vec<Vec<u64>> = frontier
        .par_chunks(FRONTIER_CHUNK)
        .map(|chunk| {
            let mut out = Vec::new();
            let mut n = 0u64;
            for &i in chunk {
                space.any_neighbour(i, |x| {
                    if table.mark(x, c) {
                        n += 1;
                        // Past the cap the list is dropped: stop keeping it.
                        if total.load(Ordering::Relaxed) + n <= cap {
                            out.push(x);
                        }
                    }
                    false
                });
            }
            total.fetch_add(n, Ordering::Relaxed);
            out
        })
        .collect();
    let n = total.load(Ordering::Relaxed);
    if n > cap {
        return (n, None);
    }
    (n, Some(parts.concat()))
}

/// A backward level over chunks `from..` (of [`SCAN_CHUNK`] entries), marking `c`; stops after
/// the chunk in progress once `until` passes and returns the next chunk to scan (`None` when
/// done) and the entries set.
fn backward<S: Space>(
    space: &S,
    table: &Codes,
    c: u8,
    from: u64,
    until: Option<Instant>,
) -> (Option<u64>, u64) {
    let chunks = space.size().div_ceil(SCAN_CHUNK);
    // Below the base (code 0 for all earlier levels too) what is found is written after the pass.
    let immediate = c != 0;
    let set_before = |n: u64| {
        let x = table.get(n);
        x != 3 && !(immediate && x == c)
    };
    // Batches of chunks so that a deadline is looked at now and then.
    let batch = (rayon::current_num_threads() as u64 * CHUNKS_PER_LOOK).max(1);
    let mut next = from;
    let mut set = 0u64;
    // What a level below the base found, written once the whole pass is done.
    let mut pending: Vec<Vec<u64>> = Vec::new();
    while next < chunks {
        let end = (next + batch).min(chunks);
        let found: Vec<(u64, Vec<u64>)> = (next..end)
            .into_par_iter()
            .map(|ch| {
                let (lo, hi) = (ch * SCAN_CHUNK, ((ch + 1) * SCAN_CHUNK).min(space.size()));
                let mut out = Vec::new();
                let mut n = 0u64;
                for i in lo..hi {
                    if table.get(i) == 3 && space.any_neighbour(i, set_before) {
                        if immediate {
                            table.mark(i, c);
                            n += 1;
                        } else {
                            out.push(i);
                        }
                    }
                }
                (n, out)
            })
            .collect();
        for (n, out) in found {
            set += n + out.len() as u64;
            pending.push(out);
        }
        next = end;
        if !immediate {
            // A level below the base is written only whole: no deadline within it.
            continue;
        }
        if until.is_some_and(|t| Instant::now() >= t) && next < chunks {
            return (Some(next), set);
        }
    }
    for i in pending.into_iter().flatten() {
        table.mark(i, c);
    }
    (None, set)
}

/// Makes checkpoint directory `dir` and removes the temporary checkpoints (`*.ckpt.tmp-*`) of
/// writers that died before renaming them.
pub(super) fn prepare_dir(dir: &Path) -> Result<(), BuildError> {
    fs::create_dir_all(dir).map_err(io(dir))?;
    if let Ok(entries) = fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().contains(".ckpt.tmp-") {
                let _ = fs::remove_file(e.path());
            }
        }
    }
    Ok(())
}

/// Fills (or resumes filling) the table of `space` with `plan`, checkpointing in `dir` (none
/// when `None`); calls `after` with each level once its checkpoint is written. Stops after
/// level `base + 1`: every entry left is code 3.
pub fn fill<S: Space>(
    space: &S,
    plan: &Plan,
    dir: Option<&Path>,
    after: &mut dyn FnMut(&Level),
) -> Result<(Codes, Vec<Level>), BuildError> {
    if let Some(d) = dir {
        prepare_dir(d)?;
    }
    let found = match dir {
        Some(d) => load(&FILL, d, space.size(), plan.base)?,
        None => None,
    };
    let (table, mut state) = match found {
        Some(x) => x,
        None => {
            let table = Codes::new(space.size());
            table.mark(space.start(), code(0, plan.base));
            let state = State {
                done: 1,
                frontier: Some(vec![space.start()]),
                chunk: 0,
            };
            if let Some(d) = dir {
                save(&FILL, d, &table, plan.base, &state)?;
            }
            after(&Level {
                level: 0,
                backward: false,
                set: 1,
                seconds: 0,
            });
            (table, state)
        }
    };
    let mut levels = Vec::new();
    let last = plan.base + 1;
    let mut unset = table.histogram()[3];
    while state.done <= last && unset > 0 {
        let l = state.done;
        let c = code(l, plan.base);
        let t0 = Instant::now();
        let go_back = match (&state.frontier, plan.backward_from) {
            (None, _) => true,
            (Some(_), Some(b)) => l >= b,
            (Some(f), None) => {
                // Forward reads: frontier × neighbours of an entry (one sample's count).
                let mut per = 0u64;
                space.any_neighbour(space.start(), |_| {
                    per += 1;
                    false
                });
                f.len() as u64 * per > unset.saturating_mul(BACKWARD_READS)
            }
        };
        let set = if go_back {
            state.frontier = None;
            let mut from = std::mem::take(&mut state.chunk);
            let mut set = 0;
            loop {
                let until = plan
                    .checkpoint_every
                    .filter(|_| dir.is_some())
                    .map(|e| Instant::now() + e);
                let (next, n) = backward(space, &table, c, from, until);
                set += n;
                match (next, dir) {
                    (Some(nx), Some(d)) => {
                        // Mid-level: a resume scans on from chunk `nx` (the chunks before it
                        // are final: what this level set in them is not counted as set before).
                        state.chunk = nx;
                        save(&FILL, d, &table, plan.base, &state)?;
                        state.chunk = 0;
                        from = nx;
                        after(&Level {
                            level: l,
                            backward: true,
                            set,
                            seconds: t0.elapsed().as_secs(),
                        });
                    }
                    _ => break,
                }
            }
            set
        } else {
            let f = state.frontier.take().unwrap_or_default();
            let (n, next) = forward(space, &table, &f, c, plan.max_frontier);
            drop(f);
            state.frontier = next;
            n
        };
        unset -= set;
        state.done = l + 1;
        if let Some(d) = dir {
            if t0.elapsed() >= plan.skip_checkpoint_under || state.done > last {
                save(&FILL, d, &table, plan.base, &state)?;
            }
        }
        let level = Level {
            level: l,
            backward: go_back,
            set,
            seconds: t0.elapsed().as_secs(),
        };
        after(&level);
        levels.push(level);
    }
    Ok((table, levels))
}

/// Distances by a plain breadth-first search (a queue, a byte per entry, 255 unreached):
/// the reference the fill is tested against.
pub fn plain_bfs<S: Space>(space: &S) -> Vec<u8> {
    let mut dist = vec![u8::MAX; space.size() as usize];
    let mut queue = std::collections::VecDeque::new();
    dist[space.start() as usize] = 0;
    queue.push_back(space.start());
    while let Some(i) = queue.pop_front() {
        let d = dist[i as usize];
        space.any_neighbour(i, |n| {
            if dist[n as usize] == u8::MAX {
                dist[n as usize] = d + 1;
                queue.push_back(n);
            }
            false
        });
    }
    dist
}

#[cfg(test)]
mod tests;
