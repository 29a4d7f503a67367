//! Table persistence until the shared cache (`rubik_solve::tables`) lands: one file per table
//! with a 4 KiB header (magic, format version, table name, length, checksum) before the data.
//! Files are written to a temporary name, synced and then renamed, so an interrupted build never
//! leaves a file under the real name; a file whose header or checksum is wrong is rebuilt.
//!
//! Loaded tables live in anonymous memory mapped with `MADV_HUGEPAGE`: the search reads them
//! at random, and huge pages spare most of the TLB misses.

use crate::SolveError;
use memmap2::{Mmap, MmapMut};
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"RUBIKTBL";
const FORMAT_VERSION: u32 = 1;
/// The header takes one page so the data after it stays page-aligned.
const HEADER_LEN: usize = 4096;
const NAME_LEN: usize = 64;

/// The table directory: `dir` if given, else `$RUBIK_TABLES`, else `$XDG_CACHE_HOME/rubik`,
/// else `~/.cache/rubik`.
pub fn table_dir(dir: Option<&Path>) -> PathBuf {
    if let Some(d) = dir {
        return d.to_path_buf();
    }
    if let Some(d) = std::env::var_os("RUBIK_TABLES") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return PathBuf::from(d).join("rubik");
    }
    match std::env::var_os("HOME") {
        Some(h) => PathBuf::from(h).join(".cache").join("rubik"),
        None => std::env::temp_dir().join("rubik"),
    }
}

/// A 64-bit checksum of `data` (multiply–rotate over little-endian words; detects truncation
/// and corruption, not tampering).
pub fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15 ^ data.len() as u64;
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29);
    }
    for &b in chunks.remainder() {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

fn header(name: &str, data: &[u8]) -> Vec<u8> {
    let mut h = vec![0u8; HEADER_LEN];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    let n = name.as_bytes();
    h[12..12 + n.len().min(NAME_LEN)].copy_from_slice(&n[..n.len().min(NAME_LEN)]);
    let at = 12 + NAME_LEN;
    h[at..at + 8].copy_from_slice(&(data.len() as u64).to_le_bytes());
    h[at + 8..at + 16].copy_from_slice(&checksum(data).to_le_bytes());
    h
}

/// Anonymous memory of `len` bytes, asked to be backed by huge pages.
pub fn huge_buffer(len: usize) -> Result<MmapMut, SolveError> {
    let map = MmapMut::map_anon(len.max(1)).map_err(|e| SolveError::Table(e.to_string()))?;
    #[cfg(target_os = "linux")]
    {
        // Advisory: the kernel may refuse (THP disabled), and the table still works.
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    Ok(map)
}

/// Reads a trusted table file into huge-page memory; `None` if it is missing, short, of another
/// version or name, or fails its checksum.
fn load(path: &Path, name: &str, len: usize) -> Option<Mmap> {
    let mut file = File::open(path).ok()?;
    if file.metadata().ok()?.len() != (HEADER_LEN + len) as u64 {
        return None;
    }
    let mut head = vec![0u8; HEADER_LEN];
    file.read_exact(&mut head).ok()?;
    let mut buf = huge_buffer(len).ok()?;
    file.read_exact(&mut buf[..len]).ok()?;
    (head == header(name, &buf[..len])).then(|| buf.make_read_only().ok())?
}

fn store(path: &Path, name: &str, data: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(&header(name, data))?;
        f.write_all(data)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The table `name` of `len` bytes from `dir`, or built by `build` (and then saved; a table that
/// cannot be saved is still used). The returned memory is read-only.
pub fn load_or_build(
    dir: &Path,
    name: &str,
    len: usize,
    build: impl FnOnce() -> Result<MmapMut, SolveError>,
) -> Result<Mmap, SolveError> {
    let path = dir.join(format!("{name}.tbl"));
    if let Some(t) = load(&path, name, len) {
        return Ok(t);
    }
    let data = build()?;
    if data.len() < len {
        return Err(SolveError::Table(format!("table {name} built short")));
    }
    let _ = store(&path, name, &data[..len]);
    data.make_read_only()
        .map_err(|e| SolveError::Table(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_corruption_is_rebuilt() {
        let dir = std::env::temp_dir().join(format!("rubik-persist-test-{}", std::process::id()));
        let make = |v: u8| {
            move || {
                let mut m = huge_buffer(10_000)?;
                m[..10_000].fill(v);
                Ok(m)
            }
        };
        let a = load_or_build(&dir, "t", 10_000, make(1)).unwrap();
        assert!(a[..10_000].iter().all(|&b| b == 1));
        // Cached: the builder is not asked again.
        let b = load_or_build(&dir, "t", 10_000, make(2)).unwrap();
        assert!(b[..10_000].iter().all(|&b| b == 1));
        // Corrupt one data byte: the file is distrusted and rebuilt.
        let path = dir.join("t.tbl");
        let mut bytes = fs::read(&path).unwrap();
        bytes[HEADER_LEN + 5] ^= 0xFF;
        fs::write(&path, &bytes).unwrap();
        let c = load_or_build(&dir, "t", 10_000, make(3)).unwrap();
        assert!(c[..10_000].iter().all(|&b| b == 3));
        let _ = fs::remove_dir_all(&dir);
    }
}
