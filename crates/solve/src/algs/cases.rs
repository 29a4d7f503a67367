//! Cases for the algorithm search: what to find algorithms for, read from a name (`oll 27`,
//! `pll T`, `zbll T 12`), a scramble, a facelet string or a sticker pattern; and the names
//! of last-layer states.
//!
//! OLL numbers and PLL names are the standard ones (the cases of the CFOP method's tables,
//! CFOP's). ZBLL cases are numbered here: the 472 last-layer cases with the
//! edges oriented and the corners not, grouped by the corners' orientation (OCLL shape `T`,
//! `U`, `L`, `H`, `Pi`, `S`, `AS`) and numbered within each shape by the smallest number of
//! the case's states ([`zbll_cases`]) — a numbering of this program, not of any website.

use crate::method::cfop::last_layer::{case_cube, last_layer, OLL_CASES, PLL_CASES};
use rubik_cube::pattern::parse::from_faces;
use rubik_cube::pattern::{GoalName, Pattern};
use rubik_cube::piece::{CORNER_FACELETS, EDGE_FACELETS};
use rubik_cube::{Alg, Cube, CubieCube, Face, Goal, GoalError, Move};
use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;
use thiserror::Error;

/// A case: a cube to find algorithms for and where they must take it.
#[derive(Clone, Debug)]
pub struct Case {
    /// How the case is called (`OLL 27 (Sune)`, `PLL T-perm`, `ZBLL T 12`, a scramble).
    pub name: String,
    /// A cube of the case.
    pub state: CubieCube,
    /// Where the algorithms take it (before any free turn of the last layer).
    pub goal: Goal,
    /// Whether it is a last-layer case: turns of U before and after are free.
    pub last_layer: bool,
}

/// Why a case could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CaseError {
    /// A case name with an unknown number or name.
    #[error("unknown case {0:?} (OLL cases are 1 to 57; PLL names: Aa Ab E F Ga Gb Gc Gd H Ja Jb Na Nb Ra Rb T Ua Ub V Y Z; ZBLL: a shape T U L H Pi S AS and a number)")]
    Unknown(String),
    /// A pattern, facelet string or scramble that is not a case.
    #[error(transparent)]
    Goal(#[from] GoalError),
    /// A cube that is already where its algorithms would take it.
    #[error("the case is already solved: there is nothing to find algorithms for")]
    Solved,
}

/// Whether every piece outside the U layer is home (the first two layers are solved).
pub fn f2l_solved(c: &CubieCube) -> bool {
    (4..8).all(|j| c.cp[j] as usize == j && c.co[j] == 0)
        && (4..12).all(|j| c.ep[j] as usize == j && c.eo[j] == 0)
}

fn u_turn(q: usize) -> Option<Move> {
    Move::new(Face::U, q as i32)
}

fn turned(c: &CubieCube, before: usize, after: usize) -> CubieCube {
    let mut x = CubieCube::SOLVED;
    if let Some(m) = u_turn(before) {
        x = x.apply_move(m);
    }
    let mut x = x.multiply(c);
    if let Some(m) = u_turn(after) {
        x = x.apply_move(m);
    }
    x
}

impl Case {
    /// Reads a case: `oll N`, `pll NAME`, `zbll SHAPE N`, or a scramble, facelet string or
    /// sticker pattern (`?` for don't care).
    pub fn parse(text: &str) -> Result<Case, CaseError> {
        let t = text.trim();
        let words: Vec<&str> = t.split_whitespace().collect();
        let unknown = || CaseError::Unknown(t.to_string());
        match words.first().map(|w| w.to_ascii_lowercase()).as_deref() {
            Some("oll") if words.len() == 2 => {
                let n: usize = words[1].parse().map_err(|_| unknown())?;
                return Case::oll(n).ok_or_else(unknown);
            }
            Some("pll") if words.len() == 2 => return Case::pll(words[1]).ok_or_else(unknown),
            Some("zbll") if words.len() == 3 => {
                let n: usize = words[2].parse().map_err(|_| unknown())?;
                return Case::zbll(words[1], n).ok_or_else(unknown);
            }
            Some("oll" | "pll" | "zbll") => return Err(unknown()),
            _ => {}
        }
        let goal = Goal::parse(t)?;
        match goal.exact_state() {
            Some(state) => Case::from_state(&state),
            None => Case::from_pattern(t, &goal.patterns()[0]),
        }
    }

