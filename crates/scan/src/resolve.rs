//! The resolver: 54 measured colours in, the most probable valid cube out, with a confidence
//! per sticker.
//!
//! It alternates two steps until the answer stops changing (an EM-style fit, usually two or
//! three rounds):
//! 1. with the current [`Model`](crate::model), every sticker gets a cost for every colour, and
//!    the cheapest *valid* cube is found exactly ([`assign`]);
//! 2. the model is refitted to that cube: each face image's light, each colour's distribution.
//!
//! The model starts from the centres alone (each face's colour is its centre's), so the colour
//! scheme is learned from the cube in hand, not assumed. At the end the same search gives, for
//! every sticker and colour, the best valid cube with that colour there; their costs, scaled
//! by a calibrated [`TEMPERATURE`] and turned into probabilities, are the confidences and the
//! alternatives.
//!
//! A sticker is *doubtful* (named, least sure first, by [`Resolution::doubtful`]) when any of
//! these checks says so:
//! - its confidence is below [`DOUBTFUL_BELOW`];
//! - the cube overruled a clear measurement ([`OVERRULED_NATS`]);
//! - the cheapest cube with twist, flip and parity relaxed is much cheaper than the cheapest
//!   valid one ([`PARITY_GAP_NATS`]) and shows another colour there;
//! - a second reading, with one light for all six face images instead of a light per face,
//!   gives it another colour (the answer hangs on the fitted light);
//! - a sticker of its piece looks, on its own measurement, more like another colour than the
//!   one the cube gives it ([`StickerReading::piece_doubt`], [`PIECE_DOUBT_NATS`]);
//! - the best valid cube with another sticker's alternative colour, that sticker doubtful for
//!   a reason of its own, changes it too ([`StickerReading::alternative_doubt`]);
//! - a rival reading, the fit started again from the cube read with a look-alike pair of
//!   colours exchanged, explains the measurements at least as well and gives it another colour
//!   ([`StickerReading::rival_doubt`], [`Rival`]);
//! - the cube has a sticker named for another reason, and its confidence is below the raised
//!   bar [`FAINT_BELOW`] ([`StickerReading::faint_doubt`], [`FaintDoubt`]).
//!
//! Too many doubtful stickers ([`DOUBTFUL_REFUSED`], or [`DOUBTFUL_REFUSED_STABLE`] when the
//! second reading agrees on every sticker) or overruled ones ([`CONFLICTS_REFUSED`]) and the
//! scan is refused: no valid cube is likely.

use crate::assign::{self, Chain, CostTable};
use crate::error::{sticker_name, Conflict, ScanError};
use crate::model::{LightPrior, Model, Observations};
use rubik_cube::facelet::{CENTRES, N_FACELETS};
use rubik_cube::piece::{CORNER_FACELETS, EDGE_FACELETS};
use rubik_cube::{CubieCube, Face};

mod rival;
pub use rival::{disorder, Rival};

/// Below this confidence (tempered, before [`CALIBRATION`]: about 0.998 as reported since session
/// 22) a sticker is doubtful: worth a look before trusting the cube. At 0.95 nine cases of the
/// 1,716 tuning cases of the lighting set were silently wrong: the model fitted to a wrong
/// labelling backs it, and the wrong stickers came out at 0.96–0.9999. At 0.998 every wrong sticker
/// of those cases is named, or (with [`DOUBTFUL_REFUSED`]) the scan refused.
pub const DOUBTFUL_BELOW: f64 = 0.998;
/// A sticker is overruled when the cube needs a colour this many nats less likely (for its
/// measured colour alone) than the colour it looks like: about 150 to 1 against. (At 8 nats a
/// corner twisted in place on a real scan was "resolved" by counter-twisting another corner
/// with only one of the three changed stickers flagged, the other two at confidence 1; the
/// real scans' correct overrulings stay at or below 4.6 nats but for one sticker each of
/// `dark-01` (7.2) and `tracker-05` (5.1), which are now flagged.)
pub const OVERRULED_NATS: f64 = 5.0;
/// A sticker whose own measurement costs more than this many nats more for the colour the cube
/// gives it than for the colour it looks like puts its whole piece in doubt
/// ([`StickerReading::piece_doubt`]).
pub const PIECE_DOUBT_NATS: f64 = 0.0;
/// A rival reading ([`Rival`]) that costs at most this many nats more than the cube read
/// (each under its own fitted model) names every sticker where it differs
/// ([`StickerReading::rival_doubt`]). 0: the rival explains the measurements at least as well.
pub const RIVAL_GAP_NATS: f64 = 0.0;
/// The rival reading ([`Rival`]) of the scan's nearest pair of colours (the two class means
/// closest in CIELAB under the fitted model) is tried when the pair is closer than this,
/// whether or not any sticker of it is contradicted (session 26b: a look-alike pair can be
/// exchanged with every sticker fitting its reading). Infinity: always.
pub const NEAREST_RIVAL_LAB: f64 = f64::INFINITY;
/// The nearest pair's rival reading ([`Rival`]) at no greater cost replaces the cube read when
/// it has at least this many fewer pairs of same-face stickers out of order
/// ([`rival::disorder`]); the stickers where the two differ are named either way. `usize::MAX`:
/// never.
pub const ORDER_SWITCH: usize = 3;
/// With this many overruled stickers or more, no valid cube is within reach of the
/// measurements: the scan is wrong somewhere (a face read rotated or in the wrong order, a
/// sticker not sampled), and the cube is refused rather than guessed.
pub const CONFLICTS_REFUSED: usize = 3;
/// The scale of the costs when they are turned into probabilities: the model's costs are
/// sharper than its errors (the distributions are fitted to the same 54 stickers they judge),
/// so the min-marginals are divided by this before `exp`. Fitted on the tuning part of the
/// lighting test set (`examples/calibration.rs`) so that the confidences are calibrated.
pub const TEMPERATURE: f64 = 2.0;
/// The map from the tempered confidence to the one reported, fitted on the tuning data of session
/// 31 (the sixteen parts of `Part::tuning_before(Part::Sixteenth)`, 46,404 cases, the 44,089
/// answered by the resolver of session 31 (two rounds of near alternatives), 2.1 million
/// stickers; `examples/calibration.rs -- refit`) by isotonic regression in blocks of at least 800
/// stickers: knots `(raw, calibrated)`, linear between them. The lower end is held (nearly) at the
/// lowest block's share right, 0.525 (a knot `(0, 0.515)`, not `(0, 0)`: the stickers below that
/// block are right about as often as it, and the slope of 0.01 keeps their ranking); the top end
/// is fixed at `(1, 1)`. Chosen by leaving each tuning part out in turn: over the sixteen parts
/// every decile within 0.5 points, where session 30's map (fifteen parts, one round) said
/// 0.4–0.5 3.4 points low for this resolver; a map per group of cases by the nearest pair's
/// distance was worse pooled (`BENCHMARKS.md`, session 31). Monotone, and strictly increasing
/// around [`DOUBTFUL_BELOW`] and [`FAINT_BELOW`], so no sticker named changes.
pub const CALIBRATION: &[(f64, f64)] = &[
    (0.0000, 0.5153),
    (0.5601, 0.5253),
    (0.6186, 0.6007),
    (0.6515, 0.6885),
    (0.6974, 0.6967),
    (0.7697, 0.7526),
    (0.8289, 0.7694),
    (0.8543, 0.8050),
    (0.8762, 0.8321),
    (0.8953, 0.8730),
    (0.9143, 0.9064),
    (0.9324, 0.9214),
    (0.9428, 0.9458),
    (0.9528, 0.9546),
    (0.9612, 0.9593),
    (0.9670, 0.9692),
    (0.9728, 0.9805),
    (0.9794, 0.9858),
    (0.9833, 0.9860),
    (0.9857, 0.9862),
    (0.9876, 0.9905),
    (0.9905, 0.9910),
    (0.9931, 0.9963),
    (0.9954, 0.9976),
    (0.9967, 0.9977),
    (0.9974, 0.9980),
    (0.9980, 0.9984),
    (0.9984, 0.9988),
    (0.9985, 0.9990),
    (0.9990, 0.9990),
    (1.0, 1.0),
];

