//! The on-disk table format and the load-or-build cache.
//!
//! A table file is a 64-byte header followed by the table's elements in little-endian order:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `RUBIKTB\0` |
//! | 8..12 | format version ([`FORMAT_VERSION`]) |
//! | 12..16 | element size in bytes |
//! | 16..24 | number of elements |
//! | 24..32 | xxh3-64 checksum of the payload |
//! | 32..64 | table name, UTF-8, zero padded |
//!
//! A file whose header, size or checksum does not match what the code expects is never used:
//! the table is rebuilt. New files are written to a temporary file in the same directory and
//! renamed into place, so an interrupted build never leaves a file that looks valid.

use crate::{NoProgress, Progress, SolveError};
use bytemuck::Pod;
use memmap2::Mmap;
use std::fs::File;
use std::io::{Read, Write};
use std::marker::PhantomData;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// File magic.
pub const MAGIC: [u8; 8] = *b"RUBIKTB\0";
/// Version of the file format and of the table definitions; bump when either changes.
pub const FORMAT_VERSION: u32 = 1;
/// Size of the header; a multiple of 64 keeps the payload aligned for any element type.
pub const HEADER_LEN: usize = 64;
const NAME_LEN: usize = 32;

/// What a table is: enough to find, check and describe its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// File stem, also stored in the header (at most 32 bytes).
    pub name: &'static str,
    /// Number of elements.
    pub len: usize,
    /// Size of one element in bytes.
    pub elem_size: usize,
}

impl TableSpec {
    /// A table of `len` elements of type `T`.
    pub const fn of<T>(name: &'static str, len: usize) -> TableSpec {
        TableSpec {
            name,
            len,
            elem_size: std::mem::size_of::<T>(),
        }
    }

    /// Size of the file in bytes.
    pub fn file_bytes(&self) -> u64 {
        (HEADER_LEN + self.len * self.elem_size) as u64
    }

    /// Where this table lives in `dir`.
    pub fn path(&self, dir: &Path) -> PathBuf {
        dir.join(format!("{}.tbl", self.name))
    }
}

/// Why a table file cannot be trusted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileFault {
    /// No file.
    #[error("missing")]
    Missing,
    /// The file is shorter or longer than the table.
    #[error("wrong size ({actual} bytes, expected {expected})")]
    WrongSize {
        /// Bytes found.
        actual: u64,
        /// Bytes expected.
        expected: u64,
    },
    /// The header does not describe this table in this format version.
    #[error("bad header ({0})")]
    BadHeader(&'static str),
    /// The payload does not match its checksum.
    #[error("checksum mismatch")]
    Checksum,
    /// The file could not be read.
    #[error("unreadable: {0}")]
    Io(String),
}

/// A read-only table: memory-mapped from its file, or owned after a fresh build.
pub struct Table<T: Pod> {
    storage: Storage<T>,
}

enum Storage<T> {
    Mapped(Mmap, PhantomData<T>),
    Owned(Vec<T>),
}

impl<T: Pod> Deref for Table<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match &self.storage {
            Storage::Mapped(map, _) => bytemuck::cast_slice(&map[HEADER_LEN..]),
            Storage::Owned(v) => v,
        }
    }
}

impl<T: Pod> Table<T> {
    /// A table held in memory only.
    pub fn owned(v: Vec<T>) -> Table<T> {
        Table {
            storage: Storage::Owned(v),
        }
    }

    /// Whether the table is memory-mapped from a file.
    pub fn is_mapped(&self) -> bool {
        matches!(self.storage, Storage::Mapped(..))
    }
}

/// The header of a file holding `spec` with payload checksum `checksum`.
pub(crate) fn header(spec: &TableSpec, checksum: u64) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[0..8].copy_from_slice(&MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&(spec.elem_size as u32).to_le_bytes());
    h[16..24].copy_from_slice(&(spec.len as u64).to_le_bytes());
    h[24..32].copy_from_slice(&checksum.to_le_bytes());
    let name = spec.name.as_bytes();
    let n = name.len().min(NAME_LEN);
    h[32..32 + n].copy_from_slice(&name[..n]);
    h
}

/// Checks the header and size of a mapped file; returns the stored checksum.
fn check_header(spec: &TableSpec, bytes: &[u8]) -> Result<u64, FileFault> {
    let expected = spec.file_bytes();
    if bytes.len() as u64 != expected {
        return Err(FileFault::WrongSize {
            actual: bytes.len() as u64,
            expected,
        });
    }
    check_head(spec, bytes[..HEADER_LEN].try_into().expect("64 bytes"))
}

/// Checks a file's header against `spec`; returns the stored checksum.
fn check_head(spec: &TableSpec, head: &[u8; HEADER_LEN]) -> Result<u64, FileFault> {
    let reference = header(spec, 0);
    if head[0..8] != MAGIC {
        return Err(FileFault::BadHeader("magic"));
    }
    if head[8..12] != reference[8..12] {
        return Err(FileFault::BadHeader("format version"));
    }
    if head[12..24] != reference[12..24] {
        return Err(FileFault::BadHeader("element size or length"));
    }
    if head[32..64] != reference[32..64] {
        return Err(FileFault::BadHeader("table name"));
    }
    Ok(u64::from_le_bytes(
        head[24..32].try_into().expect("8 bytes"),
    ))
}

fn map_file(path: &Path) -> Result<Mmap, FileFault> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(FileFault::Missing),
        Err(e) => return Err(FileFault::Io(e.to_string())),
    };
    // SAFETY: the file is only ever replaced by an atomic rename, never written in place, so
    // the mapping stays valid; its contents are checked before use.
    unsafe { Mmap::map(&file) }.map_err(|e| FileFault::Io(e.to_string()))
}

