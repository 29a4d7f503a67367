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
    /// Face photos read with their turns searched: per face (URFDLB), the quarter turns
    /// clockwise that brought its photo to the net's orientation.
    #[serde(skip_serializing_if = "Option::is_none")]
    turns: Option<[u8; 6]>,
}

/// Runs `rubik scan`.
pub fn run(args: &ScanArgs) -> CliResult {
    let (cube, resolution, turns) = match &args.rgb {
        Some(file) => {
            let (cube, resolution) = input::cube_from_rgb_file(file)?;
            (cube, resolution, None)
        }
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
            turns,
        };
        output::emit_line(&output::json_line(&report))?;
    } else {
        output::emit_line(&facelets)?;
    }
    Ok(())
}
