//! Goal searches checked against brute force and sticker by sticker.

use super::*;
use crate::method::thistlethwaite::Thistlethwaite;
use rand::Rng;
use rubik_cube::random::rng_from_seed;
use rubik_cube::subgroup::Outside;
use rubik_cube::{Face, Move, Pattern};
use std::collections::HashMap;

/// A goal solver keeping its tables in one directory for every run of these tests (the store
/// writes each table atomically under a lock, so runs side by side are safe and a later run
/// loads what an earlier one built instead of leaving another copy behind).
fn solver() -> GoalSolver {
    GoalSolver::new(&SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-goal-test-tables")),
        ..SolverConfig::default()
    })
}

/// A goal solver keeping its tables with the optimal method's tests: domino reduction reads
/// the two-phase phase-1 table, which is the optimal method's small table, so one build serves
/// both.
fn solver_sharing_phase_one() -> GoalSolver {
    GoalSolver::new(&SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        ..SolverConfig::default()
    })
}

fn set(s: &str) -> MoveSet {
    s.parse().unwrap()
}

/// The cube `turns` make from `cube`, held as it then is.
fn after(cube: &CubieCube, turns: &[Turn]) -> CubieCube {
    Cube::from_cubie(*cube)
        .apply(&Alg::from_turns(turns.iter().copied()))
        .to_cubie()
}

/// Every sticker the goal's picture shows is on the cube.
fn shows_goal(cube: &CubieCube, p: &Pattern) -> bool {
    let shown = cube.to_face_array();
    p.stickers()
        .iter()
        .zip(shown.iter())
        .all(|(want, got)| want.is_none_or(|w| w == *got))
}

