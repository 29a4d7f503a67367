//! CFOP: random states are solved, steps name real pieces, the colour-neutral cross is never
//! longer. (That every OLL and PLL algorithm does its job and its case is recognised by name,
//! and every last-layer state is covered, is checked on the algorithms themselves, in the
//! method's unit tests.)

use rubik_cube::random::rng_from_seed;
use rubik_cube::{Alg, CubieCube, Move};
use rubik_solve::i18n::Lang;
use rubik_solve::{merge_moves, solver_for, Limits, Method, Options, Solver, SolverConfig};

/// A CFOP solver with tables in the default table directory, its cross on `cross` (`d`, ...,
/// or `any`).
fn cfop(cross: &str) -> Box<dyn Solver> {
    let config = SolverConfig {
        options: Options::new().with("cross", Some(cross)).expect("a cross"),
        ..SolverConfig::default()
    };
    solver_for(Method::Cfop, &config).expect("CFOP tables")
}

#[test]
fn random_states_are_solved_with_named_steps() {
    let solver = solver_for(Method::Cfop, &SolverConfig::default()).expect("available");
    let mut rng = rng_from_seed(7);
    for _ in 0..200 {
        let cube = CubieCube::random(&mut rng);
        let solution = solver.solve(&cube, &Limits::default()).expect("solvable");
        assert!(solution.solves(&cube));
        // Each step keeps its own moves; the solution merges those that cancel across steps.
        assert_eq!(merge_moves(&solution.step_moves()), solution.moves);
        assert!(solution.steps[0].name.starts_with("Cross — "));
        assert!(solution.steps[0].moves.len() <= 8);
        let f2l = solution
            .steps
            .iter()
            .filter(|s| s.name.starts_with("F2L "))
            .count();
        assert_eq!(f2l, 4);
        assert!(solution.len() <= 90, "{} moves", solution.len());
        // The human form (rotations, wide and slice moves) does the same.
        let human = solution.human().expect("every CFOP step has a human form");
        let performed = expand(&human).expect("valid notation");
        assert!(cube.apply_moves(&performed).is_solved(), "{human}");
    }
}

#[test]
fn step_texts_name_real_pieces() {
    let scramble = expand("D2 R' F U2 B L' D R2 F2 U' L2 B' R D' F").expect("moves");
    let cube = CubieCube::from_moves(&scramble);
    let solution = cfop("d")
        .solve(&cube, &Limits::default())
        .expect("solvable");
    let cross = &solution.steps[0];
    assert_eq!(cross.name, "Cross — yellow");
    assert!(
        cross
            .explanation
            .contains("yellow-green, yellow-red, yellow-blue, yellow-orange edges"),
        "{}",
        cross.explanation
    );
    let pairs = [
        ("yellow-red-green", "red-green", "green and red"),
        ("yellow-orange-green", "orange-green", "green and orange"),
        ("yellow-orange-blue", "orange-blue", "blue and orange"),
        ("yellow-red-blue", "red-blue", "blue and red"),
    ];
    let f2l: Vec<_> = solution
        .steps
        .iter()
        .filter(|s| s.name.starts_with("F2L"))
        .collect();
    for (i, step) in f2l.iter().enumerate() {
        assert!(step.name.starts_with(&format!("F2L {} — ", i + 1)));
        assert!(
            pairs
                .iter()
                .any(|(c, e, slot)| step.name.contains(&format!("{c} corner"))
                    && step.name.contains(&format!("{e} edge"))
                    && step
                        .explanation
                        .contains(&format!("between the {slot} centres"))),
            "{}: {}",
            step.name,
            step.explanation
        );
    }
    let (fr, fr_explanation) = cross.text(Lang::Fr);
    assert_eq!(fr, "Croix — jaune");
    assert!(fr_explanation.contains("arêtes jaune-vert, jaune-rouge, jaune-bleu, jaune-orange"));
    assert!(fr_explanation.contains("centre jaune"));
    let (fr_pair, fr_pair_explanation) = f2l[0].text(Lang::Fr);
    assert!(fr_pair.contains("coin jaune-"), "{fr_pair}");
    assert!(
        fr_pair_explanation.contains("entre les centres"),
        "{fr_pair_explanation}"
    );
}

#[test]
fn colour_neutral_cross_is_never_longer() {
    let fixed = cfop("d");
    let any = cfop("any");
    let mut rng = rng_from_seed(11);
    for _ in 0..30 {
        let cube = CubieCube::random(&mut rng);
        let a = fixed.solve(&cube, &Limits::default()).expect("solvable");
        let b = any.solve(&cube, &Limits::default()).expect("solvable");
        assert!(b.solves(&cube));
        assert!(b.steps[0].moves.len() <= a.steps[0].moves.len());
        let human = b.human().expect("human form");
        assert!(cube
            .apply_moves(&expand(&human).expect("notation"))
            .is_solved());
    }
    // A cube whose white (U) cross is solved and yellow is not: the neutral solver picks white.
    let cube = CubieCube::from_moves(&expand("D2").expect("moves"));
    let b = any.solve(&cube, &Limits::default()).expect("solvable");
    assert!(b.steps[0].name == "Cross — white", "{}", b.steps[0].name);
}

/// The outer face turns (relative to the centres) that `text` performs, read by the cube
/// crate's notation parser.
fn expand(text: &str) -> Result<Vec<Move>, rubik_cube::alg::ParseError> {
    Alg::parse(text).map(|a| a.moves().to_vec())
}
