//! Goals, move sets, algorithms and training scrambles over real HTTP: every answer is applied
//! to the cube by the cube library and checked sticker by sticker.

mod common;

use reqwest::StatusCode;
use rubik_cube::{Alg, Cube};
use serde_json::json;

/// The facelets of `facelets` after `moves` (any notation).
fn after(facelets: &str, moves: &str) -> String {
    Cube::from_facelets(facelets)
        .expect("a cube")
        .apply(&Alg::parse(moves).expect("notation"))
        .to_facelets()
}

/// Whether every sticker the pattern names (not `?`) shows that letter.
fn shows(facelets: &str, pattern: &str) -> bool {
    facelets
        .chars()
        .zip(pattern.chars())
        .all(|(f, p)| p == '?' || f == p)
}

/// The D cross: the D edges and the side stickers next to them.
const D_CROSS: &str = concat!(
    "?????????",
    "????R??R?",
    "????F??F?",
    "?D?DDD?D?",
    "????L??L?",
    "????B??B?",
);

/// The first two layers solved and the U face all U (an oriented last layer).
const OLL_DONE: &str = concat!(
    "UUUUUUUUU",
    "???RRRRRR",
    "???FFFFFF",
    "DDDDDDDDD",
    "???LLLLLL",
    "???BBBBBB",
);

/// The first two layers solved (a last-layer state).
const F2L_DONE: &str = concat!(
    "????U????",
    "???RRRRRR",
    "???FFFFFF",
    "DDDDDDDDD",
    "???LLLLLL",
    "???BBBBBB",
);

#[tokio::test]
async fn goal_solves_reach_the_goal_sticker_by_sticker() {
    let server = common::start().await;
    let scramble = "R U F2 D L B' R2 U' F D2";
    for (goal, moves) in [("cross", None), (D_CROSS, Some("R,U,F,L,B,D"))] {
        let mut body = json!({ "scramble": scramble, "goal": goal });
        if let Some(m) = moves {
            body["moves"] = json!(m);
        }
        let (status, answer) = server.post("/api/goal", body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let start = answer["facelets"].as_str().unwrap();
        let end = after(start, answer["solution"].as_str().unwrap());
        assert_eq!(end, answer["end"].as_str().unwrap());
        assert_eq!(after(start, answer["face_turns"].as_str().unwrap()), end);
        assert!(shows(&end, D_CROSS), "{answer}");
        assert_eq!(answer["solver"], "goal");
    }
    // A full goal with all face turns goes through the two-phase solver.
    let (status, answer) = server
        .post(
            "/api/goal",
            json!({ "scramble": "F2 D", "goal": "R U R' U'" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["solver"], "twophase");
    let solved = Cube::solved().to_facelets();
    assert_eq!(
        after(
            answer["facelets"].as_str().unwrap(),
            answer["solution"].as_str().unwrap()
        ),
        after(&solved, "R U R' U'")
    );
}

#[tokio::test]
async fn move_sets_are_kept_and_cubes_outside_them_are_refused() {
    let server = common::start().await;
    let (status, answer) = server
        .post(
            "/api/goal",
            json!({ "scramble": "M' U2 M U2", "moves": "M,U" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let solution = answer["solution"].as_str().unwrap();
    assert!(
        solution
            .split_whitespace()
            .all(|t| matches!(t.trim_end_matches(['2', '\'']), "M" | "U")),
        "{solution}"
    );
    let end = after(answer["facelets"].as_str().unwrap(), solution);
    assert_eq!(end, Cube::solved().to_facelets());
    // The A-perm's corners are not in ⟨R,U⟩.
    let (status, answer) = server
        .post(
            "/api/goal",
            json!({ "scramble": "x R' U R' D2 R U' R' D2 R2 x'", "moves": "R,U" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["category"], "unreachable");
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("not in the ⟨R,U⟩ subgroup"));
    // Bad goals and sets name the fault.
    for (body, category) in [
        (json!({ "scramble": "R", "goal": "cross:Q" }), "bad_goal"),
        (json!({ "scramble": "R", "moves": "R,x" }), "bad_moves"),
    ] {
        let (status, answer) = server.post("/api/goal", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["category"], category, "{answer}");
    }
    let (status, answer) = server.get("/api/moveset?moves=R,U").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["states"], "73483200");
    assert_eq!(answer["turns"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn algs_are_listed_shortest_first_each_solving_the_case() {
    let server = common::start().await;
    let (status, answer) = server
        .post(
            "/api/algs",
            json!({ "case": "oll 27", "moves": "R,U", "count": 5 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let algs = answer["algorithms"].as_array().unwrap();
    assert!(!algs.is_empty() && algs.len() <= 5);
    assert_eq!(algs[0]["alg"], "R U R' U R U2 R'");
    let start = answer["facelets"].as_str().unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut last = 0;
    for a in algs {
        // The fields of every algorithm, absent turns of U included (as null).
        let mut keys: Vec<&str> = a.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["after", "alg", "before", "htm", "length", "qtm", "score"],
            "{a}"
        );
        for turn in ["before", "after"] {
            assert!(a[turn].is_null() || a[turn].is_string(), "{a}");
        }
        let text = a["alg"].as_str().unwrap();
        assert!(seen.insert(text.to_string()), "{text} listed twice");
        let length = a["length"].as_u64().unwrap();
        assert!(length >= last);
        last = length;
        let full = format!(
            "{} {text} {}",
            a["before"].as_str().unwrap_or(""),
            a["after"].as_str().unwrap_or("")
        );
        assert!(shows(&after(start, &full), OLL_DONE), "{full}");
    }
    let (status, answer) = server.post("/api/algs", json!({ "case": "oll 99" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["category"], "bad_case");
}

#[tokio::test]
async fn subset_scrambles_make_their_state() {
    let server = common::start().await;
    let (status, a) = server.get("/api/scramble?subset=pll&seed=3").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let (_, b) = server.get("/api/scramble?subset=pll&seed=3").await;
    assert_eq!(a, b, "seeded");
    assert_eq!(a["subset"], "pll");
    let solved = Cube::solved().to_facelets();
    let state = after(&solved, a["scramble"].as_str().unwrap());
    assert_eq!(state, a["facelets"].as_str().unwrap());
    assert!(shows(&state, OLL_DONE), "{state}");
    let (status, a) = server.get("/api/scramble?subset=zbll&seed=4").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let state = after(&solved, a["scramble"].as_str().unwrap());
    assert_eq!(state, a["facelets"].as_str().unwrap());
    assert!(shows(&state, F2L_DONE), "{state}");
    let (status, a) = server.get("/api/scramble?subset=nope").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{a}");
    assert_eq!(a["category"], "bad_subset");
}

#[tokio::test]
async fn openapi_documents_the_goal_endpoints() {
    let server = common::start().await;
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    for path in ["/api/goal", "/api/algs", "/api/moveset"] {
        assert!(doc["paths"].get(path).is_some(), "{path} is not documented");
    }
    let params = doc["paths"]["/api/scramble"]["get"]["parameters"]
        .as_array()
        .unwrap();
    assert!(params.iter().any(|p| p["name"] == "subset"));
}
