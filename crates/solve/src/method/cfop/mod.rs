//! CFOP, the speedcubers' method: an optimal cross, four F2L pairs, then OLL and PLL by their
//! well-known algorithms, recognised by case and named.
//!
//! F2L is solved as a person does it by default (`--f2l cases`, [`f2l_hand`]): each pair's case
//! is recognised among the 41 standard cases ([`f2l_cases`], a table of algorithms), pieces in
//! a wrong slot are taken out with a three-move trigger, and the case's algorithm is done from
//! the front right or front left, or in a back slot by its ⟨R,U⟩ / ⟨L,U⟩ back form (`R' U' R`
//! for `R U R'`), with a `y` turn only when that is shorter; no B or D turn. `--f2l search`
//! keeps the shortest insertions found by search ([`f2l`]). OLL and PLL are lined up by a U
//! turn, never a rotation.
//!
//! The solver works on the cube as held with the cross face down (a [`pieces::View`]) and
//! writes its moves back as outer face turns of the cube as given, so the output needs no
//! rotations; each step's human form shows the rotations and the algorithms as written. Step
//! texts name the pieces by their WCA colours.

mod cross;
mod f2l;
pub mod f2l_cases;
mod f2l_hand;
pub mod last_layer;
mod pieces;
mod two_look;

use crate::i18n::{message, Key, Message};
use crate::options::{Choice, Choices, OptionDef, OptionKind};
use crate::registry::Registration;
use crate::search::push_merged;
use crate::store::{AnySpec, Store};
use crate::{HumanStep, Limits, Phrase, Solution, SolveError, Solver, SolverConfig, Step};
use f2l::{cheapest_pair, CfopTables, F2lState, SLOTS};
use f2l_cases::{case_book, F2L_CASES};
use f2l_hand::{next_pair, start_holding, PairPlan};
use last_layer::{last_layer, u_turn, OLL_CASES, PLL_CASES};
use pieces::{piece_name, View};
use rubik_cube::moves::format_moves;
use rubik_cube::piece::{CORNER_FACES, EDGE_FACES};
use rubik_cube::{CubieCube, Face, Move};
use std::sync::Arc;

/// Which face the cross goes on (the CLI's `--cross`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossFace {
    /// The cross on this face; the default is D (the yellow cross in the WCA scheme).
    Fixed(Face),
    /// Colour neutral (`--cross any`): the face whose optimal cross is shortest, ties in the
    /// order D U F B R L.
    Any,
}

impl Default for CrossFace {
    fn default() -> Self {
        CrossFace::Fixed(Face::D)
    }
}

/// The method's `--cross` option: where the cross goes.
pub static CROSS: Choices<CrossFace> = Choices {
    def: OptionDef {
        name: "cross",
        help: "The face CFOP builds the cross on, or any for the shortest cross",
        kind: OptionKind::Choice(&[
            Choice {
                name: "d",
                help: "down (the default)",
            },
            Choice {
                name: "u",
                help: "up",
            },
            Choice {
                name: "f",
                help: "front",
            },
            Choice {
                name: "b",
                help: "back",
            },
            Choice {
                name: "r",
                help: "right",
            },
            Choice {
                name: "l",
                help: "left",
            },
            Choice {
                name: "any",
                help: "colour neutral: whichever cross is shortest",
            },
        ]),
    },
    values: &[
        CrossFace::Fixed(Face::D),
        CrossFace::Fixed(Face::U),
        CrossFace::Fixed(Face::F),
        CrossFace::Fixed(Face::B),
        CrossFace::Fixed(Face::R),
        CrossFace::Fixed(Face::L),
        CrossFace::Any,
    ],
};

/// How F2L is solved (the CLI's `--f2l`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum F2lStyle {
    /// As a person does it: each pair's case recognised and solved by its standard algorithm
    /// from the front right or front left (the default).
    #[default]
    Cases,
    /// The shortest insertion of the cheapest pair, found by search (any face turns).
    Search,
}

/// The method's `--f2l` option.
pub static F2L: Choices<F2lStyle> = Choices {
    def: OptionDef {
        name: "f2l",
        help: "How CFOP solves the first two layers",
        kind: OptionKind::Choice(&[
            Choice {
                name: "cases",
                help:
                    "by the 41 standard cases and their algorithms, as a person does (the default)",
            },
            Choice {
                name: "search",
                help: "the shortest insertion found by search (any face turns)",
            },
        ]),
    },
    values: &[F2lStyle::Cases, F2lStyle::Search],
};

/// How many looks the last layer's stages take (the CLI's `--oll`, `--pll`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Looks {
    /// One algorithm for each case of the full set (the default).
    #[default]
    One,
    /// Two smaller steps (beginners' 2-look OLL: 3 + 7 algorithms, 2-look PLL: 2 + 4).
    Two,
}

const LOOK_CHOICES: &[Choice] = &[
    Choice {
        name: "full",
        help: "one look, the full set of algorithms (the default)",
    },
    Choice {
        name: "two-look",
        help: "two looks with fewer algorithms, as beginners learn it",
    },
];

/// The method's `--oll` option.
pub static OLL: Choices<Looks> = Choices {
    def: OptionDef {
        name: "oll",
        help: "CFOP's OLL in one look (57 algorithms) or two (10)",
        kind: OptionKind::Choice(LOOK_CHOICES),
    },
    values: &[Looks::One, Looks::Two],
};

