//! Generic iterative-deepening A* over outer face turns, with the move-sequence pruning every
//! method shares: never the same face twice in a row, and opposite faces only in one order.

use rubik_cube::Move;

/// Whether `next` may follow `prev` in a canonical move sequence: not the same face, and for
/// opposite faces (which commute) only the order U before D, R before L, F before B.
#[inline]
pub fn can_follow(prev: Option<Move>, next: Move) -> bool {
    match prev {
        None => true,
        Some(p) => {
            let (a, b) = (p.face(), next.face());
            a != b && !(a.axis() == b.axis() && a.index() > b.index())
        }
    }
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

/// `moves` with every mergeable pair of turns combined (see [`push_merged`]): the same
/// position, in as few or fewer moves.
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
}
