//! Kociemba's two-phase algorithm: phase 1 brings the cube into the subgroup
//! G1 = <U, D, R2, L2, F2, B2> (all pieces oriented, the middle-layer edges in the middle layer),
//! phase 2 solves it inside G1. Near-optimal solutions (≤ 20 moves) in well under a millisecond
//! on average with the full tables.
//!
//! ```no_run
//! use rubik_solve::{solver_for, Limits, Method, SolverConfig};
//! use rubik_cube::{CubieCube, Move};
//! let solver = solver_for(Method::Twophase, &SolverConfig::default()).unwrap();
//! let cube = CubieCube::from_moves(&[Move::from_index(3), Move::from_index(0)]);
//! let solution = solver.solve(&cube, &Limits::default()).unwrap();
//! assert!(solution.solves(&cube));
//! ```

mod compact;
mod descent;
mod pruning;
pub mod robot;
mod search;
pub(crate) use search::stats;
pub mod tables;
mod threads;

pub use pruning::Pruning;
pub use search::{FrameSolution, Outcome, Search};

use crate::i18n::{message, Message};
use crate::options::{Choice, Choices, OptionDef, OptionKind};
use crate::registry::Registration;
use crate::store::{AnySpec, Store};
use crate::{Deadline, Limits, Solution, SolveError, Solver, SolverConfig, Step};
use compact::CompactTables;
use rubik_cube::{CubieCube, Face};
use std::sync::{Arc, OnceLock};
use tables::TwophaseTables;

/// Default length limit: every cube can be solved in 20 moves (God's number).
pub const DEFAULT_MAX_LENGTH: usize = 20;

/// Step texts of the two-phase method (English and French). `{up}`/`{down}` are the faces of
/// the axis the search used (U and D, R and L, or F and B), `{up_colour}`/`{down_colour}`
/// their colours and `{slice}` the middle slice between them.
pub const MESSAGES: &[Message] = &[
    Message {
        key: "twophase.phase1",
        en_name: "Phase 1 — only {up_colour} and {down_colour} on {up} and {down}",
        en_explanation: "Any moves, until every corner and edge is oriented for the {up}–{down} \
                         axis and the four {slice}-slice edges are in the {slice} slice: the {up} \
                         and {down} faces now show only {up_colour} and {down_colour}, and {up} \
                         and {down} turns with half turns of the other faces can finish.",
        fr_name: "Phase 1 — seulement {up_colour} et {down_colour} sur {up} et {down}",
        fr_explanation: "Des mouvements quelconques, jusqu'à ce que chaque coin et chaque arête \
                         soit orienté pour l'axe {up}–{down} et que les quatre arêtes de la \
                         tranche {slice} soient dans la tranche {slice} : les faces {up} et {down} \
                         ne montrent plus que du {up_colour} et du {down_colour}, et des tours de \
                         {up} et {down} avec des demi-tours des autres faces peuvent finir.",
    },
    Message {
        key: "twophase.phase2",
        en_name: "Phase 2 — {up}, {down} and half turns",
        en_explanation: "Only {up} and {down} turns and half turns of the other four faces, \
                         which keep what phase 1 did, bring every piece home: the cube is solved.",
        fr_name: "Phase 2 — {up}, {down} et demi-tours",
        fr_explanation: "Seulement des tours de {up} et {down} et des demi-tours des quatre \
                         autres faces, qui gardent ce que la phase 1 a fait, ramènent chaque pièce \
                         à sa place : le cube est résolu.",
    },
    Message {
        key: "twophase.inverse_phase1",
        en_name: "Phase 1 — {up}, {down} and half turns",
        en_explanation: "This solution was found by solving the scramble backwards (NISS), so \
                         its two phases come in the other order. First only {up} and {down} turns \
                         and half turns of the other faces: no corner or edge changes its \
                         orientation for the {up}–{down} axis and no edge enters or leaves the \
                         {slice} slice; these moves set the pieces up for the finish.",
        fr_name: "Phase 1 — {up}, {down} et demi-tours",
        fr_explanation: "Cette solution a été trouvée en résolvant le mélange à l'envers (NISS), \
                         ses deux phases viennent donc dans l'autre ordre. D'abord seulement des \
                         tours de {up} et {down} et des demi-tours des autres faces : aucun coin ni \
                         aucune arête ne change d'orientation pour l'axe {up}–{down} et aucune \
                         arête n'entre dans la tranche {slice} ni n'en sort ; ces mouvements \
                         préparent les pièces pour la fin.",
    },
    Message {
        key: "twophase.inverse_phase2",
        en_name: "Phase 2 — finish",
        en_explanation: "Any moves: they orient every corner and edge, bring the {slice}-slice \
                         edges into the {slice} slice and put every piece in place at once: the \
                         cube is solved.",
        fr_name: "Phase 2 — finir",
        fr_explanation: "Des mouvements quelconques : ils orientent chaque coin et chaque arête, \
                         ramènent les arêtes de la tranche {slice} dans la tranche {slice} et \
                         mettent chaque pièce en place en une seule fois : le cube est résolu.",
    },
];

