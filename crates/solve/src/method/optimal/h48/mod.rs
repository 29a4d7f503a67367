//! H48-class tables (issue 40): the hK coordinate ([`coord`]: corners up to the 48 symmetries
//! × the edges' slices × K tracked edge orientations), its parts' move tables ([`moves`]), the
//! resumable first stage of an exact build ([`build`]: the h11 classes at each depth, one
//! checkpoint file per depth), a resumable level-by-level fill of a 2-bit table ([`fill`]:
//! forward, then backward; admissible but weaker than H48's for 0 < K < 11) and the exact hK
//! table from the h11 classes ([`exact`]: their projection, then a two-move walk), kept as a
//! file of the table store ([`table`]: h8, built on request only). Not searched yet.

pub mod build;
pub mod coord;
pub mod exact;
pub mod fill;
pub mod moves;
pub mod table;
