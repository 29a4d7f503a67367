//! The appearance model: how each face's colour looks in this scan, learned from the scan.
//!
//! Two layers, both fitted to a labelling of the stickers (the current best valid cube):
//! - **Per face image, a gain per linear RGB channel** (von Kries): each face is usually
//!   captured on its own, under its own exposure and white balance, which multiply linear light.
//!   Dividing by the gains puts all 54 stickers under one common light. The white balance is
//!   learned from every sticker of the face, white and yellow ones included, whatever their
//!   label. On top of the gains, **a brightness slope across each face** (a lamp to one side,
//!   a shadow) is fitted, in log light along the face's columns and rows.
//! - **Per colour class, a distribution in CIELAB**: a mean and a spread along three axes, in
//!   the spirit of CIEDE2000, which weighs lightness, chroma and hue differences separately:
//!   lightness (shadows and exposure move it most), chroma (how vivid) and hue (the most stable
//!   under light, and what tells red from orange). The spreads are learned per class, so a
//!   class the camera sees consistently (even two colours a few units apart, as with a
//!   saturated sensor) is judged tightly, and a class smeared by a shadow loosely. A Student-t
//!   tail keeps a glare spot or a misread sticker from dominating: its cost grows with the log
//!   of its distance, so the cube's constraints can overrule it.
//!
//! Each sticker also carries its own measurement noise (quantisation of dark values grows
//! once a dim face is brightened by its gain), propagated into CIELAB.

use crate::lab::{lab_to_linear, linear_to_lab, srgb_to_linear, Lab};
use rubik_cube::facelet::{CENTRES, N_FACELETS};

/// Degrees of freedom of the Student-t sticker likelihood (heavier tails than a Gaussian).
const NU: f64 = 4.0;
/// Dimensions of a colour.
const DIM: f64 = 3.0;
/// Measurement noise of one 8-bit channel, in sRGB units (quantisation and sensor noise).
pub(crate) const SENSOR_NOISE: f64 = 1.5;
/// Prior variances of a class along lightness, chroma and hue (CIELAB units squared), and the
/// number of pseudo-stickers they count for.
const PRIOR_VAR: [f64; 3] = [8.0 * 8.0, 5.0 * 5.0, 4.0 * 4.0];
const PRIOR_WEIGHT: f64 = 3.0;
/// Smallest variance along any axis (CIELAB units squared).
const MIN_VAR: f64 = 0.5;
/// Below this chroma a class is treated as grey: its chroma and hue axes share one spread.
const GREY_CHROMA: f64 = 8.0;
/// Linear light below which a channel counts for little when fitting gains (noise dominates).
const DARK: f64 = 0.005;
/// Pseudo-weight pulling each face's brightness slope towards 0 (no gradient).
const SLOPE_SHRINK: f64 = 10.0;
/// Pseudo-weight pulling each log-gain towards 0 (no correction; [`LightPrior::NONE`]). Session
/// 32 tried 3, 10, 20 and 30 (`digest --light=G,10,0`): on the seventeen tuning parts −14, +57,
/// +7 and −14 exact of 58,948, the +57 within noise (583 cases gained, 526 lost), and at 10
/// session 26's repainted look-alike case was read silently wrong: not kept.
const GAIN_SHRINK: f64 = 0.3;
/// Prior probability that a sticker is partly washed out by glare.
const GLARE_PRIOR: f64 = 0.02;
/// Shares of white light mixed into a sticker tried for glare.
const GLARE_STEPS: usize = 16;
const GLARE_MAX: f64 = 0.9;

/// How strongly the light fitted per face is held towards one light for every face (session
/// 32): the fit's pull of each face's log gains and slopes towards 0, and a charge on the
/// fitted gains added to a labelling's cost where settled labellings are compared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LightPrior {
    /// Pseudo-weight (stickers' worth) pulling each face's log gain per channel towards 0 in
    /// the fit.
    pub gain_weight: f64,
    /// Pseudo-weight pulling each face's brightness slope towards 0 in the fit.
    pub slope_weight: f64,
    /// The standard deviation of a face's log gain per channel under which the fitted gains
    /// are charged, `0.5 Σ (log gain / σ)²` nats, when settled labellings are compared (0: not
    /// charged).
    pub cost_sigma: f64,
}

impl LightPrior {
    /// The light as the resolver fits it (the default): a weak pull, no charge.
    pub const NONE: LightPrior = LightPrior {
        gain_weight: GAIN_SHRINK,
        slope_weight: SLOPE_SHRINK,
        cost_sigma: 0.0,
    };

