//! The lighting test set: real robot scans and synthetic cubes under [`crate::faults`], the
//! truth known, in two parts drawn with different seeds — one to tune the resolver on, one
//! held out until the end (with seven real scans that never appear in the tuning part).
//!
//! - **Tuning**: the 27 real scans not held out, 16 cases each (seeds 1,000,000 + i), and 160
//!   synthetic cubes (seeds 1,100,000 + i): 592 cases.
//! - **Held out**: the 7 held-out real scans ([`HELD_OUT_SCANS`]), 16 cases each, the other 27
//!   real scans 4 cases each with other seeds (2,000,000 + i), and 160 synthetic cubes (seeds
//!   2,100,000 + i): 380 cases.
//!
//! - **Final** (744 cases, defined on 2026-11-28 before the second round of resolver changes,
//!   and run once at the end of that round): every one of the 34 real scans, 16 cases each
//!   (seeds 3,000,000 + i), so every fault kind appears on every real scan (the old held-out
//!   part gave 27 of them only the first four kinds), and 200 synthetic cubes (cube and colour
//!   scheme from 3,100,000 + i, faults from 3,150,000 + i). The real scans themselves have all
//!   been looked at by then; what is new is every drawn fault and every synthetic cube.
//!
//! - **Fresh** (784 cases, defined on 2026-11-28 before the third round of resolver changes,
//!   to be run once at the end of that round): every one of the 34 real scans, 16 cases each
//!   (seeds 4,000,000 + i), and 240 synthetic cubes (cube and colour scheme from 4,100,000 + i,
//!   faults from 4,150,000 + i). As in the final part, the real scans have been seen; every
//!   drawn fault and every synthetic cube is new.
//!
//! - **Fourth** (1,568 cases, defined on 2026-11-29 before the fourth round of resolver
//!   changes, to be run once at the end of that round): every one of the 34 real scans, 32
//!   cases each (seeds 5,000,000 + i, so 4 of each fault kind and 8 of all at once per scan),
//!   and 480 synthetic cubes (cube and colour scheme from 5,100,000 + i, faults from
//!   5,150,000 + i; 60 per slot of the cycle). Large enough that the calibration deciles
//!   below 0.9 hold a few hundred stickers.
//!
//! - **Fifth** (1,568 cases, defined on 2026-11-29 after the fourth part had been run, before
//!   the fifth round of resolver changes, to be run once at its end): as the fourth part with
//!   new seeds: the 34 real scans × 32 cases (seeds 6,000,000 + i), 480 synthetic cubes (cube and
//!   colour scheme from 6,100,000 + i, faults from 6,150,000 + i).
//!
//! - **Sixth** (3,136 cases, defined on 2026-11-29 (session 22) after the fifth part had been
//!   run, before the sixth round of resolver changes, to be run once at its end): twice the
//!   fifth part's size with new seeds, so the calibration deciles below 0.9 hold more
//!   stickers: the 34 real scans × 64 cases (seeds 8,000,000 + i, i = 0..2,175; per scan 8 of
//!   each kind, 16 of all at once), 960 synthetic cubes (cube and colour scheme from
//!   8,100,000 + i, faults from 8,150,000 + i, i = 0..959). (7,000,000 + i are the turned
//!   example's turn seeds, so not used here.)
//!
//! - **Seventh** (3,136 cases, defined on 2026-12-06 (session 23) after the sixth part had been
//!   run, before any resolver change of session 23, to be run once at its end): the sixth
//!   part's design with new seeds: the 34 real scans × 64 cases (seeds 9,000,000 + i,
//!   i = 0..2,175), 960 synthetic cubes (cube and colour scheme from 9,100,000 + i, faults from
//!   9,150,000 + i, i = 0..959).
//!
//! - **Eighth** (3,136 cases, defined on 2026-12-06 (session 24) after the seventh part had been
//!   run, before any resolver change of session 24, to be run once at its end): the sixth
//!   part's design with new seeds: the 34 real scans × 64 cases (seeds 10,000,000 + i,
//!   i = 0..2,175), 960 synthetic cubes (cube and colour scheme from 10,100,000 + i, faults from
//!   10,150,000 + i, i = 0..959).
//!
//! - **Ninth** (3,136 cases, defined on 2026-12-06 (session 25) after the eighth part had been
//!   run, before any resolver change of session 25, to be run once at its end): the sixth
//!   part's design with new seeds: the 34 real scans × 64 cases (seeds 11,000,000 + i,
//!   i = 0..2,175), 960 synthetic cubes (cube and colour scheme from 11,100,000 + i, faults from
//!   11,150,000 + i, i = 0..959).
//!
//! - **Tenth** (3,136 cases, defined on 2026-12-06 (session 26) after the ninth part had been
//!   run, before any resolver change of session 26, to be run once at its end): the sixth
//!   part's design with new seeds: the 34 real scans × 64 cases (seeds 12,000,000 + i,
//!   i = 0..2,175), 960 synthetic cubes (cube and colour scheme from 12,100,000 + i, faults from
//!   12,150,000 + i, i = 0..959).
//!
//! - **Eleventh to fourteenth** (3,136 cases each, sessions 27 to 29b): the sixth part's design
//!   with seeds 13,000,000 + i to 16,000,000 + i (synthetic 13,100,000 + i to 16,100,000 + i,
//!   faults 50,000 above).
//!
//! - **Fifteenth** (12,544 cases, defined on 2026-12-07 (session 30) before any resolver or
//!   calibration change of that session, to be run once at its end): four times the sixth
//!   part's size, so a confidence decile below 0.9 holds several hundred cases: the 34 real
//!   scans × 256 cases (seeds 17,000,000 + i, i = 0..8,703; per scan 32 of each kind, 64 of all
//!   at once), 3,840 synthetic cubes (cube and colour scheme from 17,100,000 + i, faults from
//!   17,150,000 + i, i = 0..3,839). The three ranges do not overlap each other or any earlier
//!   part's (checked by a unit test).
//!
//! - **Sixteenth** (12,544 cases, defined on 2026-12-07 (session 31) before any resolver or
//!   calibration change of that session, to be run once at its end): the fifteenth part's
//!   design and size with new seeds: the 34 real scans × 256 cases (seeds 18,000,000 + i,
//!   i = 0..8,703), 3,840 synthetic cubes (cube and colour scheme from 18,100,000 + i, faults
//!   from 18,150,000 + i, i = 0..3,839), every range apart from every earlier part's (checked
//!   by a unit test).
//!
//! - **Seventeenth** (12,544 cases, defined on 2026-12-07 (session 32) before any resolver,
//!   model or calibration change of that session, to be run once at its end): the fifteenth
//!   part's design and size with new seeds: the 34 real scans × 256 cases (seeds
//!   19,000,000 + i, i = 0..8,703), 3,840 synthetic cubes (cube and colour scheme from
//!   19,100,000 + i, faults from 19,150,000 + i, i = 0..3,839), every range apart from every
//!   earlier part's (checked by a unit test).
//!
//! - **Eighteenth** (12,544 cases, defined on 2026-12-08 (session 33) before any resolver,
//!   model or calibration change of that session, to be run once at its end): the fifteenth
//!   part's design and size with new seeds: the 34 real scans × 256 cases (seeds
//!   20,000,000 + i, i = 0..8,703), 3,840 synthetic cubes (cube and colour scheme from
//!   20,100,000 + i, faults from 20,150,000 + i, i = 0..3,839), every range apart from every
//!   earlier part's (checked by a unit test).
//!
//! After the first round the old held-out part had been looked at, so from then on both old
//! parts are tuning data (the parts before the sixth: [`Part::tuning_before`]); after the
//! second round the final part is tuning data too, after the third the fresh part, and after
//! the fourth the fourth part.
//!
//! Case `i` of a scan has the fault kind `FaultKind::CYCLE[i % 8]`, so every kind appears on
//! every real scan of the tuning part. [`judge`] sorts an answer into exact, flagged (every
//! wrong sticker named as doubtful), refused (exit 2) or silently wrong.

