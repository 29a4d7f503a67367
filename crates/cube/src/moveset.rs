//! Move sets: the turns a solution may use, as cubers write them (`R,U,F`, `M,U`, `R,U,r`).
//!
//! A layer written alone (`R`, `M`, `r`) means all three of its turns (`R R2 R'`); a turn
//! with an amount (`R2`, `U'`) means that turn only. Face turns, wide turns (`r`, `Rw`) and
//! slices (`M E S`) may be mixed; whole-cube rotations may not (they are not turns of the
//! puzzle). `all` is the 18 face turns.

use crate::alg::{Alg, Layer, Turn};
use crate::face::Face;
use crate::moves::Move;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A set of turns (see the [module docs](self)). Two sets are equal when they hold the same
/// turns, whatever order they were written in.
#[derive(Clone, Debug)]
pub struct MoveSet {
    /// The turns, sorted by layer then amount, without repeats.
    turns: Vec<Turn>,
    /// The layers in the order they were first written, for display (`⟨R,U⟩`, not `⟨U,R⟩`).
    written: Vec<Layer>,
}

impl PartialEq for MoveSet {
    fn eq(&self, other: &MoveSet) -> bool {
        self.turns == other.turns
    }
}

impl Eq for MoveSet {}

impl std::hash::Hash for MoveSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.turns.hash(state);
    }
}

/// Why a move set could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveSetError {
    /// Nothing was given.
    #[error("the move set is empty: name some turns, e.g. R,U")]
    Empty,
    /// A token is not notation.
    #[error("{token:?} in the move set is not a turn ({reason})")]
    NotATurn {
        /// The token.
        token: String,
        /// What the notation parser said.
        reason: String,
    },
    /// A rotation was named.
    #[error("{token:?} is a whole-cube rotation; a move set holds layer turns (R, M, r, ...)")]
    Rotation {
        /// The token.
        token: String,
    },
}

impl MoveSet {
    /// The 18 outer face turns.
    pub fn all_faces() -> MoveSet {
        MoveSet::from_turns(Move::ALL.iter().map(|&m| Turn::from(m)))
    }

    /// The set of these turns.
    pub fn from_turns(turns: impl IntoIterator<Item = Turn>) -> MoveSet {
        let given: Vec<Turn> = turns.into_iter().collect();
        let mut written: Vec<Layer> = Vec::new();
        for t in &given {
            if !written.contains(&t.layer) {
                written.push(t.layer);
            }
        }
        let mut turns = given;
        turns.sort();
        turns.dedup();
        MoveSet { turns, written }
    }

    /// The set of these outer face turns.
    pub fn from_moves(moves: &[Move]) -> MoveSet {
        MoveSet::from_turns(moves.iter().map(|&m| Turn::from(m)))
    }

    /// The turns, sorted by layer then amount.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Whether the set holds `t`.
    pub fn contains(&self, t: Turn) -> bool {
        self.turns.binary_search(&t).is_ok()
    }

    /// The set as outer face turns, when it has nothing else.
    pub fn face_moves(&self) -> Option<Vec<Move>> {
        self.turns.iter().map(|t| t.as_move()).collect()
    }

    /// Whether the set is all 18 face turns.
    pub fn is_all_faces(&self) -> bool {
        self.turns.len() == 18 && self.face_moves().is_some()
    }

    /// Whether some turn moves the centres (a slice or wide turn).
    pub fn moves_centres(&self) -> bool {
        self.turns
            .iter()
            .any(|t| !matches!(t.layer, Layer::Face(_)))
    }

    /// The layers the set turns, in the order they were written.
    pub fn layers(&self) -> &[Layer] {
        &self.written
    }

    /// The set without the turns of `face`: with U, what is left when the
    /// U-layer turns before and after an algorithm are free.
    pub fn without_face(&self, face: Face) -> MoveSet {
        let gone = Layer::Face(face);
        MoveSet {
            turns: self
                .turns
                .iter()
                .copied()
                .filter(|t| t.layer != gone)
                .collect(),
            written: self
                .written
                .iter()
                .copied()
                .filter(|&l| l != gone)
                .collect(),
        }
    }
}