    /// Parses `GAIN_WEIGHT,SLOPE_WEIGHT,COST_SIGMA`, as the examples take it.
    pub fn parse(text: &str) -> Option<LightPrior> {
        let v: Vec<f64> = text
            .split(',')
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        let [gain_weight, slope_weight, cost_sigma] = v[..] else {
            return None;
        };
        let ok = |x: f64| x.is_finite() && x >= 0.0;
        (ok(gain_weight) && ok(slope_weight) && ok(cost_sigma)).then_some(LightPrior {
            gain_weight,
            slope_weight,
            cost_sigma,
        })
    }
}

/// The 54 measurements, in URFDLB facelet order.
#[derive(Clone, Debug)]
pub(crate) struct Observations {
    /// As given: 8-bit sRGB.
    pub srgb: [[f64; 3]; N_FACELETS],
    /// Linear light, floored slightly above zero so logarithms stay finite.
    pub lin: [[f64; 3]; N_FACELETS],
    /// How the light per face is held together ([`LightPrior`]).
    pub prior: LightPrior,
    /// Each channel's measurement noise, 8-bit sRGB units ([`SENSOR_NOISE`] unless set).
    pub noise: f64,
}

impl Observations {
    pub fn new(srgb: &[[f64; 3]; N_FACELETS]) -> Observations {
        let lin = srgb.map(|c| c.map(|v| srgb_to_linear(v).max(1e-4)));
        Observations {
            srgb: *srgb,
            lin,
            prior: LightPrior::NONE,
            noise: SENSOR_NOISE,
        }
    }
}

/// One colour class in CIELAB: mean, three unit axes (lightness, chroma, hue) and the variance
/// along each.
#[derive(Clone, Debug)]
pub(crate) struct ClassModel {
    pub mean: [f64; 3],
    pub axes: [[f64; 3]; 3],
    pub var: [f64; 3],
}

impl ClassModel {
    fn new(mean: [f64; 3], var: [f64; 3]) -> ClassModel {
        let chroma = mean[1].hypot(mean[2]);
        let axes = if chroma < GREY_CHROMA {
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
        } else {
            let (ca, cb) = (mean[1] / chroma, mean[2] / chroma);
            [[1.0, 0.0, 0.0], [0.0, ca, cb], [0.0, -cb, ca]]
        };
        ClassModel { mean, axes, var }
    }

    fn is_grey(&self) -> bool {
        self.mean[1].hypot(self.mean[2]) < GREY_CHROMA
    }
}

/// The fitted model: per-face gains, per-class distributions, and each sticker as seen under
/// the common light.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    /// Per face image (URFDLB): the gain of each linear channel.
    pub gains: [[f64; 3]; 6],
    /// The fitted light (log gains and slopes; [`Light::NONE`] for the starting model and the
    /// one-light reading).
    pub light: Light,
    /// Per colour class (named by the face whose centre has it).
    pub classes: Vec<ClassModel>,
    /// Each sticker in CIELAB after its face's gain.
    pub lab: [[f64; 3]; N_FACELETS],
    /// Each sticker's measurement noise in CIELAB: the change one noise step of each sRGB
    /// channel makes.
    pub noise: [[[f64; 3]; 3]; N_FACELETS],
    /// Glare: per face image and class, the class colour with more and more white light
    /// mixed in (CIELAB), white being what saturates that face's camera image.
    pub glare: Vec<[[f64; 3]; GLARE_STEPS]>,
}

fn dot(x: [f64; 3], y: [f64; 3]) -> f64 {
    x[0] * y[0] + x[1] * y[1] + x[2] * y[2]
}

fn sub(x: [f64; 3], y: [f64; 3]) -> [f64; 3] {
    [x[0] - y[0], x[1] - y[1], x[2] - y[2]]
}

fn lab_array(l: Lab) -> [f64; 3] {
    l.to_array()
}

impl Model {
    /// The starting model: no gains, each class centred on its centre sticker with the prior
    /// spread.
    pub fn initial(obs: &Observations) -> Model {
        let gains = [[1.0; 3]; 6];
        let (lab, noise) = seen(obs, &[[1.0; 3]; N_FACELETS]);
        let classes = CENTRES
            .iter()
            .map(|&c| ClassModel::new(lab[c], PRIOR_VAR))
            .collect();
        let mut model = Model {
            gains,
            light: Light::NONE,
            classes,
            lab,
            noise,
            glare: Vec::new(),
        };
        model.glare = model.glare_paths();
        model
    }