/// Exact distances of every cube within `depth` turns of the goal set `goals`, by breadth-first
/// search over whole cubes (pieces and centres), turns of `moves` backwards.
fn brute_distances(moves: &MoveSet, goals: &[Cube], depth: usize) -> HashMap<Cube, usize> {
    let mut dist: HashMap<Cube, usize> = goals.iter().map(|&g| (g, 0)).collect();
    let mut frontier: Vec<Cube> = goals.to_vec();
    for d in 1..=depth {
        let mut next = Vec::new();
        for c in &frontier {
            for &t in moves.turns() {
                let n = c.apply_turn(t.inverse());
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist
}

#[test]
fn cross_and_blocks_are_solved_sticker_by_sticker_and_optimally() {
    let s = solver();
    let mut rng = rng_from_seed(21);
    for name in ["cross", "cross:U", "2x2x2", "2x2x2:URF", "eo"] {
        let goal = Goal::parse(name).unwrap();
        for _ in 0..5 {
            let cube = CubieCube::random(&mut rng);
            let sol = s
                .solve(&cube, &goal, &set("all"), &Limits::default())
                .unwrap();
            let end = after(&cube, &sol.turns);
            assert!(goal.matches(&end), "{name}");
            assert!(shows_goal(&end, &goal.patterns()[0]), "{name}");
            assert_eq!(cube.apply_moves(&sol.solution.moves), end);
            assert!(sol.len() <= 10, "{name}: {}", sol.len());
        }
    }
}

#[test]
fn bigger_goals_from_nearby_cubes() {
    // F2L minus a slot and OLL, from cubes a few turns from solved.
    let s = solver_sharing_phase_one();
    let mut rng = rng_from_seed(2);
    for name in ["f2l-1:D:BL", "oll", "dr", "2x2x3"] {
        let goal = Goal::parse(name).unwrap();
        for _ in 0..3 {
            let walk: Vec<Move> = (0..6).map(|_| Move::ALL[rng.gen_range(0..18)]).collect();
            let cube = CubieCube::from_moves(&walk);
            let sol = s
                .solve(&cube, &goal, &set("all"), &Limits::default())
                .unwrap();
            let end = after(&cube, &sol.turns);
            assert!(
                goal.matches(&end) && shows_goal(&end, &goal.patterns()[0]),
                "{name}"
            );
            assert!(sol.len() <= 6, "{name}: {}", sol.notation());
        }
    }
}

#[test]
fn goal_lengths_match_brute_force_in_subgroups() {
    let s = solver();
    let mut rng = rng_from_seed(5);
    for (moves, depth) in [
        ("R,U", 7),
        ("R,U,F", 5),
        ("U,R2,F2", 8),
        ("M,U", 8),
        ("R,U,r", 5),
    ] {
        let ms = set(moves);
        // Goal: solved, in any orientation the set reaches (the cube held as it then is).
        let goals: Vec<Cube> = {
            let model = moves::MoveModel::new(&ms);
            model
                .orientations
                .iter()
                .map(|&o| {
                    Cube::from_parts(rubik_cube::rotation::orientations()[o as usize].cubie, o)
                })
                .collect()
        };
        let dist = brute_distances(&ms, &goals, depth);
        let turns = ms.turns();
        for _ in 0..25 {
            // A random walk, read back as the cube is held.
            let mut c = Cube::solved();
            for _ in 0..rng.gen_range(1..=depth) {
                c = c.apply_turn(turns[rng.gen_range(0..turns.len())]);
            }
            let start = c.to_cubie();
            let sol = s
                .solve(&start, &Goal::solved(), &ms, &Limits::default())
                .unwrap();
            assert!(after(&start, &sol.turns).is_solved(), "{moves}");
            // The brute-force distance of the held cube: the same pieces in the start
            // orientation.
            let expected = dist[&Cube::from_cubie(start)];
            assert_eq!(sol.len(), expected, "{moves}: {}", sol.notation());
        }
    }
}

#[test]
fn partial_goal_lengths_match_brute_force() {
    // The cross, from cubes a few turns away: every cube within 4 turns of a cross-solved
    // cube, found backwards from the cross-solved cubes those turns reach.
    let s = solver();
    let goal = Goal::parse("cross").unwrap();
    let mut rng = rng_from_seed(8);
    for _ in 0..20 {
        let mut c = CubieCube::random(&mut rng);
        // Solve the cross first, then scramble a little.
        let base = s.solve(&c, &goal, &set("all"), &Limits::default()).unwrap();
        c = c.apply_moves(&base.solution.moves);
        let walk: Vec<Move> = (0..4).map(|_| Move::ALL[rng.gen_range(0..18)]).collect();
        let start = c.apply_moves(&walk);
        let sol = s
            .solve(&start, &goal, &set("all"), &Limits::default())
            .unwrap();
        // Brute force: the shortest sequence of at most 4 moves reaching the cross.
        let brute = (0..=4)
            .find(|&d| reaches_within(&start, &goal, d, None))
            .unwrap();
        assert_eq!(sol.len(), brute);
    }
}

fn reaches_within(c: &CubieCube, goal: &Goal, d: usize, last: Option<Face>) -> bool {
    if goal.matches(c) {
        return true;
    }
    d > 0
        && Move::ALL.iter().any(|&m| {
            Some(m.face()) != last && reaches_within(&c.apply_move(m), goal, d - 1, Some(m.face()))
        })
}

#[test]
fn cubes_outside_the_subgroup_are_refused_with_the_reason() {
    let s = solver();
    let a_perm = Cube::solved()
        .apply(&Alg::parse("x R' U R' D2 R U' R' D2 R2 x'").unwrap())
        .to_cubie();
    let e = s
        .solve(&a_perm, &Goal::solved(), &set("R,U"), &Limits::default())
        .unwrap_err();
    assert!(
        matches!(&e, SolveError::Unreachable(Unreachable::NotInSubgroup(n)) if n.reason == Outside::Corners),
        "{e}"
    );
    assert_eq!(e.to_string(), "the corners are not in the ⟨R,U⟩ subgroup");
    // A partial goal the set cannot touch: the cross with ⟨R,U⟩ from a cube whose DL edge is
    // out of place.
    let moved = CubieCube::from_moves(&[Move::new(Face::L, 1).unwrap()]);
    let e = s
        .solve(
            &moved,
            &Goal::parse("cross").unwrap(),
            &set("R,U"),
            &Limits::default(),
        )
        .unwrap_err();
    assert!(
        matches!(e, SolveError::Unreachable(Unreachable::Unmoved { .. })),
        "{e}"
    );
}

#[test]
fn full_goals_go_through_any_solver() {
    let target = Goal::parse("R U R' U'").unwrap().exact_state().unwrap();
    let cube = CubieCube::from_moves(&[
        Move::new(Face::F, 1).unwrap(),
        Move::new(Face::D, 2).unwrap(),
    ]);
    let solver = Thistlethwaite::new(&SolverConfig::default()).expect("tables");
    let sol = solve_to(&solver, &cube, &target, &Limits::default()).unwrap();
    assert_eq!(cube.apply_moves(&sol.moves), target);
}

#[test]
fn relative_state_is_solved_exactly_when_cube_is_the_goal() {
    let mut rng = rubik_cube::random::rng_from_seed(7);
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
    let solver = Thistlethwaite::new(&SolverConfig::default()).expect("tables");
    let mut rng = rubik_cube::random::rng_from_seed(11);
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
    let solver = Thistlethwaite::new(&SolverConfig::default()).expect("tables");
    let e = solve_to(&solver, &CubieCube::SOLVED, &goal, &Limits::default()).unwrap_err();
    assert!(matches!(e, SolveError::InvalidCube(_)), "{e}");
}

/// The tables of the optimal solver's tests (`tests/optimal.rs`): one build serves both.
fn optimal_test_store() -> crate::store::Store {
    crate::store::Store::new(&SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        ..SolverConfig::default()
    })
}

#[test]
fn whole_state_goals_with_face_turns_are_bounded_by_the_optimal_table_admissibly() {
    // Goals of whole states whose inverses do not commute with the cubes near them: the bound
    // of x towards T is that of T⁻¹·x (x·T⁻¹ would overshoot).
    let store = optimal_test_store();
    let all = set("all");
    for text in ["solved", "R U R' F", "F R' D2 B"] {
        let goal = Goal::parse(text).unwrap().up_to(Face::U);
        let plan = Plan::new(
            &goal,
            &all,
            &CubieCube::SOLVED,
            Ending::StartOrientation,
            &store,
        )
        .unwrap();
        let full = plan.full_state.as_ref().expect("a goal of whole states");
        let targets: Vec<Cube> = goal
            .patterns()
            .iter()
            .map(|p| Cube::from_cubie(p.exact_state().unwrap()))
            .collect();
        assert_eq!(targets.len(), 4);
        let exact = brute_distances(&all, &targets, 3);
        let mut tight = 0;
        for (cube, &d) in &exact {
            let x = cube.to_cubie();
            let b = usize::from(full.bound(&x));
            assert!(b <= d, "{text}: bound {b} > distance {d}");
            assert!(usize::from(plan.bound(&x, 0)) <= d, "{text}");
            for limit in 0..6u8 {
                assert_eq!(full.exceeds(&x, limit), b > usize::from(limit));
                assert_eq!(
                    plan.exceeds(&x, 0, limit),
                    usize::from(plan.bound(&x, 0)) > usize::from(limit)
                );
            }
            tight += usize::from(b == d);
        }
        // Followed move by move from the goal, it reads the same as looked up from scratch.
        let mut rng = rng_from_seed(text.len() as u64);
        for _ in 0..200 {
            let moves: Vec<Move> = (0..rng.gen_range(0..12))
                .map(|_| Move::ALL[rng.gen_range(0..18)])
                .collect();
            let start = targets[rng.gen_range(0..4)].to_cubie();
            let end = start.apply_moves(&moves);
            let mut tracked = full.tracked(&start);
            for m in &moves {
                let before = tracked.clone();
                full.track_moves(&before, &[*m], &mut tracked);
            }
            for limit in 0..=14u8 {
                assert_eq!(
                    full.tracked_exceeds(&tracked, limit),
                    full.exceeds(&end, limit),
                    "{text}: limit {limit}"
                );
                assert_eq!(
                    full.tracked_exceeds(&full.tracked(&end), limit),
                    full.exceeds(&end, limit)
                );
            }
        }
        // It is a real bound: exact on most of these cubes.
        assert!(
            tight * 2 > exact.len(),
            "{text}: exact on {tight} of {}",
            exact.len()
        );
    }
}

#[test]
fn the_optimal_bound_is_used_only_for_whole_states_with_all_face_turns() {
    let store = optimal_test_store();
    let plan = |goal: &str, moves: &str| {
        Plan::new(
            &Goal::parse(goal).unwrap(),
            &set(moves),
            &CubieCube::SOLVED,
            Ending::StartOrientation,
            &store,
        )
        .unwrap()
    };
    assert!(plan("R U R' U'", "all").full_state.is_some());
    assert!(plan("R U R' U'", "R,U").full_state.is_none());
    assert!(plan("cross", "all").full_state.is_none());
}

#[test]
fn domino_reduction_is_read_off_the_phase_one_table_shortest() {
    // About each axis: the turns reach the goal, sticker by sticker where the goal shows
    // stickers and by its pattern, and they are as few as the general goal search needs for
    // the cube turned so that the axis stands U–D (how far a cube is from domino reduction
    // does not depend on the side it is looked at from).
    let s = solver_sharing_phase_one();
    let ud = Goal::parse("dr").unwrap();
    let mut rng = rng_from_seed(8);
    for name in ["dr", "dr:RL", "dr:FB"] {
        let goal = Goal::parse(name).unwrap();
        let axis = domino::axis_of(&goal).expect("a domino-reduction goal");
        let turn = rubik_cube::rotation::orientations()
            [rubik_cube::pattern::named::turn_from_ud(axis)]
        .cubie;
        for k in 0..4 {
            let cube = if k == 0 {
                CubieCube::random(&mut rng)
            } else {
                let walk: Vec<Move> = (0..7).map(|_| Move::ALL[rng.gen_range(0..18)]).collect();
                CubieCube::from_moves(&walk)
            };
            let sol = s
                .solve(&cube, &goal, &set("all"), &Limits::default())
                .unwrap();
            let end = after(&cube, &sol.turns);
            assert!(goal.matches(&end), "{name}: {}", sol.notation());
            assert_eq!(cube.apply_moves(&sol.solution.moves), end);
            let turned = turn.multiply(&cube).multiply(&turn.inverse());
            let general = s
                .search(
                    &turned,
                    &ud,
                    &set("all"),
                    &Limits::default(),
                    Deadline::starting_now(&Limits::default()),
                )
                .unwrap();
            assert_eq!(sol.len(), general.len(), "{name}: {}", sol.notation());
        }
    }
    // Any other goal, or another move set, is not domino reduction.
    for name in ["eo", "cross", "f2l"] {
        assert_eq!(domino::axis_of(&Goal::parse(name).unwrap()), None, "{name}");
    }
}