/// The method's `--pll` option.
pub static PLL: Choices<Looks> = Choices {
    def: OptionDef {
        name: "pll",
        help: "CFOP's PLL in one look (21 algorithms) or two (6)",
        kind: OptionKind::Choice(LOOK_CHOICES),
    },
    values: &[Looks::One, Looks::Two],
};

/// CFOP in the registry.
pub(crate) static METHOD: Registration = Registration {
    name: "cfop",
    summary: "CFOP, the speedcubers' method: cross, F2L, OLL, PLL, every step explained",
    options: &[&CROSS.def, &F2L.def, &OLL.def, &PLL.def],
    tables: |_| f2l::table_specs(),
    messages: MESSAGES,
    solver: |config| {
        let options = CfopOptions {
            cross: CROSS.get(&config.options),
            f2l: F2L.get(&config.options),
            oll: OLL.get(&config.options),
            pll: PLL.get(&config.options),
        };
        Ok(Box::new(Cfop::new(config, options)?))
    },
    pace: crate::registry::Pace::Quick,
};

/// CFOP-specific choices (the CLI's `--cross any`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CfopOptions {
    /// Where to build the cross.
    pub cross: CrossFace,
    /// How to solve the first two layers.
    pub f2l: F2lStyle,
    /// OLL in one look or two.
    pub oll: Looks,
    /// PLL in one look or two.
    pub pll: Looks,
}

