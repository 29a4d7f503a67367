//! `POST /api/resolve` over real HTTP: measured colours to a valid cube the solver then
//! solves, pins, refusals naming the stickers in conflict, and the documentation.

mod common;

use reqwest::StatusCode;
use rubik_cube::random::rng_from_seed;
use rubik_cube::{Cube, CubieCube};
use rubik_scan::lighting::{cases, load_real, Part};
use rubik_scan::synthetic::{random_colours, scan, Conditions};
use rubik_scan::{Resolver, ScanError};
use serde_json::json;

/// A scan of a random cube under random lighting.
fn scanned(seed: u64) -> (CubieCube, Vec<[f64; 3]>) {
    let mut rng = rng_from_seed(seed);
    let cube = CubieCube::random(&mut rng);
    let colours = random_colours(&mut rng);
    let conditions = Conditions::random(&mut rng);
    (cube, scan(&cube, &colours, &conditions, &mut rng).to_vec())
}

#[tokio::test]
async fn resolves_a_scan_that_the_solver_then_solves() {
    let server = common::start().await;
    let (cube, rgb) = scanned(1);
    let (status, body) = server.post("/api/resolve", json!({ "rgb": rgb })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let facelets = body["facelets"].as_str().unwrap();
    assert_eq!(facelets, cube.to_facelets());
    assert_eq!(body["confidence"].as_array().unwrap().len(), 54);
    assert_eq!(body["alternatives"].as_array().unwrap().len(), 54);
    assert!(
        body["alternatives"][4].is_null(),
        "centres have no alternative"
    );
    assert!(body["doubtful"].as_array().unwrap().is_empty());
    for face in ["U", "R", "F", "D", "L", "B"] {
        let hex = body["colours"][face].as_str().unwrap();
        assert!(hex.starts_with('#') && hex.len() == 7, "{hex}");
    }
    assert!(body["millis"].as_f64().unwrap() >= 0.0);

    let (status, solved) = server
        .post("/api/solve", json!({ "facelets": facelets }))
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    let moves = rubik_cube::Alg::parse(solved["solution"].as_str().unwrap()).unwrap();
    assert!(Cube::from_facelets(facelets)
        .unwrap()
        .apply(&moves)
        .is_solved());
}

#[tokio::test]
async fn a_pin_changes_the_answer_to_the_best_cube_with_that_colour() {
    let server = common::start().await;
    let (_, rgb) = scanned(2);
    let (_, plain) = server.post("/api/resolve", json!({ "rgb": rgb })).await;
    let before = plain["facelets"].as_str().unwrap().to_string();
    // R6 (index 14) to its next most probable colour: a one-click fix.
    let alt = plain["alternatives"][14]["face"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, pinned) = server
        .post("/api/resolve", json!({ "rgb": rgb, "pins": { "R6": alt } }))
        .await;
    assert_eq!(status, StatusCode::OK, "{pinned}");
    let after = pinned["facelets"].as_str().unwrap();
    assert_eq!(&after[14..15], alt);
    assert_ne!(after, before);
    assert!(Cube::from_facelets(after).is_ok(), "still a valid cube");
}

#[tokio::test]
async fn refusals_name_the_fault() {
    let server = common::start().await;
    let (_, rgb) = scanned(3);

    let (status, body) = server
        .post("/api/resolve", json!({ "rgb": rgb[..50] }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["category"], "wrong_count");
    assert!(body["piece"].is_null());

    let (status, body) = server
        .post(
            "/api/resolve",
            json!({ "rgb": rgb, "pins": { "R10": "U" } }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["category"], "bad_pin");
    assert!(body["error"].as_str().unwrap().contains("R10"));

    let (status, body) = server
        .post("/api/resolve", json!({ "rgb": rgb, "pins": { "R5": "U" } }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["category"], "bad_pin");

    let (status, body) = server.post("/api/resolve", json!({ "colours": rgb })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["category"], "wrong_type");

    // The R face read a quarter turn off: no valid cube is within reach.
    let mut rotated = rgb.clone();
    for r in 0..3 {
        for c in 0..3 {
            rotated[9 + r * 3 + c] = rgb[9 + (2 - c) * 3 + r];
        }
    }
    let (status, body) = server.post("/api/resolve", json!({ "rgb": rotated })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["category"], "no_valid_cube");
    let conflicts = body["conflicts"].as_array().unwrap();
    assert!(conflicts.len() >= 3);
    for c in conflicts {
        let name = c["sticker"].as_str().unwrap();
        assert!(body["error"].as_str().unwrap().contains(name));
        assert_ne!(c["looks_like"], c["needed"]);
    }
}

/// A real scan under lighting faults that the resolver refuses as too unclear: the answer
/// names every sticker in doubt, as the resolver's error does.
#[tokio::test]
async fn a_scan_too_unclear_to_read_names_its_doubtful_stickers() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scan/tests/data");
    let real = load_real(&data).expect("the scan crate's real scans");
    let (case, stickers) = cases(&real, Part::Tuning)
        .into_iter()
        .find_map(|case| match Resolver::new().resolve(&case.rgb) {
            Err(ScanError::Unsure { stickers }) => Some((case, stickers)),
            _ => None,
        })
        .expect("some case of the tuning part is refused as unsure");
    let server = common::start().await;
    let (status, body) = server
        .post("/api/resolve", json!({ "rgb": case.rgb.to_vec() }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{}: {body}", case.name);
    assert_eq!(body["category"], "unsure");
    let named: Vec<u64> = body["unsure"]
        .as_array()
        .expect("an unsure refusal lists its stickers")
        .iter()
        .map(|s| {
            let name = s["sticker"].as_str().unwrap();
            assert!(body["error"].as_str().unwrap().contains(name), "{name}");
            s["index"].as_u64().unwrap()
        })
        .collect();
    let expected: Vec<u64> = stickers.iter().map(|&s| s as u64).collect();
    assert_eq!(named, expected);
    assert!(body.get("conflicts").is_none(), "{body}");
}

#[tokio::test]
async fn the_endpoint_is_documented() {
    let server = common::start().await;
    let doc = server.openapi().await;
    assert!(doc["paths"]["/api/resolve"]["post"].is_object());
    assert!(doc["components"]["schemas"]["ResolveResponse"].is_object());
}
