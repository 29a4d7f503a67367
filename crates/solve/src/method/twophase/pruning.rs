//! Distance bounds for the two-phase search, from the full or the compact table set.

use crate::coord::{N_FLIP, N_SLICE, N_SLICE_PERM, N_TWIST, N_UD_EDGES};
use crate::tables::prune::nibble;
use crate::tables::twophase::{MoveTables, TwophaseTables};
use crate::tables::twophase_compact::CompactTables;

/// Lower bounds on the moves left in each phase. Never overestimates.
pub trait Pruning: Send + Sync {
    /// The move tables the bounds go with.
    fn move_tables(&self) -> &MoveTables;
    /// Moves to reach G1 from (flip, twist, slice).
    fn phase1(&self, mv: &MoveTables, flip: usize, twist: usize, slice: usize) -> u8;
    /// A cheap phase-2 bound from the corners and the slice permutation.
    fn phase2_precheck(&self, corners: usize, slice_perm: usize) -> u8;
    /// A phase-2 bound from the corners, U/D edges and slice permutation.
    fn phase2(&self, mv: &MoveTables, corners: usize, ud_edges: usize, slice_perm: usize) -> u8;
}

impl Pruning for TwophaseTables {
    fn move_tables(&self) -> &MoveTables {
        &self.moves
    }

    #[inline(always)]
    fn phase1(&self, _mv: &MoveTables, flip: usize, twist: usize, slice: usize) -> u8 {
        let fs = self.flipslice_sym[slice * N_FLIP + flip] as usize;
        let twist_c = self.twist_conj[twist * 16 + (fs & 15)] as usize;
        nibble(&self.phase1_prune, (fs >> 4) * N_TWIST + twist_c)
    }

    #[inline(always)]
    fn phase2_precheck(&self, corners: usize, slice_perm: usize) -> u8 {
        self.corner_slice_prune[corners * N_SLICE_PERM + slice_perm]
    }

    #[inline(always)]
    fn phase2(&self, _mv: &MoveTables, corners: usize, ud_edges: usize, _sp: usize) -> u8 {
        let cs = self.corner_sym[corners] as usize;
        let ud_c = self.ud_edge_conj[ud_edges * 16 + (cs & 15)] as usize;
        nibble(&self.phase2_prune, (cs >> 4) * N_UD_EDGES + ud_c)
    }
}

impl Pruning for CompactTables {
    fn move_tables(&self) -> &MoveTables {
        &self.moves
    }

    #[inline(always)]
    fn phase1(&self, _mv: &MoveTables, flip: usize, twist: usize, slice: usize) -> u8 {
        let a = self.twist_slice[twist * N_SLICE + slice];
        let b = self.flip_slice[flip * N_SLICE + slice];
        let c = self.twist_flip[twist * N_FLIP + flip];
        a.max(b).max(c)
    }

    #[inline(always)]
    fn phase2_precheck(&self, corners: usize, slice_perm: usize) -> u8 {
        self.corner_slice[corners * N_SLICE_PERM + slice_perm]
    }

    #[inline(always)]
    fn phase2(&self, _mv: &MoveTables, _corners: usize, ud_edges: usize, sp: usize) -> u8 {
        self.ud_edge_slice[ud_edges * N_SLICE_PERM + sp]
    }
}
