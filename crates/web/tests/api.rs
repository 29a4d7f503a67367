//! The JSON API over real HTTP: every endpoint, bad JSON, wrong types, huge bodies, invalid
//! cubes, and solves verified by applying them to the cube.

mod common;

use reqwest::StatusCode;
use rubik_cube::{Alg, Cube};
use rubik_solve::options::OptionKind;
use rubik_solve::{Method, Pace};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// The solved cube with some stickers replaced: `(facelet index, letter)`.
fn painted(changes: &[(usize, char)]) -> String {
    let mut f: Vec<char> = SOLVED.chars().collect();
    for &(i, c) in changes {
        f[i] = c;
    }
    f.into_iter().collect()
}

/// The facelets of the solved cube after `moves`, by the cube library.
fn after(moves: &str) -> String {
    Cube::solved()
        .apply(&Alg::parse(moves).expect("valid notation"))
        .to_facelets()
}

/// Asserts an error body of the documented shape and returns its category.
fn error_category(body: &Value) -> String {
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
    assert!(
        body.get("piece").is_some(),
        "errors always carry `piece`: {body}"
    );
    body["category"].as_str().expect("category").to_string()
}

/// Checks that `solution` (text) solves the cube given by `facelets`.
fn assert_solves(facelets: &str, solution: &str) {
    let cube = Cube::from_facelets(facelets).expect("valid cube");
    let alg = Alg::parse(solution).expect("solution parses");
    assert!(
        cube.apply(&alg).is_solved(),
        "{solution} does not solve {facelets}"
    );
}

