//! The pruning tables: for every flip × UD-slice class (64,430), twist (2,187) and — in the
//! larger layout — corner split (70), the exact number of moves needed to bring those
//! coordinates home, 4 bits per entry.
//!
//! | layout | entries | bytes |
//! |---|---|---|
//! | small (flip·slice / sym × twist) | 140,908,410 | 70 MB |
//! | medium (× corner split) | 9,863,588,700 | 4.9 GB |
//!
//! Built by the store's breadth-first builder ([`bfs`], [`Cells::Nibble`]) over a
//! [`PruneSpace`]: byte `i / 2` holds entry `i` in its low nibble when `i` is even.

use super::moves::{FlipSliceClasses, SearchMoves};
use crate::coord::classes::N_FLIPSLICE_CLASS;
use crate::coord::symmetry::N_SYM_UD;
use crate::coord::{N_CORNER_SPLIT, N_FLIP, N_TWIST};
use crate::store::bfs::{self, Cells, Shape};
use crate::store::memory::MmapMut;
use crate::store::TableError;
use crate::Progress;

/// Which coordinates a table covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Whether the corner split is part of the index (the medium table).
    pub corner_split: bool,
}

impl Layout {
    /// Corner splits per class and twist: 70, or 1 when the corners are left out.
    #[inline(always)]
    pub const fn n_split(self) -> usize {
        if self.corner_split {
            N_CORNER_SPLIT
        } else {
            1
        }
    }

    /// Entries of the table.
    pub const fn entries(self) -> usize {
        N_FLIPSLICE_CLASS * self.n_split() * N_TWIST
    }

    /// Bytes of the table (two entries per byte).
    pub const fn bytes(self) -> usize {
        self.entries().div_ceil(2)
    }

    /// The table index of a flip, slice, twist and corner split: the class of the flip × slice
    /// with the twist and split conjugated by the symmetry that carries the flip × slice to the
    /// class representative.
    #[inline(always)]
    pub fn index(
        self,
        fsc: &FlipSliceClasses,
        flip: u16,
        slice: u16,
        twist: u16,
        split: u16,
    ) -> usize {
        let class_sym = fsc.class_sym[slice as usize * N_FLIP + flip as usize];
        self.entry(fsc, class_sym, twist, split)
    }

    /// Offsets within a class's block of the entry (corner split `k`, twist `tw`) and of its
    /// images under the symmetries of `stab` (bit `s` set when symmetry `s` fixes the class
    /// representative), the entry first. Images may repeat.
    pub fn images(
        self,
        fsc: &FlipSliceClasses,
        stab: u16,
        k: usize,
        tw: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let own = std::iter::once(k * N_TWIST + tw);
        let others = (1..N_SYM_UD)
            .filter(move |&s| stab != 1 && stab & (1 << s) != 0)
            .map(move |s| {
                let t2 = fsc.twist_conj[tw * N_SYM_UD + s] as usize;
                let k2 = if self.corner_split {
                    fsc.split_conj[k * N_SYM_UD + s] as usize
                } else {
                    0
                };
                k2 * N_TWIST + t2
            });
        own.chain(others)
    }

    /// For the entry at offset `off` of a class's block: its corner split and twist, and the
    /// offset in the child class's block after move `m`, `sym` carrying the child's edges to
    /// their class representative.
    #[inline(always)]
    pub fn child_offset(
        self,
        mt: &SearchMoves,
        fsc: &FlipSliceClasses,
        m: usize,
        sym: usize,
        off: u32,
    ) -> (usize, usize, usize) {
        let (k, tw) = (off as usize / N_TWIST, off as usize % N_TWIST);
        let k2 = if self.corner_split {
            fsc.split_conj[mt.corner_split[k * 18 + m] as usize * N_SYM_UD + sym] as usize
        } else {
            0
        };
        let t2 = fsc.twist_conj[mt.twist[tw * 18 + m] as usize * N_SYM_UD + sym] as usize;
        (k, tw, k2 * N_TWIST + t2)
    }

