//! What a table is: its name, size and entry format (a [`TableSpec`]), and how it is built (a
//! [`Spec`]). Each table is declared next to the coordinate or method it serves, as a `static`
//! the store is asked for.

use super::error::TableError;
use super::Store;
use crate::store::memory::MmapMut;
use crate::Progress;
use bytemuck::Pod;

/// What a table's entries hold, for `rubik tables info` and `TABLES.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entries {
    /// `[value · moves + move]`: a coordinate after each move.
    Moves,
    /// `[value · 16 + symmetry]`: a coordinate conjugated by each of the 16 U–D symmetries.
    Conjugates,
    /// `[value]` → `class << 4 | symmetry`: the symmetry class of a coordinate and the symmetry
    /// taking it to its class's representative.
    Classes,
    /// Distances to the goal found by a breadth-first search, stored as
    /// `cells` says.
    Distances(super::format::Cells),
    /// Computed from other tables; the spec's description says how.
    Derived,
}

/// Where a loaded table lives in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Copied into the process's own memory: a file changed on disk later cannot harm it.
    Private,
    /// Like [`Placement::Private`], in 2 MiB pages (for tables a search reads at random: one
    /// TLB entry covers 512 times more of the table).
    Huge,
    /// Mapped from its file and shared with other processes through the page cache: loads in
    /// milliseconds, for the largest tables. A file cut short meanwhile by another program
    /// stops the process with a message.
    Mapped,
}

/// A table's identity and layout: enough to find, check and describe its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// File stem, also stored in the header (at most 32 bytes).
    pub name: &'static str,
    /// Number of elements.
    pub len: usize,
    /// Size of one element in bytes.
    pub elem_size: usize,
    /// What indexes the table (one line, for `TABLES.md`).
    pub index: &'static str,
    /// What its entries hold.
    pub entries: Entries,
    /// Where it lives once loaded.
    pub placement: Placement,
    /// Built only when asked for (`rubik tables build`), not on a solver's first use: too slow
    /// to build unasked, and its readers do without it until it is there.
    pub on_request: bool,
}

impl TableSpec {
    /// A table of `len` elements of type `T`, privately held, entries [`Entries::Derived`].
    pub const fn of<T>(name: &'static str, len: usize) -> TableSpec {
        TableSpec {
            name,
            len,
            elem_size: std::mem::size_of::<T>(),
            index: "",
            entries: Entries::Derived,
            placement: Placement::Private,
            on_request: false,
        }
    }

    /// The same table, indexed as `index` says.
    pub const fn indexed(self, index: &'static str) -> TableSpec {
        TableSpec { index, ..self }
    }

    /// The same table, with entries of kind `entries`.
    pub const fn holding(self, entries: Entries) -> TableSpec {
        TableSpec { entries, ..self }
    }

    /// The same table, placed as `placement` says once loaded.
    pub const fn placed(self, placement: Placement) -> TableSpec {
        TableSpec { placement, ..self }
    }

    /// The same table, built only when asked for ([`TableSpec::on_request`]).
    pub const fn on_request(self) -> TableSpec {
        TableSpec {
            on_request: true,
            ..self
        }
    }

    /// Bytes of the payload (the elements).
    pub const fn payload_bytes(&self) -> usize {
        self.len * self.elem_size
    }

    /// Size of the file in bytes (header included).
    pub const fn file_bytes(&self) -> u64 {
        (super::format::HEADER_LEN + self.payload_bytes()) as u64
    }
}

/// A freshly built table: a vector, or a buffer the builder filled in place (the largest
/// tables, built straight into huge-page memory).
pub enum Built<T> {
    /// Elements on the heap.
    Vec(Vec<T>),
    /// Anonymous memory holding the elements' bytes (at least the table's size).
    Buffer(MmapMut),
}

impl<T> From<MmapMut> for Built<T> {
    fn from(buf: MmapMut) -> Built<T> {
        Built::Buffer(buf)
    }
}

impl<T> From<Vec<T>> for Built<T> {
    fn from(v: Vec<T>) -> Built<T> {
        Built::Vec(v)
    }
}

/// How a table is built: from the store (which gives the tables it depends on) and a place to
/// report progress.
pub type Builder<T> = fn(&Store, &dyn Progress) -> Result<Built<T>, TableError>;

/// A table of elements of type `T`: its spec and its builder. Declared as a `static` next to
/// the code it serves and handed to [`Store::get`].
pub struct Spec<T: 'static> {
    /// Name, size, layout.
    pub table: TableSpec,
    /// Computes the table when no sound file has it.
    pub build: Builder<T>,
}

/// A table spec of any element type: what the registry lists and `rubik tables build` builds.
pub trait AnySpec: Sync {
    /// Name, size, layout.
    fn table(&self) -> &TableSpec;
    /// Loads the table, building it (and saving it) when no sound file has it.
    fn ensure(&self, store: &Store) -> Result<(), TableError>;
    /// Loads the table from its file (or builds it) bypassing the process's cache, then drops
    /// it: what a fresh process pays (for benchmarks).
    fn load_uncached(&self, store: &Store) -> Result<(), TableError>;
}

impl<T: Pod + Send + Sync> AnySpec for Spec<T> {
    fn table(&self) -> &TableSpec {
        &self.table
    }

    fn ensure(&self, store: &Store) -> Result<(), TableError> {
        store.get(self).map(drop)
    }

    fn load_uncached(&self, store: &Store) -> Result<(), TableError> {
        store.load_uncached(self).map(drop)
    }
}