#[tokio::test]
async fn page_and_its_files_are_served_with_types_and_a_strict_policy() {
    let server = common::start().await;
    for (path, kind, needle) in [
        ("/", "text/html", "<title>"),
        ("/app.js", "text/javascript", "window.rubik"),
        ("/cube.js", "text/javascript", "RubikModel"),
        ("/i18n.js", "text/javascript", "Mélanger"),
        ("/style.css", "text/css", ".viewport"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let res = reqwest::get(server.url(path)).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let headers = res.headers().clone();
        assert!(
            headers["content-type"].to_str().unwrap().starts_with(kind),
            "{path}"
        );
        assert!(headers["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("default-src 'self'"));
        assert!(res.text().await.unwrap().contains(needle), "{path}");
    }
}

#[tokio::test]
async fn openapi_document_describes_every_endpoint() {
    let server = common::start().await;
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/solve",
        "/api/solve/stream",
        "/api/scramble",
        "/api/validate",
        "/api/apply",
        "/api/methods",
        "/api/messages",
        "/api/openapi.json",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} is not documented");
    }
    // Every $ref points at a defined component.
    let text = doc.to_string();
    for part in text.split("\"$ref\":\"#/components/").skip(1) {
        let target = &part[..part.find('"').unwrap()];
        let (kind, name) = target.split_once('/').unwrap();
        assert!(
            doc["components"][kind].get(name).is_some(),
            "dangling $ref {target}"
        );
    }
}

#[tokio::test]
async fn unknown_api_paths_are_json_404s() {
    let server = common::start().await;
    let (status, body) = server.get("/api/nope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error_category(&body), "not_found");
}

#[tokio::test]
async fn validate_accepts_real_cubes_and_names_the_faulty_piece() {
    let server = common::start().await;
    let (status, body) = server
        .post("/api/validate", json!({ "facelets": SOLVED }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["valid"], true);
    let (_, body) = server
        .post("/api/validate", json!({ "scramble": "R U R' U'" }))
        .await;
    assert_eq!(body["valid"], true);
    assert_eq!(body["facelets"], after("R U R' U'"));

    let cases = [
        // URF twisted clockwise: U9, R1, F3 carry F, U, R.
        (
            painted(&[(8, 'F'), (9, 'U'), (20, 'R')]),
            "twisted_corner",
            Some("URF"),
        ),
        // UF flipped: U8 and F2 swap colours.
        (painted(&[(7, 'F'), (19, 'U')]), "flipped_edge", Some("UF")),
        // UR and UF swapped: a single swap is odd parity.
        (
            painted(&[(5, 'U'), (10, 'F'), (7, 'U'), (19, 'R')]),
            "parity",
            None,
        ),
        (painted(&[(0, 'R')]), "colour_count", None),
        (SOLVED[..50].to_string(), "wrong_length", None),
        (painted(&[(0, 'X')]), "bad_character", None),
    ];
    for (facelets, category, piece) in cases {
        let (status, body) = server
            .post("/api/validate", json!({ "facelets": facelets }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["valid"], false, "{facelets}");
        assert_eq!(body["category"], category, "{body}");
        assert_eq!(body["piece"].as_str(), piece, "{body}");
        assert!(body["error"].as_str().unwrap().len() > 10);
    }
}

#[tokio::test]
async fn validate_refuses_malformed_requests() {
    let server = common::start().await;
    let (status, body) = server
        .post_raw("/api/validate", "{\"facelets\":".into())
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "bad_json");
    let (status, body) = server.post("/api/validate", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "missing_input");
}

#[tokio::test]
async fn solve_refuses_bad_input_with_400_and_a_category() {
    let server = common::start().await;
    let bad_json = [
        "not json",
        "{\"scramble\": \"R U\"",
        "{\"scramble\": \"R\",}",
        "",
    ];
    for body in bad_json {
        let (status, reply) = server.post_raw("/api/solve", body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body:?}");
        assert_eq!(error_category(&reply), "bad_json", "{body:?}");
    }
    let wrong_types = [
        json!({ "scramble": 42 }),
        json!({ "facelets": ["U"] }),
        json!({ "scramble": "R", "max_length": "twenty" }),
        json!({ "scramble": "R", "timeout_ms": -5 }),
        json!({ "scramble": "R", "method": 3 }),
        json!([1, 2, 3]),
        json!("R U"),
    ];
    for body in wrong_types {
        let (status, reply) = server.post("/api/solve", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(error_category(&reply), "wrong_type", "{body}");
    }
    let bad_requests = [
        (json!({}), "missing_input"),
        (
            json!({ "scramble": "R", "facelets": SOLVED }),
            "ambiguous_input",
        ),
        (json!({ "scramble": "R Q U" }), "notation"),
        (
            json!({ "scramble": "R", "method": "beginner" }),
            "unknown_method",
        ),
        (json!({ "scramble": "R", "lang": "de" }), "unknown_lang"),
        (json!({ "scramble": "R", "timeout_ms": 0 }), "bad_limit"),
        (
            json!({ "scramble": "R", "max_length": 100000 }),
            "bad_limit",
        ),
        (json!({ "scramble": "R ".repeat(3000) }), "notation"),
    ];
    for (body, category) in bad_requests {
        let (status, reply) = server.post("/api/solve", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(error_category(&reply), category, "{body}");
    }
    // A notation error points at the token.
    let (_, reply) = server
        .post("/api/solve", json!({ "scramble": "R U Q2 F" }))
        .await;
    assert_eq!(reply["column"], 5, "{reply}");
    assert!(reply["error"].as_str().unwrap().contains("`Q`"), "{reply}");
}

#[tokio::test]
async fn solve_refuses_invalid_cubes_naming_the_piece() {
    let server = common::start().await;
    let twisted = painted(&[(8, 'F'), (9, 'U'), (20, 'R')]);
    let (status, body) = server
        .post("/api/solve", json!({ "facelets": twisted }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "twisted_corner");
    assert_eq!(body["piece"], "URF");
    let flipped = painted(&[(7, 'F'), (19, 'U')]);
    let (status, body) = server
        .post("/api/solve", json!({ "facelets": flipped }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "flipped_edge");
    assert_eq!(body["piece"], "UF");
}

#[tokio::test]
async fn improve_spends_the_budget_on_a_solution_no_longer_than_the_first() {
    let server = common::start().await;
    let scramble = "D2 F' L2 B U2 R' D L' F2 U B2 R2 D' L2 F R U' B' D2 L";
    let (status, first) = server
        .post("/api/solve", json!({ "scramble": scramble }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, better) = server
        .post(
            "/api/solve",
            json!({ "scramble": scramble, "improve": true, "timeout_ms": 300 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{better}");
    assert_solves(&after(scramble), better["solution"].as_str().unwrap());
    assert!(better["length"].as_u64() <= first["length"].as_u64());
    // Improving runs until the budget is spent (unless it proves nothing shorter exists).
    assert!(better["millis"].as_f64().unwrap() >= 250.0 || better["length"].as_u64() < Some(17));
    let (status, body) = server
        .post(
            "/api/solve",
            json!({ "scramble": scramble, "improve": "yes" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "wrong_type");
}

#[tokio::test]
async fn huge_bodies_are_refused_with_413() {
    let server = common::start().await;
    let huge = format!("{{\"scramble\": \"{}\"}}", "R U ".repeat(100_000));
    for path in ["/api/solve", "/api/validate", "/api/apply"] {
        let (status, body) = server.post_raw(path, huge.clone()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{path}");
        assert_eq!(error_category(&body), "body_too_large");
    }
}

#[tokio::test]
async fn apply_turns_a_state_as_the_cube_model_does() {
    let server = common::start().await;
    let (status, body) = server
        .post("/api/apply", json!({ "moves": "R U R' U'" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let expected = after("R U R' U'");
    assert_eq!(body["facelets"], expected);
    assert_eq!(body["solved"], false);
    // Six sexy moves are the identity.
    let (_, body) = server
        .post(
            "/api/apply",
            json!({ "facelets": expected, "moves": "R U R' U' ".repeat(5) }),
        )
        .await;
    assert_eq!(body["solved"], true);
    let (status, body) = server
        .post("/api/apply", json!({ "facelets": SOLVED }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "wrong_type");
}

#[tokio::test]
async fn scramble_is_reproducible_by_seed_and_reaches_its_facelets() {
    let server = common::start().await;
    let (status, a) = server.get("/api/scramble?seed=42").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let (_, b) = server.get("/api/scramble?seed=42").await;
    let (_, c) = server.get("/api/scramble?seed=43").await;
    assert_eq!(a["facelets"], b["facelets"]);
    assert_ne!(a["facelets"], c["facelets"]);
    for s in [&a, &c] {
        assert_eq!(
            after(s["scramble"].as_str().unwrap()),
            s["facelets"].as_str().unwrap()
        );
    }
    let (_, random) = server.get("/api/scramble").await;
    assert_eq!(random["facelets"].as_str().unwrap().len(), 54);
    let (status, body) = server.get("/api/scramble?seed=minus-one").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "bad_query");
}

#[tokio::test]
async fn methods_and_messages_are_listed() {
    let server = common::start().await;
    let (status, methods) = server.get("/api/methods").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = methods
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["twophase", "optimal", "thistlethwaite", "cfop"]);
    // Each entry is the method as the registry declares it: summary, pace, options and values.
    for (entry, &method) in methods.as_array().unwrap().iter().zip(Method::all()) {
        assert_eq!(entry["summary"], method.summary());
        assert_eq!(entry["slow"], method.pace() == Pace::Slow);
        let options = entry["options"].as_array().unwrap();
        assert_eq!(options.len(), method.options().len());
        for (json, def) in options.iter().zip(method.options()) {
            assert_eq!(json["name"], def.name);
            assert_eq!(json["help"], def.help);
            let values: Vec<&str> = json["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["name"].as_str().unwrap())
                .collect();
            match def.kind {
                OptionKind::Flag => {
                    assert_eq!((json["kind"].as_str(), values.len()), (Some("flag"), 0))
                }
                OptionKind::Choice(choices) => {
                    assert_eq!(json["kind"], "choice");
                    let names: Vec<&str> = choices.iter().map(|c| c.name).collect();
                    assert_eq!(values, names);
                }
            }
        }
    }
    let optimal = &methods[1];
    assert_eq!(optimal["slow"], true);
    let table = &optimal["options"][0];
    assert_eq!(table["name"], "table");
    assert!(table["values"]
        .as_array()
        .unwrap()
        .iter()
        .any(|v| v["name"] == "small"));
    assert_eq!(methods[0]["slow"], false);
    let (status, en) = server.get("/api/messages?lang=en").await;
    assert_eq!(status, StatusCode::OK);
    let (_, fr) = server.get("/api/messages?lang=fr").await;
    assert_eq!(en.as_array().unwrap().len(), fr.as_array().unwrap().len());
    let (status, body) = server.get("/api/messages?lang=xx").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_category(&body), "unknown_lang");
}

/// Every method either solves (verified) or answers a clear error, and no request outlives its
/// time budget by more than the grace period.
#[tokio::test]
async fn every_method_solves_or_fails_clearly_within_its_budget() {
    let server = common::start().await;
    let grace = server.state.limits.grace;
    let scramble = "R U2 F' L D2 B R' U F2 D' L2 B' U R2 F D";
    for method in ["twophase", "thistlethwaite", "cfop", "optimal"] {
        let budget_ms = if method == "optimal" { 1_500 } else { 30_000 };
        let start = Instant::now();
        let (status, body) = server.post("/api/solve",
            json!({ "scramble": scramble, "method": method, "timeout_ms": budget_ms, "lang": "fr" }),
        )
        .await;
        let took = start.elapsed();
        assert!(
            took <= Duration::from_millis(budget_ms) + grace + Duration::from_secs(1),
            "{method} answered after {took:?}"
        );
        match status {
            StatusCode::OK => {
                assert_eq!(body["method"], method);
                let facelets = body["facelets"].as_str().unwrap();
                assert_solves(facelets, body["solution"].as_str().unwrap());
                let steps = body["steps"].as_array().unwrap();
                assert!(!steps.is_empty(), "{method}: steps explain the solution");
                for step in steps {
                    assert!(!step["name"].as_str().unwrap().is_empty());
                    assert!(!step["explanation"].as_str().unwrap().is_empty());
                    assert!(step["translations"]["en"]["name"].is_string());
                }
                assert_eq!(
                    body["length"].as_u64().unwrap() as usize,
                    Alg::parse(body["solution"].as_str().unwrap())
                        .unwrap()
                        .htm()
                );
            }
            StatusCode::NOT_IMPLEMENTED => {
                assert_eq!(error_category(&body), "unavailable_method", "{method}")
            }
            StatusCode::UNPROCESSABLE_ENTITY => {
                assert_eq!(error_category(&body), "no_solution", "{method}")
            }
            StatusCode::GATEWAY_TIMEOUT => assert_eq!(error_category(&body), "timeout"),
            other => panic!("{method}: unexpected {other}: {body}"),
        }
    }
}

/// The default method is real: two-phase solves random states within 20 moves.
#[tokio::test]
async fn twophase_solves_random_states_in_at_most_20_moves() {
    let server = common::start().await;
    for seed in 0..20u64 {
        let (_, scramble) = server.get(&format!("/api/scramble?seed={seed}")).await;
        let facelets = scramble["facelets"].as_str().unwrap();
        let (status, body) = server
            .post(
                "/api/solve",
                json!({ "facelets": facelets, "method": "twophase", "timeout_ms": 30000 }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_solves(facelets, body["solution"].as_str().unwrap());
        assert!(body["length"].as_u64().unwrap() <= 20, "{body}");
    }
}

#[tokio::test]
async fn apply_and_validate_understand_slices_rotations_and_turned_centres() {
    let server = common::start().await;
    let (status, body) = server
        .post("/api/apply", json!({ "moves": "M x (R U)2 Rw' E S2 y" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let facelets = body["facelets"].as_str().unwrap().to_string();
    assert_eq!(facelets, after("M x (R U)2 Rw' E S2 y"));
    assert_ne!(&facelets[4..5], "U", "the centres moved");
    let (_, valid) = server
        .post("/api/validate", json!({ "facelets": facelets }))
        .await;
    assert_eq!(valid["valid"], true, "{valid}");
    // A whole-cube rotation alone leaves a solved cube.
    let (_, body) = server.post("/api/apply", json!({ "moves": "x y2" })).await;
    assert_eq!(body["solved"], true);
}

#[tokio::test]
async fn solutions_for_a_cube_held_turned_name_the_faces_where_they_are() {
    let server = common::start().await;
    let held = after("x R U' y F2 D");
    let (status, body) = server
        .post(
            "/api/solve",
            json!({ "facelets": held, "method": "twophase", "timeout_ms": 30000 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["facelets"], held);
    assert_solves(&held, body["solution"].as_str().unwrap());
    let (status, body) = server
        .post(
            "/api/solve",
            json!({ "scramble": "x R U' y F2 D", "timeout_ms": 30000 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_solves(&held, body["solution"].as_str().unwrap());
}

/// When every fast slot is taken, a request waits at most its budget plus the grace period,
/// then gets a clear 503 rather than hanging.
#[tokio::test]
async fn a_request_that_cannot_get_a_solve_slot_gets_503_in_time() {
    let limits = rubik_web::ServerLimits {
        fast_jobs: 1,
        grace: Duration::from_millis(100),
        ..Default::default()
    };
    let server = common::start_with(limits).await;
    let held = std::sync::Arc::clone(&server.state.fast_slots)
        .acquire_owned()
        .await
        .unwrap();
    let start = Instant::now();
    let (status, body) = server
        .post(
            "/api/solve",
            json!({ "scramble": "R U", "timeout_ms": 200 }),
        )
        .await;
    let took = start.elapsed();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(error_category(&body), "busy");
    assert!(
        took >= Duration::from_millis(300),
        "waited its budget: {took:?}"
    );
    assert!(
        took < Duration::from_secs(3),
        "but not much longer: {took:?}"
    );
    // Once the slot is free, requests go through again.
    drop(held);
    let (status, body) = server
        .post("/api/validate", json!({ "scramble": "R U" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
