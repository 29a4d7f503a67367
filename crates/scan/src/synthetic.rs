//! Synthetic scans: the 54 colours a camera would report for a known cube under chosen
//! lighting, for testing and benchmarking the resolver against the truth.
//!
//! A scan is made in linear light: each sticker's colour (a cube's six sticker colours, varied
//! per cube as brands differ) times the light on its face image, then optional effects, then
//! sRGB encoding, sensor noise and rounding to 8 bits:
//! - **white balance**: the whole scan warm (reds up, blues down) or cold, and each face image a
//!   little off from the others, as auto white balance drifts between shots;
//! - **exposure**: the whole scan 40% darker, and each face image's exposure a little off;
//! - **gradient**: light falling off across a face (half as bright on the far side);
//! - **noise**: each sticker's reflectance and each channel's reading vary;
//! - **glare**: one or two stickers partly washed out towards white by a reflection.

use crate::lab::{linear_to_srgb, srgb_to_linear};
use rand::seq::SliceRandom;
use rand::Rng;
use rubik_cube::facelet::N_FACELETS;
use rubik_cube::CubieCube;

/// Typical camera colours of a cube's six sticker colours under neutral light (8-bit sRGB):
/// white, yellow, red, orange, green, blue.
pub const STICKER_COLOURS: [[f64; 3]; 6] = [
    [235.0, 235.0, 230.0],
    [230.0, 210.0, 40.0],
    [200.0, 30.0, 40.0],
    [245.0, 115.0, 25.0],
    [20.0, 150.0, 80.0],
    [20.0, 70.0, 170.0],
];

/// The overall white balance of a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhiteBalance {
    /// As the stickers are.
    Neutral,
    /// Tungsten-like: red gain 1.25, blue 0.7.
    Warm,
    /// Shade-like: red gain 0.8, blue 1.3.
    Cold,
}

impl WhiteBalance {
    fn gains(self) -> [f64; 3] {
        match self {
            WhiteBalance::Neutral => [1.0, 1.0, 1.0],
            WhiteBalance::Warm => [1.25, 1.0, 0.7],
            WhiteBalance::Cold => [0.8, 1.0, 1.3],
        }
    }
}

/// The lighting of a synthetic scan.
#[derive(Clone, Debug, PartialEq)]
pub struct Conditions {
    /// Overall white balance.
    pub white_balance: WhiteBalance,
    /// Whole-scan exposure factor on linear light (0.6 is "−40%").
    pub exposure: f64,
    /// How far each face image's white balance and exposure may drift from the others
    /// (0.08: each channel gain within ±8%).
    pub per_face_drift: f64,
    /// Faces (URFDLB index) lit by a gradient falling to half brightness across the face.
    pub gradient_faces: Vec<usize>,
    /// Standard deviation of sensor noise per channel, in 8-bit sRGB units.
    pub noise: f64,
    /// Standard deviation of each sticker's reflectance around its colour (relative, per
    /// channel).
    pub sticker_variation: f64,
    /// Stickers washed out by glare, with the share of white mixed in (0..1).
    pub glare: Vec<(usize, f64)>,
}

impl Conditions {
    /// Neutral light with a little noise: the easy case.
    pub fn clean() -> Conditions {
        Conditions {
            white_balance: WhiteBalance::Neutral,
            exposure: 1.0,
            per_face_drift: 0.0,
            gradient_faces: Vec::new(),
            noise: 2.0,
            sticker_variation: 0.02,
            glare: Vec::new(),
        }
    }

    /// A random mix of every effect: warm, cold or neutral white balance, half the scans 40%
    /// darker, half with a gradient across one to three faces, half with glare on one or two
    /// non-centre stickers (up to 70% white), always per-face drift (±8%) and noise.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Conditions {
        let white_balance = *[
            WhiteBalance::Neutral,
            WhiteBalance::Warm,
            WhiteBalance::Cold,
        ]
        .choose(rng)
        .expect("non-empty");
        let exposure = if rng.gen_bool(0.5) { 0.6 } else { 1.0 };
        let mut gradient_faces = Vec::new();
        if rng.gen_bool(0.5) {
            let mut faces: Vec<usize> = (0..6).collect();
            faces.shuffle(rng);
            gradient_faces = faces[..rng.gen_range(1..=3)].to_vec();
        }
        let mut glare = Vec::new();
        if rng.gen_bool(0.5) {
            for _ in 0..rng.gen_range(1..=2) {
                let s = loop {
                    let s = rng.gen_range(0..N_FACELETS);
                    if s % 9 != 4 {
                        break s;
                    }
                };
                glare.push((s, rng.gen_range(0.3..0.7)));
            }
        }
        Conditions {
            white_balance,
            exposure,
            per_face_drift: 0.08,
            gradient_faces,
            noise: 3.0,
            sticker_variation: 0.04,
            glare,
        }
    }
}

