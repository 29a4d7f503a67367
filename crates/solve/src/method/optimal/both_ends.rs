//! The one-solution search, growing the solution from both ends.
//!
//! A solution `s` of a cube `g` (`g · s = 1`) can be extended at its end — the cube takes the
//! move on the right, `g → g · m` — or at its start, as a *premove* — `g → m · g`, and `m` goes
//! last: `g · s′ · m = 1` when `m · g · s′ = 1`. The inverse cube takes the mirror image:
//! `g⁻¹ → m⁻¹ · g⁻¹` and `g⁻¹ → g⁻¹ · m⁻¹`. A node keeps both the cube and its inverse ("sides"),
//! each seen on the three axes, as coordinates (for the move tables) and packed (for moves on
//! the left), with the table's bound for each axis.
//!
//! Two facts make this pay:
//! - A move of an axis does not change the other side's coordinates on that axis (it relabels
//!   pieces within the classes the coordinates tell apart). So the other side's bound there
//!   carries over without a lookup, and when it is already too large, every move of that axis
//!   is pruned before any child is made.
//! - Each node can pick the end with fewer such moves left: the branching factor drops.
//!
//! Used for [`super::search::Mode::First`]; listing every solution keeps the one-ended search,
//! whose canonical sequences make each solution appear once.

use super::corners::corner_perm;
use super::inverse::PackedCube;
use super::prune::value;
use super::reader::Reader;
use super::search::{lookup, moved_by, prefetch, Worker};
use super::tables::Tables;
use crate::search::can_follow;
use rubik_cube::{CubieCube, Move};
use std::sync::atomic::Ordering;

/// The cube or its inverse, seen on the three axes.
#[derive(Clone, Copy)]
struct Side {
    /// Flip, slice (with order for the grouped tables), twist and corner split on each axis.
    coords: [[u16; 4]; 3],
    /// Packed on each axis.
    packed: [PackedCube; 3],
    /// The table's bound on each axis.
    bounds: [u8; 3],
    /// Corner permutation coordinate (U–D axis), when `corner_known`.
    corner: u16,
    /// Whether `corner` is up to date (a move on the left changes it without a table).
    corner_known: bool,
}

impl Side {
    fn new<R: Reader>(t: &Tables, c: &CubieCube) -> Side {
        let mut coords = [[0u16; 4]; 3];
        let mut packed = [PackedCube::SOLVED; 3];
        let mut bounds = [0u8; 3];
        for k in 0..3 {
            let ck = t.syms.on_axis(c, k);
            packed[k] = PackedCube::pack(&ck);
            coords[k] = R::packed_coords(t, &packed[k]);
            bounds[k] = lookup::<R>(t, &coords[k]) as u8;
        }
        Side {
            coords,
            packed,
            bounds,
            corner: corner_perm(c),
            corner_known: true,
        }
    }
}

/// A node of the search: the cube (side 0) and its inverse (side 1).
#[derive(Clone, Copy)]
pub(super) struct BothEnds {
    sides: [Side; 2],
}

impl BothEnds {
    /// The node of a cube.
    pub(super) fn new<R: Reader>(t: &Tables, cube: &CubieCube) -> BothEnds {
        BothEnds {
            sides: [Side::new::<R>(t, cube), Side::new::<R>(t, &cube.inverse())],
        }
    }
}

/// Whether `m`, applied as a premove after the premove `last`, keeps the solution canonical
/// (in the solution `m` comes right before `last`).
fn can_precede(m: Move, last: Option<Move>) -> bool {
    last.is_none_or(|l| can_follow(Some(m), l))
}

