//! The optimal search with an exact hK table (`--table h8`, issue 40): IDA* whose bound is the
//! larger of the table's entries for the cube and for its inverse.
//!
//! A node carries the cube's hK parts: its corner class with a symmetry carrying its corners
//! to the class representative, stepped by the class move table (the move conjugated by the
//! symmetry, then the symmetries composed), and its edge slices and eleven orientations in
//! its own frame, stepped by move tables; and the inverse cube packed one byte a piece
//! ([`super::inverse`], a left move a node), whose parts are read off its bytes. The index of
//! either is the edge parts conjugated by the symmetry and reduced over the class's
//! self-symmetries ([`MoveTables::h11_of_parts`]):
//! the table is 48-symmetric, so one lookup for the cube and one for its inverse stand for
//! every axis. A 2-bit code `c > 0` bounds the distance by `base − 1 + c`; code 0 ("below the
//! base") bounds nothing, and where the moves left are fewer than `base − 1` the exact h0 table
//! ([`super::h48::table::H0`]) gives the bound instead. Children are generated together, their
//! table words prefetched before any is read, the cube's bound first and the inverse's only for
//! the survivors. The deepening, the probe, the split into subtrees (ordered by the sum of
//! their two bounds, then their cost one step earlier), the subtrees skipped when symmetric at
//! the root and the threads are the driver's ([`super::deepening`]), shared with `large`'s
//! search. A half turn on the left keeps the h11 index (it swaps pieces of one corner tetrad
//! and of one edge slice and changes no orientation), and the inverse takes the search's moves
//! on the left: a half-turn child keeps its parent's inverse index and bound without a lookup,
//! and where that bound leaves too few moves, no half-turn child is made ([`Worker::dfs`]).
//! Growing a solution from both ends as `large` does was measured with the real table in
//! session 27 (0.7× the nodes at less than half the rate, 1.6-1.8× the time) and removed; so
//! was a per-node switch of the sides in session 32 (either rule, 1.05-1.29× the nodes; the
//! `stats` feature still counts where it would act, `H8Tables::count_switch`).

use super::counters::{self, Kind};
use super::deepening::{deepen, Deepening, Outcome, Run, Stats, Worker};
use super::h48::coord::{subset_rank, CornerClasses, N_CSEP};
use super::h48::moves::MoveTables;
use super::h48::table::{HkTable, H0, H8, H8_DEPTH, H8_K};
use super::inverse::{InverseTables, PackedCube};
use super::prune::value;
use crate::prefetch::prefetch;
use crate::search::can_follow;
use crate::store::{Store, Table, TableError};
use rubik_cube::symmetry::{self as sym48, N_SYM};
use rubik_cube::{CubieCube, Move};
use std::sync::Arc;

/// What a node costs in two-phase nodes (the probe's budget): taken as `large`'s until
/// measured.
const NODE_COST: f64 = 6.25;

/// Corner pieces of the URF tetrad (URF, ULB, DLF, DRB), as a bit mask of piece numbers.
const FIRST_TETRAD: u32 = 1 | 1 << 2 | 1 << 5 | 1 << 7;

/// Everything the h8 search reads.
pub struct H8Tables {
    /// The hK table.
    hk: HkTable,
    /// The exact h0 nibbles (to `hk`'s base − 1; the base where further).
    h0: Arc<Table<u8>>,
    /// Move and conjugation tables of the parts.
    mt: &'static MoveTables,
    /// `class_sym[raw]`: the corner class of raw corner value `raw` (low 16 bits) and a
    /// symmetry carrying it to the class representative (high bits), one read for both
    /// ([`CornerClasses::class`], [`CornerClasses::to_rep`]).
    class_sym: Vec<u32>,
    /// `conj_move[s][m]`: the move `s · m · s⁻¹`.
    conj_move: [[u8; 18]; N_SYM],
    /// `product[a][b]`: the symmetry `a · b`.
    product: [[u8; N_SYM]; N_SYM],
    /// Left moves of the packed inverse.
    inverse: InverseTables,
    /// `rank8[mask]`: the rank of a 4-subset of 8 positions.
    rank8: Vec<u16>,
    /// `rank12[mask]`: the rank of a 4-subset of 12 positions.
    rank12: Vec<u16>,
}