    /// For each face image and class: the class colour mixed with the face's white, in
    /// [`GLARE_STEPS`] steps up to [`GLARE_MAX`].
    fn glare_paths(&self) -> Vec<[[f64; 3]; GLARE_STEPS]> {
        let mut out = Vec::with_capacity(36);
        for gain in &self.gains {
            let white = gain.map(|g| 1.0 / g);
            for class in &self.classes {
                let [l, a, b] = class.mean;
                let base = lab_to_linear(Lab { l, a, b }).map(|v| v.max(0.0));
                let mut path = [[0.0; 3]; GLARE_STEPS];
                for (i, p) in path.iter_mut().enumerate() {
                    let w = GLARE_MAX * (i + 1) as f64 / GLARE_STEPS as f64;
                    let mixed = [0, 1, 2].map(|c| (1.0 - w) * base[c] + w * white[c]);
                    *p = lab_array(linear_to_lab(mixed));
                }
                out.push(path);
            }
        }
        out
    }

    /// The variance along each of class `k`'s axes for sticker `s`: the class's spread plus
    /// the sticker's own measurement noise.
    fn variances(&self, s: usize, k: usize) -> [f64; 3] {
        let class = &self.classes[k];
        std::array::from_fn(|a| {
            let axis = class.axes[a];
            class.var[a]
                + self.noise[s]
                    .iter()
                    .map(|j| dot(*j, axis).powi(2))
                    .sum::<f64>()
        })
    }

    /// The squared Mahalanobis distance of sticker `s` from `point` along class `k`'s axes,
    /// with variances `var`.
    fn distance_to(&self, s: usize, k: usize, point: [f64; 3], var: [f64; 3]) -> f64 {
        let delta = sub(self.lab[s], point);
        let axes = &self.classes[k].axes;
        (0..3).map(|a| dot(delta, axes[a]).powi(2) / var[a]).sum()
    }

    /// The squared Mahalanobis distance of sticker `s` from class `k`'s mean, and the
    /// log-determinant of the covariance.
    fn distance(&self, s: usize, k: usize) -> (f64, f64) {
        let var = self.variances(s, k);
        let d2 = self.distance_to(s, k, self.classes[k].mean, var);
        (d2, var.iter().map(|v| v.ln()).sum())
    }

    /// The cost (negative log-likelihood, in nats) of sticker `s` having colour class `k`:
    /// either seen plainly, or (rarely) washed out by glare, the class colour mixed with white.
    pub fn cost(&self, s: usize, k: usize) -> f64 {
        let var = self.variances(s, k);
        let logdet: f64 = var.iter().map(|v| v.ln()).sum();
        let student = |d2: f64| 0.5 * logdet + 0.5 * (NU + DIM) * (d2 / NU).ln_1p();
        let plain = student(self.distance_to(s, k, self.classes[k].mean, var));
        // The likelihood falls with distance, so the nearest point of the glare path is the
        // best; each step of the path has prior weight 1 / GLARE_STEPS.
        let nearest = self.glare[(s / 9) * self.classes.len() + k]
            .iter()
            .map(|p| self.distance_to(s, k, *p, var))
            .fold(f64::INFINITY, f64::min);
        let glare = student(nearest) + (GLARE_STEPS as f64).ln();
        // -ln((1 - e) exp(-plain) + e exp(-glare)), computed stably.
        let a = plain - (1.0 - GLARE_PRIOR).ln();
        let b = glare - GLARE_PRIOR.ln();
        a.min(b) - (-(a - b).abs()).exp().ln_1p()
    }

    /// The charge on the fitted light ([`LightPrior::cost_sigma`]): `0.5 Σ (log gain / σ)²`
    /// over the faces and channels, 0 when not charged.
    pub fn light_cost(&self, prior: &LightPrior) -> f64 {
        if prior.cost_sigma <= 0.0 {
            return 0.0;
        }
        0.5 * self
            .light
            .log_gain
            .iter()
            .flatten()
            .map(|g| (g / prior.cost_sigma).powi(2))
            .sum::<f64>()
    }

    /// [`Model::cost`] split for study: the cost, its log-determinant half (`0.5 ln det` of the
    /// class covariance with the sticker's noise, the same in both branches) and whether the
    /// glare branch is the cheaper one.
    pub fn cost_parts(&self, s: usize, k: usize) -> (f64, f64, bool) {
        let var = self.variances(s, k);
        let logdet: f64 = var.iter().map(|v| v.ln()).sum();
        let plain = self.distance_to(s, k, self.classes[k].mean, var);
        let nearest = self.glare[(s / 9) * self.classes.len() + k]
            .iter()
            .map(|p| self.distance_to(s, k, *p, var))
            .fold(f64::INFINITY, f64::min);
        let glare = nearest < plain
            && 0.5 * (NU + DIM) * ((nearest / NU).ln_1p() - (plain / NU).ln_1p())
                + (GLARE_STEPS as f64).ln()
                - GLARE_PRIOR.ln()
                + (1.0 - GLARE_PRIOR).ln()
                < 0.0;
        (self.cost(s, k), 0.5 * logdet, glare)
    }

