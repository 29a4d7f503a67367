//! What the solving service answers: a checked [`Answer`], and its steps' texts as every
//! front end shows them ([`StepText`]).

use crate::i18n::Lang;
use crate::{Form, Method, Solution, Step};
use rubik_cube::moves::format_moves;
use rubik_cube::{Alg, Cube, Move};
use std::time::Duration;

/// Who answered a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// A solving method (to the solved cube, or to a full goal with all face turns).
    Method(Method),
    /// The goal search (a partial goal or a set of turns): shortest within the set.
    GoalSearch,
}

impl Solver {
    /// The name front ends show: the method's, or `goal`.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Method(m) => m.name(),
            Solver::GoalSearch => "goal",
        }
    }
}

/// A solve's answer, checked before it was given: its moves take the cube to the goal, and
/// so do its steps' moves played one after the other.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The cube as it was read (centres where they are).
    pub cube: Cube,
    /// Who answered.
    pub solver: Solver,
    /// The solution: outer face turns, and the explained steps.
    pub solution: Solution,
    /// The solution as made, in the turns of the request's set (slices and wide turns as
    /// such) for the goal search; the outer face turns otherwise.
    pub turns: Alg,
    /// Whether the solution is proven shortest: `None` when the method makes no such claim,
    /// `Some(false)` for an answer given before its proof (its first step says how far the
    /// proof got).
    pub proven_optimal: Option<bool>,
    /// Time the search took (tables already loaded).
    pub elapsed: Duration,
    /// The language of [`Answer::steps`].
    pub lang: Lang,
}

impl Answer {
    /// The state the solution ends in.
    pub fn end(&self) -> Cube {
        self.cube.apply_moves(&self.solution.moves)
    }

    /// The steps' texts in the request's language.
    pub fn steps(&self) -> Vec<StepText> {
        self.steps_in(self.lang)
    }

    /// The steps' texts in `lang`.
    pub fn steps_in(&self, lang: Lang) -> Vec<StepText> {
        self.solution
            .steps
            .iter()
            .map(|s| StepText::of(s, lang))
            .collect()
    }

    /// Milliseconds the search took.
    pub fn millis(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1000.0
    }
}

/// The solutions a method lists for a cube, each checked: every optimal one (the optimal
/// method's `all`), or the first [`Limits::solutions`](crate::Limits::solutions) distinct ones
/// found, in the order found.
#[derive(Clone, Debug)]
pub struct Listing {
    /// The cube as read.
    pub cube: Cube,
    /// The method.
    pub method: Method,
    /// The solutions.
    pub solutions: Vec<Solution>,
    /// Whether the first solution is proven shortest (as [`Answer::proven_optimal`]).
    pub first_proven_optimal: Option<bool>,
    /// Time the search took.
    pub elapsed: Duration,
    /// The language of the solutions' steps.
    pub lang: Lang,
}

impl Listing {
    /// The first solution as an [`Answer`], for a front end that shows one answer beside the
    /// list without searching again; `None` when the list is empty.
    pub fn first_answer(&self) -> Option<Answer> {
        let solution = self.solutions.first()?.clone();
        Some(Answer {
            cube: self.cube,
            solver: Solver::Method(self.method),
            turns: Alg::from_moves(solution.moves.clone()),
            solution,
            proven_optimal: self.first_proven_optimal,
            elapsed: self.elapsed,
            lang: self.lang,
        })
    }
}

/// One step as front ends show it, in one language: its typed moves in both forms and its
/// texts, made in one place so that every front end says the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepText {
    /// Catalogue key (`"cfop.oll"`), the same in every language.
    pub key: &'static str,
    /// The parameters of the name, in English whatever the language.
    pub params: Vec<(String, String)>,
    /// The name.
    pub name: String,
    /// The step's moves in outer face turns.
    pub moves: Vec<Move>,
    /// What the outer-turn moves achieve.
    pub explanation: String,
    /// The step as a person performs it (rotations, wide and slice moves), when the method
    /// has such a form.
    pub human: Option<HumanText>,
}

/// A step's human form in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HumanText {
    /// The moves as written (rotations, wide and slice moves).
    pub moves: String,
    /// Their length in HTM (rotations 0, slices 2): the outer turns' length.
    pub htm: usize,
    /// What they do, sentence by sentence in the order they are done.
    pub explanation: String,
}

impl StepText {
    /// `step`'s texts in `lang`.
    pub fn of(step: &Step, lang: Lang) -> StepText {
        let (name, explanation) = step.text(lang);
        StepText {
            key: step.key.as_str(),
            params: step.params.clone(),
            name,
            moves: step.moves.clone(),
            explanation,
            human: step.human.as_ref().map(|_| {
                let (_, moves, explanation) = step.written(Form::Human, lang);
                HumanText {
                    htm: human_htm(&moves, step.moves.len()),
                    moves,
                    explanation,
                }
            }),
        }
    }

    /// The outer-turn moves as text (`R U2 F'`).
    pub fn moves_text(&self) -> String {
        format_moves(&self.moves)
    }
}

/// The HTM length of a human form's notation: the outer moves' count when the text is
/// not notation (it always is: the methods write it).
fn human_htm(notation: &str, outer: usize) -> usize {
    Alg::parse(notation).map_or(outer, |a| a.htm())
}
