//! The on-disk format of a table and the file operations: check, read, write atomically, and
//! clean up after builders that died.
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
//! the table is rebuilt. New files are written to a temporary file in the same directory
//! (`.NAME.XXXXXX.tmp`) and renamed into place, so an interrupted build never leaves a file
//! that looks valid; a temporary file whose builder died is removed by the next builder of
//! that table (see [`super::lock`]).

use super::error::{OsError, TableError};
use super::spec::TableSpec;
use std::fs::File;
use std::io::{self, Write};
#[cfg(unix)]
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// File magic.
pub const MAGIC: [u8; 8] = *b"RUBIKTB\0";
/// Version of the file format and of the table definitions; bump when either changes.
pub const FORMAT_VERSION: u32 = 1;
pub use super::format::HEADER_LEN;
const NAME_LEN: usize = 32;
/// Bytes read per task when a large file is read on several threads.
const CHUNK: usize = 32 << 20;

/// Why a table file cannot be trusted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// No file.
    #[error("missing")]
    Missing,
    /// The file is shorter or longer than the table.
    #[error("the wrong size ({actual} bytes where {expected} were expected)")]
    WrongSize {
        /// Bytes found.
        actual: u64,
        /// Bytes expected.
        expected: u64,
    },
    /// The header does not describe this table in this format version.
    #[error("a file whose header does not match ({0})")]
    BadHeader(&'static str),
    /// The payload does not match its checksum.
    #[error("damaged (its checksum does not match)")]
    Checksum,
    /// The file could not be read.
    #[error("unreadable: {0}")]
    Unreadable(OsError),
}

impl Fault {
    fn io(e: io::Error) -> Fault {
        if e.kind() == io::ErrorKind::NotFound {
            Fault::Missing
        } else {
            Fault::Unreadable(e.into())
        }
    }
}

