//! The notation parser never panics; what it accepts prints and reparses to the same tree,
//! and applying it and its inverse returns to solved.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rubik_cube::{Alg, Cube};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(alg) = Alg::parse(text) {
        let printed = alg.to_string();
        assert_eq!(Alg::parse(&printed).as_ref(), Ok(&alg), "{printed}");
        let _ = (alg.htm(), alg.qtm(), alg.stm(), alg.simplify());
        if alg.expanded_len() <= 10_000 {
            let c = Cube::solved().apply(&alg);
            assert!(c.apply(&alg.inverse()) == Cube::solved());
        }
    }
});
