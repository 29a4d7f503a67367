//! Everything the optimal search reads, loaded once per table directory and shared.

use super::coord::{corner_split, flip, slice, twist, MoveTables};
use super::corners::{self, CornerTables};
use super::flipslice::FlipSliceClasses;
use super::inverse::InverseTables;
use super::persist;
use super::prune;
use super::prune::Layout;
use super::symmetry::Symmetries;
use crate::tables::TableSpec;
use crate::{NoProgress, SolveError, SolverConfig};
use memmap2::Mmap;
use rubik_cube::CubieCube;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// Sizes of the pruning table a user can pick (`SolverConfig.optimal_table`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableSize {
    /// Flip × UD-slice (by symmetry) × twist, 4 bits per entry: 70 MB, built in about 6 s of
    /// CPU time. The default: small enough for CI and for servers that build it on demand.
    Small,
    /// The small table × the corner split (which 4 of the 8 corner positions hold the D-layer
    /// corners): 4.9 GB, built in about 8 minutes of CPU time (15 minutes on a busy 2-core
    /// machine); prunes about 20 times more nodes than the small one.
    Medium,
}

impl TableSize {
    /// The size used when none is asked for.
    pub const DEFAULT: TableSize = TableSize::Small;

    /// The size named `name` (`None` = the default).
    pub fn parse(name: Option<&str>) -> Result<TableSize, SolveError> {
        match name.map(|s| s.to_ascii_lowercase()).as_deref() {
            None | Some("default") => Ok(TableSize::DEFAULT),
            Some("small") => Ok(TableSize::Small),
            Some("medium") => Ok(TableSize::Medium),
            Some(other) => Err(SolveError::Table(format!(
                "unknown optimal table size {other:?} (available: small, medium)"
            ))),
        }
    }

    /// The file name of the table in the cache.
    pub fn file_name(self) -> &'static str {
        match self {
            TableSize::Small => "optimal-fst-small",
            TableSize::Medium => "optimal-fstc-medium",
        }
    }

    /// The cache entry of the main table.
    pub fn spec(self) -> TableSpec {
        TableSpec::of::<u8>(self.file_name(), self.layout().bytes())
    }

    /// The cache entries of every table this size uses (the main one and the corner table).
    pub fn specs(self) -> Vec<TableSpec> {
        vec![self.spec(), corners::spec()]
    }

    /// The coordinates the table covers.
    pub fn layout(self) -> Layout {
        Layout {
            corner_split: self == TableSize::Medium,
        }
    }
}

/// The symmetry, move, class and pruning tables.
pub struct Tables {
    /// The 16 U–D symmetries and the axis-changing turn.
    pub syms: Symmetries,
    /// Move tables of flip, slice and twist.
    pub moves: MoveTables,
    /// Flip × slice symmetry classes.
    pub classes: FlipSliceClasses,
    /// The packed pruning table.
    pub prune: Mmap,
    /// Corner move and symmetry tables.
    pub corners: CornerTables,
    /// The packed corner pruning table.
    pub corner_prune: Mmap,
    /// Its coordinates.
    pub layout: Layout,
    /// Left-move and coordinate tables of the packed inverse cube.
    pub inverse: InverseTables,
}

impl Tables {
    /// Loads the tables from the cache or builds them (reporting through `config.progress`).
    pub fn load(config: &SolverConfig, size: TableSize) -> Result<Tables, SolveError> {
        let syms = Symmetries::new();
        let moves = MoveTables::new();
        let classes = FlipSliceClasses::new(&syms);
        let dir = crate::tables::table_dir(config);
        let progress = config.progress.clone();
        let layout = size.layout();
        let prune = persist::load_or_build(&size.spec(), &dir, || {
            let p: &dyn crate::Progress = match &progress {
                Some(p) => p.as_ref(),
                None => &NoProgress,
            };
            prune::build(layout, &moves, &classes, p)
        })?;
        let corners = CornerTables::new(&syms)?;
        let corner_prune = persist::load_or_build(&corners::spec(), &dir, || {
            corners.build_prune(&classes.twist_conj)
        })?;
        Ok(Tables {
            corners,
            corner_prune,
            syms,
            moves,
            classes,
            prune,
            layout,
            inverse: InverseTables::new(),
        })
    }

    /// Shared tables for `config`: loaded once per directory and size, then reused.
    pub fn shared(config: &SolverConfig, size: TableSize) -> Result<Arc<Tables>, SolveError> {
        type Cache = Mutex<HashMap<(PathBuf, TableSize), Arc<Tables>>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let key = (crate::tables::table_dir(config), size);
        let cache = CACHE.get_or_init(Default::default);
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = map.get(&key) {
            return Ok(t.clone());
        }
        let t = Arc::new(Tables::load(config, size)?);
        map.insert(key, t.clone());
        Ok(t)
    }

    /// Table index of a flip, slice, twist and corner split (seen on the U–D axis).
    #[inline(always)]
    pub fn index(&self, c: [u16; 4]) -> usize {
        self.layout.index(&self.classes, c[0], c[1], c[2], c[3])
    }

    /// Pruning value of a flip, slice, twist and corner split (seen on the U–D axis).
    #[inline(always)]
    pub fn lookup(&self, c: [u16; 4]) -> u8 {
        prune::value(&self.prune, self.index(c))
    }

    /// Table index of a corner permutation and twist in the corner table.
    #[inline(always)]
    pub fn corner_index(&self, perm: u16, twist: u16) -> usize {
        self.corners.index(perm, twist, &self.classes.twist_conj)
    }

    /// Pruning value of a whole cube seen on the U–D axis.
    #[inline]
    pub fn lookup_cube(&self, c: &CubieCube) -> u8 {
        self.lookup(coords(c))
    }
}

/// Flip, slice, twist and corner split of a cube.
#[inline]
pub fn coords(c: &CubieCube) -> [u16; 4] {
    [flip(c), slice(c), twist(c), corner_split(c)]
}
