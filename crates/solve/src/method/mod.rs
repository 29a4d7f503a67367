//! The solving methods. Each module declares its [`Registration`] (`METHOD`); the list below
//! is the registry every front end reads.

pub mod cfop;
pub mod optimal;
pub mod thistlethwaite;
pub mod twophase;

use crate::registry::Method;

impl Method {
    /// Every method, the default first. Adding a method: write its module (with a
    /// `pub(crate) static METHOD: Registration`), declare it above and add one line here.
    pub const ALL: &'static [Method] = &[
        Method(&twophase::METHOD),
        Method(&optimal::METHOD),
        Method(&thistlethwaite::METHOD),
        Method(&cfop::METHOD),
    ];

    /// Kociemba's two-phase algorithm (the default).
    #[allow(non_upper_case_globals)] // read like the method's name
    pub const Twophase: Method = Method(&twophase::METHOD);
    /// Proven-shortest solutions.
    #[allow(non_upper_case_globals)]
    pub const Optimal: Method = Method(&optimal::METHOD);
    /// Thistlethwaite's four phases.
    #[allow(non_upper_case_globals)]
    pub const Thistlethwaite: Method = Method(&thistlethwaite::METHOD);
    /// CFOP: cross, F2L, OLL, PLL.
    #[allow(non_upper_case_globals)]
    pub const Cfop: Method = Method(&cfop::METHOD);
}