/// `--faces`: the faces a robot turns (letters in URFDLB order). Five faces are searched by
/// two-phase with their own tables; four are refused with the reason (see [`robot`]).
pub static FACES: Choices<robot::Faces> = Choices {
    def: OptionDef {
        name: "faces",
        help: "The faces the solution may turn, letters in URFDLB order (a robot holding the \
               cube by one face: five faces); four are refused, saying why",
        kind: OptionKind::Choice(&[
            Choice {
                name: "all",
                help: "all six faces (the default)",
            },
            Choice {
                name: "URFDL",
                help: "no B turns",
            },
            Choice {
                name: "URFDB",
                help: "no L turns",
            },
            Choice {
                name: "URFLB",
                help: "no D turns",
            },
            Choice {
                name: "URDLB",
                help: "no F turns",
            },
            Choice {
                name: "UFDLB",
                help: "no R turns",
            },
            Choice {
                name: "RFDLB",
                help: "no U turns",
            },
            Choice {
                name: "FDLB",
                help: "refused: four faces",
            },
            Choice {
                name: "RDLB",
                help: "refused: four faces",
            },
            Choice {
                name: "RFLB",
                help: "refused: four faces",
            },
            Choice {
                name: "RFDB",
                help: "refused: four faces",
            },
            Choice {
                name: "RFDL",
                help: "refused: four faces",
            },
            Choice {
                name: "UDLB",
                help: "refused: four faces",
            },
            Choice {
                name: "UFLB",
                help: "refused: four faces",
            },
            Choice {
                name: "UFDB",
                help: "refused: four faces",
            },
            Choice {
                name: "UFDL",
                help: "refused: four faces",
            },
            Choice {
                name: "URLB",
                help: "refused: four faces",
            },
            Choice {
                name: "URDB",
                help: "refused: four faces",
            },
            Choice {
                name: "URDL",
                help: "refused: four faces",
            },
            Choice {
                name: "URFB",
                help: "refused: four faces",
            },
            Choice {
                name: "URFL",
                help: "refused: four faces",
            },
            Choice {
                name: "URFD",
                help: "refused: four faces",
            },
        ]),
    },
    values: &[
        robot::Faces(63),
        robot::Faces(31),
        robot::Faces(47),
        robot::Faces(55),
        robot::Faces(59),
        robot::Faces(61),
        robot::Faces(62),
        robot::Faces(60),
        robot::Faces(58),
        robot::Faces(54),
        robot::Faces(46),
        robot::Faces(30),
        robot::Faces(57),
        robot::Faces(53),
        robot::Faces(45),
        robot::Faces(29),
        robot::Faces(51),
        robot::Faces(43),
        robot::Faces(27),
        robot::Faces(39),
        robot::Faces(23),
        robot::Faces(15),
    ],
};

/// `--metric`: the metric the search minimises (and the length counts). The CLI's own
/// `--metric`, which also counts other methods' lengths, sets it for two-phase.
pub static METRIC: Choices<robot::Metric> = Choices {
    def: OptionDef {
        name: "metric",
        help: "The metric the solution is searched in",
        kind: OptionKind::Choice(&[
            Choice {
                name: "htm",
                help: "every face turn is one move (the default)",
            },
            Choice {
                name: "qtm",
                help: "a half turn is two moves",
            },
            Choice {
                name: "axial-htm",
                help: "turns of opposite faces made together, (U D'), are one move",
            },
            Choice {
                name: "axial-qtm",
                help: "axial, and a half turn is two moves: (U2 D) costs 2",
            },
        ]),
    },
    values: &robot::Metric::ALL,
};

