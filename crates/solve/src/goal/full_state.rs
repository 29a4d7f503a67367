//! A stronger bound for goals made of whole states with all 18 face turns: the optimal
//! solver's lower bound ([`crate::method::optimal::LowerBound`]), taken relative to each goal
//! state, least over them.
//!
//! Moves act on the right (`cube` after the moves `m` is `cube · m`), so a sequence takes `x`
//! to the state `T` when `x · m = T`, that is `(T⁻¹ · x) · m = identity`: the distance from
//! `x` to `T` is the distance of `T⁻¹ · x` to solved, and a lower bound of that is a lower
//! bound of the turns to `T`. A goal of several states (a last-layer case with its last turn
//! of U free has four) is as near as its nearest state: the bound is the least over them.

use crate::method::optimal::{LowerBound, Tracked};
use crate::store::{Store, TableError};
use rubik_cube::{CubieCube, Move, MoveSet, Pattern};

/// The optimal solver's bound towards a set of whole goal states.
#[derive(Clone)]
pub struct FullStateBound {
    bound: LowerBound,
    /// `T⁻¹` for each goal state `T`.
    inverses: Vec<CubieCube>,
}

impl FullStateBound {
    /// The bound for `patterns` with `moves`, when it applies: every pattern is one whole
    /// state and the moves are the 18 face turns (the turns the optimal solver's distances
    /// count); `Ok(None)` otherwise. Its tables come from `store` (loaded or built once per
    /// directory, shared with the optimal method).
    pub fn for_goal(
        patterns: &[Pattern],
        moves: &MoveSet,
        store: &Store,
    ) -> Result<Option<FullStateBound>, TableError> {
        if patterns.is_empty() || !moves.is_all_faces() {
            return Ok(None);
        }
        let Some(states) = patterns
            .iter()
            .map(Pattern::exact_state)
            .collect::<Option<Vec<CubieCube>>>()
        else {
            return Ok(None);
        };
        Ok(Some(FullStateBound {
            bound: LowerBound::load(store)?,
            inverses: states.iter().map(CubieCube::inverse).collect(),
        }))
    }

    /// A lower bound on the face turns from `x` to the nearest goal state.
    pub fn bound(&self, x: &CubieCube) -> u8 {
        self.inverses
            .iter()
            .map(|t| self.bound.bound(&t.multiply(x)))
            .min()
            .unwrap_or(0)
    }

    /// Whether [`FullStateBound::bound`] of `x` exceeds `limit` (every goal state further
    /// than `limit`).
    #[inline]
    pub fn exceeds(&self, x: &CubieCube, limit: u8) -> bool {
        self.inverses
            .iter()
            .all(|t| self.bound.exceeds(&t.multiply(x), limit))
    }

    /// Number of goal states (of entries in a [`FullStateBound::track`]).
    pub fn targets(&self) -> usize {
        self.inverses.len()
    }

    /// `T⁻¹ · x` for each goal state `T`, tracked: a search follows them move by move
    /// ([`FullStateBound::track_moves`]) instead of looking `x` up from scratch at each node.
    pub(crate) fn tracked(&self, x: &CubieCube) -> Vec<Tracked> {
        self.inverses
            .iter()
            .map(|t| self.bound.track(&t.multiply(x)))
            .collect()
    }

    /// [`FullStateBound::tracked`] into `out`.
    pub(crate) fn track(&self, x: &CubieCube, out: &mut [Tracked]) {
        for (o, t) in out.iter_mut().zip(&self.inverses) {
            *o = self.bound.track(&t.multiply(x));
        }
    }

    /// `from` after `moves` (each `T⁻¹ · x` becomes `T⁻¹ · x · m₁ · m₂ …`), into `to`.
    #[inline]
    pub(crate) fn track_moves(&self, from: &[Tracked], moves: &[Move], to: &mut [Tracked]) {
        for (o, x) in to.iter_mut().zip(from) {
            *o = moves.iter().fold(*x, |x, &m| self.bound.track_move(&x, m));
        }
    }

    /// [`FullStateBound::exceeds`] of the cube whose [`FullStateBound::track`] is `tracked`.
    #[inline]
    pub(crate) fn tracked_exceeds(&self, tracked: &[Tracked], limit: u8) -> bool {
        tracked.iter().all(|x| self.bound.tracked_exceeds(x, limit))
    }
}
