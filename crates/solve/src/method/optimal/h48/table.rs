//! The exact hK table ([`super::exact`]) as a file of the table store, and its lookups.
//!
//! **Format.** The store's 64-byte header (name, element size 8, element count, xxh3-64
//! checksum of the payload) and then `⌈size(K) / 32⌉` little-endian 64-bit words: entry `i`
//! (the hK index of [`super::coord`], `(corner class · 34,650 + esep) · 2^K + the K highest
//! orientation bits`) is bits `2 · (i mod 32)` and up of word `i / 32`. An entry is a 2-bit code
//! of the least distance `d` (half turns) of the h11 cosets it covers, with base `b = M + 1`
//! (`M`: the depth of the h11 classes it was built from): 0 for `d < b`, 1 for `d = b`, 2 for
//! `d = b + 1`, 3 for `d ≥ b + 2` ([`super::fill::code`]). For [`H8`], `M = 9`: "below 10",
//! 10, 11, "12 or more". A code 0 bounds nothing by itself: a search needs a second bound
//! there ([`HkTable::bound`]).
//!
//! **Build.** Only on request (`rubik tables build --method optimal`; a solve never builds
//! it): the h11 classes to depth `M` and then the walk of [`super::exact::build_exact`], both
//! resumable from files in a work directory beside the table (`.NAME.build/`), removed once
//! the table is built. A killed build continues from its last checkpoint.

use super::build::{build_sets, load_sets, BuildError};
use super::coord::{size, CornerClasses};
use super::exact::{build_exact, Plan};
use crate::store::{Built, OsError, Placement, Spec, Store, Table, TableError, TableSpec};
use crate::{Progress, SolverConfig};
use rubik_cube::CubieCube;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Tracked orientations of [`H8`].
pub const H8_K: u8 = 8;
/// Depth of the h11 classes [`H8`] is built from (its base is one more: 10).
pub const H8_DEPTH: u8 = 9;
/// The build's checkpoint interval (the walk takes 13–14 minutes here).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(300);

/// The spec of an exact hK table named `name`: `⌈size(K) / 32⌉` words, built only on request.
pub const fn spec(name: &'static str, k: u8) -> TableSpec {
    TableSpec::of::<u64>(name, size(k).div_ceil(32) as usize)
        .on_request()
        .placed(Placement::Huge)
}

/// The exact h8 table (7.5 GB): 2-bit codes over base 10, built from the h11 classes to depth
/// 9 in about 14 minutes on 2 cores; only on request.
pub static H8: Spec<u64> = Spec {
    table: spec("optimal-h48-h8", H8_K).indexed(
        "H48's h8: corner class under 48 symmetries (3393) × edge slices (34650) × 8 edge \
         flips (256), 2-bit codes (below 10, 10, 11, 12 or more), 32 a word",
    ),
    build: |store, progress| build_file(store, H8.table.name, H8_K, H8_DEPTH, progress),
};

/// The exact h0 table (59 MB): for each h0 entry (corner class × edge slices) the least
/// distance of the h11 cosets it covers when at most [`H8_DEPTH`], else `H8_DEPTH + 1`
/// ("10 or more"), 4 bits an entry (entry `i` in byte `i / 2`, the low nibble first). The
/// second bound of the h8 search where h8's code is 0 ("below 10"). Built from the h11 classes
/// to depth 9 (about 75 s, 1 GB), only on request.
pub static H0: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("optimal-h48-h0", size(0).div_ceil(2) as usize)
        .indexed(
            "H48's h0: corner class under 48 symmetries (3393) × edge slices (34650), exact \
             distances to 9 (10: 10 or more) in 4 bits",
        )
        .on_request()
        .placed(Placement::Huge),
    build: |store, progress| build_h0(store, H0.table.name, H8_DEPTH, progress),
};

/// The h0 nibbles of the h11 classes to depth `sets.len() − 1`: each entry the least depth of
/// the classes it covers, `sets.len()` where none.
pub(crate) fn h0_nibbles(sets: &[Vec<u64>]) -> Vec<u8> {
    let shift = super::coord::MAX_K;
    let n = size(0) as usize;
    let mut v = vec![sets.len() as u8; n];
    for (d, set) in sets.iter().enumerate() {
        for &i in set {
            let e = &mut v[(i >> shift) as usize];
            *e = (*e).min(d as u8);
        }
    }
    let mut packed = vec![0u8; n.div_ceil(2)];
    for (i, &x) in v.iter().enumerate() {
        packed[i >> 1] |= x << ((i & 1) * 4);
    }
    packed
}

/// Builds the h0 table `name` from the h11 classes to `depth` (in a work directory beside the
/// table's file, removed when done).
fn build_h0(
    store: &Store,
    name: &'static str,
    depth: u8,
    progress: &dyn Progress,
) -> Result<Built<u8>, TableError> {
    let (work, sets) = depth_sets(store, name, depth, progress)?;
    let packed = h0_nibbles(&sets);
    drop(sets);
    let _ = std::fs::remove_dir_all(&work);
    Ok(Built::Vec(packed))
}