/// Where the table `spec` lives in `dir`.
pub fn path(spec: &TableSpec, dir: &Path) -> PathBuf {
    dir.join(format!("{}.tbl", spec.name))
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

/// Checks a header read from a file of `file_len` bytes; returns the stored checksum.
fn check_header(spec: &TableSpec, bytes: &[u8; HEADER_LEN], file_len: u64) -> Result<u64, Fault> {
    let expected = spec.file_bytes();
    if file_len != expected {
        return Err(Fault::WrongSize {
            actual: file_len,
            expected,
        });
    }
    let reference = header(spec, 0);
    if bytes[0..8] != MAGIC {
        return Err(Fault::BadHeader("not a table file"));
    }
    if bytes[8..12] != reference[8..12] {
        return Err(Fault::BadHeader("another format version"));
    }
    if bytes[12..24] != reference[12..24] {
        return Err(Fault::BadHeader("another element size or length"));
    }
    if bytes[32..64] != reference[32..64] {
        return Err(Fault::BadHeader("another table's name"));
    }
    Ok(u64::from_le_bytes(
        bytes[24..32].try_into().expect("8 bytes"),
    ))
}

/// Opens a table file and checks its size and header; returns the file and the checksum its
/// header promises.
fn open(spec: &TableSpec, dir: &Path) -> Result<(File, u64), Fault> {
    let file = File::open(path(spec, dir)).map_err(Fault::io)?;
    let len = file.metadata().map_err(Fault::io)?.len();
    if len != spec.file_bytes() {
        return Err(Fault::WrongSize {
            actual: len,
            expected: spec.file_bytes(),
        });
    }
    let mut head = [0u8; HEADER_LEN];
    file.read_exact_at(&mut head, 0).map_err(Fault::io)?;
    let sum = check_header(spec, &head, len)?;
    Ok((file, sum))
}

/// Reads the payload of `file` into `dest` (its exact size) and returns its checksum. One
/// thread reads the file in chunks straight into `dest` while another hashes each chunk once it
/// has arrived: for a table of gigabytes most of the reader's time is the kernel zeroing the
/// fresh pages of `dest`. A file cut short meanwhile gives an error, never a crash: nothing
/// is mapped.
fn read_payload(file: &File, dest: &mut [u8]) -> io::Result<u64> {
    if dest.len() <= CHUNK {
        file.read_exact_at(dest, HEADER_LEN as u64)?;
        return Ok(xxhash_rust::xxh3::xxh3_64(dest));
    }
    let (tx, rx) = std::sync::mpsc::channel::<&[u8]>();
    std::thread::scope(|scope| {
        let hasher = scope.spawn(move || {
            let mut h = xxhash_rust::xxh3::Xxh3::new();
            for chunk in rx {
                h.update(chunk);
            }
            h.digest()
        });
        let mut read = Ok(());
        let mut at = HEADER_LEN as u64;
        for chunk in dest.chunks_mut(CHUNK) {
            if let Err(e) = file.read_exact_at(chunk, at) {
                read = Err(e);
                break;
            }
            at += chunk.len() as u64;
            let done: &[u8] = chunk;
            if tx.send(done).is_err() {
                break;
            }
        }
        drop(tx);
        let sum = hasher
            .join()
            .map_err(|_| io::Error::other("the checksum thread failed"));
        read.and(sum)
    })
}

/// Checks a table file: header, size, and (when `full`) the checksum of the payload.
pub fn inspect(spec: &TableSpec, dir: &Path, full: bool) -> Result<(), Fault> {
    let (file, sum) = open(spec, dir)?;
    if !full {
        return Ok(());
    }
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let mut buf = vec![0u8; CHUNK.min(spec.payload_bytes()).max(1)];
    let mut at = 0;
    while at < spec.payload_bytes() {
        let n = buf.len().min(spec.payload_bytes() - at);
        file.read_exact_at(&mut buf[..n], (HEADER_LEN + at) as u64)
            .map_err(Fault::io)?;
        hasher.update(&buf[..n]);
        at += n;
    }
    if hasher.digest() != sum {
        return Err(Fault::Checksum);
    }
    Ok(())
}

/// Reads the table `spec` from its file in `dir` into `dest` (its payload's size), after
/// checking size and header, and checks the checksum.
pub fn read(spec: &TableSpec, dir: &Path, dest: &mut [u8]) -> Result<(), Fault> {
    debug_assert_eq!(dest.len(), spec.payload_bytes());
    let (file, sum) = open(spec, dir)?;
    let found = read_payload(&file, dest).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            // Cut short after its size was checked.
            Fault::WrongSize {
                actual: file.metadata().map_or(0, |m| m.len()),
                expected: spec.file_bytes(),
            }
        } else {
            Fault::io(e)
        }
    })?;
    if found != sum {
        return Err(Fault::Checksum);
    }
    Ok(())
}

/// Maps the table `spec` read-only after checking its size and header; returns the mapping
/// and the checksum its header promises, for [`check_mapped`] once the mapping is watched. The
/// mapping shares the page cache with every other process using the table (see
/// [`super::guard`] for a file cut short later).
#[cfg(not(target_family = "wasm"))]
pub fn map(spec: &TableSpec, dir: &Path) -> Result<(memmap2::Mmap, u64), Fault> {
    let (file, sum) = open(spec, dir)?;
    // SAFETY: table files are only ever replaced by a rename, never written in place by this
    // program; a file cut short by another program is what `guard` reports.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(Fault::io)?;
    if map.len() as u64 != spec.file_bytes() {
        return Err(Fault::WrongSize {
            actual: map.len() as u64,
            expected: spec.file_bytes(),
        });
    }
    // Pages of the file not yet cached are read in 2 MiB folios, which the kernel then maps
    // with one entry each (fewer address-translation misses in searches reading the table at
    // random, and every later process mapping the file gets them too). Advisory: pages already
    // cached in small folios (a copied file's, say) stay so until the cache drops them.
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    Ok((map, sum))
}

/// No memory maps on WebAssembly: the store there never reads files (see `Store::load`).
#[cfg(target_family = "wasm")]
pub fn map(_spec: &TableSpec, _dir: &Path) -> Result<(super::memory::Mmap, u64), Fault> {
    Err(Fault::io(io::ErrorKind::Unsupported.into()))
}

/// Reading at an offset, for systems without `std::os::unix::fs::FileExt`: not supported
/// (no table files are read there).
#[cfg(not(unix))]
trait FileExt {
    fn read_exact_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()>;
}