/// `raw` through [`CALIBRATION`].
pub fn calibrated(raw: f64) -> f64 {
    calibrated_by(CALIBRATION, raw)
}

/// `raw` through the map `knots` (`(raw, calibrated)` pairs, raw ascending, from raw 0 to
/// raw 1), linear between them: [`calibrated`] with another map, for fitting and judging
/// candidate maps (`examples/calibration.rs`).
pub fn calibrated_by(knots: &[(f64, f64)], raw: f64) -> f64 {
    let raw = raw.clamp(0.0, 1.0);
    for pair in knots.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        if raw <= x1 {
            let t = if x1 > x0 { (raw - x0) / (x1 - x0) } else { 1.0 };
            return y0 + t * (y1 - y0);
        }
    }
    raw
}

/// When the cheapest cube with twist, flip and parity relaxed costs this many nats less than
/// the cheapest valid cube, the measurements point to an impossible cube: a sticker misread
/// somewhere, and the stickers where the two cubes differ are named.
pub const PARITY_GAP_NATS: f64 = 4.0;
/// With this many doubtful stickers or more the scan is refused (exit 2): no valid cube is
/// likely enough to offer. (Raised from 14 with the stricter [`DOUBTFUL_BELOW`], which names
/// more stickers on cubes read right; at 24 a dark scan with four wrong stickers unnamed among
/// 20 named got through.)
pub const DOUBTFUL_REFUSED: usize = 20;
/// When the second reading (one light for all faces) agrees on every sticker, the scan is
/// refused only from this many doubtful stickers: half the 48 that are not centres. Two
/// readings of the light that agree make the cube likely even with many stickers named: on the
/// tuning data of session 26 (18,180 cases) the cubes refused at [`DOUBTFUL_REFUSED`] with no
/// unstable sticker and fewer than 24 doubtful were right in 112 of 151 cases and never wrong
/// in an unnamed sticker (`examples/refusals.rs`).
pub const DOUBTFUL_REFUSED_STABLE: usize = 24;
/// A sticker below this tempered confidence (but at or above [`DOUBTFUL_BELOW`]) is named,
/// without counting towards refusal ([`StickerReading::faint_doubt`]), when some other
/// sticker of the cube is named already ([`FaintDoubt`]). Session 29b: the thirteenth
/// part's silent case (`random-07/all/15000647`) had two stickers of one corner wrong at
/// 0.99954, named by no check, in a cube with 21 other stickers named.
pub const FAINT_BELOW: f64 = 0.9996;
/// Most fitting rounds.
const MAX_ROUNDS: usize = 12;

/// What the resolver concluded about one sticker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StickerReading {
    /// The colour in the resolved cube, named by the face whose centre has it.
    pub face: Face,
    /// The probability that this is the sticker's colour (0..1), given the measurements and
    /// that the cube is valid.
    pub confidence: f64,
    /// The next most probable colour and its probability.
    pub alternative: Option<(Face, f64)>,
    /// The colour this sticker's measurement alone suggests most.
    pub looks_like: Face,
    /// Whether the cube's constraints overruled a clear measurement (see [`OVERRULED_NATS`]):
    /// a glare spot or a misread sticker.
    pub overruled: bool,
    /// Whether the cheapest cube with the hidden laws relaxed (see [`PARITY_GAP_NATS`]) shows
    /// another colour here: the measurements point to an impossible cube, and this sticker is
    /// one of those that make the difference.
    pub parity_doubt: bool,
    /// Whether the second opinion, read with one light for all six face images instead of a
    /// light fitted per face, gives this sticker another colour: the answer hangs on the
    /// fitted light (a face's exposure can pass red for orange).
    pub unstable: bool,
    /// Whether reading the same photos with a face turned another way its stickers look the
    /// same in (faces photographed turned, [`crate::orient`]) gives this sticker another
    /// colour or names it as doubtful: the answer hangs on a turn the photos cannot show.
    pub turn_doubt: bool,
    /// Whether a sticker of this sticker's piece (itself included) looks, on its own
    /// measurement, more like another colour than the one the cube gives it, by more than
    /// [`PIECE_DOUBT_NATS`]: the cube overrules it, if only mildly, so which piece sits there
    /// is the cube's choice, and a piece swapped with another of nearly the same look goes
    /// unnoticed by the confidences (the model fitted to the swap backs it).
    pub piece_doubt: bool,
    /// Whether the best valid cube with the alternative colour on some other sticker, that
    /// sticker doubtful for a reason of its own ([`StickerReading::counts_towards_refusal`]),
    /// gives this sticker another colour too. A sticker's alternative is a whole cube, not one
    /// sticker: two edges swapped between look-alike colours (red and orange nearly equal)
    /// change two stickers, whose confidences need not fall on the same side of
    /// [`DOUBTFUL_BELOW`]. Names stickers but refuses nothing.
    pub alternative_doubt: bool,
    /// Whether a rival reading ([`Rival`]) that explains the measurements at least as well
    /// (within [`RIVAL_GAP_NATS`]) as the cube read gives this sticker another colour: the fit
    /// settles in one of two labellings of a look-alike pair (red and orange nearly equal), and
    /// the light fitted to either backs it. The rival is started from the cube read with the
    /// pair exchanged, for each pair a [`StickerReading::piece_doubt`] sticker was read as one
    /// colour of and looks like the other. Names stickers but refuses nothing.
    pub rival_doubt: bool,
    /// Whether the sticker's confidence is below [`FAINT_BELOW`] (tempered) in a cube already
    /// in doubt ([`FaintDoubt`]): a wrong cube's fitted light backs its wrong stickers at
    /// 0.998–0.9999, so in a cube with doubtful stickers the bar is raised. Names stickers
    /// but refuses nothing.
    pub faint_doubt: bool,
}

/// When stickers are named for a confidence below [`FAINT_BELOW`]
/// ([`StickerReading::faint_doubt`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaintDoubt {
    /// The tempered confidence below which a sticker is named (0: never).
    pub below: f64,
    /// Only in a cube where some sticker is named for another reason already.
    pub only_in_doubt: bool,
}

impl FaintDoubt {
    /// Never.
    pub const NONE: FaintDoubt = FaintDoubt {
        below: 0.0,
        only_in_doubt: true,
    };
    /// The default: below [`FAINT_BELOW`], in cubes in doubt already.
    pub const DEFAULT: FaintDoubt = FaintDoubt {
        below: FAINT_BELOW,
        only_in_doubt: true,
    };

    /// Parses `BELOW,ONLY_IN_DOUBT` (the second 0 or 1), as the examples take it.
    pub fn parse(text: &str) -> Option<FaintDoubt> {
        let (below, only) = text.split_once(',')?;
        Some(FaintDoubt {
            below: below.parse().ok()?,
            only_in_doubt: match only {
                "0" => false,
                "1" => true,
                _ => return None,
            },
        })
    }
}

impl StickerReading {
    /// Whether the sticker counts towards refusing the scan ([`DOUBTFUL_REFUSED`]): doubtful
    /// for a reason of its own, not only because its piece is in doubt
    /// ([`StickerReading::piece_doubt`], [`StickerReading::alternative_doubt`],
    /// [`StickerReading::rival_doubt`], which name stickers but refuse nothing).
    pub fn counts_towards_refusal(&self) -> bool {
        StickerReading {
            piece_doubt: false,
            alternative_doubt: false,
            rival_doubt: false,
            faint_doubt: false,
            ..*self
        }
        .is_doubtful()
    }

    /// Whether the sticker deserves a look: low confidence, or its colour was overruled.
    pub fn is_doubtful(&self) -> bool {
        // The threshold is on the tempered confidence (the map is monotone), so calibrating
        // changes what is reported, not which stickers are named.
        self.confidence < calibrated(DOUBTFUL_BELOW)
            || self.overruled
            || self.parity_doubt
            || self.unstable
            || self.turn_doubt
            || self.piece_doubt
            || self.alternative_doubt
            || self.rival_doubt
            || self.faint_doubt
    }
}

