//! The solving methods, chosen by name.

pub mod cfop;
pub mod optimal;
pub mod thistlethwaite;
pub mod twophase;

use crate::{SolveError, Solver, SolverConfig};
use std::str::FromStr;

/// A solving method.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Kociemba's two-phase algorithm: near-optimal (≤ 20 moves) in milliseconds.
    #[default]
    Twophase,
    /// Proven-shortest solutions.
    Optimal,
    /// Thistlethwaite's four phases, each solved optimally.
    Thistlethwaite,
    /// A human method: cross, F2L, OLL, PLL.
    Cfop,
}

impl Method {
    /// All methods.
    pub const ALL: [Method; 4] = [
        Method::Twophase,
        Method::Optimal,
        Method::Thistlethwaite,
        Method::Cfop,
    ];

    /// The method's command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Twophase => "twophase",
            Method::Optimal => "optimal",
            Method::Thistlethwaite => "thistlethwaite",
            Method::Cfop => "cfop",
        }
    }
}

impl FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Method, String> {
        Method::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown method {s:?} (expected twophase, optimal, thistlethwaite or cfop)")
            })
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The message tables of every method, gathered by [`crate::i18n::catalogue`]. Each method adds
/// its own `MESSAGES` here.
pub const MESSAGES: &[&[crate::i18n::Message]] = &[
    twophase::MESSAGES,
    thistlethwaite::MESSAGES,
    optimal::MESSAGES,
    cfop::MESSAGES,
    crate::goal::MESSAGES,
];

/// The parameter words of the methods beyond the colours ([`crate::i18n::COLOURS`]), for
/// [`crate::i18n::localise`]. A method with words of its own adds its `WORDS` here.
pub const WORDS: &[&[crate::i18n::Word]] = &[];

/// A solver for `method`, loading (or building and caching) its tables as `config` says.
pub fn solver_for(method: Method, config: &SolverConfig) -> Result<Box<dyn Solver>, SolveError> {
    match method {
        Method::Twophase => Ok(Box::new(twophase::TwophaseSolver::new(config)?)),
        Method::Thistlethwaite => Ok(Box::new(thistlethwaite::Thistlethwaite::new(config)?)),
        Method::Optimal => Ok(Box::new(optimal::OptimalSolver::new(config)?)),
        Method::Cfop => Ok(Box::new(cfop::Cfop::new(
            config,
            cfop::CfopOptions::default(),
        )?)),
    }
}