use crate::error::ScanError;
use crate::faults::{FaultKind, Faults};
use crate::resolve::Resolution;
use crate::synthetic::{random_colours, scan, Conditions};
use rubik_cube::facelet::N_FACELETS;
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use std::path::Path;

/// The real scans kept out of the tuning part (file names without `.json`).
pub const HELD_OUT_SCANS: [&str; 7] = [
    "3x3x3-random-05",
    "3x3x3-random-09",
    "3x3x3-tetris",
    "3x3x3-solved-02",
    "3x3x3-tracker-03",
    "3x3x3-tracker-07",
    "3x3x3-tracker-09-old",
];

/// A scan whose cube is known.
#[derive(Clone, Debug)]
pub struct BaseScan {
    /// Where it came from (a file name without `.json`, or `synthetic-SEED`).
    pub name: String,
    /// 54 sRGB colours, URFDLB facelet order.
    pub rgb: [[f64; 3]; N_FACELETS],
    /// The cube it shows, as a facelet string.
    pub facelets: String,
}

/// Reads every `*.json` scan in `dir` (`{"rgb": [...], "facelets": "..."}`), sorted by name.
pub fn load_real(dir: &Path) -> Result<Vec<BaseScan>, std::io::Error> {
    let bad = |path: &Path, why: &str| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{}: {why}", path.display()),
        )
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path)?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| bad(&path, &e.to_string()))?;
        let rgb = crate::input::parse_rgb_json(&text).map_err(|e| bad(&path, &e.to_string()))?;
        let rgb: [[f64; 3]; N_FACELETS] =
            rgb.try_into().map_err(|_| bad(&path, "not 54 colours"))?;
        let facelets = value["facelets"]
            .as_str()
            .ok_or_else(|| bad(&path, "no facelets"))?
            .to_string();
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        out.push(BaseScan {
            name,
            rgb,
            facelets,
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// A clean synthetic scan of a random cube with a random colour scheme, from `seed`.
pub fn synthetic_base(seed: u64) -> BaseScan {
    let mut rng = rng_from_seed(seed);
    let cube = CubieCube::random(&mut rng);
    let colours = random_colours(&mut rng);
    let conditions = Conditions {
        noise: 0.0,
        ..Conditions::clean()
    };
    BaseScan {
        name: format!("synthetic-{seed}"),
        rgb: scan(&cube, &colours, &conditions, &mut rng),
        facelets: cube.to_facelets(),
    }
}

/// Which part of the test set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The part the resolver is tuned on.
    Tuning,
    /// The part kept aside until the end of the first round (tuning data since).
    HeldOut,
    /// The part kept aside until the end of the second round: new seeds, every real scan
    /// under every fault kind (tuning data since).
    Final,
    /// The part kept aside until the end of the third round: new seeds again, every real scan
    /// under every fault kind, 240 synthetic cubes (tuning data since).
    Fresh,
    /// The part kept aside until the end of the fourth round: new seeds, every real scan
    /// under every fault kind four times (all at once eight times), 480 synthetic cubes
    /// (tuning data since).
    Fourth,
    /// The part kept aside until the end of the fifth round: the fourth part's design with
    /// new seeds (tuning data since).
    Fifth,
    /// The part kept aside until the end of the sixth round (session 22): twice the fifth
    /// part's size, new seeds (tuning data since).
    Sixth,
    /// The part kept aside until the end of session 23: the sixth part's design with new
    /// seeds (tuning data since).
    Seventh,
    /// The part kept aside until the end of session 24: the sixth part's design with new
    /// seeds (tuning data since).
    Eighth,
    /// The part kept aside until the end of session 25: the sixth part's design with new
    /// seeds (tuning data since).
    Ninth,
    /// The part kept aside until the end of session 26: the sixth part's design with new
    /// seeds (tuning data since).
    Tenth,
    /// The part kept aside until the end of session 27: the sixth part's design with new
    /// seeds (tuning data since).
    Eleventh,
    /// The part kept aside until the end of session 28: the sixth part's design with new
    /// seeds (tuning data since).
    Twelfth,
    /// The part kept aside until the end of session 28b (run in session 29): the sixth part's
    /// design with new seeds (tuning data since).
    Thirteenth,
    /// The part kept aside until the end of session 29b (run in session 29b): the sixth part's
    /// design with new seeds (tuning data since).
    Fourteenth,
    /// The part kept aside until the end of session 30: four times the sixth part's size (its
    /// design with four times the seeds per kind: 256 cases per real scan, 3,840 synthetic
    /// cubes; 12,544 cases), new seeds, so that a confidence decile below 0.9 holds several
    /// hundred cases (tuning data since).
    Fifteenth,
    /// The part kept aside until the end of session 31: the fifteenth part's design and size
    /// (12,544 cases) with new seeds (tuning data since).
    Sixteenth,
    /// The part kept aside until the end of session 32: the fifteenth part's design and size
    /// (12,544 cases) with new seeds (tuning data since).
    Seventeenth,
    /// The part kept aside until the end of session 33: the fifteenth part's design and size
    /// (12,544 cases) with new seeds. Held out: not resolved before that session's resolver,
    /// model and calibration map were fixed (run once at its end, 0eff2e5: main's resolver).
    Eighteenth,
}

impl Part {
    /// Every part with its name on the examples' command lines, oldest first.
    pub const NAMED: [(&'static str, Part); 19] = [
        ("tuning", Part::Tuning),
        ("held-out", Part::HeldOut),
        ("final", Part::Final),
        ("fresh", Part::Fresh),
        ("fourth", Part::Fourth),
        ("fifth", Part::Fifth),
        ("sixth", Part::Sixth),
        ("seventh", Part::Seventh),
        ("eighth", Part::Eighth),
        ("ninth", Part::Ninth),
        ("tenth", Part::Tenth),
        ("eleventh", Part::Eleventh),
        ("twelfth", Part::Twelfth),
        ("thirteenth", Part::Thirteenth),
        ("fourteenth", Part::Fourteenth),
        ("fifteenth", Part::Fifteenth),
        ("sixteenth", Part::Sixteenth),
        ("seventeenth", Part::Seventeenth),
        ("eighteenth", Part::Eighteenth),
    ];

    /// The part called `name` in [`Part::NAMED`].
    pub fn named(name: &str) -> Option<Part> {
        Part::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, p)| p)
    }

    /// The names of [`Part::NAMED`] joined by `|`, for a usage line.
    pub fn names() -> String {
        Part::NAMED.map(|(n, _)| n).join("|")
    }

    /// The parts before `held_out` in [`Part::NAMED`]: the data a resolver may be tuned on
    /// while `held_out` is kept aside. Each session held out the part after the last one run
    /// (session 22 [`Part::Sixth`], session 23 [`Part::Seventh`], ... session 30
    /// [`Part::Fifteenth`], session 31 [`Part::Sixteenth`], session 32
    /// [`Part::Seventeenth`], session 33 [`Part::Eighteenth`]); an earlier session's tuning parts stay reproducible by naming
    /// its held-out part.
    pub fn tuning_before(held_out: Part) -> Vec<Part> {
        Part::NAMED
            .iter()
            .map(|&(_, part)| part)
            .take_while(|&part| part != held_out)
            .collect()
    }
}

