//! How the search reads each table format. The search is generic over a [`Reader`] and compiled
//! once per format, so the format costs no branch per lookup and each format carries only the
//! coordinates it needs (the exact tables track the slice in a 495-entry move table, the
//! grouped ones the slice with its order in an 11,880-entry one).
//!
//! A lookup is split in two reads so that the search can prefetch both: the class table slot of
//! the edge coordinates ([`Reader::class_slot`]), then the pruning entry
//! ([`Reader::entry`]).

use super::edge_coset::{self, N_EO8, N_SLICE_ORDER};
use super::grouped::GroupedLayout;
use super::inverse::PackedCube;
use super::prune::{self, Layout};
use super::tables::{EdgeTables, Format, Tables};
use rubik_cube::CubieCube;

/// One table format as the search reads it.
pub trait Reader: Copy + Send + Sync + 'static {
    /// The edge coordinate carried next to the flip, after move `m` (an index into the move
    /// table).
    fn slice_move(t: &Tables, s: u16, m: usize) -> u16;
    /// That coordinate of a cube.
    fn slice_of(c: &CubieCube) -> u16;
    /// Flip, that coordinate, twist and corner split of a packed (inverse) cube.
    fn packed_coords(t: &Tables, x: &PackedCube) -> [u16; 4];
    /// The edge-class table: `class << 4 | sym`.
    fn class_table(t: &Tables) -> &[u32];
    /// The slot of the edge-class table for the coordinates `c`.
    fn class_slot(t: &Tables, c: &[u16; 4]) -> usize;
    /// The pruning entry of the coordinates `c`, given their class table value.
    fn entry(t: &Tables, class_sym: u32, c: &[u16; 4]) -> usize;
    /// The lower bound of entry `idx`.
    fn bound(t: &Tables, idx: usize) -> u8;
    /// The byte of the pruning table holding entry `idx`.
    fn byte_of(idx: usize) -> usize;
}

/// The layout of nibble tables: only [`Nibbles`] reads them, so any other format is a bug.
#[inline(always)]
fn nibble_layout(t: &Tables) -> Layout {
    match t.format {
        Format::Nibbles(layout) => layout,
        Format::Grouped(_) => unreachable!("the nibble reader on a grouped table"),
    }
}

/// The layout of grouped tables: only [`Grouped`] reads them, so any other format is a bug.
#[inline(always)]
fn grouped_layout(t: &Tables) -> GroupedLayout {
    match t.format {
        Format::Grouped(layout) => layout,
        Format::Nibbles(_) => unreachable!("the grouped reader on a nibble table"),
    }
}

/// The edge classes, which grouped tables always load.
#[inline(always)]
fn edge_tables(t: &Tables) -> &EdgeTables {
    match &t.edges {
        Some(e) => e,
        None => unreachable!("grouped tables always have edge classes"),
    }
}

/// The exact 4-bit tables on flip × slice classes ([`super::prune`]).
#[derive(Clone, Copy, Debug)]
pub struct Nibbles;

/// The 2-bit tables on the slice-with-order × orientation classes ([`super::grouped`]).
#[derive(Clone, Copy, Debug)]
pub struct Grouped;

impl Reader for Nibbles {
    #[inline(always)]
    fn slice_move(t: &Tables, s: u16, m: usize) -> u16 {
        t.moves.slice[s as usize * 18 + m]
    }
    fn slice_of(c: &CubieCube) -> u16 {
        crate::coord::slice(c) as u16
    }
    #[inline(always)]
    fn packed_coords(t: &Tables, x: &PackedCube) -> [u16; 4] {
        t.inverse.coords::<false>(x)
    }
    #[inline(always)]
    fn class_table(t: &Tables) -> &[u32] {
        &t.classes.class_sym
    }
    #[inline(always)]
    fn class_slot(_: &Tables, c: &[u16; 4]) -> usize {
        c[1] as usize * crate::coord::N_FLIP + c[0] as usize
    }
    #[inline(always)]
    fn entry(t: &Tables, class_sym: u32, c: &[u16; 4]) -> usize {
        nibble_layout(t).entry(&t.classes, class_sym, c[2], c[3])
    }
    #[inline(always)]
    fn bound(t: &Tables, idx: usize) -> u8 {
        prune::value(&t.prune, idx)
    }
    #[inline(always)]
    fn byte_of(idx: usize) -> usize {
        idx >> 1
    }
}

impl Reader for Grouped {
    #[inline(always)]
    fn slice_move(t: &Tables, s: u16, m: usize) -> u16 {
        t.moves.slice_sorted[s as usize * 18 + m]
    }
    fn slice_of(c: &CubieCube) -> u16 {
        edge_coset::slice_sorted(c)
    }
    #[inline(always)]
    fn packed_coords(t: &Tables, x: &PackedCube) -> [u16; 4] {
        t.inverse.coords::<true>(x)
    }
    #[inline(always)]
    fn class_table(t: &Tables) -> &[u32] {
        &edge_tables(t).classes.class_sym
    }
    #[inline(always)]
    fn class_slot(t: &Tables, c: &[u16; 4]) -> usize {
        let slice = c[1] / N_SLICE_ORDER as u16;
        let eo8 = edge_tables(t).extract.eo8(c[0], slice);
        c[1] as usize * N_EO8 + eo8 as usize
    }
    #[inline(always)]
    fn entry(t: &Tables, class_sym: u32, c: &[u16; 4]) -> usize {
        grouped_layout(t).index(&t.classes, class_sym, c[2], c[3])
    }
    #[inline(always)]
    fn bound(t: &Tables, idx: usize) -> u8 {
        grouped_layout(t).bound(&t.prune, idx)
    }
    #[inline(always)]
    fn byte_of(idx: usize) -> usize {
        super::grouped::group_byte(idx)
    }
}
