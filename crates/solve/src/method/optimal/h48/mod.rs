//! H48-class tables (issue 40, first stage): the hK coordinate ([`coord`]: corners up to the
//! 48 symmetries × the edges' slices × K tracked edge orientations) and the resumable first
//! stage of their build ([`build`]: the h11 classes at each depth, one checkpoint file per
//! depth). Not searched yet: no table of it is registered with the store.

pub mod build;
pub mod coord;
