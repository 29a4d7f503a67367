//! Every step of every method does what its text says, in both forms, over 1,000 random
//! states: applying the steps in order from the scrambled cube, each ends in the state its
//! text claims (checked on the stickers by `rubik_solve::claims`), the steps' moves merged are
//! the solution, and any move count a text states equals the moves shown.

use rubik_cube::random::{random_moves, rng_from_seed};
use rubik_cube::{Alg, Cube, CubieCube};
use rubik_solve::claims::{counts_agree, ClaimChecker};
use rubik_solve::i18n::Lang;
use rubik_solve::{merge_moves, solver_for, Form, Limits, Method, Options, Solution, SolverConfig};

const STATES: usize = 1000;

/// Checks every claim of `solution` for `cube` in both forms.
fn check(method: &str, cube: &CubieCube, solution: &Solution) {
    let start = Cube::from_cubie(*cube);
    assert!(solution.solves(cube), "{method}: not a solution");
    assert_eq!(
        merge_moves(&solution.step_moves()),
        solution.moves,
        "{method}: the solution is not the steps' moves merged"
    );
    // Outer turns.
    let mut checker = ClaimChecker::new(&start);
    let mut state = start;
    for step in &solution.steps {
        state = state.apply_moves(&step.moves);
        checker
            .step(step.key.as_str(), &step.params, &step.moves, &state)
            .unwrap_or_else(|e| panic!("{method}, outer turns, {}: {e}", step.name));
        for lang in [Lang::En, Lang::Fr] {
            let (name, moves, explanation) = step.written(Form::Outer, lang);
            let shown = Alg::parse(&moves).expect("notation").htm();
            assert!(
                counts_agree(&name, shown) && counts_agree(&explanation, shown)
                    || step.key.as_str() == "optimal.unproven",
                "{method}: a count differs from the {shown} moves shown: {name} / {explanation}"
            );
        }
    }
    assert!(
        state.is_solved(),
        "{method}: the steps do not solve the cube"
    );
    if !solution.has_human_form() {
        return;
    }
    // The human form: rotations, wide and slice moves on a cube whose centres move.
    let mut checker = ClaimChecker::new(&start);
    let mut state = start;
    for step in &solution.steps {
        let human = step.human.as_ref().expect("every step has a human form");
        let mut moves = human.moves.as_str();
        if let Some(hold) = human.says.first().filter(|p| p.key.as_str() == "cfop.hold") {
            // "y': turn the whole cube so that the red centre faces you": check it.
            let value = |k: &str| {
                hold.params
                    .iter()
                    .find(|(n, _)| n == k)
                    .map(|(_, v)| v.clone())
                    .unwrap()
            };
            let rotation = value("rotation");
            assert!(
                moves.starts_with(&rotation),
                "{method}: {moves} after {rotation}"
            );
            moves = moves[rotation.len()..].trim_start();
            state = state.apply(&Alg::parse(&rotation).unwrap());
            let f: Vec<char> = state.to_facelets().chars().collect();
            let colour = |letter: char| {
                rubik_solve::i18n::colour(rubik_cube::Face::from_letter(letter).unwrap())
            };
            assert_eq!(
                colour(f[22]),
                value("front"),
                "{method}: front after {rotation}"
            );
            assert_eq!(colour(f[4]), value("up"), "{method}: top after {rotation}");
        }
        let alg = Alg::parse(moves).unwrap_or_else(|e| panic!("{method}: {moves}: {e}"));
        assert_eq!(
            alg.htm(),
            step.moves.len(),
            "{method}: the human form's length differs from the outer turns' ({moves})"
        );
        state = state.apply(&alg);
        checker
            .step(step.key.as_str(), &step.params, &step.moves, &state)
            .unwrap_or_else(|e| panic!("{method}, human form, {}: {e}", step.name));
        // The algorithm named is the one shown, in the form shown.
        for (form, shown) in [
            (&human.says, human.moves.clone()),
            (&step.says, rubik_cube::moves::format_moves(&step.moves)),
        ] {
            for p in form.iter() {
                if let Some((_, alg)) = p.params.iter().find(|(k, _)| k == "alg") {
                    assert!(
                        shown.contains(alg.as_str()),
                        "{method}: {alg} is not in {shown}"
                    );
                }
            }
        }
    }
    assert!(
        state.is_solved(),
        "{method}: the human form does not solve the cube"
    );
}

fn random_states(seed: u64) -> Vec<CubieCube> {
    let mut rng = rng_from_seed(seed);
    (0..STATES).map(|_| CubieCube::random(&mut rng)).collect()
}

#[test]
fn cfop_steps_do_what_they_say() {
    let fixed = solver_for(Method::Cfop, &SolverConfig::default()).unwrap();
    let neutral = solver_for(
        Method::Cfop,
        &SolverConfig {
            options: Options::new().with("cross", Some("any")).unwrap(),
            ..SolverConfig::default()
        },
    )
    .unwrap();
    for (i, cube) in random_states(14).iter().enumerate() {
        // Half the states with the cross on D, half colour neutral.
        let solver = if i % 2 == 0 { &fixed } else { &neutral };
        let solution = solver.solve(cube, &Limits::default()).unwrap();
        check("cfop", cube, &solution);
    }
}

