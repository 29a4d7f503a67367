//! Progress reporting for long work (table generation), so front ends can show a bar.

/// Receives progress of a long task. Implementations must be cheap: `advance` may be called
/// often from several threads.
pub trait Progress: Send + Sync {
    /// A task named `name` starts, with `total` units of work.
    fn start(&self, name: &str, total: u64);
    /// `units` more units are done.
    fn advance(&self, units: u64);
    /// The current task is done.
    fn finish(&self);
    /// A one-line note for the user (e.g. a hint on a faster setting), outside any task.
    fn note(&self, _text: &str) {}
    /// A deepening search starts its search at `length` moves: every shorter length has been
    /// ruled out. Called for every length (the optimal solver's), even those too quick to get
    /// a task of their own. By default ignored.
    fn deepening(&self, _length: usize) {}
    /// The current task was cut short (a timeout or a cancellation) before it was done. By
    /// default the same as [`Progress::finish`]; front ends that say "done" override it.
    fn stopped(&self) {
        self.finish();
    }
    /// Whether the work reported here is no longer wanted: a table builder polls it between
    /// blocks of work and stops with [`crate::tables::TableError::Cancelled`]. By default
    /// never; the store answers for the [`crate::CancelFlag`] of its configuration.
    fn cancelled(&self) -> bool {
        false
    }
}

/// Progress that goes nowhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _name: &str, _total: u64) {}
    fn advance(&self, _units: u64) {}
    fn finish(&self) {}
}
