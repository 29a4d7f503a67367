//! One module per subcommand.

pub mod bench;
pub mod scramble;
pub mod serve;
pub mod show;
pub mod solve;
pub mod tables;
