//! `--method optimal`: provably shortest solutions in the half-turn metric.
//!
//! It reads the shared layer: the symmetries, coordinates, move, conjugation and class tables
//! of [`crate::coord`] (from the store, as the two-phase method does), and the two-phase
//! phase-1 table as its small table. Its own layers, one module each: [`edge_coset`] (the
//! large tables' coordinate: the slice edges with their order × the other edges' orientation,
//! and its classes) → [`inverse`] (the inverse cube, packed) →
//! [`prune`] (the exact 4-bit tables and their build) → [`grouped`] (the 2-bit tables relative
//! to a base depth and their build) → [`reader`] (each format as the search reads it) →
//! [`tables`] (everything loaded from the store and shared) →
//! [`root_symmetry`] (symmetric subtrees skipped) → `deepening` (the IDA* driver both searches
//! share: steps, probe, subtrees, order, threads) → [`search`] (`large`'s search) → `both_ends`
//! (its one-solution search, growing the solution from both ends).
//! Beside them: [`h48`] (the hK coordinate of H48-class tables, their exact build and the
//! h8 and h0 store tables) and `h8` (the search with them, `--table h8`).

// Pieces, axes and coordinates are indexed in parallel arrays throughout.
#![allow(clippy::needless_range_loop)]

mod both_ends;
mod bound;
mod coset_distance;
pub mod counters;
mod deepening;
mod edge_coset;
mod ends_worker;
mod grouped;
pub mod h48;
mod h8;
mod inverse;
mod moves;
mod prune;
mod reader;
mod root_symmetry;
mod search;
mod tables;
#[cfg(test)]
mod tests;

use super::twophase::TwophaseSolver;
use crate::i18n::{message, Key, Message};
use crate::options::{Flag, OptionDef, OptionKind};
use crate::registry::Registration;
use crate::store::Store;
use crate::{Deadline, Limits, Progress, Solution, SolveError, Solver, SolverConfig, Step};
use rubik_cube::{CubieCube, Move};
pub use search::Stats;
pub(crate) use search::Tracked;
use search::{Mode, Outcome};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
pub(crate) use tables::CORNER_PRUNE;
pub use tables::{TableSize, Tables, TABLE};

/// God's number: every cube is solvable in at most 20 half turns.
pub const GODS_NUMBER: usize = 20;

/// Step messages of the optimal solver.
pub const MESSAGES: &[Message] = &[
    Message {
        key: "optimal.solution",
        en_name: "Optimal ({length|move|moves})",
        en_explanation: "No shorter solution exists: every length below {length|move|moves} \
                         was searched exhaustively.",
        fr_name: "Optimale ({length|mouvement|mouvements})",
        fr_explanation: "Aucune solution plus courte n'existe : toutes les longueurs \
                         inférieures à {length|mouvement|mouvements} ont été explorées \
                         exhaustivement.",
    },
    Message {
        key: "optimal.unproven",
        en_name: "Best found in time ({length|move|moves}, not proven optimal)",
        en_explanation: "The time limit struck before the optimum was proven: no solution of \
                         {bound|move|moves} or fewer exists, so the optimum is between {next} and \
                         {length|move|moves}. This solution comes from the two-phase search.",
        fr_name: "Meilleure trouvée à temps ({length|mouvement|mouvements}, optimalité non \
                  prouvée)",
        fr_explanation: "Le temps imparti a expiré avant que l'optimum soit prouvé : aucune \
                         solution de {bound|mouvement|mouvements} ou moins n'existe, l'optimum \
                         est donc entre {next} et {length|mouvement|mouvements}. Cette solution \
                         vient de la recherche en deux phases.",
    },
];

/// Share of a timeout kept for the two-phase search of the best solution it can give when the
/// optimal search does not finish (at most [`MAX_FALLBACK`]).
const FALLBACK_SHARE: f64 = 0.1;

/// Lengths from which the two-phase probe is tried before a deepening step (shorter ones take
/// milliseconds to search anyway).
const PROBE_FROM: usize = 14;

/// Deepening steps from which a solve with the default small table says once how to go faster:
/// the steps up to 14 moves take it well under a second, a random state needs 17 or 18 moves,
/// and from 16 on a step takes it seconds to minutes.
const HINT_FROM: usize = 15;

/// The hint: what the large table costs and buys, and how to get it.
const LARGE_TABLE_HINT: &str = "this cube is deep for the default optimal table (small, \
    70 MB) and may take minutes; the large table solves random states in seconds (7.5 GB of \
    disk and memory, built once in about 20 minutes: rubik tables build --method optimal \
    --table large), and is then used by default";

