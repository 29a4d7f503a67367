//! A robot mode's own pruning tables, one set per search frame (the faces a frame may turn
//! depend on which axis plays U–D): exact distances in the mode's metric with the frame's
//! moves, over two coordinates at a time, one byte each. Phase 1: twist × UD-slice and flip ×
//! UD-slice; phase 2: corners × slice permutation and U/D edges × slice permutation. About
//! 4 MB a frame, built in well under a second by a breadth-first search that allows moves of
//! cost 2 (half turns in the quarter-turn metrics), and had from the store like every table.

use super::mode::{Metric, RobotMove};
use crate::coord::classes::{
    class_reps, stabilisers, CORNER_CLASSES, FLIPSLICE_CLASSES, N_CORNER_CLASS, N_FLIPSLICE_CLASS,
};
use crate::coord::moves::{
    CORNER_MOVES, FLIP_MOVES, SLICE_SORTED_MOVES, UD_EDGE_CONJ, UD_EDGE_MOVES,
};
use crate::coord::symmetry::symmetries;
use crate::coord::{self, N_CORNERS, N_FLIP, N_SLICE, N_SLICE_PERM, N_TWIST, N_UD_EDGES};
use crate::method::twophase::tables::{MoveTables, Phase1Parts, N_PHASE1, N_PHASE2};
use crate::store::bfs::{self, Cells, SymProduct};
use crate::store::{Entries, Placement, Spec, Store, Table, TableError, TableSpec};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Marks an entry not reached yet.
const UNSEEN: u8 = u8::MAX;

/// A product of two coordinates, each moved by its own table `[x · 18 + m]`.
pub(super) struct Product<'a> {
    pub(super) n_a: usize,
    pub(super) a_move: &'a [u16],
    pub(super) n_b: usize,
    pub(super) b_move: &'a [u16],
}

impl Product<'_> {
    #[inline(always)]
    fn step(&self, a: usize, b: usize, mv: &RobotMove) -> (usize, usize) {
        let (mut a, mut b) = (a, b);
        for &m in &mv.turns[..mv.len as usize] {
            a = self.a_move[a * 18 + m as usize] as usize;
            b = self.b_move[b * 18 + m as usize] as usize;
        }
        (a, b)
    }

    /// Distances from (0, 0) by `moves`, which must be closed under inverses (so distances
    /// to and from the goal agree), in sweeps of increasing distance: every entry of distance
    /// d is final when its sweep starts, since every move costs at least 1.
    pub(super) fn distances(&self, moves: &[RobotMove]) -> Vec<u8> {
        let mut dist = vec![UNSEEN; self.n_a * self.n_b];
        dist[0] = 0;
        let mut d = 0u8;
        loop {
            let mut open = false;
            for i in 0..dist.len() {
                if dist[i] != d {
                    if dist[i] != UNSEEN && dist[i] > d {
                        open = true;
                    }
                    continue;
                }
                let (a, b) = (i / self.n_b, i % self.n_b);
                for mv in moves {
                    let (a1, b1) = self.step(a, b, mv);
                    let j = a1 * self.n_b + b1;
                    let nd = d + mv.cost;
                    if dist[j] > nd {
                        dist[j] = nd;
                        open = true;
                    }
                }
            }
            if !open {
                break;
            }
            d += 1;
        }
        dist
    }
}

/// The four tables of one frame.
pub struct FrameTables {
    /// `[twist · 495 + slice]`.
    pub twist_slice: Arc<Table<u8>>,
    /// `[flip · 495 + slice]`.
    pub flip_slice: Arc<Table<u8>>,
    /// `[corners · 24 + slice permutation]`, phase-2 moves.
    pub corner_slice: Arc<Table<u8>>,
    /// `[U/D edges · 24 + slice permutation]`, phase-2 moves.
    pub edge_slice: Arc<Table<u8>>,
}

/// A table name that says what decides its content: the kind, the metric, the frame's faces.
fn table_name(kind: &str, metric: Metric, faces: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashMap<String, &'static str>>> = OnceLock::new();
    let short = match metric {
        Metric::Htm => "h",
        Metric::Qtm => "q",
        Metric::AxialHtm => "ah",
        Metric::AxialQtm => "aq",
    };
    let name = format!("robot-{kind}-{short}-{faces}");
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    names
        .entry(name.clone())
        .or_insert_with(|| Box::leak(name.into_boxed_str()))
}

