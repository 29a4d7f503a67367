//! One solver per method and table choice for the whole process, created on first use (tables
//! loaded from, or built into, the CLI's cache: `$RUBIK_TABLES`, else `~/.cache/rubik`) and
//! shared by every thread afterwards.

use rubik_solve::{solver_for, Method, Options, Progress, SolveError, Solver, SolverConfig};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// What makes two solvers different: the method and the size of its tables.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SolverKey {
    /// The method.
    pub method: Method,
    /// Its options (the optimal solver's table size).
    pub options: Options,
}

type Slot = Arc<Mutex<Option<Arc<dyn Solver>>>>;

/// The solver for `key`, created on the first call. Concurrent first calls for the same key wait
/// for one creation; other keys are not held up.
pub fn solver(key: &SolverKey) -> Result<Arc<dyn Solver>, SolveError> {
    static SLOTS: OnceLock<Mutex<HashMap<SolverKey, Slot>>> = OnceLock::new();
    let slot = {
        let mut slots = SLOTS
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        slots.entry(key.clone()).or_default().clone()
    };
    let mut solver = slot.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(solver) = solver.as_ref() {
        return Ok(solver.clone());
    }
    let config = SolverConfig {
        progress: Some(Arc::new(StderrLines::default())),
        options: key.options.clone(),
        compact: little_memory(),
        ..SolverConfig::default()
    };
    let created: Arc<dyn Solver> = Arc::from(solver_for(key.method, &config)?);
    *solver = Some(created.clone());
    Ok(created)
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