/// Whether [`LARGE_TABLE_HINT`] was given in this process.
static HINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Longest time kept for that two-phase search.
const MAX_FALLBACK: Duration = Duration::from_millis(500);

/// The optimal solver: IDA* over a pruning table of a coset (edge coordinates × twist, with
/// or without the corner split) looked up on three axes for the cube and its inverse.
///
/// From 14 moves on, before each deepening step the two-phase solver gets a budget of search
/// nodes in proportion to the previous step's (about a third of its time on one thread) to
/// find a solution of exactly the step's length: every shorter length being ruled out, such a
/// solution is optimal, and the step (usually the costliest) is skipped. The budget is work, not
/// time, so the same cube gets the same solution on any machine, under any load and at any
/// thread count.
#[derive(Clone)]
pub struct OptimalSolver {
    tables: Arc<Tables>,
    /// The h8 search's tables, when `--table h8` was chosen (it then searches with them).
    h8: Option<Arc<h8::H8Tables>>,
    /// The two-phase solver of the probes and of the fallback on timeout (`None` when its
    /// tables cannot be had: the search then runs every step and a timeout gives no solution).
    twophase: Option<TwophaseSolver>,
    /// Whether the probes run.
    probe: bool,
    /// Where the deepening steps report, when the caller asked ([`SolverConfig::search_progress`]).
    progress: Option<Arc<dyn Progress>>,
    /// Where [`LARGE_TABLE_HINT`] goes, when the small table is in use only because no bigger
    /// one is built (`None` otherwise).
    hint: Option<Arc<dyn Progress>>,
    /// Whether [`Solver::solutions`] lists every optimal solution ([`ALL`]).
    all: bool,
}

/// The method's `--all` option: list every optimal solution.
pub static ALL: Flag = Flag {
    def: OptionDef {
        name: "all",
        help: "List every optimal solution, one per line",
        kind: OptionKind::Flag,
    },
};

/// The step of an answer given before its proof (see [`Solver::proven_optimal`]).
const UNPROVEN: Key = message!(MESSAGES, "optimal.unproven");

/// The optimal method in the registry.
pub(crate) static METHOD: Registration = Registration {
    name: "optimal",
    summary: "Proven-shortest solutions (half-turn metric)",
    options: &[&TABLE.def, &ALL.def],
    tables: |config| {
        let size = TableSize::resolve(TABLE.get(&config.options), &crate::store::table_dir(config));
        let mut specs = size.specs();
        // With `--table h8`: the h8 and h0 tables (`h48::table`), built on request only.
        // Its probes and its answer on timeout come from the two-phase solver (whose phase-1
        // table is the small size's: listed once).
        for spec in super::twophase::table_specs(config.compact) {
            if specs.iter().all(|s| s.table().name != spec.table().name) {
                specs.push(spec);
            }
        }
        specs
    },
    messages: MESSAGES,
    solver: |config| Ok(Box::new(OptimalSolver::new(config)?)),
    pace: crate::registry::Pace::Slow,
};

impl OptimalSolver {
    /// A solver with the table size of `config` (loaded from the cache or built), with the
    /// two-phase tables of its probes.
    pub fn new(config: &SolverConfig) -> Result<OptimalSolver, SolveError> {
        let store = Store::new(config);
        let chosen = TABLE.get(&config.options);
        let size = TableSize::resolve(chosen, store.dir());
        let defaulted = chosen.is_none() && size == TableSize::DEFAULT;
        Ok(OptimalSolver {
            tables: Tables::shared(&store, size)?,
            h8: match size {
                TableSize::H8 => Some(store.assemble("optimal tables, h8", h8::H8Tables::load)?),
                _ => None,
            },
            all: ALL.get(&config.options),
            twophase: TwophaseSolver::new(config).ok(),
            probe: true,
            progress: config.progress.clone().filter(|_| config.search_progress),
            hint: config.progress.clone().filter(|_| defaulted),
        })
    }

    /// The same solver with the two-phase probes on or off (on by default; off, every
    /// deepening step is searched, as in a plain IDA*).
    pub fn with_probe(self, on: bool) -> OptimalSolver {
        OptimalSolver { probe: on, ..self }
    }

    /// The tables in use.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The seven lookups the search bounds the root `cube` with: the corner table, the
    /// pruning table on the three axes, then on the inverse cube's three axes (the bound is
    /// their largest).
    pub fn root_lookups(&self, cube: &CubieCube) -> [u8; 7] {
        search::root_lookups(&self.tables, cube).map(|b| b as u8)
    }