    /// The case of a cube: its algorithms solve it (up to the AUF when the first two layers
    /// are solved).
    pub fn from_state(state: &CubieCube) -> Result<Case, CaseError> {
        let last_layer = f2l_solved(state);
        let solved = if last_layer {
            (0..4).any(|b| turned(state, 0, b).is_solved())
        } else {
            state.is_solved()
        };
        if solved {
            return Err(CaseError::Solved);
        }
        Ok(Case {
            name: recognise(state).unwrap_or_else(|| state.to_facelets()),
            state: *state,
            goal: Goal::solved(),
            last_layer,
        })
    }

    /// The case a sticker pattern shows: its algorithms take every cube showing those
    /// stickers to the solved cube with the same stickers hidden (each piece keeps its
    /// hidden stickers hidden).
    pub fn from_pattern(text: &str, pattern: &Pattern) -> Result<Case, CaseError> {
        let witness = pattern.witness().map_err(|reason| GoalError::Impossible {
            goal: text.to_string(),
            reason,
        })?;
        let shown = pattern.stickers();
        let mut goal_picture = Pattern::solved().stickers();
        for j in 0..8 {
            let (p, t) = (witness.cp[j] as usize, witness.co[j] as usize);
            for n in 0..3 {
                if shown[CORNER_FACELETS[j][(n + t) % 3]].is_none() {
                    goal_picture[CORNER_FACELETS[p][n]] = None;
                }
            }
        }
        for j in 0..12 {
            let (p, t) = (witness.ep[j] as usize, witness.eo[j] as usize);
            for n in 0..2 {
                if shown[EDGE_FACELETS[j][(n + t) % 2]].is_none() {
                    goal_picture[EDGE_FACELETS[p][n]] = None;
                }
            }
        }
        let goal_pattern =
            from_faces(&goal_picture).expect("a solved picture with stickers hidden");
        let goal = Goal::from_patterns(
            "the solved cube with the case's hidden stickers hidden",
            vec![goal_pattern],
        );
        let last_layer = f2l_solved(&witness);
        let already = if last_layer {
            (0..4).any(|b| goal.matches(&turned(&witness, 0, b)))
        } else {
            goal.matches(&witness)
        };
        if already {
            return Err(CaseError::Solved);
        }
        Ok(Case {
            name: text.split_whitespace().collect(),
            state: witness,
            goal,
            last_layer,
        })
    }

    /// OLL case `n` (1..=57): the last layer's orientation only (its other stickers hidden).
    pub fn oll(n: usize) -> Option<Case> {
        let i = OLL_CASES.iter().position(|c| c.number as usize == n)?;
        let state = case_cube(&last_layer().oll_moves[i]);
        Some(Case {
            name: format!("OLL {n} ({})", OLL_CASES[i].name),
            state,
            goal: Goal::named(GoalName::Oll(Face::D)),
            last_layer: true,
        })
    }

    /// The PLL case called `name` (`T`, `T-perm`, `Ga`…), any case.
    pub fn pll(name: &str) -> Option<Case> {
        let want = name.to_ascii_lowercase();
        let want = want.trim_end_matches("-perm").trim_end_matches("perm");
        let i = PLL_CASES
            .iter()
            .position(|c| c.name.trim_end_matches("-perm").eq_ignore_ascii_case(want))?;
        let state = case_cube(&last_layer().pll_moves[i]);
        Some(Case {
            name: format!("PLL {}", PLL_CASES[i].name),
            state,
            goal: Goal::solved(),
            last_layer: true,
        })
    }

    /// ZBLL case `n` of shape `shape` (`T`, `U`, `L`, `H`, `Pi`, `S`, `AS`), numbered as in
    /// [`zbll_cases`].
    pub fn zbll(shape: &str, n: usize) -> Option<Case> {
        let cases = zbll_cases();
        let (key, list) = cases.iter().find(|(k, _)| k.eq_ignore_ascii_case(shape))?;
        let state = *list.get(n.checked_sub(1)?)?;
        Some(Case {
            name: format!("ZBLL {key} {n}"),
            state,
            goal: Goal::solved(),
            last_layer: true,
        })
    }
}

