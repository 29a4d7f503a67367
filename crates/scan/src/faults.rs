//! Lighting faults: what a webcam or a robot's camera does to a scan between two rooms, applied
//! to a scan whose cube is known, so that the resolver can be tried against the truth.
//!
//! A fault works in linear light on the 54 measured colours (a real robot scan, or a clean
//! synthetic one), then re-encodes to 8-bit sRGB with sensor noise, clipping at 255 as a camera
//! does. The kinds, each drawn from a seeded generator ([`Faults::draw`]):
//! - **white balance**: the red and blue channel gains each anywhere in ±25% of green, for the
//!   whole scan, and each face image up to ±5% off that (auto white balance drifting);
//! - **exposure**: the whole scan's light times 0.5–1.3 (whites clip above 1), each face ±8%;
//! - **gradient**: on every face, light falling linearly across the face in a random direction,
//!   to 50–90% at the far side;
//! - **glare**: one to three non-centre stickers washed towards the face's white by 30–80%;
//! - **noise**: sensor noise with σ = 5 (8-bit units) on every channel;
//! - **low light**: exposure 0.15–0.35 with a warm or cold cast (±25%) and σ = 5 noise, where
//!   red, orange and blue become dark and close (the failures robot builders report most);
//! - **all**: white balance, exposure 0.5–1.3, a gradient on every face, glare on up to two
//!   stickers and σ = 5 noise at once.
//!
//! Every kind but noise itself adds σ = 2 noise, so no case is noise-free. [`crate::lighting`]
//! turns scans and seeds into the test set.

use crate::lab::{linear_to_srgb, srgb_to_linear};
use rand::seq::SliceRandom;
use rand::Rng;
use rubik_cube::facelet::{CENTRES, N_FACELETS};

/// The kind of lighting fault a case carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// White balance off by up to ±25% per channel.
    WhiteBalance,
    /// Exposure 0.5–1.3.
    Exposure,
    /// A brightness gradient across every face.
    Gradient,
    /// Glare spots on one to three stickers.
    Glare,
    /// Sensor noise σ = 5.
    Noise,
    /// Low light (exposure 0.15–0.35) with a colour cast and σ = 5 noise.
    LowLight,
    /// Every fault at once.
    All,
}

impl FaultKind {
    /// Every kind, in the order the test set cycles through them (`All` twice: it is the
    /// realistic case).
    pub const CYCLE: [FaultKind; 8] = [
        FaultKind::WhiteBalance,
        FaultKind::Exposure,
        FaultKind::Gradient,
        FaultKind::Glare,
        FaultKind::Noise,
        FaultKind::LowLight,
        FaultKind::All,
        FaultKind::All,
    ];

    /// A short name (`"white-balance"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::WhiteBalance => "white-balance",
            FaultKind::Exposure => "exposure",
            FaultKind::Gradient => "gradient",
            FaultKind::Glare => "glare",
            FaultKind::Noise => "noise",
            FaultKind::LowLight => "low-light",
            FaultKind::All => "all",
        }
    }
}

/// One drawn set of faults, ready to apply.
#[derive(Clone, Debug, PartialEq)]
pub struct Faults {
    /// The kind it was drawn for.
    pub kind: FaultKind,
    /// Per face image (URFDLB), the gain of each linear channel (white balance × exposure).
    pub light: [[f64; 3]; 6],
    /// Per face image: the direction of the gradient (radians) and the light at the far side
    /// (1.0: no gradient).
    pub gradient: [(f64, f64); 6],
    /// Stickers washed out by glare, with the share of white mixed in.
    pub glare: Vec<(usize, f64)>,
    /// Sensor noise σ, 8-bit sRGB units.
    pub noise: f64,
}

/// Sensor noise added by every kind (σ, 8-bit units), and by the noisy kinds.
const BASE_NOISE: f64 = 2.0;
const FULL_NOISE: f64 = 5.0;

fn uniform<R: Rng + ?Sized>(rng: &mut R, lo: f64, hi: f64) -> f64 {
    rng.gen_range(lo..=hi)
}

/// A normally distributed sample (Box–Muller).
fn gaussian<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    let u: f64 = rng.gen_range(f64::EPSILON..1.0);
    let v: f64 = rng.gen_range(0.0..1.0);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

impl Faults {
    /// No fault: neutral light and no noise.
    pub fn none(kind: FaultKind) -> Faults {
        Faults {
            kind,
            light: [[1.0; 3]; 6],
            gradient: [(0.0, 1.0); 6],
            glare: Vec::new(),
            noise: 0.0,
        }
    }

    /// Draws faults of `kind`.
    pub fn draw<R: Rng + ?Sized>(kind: FaultKind, rng: &mut R) -> Faults {
        let mut f = Faults::none(kind);
        f.noise = BASE_NOISE;
        let balance = |f: &mut Faults, rng: &mut R, exposure: f64| {
            let wb = [uniform(rng, 0.75, 1.25), 1.0, uniform(rng, 0.75, 1.25)];
            for l in f.light.iter_mut() {
                for c in 0..3 {
                    l[c] = wb[c] * exposure * uniform(rng, 0.95, 1.05);
                }
            }
        };
        match kind {
            FaultKind::WhiteBalance => balance(&mut f, rng, 1.0),
            FaultKind::Exposure => {
                let exposure = uniform(rng, 0.5, 1.3);
                for l in f.light.iter_mut() {
                    *l = [exposure * uniform(rng, 0.92, 1.08); 3];
                }
            }
            FaultKind::Gradient => f.draw_gradients(rng),
            FaultKind::Glare => f.draw_glare(rng, 1..=3),
            FaultKind::Noise => f.noise = FULL_NOISE,
            FaultKind::LowLight => {
                let exposure = uniform(rng, 0.15, 0.35);
                balance(&mut f, rng, exposure);
                f.noise = FULL_NOISE;
            }
            FaultKind::All => {
                let exposure = uniform(rng, 0.5, 1.3);
                balance(&mut f, rng, exposure);
                f.draw_gradients(rng);
                if rng.gen_bool(0.5) {
                    f.draw_glare(rng, 1..=2);
                }
                f.noise = FULL_NOISE;
            }
        }
        f
    }

