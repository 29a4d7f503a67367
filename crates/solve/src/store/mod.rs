//! The table store: every table of every method is had through it, loaded once per process and
//! shared.
//!
//! A table is declared by a [`Spec`] (name, size, entry format, builder) next to the code it
//! serves. [`Store::get`] returns it from the process's cache, else from its file in the table
//! directory (checked: size, header, checksum), else builds it, saves it and returns it:
//! - one cache per process, keyed by directory and table name, whose entries are built once
//!   even when many threads ask at the same time;
//! - one build policy across processes: a builder first makes sure the directory can be
//!   written (so a build never runs for nothing), then takes the table's build lock
//!   ([`lock`]), loads the file if another process built it meanwhile, else builds, writes a
//!   temporary file and renames it into place ([`file`]); temporary files of builders that
//!   died are removed;
//! - every failure is a [`TableError`] naming the table and the operating system's error;
//! - long builds report through the [`Progress`] the store was opened with;
//! - a store opened with a [`CancelFlag`] (`SolverConfig::cancel`) stops waiting for a value
//!   another thread makes, for another process's build lock, and its own builds, once the flag
//!   is raised ([`TableError::Cancelled`]); nothing unfinished is saved or cached.
//!
//! The directory is `SolverConfig::table_dir`, else `$RUBIK_TABLES`, else the user cache
//! directory's `rubik` folder (`~/.cache/rubik` on Linux).

pub mod bfs;
mod error;
pub mod file;
mod format;
mod guard;
#[cfg(target_family = "wasm")]
mod heap;
mod lock;
pub mod memory;
#[cfg(any(test, target_family = "wasm"))]
pub mod shelf;
mod spec;

pub use error::{OsError, TableError};
pub use file::Fault;
pub use memory::{HugeVec, Table};
pub use spec::{AnySpec, Built, Entries, Placement, Spec, TableSpec};

use crate::{CancelFlag, NoProgress, Progress, SolverConfig};
use bytemuck::Pod;
use memory::Memory;
use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// Environment variable naming the table directory.
pub const TABLES_ENV: &str = "RUBIK_TABLES";

/// The table directory for `config`: its `table_dir`, else `$RUBIK_TABLES`, else the user
/// cache directory's `rubik` folder (the system temporary directory if there is none).
pub fn table_dir(config: &SolverConfig) -> PathBuf {
    if let Some(dir) = &config.table_dir {
        return dir.clone();
    }
    if cfg!(target_family = "wasm") {
        // No file system (a browser): the store keeps every table in memory under this name.
        return PathBuf::from(MEMORY_ONLY);
    }
    if let Some(dir) = std::env::var_os(TABLES_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("rubik")
}

/// The table directory's name on targets without a file system (WebAssembly in a browser),
/// where tables are built in memory and never written.
pub const MEMORY_ONLY: &str = "(memory)";

/// The state of one table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The file is there and sound.
    Present,
    /// No file yet: it will be built on first use.
    Missing,
    /// The file is unusable: it will be rebuilt.
    Unsound(Fault),
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Present => f.write_str("ok"),
            Status::Missing => f.write_str("missing"),
            Status::Unsound(fault) => write!(f, "unusable: {fault}"),
        }
    }
}

/// One table file, as `rubik tables` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// The table.
    pub name: &'static str,
    /// Its file.
    pub path: PathBuf,
    /// The file's size in bytes (header included) once built.
    pub bytes: u64,
    /// Whether it is there and sound.
    pub status: Status,
}

/// Where tables come from: a directory, where long builds report, and whether even the
/// largest tables are copied into private memory.
#[derive(Clone)]
pub struct Store {
    dir: PathBuf,
    progress: Arc<dyn Progress>,
    private: bool,
    cancel: Option<CancelFlag>,
}

/// A store's progress as its builders see it: the store's own, and its cancellation.
struct Watched<'a> {
    progress: &'a dyn Progress,
    cancel: Option<&'a CancelFlag>,
}

impl Progress for Watched<'_> {
    fn start(&self, name: &str, total: u64) {
        self.progress.start(name, total);
    }
    fn advance(&self, units: u64) {
        self.progress.advance(units);
    }
    fn finish(&self) {
        self.progress.finish();
    }
    fn note(&self, text: &str) {
        self.progress.note(text);
    }
    fn stopped(&self) {
        self.progress.stopped();
    }
    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(CancelFlag::is_cancelled) || self.progress.cancelled()
    }
}

