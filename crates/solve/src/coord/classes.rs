//! Symmetry classes of coordinates under the 16 U–D symmetries, as the store's tables: for each
//! value, its class and the symmetry taking it to the class's representative (the least value
//! of the class), packed as `class << 4 | sym`.
//!
//! Conjugating a cube by a symmetry keeps its distance to solved (and to G1), so a pruning table
//! needs one entry per class.

use super::moves::{CORNER_MOVES, FLIP_MOVES, SLICE_SORTED_MOVES};
use super::symmetry::{conjugate, symmetries, N_SYM_UD};
use super::{N_CORNERS, N_FLIP, N_FLIPSLICE, N_SLICE, N_SLICE_PERM};
use crate::store::bfs::{self, Cells, SymProduct};
use crate::store::memory::MmapMut;
use crate::store::{Entries, Spec, Store, TableError, TableSpec};
use crate::Progress;
use rubik_cube::CubieCube;

/// Flip × slice classes under the 16 U–D symmetries (Kociemba's figure: 64430).
pub const N_FLIPSLICE_CLASS: usize = 64430;
/// Corner-permutation classes under the 16 U–D symmetries (Kociemba's figure: 2768).
pub const N_CORNER_CLASS: usize = 2768;

/// Symmetry classes of a coordinate: `[x]` → `class << 4 | sym` where `sym` conjugates `x` to
/// its class's representative, classes numbered in the order of their least value.
pub fn sym_classes(
    n: usize,
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u32> {
    let inverse = symmetries().inverse;
    let mut info = vec![u32::MAX; n];
    let mut class = 0u32;
    for x in 0..n {
        if info[x] != u32::MAX {
            continue;
        }
        let mut c = CubieCube::SOLVED;
        set(&mut c, x);
        for s in 0..N_SYM_UD {
            let y = get(&conjugate(&c, s));
            if info[y] == u32::MAX {
                info[y] = class << 4 | inverse[s] as u32;
            }
        }
        class += 1;
    }
    info
}

/// Class representatives (the least value of each class), recovered from a class table.
pub fn class_reps(info: &[u32], n_class: usize) -> Vec<u32> {
    let mut reps = vec![u32::MAX; n_class];
    for (x, &i) in info.iter().enumerate() {
        let cls = (i >> 4) as usize;
        if reps[cls] == u32::MAX {
            reps[cls] = x as u32;
        }
    }
    reps
}

/// For each representative, the symmetries that fix it (bit `s` for symmetry `s`).
pub fn stabilisers(
    reps: &[u32],
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    reps.iter()
        .map(|&r| {
            let mut c = CubieCube::SOLVED;
            set(&mut c, r as usize);
            (0..N_SYM_UD)
                .filter(|&s| get(&conjugate(&c, s)) == r as usize)
                .fold(0u16, |m, s| m | 1 << s)
        })
        .collect()
}

/// Flip × slice classes: `[slice * 2048 + flip]` → `class << 4 | sym`.
pub static FLIPSLICE_CLASSES: Spec<u32> = Spec {
    table: TableSpec::of::<u32>("sym-flipslice", N_FLIPSLICE)
        .indexed("UD-slice (495) × flip (2048)")
        .holding(Entries::Classes),
    build: |_, _| Ok(sym_classes(N_FLIPSLICE, super::set_flipslice, super::flipslice).into()),
};

/// Corner-permutation classes: `[corners]` → `class << 4 | sym`.
pub static CORNER_CLASSES: Spec<u32> = Spec {
    table: TableSpec::of::<u32>("sym-corners", N_CORNERS)
        .indexed("corner permutation (40320)")
        .holding(Entries::Classes),
    build: |_, _| Ok(sym_classes(N_CORNERS, super::set_corners, super::corners).into()),
};

/// `[class * 18 + m]`: the flip-slice class and symmetry (`class << 4 | sym`) reached by move
/// `m` from the class's representative.
pub static FLIPSLICE_CLASS_MOVES: Spec<u32> = Spec {
    table: TableSpec::of::<u32>("move-flipslice-class", N_FLIPSLICE_CLASS * 18)
        .indexed("flip × UD-slice class (64430) × move (18)")
        .holding(Entries::Moves),
    build: |store, _| {
        let classes = store.get(&FLIPSLICE_CLASSES)?;
        let flip_move = store.get(&FLIP_MOVES)?;
        let slice_sorted_move = store.get(&SLICE_SORTED_MOVES)?;
        let reps = class_reps(&classes, N_FLIPSLICE_CLASS);
        let mut out = vec![0u32; N_FLIPSLICE_CLASS * 18];
        for (cls, &rep) in reps.iter().enumerate() {
            let (sl, fl) = (rep as usize / N_FLIP, rep as usize % N_FLIP);
            for m in 0..18 {
                let sl1 = slice_sorted_move[sl * N_SLICE_PERM * 18 + m] as usize / N_SLICE_PERM;
                let fs1 = sl1 * N_FLIP + flip_move[fl * 18 + m] as usize;
                out[cls * 18 + m] = classes[fs1];
            }
        }
        debug_assert!(reps.len() == N_FLIPSLICE_CLASS && N_FLIPSLICE == N_SLICE * N_FLIP);
        Ok(out.into())
    },
};

/// Builds the exact distance table (in nibbles) of corner permutation class × an inner
/// coordinate of `n_inner` values moved by `inner_move` and conjugated by `inner_conj`, over
/// `moves` (indices 0..18), the inner coordinate seen from the class representative's frame:
/// `[class * n_inner + inner]`. `shown` names it while it builds, `table` in errors.
pub fn build_corner_class_table(
    store: &Store,
    (shown, table): (&str, &'static str),
    moves: &[usize],
    (n_inner, inner_move, inner_conj): (usize, &Spec<u16>, &Spec<u16>),
    progress: &dyn Progress,
) -> Result<MmapMut, TableError> {
    let corner_sym = store.get(&CORNER_CLASSES)?;
    let corner_move = store.get(&CORNER_MOVES)?;
    let inner_move = store.get(inner_move)?;
    let inner_conj = store.get(inner_conj)?;
    let reps = class_reps(&corner_sym, N_CORNER_CLASS);
    let self_sym = stabilisers(&reps, super::set_corners, super::corners);
    let step = |cls: usize, m: usize| corner_sym[corner_move[reps[cls] as usize * 18 + m] as usize];
    let space = SymProduct {
        name: shown,
        n_class: N_CORNER_CLASS,
        n_inner,
        moves,
        class_step: &step,
        inner_move: &inner_move,
        inner_conj: &inner_conj,
        self_sym: &self_sym,
    };
    bfs::build(&space, Cells::Nibble, table, progress)
}
