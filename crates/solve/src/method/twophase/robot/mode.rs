//! What a robot can do: which faces it turns and what a move costs it.
//!
//! A robot move is one face turn, or (in the axial metrics) two turns of opposite faces made at
//! the same time, written `(U D')`. Its cost is 1 in the half-turn metrics; in the quarter-turn
//! metrics a half turn costs 2, and an axial move costs as much as its longer turn.

use rubik_cube::{Face, Move};
use std::fmt;

/// The metric a solution is searched in (and counted in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Metric {
    /// Every face turn is one move.
    #[default]
    Htm,
    /// A quarter turn is one move, a half turn two.
    Qtm,
    /// Turns of two opposite faces made together are one move, like a single turn.
    AxialHtm,
    /// As [`Metric::AxialHtm`], with half turns costing 2: an axial move costs its longer turn.
    AxialQtm,
}

impl Metric {
    /// Every metric, in the order of the `--metric` choices.
    pub const ALL: [Metric; 4] = [Metric::Htm, Metric::Qtm, Metric::AxialHtm, Metric::AxialQtm];

    /// The name as typed (`htm`, `qtm`, `axial-htm`, `axial-qtm`).
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
            Metric::AxialHtm => "axial-htm",
            Metric::AxialQtm => "axial-qtm",
        }
    }

    /// Whether turns of opposite faces made together count as one move.
    pub fn is_axial(self) -> bool {
        matches!(self, Metric::AxialHtm | Metric::AxialQtm)
    }

    /// Whether a half turn costs 2.
    pub fn counts_quarters(self) -> bool {
        matches!(self, Metric::Qtm | Metric::AxialQtm)
    }

    /// The cost of one turn of `quarters` quarter turns (1, 2 or 3) made alone.
    pub fn turn_cost(self, quarters: u8) -> u8 {
        if self.counts_quarters() && quarters == 2 {
            2
        } else {
            1
        }
    }

    /// The length of `moves` in this metric: in the axial metrics, consecutive turns of
    /// opposite faces are one move (see [`axial_groups`]).
    pub fn length(self, moves: &[Move]) -> usize {
        if self.is_axial() {
            axial_groups(moves)
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|m| self.turn_cost(m.turns()) as usize)
                        .max()
                        .unwrap_or(0)
                })
                .sum()
        } else {
            moves
                .iter()
                .map(|m| self.turn_cost(m.turns()) as usize)
                .sum()
        }
    }

    /// The lower bound in this metric that a half-turn distance of `htm` gives: an axial move
    /// does at most two face turns.
    #[inline(always)]
    pub fn from_htm(self, htm: u8) -> u8 {
        if self.is_axial() {
            htm.div_ceil(2)
        } else {
            htm
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Consecutive moves grouped as an axial robot makes them: a move and the next one, when it
/// turns the opposite face, are one group (`U D'`); a same-face repeat starts a new group.
pub fn axial_groups(moves: &[Move]) -> Vec<Vec<Move>> {
    let mut groups: Vec<Vec<Move>> = Vec::new();
    for &m in moves {
        match groups.last_mut() {
            Some(g) if g.len() == 1 && g[0].face() == m.face().opposite() => g.push(m),
            _ => groups.push(vec![m]),
        }
    }
    groups
}

/// `moves` written in axial groups: `(U D') R2 (F B)`.
pub fn format_axial(moves: &[Move]) -> String {
    axial_groups(moves)
        .iter()
        .map(|g| {
            let text: Vec<String> = g.iter().map(|m| m.to_string()).collect();
            if g.len() > 1 {
                format!("({})", text.join(" "))
            } else {
                text.join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A set of faces (bit `f` = `Face::ALL[f]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Faces(pub u8);

impl Faces {
    /// All six faces.
    pub const ALL: Faces = Faces(0b11_1111);

    /// Whether `face` is in the set.
    pub fn has(self, face: Face) -> bool {
        self.0 >> face as u8 & 1 == 1
    }

    /// How many faces.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The faces read from letters (`URFDL`, any order, no repeats), or `all`.
    pub fn parse(text: &str) -> Option<Faces> {
        if text.eq_ignore_ascii_case("all") {
            return Some(Faces::ALL);
        }
        let mut bits = 0u8;
        for c in text.chars() {
            let f = Face::ALL
                .iter()
                .position(|f| f.letter() == c.to_ascii_uppercase())?;
            if bits >> f & 1 == 1 {
                return None;
            }
            bits |= 1 << f;
        }
        (bits != 0).then_some(Faces(bits))
    }

    /// Whether every turn of `moves` is of a face in the set.
    pub fn allows(self, moves: &[Move]) -> bool {
        moves.iter().all(|m| self.has(m.face()))
    }
}

impl fmt::Display for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in Face::ALL {
            if self.has(face) {
                write!(f, "{}", face.letter())?;
            }
        }
        Ok(())
    }
}

/// What a robot can do: the faces it turns and the metric its moves are counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode {
    /// The faces it may turn.
    pub faces: Faces,
    /// What a move costs.
    pub metric: Metric,
}

impl Mode {
    /// The plain two-phase mode: every face, half-turn metric.
    pub const PLAIN: Mode = Mode {
        faces: Faces::ALL,
        metric: Metric::Htm,
    };

    /// The longest solution searched for when no limit is given: long enough that a solution
    /// is found at once for nearly every state (measured: see BENCHMARKS, session 17).
    pub fn default_bound(self) -> usize {
        let five = self.faces.count() < 6;
        match (self.metric, five) {
            (Metric::Htm, false) => 20,
            (Metric::Htm, true) => 22,
            (Metric::Qtm, false) => 26,
            (Metric::Qtm, true) => 29,
            (Metric::AxialHtm, false) => 16,
            (Metric::AxialHtm, true) => 18,
            (Metric::AxialQtm, false) => 22,
            (Metric::AxialQtm, true) => 25,
        }
    }
}

/// One move of a robot in a search frame: one or two face turns (move indices 0..18, the
/// second on the opposite face) and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RobotMove {
    /// The turns (move indices); `turns[1]` is used when `len == 2`.
    pub turns: [u8; 2],
    /// How many turns (1 or 2).
    pub len: u8,
    /// Its cost in the metric.
    pub cost: u8,
    /// The axis (0 U–D, 1 R–L, 2 F–B).
    pub axis: u8,
    /// The first face (0..6, `Face::ALL` order).
    pub face: u8,
    /// Whether every turn keeps G1 (U, D turns and half turns of the other faces).
    pub in_g1: bool,
}

impl RobotMove {
    /// Its face turns.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.turns[..self.len as usize]
            .iter()
            .map(|&m| Move::from_index(m as usize))
    }
}

/// Whether move index `m` keeps G1 = <U, D, R2, L2, F2, B2>.
fn keeps_g1(m: usize) -> bool {
    let (face, turns) = (m / 3, m % 3 + 1);
    face == 0 || face == 3 || turns == 2
}

/// The robot's moves in a frame where `allowed[f]` says whether frame face `f` (0..6, the
/// `Face::ALL` order) may turn.
pub fn robot_moves(allowed: [bool; 6], metric: Metric) -> Vec<RobotMove> {
    let mut out = Vec::new();
    for face in 0..6u8 {
        if !allowed[face as usize] {
            continue;
        }
        for t in 1..=3u8 {
            let m = face * 3 + t - 1;
            out.push(RobotMove {
                turns: [m, 0],
                len: 1,
                cost: metric.turn_cost(t),
                axis: face % 3,
                face,
                in_g1: keeps_g1(m as usize),
            });
        }
    }
    if metric.is_axial() {
        for a in 0..3u8 {
            let (f1, f2) = (a, a + 3);
            if !(allowed[f1 as usize] && allowed[f2 as usize]) {
                continue;
            }
            for t1 in 1..=3u8 {
                for t2 in 1..=3u8 {
                    let (m1, m2) = (f1 * 3 + t1 - 1, f2 * 3 + t2 - 1);
                    out.push(RobotMove {
                        turns: [m1, m2],
                        len: 2,
                        cost: metric.turn_cost(t1).max(metric.turn_cost(t2)),
                        axis: a,
                        face: f1,
                        in_g1: keeps_g1(m1 as usize) && keeps_g1(m2 as usize),
                    });
                }
            }
        }
    }
    out
}

/// Whether `next` may start phase 2 after phase 1's last move `last` (and the move `before`
/// it, if any). In the axial metrics as [`may_follow`]. Otherwise both orders of opposite
/// faces are allowed across the boundary, as in the half-turn search (phase 1 ends with a move
/// leaving G1, and the other order would end it with a G1 move, a path the search skips), but
/// never the face of `last`, nor that of `before` when the two are opposite (`F B' F2` is
/// `F' B'`).
#[inline(always)]
pub fn may_start_phase2(
    metric: Metric,
    before: Option<&RobotMove>,
    last: &RobotMove,
    next: &RobotMove,
) -> bool {
    if metric.is_axial() {
        return may_follow(metric, last, next);
    }
    last.face != next.face && !before.is_some_and(|b| b.axis == last.axis && b.face == next.face)
}

/// Whether `next` may be phase 2's second move, after phase 1's last move `last1` and phase
/// 2's first `first2`: [`may_follow`], and outside the axial metrics, when `first2` turns the
/// face opposite `last1`'s, not `last1`'s face again (`B' F2 B2` is `F2 B`).
#[inline(always)]
pub fn may_follow_across(
    metric: Metric,
    last1: &RobotMove,
    first2: &RobotMove,
    next: &RobotMove,
) -> bool {
    may_follow(metric, first2, next)
        && (metric.is_axial() || !(last1.axis == first2.axis && last1.face == next.face))
}

/// Whether `next` may follow `prev` in a search: never the same axis twice in the axial
/// metrics (the two moves would be one), otherwise never the same face twice and opposite
/// faces in one order only (they commute).
#[inline(always)]
pub fn may_follow(metric: Metric, prev: &RobotMove, next: &RobotMove) -> bool {
    if metric.is_axial() {
        prev.axis != next.axis
    } else {
        prev.face != next.face && !(prev.axis == next.axis && prev.face > next.face)
    }
}