    /// The table index of a twist and corner split whose flip × slice has class table value
    /// `class_sym` (`class << 4 | sym`).
    #[inline(always)]
    pub fn entry(self, fsc: &FlipSliceClasses, class_sym: u32, twist: u16, split: u16) -> usize {
        let (class, sym) = ((class_sym >> 4) as usize, (class_sym & 0xF) as usize);
        let t = fsc.twist_conj[twist as usize * N_SYM_UD + sym] as usize;
        if self.corner_split {
            let k = fsc.split_conj[split as usize * N_SYM_UD + sym] as usize;
            (class * N_CORNER_SPLIT + k) * N_TWIST + t
        } else {
            class * N_TWIST + t
        }
    }
}

/// The 4-bit value at `idx` of a packed table.
#[inline(always)]
pub fn value(table: &[u8], idx: usize) -> u8 {
    (table[idx >> 1] >> ((idx & 1) * 4)) & 0xF
}

/// The space of a pruning table for the store's breadth-first builder ([`bfs::Space`]): a block
/// is an edge class (flip × UD-slice here, the large tables' edge classes in
/// [`super::grouped`]) and its entries are corner split × twist, seen from the class
/// representative's frame.
pub struct PruneSpace<'a> {
    /// Shown while building.
    pub name: &'a str,
    /// Which coordinates the entries cover.
    pub layout: Layout,
    /// Move tables of twist and corner split.
    pub mt: &'a SearchMoves,
    /// Twist and corner split conjugation.
    pub fsc: &'a FlipSliceClasses,
    /// Number of edge classes.
    pub n_class: usize,
    /// For class `c` and move `m`: the class reached from the representative and the symmetry
    /// that brings it into that class's frame, packed as `class << 4 | sym`.
    pub class_step: &'a (dyn Fn(usize, usize) -> u32 + Sync),
    /// Bit `s` of `stabiliser[c]` set when symmetry `s` fixes class `c`'s representative.
    pub stabiliser: &'a [u16],
    /// The solved cube's entry.
    pub solved: usize,
}

impl bfs::Space for PruneSpace<'_> {
    /// (class reached, symmetry to its frame).
    type Step = (usize, usize);
    type Entry = usize;

    fn shape(&self) -> Shape<'_> {
        Shape {
            name: self.name,
            blocks: self.n_class,
            block_len: self.layout.n_split() * N_TWIST,
            moves: 18,
        }
    }
    fn entry(&self, _block: usize, off: usize) -> usize {
        off
    }

    #[inline(always)]
    fn step(&self, class: usize, m: usize) -> (usize, usize) {
        let cs = (self.class_step)(class, m);
        ((cs >> 4) as usize, (cs & 0xF) as usize)
    }
    #[inline(always)]
    fn child(&self, &(class, sym): &(usize, usize), m: usize, &off: &usize) -> (usize, usize) {
        let (_, _, off2) = self
            .layout
            .child_offset(self.mt, self.fsc, m, sym, off as u32);
        (class, off2)
    }
    #[inline(always)]
    fn images(&self, class: usize, off: usize, f: impl FnMut(usize)) {
        let (k, tw) = (off / N_TWIST, off % N_TWIST);
        self.layout
            .images(self.fsc, self.stabiliser[class], k, tw)
            .for_each(f);
    }
    fn goals(&self, mut f: impl FnMut(usize, usize)) {
        let per = self.shape().block_len;
        f(self.solved / per, self.solved % per);
    }
}

/// Builds the exact table of `layout` with the store's breadth-first builder, reporting
/// progress in entries settled.
pub fn build(
    layout: Layout,
    mt: &SearchMoves,
    fsc: &FlipSliceClasses,
    table: &'static str,
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    let class_step = |class: usize, m: usize| {
        let rep = fsc.rep[class] as usize;
        let (flip, slice) = (rep % N_FLIP, rep / N_FLIP);
        let fs = mt.slice[slice * 18 + m] as usize * N_FLIP + mt.flip[flip * 18 + m] as usize;
        fsc.class_sym[fs]
    };
    let space = PruneSpace {
        name: "optimal pruning table",
        layout,
        mt,
        fsc,
        n_class: N_FLIPSLICE_CLASS,
        class_step: &class_step,
        stabiliser: &fsc.stabiliser,
        solved: layout.index(fsc, 0, 0, 0, 0),
    };
    bfs::build(&space, Cells::Nibble, table, progress)
}
