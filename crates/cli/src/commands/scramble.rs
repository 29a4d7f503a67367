//! `rubik scramble`: random-state scrambles, as moves or facelet strings, of the whole cube or
//! of a training subset.

use crate::args::ScrambleArgs;
use crate::error::CliResult;
use crate::output;
use crate::scrambler::Scrambler;

/// Runs `rubik scramble`.
pub fn run(args: &ScrambleArgs) -> CliResult {
    let mut scrambler = Scrambler::new(args.seed, !args.facelets)?;
    for _ in 0..args.count {
        let line = match args.subset {
            Some(subset) => scrambler.subset_line(subset)?,
            None => scrambler.next_line()?,
        };
        output::emit_line(&line)?;
    }
    Ok(())
}
