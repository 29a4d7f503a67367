//! Tables that live outside the store's directory: for a target without files (WebAssembly in
//! a browser), where the page keeps the tables built on a visit (in IndexedDB) and hands them
//! back on the next one, so a second visit does not build them again.
//!
//! Tables come and go as whole table files held in memory (header and payload, the format of
//! [`super::file`]): one handed in ([`offer`]) is checked as a file is (size, header naming
//! the table and the format version, checksum) when the store first asks for that table, and
//! used instead of a build; one that fails a check is dropped and the table built. Once asked
//! to ([`keep_built`]), the store keeps a copy of every table it builds in memory for the
//! caller to take ([`take_built`]) and save.

use super::file;
use super::spec::TableSpec;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The tables handed in and the tables built since the last [`take_built`].
#[derive(Default)]
struct Shelf {
    /// Table files handed in, by the table name in their header.
    offered: HashMap<String, Vec<u8>>,
    /// Whether built tables are kept for [`take_built`].
    keep: bool,
    /// Table files built, in the order they were built.
    built: Vec<(&'static str, Vec<u8>)>,
}

fn shelf() -> MutexGuard<'static, Shelf> {
    static SHELF: OnceLock<Mutex<Shelf>> = OnceLock::new();
    SHELF
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Hands in a table file kept from an earlier visit; the table named in its header. Bytes
/// that are no table file are refused (`None`); the rest of the checks wait for the table's
/// first use, which needs its spec.
pub fn offer(bytes: Vec<u8>) -> Option<String> {
    let name = file::name_in(&bytes)?.to_string();
    shelf().offered.insert(name.clone(), bytes);
    Some(name)
}

/// Whether from now on the tables the store builds are kept for [`take_built`] (a copy of
/// each: the caller should take them soon).
pub fn keep_built(keep: bool) {
    let mut shelf = shelf();
    shelf.keep = keep;
    if !keep {
        shelf.built.clear();
    }
}

/// The table files built since the last call (name and whole file), taken.
pub fn take_built() -> Vec<(&'static str, Vec<u8>)> {
    std::mem::take(&mut shelf().built)
}

/// The payload of the table `spec` handed in, if one was and it passes a file's checks,
/// copied into `dest` made by `buffer(len)`; taken from the shelf either way.
pub(crate) fn take_offered<B: std::ops::DerefMut<Target = [u8]>>(
    spec: &TableSpec,
    buffer: impl FnOnce(usize) -> Option<B>,
) -> Option<B> {
    let bytes = shelf().offered.remove(spec.name)?;
    let payload = file::check_bytes(spec, &bytes).ok()?;
    let mut dest = buffer(payload.len())?;
    dest[..payload.len()].copy_from_slice(payload);
    Some(dest)
}

/// Keeps a copy of a table just built, when asked to ([`keep_built`]).
pub(crate) fn built(spec: &TableSpec, payload: &[u8]) {
    let mut shelf = shelf();
    if shelf.keep {
        shelf.built.push((spec.name, file::to_bytes(spec, payload)));
    }
}