/// The two-phase method in the registry.
pub(crate) static METHOD: Registration = Registration {
    name: "twophase",
    summary: "Kociemba's two-phase algorithm: near-optimal (at most 20 moves) in milliseconds",
    options: &[&FACES.def, &METRIC.def],
    tables: |config| {
        let mut specs = table_specs(config.compact);
        if !config.compact {
            specs.extend(robot::table_specs(robot::Mode {
                faces: FACES.get(&config.options),
                metric: METRIC.get(&config.options),
            }));
        }
        specs
    },
    messages: MESSAGES,
    solver: |config| Ok(Box::new(TwophaseSolver::new(config)?)),
    pace: crate::registry::Pace::Quick,
};

/// The tables of one kind (full or compact).
#[derive(Clone)]
enum Tables {
    Full(Arc<TwophaseTables>),
    Compact(Arc<CompactTables>),
}

/// The table files of the full set, or of the compact set when `compact`.
pub fn table_specs(compact: bool) -> Vec<&'static dyn AnySpec> {
    if compact {
        compact::specs()
    } else {
        tables::specs()
    }
}

/// The two-phase solver. Cheap to clone; tables are shared read-only.
#[derive(Clone)]
pub struct TwophaseSolver {
    tables: Tables,
    /// The robot mode's tables when the options ask for other faces or another metric.
    robot: Option<Arc<robot::RobotTables>>,
}

/// Whether [`robot::RobotTables::missing_table_hint`] was said in this process (once is enough).
static ROBOT_HINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

impl TwophaseSolver {
    /// A solver with the tables `config` asks for (full, or compact when `config.compact`),
    /// had from the store (built, with progress through `config.progress`, when missing).
    pub fn new(config: &SolverConfig) -> Result<TwophaseSolver, SolveError> {
        let mode = robot::Mode {
            faces: FACES.get(&config.options),
            metric: METRIC.get(&config.options),
        };
        let store = Store::new(config);
        if mode != robot::Mode::PLAIN {
            mode.check().map_err(SolveError::Mode)?;
            if config.compact {
                return Err(SolveError::Unavailable(
                    "twophase with --compact in a robot mode (--faces or --metric): \
                     the robot modes read the full tables",
                ));
            }
            let tables = robot::RobotTables::shared(&store, mode)?;
            if let (Some(hint), Some(progress)) = (tables.missing_table_hint(), &config.progress) {
                if !ROBOT_HINTED.swap(true, std::sync::atomic::Ordering::Relaxed) {
                    progress.note(&hint);
                }
            }
            return Ok(TwophaseSolver {
                tables: Tables::Full(tables.plain()),
                robot: Some(tables),
            });
        }
        let tables = if config.compact {
            Tables::Compact(CompactTables::shared(&store)?)
        } else {
            Tables::Full(TwophaseTables::shared(&store)?)
        };
        Ok(TwophaseSolver {
            tables,
            robot: None,
        })
    }

    /// The robot mode this solver searches in (faces and metric).
    pub fn mode(&self) -> robot::Mode {
        self.robot.as_ref().map_or(robot::Mode::PLAIN, |r| r.mode())
    }

    /// Whether this solver uses the compact tables.
    pub fn is_compact(&self) -> bool {
        matches!(self.tables, Tables::Compact(_))
    }

    /// Runs the search and returns the best solution in its frame, with whether time ran out.
    pub fn search(&self, cube: &CubieCube, limits: &Limits) -> Outcome {
        self.search_within(cube, limits, u64::MAX)
    }

    /// [`TwophaseSolver::search`] that also stops, as on a timeout, once it has visited
    /// `max_nodes` nodes: a budget of work, which (unlike a timeout) gives the same result on
    /// any machine and under any load.
    pub fn search_within(&self, cube: &CubieCube, limits: &Limits, max_nodes: u64) -> Outcome {
        fn run<P: Pruning>(
            prune: &P,
            cube: &CubieCube,
            limits: &Limits,
            max_nodes: u64,
        ) -> Outcome {
            let max_length = limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
            let deadline = Deadline::starting_now(limits);
            let mv = prune.move_tables();
            Search::new(mv, prune, cube, max_length, limits.improve, deadline)
                .with_max_nodes(max_nodes)
                .run()
        }
        match &self.tables {
            Tables::Full(t) => run(&**t, cube, limits, max_nodes),
            Tables::Compact(t) => run(&**t, cube, limits, max_nodes),
        }
    }
}

