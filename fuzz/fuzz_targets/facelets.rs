//! The facelet readers (and the one-line input reader) never panic; what they accept writes
//! back to the same cube.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rubik_cube::{input::parse_cube, Cube, CubieCube};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(c) = Cube::from_facelets(text) {
        assert_eq!(Cube::from_facelets(&c.to_facelets()), Ok(c));
        assert!(c.to_cubie().check().is_ok());
    }
    if let Ok(c) = CubieCube::from_facelets(text) {
        assert_eq!(CubieCube::from_facelets(&c.to_facelets()), Ok(c));
    }
    let _ = parse_cube(text);
});
