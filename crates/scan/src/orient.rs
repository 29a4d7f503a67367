//! Faces photographed turned: the six face photos' stickers placed on the net with each face's
//! quarter turns unknown.
//!
//! A face's centre says which face a photo shows, but not which way up it was held: a robot or
//! a hand turns the cube between shots. Each face can be turned four ways, so there are 4^6 =
//! 4,096 placings of the 54 colours. Most make no valid cube: a face turned wrong puts its
//! corner and edge stickers on pieces whose colour sets do not exist.
//!
//! The search, cheapest first:
//! 1. every sticker's cost for every colour under the resolver's starting model (each colour
//!    centred on its centre sticker; no light fitted, so it does not depend on the turns);
//! 2. for each placing, a lower bound on its cheapest valid cube: each corner and edge position
//!    filled by its cheapest piece on its own (pieces may repeat); a face whose stickers look
//!    the same turned (a one-colour face, a pattern with a half-turn symmetry) is tried in its
//!    distinct turns only;
//! 3. placings in order of that bound, each one's cheapest valid cube found exactly
//!    ([`crate::assign`]), until the bound passes the best cube found by [`SEARCH_NATS`];
//! 4. the distinct cubes within [`SEARCH_NATS`] of the best (at most [`MAX_READINGS`]) are
//!    each read by the full resolver (light fitted, confidences, refusals);
//! 5. the cheapest reading is taken when no other *different* cube is within
//!    [`AMBIGUOUS_NATS`] of it, nor was cheaper before the light was fitted (the two rankings
//!    disagree: the light fitted to a wrong placing can explain it away); otherwise the scan
//!    is refused, naming the cubes ([`ScanError::TurnsAmbiguous`]);
//! 6. a face of the chosen cube that looks the same turned is read again at its other
//!    look-alike turns, and the stickers those readings doubt or read otherwise are named
//!    (`same_looking_turns`): the light fitted depends on the turn the photos cannot show.

use crate::assign::{Chain, CostTable};
use crate::error::ScanError;
use crate::model::{Model, Observations};
use crate::resolve::{Resolution, Resolver};
use rubik_cube::facelet::{CENTRES, N_FACELETS};
use rubik_cube::piece::{CORNER_FACELETS, CORNER_FACES, EDGE_FACELETS, EDGE_FACES};

/// Placings whose cheapest valid cube (under the starting model) costs more than this many nats
/// above the best one's are not read further. The starting model knows nothing of the light,
/// so its costs are rough: the margin is wide.
pub const SEARCH_NATS: f64 = 40.0;
/// At most this many distinct cubes are read by the full resolver.
pub const MAX_READINGS: usize = 6;
/// A reading is taken only if every reading giving another cube costs at least this many nats
/// more (under their own fitted models): about e^-12, 160,000 to 1, against the other.
pub const AMBIGUOUS_NATS: f64 = 12.0;
/// A face's stickers are clear enough to try a symmetric face in its distinct turns only
/// when each sticker's second most likely colour costs this many nats more than its first.
pub const CLEAR_NATS: f64 = 8.0;
/// A placing the full resolver refuses, giving another cube, whose rough cost (step 3) is
/// within this many nats of the chosen reading's makes the turns ambiguous: the light may
/// be what refused it, not the turns.
pub const REFUSED_RIVAL_NATS: f64 = 10.0;
/// At most this many placings get an exact search (a guard: the bound usually stops far
/// earlier).
const MAX_EXACT: usize = 1024;

/// The cube read from photos whose faces may have been turned.
#[derive(Clone, Debug)]
pub struct Turned {
    /// Per face (URFDLB), the quarter turns clockwise that bring its photo to the net's
    /// orientation (0 to 3).
    pub turns: [u8; 6],
    /// The 54 colours placed so (URFDLB facelet order, the net's orientation).
    pub rgb: Vec<[f64; 3]>,
    /// The reading of those colours.
    pub resolution: Resolution,
}