impl fmt::Display for MoveSet {
    /// Canonical text: a layer with all three turns is written alone (`R`), others turn by
    /// turn (`R2`); comma-separated, e.g. `R,U,F2`. All 18 face turns read `all`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_all_faces() {
            return f.write_str("all");
        }
        let mut parts = Vec::new();
        for &layer in self.layers() {
            let turns: Vec<&Turn> = self.turns.iter().filter(|t| t.layer == layer).collect();
            if turns.len() == 3 {
                let one = Turn { layer, amount: 1 };
                parts.push(Alg::from_turns([one]).to_string());
            } else {
                parts.extend(turns.iter().map(|t| Alg::from_turns([**t]).to_string()));
            }
        }
        f.write_str(&parts.join(","))
    }
}

impl FromStr for MoveSet {
    type Err = MoveSetError;

    /// Reads `R,U,F`, `R U F`, `RUF`, `⟨R,U⟩`, `<M,U>`, `U,R2,F2`, `all`.
    fn from_str(s: &str) -> Result<MoveSet, MoveSetError> {
        let cleaned: String = s
            .chars()
            .map(|c| match c {
                '⟨' | '⟩' | '<' | '>' | ',' | ';' => ' ',
                c => c,
            })
            .collect();
        if cleaned.trim().eq_ignore_ascii_case("all") {
            return Ok(MoveSet::all_faces());
        }
        let mut turns = Vec::new();
        for token in cleaned.split_whitespace() {
            let alg = Alg::parse(token).map_err(|e| MoveSetError::NotATurn {
                token: token.to_string(),
                reason: e.to_string(),
            })?;
            let every_amount = !token
                .chars()
                .any(|c| c.is_ascii_digit() || "'’′`´".contains(c));
            for t in alg.turns() {
                if matches!(t.layer, Layer::Rotation(_)) {
                    return Err(MoveSetError::Rotation {
                        token: token.to_string(),
                    });
                }
                if every_amount {
                    turns.extend((1..=3).map(|amount| Turn {
                        layer: t.layer,
                        amount,
                    }));
                } else {
                    turns.push(t);
                }
            }
        }
        if turns.is_empty() {
            return Err(MoveSetError::Empty);
        }
        Ok(MoveSet::from_turns(turns))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> MoveSet {
        s.parse().unwrap()
    }

    #[test]
    fn layers_alone_mean_every_amount() {
        let ru = set("R,U");
        assert_eq!(ru.turns().len(), 6);
        assert_eq!(ru.to_string(), "R,U");
        assert_eq!(set("⟨R, U⟩"), ru);
        assert_eq!(set("RU"), ru);
        assert_eq!(set("<U R>"), ru);
        assert_eq!(set("U,R2,F2").turns().len(), 5);
        assert_eq!(set("U,R2,F2").to_string(), "U,R2,F2");
        assert_eq!(set("R U R' R2").to_string(), "R,U");
        assert_eq!(set("all").turns().len(), 18);
        assert!(set("all").is_all_faces());
        assert_eq!(set("all").to_string(), "all");
    }

    #[test]
    fn slices_and_wide_turns() {
        let m = set("M,U");
        assert!(m.moves_centres());
        assert_eq!(m.face_moves(), None);
        assert_eq!(m.to_string(), "M,U");
        assert_eq!(set("R,U,r").to_string(), "R,U,Rw");
        assert_eq!(set("Rw,U"), set("r,U"));
        assert!(set("R,U").face_moves().is_some());
        assert_eq!(set("R,U,F").without_face(Face::U), set("R,F"));
    }

    #[test]
    fn errors_name_the_token() {
        assert_eq!("".parse::<MoveSet>(), Err(MoveSetError::Empty));
        assert!(matches!(
            "R,x".parse::<MoveSet>(),
            Err(MoveSetError::Rotation { .. })
        ));
        assert!(matches!(
            "R,Q".parse::<MoveSet>(),
            Err(MoveSetError::NotATurn { .. })
        ));
    }
}