    /// The six lookups the search would make at the root `cube` on the `large` table (`large`)
    /// or the `medium` one, found by search without that table
    /// ([`coset_distance::CosetDistance`]; each capped at `cap`): for measurements that cannot
    /// hold it. This solver's table guides the search and must be `small-plus` for `large`,
    /// `small` for `medium`; `None` with any other table.
    pub fn coset_lookups(&self, cube: &CubieCube, large: bool, cap: u8) -> Option<[u8; 6]> {
        let target = if large {
            TableSize::Large
        } else {
            TableSize::Medium
        };
        if self.tables.size() != coset_distance::CosetDistance::guide_for(target) {
            return None;
        }
        Some(coset_distance::CosetDistance::new(target, &self.tables).root_lookups(cube, cap))
    }

    /// Every optimal solution of `cube` (canonical sequences: no face twice in a row, and of
    /// two opposite faces only one order), within `limits`. If the timeout strikes while the
    /// optimal length is being listed, the solutions found so far are returned.
    pub fn solve_all(
        &self,
        cube: &CubieCube,
        limits: &Limits,
    ) -> Result<Vec<Solution>, SolveError> {
        let (sols, _) = self.run(cube, limits, Mode::All, None)?;
        Ok(sols.into_iter().map(solution).collect())
    }

    /// Like [`Solver::solve`], also returning the search's statistics.
    ///
    /// When the timeout strikes first, the last tenth of it (at most half a second) goes to
    /// the two-phase search for the best solution it can find within the length limit. It is
    /// returned as "not proven optimal", with the length the search had ruled out — unless it
    /// is one move longer than that, which proves it optimal.
    pub fn solve_counting(
        &self,
        cube: &CubieCube,
        limits: &Limits,
    ) -> Result<(Solution, Stats), SolveError> {
        let reserve = limits
            .timeout
            .map(|t| t.mul_f64(FALLBACK_SHARE).min(MAX_FALLBACK));
        let search_limits = Limits {
            timeout: limits.timeout.zip(reserve).map(|(t, r)| t - r),
            ..limits.clone()
        };
        match self.run(cube, &search_limits, Mode::First, self.twophase.as_ref()) {
            Ok((mut sols, stats)) => Ok((solution(sols.remove(0)), stats)),
            Err(
                timed_out @ SolveError::NoSolution {
                    max_length,
                    timed_out: true,
                    lower_bound: Some(bound),
                },
            ) => {
                let Some(twophase) = &self.twophase else {
                    return Err(timed_out);
                };
                // A cancelled solve skips it (the fallback's search would stop at once).
                if limits.is_cancelled() {
                    return Err(timed_out);
                }
                let fallback = Limits {
                    max_length: Some(max_length),
                    timeout: reserve,
                    improve: true,
                    cancel: limits.cancel.clone(),
                    ..Limits::default()
                };
                let best = twophase.solve(cube, &fallback).map_err(|_| timed_out)?;
                let stats = Stats::default();
                if best.moves.len() == bound + 1 {
                    return Ok((solution(best.moves), stats));
                }
                Ok((unproven(best.moves, bound), stats))
            }
            Err(e) => Err(e),
        }
    }

    fn run(
        &self,
        cube: &CubieCube,
        limits: &Limits,
        mode: Mode,
        twophase: Option<&TwophaseSolver>,
    ) -> Result<(Vec<Vec<Move>>, Stats), SolveError> {
        cube.check()?;
        let deadline = Deadline::starting_now(limits);
        let max_length = limits.max_length.unwrap_or(GODS_NUMBER);
        let probe = |length: usize, max_nodes: u64| {
            if length < PROBE_FROM {
                return None;
            }
            let limits = deadline.bound(Limits {
                max_length: Some(length),
                ..Limits::default()
            });
            let found = twophase?.search_within(cube, &limits, max_nodes).best?;
            Some(found.moves().0)
        };
        let probe: Option<search::Probe> = match (self.probe, twophase) {
            (true, Some(_)) => Some(&probe),
            _ => None,
        };
        let deepening = |length: usize| {
            if let Some(p) = &self.progress {
                p.deepening(length);
            }
            if let Some(hint) = &self.hint {
                if length >= HINT_FROM && !HINTED.swap(true, Ordering::Relaxed) {
                    hint.note(LARGE_TABLE_HINT);
                }
            }
        };
        let run = search::Run {
            max_length,
            deadline: &deadline,
            mode,
            probe,
            progress: self.progress.as_deref(),
            deepening: Some(&deepening),
        };
        let (outcome, stats) = match &self.h8 {
            Some(h8) => h8::search(h8, cube, &run),
            None => search::search(&self.tables, cube, &run),
        };
        match outcome {
            Outcome::Found(s) if !s.is_empty() => Ok((s, stats)),
            Outcome::Found(_) | Outcome::Exhausted => Err(SolveError::NoSolution {
                max_length,
                timed_out: false,
                lower_bound: Some(max_length),
            }),
            Outcome::TimedOut { lower_bound } => Err(SolveError::NoSolution {
                max_length,
                timed_out: true,
                lower_bound: Some(lower_bound),
            }),
        }
    }
}

