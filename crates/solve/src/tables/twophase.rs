//! The two-phase method's tables: move tables, symmetry classes and pruning tables, loaded from
//! the cache or built.
//!
//! Phase 1 prunes on (flip × slice class under the 16 U–D symmetries: 64430 classes) × twist
//! (2187): 140,908,410 exact distances in 4 bits (70 MB), and for each of them a 3-byte descent
//! code saying how every move changes the distance (423 MB, see [`super::descent`]): the search
//! reads one code per node instead of a distance per child. Phase 2 prunes on (corner
//! permutation class: 2768) × U/D-edge permutation (40320): 111,605,760 distances (56 MB), plus
//! the small corners × slice-permutation table (967,680 bytes) used as a precheck.

#![allow(clippy::needless_range_loop)] // loops index several parallel piece tables

use super::descent::{self, DescentDecoder, DescentSpace};
use super::file::{load_or_build, quiet, Table, TableSpec};
use super::moves::{self, is_phase2_move};
use super::prune::{build_plain_prune, build_sym_prune, SymSpace};
use crate::coord::symmetry::{conjugate, symmetries, N_SYM_UD};
use crate::coord::{self, *};
use crate::Progress;
use rubik_cube::CubieCube;
use std::path::Path;

/// Flip × slice classes under the 16 U–D symmetries (Kociemba's figure: 64430).
pub const N_FLIPSLICE_CLASS: usize = 64430;
/// Corner-permutation classes under the 16 U–D symmetries (Kociemba's figure: 2768).
pub const N_CORNER_CLASS: usize = 2768;
/// Phase-1 pruning entries: `64430 · 2187`.
pub const N_PHASE1: usize = N_FLIPSLICE_CLASS * N_TWIST;
/// Phase-2 pruning entries: `2768 · 40320`.
pub const N_PHASE2: usize = N_CORNER_CLASS * N_UD_EDGES;