/// The resolved cube.
#[derive(Clone, Debug)]
pub struct Resolution {
    /// The cube, pieces relative to the centres (the state a solver takes).
    pub cube: CubieCube,
    /// Per sticker, URFDLB facelet order.
    pub stickers: [StickerReading; N_FACELETS],
    /// Each face's colour as the scan shows it: the mean measured sRGB of its nine stickers.
    pub colours: [[f64; 3]; 6],
    /// Fitting rounds used.
    pub rounds: usize,
    /// How many nats cheaper the cheapest cube with twist, flip and parity relaxed is than the
    /// cheapest valid cube (0 when the measurements themselves form a valid cube).
    pub parity_gap: f64,
    /// The cube's cost under the fitted model (nats, centres excluded): how well the cube
    /// and the light fitted to it explain the measurements, for comparing readings of the same
    /// colours placed differently (faces photographed turned, [`crate::orient`]).
    pub cost: f64,
}

impl Resolution {
    /// The 54-letter facelet string (letters name faces by their centres).
    pub fn facelets(&self) -> String {
        self.cube.to_facelets()
    }

    /// The doubtful stickers' indices, least confident first.
    pub fn doubtful(&self) -> Vec<usize> {
        let mut out: Vec<usize> = (0..N_FACELETS)
            .filter(|&s| self.stickers[s].is_doubtful())
            .collect();
        out.sort_by(|&a, &b| {
            self.stickers[a]
                .confidence
                .total_cmp(&self.stickers[b].confidence)
        });
        out
    }

    /// The lowest sticker confidence.
    pub fn min_confidence(&self) -> f64 {
        self.stickers
            .iter()
            .map(|s| s.confidence)
            .fold(1.0, f64::min)
    }
}

/// Reads colours into a valid cube. The default resolver has no pinned stickers.
#[derive(Clone, Debug)]
pub struct Resolver {
    pins: Vec<(usize, Face)>,
    temperature: f64,
    calibrate: bool,
    refuse: bool,
    piece_margin: f64,
    alternative_cubes: bool,
    rivals: bool,
    nearest_rival: f64,
    refuse_stable: usize,
    order_switch: usize,
    starts: AlternativeStarts,
    faint: FaintDoubt,
    light_prior: LightPrior,
    sensor_noise: f64,
}

/// The truth weighed against the reading ([`Resolver::truth_costs`], for studying the resolver).
#[derive(Clone, Debug, PartialEq)]
pub struct TruthCosts {
    /// The cube read's cost under its own fitted model (nats).
    pub read: f64,
    /// The truth's cost under the model fitted to the cube read, less the cube read's.
    pub truth_under_read: f64,
    /// The truth's cost under a model fitted to the truth (nats).
    pub truth_own: f64,
    /// Where the fitting loop settles when started from the truth (facelet string).
    pub settled: String,
    /// That cube's cost under its own fitted model (nats).
    pub settled_cost: f64,
    /// Under the costs of the cube read, the least min-marginal gap over the stickers where
    /// the truth differs (nats; infinity when it does not): equal to
    /// [`TruthCosts::truth_under_read`] when the truth is a min-marginal cube, a start
    /// [`AlternativeStarts`] can reach.
    pub marginal_gap: f64,
    /// When the truth is a min-marginal cube, how many distinct min-marginal cubes are
    /// cheaper under the cube read's costs (its place among the starts, from 0).
    pub marginal_rank: Option<usize>,
    /// When the truth is not a min-marginal cube but the cheapest valid cube with two of its
    /// stickers (on different pieces, both differing from the cube read) forced is the truth.
    pub pair_reaches: bool,
}

/// One labelling's cost under the model fitted to it, split by sticker
/// ([`Resolver::cost_terms`], for studying the model).
#[derive(Clone, Debug, PartialEq)]
pub struct LabellingTerms {
    /// The labelling (face indices, URFDLB facelet order).
    pub labels: [usize; N_FACELETS],
    /// Per sticker, the cost of its label (nats; 0 for the centres).
    pub cost: [f64; N_FACELETS],
    /// Per sticker, the log-determinant half of that cost (`0.5 ln det` of the class's
    /// covariance with the sticker's own noise): what a tighter class saves every member.
    pub spread: [f64; N_FACELETS],
    /// Per sticker, whether the glare branch of the likelihood is the cheaper one.
    pub glare: [bool; N_FACELETS],
    /// The fitted light: per face the log gain of each linear channel (their mean over the
    /// faces 0 per channel).
    pub log_gain: [[f64; 3]; 6],
    /// The fitted light: per face the change of log brightness per sticker along columns and
    /// rows.
    pub slope: [[f64; 2]; 6],
}

impl LabellingTerms {
    fn of(model: &Model, labels: &[usize; N_FACELETS]) -> LabellingTerms {
        let mut out = LabellingTerms {
            labels: *labels,
            cost: [0.0; N_FACELETS],
            spread: [0.0; N_FACELETS],
            glare: [false; N_FACELETS],
            log_gain: model.light.log_gain,
            slope: model.light.slope,
        };
        for s in (0..N_FACELETS).filter(|s| !CENTRES.contains(s)) {
            let (cost, spread, glare) = model.cost_parts(s, labels[s]);
            out.cost[s] = cost;
            out.spread[s] = spread;
            out.glare[s] = glare;
        }
        out
    }

    /// The labelling's cost (centres excluded).
    pub fn total(&self) -> f64 {
        self.cost.iter().sum()
    }
}

/// Which near alternatives of the cube read are settled, and when the cheapest replaces it
/// ([`Resolver::alternative_starts`]). The fitting loop settles in one labelling; where two
/// colours are nearly equal, a labelling with a few of their stickers exchanged (two edges
/// each way, say) can explain the measurements better under a light fitted to it, yet the loop
/// never reaches it from the centres. Such a labelling is, under the costs of the cube read,
/// a near second-best cube: a sticker's min-marginal cube.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlternativeStarts {
    /// Most alternative cubes settled (0: none).
    pub most: usize,
    /// A sticker's cheapest valid cube with another colour there is a start when it costs at
    /// most this many nats more than the cube read, under the same costs.
    pub gap: f64,
    /// The cheapest settled alternative replaces the cube read when it is more than this many
    /// nats cheaper (each under its own fitted model).
    pub margin: f64,
    /// Whether the stickers the abandoned cube was unsure of (tempered confidence below
    /// [`DOUBTFUL_BELOW`] under its own model) stay named ([`InOrder::carried`]). Off, the
    /// switch reads cases of the tuning data silently wrong: a labelling cheaper elsewhere can
    /// be wrong, confidently, where the cube read was unsure and wrong too.
    pub carry: bool,
    /// How many times the near alternatives are looked for: from the cube read, then again
    /// from each cube switched to, while one is cheaper (1: session 29's resolver; 2 since
    /// session 31). A labelling two near alternatives away is reached in two steps, each
    /// cheaper under its own fitted light.
    pub rounds: usize,
    /// Two-sticker starts (session 31, tried, not kept: on eight tuning parts 6 pairs within
    /// 6 nats lost 21 exact cubes, 8 within 5 lost 5): the first this many near (sticker,
    /// colour) entries are paired (stickers on different pieces) and the cheapest valid cube
    /// with both forced is a start too when it costs at most [`AlternativeStarts::pair_gap`]
    /// nats more than the cube read (at most [`AlternativeStarts::most`] of them). 0: none.
    pub pairs: usize,
    /// See [`AlternativeStarts::pairs`].
    pub pair_gap: f64,
}

impl AlternativeStarts {
    /// None settled.
    pub const NONE: AlternativeStarts = AlternativeStarts {
        most: 0,
        gap: 0.0,
        margin: 0.0,
        carry: true,
        rounds: 1,
        pairs: 0,
        pair_gap: 0.0,
    };
    /// Reads `MOST,GAP,MARGIN[,CARRY[,ROUNDS[,PAIRS,PAIR_GAP]]]` (the fields in order; CARRY 0
    /// is off, any other number or none on; ROUNDS 2 and PAIRS 0 when left out), as the study
    /// examples take it (`--starts=4,3,0`); `None` when a field is missing or not a number.
    pub fn parse(text: &str) -> Option<AlternativeStarts> {
        let v: Vec<f64> = text
            .split(',')
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?;
        if !(3..=7).contains(&v.len()) || v.len() == 6 || v.iter().any(|&x| x < 0.0) {
            return None;
        }
        Some(AlternativeStarts {
            most: v[0] as usize,
            gap: v[1],
            margin: v[2],
            carry: v.get(3).is_none_or(|&c| c != 0.0),
            rounds: v
                .get(4)
                .map_or(AlternativeStarts::DEFAULT.rounds, |&r| r as usize),
            pairs: v.get(5).map_or(0, |&p| p as usize),
            pair_gap: v.get(6).copied().unwrap_or(0.0),
        })
    }