/// Step texts of the method (English and French). Step names come first; the other messages
/// are sentences that explanations are built from, in the order the moves are made.
pub const MESSAGES: &[Message] = &[
    Message {
        key: "cfop.cross",
        en_name: "Cross — {colour}",
        en_explanation: "Builds the cross on the {face} face, around the {colour} centre: the \
                         {edges} edges go home, each also matching the centre beside it.",
        fr_name: "Croix — {colour}",
        fr_explanation: "Construit la croix sur la face {face}, autour du centre {colour} : les \
                         arêtes {edges} rejoignent leur place, chacune assortie aussi au centre \
                         voisin.",
    },
    Message {
        key: "cfop.f2l",
        en_name: "F2L {n} — case {case}: {corner} corner and {edge} edge",
        en_explanation: "Solves F2L case {case}: pairs the {corner} corner with the {edge} edge \
                         and puts them into their slot, between the {left} and {right} centres.",
        fr_name: "F2L {n} — cas {case} : coin {corner} et arête {edge}",
        fr_explanation: "Résout le cas F2L {case} : associe le coin {corner} à l'arête {edge} \
                         et les place dans leur emplacement, entre les centres {left} et \
                         {right}.",
    },
    Message {
        key: "cfop.f2l_extract",
        en_name: "Take the pieces out",
        en_explanation: "{moves} takes this pair's pieces out of the slot between the {from_left} \
                         and {from_right} centres, where they do not belong, into the top layer.",
        fr_name: "Sortir les pièces",
        fr_explanation: "{moves} sort les pièces de cette paire de l'emplacement entre les \
                         centres {from_left} et {from_right}, qui n'est pas le leur, vers la \
                         couche du haut.",
    },
    Message {
        key: "cfop.f2l_case_top",
        en_name: "F2L case {case}",
        en_explanation: "Case {case} — corner and edge both in the top layer, the corner's {colour} sticker on the {facing} face: {alg} puts the pair into the {slot} slot, \
                         between the {left} and {right} centres; the cross and the pairs already placed stay solved.",
        fr_name: "Cas F2L {case}",
        fr_explanation: "Cas {case} — coin et arête tous deux dans la couche du haut, la facette {colour} du coin sur la face {facing} : {alg} place la paire dans l'emplacement \
                         {slot}, entre les centres {left} et {right} ; la croix et les paires déjà placées restent faites.",
    },
    Message {
        key: "cfop.f2l_case_corner",
        en_name: "F2L case {case}",
        en_explanation: "Case {case} — corner in the slot with its {colour} sticker on the {facing} face, edge in the top layer: {alg} puts the pair into the {slot} slot, \
                         between the {left} and {right} centres; the cross and the pairs already placed stay solved.",
        fr_name: "Cas F2L {case}",
        fr_explanation: "Cas {case} — coin dans l'emplacement avec sa facette {colour} sur la face {facing}, arête dans la couche du haut : {alg} place la paire dans l'emplacement \
                         {slot}, entre les centres {left} et {right} ; la croix et les paires déjà placées restent faites.",
    },
    Message {
        key: "cfop.f2l_case_edge",
        en_name: "F2L case {case}",
        en_explanation: "Case {case} — corner in the top layer with its {colour} sticker on the {facing} face, edge in the slot: {alg} puts the pair into the {slot} slot, \
                         between the {left} and {right} centres; the cross and the pairs already placed stay solved.",
        fr_name: "Cas F2L {case}",
        fr_explanation: "Cas {case} — coin dans la couche du haut avec sa facette {colour} sur la face {facing}, arête dans l'emplacement : {alg} place la paire dans l'emplacement \
                         {slot}, entre les centres {left} et {right} ; la croix et les paires déjà placées restent faites.",
    },
    Message {
        key: "cfop.f2l_case_edge_flipped",
        en_name: "F2L case {case}",
        en_explanation: "Case {case} — corner in the top layer with its {colour} sticker on the {facing} face, edge in the slot, flipped: {alg} puts the pair into the {slot} slot, \
                         between the {left} and {right} centres; the cross and the pairs already placed stay solved.",
        fr_name: "Cas F2L {case}",
        fr_explanation: "Cas {case} — coin dans la couche du haut avec sa facette {colour} sur la face {facing}, arête dans l'emplacement, retournée : {alg} place la paire dans l'emplacement \
                         {slot}, entre les centres {left} et {right} ; la croix et les paires déjà placées restent faites.",
    },
    Message {
        key: "cfop.f2l_case_slot",
        en_name: "F2L case {case}",
        en_explanation: "Case {case} — corner and edge both in the slot, the corner's {colour} sticker on the {facing} face: {alg} puts the pair into the {slot} slot, \
                         between the {left} and {right} centres; the cross and the pairs already placed stay solved.",
        fr_name: "Cas F2L {case}",
        fr_explanation: "Cas {case} — coin et arête tous deux dans l'emplacement, la facette {colour} du coin sur la face {facing} : {alg} place la paire dans l'emplacement \
                         {slot}, entre les centres {left} et {right} ; la croix et les paires déjà placées restent faites.",
    },
    Message {
        key: "cfop.f2l_case_slot_flipped",
        en_name: "F2L case {case}",
        en_explanation: "Case {case} — corner and edge both in the slot, the corner's {colour} sticker on the {facing} face, the edge flipped: {alg} puts the pair into the {slot} slot, \
                         between the {left} and {right} centres; the cross and the pairs already placed stay solved.",
        fr_name: "Cas F2L {case}",
        fr_explanation: "Cas {case} — coin et arête tous deux dans l'emplacement, la facette {colour} du coin sur la face {facing}, l'arête retournée : {alg} place la paire dans l'emplacement \
                         {slot}, entre les centres {left} et {right} ; la croix et les paires déjà placées restent faites.",
    },
    Message {
        key: "cfop.f2l_back",
        en_name: "F2L case {case} at the back",
        en_explanation: "Done at the back, without turning the cube: {back} is case {case}'s \
                         {front} mirrored front to back.",
        fr_name: "Cas F2L {case} à l'arrière",
        fr_explanation: "Fait à l'arrière, sans tourner le cube : {back} est le {front} du cas \
                         {case} en miroir de l'avant vers l'arrière.",
    },
    Message {
        key: "cfop.f2l_search",
        en_name: "F2L {n} — {corner} corner and {edge} edge",
        en_explanation: "Pairs the {corner} corner with the {edge} edge and puts them into \
                         their slot, between the {left} and {right} centres; the cross and the \
                         pairs already placed stay solved.",
        fr_name: "F2L {n} — coin {corner} et arête {edge}",
        fr_explanation: "Associe le coin {corner} à l'arête {edge} et les place dans leur \
                         emplacement, entre les centres {left} et {right} ; la croix et les \
                         paires déjà placées restent faites.",
    },
    Message {
        key: "cfop.f2l_solved",
        en_name: "F2L {n} — {corner} corner and {edge} edge already placed",
        en_explanation: "This pair is already in its slot, between the {left} and {right} \
                         centres: nothing to do.",
        fr_name: "F2L {n} — coin {corner} et arête {edge} déjà placés",
        fr_explanation: "Cette paire est déjà dans son emplacement, entre les centres {left} \
                         et {right} : rien à faire.",
    },
    Message {
        key: "cfop.oll",
        en_name: "OLL {number} — {case}",
        en_explanation: "The {case} algorithm {alg} orients the last layer: the {face} face is \
                         now all {colour}.",
        fr_name: "OLL {number} — {case}",
        fr_explanation: "L'algorithme {case} {alg} oriente la dernière couche : la face {face} \
                         est maintenant d'une seule couleur ({colour}).",
    },
    Message {
        key: "cfop.oll_edges",
        en_name: "OLL, first look — {case}",
        en_explanation: "The {case} algorithm {alg} orients the last layer's edges: the {face} \
                         face shows a {colour} cross.",
        fr_name: "OLL, premier regard — {case}",
        fr_explanation: "L'algorithme {case} {alg} oriente les arêtes de la dernière couche : \
                         la face {face} montre une croix {colour}.",
    },
    Message {
        key: "cfop.pll_corners",
        en_name: "PLL, first look — {case}",
        en_explanation: "The {case} algorithm {alg} puts the last layer's corners in place \
                         relative to each other.",
        fr_name: "PLL, premier regard — {case}",
        fr_explanation: "L'algorithme {case} {alg} place les coins de la dernière couche les \
                         uns par rapport aux autres.",
    },
    Message {
        key: "cfop.oll_skip",
        en_name: "OLL skip",
        en_explanation: "The last layer is already oriented: the {face} face is all {colour}.",
        fr_name: "OLL sautée",
        fr_explanation: "La dernière couche est déjà orientée : la face {face} est d'une seule \
                         couleur ({colour}).",
    },
    Message {
        key: "cfop.pll",
        en_name: "PLL — {case}",
        en_explanation: "The {case} algorithm {alg} puts the last layer's pieces in place: the \
                         cube is solved.",
        fr_name: "PLL — {case}",
        fr_explanation: "L'algorithme {case} {alg} met les pièces de la dernière couche en \
                         place : le cube est résolu.",
    },
    Message {
        key: "cfop.pll_auf",
        en_name: "PLL — {case}",
        en_explanation: "The {case} algorithm {alg} puts the last layer's pieces in order; \
                         {auf} then turns the {face} face home: the cube is solved.",
        fr_name: "PLL — {case}",
        fr_explanation: "L'algorithme {case} {alg} remet les pièces de la dernière couche dans \
                         l'ordre ; {auf} tourne ensuite la face {face} à sa place : le cube est \
                         résolu.",
    },
    Message {
        key: "cfop.pll_skip",
        en_name: "PLL skip",
        en_explanation: "The last layer is already in place: the cube is solved.",
        fr_name: "PLL sautée",
        fr_explanation: "La dernière couche est déjà en place : le cube est résolu.",
    },
    Message {
        key: "cfop.pll_skip_auf",
        en_name: "PLL skip",
        en_explanation: "The last layer's pieces are already in order: {auf} turns the {face} \
                         face home and the cube is solved.",
        fr_name: "PLL sautée",
        fr_explanation: "Les pièces de la dernière couche sont déjà dans l'ordre : {auf} tourne \
                         la face {face} à sa place et le cube est résolu.",
    },
    Message {
        key: "cfop.hold",
        en_name: "Turn the cube",
        en_explanation: "{rotation}: turn the whole cube so that the {front} centre faces you \
                         and the {up} centre is on top.",
        fr_name: "Tourner le cube",
        fr_explanation: "{rotation} : tournez tout le cube pour que le centre {front} soit face \
                         à vous et le centre {up} en haut.",
    },
    Message {
        key: "cfop.auf",
        en_name: "Line the case up",
        en_explanation: "{auf} turns the {face} face to line the case up.",
        fr_name: "Présenter le cas",
        fr_explanation: "{auf} tourne la face {face} pour présenter le cas.",
    },
];

