//! F2L as a person does it: for each unsolved pair, take its pieces out of a wrong slot with a
//! three-move trigger, line the case up with a U turn and do the case's algorithm from the
//! table ([`super::f2l_cases`]): in a front slot as the table writes it (or mirrored), in a back
//! slot by its back form (the ⟨R,U⟩ / ⟨L,U⟩ algorithms mirrored front to back, seen from the
//! front), or after a `y` turn that brings the slot to the front. The pair chosen is the one
//! with the fewest moves together with the pair after it, a whole-cube rotation counting as
//! [`ROTATION_COST`] moves, so a rotation is made only when it saves more than a move.

use super::f2l::SLOTS;
use super::f2l_cases::{case_book, key, key_after, CaseKey, Side};
use super::pieces::View;
use rubik_cube::{Alg, CubieCube, Move};
use std::sync::OnceLock;

/// What a whole-cube rotation costs when choosing a pair, in moves: about one move's effort,
/// plus one so that a rotation-free way that is as short or one move longer is preferred.
pub const ROTATION_COST: usize = 2;

/// A trigger that takes the pieces out of one slot (as the cube is held), without B or D.
#[derive(Clone, Debug)]
pub struct Trigger {
    /// As written (`R U R'`).
    pub text: &'static str,
    /// As outer face turns.
    pub moves: Vec<Move>,
}

/// The triggers that empty each slot position as held (0 front right, 1 front left, 2 back
/// left, 3 back right).
fn triggers() -> &'static [Vec<Trigger>; 4] {
    static TABLE: OnceLock<[Vec<Trigger>; 4]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let make = |texts: &[&'static str]| -> Vec<Trigger> {
            texts
                .iter()
                .map(|&text| Trigger {
                    text,
                    moves: Alg::parse(text).expect("trigger notation").moves().to_vec(),
                })
                .collect()
        };
        [
            make(&[
                "R U R'", "R U' R'", "R U2 R'", "F' U' F", "F' U F", "F' U2 F",
            ]),
            make(&[
                "L' U' L", "L' U L", "L' U2 L", "F U F'", "F U' F'", "F U2 F'",
            ]),
            make(&["L U L'", "L U' L'", "L U2 L'"]),
            make(&["R' U' R", "R' U R", "R' U2 R"]),
        ]
    })
}

/// How one pair is solved by hand, in the frame of the cube held `holding` times `y'`-turned.
#[derive(Clone, Debug)]
pub struct PairPlan {
    /// The slot (index into [`SLOTS`], in the solver's view).
    pub slot: usize,
    /// How the cube is held (`y'` turns from the view).
    pub holding: usize,
    /// Which front slot it is as held.
    pub side: Side,
    /// Triggers taking the pair's pieces out of other slots: (slot position as held, trigger).
    pub extractions: Vec<(usize, usize)>,
    /// U turns before the algorithm.
    pub auf: usize,
    /// The case (index into the table).
    pub case: usize,
    /// The cost it was chosen by.
    pub cost: usize,
}

impl PairPlan {
    /// The extraction triggers.
    pub fn extraction_triggers(&self) -> Vec<&'static Trigger> {
        self.extractions
            .iter()
            .map(|&(at, t)| &triggers()[at][t])
            .collect()
    }

    /// The moves as held: extractions, the U turn and the algorithm (merged where they meet).
    pub fn held_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self
            .extraction_triggers()
            .iter()
            .flat_map(|t| t.moves.iter().copied())
            .collect();
        moves.extend(case_book().algs[self.side.slot()][self.case].after_u_turn(self.auf));
        moves
    }
}

/// The slot position (0 front right .. 3 back right) where the cube held `holding` times
/// `y'`-turned shows the view's slot `k`.
pub fn position_as_held(holding: usize, k: usize) -> usize {
    super::f2l::slot_in_view(&View::y_turns(holding), k)
}

/// The rotation cost of going from holding `from` to `to`.
fn rotation_cost(from: usize, to: usize) -> usize {
    if from % 4 == to % 4 {
        0
    } else {
        ROTATION_COST
    }
}

/// A way to finish a pair: the extractions (slot position as held, trigger), the U turns
/// before the algorithm, the case, and the moves in all.
type Finish = (Vec<(usize, usize)>, usize, usize, usize);