/// The optimal search's lower bound on the half turns that solve a cube, for the crate's other
/// searches to prune with (the goal search, on goals that are whole states): the tables the
/// optimal method uses by default ([`TableSize::resolve`]: the small table unless a bigger one
/// is built and fits in memory), had through the same store, so loaded or built once per table
/// directory.
#[derive(Clone)]
pub(crate) struct LowerBound {
    tables: Arc<Tables>,
}

impl LowerBound {
    /// The bound with the tables of `store`'s directory (built when missing).
    pub(crate) fn load(store: &Store) -> Result<LowerBound, crate::store::TableError> {
        let size = TableSize::resolve(None, store.dir());
        Ok(LowerBound {
            tables: Tables::shared(store, size)?,
        })
    }

    /// A lower bound on the half turns that solve `cube`.
    pub(crate) fn bound(&self, cube: &CubieCube) -> u8 {
        search::cube_bound(&self.tables, cube) as u8
    }

    /// Whether [`LowerBound::bound`] of `cube` exceeds `limit` (stops at the first lookup
    /// above it).
    #[inline]
    pub(crate) fn exceeds(&self, cube: &CubieCube, limit: u8) -> bool {
        search::cube_exceeds(&self.tables, cube, usize::from(limit))
    }

    /// `cube` with the coordinates the bound reads, to be followed move by move
    /// ([`LowerBound::track_move`]) at the cost of a few table reads a move.
    pub(crate) fn track(&self, cube: &CubieCube) -> Tracked {
        search::track(&self.tables, cube)
    }

    /// The tracked cube after move `m` (on its right, as every move).
    #[inline]
    pub(crate) fn track_move(&self, x: &Tracked, m: Move) -> Tracked {
        search::track_move(&self.tables, x, m)
    }

    /// Whether the bound of a tracked cube exceeds `limit` (the same bound as
    /// [`LowerBound::exceeds`] of the cube it tracks).
    #[inline]
    pub(crate) fn tracked_exceeds(&self, x: &Tracked, limit: u8) -> bool {
        search::tracked_exceeds(&self.tables, x, usize::from(limit))
    }
}

/// A proven-optimal solution (no step for the solved cube: there is nothing to explain).
fn solution(moves: Vec<Move>) -> Solution {
    if moves.is_empty() {
        return Solution {
            moves,
            steps: Vec::new(),
        };
    }
    let n = moves.len().to_string();
    Solution {
        steps: vec![Step::new(
            message!(MESSAGES, "optimal.solution"),
            &[("length", n.as_str())],
            moves.clone(),
        )],
        moves,
    }
}

/// The best solution found when time ran out, every length up to `bound` ruled out.
fn unproven(moves: Vec<Move>, bound: usize) -> Solution {
    let (n, bound, next) = (
        moves.len().to_string(),
        bound.to_string(),
        (bound + 1).to_string(),
    );
    Solution {
        steps: vec![Step::new(
            UNPROVEN,
            &[
                ("length", n.as_str()),
                ("bound", bound.as_str()),
                ("next", next.as_str()),
            ],
            moves.clone(),
        )],
        moves,
    }
}

impl Solver for OptimalSolver {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError> {
        self.solve_counting(cube, limits).map(|(s, _)| s)
    }

    fn lists(&self) -> bool {
        self.all
    }

    fn proven_optimal(&self, solution: &Solution) -> Option<bool> {
        Some(solution.steps.iter().all(|s| s.key != UNPROVEN))
    }

    fn solutions(&self, cube: &CubieCube, limits: &Limits) -> Result<Vec<Solution>, SolveError> {
        if self.all {
            self.solve_all(cube, limits)
        } else {
            Ok(vec![self.solve(cube, limits)?])
        }
    }
}