impl Worker<'_> {
    /// Searches for a solution of exactly `togo` more moves, added at either end; `last` holds
    /// the last move added at the end and at the start. Returns `true` to stop.
    pub(super) fn dfs_both<R: Reader>(
        &mut self,
        node: &BothEnds,
        togo: usize,
        last: [Option<Move>; 2],
    ) -> bool {
        if togo == 0 {
            if node.sides[0].packed[0] == PackedCube::SOLVED {
                self.record_both();
                return true;
            }
            return false;
        }
        if self.tick() {
            return true;
        }
        let t = self.t;
        let left = togo - 1;
        // The moves each end allows: canonical, and not on an axis where the other side's bound
        // (which the move keeps) is already too large.
        let mut allowed = [[false; 18]; 2];
        let mut n_allowed = [0usize; 2];
        for s in 0..2 {
            let other = &node.sides[1 - s];
            for m in Move::ALL {
                let canonical = if s == 0 {
                    can_follow(last[0], m)
                } else {
                    can_precede(m, last[1])
                };
                if canonical && other.bounds[t.syms.own_axis[m.index()]] as usize <= left {
                    allowed[s][m.index()] = true;
                    n_allowed[s] += 1;
                }
            }
        }
        let sum = |s: usize| {
            node.sides[s]
                .bounds
                .iter()
                .map(|&b| b as usize)
                .sum::<usize>()
        };
        let s = if n_allowed[0] != n_allowed[1] {
            usize::from(n_allowed[1] < n_allowed[0])
        } else {
            // Grow the side whose bounds are tighter: its children are likelier to be pruned.
            usize::from(sum(1) > sum(0))
        };
        let (x, y) = (&node.sides[s], &node.sides[1 - s]);
        let x_corner = if x.corner_known {
            x.corner
        } else {
            corner_perm(&x.packed[0].unpack())
        };
        let classes = R::class_table(t);

        // The last move needs no bound: the child is solved or not.
        if left == 0 {
            for m in Move::ALL {
                if !allowed[s][m.index()] {
                    continue;
                }
                self.nodes += 1;
                let a = if s == 0 { m } else { m.inverse() };
                if t.inverse.right_move(a.index(), &x.packed[0]) == PackedCube::SOLVED {
                    self.push_end(s, m);
                    self.record_both();
                    return true;
                }
            }
            return false;
        }

        // Round 1: side x on the three axes, with the corner table, for every allowed move:
        // class slots fetched together, then entries together, then read.
        let mut moves = [Move::ALL[0]; 18];
        let mut applied = [0usize; 18];
        let mut coords = [[[0u16; 4]; 3]; 18];
        let mut slot = [[0usize; 3]; 18];
        let mut idx = [[0usize; 3]; 18];
        let mut corner = [(0u16, 0usize); 18];
        let mut n = 0;
        for m in Move::ALL {
            if !allowed[s][m.index()] {
                continue;
            }
            // Side 0 takes `m` on the right; side 1 (the inverse) takes `m⁻¹` on the right.
            let a = if s == 0 { m } else { m.inverse() };
            for k in 0..3 {
                coords[n][k] = moved_by::<R>(t, &x.coords[k], t.syms.move_conj[k][a.index()]);
                slot[n][k] = R::class_slot(t, &coords[n][k]);
                prefetch(classes, slot[n][k]);
            }
            let cp = t.corners.perm_move[x_corner as usize * 18 + a.index()];
            let ci = t.corner_index(cp, coords[n][0][2]);
            prefetch(&t.corner_prune, ci >> 1);
            corner[n] = (cp, ci);
            moves[n] = m;
            applied[n] = a.index();
            n += 1;
        }
        self.nodes += n as u64;
        for i in 0..n {
            for k in 0..3 {
                idx[i][k] = R::entry(t, classes[slot[i][k]], &coords[i][k]);
                prefetch(&t.prune, R::byte_of(idx[i][k]));
            }
        }
        let mut x_bounds = [[0u8; 3]; 18];
        let mut alive = [0u8; 18];
        let mut n_alive = 0;
        for i in 0..n {
            x_bounds[i] = idx[i].map(|e| R::bound(t, e));
            if x_bounds[i].iter().any(|&b| b as usize > left)
                || value(&t.corner_prune, corner[i].1) as usize > left
            {
                continue;
            }
            alive[n_alive] = i as u8;
            n_alive += 1;
        }
        let mut y_packed = [[PackedCube::SOLVED; 3]; 18];
        let mut y_coords = [[[0u16; 4]; 3]; 18];
        let mut y_bounds = [[0u8; 3]; 18];
        for &i in &alive[..n_alive] {
            let i = i as usize;
            // Side y takes the move on the left; on the move's own axis its pieces are
            // relabelled within their classes, so coordinates and bound stay.
            let own = t.syms.own_axis[applied[i]];
            for k in 0..3 {
                y_packed[i][k] = t
                    .inverse
                    .left_move(t.syms.inverse_move_conj[k][applied[i]], &y.packed[k]);
                if k == own {
                    y_coords[i][k] = y.coords[k];
                    y_bounds[i][k] = y.bounds[k];
                    continue;
                }
                y_coords[i][k] = R::packed_coords(t, &y_packed[i][k]);
                slot[i][k] = R::class_slot(t, &y_coords[i][k]);
                prefetch(classes, slot[i][k]);
            }
        }

        // Round 2: side y on the axes the move changes.
        for &i in &alive[..n_alive] {
            let i = i as usize;
            let own = t.syms.own_axis[applied[i]];
            for k in (0..3).filter(|&k| k != own) {
                idx[i][k] = R::entry(t, classes[slot[i][k]], &y_coords[i][k]);
                prefetch(&t.prune, R::byte_of(idx[i][k]));
            }
        }
        for &i in &alive[..n_alive] {
            let i = i as usize;
            let own = t.syms.own_axis[applied[i]];
            let mut pruned = false;
            for k in (0..3).filter(|&k| k != own) {
                y_bounds[i][k] = R::bound(t, idx[i][k]);
                pruned |= y_bounds[i][k] as usize > left;
            }
            if pruned {
                continue;
            }
            let mut child_x = Side {
                coords: coords[i],
                packed: x.packed,
                bounds: x_bounds[i],
                corner: corner[i].0,
                corner_known: true,
            };
            for k in 0..3 {
                child_x.packed[k] = t
                    .inverse
                    .right_move(t.syms.move_conj[k][applied[i]].index(), &x.packed[k]);
            }
            let child_y = Side {
                coords: y_coords[i],
                packed: y_packed[i],
                bounds: y_bounds[i],
                corner: 0,
                corner_known: false,
            };
            let child = if s == 0 {
                BothEnds {
                    sides: [child_x, child_y],
                }
            } else {
                BothEnds {
                    sides: [child_y, child_x],
                }
            };
            let mut child_last = last;
            child_last[s] = Some(moves[i]);
            self.push_end(s, moves[i]);
            let stop = self.dfs_both::<R>(&child, left, child_last);
            self.pop_end(s);
            if stop {
                return true;
            }
        }
        false
    }

    /// Adds `m` at the end of the solution (`s = 0`) or at its start (`s = 1`).
    fn push_end(&mut self, s: usize, m: Move) {
        if s == 0 {
            self.path.push(m);
        } else {
            self.premoves.push(m);
        }
    }

    fn pop_end(&mut self, s: usize) {
        if s == 0 {
            self.path.pop();
        } else {
            self.premoves.pop();
        }
    }

    /// Keeps the current solution: the moves added at the end, then the premoves, last first.
    fn record_both(&mut self) {
        let mut sol = self.path.clone();
        sol.extend(self.premoves.iter().rev());
        self.found.push(sol);
        self.ctl.first.fetch_min(self.task, Ordering::Relaxed);
    }
}