impl FrameTables {
    /// The tables of a frame whose moves are `moves` (`g1_moves` the phase-2 ones), named by
    /// the metric and the frame's faces (`faces`, letters).
    pub fn get(
        store: &Store,
        mv: &MoveTables,
        metric: Metric,
        faces: &str,
        moves: &[RobotMove],
        g1_moves: &[RobotMove],
    ) -> Result<FrameTables, TableError> {
        let get = |kind: &str, index: &'static str, p: Product, moves: &[RobotMove]| {
            let spec = TableSpec::of::<u8>(table_name(kind, metric, faces), p.n_a * p.n_b)
                .indexed(index)
                .holding(Entries::Distances(Cells::Byte));
            store.get_with(&spec, |_, _| Ok(p.distances(moves).into()))
        };
        Ok(FrameTables {
            twist_slice: get(
                "ts",
                "twist (2187) × UD-slice (495), a robot's moves",
                Product {
                    n_a: N_TWIST,
                    a_move: &mv.twist_move,
                    n_b: N_SLICE,
                    b_move: &mv.slice_move,
                },
                moves,
            )?,
            flip_slice: get(
                "fs",
                "flip (2048) × UD-slice (495), a robot's moves",
                Product {
                    n_a: N_FLIP,
                    a_move: &mv.flip_move,
                    n_b: N_SLICE,
                    b_move: &mv.slice_move,
                },
                moves,
            )?,
            corner_slice: get(
                "cs",
                "corners (40320) × slice permutation (24), a robot's G1 moves",
                Product {
                    n_a: N_CORNERS,
                    a_move: &mv.corner_move,
                    n_b: N_SLICE_PERM,
                    b_move: &mv.slice_sorted_move,
                },
                g1_moves,
            )?,
            edge_slice: get(
                "es",
                "U/D edges (40320) × slice permutation (24), a robot's G1 moves",
                Product {
                    n_a: N_UD_EDGES,
                    a_move: &mv.ud_edge_move,
                    n_b: N_SLICE_PERM,
                    b_move: &mv.slice_sorted_move,
                },
                g1_moves,
            )?,
        })
    }
}

/// The quarter turns (move indices): a half turn is two of them, so distances by these moves
/// are distances in the quarter-turn metric.
const QUARTER_TURNS: [usize; 12] = [0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17];

/// Phase 1 in the quarter-turn metric with all six faces: the plain phase-1 table's index
/// (flip-slice class × twist, nibbles), its distances by quarter turns. The metric is the
/// same under every symmetry, so the 16 U–D symmetries reduce it like the plain table and one
/// table serves the three frames.
pub static PHASE1_QTM_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase1-qtm", N_PHASE1.div_ceil(2))
        .indexed("flip × UD-slice class (64430) × twist (2187), quarter turns")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        let parts = Phase1Parts::load(store)?;
        let step = |cls: usize, m: usize| parts.class_move[cls * 18 + m];
        let space = SymProduct {
            name: "two-phase pruning table, phase 1, quarter turns",
            n_class: N_FLIPSLICE_CLASS,
            n_inner: N_TWIST,
            moves: &QUARTER_TURNS,
            class_step: &step,
            inner_move: &parts.twist_move,
            inner_conj: &parts.twist_conj,
            self_sym: &parts.self_sym,
        };
        Ok(bfs::build(&space, Cells::Nibble, "prune-twophase1-qtm", progress)?.into())
    },
};

/// Phase 1 in an axial metric with all six faces, on the plain phase-1 index: blocks are
/// flip-slice classes (under the 16 U–D symmetries, which keep the metric: they take opposite
/// faces to opposite faces and quarter turns to quarter turns), an entry is the twist seen
/// from the class representative. Its moves are the metric's moves of cost 1 (axial
/// half-turn: the 18 turns and the 27 turns of two opposite faces; axial quarter-turn: the 12
/// quarter turns and the 12 pairs of opposite quarter turns); every costlier move is a
/// product of cost-1 moves (`U2` = `U U`, `(U2 D')` = `(U D') U`, `(U2 D2)` = `(U D) (U D)`),
/// so the distances by them are the distances in the metric.
pub(super) struct AxialPhase1<'a> {
    pub(super) name: &'a str,
    /// How many classes (blocks): flip-slice classes, or corner permutation classes.
    pub(super) n_class: usize,
    /// The moves' turns (move indices 0..18; `len` of them).
    pub(super) moves: Vec<RobotMove>,
    /// `[class · moves + k]`: the class that move `k` takes the representative to and the
    /// symmetry into its frame, `class << 4 | sym`.
    pub(super) steps: Vec<u32>,
    pub(super) twist_move: &'a [u16],
    pub(super) twist_conj: &'a [u16],
    pub(super) self_sym: &'a [u16],
}

impl bfs::Space for AxialPhase1<'_> {
    /// (move, class reached, symmetry to its frame).
    type Step = (usize, usize, usize);
    type Entry = usize;

    fn shape(&self) -> bfs::Shape<'_> {
        bfs::Shape {
            name: self.name,
            blocks: self.n_class,
            block_len: N_TWIST,
            moves: self.moves.len(),
        }
    }
    fn entry(&self, _block: usize, off: usize) -> usize {
        off
    }
    #[inline(always)]
    fn step(&self, class: usize, k: usize) -> Self::Step {
        let s = self.steps[class * self.moves.len() + k];
        (k, (s >> 4) as usize, (s & 15) as usize)
    }
    #[inline(always)]
    fn child(&self, &(k, class, sym): &Self::Step, _m: usize, &x: &usize) -> (usize, usize) {
        let mv = &self.moves[k];
        let mut t = x;
        for &m in &mv.turns[..mv.len as usize] {
            t = self.twist_move[t * 18 + m as usize] as usize;
        }
        (class, self.twist_conj[t * 16 + sym] as usize)
    }
    #[inline(always)]
    fn images(&self, class: usize, x: usize, mut f: impl FnMut(usize)) {
        f(x);
        let mut sym = self.self_sym[class] >> 1;
        let mut s = 1;
        while sym != 0 {
            if sym & 1 == 1 {
                f(self.twist_conj[x * 16 + s] as usize);
            }
            sym >>= 1;
            s += 1;
        }
    }
}