/// The OCLL shape of a last layer's corner orientation (`None` when the corners are oriented):
/// `H`, `Pi`, `U`, `T`, `L`, `AS`, `S`, from OLL cases 21–27.
pub fn ocll_shape(c: &CubieCube) -> Option<&'static str> {
    static SHAPES: OnceLock<Vec<([u8; 4], &'static str)>> = OnceLock::new();
    let shapes = SHAPES.get_or_init(|| {
        [
            (21, "H"),
            (22, "Pi"),
            (23, "U"),
            (24, "T"),
            (25, "L"),
            (26, "AS"),
            (27, "S"),
        ]
        .iter()
        .map(|&(n, name)| (corner_key(&Case::oll(n).expect("known").state), name))
        .collect()
    });
    let key = corner_key(c);
    if key == [0; 4] {
        return None;
    }
    shapes.iter().find(|(k, _)| *k == key).map(|(_, n)| *n)
}

/// The U corners' twists by position, least of the four rotations (a turn of U before or after
/// only rotates them).
fn corner_key(c: &CubieCube) -> [u8; 4] {
    (0..4)
        .map(|r| std::array::from_fn(|i| c.co[(i + r) % 4]))
        .min()
        .expect("four rotations")
}

/// The ZBLL cases by shape, in the order `T U L H Pi S AS`: each case is the least state
/// (by its facelet string) of its class under turns of U before and after, and cases are
/// listed by that state.
pub fn zbll_cases() -> &'static [(&'static str, Vec<CubieCube>)] {
    static CASES: OnceLock<Vec<(&'static str, Vec<CubieCube>)>> = OnceLock::new();
    CASES.get_or_init(|| {
        let mut by_shape: BTreeMap<&'static str, Vec<CubieCube>> = BTreeMap::new();
        let mut seen: HashSet<CubieCube> = HashSet::new();
        for state in last_layer_states(true) {
            if seen.contains(&state) {
                continue;
            }
            let orbit: Vec<CubieCube> = (0..4)
                .flat_map(|a| (0..4).map(move |b| (a, b)))
                .map(|(a, b)| turned(&state, a, b))
                .collect();
            let least = *orbit
                .iter()
                .min_by_key(|c| c.to_facelets())
                .expect("sixteen states");
            seen.extend(orbit);
            if let Some(shape) = ocll_shape(&least) {
                by_shape.entry(shape).or_default().push(least);
            }
        }
        ["T", "U", "L", "H", "Pi", "S", "AS"]
            .iter()
            .map(|&k| {
                let mut v = by_shape.remove(k).unwrap_or_default();
                v.sort_by_key(|c| c.to_facelets());
                (k, v)
            })
            .collect()
    })
}

/// Every last-layer state (first two layers solved); with `edges_oriented`, only those with
/// the U edges oriented.
pub fn last_layer_states(edges_oriented: bool) -> Vec<CubieCube> {
    let perms = permutations4();
    let mut out = Vec::new();
    for cp in &perms {
        for ep in &perms {
            if parity(cp) != parity(ep) {
                continue;
            }
            for twist in 0..27u32 {
                let co = [twist % 3, twist / 3 % 3, twist / 9 % 3];
                let last = (6 - co.iter().sum::<u32>()) % 3;
                for flip in 0..8u32 {
                    if edges_oriented && flip != 0 {
                        continue;
                    }
                    let eo = [flip & 1, flip >> 1 & 1, flip >> 2 & 1];
                    let elast = eo.iter().sum::<u32>() % 2;
                    let mut c = CubieCube::SOLVED;
                    c.cp[..4].copy_from_slice(cp);
                    c.ep[..4].copy_from_slice(ep);
                    c.co[..4].copy_from_slice(&[co[0] as u8, co[1] as u8, co[2] as u8, last as u8]);
                    c.eo[..4].copy_from_slice(&[
                        eo[0] as u8,
                        eo[1] as u8,
                        eo[2] as u8,
                        elast as u8,
                    ]);
                    out.push(c);
                }
            }
        }
    }
    out
}

fn permutations4() -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| (i + 1..4).all(|j| p[i] != p[j])) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

