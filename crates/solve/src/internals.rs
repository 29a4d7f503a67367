//! Hooks for this crate's own benchmarks and measuring examples: the methods' solvers with
//! their tuning knobs, search statistics and baselines that the public API does not offer.
//! Not part of the API: anything here may change in any release.

pub use crate::method::cfop::{Cfop, CfopOptions};
pub use crate::method::optimal::counters as optimal_counters;
pub use crate::method::optimal::h48;
pub use crate::method::optimal::{OptimalSolver, Stats};
pub use crate::method::thistlethwaite::{Thistlethwaite, DEFAULT_CANDIDATES};
pub use crate::method::twophase::stats::{take as twophase_stats, Stats as TwophaseStats};
pub use crate::method::twophase::stats::{
    take_trace as robot_trace, thread_cpu_ns, Event as RobotEvent, Traced as RobotTraced,
};
pub use crate::method::twophase::TwophaseSolver;
