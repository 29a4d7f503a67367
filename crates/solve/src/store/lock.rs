//! The build lock of a table: one builder at a time across processes, and a way to tell a
//! temporary file whose builder died from one being written.
//!
//! A builder holds an exclusive lock on `.locks/NAME` in the table directory from the moment it
//! decides to build until its file is renamed into place. The operating system releases the
//! lock when the process ends, however it ends (`kill -9` included). So:
//! - a second process wanting the same table waits, then finds the file built and loads it;
//! - whoever holds the lock knows that no live process is writing a temporary file of that
//!   table: any `.NAME.*.tmp` left there is stale and is removed.

use super::error::TableError;
use super::file;
use super::spec::TableSpec;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// An exclusive hold on a table's lock file; released on drop.
pub struct BuildLock {
    _file: File,
}

/// The folder of the lock files (empty files, kept: removing a lock file safely is harder
/// than leaving it).
const LOCKS: &str = ".locks";

fn lock_path(name: &str, dir: &Path) -> PathBuf {
    dir.join(LOCKS).join(name)
}

fn open(path: &Path) -> std::io::Result<File> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
}

/// Takes the build lock of `spec` in `dir`, waiting for another builder to finish (looking
/// at `cancelled` every `poll`, and giving up with [`TableError::Cancelled`] once it says
/// so), and removes the temporary files dead builders left.
pub fn acquire(
    spec: &TableSpec,
    dir: &Path,
    cancelled: &dyn Fn() -> bool,
    poll: std::time::Duration,
) -> Result<BuildLock, TableError> {
    let path = lock_path(spec.name, dir);
    let failed = |source: std::io::Error| TableError::Lock {
        table: spec.name,
        path: path.clone(),
        cause: source.into(),
    };
    let file = open(&path).map_err(failed)?;
    loop {
        match file.try_lock() {
            Ok(()) => break,
            Err(std::fs::TryLockError::WouldBlock) => {
                if cancelled() {
                    return Err(TableError::Cancelled { table: spec.name });
                }
                std::thread::sleep(poll);
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(failed(e)),
        }
    }
    file::remove_temporaries(spec.name, dir);
    Ok(BuildLock { _file: file })
}

/// Removes every temporary table file in `dir` whose builder is gone (its table's lock is
/// free); files of builds in progress are left alone. Returns how many were removed.
pub fn sweep(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|e| temporary_of(&e.file_name().to_string_lossy()).map(str::to_string))
        .collect();
    names.sort_unstable();
    names.dedup();
    let mut removed = 0;
    for name in names {
        let Ok(file) = open(&lock_path(&name, dir)) else {
            continue;
        };
        if file.try_lock().is_ok() {
            removed += file::remove_temporaries(&name, dir);
        }
    }
    removed
}

/// The table name of a temporary file name `.NAME.XXXXXX.tmp`, if it is one.
fn temporary_of(file_name: &str) -> Option<&str> {
    let inner = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, random) = inner.rsplit_once('.')?;
    (!name.is_empty() && !random.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_recognised() {
        assert_eq!(temporary_of(".move-twist.a1B2c3.tmp"), Some("move-twist"));
        assert_eq!(
            temporary_of(".optimal-corners.XyZ123.tmp"),
            Some("optimal-corners")
        );
        assert_eq!(temporary_of("move-twist.tbl"), None);
        assert_eq!(temporary_of("..tmp"), None);
    }
}
