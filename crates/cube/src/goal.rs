//! [`Goal`]: the states a solve may end in, read from what a person types — a named goal
//! (`cross`, `oll:U`, `2x2x2:DBL`), a sticker pattern with don't-care stickers, a facelet
//! string or a scramble (the state it makes).

use crate::alg::{Alg, ParseError};
use crate::cube::Cube;
use crate::cubie::CubieCube;
use crate::error::CubeError;
use crate::face::Face;
use crate::moves::Move;
use crate::pattern::parse::{has_dont_care, StickerError};
use crate::pattern::{named, GoalName, GoalNameError, Pattern, PatternError};
use std::fmt;
use thiserror::Error;

/// A goal: the states matching any of its patterns, and the text it was given as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    name: String,
    patterns: Vec<Pattern>,
}

/// Why a goal could not be read, or cannot be reached by any cube.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GoalError {
    /// A goal name with a bad place after the colon, or an unknown name.
    #[error(transparent)]
    Name(#[from] GoalNameError),
    /// A sticker pattern that cannot be read.
    #[error("goal pattern: {0}")]
    Stickers(#[from] StickerError),
    /// A facelet string that is not a cube.
    #[error("goal: {0}")]
    Cube(#[from] CubeError),
    /// Text that is none of the above, read as a scramble, with a notation error.
    #[error(
        "goal {text:?} is not a goal name, a pattern, a facelet string or a scramble ({error})"
    )]
    NotUnderstood {
        /// The text.
        text: String,
        /// The notation error when read as a scramble.
        error: ParseError,
    },
    /// No real cube matches the goal.
    #[error("no cube can reach the goal {goal}: {reason}")]
    Impossible {
        /// The goal's text.
        goal: String,
        /// Why no cube matches.
        reason: PatternError,
    },
}

impl Goal {
    /// The solved cube.
    pub fn solved() -> Goal {
        Goal::named(GoalName::Solved)
    }

    /// A named goal.
    pub fn named(name: GoalName) -> Goal {
        Goal {
            name: name.to_string(),
            patterns: vec![name.pattern()],
        }
    }

    /// Exactly one state.
    pub fn state(state: &CubieCube) -> Goal {
        Goal {
            name: state.to_facelets(),
            patterns: vec![Pattern::exact(state)],
        }
    }

    /// The states matching any of `patterns`, called `name`.
    pub fn from_patterns(name: impl Into<String>, patterns: Vec<Pattern>) -> Goal {
        Goal {
            name: name.into(),
            patterns,
        }
    }

    /// Reads a goal: a name (`cross`, `f2l:U`, `2x2x2:DBL`, …), a 54-sticker pattern with `?`
    /// for don't-care stickers, a facelet string, or a scramble (the state it makes). Checks
    /// that some real cube matches it.
    pub fn parse(text: &str) -> Result<Goal, GoalError> {
        let t = text.trim();
        let goal = if named::looks_like_name(t) {
            Goal::named(t.parse()?)
        } else if is_stickers(t) {
            if has_dont_care(t) {
                Goal::from_patterns(compact(t), vec![Pattern::from_stickers(t)?])
            } else {
                let cube = Cube::from_facelets(t)?;
                Goal::state(&cube.to_cubie())
            }
        } else {
            let alg = Alg::parse(t).map_err(|error| GoalError::NotUnderstood {
                text: t.to_string(),
                error,
            })?;
            let state = Cube::solved().apply(&alg).to_cubie();
            Goal {
                name: format!("the state of {t}"),
                patterns: vec![Pattern::exact(&state)],
            }
        };
        goal.check()?;
        Ok(goal)
    }