    /// The resolver's default, chosen on the thirteen tuning parts of session 29 (27,588
    /// cases; `examples/digest.rs --starts=…`): at most 4 starts within 3 nats, the cheapest
    /// settled taken when cheaper at all: 25,480 exact against 25,304 with none, 0 silently
    /// wrong on every part. Wider gaps hurt (8 nats: 25,299-25,302, fewer than none: the
    /// cheapest labelling far from the cube read is more often wrong); a margin of 1-2 nats
    /// gains less (25,452, 25,431 at 4 starts within 5 nats). Session 31: two rounds (the near
    /// alternatives of the cube switched to looked for again) on the sixteen tuning parts
    /// (46,404 cases): 42,928 exact against 42,900 with one, no part fewer, 0 silently wrong
    /// (three rounds: 42,929).
    pub const DEFAULT: AlternativeStarts = AlternativeStarts {
        most: 4,
        gap: 3.0,
        margin: 0.0,
        carry: true,
        rounds: 2,
        pairs: 0,
        pair_gap: 0.0,
    };
}

/// Where the fitting loop settled: the last chain, its cost table, the model and the rounds.
pub(crate) type Settled = (Chain, CostTable, Model, usize);

/// Where [`Resolver::fit_in_order`] left the reading.
pub(crate) struct InOrder {
    /// Where the fitting loop settled (the rival's end state when the reading switched to it).
    pub settled: Settled,
    /// The cubes read before, when the reading was left for the nearest pair's rival or for a
    /// cheaper settled alternative ([`AlternativeStarts`]).
    pub abandoned: Vec<CubieCube>,
    /// The stickers a cube read before and abandoned for a cheaper alternative was unsure of
    /// (tempered confidence below [`DOUBTFUL_BELOW`] under its own model): still named.
    pub carried: Vec<usize>,
    /// The nearest pair of `settled`'s model and its rival reading from `settled` (`None`
    /// inside when no cube with the pair exchanged differs from the cube read), when it was
    /// settled already: the rival check takes it rather than settling it again.
    pub nearest: Option<((usize, usize), Option<Rival>)>,
    /// `settled`'s chain solved (best cube and min-marginals), when the near alternatives
    /// already solved it and kept it: [`Resolver::resolve`] takes it rather than solving the
    /// same chain again.
    pub solved: Option<assign::Solved>,
}

impl Default for Resolver {
    fn default() -> Resolver {
        Resolver {
            pins: Vec::new(),
            temperature: TEMPERATURE,
            calibrate: true,
            refuse: true,
            piece_margin: PIECE_DOUBT_NATS,
            alternative_cubes: true,
            rivals: true,
            nearest_rival: NEAREST_RIVAL_LAB,
            refuse_stable: DOUBTFUL_REFUSED_STABLE,
            order_switch: ORDER_SWITCH,
            starts: AlternativeStarts::DEFAULT,
            faint: FaintDoubt::DEFAULT,
            light_prior: LightPrior::NONE,
            sensor_noise: crate::model::SENSOR_NOISE,
        }
    }
}

impl Resolver {
    /// A resolver with no pinned stickers.
    pub fn new() -> Resolver {
        Resolver::default()
    }

    /// Sets the scale by which costs are divided when they become confidences (default
    /// [`TEMPERATURE`], the calibrated value; for calibrating it again).
    pub fn temperature(mut self, temperature: f64) -> Resolver {
        self.temperature = temperature.max(1e-3);
        self
    }

    /// Reports the tempered confidences as they are, without [`CALIBRATION`] (for fitting
    /// it again).
    pub fn uncalibrated(mut self) -> Resolver {
        self.calibrate = false;
        self
    }

    /// Never refuses a scan as too unclear or out of reach: the cheapest valid cube is
    /// returned with its doubtful stickers named, as with pins (for studying the resolver).
    pub fn never_refuse(mut self) -> Resolver {
        self.refuse = false;
        self
    }

    /// Sets the margin of [`StickerReading::piece_doubt`] (default [`PIECE_DOUBT_NATS`];
    /// infinity turns the check off), for studying the resolver.
    pub fn piece_margin(mut self, nats: f64) -> Resolver {
        self.piece_margin = nats;
        self
    }

    /// Turns [`StickerReading::alternative_doubt`] on or off (default on), for studying the
    /// resolver.
    pub fn alternative_cubes(mut self, on: bool) -> Resolver {
        self.alternative_cubes = on;
        self
    }

    /// Turns [`StickerReading::rival_doubt`] on or off (default on), for studying the resolver.
    pub fn rivals(mut self, on: bool) -> Resolver {
        self.rivals = on;
        self
    }

    /// Replaces the cube read by the nearest pair's rival at no greater cost when the rival has
    /// at least `pairs` fewer same-face stickers out of order (default [`ORDER_SWITCH`];
    /// `usize::MAX`: never, session 26b's resolver).
    pub fn order_switch(mut self, pairs: usize) -> Resolver {
        self.order_switch = pairs;
        self
    }

    /// Sets when stickers below a raised bar are named ([`FaintDoubt`]; default
    /// [`FaintDoubt::DEFAULT`]; [`FaintDoubt::NONE`]: session 29's resolver).
    pub fn faint_doubt(mut self, faint: FaintDoubt) -> Resolver {
        self.faint = faint;
        self
    }

    /// Sets which near alternative cubes are settled and when the cheapest replaces the cube
    /// read ([`AlternativeStarts`]; `most` 0: none, session 28's resolver), for studying the
    /// resolver.
    pub fn alternative_starts(mut self, starts: AlternativeStarts) -> Resolver {
        self.starts = starts;
        self
    }

    /// Sets how the light fitted per face is held together ([`LightPrior`]; default
    /// [`LightPrior::NONE`], the fit as it has been since session 21; session 32's tries, not
    /// kept, in `BENCHMARKS.md`), for studying the model.
    pub fn light_prior(mut self, prior: LightPrior) -> Resolver {
        self.light_prior = prior;
        self
    }

    /// Sets each channel's measurement noise the model assumes, 8-bit sRGB units (default 1.5),
    /// for studying the model.
    pub fn sensor_noise(mut self, noise: f64) -> Resolver {
        self.sensor_noise = noise.clamp(0.1, 50.0);
        self
    }

    /// The measurements with this resolver's [`LightPrior`] and sensor noise.
    pub(crate) fn observe(&self, rgb: &[[f64; 3]; N_FACELETS]) -> Observations {
        let mut obs = Observations::new(rgb);
        obs.prior = self.light_prior;
        obs.noise = self.sensor_noise;
        obs
    }

    /// Sets the CIELAB distance below which the nearest pair's rival is tried (default
    /// [`NEAREST_RIVAL_LAB`]; 0 gives session 25's rule, rivals of contradicted pairs only),
    /// for studying the resolver.
    pub fn nearest_rival_below(mut self, lab: f64) -> Resolver {
        self.nearest_rival = lab.max(0.0);
        self
    }

    /// Sets how many doubtful stickers refuse a scan whose two readings of the light agree
    /// (default [`DOUBTFUL_REFUSED_STABLE`]; [`DOUBTFUL_REFUSED`] gives session 25's rule), for
    /// studying the resolver.
    pub fn refuse_stable_at(mut self, stickers: usize) -> Resolver {
        self.refuse_stable = stickers.max(DOUBTFUL_REFUSED);
        self
    }