/// The moves of phase 2 (indices): U U2 U' R2 F2 D D2 D' L2 B2.
pub const PHASE2_MOVES: [usize; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
const ALL_MOVES: [usize; 18] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/// The files of the full two-phase table set, in build order.
pub fn specs() -> Vec<TableSpec> {
    vec![
        TableSpec::of::<u16>("move-twist", N_TWIST * 18),
        TableSpec::of::<u16>("move-flip", N_FLIP * 18),
        TableSpec::of::<u16>("move-slice-sorted", N_SLICE_SORTED * 18),
        TableSpec::of::<u16>("move-corners", N_CORNERS * 18),
        TableSpec::of::<u16>("move-ud-edges", N_UD_EDGES * 18),
        TableSpec::of::<u16>("conj-twist", N_TWIST * N_SYM_UD),
        TableSpec::of::<u16>("conj-ud-edges", N_UD_EDGES * N_SYM_UD),
        TableSpec::of::<u32>("sym-flipslice", N_FLIPSLICE),
        TableSpec::of::<u32>("sym-corners", N_CORNERS),
        TableSpec::of::<u32>("move-flipslice-class", N_FLIPSLICE_CLASS * 18),
        TableSpec::of::<u8>("prune-corner-slice", N_CORNERS * N_SLICE_PERM),
        TableSpec::of::<u8>("prune-twophase1", N_PHASE1.div_ceil(2)),
        TableSpec::of::<u8>("descent-twophase1", N_PHASE1 * descent::ENTRY_BYTES + 1),
        TableSpec::of::<u64>("descent-near-twophase1", descent::NEAR_SLOTS),
        TableSpec::of::<u8>("prune-twophase2", N_PHASE2.div_ceil(2)),
    ]
}

/// The move tables both table sets share.
pub struct MoveTables {
    /// `[twist * 18 + m]`.
    pub twist_move: Table<u16>,
    /// `[flip * 18 + m]`.
    pub flip_move: Table<u16>,
    /// `[slice_sorted * 18 + m]`.
    pub slice_sorted_move: Table<u16>,
    /// `[slice * 18 + m]` (slice = slice_sorted / 24), derived in memory.
    pub slice_move: Vec<u16>,
    /// `[corners * 18 + m]`.
    pub corner_move: Table<u16>,
    /// `[ud_edges * 18 + m]`, G1 moves only.
    pub ud_edge_move: Table<u16>,
}

impl MoveTables {
    /// Loads (or builds) the move tables; `specs` are the first five of [`specs`].
    pub fn load(specs: &[TableSpec], dir: &Path) -> MoveTables {
        let q = quiet();
        let twist_move = load_or_build(&specs[0], dir, q, |_| moves::twist_moves());
        let flip_move = load_or_build(&specs[1], dir, q, |_| moves::flip_moves());
        let slice_sorted_move = load_or_build(&specs[2], dir, q, |_| moves::slice_sorted_moves());
        let corner_move = load_or_build(&specs[3], dir, q, |_| moves::corner_moves());
        let ud_edge_move = load_or_build(&specs[4], dir, q, |_| moves::ud_edge_moves());
        let slice_move: Vec<u16> = (0..N_SLICE * 18)
            .map(|i| {
                let (sl, m) = (i / 18, i % 18);
                slice_sorted_move[sl * N_SLICE_PERM * 18 + m] / N_SLICE_PERM as u16
            })
            .collect();
        MoveTables {
            twist_move,
            flip_move,
            slice_sorted_move,
            slice_move,
            corner_move,
            ud_edge_move,
        }
    }
}

/// Every table the full two-phase search reads, shared read-only.
pub struct TwophaseTables {
    /// The move tables.
    pub moves: MoveTables,
    /// `[twist * 16 + s]`: twist of `s·c·s⁻¹`.
    pub twist_conj: Table<u16>,
    /// `[ud_edges * 16 + s]`.
    pub ud_edge_conj: Table<u16>,
    /// `[slice * 2048 + flip]` → `class << 4 | sym`, `sym` bringing the state to its class
    /// representative.
    pub flipslice_sym: Table<u32>,
    /// `[corners]` → `class << 4 | sym`.
    pub corner_sym: Table<u32>,
    /// `[class * 18 + m]`: the flip-slice class and symmetry (`class << 4 | sym`) reached by
    /// move `m` from the class representative.
    pub flipslice_class_move: Table<u32>,
    /// `[s][m]`: the index of the move `s · m · s⁻¹`.
    pub conj_move: [[u8; 18]; N_SYM_UD],
    /// `[a][b]`: the symmetry `a · b`.
    pub sym_multiply: [[u8; N_SYM_UD]; N_SYM_UD],
    /// Phase-2 precheck: `[corners * 24 + slice_perm]`, one byte per distance.
    pub corner_slice_prune: Table<u8>,
    /// Phase 1: nibbles `[class * 2187 + conjugated twist]`.
    pub phase1_prune: Table<u8>,
    /// Phase 1: 3-byte descent codes, same index (see [`descent`]).
    pub phase1_descent: Table<u8>,
    /// The descent codes of the entries near G1, hashed (see [`descent::build_near`]).
    pub phase1_near: Table<u64>,
    /// Reads descent codes through the node's symmetry.
    pub descent: DescentDecoder,
    /// `[twist]`: the moves (bit m = move m) that finish phase 1 from a state at phase-1
    /// distance 1 with this twist (see [`finishing_moves`]).
    pub finishing_moves: Vec<u32>,
    /// Phase 2: nibbles `[corner class * 40320 + conjugated U/D edges]`.
    pub phase2_prune: Table<u8>,
}

/// Symmetry classes of a coordinate: `[x]` → `class << 4 | sym` where `sym` conjugates `x` to
/// its class's representative (the smallest value of the class).
fn sym_classes(
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

/// Class representatives (the first value of each class), recovered from a class table.
fn class_reps(info: &[u32], n_class: usize) -> Vec<u32> {
    let mut reps = vec![u32::MAX; n_class];
    for (x, &i) in info.iter().enumerate() {
        let cls = (i >> 4) as usize;
        if reps[cls] == u32::MAX {
            reps[cls] = x as u32;
        }
    }
    reps
}

/// Class representatives and their self-symmetry masks, recovered from a class table.
fn reps_and_self_sym(
    info: &[u32],
    n_class: usize,
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> (Vec<u32>, Vec<u16>) {
    let reps = class_reps(info, n_class);
    let self_sym = reps
        .iter()
        .map(|&r| {
            let mut c = CubieCube::SOLVED;
            set(&mut c, r as usize);
            (0..N_SYM_UD)
                .filter(|&s| get(&conjugate(&c, s)) == r as usize)
                .fold(0u16, |m, s| m | 1 << s)
        })
        .collect();
    (reps, self_sym)
}

/// `[twist]` → the moves reaching G1 from a state at phase-1 distance 1 with that twist.
///
/// A state g·q (g in G1, q any move) has q's flip, twist and slice coordinates, because g
/// moves nothing out of the slice and orients nothing. So the states at distance 1 are those
/// of the quarter turns of R, L, F and B — and X and X′ give the same coordinates. From there
/// exactly X and X′ reach G1 (X·X = X2 and X·X′ = 1 lie in G1). The four faces twist different
/// corners, so the twist alone tells the face.
pub fn finishing_moves() -> Vec<u32> {
    let mut out = vec![0u32; N_TWIST];
    for m in 0..18 {
        let mv = rubik_cube::Move::from_index(m);
        if mv.face().axis() != 0 && mv.turns() != 2 {
            let t = coord::twist(&CubieCube::from_moves(&[mv]));
            out[t] |= 1 << m;
        }
    }
    out
}

fn set_flipslice(c: &mut CubieCube, fs: usize) {
    coord::set_slice_sorted(c, (fs / N_FLIP) * N_SLICE_PERM);
    coord::set_flip(c, fs % N_FLIP);
}

fn get_flipslice(c: &CubieCube) -> usize {
    coord::slice(c) * N_FLIP + coord::flip(c)
}

impl TwophaseTables {
    /// Loads every table from `dir`, building (and saving) the missing or unsound ones.
    pub fn load(dir: &Path, progress: &dyn Progress) -> TwophaseTables {
        let s = specs();
        let q = quiet();
        let mv = MoveTables::load(&s, dir);
        let (twist_move, flip_move, slice_sorted_move, slice_move, corner_move, ud_edge_move) = (
            &mv.twist_move,
            &mv.flip_move,
            &mv.slice_sorted_move,
            &mv.slice_move,
            &mv.corner_move,
            &mv.ud_edge_move,
        );
        let twist_conj = load_or_build(&s[5], dir, q, |_| moves::twist_conj());
        let ud_edge_conj = load_or_build(&s[6], dir, q, |_| moves::ud_edges_conj());
        let flipslice_sym = load_or_build(&s[7], dir, q, |_| {
            sym_classes(N_FLIPSLICE, set_flipslice, get_flipslice)
        });
        let corner_sym = load_or_build(&s[8], dir, q, |_| {
            sym_classes(N_CORNERS, coord::set_corners, coord::corners)
        });
        let flipslice_class_move = load_or_build(&s[9], dir, q, |_| {
            let reps = class_reps(&flipslice_sym, N_FLIPSLICE_CLASS);
            let mut out = vec![0u32; N_FLIPSLICE_CLASS * 18];
            for (cls, &rep) in reps.iter().enumerate() {
                let (sl, fl) = (rep as usize / N_FLIP, rep as usize % N_FLIP);
                for m in 0..18 {
                    let fs1 =
                        slice_move[sl * 18 + m] as usize * N_FLIP + flip_move[fl * 18 + m] as usize;
                    out[cls * 18 + m] = flipslice_sym[fs1];
                }
            }
            out
        });
        let corner_slice_prune = load_or_build(&s[10], dir, q, |_| {
            // Inside G1 the slice-sorted coordinate is the slice permutation (0..24).
            build_plain_prune(
                N_CORNERS,
                N_SLICE_PERM,
                &PHASE2_MOVES,
                corner_move,
                slice_sorted_move,
            )
        });
        let phase1_prune = load_or_build(&s[11], dir, progress, |p| {
            let (reps, self_sym) = reps_and_self_sym(
                &flipslice_sym,
                N_FLIPSLICE_CLASS,
                set_flipslice,
                get_flipslice,
            );
            drop(reps);
            let step = |cls: usize, m: usize| flipslice_class_move[cls * 18 + m];
            build_sym_prune(
                &SymSpace {
                    name: "two-phase pruning table, phase 1",
                    n_class: N_FLIPSLICE_CLASS,
                    n_inner: N_TWIST,
                    moves: &ALL_MOVES,
                    class_step: &step,
                    inner_move: twist_move,
                    inner_conj: &twist_conj,
                    self_sym: &self_sym,
                },
                p,
            )
        });
        let phase1_descent = load_or_build(&s[12], dir, progress, |p| {
            descent::build(
                &DescentSpace {
                    n_class: N_FLIPSLICE_CLASS,
                    n_twist: N_TWIST,
                    class_move: &flipslice_class_move,
                    twist_move,
                    twist_conj: &twist_conj,
                    prune: &phase1_prune,
                },
                p,
            )
        });
        let phase1_near = load_or_build(&s[13], dir, q, |_| {
            descent::build_near(&phase1_prune, &phase1_descent)
        });
        let phase2_prune = load_or_build(&s[14], dir, progress, |p| {
            let (reps, self_sym) = reps_and_self_sym(
                &corner_sym,
                N_CORNER_CLASS,
                coord::set_corners,
                coord::corners,
            );
            let step = |cls: usize, m: usize| {
                corner_sym[corner_move[reps[cls] as usize * 18 + m] as usize]
            };
            build_sym_prune(
                &SymSpace {
                    name: "two-phase pruning table, phase 2",
                    n_class: N_CORNER_CLASS,
                    n_inner: N_UD_EDGES,
                    moves: &PHASE2_MOVES,
                    class_step: &step,
                    inner_move: ud_edge_move,
                    inner_conj: &ud_edge_conj,
                    self_sym: &self_sym,
                },
                p,
            )
        });
        debug_assert!(PHASE2_MOVES.iter().all(|&m| is_phase2_move(m)));
        TwophaseTables {
            moves: mv,
            twist_conj,
            ud_edge_conj,
            flipslice_sym,
            corner_sym,
            flipslice_class_move,
            conj_move: {
                let syms = symmetries();
                let mut t = [[0u8; 18]; N_SYM_UD];
                for (row, moves) in t.iter_mut().zip(&syms.conj_move) {
                    for (slot, m) in row.iter_mut().zip(moves) {
                        *slot = m.index() as u8;
                    }
                }
                t
            },
            sym_multiply: symmetries().multiply,
            corner_slice_prune,
            phase1_prune,
            phase1_descent,
            phase1_near,
            descent: DescentDecoder::new(),
            finishing_moves: finishing_moves(),
            phase2_prune,
        }
    }
}
