//! Who may use the server: requests must name it by an IP address, `localhost` or the name it
//! was started with (a web page on another site that resolves its own name to this machine —
//! DNS rebinding — is refused), and writes must not come from another origin (a page the user
//! visits cannot start solves here). Browsers always send `Origin` on cross-origin writes;
//! tools like curl send none and are let through.

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// Middleware: refuses a request for a foreign host (403 `forbidden_host`) and a write from
/// another origin (403 `cross_origin`), else passes it on.
pub async fn check_request(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    match check(&state, request.method(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

fn check(state: &AppState, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    let forbidden = |category, error: String| ApiError::new(StatusCode::FORBIDDEN, category, error);
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .ok_or_else(|| ApiError::bad_request("bad_host", "the request has no Host header"))?;
    if !host_allowed(host_name(host), &state.limits.allowed_hosts) {
        return Err(forbidden(
            "forbidden_host",
            format!(
                "this server answers requests for localhost or its IP address, not for {}",
                host_name(host)
            ),
        ));
    }
    let writes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    if writes {
        if let Some(origin) = headers.get(header::ORIGIN) {
            let same = origin
                .to_str()
                .ok()
                .and_then(origin_authority)
                .is_some_and(|authority| authority.eq_ignore_ascii_case(host));
            if !same {
                return Err(forbidden(
                    "cross_origin",
                    "requests that change or compute something must come from this server's own page"
                        .into(),
                ));
            }
        }
        let cross_site = headers
            .get("sec-fetch-site")
            .is_some_and(|v| v.as_bytes() == b"cross-site");
        if cross_site {
            return Err(forbidden(
                "cross_origin",
                "requests that change or compute something must come from this server's own page"
                    .into(),
            ));
        }
    }
    Ok(())
}

/// The host of a `Host` header, without its port (`[::1]:8080` → `::1`).
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Whether a request may name `name` as its host: an IP address (no rebinding possible),
/// `localhost`, or one of `allowed`.
fn host_allowed(name: &str, allowed: &[String]) -> bool {
    name.parse::<IpAddr>().is_ok()
        || name.eq_ignore_ascii_case("localhost")
        || allowed.iter().any(|a| a.eq_ignore_ascii_case(name))
}

/// The `host[:port]` of an origin (`http://localhost:8080` → `localhost:8080`); `None` for
/// `null` and anything that is not an http(s) origin.
fn origin_authority(origin: &str) -> Option<&str> {
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))?;
    (!rest.is_empty() && !rest.contains('/')).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts() {
        assert_eq!(host_name("localhost:8080"), "localhost");
        assert_eq!(host_name("[::1]:8080"), "::1");
        assert_eq!(host_name("127.0.0.1"), "127.0.0.1");
        assert!(host_allowed("127.0.0.1", &[]));
        assert!(host_allowed("::1", &[]));
        assert!(host_allowed("LocalHost", &[]));
        assert!(!host_allowed("evil.example", &[]));
        assert!(host_allowed("cube.lan", &["cube.lan".into()]));
        assert!(!host_allowed("localhost.evil.example", &[]));
    }

    #[test]
    fn origins() {
        assert_eq!(
            origin_authority("http://localhost:8080"),
            Some("localhost:8080")
        );
        assert_eq!(origin_authority("null"), None);
        assert_eq!(origin_authority("file://"), None);
        assert_eq!(
            origin_authority("https://evil.example"),
            Some("evil.example")
        );
    }
}
