//! `rubik-cube`: the Rubik's Cube as a value.
//!
//! Layers, each its own module: faces and pieces ([`face`], [`piece`]) → outer face turns
//! ([`moves`]) → the cubie model ([`cubie`]) → facelet strings ([`facelet`]) with validation
//! ([`error`]) → whole-cube rotations ([`rotation`]) → the physical cube with centres
//! ([`cube`]) → notation ([`alg`]), colour nets ([`net`]) and one-line input ([`input`]) →
//! the 48 symmetries ([`symmetry`]) and random states ([`random`]).
//!
//! Piece order follows Kociemba: corners URF UFL ULB UBR DFR DLF DBL DRB, edges UR UF UL UB DR DF
//! DL DB FR FL BL BR. Facelet strings are 54 letters in URFDLB order.

pub mod alg;
pub mod cube;
pub mod cubie;
pub mod error;
pub mod face;
pub mod facelet;
pub mod goal;
pub mod input;
pub mod moves;
pub mod moveset;
pub mod net;
pub mod pattern;
pub mod piece;
pub mod random;
pub mod rotation;
pub mod subgroup;
pub mod subset;
pub mod symmetry;

pub use alg::{Alg, ParseError};
pub use cube::Cube;
pub use cubie::CubieCube;
pub use error::CubeError;
pub use face::Face;
pub use goal::{Goal, GoalError};
pub use input::{parse_cube, InputError};
pub use moves::Move;
pub use moveset::MoveSet;
pub use net::{parse_net, render_net, NetStyle};
pub use pattern::{GoalName, Pattern, PatternError};
pub use piece::{Corner, Edge};
