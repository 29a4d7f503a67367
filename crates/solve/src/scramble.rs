//! WCA-style random-state scrambles: draw a uniformly random state, solve it, and give the
//! inverse of the solution, which takes a solved cube to that state. States that can be solved
//! in fewer than 2 moves are drawn again (as the WCA regulations ask). A seed makes the
//! sequence of scrambles reproducible.

use crate::{Limits, SolveError, Solver};
use rubik_cube::random::{rng_from_seed, CubeRng};
use rubik_cube::subset::Subset;
use rubik_cube::{CubieCube, Move};

/// A scramble: the moves, and the state they produce from solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    /// Moves to apply to a solved cube (outer face turns).
    pub moves: Vec<Move>,
    /// The random state the moves produce.
    pub cube: CubieCube,
}

/// Whether `cube` is solved or one move from solved.
fn too_close_to_solved(cube: &CubieCube) -> bool {
    cube.is_solved() || Move::ALL.iter().any(|&m| cube.apply_move(m).is_solved())
}

/// The next scramble from `rng`, solved with `solver` (two-phase is the one to use: ≤ 20 moves).
pub fn next_scramble(solver: &dyn Solver, rng: &mut CubeRng) -> Result<Scramble, SolveError> {
    let cube = loop {
        let c = CubieCube::random(rng);
        if !too_close_to_solved(&c) {
            break c;
        }
    };
    let solution = solver.solve(&cube, &Limits::default())?;
    let moves: Vec<Move> = solution.moves.iter().rev().map(|m| m.inverse()).collect();
    debug_assert_eq!(CubieCube::from_moves(&moves), cube);
    Ok(Scramble { moves, cube })
}

/// A uniformly random state of a training subset and a scramble producing it: the inverse of
/// `solver`'s solution (with two-phase, at most 20 moves). A state that is already solved
/// has the empty scramble.
pub fn subset_scramble(
    solver: &dyn Solver,
    subset: Subset,
    rng: &mut CubeRng,
) -> Result<Scramble, SolveError> {
    let cube = subset.random(rng);
    let solution = solver.solve(&cube, &Limits::default())?;
    let moves: Vec<Move> = solution.moves.iter().rev().map(|m| m.inverse()).collect();
    assert_eq!(
        CubieCube::from_moves(&moves),
        cube,
        "a scramble makes its state"
    );
    Ok(Scramble { moves, cube })
}

/// `count` scrambles from `seed`; the same seed always gives the same scrambles.
pub fn scrambles(
    solver: &dyn Solver,
    seed: u64,
    count: usize,
) -> Result<Vec<Scramble>, SolveError> {
    let mut rng = rng_from_seed(seed);
    (0..count)
        .map(|_| next_scramble(solver, &mut rng))
        .collect()
}
