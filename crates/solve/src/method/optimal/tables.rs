//! Everything the optimal search reads, loaded once per table directory and shared.

use super::edge_coset::{self, EdgeClasses, Eo8Extract};
use super::grouped::{self, GroupedLayout};
use super::inverse::InverseTables;
use super::moves::{FlipSliceClasses, SearchMoves};
use super::prune;
use super::prune::Layout;
use crate::coord::classes::{build_corner_class_table, CORNER_CLASSES, N_CORNER_CLASS};
use crate::coord::moves::{ALL_MOVES, CORNER_MOVES, TWIST_CONJ, TWIST_MOVES};
use crate::coord::symmetry::{symmetries, Symmetries, N_SYM_UD};
use crate::coord::{self, N_TWIST};
use crate::method::twophase::tables::PHASE1_PRUNE;
use crate::options::{Choice, Choices, OptionDef, OptionKind};
use crate::store::bfs::Cells;
use crate::store::{AnySpec, Built, Entries, Placement, Spec, Store, Table, TableError, TableSpec};
use crate::Progress;
use rubik_cube::CubieCube;
use std::path::Path;
use std::sync::Arc;

/// The method's `--table` option: the size of the pruning table (`None`: the strongest built
/// that fits in memory, see [`TableSize::resolve`]).
pub static TABLE: Choices<Option<TableSize>> = Choices {
    def: OptionDef {
        name: "table",
        help: "Size of the optimal solver's table",
        kind: OptionKind::Choice(&[
            Choice {
                name: "default",
                help: "the strongest table built that fits in the memory available, else small",
            },
            Choice {
                name: "small",
                help: "flip × UD-slice × twist: 70 MB, built in about 20 s",
            },
            Choice {
                name: "small-plus",
                help: "the large table's coordinates without the corner split: 108 MB",
            },
            Choice {
                name: "medium",
                help: "flip × UD-slice × twist × the corner split: 4.9 GB, built in about 8 \
                       minutes",
            },
            Choice {
                name: "large",
                help: "slice edges with their order × the other edges' orientation × twist × \
                       the corner split, 2 bits per entry: 7.5 GB, built in about 20 minutes; \
                       random states in seconds",
            },
            Choice {
                name: "h8",
                help: "H48's h8 (corners by 48 symmetries × edge slices × 8 edge flips, 2 bits \
                       over base 10) searched on the cube and its inverse, with the exact h0 \
                       table below 10: 7.5 GB + 59 MB, built on request in about 35 minutes; \
                       chosen only when asked for",
            },
        ]),
    },
    values: &[
        None,
        Some(TableSize::Small),
        Some(TableSize::SmallPlus),
        Some(TableSize::Medium),
        Some(TableSize::Large),
        Some(TableSize::H8),
    ],
};

/// Sizes of the pruning table a user can pick ([`TABLE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableSize {
    /// Flip × UD-slice (by symmetry) × twist, 4 bits per entry: 70 MB, built in about 6 s of
    /// CPU time. The default: small enough for CI and for servers that build it on demand.
    Small,
    /// The small table × the corner split (which 4 of the 8 corner positions hold the D-layer
    /// corners): 4.9 GB, built in about 8 minutes on 2 cores; prunes about 20 times more
    /// nodes than the small one.
    Medium,
    /// The slice edges' positions and order × the orientation of the other eight edges (by
    /// symmetry) × twist × corner split, 2 bits per entry relative to base depth 9: 7.5 GB
    /// (7.0 GiB), a coset three times the medium one's, built in about 20 minutes on 2 cores
    /// (17–23 minutes measured with the store's builder).
    Large,
    /// The large table's coordinates without the corner split, relative to base depth 7:
    /// 108 MB, built in well under a minute.
    SmallPlus,
    /// H48's exact h8 table (7.5 GB, [`super::h48::table::H8`]) and the exact h0 table
    /// ([`super::h48::table::H0`], 59 MB), searched by [`super::h8`]; never chosen by default.
    /// The small size's tables are loaded beside it (its [`TableSize::spec`] and
    /// [`TableSize::format`] are the small one's) for what reads [`Tables`].
    H8,
}

