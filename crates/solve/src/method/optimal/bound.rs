//! A node's bounds read from the tables: coordinates after a move, the pruning entry and
//! bound of coordinates, the corner table's entry, prefetches. Both searches (one-ended in
//! `search`, from both ends in `both_ends`) read them; they read neither search.

use super::edge_coset::N_SLICE_ORDER;
use super::prune::value;
use super::reader::{Grouped, Nibbles, Reader};
use super::tables::{coords, Format, Tables};
use crate::prefetch::prefetch;
use rubik_cube::{CubieCube, Move};

/// The coordinates `axis` after move `mk` (as seen on that axis).
#[inline(always)]
pub(super) fn moved_by<R: Reader>(t: &Tables, axis: &[u16; 4], mk: Move) -> [u16; 4] {
    let mk = mk.index();
    let [f, s, w, c] = *axis;
    [
        t.moves.flip[f as usize * 18 + mk],
        R::slice_move(t, s, mk),
        t.moves.twist[w as usize * 18 + mk],
        t.moves.corner_split[c as usize * 18 + mk],
    ]
}

/// Moves left (after a child's move) from which the search reads no corner-table entry for the
/// child: the table prunes it only when its corners need more moves than are left, no corner
/// state needs more than 11 and only 0.07 % need 11 (the 2×2×2 cube's 2,644 of 3,674,160
/// positions). With 10 or more left the read almost never prunes — on the seed-7 states, 0.002 %
/// of the children that the edge tables let through — and costs a prefetch and a read per child.
pub(super) const CORNERS_READ_BELOW: usize = 10;

/// The corner-table entry of a child whose corners are `perm` and `twist`, `left` moves from
/// the end, fetched; `None` where it is not read ([`CORNERS_READ_BELOW`]).
#[inline(always)]
pub(super) fn corner_entry(t: &Tables, perm: u16, twist: u16, left: usize) -> Option<usize> {
    (left < CORNERS_READ_BELOW).then(|| {
        let ci = t.corner_index(perm, twist);
        prefetch(&t.corner_prune, ci >> 1);
        ci
    })
}

/// Whether a corner-table entry (when read) needs more than `left` moves.
#[inline(always)]
pub(super) fn corners_exceed(t: &Tables, entry: Option<usize>, left: usize) -> bool {
    entry.is_some_and(|ci| value(&t.corner_prune, ci) as usize > left)
}

/// The pruning entry of coordinates `c` (both reads in a row).
#[inline(always)]
fn entry<R: Reader>(t: &Tables, c: &[u16; 4]) -> usize {
    R::entry(t, R::class_table(t)[R::class_slot(t, c)], c)
}

/// The bound of coordinates `c`.
#[inline(always)]
pub(super) fn lookup<R: Reader>(t: &Tables, c: &[u16; 4]) -> usize {
    R::bound(t, entry::<R>(t, c)) as usize
}

impl Tables {
    /// Pruning value of a flip, slice with order, twist and corner split (seen on the U–D
    /// axis), read the way the search reads this table's format.
    pub(crate) fn lookup(&self, c: [u16; 4]) -> u8 {
        let bound = match self.format {
            Format::Nibbles(_) => {
                let c = [c[0], c[1] / N_SLICE_ORDER as u16, c[2], c[3]];
                lookup::<Nibbles>(self, &c)
            }
            Format::Grouped(_) => lookup::<Grouped>(self, &c),
        };
        bound as u8
    }

    /// Pruning value of a whole cube seen on the U–D axis.
    #[inline]
    pub fn lookup_cube(&self, c: &CubieCube) -> u8 {
        self.lookup(coords(c))
    }
}
