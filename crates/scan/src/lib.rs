//! `rubik-scan`: reads a real cube from 54 measured colours.
//!
//! A camera or colour sensor gives 54 RGB values; [`resolve`] returns the most probable
//! *valid* cube: six colours of nine stickers each, the centres naming the faces, every corner
//! and edge a real piece of this cube's colour scheme (learned from the scan, not assumed),
//! twists, flips and permutation parity legal. Each sticker gets a confidence and, where the
//! call was close, the next most probable colour; a scan no valid cube is near is refused,
//! naming the stickers in conflict.
//!
//! Layers, each its own module: colour spaces ([`lab`]) → the appearance model the resolver
//! learns (per-face light, per-colour distributions in CIELAB) → the exact joint assignment
//! over pieces ([`assign`]) → the fitting loop and confidences ([`resolve`]). [`input`] reads
//! the JSON format; [`synthetic`] makes scans of known cubes under chosen lighting, for tests
//! and benchmarks.
//!
//! ```
//! use rubik_cube::{random::rng_from_seed, CubieCube};
//! use rubik_scan::synthetic::{scan, Conditions, STICKER_COLOURS};
//!
//! let mut rng = rng_from_seed(1);
//! let cube = CubieCube::random(&mut rng);
//! let rgb = scan(&cube, &STICKER_COLOURS, &Conditions::clean(), &mut rng);
//! let resolution = rubik_scan::resolve(&rgb)?;
//! assert_eq!(resolution.cube, cube);
//! assert!(resolution.doubtful().is_empty());
//! # Ok::<(), rubik_scan::ScanError>(())
//! ```

pub mod assign;
pub mod error;
pub mod faults;
pub mod input;
pub mod lab;
pub mod lighting;
mod model;
pub mod orient;
pub mod photo;
pub mod render;
pub mod report;
pub mod resolve;
pub mod sample;
pub mod synthetic;

pub use error::sticker_name;
pub use error::{Conflict, ScanError};
pub use input::parse_rgb_json;
pub use model::LightPrior;
pub use resolve::{
    resolve, AlternativeStarts, FaintDoubt, LabellingTerms, Resolution, Resolver, StickerReading,
    TruthCosts,
};
