//! Colour spaces: 8-bit sRGB as cameras report it, linear RGB (where light adds and white
//! balance multiplies), and CIELAB (D65), where distances follow what people see; plus the
//! CIEDE2000 colour difference.

/// A CIELAB colour: lightness `l` (0 black – 100 white), `a` (green – red), `b` (blue – yellow).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    /// Lightness L*.
    pub l: f64,
    /// Green (−) to red (+).
    pub a: f64,
    /// Blue (−) to yellow (+).
    pub b: f64,
}

impl Lab {
    /// The three coordinates as an array `[L, a, b]`.
    pub fn to_array(self) -> [f64; 3] {
        [self.l, self.a, self.b]
    }

    /// Chroma: the distance from the grey axis.
    pub fn chroma(self) -> f64 {
        self.a.hypot(self.b)
    }

    /// Hue angle in degrees, 0..360 (0 red-magenta, 90 yellow, 180 green, 270 blue).
    pub fn hue_degrees(self) -> f64 {
        self.b.atan2(self.a).to_degrees().rem_euclid(360.0)
    }
}

/// One 8-bit sRGB channel value (0–255) to linear light (0–1).
pub fn srgb_to_linear(v: f64) -> f64 {
    let c = (v / 255.0).clamp(0.0, 1.0);
    if c <= 0.040_45 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light (0–1) back to an 8-bit sRGB channel value (0–255, not rounded).
pub fn linear_to_srgb(v: f64) -> f64 {
    let c = v.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    s * 255.0
}

/// D65 reference white in XYZ (Y = 1).
const WHITE: [f64; 3] = [0.950_47, 1.0, 1.088_83];

/// Linear sRGB to CIE XYZ under D65 (IEC 61966-2-1 matrix).
fn linear_to_xyz(rgb: [f64; 3]) -> [f64; 3] {
    let [r, g, b] = rgb;
    [
        0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b,
        0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b,
        0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b,
    ]
}

/// The CIELAB companding function.
fn lab_f(t: f64) -> f64 {
    const DELTA: f64 = 6.0 / 29.0;
    if t > DELTA * DELTA * DELTA {
        t.cbrt()
    } else {
        t / (3.0 * DELTA * DELTA) + 4.0 / 29.0
    }
}

/// Linear RGB (0–1 per channel; values above 1 are allowed and extrapolate) to CIELAB.
pub fn linear_to_lab(rgb: [f64; 3]) -> Lab {
    let xyz = linear_to_xyz(rgb);
    let fx = lab_f(xyz[0] / WHITE[0]);
    let fy = lab_f(xyz[1] / WHITE[1]);
    let fz = lab_f(xyz[2] / WHITE[2]);
    Lab {
        l: 116.0 * fy - 16.0,
        a: 500.0 * (fx - fy),
        b: 200.0 * (fy - fz),
    }
}

/// CIELAB back to linear RGB (the inverse of [`linear_to_lab`]).
pub fn lab_to_linear(lab: Lab) -> [f64; 3] {
    const DELTA: f64 = 6.0 / 29.0;
    let inv = |f: f64| {
        if f > DELTA {
            f * f * f
        } else {
            3.0 * DELTA * DELTA * (f - 4.0 / 29.0)
        }
    };
    let fy = (lab.l + 16.0) / 116.0;
    let fx = fy + lab.a / 500.0;
    let fz = fy - lab.b / 200.0;
    let (x, y, z) = (inv(fx) * WHITE[0], inv(fy) * WHITE[1], inv(fz) * WHITE[2]);
    [
        3.240_454_2 * x - 1.537_138_5 * y - 0.498_531_4 * z,
        -0.969_266_0 * x + 1.876_010_8 * y + 0.041_556_0 * z,
        0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z,
    ]
}

/// 8-bit sRGB (0–255 per channel) to CIELAB.
pub fn srgb_to_lab(rgb: [f64; 3]) -> Lab {
    linear_to_lab(rgb.map(srgb_to_linear))
}

/// The CIEDE2000 colour difference between two CIELAB colours (Sharma, Wu and Dalal's
/// formulation, k_L = k_C = k_H = 1). About 1 is a just-noticeable difference.
pub fn ciede2000(x: Lab, y: Lab) -> f64 {
    let c_bar = (x.chroma() + y.chroma()) / 2.0;
    let c7 = c_bar.powi(7);
    let g = 0.5 * (1.0 - (c7 / (c7 + 25f64.powi(7))).sqrt());
    let a1 = (1.0 + g) * x.a;
    let a2 = (1.0 + g) * y.a;
    let c1 = a1.hypot(x.b);
    let c2 = a2.hypot(y.b);
    let hue = |a: f64, b: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let h1 = hue(a1, x.b);
    let h2 = hue(a2, y.b);

    let dl = y.l - x.l;
    let dc = c2 - c1;
    let dh_angle = if c1 * c2 == 0.0 {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 - h1 > 180.0 {
        h2 - h1 - 360.0
    } else {
        h2 - h1 + 360.0
    };
    let dh = 2.0 * (c1 * c2).sqrt() * (dh_angle.to_radians() / 2.0).sin();

    let l_bar = (x.l + y.l) / 2.0;
    let c_bar2 = (c1 + c2) / 2.0;
    let h_bar = if c1 * c2 == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * (h_bar - 30.0).to_radians().cos()
        + 0.24 * (2.0 * h_bar).to_radians().cos()
        + 0.32 * (3.0 * h_bar + 6.0).to_radians().cos()
        - 0.20 * (4.0 * h_bar - 63.0).to_radians().cos();
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let c_bar7 = c_bar2.powi(7);
    let r_c = 2.0 * (c_bar7 / (c_bar7 + 25f64.powi(7))).sqrt();
    let l50 = (l_bar - 50.0).powi(2);
    let s_l = 1.0 + 0.015 * l50 / (20.0 + l50).sqrt();
    let s_c = 1.0 + 0.045 * c_bar2;
    let s_h = 1.0 + 0.015 * c_bar2 * t;
    let r_t = -(2.0 * d_theta).to_radians().sin() * r_c;
    let (ql, qc, qh) = (dl / s_l, dc / s_c, dh / s_h);
    (ql * ql + qc * qc + qh * qh + r_t * qc * qh).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab(l: f64, a: f64, b: f64) -> Lab {
        Lab { l, a, b }
    }

    #[test]
    fn white_black_and_primaries() {
        let w = srgb_to_lab([255.0, 255.0, 255.0]);
        assert!((w.l - 100.0).abs() < 0.01 && w.a.abs() < 0.01 && w.b.abs() < 0.01);
        let k = srgb_to_lab([0.0, 0.0, 0.0]);
        assert!(k.l.abs() < 1e-9);
        // sRGB red is L 53.24, a 80.09, b 67.20 (published values).
        let r = srgb_to_lab([255.0, 0.0, 0.0]);
        assert!((r.l - 53.24).abs() < 0.02, "{r:?}");
        assert!((r.a - 80.09).abs() < 0.05, "{r:?}");
        assert!((r.b - 67.20).abs() < 0.05, "{r:?}");
    }

    #[test]
    fn lab_round_trip() {
        for rgb in [
            [0.2, 0.5, 0.9],
            [0.9, 0.1, 0.05],
            [0.001, 0.002, 0.003],
            [1.0, 1.0, 1.0],
        ] {
            let back = lab_to_linear(linear_to_lab(rgb));
            for c in 0..3 {
                assert!((back[c] - rgb[c]).abs() < 1e-5, "{rgb:?} -> {back:?}");
            }
        }
    }

    #[test]
    fn srgb_round_trip() {
        for v in [0.0, 1.0, 10.0, 54.0, 128.0, 200.0, 255.0] {
            assert!((linear_to_srgb(srgb_to_linear(v)) - v).abs() < 1e-9);
        }
    }

    /// Pairs and differences from Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference
    /// formula: implementation notes, supplementary test data and mathematical observations".
    #[test]
    fn ciede2000_matches_sharma_test_data() {
        let pairs = [
            (
                lab(50.0, 2.6772, -79.7751),
                lab(50.0, 0.0, -82.7485),
                2.0425,
            ),
            (
                lab(50.0, 3.1571, -77.2803),
                lab(50.0, 0.0, -82.7485),
                2.8615,
            ),
            (
                lab(50.0, 2.8361, -74.0200),
                lab(50.0, 0.0, -82.7485),
                3.4412,
            ),
            (
                lab(50.0, -1.3802, -84.2814),
                lab(50.0, 0.0, -82.7485),
                1.0000,
            ),
            (lab(50.0, 0.0, 0.0), lab(50.0, -1.0, 2.0), 2.3669),
            (lab(50.0, 2.5, 0.0), lab(73.0, 25.0, -18.0), 27.1492),
            (lab(50.0, 2.5, 0.0), lab(61.0, -5.0, 29.0), 22.8977),
            (lab(50.0, 2.5, 0.0), lab(56.0, -27.0, -3.0), 31.9030),
            (lab(50.0, 2.5, 0.0), lab(58.0, 24.0, 15.0), 19.4535),
            (
                lab(60.2574, -34.0099, 36.2677),
                lab(60.4626, -34.1751, 39.4387),
                1.2644,
            ),
        ];
        for (x, y, want) in pairs {
            let got = ciede2000(x, y);
            assert!((got - want).abs() < 1e-4, "{x:?} {y:?}: {got} != {want}");
            assert!((ciede2000(y, x) - want).abs() < 1e-4);
        }
    }
}
