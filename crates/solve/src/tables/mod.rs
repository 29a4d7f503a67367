//! Tables: the shared on-disk cache ([`file`]), move tables ([`moves`]), pruning tables
//! ([`prune`]) and the two-phase table set ([`twophase`]).
//!
//! Tables are built deterministically from the move definitions and cached as files under the
//! table directory ([`table_dir`]): `SolverConfig::table_dir`, else `$RUBIK_TABLES`, else the
//! user cache directory (`~/.cache/rubik` on Linux). A missing, short or corrupt file is rebuilt
//! and never trusted. Other methods persist their tables with [`file::load_or_build`] and list
//! them in [`specs_for`].
//!
//! The functions [`info`], [`build`] and [`verify`] back the `rubik tables` command.

pub mod descent;
pub mod file;
pub mod moves;
pub mod prune;
pub mod twophase;
pub mod twophase_compact;

pub use file::{FileFault, Table, TableSpec};

use crate::{Method, SolveError, SolverConfig};
use serde::Serialize;
use std::path::PathBuf;

/// Environment variable naming the table directory.
pub const TABLES_ENV: &str = "RUBIK_TABLES";

/// The table directory for `config`: its `table_dir`, else `$RUBIK_TABLES`, else the user
/// cache directory's `rubik` folder (the system temporary directory if there is none).
pub fn table_dir(config: &SolverConfig) -> PathBuf {
    if let Some(dir) = &config.table_dir {
        return dir.clone();
    }
    if let Some(dir) = std::env::var_os(TABLES_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("rubik")
}

/// The state of one table file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "status", content = "reason")]
pub enum TableStatus {
    /// The file is there and sound.
    Present,
    /// No file yet: it will be built on first use.
    Missing,
    /// The file is unusable (wrong size, header or checksum): it will be rebuilt.
    Corrupt(String),
}

/// One table file of a method.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableInfo {
    /// Table name.
    pub name: String,
    /// File path.
    pub path: PathBuf,
    /// File size in bytes (header included) once built.
    pub bytes: u64,
    /// Whether it is present, missing or corrupt.
    pub status: TableStatus,
}

/// The table files `method` uses under `config` (compact mode has its own set).
pub fn specs_for(method: Method, config: &SolverConfig) -> Vec<TableSpec> {
    match method {
        Method::Twophase if config.compact => twophase_compact::specs(),
        Method::Twophase => twophase::specs(),
        Method::Cfop => crate::method::cfop::Cfop::table_specs(),
        Method::Thistlethwaite => crate::method::thistlethwaite::Thistlethwaite::table_specs(),
        Method::Optimal => {
            let mut specs = crate::method::optimal::TableSize::resolve(
                config.optimal_table.as_deref(),
                &table_dir(config),
            )
            .map(|size| size.specs())
            .unwrap_or_default();
            // Its probes and its answer on timeout come from the two-phase solver.
            specs.extend(specs_for(Method::Twophase, config));
            specs
        }
    }
}

fn describe(method: Method, config: &SolverConfig, full: bool) -> Vec<TableInfo> {
    let dir = table_dir(config);
    specs_for(method, config)
        .into_iter()
        .map(|spec| {
            let status = match file::check_file(&spec, &dir, full) {
                Ok(()) => TableStatus::Present,
                Err(FileFault::Missing) => TableStatus::Missing,
                Err(fault) => TableStatus::Corrupt(fault.to_string()),
            };
            TableInfo {
                name: spec.name.to_string(),
                path: spec.path(&dir),
                bytes: spec.file_bytes(),
                status,
            }
        })
        .collect()
}

/// The tables of `method`: name, path, size and status. Checks headers and sizes only (fast);
/// [`verify`] also checks the checksums.
pub fn info(method: Method, config: &SolverConfig) -> Vec<TableInfo> {
    describe(method, config, false)
}

/// Checks every table of `method` completely (header, size and payload checksum).
pub fn verify(method: Method, config: &SolverConfig) -> Vec<TableInfo> {
    describe(method, config, true)
}

/// Builds (and saves) every missing or unsound table of `method`, reporting progress through
/// `config.progress`; returns the verified state afterwards. Sound tables are kept.
pub fn build(method: Method, config: &SolverConfig) -> Result<Vec<TableInfo>, SolveError> {
    crate::solver_for(method, config)?;
    let infos = verify(method, config);
    if let Some(bad) = infos.iter().find(|i| i.status != TableStatus::Present) {
        return Err(SolveError::Table(format!(
            "table {} could not be saved to {} ({:?})",
            bad.name,
            bad.path.display(),
            bad.status
        )));
    }
    Ok(infos)
}