impl H8Tables {
    /// The h8 and h0 tables from `store` (the h8 table is built on request only: a missing
    /// file is an error unless the store may build).
    pub fn load(store: &Store) -> Result<H8Tables, TableError> {
        let hk = HkTable::from_store(store, &H8, H8_K, H8_DEPTH)?;
        let h0 = store.get(&H0)?;
        Ok(H8Tables::new(hk, h0))
    }

    /// The search's tables around an hK table and its h0 nibbles (exact below `hk`'s base).
    pub(crate) fn new(hk: HkTable, h0: Arc<Table<u8>>) -> H8Tables {
        let cc = CornerClasses::get();
        let class_sym = (cc.class.iter().zip(&cc.to_rep))
            .map(|(&c, &t)| u32::from(c) | u32::from(t) << 16)
            .collect();
        let s = sym48::symmetries();
        let (rank8, rank12) = (ranks(8), ranks(12));
        H8Tables {
            hk,
            h0,
            mt: MoveTables::get(),
            class_sym,
            conj_move: s.conj_move,
            product: s.product,
            inverse: InverseTables::new(),
            rank8,
            rank12,
        }
    }

    /// The corner class and the symmetry to its representative of raw corner value `raw`.
    #[inline(always)]
    fn class_of_raw(&self, raw: u32) -> (u16, u8) {
        let cs = self.class_sym[raw as usize];
        (cs as u16, (cs >> 16) as u8)
    }

    /// h11 of a cube given by its parts in its own frame.
    #[inline(always)]
    fn h11(&self, raw: u32, esep: u16, eo: u16) -> u64 {
        let (class, t) = self.class_of_raw(raw);
        self.h11_of(class, t, esep, eo)
    }

    /// h11 of a cube given by its corner class, the symmetry to its representative and its
    /// edge parts in its own frame.
    #[inline(always)]
    fn h11_of(&self, class: u16, t: u8, esep: u16, eo: u16) -> u64 {
        self.mt
            .h11_of_parts(class as usize, t as usize, esep as usize, eo as usize)
    }

    /// The hK parts (raw corners, edge slices, eo11) of a packed cube.
    #[inline(always)]
    fn parts_of_packed(&self, x: &PackedCube) -> (u32, u16, u16) {
        let mut twist = 0u32;
        let mut cmask = 0u32;
        for (pos, &b) in x.corners.iter().enumerate() {
            if pos < 7 {
                twist = twist * 3 + u32::from(b >> 4);
            }
            cmask |= ((FIRST_TETRAD >> (b & 0xF)) & 1) << pos;
        }
        let (mut e_mask, mut m_mask, mut m_pos, mut eo) = (0u32, 0u32, 0u32, 0u16);
        for (pos, &b) in x.edges.iter().enumerate() {
            let p = b & 0xF;
            if p >= 8 {
                e_mask |= 1 << pos;
            } else {
                m_mask |= u32::from(p & 1) << m_pos;
                m_pos += 1;
            }
            if pos > 0 {
                eo |= u16::from(b >> 4) << (pos - 1);
            }
        }
        let raw = twist * N_CSEP as u32 + u32::from(self.rank8[cmask as usize]);
        let esep = self.rank12[e_mask as usize] * 70 + self.rank8[m_mask as usize];
        (raw, esep, eo)
    }

    /// The hK index (not h11) of h11 index `i`.
    #[inline(always)]
    fn hk_index(&self, i: u64) -> u64 {
        i >> (11 - self.hk.k())
    }

    /// Starts loading the table words the bound of h11 index `i` reads with `togo` moves left.
    #[inline(always)]
    fn prefetch(&self, i: u64, togo: usize) {
        prefetch(self.hk.words(), (self.hk_index(i) >> 5) as usize);
        if togo + 1 < self.hk.base() as usize {
            prefetch(&self.h0, (i >> 12) as usize);
        }
    }

