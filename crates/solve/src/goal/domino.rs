//! Domino reduction (`dr`, the cube in ⟨U, D, R2, L2, F2, B2⟩ about some axis) with all 18
//! face turns, solved exactly by the two-phase method's phase-1 table.
//!
//! That table holds, for every cube, its exact distance to the subgroup about U–D (flip ×
//! slice class × twist, 140,908,410 entries, the file every two-phase user already has). So a
//! shortest way there is read off it turn by turn: from a cube at distance `d`, some turn
//! leads to distance `d − 1`. About R–L or F–B the cube is first turned so that axis stands
//! U–D (DR about an axis is the same question for the cube looked at from another side),
//! and the turns found are turned back.

use crate::coord::classes::FLIPSLICE_CLASSES;
use crate::coord::moves::TWIST_CONJ;
use crate::coord::{flip, slice, twist};
use crate::method::twophase::tables::{phase1_entry, PHASE1_PRUNE};
use crate::store::bfs::nibble;
use crate::store::{Store, Table, TableError};
use rubik_cube::pattern::named::turn_from_ud;
use rubik_cube::pattern::GoalName;
use rubik_cube::rotation::{self, Axis};
use rubik_cube::{CubieCube, Goal, Move};
use std::sync::Arc;

/// The phase-1 distance table and the class tables that index it.
pub struct DominoTable {
    flipslice_sym: Arc<Table<u32>>,
    twist_conj: Arc<Table<u16>>,
    prune: Arc<Table<u8>>,
}

impl DominoTable {
    /// The tables from `store` (built and saved when missing).
    pub fn load(store: &Store) -> Result<DominoTable, TableError> {
        Ok(DominoTable {
            flipslice_sym: store.get(&FLIPSLICE_CLASSES)?,
            twist_conj: store.get(&TWIST_CONJ)?,
            prune: store.get(&PHASE1_PRUNE)?,
        })
    }

    /// The exact number of face turns from `c` to domino reduction about U–D.
    pub fn distance(&self, c: &CubieCube) -> u8 {
        let (i, _) = phase1_entry(
            &self.flipslice_sym,
            &self.twist_conj,
            flip(c),
            twist(c),
            slice(c),
        );
        nibble(&self.prune, i)
    }

    /// A shortest sequence of face turns taking `cube` to domino reduction about `axis`, or
    /// `None` if the table fails to lead there (it never should: it is exact).
    pub fn solve(&self, cube: &CubieCube, axis: Axis) -> Option<Vec<Move>> {
        // Look at the cube with `axis` standing U–D: the goal pattern about `axis` is the U–D
        // one turned by this orientation, and a cube matches it when the cube turned back,
        // R · c · R⁻¹, matches the U–D one.
        let turn = rotation::orientations()[turn_from_ud(axis)].cubie;
        let back = turn.inverse();
        let mut c = turn.multiply(cube).multiply(&back);
        let mut d = self.distance(&c);
        let mut out = Vec::with_capacity(usize::from(d));
        while d > 0 {
            let (m, next) = Move::ALL.iter().find_map(|&m| {
                let next = c.apply_move(m);
                (self.distance(&next) + 1 == d).then_some((m, next))
            })?;
            out.push(seen_from(axis, m)?);
            c = next;
            d -= 1;
        }
        Some(out)
    }
}

/// The axis of a goal that is domino reduction (and nothing else), if it is one.
pub fn axis_of(goal: &Goal) -> Option<Axis> {
    let patterns = goal.patterns();
    if patterns.len() != 1 {
        return None;
    }
    Axis::ALL
        .into_iter()
        .find(|&a| GoalName::Dr(a).pattern() == patterns[0])
}

/// The turn of the cube as held that is `m` of the cube turned so that `axis` stands U–D:
/// the face turn whose cubie is `R⁻¹ · m · R`.
fn seen_from(axis: Axis, m: Move) -> Option<Move> {
    let turn = rotation::orientations()[turn_from_ud(axis)].cubie;
    let want = turn
        .inverse()
        .multiply(&CubieCube::SOLVED.apply_move(m))
        .multiply(&turn);
    Move::ALL
        .into_iter()
        .find(|&x| CubieCube::SOLVED.apply_move(x) == want)
}
