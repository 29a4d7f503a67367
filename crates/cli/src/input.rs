//! Where a command's cube comes from: moves on the command line, a facelet string, or a
//! colour-net file (`-` for stdin).

use crate::cube_io::{self, Cube};
use crate::error::{CliError, CliResult};
use anyhow::Context;
use std::io::Read;
use std::path::Path;

/// Reads a text file, or stdin for `-`.
pub fn read_text(path: &Path) -> CliResult<String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read stdin")
            .map_err(CliError::bad_input)?;
        return Ok(text);
    }
    std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .map_err(CliError::bad_input)
}

/// The cube of a colour-net file.
pub fn cube_from_net_file(path: &Path) -> CliResult<Cube> {
    let text = read_text(path)?;
    cube_io::parse_net(&text)
        .map_err(|e| CliError::from(e).context(format!("in the net {}", path.display())))
}

/// The words of an `ALG...` argument list joined into one algorithm text.
pub fn joined(words: &[String]) -> String {
    words.join(" ")
}