    /// The lower bound of h11 index `i`: the hK code's, or h0's where the code is 0.
    #[inline(always)]
    fn bound(&self, i: u64) -> usize {
        match self.hk.code(self.hk_index(i)) {
            0 => usize::from(value(&self.h0, (i >> 11) as usize)),
            c => usize::from(self.hk.bound_of_code(c)),
        }
    }

    /// Whether the bound of h11 index `i` exceeds `togo` (h0 read only where it can tell).
    #[inline(always)]
    fn exceeds(&self, i: u64, togo: usize) -> bool {
        match self.hk.code(self.hk_index(i)) {
            0 => {
                togo + 1 < self.hk.base() as usize
                    && usize::from(value(&self.h0, (i >> 11) as usize)) > togo
            }
            c => usize::from(self.hk.bound_of_code(c)) > togo,
        }
    }

    /// A lower bound of h11 index `i` for a node with `left` moves left after it: the hK
    /// code's; where the code is 0, h0's if it can tell (`left + 1` below the base: a code 0
    /// puts h0 below the base), else 0. What [`H8Tables::exceeds`] compares with `left`.
    #[inline(always)]
    fn side_bound(&self, i: u64, left: usize) -> usize {
        match self.hk.code(self.hk_index(i)) {
            0 if left + 1 < self.hk.base() as usize => {
                usize::from(value(&self.h0, (i >> 11) as usize))
            }
            0 => 0,
            c => usize::from(self.hk.bound_of_code(c)),
        }
    }

    /// The bound `known` of h11 index `i`, read on when it is 0 and h0 can now tell more with
    /// `left` moves left (a 0 was left unread further from the end, [`H8Tables::side_bound`]).
    #[inline(always)]
    fn refreshed(&self, known: u8, i: u64, left: usize) -> usize {
        if known == 0 && left + 1 < self.hk.base() as usize {
            usize::from(value(&self.h0, (i >> 11) as usize))
        } else {
            usize::from(known)
        }
    }

    /// Counts a lookup of h11 index `i` whose hK code is 0 as `kind` (feature `stats` only).
    #[inline(always)]
    fn count_code0(&self, i: u64, left: usize, kind: Kind) {
        if cfg!(feature = "stats") && self.hk.code(self.hk_index(i)) == 0 {
            counters::add(left, kind, 1);
        }
    }

    /// `side_bound` counting the reads it makes into `reads` (hK words, h0 nibbles).
    fn counted_bound(&self, i: u64, left: usize, reads: &mut [u64; 2]) -> usize {
        reads[0] += 1;
        if self.hk.code(self.hk_index(i)) == 0 && left + 1 < self.hk.base() as usize {
            reads[1] += 1;
        }
        self.side_bound(i, left)
    }

