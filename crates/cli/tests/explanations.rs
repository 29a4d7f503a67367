//! The JSON form of the explanations holds to its word over 1,000 random states per method:
//! `rubik solve --continuous --json` answers each state, and each answer, read back from its
//! JSON alone (steps' keys, parameters, moves, stated lengths, texts, the human form), is
//! checked by `rubik_solve::claims::check_written` — the steps played in order from the state
//! given each end in the state they claim, every stated count is the moves shown, the human
//! form's rotations turn the cube the way its words say, and the steps merged are the solution.

mod common;

use common::*;
use rubik_cube::random::{random_moves, rng_from_seed};
use rubik_cube::{Cube, CubieCube};
use rubik_solve::claims::{check_written, WrittenHuman, WrittenStep};
use serde_json::Value;

const STATES: usize = 1000;

fn text(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("{v} is not text"))
        .to_string()
}

fn count(v: &Value) -> usize {
    v.as_u64().unwrap_or_else(|| panic!("{v} is not a count")) as usize
}

/// A step of a JSON answer as written.
fn written(step: &Value) -> WrittenStep {
    WrittenStep {
        key: text(&step["key"]),
        params: step["params"]
            .as_object()
            .expect("params")
            .iter()
            .map(|(k, v)| (k.clone(), text(v)))
            .collect(),
        moves: text(&step["moves"]),
        length: count(&step["length"]),
        texts: vec![text(&step["name"]), text(&step["explanation"])],
        human: step.get("human").map(|h| WrittenHuman {
            moves: text(&h["moves"]),
            length: count(&h["length"]),
            english: text(&h["explanation"]),
            texts: Vec::new(),
        }),
    }
}

/// Solves `cubes` in one continuous run of `rubik solve --json` with `args` and checks every
/// answer's words.
fn check_run(args: &[&str], cubes: &[CubieCube]) {
    let input: Vec<String> = cubes
        .iter()
        .map(|c| Cube::from_cubie(*c).to_facelets())
        .collect();
    let out = rubik_with_tables()
        .args(["solve", "--continuous", "--json"])
        .args(args)
        .write_stdin(input.join("\n") + "\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "rubik {args:?}: {}", stderr(&out));
    let text = stdout(&out);
    let answers: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(answers.len(), cubes.len(), "one answer per state");
    for (answer, facelets) in answers.iter().zip(&input) {
        assert_eq!(answer["input"], facelets.as_str());
        let steps: Vec<WrittenStep> = answer["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .map(written)
            .collect();
        if answer["method"] == "cfop" {
            assert!(steps.iter().all(|s| s.human.is_some()), "{answer}");
        }
        let start = Cube::from_facelets(facelets).unwrap();
        check_written(&start, answer["solution"].as_str().unwrap(), &steps)
            .unwrap_or_else(|e| panic!("rubik {args:?}, {facelets}: {e}\n{answer}"));
    }
}

fn random_states(seed: u64, n: usize) -> Vec<CubieCube> {
    let mut rng = rng_from_seed(seed);
    (0..n).map(|_| CubieCube::random(&mut rng)).collect()
}

#[test]
fn twophase_json_steps_do_what_they_say() {
    check_run(&["--method", "twophase"], &random_states(34, STATES));
}

#[test]
fn thistlethwaite_json_steps_do_what_they_say() {
    check_run(&["--method", "thistlethwaite"], &random_states(35, STATES));
}

#[test]
fn cfop_json_steps_do_what_they_say_with_the_cross_on_d_and_colour_neutral() {
    let states = random_states(36, STATES);
    let (fixed, neutral) = states.split_at(STATES / 2);
    check_run(&["--method", "cfop"], fixed);
    check_run(&["--method", "cfop", "--cross", "any"], neutral);
}

#[test]
fn optimal_json_steps_do_what_they_say() {
    let mut rng = rng_from_seed(37);
    // Scrambles of 0 to 8 moves: the default table proves them optimal in milliseconds.
    let cubes: Vec<CubieCube> = (0..STATES)
        .map(|n| CubieCube::from_moves(&random_moves(&mut rng, n % 9)))
        .collect();
    check_run(&["--method", "optimal"], &cubes);
}
