//! The colour-net reader never panics; an accepted net renders and reads back to the same cube.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rubik_cube::net::{parse_net, render_net, render_net_text, NetStyle};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(c) = parse_net(text) {
        assert_eq!(parse_net(&render_net_text(&c)), Ok(c));
        let _ = render_net(&c, NetStyle::Ansi);
    }
});
