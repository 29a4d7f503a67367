//! The same seeded random states through the command line (`rubik solve -c --json`) and over
//! HTTP (`rubik serve`, `POST /api/solve`) give the same answers, to the byte: solution,
//! steps (moves, names, explanations, human forms). Both go through the solving service, so
//! any difference is a front end doing more than translating.

mod common;

use common::*;
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;

/// The seed of the states.
const SEED: u64 = 35;

/// States per method.
const STATES: usize = 200;

/// The fields of an answer both front ends give, as JSON text: the solution, and per step
/// its key, name, moves, explanation and human form.
fn essentials(answer: &Value) -> String {
    let steps: Vec<Value> = answer["steps"]
        .as_array()
        .unwrap_or_else(|| panic!("no steps in {answer}"))
        .iter()
        .map(|s| {
            serde_json::json!({
                "key": s["key"], "name": s["name"], "moves": s["moves"],
                "explanation": s["explanation"], "params": s["params"],
                "human_moves": s["human"]["moves"],
                "human_explanation": s["human"]["explanation"],
            })
        })
        .collect();
    serde_json::json!({ "solution": answer["solution"], "steps": steps }).to_string()
}

/// A raw HTTP/1.1 POST of JSON; the response body.
fn post(addr: &str, path: &str, body: &Value) -> String {
    let body = body.to_string();
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{response}");
    body.to_string()
}

#[test]
fn the_command_line_and_http_give_the_same_answers() {
    // Tables first, so the server's first solves are not cut by its default budget.
    let _ = rubik_with_tables();
    let mut rng = rng_from_seed(SEED);
    let states: Vec<String> = (0..STATES)
        .map(|_| CubieCube::random(&mut rng).to_facelets())
        .collect();
    let (mut server, addr) = serve();
    let result = std::panic::catch_unwind(|| {
        let addr = addr.as_str();
        for method in ["twophase", "thistlethwaite", "cfop"] {
            let out = rubik()
                .args(["solve", "-c", "--json", "--method", method])
                .write_stdin(states.join("\n"))
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", stderr(&out));
            let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
            assert_eq!(lines.len(), states.len(), "{method}");
            for (state, cli) in states.iter().zip(&lines) {
                let cli: Value = serde_json::from_str(cli).unwrap();
                let http = post(
                    addr,
                    "/api/solve",
                    &serde_json::json!({ "facelets": state, "method": method, "timeout_ms": 60_000 }),
                );
                let http: Value = serde_json::from_str(&http).unwrap();
                assert_eq!(essentials(&cli), essentials(&http), "{method} on {state}");
                assert_solves(state, cli["solution"].as_str().unwrap());
            }
        }
    });
    let _ = server.kill();
    let _ = server.wait();
    result.unwrap();
}
