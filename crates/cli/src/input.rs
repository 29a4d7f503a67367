//! Where a command's cube comes from: moves on the command line, a facelet string, a
//! colour-net file or a measured-colours file (`-` for stdin).

use crate::cube_io::{self, Cube};
use crate::error::{CliError, CliResult};
use anyhow::Context;
use std::io::Read;
use std::path::Path;

/// Reads a text file, or stdin for `-`.
pub fn read_text(path: &Path) -> CliResult<String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read stdin")
            .map_err(CliError::bad_input)?;
        return Ok(text);
    }
    std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .map_err(CliError::bad_input)
}

/// The cube of a colour-net file.
pub fn cube_from_net_file(path: &Path) -> CliResult<Cube> {
    let text = read_text(path)?;
    cube_io::parse_net(&text)
        .map_err(|e| CliError::from(e).context(format!("in the net {}", path.display())))
}

/// The cube a measured-colours file shows (see `rubik_scan`), with the resolver's reading.
/// Doubtful stickers are named on stderr; a scan no valid cube fits is bad input (exit 2).
pub fn cube_from_rgb_file(path: &Path) -> CliResult<(Cube, cube_io::Resolution)> {
    let text = read_text(path)?;
    let (cube, resolution) = cube_io::resolve_rgb(&text).map_err(|e| {
        CliError::bad_input(e).context(format!("in the colours {}", path.display()))
    })?;
    if let Some(warning) = doubt_warning(&resolution) {
        eprintln!("rubik: warning: {warning}");
    }
    Ok((cube, resolution))
}

/// Decodes a PNG or JPEG file into 8-bit RGB.
fn read_frame(path: &Path) -> CliResult<cube_io::Frame> {
    let image = image::ImageReader::open(path)
        .and_then(|reader| reader.with_guessed_format())
        .map_err(|e| {
            CliError::bad_input(anyhow::anyhow!(
                "cannot read the image {}: {e}",
                path.display()
            ))
        })?
        .decode()
        .map_err(|e| CliError::bad_input(anyhow::anyhow!(image_fault(path, &e))))?
        .to_rgb8();
    Ok(cube_io::Frame {
        width: image.width() as usize,
        height: image.height() as usize,
        pixels: image.pixels().map(|p| p.0).collect(),
    })
}

/// Why an image file could not be decoded, in words (the decoder's own words for a damaged
/// PNG or JPEG; for another kind of file, what is expected instead).
fn image_fault(path: &Path, e: &image::ImageError) -> String {
    match e {
        image::ImageError::Unsupported(_) => {
            let is_json = path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("json"));
            let colours = if is_json {
                " (for measured colours, give the file with --rgb)"
            } else {
                ""
            };
            format!(
                "cannot read the image {}: it is not a PNG or JPEG photo{colours}",
                path.display()
            )
        }
        e => format!("cannot read the image {}: {e}", path.display()),
    }
}

/// Reads a rectangles file: a JSON array of 54 `[image, x, y, width, height]` (the image's
/// place among the images given, from 0; pixels), one per sticker in URFDLB facelet order.
fn read_rects(path: &Path) -> CliResult<Vec<(usize, cube_io::Rect)>> {
    let text = read_text(path)?;
    let rows: Vec<[usize; 5]> = serde_json::from_str(&text)
        .with_context(|| {
            format!(
                "cannot read the rectangles {}: expected a JSON array of 54 [image, x, y, width, height]",
                path.display()
            )
        })
        .map_err(CliError::bad_input)?;
    Ok(rows
        .into_iter()
        .map(|[f, x, y, w, h]| (f, cube_io::Rect { x, y, w, h }))
        .collect())
}

/// The cube shown by face photos (six, any order, each face turned any way unless `as_shot`)
/// or, with a rectangles file, by a robot rig's frames; doubtful stickers are named on stderr
/// like `--rgb`'s, and the turns found, when any face was turned. With the cube: the quarter
/// turns clockwise (URFDLB) that brought each photo to the net, when they were searched.
pub fn cube_from_images(
    paths: &[std::path::PathBuf],
    rects: Option<&Path>,
    as_shot: bool,
) -> CliResult<(Cube, cube_io::Resolution, Option<[u8; 6]>)> {
    let frames: Vec<cube_io::Frame> = paths
        .iter()
        .map(|p| read_frame(p))
        .collect::<CliResult<_>>()?;
    let (cube, resolution, turns) = match rects {
        Some(file) => {
            let colours = cube_io::colours_from_rig(&frames, &read_rects(file)?)
                .map_err(CliError::bad_input)?;
            let (cube, resolution) =
                cube_io::resolve_colours(&colours).map_err(CliError::bad_input)?;
            (cube, resolution, None)
        }
        None => {
            let named: Vec<(String, cube_io::Frame)> = paths
                .iter()
                .map(|p| p.display().to_string())
                .zip(frames)
                .collect();
            let colours = cube_io::colours_from_photos(&named).map_err(CliError::bad_input)?;
            if as_shot {
                let (cube, resolution) =
                    cube_io::resolve_colours(&colours).map_err(CliError::bad_input)?;
                (cube, resolution, None)
            } else {
                let (cube, resolution, turns) =
                    cube_io::resolve_turned_colours(&colours).map_err(CliError::bad_input)?;
                if turns.iter().any(|&t| t != 0) {
                    eprintln!(
                        "rubik: note: faces turned to the net's orientation: {}",
                        cube_io::describe_turns(&turns)
                    );
                }
                (cube, resolution, Some(turns))
            }
        }
    };
    if let Some(warning) = doubt_warning(&resolution) {
        eprintln!("rubik: warning: {warning}");
    }
    Ok((cube, resolution, turns))
}

/// "check these stickers on the cube: R6 (read as R, 62%; else L), ..." for the doubtful
/// stickers of a resolution, least confident first; `None` when none is doubtful.
pub fn doubt_warning(resolution: &cube_io::Resolution) -> Option<String> {
    let doubtful = resolution.doubtful();
    if doubtful.is_empty() {
        return None;
    }
    let items: Vec<String> = doubtful
        .iter()
        .map(|&s| {
            let r = &resolution.stickers[s];
            let name = cube_io::sticker_name(s);
            if r.overruled {
                format!("{name} (looked like {}, read as {})", r.looks_like, r.face)
            } else {
                let percent = (r.confidence * 100.0).floor();
                match r.alternative {
                    Some((alt, _)) => {
                        format!("{name} (read as {}, {percent}%; else {alt})", r.face)
                    }
                    None => format!("{name} (read as {}, {percent}%)", r.face),
                }
            }
        })
        .collect();
    Some(format!(
        "some colours were hard to read; check these stickers on the cube: {}",
        items.join(", ")
    ))
}

/// The words of an `ALG...` argument list joined into one algorithm text.
pub fn joined(words: &[String]) -> String {
    words.join(" ")
}