impl TableSize {
    /// The size built on demand when none is asked for and no bigger table is built: small
    /// enough for CI and for servers that build it on first use.
    pub const DEFAULT: TableSize = TableSize::Small;

    /// The sizes [`TableSize::resolve`] prefers to the default when they are built, strongest
    /// first.
    pub const PREFERRED: [TableSize; 2] = [TableSize::Large, TableSize::Medium];

    /// The size to use when `chosen` was asked for, with the tables in `dir`: a chosen size as
    /// chosen; with none, the strongest of [`TableSize::PREFERRED`] whose file is in `dir`
    /// (header and size sound) and which fits in the memory available now, next to the
    /// two-phase tables and some room; else [`TableSize::DEFAULT`].
    pub fn resolve(chosen: Option<TableSize>, dir: &Path) -> TableSize {
        TableSize::resolve_with(chosen, dir, available_memory())
    }

    /// [`TableSize::resolve`] with `available` bytes of memory (`None`: unknown, no limit).
    fn resolve_with(chosen: Option<TableSize>, dir: &Path, available: Option<u64>) -> TableSize {
        if let Some(size) = chosen {
            return size;
        }
        /// Memory kept free besides the table: the two-phase tables (636 MB) and some room.
        const ROOM: u64 = 1 << 30;
        let usable = |size: &TableSize| {
            let spec = &size.spec().table;
            crate::store::file::inspect(spec, dir, false).is_ok()
                && available.is_none_or(|a| spec.file_bytes() + ROOM <= a)
        };
        TableSize::PREFERRED
            .into_iter()
            .find(usable)
            .unwrap_or(TableSize::DEFAULT)
    }

    /// The name `--table` takes for this size.
    pub fn name(self) -> &'static str {
        TABLE.name_of(Some(self))
    }

    /// What a search node costs with this table, counted in two-phase search nodes (one
    /// thread; a two-phase node takes about 35 ns on the reference machine). Measured: `large`
    /// about 220 ns per node, `small` 85, `small-plus` 150 (`cargo bench -p rubik-solve --bench
    /// optimal -- --no-probe`). `medium`, not measured, is taken as `large`: its table is as far
    /// beyond the caches, and a node reads it on three axes too.
    pub fn node_cost(self) -> f64 {
        match self {
            TableSize::Small => 2.4,
            TableSize::SmallPlus => 4.3,
            TableSize::Medium | TableSize::Large | TableSize::H8 => 6.25,
        }
    }

    /// The store's spec of the main table. The small one is the two-phase method's phase-1
    /// table ([`PHASE1_PRUNE`]): the same coordinates, the same distances, byte for byte, so
    /// one file serves both (it was built and stored a second time as `optimal-fst-small`
    /// until November 2026; such a file is no longer read).
    pub fn spec(self) -> &'static Spec<u8> {
        match self {
            TableSize::Small | TableSize::H8 => &PHASE1_PRUNE,
            TableSize::Medium => &MEDIUM,
            TableSize::Large => &LARGE,
            TableSize::SmallPlus => &SMALL_PLUS,
        }
    }

    /// The tables this size uses (the main one and the corner table).
    pub fn specs(self) -> Vec<&'static dyn AnySpec> {
        match self {
            TableSize::H8 => vec![
                self.spec(),
                &CORNER_PRUNE,
                &super::h48::table::H8,
                &super::h48::table::H0,
            ],
            _ => vec![self.spec(), &CORNER_PRUNE],
        }
    }

    /// The coordinates and entry format of the table.
    pub(crate) const fn format(self) -> Format {
        match self {
            TableSize::Small | TableSize::H8 => Format::Nibbles(Layout {
                corner_split: false,
            }),
            TableSize::Medium => Format::Nibbles(Layout { corner_split: true }),
            TableSize::Large => Format::Grouped(GroupedLayout {
                corner_split: true,
                base: 9,
            }),
            TableSize::SmallPlus => Format::Grouped(GroupedLayout {
                corner_split: false,
                base: 7,
            }),
        }
    }
}

