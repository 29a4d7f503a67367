//! The optimal solver's table on disk, through the shared cache ([`crate::tables::file`]:
//! header with magic, version, name, length and checksum; temporary file then rename, so an
//! interrupted build never leaves a trusted file; a file failing any check is rebuilt).
//!
//! In memory the table lives in huge pages ([`super::huge`]; the cached file is copied in).

use super::huge::huge_buffer;
use crate::tables::file::{self, TableSpec};
use crate::SolveError;
use memmap2::{Mmap, MmapMut};
use std::path::Path;

/// The table `spec` (bytes) from `dir` when its file is sound, else built by `build` and saved
/// (best effort: an unwritable cache does not stop the solver). Read-only, in huge pages.
pub fn load_or_build(
    spec: &TableSpec,
    dir: &Path,
    build: impl FnOnce() -> Result<MmapMut, SolveError>,
) -> Result<Mmap, SolveError> {
    let mut buf = huge_buffer(spec.len)?;
    if file::load_into(spec, dir, &mut buf[..spec.len]).is_ok() {
        return buf
            .make_read_only()
            .map_err(|e| SolveError::Table(e.to_string()));
    }
    drop(buf);
    let data = build()?;
    if data.len() < spec.len {
        return Err(SolveError::Table(format!(
            "table {} built short",
            spec.name
        )));
    }
    let _ = file::save(spec, dir, &data[..spec.len]);
    data.make_read_only()
        .map_err(|e| SolveError::Table(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_table_is_reused_and_corrupt_file_rebuilt() {
        let dir =
            std::env::temp_dir().join(format!("rubik-optimal-persist-{}", std::process::id()));
        let spec = TableSpec::of::<u8>("optimal-persist-test", 10_000);
        let make = |v: u8| {
            move || {
                let mut m = huge_buffer(10_000)?;
                m[..10_000].fill(v);
                Ok(m)
            }
        };
        let a = load_or_build(&spec, &dir, make(1)).unwrap();
        assert!(a[..10_000].iter().all(|&b| b == 1));
        let b = load_or_build(&spec, &dir, make(2)).unwrap();
        assert!(
            b[..10_000].iter().all(|&b| b == 1),
            "cached file not reused"
        );
        let path = spec.path(&dir);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 5;
        bytes[last] ^= 0xFF;
        std::fs::write(&path, &bytes).unwrap();
        let c = load_or_build(&spec, &dir, make(3)).unwrap();
        assert!(c[..10_000].iter().all(|&b| b == 3), "corrupt file trusted");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