/// An algorithm mirrored front to back, written here apart from the solver's own: F and B
/// swap, every turn reverses.
fn mirrored_front_to_back(alg: &str) -> String {
    alg.split_whitespace()
        .map(|m| {
            let (face, turn) = m.split_at(1);
            let face = match face {
                "F" => "B",
                "B" => "F",
                other => other,
            };
            let turn = match turn {
                "" => "'",
                "'" => "",
                other => other,
            };
            format!("{face}{turn}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn cfop_back_slot_forms_appear_and_do_what_they_say() {
    let solver = solver_for(Method::Cfop, &SolverConfig::default()).unwrap();
    let mut back_steps = 0;
    for cube in random_states(41).iter().take(100) {
        let solution = solver.solve(cube, &Limits::default()).unwrap();
        // Every claim, in both forms, the back forms' steps among them.
        check("cfop", cube, &solution);
        for step in &solution.steps {
            let Some(human) = &step.human else { continue };
            let Some(back) = human
                .says
                .iter()
                .find(|p| p.key.as_str() == "cfop.f2l_back")
            else {
                continue;
            };
            back_steps += 1;
            let param = |p: &rubik_solve::Phrase, k: &str| {
                p.params
                    .iter()
                    .find(|(n, _)| n == k)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_else(|| panic!("{}: no {k}", p.key.as_str()))
            };
            // The back form is the case's front algorithm mirrored front to back, it is what
            // the step does last, and the step turns neither the cube nor B nor D.
            let form = param(back, "back");
            assert_eq!(mirrored_front_to_back(&param(back, "front")), form);
            // (A U turn before it is merged into its first turn when that is a U turn: the
            // step ends with the rest of the form.)
            let opens_with_u = form.starts_with('U');
            let rest: Vec<&str> = form
                .split_whitespace()
                .skip(usize::from(opens_with_u))
                .collect();
            assert!(
                human.moves.ends_with(&rest.join(" ")),
                "{} / {form}",
                human.moves
            );
            assert!(
                !human
                    .moves
                    .split_whitespace()
                    .any(|m| m.starts_with(['x', 'y', 'z', 'B', 'D'])),
                "{}",
                human.moves
            );
            // The case sentence puts the pair into a back slot.
            let case = human
                .says
                .iter()
                .find(|p| p.key.as_str().starts_with("cfop.f2l_case_"))
                .expect("a case sentence");
            assert!(
                ["BR", "BL"].contains(&param(case, "slot").as_str()),
                "{}",
                param(case, "slot")
            );
        }
    }
    assert!(back_steps > 0, "no back-slot form in 100 solves");
}

#[test]
fn cfop_on_the_issue_scramble_and_a_two_move_one() {
    let solver = solver_for(Method::Cfop, &SolverConfig::default()).unwrap();
    for scramble in [
        "F2 U2 F2 U2 F2 L2 R' F2 L' U2 F' L D U2 F' R D2 L' R2 F'",
        "R U",
        "",
    ] {
        let cube = rubik_cube::input::parse_cube(scramble).unwrap().to_cubie();
        let solution = solver.solve(&cube, &Limits::default()).unwrap();
        check("cfop", &cube, &solution);
    }
}

#[test]
fn twophase_and_thistlethwaite_steps_do_what_they_say() {
    let config = SolverConfig::default();
    let twophase = solver_for(Method::Twophase, &config).unwrap();
    let thistlethwaite = solver_for(Method::Thistlethwaite, &config).unwrap();
    let mut inverse = 0;
    for cube in random_states(15) {
        let solution = twophase.solve(&cube, &Limits::default()).unwrap();
        inverse += usize::from(solution.steps[0].key.as_str() == "twophase.inverse_phase1");
        check("twophase", &cube, &solution);
        let solution = thistlethwaite.solve(&cube, &Limits::default()).unwrap();
        check("thistlethwaite", &cube, &solution);
    }
    // Both orders occur (solutions found on the scramble and on its inverse).
    assert!(
        inverse > 0 && inverse < STATES,
        "{inverse} inverse solutions"
    );
}

#[test]
fn optimal_steps_do_what_they_say() {
    let solver = solver_for(Method::Optimal, &SolverConfig::default()).unwrap();
    let mut rng = rng_from_seed(16);
    for n in 0..STATES {
        // Short scrambles: the default table proves them optimal in milliseconds.
        let cube = CubieCube::from_moves(&random_moves(&mut rng, n % 9));
        let solution = solver.solve(&cube, &Limits::default()).unwrap();
        if cube.is_solved() {
            assert!(solution.steps.is_empty(), "a solved cube needs no step");
        }
        check("optimal", &cube, &solution);
    }
}

#[test]
fn cfop_two_look_and_search_forms_do_what_they_say() {
    for (f2l, looks) in [
        ("cases", "two-look"),
        ("search", "two-look"),
        ("search", "full"),
    ] {
        let solver = solver_for(
            Method::Cfop,
            &SolverConfig {
                options: Options::new()
                    .with("f2l", Some(f2l))
                    .and_then(|o| o.with("oll", Some(looks)))
                    .and_then(|o| o.with("pll", Some(looks)))
                    .unwrap(),
                ..SolverConfig::default()
            },
        )
        .unwrap();
        let mut first_looks = 0;
        for cube in random_states(15).iter().take(200) {
            let solution = solver.solve(cube, &Limits::default()).unwrap();
            check("cfop", cube, &solution);
            first_looks += solution
                .steps
                .iter()
                .filter(|s| matches!(s.key.as_str(), "cfop.oll_edges" | "cfop.pll_corners"))
                .count();
        }
        // Two looks: most states need both first looks; one look: none.
        assert_eq!(first_looks > 200, looks == "two-look", "{f2l} {looks}");
    }
}
