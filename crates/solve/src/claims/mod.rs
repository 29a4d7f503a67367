//! What each step's text claims, checked on the stickers of a real cube: the cross solved
//! around the named colour, the named pair home with the cross and the earlier pairs kept, the
//! last layer's face one colour after OLL, a phase's goal reached, the later moves in the
//! phase's group. The checks read only facelets (and the moves), never a solver's coordinates,
//! so every interface's tests (library, command line, JSON, web API) can hold the explanations
//! to their word.
//!
//! The checks do not depend on how the cube is held: a human form with rotations is checked
//! the same way as the outer-turn form.

pub mod written;

pub use written::{check_written, counts_agree, WrittenHuman, WrittenStep};

use crate::i18n::COLOURS;
use rubik_cube::piece::{CORNER_FACELETS, EDGE_FACELETS};
use rubik_cube::{Cube, Face, Move};

/// The facelet letter of the colour named `name` (`"yellow"` → `'D'`).
fn letter_of(name: &str) -> Result<char, String> {
    COLOURS
        .iter()
        .position(|w| w.en == name)
        .map(|i| Face::ALL[i].letter())
        .ok_or_else(|| format!("{name:?} is not a colour"))
}

/// The 54 facelets of `cube` (letters name the colour; centres where they are).
fn stickers(cube: &Cube) -> Vec<char> {
    cube.to_facelets().chars().collect()
}

/// The letter of the centre of the face at facelet `i`.
fn centre_of(f: &[char], i: usize) -> char {
    f[i / 9 * 9 + 4]
}

/// The facelet index of the centre showing `letter`.
fn centre_with(f: &[char], letter: char) -> usize {
    (0..6)
        .map(|k| k * 9 + 4)
        .find(|&i| f[i] == letter)
        .unwrap_or(4)
}

/// Whether the piece whose stickers are `colours` (as letters) sits home: each of its stickers
/// on the face whose centre has that colour.
fn piece_home(f: &[char], colours: &[char]) -> bool {
    let slots: Vec<&[usize]> = if colours.len() == 3 {
        CORNER_FACELETS.iter().map(|c| c.as_slice()).collect()
    } else {
        EDGE_FACELETS.iter().map(|e| e.as_slice()).collect()
    };
    slots.into_iter().any(|slot| {
        let mut here: Vec<char> = slot.iter().map(|&i| f[i]).collect();
        let mut wanted = colours.to_vec();
        here.sort_unstable();
        wanted.sort_unstable();
        here == wanted && slot.iter().all(|&i| f[i] == centre_of(f, i))
    })
}

/// The colours (letters) of a piece named `yellow-red-blue`.
fn piece_colours(name: &str) -> Result<Vec<char>, String> {
    name.split('-').map(letter_of).collect()
}

/// The edges (as colour letters) that touch the face whose centre is `centre`.
fn edges_around(f: &[char], centre: char) -> Vec<Vec<char>> {
    let face = centre_with(f, centre) / 9;
    EDGE_FACELETS
        .iter()
        .filter(|e| e.iter().any(|&i| i / 9 == face))
        .map(|e| e.iter().map(|&i| centre_of(f, i)).collect::<Vec<char>>())
        .collect()
}

/// Whether every face shows one colour.
fn solved(f: &[char]) -> bool {
    (0..54).all(|i| f[i] == centre_of(f, i))
}

/// The opposite colour letter (U–D, R–L, F–B).
fn opposite(letter: char) -> char {
    Face::from_letter(letter).map_or(letter, |f| f.opposite().letter())
}

/// Whether every move is an outer turn of a face on the `up`–`down` axis, or a half turn.
fn in_axis_group(moves: &[Move], axis: Face) -> bool {
    moves
        .iter()
        .all(|m| m.face() == axis || m.face() == axis.opposite() || m.turns() == 2)
}

