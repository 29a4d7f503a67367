//! The process's solving service (its solver cache: one solver per method and options,
//! created on first use with tables loaded from, or built into, the CLI's cache:
//! `$RUBIK_TABLES`, else `~/.cache/rubik`), and the translation of Python's arguments into
//! its requests.

use rubik_solve::service::Service;
use rubik_solve::{Progress, SolverConfig};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// Whether the service is to be made with private copies of the tables
/// ([`ask_private_tables`]).
static PRIVATE: AtomicBool = AtomicBool::new(false);

/// The service every call of the module shares.
pub fn service() -> &'static Service {
    static SERVICE: OnceLock<Service> = OnceLock::new();
    SERVICE.get_or_init(|| {
        Service::new(SolverConfig {
            progress: Some(Arc::new(StderrLines::default())),
            compact: little_memory(),
            private_tables: PRIVATE.load(Ordering::SeqCst),
            ..SolverConfig::default()
        })
    })
}

/// Makes the service copy its tables into this process's memory (the large ones in 2 MiB
/// pages) instead of mapping their files. Tables are cached once per process, so this must
/// come before the first call that made the service (a solve, a scramble, a table load); it
/// is an error afterwards unless the service was made so already.
pub fn ask_private_tables() -> Result<(), &'static str> {
    PRIVATE.store(true, Ordering::SeqCst);
    if service().config().private_tables {
        Ok(())
    } else {
        Err(
            "private_tables=True must come before this process's first solve or table load \
             (its tables are mapped from their files already)",
        )
    }
}

/// Whether this machine has too little memory for the full two-phase tables (under 2 GiB), in
/// which case the compact ones are used; said once on stderr.
fn little_memory() -> bool {
    static LITTLE: OnceLock<bool> = OnceLock::new();
    *LITTLE.get_or_init(|| {
        let notice = rubik_solve::memory::compact_default_notice();
        if let Some(notice) = &notice {
            eprintln!("rubik: {notice}");
        }
        notice.is_some()
    })
}

/// Table builds reported as one line on stderr when each starts and ends (they take seconds
/// the first time, then never again).
#[derive(Default)]
struct StderrLines {
    current: Mutex<Option<(String, Instant)>>,
}

impl Progress for StderrLines {
    fn start(&self, name: &str, _total: u64) {
        eprintln!("rubik: {name}...");
        *self.current.lock().unwrap_or_else(|p| p.into_inner()) =
            Some((name.to_string(), Instant::now()));
    }

    fn advance(&self, _units: u64) {}

    fn finish(&self) {
        if let Some((name, started)) = self
            .current
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
        {
            eprintln!(
                "rubik: {name}: done in {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
}
