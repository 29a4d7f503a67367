//! `rubik tables`: build, verify or describe the cached tables of a method.
//!
//! TEMPORARY: waits for `rubik_solve::tables::{info, build, verify}`; until then `build`
//! creates the method's solver (which builds and caches its tables) and the others say what is
//! missing.

use crate::args::{TablesAction, TablesArgs};
use crate::error::{CliError, CliResult};
use crate::solving;
use std::time::Instant;

/// Runs `rubik tables`.
pub fn run(args: &TablesArgs) -> CliResult {
    match args.action {
        TablesAction::Build => {
            let started = Instant::now();
            let solver = solving::solver(&args.method)?;
            crate::output::emit_line(&format!(
                "{}: tables ready in {:.2} s",
                solver.name(),
                started.elapsed().as_secs_f64()
            ))
        }
        TablesAction::Verify | TablesAction::Info => Err(CliError::failure(anyhow::anyhow!(
            "`rubik tables {}` is not available in this build yet",
            if args.action == TablesAction::Verify {
                "verify"
            } else {
                "info"
            }
        ))),
    }
}
