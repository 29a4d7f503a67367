//! Solving to a goal state other than solved (Kociemba's `solveto`, the `kociemba` package's
//! `patternstring`).
//!
//! Moves act by multiplication on the right: `cube` after the moves `m` is `cube · m`. A
//! sequence that takes `cube` to `goal` satisfies `cube · m = goal`, that is
//! `(goal⁻¹ · cube) · m = goal⁻¹ · goal = identity`: the moves that take `cube` to `goal` are
//! exactly the moves that solve `goal⁻¹ · cube`. So any solver reaches any goal, with its own
//! length guarantees (an optimal solver gives the shortest way to the goal).

use crate::i18n::{message, Message};
use crate::{Limits, Solution, SolveError, Solver, Step};
use rubik_cube::CubieCube;

/// The state whose solutions take `cube` to `goal`: `goal⁻¹ · cube`.
pub fn relative_to_goal(cube: &CubieCube, goal: &CubieCube) -> CubieCube {
    goal.inverse().multiply(cube)
}

/// Moves that take `cube` to `goal`, found by `solver` within `limits`: one step, "Goal
/// reached". Both states must be valid (a solver rejects an invalid relative state).
pub fn solve_to(
    solver: &dyn Solver,
    cube: &CubieCube,
    goal: &CubieCube,
    limits: &Limits,
) -> Result<Solution, SolveError> {
    goal.check()?;
    let solution = solver.solve(&relative_to_goal(cube, goal), limits)?;
    let count = solution.moves.len().to_string();
    let step = Step::new(
        message!(MESSAGES, "goal.reach"),
        &[("count", &count)],
        solution.moves.clone(),
    );
    Ok(Solution {
        moves: solution.moves,
        steps: vec![step],
    })
}

/// The messages of goal solving.
pub const MESSAGES: &[Message] = &[Message {
    key: "goal.reach",
    en_name: "Goal reached",
    en_explanation: "The cube now shows the goal position ({count|move|moves}).",
    fr_name: "But atteint",
    fr_explanation: "Le cube montre maintenant la position visée ({count|mouvement|mouvements}).",
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::method::thistlethwaite::Thistlethwaite;
    use rubik_cube::random::rng_from_seed;
    use rubik_cube::Move;

    #[test]
    fn relative_state_is_solved_exactly_when_cube_is_the_goal() {
        let mut rng = rng_from_seed(7);
        for _ in 0..50 {
            let a = CubieCube::random(&mut rng);
            let b = CubieCube::random(&mut rng);
            assert!(relative_to_goal(&a, &a).is_solved());
            assert_eq!(a == b, relative_to_goal(&a, &b).is_solved());
            // Any moves act the same on both sides: cube·m relative to goal is (goal⁻¹·cube)·m.
            let m = [Move::ALL[3], Move::ALL[10], Move::ALL[17]];
            assert_eq!(
                relative_to_goal(&a.apply_moves(&m), &b),
                relative_to_goal(&a, &b).apply_moves(&m)
            );
        }
    }

    #[test]
    fn the_answer_applied_to_the_cube_gives_the_goal() {
        let solver = Thistlethwaite::new(&Default::default()).expect("tables");
        let mut rng = rng_from_seed(11);
        for _ in 0..20 {
            let cube = CubieCube::random(&mut rng);
            let goal = CubieCube::random(&mut rng);
            let solution = solve_to(&solver, &cube, &goal, &Limits::default()).unwrap();
            assert_eq!(cube.apply_moves(&solution.moves), goal);
            assert_eq!(solution.steps.len(), 1);
            assert_eq!(solution.steps[0].moves, solution.moves);
        }
    }

    #[test]
    fn an_invalid_goal_is_refused() {
        let mut goal = CubieCube::SOLVED;
        goal.co[0] = 1;
        let solver = Thistlethwaite::new(&Default::default()).expect("tables");
        let e = solve_to(&solver, &CubieCube::SOLVED, &goal, &Limits::default()).unwrap_err();
        assert!(matches!(e, SolveError::InvalidCube(_)), "{e}");
    }
}
