//! Rival readings: the fit started again from the cube read with two colours exchanged.
//!
//! The fitting loop settles in one labelling, and the light and colours it fits back that
//! labelling. When two colours of a scan are nearly equal (red and orange), the stickers of the
//! pair can often be exchanged on a set of pieces and still give a valid cube, and the fit
//! settles in either labelling depending on where it started: the confidences of each say
//! nothing about the other. A rival reading starts the fit from the cube read with the pair's
//! colours exchanged wherever a valid cube allows (the best valid cube under the same costs
//! with the pair's two columns swapped), lets it settle, and compares what it ends at.

use super::{Resolver, Settled, StickerReading, RIVAL_GAP_NATS};
use crate::assign::{self, Best, CostTable};
use crate::error::ScanError;
use crate::model::{Model, Observations};
use rubik_cube::facelet::{CENTRES, N_FACELETS};
use rubik_cube::{CubieCube, Face};

/// Another reading of a scan, settled from the cube read with two colours exchanged: the best
/// valid cube under the same costs with the pair's two columns swapped, the model fitted to it
/// afresh, and the fitting loop run from there. The fit settles in one labelling and the light
/// fitted to it backs it, so when two colours are nearly equal the confidences of one reading
/// say nothing about the other; a rival that explains the measurements at least as well names
/// the stickers where it differs ([`StickerReading::rival_doubt`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rival {
    /// The two colours exchanged to start it (named by their centres' faces).
    pub pair: (Face, Face),
    /// The cube it settled in.
    pub cube: CubieCube,
    /// Its cost under its own fitted model, less the cost of the cube read under its own
    /// (nats; negative when the rival explains the measurements better).
    pub gap: f64,
    /// How far apart the pair's colours are in the reading's model: CIELAB distance between
    /// the two class means, under the common light.
    pub distance: f64,
}

/// `table` with the columns of colours `a` and `b` exchanged on every sticker but the centres
/// and `pinned` ones.
fn exchanged(table: &CostTable, a: usize, b: usize, pinned: &[usize]) -> CostTable {
    let mut out = *table;
    for (s, row) in out.iter_mut().enumerate() {
        if !CENTRES.contains(&s) && !pinned.contains(&s) {
            row.swap(a, b);
        }
    }
    out
}

/// The CIELAB distance between the means of classes `a` and `b` of `model`.
pub(crate) fn class_distance(model: &Model, a: usize, b: usize) -> f64 {
    let (x, y) = (model.classes[a].mean, model.classes[b].mean);
    (0..3).map(|i| (x[i] - y[i]).powi(2)).sum::<f64>().sqrt()
}

impl Resolver {
    /// The rival reading for colours `a` and `b` of a scan read as `read` under `model` (whose
    /// cost table is `table`): the best valid cube with the pair's costs exchanged, the model
    /// fitted to it afresh, and the fitting loop settled from there. `None` when no cube with
    /// the exchange differs from the cube read.
    fn rival(
        &self,
        obs: &Observations,
        model: &Model,
        table: &CostTable,
        read: &Best,
        pair: (usize, usize),
    ) -> Result<Option<Rival>, ScanError> {
        Ok(self
            .rival_settled(obs, model, table, read, pair)?
            .map(|(rival, _)| rival))
    }

    /// [`Resolver::rival`] with the fitting loop's end state it settled in (chain, cost table,
    /// model, rounds), for reading the scan from there ([`Resolver::resolve`]'s switch to a
    /// rival in better order, [`super::ORDER_SWITCH`]).
    pub(super) fn rival_settled(
        &self,
        obs: &Observations,
        model: &Model,
        table: &CostTable,
        read: &Best,
        (a, b): (usize, usize),
    ) -> Result<Option<(Rival, Settled)>, ScanError> {
        let pinned: Vec<usize> = self.pins.iter().map(|&(s, _)| s).collect();
        let Some(start) = assign::best_cube(&exchanged(table, a, b, &pinned)) else {
            return Ok(None);
        };
        if start.cube == read.cube {
            return Ok(None);
        }
        let labels = start.cube.to_face_array().map(|f| f.index());
        let fitted = Model::initial(obs).fit(obs, &labels, false, true);
        let settled = self.settle(obs, fitted, Some(labels), true)?;
        let best = settled.0.best().ok_or(ScanError::PinsContradict)?;
        Ok(Some((
            Rival {
                pair: (Face::from_index(a), Face::from_index(b)),
                cube: best.cube,
                gap: f64::from(best.cost) + settled.2.light_cost(&obs.prior)
                    - f64::from(read.cost)
                    - model.light_cost(&obs.prior),
                distance: class_distance(model, a, b),
            },
            settled,
        )))
    }

