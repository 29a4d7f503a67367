//! `rubik tables`: build, verify or describe the cached tables of a method.

use crate::args::{TablesAction, TablesArgs};
use crate::error::{CliError, CliResult};
use crate::output;
use crate::output::human_bytes;
use crate::solving;
use rubik_solve::tables::{Status, Store, TableInfo};
use std::time::Instant;

/// Runs `rubik tables`. `verify` exits 3 when a table is missing or damaged.
pub fn run(args: &TablesArgs) -> CliResult {
    let method = args.method.method;
    let config = solving::config_for(&args.method.in_metric(args.metric))?;
    let store = Store::new(&config);
    let specs = method.tables(&config);
    let infos = match args.action {
        TablesAction::Info => store.describe(&specs, false),
        TablesAction::Verify => store.describe(&specs, true),
        TablesAction::Build => {
            let started = Instant::now();
            let infos = store
                .build_all(&specs)
                .map_err(|e| CliError::from(rubik_solve::SolveError::from(e)))?;
            eprintln!(
                "rubik: {method} tables ready in {:.2} s",
                started.elapsed().as_secs_f64()
            );
            infos
        }
    };
    output::emit(&render(method.name(), store.dir(), &infos))?;
    let unsound = infos.iter().filter(|i| i.status != Status::Present).count();
    if args.action == TablesAction::Verify && unsound > 0 {
        return Err(CliError::failure(anyhow::anyhow!(
            "{unsound} table(s) missing or damaged; `rubik tables build --method {method}` rebuilds them"
        )));
    }
    Ok(())
}

fn render(method: &str, dir: &std::path::Path, infos: &[TableInfo]) -> String {
    if infos.is_empty() {
        return format!(
            "{method}: the table cache lists no files for this method (`rubik tables build --method {method}` still builds what it needs)\n"
        );
    }
    let mut out = format!("{method} tables in {}\n", dir.display());
    let width = infos.iter().map(|i| i.name.len()).max().unwrap_or(0);
    let total: u64 = infos.iter().map(|i| i.bytes).sum();
    for info in infos {
        out += &format!(
            "  {:<width$}  {:>10}  {}\n",
            info.name,
            human_bytes(info.bytes),
            info.status
        );
    }
    out += &format!("  {:<width$}  {:>10}\n", "total", human_bytes(total));
    out
}
