//! Notation: the algorithms people type, as values.
//!
//! - [`ast`]: the tree ([`Alg`], [`Node`], [`Turn`], [`Layer`]) with inverse, expansion and
//!   lengths in HTM, QTM and STM;
//! - [`parse`]: the parser ([`Alg::parse`]) and its [`ParseError`];
//! - [`print`]: canonical notation (`Display`), which the parser reads back to the same tree;
//! - [`simplify`]: merging and cancelling turns on the same axis.

pub mod ast;
pub mod parse;
pub mod print;
pub mod simplify;

pub use crate::rotation::Axis;
pub use ast::{Alg, Layer, Node, Slice, Turn};
pub use parse::{ParseError, ParseErrorKind};