/// How often a cancellable wait (for another thread's value, another process's lock) looks
/// at its flag.
const WAIT_POLL: std::time::Duration = std::time::Duration::from_millis(5);

/// One cached value (a table or a set assembled from tables), built at most once.
type Slot = Arc<Mutex<Option<Arc<dyn Any + Send + Sync>>>>;

/// What the cache holds a value under: directory, name, and the placement a table was asked
/// in when it is not its spec's ([`Store::get_placed`]).
type SlotKey = (PathBuf, &'static str, Option<Placement>);

/// The cache of the process: key → slot.
fn slots() -> &'static Mutex<HashMap<SlotKey, Slot>> {
    static SLOTS: OnceLock<Mutex<HashMap<SlotKey, Slot>>> = OnceLock::new();
    SLOTS.get_or_init(Default::default)
}

impl Store {
    /// The store of `config`'s table directory, reporting builds to `config.progress`.
    pub fn new(config: &SolverConfig) -> Store {
        let progress: Arc<dyn Progress> = match &config.progress {
            Some(p) => p.clone(),
            None => Arc::new(NoProgress),
        };
        Store {
            private: config.private_tables,
            cancel: config.cancel.clone(),
            ..Store::at(table_dir(config), progress)
        }
    }

    /// The store of `dir`, reporting builds to `progress`.
    pub fn at(dir: PathBuf, progress: Arc<dyn Progress>) -> Store {
        sweep_once(&dir);
        Store {
            dir,
            progress,
            private: false,
            cancel: None,
        }
    }

    /// The table directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The state of the file of `spec`: header and size only, or (`full`) also the checksum.
    pub fn status(&self, spec: &TableSpec, full: bool) -> Status {
        match file::inspect(spec, &self.dir, full) {
            Ok(()) => Status::Present,
            Err(Fault::Missing) => Status::Missing,
            Err(fault) => Status::Unsound(fault),
        }
    }

    /// The files of `specs`: path, size and state (headers and sizes only, or, when `full`,
    /// the checksums too).
    pub fn describe(&self, specs: &[&'static dyn AnySpec], full: bool) -> Vec<TableInfo> {
        specs
            .iter()
            .map(|spec| {
                let table = spec.table();
                TableInfo {
                    name: table.name,
                    path: self.path(table),
                    bytes: table.file_bytes(),
                    status: self.status(table, full),
                }
            })
            .collect()
    }

    /// Loads every table of `specs`, building (and saving) the missing or unsound ones, and
    /// returns their checked state afterwards.
    pub fn build_all(&self, specs: &[&'static dyn AnySpec]) -> Result<Vec<TableInfo>, TableError> {
        for spec in specs {
            spec.ensure(self)?;
        }
        Ok(self.describe(specs, true))
    }

    /// Where the file of `spec` lives.
    pub fn path(&self, spec: &TableSpec) -> PathBuf {
        file::path(spec, &self.dir)
    }

    /// The table `spec`: from this process's cache, else from its file, else built (and
    /// saved). Concurrent callers, in this process or others, wait for one build.
    pub(crate) fn get<T: Pod + Send + Sync>(
        &self,
        spec: &Spec<T>,
    ) -> Result<Arc<Table<T>>, TableError> {
        self.get_with(&spec.table, spec.build)
    }

    /// [`Store::get`] for a table known only at run time (its spec computed, its builder a
    /// closure capturing what it needs): for tables whose layout depends on a request, such
    /// as a goal's. The name must be unique to the table's content.
    pub(crate) fn get_with<T: Pod + Send + Sync>(
        &self,
        table: &TableSpec,
        build: impl FnOnce(&Store, &dyn Progress) -> Result<Built<T>, TableError>,
    ) -> Result<Arc<Table<T>>, TableError> {
        self.cached(table.name, None, || self.load_or_build(table, build))
    }

    /// [`Store::get`] with the table placed in memory as `placement` says instead of as its
    /// spec does: for a method that reads another method's table harder than its owner does
    /// (the optimal search reads the two-phase phase-1 table at random, in huge pages; the
    /// two-phase search maps it). One file either way; in memory the table is cached apart
    /// from the copy placed as its spec says.
    pub(crate) fn get_placed<T: Pod + Send + Sync>(
        &self,
        spec: &Spec<T>,
        placement: Placement,
    ) -> Result<Arc<Table<T>>, TableError> {
        if placement == spec.table.placement {
            return self.get(spec);
        }
        let table = TableSpec {
            placement,
            ..spec.table
        };
        self.cached(table.name, Some(placement), || {
            self.load_or_build(&table, spec.build)
        })
    }

    /// The table `spec` from its file (or built and saved), bypassing this process's cache:
    /// for measuring loads and for tests that change files under a running process.
    pub(crate) fn load_uncached<T: Pod>(&self, spec: &Spec<T>) -> Result<Table<T>, TableError> {
        self.load_or_build(&spec.table, spec.build)
    }

    /// A value assembled from tables (a method's whole table set, say), cached like a table
    /// under `key` so that it is assembled once per process and directory.
    pub(crate) fn assemble<T: Send + Sync + 'static>(
        &self,
        key: &'static str,
        make: impl FnOnce(&Store) -> Result<T, TableError>,
    ) -> Result<Arc<T>, TableError> {
        self.cached(key, None, || make(self))
    }

    fn cached<T: Send + Sync + 'static>(
        &self,
        key: &'static str,
        placement: Option<Placement>,
        make: impl FnOnce() -> Result<T, TableError>,
    ) -> Result<Arc<T>, TableError> {
        let slot = {
            let mut map = slots().lock().unwrap_or_else(|e| e.into_inner());
            map.entry((self.dir.clone(), key, placement))
                .or_default()
                .clone()
        };
        // Held while the value is made: other threads asking for it wait for this one (until
        // this store's flag is raised).
        let mut value = self.wait_for(&slot, key)?;
        if let Some(v) = value.as_ref() {
            if let Ok(t) = v.clone().downcast::<T>() {
                return Ok(t);
            }
        }
        self.check_cancel(key)?;
        let made = Arc::new(make()?);
        *value = Some(made.clone());
        Ok(made)
    }