    /// Fixes sticker `index` to `face`'s colour, as a person correcting the scan would: the
    /// resolver then finds the most probable valid cube with that sticker so. Centres cannot
    /// be pinned to another face. With a pin the scan is never refused as too unclear or out of
    /// reach: the stickers the pinned cube overrules are named as doubtful instead.
    pub fn pin(mut self, index: usize, face: Face) -> Result<Resolver, ScanError> {
        if index >= N_FACELETS {
            return Err(ScanError::BadPin {
                index,
                reason: "there are 54 stickers, numbered 0 to 53".into(),
            });
        }
        if CENTRES.contains(&index) && face.index() != index / 9 {
            return Err(ScanError::BadPin {
                index,
                reason: format!(
                    "{} is a centre: it names its face and is always {}",
                    sticker_name(index),
                    Face::from_index(index / 9)
                ),
            });
        }
        self.pins.retain(|(i, _)| *i != index);
        self.pins.push((index, face));
        Ok(self)
    }

    /// The most probable valid cube for 54 measured colours (8-bit sRGB, URFDLB facelet order).
    ///
    /// Errors: not 54 colours, a value outside 0–255, pins that allow no valid cube, or a scan
    /// no valid cube is within reach of (naming the stickers in conflict).
    pub fn resolve(&self, rgb: &[[f64; 3]]) -> Result<Resolution, ScanError> {
        let rgb = check_input(rgb)?;
        let obs = self.observe(&rgb);
        let InOrder {
            settled: (chain, table, model, rounds),
            abandoned,
            carried,
            nearest: settled_rival,
            solved,
        } = self.fit_in_order(&obs, &rgb)?;
        let (second, _, _, _) = self.fit(&obs, false)?;
        let second = second
            .best()
            .ok_or(ScanError::PinsContradict)?
            .cube
            .to_face_array();
        let solved = match solved {
            Some(solved) => solved,
            None => chain.solve().ok_or(ScanError::PinsContradict)?,
        };
        let mut stickers = self.readings(&model, &table, &solved);
        let (relaxed, relaxed_cost) = chain.relaxed().ok_or(ScanError::PinsContradict)?;
        let parity_gap = (solved.best.cost - relaxed_cost).max(0.0) as f64;
        if parity_gap > PARITY_GAP_NATS {
            for (s, reading) in stickers.iter_mut().enumerate() {
                reading.parity_doubt = relaxed[s] != reading.face.index();
            }
        }
        for (s, reading) in stickers.iter_mut().enumerate() {
            reading.unstable = second[s] != reading.face;
        }
        if self.alternative_cubes {
            for s in alternative_cubes_differ(&table, &solved.best.cube, &stickers) {
                stickers[s].alternative_doubt = true;
            }
        }
        let contradicted = contradicted(&model, &stickers, &self.pins, self.piece_margin);
        for piece in overruled_pieces(&contradicted) {
            for &s in piece {
                stickers[s].piece_doubt = true;
            }
        }
        if self.rivals {
            let mut pairs = rival::contradicted_pairs(&stickers, &contradicted);
            if let Some((pair, distance)) = rival::nearest_pair(&model) {
                if distance < self.nearest_rival && !pairs.contains(&pair) {
                    pairs.push(pair);
                }
            }
            let rivals = self.rivals_within(
                &obs,
                &model,
                &table,
                &solved.best,
                &pairs,
                settled_rival.as_ref(),
            )?;
            for s in rival::differing(&solved.best.cube, &rivals) {
                stickers[s].rival_doubt = true;
            }
        }
        // A cube read first and left for a rival in better order or a cheaper alternative is a
        // rival too.
        for s in carried {
            stickers[s].rival_doubt = true;
        }
        for first in abandoned {
            let faces = first.to_face_array();
            for (s, reading) in stickers.iter_mut().enumerate() {
                reading.rival_doubt |= faces[s] != reading.face;
            }
        }
        if !self.faint.only_in_doubt || stickers.iter().any(|r| r.is_doubtful()) {
            let below = if self.calibrate {
                calibrated(self.faint.below)
            } else {
                self.faint.below
            };
            for reading in stickers.iter_mut() {
                reading.faint_doubt = reading.confidence < below;
            }
        }
        let conflicts: Vec<Conflict> = (0..N_FACELETS)
            .filter(|&s| stickers[s].overruled)
            .map(|s| Conflict {
                sticker: s,
                looks_like: stickers[s].looks_like,
                needed: stickers[s].face,
            })
            .collect();
        // A person who pinned stickers has taken charge of the reading: the cube their pins
        // force is returned, its overruled and doubtful stickers named, never refused.
        let pinned = !self.pins.is_empty() || !self.refuse;
        if !pinned && conflicts.len() >= CONFLICTS_REFUSED {
            return Err(ScanError::NoValidCube { conflicts });
        }
        // A piece in doubt is named, but does not count towards refusing: the refusal count
        // was set on the other checks, and counting whole pieces refuses cubes read right
        // (on the tuning data: 134 fewer exact of 8,772 at the chosen margin).
        let mut doubtful: Vec<usize> = (0..N_FACELETS)
            .filter(|&s| stickers[s].is_doubtful())
            .collect();
        let counted = stickers
            .iter()
            .filter(|r| r.counts_towards_refusal())
            .count();
        let stable = stickers.iter().all(|r| !r.unstable);
        let limit = if stable {
            self.refuse_stable
        } else {
            DOUBTFUL_REFUSED
        };
        if !pinned && counted >= limit {
            doubtful.sort_by(|&a, &b| stickers[a].confidence.total_cmp(&stickers[b].confidence));
            return Err(ScanError::Unsure { stickers: doubtful });
        }
        let mut colours = [[0.0; 3]; 6];
        for (s, reading) in stickers.iter().enumerate() {
            for c in 0..3 {
                colours[reading.face.index()][c] += rgb[s][c] / 9.0;
            }
        }
        Ok(Resolution {
            cube: solved.best.cube,
            stickers,
            colours,
            rounds,
            parity_gap,
            cost: solved.best.cost as f64,
        })
    }

    /// The fitting loop with a light per face ([`Resolver::fit`]), then the switch to the nearest
    /// pair's rival reading when it costs no more and has at least [`ORDER_SWITCH`] fewer pairs
    /// of same-face stickers out of order ([`rival::disorder`]): where the reading settled, the
    /// cube read first when it was left for the rival (whose differing stickers are then named
    /// as rival doubts), and, when the reading stayed, the nearest pair's rival already settled
    /// (for the rival check, which would otherwise settle it a second time).
    pub(crate) fn fit_in_order(
        &self,
        obs: &Observations,
        rgb: &[[f64; 3]; N_FACELETS],
    ) -> Result<InOrder, ScanError> {
        let in_order = self.fit_switched(obs, rgb)?;
        self.cheapest_alternative(obs, in_order)
    }

    /// Where the reading settled ([`Resolver::fit_in_order`]), or, when one of the near
    /// alternative cubes ([`AlternativeStarts`]: for a sticker, the cheapest valid cube with
    /// another colour there, within [`AlternativeStarts::gap`] nats of the cube read under
    /// the same costs) settles, each under its own fitted model, more than
    /// [`AlternativeStarts::margin`] nats cheaper than the cube read, the cheapest of them;
    /// the cube read is then abandoned (its differing stickers named as rival doubts).
    fn cheapest_alternative(
        &self,
        obs: &Observations,
        mut in_order: InOrder,
    ) -> Result<InOrder, ScanError> {
        let starts = self.starts;
        if starts.most == 0 {
            return Ok(in_order);
        }
        for _ in 0..starts.rounds.max(1) {
            let (chain, table, read_model, _) = &in_order.settled;
            let solved = chain.solve().ok_or(ScanError::PinsContradict)?;
            let best = solved.best.cost;
            // Each settled labelling's cost with its light charged ([`LightPrior::cost_sigma`]).
            let read_light = read_model.light_cost(&obs.prior);
            let read = solved.best.cube.to_face_array();
            let mut cubes = near_cubes(table, &solved, &self.pins, starts.gap, starts.most);
            if starts.pairs > 0 {
                for (cube, cost) in pair_cubes(table, &solved, &self.pins, &starts) {
                    if !cubes.iter().any(|(c, _)| *c == cube) {
                        cubes.push((cube, cost));
                    }
                }
            }
            let mut cheapest: Option<(Settled, f64)> = None;
            for (cube, _) in cubes {
                let labels = cube.to_face_array().map(|f| f.index());
                let fitted = Model::initial(obs).fit(obs, &labels, false, true);
                let settled = self.settle(obs, fitted, Some(labels), true)?;
                let end = settled.0.best().ok_or(ScanError::PinsContradict)?;
                let end_light = settled.2.light_cost(&obs.prior);
                let end_charged = f64::from(end.cost) + end_light;
                if end.cube == solved.best.cube
                    || f64::from(best - end.cost) + read_light - end_light <= starts.margin
                {
                    continue;
                }
                if cheapest.as_ref().is_none_or(|(_, c)| end_charged < *c) {
                    cheapest = Some((settled, end_charged));
                }
            }
            let Some((settled, _)) = cheapest else {
                in_order.solved = Some(solved);
                return Ok(in_order);
            };
            let weight = |s: usize, k: usize| {
                (-(f64::from(solved.marginal[s][k]) - f64::from(best)) / self.temperature).exp()
            };
            for s in (0..N_FACELETS).filter(|s| starts.carry && !CENTRES.contains(s)) {
                let total: f64 = (0..6).map(|k| weight(s, k)).sum();
                if weight(s, read[s].index()) / total < DOUBTFUL_BELOW
                    && !in_order.carried.contains(&s)
                {
                    in_order.carried.push(s);
                }
            }
            in_order.abandoned.push(solved.best.cube);
            in_order.settled = settled;
            in_order.nearest = None;
        }
        Ok(in_order)
    }

