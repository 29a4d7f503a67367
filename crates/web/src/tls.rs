//! HTTPS for `rubik serve --tls`: browsers give a page the camera only on a secure origin
//! (https, or http on localhost), so a phone on the same network needs https to scan.
//!
//! The certificate is either given (`--cert`/`--key`, PEM files) or self-signed: made on first
//! use with [`rcgen`] and kept in the config directory (`$XDG_CONFIG_HOME/rubik/tls`, else
//! `~/.config/rubik/tls`), so a phone told to trust it once keeps trusting it. It names
//! `localhost`, the loopback addresses, the address served on and this machine's address on
//! its network; when those names change (another network) a new one is made. Its SHA-256
//! fingerprint is printed at start so it can be compared with what the phone's browser shows.

use rcgen::{CertificateParams, DistinguishedName, DnType, KeyPair};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;
use tokio_rustls::TlsAcceptor;

/// Where the certificate comes from.
#[derive(Clone, Debug)]
pub enum CertSource {
    /// Self-signed, kept in this folder (`cert.pem`, `key.pem`, `names.txt`).
    SelfSigned {
        /// The folder (see [`default_dir`]).
        dir: PathBuf,
    },
    /// A certificate chain and its private key, PEM files.
    Files {
        /// The certificate (chain), PEM.
        cert: PathBuf,
        /// The private key, PEM (PKCS#8, PKCS#1 or SEC1).
        key: PathBuf,
    },
}

/// Why HTTPS could not be set up.
#[derive(Debug, Error)]
pub enum TlsError {
    /// The config directory is unknown (no `$XDG_CONFIG_HOME` and no `$HOME`).
    #[error("no folder to keep the certificate in: set XDG_CONFIG_HOME or HOME, or give --cert and --key")]
    NoConfigDir,
    /// A file could not be read or written.
    #[error("{}: {reason}", .path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        reason: std::io::Error,
    },
    /// A PEM file without what it should hold.
    #[error("{}: {what}", .path.display())]
    Pem {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// The certificate could not be made.
    #[error("cannot make a certificate: {0}")]
    Generate(rcgen::Error),
    /// The certificate and key do not fit together (or rustls refuses them).
    #[error("cannot use this certificate and key: {0}")]
    Config(rustls::Error),
}

/// What the server needs to speak HTTPS, and what it tells the user.
#[derive(Clone)]
pub struct Tls {
    /// Accepts TLS connections.
    pub acceptor: TlsAcceptor,
    /// SHA-256 of the certificate (DER), `AB:CD:…`.
    pub fingerprint: String,
    /// The self-signed certificate's file (to copy to a phone), `None` for given files.
    pub cert_file: Option<PathBuf>,
}

impl std::fmt::Debug for Tls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tls")
            .field("fingerprint", &self.fingerprint)
            .field("cert_file", &self.cert_file)
            .finish_non_exhaustive()
    }
}

/// `$XDG_CONFIG_HOME/rubik/tls`, else `$HOME/.config/rubik/tls`.
pub fn default_dir() -> Result<PathBuf, TlsError> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".config"))
        })
        .ok_or(TlsError::NoConfigDir)?;
    Ok(base.join("rubik").join("tls"))
}

/// This machine's address on its network (the one it would use to reach the internet; no
/// packet is sent), if it has one.
pub fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// The address a phone should open: the served address, or this machine's network address
/// when serving on all of them (`0.0.0.0`).
pub fn public_address(addr: SocketAddr) -> SocketAddr {
    if addr.ip().is_unspecified() {
        if let Some(ip) = lan_address() {
            return SocketAddr::new(ip, addr.port());
        }
    }
    addr
}

/// The names a self-signed certificate for `addr` (and `host`, a name given with `--addr`)
/// covers.
pub fn names_for(addr: SocketAddr, host: Option<&str>) -> Vec<String> {
    let mut names: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
    let mut add = |n: String| {
        if !names.contains(&n) {
            names.push(n);
        }
    };
    if let Some(h) = host {
        add(h.to_string());
    }
    if !addr.ip().is_unspecified() {
        add(addr.ip().to_string());
    }
    if let Some(ip) = lan_address() {
        add(ip.to_string());
    }
    names
}

/// Sets HTTPS up from `source`; a self-signed certificate must cover `names`.
pub fn setup(source: &CertSource, names: &[String]) -> Result<Tls, TlsError> {
    let (chain, key, cert_file) = match source {
        CertSource::Files { cert, key } => (read_chain(cert)?, read_key(key)?, None),
        CertSource::SelfSigned { dir } => {
            let (chain, key) = self_signed(dir, names)?;
            (chain, key, Some(dir.join("cert.pem")))
        }
    };
    let fingerprint = fingerprint(&chain[0]);
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(TlsError::Config)?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(TlsError::Config)?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Tls {
        acceptor: TlsAcceptor::from(Arc::new(config)),
        fingerprint,
        cert_file,
    })
}