const fn prune_spec(size: TableSize, name: &'static str, index: &'static str) -> TableSpec {
    let cells = match size.format() {
        Format::Nibbles(_) => Cells::Nibble,
        Format::Grouped(l) => Cells::Grouped { base: l.base },
    };
    TableSpec::of::<u8>(name, size.format().bytes())
        .indexed(index)
        .holding(Entries::Distances(cells))
        .placed(Placement::Huge)
}

/// Builds the pruning table of `size`.
fn build_prune(
    store: &Store,
    size: TableSize,
    progress: &dyn Progress,
) -> Result<Built<u8>, TableError> {
    let moves = SearchMoves::load(store)?;
    let classes = FlipSliceClasses::load(store)?;
    let name = size.spec().table.name;
    let buf = match size.format() {
        Format::Nibbles(layout) => prune::build(layout, &moves, &classes, name, progress)?,
        Format::Grouped(layout) => {
            let edges = EdgeClasses::new(symmetries());
            grouped::build(layout, &moves, &classes, &edges, name, progress)?
        }
    };
    Ok(Built::Buffer(buf))
}

static MEDIUM: Spec<u8> = Spec {
    table: prune_spec(
        TableSize::Medium,
        "optimal-fstc-medium",
        "flip × UD-slice class (64430) × corner split (70) × twist (2187), exact distances in \
         4 bits",
    ),
    build: |store, progress| build_prune(store, TableSize::Medium, progress),
};

static LARGE: Spec<u8> = Spec {
    table: prune_spec(
        TableSize::Large,
        "optimal-eo8-order-tc-large",
        "slice edges with their order × other edges' flip, by symmetry (191060) × corner split \
         (70) × twist (2187), 2 bits over base 9",
    ),
    build: |store, progress| build_prune(store, TableSize::Large, progress),
};

static SMALL_PLUS: Spec<u8> = Spec {
    table: prune_spec(
        TableSize::SmallPlus,
        "optimal-eo8-order-t-small-plus",
        "slice edges with their order × other edges' flip, by symmetry (191060) × twist (2187), \
         2 bits over base 7",
    ),
    build: |store, progress| build_prune(store, TableSize::SmallPlus, progress),
};

/// Entries of the corner table: permutation class × twist.
const N_CORNER_ENTRIES: usize = N_CORNER_CLASS * N_TWIST;

/// The corner pruning table: permutation class × twist, 4 bits an entry. Its distance is the
/// same on every axis and for the inverse cube, so one lookup per node suffices; it prunes
/// where the corners lag behind the edges.
pub static CORNER_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("optimal-corners", N_CORNER_ENTRIES.div_ceil(2))
        .indexed("corner permutation class (2768) × twist (2187), exact distances in 4 bits")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Huge),
    build: |store, progress| {
        let table = build_corner_class_table(
            store,
            ("optimal corner table", "optimal-corners"),
            &ALL_MOVES,
            (N_TWIST, &TWIST_MOVES, &TWIST_CONJ),
            progress,
        )?;
        Ok(table.into())
    },
};

/// The corner tables the search reads: permutation moves and classes.
pub struct CornerTables {
    /// `perm_move[p * 18 + m]` ([`CORNER_MOVES`], in huge pages).
    pub perm_move: Arc<Table<u16>>,
    /// `class_sym[p] = class << 4 | sym` ([`CORNER_CLASSES`]).
    pub class_sym: Arc<Table<u32>>,
}

impl CornerTables {
    /// The tables, from the store.
    pub fn load(store: &Store) -> Result<CornerTables, TableError> {
        Ok(CornerTables {
            perm_move: store.get_placed(&CORNER_MOVES, Placement::Huge)?,
            class_sym: store.get_placed(&CORNER_CLASSES, Placement::Huge)?,
        })
    }