/// One case: a scan under drawn faults, and its truth.
#[derive(Clone, Debug)]
pub struct Case {
    /// `BASE/KIND/SEED`.
    pub name: String,
    /// The fault kind.
    pub kind: FaultKind,
    /// Whether the base is a real scan.
    pub real: bool,
    /// The faulty scan.
    pub rgb: [[f64; 3]; N_FACELETS],
    /// The cube it shows.
    pub facelets: String,
}

fn case(base: &BaseScan, index: usize, seed: u64, real: bool) -> Case {
    let kind = FaultKind::CYCLE[index % FaultKind::CYCLE.len()];
    let mut rng = rng_from_seed(seed);
    let faults = Faults::draw(kind, &mut rng);
    Case {
        name: format!("{}/{}/{seed}", base.name, kind.name()),
        kind,
        real,
        rgb: faults.apply(&base.rgb, &mut rng),
        facelets: base.facelets.clone(),
    }
}

/// The cases of `part` (see the [module docs](self)), from the real scans `real`.
pub fn cases(real: &[BaseScan], part: Part) -> Vec<Case> {
    let held = |b: &BaseScan| HELD_OUT_SCANS.contains(&b.name.as_str());
    let mut out = Vec::new();
    let (seed0, synth0) = match part {
        Part::Tuning => (1_000_000, 1_100_000),
        Part::HeldOut => (2_000_000, 2_100_000),
        Part::Final => (3_000_000, 3_100_000),
        Part::Fresh => (4_000_000, 4_100_000),
        Part::Fourth => (5_000_000, 5_100_000),
        Part::Fifth => (6_000_000, 6_100_000),
        Part::Sixth => (8_000_000, 8_100_000),
        Part::Seventh => (9_000_000, 9_100_000),
        Part::Eighth => (10_000_000, 10_100_000),
        Part::Ninth => (11_000_000, 11_100_000),
        Part::Tenth => (12_000_000, 12_100_000),
        Part::Eleventh => (13_000_000, 13_100_000),
        Part::Twelfth => (14_000_000, 14_100_000),
        Part::Thirteenth => (15_000_000, 15_100_000),
        Part::Fourteenth => (16_000_000, 16_100_000),
        // Four times the sixth part's size: real seeds 17,000,000 + i (i < 8,704), synthetic
        // cubes 17,100,000 + i and their faults 17,150,000 + i (i < 3,840).
        Part::Fifteenth => (17_000_000, 17_100_000),
        // The fifteenth part's design and size: real seeds 18,000,000 + i (i < 8,704),
        // synthetic cubes 18,100,000 + i and their faults 18,150,000 + i (i < 3,840).
        Part::Sixteenth => (18_000_000, 18_100_000),
        // The fifteenth part's design and size: real seeds 19,000,000 + i (i < 8,704),
        // synthetic cubes 19,100,000 + i and their faults 19,150,000 + i (i < 3,840).
        Part::Seventeenth => (19_000_000, 19_100_000),
        // The fifteenth part's design and size: real seeds 20,000,000 + i (i < 8,704),
        // synthetic cubes 20,100,000 + i and their faults 20,150,000 + i (i < 3,840).
        Part::Eighteenth => (20_000_000, 20_100_000),
    };
    let mut seed = seed0;
    for base in real {
        let per_scan = match (part, held(base)) {
            (Part::Tuning, true) => 0,
            (Part::Tuning, false) | (Part::HeldOut, true) => 16,
            (Part::HeldOut, false) => 4,
            (Part::Final | Part::Fresh, _) => 16,
            (Part::Fourth | Part::Fifth, _) => 32,
            (Part::Fifteenth | Part::Sixteenth | Part::Seventeenth | Part::Eighteenth, _) => 256,
            // The sixth part and every later one: the sixth part's design.
            _ => 64,
        };
        for i in 0..per_scan {
            out.push(case(base, i, seed, true));
            seed += 1;
        }
    }
    let synthetic = match part {
        Part::Tuning | Part::HeldOut => 160,
        Part::Final => 200,
        Part::Fresh => 240,
        Part::Fourth | Part::Fifth => 480,
        Part::Fifteenth | Part::Sixteenth | Part::Seventeenth | Part::Eighteenth => 3840,
        // The sixth part and every later one: the sixth part's design.
        _ => 960,
    };
    for i in 0..synthetic {
        let base = synthetic_base(synth0 + i as u64);
        out.push(case(&base, i, synth0 + 50_000 + i as u64, false));
    }
    out
}