#[cfg(not(unix))]
impl FileExt for File {
    fn read_exact_at(&self, _buf: &mut [u8], _offset: u64) -> io::Result<()> {
        Err(io::ErrorKind::Unsupported.into())
    }
}

/// Checks the payload of a mapped table file against the checksum of its header.
pub fn check_mapped(map: &[u8], sum: u64) -> Result<(), Fault> {
    if xxhash_rust::xxh3::xxh3_64(&map[HEADER_LEN..]) != sum {
        return Err(Fault::Checksum);
    }
    Ok(())
}

/// The payload of `bytes`, a whole table file of `spec` held in memory (a table kept by a
/// browser), after the checks a file gets: size, header and checksum.
#[cfg(any(test, target_family = "wasm"))]
pub fn check_bytes<'b>(spec: &TableSpec, bytes: &'b [u8]) -> Result<&'b [u8], Fault> {
    let head: &[u8; HEADER_LEN] = bytes
        .get(..HEADER_LEN)
        .and_then(|h| h.try_into().ok())
        .ok_or(Fault::WrongSize {
            actual: bytes.len() as u64,
            expected: spec.file_bytes(),
        })?;
    let sum = check_header(spec, head, bytes.len() as u64)?;
    check_mapped(bytes, sum)?;
    Ok(&bytes[HEADER_LEN..])
}

/// The whole file of the table `spec` with this payload, in memory: header, then payload.
#[cfg(any(test, target_family = "wasm"))]
pub fn to_bytes(spec: &TableSpec, payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(&header(spec, xxhash_rust::xxh3::xxh3_64(payload)));
    bytes.extend_from_slice(payload);
    bytes
}

/// The table name a file's header holds, when `bytes` starts with a table file's header.
#[cfg(any(test, target_family = "wasm"))]
pub fn name_in(bytes: &[u8]) -> Option<&str> {
    let head = bytes.get(..HEADER_LEN)?;
    if head[0..8] != MAGIC {
        return None;
    }
    let name = &head[32..64];
    let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
    std::str::from_utf8(&name[..end]).ok()
}

/// Writes a table atomically: a temporary file in `dir`, then a rename over the table's path.
pub fn write(spec: &TableSpec, dir: &Path, payload: &[u8]) -> Result<(), TableError> {
    let target = path(spec, dir);
    let failed = |source: io::Error| TableError::Write {
        table: spec.name,
        path: target.clone(),
        cause: source.into(),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(&temp_prefix(spec.name))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
        .map_err(failed)?;
    let sum = xxhash_rust::xxh3::xxh3_64(payload);
    // No fsync: a file cut short or left with stale blocks by a crash fails its size or
    // checksum check on the next load and is rebuilt, so waiting for the disk buys nothing.
    tmp.write_all(&header(spec, sum))
        .and_then(|_| tmp.write_all(payload))
        .map_err(failed)?;
    tmp.persist(&target).map_err(|e| failed(e.error))?;
    Ok(())
}

const TEMP_SUFFIX: &str = ".tmp";

fn temp_prefix(name: &str) -> String {
    format!(".{name}.")
}

/// Removes the temporary files of the table `name` in `dir`. Only call it while holding the
/// table's build lock: then no live process is writing one.
pub fn remove_temporaries(name: &str, dir: &Path) -> usize {
    let prefix = temp_prefix(name);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            // The prefix ends with a dot, so `.move-twist.` never matches `.move-twist-x.`.
            name.starts_with(&prefix)
                && name.ends_with(TEMP_SUFFIX)
                && name.len() > prefix.len() + TEMP_SUFFIX.len()
        })
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// Makes sure `dir` exists and can take new files, so that a build does not run for nothing.
pub fn check_writable(dir: &Path) -> Result<(), TableError> {
    let failed = |source: io::Error| TableError::Directory {
        dir: dir.to_path_buf(),
        cause: source.into(),
    };
    std::fs::create_dir_all(dir).map_err(failed)?;
    tempfile::Builder::new()
        .prefix(".rubik-write-test.")
        .tempfile_in(dir)
        .map(drop)
        .map_err(failed)
}
