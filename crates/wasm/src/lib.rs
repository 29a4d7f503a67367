//! `rubik-wasm`: the rubik core in the browser, bound to JavaScript with `wasm-bindgen`.
//!
//! The page reads, shows and checks cubes through this crate, so the page and the command
//! line cannot disagree: notation ([`parse_moves`]), the input box's facelet strings and colour
//! nets ([`read_input`]), colours in CIELAB ([`srgb_to_lab`]) and the 24 ways to hold a cube
//! ([`orientations`]). With no server (the page served as static files, or offline), the
//! page's API calls are answered here by [`local_api`] (a Web Worker runs it): scrambles,
//! two-phase on its compact tables (built in memory, with progress), Thistlethwaite, CFOP with
//! its explanations, validating, applying moves and reading scanned colours. What needs the
//! server (the optimal method's large tables, goal and algorithm searches) answers so.
//!
//! Every function takes and returns plain values or JSON text (read with `JSON.parse`), so
//! the JavaScript side needs no generated types. `static/core.js` wraps them for the page.

mod colour;
mod local;
mod notation;

use wasm_bindgen::prelude::*;

/// Reads notation: `{"ok":true,"moves":[["R",1],["Uw",3]…],"text":…,"facelets":…}` (each move
/// a family — `U`…`B`, `Uw`…`Bw`, `M` `E` `S`, `x` `y` `z` — and 1-3 clockwise quarter turns;
/// the facelets of the solved cube after them), or `{"ok":false,"message","token","column",
/// "line"}` naming the offending token as the command line does.
#[wasm_bindgen]
pub fn parse_moves(text: &str) -> String {
    notation::parse_moves(text).to_string()
}

/// Reads the page's input box as the command line reads its inputs: a facelet string (54
/// letters, or one that looks like one and has the wrong length), a colour net of nine rows,
/// or moves from the solved cube. `{"ok":true,"kind":"facelets"|"net"|"moves","facelets":…}`
/// (moves also give `"moves"` and `"text"`), or `{"ok":false,"kind",…,"message","category"}`.
#[wasm_bindgen]
pub fn read_input(text: &str) -> String {
    notation::read_input(text).to_string()
}

/// Whether `text` is meant as a facelet string (the rule of `rubik_cube::input`).
#[wasm_bindgen]
pub fn looks_like_facelets(text: &str) -> bool {
    rubik_cube::input::looks_like_facelets(text)
}

/// An sRGB colour (0-255 per channel) in CIELAB (D65): `[L, a, b]`.
#[wasm_bindgen]
pub fn srgb_to_lab(r: f64, g: f64, b: f64) -> Vec<f64> {
    colour::srgb_to_lab([r, g, b]).to_vec()
}

/// The 24 ways to hold a cube, as JSON: for each, the face letter of the centre at each
/// position (URFDLB order); the first is the start orientation.
#[wasm_bindgen]
pub fn orientations() -> String {
    colour::orientations().to_string()
}

/// One call of the page's JSON API answered in the browser: `method` (`GET`/`POST`), `path`
/// (`/api/solve?…`) and the request body as JSON text (empty for none). Answers
/// `{"status":200,"body":…}` with the server's answer shapes; paths that need the server
/// answer 503 with the category `needs_server`.
#[wasm_bindgen]
pub fn local_api(method: &str, path: &str, body: &str) -> String {
    local::route(method, path, body, None).to_string()
}

/// [`local_api`], reporting table builds to `progress(name, done, total)`.
#[wasm_bindgen]
pub fn local_api_with_progress(
    method: &str,
    path: &str,
    body: &str,
    progress: &js_sys::Function,
) -> String {
    let reporter = local::JsProgress::new(progress.clone());
    local::route(method, path, body, Some(reporter)).to_string()
}

/// Builds (in memory) the tables of `method` (`default`: the registry's default method) now, reporting to `progress(name, done, total)`;
/// `{"ok":true}` or `{"ok":false,"error":…}`. A solve builds them too, on first use.
#[wasm_bindgen]
pub fn prepare(method: &str, progress: &js_sys::Function) -> String {
    let reporter = local::JsProgress::new(progress.clone());
    local::prepare(method, Some(reporter)).to_string()
}

/// The version of the table file format: tables kept by the page (IndexedDB) are stored
/// under it, so tables of another version are never offered.
#[wasm_bindgen]
pub fn table_format() -> u32 {
    rubik_solve::tables::FORMAT_VERSION
}

// The tables kept between visits exist in the browser build only (the store keeps them there).

/// Hands in a table file kept from an earlier visit (header and payload); the table's name,
/// or `undefined` for bytes that are no table file. Checked (size, header, checksum) when a
/// solver first needs that table, and used instead of building it; a table that fails is
/// built again.
#[cfg(target_family = "wasm")]
#[wasm_bindgen]
pub fn offer_table(bytes: Vec<u8>) -> Option<String> {
    rubik_solve::tables::shelf::offer(bytes)
}

/// Whether the tables built from now on are kept for [`take_built_tables`].
#[cfg(target_family = "wasm")]
#[wasm_bindgen]
pub fn keep_built_tables(keep: bool) {
    rubik_solve::tables::shelf::keep_built(keep);
}

/// The tables built since the last call, as `[[name, Uint8Array], …]` (each a whole table
/// file), to keep for the next visit.
#[cfg(target_family = "wasm")]
#[wasm_bindgen]
pub fn take_built_tables() -> js_sys::Array {
    rubik_solve::tables::shelf::take_built()
        .into_iter()
        .map(|(name, bytes)| {
            js_sys::Array::of2(
                &JsValue::from_str(name),
                &js_sys::Uint8Array::from(&bytes[..]).into(),
            )
        })
        .collect()
}