    /// The Student-t weight of sticker `s` in class `k` (about 1 for typical members, small for
    /// outliers).
    fn weight(&self, s: usize, k: usize) -> f64 {
        let (d2, _) = self.distance(s, k);
        ((NU + DIM) / (NU + d2)).min(1.0)
    }

    /// Refits the model to a labelling (`labels[s]` = class of sticker `s`), starting from
    /// `self` for the outlier weights.
    /// With `per_face` false, every face image shares one light (no gains are fitted): the
    /// second opinion the resolver compares with.
    pub fn fit(
        &self,
        obs: &Observations,
        labels: &[usize; N_FACELETS],
        robust: bool,
        per_face: bool,
    ) -> Model {
        let mut weight = [1.0; N_FACELETS];
        if robust {
            for (s, w) in weight.iter_mut().enumerate() {
                *w = self.weight(s, labels[s]);
            }
        }
        let light = if per_face {
            fit_light(obs, labels, &weight)
        } else {
            Light::NONE
        };
        let gains = light.face_gains();
        let (lab, noise) = seen(obs, &light.sticker_gains());
        let mut model = Model {
            gains,
            light,
            classes: self.classes.clone(),
            lab,
            noise,
            glare: Vec::new(),
        };
        // A few rounds of the Student-t fit: weights from distances, classes from weights.
        for round in 0..3 {
            if round > 0 || robust {
                for (s, w) in weight.iter_mut().enumerate() {
                    *w = model.weight(s, labels[s]);
                }
            }
            model.classes = (0..6)
                .map(|k| fit_class(&model.lab, labels, &weight, k))
                .collect();
        }
        model.glare = model.glare_paths();
        model
    }
}

/// Each sticker in CIELAB under the common light (divided by its own gain per channel), and
/// its noise columns.
#[allow(clippy::type_complexity)]
fn seen(
    obs: &Observations,
    gains: &[[f64; 3]; N_FACELETS],
) -> ([[f64; 3]; N_FACELETS], [[[f64; 3]; 3]; N_FACELETS]) {
    let mut lab = [[0.0; 3]; N_FACELETS];
    let mut noise = [[[0.0; 3]; 3]; N_FACELETS];
    for s in 0..N_FACELETS {
        let g = gains[s];
        let at = |srgb: [f64; 3]| {
            let lin = [0, 1, 2].map(|c| srgb_to_linear(srgb[c]).max(1e-4) / g[c]);
            lab_array(linear_to_lab(lin))
        };
        let here = at(obs.srgb[s]);
        lab[s] = here;
        for c in 0..3 {
            let mut moved = obs.srgb[s];
            let step = if moved[c] + obs.noise <= 255.0 {
                obs.noise
            } else {
                -obs.noise
            };
            moved[c] += step;
            noise[s][c] = sub(at(moved), here);
        }
    }
    (lab, noise)
}

/// Where sticker `s` sits on its face: column and row, -1..1.
fn place(s: usize) -> (f64, f64) {
    ((s % 3) as f64 - 1.0, ((s % 9) / 3) as f64 - 1.0)
}

/// The light on each face image: a gain per linear channel, and a brightness slope across
/// the face (the same for all three channels: a lamp to one side, a shadow), in natural log
/// units per sticker.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Light {
    /// Per face, the log gain of each channel at the face's centre.
    pub log_gain: [[f64; 3]; 6],
    /// Per face, the change of log brightness per sticker along columns and rows.
    pub slope: [[f64; 2]; 6],
}

impl Light {
    /// No correction.
    pub const NONE: Light = Light {
        log_gain: [[0.0; 3]; 6],
        slope: [[0.0; 2]; 6],
    };

    /// The log gain of channel `c` at sticker `s`.
    fn log_at(&self, s: usize, c: usize) -> f64 {
        let (x, y) = place(s);
        let [sx, sy] = self.slope[s / 9];
        self.log_gain[s / 9][c] + sx * x + sy * y
    }

    /// Every sticker's gain per channel.
    pub fn sticker_gains(&self) -> [[f64; 3]; N_FACELETS] {
        std::array::from_fn(|s| [0, 1, 2].map(|c| self.log_at(s, c).exp()))
    }

    /// Each face's gain per channel at its centre.
    pub fn face_gains(&self) -> [[f64; 3]; 6] {
        self.log_gain.map(|g| g.map(f64::exp))
    }
}

