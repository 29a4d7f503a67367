//! Sampling sticker colours from a camera frame: the robot-rig case, where fixed cameras see
//! the cube at known places and a file gives each sticker's rectangle in the frame.
//!
//! A sticker's colour is the per-channel median of the inner part of its rectangle (the
//! border, where the black plastic and the neighbouring stickers bleed in, is left out), after
//! the glare is removed: pixels much brighter and greyer than the sticker's typical pixel (a
//! reflection of the lamp) do not vote. The frame is plain 8-bit RGB, decoded by the caller.

use crate::error::ScanError;

/// An 8-bit RGB image, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width × height` pixels, row by row from the top left.
    pub pixels: Vec<[u8; 3]>,
}

/// A rectangle of a frame, in pixels: left, top, width, height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: usize,
    /// Top edge.
    pub y: usize,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
}

/// The share of a rectangle's width and height kept around its middle.
const INNER: f64 = 0.6;
/// A pixel is glare when its brightest channel exceeds the sticker's median brightest channel
/// by this much (8-bit units) and its spread of channels (a saturation) is below the median's.
const GLARE_LIFT: i32 = 40;

impl Frame {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }
}

fn median(values: &mut [u8]) -> f64 {
    values.sort_unstable();
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2] as f64
    } else {
        (values[n / 2 - 1] as f64 + values[n / 2] as f64) / 2.0
    }
}

/// The colour of the sticker in `rect` of `frame` (see the [module docs](self)). `sticker` is
/// its facelet index, for the error when the rectangle is not inside the frame.
pub fn sample(frame: &Frame, rect: Rect, sticker: usize) -> Result<[f64; 3], ScanError> {
    if rect.w == 0 || rect.h == 0 || rect.x + rect.w > frame.width || rect.y + rect.h > frame.height
    {
        return Err(ScanError::BadRect {
            sticker,
            width: frame.width,
            height: frame.height,
        });
    }
    let keep = |len: usize| ((len as f64 * INNER).round() as usize).max(1);
    let (w, h) = (keep(rect.w), keep(rect.h));
    let (x0, y0) = (rect.x + (rect.w - w) / 2, rect.y + (rect.h - h) / 2);
    let pixels: Vec<[u8; 3]> = (y0..y0 + h)
        .flat_map(|y| (x0..x0 + w).map(move |x| (x, y)))
        .map(|(x, y)| frame.at(x, y))
        .collect();
    Ok(robust_colour(&pixels))
}

/// The colour of a sticker's pixels: the per-channel median of those that are not glare
/// (much brighter and greyer than the typical pixel).
pub fn robust_colour(pixels: &[[u8; 3]]) -> [f64; 3] {
    if pixels.is_empty() {
        return [0.0; 3];
    }
    let brightest = |p: &[u8; 3]| *p.iter().max().expect("three channels") as i32;
    let spread = |p: &[u8; 3]| brightest(p) - *p.iter().min().expect("three channels") as i32;
    let typical_bright = median(
        &mut pixels
            .iter()
            .map(|p| brightest(p) as u8)
            .collect::<Vec<_>>(),
    );
    let typical_spread = median(&mut pixels.iter().map(|p| spread(p) as u8).collect::<Vec<_>>());
    let clear: Vec<[u8; 3]> = pixels
        .iter()
        .copied()
        .filter(|p| {
            !(brightest(p) as f64 > typical_bright + GLARE_LIFT as f64
                && (spread(p) as f64) < typical_spread)
        })
        .collect();
    let voters = if clear.is_empty() { pixels } else { &clear };
    [0, 1, 2].map(|c| median(&mut voters.iter().map(|p| p[c]).collect::<Vec<_>>()))
}