/// Nine items row by row, turned a quarter clockwise `k` times.
pub fn turn<T: Copy>(nine: [T; 9], k: u8) -> [T; 9] {
    (0..k).fold(nine, |g, _| {
        std::array::from_fn(|i| g[(2 - i % 3) * 3 + i / 3])
    })
}

/// The 54 items of `items` (URFDLB facelet order, each face as shot) with face `f` turned
/// `turns[f]` quarters clockwise.
pub fn place<T: Copy>(items: &[T], turns: &[u8; 6]) -> Vec<T> {
    (0..6)
        .flat_map(|f| {
            let nine: [T; 9] = std::array::from_fn(|i| items[f * 9 + i]);
            turn(nine, turns[f])
        })
        .collect()
}

/// Per face, the turns worth trying: those giving distinct patterns of the stickers' most
/// likely colours (all four for most faces; one for a one-colour face; two for a face with a
/// half-turn symmetry), when every sticker of the face is clearly its colour (its next colour
/// at least [`CLEAR_NATS`] dearer); all four otherwise.
fn distinct_turns(table: &CostTable, labels: &[usize; N_FACELETS]) -> [u8; 6] {
    std::array::from_fn(|f| {
        let clear = (0..9).filter(|&i| i != 4).all(|i| {
            let s = f * 9 + i;
            (0..6)
                .filter(|&k| k != labels[s])
                .all(|k| (table[s][k] - table[s][labels[s]]) as f64 >= CLEAR_NATS)
        });
        let nine: [usize; 9] = std::array::from_fn(|i| labels[f * 9 + i]);
        if !clear {
            4
        } else if turn(nine, 1) == nine {
            1
        } else if turn(nine, 2) == nine {
            2
        } else {
            4
        }
    })
}

/// The lower bound of step 2: each corner and edge position at its cheapest piece, alone.
fn bound(cost: &CostTable) -> f32 {
    let corners: f32 = CORNER_FACELETS
        .iter()
        .map(|slots| {
            let mut best = f32::INFINITY;
            for faces in &CORNER_FACES {
                for o in 0..3 {
                    let c: f32 = (0..3)
                        .map(|i| cost[slots[i]][faces[(i + 3 - o) % 3].index()])
                        .sum();
                    best = best.min(c);
                }
            }
            best
        })
        .sum();
    let edges: f32 = EDGE_FACELETS
        .iter()
        .map(|slots| {
            let mut best = f32::INFINITY;
            for faces in &EDGE_FACES {
                for o in 0..2 {
                    let c: f32 = (0..2)
                        .map(|i| cost[slots[i]][faces[(i + o) % 2].index()])
                        .sum();
                    best = best.min(c);
                }
            }
            best
        })
        .sum();
    corners + edges
}

