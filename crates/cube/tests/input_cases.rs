//! The shared table of facelet strings and colour nets (`data/input_cases.json`): what each
//! reads as (the cube some moves make from solved) or the fault it is refused for. The browser
//! tests run the same table through the WebAssembly core (`e2e/static.test.mjs`), so the page
//! and the library read these inputs alike.

use rubik_cube::input::{looks_like_facelets, parse_cube};
use rubik_cube::{parse_net, Alg, Cube};
use serde_json::Value;

#[test]
fn facelet_strings_and_nets_read_as_the_table_says() {
    let table: Value = serde_json::from_str(include_str!("data/input_cases.json")).unwrap();
    let cases = table["cases"].as_array().unwrap();
    assert!(cases.len() >= 10);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let input = case["input"].as_str().unwrap();
        let kind = case["kind"].as_str().unwrap();
        assert_eq!(looks_like_facelets(input), kind == "facelets", "{name}");
        let read = match kind {
            "net" => parse_net(input).map_err(|e| (e.category(), e.piece())),
            _ => parse_cube(input).map_err(|e| (e.category(), e.piece())),
        };
        match case["same_as"].as_str() {
            Some(moves) => {
                let expected = Cube::solved().apply(&Alg::parse(moves).unwrap());
                assert_eq!(read, Ok(expected), "{name}");
            }
            None => {
                let (category, piece) = read.expect_err(name);
                assert_eq!(category, case["category"].as_str().unwrap(), "{name}");
                assert_eq!(piece.as_deref(), case["piece"].as_str(), "{name}");
            }
        }
    }
}