/// A normally distributed sample (Box–Muller).
fn gaussian<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    let u: f64 = rng.gen_range(f64::EPSILON..1.0);
    let v: f64 = rng.gen_range(0.0..1.0);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// The scan a camera would report for `cube` under `conditions`, with `colours[f]` the sRGB
/// colour of the stickers of face `f` (URFDLB). 54 sRGB values, URFDLB facelet order,
/// rounded to whole numbers.
pub fn scan<R: Rng + ?Sized>(
    cube: &CubieCube,
    colours: &[[f64; 3]; 6],
    conditions: &Conditions,
    rng: &mut R,
) -> [[f64; 3]; N_FACELETS] {
    let faces = cube.to_face_array();
    let wb = conditions.white_balance.gains();
    let mut light = [[0.0; 3]; 6];
    for l in light.iter_mut() {
        let exposure = 1.0 + conditions.per_face_drift * (rng.gen::<f64>() * 2.0 - 1.0);
        for c in 0..3 {
            let drift = 1.0 + conditions.per_face_drift * (rng.gen::<f64>() * 2.0 - 1.0);
            l[c] = wb[c] * conditions.exposure * exposure * drift;
        }
    }
    // A gradient runs from full light at one edge of the face to half at the opposite edge,
    // in a random direction.
    let mut gradient = [[1.0; 9]; 6];
    for &f in &conditions.gradient_faces {
        let angle: f64 = rng.gen_range(0.0..std::f64::consts::TAU);
        let (dx, dy) = (angle.cos(), angle.sin());
        for (i, g) in gradient[f].iter_mut().enumerate() {
            let (x, y) = ((i % 3) as f64 - 1.0, (i / 3) as f64 - 1.0);
            // Projection in -1.41..1.41 mapped to 1.0..0.5.
            let t = ((x * dx + y * dy) / std::f64::consts::SQRT_2 + 1.0) / 2.0;
            *g = 1.0 - 0.5 * t;
        }
    }
    let mut out = [[0.0; 3]; N_FACELETS];
    for s in 0..N_FACELETS {
        let face = s / 9;
        let base = colours[faces[s].index()];
        let mut lin = [0.0; 3];
        for c in 0..3 {
            let reflect = srgb_to_linear(base[c])
                * (1.0 + conditions.sticker_variation * gaussian(rng)).max(0.0);
            lin[c] = reflect * light[face][c] * gradient[face][s % 9];
        }
        for &(g, amount) in &conditions.glare {
            if g == s {
                // The reflection is white light at the face's exposure.
                let level = conditions.exposure * 1.1;
                for v in lin.iter_mut() {
                    *v = (1.0 - amount) * *v + amount * level;
                }
            }
        }
        for c in 0..3 {
            let v = linear_to_srgb(lin[c]) + conditions.noise * gaussian(rng);
            out[s][c] = v.round().clamp(0.0, 255.0);
        }
    }
    out
}

/// A cube's six sticker colours as its maker chose them: [`STICKER_COLOURS`] each varied a
/// little (±10% per channel in linear light), dealt to the six faces in a random order, so
/// no colour scheme is assumed.
pub fn random_colours<R: Rng + ?Sized>(rng: &mut R) -> [[f64; 3]; 6] {
    let mut colours = STICKER_COLOURS;
    colours.shuffle(rng);
    colours.map(|c| {
        c.map(|v| {
            let lin = srgb_to_linear(v) * (1.0 + 0.1 * (rng.gen::<f64>() * 2.0 - 1.0));
            linear_to_srgb(lin)
        })
    })
}