/// The moves of cost 1 in an axial `metric`, six faces (see [`AxialPhase1`]).
pub(super) fn unit_moves(metric: Metric) -> Vec<RobotMove> {
    super::mode::robot_moves([true; 6], metric)
        .into_iter()
        .filter(|m| m.cost == 1)
        .collect()
}

/// `[class · moves + k]`: the flip-slice class that move `k` takes the class representative
/// to, and the symmetry into its frame (`class << 4 | sym`).
fn class_steps(
    classes: &[u32],
    flip_move: &[u16],
    slice_move: &[u16],
    moves: &[RobotMove],
) -> Vec<u32> {
    let reps = class_reps(classes, N_FLIPSLICE_CLASS);
    let mut steps = Vec::with_capacity(N_FLIPSLICE_CLASS * moves.len());
    for &rep in &reps {
        let (sl, fl) = (rep as usize / N_FLIP, rep as usize % N_FLIP);
        for mv in moves {
            // The sorted-slice coordinate is slice · 24 + slice permutation.
            let (mut s, mut f) = (sl * N_SLICE_PERM, fl);
            for &m in &mv.turns[..mv.len as usize] {
                s = slice_move[s * 18 + m as usize] as usize;
                f = flip_move[f * 18 + m as usize] as usize;
            }
            steps.push(classes[s / N_SLICE_PERM * N_FLIP + f]);
        }
    }
    steps
}

/// What an axial phase-1 table's build starts from, six faces or five: the phase-1 parts, the
/// metric's cost-1 moves ([`unit_moves`]) and their flip-slice class steps ([`class_steps`]).
pub(super) fn axial_prelude(
    store: &Store,
    metric: Metric,
) -> Result<(Phase1Parts, Vec<RobotMove>, Vec<u32>), TableError> {
    let parts = Phase1Parts::load(store)?;
    let classes = store.get(&FLIPSLICE_CLASSES)?;
    let flip_move = store.get(&FLIP_MOVES)?;
    let slice_move = store.get(&SLICE_SORTED_MOVES)?;
    let moves = unit_moves(metric);
    let steps = class_steps(&classes, &flip_move, &slice_move, &moves);
    Ok((parts, moves, steps))
}

/// Builds [`PHASE1_AXHT_PRUNE`] or [`PHASE1_AXQT_PRUNE`] (`table` its name).
fn build_axial_phase1(
    store: &Store,
    metric: Metric,
    table: &'static str,
    progress: &dyn crate::Progress,
) -> Result<crate::store::memory::MmapMut, TableError> {
    let (parts, moves, steps) = axial_prelude(store, metric)?;
    let space = AxialPhase1 {
        name: table,
        n_class: N_FLIPSLICE_CLASS,
        moves,
        steps,
        twist_move: &parts.twist_move,
        twist_conj: &parts.twist_conj,
        self_sym: &parts.self_sym,
    };
    bfs::build(&space, Cells::Nibble, table, progress)
}

/// Phase 1 in axial half-turn moves, six faces: exact distances on the plain phase-1 index
/// (see [`AxialPhase1`]), nibbles.
pub static PHASE1_AXHT_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase1-axial-htm", N_PHASE1.div_ceil(2))
        .indexed("flip × UD-slice class (64430) × twist (2187), axial moves")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        Ok(build_axial_phase1(
            store,
            Metric::AxialHtm,
            "prune-twophase1-axial-htm",
            progress,
        )?
        .into())
    },
};

/// Phase 1 in axial quarter-turn moves, six faces: exact distances on the plain phase-1 index
/// (see [`AxialPhase1`]), nibbles.
pub static PHASE1_AXQT_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase1-axial-qtm", N_PHASE1.div_ceil(2))
        .indexed("flip × UD-slice class (64430) × twist (2187), axial quarter-turn moves")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        Ok(build_axial_phase1(
            store,
            Metric::AxialQtm,
            "prune-twophase1-axial-qtm",
            progress,
        )?
        .into())
    },
};

/// The phase-1 table of an axial `metric` with all six faces (a lower bound with five).
pub fn phase1_axial_spec(metric: Metric) -> Option<&'static Spec<u8>> {
    match metric {
        Metric::AxialHtm => Some(&PHASE1_AXHT_PRUNE),
        Metric::AxialQtm => Some(&PHASE1_AXQT_PRUNE),
        _ => None,
    }
}

/// The faces a five-face table's frame may miss: the four faces off the U–D axis (R, F, L, B
/// as indices into `Face::ALL`). In such a frame phase 2 keeps U and D and three half turns
/// (nine moves, as rob-twophase's five-face mode), where a frame missing U or D would keep
/// only seven.
pub const SIDE_FACES: [usize; 4] = [1, 2, 4, 5];

