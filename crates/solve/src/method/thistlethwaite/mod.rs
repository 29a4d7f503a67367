//! Thistlethwaite's algorithm: four phases G0 → G1 → G2 → G3 → solved, each solved optimally
//! from a complete distance table, with moves merged across phase boundaries.
//!
//! Among the optimal solutions of a phase the solver prefers the one that leaves the shortest
//! total: its length after merging with the moves so far, plus the next phase's exact distance
//! from where it ends, minus one when the next phase can start with a move that merges into it.

mod coords;
pub mod tables;

use crate::i18n::{message, Key, Message};
use crate::registry::Registration;
use crate::search::{ida_star_choose, push_merged, SearchSpace};
use crate::store::{AnySpec, Store};
use crate::{Limits, Solution, SolveError, Solver, Step};
use rubik_cube::{CubieCube, Move};
use std::sync::Arc;
use tables::{Tables, PHASE_MOVES};

/// How many optimal solutions of a phase are weighed against each other by default (the last
/// phase weighs at most 4). Over 1000 random states: 8 gives a mean of 28.6 moves in about
/// 14 µs, 16 gives 27.9 in about 18 µs, 1 (no choice) 30.8 in about 6 µs.
pub const DEFAULT_CANDIDATES: usize = 8;

/// Catalogue keys of the four phases.
const PHASE_KEYS: [Key; 4] = [
    message!(MESSAGES, "thistlethwaite.phase1"),
    message!(MESSAGES, "thistlethwaite.phase2"),
    message!(MESSAGES, "thistlethwaite.phase3"),
    message!(MESSAGES, "thistlethwaite.phase4"),
];

/// Step texts of the method (English and French), in cubers' words: what each phase leaves
/// solved and which moves the rest needs.
pub const MESSAGES: &[Message] = &[
    Message {
        key: "thistlethwaite.phase1",
        en_name: "Phase 1 — all edges oriented",
        en_explanation: "Orients every edge: each could now go home without quarter turns of F \
                         and B, so the rest is solved with U, D, R, L and F2, B2 only.",
        fr_name: "Phase 1 — toutes les arêtes orientées",
        fr_explanation: "Oriente chaque arête : chacune pourrait maintenant rejoindre sa place \
                         sans quart de tour de F ni de B ; la suite se résout avec U, D, R, L et \
                         F2, B2 seulement.",
    },
    Message {
        key: "thistlethwaite.phase2",
        en_name: "Phase 2 — corners oriented, middle-layer edges in the middle layer",
        en_explanation: "With U, D, R, L, F2 and B2: every corner now shows its U or D colour \
                         (white or yellow) on the U or D face, and the four middle-layer edges \
                         are in the middle layer. R and L quarter turns are no longer needed: \
                         the rest uses U, D and half turns.",
        fr_name: "Phase 2 — coins orientés, arêtes de la couronne dans la couronne",
        fr_explanation: "Avec U, D, R, L, F2 et B2 : chaque coin montre maintenant sa couleur U \
                         ou D (blanc ou jaune) sur la face U ou D, et les quatre arêtes de la \
                         couronne sont dans la couronne. Les quarts de tour de R et L ne sont \
                         plus nécessaires : la suite n'utilise que U, D et des demi-tours.",
    },
    Message {
        key: "thistlethwaite.phase3",
        en_name: "Phase 3 — only opposite colours on each face",
        en_explanation: "With U, D and half turns: each face now shows only its own colour and \
                         the colour of the opposite face, and the pieces are arranged so that \
                         half turns alone can finish. From here on only half turns are needed.",
        fr_name: "Phase 3 — seulement des couleurs opposées sur chaque face",
        fr_explanation: "Avec U, D et des demi-tours : chaque face ne montre plus que sa couleur \
                         et celle de la face opposée, et les pièces sont placées de sorte que des \
                         demi-tours suffisent pour finir. La suite n'utilise que des demi-tours.",
    },
    Message {
        key: "thistlethwaite.phase4",
        en_name: "Phase 4 — solved with half turns",
        en_explanation: "Half turns only bring every piece home: the cube is solved.",
        fr_name: "Phase 4 — résolu par demi-tours",
        fr_explanation: "Des demi-tours seulement ramènent chaque pièce à sa place : le cube est \
                         résolu.",
    },
];

/// Thistlethwaite's method in the registry.
pub(crate) static METHOD: Registration = Registration {
    name: "thistlethwaite",
    summary: "Thistlethwaite's four phases, each solved optimally (about 31 moves, microseconds)",
    options: &[],
    tables: |_| tables::table_specs(),
    messages: MESSAGES,
    solver: |config| Ok(Box::new(Thistlethwaite::new(config)?)),
    pace: crate::registry::Pace::Quick,
};

/// One phase as a search space: the phase coordinate, the phase's generators, and the exact
/// distance table as heuristic (so IDA* walks straight down optimal paths).
struct PhaseSpace<'a> {
    tables: &'a Tables,
    phase: usize,
}

impl SearchSpace for PhaseSpace<'_> {
    /// The phase coordinate and its exact distance to the phase's goal.
    type State = (usize, usize);

    fn is_goal(&self, state: &(usize, usize)) -> bool {
        state.1 == 0
    }

    fn heuristic(&self, state: &(usize, usize)) -> usize {
        state.1
    }

    fn moves(&self) -> &[Move] {
        PHASE_MOVES[self.phase]
    }

    fn apply(&self, &(coord, distance): &(usize, usize), m: Move) -> (usize, usize) {
        let k = self
            .tables
            .move_index(self.phase, m)
            .expect("phase spaces only use their own generators");
        let next = self.tables.step(self.phase, coord, k);
        (
            next,
            self.tables.neighbour_distance(self.phase, next, distance),
        )
    }
}

