//! Generic iterative-deepening A* over outer face turns, with the move-sequence pruning every
//! method shares: never the same face twice in a row, and opposite faces only in one order.

use rubik_cube::cubie::MOVE_CUBES;
use rubik_cube::{CubieCube, Move};

/// `COMMUTE[a][b]`: whether quarter turns of faces `a` and `b` (URFDLB indices) commute,
/// computed from the moves' definitions ([`MOVE_CUBES`]) when the crate compiles: `a b = b a`.
/// (It comes out as "opposite faces", the faces of one axis; nothing here assumes it.)
pub const COMMUTE: [[bool; 6]; 6] = {
    let mut out = [[false; 6]; 6];
    let mut a = 0;
    while a < 6 {
        let mut b = 0;
        while b < 6 {
            let (x, y) = (&MOVE_CUBES[a * 3], &MOVE_CUBES[b * 3]);
            out[a][b] = same_cube(&x.multiply(y), &y.multiply(x));
            b += 1;
        }
        a += 1;
    }
    out
};

/// `c == d` in a `const`.
const fn same_cube(c: &CubieCube, d: &CubieCube) -> bool {
    let mut i = 0;
    while i < 8 {
        if c.cp[i] != d.cp[i] || c.co[i] != d.co[i] {
            return false;
        }
        i += 1;
    }
    let mut i = 0;
    while i < 12 {
        if c.ep[i] != d.ep[i] || c.eo[i] != d.eo[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The index of "no previous move" in [`FOLLOW`].
pub const NO_MOVE: usize = 18;

/// The canonical move order every search uses: `FOLLOW[p]` has bit `m` set when move `m` may
/// follow move `p` (`p` = [`NO_MOVE`] at the start). A move never follows a move of its own
/// face (the two would be one move), and of two faces that commute ([`COMMUTE`]) only the
/// lower URFDLB index goes first (`U D`, never `D U`): every sequence of face turns has exactly
/// one canonical spelling of each of its commuting runs, so a search visits each once.
pub const FOLLOW: [u32; 19] = {
    let mut out = [0u32; 19];
    let mut p = 0;
    while p < 19 {
        let mut m = 0;
        while m < 18 {
            let ok = if p == NO_MOVE {
                true
            } else {
                let (a, b) = (p / 3, m / 3);
                a != b && !(COMMUTE[a][b] && a > b)
            };
            if ok {
                out[p] |= 1 << m;
            }
            m += 1;
        }
        p += 1;
    }
    out
};

/// Whether `next` may follow `prev` (`None` at the start) in a canonical move sequence: never
/// a turn of the same face, and of two commuting opposite faces only one order (U before D, R
/// before L, F before B). The searches try only canonical sequences.
#[inline]
pub fn can_follow(prev: Option<Move>, next: Move) -> bool {
    FOLLOW[prev.map_or(NO_MOVE, Move::index)] & (1 << next.index()) != 0
}

/// Appends `m` to `seq`, merging it with the tail: a move of the same face as the last move is
/// combined with it (`R` + `R2` = `R'`, `R` + `R'` = nothing), and so is a move of the same face
/// as the move before a last move on the opposite face (`R L` + `R2` = `R' L`), since opposite
/// faces commute. Returns the change in length (+1, 0 or -1).
pub fn push_merged(seq: &mut Vec<Move>, m: Move) -> isize {
    let n = seq.len();
    let target = if n >= 1 && seq[n - 1].face() == m.face() {
        Some(n - 1)
    } else if n >= 2 && seq[n - 1].face() == m.face().opposite() && seq[n - 2].face() == m.face() {
        Some(n - 2)
    } else {
        None
    };
    match target {
        None => {
            seq.push(m);
            1
        }
        Some(i) => match Move::new(m.face(), i32::from(seq[i].turns()) + i32::from(m.turns())) {
            Some(merged) => {
                seq[i] = merged;
                0
            }
            None => {
                seq.remove(i);
                -1
            }
        },
    }
}

/// `moves` with every mergeable pair of turns combined (`R R` is `R2`, `R R'` nothing, also
/// across a turn of the opposite face): the same position, in as few or fewer moves. A
/// [`Solution`](crate::Solution)'s moves are its steps' moves merged so.
pub fn merge_moves(moves: &[Move]) -> Vec<Move> {
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        push_merged(&mut out, m);
    }
    out
}

/// A search problem over outer face turns.
pub trait SearchSpace {
    /// A node of the search.
    type State: Clone;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// A lower bound on the moves from `state` to a goal (must never overestimate).
    fn heuristic(&self, state: &Self::State) -> usize;

    /// The moves this space allows (e.g. all 18, or a subgroup's generators).
    fn moves(&self) -> &[Move];

    /// The state after `m`.
    fn apply(&self, state: &Self::State, m: Move) -> Self::State;
}

/// The shortest move sequence (at most `max_depth` moves) from `start` to a goal, or `None`.
pub fn ida_star<S: SearchSpace>(
    space: &S,
    start: &S::State,
    max_depth: usize,
) -> Option<Vec<Move>> {
    let mut path = Vec::with_capacity(max_depth);
    let mut bound = space.heuristic(start);
    while bound <= max_depth {
        if dfs(space, start, bound, &mut path, &mut |_| true) {
            return Some(path);
        }
        bound += 1;
    }
    None
}

/// Every goal-reaching sequence of exactly the shortest length (up to `max_depth`), each passed
/// to `accept`; the search stops early when `accept` returns `true`. Returns the first accepted
/// sequence. Lets a method choose among optimal solutions (e.g. one that cancels with the next
/// step).
pub fn ida_star_choose<S: SearchSpace>(
    space: &S,
    start: &S::State,
    max_depth: usize,
    accept: &mut dyn FnMut(&[Move]) -> bool,
) -> Option<Vec<Move>> {
    let mut path = Vec::with_capacity(max_depth);
    let mut bound = space.heuristic(start);
    while bound <= max_depth {
        if dfs(space, start, bound, &mut path, accept) {
            return Some(path);
        }
        bound += 1;
    }
    None
}

fn dfs<S: SearchSpace>(
    space: &S,
    state: &S::State,
    bound: usize,
    path: &mut Vec<Move>,
    accept: &mut dyn FnMut(&[Move]) -> bool,
) -> bool {
    let h = space.heuristic(state);
    if path.len() + h > bound {
        return false;
    }
    if path.len() == bound {
        return space.is_goal(state) && accept(path);
    }
    let prev = path.last().copied();
    for &m in space.moves() {
        if !can_follow(prev, m) {
            continue;
        }
        let next = space.apply(state, m);
        path.push(m);
        if dfs(space, &next, bound, path, accept) {
            return true;
        }
        path.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::CubieCube;

    /// Full cube, heuristic 0: finds short solutions by brute force.
    struct Brute;
    impl SearchSpace for Brute {
        type State = CubieCube;
        fn is_goal(&self, s: &CubieCube) -> bool {
            s.is_solved()
        }
        fn heuristic(&self, s: &CubieCube) -> usize {
            usize::from(!s.is_solved())
        }
        fn moves(&self) -> &[Move] {
            &Move::ALL
        }
        fn apply(&self, s: &CubieCube, m: Move) -> CubieCube {
            s.apply_move(m)
        }
    }

    #[test]
    fn finds_three_move_inverse() {
        let scramble = [
            Move::from_index(3),
            Move::from_index(7),
            Move::from_index(10),
        ];
        let cube = CubieCube::from_moves(&scramble);
        let sol = ida_star(&Brute, &cube, 4).expect("solution");
        assert_eq!(sol.len(), 3);
        assert!(cube.apply_moves(&sol).is_solved());
    }

    #[test]
    fn merging_keeps_the_position() {
        let parse = |s: &str| -> Vec<Move> {
            s.split_whitespace()
                .map(|t| {
                    let face = rubik_cube::Face::from_letter(t.chars().next().expect("token"));
                    let turns = match &t[1..] {
                        "" => 1,
                        "2" => 2,
                        _ => 3,
                    };
                    Move::new(face.expect("face"), turns).expect("turn")
                })
                .collect()
        };
        for (input, expected) in [
            ("R R2", "R'"),
            ("R L R2", "R' L"),
            ("R U U' R'", ""),
            ("F B F' B2", "B'"),
            ("U R", "U R"),
        ] {
            let merged = merge_moves(&parse(input));
            assert_eq!(merged, parse(expected), "{input}");
            assert_eq!(
                CubieCube::from_moves(&merged),
                CubieCube::from_moves(&parse(input))
            );
        }
    }

    #[test]
    fn canonical_order() {
        let u = Move::from_index(0);
        let d = Move::from_index(9);
        assert!(can_follow(Some(u), d));
        assert!(!can_follow(Some(d), u));
        assert!(!can_follow(Some(u), u.inverse()));
    }

    /// The computed relation is the known one: turns of two faces commute exactly when the
    /// faces are opposite (or the same), and the rule allows 18 first moves, then 15 or 12.
    #[test]
    fn faces_commute_exactly_when_opposite() {
        for a in rubik_cube::Face::ALL {
            for b in rubik_cube::Face::ALL {
                assert_eq!(
                    COMMUTE[a.index()][b.index()],
                    a.axis() == b.axis(),
                    "{a} {b}"
                );
            }
        }
        assert_eq!(FOLLOW[NO_MOVE].count_ones(), 18);
        for (p, follow) in FOLLOW[..NO_MOVE].iter().enumerate() {
            // After U, R, F: 15 moves; after D, L, B (the second face of an axis): 12.
            let expected = if p / 3 < 3 { 15 } else { 12 };
            assert_eq!(follow.count_ones(), expected, "{p}");
        }
    }

    /// Every sequence of two moves of different faces either is canonical or, when the faces
    /// commute, equals the canonical one in the other order: nothing reachable is lost.
    #[test]
    fn the_order_keeps_every_state_of_two_moves() {
        for a in 0..18 {
            for b in 0..18 {
                let (ma, mb) = (Move::from_index(a), Move::from_index(b));
                if ma.face() == mb.face() || can_follow(Some(ma), mb) {
                    continue;
                }
                assert!(can_follow(Some(mb), ma), "{ma} {mb}");
                assert_eq!(
                    CubieCube::from_moves(&[ma, mb]),
                    CubieCube::from_moves(&[mb, ma])
                );
            }
        }
    }
}