/// The CFOP solver. Cheap to clone; its tables are shared.
#[derive(Clone)]
pub struct Cfop {
    options: CfopOptions,
    tables: Arc<CfopTables>,
}

impl Cfop {
    /// A solver with these options (e.g. a colour-neutral cross) whose tables come from the
    /// store of `config` (three files, about 16 MB; built in about a second when missing).
    pub fn new(config: &SolverConfig, options: CfopOptions) -> Result<Cfop, SolveError> {
        Ok(Cfop {
            options,
            tables: CfopTables::shared(&Store::new(config))?,
        })
    }

    /// The table files of the method, for `rubik tables`.
    pub fn table_specs() -> Vec<&'static dyn AnySpec> {
        f2l::table_specs()
    }

    /// An optimal cross on D for `cube` (physical moves): the first step alone, for
    /// benchmarks and comparisons.
    pub fn cross_only(&self, cube: &CubieCube) -> Vec<Move> {
        cross::solve_cross(&self.tables.cross, cube)
    }

    /// The views to try for the cross.
    fn views(&self) -> Vec<View> {
        match self.options.cross {
            CrossFace::Fixed(face) => vec![View::with_down(face)],
            CrossFace::Any => [Face::D, Face::U, Face::F, Face::B, Face::R, Face::L]
                .map(View::with_down)
                .to_vec(),
        }
    }
}

/// Builds a solution step by step. Each step keeps its own moves (so it does what its text
/// says); the solution's moves are merged across step boundaries.
struct Builder {
    /// How the solver holds the cube (cross face down).
    view: View,
    /// The cube as seen in `view`.
    cube: CubieCube,
    /// The physical moves so far, merged.
    moves: Vec<Move>,
    steps: Vec<Step>,
    /// How many `y'` turns the person holding the cube has made since the cross.
    holding: usize,
}

/// The rotation that puts the physical face `down` at the bottom.
fn cross_rotation(down: Face) -> &'static str {
    match down {
        Face::U => "x2",
        Face::F => "x'",
        Face::B => "x",
        Face::R => "z",
        Face::L => "z'",
        Face::D => "",
    }
}

/// The rotation from holding `from` to holding `to` (counted in `y'` turns).
fn y_rotation(from: usize, to: usize) -> &'static str {
    ["", "y'", "y2", "y"][(to + 4 - from) % 4]
}