    /// The rival readings of `pairs` that settle in another cube than the one read and cost at
    /// most [`RIVAL_GAP_NATS`] more. `known`: a pair whose rival reading from this same state
    /// is settled already (the order switch's, [`super::Resolver::fit_in_order`]), taken as it
    /// is rather than settled again.
    pub(super) fn rivals_within(
        &self,
        obs: &Observations,
        model: &Model,
        table: &CostTable,
        read: &Best,
        pairs: &[(usize, usize)],
        known: Option<&((usize, usize), Option<Rival>)>,
    ) -> Result<Vec<Rival>, ScanError> {
        let mut out = Vec::new();
        for &pair in pairs {
            let rival = match known {
                Some((p, rival)) if *p == pair => rival.clone(),
                _ => self.rival(obs, model, table, read, pair)?,
            };
            if let Some(rival) = rival {
                if rival.cube != read.cube && rival.gap <= RIVAL_GAP_NATS {
                    out.push(rival);
                }
            }
        }
        Ok(out)
    }

    /// For studying the resolver: the rival reading ([`Rival`]) of the scan's nearest pair of
    /// colours under the fitted model, the one the resolver always tries; `None` when no cube
    /// with the pair exchanged differs from the cube read.
    pub fn nearest_rival_reading(&self, rgb: &[[f64; 3]]) -> Result<Option<Rival>, ScanError> {
        let rgb = super::check_input(rgb)?;
        let obs = self.observe(&rgb);
        let (chain, table, model, _) = self.fit(&obs, true)?;
        let read = chain.best().ok_or(ScanError::PinsContradict)?;
        let Some((pair, _)) = nearest_pair(&model) else {
            return Ok(None);
        };
        self.rival(&obs, &model, &table, &read, pair)
    }

    /// For studying the resolver: the rival reading ([`Rival`]) of every pair of colours whose
    /// start differs from the cube read (after [`super::ORDER_SWITCH`]), nearest pair first
    /// (the resolver itself reads only the look-alike pairs and the nearest pair,
    /// [`StickerReading::rival_doubt`]).
    pub fn rival_readings(&self, rgb: &[[f64; 3]]) -> Result<Vec<Rival>, ScanError> {
        let rgb = super::check_input(rgb)?;
        let obs = self.observe(&rgb);
        let (chain, table, model, _) = self.fit_in_order(&obs, &rgb)?.settled;
        let read = chain.best().ok_or(ScanError::PinsContradict)?;
        let mut out = Vec::new();
        for a in 0..6 {
            for b in a + 1..6 {
                out.extend(self.rival(&obs, &model, &table, &read, (a, b))?);
            }
        }
        out.sort_by(|x, y| x.distance.total_cmp(&y.distance));
        Ok(out)
    }
}

