//! What one `rubik bench` run measured: printed as text or JSON by the command, drawn by
//! [`crate::plot`].

use serde::Serialize;

/// What one benchmark run measured.
#[derive(Debug, Serialize)]
pub struct BenchReport {
    /// The method.
    pub method: String,
    /// States tried.
    pub count: usize,
    /// The seed of the random states (absent for states from a file).
    pub seed: Option<u64>,
    /// The file the states came from (absent for random states).
    pub file: Option<String>,
    /// States solved within the limits (each verified).
    pub solved: usize,
    /// States without a solution within the limits.
    pub unsolved: usize,
    /// Time to create the solver (load or build its tables), in milliseconds.
    pub table_load_millis: f64,
    /// Mean solution length (HTM).
    pub mean_length: Option<f64>,
    /// Longest solution (HTM).
    pub max_length: Option<usize>,
    /// `length_histogram[n]` = number of solutions of length n.
    pub length_histogram: Vec<usize>,
    /// Median solve time in milliseconds.
    pub median_millis: Option<f64>,
    /// Mean solve time in milliseconds.
    pub mean_millis: Option<f64>,
    /// 99th percentile of the solve time in milliseconds.
    pub p99_millis: Option<f64>,
    /// Longest solve time in milliseconds.
    pub max_millis: Option<f64>,
    /// Peak resident memory of the process in bytes.
    pub peak_memory_bytes: Option<u64>,
    /// Solve times in milliseconds, in state order (unsolved states included).
    #[serde(skip)]
    pub millis: Vec<f64>,
}

impl BenchReport {
    /// Where the states came from: "seed 1" or "from FILE".
    pub fn source(&self) -> String {
        match (&self.file, self.seed) {
            (Some(f), _) => format!("from {f}"),
            (None, Some(seed)) => format!("seed {seed}"),
            (None, None) => "random".to_string(),
        }
    }
}