    /// Feature `stats` only: counts, at a node expanded with `left` moves left after its
    /// children, which of its two bounds is the larger, and where they differ, how many
    /// children pass and how many reads they take as searched (`prev`, `halves` and `inv` as
    /// [`Worker::dfs`] has them) against expanded by moves on the inverse's right instead (a
    /// NISS-style switch, one level deep: all 18 moves, the new side having no move before
    /// it; a half turn keeps the cube's bound, as one on the inverse's left keeps the
    /// inverse's). Reads again what the search reads; changes nothing. Session 32's counts.
    fn count_switch(&self, n: &Node, left: usize, prev: Option<Move>, halves: bool, inv: usize) {
        if !cfg!(feature = "stats") || left == 0 {
            return;
        }
        let cube = self.side_bound(n.fwd, left);
        counters::add(left, Kind::Expanded, 1);
        if inv == cube {
            counters::add(left, Kind::BoundsEqual, 1);
            return;
        }
        let k = if inv > cube {
            [
                Kind::InvLarger,
                Kind::NowSurvivors,
                Kind::NowHkReads,
                Kind::NowH0Reads,
            ]
        } else {
            [
                Kind::CubeLarger,
                Kind::CubeNowSurvivors,
                Kind::CubeNowHkReads,
                Kind::CubeNowH0Reads,
            ]
        };
        let ks = if inv > cube {
            [
                Kind::SwitchSurvivors,
                Kind::SwitchHkReads,
                Kind::SwitchH0Reads,
            ]
        } else {
            [
                Kind::CubeSwitchSurvivors,
                Kind::CubeSwitchHkReads,
                Kind::CubeSwitchH0Reads,
            ]
        };
        counters::add(left, k[0], 1);
        let (mut now, mut now_reads) = (0, [0u64; 2]);
        for m in Move::ALL {
            if !can_follow(prev, m) || (!halves && is_half(m)) {
                continue;
            }
            let f = forward(self, n, m.index());
            if self.counted_bound(f.h11, left, &mut now_reads) > left {
                continue;
            }
            let b = if is_half(m) {
                inv
            } else {
                self.counted_bound(inverse(self, n, m).1, left, &mut now_reads)
            };
            now += u64::from(b <= left);
        }
        counters::add(left, k[1], now);
        counters::add(left, k[2], now_reads[0]);
        counters::add(left, k[3], now_reads[1]);
        let cube_packed = PackedCube::pack(&n.inv.unpack().inverse());
        let (mut switched, mut sw_reads) = (0, [0u64; 2]);
        for m in Move::ALL {
            let q = self.inverse.right_move(m.index(), &n.inv);
            let (r, e, o) = self.parts_of_packed(&q);
            if self.counted_bound(self.h11(r, e, o), left, &mut sw_reads) > left {
                continue;
            }
            let b = if is_half(m) {
                cube
            } else {
                let p = self.inverse.left_move(m.inverse().index(), &cube_packed);
                let (r, e, o) = self.parts_of_packed(&p);
                self.counted_bound(self.h11(r, e, o), left, &mut sw_reads)
            };
            switched += u64::from(b <= left);
        }
        counters::add(left, ks[0], switched);
        counters::add(left, ks[1], sw_reads[0]);
        counters::add(left, ks[2], sw_reads[1]);
    }

    /// The lower bound of a cube (its two lookups).
    #[cfg(test)]
    pub fn cube_bound(&self, cube: &CubieCube) -> usize {
        let n = Node::root(self, cube);
        self.bound(n.fwd).max(self.bound(n.inv_h11))
    }
}

/// The rank of each 4-subset of `n` positions by its bit mask (0 for other masks).
fn ranks(n: usize) -> Vec<u16> {
    (0..1u32 << n)
        .map(|m| {
            if m.count_ones() == 4 {
                subset_rank(m, n) as u16
            } else {
                0
            }
        })
        .collect()
}

/// A search node: the cube's corner class and the symmetry to its representative, its edge
/// parts in its own frame, its h11 index, the inverse packed and its h11 index.
#[derive(Clone, Copy)]
pub(super) struct Node {
    class: u16,
    sym: u8,
    esep: u16,
    eo: u16,
    fwd: u64,
    inv: PackedCube,
    inv_h11: u64,
    /// A lower bound of the inverse's distance as far as read ([`H8Tables::side_bound`]): a
    /// half turn keeps it (the inverse takes it on the left, which keeps the h11 index).
    inv_bound: u8,
}

impl Node {
    fn root(t: &H8Tables, cube: &CubieCube) -> Node {
        let e = super::h48::coord::edge_part(cube);
        let (class, sym) = t.class_of_raw(super::h48::coord::corner_raw(cube) as u32);
        let (esep, eo) = ((e >> 11) as u16, (e & 0x7FF) as u16);
        let inv = PackedCube::pack(&cube.inverse());
        let (ir, ie, io) = t.parts_of_packed(&inv);
        let inv_h11 = t.h11(ir, ie, io);
        Node {
            class,
            sym,
            esep,
            eo,
            fwd: t.h11_of(class, sym, esep, eo),
            inv,
            inv_h11,
            inv_bound: t.bound(inv_h11) as u8,
        }
    }

