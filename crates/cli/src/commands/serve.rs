//! `rubik serve`: the web app and its JSON API.
//!
//! TEMPORARY: waits for `rubik_web::run(addr, config)`.

use crate::args::ServeArgs;
use crate::error::{CliError, CliResult};

/// Runs `rubik serve` until interrupted.
pub fn run(args: &ServeArgs) -> CliResult {
    let _config = crate::solving::config(&args.method);
    Err(CliError::failure(anyhow::anyhow!(
        "the web app is not available in this build yet (would listen on {})",
        args.addr
    )))
}