    /// The corner table's index of a corner permutation and twist.
    #[inline(always)]
    pub fn index(&self, perm: u16, twist: u16, twist_conj: &[u16]) -> usize {
        let cs = self.class_sym[perm as usize];
        (cs >> 4) as usize * N_TWIST
            + twist_conj[twist as usize * N_SYM_UD + (cs & 0xF) as usize] as usize
    }
}

/// How a table is indexed and what its entries hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Flip × slice classes, exact distances in 4 bits ([`super::prune`]).
    Nibbles(Layout),
    /// Edge classes with the slice order, 2 bits relative to a base ([`super::grouped`]).
    Grouped(GroupedLayout),
}

impl Format {
    /// Bytes of the table.
    pub const fn bytes(self) -> usize {
        match self {
            Format::Nibbles(l) => l.bytes(),
            Format::Grouped(l) => l.bytes(),
        }
    }
}

/// The edge class tables of the grouped format.
pub struct EdgeTables {
    /// Classes of the raw edge coordinate.
    pub classes: EdgeClasses,
    /// The non-slice orientations from a flip.
    pub extract: Eo8Extract,
}

/// The symmetry, move, class and pruning tables.
pub struct Tables {
    /// The 16 U–D symmetries and the axis-changing turn (a copy of [`symmetries`], held in
    /// place: the search reads it at every node).
    pub(crate) syms: Symmetries,
    /// Move tables of flip, slice, twist and corner split.
    pub(crate) moves: SearchMoves,
    /// Flip × slice symmetry classes.
    pub(crate) classes: FlipSliceClasses,
    /// The pruning table.
    pub(crate) prune: Arc<Table<u8>>,
    /// Its coordinates and format.
    pub(crate) format: Format,
    /// The edge classes, for the grouped format.
    pub(crate) edges: Option<EdgeTables>,
    /// Corner move and symmetry tables.
    pub(crate) corners: CornerTables,
    /// The packed corner pruning table.
    pub(crate) corner_prune: Arc<Table<u8>>,
    /// Left-move and coordinate tables of the packed inverse cube.
    pub(crate) inverse: InverseTables,
    /// The size these tables were loaded for.
    size: TableSize,
}

impl Tables {
    /// The tables of `size` from the store (built and saved when missing), assembled once per
    /// process and directory.
    pub fn shared(store: &Store, size: TableSize) -> Result<Arc<Tables>, TableError> {
        // h8's search keeps the small tables beside its own.
        let size = match size {
            TableSize::H8 => TableSize::Small,
            s => s,
        };
        let key = match size {
            TableSize::Small | TableSize::H8 => "optimal tables, small",
            TableSize::Medium => "optimal tables, medium",
            TableSize::Large => "optimal tables, large",
            TableSize::SmallPlus => "optimal tables, small-plus",
        };
        store.assemble(key, |store| Tables::load(store, size))
    }

    fn load(store: &Store, size: TableSize) -> Result<Tables, TableError> {
        let syms = symmetries().clone();
        let format = size.format();
        let edges = match format {
            Format::Nibbles(_) => None,
            Format::Grouped(_) => Some(EdgeTables {
                classes: EdgeClasses::new(&syms),
                extract: Eo8Extract::new(),
            }),
        };
        // Read at random by the search: in huge pages, whatever the spec's owner asks (the
        // two-phase method maps the small table from its file).
        let prune = store.get_placed(size.spec(), Placement::Huge)?;
        let corner_prune = store.get(&CORNER_PRUNE)?;
        Ok(Tables {
            corners: CornerTables::load(store)?,
            corner_prune,
            moves: SearchMoves::load(store)?,
            classes: FlipSliceClasses::load(store)?,
            syms,
            prune,
            format,
            edges,
            inverse: InverseTables::new(),
            size,
        })
    }

