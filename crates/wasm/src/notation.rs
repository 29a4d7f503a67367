//! The page's readers: notation, and the input box (facelet string, colour net or moves), by
//! the rules of `rubik_cube` so that the page reads every text as the command line does.

use rubik_cube::alg::{Layer, Turn};
use rubik_cube::input::looks_like_facelets;
use rubik_cube::{parse_net, Alg, Cube, CubeError, ParseError};
use serde_json::{json, Value};

/// The fewest non-blank lines (after `#` comments) that make the input box a colour net: a
/// net has nine rows; notation is written on one line, or a few.
pub const NET_MIN_LINES: usize = 9;

/// The page's name of a turn's layer: the move family of `static/cube.js`.
fn family(turn: Turn) -> String {
    match turn.layer {
        Layer::Face(f) => f.letter().to_string(),
        Layer::Wide(f) => format!("{}w", f.letter()),
        Layer::Slice(s) => s.letter().to_string(),
        Layer::Rotation(a) => a.letter().to_string(),
    }
}

/// An algorithm's turns as `[family, quarter turns]` pairs.
fn turns_json(alg: &Alg) -> Value {
    let turns: Vec<Value> = alg
        .turns()
        .into_iter()
        .map(|t| json!([family(t), t.amount]))
        .collect();
    Value::Array(turns)
}

fn notation_error(e: &ParseError) -> Value {
    json!({
        "ok": false,
        "kind": "moves",
        "category": "notation",
        "message": e.to_string(),
        "error": e.kind.key(),
        "token": e.token,
        "line": e.line,
        "column": e.column,
    })
}

fn cube_error(kind: &str, e: &CubeError) -> Value {
    json!({
        "ok": false,
        "kind": kind,
        "category": e.category(),
        "piece": e.piece(),
        "message": e.to_string(),
    })
}

/// Notation read into turns and the state they make from solved (see `crate::parse_moves`).
pub fn parse_moves(text: &str) -> Value {
    match Alg::parse(text) {
        Ok(alg) => json!({
            "ok": true,
            "kind": "moves",
            "moves": turns_json(&alg),
            "text": alg.expand().to_string(),
            "facelets": Cube::solved().apply(&alg).to_facelets(),
        }),
        Err(e) => notation_error(&e),
    }
}

/// The non-blank lines of `text` once `#` comments are cut (a colour net's rows).
fn net_rows(text: &str) -> usize {
    text.lines()
        .filter(|l| !l.split('#').next().unwrap_or("").trim().is_empty())
        .count()
}

/// The input box read (see `crate::read_input`). A facelet string of 54 face letters is
/// shown as written, valid or not (the page checks it separately, as it checks a painted
/// cube); one of another length is refused by its length; a colour net is read as `--net`
/// reads a file; anything else is moves.
pub fn read_input(text: &str) -> Value {
    if looks_like_facelets(text) {
        let letters: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let all_faces = letters.chars().all(|c| "URFDLB".contains(c));
        if letters.chars().count() == rubik_cube::facelet::N_FACELETS && all_faces {
            return json!({ "ok": true, "kind": "facelets", "facelets": letters });
        }
        return match Cube::from_facelets(text) {
            Ok(cube) => json!({ "ok": true, "kind": "facelets", "facelets": cube.to_facelets() }),
            Err(e) => cube_error("facelets", &e),
        };
    }
    if net_rows(text) >= NET_MIN_LINES {
        return match parse_net(text) {
            Ok(cube) => json!({ "ok": true, "kind": "net", "facelets": cube.to_facelets() }),
            Err(e) => cube_error("net", &e),
        };
    }
    parse_moves(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_gives_turns_and_state_or_the_column_at_fault() {
        let ok = parse_moves("r U' (M2 x)2");
        assert_eq!(ok["ok"], true);
        assert_eq!(ok["moves"][0], json!(["Rw", 1]));
        assert_eq!(ok["moves"][1], json!(["U", 3]));
        assert_eq!(ok["moves"][2], json!(["M", 2]));
        assert_eq!(ok["moves"][3], json!(["x", 1]));
        assert_eq!(ok["moves"].as_array().unwrap().len(), 6);
        let expected = Cube::solved().apply(&Alg::parse("r U' M2 x M2 x").unwrap());
        assert_eq!(ok["facelets"], expected.to_facelets());
        let bad = parse_moves("R U Q");
        assert_eq!(bad["ok"], false);
        assert_eq!(
            (bad["token"].as_str(), bad["column"].as_u64()),
            (Some("Q"), Some(5))
        );
    }

    #[test]
    fn the_input_box_reads_facelets_nets_and_moves() {
        let superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
        assert_eq!(read_input(superflip)["facelets"], superflip);
        let short = read_input(&superflip[..53]);
        assert_eq!(
            (short["ok"].as_bool(), short["category"].as_str()),
            (Some(false), Some("wrong_length"))
        );
        let net =
            rubik_cube::net::render_net_text(&Cube::solved().apply(&Alg::parse("R U").unwrap()));
        let read = read_input(&net);
        assert_eq!(read["kind"], "net");
        assert_eq!(read["facelets"], parse_moves("R U")["facelets"]);
        assert_eq!(read_input("R U")["kind"], "moves");
    }
}
