//! What every request shares: the solving service (one solver per method, created on first
//! use, then shared), the slots of the two lanes of work ([`crate::exec`]), and the server's limits.

use rubik_solve::service::{Service, ServiceError};
use rubik_solve::{Method, Options, Solver, SolverConfig};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Tunable limits of the server.
#[derive(Clone, Debug)]
pub struct ServerLimits {
    /// Largest request body accepted, in bytes (larger bodies get 413).
    pub max_body_bytes: usize,
    /// Fast jobs (default-length two-phase, Thistlethwaite and CFOP solves, scrambles, long
    /// move lists) running at once; further requests wait for a free slot.
    pub fast_jobs: usize,
    /// Slow jobs (optimal solves, two-phase solves for short lengths or improving) running at
    /// once, at a lower CPU priority; further requests wait for a free slot.
    pub slow_jobs: usize,
    /// Time a client has to send a request's headers (and, on a kept-alive connection, to
    /// start its next request) before the connection is closed.
    pub header_timeout: Duration,
    /// Time a client has to send a request's body once its headers are in (408 after).
    pub body_timeout: Duration,
    /// On Ctrl-C, how long requests in flight may take to finish before the server stops.
    pub shutdown_grace: Duration,
    /// Host names, besides IP literals and `localhost`, that a request's `Host` header may
    /// name (the name given to `--addr`); any other is refused, against DNS rebinding.
    pub allowed_hosts: Vec<String>,
    /// Time budget of a solve when the request names none.
    pub default_timeout: Duration,
    /// Largest time budget a request may ask for.
    pub max_timeout: Duration,
    /// Extra time past a request's budget before the server gives up waiting for its solver.
    pub grace: Duration,
}

impl Default for ServerLimits {
    fn default() -> ServerLimits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        ServerLimits {
            max_body_bytes: 64 * 1024,
            fast_jobs: 4 * cores,
            slow_jobs: 4 * cores,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            shutdown_grace: Duration::from_secs(5),
            allowed_hosts: Vec::new(),
            default_timeout: Duration::from_secs(10),
            max_timeout: Duration::from_secs(60),
            grace: Duration::from_secs(2),
        }
    }
}

/// The state shared by all requests.
pub struct AppState {
    /// The solving service: solver cache, routing, final check, scrambles.
    pub service: Service,
    /// Slots of the fast lane.
    pub fast_slots: Arc<Semaphore>,
    /// Slots of the slow lane.
    pub slow_slots: Arc<Semaphore>,
    /// The server's limits.
    pub limits: ServerLimits,
}

impl AppState {
    /// State whose solvers are created from `config` when first used.
    pub fn new(config: SolverConfig, limits: ServerLimits) -> Arc<AppState> {
        Arc::new(AppState {
            service: Service::new(config),
            fast_slots: Arc::new(Semaphore::new(limits.fast_jobs.max(1))),
            slow_slots: Arc::new(Semaphore::new(limits.slow_jobs.max(1))),
            limits,
        })
    }

    /// The shared solver of `method` (default options), created (and its tables loaded or
    /// built) on first call. Blocking: call it off the async threads.
    pub fn solver(&self, method: Method) -> Result<Arc<dyn Solver>, ServiceError> {
        self.service.solver(method, &Options::new(), None)
    }

    /// How the server's solvers and goal searches are made (table directory, table sizes).
    pub fn config(&self) -> &SolverConfig {
        self.service.config()
    }

    /// Whether `method`'s solver has been created successfully already.
    pub fn is_loaded(&self, method: Method) -> bool {
        self.service.is_loaded(method, &Options::new())
    }
}
