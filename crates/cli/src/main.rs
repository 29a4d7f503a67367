//! The `rubik` command: solve, scramble, show and explain Rubik's Cubes.
//!
//! A thin shell: parse input with `rubik_cube`, solve with `rubik_solve`, print the result.
//! Exit codes: 0 success, 1 no solution within the limits, 2 bad input or usage, 3 the
//! environment failed.

mod args;
mod bench_report;
mod commands;
mod continuous;
mod cube_io;
mod error;
mod input;
mod lines;
mod output;
mod plot;
mod progress;
mod repl;
mod resume;
mod scrambler;
mod solving;
mod stats;

use args::{Cli, Command};
use clap::Parser;
use error::CliResult;
use std::process::ExitCode;

fn main() -> ExitCode {
    let argv = args::with_default_subcommand(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        // Help and version exit 0; usage errors exit 2.
        Err(e) => e.exit(),
    };
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        // `rubik ... | head`: the reader has all it wanted.
        Err(e) if output::is_broken_pipe(&e.error) => ExitCode::SUCCESS,
        Err(e) => {
            // The message may quote the input: its control characters are escaped (lines kept).
            let message = e.to_string();
            let lines: Vec<_> = message.split('\n').map(lines::escape_controls).collect();
            eprintln!("rubik: {}", lines.join("\n"));
            e.exit_code()
        }
    }
}

fn run(cli: &Cli) -> CliResult {
    let colour = output::use_colour(cli.color);
    match &cli.command {
        Command::Solve(a) => commands::solve::run(a),
        Command::Show(a) => commands::show::run(a, colour),
        Command::Scramble(a) => commands::scramble::run(a),
        Command::Algs(a) => commands::algs::run(a),
        Command::Bench(a) => commands::bench::run(a),
        Command::Tables(a) => commands::tables::run(a),
        Command::Repl(a) => repl::run(a, colour),
        Command::Serve(a) => commands::serve::run(a),
        Command::Scan(a) => commands::scan::run(a),
        Command::Completions(a) => commands::completions::run(a),
        Command::Man(a) => commands::man::run(a),
    }
}