    fn draw_gradients<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        for g in self.gradient.iter_mut() {
            *g = (
                uniform(rng, 0.0, std::f64::consts::TAU),
                uniform(rng, 0.5, 0.9),
            );
        }
    }

    fn draw_glare<R: Rng + ?Sized>(&mut self, rng: &mut R, count: std::ops::RangeInclusive<usize>) {
        let mut stickers: Vec<usize> = (0..N_FACELETS).filter(|s| !CENTRES.contains(s)).collect();
        stickers.shuffle(rng);
        let n = rng.gen_range(count);
        self.glare = stickers[..n]
            .iter()
            .map(|&s| (s, uniform(rng, 0.3, 0.8)))
            .collect();
    }

    /// The light falling on sticker `s` relative to its face's mean: 1 at the bright edge of
    /// a gradient, `far` at the far side, linear between.
    fn gradient_at(&self, s: usize) -> f64 {
        let (angle, far) = self.gradient[s / 9];
        let (x, y) = ((s % 3) as f64 - 1.0, ((s % 9) / 3) as f64 - 1.0);
        let t = ((x * angle.cos() + y * angle.sin()) / std::f64::consts::SQRT_2 + 1.0) / 2.0;
        1.0 - (1.0 - far) * t
    }

    /// `rgb` (8-bit sRGB, URFDLB facelet order) as the faulty camera would report it: whole
    /// numbers, clipped to 0–255.
    pub fn apply<R: Rng + ?Sized>(
        &self,
        rgb: &[[f64; 3]; N_FACELETS],
        rng: &mut R,
    ) -> [[f64; 3]; N_FACELETS] {
        let mut out = [[0.0; 3]; N_FACELETS];
        for s in 0..N_FACELETS {
            let seen = self.before_noise(s, rgb[s]);
            for c in 0..3 {
                let v = seen[c] + self.noise * gaussian(rng);
                out[s][c] = v.round().clamp(0.0, 255.0);
            }
        }
        out
    }

    /// What the faulty camera makes of the colour `clean` (8-bit sRGB) at sticker `s`, before
    /// its noise, rounding and clipping: the light, gradient and glare of these faults, in sRGB
    /// units (may lie outside 0–255). [`Faults::apply`] adds noise of σ [`Faults::noise`] to
    /// this and rounds and clips it.
    pub fn before_noise(&self, s: usize, clean: [f64; 3]) -> [f64; 3] {
        let face = s / 9;
        let shade = self.gradient_at(s);
        let mut lin = [0, 1, 2].map(|c| srgb_to_linear(clean[c]) * self.light[face][c] * shade);
        for &(g, amount) in &self.glare {
            if g == s {
                // A reflection of the light source: white, at the face's exposure.
                let white = self.light[face].iter().sum::<f64>() / 3.0 * 1.1;
                for v in lin.iter_mut() {
                    *v = (1.0 - amount) * *v + amount * white;
                }
            }
        }
        lin.map(linear_to_srgb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;

    #[test]
    fn no_fault_keeps_the_scan() {
        let mut rng = rng_from_seed(1);
        let rgb = std::array::from_fn(|s| [s as f64, 100.0, 255.0 - s as f64]);
        assert_eq!(Faults::none(FaultKind::All).apply(&rgb, &mut rng), rgb);
    }

    #[test]
    fn kinds_do_what_they_say() {
        let mut rng = rng_from_seed(2);
        let grey = [[128.0; 3]; N_FACELETS];
        for _ in 0..50 {
            let low = Faults::draw(FaultKind::LowLight, &mut rng).apply(&grey, &mut rng);
            assert!(low.iter().all(|c| c[1] < 100.0), "{low:?}");
            let gradient = Faults::draw(FaultKind::Gradient, &mut rng);
            for f in 0..6 {
                let light: Vec<f64> = (0..9).map(|i| gradient.gradient_at(f * 9 + i)).collect();
                let (lo, hi) = light
                    .iter()
                    .fold((1.0f64, 0.0f64), |(lo, hi), &v| (lo.min(v), hi.max(v)));
                assert!(hi <= 1.0 && lo >= 0.5 && hi - lo > 0.05, "{light:?}");
            }
            let glare = Faults::draw(FaultKind::Glare, &mut rng);
            assert!((1..=3).contains(&glare.glare.len()));
            assert!(glare.glare.iter().all(|(s, _)| !CENTRES.contains(s)));
            let wb = Faults::draw(FaultKind::WhiteBalance, &mut rng);
            for l in wb.light {
                assert!(l.iter().all(|g| (0.7..=1.32).contains(g)), "{l:?}");
            }
        }
    }
}