/// The colour (letter) that each corner (named by its colours) shows on the faces of the axis
/// whose centres are `a` and `b`.
fn corner_axis_colours(f: &[char], a: char, b: char) -> Vec<(Vec<char>, char)> {
    let mut out: Vec<(Vec<char>, char)> = CORNER_FACELETS
        .iter()
        .map(|c| {
            let mut colours: Vec<char> = c.iter().map(|&i| f[i]).collect();
            let on_axis = c
                .iter()
                .find(|&&i| centre_of(f, i) == a || centre_of(f, i) == b)
                .map_or(' ', |&i| f[i]);
            colours.sort_unstable();
            (colours, on_axis)
        })
        .collect();
    out.sort();
    out
}

/// The edges (by colours) in the middle slice between the faces whose centres are `a`, `b`.
fn slice_edges(f: &[char], a: char, b: char) -> Vec<Vec<char>> {
    let mut out: Vec<Vec<char>> = EDGE_FACELETS
        .iter()
        .filter(|e| {
            e.iter()
                .all(|&i| centre_of(f, i) != a && centre_of(f, i) != b)
        })
        .map(|e| {
            let mut colours: Vec<char> = e.iter().map(|&i| f[i]).collect();
            colours.sort_unstable();
            colours
        })
        .collect();
    out.sort();
    out
}

/// The value of parameter `name`.
fn param<'a>(params: &'a [(String, String)], name: &str) -> Result<&'a str, String> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .ok_or_else(|| format!("no parameter {name}"))
}

/// Follows a solution step by step and checks each step's claim on the cube it leaves.
#[derive(Debug)]
pub struct ClaimChecker {
    /// The cube before the current step.
    before: Cube,
    /// The CFOP cross colour, once the cross is built.
    cross: Option<char>,
    /// The CFOP pairs placed so far (corner and edge colours).
    pairs: Vec<(Vec<char>, Vec<char>)>,
    /// The axis (face letter) whose phase-1 goal a two-phase step reached, and the moves that
    /// must stay in its group.
    pending_group: Option<Face>,
    /// Thistlethwaite: the phase just checked.
    phase: usize,
}

impl ClaimChecker {
    /// A checker for a solution of `start`.
    pub fn new(start: &Cube) -> ClaimChecker {
        ClaimChecker {
            before: *start,
            cross: None,
            pairs: Vec::new(),
            pending_group: None,
            phase: 0,
        }
    }

    /// Checks the step with message `key` and name parameters `params`, whose outer-turn
    /// moves are `moves`, which left the cube `after`. Steps must be given in order.
    pub fn step(
        &mut self,
        key: &str,
        params: &[(String, String)],
        moves: &[Move],
        after: &Cube,
    ) -> Result<(), String> {
        let f = stickers(after);
        let result = self.claim(key, params, moves, &f);
        self.before = *after;
        result.map_err(|e| format!("{key}: {e}"))
    }

    fn cross_kept(&self, f: &[char]) -> Result<(), String> {
        let c = self.cross.ok_or("no cross before this step")?;
        if edges_around(f, c).iter().all(|e| piece_home(f, e)) {
            Ok(())
        } else {
            Err(format!("the {c} cross is broken"))
        }
    }

    fn pairs_kept(&self, f: &[char]) -> Result<(), String> {
        for (corner, edge) in &self.pairs {
            if !piece_home(f, corner) || !piece_home(f, edge) {
                return Err(format!("the pair {corner:?} {edge:?} is no longer home"));
            }
        }
        Ok(())
    }

