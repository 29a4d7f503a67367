//! `rubik-cube`: the Rubik's Cube as a value.
//!
//! Layers, each its own module: faces and pieces ([`face`], [`piece`]) → outer face turns
//! ([`moves`]) → the cubie model ([`cubie`]) → facelet strings ([`facelet`]) with validation
//! ([`error`]) → random states ([`random`]) and notation ([`alg`]).
//!
//! Piece order follows Kociemba: corners URF UFL ULB UBR DFR DLF DBL DRB, edges UR UF UL UB DR DF
//! DL DB FR FL BL BR. Facelet strings are 54 letters in URFDLB order.

pub mod alg;
pub mod cubie;
pub mod error;
pub mod face;
pub mod facelet;
pub mod moves;
pub mod piece;
pub mod random;

pub use alg::Alg;
pub use cubie::CubieCube;
pub use error::CubeError;
pub use face::Face;
pub use moves::Move;
pub use piece::{Corner, Edge};
