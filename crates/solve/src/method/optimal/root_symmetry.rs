//! Symmetric subtrees at the root: when a symmetry `S` fixes the cube (`S · c · S⁻¹ = c`), the
//! states reached after a move sequence `p` and after its image `S(p)` are images of each other,
//! and so are their solutions. Each deepening step splits the tree into tasks (short move
//! prefixes); a task whose state is the image of an earlier task's state under such a symmetry
//! need not be searched:
//!
//! - for the first optimal solution it is skipped: if it held a solution, the earlier task would
//!   hold its image, or a task earlier still would (when the image, made canonical again, starts
//!   differently), so the earliest task with a solution is never skipped and the result is the
//!   same as without the filter;
//! - for every optimal solution its solutions are the images of the earlier task's (searched
//!   without the join rule between prefix and suffix, then filtered per task).
//!
//! All 48 symmetries, reflections included, are tried: a reflected solution is a solution of
//! the reflected cube. Superflip is fixed by all 48.

use rubik_cube::symmetry::{conjugate, symmetries, N_SYM};
use rubik_cube::{CubieCube, Move};
use std::collections::HashMap;

/// The symmetries (indices among the 48) that fix `cube`, the identity first.
pub fn stabiliser(cube: &CubieCube) -> Vec<usize> {
    (0..N_SYM)
        .filter(|&s| conjugate(s, cube) == *cube)
        .collect()
}

/// What to do with one task of the split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskRole {
    /// Search it.
    Search,
    /// Its state is `S · state(of) · S⁻¹` for the symmetry `sym`, with `of` an earlier task.
    Image {
        /// Index of the earlier task searched instead.
        of: usize,
        /// The symmetry carrying that task's state to this one's.
        sym: usize,
    },
}

type StateKey = ([u8; 8], [u8; 8], [u8; 12], [u8; 12]);

fn key(c: &CubieCube) -> StateKey {
    (c.cp, c.co, c.ep, c.eo)
}

/// The role of each task (move prefix from `cube`), given the stabiliser `stab` of `cube`.
pub fn classify(cube: &CubieCube, tasks: &[&[Move]], stab: &[usize]) -> Vec<TaskRole> {
    if stab.len() <= 1 {
        return vec![TaskRole::Search; tasks.len()];
    }
    let table = symmetries();
    // For each task: the least image of its state under the stabiliser, and a symmetry
    // reaching it. Two tasks with the same least image are images of each other.
    let mut first: HashMap<StateKey, (usize, usize)> = HashMap::new();
    tasks
        .iter()
        .enumerate()
        .map(|(i, path)| {
            let state = cube.apply_moves(path);
            let (least, s_here) = stab
                .iter()
                .map(|&s| (key(&conjugate(s, &state)), s))
                .min()
                .expect("the identity fixes every cube");
            match first.get(&least) {
                None => {
                    first.insert(least, (i, s_here));
                    TaskRole::Search
                }
                Some(&(of, s_there)) => {
                    // s_here(state) = s_there(state(of)), so state = s_here⁻¹ · s_there (state(of)).
                    let sym = table.product[table.inverse[s_here] as usize][s_there] as usize;
                    TaskRole::Image { of, sym }
                }
            }
        })
        .collect()
}

/// The canonical form of an optimal move sequence: adjacent moves on faces that commute put in
/// the order the search uses ([`crate::search::FOLLOW`]). In a sequence with no shorter
/// equivalent, no face repeats within a run of commuting moves, so one pass suffices.
pub fn canonical(mut moves: Vec<Move>) -> Vec<Move> {
    let mut i = 1;
    while i < moves.len() {
        let (a, b) = (moves[i - 1], moves[i]);
        if a.face() != b.face() && !crate::search::can_follow(Some(a), b) {
            moves.swap(i - 1, i);
            i += 2;
        } else {
            i += 1;
        }
    }
    moves
}

/// `S · m · S⁻¹` for every move, made canonical again: a solution of `state` mapped to one
/// of `S · state · S⁻¹`.
pub fn image(sym: usize, moves: &[Move]) -> Vec<Move> {
    let conj = &symmetries().conj_move[sym];
    canonical(
        moves
            .iter()
            .map(|m| Move::from_index(conj[m.index()] as usize))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(s: &str) -> Vec<Move> {
        rubik_cube::Alg::parse(s).unwrap().face_turns().unwrap()
    }

    fn superflip() -> CubieCube {
        let mut c = CubieCube::SOLVED;
        c.eo = [1; 12];
        c
    }

    #[test]
    fn superflip_has_every_symmetry_and_a_random_cube_only_the_identity() {
        assert_eq!(stabiliser(&superflip()).len(), N_SYM);
        assert_eq!(stabiliser(&CubieCube::SOLVED).len(), N_SYM);
        let c = CubieCube::random(&mut rubik_cube::random::rng_from_seed(4));
        assert_eq!(stabiliser(&c), vec![0]);
    }

    #[test]
    fn images_map_states_onto_states() {
        let cube = superflip();
        let stab = stabiliser(&cube);
        let tasks: Vec<Vec<Move>> = Move::ALL
            .iter()
            .flat_map(|&a| Move::ALL.iter().map(move |&b| vec![a, b]))
            .filter(|p| crate::search::can_follow(Some(p[0]), p[1]))
            .collect();
        let refs: Vec<&[Move]> = tasks.iter().map(|p| p.as_slice()).collect();
        let roles = classify(&cube, &refs, &stab);
        let searched = roles.iter().filter(|r| **r == TaskRole::Search).count();
        // 243 canonical two-move prefixes fall into a handful of classes under 48 symmetries.
        assert!(searched * 10 < tasks.len(), "{searched} of {}", tasks.len());
        for (i, role) in roles.iter().enumerate() {
            if let TaskRole::Image { of, sym } = *role {
                assert!(of < i);
                let (here, there) = (cube.apply_moves(&tasks[i]), cube.apply_moves(&tasks[of]));
                assert_eq!(here, conjugate(sym, &there));
                // Any continuation of the earlier task, mapped, continues this one alike.
                let more = moves("R U F' D2 L B U");
                assert_eq!(
                    here.apply_moves(&image(sym, &more)),
                    conjugate(sym, &there.apply_moves(&more))
                );
            }
        }
    }

    #[test]
    fn canonical_orders_opposite_faces() {
        let m = moves;
        assert_eq!(canonical(m("D U R L' B F2")), m("U D R L' F2 B"));
        assert_eq!(canonical(m("U D R")), m("U D R"));
    }
}
