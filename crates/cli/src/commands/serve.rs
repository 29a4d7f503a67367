//! `rubik serve`: the web app and its JSON API (`rubik_web::run`), until interrupted.

use crate::args::ServeArgs;
use crate::error::{CliError, CliResult};

/// Runs `rubik serve`: blocks while the server runs. A server that cannot start (address in
/// use, no permission) exits 3.
pub fn run(args: &ServeArgs) -> CliResult {
    let config = crate::solving::config(&args.tables);
    rubik_web::run(args.addr, config)
        .map_err(|e| CliError::failure(anyhow::Error::new(e).context("the web app stopped")))
}
