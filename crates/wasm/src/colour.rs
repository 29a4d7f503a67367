//! Colours for the page's scan: CIELAB (`rubik_scan::lab`) and the 24 orientations
//! (`rubik_cube::rotation`), so the page matches a scanned scheme to its own colours with the
//! core's arithmetic.

use serde_json::{json, Value};

/// `rgb` (sRGB, 0-255 per channel) in CIELAB.
pub fn srgb_to_lab(rgb: [f64; 3]) -> [f64; 3] {
    rubik_scan::lab::srgb_to_lab(rgb).to_array()
}

/// The 24 orientations as lists of centre letters.
pub fn orientations() -> Value {
    let all: Vec<String> = rubik_cube::rotation::orientations()
        .iter()
        .map(|o| o.centres.iter().map(|f| f.letter()).collect())
        .collect();
    json!(all)
}