    /// `Ok` when some real cube matches, else why none does (the first pattern's reason).
    pub fn check(&self) -> Result<(), GoalError> {
        let mut first = None;
        for p in &self.patterns {
            match p.check() {
                Ok(()) => return Ok(()),
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        Err(GoalError::Impossible {
            goal: self.name.clone(),
            reason: first.unwrap_or(PatternError::NoArrangement { kind: "pieces" }),
        })
    }

    /// The goal's text.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its patterns (a state matching any of them is in the goal).
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Whether `state` is in the goal.
    pub fn matches(&self, state: &CubieCube) -> bool {
        self.patterns.iter().any(|p| p.matches(state))
    }

    /// The goal's single state, when it is one.
    pub fn exact_state(&self) -> Option<CubieCube> {
        match self.patterns.as_slice() {
            [p] => p.exact_state(),
            _ => None,
        }
    }

    /// The same goal with a free turn of `face` after it: the states that reach it after
    /// `face` turned 0, 1, 2 or 3 quarter turns (a last-layer goal with its AUF free).
    pub fn up_to(&self, face: Face) -> Goal {
        let mut patterns: Vec<Pattern> = Vec::new();
        for p in &self.patterns {
            for q in 0..4 {
                let turned = match Move::new(face, q) {
                    Some(m) => p.before(&CubieCube::SOLVED.apply_move(m)),
                    None => *p,
                };
                if !patterns.contains(&turned) {
                    patterns.push(turned);
                }
            }
        }
        Goal {
            name: format!("{} (any {face} turn after)", self.name),
            patterns,
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Whether `t` is 54 sticker characters (whitespace aside) and nothing that reads as moves.
fn is_stickers(t: &str) -> bool {
    let chars: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
    chars.len() == 54
        && !chars
            .iter()
            .any(|c| c.is_ascii_digit() || "'’′`´()[],:".contains(*c))
}

fn compact(t: &str) -> String {
    t.chars().filter(|c| !c.is_whitespace()).collect()
}

impl Pattern {
    /// The states that match this pattern after `m` is applied: `s` is in the result when
    /// `s · m` is in this pattern.
    pub fn before(&self, m: &CubieCube) -> Pattern {
        use crate::pattern::{bits, corner_bit, edge_bit};
        let mut corners = [0u32; 8];
        let mut edges = [0u32; 12];
        // (s · m) at position j holds s's piece at m.cp[j], turned by m.co[j] more.
        for j in 0..8 {
            let k = m.cp[j] as usize;
            for b in bits(self.corner_masks()[j]) {
                let (p, t) = (b / 3, b % 3);
                corners[k] |= corner_bit(p, (t + 3 - m.co[j] as usize) % 3);
            }
        }
        for j in 0..12 {
            let k = m.ep[j] as usize;
            for b in bits(self.edge_masks()[j]) {
                let (p, t) = (b / 2, b % 2);
                edges[k] |= edge_bit(p, (t + m.eo[j] as usize) % 2);
            }
        }
        Pattern::from_masks(corners, edges)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::rng_from_seed;

    #[test]
    fn every_kind_of_text() {
        assert_eq!(Goal::parse("cross").unwrap().name(), "cross:D");
        let s = Goal::parse("R U R' U'").unwrap();
        assert!(s.matches(
            &Cube::solved()
                .apply(&Alg::parse("R U R' U'").unwrap())
                .to_cubie()
        ));
        let facelets = CubieCube::from_moves(&[Move::new(Face::R, 1).unwrap()]).to_facelets();
        assert_eq!(
            Goal::parse(&facelets).unwrap().exact_state(),
            Some(CubieCube::from_moves(&[Move::new(Face::R, 1).unwrap()]))
        );
        let pattern = "????U????".to_string() + &"?".repeat(45);
        assert!(Goal::parse(&pattern).unwrap().matches(&CubieCube::SOLVED));
        assert!(matches!(
            Goal::parse("R Q"),
            Err(GoalError::NotUnderstood { .. })
        ));
        assert!(matches!(Goal::parse("cross:Z"), Err(GoalError::Name(_))));
    }

    #[test]
    fn impossible_goals_are_rejected_with_the_reason() {
        // UF flipped in place.
        let mut s: Vec<char> = CubieCube::SOLVED.to_facelets().chars().collect();
        s[7] = 'F';
        s[19] = 'U';
        s[0] = '?';
        let e = Goal::parse(&s.iter().collect::<String>()).unwrap_err();
        assert!(
            matches!(
                e,
                GoalError::Impossible {
                    reason: PatternError::Flip,
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn before_is_the_preimage() {
        let mut rng = rng_from_seed(8);
        let p = GoalName::Cross(Face::D).pattern();
        for mv in Move::ALL {
            let m = CubieCube::SOLVED.apply_move(mv);
            let q = p.before(&m);
            for _ in 0..100 {
                let s = CubieCube::random(&mut rng);
                assert_eq!(q.matches(&s), p.matches(&s.multiply(&m)));
            }
        }
        let auf = Goal::solved().up_to(Face::U);
        assert_eq!(auf.patterns().len(), 4);
        assert!(auf.matches(&CubieCube::from_moves(&[Move::new(Face::U, 2).unwrap()])));
    }
}