/// The most probable valid cube for 54 colours whose faces may each have been photographed
/// turned (see the [module docs](self)): `rgb` in URFDLB facelet order, each face's nine row
/// by row as its photo shows them.
///
/// Errors: those of [`Resolver::resolve`] (the cheapest placing's, when no placing reads),
/// and [`ScanError::TurnsAmbiguous`] when two placings give different cubes about as well.
///
/// The placings are read without near alternatives settled
/// ([`crate::resolve::AlternativeStarts::NONE`]): the placings are compared by cost, and a
/// wrong placing made cheaper by an alternative was taken over the right one on a tuning case
/// (session 29: `random-12/all/1000230`, read silently wrong turned).
pub fn resolve_turned(resolver: &Resolver, rgb: &[[f64; 3]]) -> Result<Turned, ScanError> {
    let resolver = &resolver
        .clone()
        .alternative_starts(crate::resolve::AlternativeStarts::NONE);
    let shot: [[f64; 3]; N_FACELETS] = rgb
        .try_into()
        .map_err(|_| ScanError::WrongCount { found: rgb.len() })?;
    for (sticker, colour) in shot.iter().enumerate() {
        if let Some(&value) = colour.iter().find(|v| !(0.0..=255.0).contains(*v)) {
            return Err(ScanError::BadValue { sticker, value });
        }
    }
    // Step 1: costs as shot (the starting model does not depend on where on its face a
    // sticker is).
    let model = Model::initial(&Observations::new(&shot));
    let mut table: CostTable = [[0.0; 6]; N_FACELETS];
    let mut labels = [0usize; N_FACELETS];
    for s in 0..N_FACELETS {
        if CENTRES.contains(&s) {
            labels[s] = s / 9;
            continue;
        }
        for (k, cost) in table[s].iter_mut().enumerate() {
            *cost = model.cost(s, k) as f32;
        }
        labels[s] = (0..6)
            .min_by(|&a, &b| table[s][a].total_cmp(&table[s][b]))
            .expect("six colours");
    }
    // Step 2: every placing's bound.
    let tries = distinct_turns(&table, &labels);
    let mut placings: Vec<([u8; 6], f32)> = Vec::new();
    for n in 0..4096usize {
        let turns: [u8; 6] = std::array::from_fn(|f| ((n >> (2 * f)) & 3) as u8);
        if (0..6).any(|f| turns[f] >= tries[f]) {
            continue;
        }
        let placed: CostTable = place(&table, &turns).try_into().expect("54 rows");
        placings.push((turns, bound(&placed)));
    }
    placings.sort_by(|a, b| a.1.total_cmp(&b.1));
    // Step 3: exact cheapest cubes in order of the bound.
    let mut exact: Vec<([u8; 6], f32, String)> = Vec::new();
    let mut best = f32::INFINITY;
    for &(turns, low) in placings.iter().take(MAX_EXACT) {
        if low as f64 > best as f64 + SEARCH_NATS {
            break;
        }
        let placed: CostTable = place(&table, &turns).try_into().expect("54 rows");
        if let Some(b) = Chain::new(&placed).best() {
            best = best.min(b.cost);
            exact.push((turns, b.cost, b.cube.to_facelets()));
        }
    }
    // Step 4: the distinct cubes near the best, each read in full.
    exact.sort_by(|a, b| a.1.total_cmp(&b.1));
    let mut chosen: Vec<&([u8; 6], f32, String)> = Vec::new();
    for e in &exact {
        if e.1 as f64 > best as f64 + SEARCH_NATS || chosen.len() == MAX_READINGS {
            break;
        }
        if chosen.iter().all(|c| c.2 != e.2) {
            chosen.push(e);
        }
    }
    let mut read: Vec<(Turned, f32)> = Vec::new();
    let mut refused: Vec<([u8; 6], f32, String)> = Vec::new();
    let mut first_error: Option<ScanError> = None;
    for (turns, rough, cube) in chosen {
        let placed = place(&shot, turns);
        match resolver.resolve(&placed) {
            Ok(resolution) => read.push((
                Turned {
                    turns: *turns,
                    rgb: placed,
                    resolution,
                },
                *rough,
            )),
            Err(e) => {
                refused.push((*turns, *rough, cube.clone()));
                first_error.get_or_insert(e);
            }
        }
    }
    // Step 5: the cheapest reading, if no other cube comes close (nor a refused placing that
    // was about as cheap before the light was fitted).
    read.sort_by(|a, b| a.0.resolution.cost.total_cmp(&b.0.resolution.cost));
    let Some((top, top_rough)) = read.first() else {
        return Err(first_error.unwrap_or(ScanError::PinsContradict));
    };
    let top_facelets = top.resolution.facelets();
    let mut rivals: Vec<([u8; 6], String)> = read
        .iter()
        .skip(1)
        .filter(|(t, rough)| {
            t.resolution.cube != top.resolution.cube
                && (t.resolution.cost - top.resolution.cost < AMBIGUOUS_NATS || rough < top_rough)
        })
        .map(|(t, _)| (t.turns, t.resolution.facelets()))
        .collect();
    for (turns, rough, cube) in refused {
        if cube != top_facelets && ((rough - top_rough) as f64) < REFUSED_RIVAL_NATS {
            rivals.push((turns, cube));
        }
    }
    if !rivals.is_empty() {
        let readings = std::iter::once((top.turns, top_facelets))
            .chain(rivals)
            .collect();
        return Err(ScanError::TurnsAmbiguous { readings });
    }
    let mut top = read.swap_remove(0).0;
    same_looking_turns(resolver, &shot, &mut top)?;
    Ok(top)
}