    /// Whether this store's caller still wants its tables: `Err(Cancelled)` once its flag is
    /// raised.
    fn check_cancel(&self, table: &'static str) -> Result<(), TableError> {
        match &self.cancel {
            Some(flag) if flag.is_cancelled() => Err(TableError::Cancelled { table }),
            _ => Ok(()),
        }
    }

    /// The lock of `slot`, waited for; with a flag, polled so that a raised flag ends the
    /// wait.
    fn wait_for<'s>(
        &self,
        slot: &'s Slot,
        key: &'static str,
    ) -> Result<std::sync::MutexGuard<'s, Option<Arc<dyn Any + Send + Sync>>>, TableError> {
        if self.cancel.is_none() {
            return Ok(slot.lock().unwrap_or_else(|e| e.into_inner()));
        }
        loop {
            match slot.try_lock() {
                Ok(guard) => return Ok(guard),
                Err(std::sync::TryLockError::Poisoned(e)) => return Ok(e.into_inner()),
                Err(std::sync::TryLockError::WouldBlock) => {
                    self.check_cancel(key)?;
                    std::thread::sleep(WAIT_POLL);
                }
            }
        }
    }

    fn load<T: Pod>(&self, spec: &TableSpec) -> Result<Table<T>, Fault> {
        let memory = match spec.placement {
            Placement::Mapped if !self.private => {
                let (map, sum) = file::map(spec, &self.dir)?;
                // Watched before the checksum reads it.
                let watch = guard::watch(&map, &file::path(spec, &self.dir));
                file::check_mapped(&map, sum)?;
                Memory::Mapped { map, _watch: watch }
            }
            Placement::Mapped | Placement::Private | Placement::Huge => {
                // A table mapped by default is one of the largest, read at random: its private
                // copy goes into huge pages as well.
                let huge = spec.placement != Placement::Private;
                let mut buf = memory::buffer(spec.payload_bytes(), huge)
                    .map_err(|e| Fault::Unreadable(e.into()))?;
                file::read(spec, &self.dir, &mut buf)?;
                Memory::Private(
                    buf.make_read_only()
                        .map_err(|e| Fault::Unreadable(e.into()))?,
                )
            }
        };
        Ok(Table::new(memory, spec.len))
    }

    fn load_or_build<T: Pod>(
        &self,
        table: &TableSpec,
        build: impl FnOnce(&Store, &dyn Progress) -> Result<Built<T>, TableError>,
    ) -> Result<Table<T>, TableError> {
        if cfg!(target_family = "wasm") {
            return self.build_in_memory(table, build);
        }
        if let Ok(t) = self.load(table) {
            return Ok(t);
        }
        file::check_writable(&self.dir)?;
        let cancelled = || self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled);
        let _lock = lock::acquire(table, &self.dir, &cancelled, WAIT_POLL)?;
        // Another process may have built it while this one waited for the lock.
        if let Ok(t) = self.load(table) {
            return Ok(t);
        }
        self.check_cancel(table.name)?;
        let watched = Watched {
            progress: self.progress.as_ref(),
            cancel: self.cancel.as_ref(),
        };
        let built = build(self, &watched)?;
        // A builder that does not poll the flag still has its work thrown away.
        self.check_cancel(table.name)?;
        let memory = match built {
            Built::Vec(v) => {
                if v.len() != table.len {
                    return Err(TableError::Build {
                        table: table.name,
                        reason: "the builder made a table of the wrong length",
                    });
                }
                file::write(table, &self.dir, bytemuck::cast_slice(&v))?;
                self.placed(table, v)?
            }
            Built::Buffer(buf) => {
                if buf.len() < table.payload_bytes() {
                    return Err(TableError::Build {
                        table: table.name,
                        reason: "the builder made a table shorter than its spec",
                    });
                }
                file::write(table, &self.dir, &buf[..table.payload_bytes()])?;
                let map = buf.make_read_only().map_err(|e| TableError::Memory {
                    table: table.name,
                    bytes: table.payload_bytes(),
                    cause: e.into(),
                })?;
                Memory::Private(map)
            }
        };
        Ok(Table::new(memory, table.len))
    }

    /// Builds a table and keeps it in memory only: the store of a target without files
    /// (WebAssembly), where every table is built in the process that uses it.
    fn build_in_memory<T: Pod>(
        &self,
        table: &TableSpec,
        build: impl FnOnce(&Store, &dyn Progress) -> Result<Built<T>, TableError>,
    ) -> Result<Table<T>, TableError> {
        let short = TableError::Build {
            table: table.name,
            reason: "the builder made a table of the wrong length",
        };
        let failed = |e: std::io::Error| TableError::Memory {
            table: table.name,
            bytes: table.payload_bytes(),
            cause: e.into(),
        };
        // A table kept from an earlier visit, when it passes a file's checks.
        #[cfg(target_family = "wasm")]
        if let Some(buf) = shelf::take_offered(table, |len| memory::buffer(len, false).ok()) {
            let memory = Memory::Private(buf.make_read_only().map_err(failed)?);
            return Ok(Table::new(memory, table.len));
        }
        let memory = match build(self, self.progress.as_ref())? {
            Built::Vec(v) if v.len() == table.len => {
                #[cfg(target_family = "wasm")]
                shelf::built(table, bytemuck::cast_slice(&v));
                self.placed(table, v)?
            }
            Built::Buffer(buf) if buf.len() >= table.payload_bytes() => {
                #[cfg(target_family = "wasm")]
                shelf::built(table, &buf[..table.payload_bytes()]);
                Memory::Private(buf.make_read_only().map_err(failed)?)
            }
            _ => return Err(short),
        };
        Ok(Table::new(memory, table.len))
    }

    /// Freshly built elements where the spec wants them: in huge pages when asked.
    fn placed<T: Pod>(&self, spec: &TableSpec, v: Vec<T>) -> Result<Memory<T>, TableError> {
        if spec.placement != Placement::Huge {
            return Ok(Memory::Vec(v));
        }
        let bytes: &[u8] = bytemuck::cast_slice(&v);
        let failed = |e: std::io::Error| TableError::Memory {
            table: spec.name,
            bytes: bytes.len(),
            cause: e.into(),
        };
        let mut buf = memory::buffer(bytes.len(), true).map_err(failed)?;
        buf[..bytes.len()].copy_from_slice(bytes);
        Ok(Memory::Private(buf.make_read_only().map_err(failed)?))
    }
}

/// Removes the temporary files of dead builders in `dir`, once per process.
fn sweep_once(dir: &Path) {
    static SWEPT: OnceLock<Mutex<HashSet<PathBuf>>> = OnceLock::new();
    let first = SWEPT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(dir.to_path_buf());
    if first {
        lock::sweep(dir);
    }
}

#[cfg(test)]
mod tests;
