//! What can go wrong with a table: typed, naming the table and, for the operating system's
//! failures, its error.

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;

/// An operating-system error, shared so that [`TableError`] stays cheap to clone.
#[derive(Clone, Debug)]
pub struct OsError(Arc<io::Error>);

impl OsError {
    /// The kind of the error.
    pub fn kind(&self) -> io::ErrorKind {
        self.0.kind()
    }
}

impl From<io::Error> for OsError {
    fn from(e: io::Error) -> OsError {
        OsError(Arc::new(e))
    }
}

impl fmt::Display for OsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for OsError {
    fn eq(&self, other: &OsError) -> bool {
        self.kind() == other.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for OsError {}

/// Why a table could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The table directory does not exist and cannot be created, or cannot be written to.
    #[error(
        "cannot write tables to {}: {cause} (set RUBIK_TABLES to a writable directory)",
        dir.display()
    )]
    Directory {
        /// The directory.
        dir: PathBuf,
        /// The operating system's error (in the message, not a separate cause, so that it is said once).
        cause: OsError,
    },
    /// A built table could not be written to its file.
    #[error("cannot save table {table} to {}: {cause}", path.display())]
    Write {
        /// The table.
        table: &'static str,
        /// Its file.
        path: PathBuf,
        /// The operating system's error (in the message, not a separate cause, so that it is said once).
        cause: OsError,
    },
    /// A table file exists but could not be read.
    #[error("cannot read table {table} from {}: {cause}", path.display())]
    Read {
        /// The table.
        table: &'static str,
        /// Its file.
        path: PathBuf,
        /// The operating system's error (in the message, not a separate cause, so that it is said once).
        cause: OsError,
    },
    /// Memory for a table could not be had.
    #[error("cannot get {bytes} bytes of memory for table {table}: {cause}")]
    Memory {
        /// The table.
        table: &'static str,
        /// The bytes asked for.
        bytes: usize,
        /// The operating system's error (in the message, not a separate cause, so that it is said once).
        cause: OsError,
    },
    /// The build lock of a table could not be taken.
    #[error("cannot lock table {table} for building ({}): {cause}", path.display())]
    Lock {
        /// The table.
        table: &'static str,
        /// The lock file.
        path: PathBuf,
        /// The operating system's error (in the message, not a separate cause, so that it is said once).
        cause: OsError,
    },
    /// The caller stopped waiting (its [`crate::CancelFlag`] was raised) while the table was
    /// being loaded or built, or while another builder held it: nothing was saved.
    #[error("stopped while table {table} was being loaded or built")]
    Cancelled {
        /// The table.
        table: &'static str,
    },
    /// A table's builder failed: a bug, since builders only compute.
    #[error("building table {table} failed: {reason}")]
    Build {
        /// The table.
        table: &'static str,
        /// What went wrong.
        reason: &'static str,
    },
}