/// Step 6: a face whose stickers, as the chosen cube labels them, look the same turned (a
/// one-colour face, a checkerboard) was placed at one of its look-alike turns arbitrarily, and
/// the fitted light (a brightness slope per face) depends on which. The photos are read again
/// with each such face at each of its other look-alike turns; a sticker another reading
/// names as doubtful (for a reason of its own: [`StickerReading::counts_towards_refusal`]), or
/// gives another colour, is named ([`StickerReading::turn_doubt`]), and
/// a reading that is refused names every sticker it named. With [`DOUBTFUL_REFUSED`] doubtful
/// stickers or more in all, the scan is refused.
///
/// [`StickerReading::turn_doubt`]: crate::resolve::StickerReading::turn_doubt
/// [`StickerReading::counts_towards_refusal`]: crate::resolve::StickerReading::counts_towards_refusal
/// [`DOUBTFUL_REFUSED`]: crate::resolve::DOUBTFUL_REFUSED
fn same_looking_turns(
    resolver: &Resolver,
    shot: &[[f64; 3]; N_FACELETS],
    top: &mut Turned,
) -> Result<(), ScanError> {
    let labels = top.resolution.cube.to_face_array().map(|f| f.index());
    let mut named = [false; N_FACELETS];
    for f in 0..6 {
        let nine: [usize; 9] = std::array::from_fn(|i| labels[f * 9 + i]);
        for k in 1..4u8 {
            if turn(nine, k) != nine {
                continue;
            }
            let mut turns = top.turns;
            turns[f] = (turns[f] + k) % 4;
            match resolver.resolve(&place(shot, &turns)) {
                Ok(other) => {
                    let faces = other.cube.to_face_array();
                    for s in 0..N_FACELETS {
                        named[s] |= other.stickers[s].counts_towards_refusal()
                            || faces[s].index() != labels[s];
                    }
                }
                Err(ScanError::Unsure { stickers }) => {
                    stickers.iter().for_each(|&s| named[s] = true);
                }
                Err(ScanError::NoValidCube { conflicts }) => {
                    conflicts.iter().for_each(|c| named[c.sticker] = true);
                }
                Err(e) => return Err(e),
            }
        }
    }
    for (s, reading) in top.resolution.stickers.iter_mut().enumerate() {
        reading.turn_doubt = named[s] && !CENTRES.contains(&s);
    }
    let doubtful = top.resolution.doubtful();
    let counted = top
        .resolution
        .stickers
        .iter()
        .filter(|r| r.counts_towards_refusal())
        .count();
    if counted >= crate::resolve::DOUBTFUL_REFUSED {
        return Err(ScanError::Unsure { stickers: doubtful });
    }
    Ok(())
}

/// "U a quarter clockwise, F a half turn" for a placing's turns; "as shot" for none.
pub fn describe(turns: &[u8; 6]) -> String {
    let parts: Vec<String> = (0..6)
        .filter(|&f| turns[f] != 0)
        .map(|f| {
            let face = rubik_cube::Face::from_index(f).letter();
            let how = match turns[f] {
                1 => "a quarter turn clockwise",
                2 => "a half turn",
                _ => "a quarter turn anticlockwise",
            };
            format!("{face} {how}")
        })
        .collect();
    if parts.is_empty() {
        "as shot".into()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_quarter_turns_are_none_and_place_undoes_nothing_at_zero() {
        let nine: [usize; 9] = std::array::from_fn(|i| i);
        assert_eq!(turn(nine, 1), [6, 3, 0, 7, 4, 1, 8, 5, 2]);
        assert_eq!(turn(turn(nine, 1), 3), nine);
        let items: Vec<usize> = (0..54).collect();
        assert_eq!(place(&items, &[0; 6]), items);
        assert_eq!(
            describe(&[1, 0, 2, 0, 0, 3]),
            "U a quarter turn clockwise, F a half turn, B a quarter turn anticlockwise"
        );
    }
}
