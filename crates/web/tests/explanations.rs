//! The web API's explanations hold to their word over 1,000 random states per method: each
//! answer of `POST /api/solve`, read back from its JSON alone (steps' keys, parameters, moves,
//! stated lengths, texts in both languages, the human form), is checked by
//! `rubik_solve::claims::check_written` — the steps played in order from the state sent each
//! end in the state they claim, every stated count is the moves shown, the human form's
//! rotations turn the cube the way its words say, and the steps merged are the solution.

mod common;

use reqwest::StatusCode;
use rubik_cube::random::{random_moves, rng_from_seed};
use rubik_cube::{Cube, CubieCube};
use rubik_solve::claims::{check_written, WrittenHuman, WrittenStep};
use serde_json::{json, Value};

const STATES: usize = 1000;

fn text(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("{v} is not text"))
        .to_string()
}

fn count(v: &Value) -> usize {
    v.as_u64().unwrap_or_else(|| panic!("{v} is not a count")) as usize
}

/// A step of the API's answer as written.
fn written(step: &Value) -> WrittenStep {
    let tr = &step["translations"];
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
        texts: vec![
            text(&step["name"]),
            text(&step["explanation"]),
            text(&tr["en"]["name"]),
            text(&tr["en"]["explanation"]),
            text(&tr["fr"]["name"]),
            text(&tr["fr"]["explanation"]),
        ],
        human: step.get("human").map(|h| WrittenHuman {
            moves: text(&h["moves"]),
            length: count(&h["length"]),
            english: text(&h["translations"]["en"]),
            texts: vec![text(&h["explanation"]), text(&h["translations"]["fr"])],
        }),
    }
}

/// Solves each of `cubes` with `method` over HTTP and checks each answer's words.
async fn check_method(server: &common::TestServer, method: &str, cubes: &[CubieCube]) {
    let client = reqwest::Client::new();
    for (n, cube) in cubes.iter().enumerate() {
        let facelets = Cube::from_cubie(*cube).to_facelets();
        let res = client
            .post(server.url("/api/solve"))
            .json(&json!({ "facelets": facelets, "method": method, "timeout_ms": 30000 }))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), StatusCode::OK, "{method}, state {n}");
        let body: Value = res.json().await.expect("JSON");
        let steps: Vec<WrittenStep> = body["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .map(written)
            .collect();
        if method == "cfop" {
            assert!(steps.iter().all(|s| s.human.is_some()), "{body}");
        }
        let start = Cube::from_facelets(&facelets).unwrap();
        check_written(&start, body["solution"].as_str().unwrap(), &steps)
            .unwrap_or_else(|e| panic!("{method}, state {n} ({facelets}): {e}\n{body}"));
    }
}

fn random_states(seed: u64) -> Vec<CubieCube> {
    let mut rng = rng_from_seed(seed);
    (0..STATES).map(|_| CubieCube::random(&mut rng)).collect()
}

#[tokio::test]
async fn twophase_thistlethwaite_and_cfop_answers_do_what_they_say() {
    let server = common::start().await;
    let states = random_states(24);
    for method in ["twophase", "thistlethwaite", "cfop"] {
        check_method(&server, method, &states).await;
    }
}

#[tokio::test]
async fn optimal_answers_do_what_they_say() {
    let server = common::start().await;
    let mut rng = rng_from_seed(25);
    // Scrambles of 0 to 8 moves: the default table proves them optimal in milliseconds.
    let cubes: Vec<CubieCube> = (0..STATES)
        .map(|n| CubieCube::from_moves(&random_moves(&mut rng, n % 9)))
        .collect();
    check_method(&server, "optimal", &cubes).await;
}