/// The true labels of a facelet string (face indices, URFDLB), `None` if a letter is not
/// one of `URFDLB`.
pub fn truth_labels(facelets: &str) -> Option<[usize; N_FACELETS]> {
    let bytes = facelets.as_bytes();
    if bytes.len() != N_FACELETS {
        return None;
    }
    let mut out = [0; N_FACELETS];
    for (o, b) in out.iter_mut().zip(bytes) {
        *o = b"URFDLB".iter().position(|c| c == b)?;
    }
    Some(out)
}

/// How far apart a scan's two closest colours are under the truth, model-free: the distance
/// between their mean sRGB over the pooled within-colour standard deviation per channel (d′,
/// one light for the whole scan, so a per-face light could separate them somewhat better),
/// with the two colours (face indices). Below about 2 the two colours' stickers overlap:
/// even knowing both means, about one sticker in six of the pair is nearer the other.
pub fn closest_separation(
    rgb: &[[f64; 3]; N_FACELETS],
    truth: &[usize; N_FACELETS],
) -> (f64, usize, usize) {
    let mut sum = [[0.0; 3]; 6];
    let mut n = [0.0f64; 6];
    for (s, c) in rgb.iter().enumerate() {
        n[truth[s]] += 1.0;
        for i in 0..3 {
            sum[truth[s]][i] += c[i];
        }
    }
    let mean: Vec<[f64; 3]> = (0..6).map(|k| sum[k].map(|v| v / n[k].max(1.0))).collect();
    let ss: f64 = rgb
        .iter()
        .enumerate()
        .map(|(s, c)| {
            (0..3)
                .map(|i| (c[i] - mean[truth[s]][i]).powi(2))
                .sum::<f64>()
        })
        .sum();
    let sd = (ss / (3.0 * (N_FACELETS as f64 - 6.0))).sqrt().max(1e-9);
    let mut closest = (f64::INFINITY, 0, 0);
    for a in 0..6 {
        for b in a + 1..6 {
            let d = (0..3)
                .map(|i| (mean[a][i] - mean[b][i]).powi(2))
                .sum::<f64>()
                .sqrt();
            if d < closest.0 {
                closest = (d, a, b);
            }
        }
    }
    (closest.0 / sd, closest.1, closest.2)
}