/// The faces (U-like, D-like) of the axis playing U–D in a frame, and its middle slice.
fn axis_of(rot: usize) -> (Face, Face, &'static str) {
    let up = crate::coord::symmetry::symmetries().urf3_conj_move[rot][0].face();
    match up {
        Face::U | Face::D => (Face::U, Face::D, "E"),
        Face::R | Face::L => (Face::R, Face::L, "M"),
        Face::F | Face::B => (Face::F, Face::B, "S"),
    }
}

/// The solution with its two steps, in the order the moves are made: for a solution found on
/// the inverse scramble, the moves that stay in G1 come first.
fn to_solution(found: &FrameSolution) -> Solution {
    let (moves, split) = found.moves();
    steps_of(moves, split, found.rot, found.inverse)
}

/// The solution `moves` with its two steps split at `split`, found in frame `rot` (on the
/// inverse cube when `inverse`).
fn steps_of(moves: Vec<rubik_cube::Move>, split: usize, rot: usize, inverse: bool) -> Solution {
    let [first, second] = frame_steps(rot, inverse);
    let steps = vec![
        Step {
            moves: moves[..split].to_vec(),
            ..first.clone()
        },
        Step {
            moves: moves[split..].to_vec(),
            ..second.clone()
        },
    ];
    Solution { moves, steps }
}

/// The two steps (without moves) of a solution found in frame `rot`, on the inverse cube when
/// `inverse`. Their names and explanations depend on the frame only, so each frame's are
/// rendered once and cloned: rendering them for every solve took a fifth of a ≤ 21-move
/// solve's time.
fn frame_steps(rot: usize, inverse: bool) -> &'static [Step; 2] {
    static STEPS: OnceLock<Vec<[Step; 2]>> = OnceLock::new();
    let all = STEPS.get_or_init(|| {
        (0..3)
            .flat_map(|rot| [false, true].map(|inverse| render_frame_steps(rot, inverse)))
            .collect()
    });
    &all[rot * 2 + usize::from(inverse)]
}

/// [`frame_steps`], rendered.
fn render_frame_steps(rot: usize, inverse: bool) -> [Step; 2] {
    let (up, down, slice) = axis_of(rot);
    let (up_colour, down_colour) = (crate::i18n::colour(up), crate::i18n::colour(down));
    let (up, down) = (up.letter().to_string(), down.letter().to_string());
    let params = [
        ("up", up.as_str()),
        ("down", down.as_str()),
        ("up_colour", up_colour),
        ("down_colour", down_colour),
        ("slice", slice),
    ];
    let (first, second) = if inverse {
        (
            message!(MESSAGES, "twophase.inverse_phase1"),
            message!(MESSAGES, "twophase.inverse_phase2"),
        )
    } else {
        (
            message!(MESSAGES, "twophase.phase1"),
            message!(MESSAGES, "twophase.phase2"),
        )
    };
    [
        Step::new(first, &params, Vec::new()),
        Step::new(second, &params, Vec::new()),
    ]
}

impl Solver for TwophaseSolver {
    fn name(&self) -> &'static str {
        "twophase"
    }

    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError> {
        cube.check()?;
        if cube.is_solved() {
            return Ok(Solution {
                moves: Vec::new(),
                steps: Vec::new(),
            });
        }
        if let Some(robot) = &self.robot {
            let (found, outcome) = robot.search(cube, limits, 1, None);
            return match found.into_iter().next() {
                Some(s) => Ok(steps_of(s.moves, s.split, s.rot, s.inverse)),
                None => Err(SolveError::NoSolution {
                    max_length: limits.max_length.unwrap_or(robot.mode().default_bound()),
                    timed_out: outcome.timed_out,
                    lower_bound: None,
                }),
            };
        }
        if limits.threads() > 1 {
            return threads::solve(self, cube, limits);
        }
        let outcome = self.search(cube, limits);
        match outcome.best {
            Some(found) => Ok(to_solution(&found)),
            None => Err(SolveError::NoSolution {
                max_length: limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH),
                timed_out: outcome.timed_out,
                lower_bound: None,
            }),
        }
    }

    fn solutions(&self, cube: &CubieCube, limits: &Limits) -> Result<Vec<Solution>, SolveError> {
        threads::solutions(self, cube, limits)
    }
}

#[cfg(test)]
mod tests;
