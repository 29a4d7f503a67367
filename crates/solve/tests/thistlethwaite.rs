//! Thistlethwaite: solutions of random states solve them, stay in each phase's group, and are
//! explained. (That the phase tables match the published figures is checked on the tables, in
//! the method's unit tests.)

use rubik_cube::random::rng_from_seed;
use rubik_cube::{CubieCube, Face, Move};
use rubik_solve::i18n::Lang;
use rubik_solve::{solver_for, Limits, Method, SolveError, Solver, SolverConfig};

fn solver() -> Box<dyn Solver> {
    solver_for(Method::Thistlethwaite, &SolverConfig::default()).expect("tables")
}

/// Whether every move of `moves` keeps the cube in the group a phase leaves it in.
fn in_group(phase: usize, moves: &[Move]) -> bool {
    moves.iter().all(|m| match phase {
        1 => !matches!(m.face(), Face::F | Face::B) || m.turns() == 2,
        2 => matches!(m.face(), Face::U | Face::D) || m.turns() == 2,
        _ => m.turns() == 2,
    })
}

#[test]
fn random_states_are_solved_within_the_bounds() {
    let solver = solver();
    let mut rng = rng_from_seed(4);
    for _ in 0..300 {
        let cube = CubieCube::random(&mut rng);
        let solution = solver.solve(&cube, &Limits::default()).expect("solvable");
        assert!(solution.solves(&cube));
        assert!(solution.len() <= 45, "{} moves", solution.len());
        assert_eq!(solution.steps.len(), 4);
        let concatenated: Vec<Move> = solution
            .steps
            .iter()
            .flat_map(|s| s.moves.clone())
            .collect();
        assert_eq!(concatenated, solution.moves);
        // Later phases only use the generators of the group the earlier ones reached.
        for phase in 1..4 {
            assert!(
                in_group(phase, &solution.steps[phase].moves),
                "phase {} uses a move outside its group: {}",
                phase + 1,
                solution
            );
        }
        let maxima = [7, 10, 13, 15];
        for (step, max) in solution.steps.iter().zip(maxima) {
            assert!(step.moves.len() <= max);
        }
    }
}

#[test]
fn steps_say_what_each_phase_achieves() {
    let solver = solver_for(Method::Thistlethwaite, &SolverConfig::default()).expect("available");
    let cube = CubieCube::from_moves(&face_turns("R U2 F' L D B2 R' U F2 D' L2 B"));
    let solution = solver.solve(&cube, &Limits::default()).expect("solvable");
    assert!(solution.solves(&cube));
    let first = &solution.steps[0];
    assert!(first.name.starts_with("Phase 1"));
    assert!(first
        .explanation
        .contains("without quarter turns of F and B"));
    let (fr_name, fr_explanation) = solution.steps[3].text(Lang::Fr);
    assert!(fr_name.contains("demi-tours"));
    assert!(fr_explanation.contains("demi-tours"));
}

#[test]
fn solved_cube_and_length_limit() {
    let solver = solver();
    let solved = solver
        .solve(&CubieCube::SOLVED, &Limits::default())
        .expect("solved");
    assert!(solved.is_empty());
    let cube = CubieCube::from_moves(&[Move::from_index(6), Move::from_index(3)]);
    let limits = Limits {
        max_length: Some(1),
        ..Limits::default()
    };
    assert!(matches!(
        solver.solve(&cube, &limits),
        Err(SolveError::NoSolution { max_length: 1, .. })
    ));
    let mut broken = CubieCube::SOLVED;
    broken.co[0] = 1;
    assert!(matches!(
        solver.solve(&broken, &Limits::default()),
        Err(SolveError::InvalidCube(_))
    ));
}

/// Outer face turns written like `R U2 F'`.
fn face_turns(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|token| {
            let face = Face::from_letter(token.chars().next().expect("token")).expect("face");
            let turns = match &token[1..] {
                "" => 1,
                "2" => 2,
                _ => 3,
            };
            Move::new(face, turns).expect("turn")
        })
        .collect()
}