/// The 54 colours of a robot rig's frames: `rects[s]` is sticker `s`'s frame (an index into
/// `frames`) and rectangle, URFDLB facelet order.
pub fn sample_rig(frames: &[Frame], rects: &[(usize, Rect)]) -> Result<Vec<[f64; 3]>, ScanError> {
    if rects.len() != 54 {
        return Err(ScanError::WrongCount { found: rects.len() });
    }
    rects
        .iter()
        .enumerate()
        .map(|(s, &(f, rect))| {
            let frame = frames.get(f).ok_or(ScanError::BadRect {
                sticker: s,
                width: 0,
                height: 0,
            })?;
            sample(frame, rect, s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::faults::{FaultKind, Faults};
    use crate::lighting::synthetic_base;
    use crate::resolve;
    use rand::Rng;
    use rubik_cube::random::rng_from_seed;

    /// A rig frame: the 54 stickers in a 9×6 grid of 40-pixel cells (a face per 3×3 block),
    /// 32-pixel stickers on black plastic, each sticker's pixels noisy, and a bright glare
    /// spot on a few of them.
    fn render(rgb: &[[f64; 3]; 54], seed: u64) -> (Frame, Vec<(usize, Rect)>) {
        let mut rng = rng_from_seed(seed);
        let (width, height) = (9 * 40, 6 * 40);
        let mut pixels = vec![[12u8, 12, 14]; width * height];
        let mut rects = Vec::new();
        for (s, colour) in rgb.iter().enumerate() {
            let (face, i) = (s / 9, s % 9);
            let (cx, cy) = ((face % 3) * 3 + i % 3, (face / 3) * 3 + i / 3);
            let rect = Rect {
                x: cx * 40 + 4,
                y: cy * 40 + 4,
                w: 32,
                h: 32,
            };
            let glare = rng.gen_bool(0.15);
            for y in rect.y..rect.y + rect.h {
                for x in rect.x..rect.x + rect.w {
                    let (gx, gy) = (
                        x as f64 - (rect.x + 12) as f64,
                        y as f64 - (rect.y + 12) as f64,
                    );
                    let spot = glare && gx * gx + gy * gy < 36.0;
                    pixels[y * width + x] = colour.map(|v| {
                        if spot {
                            250
                        } else {
                            (v + rng.gen_range(-12.0..12.0)).round().clamp(0.0, 255.0) as u8
                        }
                    });
                }
            }
            rects.push((0, rect));
        }
        (
            Frame {
                width,
                height,
                pixels,
            },
            rects,
        )
    }

    #[test]
    fn a_sticker_is_its_inner_median_with_glare_removed() {
        let mut pixels = vec![[200u8, 30, 20]; 100];
        // A glare spot inside, and a black border row bleeding in at the top.
        for p in pixels.iter_mut().take(10) {
            *p = [0, 0, 0];
        }
        for p in pixels[44..48].iter_mut() {
            *p = [255, 250, 245];
        }
        let frame = Frame {
            width: 10,
            height: 10,
            pixels,
        };
        let rect = Rect {
            x: 0,
            y: 0,
            w: 10,
            h: 10,
        };
        assert_eq!(sample(&frame, rect, 0).unwrap(), [200.0, 30.0, 20.0]);
        let outside = Rect { x: 5, ..rect };
        let e = sample(&frame, outside, 13).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the rectangle of sticker R5 is not inside its 10×10 frame"
        );
    }

    /// Rendered rig frames of 24 known cubes (real-scan-like colours under lighting faults,
    /// pixel noise, glare spots): every sampled scan resolves to its cube, or names every
    /// wrong sticker.
    #[test]
    fn rendered_rig_frames_resolve_to_their_cubes() {
        let mut exact = 0;
        for seed in 0..24u64 {
            let base = synthetic_base(3_000_000 + seed);
            let mut rng = rng_from_seed(seed);
            let kind = FaultKind::CYCLE[seed as usize % 8];
            let rgb = Faults::draw(kind, &mut rng).apply(&base.rgb, &mut rng);
            let (frame, rects) = render(&rgb, seed);
            let sampled = sample_rig(&[frame], &rects).unwrap();
            let answer = resolve(&sampled);
            match crate::lighting::judge(&base.facelets, &answer) {
                crate::lighting::Outcome::Exact { .. } => exact += 1,
                crate::lighting::Outcome::Silent { unnamed } => {
                    panic!("seed {seed}: silently wrong at {unnamed:?}")
                }
                _ => {}
            }
        }
        assert!(exact >= 23, "{exact} of 24 exact");
    }
}
