//! Helpers the measuring examples share (included with `mod support;`): process CPU time,
//! peak memory, the load average and `--name value` arguments. Not an example itself: Cargo
//! builds only `examples/*.rs` and `examples/*/main.rs`.
#![allow(dead_code)] // each example uses a part

/// CPU time of this process in seconds (user + system, from /proc; 0 elsewhere): unlike wall
/// time, it does not grow when other processes share the cores.
pub fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (tick(11) + tick(12)) / 100.0
}

/// Peak resident memory (VmHWM) in MiB (0 when unknown).
pub fn peak_mib() -> u64 {
    rubik_solve::bench::peak_memory().unwrap_or(0) >> 20
}

/// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
pub fn load_avg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// "`T` s, peak `P` MiB, load `L`": where a run is since `t0`, for progress lines.
pub fn stamp(t0: std::time::Instant) -> String {
    format!(
        "{:.1} s, peak {} MiB, load {}",
        t0.elapsed().as_secs_f64(),
        peak_mib(),
        load_avg()
    )
}

/// The command line, read as `--name value` options and `--flag` switches.
pub struct Args(Vec<String>);

impl Args {
    /// This process's arguments.
    pub fn new() -> Args {
        Args(std::env::args().collect())
    }

    /// The value after `name`, if given.
    pub fn opt(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1))
            .cloned()
    }

    /// The number after `name`, if given (exits through a panic naming it when not a number).
    pub fn num(&self, name: &str) -> Option<u64> {
        self.opt(name).map(|v| v.parse::<u64>().expect(name))
    }

    /// Whether switch `name` is given.
    pub fn flag(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }
}
