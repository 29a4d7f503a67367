//! The tables of a method, as `rubik tables info|verify|build` shows and builds them: each
//! method's list of specs, checked or built through the [`crate::store`].

pub use crate::store::{table_dir, Status as TableStatus, TABLES_ENV};

use crate::store::{AnySpec, Store, TableError};
use crate::{Method, SolveError, SolverConfig};
use std::path::PathBuf;

/// One table file of a method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// Table name.
    pub name: String,
    /// File path.
    pub path: PathBuf,
    /// File size in bytes (header included) once built.
    pub bytes: u64,
    /// Whether it is present, missing or unusable.
    pub status: TableStatus,
}

/// The tables `method` uses under `config` (compact mode has its own set).
pub fn specs_for(
    method: Method,
    config: &SolverConfig,
) -> Result<Vec<&'static dyn AnySpec>, SolveError> {
    Ok(match method {
        Method::Twophase => crate::method::twophase::table_specs(config.compact),
        Method::Cfop => crate::method::cfop::Cfop::table_specs(),
        Method::Thistlethwaite => crate::method::thistlethwaite::Thistlethwaite::table_specs(),
        Method::Optimal => {
            let size = crate::method::optimal::TableSize::resolve(
                config.optimal_table.as_deref(),
                &table_dir(config),
            )?;
            let mut specs = size.specs();
            // Its probes and its answer on timeout come from the two-phase solver.
            specs.extend(crate::method::twophase::table_specs(config.compact));
            specs
        }
    })
}

fn describe(
    method: Method,
    config: &SolverConfig,
    full: bool,
) -> Result<Vec<TableInfo>, SolveError> {
    let store = Store::new(config);
    Ok(specs_for(method, config)?
        .into_iter()
        .map(|spec| {
            let table = spec.table();
            TableInfo {
                name: table.name.to_string(),
                path: store.path(table),
                bytes: table.file_bytes(),
                status: store.status(table, full),
            }
        })
        .collect())
}

/// The tables of `method`: name, path, size and status. Checks headers and sizes only (fast);
/// [`verify`] also checks the checksums.
pub fn info(method: Method, config: &SolverConfig) -> Result<Vec<TableInfo>, SolveError> {
    describe(method, config, false)
}

/// Checks every table of `method` completely (header, size and payload checksum).
pub fn verify(method: Method, config: &SolverConfig) -> Result<Vec<TableInfo>, SolveError> {
    describe(method, config, true)
}

/// Builds (and saves) every missing or unsound table of `method`, reporting progress through
/// `config.progress`; returns the verified state afterwards. Sound tables are kept.
pub fn build(method: Method, config: &SolverConfig) -> Result<Vec<TableInfo>, SolveError> {
    let store = Store::new(config);
    for spec in specs_for(method, config)? {
        spec.ensure(&store).map_err(SolveError::from)?;
    }
    let infos = verify(method, config)?;
    if let Some(bad) = infos.iter().find(|i| i.status != TableStatus::Present) {
        return Err(SolveError::Table(TableError::Build {
            table: specs_for(method, config)?
                .into_iter()
                .find(|s| s.table().name == bad.name)
                .map_or("?", |s| s.table().name),
            reason: "its file was not sound right after it was saved",
        }));
    }
    Ok(infos)
}