/// Joins notation parts, skipping empty ones.
fn notation(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parameters as the borrowed pairs [`Phrase::new`] takes.
fn borrowed<'a>(params: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    params.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// A phrase from owned parameters.
fn phrase(key: Key, params: &[(&'static str, String)]) -> Phrase {
    Phrase::new(key, &borrowed(params))
}

impl Builder {
    /// The sentence saying how to turn the whole cube to hold it `y'`-turned `to` times
    /// (from the current holding), with the rotation's notation; none when it is held so.
    fn hold(&self, rotation: &str, to: usize) -> Option<Phrase> {
        if rotation.is_empty() {
            return None;
        }
        let front = self.view.colour(View::y_turns(to).physical(Face::F));
        let up = self.view.colour(Face::U);
        Some(phrase(
            message!(MESSAGES, "cfop.hold"),
            &[
                ("rotation", rotation.to_string()),
                ("front", front.to_string()),
                ("up", up.to_string()),
            ],
        ))
    }

    /// The physical move of `m`, a move of the cube held `y'`-turned `holding` times.
    fn physical(&self, holding: usize, m: Move) -> Move {
        self.view
            .physical_move(View::y_turns(holding).physical_move(m))
    }

    /// Adds a step: `moves` are in the view's frame; `says` explains the outer-turn form,
    /// `human` is the step as a person does it.
    fn step(
        &mut self,
        key: Key,
        params: &[(&'static str, String)],
        moves: &[Move],
        says: Vec<Phrase>,
        human: HumanStep,
    ) {
        self.cube = self.cube.apply_moves(moves);
        let physical: Vec<Move> = moves.iter().map(|&m| self.view.physical_move(m)).collect();
        for &m in &physical {
            push_merged(&mut self.moves, m);
        }
        let mut step = Step::with_says(key, &borrowed(params), physical, says);
        step.human = Some(human);
        self.steps.push(step);
    }

    /// The length the solution would have after appending `moves` (physical).
    fn merged_len(&self, moves: &[Move]) -> usize {
        let keep = self.moves.len().min(4);
        let mut tail = self.moves[self.moves.len() - keep..].to_vec();
        for &m in moves {
            push_merged(&mut tail, m);
        }
        self.moves.len() - keep + tail.len()
    }

    fn finish(self) -> Solution {
        Solution {
            moves: self.moves,
            steps: self.steps,
        }
    }
}

/// What a last-layer step does, read off the cube held some way: a U turn before the
/// algorithm, which algorithm (index into [`last_layer::LastLayer::oll`] or `pll`: the case's
/// main algorithm or one for another angle), and a U turn after it.
#[derive(Clone, Copy, Debug)]
struct LastLayerPlan {
    before: usize,
    case: usize,
    after: usize,
}

/// A last-layer plan with the holding it is done in.
struct LastLayerChoice {
    holding: usize,
    plan: LastLayerPlan,
}

/// OLL or PLL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LastLayerStage {
    Oll,
    Pll,
}

impl Cfop {
    fn solve_in_view(&self, view: View, seen: CubieCube, cross: Vec<Move>) -> Solution {
        let mut b = Builder {
            view,
            cube: seen,
            moves: Vec::new(),
            steps: Vec::new(),
            holding: 0,
        };
        let down = view.colour(Face::D).to_string();
        let edges = [Face::F, Face::R, Face::B, Face::L]
            .map(|f| piece_name(&view, &[Face::D, f]))
            .join(", ");
        let rotation = cross_rotation(view.physical(Face::D));
        let cross_params = |face: Face| {
            vec![
                ("colour", down.clone()),
                ("face", face.letter().to_string()),
                ("edges", edges.clone()),
            ]
        };
        let outer = vec![phrase(
            message!(MESSAGES, "cfop.cross"),
            &cross_params(view.physical(Face::D)),
        )];
        // As a cuber does in inspection: hold the cube, cross face down, with the side in
        // front from which the first pair goes in without a rotation (by hand, F2L by cases).
        let start = if self.options.f2l == F2lStyle::Cases {
            let after = seen.apply_moves(&cross);
            let state = F2lState::of(&after);
            let solved = [0, 1, 2, 3].map(|k| state.pair_solved(k));
            start_holding(&after, solved).unwrap_or(0)
        } else {
            0
        };
        let turn = y_rotation(0, start);
        let hold = notation(&[rotation, turn]);
        let mut says: Vec<Phrase> = b.hold(&hold, start).into_iter().collect();
        says.push(phrase(
            message!(MESSAGES, "cfop.cross"),
            &cross_params(Face::D),
        ));
        let as_held: Vec<Move> = cross.iter().map(|&m| Builder::seen_as(start, m)).collect();
        let human = HumanStep {
            moves: notation(&[&hold, &format_moves(&as_held)]),
            says,
        };
        b.step(
            message!(MESSAGES, "cfop.cross"),
            &[("colour", down.clone())],
            &cross,
            outer,
            human,
        );
        b.holding = start;

        let mut announced = [false; 4];
        let mut n = 0;
        loop {
            let state = F2lState::of(&b.cube);
            let solved = [0, 1, 2, 3].map(|k| state.pair_solved(k));
            for k in 0..4 {
                if solved[k] && !announced[k] {
                    announced[k] = true;
                    n += 1;
                    let params = pair_params(&view, n, k);
                    let says = vec![phrase(message!(MESSAGES, "cfop.f2l_solved"), &params)];
                    let human = HumanStep {
                        moves: String::new(),
                        says: says.clone(),
                    };
                    b.step(
                        message!(MESSAGES, "cfop.f2l_solved"),
                        &params,
                        &[],
                        says,
                        human,
                    );
                }
            }
            if self.options.f2l == F2lStyle::Cases {
                let Some(plan) = next_pair(&b.cube, solved, b.holding) else {
                    break;
                };
                announced[plan.slot] = true;
                n += 1;
                hand_pair_step(&mut b, n, &plan);
                continue;
            }
            let Some((k, moves)) = cheapest_pair(&self.tables, &b.cube, solved) else {
                break;
            };
            announced[k] = true;
            n += 1;
            // As a person does it: turn the cube so the slot is at the front right.
            let turned = View::y_turns(k);
            let as_seen: Vec<Move> = moves
                .iter()
                .filter_map(|m| Move::new(turned.name(m.face()), i32::from(m.turns())))
                .collect();
            let rotation = y_rotation(b.holding, k);
            let params = pair_params(&view, n, k);
            let mut says: Vec<Phrase> = b.hold(rotation, k).into_iter().collect();
            says.push(phrase(message!(MESSAGES, "cfop.f2l_search"), &params));
            let human = HumanStep {
                moves: notation(&[rotation, &format_moves(&as_seen)]),
                says,
            };
            b.holding = k;
            b.step(
                message!(MESSAGES, "cfop.f2l_search"),
                &params,
                &moves,
                vec![phrase(message!(MESSAGES, "cfop.f2l_search"), &params)],
                human,
            );
        }

        let ll = last_layer();
        if self.options.oll == Looks::Two {
            first_look_step(&mut b, 0);
        }
        let oll = self.best_last_layer(&b, LastLayerStage::Oll, |seen| {
            let p = ll.plan_oll(seen, self.options.oll == Looks::One)?;
            Some(LastLayerPlan {
                before: p.before,
                case: p.variant,
                after: 0,
            })
        });
        match oll {
            None => {
                let params = self.top_params(&b, Face::U);
                let says = vec![phrase(message!(MESSAGES, "cfop.oll_skip"), &params)];
                let human = HumanStep {
                    moves: String::new(),
                    says: says.clone(),
                };
                b.step(message!(MESSAGES, "cfop.oll_skip"), &[], &[], says, human);
            }
            Some(choice) => self.last_layer_step(&mut b, LastLayerStage::Oll, &choice),
        }
        if self.options.pll == Looks::Two {
            first_look_step(&mut b, 1);
        }
        let pll = self.best_last_layer(&b, LastLayerStage::Pll, |seen| {
            let p = ll.plan_pll(seen, self.options.pll == Looks::One)?;
            Some(LastLayerPlan {
                before: p.before,
                case: p.variant,
                after: p.after,
            })
        });
        match pll {
            None => {
                let auf = (0..4)
                    .find(|&a| {
                        u_turn(a)
                            .map_or(b.cube, |m| b.cube.apply_move(m))
                            .is_solved()
                    })
                    .unwrap_or(0);
                let moves: Vec<Move> = u_turn(auf).into_iter().collect();
                let (outer, says) = match u_turn(auf) {
                    None => (
                        vec![Phrase::new(message!(MESSAGES, "cfop.pll_skip"), &[])],
                        vec![Phrase::new(message!(MESSAGES, "cfop.pll_skip"), &[])],
                    ),
                    Some(m) => {
                        let physical = b.physical(0, m);
                        let holding = b.holding;
                        let as_held = Builder::seen_as(holding, m);
                        (
                            vec![phrase(
                                message!(MESSAGES, "cfop.pll_skip_auf"),
                                &[
                                    ("auf", physical.to_string()),
                                    ("face", physical.face().letter().to_string()),
                                ],
                            )],
                            vec![phrase(
                                message!(MESSAGES, "cfop.pll_skip_auf"),
                                &[
                                    ("auf", as_held.to_string()),
                                    ("face", as_held.face().letter().to_string()),
                                ],
                            )],
                        )
                    }
                };
                let human = HumanStep {
                    moves: moves
                        .iter()
                        .map(|&m| Builder::seen_as(b.holding, m).to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                    says,
                };
                b.step(
                    message!(MESSAGES, "cfop.pll_skip"),
                    &[],
                    &moves,
                    outer,
                    human,
                );
            }
            Some(choice) => self.last_layer_step(&mut b, LastLayerStage::Pll, &choice),
        }
        b.finish()
    }

    /// The parameters naming the top (last-layer) face: its letter as `face` (`name` as the
    /// cube is held) and its colour.
    fn top_params(&self, b: &Builder, name: Face) -> Vec<(&'static str, String)> {
        vec![
            ("face", name.letter().to_string()),
            ("colour", b.view.colour(Face::U).to_string()),
        ]
    }

    /// Adds the OLL or PLL step of `choice`, in both forms.
    fn last_layer_step(&self, b: &mut Builder, stage: LastLayerStage, choice: &LastLayerChoice) {
        let ll = last_layer();
        let LastLayerPlan {
            before,
            case,
            after,
        } = choice.plan;
        let holding = choice.holding;
        let variant = match stage {
            LastLayerStage::Oll => &ll.oll[case],
            LastLayerStage::Pll => &ll.pll[case],
        };
        let (alg_text, alg_moves) = (variant.text, &variant.moves);
        // In the frame of the cube held `holding` times y'-turned.
        let mut held: Vec<Move> = u_turn(before).into_iter().collect();
        held.extend_from_slice(alg_moves);
        held.extend(u_turn(after));
        let in_view: Vec<Move> = held
            .iter()
            .map(|&m| View::y_turns(holding).physical_move(m))
            .collect();
        let physical_alg: Vec<Move> = alg_moves.iter().map(|&m| b.physical(holding, m)).collect();
        let rotation = y_rotation(b.holding, holding);
        let (key, name_params) = match stage {
            LastLayerStage::Oll => {
                let c = &OLL_CASES[variant.case];
                (
                    message!(MESSAGES, "cfop.oll"),
                    vec![
                        ("number", c.number.to_string()),
                        ("case", c.name.to_string()),
                    ],
                )
            }
            LastLayerStage::Pll => (
                message!(MESSAGES, "cfop.pll"),
                vec![("case", PLL_CASES[variant.case].name.to_string())],
            ),
        };
        let case_name = name_params
            .last()
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        // The sentences of one form: `face` names the last-layer face, `turn` writes a U turn
        // of the held cube, `alg` is the algorithm as shown.
        let sentences = |face: Face, turn: &dyn Fn(Move) -> Move, alg: &str| -> Vec<Phrase> {
            let mut says = Vec::new();
            if let Some(m) = u_turn(before) {
                says.push(phrase(
                    message!(MESSAGES, "cfop.auf"),
                    &[
                        ("auf", turn(m).to_string()),
                        ("face", face.letter().to_string()),
                    ],
                ));
            }
            let mut main = vec![("case", case_name.clone()), ("alg", alg.to_string())];
            let main_key = match (stage, u_turn(after)) {
                (LastLayerStage::Oll, _) => {
                    main.extend(self.top_params(b, face));
                    message!(MESSAGES, "cfop.oll")
                }
                (LastLayerStage::Pll, None) => message!(MESSAGES, "cfop.pll"),
                (LastLayerStage::Pll, Some(m)) => {
                    main.push(("auf", turn(m).to_string()));
                    main.push(("face", face.letter().to_string()));
                    message!(MESSAGES, "cfop.pll_auf")
                }
            };
            says.push(phrase(main_key, &main));
            says
        };
        let outer = sentences(
            b.view.physical(Face::U),
            &|m| b.physical(holding, m),
            &format_moves(&physical_alg),
        );
        let mut says: Vec<Phrase> = b.hold(rotation, holding).into_iter().collect();
        says.extend(sentences(Face::U, &|m| m, alg_text));
        let human = HumanStep {
            moves: notation(&[
                rotation,
                &format_moves(&u_turn(before).into_iter().collect::<Vec<_>>()),
                alg_text,
                &format_moves(&u_turn(after).into_iter().collect::<Vec<_>>()),
            ]),
            says,
        };
        b.holding = holding;
        b.step(key, &name_params, &in_view, outer, human);
    }

    /// Recognises a last-layer case as the cube is held, lined up by a U turn (AUF). `plan` reads the case off the cube as held; `None`
    /// when there is nothing to do.
    fn best_last_layer(
        &self,
        b: &Builder,
        stage: LastLayerStage,
        plan: impl Fn(&CubieCube) -> Option<LastLayerPlan>,
    ) -> Option<LastLayerChoice> {
        let ll = last_layer();
        let mut best: Option<(usize, LastLayerChoice)> = None;
        // A U turn lines the case up (AUF), never a whole-cube rotation: only the current
        // holding is tried.
        for holding in [b.holding] {
            let turned = View::y_turns(holding);
            let Some(p) = plan(&turned.apply(&b.cube)) else {
                continue;
            };
            let alg = match stage {
                LastLayerStage::Oll => &ll.oll[p.case].moves,
                LastLayerStage::Pll => &ll.pll[p.case].moves,
            };
            let mut held: Vec<Move> = u_turn(p.before).into_iter().collect();
            held.extend_from_slice(alg);
            held.extend(u_turn(p.after));
            let moves: Vec<Move> = held.iter().map(|&m| b.physical(holding, m)).collect();
            let len = b.merged_len(&moves);
            if best.as_ref().is_none_or(|(l, _)| len < *l) {
                best = Some((len, LastLayerChoice { holding, plan: p }));
            }
        }
        best.map(|(_, choice)| choice)
    }
}

impl Builder {
    /// A move of the view's frame as the person holding the cube `y'`-turned `holding` times
    /// names it (U and D turns keep their names).
    fn seen_as(holding: usize, m: Move) -> Move {
        let turned = View::y_turns(holding);
        Move::new(turned.name(m.face()), i32::from(m.turns())).unwrap_or(m)
    }
}

/// The letters of the faces a slot sits between, front/back first (`FR`).
fn slot_letters(faces: [Face; 2]) -> String {
    faces.iter().map(|f| f.letter()).collect()
}

/// Adds the F2L step of `plan` (the `n`-th pair), in both forms: as held (the rotation, the
/// triggers, the U turn and the case's algorithm as the table writes them) and in outer turns.
fn hand_pair_step(b: &mut Builder, n: usize, plan: &PairPlan) {
    let book = case_book();
    let view = b.view;
    let h = plan.holding;
    let held_view = View::y_turns(h);
    let alg = &book.algs[plan.side.slot()][plan.case];
    let number = F2L_CASES[plan.case].number.to_string();
    let mut params = pair_params(&view, n, plan.slot);
    params.insert(1, ("case", number.clone()));
    let rotation = y_rotation(b.holding, h);
    // The case as it is done: after the extractions and the U turn, as held.
    let triggers = plan.extraction_triggers();
    let mut held = held_view.apply(&b.cube);
    for t in &triggers {
        held = held.apply_moves(&t.moves);
    }
    if let Some(m) = u_turn(plan.auf) {
        held = held.apply_move(m);
    }
    let shape = f2l_cases::shape(&held, plan.side);
    let case_key = match (shape.corner_in_slot, shape.edge_in_slot, shape.edge_flipped) {
        (false, false, _) => message!(MESSAGES, "cfop.f2l_case_top"),
        (true, false, _) => message!(MESSAGES, "cfop.f2l_case_corner"),
        (false, true, false) => message!(MESSAGES, "cfop.f2l_case_edge"),
        (false, true, true) => message!(MESSAGES, "cfop.f2l_case_edge_flipped"),
        (true, true, false) => message!(MESSAGES, "cfop.f2l_case_slot"),
        (true, true, true) => message!(MESSAGES, "cfop.f2l_case_slot_flipped"),
    };
    let slot = &SLOTS[plan.slot];
    let colours = [
        ("left", view.colour(slot.faces[0]).to_string()),
        ("right", view.colour(slot.faces[1]).to_string()),
    ];
    // The U turn and the algorithm, merged where they meet (`U' R U R'`, not `U2 U R U R'`).
    let insert_held: Vec<Move> = alg.after_u_turn(plan.auf);
    let insert_text = alg.text_after_u_turn(plan.auf);
    let to_view = |m: Move| held_view.physical_move(m);
    let to_physical = |m: Move| view.physical_move(held_view.physical_move(m));
    // One form's sentences: `letter` names a face as held in that form, `moves` writes moves.
    let sentences = |letter: &dyn Fn(Face) -> Face,
                     write: &dyn Fn(&[Move], Option<&str>) -> String| {
        let mut says = Vec::new();
        for (&(at, _), t) in plan.extractions.iter().zip(&triggers) {
            let j = (0..4)
                .find(|&j| f2l_hand::position_as_held(h, j) == at)
                .unwrap_or(at);
            says.push(phrase(
                message!(MESSAGES, "cfop.f2l_extract"),
                &[
                    ("moves", write(&t.moves, Some(t.text))),
                    ("from_left", view.colour(SLOTS[j].faces[0]).to_string()),
                    ("from_right", view.colour(SLOTS[j].faces[1]).to_string()),
                ],
            ));
        }
        let side_faces = SLOTS[plan.side.slot()].faces;
        let mut case_params = vec![
            ("case", number.clone()),
            ("colour", view.colour(Face::D).to_string()),
            ("facing", letter(shape.sticker).letter().to_string()),
            ("slot", slot_letters(side_faces.map(letter))),
            ("alg", write(&insert_held, Some(&insert_text))),
        ];
        case_params.extend(colours.iter().cloned());
        says.push(phrase(case_key, &case_params));
        says
    };
    let held_letter = |f: Face| f;
    let physical_letter = |f: Face| view.physical(held_view.physical(f));
    let held_write = |_: &[Move], text: Option<&str>| text.unwrap_or("").to_string();
    let physical_write = |moves: &[Move], _: Option<&str>| {
        format_moves(&moves.iter().map(|&m| to_physical(m)).collect::<Vec<_>>())
    };
    let outer = sentences(&physical_letter, &physical_write);
    let mut says: Vec<Phrase> = b.hold(rotation, h).into_iter().collect();
    says.extend(sentences(&held_letter, &held_write));
    if let Some(front) = plan.side.front_of_back() {
        says.push(phrase(
            message!(MESSAGES, "cfop.f2l_back"),
            &[
                ("case", number.clone()),
                ("back", alg.text.clone()),
                ("front", book.algs[front.slot()][plan.case].text.clone()),
            ],
        ));
    }
    let trigger_texts: Vec<&str> = triggers.iter().map(|t| t.text).collect();
    let mut parts: Vec<&str> = vec![rotation];
    parts.extend(trigger_texts.iter().copied());
    parts.push(&insert_text);
    let human = HumanStep {
        moves: notation(&parts),
        says,
    };
    let moves: Vec<Move> = plan.held_moves().into_iter().map(to_view).collect();
    b.holding = h;
    b.step(
        message!(MESSAGES, "cfop.f2l"),
        &params,
        &moves,
        outer,
        human,
    );
}

/// Adds the first look of OLL (`stage` 0: the edges) or PLL (1: the corners) when it has
/// something to do, in both forms.
fn first_look_step(b: &mut Builder, stage: usize) {
    let h = b.holding;
    let held_view = View::y_turns(h);
    let Some((before, name, alg_text, alg)) =
        two_look::first_look(&held_view.apply(&b.cube), stage)
    else {
        return;
    };
    let key = if stage == 0 {
        message!(MESSAGES, "cfop.oll_edges")
    } else {
        message!(MESSAGES, "cfop.pll_corners")
    };
    let top = b.view.colour(Face::U).to_string();
    let sentences = |face: Face, auf: Option<String>, alg: String| -> Vec<Phrase> {
        let mut says = Vec::new();
        if let Some(auf) = auf {
            says.push(phrase(
                message!(MESSAGES, "cfop.auf"),
                &[("auf", auf), ("face", face.letter().to_string())],
            ));
        }
        says.push(phrase(
            key,
            &[
                ("case", name.to_string()),
                ("alg", alg),
                ("face", face.letter().to_string()),
                ("colour", top.clone()),
            ],
        ));
        says
    };
    let physical = |m: Move| b.physical(h, m);
    let outer = sentences(
        b.view.physical(Face::U),
        u_turn(before).map(|m| physical(m).to_string()),
        format_moves(&alg.iter().map(|&m| physical(m)).collect::<Vec<_>>()),
    );
    let says = sentences(
        Face::U,
        u_turn(before).map(|m| m.to_string()),
        alg_text.to_string(),
    );
    let auf_text = u_turn(before).map(|m| m.to_string()).unwrap_or_default();
    let human = HumanStep {
        moves: notation(&[&auf_text, alg_text]),
        says,
    };
    let moves: Vec<Move> = u_turn(before)
        .into_iter()
        .chain(alg.iter().copied())
        .map(|m| held_view.physical_move(m))
        .collect();
    b.step(key, &[("case", name.to_string())], &moves, outer, human);
}

fn pair_params(view: &View, n: usize, k: usize) -> Vec<(&'static str, String)> {
    let slot = &SLOTS[k];
    vec![
        ("n", n.to_string()),
        ("corner", piece_name(view, &CORNER_FACES[slot.corner])),
        ("edge", piece_name(view, &EDGE_FACES[slot.edge])),
        ("left", view.colour(slot.faces[0]).to_string()),
        ("right", view.colour(slot.faces[1]).to_string()),
    ]
}

impl Solver for Cfop {
    fn name(&self) -> &'static str {
        "cfop"
    }

    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError> {
        cube.check()?;
        let (view, seen, cross) = self
            .views()
            .into_iter()
            .map(|view| {
                let seen = view.apply(cube);
                let cross = cross::solve_cross(&self.tables.cross, &seen);
                (view, seen, cross)
            })
            .min_by_key(|(_, _, cross)| cross.len())
            .expect("at least one view");
        let solution = self.solve_in_view(view, seen, cross);
        if !solution.solves(cube) {
            return Err(SolveError::Unavailable(
                "cfop (internal error: unsolved result)",
            ));
        }
        if let Some(max_length) = limits.max_length {
            if solution.len() > max_length {
                return Err(SolveError::NoSolution {
                    max_length,
                    timed_out: false,
                    lower_bound: None,
                });
            }
        }
        Ok(solution)
    }
}

#[cfg(test)]
mod tests;