/// Thistlethwaite's four-phase solver. Cheap to create; the tables are shared.
#[derive(Clone)]
pub struct Thistlethwaite {
    tables: Arc<Tables>,
    candidates: usize,
}

impl Thistlethwaite {
    /// A solver whose distance tables come from the store of `config` (four files, 2.4 MB;
    /// built in about 0.2 s when missing).
    pub fn new(config: &crate::SolverConfig) -> Result<Thistlethwaite, SolveError> {
        Ok(Thistlethwaite {
            tables: Tables::shared(&Store::new(config))?,
            candidates: DEFAULT_CANDIDATES,
        })
    }

    /// The table files of the method, for `rubik tables`.
    pub fn table_specs() -> Vec<&'static dyn AnySpec> {
        tables::table_specs()
    }

    /// The same solver weighing up to `candidates` optimal solutions of each phase (at least
    /// 1: the first one found, merged with its neighbours but not chosen).
    pub fn with_candidates(self, candidates: usize) -> Thistlethwaite {
        Thistlethwaite {
            candidates: candidates.max(1),
            ..self
        }
    }

    /// The tables in use.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// How many optimal solutions of `phase` to weigh: the last phase only picks how its
    /// first move merges, so a few are enough there.
    fn candidates_for(&self, phase: usize) -> usize {
        if phase == 3 {
            self.candidates.min(4)
        } else {
            self.candidates
        }
    }

    /// The optimal solution of `phase` from `cube` that leaves the shortest expected total,
    /// given the moves so far.
    fn choose(&self, phase: usize, cube: &CubieCube, so_far: &[Move]) -> Vec<Move> {
        let space = PhaseSpace {
            tables: &self.tables,
            phase,
        };
        let start = self.tables.coord(phase, cube);
        let mut best: Option<(usize, Vec<Move>)> = None;
        let mut seen = 0;
        let depth = self.tables.distance(phase, start);
        ida_star_choose(&space, &(start, depth), depth, &mut |candidate| {
            seen += 1;
            let score = self.score(phase, cube, so_far, candidate);
            if best.as_ref().is_none_or(|(s, _)| score < *s) {
                best = Some((score, candidate.to_vec()));
            }
            seen >= self.candidates_for(phase) || (phase == 3 && score < so_far.len() + depth)
        });
        best.map(|(_, moves)| moves).unwrap_or_default()
    }

    /// Length after merging `candidate` into `so_far`, plus the next phase's distance from
    /// where it ends, minus one if the next phase can start with a move that merges with it.
    fn score(&self, phase: usize, cube: &CubieCube, so_far: &[Move], candidate: &[Move]) -> usize {
        // Merging only ever reaches back across the last few moves: join onto a short tail.
        let keep = so_far.len().min(4);
        let mut joined = Vec::with_capacity(keep + candidate.len());
        joined.extend_from_slice(&so_far[so_far.len() - keep..]);
        for &m in candidate {
            push_merged(&mut joined, m);
        }
        let joined_len = so_far.len() - keep + joined.len();
        if phase == 3 {
            return joined_len;
        }
        let next = phase + 1;
        let end = cube.apply_moves(candidate);
        let coord = self.tables.coord(next, &end);
        let distance = self.tables.distance(next, coord);
        if distance == 0 {
            return joined_len;
        }
        let tail_faces = match joined.as_slice() {
            [.., a, b] if a.face() == b.face().opposite() => [Some(a.face()), Some(b.face())],
            [.., b] => [None, Some(b.face())],
            [] => [None, None],
        };
        let merges = PHASE_MOVES[next].iter().enumerate().any(|(k, m)| {
            tail_faces.contains(&Some(m.face()))
                && self.tables.distance(next, self.tables.step(next, coord, k)) < distance
        });
        joined_len + distance - usize::from(merges)
    }
}

impl Solver for Thistlethwaite {
    fn name(&self) -> &'static str {
        "thistlethwaite"
    }

    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError> {
        cube.check()?;
        let mut state = *cube;
        let mut moves: Vec<Move> = Vec::with_capacity(48);
        let mut ends = [0usize; 4];
        for phase in 0..4 {
            let chosen = self.choose(phase, &state, &moves);
            for &m in &chosen {
                push_merged(&mut moves, m);
            }
            for end in &mut ends[..phase] {
                *end = (*end).min(moves.len());
            }
            ends[phase] = moves.len();
            state = state.apply_moves(&chosen);
        }
        debug_assert!(cube.apply_moves(&moves).is_solved());
        if let Some(max_length) = limits.max_length {
            if moves.len() > max_length {
                return Err(SolveError::NoSolution {
                    max_length,
                    timed_out: false,
                    lower_bound: None,
                });
            }
        }
        let mut start = 0;
        let steps = ends
            .iter()
            .zip(PHASE_KEYS)
            .map(|(&end, key)| {
                let phase_moves = moves[start..end].to_vec();
                start = end;
                // Moves merged across a boundary stay in the earlier phase: the merged move is
                // the earlier phase's last move followed by a move of the later phase's group,
                // so the earlier phase still reaches its goal.
                Step::new(key, &[], phase_moves)
            })
            .collect();
        Ok(Solution { moves, steps })
    }
}

#[cfg(test)]
mod tests;