/// Entries of [`PHASE1_FIVE_PRUNE`]: flip-slice class × missing side face × twist.
pub const N_PHASE1_FIVE: usize = N_PHASE1 * 4;

/// `[s][i]`: the side face (index into [`SIDE_FACES`]) that U–D symmetry `s` takes side face
/// `i` to.
pub fn side_perm() -> [[u8; 4]; 16] {
    let conj = &symmetries().conj_move;
    std::array::from_fn(|s| {
        std::array::from_fn(|i| {
            let image = conj[s][SIDE_FACES[i] * 3].face() as usize;
            SIDE_FACES
                .iter()
                .position(|&f| f == image)
                .expect("a side face") as u8
        })
    })
}

/// A space of five faces, the missing one a side face: blocks are symmetry classes (under the
/// 16 U–D symmetries) of one coordinate; an entry of a block is (missing face, inner
/// coordinate), offset `missing · n_inner + inner`, `missing` an index into [`SIDE_FACES`].
/// The symmetries move the missing face with the state: `s·x·s⁻¹` misses `s(f)` when `x` misses
/// `f`, so one class entry holds the distances for the four missing faces.
struct FiveFaces<'a, const N: usize> {
    name: &'a str,
    n_class: usize,
    n_inner: usize,
    /// For class `c` and move `m` (0..18): the class reached and the symmetry to its frame,
    /// `class << 4 | sym`.
    class_step: &'a (dyn Fn(usize, usize) -> u32 + Sync),
    inner_move: &'a [u16],
    inner_conj: &'a [u16],
    self_sym: &'a [u16],
    /// The moves (indices 0..18) without each side face, in one order.
    moves: [[usize; N]; 4],
    perm: [[u8; 4]; 16],
}

impl<const N: usize> bfs::Space for FiveFaces<'_, N> {
    /// For each missing face: (move index, class reached, symmetry to its frame).
    type Step = [(usize, usize, usize); 4];
    /// (missing, inner).
    type Entry = (usize, usize);

    fn shape(&self) -> bfs::Shape<'_> {
        bfs::Shape {
            name: self.name,
            blocks: self.n_class,
            block_len: 4 * self.n_inner,
            moves: N,
        }
    }
    fn entry(&self, _block: usize, off: usize) -> (usize, usize) {
        (off / self.n_inner, off % self.n_inner)
    }
    #[inline(always)]
    fn step(&self, class: usize, m: usize) -> Self::Step {
        std::array::from_fn(|missing| {
            let mv = self.moves[missing][m];
            let s = (self.class_step)(class, mv);
            (mv, (s >> 4) as usize, (s & 15) as usize)
        })
    }
    #[inline(always)]
    fn child(
        &self,
        step: &Self::Step,
        _m: usize,
        &(missing, x): &(usize, usize),
    ) -> (usize, usize) {
        let (mv, class, sym) = step[missing];
        let moved = self.inner_move[x * 18 + mv] as usize;
        let missing = self.perm[sym][missing] as usize;
        (
            class,
            missing * self.n_inner + self.inner_conj[moved * 16 + sym] as usize,
        )
    }
    #[inline(always)]
    fn images(&self, class: usize, off: usize, f: impl FnMut(usize)) {
        let parts = (self.self_sym, self.inner_conj, &self.perm);
        five_images(parts, self.n_inner, class, off, f);
    }
    fn goals(&self, mut f: impl FnMut(usize, usize)) {
        for missing in 0..4 {
            f(0, missing * self.n_inner);
        }
    }
}

/// The images of entry `off` (missing side face × inner coordinate, `n_inner` of them) of
/// `class` under the class representative's own symmetries (`self_sym`), which move the
/// inner coordinate (`inner_conj`) and the missing face (`perm`).
#[inline(always)]
fn five_images(
    (self_sym, inner_conj, perm): (&[u16], &[u16], &[[u8; 4]; 16]),
    n_inner: usize,
    class: usize,
    off: usize,
    mut f: impl FnMut(usize),
) {
    f(off);
    let (missing, x) = (off / n_inner, off % n_inner);
    let mut sym = self_sym[class] >> 1;
    let mut s = 1;
    while sym != 0 {
        if sym & 1 == 1 {
            let m = perm[s][missing] as usize;
            f(m * n_inner + inner_conj[x * 16 + s] as usize);
        }
        sym >>= 1;
        s += 1;
    }
}

/// Phase 1 with five faces, the missing one a side face, in an axial metric: the index of
/// [`PHASE1_FIVE_PRUNE`] (flip-slice class × missing side face × twist), the moves the
/// metric's cost-1 moves that leave the missing face alone (as [`AxialPhase1`]: every
/// costlier move is a product of them, with the same faces).
struct FiveAxial<'a> {
    name: &'a str,
    /// The six faces' cost-1 moves.
    all: Vec<RobotMove>,
    /// `[class · all + g]`: see [`class_steps`].
    steps: Vec<u32>,
    /// For each missing side face, the moves of `all` without it (as many for each).
    ids: [Vec<usize>; 4],
    twist_move: &'a [u16],
    twist_conj: &'a [u16],
    self_sym: &'a [u16],
    perm: [[u8; 4]; 16],
}