/// Per face, per channel gains and a brightness slope per face: alternately the classes' mean
/// linear colour under the common light, each face's gains relative to it and each face's
/// slope (weighted least squares in log light, dark channels and outliers counting less, each
/// shrunk towards no correction), the gains normalised so their geometric mean is 1.
fn fit_light(
    obs: &Observations,
    labels: &[usize; N_FACELETS],
    weight: &[f64; N_FACELETS],
) -> Light {
    let mut light = Light::NONE;
    let mut log_mean = [[0.0f64; 3]; 6];
    let channel_weight = |s: usize, c: usize| {
        let v = obs.lin[s][c];
        weight[s] * v / (v + DARK)
    };
    for _ in 0..4 {
        // Class means given the light.
        let mut num = [[0.0; 3]; 6];
        let mut den = [[0.0; 3]; 6];
        for s in 0..N_FACELETS {
            for c in 0..3 {
                let w = channel_weight(s, c);
                num[labels[s]][c] += w * (obs.lin[s][c].ln() - light.log_at(s, c));
                den[labels[s]][c] += w;
            }
        }
        for k in 0..6 {
            for c in 0..3 {
                if den[k][c] > 0.0 {
                    log_mean[k][c] = num[k][c] / den[k][c];
                }
            }
        }
        // Gains given class means and slopes.
        let mut num = [[0.0; 3]; 6];
        let mut den = [[obs.prior.gain_weight; 3]; 6];
        for s in 0..N_FACELETS {
            for c in 0..3 {
                let w = channel_weight(s, c);
                let here = light.log_at(s, c) - light.log_gain[s / 9][c];
                num[s / 9][c] += w * (obs.lin[s][c].ln() - log_mean[labels[s]][c] - here);
                den[s / 9][c] += w;
            }
        }
        for f in 0..6 {
            for c in 0..3 {
                light.log_gain[f][c] = num[f][c] / den[f][c];
            }
        }
        for c in 0..3 {
            let mean = (0..6).map(|f| light.log_gain[f][c]).sum::<f64>() / 6.0;
            for g in light.log_gain.iter_mut() {
                g[c] -= mean;
            }
        }
        // Slopes given gains and class means: each axis alone (the grid's columns and rows
        // are uncorrelated when weights are even).
        let mut num = [[0.0; 2]; 6];
        let mut den = [[obs.prior.slope_weight; 2]; 6];
        for s in 0..N_FACELETS {
            let (x, y) = place(s);
            for (c, mean) in log_mean[labels[s]].iter().enumerate() {
                let w = channel_weight(s, c);
                let r = obs.lin[s][c].ln() - mean - light.log_gain[s / 9][c];
                num[s / 9][0] += w * r * x;
                num[s / 9][1] += w * r * y;
                den[s / 9][0] += w * x * x;
                den[s / 9][1] += w * y * y;
            }
        }
        for f in 0..6 {
            for a in 0..2 {
                light.slope[f][a] = num[f][a] / den[f][a];
            }
        }
    }
    light
}

/// A class's distribution from its stickers' weighted CIELAB values, shrunk towards the prior
/// spread.
fn fit_class(
    lab: &[[f64; 3]; N_FACELETS],
    labels: &[usize; N_FACELETS],
    weight: &[f64; N_FACELETS],
    k: usize,
) -> ClassModel {
    let members: Vec<usize> = (0..N_FACELETS).filter(|&s| labels[s] == k).collect();
    let total: f64 = members.iter().map(|&s| weight[s]).sum();
    let mut mean = [0.0; 3];
    for &s in &members {
        for (m, x) in mean.iter_mut().zip(lab[s]) {
            *m += weight[s] * x / total;
        }
    }
    let shape = ClassModel::new(mean, PRIOR_VAR);
    let mut spread = [0.0; 3];
    for &s in &members {
        let delta = sub(lab[s], mean);
        for (acc, axis) in spread.iter_mut().zip(shape.axes) {
            *acc += weight[s] * dot(delta, axis).powi(2);
        }
    }
    if shape.is_grey() {
        let pooled = (spread[1] + spread[2]) / 2.0;
        spread[1] = pooled;
        spread[2] = pooled;
    }
    let var = [0, 1, 2].map(|a| {
        let prior = if shape.is_grey() && a > 0 {
            (PRIOR_VAR[1] + PRIOR_VAR[2]) / 2.0
        } else {
            PRIOR_VAR[a]
        };
        ((spread[a] + PRIOR_WEIGHT * prior) / (total + PRIOR_WEIGHT)).max(MIN_VAR)
    });
    ClassModel::new(mean, var)
}
