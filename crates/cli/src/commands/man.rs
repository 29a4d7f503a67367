//! `rubik man`: manual pages in roff, generated from the clap definition (options, their help,
//! the examples and exit codes of `--help`).

use crate::args::{Cli, ManArgs};
use crate::error::{CliError, CliResult};
use anyhow::Context;
use clap::CommandFactory;
use std::io::Write;

/// Prints `rubik.1`, or writes `rubik.1` and `rubik-<command>.1` for each subcommand into
/// `args.dir`.
pub fn run(args: &ManArgs) -> CliResult {
    let command = Cli::command();
    match &args.dir {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command)
                .render(&mut page)
                .context("cannot render the manual page")
                .map_err(CliError::failure)?;
            let mut out = std::io::stdout().lock();
            out.write_all(&page)
                .and_then(|_| out.flush())
                .context("cannot write to stdout")
                .map_err(CliError::failure)
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))
                .map_err(CliError::failure)?;
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("cannot write the manual pages into {}", dir.display()))
                .map_err(CliError::failure)
        }
    }
}