/// A [`BuildError`] as the store's error for table `name`.
fn store_error(name: &'static str, path: PathBuf) -> impl Fn(BuildError) -> TableError {
    move |e| TableError::Write {
        table: name,
        path: path.clone(),
        cause: OsError::from(std::io::Error::other(e.to_string())),
    }
}

/// The h11 classes to `depth`, built (or resumed from the files there) in table `name`'s work
/// directory beside its file (`.NAME.build/sets`), and that directory.
fn depth_sets(
    store: &Store,
    name: &'static str,
    depth: u8,
    progress: &dyn Progress,
) -> Result<(PathBuf, Vec<Vec<u64>>), TableError> {
    let work = store.dir().join(format!(".{name}.build"));
    let err = store_error(name, work.clone());
    let sets_dir = work.join("sets");
    progress.start("h48 classes by depth", u64::from(depth) + 1);
    build_sets(&sets_dir, depth, &mut |_| progress.advance(1)).map_err(&err)?;
    progress.finish();
    let sets = load_sets(&sets_dir, depth)
        .map_err(&err)?
        .ok_or(TableError::Build {
            table: name,
            reason: "the depth files vanished while being read",
        })?;
    Ok((work, sets))
}

/// Builds the exact hK table `name` from the h11 classes to `depth` (resumably, in a work
/// directory beside the table's file, removed when done).
pub(crate) fn build_file(
    store: &Store,
    name: &'static str,
    k: u8,
    depth: u8,
    progress: &dyn Progress,
) -> Result<Built<u64>, TableError> {
    let (work, sets) = depth_sets(store, name, depth, progress)?;
    let err = store_error(name, work.clone());
    let plan = Plan {
        k,
        checkpoint_every: Some(CHECKPOINT_EVERY),
        huge_pages: true,
        limit: None,
    };
    let mut started = false;
    let mut last = 0;
    let table = build_exact(&sets, &plan, Some(&work.join("walk")), &mut |p| {
        if !started {
            progress.start(name, p.total);
            started = true;
        }
        progress.advance(p.walked - last);
        last = p.walked;
    })
    .map_err(&err)?;
    progress.finish();
    drop(sets);
    let words = table.into_words();
    // The checkpoint (as big as the table) and the depth files are no longer needed.
    let _ = std::fs::remove_dir_all(&work);
    Ok(Built::Vec(words))
}

/// A loaded exact hK table: codes by index, and bounds of cubes.
#[derive(Clone)]
pub struct HkTable {
    words: Arc<Table<u64>>,
    k: u8,
    base: u8,
}

impl HkTable {
    /// [`H8`] from `config`'s table directory (built first when missing: 14 minutes, 9 GB).
    pub fn h8(config: &SolverConfig) -> Result<HkTable, TableError> {
        HkTable::from_store(&Store::new(config), &H8, H8_K, H8_DEPTH)
    }

    /// The table `spec` (hK, built from depth `depth`) from `store`.
    pub(crate) fn from_store(
        store: &Store,
        spec: &Spec<u64>,
        k: u8,
        depth: u8,
    ) -> Result<HkTable, TableError> {
        Ok(HkTable {
            words: store.get(spec)?,
            k,
            base: depth + 1,
        })
    }

    /// Tracked orientations (K).
    pub fn k(&self) -> u8 {
        self.k
    }

    /// The base: code 0 is "below it".
    pub fn base(&self) -> u8 {
        self.base
    }

    /// Entry `i`'s code.
    #[inline]
    pub fn code(&self, i: u64) -> u8 {
        ((self.words[(i >> 5) as usize] >> ((i & 31) * 2)) & 3) as u8
    }

    /// The code of `cube`'s entry.
    pub fn code_of(&self, cube: &CubieCube) -> u8 {
        self.code(CornerClasses::get().index(cube, self.k))
    }

    /// The lower bound code `c` gives on a distance: 0 for code 0 ("below the base", which
    /// bounds nothing; a search takes the larger of it and a second bound), else the least
    /// distance the code stands for.
    pub fn bound_of_code(&self, c: u8) -> u8 {
        match c {
            0 => 0,
            c => self.base + c - 1,
        }
    }

    /// [`HkTable::bound_of_code`] of `cube`'s entry.
    pub fn bound(&self, cube: &CubieCube) -> u8 {
        self.bound_of_code(self.code_of(cube))
    }

    /// The words, for prefetching: entry `i` is in word `i / 32`.
    #[inline(always)]
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// A table of the given words (tests: small synthetic tables).
    #[cfg(test)]
    pub(crate) fn from_words(words: Vec<u64>, k: u8, base: u8) -> HkTable {
        HkTable {
            words: Arc::new(Table::owned(words)),
            k,
            base,
        }
    }
}

#[cfg(test)]
mod tests;