/// What became of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The right cube (`flags`: how many stickers were still named as doubtful).
    Exact {
        /// Doubtful stickers named although the cube is right.
        flags: usize,
    },
    /// A wrong cube, but every wrong sticker named as doubtful.
    Flagged,
    /// Refused: no valid cube is likely (exit 2).
    Refused,
    /// A wrong cube with a wrong sticker not named: what must never happen.
    Silent {
        /// The wrong stickers not named.
        unnamed: Vec<usize>,
    },
}

/// Sorts the resolver's answer for a scan of `truth` (a facelet string).
pub fn judge(truth: &str, answer: &Result<Resolution, ScanError>) -> Outcome {
    let Ok(r) = answer else {
        return Outcome::Refused;
    };
    let got = r.facelets();
    let doubtful = r.doubtful();
    if got == truth {
        return Outcome::Exact {
            flags: doubtful.len(),
        };
    }
    let unnamed: Vec<usize> = got
        .bytes()
        .zip(truth.bytes())
        .enumerate()
        .filter(|&(s, (a, b))| a != b && !doubtful.contains(&s))
        .map(|(s, _)| s)
        .collect();
    if unnamed.is_empty() {
        Outcome::Flagged
    } else {
        Outcome::Silent { unnamed }
    }
}

/// Counts of outcomes over a set of cases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases.
    pub total: usize,
    /// Exact cubes.
    pub exact: usize,
    /// Exact cubes with at least one sticker named as doubtful anyway.
    pub exact_flagged: usize,
    /// Wrong cubes with every wrong sticker named.
    pub flagged: usize,
    /// Refused.
    pub refused: usize,
    /// Silently wrong.
    pub silent: usize,
}