    /// The size of the pruning table in use.
    pub fn size(&self) -> TableSize {
        self.size
    }

    /// Bytes of the pruning table in use.
    pub fn prune_bytes(&self) -> usize {
        self.prune.len()
    }

    /// For a grouped table (2-bit entries over a base depth: `small-plus`, `large`), its base
    /// depth and how its entries spread (scans the whole table); `None` for the exact tables.
    pub fn spread(&self) -> Option<(u8, grouped::Spread)> {
        match self.format {
            Format::Grouped(layout) => Some((layout.base, grouped::spread(layout, &self.prune))),
            Format::Nibbles(_) => None,
        }
    }

    /// Table index of a corner permutation and twist in the corner table.
    #[inline(always)]
    pub(crate) fn corner_index(&self, perm: u16, twist: u16) -> usize {
        self.corners.index(perm, twist, &self.classes.twist_conj)
    }
}

/// Flip, slice with order, twist and corner split of a cube.
#[inline]
pub fn coords(c: &CubieCube) -> [u16; 4] {
    [
        coord::flip(c) as u16,
        edge_coset::slice_sorted(c),
        coord::twist(c) as u16,
        coord::corner_split(c) as u16,
    ]
}

/// Bytes of memory the system can give without swapping (`MemAvailable`), where known.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A file with `size`'s header and length that takes no disk (sparse): enough for the
    /// checks [`TableSize::resolve`] makes.
    fn fake_table(dir: &Path, size: TableSize) {
        let spec = &size.spec().table;
        let mut f = std::fs::File::create(crate::store::file::path(spec, dir)).unwrap();
        f.write_all(&crate::store::file::header(spec, 0)).unwrap();
        f.set_len(spec.file_bytes()).unwrap();
    }

    #[test]
    fn the_small_table_is_the_two_phase_phase1_table_and_listed_once() {
        assert!(std::ptr::eq(TableSize::Small.spec(), &PHASE1_PRUNE));
        let dir = tempfile::tempdir().unwrap();
        let config = crate::SolverConfig {
            table_dir: Some(dir.path().to_path_buf()),
            ..crate::SolverConfig::default()
        };
        let names: Vec<&str> = (super::super::METHOD.tables)(&config)
            .iter()
            .map(|s| s.table().name)
            .collect();
        assert!(names.contains(&"prune-twophase1"));
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "a table listed twice: {names:?}");
    }

    #[test]
    fn the_default_is_the_strongest_built_table_that_fits_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        let gib = 1u64 << 30;
        let resolve = |chosen, memory| TableSize::resolve_with(chosen, dir, memory);
        assert_eq!(resolve(None, Some(64 * gib)), TableSize::Small);
        fake_table(dir, TableSize::Medium);
        assert_eq!(resolve(None, Some(64 * gib)), TableSize::Medium);
        fake_table(dir, TableSize::Large);
        assert_eq!(resolve(None, Some(64 * gib)), TableSize::Large);
        assert_eq!(resolve(None, None), TableSize::Large);
        // 8 GiB free: the large table (7.0 GiB) and a gigabyte of room do not fit; the medium
        // one does.
        assert_eq!(resolve(None, Some(8 * gib)), TableSize::Medium);
        assert_eq!(resolve(None, Some(2 * gib)), TableSize::Small);
        // A named size is taken as named.
        assert_eq!(
            resolve(Some(TableSize::Small), Some(64 * gib)),
            TableSize::Small
        );
        assert_eq!(resolve(Some(TableSize::Large), Some(gib)), TableSize::Large);
        // A file of the wrong length is not a built table.
        let large = crate::store::file::path(&TableSize::Large.spec().table, dir);
        std::fs::OpenOptions::new()
            .write(true)
            .open(&large)
            .unwrap()
            .set_len(1000)
            .unwrap();
        assert_eq!(resolve(None, Some(64 * gib)), TableSize::Medium);
    }
}
