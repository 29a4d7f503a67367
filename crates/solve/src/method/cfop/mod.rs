//! CFOP, the speedcubers' method: an optimal cross, four F2L pairs found by search (cheapest
//! first, never breaking a solved pair), then OLL and PLL by their well-known algorithms,
//! recognised by case and named.
//!
//! The solver works on the cube as held with the cross face down (a [`pieces::View`]) and
//! writes its moves back as outer face turns of the cube as given, so the output needs no
//! rotations. Step texts name the pieces by their WCA colours.

mod cross;
mod f2l;
pub mod last_layer;
mod pieces;

use crate::i18n::{Message, Word};
use crate::search::push_merged;
use crate::store::{AnySpec, Store};
use crate::{Limits, Solution, SolveError, Solver, SolverConfig, Step};
use f2l::{cheapest_pair, CfopTables, F2lState, SLOTS};
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

/// CFOP-specific choices (the CLI's `--cross any`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CfopOptions {
    /// Where to build the cross.
    pub cross: CrossFace,
}

/// Step texts of the method (English and French).
pub const MESSAGES: &[Message] = &[
    Message {
        key: "cfop.cross",
        en_name: "Cross — {edges} edges ({count|move|moves})",
        en_explanation: "Builds the cross on the bottom, around the {colour} centre: its four \
                         edges go home, each matching its side centre.",
        fr_name: "Croix — arêtes {edges} ({count|mouvement|mouvements})",
        fr_explanation: "Construit la croix en bas, autour du centre {colour} : ses quatre \
                         arêtes rejoignent ce centre, chacune en face de son centre latéral.",
    },
    Message {
        key: "cfop.f2l",
        en_name: "F2L {n} — {corner} corner with {edge} edge into the {slot} slot",
        en_explanation: "Pairs the {corner} corner with the {edge} edge and inserts them into \
                         the {slot} slot, keeping the cross and the pairs already solved \
                         ({count|move|moves}).",
        fr_name: "F2L {n} — coin {corner} et arête {edge} dans l'emplacement {slot}",
        fr_explanation: "Associe le coin {corner} à l'arête {edge} et les insère dans \
                         l'emplacement {slot}, sans défaire la croix ni les paires déjà faites \
                         ({count|mouvement|mouvements}).",
    },
    Message {
        key: "cfop.f2l_solved",
        en_name: "F2L {n} — {corner} corner and {edge} edge already in the {slot} slot",
        en_explanation: "This pair is already solved: nothing to do.",
        fr_name: "F2L {n} — coin {corner} et arête {edge} déjà dans l'emplacement {slot}",
        fr_explanation: "Cette paire est déjà en place : rien à faire.",
    },
    Message {
        key: "cfop.oll",
        en_name: "OLL {number} — {case}",
        en_explanation: "Orients the last layer with the {case} algorithm {alg}: the top face \
                         is now all {colour} ({count|move|moves}).",
        fr_name: "OLL {number} — {case}",
        fr_explanation: "Oriente la dernière couche avec l'algorithme {case} {alg} : la face du \
                         haut est maintenant d'une seule couleur ({colour}) ({count|mouvement|mouvements}).",
    },
    Message {
        key: "cfop.oll_skip",
        en_name: "OLL skip",
        en_explanation: "The last layer is already oriented.",
        fr_name: "OLL sautée",
        fr_explanation: "La dernière couche est déjà orientée.",
    },
    Message {
        key: "cfop.pll",
        en_name: "PLL — {case}",
        en_explanation: "Permutes the last layer with the {case} algorithm {alg}, then turns U \
                         into place ({count|move|moves}).",
        fr_name: "PLL — {case}",
        fr_explanation: "Permute la dernière couche avec l'algorithme {case} {alg}, puis tourne \
                         U à sa place ({count|mouvement|mouvements}).",
    },
    Message {
        key: "cfop.pll_skip",
        en_name: "PLL skip",
        en_explanation: "The last layer is already permuted; at most a final U turn is needed \
                         ({count|move|moves}).",
        fr_name: "PLL sautée",
        fr_explanation: "La dernière couche est déjà permutée ; il suffit au plus d'un dernier \
                         tour de U ({count|mouvement|mouvements}).",
    },
];