    /// The node of a cube's half ([`forward`]) and its inverse's ([`inverse`]) with the
    /// inverse's bound as far as read.
    fn from_halves(fwd: Forward, inv: (PackedCube, u64), inv_bound: u8) -> Node {
        let Forward {
            class,
            sym,
            esep,
            eo,
            h11: fwd,
        } = fwd;
        Node {
            class,
            sym,
            esep,
            eo,
            fwd,
            inv: inv.0,
            inv_h11: inv.1,
            inv_bound,
        }
    }

    fn is_solved(&self) -> bool {
        self.inv == PackedCube::SOLVED
    }
}

/// The cube's half of a node: its corner class, the symmetry to the class representative,
/// its edge parts in its own frame and its h11 index.
#[derive(Clone, Copy, Default)]
pub(super) struct Forward {
    class: u16,
    sym: u8,
    esep: u16,
    eo: u16,
    h11: u64,
}

/// The cube's half of the child after `m`. The corners `c` of the node satisfy
/// `s · c · s⁻¹ = r` (its symmetry `s`, its class representative `r`), so `s · c·m · s⁻¹ =
/// r · m'` with `m' = s · m · s⁻¹`: the class move table gives the class of `r · m'` and a
/// symmetry `u` to its representative, and `u · s` carries the child's corners there.
#[inline(always)]
fn forward(t: &H8Tables, n: &Node, m: usize) -> Forward {
    let s = n.sym as usize;
    let m2 = t.conj_move[s][m] as usize;
    let (class, u) = t.mt.class_after(n.class as usize, m2);
    let (class, sym) = (class as u16, t.product[u][s]);
    let (esep, eo) = t.mt.edges_after(n.esep as usize, n.eo as usize, m);
    let (esep, eo) = (esep as u16, eo as u16);
    Forward {
        class,
        sym,
        esep,
        eo,
        h11: t.h11_of(class, sym, esep, eo),
    }
}

/// The inverse's half of the child after `m`.
#[inline(always)]
fn inverse(t: &H8Tables, n: &Node, m: Move) -> (PackedCube, u64) {
    let inv = t.inverse.left_move(m.inverse().index(), &n.inv);
    let (r, e, o) = t.parts_of_packed(&inv);
    (inv, t.h11(r, e, o))
}

/// Whether `m` is a half turn: the inverse takes it on the left, which keeps its h11 index.
#[inline(always)]
fn is_half(m: Move) -> bool {
    m.turns() == 2
}

/// The child after `m`, if its bound allows a solution within `togo` more moves.
fn child(t: &H8Tables, n: &Node, m: Move, togo: usize) -> Option<Node> {
    let fwd = forward(t, n, m.index());
    if t.exceeds(fwd.h11, togo) {
        return None;
    }
    let inv = inverse(t, n, m);
    let inv_bound = t.side_bound(inv.1, togo);
    if inv_bound > togo {
        return None;
    }
    Some(Node::from_halves(fwd, inv, inv_bound as u8))
}

