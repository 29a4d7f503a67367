//! The whole ⟨R,U⟩ group by breadth-first search, and the goal search's optimal lengths of 200
//! random ⟨R,U⟩ states checked against it.
//!
//! The search here shares nothing with the solver's: its own numbering of the group, its own
//! move tables. A state is its six corners (position and twist, the 29,160 arrangements
//! ⟨R,U⟩ makes, numbered in the order a search over corners alone finds them) and its seven
//! edges (never flipped in ⟨R,U⟩; a permutation of 7, by its Lehmer code). The group is
//! exactly the pairs whose corner and edge permutations have the same parity, so the index
//! `corner × 2520 + edge rank / 2` numbers its 73,483,200 members (the two edge permutations
//! of ranks 2k and 2k + 1 differ in parity). Each entry holds 2 bits: the distance modulo 3,
//! or "not reached" — 18.4 MB for the whole group. A level expands its frontier forwards
//! while the frontier is small, and otherwise lets each unreached state look for a neighbour
//! on the frontier. A state's distance is read back by walking to solved through neighbours
//! one step closer.

use rayon::prelude::*;
use rubik_cube::random::rng_from_seed;
use rubik_cube::subset::Subset;
use rubik_cube::{CubieCube, Face, Goal, Move};
use rubik_solve::goal::GoalSolver;
use rubik_solve::{Limits, SolverConfig};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};

/// Corner positions ⟨R,U⟩ moves: URF UFL ULB UBR DFR DRB.
const CORNERS: [usize; 6] = [0, 1, 2, 3, 4, 7];
/// Edge positions it moves: UR UF UL UB DR FR BR.
const EDGES: [usize; 7] = [0, 1, 2, 3, 4, 8, 11];
const N_CORNER: usize = 29_160;
const N_EDGE: usize = 5040;
const N: usize = N_CORNER * N_EDGE / 2;
const UNSEEN: u8 = 3;

fn moves() -> Vec<Move> {
    [Face::R, Face::U]
        .iter()
        .flat_map(|&f| (1..=3).map(move |t| Move::new(f, t).unwrap()))
        .collect()
}

fn corner_key(c: &CubieCube) -> [u8; 12] {
    let mut k = [0u8; 12];
    for (i, &p) in CORNERS.iter().enumerate() {
        k[2 * i] = c.cp[p];
        k[2 * i + 1] = c.co[p];
    }
    k
}

fn lehmer(perm: &[u8; 7]) -> usize {
    let mut r = 0;
    for i in 0..7 {
        let smaller = perm[i + 1..].iter().filter(|&&x| x < perm[i]).count();
        r = r * (7 - i) + smaller;
    }
    r
}

fn edge_perm(c: &CubieCube) -> [u8; 7] {
    // Edge pieces renumbered 0..7 by their place in EDGES.
    std::array::from_fn(|i| {
        EDGES
            .iter()
            .position(|&e| e == c.ep[EDGES[i]] as usize)
            .unwrap() as u8
    })
}

fn parity(p: &[u8]) -> u8 {
    rubik_cube::cubie::permutation_parity(p) as u8
}

/// The group's numbering and move tables.
struct Group {
    corner_move: Vec<[u16; 6]>,
    corner_parity: Vec<u8>,
    corner_index: HashMap<[u8; 12], u16>,
    edge_move: Vec<[u16; 6]>,
    edge_parity: Vec<u8>,
}

impl Group {
    fn new() -> Group {
        let ms = moves();
        // Corners: breadth-first over the arrangements ⟨R,U⟩ makes of its six corners.
        let mut states = vec![CubieCube::SOLVED];
        let mut corner_index = HashMap::from([(corner_key(&CubieCube::SOLVED), 0u16)]);
        let mut corner_move = Vec::new();
        let mut i = 0;
        while i < states.len() {
            let mut row = [0u16; 6];
            for (k, &m) in ms.iter().enumerate() {
                let next = states[i].apply_move(m);
                let key = corner_key(&next);
                let n = corner_index.len() as u16;
                row[k] = *corner_index.entry(key).or_insert_with(|| {
                    states.push(next);
                    n
                });
            }
            corner_move.push(row);
            i += 1;
        }
        assert_eq!(states.len(), N_CORNER);
        let corner_parity = states
            .iter()
            .map(|c| parity(&CORNERS.map(|p| c.cp[p])))
            .collect();
        // Edges: every permutation of the seven, by Lehmer code.
        let mut edge_move = vec![[0u16; 6]; N_EDGE];
        let mut edge_parity = vec![0u8; N_EDGE];
        let mut perm = [0u8, 1, 2, 3, 4, 5, 6];
        let mut seen = 0;
        permute(&mut perm, 0, &mut |p| {
            let r = lehmer(p);
            edge_parity[r] = parity(p);
            let mut c = CubieCube::SOLVED;
            for (i, &x) in p.iter().enumerate() {
                c.ep[EDGES[i]] = EDGES[x as usize] as u8;
            }
            for (k, &m) in ms.iter().enumerate() {
                edge_move[r][k] = lehmer(&edge_perm(&c.apply_move(m))) as u16;
            }
            seen += 1;
        });
        assert_eq!(seen, N_EDGE);
        Group {
            corner_move,
            corner_parity,
            corner_index,
            edge_move,
            edge_parity,
        }
    }

