//! `rubik scan`: the cube in face photos, a robot rig's frames or measured colours, printed as
//! a facelet string.

use crate::args::ScanArgs;
use crate::cube_io;
use crate::error::CliResult;
use crate::input;
use crate::output;
use serde::Serialize;

/// The JSON answer.
#[derive(Serialize)]
struct ScanReport {
    facelets: String,
    confidence: Vec<f64>,
    doubtful: Vec<String>,
}

/// Runs `rubik scan`.
pub fn run(args: &ScanArgs) -> CliResult {
    let (cube, resolution) = match &args.rgb {
        Some(file) => input::cube_from_rgb_file(file)?,
        None => input::cube_from_images(&args.images, args.rects.as_deref(), args.as_shot)?,
    };
    let facelets = cube_io::facelets(&cube);
    if args.json {
        let report = ScanReport {
            facelets,
            confidence: resolution.stickers.iter().map(|s| s.confidence).collect(),
            doubtful: resolution
                .doubtful()
                .into_iter()
                .map(cube_io::sticker_name)
                .collect(),
        };
        output::emit_line(&output::json_line(&report))?;
    } else {
        output::emit_line(&facelets)?;
    }
    Ok(())
}