/// The words CFOP puts in its step parameters: colours and slot sides.
pub const WORDS: &[Word] = &[
    Word {
        en: "white",
        fr: "blanc",
    },
    Word {
        en: "yellow",
        fr: "jaune",
    },
    Word {
        en: "red",
        fr: "rouge",
    },
    Word {
        en: "orange",
        fr: "orange",
    },
    Word {
        en: "green",
        fr: "vert",
    },
    Word {
        en: "blue",
        fr: "bleu",
    },
    Word {
        en: "front",
        fr: "avant",
    },
    Word {
        en: "back",
        fr: "arrière",
    },
    Word {
        en: "right",
        fr: "droit",
    },
    Word {
        en: "left",
        fr: "gauche",
    },
];

/// Names of the slots in [`SLOTS`] order.
const SLOT_NAMES: [&str; 4] = ["front-right", "front-left", "back-left", "back-right"];

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

/// A recorded step: where its moves end, its message key, its parameters and its human form.
type StepRecord = (
    usize,
    &'static str,
    Vec<(&'static str, String)>,
    Option<String>,
);

/// Builds a solution step by step, merging moves across step boundaries.
struct Builder {
    /// How the solver holds the cube (cross face down).
    view: View,
    /// The cube as seen in `view`.
    cube: CubieCube,
    /// The physical moves so far, merged.
    moves: Vec<Move>,
    steps: Vec<StepRecord>,
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

impl Builder {
    /// Adds a step: `moves` are in the view's frame.
    fn step(
        &mut self,
        key: &'static str,
        params: Vec<(&'static str, String)>,
        moves: &[Move],
        human: String,
    ) {
        self.cube = self.cube.apply_moves(moves);
        for &m in moves {
            push_merged(&mut self.moves, self.view.physical_move(m));
        }
        let len = self.moves.len();
        for (end, _, _, _) in &mut self.steps {
            *end = (*end).min(len);
        }
        self.steps.push((len, key, params, Some(human)));
    }

    /// The length the solution would have after appending `moves` (in the view's frame).
    fn merged_len(&self, moves: &[Move]) -> usize {
        let keep = self.moves.len().min(4);
        let mut tail = self.moves[self.moves.len() - keep..].to_vec();
        for &m in moves {
            push_merged(&mut tail, self.view.physical_move(m));
        }
        self.moves.len() - keep + tail.len()
    }

    fn finish(self) -> Solution {
        let mut start = 0;
        let steps = self
            .steps
            .into_iter()
            .map(|(end, key, params, human)| {
                let moves = self.moves[start..end].to_vec();
                start = end;
                let count = moves.len().to_string();
                let mut p: Vec<(&str, &str)> =
                    params.iter().map(|(k, v)| (*k, v.as_str())).collect();
                p.push(("count", &count));
                let mut step = Step::new(key, &p, moves);
                step.human = human;
                step
            })
            .collect();
        Solution {
            moves: self.moves,
            steps,
        }
    }
}

/// A last-layer candidate: which `y'` holding it is done in, its moves in the cross view's
/// frame, and its human notation.
struct LastLayerChoice {
    holding: usize,
    moves: Vec<Move>,
    human: String,
    params: Vec<(&'static str, String)>,
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
        let down = view.colour(Face::D);
        let edges = [Face::F, Face::R, Face::B, Face::L]
            .map(|f| piece_name(&view, &[Face::D, f]))
            .join(", ");
        let human = notation(&[
            cross_rotation(view.physical(Face::D)),
            &format_moves(&cross),
        ]);
        b.step(
            "cfop.cross",
            vec![("edges", edges), ("colour", down.to_string())],
            &cross,
            human,
        );

        let mut announced = [false; 4];
        let mut n = 0;
        loop {
            let state = F2lState::of(&b.cube);
            let solved = [0, 1, 2, 3].map(|k| state.pair_solved(k));
            for k in 0..4 {
                if solved[k] && !announced[k] {
                    announced[k] = true;
                    n += 1;
                    b.step(
                        "cfop.f2l_solved",
                        pair_params(&view, n, k),
                        &[],
                        String::new(),
                    );
                }
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
            let human = notation(&[y_rotation(b.holding, k), &format_moves(&as_seen)]);
            b.holding = k;
            b.step("cfop.f2l", pair_params(&view, n, k), &moves, human);
        }

        let ll = last_layer();
        let up = view.colour(Face::U).to_string();
        let oll = self.best_last_layer(&b, |seen| {
            let (auf, i) = ll.recognise_oll(seen)?;
            let case = &OLL_CASES[i];
            let mut moves: Vec<Move> = u_turn(auf).into_iter().collect();
            moves.extend_from_slice(&ll.oll_moves[i]);
            let text = notation(&[
                &format_moves(&moves[..moves.len() - ll.oll_moves[i].len()]),
                case.alg,
            ]);
            let params = vec![
                ("number", case.number.to_string()),
                ("case", case.name.to_string()),
                ("alg", case.alg.to_string()),
                ("colour", up.clone()),
            ];
            Some((moves, text, params))
        });
        match oll {
            None => b.step("cfop.oll_skip", Vec::new(), &[], String::new()),
            Some(choice) => {
                b.holding = choice.holding;
                b.step("cfop.oll", choice.params, &choice.moves, choice.human);
            }
        }
        let pll = self.best_last_layer(&b, |seen| {
            let (pre, i, post) = ll.recognise_pll(seen)?;
            let case = &PLL_CASES[i];
            let pre: Vec<Move> = u_turn(pre).into_iter().collect();
            let post: Vec<Move> = u_turn(post).into_iter().collect();
            let text = notation(&[&format_moves(&pre), case.alg, &format_moves(&post)]);
            let mut moves = pre;
            moves.extend_from_slice(&ll.pll_moves[i]);
            moves.extend(post);
            let params = vec![
                ("case", case.name.to_string()),
                ("alg", case.alg.to_string()),
            ];
            Some((moves, text, params))
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
                b.step("cfop.pll_skip", Vec::new(), &moves, format_moves(&moves));
            }
            Some(choice) => {
                b.holding = choice.holding;
                b.step("cfop.pll", choice.params, &choice.moves, choice.human);
            }
        }
        b.finish()
    }

    /// Recognises a last-layer case in each of the four ways of holding the cube (turned
    /// about the U–D axis) and keeps the one that makes the solution shortest after merging,
    /// preferring the current holding. `case` returns the moves (in the frame it is given),
    /// their notation and the step parameters; `None` when there is nothing to do.
    fn best_last_layer(
        &self,
        b: &Builder,
        case: impl Fn(&CubieCube) -> Option<(Vec<Move>, String, Vec<(&'static str, String)>)>,
    ) -> Option<LastLayerChoice> {
        let mut best: Option<(usize, LastLayerChoice)> = None;
        for holding in (0..4).map(|d| (b.holding + d) % 4) {
            let turned = View::y_turns(holding);
            let Some((moves, text, params)) = case(&turned.apply(&b.cube)) else {
                continue;
            };
            let moves: Vec<Move> = moves.iter().map(|&m| turned.physical_move(m)).collect();
            let len = b.merged_len(&moves);
            if best.as_ref().is_none_or(|(l, _)| len < *l) {
                let human = notation(&[y_rotation(b.holding, holding), &text]);
                best = Some((
                    len,
                    LastLayerChoice {
                        holding,
                        moves,
                        human,
                        params,
                    },
                ));
            }
        }
        best.map(|(_, choice)| choice)
    }
}

fn pair_params(view: &View, n: usize, k: usize) -> Vec<(&'static str, String)> {
    let slot = &SLOTS[k];
    vec![
        ("n", n.to_string()),
        ("corner", piece_name(view, &CORNER_FACES[slot.corner])),
        ("edge", piece_name(view, &EDGE_FACES[slot.edge])),
        ("slot", SLOT_NAMES[k].to_string()),
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