impl bfs::Space for FiveAxial<'_> {
    /// For each missing face: (move of `all`, class reached, symmetry to its frame).
    type Step = [(usize, usize, usize); 4];
    /// (missing, twist).
    type Entry = (usize, usize);

    fn shape(&self) -> bfs::Shape<'_> {
        bfs::Shape {
            name: self.name,
            blocks: N_FLIPSLICE_CLASS,
            block_len: 4 * N_TWIST,
            moves: self.ids[0].len(),
        }
    }
    fn entry(&self, _block: usize, off: usize) -> (usize, usize) {
        (off / N_TWIST, off % N_TWIST)
    }
    #[inline(always)]
    fn step(&self, class: usize, k: usize) -> Self::Step {
        std::array::from_fn(|missing| {
            let g = self.ids[missing][k];
            let s = self.steps[class * self.all.len() + g];
            (g, (s >> 4) as usize, (s & 15) as usize)
        })
    }
    #[inline(always)]
    fn child(
        &self,
        step: &Self::Step,
        _k: usize,
        &(missing, x): &(usize, usize),
    ) -> (usize, usize) {
        let (g, class, sym) = step[missing];
        let mv = &self.all[g];
        let mut t = x;
        for &m in &mv.turns[..mv.len as usize] {
            t = self.twist_move[t * 18 + m as usize] as usize;
        }
        let missing = self.perm[sym][missing] as usize;
        (
            class,
            missing * N_TWIST + self.twist_conj[t * 16 + sym] as usize,
        )
    }
    #[inline(always)]
    fn images(&self, class: usize, off: usize, f: impl FnMut(usize)) {
        let parts = (self.self_sym, self.twist_conj, &self.perm);
        five_images(parts, N_TWIST, class, off, f);
    }
    fn goals(&self, mut f: impl FnMut(usize, usize)) {
        for missing in 0..4 {
            f(0, missing * N_TWIST);
        }
    }
}

/// Builds [`PHASE1_FIVE_AXHT_PRUNE`] or [`PHASE1_FIVE_AXQT_PRUNE`] (`table` its name).
fn build_five_axial_phase1(
    store: &Store,
    metric: Metric,
    table: &'static str,
    progress: &dyn crate::Progress,
) -> Result<crate::store::memory::MmapMut, TableError> {
    let (parts, all, steps) = axial_prelude(store, metric)?;
    let ids = std::array::from_fn(|missing| {
        (0..all.len())
            .filter(|&g| {
                all[g]
                    .moves()
                    .all(|m| m.face() as usize != SIDE_FACES[missing])
            })
            .collect::<Vec<usize>>()
    });
    let space = FiveAxial {
        name: table,
        all,
        steps,
        ids,
        twist_move: &parts.twist_move,
        twist_conj: &parts.twist_conj,
        self_sym: &parts.self_sym,
        perm: side_perm(),
    };
    bfs::build(&space, Cells::Nibble, table, progress)
}

macro_rules! five_axial_spec {
    ($name:literal, $what:literal, $metric:expr) => {
        Spec {
            table: TableSpec::of::<u8>($name, N_PHASE1_FIVE.div_ceil(2))
                .indexed(concat!(
                    "flip × UD-slice class (64430) × missing side face (4) × twist (2187), ",
                    $what
                ))
                .holding(Entries::Distances(Cells::Nibble))
                .placed(Placement::Mapped),
            build: |store, progress| {
                Ok(build_five_axial_phase1(store, $metric, $name, progress)?.into())
            },
        }
    };
}

/// Phase 1 with five faces in axial half-turn moves (see [`FiveAxial`]).
pub static PHASE1_FIVE_AXHT_PRUNE: Spec<u8> = five_axial_spec!(
    "prune-twophase1-five-axial-htm",
    "five faces' axial moves",
    Metric::AxialHtm
);
/// Phase 1 with five faces in axial quarter-turn moves (see [`FiveAxial`]).
pub static PHASE1_FIVE_AXQT_PRUNE: Spec<u8> = five_axial_spec!(
    "prune-twophase1-five-axial-qtm",
    "five faces' axial quarter-turn moves",
    Metric::AxialQtm
);

/// The five-face phase-1 table of `metric` (the missing face a side face), exact in it; none
/// in half turns (the plain five-face one).
pub fn phase1_five_spec(metric: Metric) -> Option<&'static Spec<u8>> {
    match metric {
        Metric::Htm => None,
        Metric::Qtm => Some(&PHASE1_FIVE_QTM_PRUNE),
        Metric::AxialHtm => Some(&PHASE1_FIVE_AXHT_PRUNE),
        Metric::AxialQtm => Some(&PHASE1_FIVE_AXQT_PRUNE),
    }
}

/// For each missing side face (an index into [`SIDE_FACES`]), the move indices (0..18) `keep`
/// keeps, in move order; there must be exactly `N` of them.
fn five_face_moves<const N: usize>(keep: impl Fn(usize, usize) -> bool) -> [[usize; N]; 4] {
    std::array::from_fn(|missing| {
        let kept: Vec<usize> = (0..18).filter(|&m| keep(missing, m)).collect();
        kept.try_into()
            .unwrap_or_else(|k: Vec<usize>| panic!("{} moves kept, not {N}", k.len()))
    })
}