/// The pairs of colours (smaller face index first) that some `contradicted` sticker is read as
/// one of and looks like the other: the look-alike pairs of this scan.
pub(super) fn contradicted_pairs(
    stickers: &[StickerReading; N_FACELETS],
    contradicted: &[bool; N_FACELETS],
) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = (0..N_FACELETS)
        .filter(|&s| contradicted[s])
        .map(|s| {
            let (x, y) = (stickers[s].face.index(), stickers[s].looks_like.index());
            (x.min(y), x.max(y))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The pair of colours (smaller face index first) whose class means are nearest in `model`,
/// and their CIELAB distance ([`class_distance`]).
pub(super) fn nearest_pair(model: &Model) -> Option<((usize, usize), f64)> {
    (0..6)
        .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
        .map(|(a, b)| ((a, b), class_distance(model, a, b)))
        .min_by(|x, y| x.1.total_cmp(&y.1))
}

/// How many pairs of stickers on one face, one labelled `a` and the other `b`, are ordered
/// against the pair's direction (the difference of the two labels' mean colours over the whole
/// scan, CIELAB): a light fitted per face moves a face's colours but cannot reorder two
/// stickers of the same face (up to noise and a gradient), so a labelling that exchanges a
/// look-alike pair on some pieces shows as stickers out of order on their faces.
pub fn disorder(
    lab: &[[f64; 3]; N_FACELETS],
    labels: &[usize; N_FACELETS],
    a: usize,
    b: usize,
) -> usize {
    let mean = |k: usize| {
        let mut sum = [0.0; 3];
        let mut n = 0.0f64;
        for s in (0..N_FACELETS).filter(|&s| labels[s] == k) {
            for i in 0..3 {
                sum[i] += lab[s][i];
            }
            n += 1.0;
        }
        sum.map(|v| v / n.max(1.0))
    };
    let (ma, mb) = (mean(a), mean(b));
    let d = [0, 1, 2].map(|i| mb[i] - ma[i]);
    let p = |s: usize| (0..3).map(|i| lab[s][i] * d[i]).sum::<f64>();
    let mut out = 0;
    for f in 0..6 {
        let on = f * 9..f * 9 + 9;
        for s in on.clone().filter(|&s| labels[s] == a) {
            for t in on.clone().filter(|&t| labels[t] == b) {
                out += usize::from(p(t) < p(s));
            }
        }
    }
    out
}

/// The stickers where any of `rivals` differs from `cube`.
pub(super) fn differing(cube: &CubieCube, rivals: &[Rival]) -> Vec<usize> {
    let faces = cube.to_face_array();
    let mut out: Vec<usize> = rivals
        .iter()
        .flat_map(|r| {
            let other = r.cube.to_face_array();
            (0..N_FACELETS).filter(move |&s| other[s] != faces[s])
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lighting::{cases, load_real, Part};
    use std::path::Path;

    /// Exchanging a pair twice gives the table back; centre and pinned rows are left alone.
    #[test]
    fn exchanging_twice_is_the_identity() {
        let table: CostTable = std::array::from_fn(|s| std::array::from_fn(|k| (s * 6 + k) as f32));
        let once = exchanged(&table, 2, 5, &[7]);
        assert_eq!(exchanged(&once, 2, 5, &[7]), table);
        for s in 0..N_FACELETS {
            let kept = CENTRES.contains(&s) || s == 7;
            assert_eq!(once[s][2] == table[s][5], !kept, "{s}");
            assert_eq!(once[s][0], table[s][0]);
        }
    }

    /// On every answered case of the tuning part: each rival reading of a look-alike pair (a
    /// sticker read as one colour of it that looks like the other) that settles in another
    /// cube at no greater cost is a valid cube, and every sticker where it differs from the cube
    /// read is named as a rival doubt. Fails with the check off.
    #[test]
    fn rivals_within_the_gap_are_named() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let real = load_real(&dir).expect("tests/data");
        let resolver = Resolver::new();
        let mut named = 0;
        for case in cases(&real, Part::Tuning) {
            let Ok(r) = resolver.resolve(&case.rgb) else {
                continue;
            };
            let pairs: Vec<(Face, Face)> = r
                .stickers
                .iter()
                .filter(|st| st.looks_like != st.face)
                .flat_map(|st| [(st.face, st.looks_like), (st.looks_like, st.face)])
                .collect();
            let read = r.cube.to_face_array();
            for rival in resolver.rival_readings(&case.rgb).expect("rivals") {
                if !pairs.contains(&rival.pair) || rival.gap > RIVAL_GAP_NATS {
                    continue;
                }
                assert!(rival.cube.is_solvable(), "{}", case.name);
                let other = rival.cube.to_face_array();
                for s in (0..N_FACELETS).filter(|&s| other[s] != read[s]) {
                    named += 1;
                    assert!(r.stickers[s].rival_doubt, "{}: {s}", case.name);
                    assert!(r.doubtful().contains(&s));
                }
            }
        }
        assert!(named > 0, "the tuning part has rivals within the gap");
    }
}
