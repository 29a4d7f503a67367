//! `rubik completions SHELL`: the shell's completion script for every command and flag, from
//! the same clap definition the parser uses (so it can never drift from the real options).

use crate::args::{Cli, CompletionsArgs};
use crate::error::{CliError, CliResult};
use clap::CommandFactory;
use std::io::Write;

/// Prints the completion script for `args.shell` on stdout.
pub fn run(args: &CompletionsArgs) -> CliResult {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "rubik", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)
        .and_then(|_| out.flush())
        .map_err(|e| CliError::failure(anyhow::Error::new(e).context("cannot write to stdout")))
}