    fn claim(
        &mut self,
        key: &str,
        params: &[(String, String)],
        moves: &[Move],
        f: &[char],
    ) -> Result<(), String> {
        if let Some(axis) = self.pending_group.take() {
            if !in_axis_group(moves, axis) {
                return Err(format!(
                    "moves outside {} turns and half turns after the phase that said so",
                    axis.letter()
                ));
            }
        }
        match key {
            "cfop.cross" => {
                let c = letter_of(param(params, "colour")?)?;
                self.cross = Some(c);
                self.cross_kept(f)
            }
            "cfop.f2l" | "cfop.f2l_search" | "cfop.f2l_solved" => {
                if key == "cfop.f2l_solved" && !moves.is_empty() {
                    return Err("an already placed pair has moves".into());
                }
                let corner = piece_colours(param(params, "corner")?)?;
                let edge = piece_colours(param(params, "edge")?)?;
                self.cross_kept(f)?;
                self.pairs_kept(f)?;
                if !piece_home(f, &corner) || !piece_home(f, &edge) {
                    return Err(format!("the pair {corner:?} {edge:?} is not home"));
                }
                self.pairs.push((corner, edge));
                Ok(())
            }
            "cfop.oll" | "cfop.oll_skip" => {
                self.cross_kept(f)?;
                self.pairs_kept(f)?;
                if self.pairs.len() != 4 {
                    return Err(format!("OLL after {} pairs", self.pairs.len()));
                }
                let top = opposite(self.cross.ok_or("no cross")?);
                let face = centre_with(f, top) / 9;
                if (0..9).all(|i| f[face * 9 + i] == top) {
                    Ok(())
                } else {
                    Err(format!("the {top} face is not one colour"))
                }
            }
            "cfop.oll_edges" | "cfop.pll_corners" => {
                self.cross_kept(f)?;
                self.pairs_kept(f)?;
                let top = opposite(self.cross.ok_or("no cross")?);
                let face = centre_with(f, top) / 9;
                if key == "cfop.oll_edges" {
                    let on_top = EDGE_FACELETS
                        .iter()
                        .flatten()
                        .filter(|&&i| i / 9 == face)
                        .all(|&i| f[i] == top);
                    return if on_top {
                        Ok(())
                    } else {
                        Err(format!("the {top} face shows no cross"))
                    };
                }
                if !(0..9).all(|i| f[face * 9 + i] == top) {
                    return Err(format!("the {top} face is not one colour"));
                }
                // Each side face's two top corner stickers match ("headlights" all round).
                let sides: Vec<(usize, char)> = CORNER_FACELETS
                    .iter()
                    .filter(|c| c.iter().any(|&i| i / 9 == face))
                    .flat_map(|c| c.iter().filter(|&&i| i / 9 != face).map(|&i| (i / 9, f[i])))
                    .collect();
                if sides
                    .iter()
                    .all(|(s, c)| sides.iter().all(|(t, d)| t != s || d == c))
                {
                    Ok(())
                } else {
                    Err("the top corners are not in place relative to each other".into())
                }
            }
            "cfop.pll"
            | "cfop.pll_skip"
            | "optimal.solution"
            | "optimal.unproven"
            | "twophase.phase2"
            | "twophase.inverse_phase2"
            | "thistlethwaite.phase4" => {
                if key == "thistlethwaite.phase4" && moves.iter().any(|m| m.turns() != 2) {
                    return Err("a quarter turn in the half-turn phase".into());
                }
                if solved(f) {
                    Ok(())
                } else {
                    Err("the cube is not solved".into())
                }
            }
            "twophase.phase1" | "twophase.inverse_phase1" => {
                let up = param(params, "up")?;
                let down = param(params, "down")?;
                let axis = Face::from_letter(up.chars().next().unwrap_or(' ')).ok_or("bad axis")?;
                let (a, b) = (axis.letter(), axis.opposite().letter());
                if !down.starts_with(b) {
                    return Err("up and down are not opposite".into());
                }
                let (ia, ib) = (centre_with(f, a) / 9, centre_with(f, b) / 9);
                if key == "twophase.phase1" {
                    let only_axis = (0..9)
                        .flat_map(|i| [f[ia * 9 + i], f[ib * 9 + i]])
                        .all(|c| c == a || c == b);
                    let slice_home = slice_edges(f, a, b)
                        .iter()
                        .all(|e| !e.contains(&a) && !e.contains(&b));
                    if !only_axis || !slice_home {
                        return Err(format!("the {a} and {b} faces are not only {a} and {b}"));
                    }
                    self.pending_group = Some(axis);
                    Ok(())
                } else {
                    if !in_axis_group(moves, axis) {
                        return Err("moves outside the axis group".into());
                    }
                    let before = stickers(&self.before);
                    if corner_axis_colours(&before, a, b) != corner_axis_colours(f, a, b)
                        || slice_edges(&before, a, b) != slice_edges(f, a, b)
                    {
                        return Err("a corner's orientation or the slice's edges changed".into());
                    }
                    Ok(())
                }
            }
            "thistlethwaite.phase1" | "thistlethwaite.phase2" | "thistlethwaite.phase3" => {
                let phase = usize::from(key.as_bytes()[key.len() - 1] - b'0');
                if phase != self.phase + 1 {
                    return Err("phases out of order".into());
                }
                self.phase = phase;
                // Moves of phase k stay in the group of the phase before.
                let allowed = |m: &Move| match phase {
                    1 => true,
                    2 => !matches!(m.face(), Face::F | Face::B) || m.turns() == 2,
                    _ => matches!(m.face(), Face::U | Face::D) || m.turns() == 2,
                };
                if !moves.iter().all(allowed) {
                    return Err("a move outside the phase's group".into());
                }
                let cubie = rubik_cube::Cube::from_facelets(&f.iter().collect::<String>())
                    .map_err(|e| e.to_string())?
                    .to_cubie();
                let goal = match phase {
                    1 => cubie.eo.iter().all(|&o| o == 0),
                    2 => {
                        cubie.eo.iter().all(|&o| o == 0)
                            && cubie.co.iter().all(|&o| o == 0)
                            && slice_edges(f, 'U', 'D')
                                .iter()
                                .all(|e| !e.contains(&'U') && !e.contains(&'D'))
                    }
                    _ => (0..54)
                        .all(|i| f[i] == centre_of(f, i) || f[i] == opposite(centre_of(f, i))),
                };
                if goal {
                    Ok(())
                } else {
                    Err(format!("phase {phase}'s goal is not reached"))
                }
            }
            "cfop.pll_auf" | "cfop.pll_skip_auf" => Err("a sentence key used as a step".into()),
            other => Err(format!("no claim known for {other}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::Alg;

    fn after(moves: &str) -> Cube {
        Cube::solved().apply(&Alg::parse(moves).unwrap())
    }

    fn params(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_broken_cross_or_pair_is_caught() {
        let p = params(&[("colour", "yellow")]);
        let mut ok = ClaimChecker::new(&Cube::solved());
        assert!(ok.step("cfop.cross", &p, &[], &after("U")).is_ok());
        let mut bad = ClaimChecker::new(&Cube::solved());
        assert!(bad.step("cfop.cross", &p, &[], &after("R")).is_err());
        // The cross held upside down (x2) is still the yellow cross.
        let mut turned = ClaimChecker::new(&Cube::solved());
        assert!(turned.step("cfop.cross", &p, &[], &after("x2 D")).is_ok());
        let pair = params(&[("corner", "yellow-red-green"), ("edge", "red-green")]);
        assert!(ok
            .step("cfop.f2l", &pair, &[], &after("U R U' R'"))
            .is_err());
        assert!(ok.step("cfop.f2l", &pair, &[], &after("U")).is_ok());
    }

    #[test]
    fn phase_goals_are_checked_on_the_stickers() {
        let axis = params(&[("up", "U"), ("down", "D")]);
        let mut c = ClaimChecker::new(&Cube::solved());
        assert!(c
            .step("twophase.phase1", &axis, &[], &after("R2 U"))
            .is_ok());
        let mut c = ClaimChecker::new(&Cube::solved());
        assert!(c.step("twophase.phase1", &axis, &[], &after("R")).is_err());
        let mut c = ClaimChecker::new(&Cube::solved());
        assert!(c
            .step("thistlethwaite.phase1", &[], &[], &after("F"))
            .is_err());
        let mut c = ClaimChecker::new(&Cube::solved());
        assert!(c
            .step("thistlethwaite.phase1", &[], &[], &after("R U"))
            .is_ok());
        assert!(c.step("cfop.pll", &[], &[], &after("R U")).is_err());
    }
}
