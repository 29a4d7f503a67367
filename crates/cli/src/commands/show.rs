//! `rubik show`: the cube after some moves, as a net, a facelet string or JSON.

use crate::args::{ShowArgs, ShowFormat};
use crate::cube_io;
use crate::error::CliResult;
use crate::input;
use crate::output;
use serde::Serialize;

#[derive(Serialize)]
struct ShowReport {
    facelets: String,
    solved: bool,
    alg: String,
    /// With --rgb: each sticker's confidence (0..1), URFDLB order.
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<Vec<f64>>,
    /// With --rgb: the doubtful stickers' names, least confident first.
    #[serde(skip_serializing_if = "Option::is_none")]
    doubtful: Option<Vec<String>>,
}

/// Runs `rubik show`; `colour` says whether the net may use ANSI colours.
pub fn run(args: &ShowArgs, colour: bool) -> CliResult {
    let mut scanned = None;
    let start = if let Some(s) = &args.facelets {
        cube_io::parse_facelets(s)?
    } else if let Some(path) = &args.net {
        input::cube_from_net_file(path)?
    } else if let Some(path) = &args.rgb {
        let (cube, resolution) = input::cube_from_rgb_file(path)?;
        scanned = Some(resolution);
        cube
    } else {
        cube_io::solved()
    };
    let text = input::joined(&args.alg);
    let alg = cube_io::parse_alg(&text)?;
    let cube = cube_io::apply(&start, &alg);
    match args.format {
        ShowFormat::Net => output::emit(&cube_io::render_net(&cube, colour)),
        ShowFormat::Facelets => output::emit_line(&cube_io::facelets(&cube)),
        ShowFormat::Json => output::emit_line(&output::json_line(&ShowReport {
            facelets: cube_io::facelets(&cube),
            solved: cube_io::is_solved(&cube),
            alg: alg.to_string(),
            confidence: scanned
                .as_ref()
                .map(|r| r.stickers.iter().map(|s| s.confidence).collect()),
            doubtful: scanned.as_ref().map(|r| {
                r.doubtful()
                    .into_iter()
                    .map(cube_io::sticker_name)
                    .collect()
            }),
        })),
    }
}