    /// The fitting loop and the order switch of [`Resolver::fit_in_order`], before the near
    /// alternatives are settled.
    fn fit_switched(
        &self,
        obs: &Observations,
        rgb: &[[f64; 3]; N_FACELETS],
    ) -> Result<InOrder, ScanError> {
        let settled = self.fit(obs, true)?;
        let stay = |settled: Settled, nearest| InOrder {
            settled,
            abandoned: Vec::new(),
            carried: Vec::new(),
            nearest,
            solved: None,
        };
        if !self.rivals || self.order_switch == usize::MAX {
            return Ok(stay(settled, None));
        }
        let read = settled.0.best().ok_or(ScanError::PinsContradict)?;
        let Some((pair, _)) = rival::nearest_pair(&settled.2) else {
            return Ok(stay(settled, None));
        };
        let Some((r, other)) = self.rival_settled(obs, &settled.2, &settled.1, &read, pair)? else {
            return Ok(stay(settled, Some((pair, None))));
        };
        let lab = rgb.map(|c| crate::lab::srgb_to_lab(c).to_array());
        let labels = |cube: &CubieCube| cube.to_face_array().map(|f| f.index());
        let before = rival::disorder(&lab, &labels(&read.cube), pair.0, pair.1);
        let after = rival::disorder(&lab, &labels(&r.cube), pair.0, pair.1);
        if r.gap <= RIVAL_GAP_NATS && after + self.order_switch <= before {
            Ok(InOrder {
                settled: other,
                abandoned: vec![read.cube],
                carried: Vec::new(),
                nearest: None,
                solved: None,
            })
        } else {
            Ok(stay(settled, Some((pair, Some(r)))))
        }
    }

    /// For studying what the measurements hold (not for reading scans): the cheapest valid
    /// cube under the model fitted to the *true* labels `truth` (54 face indices), as a facelet
    /// string. When even the light and colours fitted to the truth make another cube cheaper,
    /// no fit of this model can read the truth: the case is beyond this resolver.
    pub fn best_under_truth(
        &self,
        rgb: &[[f64; 3]],
        truth: &[usize; N_FACELETS],
    ) -> Result<String, ScanError> {
        let rgb = check_input(rgb)?;
        let obs = self.observe(&rgb);
        let first = Model::initial(&obs).fit(&obs, truth, false, true);
        let model = first.fit(&obs, truth, true, true);
        let table = self.table(&model);
        let best = Chain::new(&table).best().ok_or(ScanError::PinsContradict)?;
        Ok(best.cube.to_facelets())
    }

    /// For studying where exactness is lost (not for reading scans): the truth `truth` (54 face
    /// indices) weighed against the reading. Costs are in nats, centres excluded, comparable
    /// with [`Resolution::cost`] (each labelling under the model fitted to it, as a rival's
    /// gap is).
    pub fn truth_costs(
        &self,
        rgb: &[[f64; 3]],
        truth: &[usize; N_FACELETS],
    ) -> Result<TruthCosts, ScanError> {
        let rgb = check_input(rgb)?;
        let obs = self.observe(&rgb);
        let (chain, table, _, _) = self.fit_in_order(&obs, &rgb)?.settled;
        let read = chain.best().ok_or(ScanError::PinsContradict)?;
        let sum = |t: &CostTable, labels: &[usize; N_FACELETS]| -> f64 {
            (0..N_FACELETS)
                .filter(|s| !CENTRES.contains(s))
                .map(|s| f64::from(t[s][labels[s]]))
                .sum()
        };
        let truth_under_read = sum(&table, truth) - f64::from(read.cost);
        let (marginal_gap, marginal_rank, pair_reaches) = near_study(&table, truth)?;
        let fitted = Model::initial(&obs).fit(&obs, truth, false, true);
        let truth_own = sum(&self.table(&fitted), truth);
        let (chain, _, _, _) = self.settle(&obs, fitted, Some(*truth), true)?;
        let settled = chain.best().ok_or(ScanError::PinsContradict)?;
        Ok(TruthCosts {
            read: f64::from(read.cost),
            truth_under_read,
            truth_own,
            settled: settled.cube.to_facelets(),
            settled_cost: f64::from(settled.cost),
            marginal_gap,
            marginal_rank,
            pair_reaches,
        })
    }

    /// For studying the model (not for reading scans): the cube read and the truth `truth` (54
    /// face indices), each under the model fitted to it (the cube read's as the fitting loop left
    /// it; the truth's fitted plainly, then robustly, as [`Resolver::best_under_truth`] does),
    /// their costs split by sticker.
    pub fn cost_terms(
        &self,
        rgb: &[[f64; 3]],
        truth: &[usize; N_FACELETS],
    ) -> Result<(LabellingTerms, LabellingTerms), ScanError> {
        let rgb = check_input(rgb)?;
        let obs = self.observe(&rgb);
        let (chain, _, model, _) = self.fit_in_order(&obs, &rgb)?.settled;
        let read = chain.best().ok_or(ScanError::PinsContradict)?;
        let labels = read.cube.to_face_array().map(|f| f.index());
        let first = Model::initial(&obs).fit(&obs, truth, false, true);
        let fitted = first.fit(&obs, truth, true, true);
        Ok((
            LabellingTerms::of(&model, &labels),
            LabellingTerms::of(&fitted, truth),
        ))
    }

    /// The fitting loop: label with the model, refit the model to the labels, until the labels
    /// stop changing. Returns the last chain, its cost table, the model and the rounds used.
    pub(crate) fn fit(
        &self,
        obs: &Observations,
        per_face: bool,
    ) -> Result<(Chain, CostTable, Model, usize), ScanError> {
        self.settle(obs, Model::initial(obs), None, per_face)
    }

    /// The fitting loop from `model` and the labels it was fitted to (`None`: the starting
    /// model, fitted to no labels, whose first refit is not robust).
    pub(crate) fn settle(
        &self,
        obs: &Observations,
        mut model: Model,
        mut labels: Option<[usize; N_FACELETS]>,
        per_face: bool,
    ) -> Result<(Chain, CostTable, Model, usize), ScanError> {
        let mut rounds = 0;
        loop {
            rounds += 1;
            let table = self.table(&model);
            let chain = Chain::new(&table);
            let best = chain.best().ok_or(ScanError::PinsContradict)?;
            let next = best.cube.to_face_array().map(|f| f.index());
            if labels == Some(next) || rounds == MAX_ROUNDS {
                return Ok((chain, table, model, rounds));
            }
            model = model.fit(obs, &next, labels.is_some(), per_face);
            labels = Some(next);
        }
    }

