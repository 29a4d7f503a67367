//! Solutions as values: the moves and the named steps that make them up.

use crate::i18n::{localise, render, Key, Lang};
use rubik_cube::moves::format_moves;
use rubik_cube::{CubieCube, Move};
use serde::Serialize;
use std::fmt;

/// One sentence of an explanation: a catalogue message (its explanation template) and the
/// parameters that fill it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Phrase {
    /// The catalogue message.
    pub key: Key,
    /// Parameters of the message (colours, case names, notation, ...).
    #[serde(skip)]
    pub params: Vec<(String, String)>,
}

impl Phrase {
    /// The message `key` filled with `params`.
    pub fn new(key: Key, params: &[(&str, &str)]) -> Phrase {
        Phrase {
            key,
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        render(
            self.key.message().templates(lang).1,
            &localised(&self.params, lang),
        )
    }
}

fn localised(params: &[(String, String)], lang: Lang) -> Vec<(String, String)> {
    params
        .iter()
        .map(|(k, v)| (k.clone(), localise(v, lang)))
        .collect()
}

/// Sentences joined into one explanation.
fn render_all(phrases: &[Phrase], lang: Lang) -> String {
    phrases
        .iter()
        .map(|p| p.render(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a step's moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// Outer face turns of the cube as it was given (`R U2 F'`): no rotations.
    #[default]
    Outer,
    /// As a person performs it: whole-cube rotations, wide and slice moves
    /// (`y' U R U' R'`, `M2 U M2 U2 M2 U M2`), where the method has such a form.
    Human,
}

/// A step as a person performs it (see [`Form::Human`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HumanStep {
    /// The moves in notation with rotations, wide and slice moves. They start from the way
    /// the cube is held after the previous steps' human forms.
    pub moves: String,
    /// The explanation of these moves, sentence by sentence in the order they are done.
    #[serde(skip)]
    pub says: Vec<Phrase>,
}

/// One named stage of a solution ("Phase 1", "Cross", "OLL 27 — Sune", ...).
///
/// Its text comes from the message catalogue ([`crate::i18n`]): the name is the message `key`
/// filled with `params`, the explanation is the sentences of `says`. `name` and
/// `explanation` are the English rendering (of the outer-turn form).
///
/// A step's own moves do what its text says: applied in order from the state the previous
/// steps left, they reach the state the step names. The solution's moves are the steps'
/// moves with moves that cancel across step boundaries merged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Short name of the step (English).
    pub name: String,
    /// The moves of this step, in outer face turns.
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
    /// What the step's moves achieve, in plain language (English, outer-turn form).
    pub explanation: String,
    /// The catalogue message of the step's name (and, for one-sentence steps, its
    /// explanation).
    pub key: Key,
    /// Parameters of the name (piece names, case numbers, ...).
    #[serde(skip)]
    pub params: Vec<(String, String)>,
    /// The explanation of the outer-turn form, sentence by sentence.
    #[serde(skip)]
    pub says: Vec<Phrase>,
    /// The step as a person would perform it, when the method has such a form (CFOP).
    /// `moves` stays the rotation-free equivalent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human: Option<HumanStep>,
}

impl Step {
    /// A step whose name and explanation are the catalogue message `key` filled with `params`.
    pub fn new(key: Key, params: &[(&str, &str)], moves: Vec<Move>) -> Step {
        let phrase = Phrase::new(key, params);
        Step::with_says(key, params, moves, vec![phrase])
    }

    /// A step named by the message `key` filled with `params`, explained by `says`.
    pub fn with_says(
        key: Key,
        params: &[(&str, &str)],
        moves: Vec<Move>,
        says: Vec<Phrase>,
    ) -> Step {
        let mut step = Step {
            name: String::new(),
            moves,
            explanation: String::new(),
            key,
            params: Phrase::new(key, params).params,
            says,
            human: None,
        };
        let (name, explanation) = step.text(Lang::En);
        step.name = name;
        step.explanation = explanation;
        step
    }

    /// The step's name in `lang`.
    pub fn name_in(&self, lang: Lang) -> String {
        render(
            self.key.message().templates(lang).0,
            &localised(&self.params, lang),
        )
    }

    /// The step's (name, explanation) in `lang`, for the outer-turn form.
    pub fn text(&self, lang: Lang) -> (String, String) {
        (self.name_in(lang), render_all(&self.says, lang))
    }

    /// The step in `form` (the outer-turn form when the step has no human form): its name,
    /// its moves as written, and its explanation, in `lang`.
    pub fn written(&self, form: Form, lang: Lang) -> (String, String, String) {
        match (form, &self.human) {
            (Form::Human, Some(h)) => (
                self.name_in(lang),
                h.moves.clone(),
                render_all(&h.says, lang),
            ),
            _ => {
                let (name, explanation) = self.text(lang);
                (name, format_moves(&self.moves), explanation)
            }
        }
    }
}

/// A solution: the moves, and the explained steps that make them up. The steps' moves in
/// order solve the cube; `moves` is the same sequence with the moves that cancel or combine
/// across step boundaries merged, so it may be shorter.
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

    /// Whether some step has a human form (rotations, wide and slice moves).
    pub fn has_human_form(&self) -> bool {
        self.steps.iter().any(|s| s.human.is_some())
    }

    /// The solution as a person would perform it (each step's [`HumanStep`] moves, one space
    /// apart), when every step with moves has one: the `--rotations` output.
    pub fn human(&self) -> Option<String> {
        let parts: Option<Vec<&str>> = self
            .steps
            .iter()
            .filter(|s| {
                !s.moves.is_empty() || s.human.as_ref().is_some_and(|h| !h.moves.is_empty())
            })
            .map(|s| s.human.as_ref().map(|h| h.moves.as_str()))
            .collect();
        parts.map(|p| {
            p.into_iter()
                .filter(|h| !h.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// The steps' own moves one after the other (before merging across step boundaries).
    pub fn step_moves(&self) -> Vec<Move> {
        self.steps
            .iter()
            .flat_map(|s| s.moves.iter().copied())
            .collect()
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