/// Phase 1 with five faces, the missing one off the frame's U–D axis, in half turns: the
/// plain phase-1 index (flip-slice class under the 16 U–D symmetries × twist) times the
/// missing side face (the symmetries permute the four), so that one table serves every
/// five-face robot in the four frames (two axes, cube and inverse) whose U–D axis does not
/// hold its missing face. Exact distances, nibbles; a lower bound in every metric (halved
/// for axial moves).
pub static PHASE1_FIVE_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase1-five", N_PHASE1_FIVE.div_ceil(2))
        .indexed("flip × UD-slice class (64430) × missing side face (4) × twist (2187), five faces")
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        Ok(build_five_phase1::<15>(
            store,
            "two-phase pruning table, phase 1, five faces",
            "prune-twophase1-five",
            |missing, m| m / 3 != SIDE_FACES[missing],
            progress,
        )?
        .into())
    },
};

/// Phase 1 with five faces in quarter turns: [`PHASE1_FIVE_PRUNE`]'s index, its distances by
/// the five faces' ten quarter turns (a half turn is two of them). Exact in the quarter-turn
/// metric; a lower bound in the axial quarter-turn metric when halved.
pub static PHASE1_FIVE_QTM_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase1-five-qtm", N_PHASE1_FIVE.div_ceil(2))
        .indexed(
            "flip × UD-slice class (64430) × missing side face (4) × twist (2187), five faces' \
             quarter turns",
        )
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        Ok(build_five_phase1::<10>(
            store,
            "two-phase pruning table, phase 1, five faces, quarter turns",
            "prune-twophase1-five-qtm",
            |missing, m| m / 3 != SIDE_FACES[missing] && m % 3 != 1,
            progress,
        )?
        .into())
    },
};

/// Builds a five-face phase-1 table on [`PHASE1_FIVE_PRUNE`]'s index by the `N` face turns
/// (move indices 0..18) that `keep(missing, m)` keeps for each missing side face.
fn build_five_phase1<const N: usize>(
    store: &Store,
    name: &'static str,
    table: &'static str,
    keep: impl Fn(usize, usize) -> bool,
    progress: &dyn crate::Progress,
) -> Result<crate::store::memory::MmapMut, TableError> {
    let parts = Phase1Parts::load(store)?;
    let step = |cls: usize, m: usize| parts.class_move[cls * 18 + m];
    let space = FiveFaces::<N> {
        name,
        n_class: N_FLIPSLICE_CLASS,
        n_inner: N_TWIST,
        class_step: &step,
        inner_move: &parts.twist_move,
        inner_conj: &parts.twist_conj,
        self_sym: &parts.self_sym,
        moves: five_face_moves(keep),
        perm: side_perm(),
    };
    bfs::build(&space, Cells::Nibble, table, progress)
}

/// The index in [`PHASE1_FIVE_PRUNE`] of a state missing side face `missing` (an index into
/// [`SIDE_FACES`]) whose plain phase-1 entry is `entry` with symmetry `sym` to its
/// representative (`perm`: [`side_perm`]).
#[inline(always)]
pub fn five_index(entry: usize, sym: usize, missing: usize, perm: &[[u8; 4]; 16]) -> usize {
    let (class, twist) = (entry / N_TWIST, entry % N_TWIST);
    (class * 4 + perm[sym][missing] as usize) * N_TWIST + twist
}

/// The phase-2 moves of a frame missing side face `missing` (an index into [`SIDE_FACES`]):
/// the turns of U and D and the half turns of the three side faces left (nine moves).
fn phase2_five_move(missing: usize, m: usize) -> bool {
    let face = m / 3;
    (face == 0 || face == 3 || m % 3 == 1) && face != SIDE_FACES[missing]
}

/// Phase-2 entries of five faces: corner class × missing side face × U/D edges.
pub const N_PHASE2_FIVE: usize = N_PHASE2 * 4;

/// Phase 2 with five faces, the missing one off the frame's U–D axis, in half turns: the plain
/// phase-2 index (corner permutation class under the 16 U–D symmetries × U/D-edge
/// permutation) times the missing side face, as [`PHASE1_FIVE_PRUNE`] extends phase 1. Exact
/// distances by the frame's nine phase-2 moves (U and D turns, three half turns), nibbles; a
/// lower bound in every metric (halved for axial moves). The slice permutation is left to the
/// frame's corners × slice-permutation table.
pub static PHASE2_FIVE_PRUNE: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("prune-twophase2-five", N_PHASE2_FIVE.div_ceil(2))
        .indexed(
            "corner permutation class (2768) × missing side face (4) × U/D-edge permutation \
             (40320), five faces' phase-2 moves",
        )
        .holding(Entries::Distances(Cells::Nibble))
        .placed(Placement::Mapped),
    build: |store, progress| {
        let corner_sym = store.get(&CORNER_CLASSES)?;
        let corner_move = store.get(&CORNER_MOVES)?;
        let ud_move = store.get(&UD_EDGE_MOVES)?;
        let ud_conj = store.get(&UD_EDGE_CONJ)?;
        let reps = class_reps(&corner_sym, N_CORNER_CLASS);
        let self_sym = stabilisers(&reps, coord::set_corners, coord::corners);
        let step =
            |cls: usize, m: usize| corner_sym[corner_move[reps[cls] as usize * 18 + m] as usize];
        let space = FiveFaces::<9> {
            name: "two-phase pruning table, phase 2, five faces",
            n_class: N_CORNER_CLASS,
            n_inner: N_UD_EDGES,
            class_step: &step,
            inner_move: &ud_move,
            inner_conj: &ud_conj,
            self_sym: &self_sym,
            moves: five_face_moves(phase2_five_move),
            perm: side_perm(),
        };
        Ok(bfs::build(&space, Cells::Nibble, "prune-twophase2-five", progress)?.into())
    },
};

