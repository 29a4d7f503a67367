//! `rubik scramble`: random-state scrambles, as moves or facelet strings.

use crate::args::ScrambleArgs;
use crate::error::CliResult;
use crate::output;
use crate::scrambler::Scrambler;

/// Runs `rubik scramble`.
pub fn run(args: &ScrambleArgs) -> CliResult {
    let mut scrambler = Scrambler::new(args.seed, !args.facelets)?;
    for _ in 0..args.count {
        output::emit_line(&scrambler.next_line()?)?;
    }
    Ok(())
}
