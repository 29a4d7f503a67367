//! `rubik serve`: the web app and its JSON API (`rubik_web::run`), until interrupted.

use crate::args::ServeArgs;
use crate::error::{CliError, CliResult};
use rubik_web::ServerLimits;
use std::net::{SocketAddr, ToSocketAddrs};

/// Runs `rubik serve`: blocks while the server runs. An address that cannot be read exits 2;
/// a server that cannot start (address in use, no permission) exits 3.
pub fn run(args: &ServeArgs) -> CliResult {
    if let Some(dir) = &args.export {
        let config = crate::solving::config(&args.tables)?;
        return super::export::export(dir, !args.no_tables, &config);
    }
    let (addr, host_name) = resolve(&args.addr)?;
    // A server outlives whatever happens to the table files: it keeps private copies.
    let config = rubik_solve::SolverConfig {
        private_tables: true,
        ..crate::solving::config(&args.tables)?
    };
    let limits = ServerLimits {
        allowed_hosts: host_name.into_iter().collect(),
        ..ServerLimits::default()
    };
    let tls = tls(args, addr, limits.allowed_hosts.first().map(String::as_str))?;
    rubik_web::run_with(addr, config, limits, tls)
        .map_err(|e| CliError::failure(anyhow::Error::new(e).context("the web app stopped")))
}

/// HTTPS when asked for: the given certificate, or the self-signed one kept in the config
/// directory (made when missing). Files that cannot be read or used exit 2; a certificate
/// that cannot be made or kept exits 3.
fn tls(
    args: &ServeArgs,
    addr: SocketAddr,
    host: Option<&str>,
) -> CliResult<Option<rubik_web::tls::Tls>> {
    use rubik_web::tls::{self, CertSource, TlsError};
    let source = match (&args.cert, &args.key) {
        (Some(cert), Some(key)) => CertSource::Files {
            cert: cert.clone(),
            key: key.clone(),
        },
        _ if args.tls => CertSource::SelfSigned {
            dir: tls::default_dir().map_err(|e| CliError::failure(anyhow::Error::new(e)))?,
        },
        _ => return Ok(None),
    };
    let given = matches!(source, CertSource::Files { .. });
    tls::setup(&source, &tls::names_for(addr, host))
        .map(Some)
        .map_err(|e| {
            let bad_input = given
                && matches!(
                    e,
                    TlsError::File { .. } | TlsError::Pem { .. } | TlsError::Config(_)
                );
            let e = anyhow::Error::new(e).context("cannot serve over HTTPS");
            if bad_input {
                CliError::bad_input(e)
            } else {
                CliError::failure(e)
            }
        })
}

/// The socket address of `IP:PORT` or `HOST:PORT` (an IPv4 one first when a name has both),
/// and the host name when one was given (requests may then name it in `Host`).
fn resolve(text: &str) -> CliResult<(SocketAddr, Option<String>)> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok((addr, None));
    }
    let bad = |why: String| {
        CliError::bad_input(anyhow::anyhow!(
            "--addr {text}: {why} (give IP:PORT or HOST:PORT, e.g. 127.0.0.1:8080 or localhost:8080)"
        ))
    };
    let (host, _) = text.rsplit_once(':').ok_or_else(|| bad("no port".into()))?;
    let addrs: Vec<SocketAddr> = text
        .to_socket_addrs()
        .map_err(|e| bad(e.to_string()))?
        .collect();
    let addr = addrs
        .iter()
        .find(|a| a.is_ipv4())
        .or(addrs.first())
        .copied()
        .ok_or_else(|| bad("the name has no address".into()))?;
    Ok((addr, Some(host.to_string())))
}
