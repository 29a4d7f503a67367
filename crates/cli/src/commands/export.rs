//! `rubik serve --export DIR`: the page as static files, and the tables its browser solver
//! would otherwise build on a first visit.
//!
//! The tables are the default method's compact ones, written as the table store keeps them
//! (each file checked by the WebAssembly core as a kept table is: size, header, checksum), in
//! `DIR/tables/`, listed in `DIR/tables/index.json` with the table format's version. A first
//! visit fetches them instead of building them (seconds of a phone's CPU); a site without
//! them (`--no-tables`) still works, building them in the browser.

use crate::error::{CliError, CliResult};
use rubik_solve::tables::{Store, FORMAT_VERSION};
use rubik_solve::{Method, SolverConfig};
use serde_json::json;
use std::path::Path;

/// The folder of the exported tables, inside the site.
const TABLES_DIR: &str = "tables";

/// Writes the page into `dir` (and its tables unless `tables` is false) and says where; exit 3
/// when the folder cannot be written or a table cannot be built.
pub fn export(dir: &Path, tables: bool, config: &SolverConfig) -> CliResult {
    let files = rubik_web::assets::export(dir).map_err(|e| {
        CliError::failure(anyhow::anyhow!(
            "cannot write the page into {}: {e}",
            dir.display()
        ))
    })?;
    let tables_line = if tables {
        let (count, bytes) = export_tables(&dir.join(TABLES_DIR), config)?;
        format!(
            " and the compact tables ({count} files, {}) it would build",
            crate::output::human_bytes(bytes)
        )
    } else {
        String::new()
    };
    println!(
        "wrote the page ({} files){tables_line} into {}: serve that folder with any static web server",
        files.len(),
        dir.display()
    );
    Ok(())
}

/// Builds (when missing) the default method's compact tables in the table store, copies their
/// files into `dir` and lists them in `index.json`; their number and total size.
fn export_tables(dir: &Path, config: &SolverConfig) -> CliResult<(usize, u64)> {
    let config = SolverConfig {
        compact: true,
        ..config.clone()
    };
    let method = Method::default();
    let store = Store::new(&config);
    let infos = store
        .build_all(&method.tables(&config))
        .map_err(|e| CliError::from(rubik_solve::SolveError::from(e)))?;
    let cannot_write = |what: &Path, e: std::io::Error| {
        CliError::failure(anyhow::anyhow!("cannot write {}: {e}", what.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, e))?;
    let mut listed = Vec::new();
    let mut total = 0;
    for info in &infos {
        let file = format!("{}.tbl", info.name);
        let dest = dir.join(&file);
        let bytes = std::fs::copy(&info.path, &dest).map_err(|e| cannot_write(&dest, e))?;
        total += bytes;
        listed.push(json!({ "name": info.name, "file": file, "bytes": bytes }));
    }
    let index = json!({
        "format": FORMAT_VERSION,
        "method": method.name(),
        "tables": listed,
    });
    let path = dir.join("index.json");
    std::fs::write(&path, format!("{index:#}\n")).map_err(|e| cannot_write(&path, e))?;
    Ok((infos.len(), total))
}