    fn index(&self, c: usize, e: usize) -> usize {
        c * (N_EDGE / 2) + e / 2
    }

    /// The corner and edge values of an index.
    fn split(&self, i: usize) -> (usize, usize) {
        let (c, half) = (i / (N_EDGE / 2), i % (N_EDGE / 2));
        let e = 2 * half;
        let e = if self.edge_parity[e] == self.corner_parity[c] {
            e
        } else {
            e + 1
        };
        (c, e)
    }

    fn of(&self, cube: &CubieCube) -> usize {
        let c = self.corner_index[&corner_key(cube)] as usize;
        self.index(c, lehmer(&edge_perm(cube)))
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (c, e) = self.split(i);
        (0..6).map(move |k| {
            self.index(
                self.corner_move[c][k] as usize,
                self.edge_move[e][k] as usize,
            )
        })
    }
}

fn permute(p: &mut [u8; 7], k: usize, f: &mut impl FnMut(&[u8; 7])) {
    if k == p.len() {
        f(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permute(p, k + 1, f);
        p.swap(k, i);
    }
}

/// Distances modulo 3 (2 bits an entry, packed 4 to a byte), and the count of each distance.
struct Distances {
    cells: Vec<AtomicU8>,
    counts: Vec<u64>,
}

impl Distances {
    fn get(&self, i: usize) -> u8 {
        (self.cells[i / 4].load(Ordering::Relaxed) >> (2 * (i % 4))) & 3
    }

    /// Sets entry `i` from UNSEEN to `v`; false when another thread (or level) got it first.
    fn claim(&self, i: usize, v: u8) -> bool {
        let shift = 2 * (i % 4);
        self.cells[i / 4]
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                ((b >> shift) & 3 == UNSEEN).then_some(b & !(3 << shift) | (v << shift))
            })
            .is_ok()
    }

    fn bfs(g: &Group) -> Distances {
        let d = Distances {
            cells: (0..N.div_ceil(4)).map(|_| AtomicU8::new(0xff)).collect(),
            counts: Vec::new(),
        };
        let mut d = d;
        assert!(d.claim(g.index(0, 0), 0));
        let mut counts = vec![1u64];
        let mut reached = 1u64;
        let mut depth = 0u8;
        while *counts.last().unwrap() > 0 {
            let (code, next) = (depth % 3, (depth + 1) % 3);
            let frontier = *counts.last().unwrap();
            let forwards = frontier * 6 < (N as u64 - reached);
            let found: u64 = (0..N)
                .into_par_iter()
                .with_min_len(1 << 16)
                .map(|i| {
                    if forwards {
                        if d.get(i) != code {
                            return 0;
                        }
                        g.neighbours(i).filter(|&j| d.claim(j, next)).count() as u64
                    } else {
                        if d.get(i) != UNSEEN || !g.neighbours(i).any(|j| d.get(j) == code) {
                            return 0;
                        }
                        u64::from(d.claim(i, next))
                    }
                })
                .sum();
            reached += found;
            counts.push(found);
            depth += 1;
        }
        counts.pop();
        d.counts = counts;
        d
    }

    /// The distance of entry `i`: steps to solved through neighbours one step closer.
    fn distance(&self, g: &Group, mut i: usize) -> usize {
        let solved = g.index(0, 0);
        let mut steps = 0;
        while i != solved {
            let want = (self.get(i) + 2) % 3;
            i = g
                .neighbours(i)
                .find(|&j| self.get(j) == want)
                .expect("a step closer");
            steps += 1;
        }
        steps
    }
}

#[test]
fn optimal_two_gen_lengths_agree_with_the_whole_group_search() {
    let g = Group::new();
    let d = Distances::bfs(&g);
    assert_eq!(d.counts.iter().sum::<u64>(), 73_483_200);
    // The group's diameter in face turns is 20, with 54 positions that far (as twsearch's
    // breadth-first count of the same group says too).
    println!("⟨R,U⟩ distances: {:?}", d.counts);
    assert_eq!(d.counts.len() - 1, 20);
    assert_eq!(d.counts[20], 54);

    let solver = GoalSolver::new(&SolverConfig {
        table_dir: Some(std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("goal-tables")),
        ..SolverConfig::default()
    });
    let moves = "R,U".parse().unwrap();
    let mut rng = rng_from_seed(2024);
    for _ in 0..200 {
        let cube = Subset::TwoGen.random(&mut rng);
        let expected = d.distance(&g, g.of(&cube));
        let sol = solver
            .solve(&cube, &Goal::solved(), &moves, &Limits::default())
            .unwrap();
        assert!(cube.apply_moves(&sol.solution.moves).is_solved());
        assert_eq!(sol.len(), expected, "{}", cube.to_facelets());
    }
}
