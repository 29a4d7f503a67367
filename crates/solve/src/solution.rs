//! Solutions as values: the moves and the named steps that make them up.

use crate::i18n::{localise, lookup, render, Lang};
use rubik_cube::moves::format_moves;
use rubik_cube::{CubieCube, Move};
use serde::Serialize;
use std::fmt;

/// One named stage of a solution ("Phase 1", "Cross", "OLL 27 — Sune", ...).
///
/// Its text comes from the message catalogue ([`crate::i18n`]): `key` names the message and
/// `params` fill its placeholders; `name` and `explanation` are the English rendering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Short name of the step (English).
    pub name: String,
    /// The moves of this step, in outer face turns.
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
    /// One plain-language sentence on what the step achieves (English).
    pub explanation: String,
    /// Catalogue key of the step's message.
    pub key: &'static str,
    /// Parameters of the message (piece names, case numbers, ...).
    #[serde(skip)]
    pub params: Vec<(String, String)>,
    /// The step as a person would perform it, in notation with whole-cube rotations and wide
    /// or slice moves (`y' U R U' R'`, `x R' U R' D2 R U' R' D2 R2 x'`), when the method has
    /// such a form (CFOP). `moves` stays the rotation-free equivalent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human: Option<String>,
}

impl Step {
    /// A step whose text is the catalogue message `key` filled with `params`.
    ///
    /// # Panics
    /// If `key` is not in the catalogue (a programming error, caught by the tests of each method).
    pub fn new(key: &'static str, params: &[(&str, &str)], moves: Vec<Move>) -> Step {
        let params: Vec<(String, String)> = params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let mut step = Step {
            name: String::new(),
            moves,
            explanation: String::new(),
            key,
            params,
            human: None,
        };
        let (name, explanation) = step.text(Lang::En);
        step.name = name;
        step.explanation = explanation;
        step
    }

    /// The step's (name, explanation) in `lang`.
    pub fn text(&self, lang: Lang) -> (String, String) {
        let msg = lookup(self.key)
            .unwrap_or_else(|| panic!("no message {:?} in the catalogue", self.key));
        let (name, explanation) = msg.templates(lang);
        let params: Vec<(String, String)> = self
            .params
            .iter()
            .map(|(k, v)| (k.clone(), localise(v, lang)))
            .collect();
        (render(name, &params), render(explanation, &params))
    }
}

/// A solution: the moves, split into explained steps whose moves concatenate to `moves`
/// (before cancellation across step boundaries, which `moves` already has).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The whole solution in outer face turns.
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Solution {
    /// Length in the half-turn metric.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the solution has no moves (the cube was solved).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Length in the quarter-turn metric.
    pub fn qtm(&self) -> usize {
        self.moves.iter().map(|m| m.qtm()).sum()
    }

    /// The solution as a person would perform it (each step's [`Step::human`] form, one
    /// space apart), when every non-empty step has one: the `--rotations` output.
    pub fn human(&self) -> Option<String> {
        let parts: Option<Vec<&str>> = self
            .steps
            .iter()
            .filter(|s| !s.moves.is_empty() || s.human.as_deref().is_some_and(|h| !h.is_empty()))
            .map(|s| s.human.as_deref())
            .collect();
        parts.map(|p| {
            p.into_iter()
                .filter(|h| !h.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// Whether applying the moves to `cube` solves it.
    pub fn solves(&self, cube: &CubieCube) -> bool {
        cube.apply_moves(&self.moves).is_solved()
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", format_moves(&self.moves))
    }
}

fn serialize_moves<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format_moves(moves))
}
