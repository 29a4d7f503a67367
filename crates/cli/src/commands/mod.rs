//! One module per subcommand.

pub mod algs;
pub mod bench;
pub mod completions;
pub mod export;
pub mod man;
pub mod scan;
pub mod scramble;
pub mod serve;
pub mod show;
pub mod solve;
pub mod tables;