    /// Every sticker's cost for every colour, pins applied.
    pub(crate) fn table(&self, model: &Model) -> CostTable {
        let mut t = [[0.0f32; 6]; N_FACELETS];
        for (s, row) in t.iter_mut().enumerate() {
            if CENTRES.contains(&s) {
                continue;
            }
            for (k, c) in row.iter_mut().enumerate() {
                *c = model.cost(s, k) as f32;
            }
        }
        for &(s, face) in &self.pins {
            for (k, c) in t[s].iter_mut().enumerate() {
                if k != face.index() {
                    *c = f32::INFINITY;
                }
            }
        }
        t
    }

    /// Confidences from the min-marginals: the probability of colour k on sticker s is
    /// proportional to exp(-(cost of the best valid cube with k there)).
    fn readings(
        &self,
        model: &Model,
        table: &CostTable,
        solved: &assign::Solved,
    ) -> [StickerReading; N_FACELETS] {
        let faces = solved.best.cube.to_face_array();
        let best = solved.best.cost as f64;
        std::array::from_fn(|s| {
            let chosen = faces[s];
            if CENTRES.contains(&s) {
                return StickerReading {
                    face: chosen,
                    confidence: 1.0,
                    alternative: None,
                    looks_like: chosen,
                    overruled: false,
                    parity_doubt: false,
                    unstable: false,
                    turn_doubt: false,
                    piece_doubt: false,
                    alternative_doubt: false,
                    rival_doubt: false,
                    faint_doubt: false,
                };
            }
            let weight =
                |k: usize| (-(solved.marginal[s][k] as f64 - best) / self.temperature).exp();
            let total: f64 = (0..6).map(weight).sum();
            let alternative = (0..6)
                .filter(|&k| k != chosen.index() && solved.marginal[s][k].is_finite())
                .map(|k| (Face::from_index(k), weight(k) / total))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            // What the measurement alone says (pins set aside).
            let own: Vec<f64> = (0..6).map(|k| model.cost(s, k)).collect();
            let looks = (0..6)
                .min_by(|&a, &b| own[a].total_cmp(&own[b]))
                .expect("six colours");
            let pinned = self.pins.iter().any(|(i, _)| *i == s);
            let overruled = !pinned && own[chosen.index()] - own[looks] > OVERRULED_NATS;
            debug_assert!(table[s][chosen.index()].is_finite());
            let confidence = weight(chosen.index()) / total;
            StickerReading {
                face: chosen,
                confidence: if self.calibrate {
                    calibrated(confidence)
                } else {
                    confidence
                },
                alternative,
                looks_like: Face::from_index(looks),
                overruled,
                parity_doubt: false,
                unstable: false,
                turn_doubt: false,
                piece_doubt: false,
                alternative_doubt: false,
                rival_doubt: false,
                faint_doubt: false,
            }
        })
    }
}

/// Per sticker, whether it looks more like another colour than the one the cube gives it, by
/// more than `margin` nats of its own cost (the measurement alone, under the fitted model).
/// Pinned stickers are the person's reading and never count.
fn contradicted(
    model: &Model,
    stickers: &[StickerReading; N_FACELETS],
    pins: &[(usize, Face)],
    margin: f64,
) -> [bool; N_FACELETS] {
    std::array::from_fn(|s| {
        let read = stickers[s].face.index();
        let looks = stickers[s].looks_like.index();
        !pins.iter().any(|(i, _)| *i == s)
            && read != looks
            && model.cost(s, read) - model.cost(s, looks) > margin
    })
}

/// The facelets of every piece (corner or edge) with a [`contradicted`] sticker.
fn overruled_pieces(contradicted: &[bool; N_FACELETS]) -> Vec<&'static [usize]> {
    let corners = CORNER_FACELETS.iter().map(|p| &p[..]);
    let edges = EDGE_FACELETS.iter().map(|p| &p[..]);
    corners
        .chain(edges)
        .filter(|piece| piece.iter().any(|&s| contradicted[s]))
        .collect()
}

