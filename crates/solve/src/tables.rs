//! The table files of the methods, as `rubik tables build|verify|info` sees them: where they
//! live, what each holds, whether it is there and sound, and building them ahead of use.
//!
//! A method's tables are listed by [`Method::tables`](crate::Method::tables); a [`Store`]
//! describes them ([`Store::describe`]) or builds the missing ones ([`Store::build_all`]).
//! Solvers load their tables through the same store, so nothing here is needed to solve:
//! [`solver_for`](crate::solver_for) builds what is missing on first use.
//!
//! ```no_run
//! use rubik_solve::tables::{Status, Store};
//! use rubik_solve::{Method, SolverConfig};
//!
//! let config = SolverConfig::default();
//! let store = Store::new(&config);
//! for info in store.describe(&Method::Twophase.tables(&config), false) {
//!     let ready = info.status == Status::Present;
//!     println!("{} ({} bytes): {}", info.name, info.bytes, if ready { "ready" } else { "to build" });
//! }
//! ```

pub use crate::store::bfs::Cells;
pub use crate::store::file::{check_writable, FORMAT_VERSION, HEADER_LEN};
/// Tables kept outside the store's directory, on a target without files (WebAssembly in a
/// browser): handed in from an earlier visit, and taken after a build to be kept.
#[cfg(target_family = "wasm")]
pub use crate::store::shelf;
pub use crate::store::{
    table_dir, AnySpec, Entries, Fault, OsError, Placement, Status, Store, TableError, TableInfo,
    TableSpec, TABLES_ENV,
};
