//! Rendered face photos with the truth known, for tests and benchmarks of [`crate::photo`]:
//! public photo data sets cannot be fetched where this was written, so the photos are drawn —
//! a textured, unevenly lit table, the cube's black body in perspective, stickers with pixel
//! noise, sometimes a glare spot — not taken.

use crate::lighting::BaseScan;
use crate::photo::{homography, map};
use crate::sample::Frame;
use crate::synthetic::{scan, Conditions, STICKER_COLOURS};
use rand::Rng;
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;

/// A clean scan of a random cube in the WCA scheme (the face photos are matched to faces
/// by that scheme).
pub fn wca_base(seed: u64) -> BaseScan {
    let mut rng = rng_from_seed(seed);
    let cube = CubieCube::random(&mut rng);
    let colours = [0, 2, 4, 1, 3, 5].map(|i| STICKER_COLOURS[i]);
    let conditions = Conditions {
        noise: 0.0,
        ..Conditions::clean()
    };
    BaseScan {
        name: format!("wca-{seed}"),
        rgb: scan(&cube, &colours, &conditions, &mut rng),
        facelets: cube.to_facelets(),
    }
}

/// A photo of one face: a textured background (a brown-grey table, lit unevenly), the
/// face's black body as a quadrilateral (rotated up to ±15°, each corner moved up to 6% of
/// the face for perspective, 45–65% of the photo's height), 0.84-wide stickers with
/// rounded colour noise, and sometimes a glare spot.
pub fn render_face(colours: &[[f64; 3]; 9], seed: u64) -> Frame {
    let mut rng = rng_from_seed(seed);
    let (width, height) = (320usize, 240usize);
    let size = height as f64 * rng.gen_range(0.45..0.65);
    let turn: f64 = rng.gen_range(-15f64..15.0).to_radians();
    let (cx, cy) = (
        width as f64 / 2.0 + rng.gen_range(-30.0..30.0),
        height as f64 / 2.0 + rng.gen_range(-15.0..15.0),
    );
    let corners = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map(|(x, y)| {
        let (x, y) = (
            x + rng.gen_range(-0.06..0.06),
            y + rng.gen_range(-0.06..0.06),
        );
        (
            cx + size * (x * turn.cos() - y * turn.sin()),
            cy + size * (x * turn.sin() + y * turn.cos()),
        )
    });
    // Image to face coordinates (0..3 across the body).
    let to_face = homography(corners, [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (0.0, 3.0)])
        .expect("a quadrilateral");
    let glare = rng.gen_bool(0.3).then(|| rng.gen_range(0..9usize));
    let tilt: f64 = rng.gen_range(0.6..1.0);
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let (u, v) = map(&to_face, (x as f64, y as f64));
            let noise = rng.gen_range(-6.0..6.0);
            let pixel = if (0.0..3.0).contains(&u) && (0.0..3.0).contains(&v) {
                let (i, j) = (u.floor(), v.floor());
                let (fu, fv) = (u - i, v - j);
                if (0.08..0.92).contains(&fu) && (0.08..0.92).contains(&fv) {
                    let k = j as usize * 3 + i as usize;
                    let spot = glare == Some(k) && (fu - 0.4).hypot(fv - 0.4) < 0.15;
                    if spot {
                        [250.0, 250.0, 248.0]
                    } else {
                        colours[k].map(|c| c + noise)
                    }
                } else {
                    [18.0 + noise, 18.0 + noise, 20.0 + noise]
                }
            } else {
                let shade = tilt + (1.0 - tilt) * x as f64 / width as f64;
                let grain = ((x / 7 + y / 5) % 3) as f64 * 6.0;
                [150.0 + grain, 125.0 + grain, 100.0 + grain].map(|c| c * shade + noise)
            };
            pixels.push(pixel.map(|c| c.round().clamp(0.0, 255.0) as u8));
        }
    }
    Frame {
        width,
        height,
        pixels,
    }
}