/// The stickers where the best valid cube with a doubtful sticker's alternative colour differs
/// from `cube`, over every sticker doubtful for a reason of its own (the sticker itself
/// included). Pins are in `table` already: a pinned sticker has no alternative.
fn alternative_cubes_differ(
    table: &CostTable,
    cube: &CubieCube,
    stickers: &[StickerReading; N_FACELETS],
) -> Vec<usize> {
    let faces = cube.to_face_array();
    let mut out = Vec::new();
    for (s, reading) in stickers.iter().enumerate() {
        let Some((alt, _)) = reading.alternative else {
            continue;
        };
        if !reading.counts_towards_refusal() {
            continue;
        }
        let Some(other) = assign::best_cube(&forced(table, &[(s, alt.index())])) else {
            continue;
        };
        let other = other.cube.to_face_array();
        out.extend((0..N_FACELETS).filter(|&t| other[t] != faces[t]));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The near alternatives of a reading ([`AlternativeStarts`]): for each sticker (not a centre,
/// not pinned) and colour other than the cube's, the cheapest valid cube with that colour
/// there when it costs at most `gap` nats more than the best under `table`; distinct cubes,
/// cheapest first, at most `most`.
fn near_cubes(
    table: &CostTable,
    solved: &assign::Solved,
    pins: &[(usize, Face)],
    gap: f64,
    most: usize,
) -> Vec<(CubieCube, f32)> {
    let mut cubes: Vec<(CubieCube, f32)> = Vec::new();
    for (_, s, k) in near_entries(solved, pins, gap) {
        if cubes.len() >= most {
            break;
        }
        // The cheapest valid cube with k on s is one already found when one of them shows
        // k there at the min-marginal's cost.
        let marginal = solved.marginal[s][k];
        if cubes.iter().any(|(c, cost)| {
            c.to_face_array()[s].index() == k
                && (cost - marginal).abs() <= 1e-4 * marginal.abs().max(1.0)
        }) {
            continue;
        }
        if let Some(other) = assign::best_cube(&forced(table, &[(s, k)])) {
            cubes.push((other.cube, other.cost));
        }
    }
    cubes
}

/// The (gap, sticker, colour) of every min-marginal within `gap` nats of the best cube, the
/// sticker not a centre, not pinned, the colour not the best cube's; cheapest first.
fn near_entries(
    solved: &assign::Solved,
    pins: &[(usize, Face)],
    gap: f64,
) -> Vec<(f32, usize, usize)> {
    let best = solved.best.cost;
    let read = solved.best.cube.to_face_array();
    let mut near: Vec<(f32, usize, usize)> = Vec::new();
    for s in (0..N_FACELETS).filter(|s| !CENTRES.contains(s)) {
        if pins.iter().any(|&(i, _)| i == s) {
            continue;
        }
        for k in (0..6).filter(|&k| k != read[s].index()) {
            let g = solved.marginal[s][k] - best;
            if g.is_finite() && f64::from(g) <= gap {
                near.push((g, s, k));
            }
        }
    }
    near.sort_by(|x, y| x.0.total_cmp(&y.0));
    near
}

/// The piece (corners 0–7, edges 8–19) sticker `s` belongs to; `None` for a centre.
fn piece_of(s: usize) -> Option<usize> {
    CORNER_FACELETS
        .iter()
        .map(|p| &p[..])
        .chain(EDGE_FACELETS.iter().map(|p| &p[..]))
        .position(|p| p.contains(&s))
}

/// The two-sticker starts of [`AlternativeStarts::pairs`]: distinct cubes, cheapest first.
fn pair_cubes(
    table: &CostTable,
    solved: &assign::Solved,
    pins: &[(usize, Face)],
    starts: &AlternativeStarts,
) -> Vec<(CubieCube, f32)> {
    let best = solved.best.cost;
    let near = near_entries(solved, pins, starts.pair_gap);
    let first = &near[..near.len().min(starts.pairs)];
    let mut cubes: Vec<(CubieCube, f32)> = Vec::new();
    for (i, &(_, a, ka)) in first.iter().enumerate() {
        for &(_, b, kb) in &first[i + 1..] {
            if piece_of(a) == piece_of(b) {
                continue;
            }
            let Some(c) = assign::best_cube(&forced(table, &[(a, ka), (b, kb)])) else {
                continue;
            };
            if f64::from(c.cost - best) <= starts.pair_gap
                && !cubes.iter().any(|(x, _)| *x == c.cube)
            {
                cubes.push((c.cube, c.cost));
            }
        }
    }
    cubes.sort_by(|x, y| x.1.total_cmp(&y.1));
    cubes.truncate(starts.most);
    cubes
}

/// `table` with sticker `s` allowed colour `k` only, for each `(s, k)` of `fixed`.
fn forced(table: &CostTable, fixed: &[(usize, usize)]) -> CostTable {
    let mut out = *table;
    for &(s, k) in fixed {
        for (j, c) in out[s].iter_mut().enumerate() {
            if j != k {
                *c = f32::INFINITY;
            }
        }
    }
    out
}

/// For [`Resolver::truth_costs`]: where the truth stands among the near alternatives of the
/// cube read under `table` ([`TruthCosts::marginal_gap`], [`TruthCosts::marginal_rank`],
/// [`TruthCosts::pair_reaches`]).
fn near_study(
    table: &CostTable,
    truth: &[usize; N_FACELETS],
) -> Result<(f64, Option<usize>, bool), ScanError> {
    let solved = Chain::new(table).solve().ok_or(ScanError::PinsContradict)?;
    let best = solved.best.cost;
    let read = solved.best.cube.to_face_array();
    let differ: Vec<usize> = (0..N_FACELETS)
        .filter(|&s| read[s].index() != truth[s])
        .collect();
    let truth_cost: f32 = (0..N_FACELETS)
        .filter(|s| !CENTRES.contains(s))
        .map(|s| table[s][truth[s]])
        .sum();
    let marginal_gap = differ
        .iter()
        .map(|&s| f64::from(solved.marginal[s][truth[s]] - best))
        .fold(f64::INFINITY, f64::min);
    let gap = f64::from(truth_cost - best);
    let tol = 1e-3 * f64::from(truth_cost.abs().max(1.0));
    let is_truth = |c: &CubieCube| c.to_face_array().map(|f| f.index()) == *truth;
    let mut rank = None;
    let mut pair = false;
    if !differ.is_empty() && (gap - marginal_gap).abs() <= tol {
        let cubes = near_cubes(table, &solved, &[], gap + tol, usize::MAX);
        rank = cubes.iter().position(|(c, _)| is_truth(c));
    } else if !differ.is_empty() {
        'outer: for (i, &a) in differ.iter().enumerate() {
            for &b in &differ[i + 1..] {
                if piece_of(a) == piece_of(b) {
                    continue;
                }
                let fixed = [(a, truth[a]), (b, truth[b])];
                if assign::best_cube(&forced(table, &fixed)).is_some_and(|c| is_truth(&c.cube)) {
                    pair = true;
                    break 'outer;
                }
            }
        }
    }
    Ok((marginal_gap, rank, pair))
}

/// The most probable valid cube for 54 measured colours, with no pins (see
/// [`Resolver::resolve`]).
pub fn resolve(rgb: &[[f64; 3]]) -> Result<Resolution, ScanError> {
    Resolver::new().resolve(rgb)
}

/// Checks there are 54 colours with every value a number in 0–255.
fn check_input(rgb: &[[f64; 3]]) -> Result<[[f64; 3]; N_FACELETS], ScanError> {
    let rgb: [[f64; 3]; N_FACELETS] = rgb
        .try_into()
        .map_err(|_| ScanError::WrongCount { found: rgb.len() })?;
    for (s, colour) in rgb.iter().enumerate() {
        for &value in colour {
            if !(0.0..=255.0).contains(&value) {
                return Err(ScanError::BadValue { sticker: s, value });
            }
        }
    }
    Ok(rgb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lighting::{cases, load_real, Part};
    use std::path::Path;

    /// [`CALIBRATION`] runs from raw 0 to (1, 1), never falls, and rises strictly on both sides
    /// of the two bars compared in calibrated terms ([`DOUBTFUL_BELOW`], [`FAINT_BELOW`]), so a
    /// new map changes what is reported, not which stickers are named.
    #[test]
    fn calibration_map_keeps_the_bars() {
        assert_eq!(CALIBRATION[0].0, 0.0);
        assert_eq!(*CALIBRATION.last().unwrap(), (1.0, 1.0));
        for pair in CALIBRATION.windows(2) {
            assert!(pair[0].0 <= pair[1].0 && pair[0].1 <= pair[1].1, "{pair:?}");
        }
        for bar in [DOUBTFUL_BELOW, FAINT_BELOW] {
            let e = 1e-6;
            assert!(calibrated(bar - e) < calibrated(bar), "{bar}");
            assert!(calibrated(bar) < calibrated(bar + e), "{bar}");
        }
    }

    /// `AlternativeStarts::parse` reads the default back, the carry off, and refuses malformed
    /// text.
    #[test]
    fn alternative_starts_are_parsed() {
        assert_eq!(
            AlternativeStarts::parse("4,3,0"),
            Some(AlternativeStarts::DEFAULT)
        );
        assert_eq!(
            AlternativeStarts::parse("4, 5, 1, 0"),
            Some(AlternativeStarts {
                most: 4,
                gap: 5.0,
                margin: 1.0,
                carry: false,
                ..AlternativeStarts::DEFAULT
            })
        );
        assert_eq!(
            AlternativeStarts::parse("4,3,0,1,2,6,4.5"),
            Some(AlternativeStarts {
                rounds: 2,
                pairs: 6,
                pair_gap: 4.5,
                ..AlternativeStarts::DEFAULT
            })
        );
        for bad in [
            "",
            "4",
            "4,3",
            "4,x,0",
            "-1,3,0",
            "1,2,3,4,5,6",
            "1,2,3,4,5,6,7,8",
        ] {
            assert_eq!(AlternativeStarts::parse(bad), None, "{bad}");
        }
    }

    /// On every answered case of the tuning part: for each sticker doubtful for a reason of its
    /// own, the cube [`alternative_cubes_differ`] compares with shows the alternative colour
    /// there, is valid, and costs what the min-marginals (a different pass of the chain) say
    /// the best such cube costs (its cost summed here from the table); and every sticker where
    /// it differs from the cube read is named.
    #[test]
    fn alternative_cubes_are_the_min_marginal_cubes_and_are_named() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let real = load_real(&dir).expect("tests/data");
        let resolver = Resolver::new();
        let mut changed = 0;
        for case in cases(&real, Part::Tuning) {
            let Ok(r) = resolver.resolve(&case.rgb) else {
                continue;
            };
            let obs = Observations::new(&case.rgb);
            let (chain, table, _, _) = resolver
                .fit_in_order(&obs, &case.rgb)
                .expect("a fit")
                .settled;
            let solved = chain.solve().expect("a cube");
            assert_eq!(solved.best.cube, r.cube);
            let read = r.cube.to_face_array();
            let doubtful = r.doubtful();
            for (s, reading) in r.stickers.iter().enumerate() {
                let Some((alt, _)) = reading.alternative else {
                    continue;
                };
                if !reading.counts_towards_refusal() {
                    continue;
                }
                let mut forced = table;
                for (k, c) in forced[s].iter_mut().enumerate() {
                    if k != alt.index() {
                        *c = f32::INFINITY;
                    }
                }
                let other = assign::best_cube(&forced).expect("a cube");
                assert!(other.cube.is_solvable(), "{}", case.name);
                let faces = other.cube.to_face_array();
                assert_eq!(faces[s], alt, "{}", case.name);
                let cost: f32 = (0..N_FACELETS)
                    .filter(|t| !CENTRES.contains(t))
                    .map(|t| table[t][faces[t].index()])
                    .sum();
                let marginal = solved.marginal[s][alt.index()];
                assert!(
                    (cost - marginal).abs() <= 1e-3 * marginal.abs().max(1.0),
                    "{}: {cost} against {marginal}",
                    case.name
                );
                for t in (0..N_FACELETS).filter(|&t| faces[t] != read[t]) {
                    changed += 1;
                    assert!(doubtful.contains(&t), "{}: {}", case.name, sticker_name(t));
                    assert!(r.stickers[t].is_doubtful());
                }
            }
        }
        assert!(changed > 0, "the tuning part has alternative cubes");
    }
}