impl Worker<'_, H8Tables> {
    /// Depth-first search below `node` for solutions of exactly `togo` more moves; returns
    /// `true` to stop. `quarter_last`: the solution's last move cannot be a half turn.
    ///
    /// A half turn on the left keeps the h11 index. The inverse takes the search's moves on the
    /// left, so a half-turn child takes the node's inverse bound without a lookup, and when
    /// that bound is above the moves left after the child, no half-turn child is made. The
    /// cube's side gives the mirror rule: a cube `x` solved in exactly `togo` moves ending with
    /// a half turn `h` has `h · x` solved in `togo − 1`, with `x`'s index, so where a node's own
    /// bound is `togo`, no solution through it ends with a half turn, and the last move below
    /// it is tried with quarter turns only.
    fn dfs(&mut self, node: &Node, togo: usize, quarter_last: bool) -> bool {
        if togo == 0 {
            return self.leaf(node.is_solved());
        }
        if self.tick() {
            return true;
        }
        let t = self.t;
        let left = togo - 1;
        let prev = self.previous();
        let inv_bound = t.refreshed(node.inv_bound, node.inv_h11, left);
        let halves = inv_bound <= left && !(left == 0 && quarter_last);
        if cfg!(feature = "stats") {
            t.count_switch(node, left, prev, halves, inv_bound);
        }
        let mut moves = [Move::ALL[0]; 18];
        let mut fwd = [Forward::default(); 18];
        let mut n = 0;
        for m in Move::ALL {
            if !can_follow(prev, m) {
                continue;
            }
            if !halves && is_half(m) {
                counters::add(left, Kind::Skipped, 1);
                continue;
            }
            fwd[n] = forward(t, node, m.index());
            t.prefetch(fwd[n].h11, left);
            moves[n] = m;
            n += 1;
        }
        self.nodes += n as u64;
        counters::add(left, Kind::Generated, n as u64);
        // The cube's bounds, then the inverse of the survivors (the last move needs none: the
        // child is solved or not; a half turn none either: it keeps the node's).
        let mut alive = [0u8; 18];
        let mut inv = [(PackedCube::SOLVED, 0u64); 18];
        let mut tight = [false; 18];
        let mut n_alive = 0;
        for i in 0..n {
            t.count_code0(fwd[i].h11, left, Kind::Code0Right);
            let b = t.side_bound(fwd[i].h11, left);
            if b > left {
                counters::add(left, Kind::CutRight, 1);
                continue;
            }
            tight[i] = b == left;
            let m = moves[i];
            if is_half(m) {
                inv[i] = (t.inverse.left_move(m.index(), &node.inv), node.inv_h11);
            } else {
                inv[i] = inverse(t, node, m);
                if left > 0 {
                    t.prefetch(inv[i].1, left);
                }
            }
            alive[n_alive] = i as u8;
            n_alive += 1;
        }
        for &i in &alive[..n_alive] {
            let i = i as usize;
            let b = if is_half(moves[i]) || left == 0 {
                inv_bound
            } else {
                counters::add(left, Kind::LeftLookups, 1);
                t.count_code0(inv[i].1, left, Kind::Code0Left);
                let b = t.side_bound(inv[i].1, left);
                if b > left {
                    counters::add(left, Kind::CutLeft, 1);
                    continue;
                }
                b
            };
            let c = Node::from_halves(fwd[i], inv[i], b as u8);
            self.path.push(moves[i]);
            let stop = self.dfs(&c, left, quarter_last || tight[i]);
            self.path.pop();
            if stop {
                return true;
            }
        }
        false
    }
}

impl Deepening for H8Tables {
    type Tables = H8Tables;
    type Node = Node;

    fn tables(&self) -> &H8Tables {
        self
    }

    fn root(&self, cube: &CubieCube) -> Node {
        Node::root(self, cube)
    }

    fn bound(&self, n: &Node) -> usize {
        self.bound(n.fwd).max(self.bound(n.inv_h11))
    }

    fn bound_sum(&self, n: &Node) -> usize {
        self.bound(n.fwd) + self.bound(n.inv_h11)
    }

    fn child(&self, n: &Node, m: Move, togo: usize) -> Option<Node> {
        child(self, n, m, togo)
    }

    fn node_cost(&self) -> f64 {
        NODE_COST
    }

    fn search_task(&self, w: &mut Worker<'_, H8Tables>, _: &CubieCube, n: &Node, togo: usize) {
        let tight = self.side_bound(n.fwd, togo) == togo;
        w.dfs(n, togo, tight);
    }
}

/// Searches lengths from the root's bound up to `run.max_length` with the h8 bound
/// ([`deepen`]).
pub fn search(t: &H8Tables, cube: &CubieCube, run: &Run) -> (Outcome, Stats) {
    deepen(t, cube, run)
}

#[cfg(test)]
mod tests;