/// SHA-256 of a certificate, as browsers show it: `AB:CD:…`.
pub fn fingerprint(cert: &CertificateDer<'_>) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, cert.as_ref());
    digest
        .as_ref()
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":")
}

fn file_error(path: &Path) -> impl FnOnce(std::io::Error) -> TlsError + '_ {
    move |reason| TlsError::File {
        path: path.to_path_buf(),
        reason,
    }
}

fn pem_error(path: &Path, what: impl std::fmt::Display) -> TlsError {
    TlsError::Pem {
        path: path.to_path_buf(),
        what: what.to_string(),
    }
}

fn read_chain(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let bytes = std::fs::read(path).map_err(file_error(path))?;
    let chain = CertificateDer::pem_slice_iter(&bytes)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| pem_error(path, format!("not a PEM certificate: {e}")))?;
    if chain.is_empty() {
        return Err(pem_error(path, "no certificate in the file"));
    }
    Ok(chain)
}

fn read_key(path: &Path) -> Result<PrivateKeyDer<'static>, TlsError> {
    let bytes = std::fs::read(path).map_err(file_error(path))?;
    PrivateKeyDer::from_pem_slice(&bytes)
        .map_err(|e| pem_error(path, format!("no private key in the file: {e}")))
}

/// The kept certificate if it covers `names`, else a new one, written to `dir`.
fn self_signed(
    dir: &Path,
    names: &[String],
) -> Result<(Vec<CertificateDer<'static>>, PrivateKeyDer<'static>), TlsError> {
    let (cert_path, key_path, names_path) = (
        dir.join("cert.pem"),
        dir.join("key.pem"),
        dir.join("names.txt"),
    );
    let kept: Vec<String> = std::fs::read_to_string(&names_path)
        .map(|t| t.lines().map(str::to_string).collect())
        .unwrap_or_default();
    if names.iter().all(|n| kept.contains(n)) && cert_path.exists() && key_path.exists() {
        return Ok((read_chain(&cert_path)?, read_key(&key_path)?));
    }
    let mut params = CertificateParams::new(names.to_vec()).map_err(TlsError::Generate)?;
    let mut subject = DistinguishedName::new();
    subject.push(DnType::CommonName, "rubik serve (self-signed)");
    params.distinguished_name = subject;
    let key = KeyPair::generate().map_err(TlsError::Generate)?;
    let cert = params.self_signed(&key).map_err(TlsError::Generate)?;
    std::fs::create_dir_all(dir).map_err(file_error(dir))?;
    write_private(&key_path, key.serialize_pem().as_bytes())?;
    std::fs::write(&cert_path, cert.pem()).map_err(file_error(&cert_path))?;
    std::fs::write(&names_path, names.join("\n") + "\n").map_err(file_error(&names_path))?;
    let der = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    Ok((vec![cert.der().clone()], der))
}

/// Writes a private key readable by its owner only.
fn write_private(path: &Path, bytes: &[u8]) -> Result<(), TlsError> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(file_error(path))?;
    file.write_all(bytes).map_err(file_error(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rubik-tls-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_self_signed_certificate_is_kept_and_made_again_for_new_names() {
        let dir = temp_dir("kept");
        let source = CertSource::SelfSigned { dir: dir.clone() };
        let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
        let first = setup(&source, &names).expect("made");
        assert_eq!(first.fingerprint.len(), 32 * 3 - 1);
        assert_eq!(
            first.cert_file.as_deref(),
            Some(dir.join("cert.pem").as_path())
        );
        let again = setup(&source, &names[..1]).expect("kept");
        assert_eq!(again.fingerprint, first.fingerprint);
        let more = vec!["localhost".to_string(), "10.1.2.3".to_string()];
        let other = setup(&source, &more).expect("made again");
        assert_ne!(other.fingerprint, first.fingerprint);
        // The files it wrote are a certificate and key that `--cert`/`--key` accept.
        let files = CertSource::Files {
            cert: dir.join("cert.pem"),
            key: dir.join("key.pem"),
        };
        assert_eq!(
            setup(&files, &[]).expect("files").fingerprint,
            other.fingerprint
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_without_a_certificate_is_named() {
        let dir = temp_dir("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let cert = dir.join("cert.pem");
        std::fs::write(&cert, "hello").unwrap();
        let files = CertSource::Files {
            cert: cert.clone(),
            key: dir.join("missing.pem"),
        };
        let e = setup(&files, &[]).unwrap_err().to_string();
        assert!(
            e.contains("cert.pem") && e.contains("no certificate"),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