/// The index in [`PHASE2_FIVE_PRUNE`] of a state in G1 missing side face `missing` (an index
/// into [`SIDE_FACES`]): `corner_sym` is the corners' `class << 4 | sym` entry
/// ([`CORNER_CLASSES`]), `ud_conj` the U/D edges conjugated by that symmetry.
#[inline(always)]
pub fn five_index2(corner_sym: u32, ud_conj: usize, missing: usize, perm: &[[u8; 4]; 16]) -> usize {
    let (class, sym) = ((corner_sym >> 4) as usize, (corner_sym & 15) as usize);
    (class * 4 + perm[sym][missing] as usize) * N_UD_EDGES + ud_conj
}

/// Exact phase-2 distances in a searched metric on the plain phase-2 index (corner
/// permutation class under the 16 U–D symmetries × U/D-edge permutation), with all six faces
/// (`five` false) or with five, the missing one a side face (`five` true: the index of
/// [`PHASE2_FIVE_PRUNE`], class × missing side face × U/D edges), one byte per entry, by the
/// metric's G1 moves and their costs (quarter turns: a half turn costs 2; axial: opposite faces
/// turned together are one move). A breadth-first search by levels of cost (each level's
/// entries are final when it is expanded: every move costs at least 1, and the moves are
/// closed under inverses, so distances to and from the goal agree).
fn phase2_metric_distances(
    store: &Store,
    metric: Metric,
    five: bool,
) -> Result<Vec<u8>, TableError> {
    let corner_sym = store.get(&CORNER_CLASSES)?;
    let corner_move = store.get(&CORNER_MOVES)?;
    let ud_move = store.get(&UD_EDGE_MOVES)?;
    let ud_conj = store.get(&UD_EDGE_CONJ)?;
    let reps = class_reps(&corner_sym, N_CORNER_CLASS);
    let self_sym = stabilisers(&reps, coord::set_corners, coord::corners);
    // Per missing side face (one entry, no face missing, with six faces): the G1 moves.
    let n_miss = if five { 4 } else { 1 };
    let perm = side_perm();
    let moves: Vec<Vec<RobotMove>> = (0..n_miss)
        .map(|miss| {
            let mut allowed = [true; 6];
            if five {
                allowed[SIDE_FACES[miss]] = false;
            }
            super::mode::robot_moves(allowed, metric)
                .into_iter()
                .filter(|m| m.in_g1)
                .collect()
        })
        .collect();
    // The side face a state written from symmetry `s`'s frame misses.
    let side = |s: usize, miss: usize| if five { perm[s][miss] as usize } else { 0 };
    let mut dist = vec![UNSEEN; N_CORNER_CLASS * n_miss * N_UD_EDGES];
    for miss in 0..n_miss {
        dist[miss * N_UD_EDGES] = 0;
    }
    // Each class's children's (class, symmetry), per missing face and move.
    let steps: Vec<Vec<(usize, usize)>> = moves
        .iter()
        .map(|moves| {
            (0..N_CORNER_CLASS)
                .flat_map(|cls| {
                    let (reps, corner_move, corner_sym) = (&reps, &corner_move, &corner_sym);
                    moves.iter().map(move |mv| {
                        let mut c = reps[cls] as usize;
                        for &t in &mv.turns[..mv.len as usize] {
                            c = corner_move[c * 18 + t as usize] as usize;
                        }
                        let s = corner_sym[c];
                        ((s >> 4) as usize, (s & 15) as usize)
                    })
                })
                .collect()
        })
        .collect();
    let mut d = 0u8;
    loop {
        let mut open = false;
        for cls in 0..N_CORNER_CLASS {
            for miss in 0..n_miss {
                let (moves, steps) = (&moves[miss], &steps[miss]);
                let base = (cls * n_miss + miss) * N_UD_EDGES;
                for u in 0..N_UD_EDGES {
                    let here = dist[base + u];
                    if here != d {
                        open |= here != UNSEEN && here > d;
                        continue;
                    }
                    for (k, mv) in moves.iter().enumerate() {
                        let (c1, s) = steps[cls * moves.len() + k];
                        let mut x = u;
                        for &t in &mv.turns[..mv.len as usize] {
                            x = ud_move[x * 18 + t as usize] as usize;
                        }
                        let x = ud_conj[x * 16 + s] as usize;
                        let m1 = side(s, miss);
                        let nd = d + mv.cost;
                        let j = ((c1 * n_miss + m1) * N_UD_EDGES) + x;
                        if dist[j] <= nd {
                            continue;
                        }
                        dist[j] = nd;
                        open = true;
                        // The class's own symmetries: the same state written another way.
                        let mut sym = self_sym[c1] >> 1;
                        let mut s2 = 1;
                        while sym != 0 {
                            if sym & 1 == 1 {
                                let y = (c1 * n_miss + side(s2, m1)) * N_UD_EDGES
                                    + ud_conj[x * 16 + s2] as usize;
                                dist[y] = dist[y].min(nd);
                            }
                            sym >>= 1;
                            s2 += 1;
                        }
                    }
                }
            }
        }
        if !open {
            break;
        }
        d += 1;
    }
    Ok(dist)
}