impl Tally {
    /// Adds one outcome.
    pub fn add(&mut self, outcome: &Outcome) {
        self.total += 1;
        match outcome {
            Outcome::Exact { flags } => {
                self.exact += 1;
                self.exact_flagged += usize::from(*flags > 0);
            }
            Outcome::Flagged => self.flagged += 1,
            Outcome::Refused => self.refused += 1,
            Outcome::Silent { .. } => self.silent += 1,
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} cases: {} exact ({:.1}%; {} of them with a sticker flagged anyway), {} wrong but \
             every wrong sticker named, {} refused, {} silently wrong",
            self.total,
            self.exact,
            100.0 * self.exact as f64 / self.total.max(1) as f64,
            self.exact_flagged,
            self.flagged,
            self.refused,
            self.silent
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    /// The fourth to fourteenth parts are what their definition says (counts per kind, real and
    /// synthetic), and share no seed with an earlier part. Only the cases are drawn; nothing is
    /// resolved.
    #[test]
    fn tuning_parts_are_every_part_before_the_held_out_one() {
        assert!(Part::tuning_before(Part::Tuning).is_empty());
        assert_eq!(
            Part::tuning_before(Part::Sixth),
            [
                Part::Tuning,
                Part::HeldOut,
                Part::Final,
                Part::Fresh,
                Part::Fourth,
                Part::Fifth
            ]
        );
        let fifteen = Part::tuning_before(Part::Fifteenth);
        assert_eq!(fifteen.len(), 15);
        assert_eq!(fifteen.last(), Some(&Part::Fourteenth));
        assert!(!fifteen.contains(&Part::Fifteenth));
    }

    #[test]
    fn fourth_fifth_and_sixth_parts_are_as_defined() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let real = load_real(&dir).expect("tests/data");
        assert_eq!(real.len(), 34);
        check_large_part(
            &real,
            Part::Fourth,
            &[Part::Tuning, Part::HeldOut, Part::Final, Part::Fresh],
            1,
        );
        check_large_part(
            &real,
            Part::Fifth,
            &Part::tuning_before(Part::Sixth)[..5],
            1,
        );
        check_large_part(&real, Part::Sixth, &Part::tuning_before(Part::Sixth), 2);
        check_large_part(&real, Part::Seventh, &Part::tuning_before(Part::Seventh), 2);
        check_large_part(&real, Part::Eighth, &Part::tuning_before(Part::Eighth), 2);
        check_large_part(&real, Part::Ninth, &Part::tuning_before(Part::Ninth), 2);
        check_large_part(&real, Part::Tenth, &Part::tuning_before(Part::Tenth), 2);
        check_large_part(
            &real,
            Part::Eleventh,
            &Part::tuning_before(Part::Eleventh),
            2,
        );
        check_large_part(&real, Part::Twelfth, &Part::tuning_before(Part::Twelfth), 2);
        check_large_part(
            &real,
            Part::Thirteenth,
            &Part::tuning_before(Part::Thirteenth),
            2,
        );
        check_large_part(
            &real,
            Part::Fourteenth,
            &Part::tuning_before(Part::Fourteenth),
            2,
        );
    }

