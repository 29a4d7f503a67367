//! Errors: [`WebError`] for starting and running the server, [`ApiError`] for one request's
//! failure, rendered as a JSON body `{error, category, piece}` with a fitting status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use rubik_cube::{CubeError, InputError};
use rubik_solve::service::{Refusal, ServiceError};
use rubik_solve::SolveError;
use serde::Serialize;
use std::net::SocketAddr;
use thiserror::Error;

/// Why the server could not start or stopped with an error. Each message contains the
/// system's reason, so none is also given as `source()`: a printed chain says it once.
#[derive(Debug, Error)]
pub enum WebError {
    /// The async runtime could not be created.
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    /// The address could not be bound (in use, not permitted, ...).
    #[error("cannot listen on {addr}: {reason}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// The system's reason.
        reason: std::io::Error,
    },
    /// The server failed while running.
    #[error("server error: {0}")]
    Serve(std::io::Error),
}

/// A failed API request: an HTTP status and the JSON body describing why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApiError {
    /// HTTP status of the response.
    #[serde(skip)]
    pub status: StatusCode,
    /// A sentence for people.
    pub error: String,
    /// A short machine-readable category (`"parity"`, `"bad_json"`, `"no_solution"`, ...).
    pub category: &'static str,
    /// The piece at fault, when the error names one (`"URF"`, `"UB"`).
    pub piece: Option<String>,
    /// Column (1-based) of the offending token, for notation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl ApiError {
    /// An error with no piece or column.
    pub fn new(status: StatusCode, category: &'static str, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            error: error.into(),
            category,
            piece: None,
            column: None,
        }
    }

    /// A 400 Bad Request.
    pub fn bad_request(category: &'static str, error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, category, error)
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        ApiError {
            status: StatusCode::from_u16(r.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            error: r.error,
            category: r.category,
            piece: r.piece,
            column: r.column,
        }
    }
}

impl From<CubeError> for ApiError {
    fn from(e: CubeError) -> ApiError {
        Refusal::from(e).into()
    }
}

impl From<SolveError> for ApiError {
    fn from(e: SolveError) -> ApiError {
        ServiceError::Solve(e).into()
    }
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> ApiError {
        Refusal::from(e).into()
    }
}

/// A service error as a status and a category, by the service's one mapping
/// ([`Refusal`], shared with the page's in-browser API).
impl From<ServiceError> for ApiError {
    fn from(e: ServiceError) -> ApiError {
        Refusal::from(e).into()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self)).into_response()
    }
}