macro_rules! phase2_metric_spec {
    ($name:literal, $what:literal, $metric:expr) => {
        Spec {
            table: TableSpec::of::<u8>($name, N_PHASE2)
                .indexed(concat!(
                    "corner permutation class (2768) × U/D-edge permutation (40320), ",
                    $what
                ))
                .holding(Entries::Distances(Cells::Byte))
                .placed(Placement::Mapped),
            build: |store, _progress| Ok(phase2_metric_distances(store, $metric, false)?.into()),
        }
    };
}

/// Phase-2 distances in quarter turns, six faces (half turns cost 2).
pub static PHASE2_QTM_PRUNE: Spec<u8> = phase2_metric_spec!(
    "prune-twophase2-qtm",
    "quarter turns (a half turn costs 2)",
    Metric::Qtm
);
/// Phase-2 distances in axial half-turn moves, six faces.
pub static PHASE2_AXHT_PRUNE: Spec<u8> = phase2_metric_spec!(
    "prune-twophase2-axial-htm",
    "axial moves (opposite faces together: one move)",
    Metric::AxialHtm
);
/// Phase-2 distances in axial quarter-turn moves, six faces.
pub static PHASE2_AXQT_PRUNE: Spec<u8> = phase2_metric_spec!(
    "prune-twophase2-axial-qtm",
    "axial quarter-turn moves (the larger of the two turns' quarter counts)",
    Metric::AxialQtm
);

/// The phase-2 table of `metric` with all six faces, if it has one (half turns: the plain one).
pub fn phase2_metric_spec(metric: Metric) -> Option<&'static Spec<u8>> {
    match metric {
        Metric::Htm => None,
        Metric::Qtm => Some(&PHASE2_QTM_PRUNE),
        Metric::AxialHtm => Some(&PHASE2_AXHT_PRUNE),
        Metric::AxialQtm => Some(&PHASE2_AXQT_PRUNE),
    }
}

macro_rules! phase2_five_metric_spec {
    ($name:literal, $what:literal, $metric:expr) => {
        Spec {
            table: TableSpec::of::<u8>($name, N_PHASE2_FIVE)
                .indexed(concat!(
                    "corner permutation class (2768) × missing side face (4) × U/D-edge \
                     permutation (40320), five faces' ",
                    $what
                ))
                .holding(Entries::Distances(Cells::Byte))
                .placed(Placement::Mapped)
                .on_request(),
            build: |store, _progress| Ok(phase2_metric_distances(store, $metric, true)?.into()),
        }
    };
}

/// Phase-2 distances with five faces (the missing one a side face) in quarter turns: the
/// index of [`PHASE2_FIVE_PRUNE`], one byte per entry, exact in the metric.
pub static PHASE2_FIVE_QTM_PRUNE: Spec<u8> = phase2_five_metric_spec!(
    "prune-twophase2-five-qtm",
    "quarter turns (a half turn costs 2)",
    Metric::Qtm
);
/// Phase-2 distances with five faces in axial half-turn moves (see [`PHASE2_FIVE_QTM_PRUNE`]).
pub static PHASE2_FIVE_AXHT_PRUNE: Spec<u8> = phase2_five_metric_spec!(
    "prune-twophase2-five-axial-htm",
    "axial moves (opposite faces together: one move)",
    Metric::AxialHtm
);
/// Phase-2 distances with five faces in axial quarter-turn moves (see
/// [`PHASE2_FIVE_QTM_PRUNE`]).
pub static PHASE2_FIVE_AXQT_PRUNE: Spec<u8> = phase2_five_metric_spec!(
    "prune-twophase2-five-axial-qtm",
    "axial quarter-turn moves (the larger of the two turns' quarter counts)",
    Metric::AxialQtm
);

/// The five-face phase-2 table of `metric`, exact in it (half turns: [`PHASE2_FIVE_PRUNE`]).
pub fn phase2_five_metric_spec(metric: Metric) -> Option<&'static Spec<u8>> {
    match metric {
        Metric::Htm => None,
        Metric::Qtm => Some(&PHASE2_FIVE_QTM_PRUNE),
        Metric::AxialHtm => Some(&PHASE2_FIVE_AXHT_PRUNE),
        Metric::AxialQtm => Some(&PHASE2_FIVE_AXQT_PRUNE),
    }
}