    /// The fifteenth part is four times the sixth part's design (12,544 cases), and every seed
    /// it draws from (real faults, synthetic cubes, their faults) lies in its own range, apart
    /// from each other and from every earlier part's. Only the cases are drawn.
    #[test]
    fn fifteenth_part_is_as_defined() {
        check_fourfold_part(Part::Fifteenth, 17_000_000);
    }

    /// The sixteenth part is the fifteenth's design and size with seeds 18,000,000 + i (real),
    /// 18,100,000 + i (synthetic cubes), 18,150,000 + i (their faults), every range apart from
    /// each other and from every earlier part's (the fifteenth included). Only the cases are
    /// drawn; nothing is resolved.
    #[test]
    fn sixteenth_part_is_as_defined() {
        check_fourfold_part(Part::Sixteenth, 18_000_000);
        let sixteen = Part::tuning_before(Part::Sixteenth);
        assert_eq!(sixteen.len(), 16);
        assert_eq!(sixteen.last(), Some(&Part::Fifteenth));
    }

    /// The seventeenth part is the fifteenth's design and size with seeds 19,000,000 + i
    /// (real), 19,100,000 + i (synthetic cubes), 19,150,000 + i (their faults), every range
    /// apart from each other and from every earlier part's (the sixteenth included). Only the
    /// cases are drawn; nothing is resolved.
    #[test]
    fn seventeenth_part_is_as_defined() {
        check_fourfold_part(Part::Seventeenth, 19_000_000);
        let seventeen = Part::tuning_before(Part::Seventeenth);
        assert_eq!(seventeen.len(), 17);
        assert_eq!(seventeen.last(), Some(&Part::Sixteenth));
    }