fn parity(p: &[u8; 4]) -> bool {
    rubik_cube::cubie::permutation_parity(p)
}

/// The name of a last-layer state: `PLL T-perm`, `ZBLL T 12`, `OLL 27 (Sune)` (with the rest
/// of the last layer still to do), or `None` when the first two layers are not solved or
/// nothing is left but a turn of U.
pub fn recognise(c: &CubieCube) -> Option<String> {
    if !f2l_solved(c) || (0..4).any(|b| turned(c, 0, b).is_solved()) {
        return None;
    }
    let ll = last_layer();
    if let Some((_, i, _)) = ll.recognise_pll(c) {
        return Some(format!("PLL {}", PLL_CASES[i].name));
    }
    if c.eo[..4].iter().all(|&o| o == 0) {
        for (shape, cases) in zbll_cases() {
            for (k, s) in cases.iter().enumerate() {
                if (0..4).any(|a| (0..4).any(|b| turned(s, a, b) == *c)) {
                    return Some(format!("ZBLL {shape} {}", k + 1));
                }
            }
        }
    }
    let (_, i) = ll.recognise_oll(c)?;
    Some(format!(
        "last layer with OLL {} ({})",
        OLL_CASES[i].number, OLL_CASES[i].name
    ))
}

/// The cube a case scramble makes, as cubers read it.
pub fn state_of(alg: &str) -> Option<CubieCube> {
    Some(Cube::solved().apply(&Alg::parse(alg).ok()?).to_cubie())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zbll_case_counts() {
        let counts: Vec<(&str, usize)> = zbll_cases().iter().map(|(k, v)| (*k, v.len())).collect();
        assert_eq!(
            counts,
            [
                ("T", 72),
                ("U", 72),
                ("L", 72),
                ("H", 40),
                ("Pi", 72),
                ("S", 72),
                ("AS", 72)
            ]
        );
    }

    #[test]
    fn named_cases() {
        let t = Case::parse("pll T").unwrap();
        assert_eq!(t.name, "PLL T-perm");
        assert!(t.last_layer && f2l_solved(&t.state));
        assert_eq!(Case::parse("PLL t-perm").unwrap().state, t.state);
        let sune = Case::parse("oll 27").unwrap();
        assert_eq!(sune.name, "OLL 27 (Sune)");
        assert!(!sune.goal.matches(&sune.state));
        let z = Case::parse("zbll T 1").unwrap();
        assert_eq!(recognise(&z.state).as_deref(), Some("ZBLL T 1"));
        assert!(matches!(Case::parse("oll 58"), Err(CaseError::Unknown(_))));
        assert!(matches!(Case::parse("pll X"), Err(CaseError::Unknown(_))));
        assert!(Case::parse("").is_err());
    }

    #[test]
    fn states_are_named() {
        let t = Case::pll("T").unwrap().state;
        assert_eq!(recognise(&t).as_deref(), Some("PLL T-perm"));
        let scramble = Case::parse("R U R' U R U2 R'").unwrap();
        assert!(scramble.last_layer);
        assert!(
            scramble.name.starts_with("last layer with OLL") || scramble.name.starts_with("ZBLL")
        );
        assert!(matches!(Case::parse("U2"), Err(CaseError::Solved)));
        let cross = Case::parse("R U F").unwrap();
        assert!(!cross.last_layer);
    }

    #[test]
    fn pattern_cases_hide_the_same_stickers_in_the_goal() {
        // Sune as an OLL chart shows it: the last layer's U-coloured stickers, the others
        // hidden. The goal is OLL.
        let sune = Case::oll(27).unwrap().state;
        let mut picture = Pattern::exact(&sune).stickers();
        for i in (0..9).chain([9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47]) {
            if picture[i] != Some(Face::U) {
                picture[i] = None;
            }
        }
        let text: String = picture
            .iter()
            .map(|f| f.map_or('?', |f| f.letter()))
            .collect();
        let case = Case::parse(&text).unwrap();
        assert_eq!(case.goal.patterns()[0], GoalName::Oll(Face::D).pattern());
        assert!(case.last_layer);
    }
}