/// The best way to finish the pair of the `side` slot of the cube as held, from that pair's
/// key (its corner's and edge's states: the triggers and the case's algorithm move only that
/// slot, the slots the triggers empty and the top layer, so nothing else is needed): up to
/// `depth` extractions, then the case. `(extractions, auf, case, moves)`.
fn finish_pair(pair: CaseKey, side: Side, depth: usize) -> Option<Finish> {
    let target = &SLOTS[side.slot()];
    let corner = usize::from(pair.0 / 3);
    let edge = usize::from(pair.1 / 2);
    let corner_ok = corner < 4 || corner == target.corner;
    let edge_ok = edge < 4 || edge == target.edge;
    let book = case_book();
    if corner_ok && edge_ok {
        let (auf, case) = book.recognise_key(pair, side)?;
        let len = book.algs[side.slot()][case].len_after_u_turn(auf);
        return Some((Vec::new(), auf, case, len));
    }
    if depth == 0 {
        return None;
    }
    let mut wrong = Vec::new();
    if !corner_ok {
        wrong.push(corner - 4);
    }
    if !edge_ok && !wrong.contains(&(edge - 8)) {
        wrong.push(edge - 8);
    }
    let mut best: Option<Finish> = None;
    for at in wrong {
        for (t, trigger) in triggers()[at].iter().enumerate() {
            let next = key_after(pair, &trigger.moves);
            if let Some((mut ex, auf, case, len)) = finish_pair(next, side, depth - 1) {
                let len = len + trigger.moves.len();
                if best.as_ref().is_none_or(|b| len < b.3) {
                    ex.insert(0, (at, t));
                    best = Some((ex, auf, case, len));
                }
            }
        }
    }
    best
}

/// Every pair that can be done next on `cube` (the solver's view, cross solved, the pairs in
/// `solved` kept, held `holding` times `y'`-turned), each the cheapest way for its slot and
/// holding.
fn candidates(cube: &CubieCube, solved: [bool; 4], holding: usize) -> Vec<PairPlan> {
    let mut out = Vec::new();
    for d in 0..4 {
        let h = (holding + d) % 4;
        let held = View::y_turns(h).apply(cube);
        for side in Side::ALL {
            let Some(k) = (0..4).find(|&k| position_as_held(h, k) == side.slot()) else {
                continue;
            };
            // A back form is done as the cube is held: after a rotation, the slot is brought
            // to the front instead.
            if solved[k] || (side.front_of_back().is_some() && h != holding) {
                continue;
            }
            let Some((extractions, auf, case, len)) = finish_pair(key(&held, side.slot()), side, 2)
            else {
                continue;
            };
            out.push(PairPlan {
                slot: k,
                holding: h,
                side,
                extractions,
                auf,
                case,
                cost: len + rotation_cost(holding, h),
            });
        }
    }
    out
}

/// The cube (the solver's view) after `plan`.
fn after(cube: &CubieCube, plan: &PairPlan) -> CubieCube {
    let held = View::y_turns(plan.holding);
    let moves: Vec<Move> = plan
        .held_moves()
        .into_iter()
        .map(|m| held.physical_move(m))
        .collect();
    cube.apply_moves(&moves)
}

/// Every pair that can be done next (as [`candidates`]) with the moves of the cheapest pair
/// after it, a rotation counted (a look one pair ahead, as a cuber tracks the next pair).
fn looked_ahead(cube: &CubieCube, solved: [bool; 4], holding: usize) -> Vec<(PairPlan, usize)> {
    candidates(cube, solved, holding)
        .into_iter()
        .map(|plan| {
            let mut then = solved;
            then[plan.slot] = true;
            let next = candidates(&after(cube, &plan), then, plan.holding)
                .iter()
                .map(|p| p.cost)
                .min()
                .unwrap_or(0);
            (plan, next)
        })
        .collect()
}

/// The pair a person would do next on `cube` (the solver's view, cross solved), with the
/// pairs in `solved` kept, the cube held `holding` times `y'`-turned: the cheapest in moves
/// together with the cheapest pair after it, a rotation counting [`ROTATION_COST`]. `None`
/// when every pair is solved.
pub fn next_pair(cube: &CubieCube, solved: [bool; 4], holding: usize) -> Option<PairPlan> {
    let mut best: Option<(usize, PairPlan)> = None;
    for (plan, next) in looked_ahead(cube, solved, holding) {
        let total = plan.cost + next;
        if best.as_ref().is_none_or(|(t, _)| total < *t) {
            best = Some((total, plan));
        }
    }
    best.map(|(_, plan)| plan)
}

/// How to hold the cube for F2L, chosen in inspection (`y'` turns from the view): so that the
/// pair [`next_pair`] would choose, were rotations free, needs none. `None` when every pair
/// is solved.
pub fn start_holding(cube: &CubieCube, solved: [bool; 4]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (plan, next) in looked_ahead(cube, solved, 0) {
        let total = plan.cost - rotation_cost(0, plan.holding) + next;
        if best.is_none_or(|(t, _)| total < t) {
            best = Some((total, plan.holding));
        }
    }
    best.map(|(_, holding)| holding)
}