    /// The eighteenth part is the fifteenth's design and size with seeds 20,000,000 + i
    /// (real), 20,100,000 + i (synthetic cubes), 20,150,000 + i (their faults), every range
    /// apart from each other and from every earlier part's (the seventeenth included). Only the
    /// cases are drawn; nothing is resolved.
    #[test]
    fn eighteenth_part_is_as_defined() {
        check_fourfold_part(Part::Eighteenth, 20_000_000);
        let eighteen = Part::tuning_before(Part::Eighteenth);
        assert_eq!(eighteen.len(), 18);
        assert_eq!(eighteen.last(), Some(&Part::Seventeenth));
    }

    /// `part` is four times the sixth part's design (12,544 cases) with real seeds
    /// `base + i`, synthetic cubes `base + 100,000 + i` and their faults `base + 150,000 + i`,
    /// and every seed of every earlier part lies below `base`.
    fn check_fourfold_part(part: Part, base: u64) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let real = load_real(&dir).expect("tests/data");
        check_large_part(&real, part, &Part::tuning_before(part), 8);
        let drawn = cases(&real, part);
        assert_eq!(drawn.len(), 12_544);
        let seeds = |c: &Case| -> Vec<u64> {
            let mut out: Vec<u64> = vec![c.name.rsplit('/').next().unwrap().parse().unwrap()];
            if let Some(base) = c.name.strip_prefix("synthetic-") {
                out.push(base.split('/').next().unwrap().parse().unwrap());
            }
            out
        };
        let (mut real_seeds, mut cubes, mut faults) = (Vec::new(), Vec::new(), Vec::new());
        for c in &drawn {
            let s = seeds(c);
            if c.real {
                real_seeds.push(s[0]);
            } else {
                faults.push(s[0]);
                cubes.push(s[1]);
            }
        }
        let range = |v: &[u64]| (*v.iter().min().unwrap(), *v.iter().max().unwrap(), v.len());
        assert_eq!(range(&real_seeds), (base, base + 8_703, 8_704));
        assert_eq!(range(&cubes), (base + 100_000, base + 103_839, 3_840));
        assert_eq!(range(&faults), (base + 150_000, base + 153_839, 3_840));
        // Every seed any earlier part draws from lies below this part's ranges.
        let earlier_max = Part::tuning_before(part)
            .iter()
            .flat_map(|&p| cases(&real, p))
            .flat_map(|c| seeds(&c))
            .max()
            .unwrap();
        assert!(earlier_max < base, "{earlier_max}");
    }

    /// `scale`: 1 for the fourth part's design, 2 for twice its size.
    fn check_large_part(real: &[BaseScan], part: Part, earlier: &[Part], scale: usize) {
        let fourth = cases(real, part);
        assert_eq!(fourth.len(), scale * (34 * 32 + 480));
        let mut per_kind: HashMap<(FaultKind, bool), usize> = HashMap::new();
        for c in &fourth {
            *per_kind.entry((c.kind, c.real)).or_default() += 1;
        }
        for kind in FaultKind::CYCLE {
            let (r, s) = if kind == FaultKind::All {
                (272 * scale, 120 * scale)
            } else {
                (136 * scale, 60 * scale)
            };
            assert_eq!(per_kind[&(kind, true)], r, "{kind:?}");
            assert_eq!(per_kind[&(kind, false)], s, "{kind:?}");
        }
        let seed = |c: &Case| c.name.rsplit('/').next().unwrap().to_string();
        let earlier: HashSet<String> = earlier
            .iter()
            .flat_map(|&p| cases(real, p))
            .map(|c| seed(&c))
            .collect();
        assert!(fourth.iter().all(|c| !earlier.contains(&seed(c))));
    }
}