/// Checks a table file: header, size, and (when `full`) the checksum of the payload.
pub fn check_file(spec: &TableSpec, dir: &Path, full: bool) -> Result<(), FileFault> {
    let path = spec.path(dir);
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(FileFault::Missing),
        Err(e) => return Err(FileFault::Io(e.to_string())),
    };
    if meta.len() != spec.file_bytes() {
        return Err(FileFault::WrongSize {
            actual: meta.len(),
            expected: spec.file_bytes(),
        });
    }
    let map = map_file(&path)?;
    let sum = check_header(spec, &map)?;
    if full && xxhash_rust::xxh3::xxh3_64(&map[HEADER_LEN..]) != sum {
        return Err(FileFault::Checksum);
    }
    Ok(())
}

/// Maps a table file after checking it completely.
pub fn load<T: Pod>(spec: &TableSpec, dir: &Path) -> Result<Table<T>, FileFault> {
    debug_assert_eq!(spec.elem_size, std::mem::size_of::<T>());
    let map = map_file(&spec.path(dir))?;
    let sum = check_header(spec, &map)?;
    if xxhash_rust::xxh3::xxh3_64(&map[HEADER_LEN..]) != sum {
        return Err(FileFault::Checksum);
    }
    Ok(Table {
        storage: Storage::Mapped(map, PhantomData),
    })
}

/// Copies the table `spec` from its file in `dir` into `dest` (its bytes, `spec.len` elements),
/// after the same checks as [`load`].
///
/// The file is read, not mapped: a mapping would keep the file's pages resident in this process
/// next to `dest` while they are copied, twice the table's memory at the peak (14 GiB for the
/// 7 GiB optimal table). One thread reads the file in chunks straight into `dest` while another
/// hashes each chunk once it has arrived; for a table of gigabytes most of the reader's time is
/// the kernel zeroing the fresh pages of `dest`.
pub fn load_into(spec: &TableSpec, dir: &Path, dest: &mut [u8]) -> Result<(), FileFault> {
    /// Bytes read per call.
    const CHUNK: usize = 32 << 20;
    let io = |e: std::io::Error| FileFault::Io(e.to_string());
    let mut file = match File::open(spec.path(dir)) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(FileFault::Missing),
        Err(e) => return Err(io(e)),
    };
    let actual = file.metadata().map_err(io)?.len();
    if actual != spec.file_bytes() || dest.len() as u64 + HEADER_LEN as u64 != actual {
        return Err(FileFault::WrongSize {
            actual,
            expected: (dest.len() + HEADER_LEN) as u64,
        });
    }
    let mut head = [0u8; HEADER_LEN];
    file.read_exact(&mut head).map_err(io)?;
    let sum = check_head(spec, &head)?;
    let (tx, rx) = std::sync::mpsc::channel::<&[u8]>();
    let (read, hash) = std::thread::scope(|scope| {
        let hasher = scope.spawn(move || {
            let mut h = xxhash_rust::xxh3::Xxh3::new();
            for chunk in rx {
                h.update(chunk);
            }
            h.digest()
        });
        let mut read = Ok(());
        for chunk in dest.chunks_mut(CHUNK) {
            if let Err(e) = file.read_exact(chunk) {
                read = Err(io(e));
                break;
            }
            let done: &[u8] = chunk;
            if tx.send(done).is_err() {
                break;
            }
        }
        drop(tx);
        (read, hasher.join())
    });
    read?;
    match hash {
        Ok(h) if h == sum => Ok(()),
        Ok(_) => Err(FileFault::Checksum),
        Err(_) => Err(FileFault::Io("the checksum thread failed".into())),
    }
}

/// Writes a table atomically (temporary file, then rename).
pub fn save<T: Pod>(spec: &TableSpec, dir: &Path, data: &[T]) -> Result<(), SolveError> {
    let io = |what: &str, e: std::io::Error| {
        SolveError::Table(format!("{what} {}: {e}", spec.path(dir).display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| io("cannot create the directory of", e))?;
    let bytes: &[u8] = bytemuck::cast_slice(data);
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{}.", spec.name))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| io("cannot create a temporary file for", e))?;
    let sum = xxhash_rust::xxh3::xxh3_64(bytes);
    // No fsync: a file cut short or left with stale blocks by a crash fails its size or
    // checksum check on the next load and is rebuilt, so waiting for the disk buys nothing.
    tmp.write_all(&header(spec, sum))
        .and_then(|_| tmp.write_all(bytes))
        .map_err(|e| io("cannot write", e))?;
    tmp.persist(spec.path(dir))
        .map_err(|e| io("cannot rename into", e.error))?;
    Ok(())
}

/// The table from its file when the file is sound, else built by `build`, saved (best effort:
/// an unwritable cache directory does not stop the solver) and returned.
pub fn load_or_build<T: Pod>(
    spec: &TableSpec,
    dir: &Path,
    progress: &dyn Progress,
    build: impl FnOnce(&dyn Progress) -> Vec<T>,
) -> Table<T> {
    if let Ok(t) = load(spec, dir) {
        return t;
    }
    let data = build(progress);
    assert_eq!(
        data.len(),
        spec.len,
        "table {} built with a wrong length",
        spec.name
    );
    let _ = save(spec, dir, &data);
    Table::owned(data)
}

/// Progress that reports nothing, for small tables.
pub(crate) fn quiet() -> &'static dyn Progress {
    &NoProgress
}
