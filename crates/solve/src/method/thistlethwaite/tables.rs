//! Move tables and complete distance tables (breadth-first search) for the four phases.
//!
//! All tables are small (about 2.5 MB together) and take a few tens of milliseconds to build;
//! the distance tables are the store's, the move tables are computed in memory.

use super::coords::*;
use crate::store::bfs::{self, Cells, Graph};
use crate::store::{AnySpec, Built, Entries, Spec, Store, Table, TableError, TableSpec};
use crate::Progress;
use rubik_cube::{CubieCube, Face, Move};
use std::sync::Arc;

/// The moves of each phase: the generators of the group the phase starts in.
pub const PHASE_MOVES: [&[Move]; 4] = [&P1_MOVES, &P2_MOVES, &P3_MOVES, &P4_MOVES];

/// The faces in the order each phase lists its generators: the U–D axis, then R–L, then F–B.
const GENERATOR_FACES: [Face; 6] = [Face::U, Face::D, Face::R, Face::L, Face::F, Face::B];

/// The generators of a group ⟨…⟩ of face turns, faces in [`GENERATOR_FACES`] order: the
/// quarter, half and inverse turns of a face `quarter` marks, the half turn alone of the others.
const fn generators<const N: usize>(quarter: [bool; 6]) -> [Move; N] {
    let mut out = [Move::from_index(0); N];
    let (mut n, mut f) = (0, 0);
    while f < 6 {
        let face = GENERATOR_FACES[f] as usize;
        let turns: &[usize] = if quarter[f] { &[1, 2, 3] } else { &[2] };
        let mut t = 0;
        while t < turns.len() {
            out[n] = Move::from_index(face * 3 + turns[t] - 1);
            n += 1;
            t += 1;
        }
        f += 1;
    }
    assert!(n == N, "N must be the number of generators");
    out
}

/// G0: all 18 face turns.
const P1_MOVES: [Move; 18] = Move::ALL;
/// G1 = ⟨U, D, R, L, F2, B2⟩.
const P2_MOVES: [Move; 14] = generators([true, true, true, true, false, false]);
/// G2 = ⟨U, D, R2, L2, F2, B2⟩.
const P3_MOVES: [Move; 10] = generators([true, true, false, false, false, false]);
/// G3 = ⟨U2, D2, R2, L2, F2, B2⟩.
const P4_MOVES: [Move; 6] = generators([false; 6]);

/// Number of cosets of G3 in G2 counted by the corner part: 8! / 96.
pub const N_CORNER_COSET: usize = N_CPERM / N_HALF_TURN_CORNERS;
/// Corner permutations reachable with half turns only.
pub const N_HALF_TURN_CORNERS: usize = 96;
/// Phase-4 edge coordinate range: three slices of four edges, 24³ (half of it reachable).
pub const N_SLICE_PERMS: usize = N_PERM4 * N_PERM4 * N_PERM4;

/// Coordinate ranges of the four phases.
pub const PHASE_SIZES: [usize; 4] = [
    N_FLIP,
    N_TWIST * N_SLICE,
    N_CORNER_COSET * N_SPLIT,
    N_HALF_TURN_CORNERS * N_SLICE_PERMS,
];

/// Marks distance-table entries no cube reaches.
pub const UNREACHED: u8 = u8::MAX;

/// The move tables and coordinate maps of the four phases: computed in memory (a few
/// milliseconds), the same for every table directory.
pub struct PhaseMoves {
    /// Move index (0..18) → index in each phase's move list (or `u8::MAX` when not a generator).
    phase_move_index: [[u8; 18]; 4],
    flip_move: Vec<[u16; 18]>,
    twist_move: Vec<[u16; 14]>,
    slice_move: Vec<[u16; 14]>,
    coset_move: Vec<[u16; 10]>,
    split_move: Vec<[u8; 10]>,
    half_corner_move: Vec<[u8; 6]>,
    slice_perm_move: [Vec<[u8; 6]>; 3],
    /// Corner permutation rank → its right coset of the half-turn corner group.
    corner_coset: Vec<u16>,
    /// Corner permutation rank → index in the half-turn corner group (or `u8::MAX`).
    half_corner_index: Vec<u8>,
}

/// Every table the solver needs.
pub struct Tables {
    /// The move tables and coordinate maps.
    moves: Arc<PhaseMoves>,
    /// Exact distance to the next subgroup, per phase, indexed by the phase coordinate.
    pub dist: [Arc<Table<u8>>; 4],
    /// The same distances modulo 3, four to a byte: a quarter of the memory, so the searches
    /// stay in cache. A move changes the distance by at most one, so the distance modulo 3
    /// of a neighbour tells the neighbour's exact distance.
    packed: [Vec<u8>; 4],
}

/// The move tables of the four phases, computed once per process and table directory.
fn phase_moves(store: &Store) -> Result<Arc<PhaseMoves>, TableError> {
    store.assemble("thistlethwaite move tables", |_| Ok(PhaseMoves::new()))
}

/// The distance table of phase `P`, by breadth-first search from the phase's goal.
fn build_phase<const P: usize>(
    store: &Store,
    progress: &dyn Progress,
) -> Result<Built<u8>, TableError> {
    let moves = phase_moves(store)?;
    let space = Graph {
        name: PHASE_DISTANCES[P].table.name,
        n: PHASE_SIZES[P],
        moves: PHASE_MOVES[P].len(),
        goal: moves.coord(P, &CubieCube::SOLVED),
        next: |i, k| moves.step(P, i, k),
    };
    Ok(bfs::build(&space, Cells::Byte, PHASE_DISTANCES[P].table.name, progress)?.into())
}

/// The distance table of phase `P` (0..4): its file, the phase's coordinate range, what
/// indexes it, and [`build_phase`] as builder.
const fn phase_distances<const P: usize>(index: &'static str) -> Spec<u8> {
    const NAMES: [&str; 4] = [
        "thistlethwaite_phase1",
        "thistlethwaite_phase2",
        "thistlethwaite_phase3",
        "thistlethwaite_phase4",
    ];
    Spec {
        table: TableSpec::of::<u8>(NAMES[P], PHASE_SIZES[P])
            .indexed(index)
            .holding(Entries::Distances(Cells::Byte)),
        build: build_phase::<P>,
    }
}

/// The exact distance tables of the four phases.
pub static PHASE_DISTANCES: [Spec<u8>; 4] = [
    phase_distances::<0>("edge flip (2048), all moves"),
    phase_distances::<1>("twist (2187) × UD-slice (495), moves of G1"),
    phase_distances::<2>(
        "corner coset of the half-turn group (420) × M/S-slice split (70), moves of G2",
    ),
    phase_distances::<3>(
        "half-turn corner permutation (96) × three slice permutations (24³), half turns",
    ),
];

/// The cached distance tables of the four phases.
pub fn table_specs() -> Vec<&'static dyn AnySpec> {
    PHASE_DISTANCES
        .iter()
        .map(|s| s as &'static dyn AnySpec)
        .collect()
}

/// Builds a move table: for each coordinate value, the value after each of `moves`.
fn move_table<const K: usize, T>(
    n: usize,
    moves: &[Move],
    decode: impl Fn(usize) -> CubieCube,
    encode: impl Fn(&CubieCube) -> usize,
) -> Vec<[T; K]>
where
    T: Copy + Default + TryFrom<usize>,
{
    assert_eq!(moves.len(), K);
    (0..n)
        .map(|i| {
            let c = decode(i);
            let mut row = [T::default(); K];
            for (k, &m) in moves.iter().enumerate() {
                row[k] = T::try_from(encode(&c.apply_move(m))).unwrap_or_default();
            }
            row
        })
        .collect()
}

impl PhaseMoves {
    fn new() -> PhaseMoves {
        let mut phase_move_index = [[u8::MAX; 18]; 4];
        for (p, moves) in PHASE_MOVES.iter().enumerate() {
            for (k, m) in moves.iter().enumerate() {
                phase_move_index[p][m.index()] = k as u8;
            }
        }

        let flip_move = move_table::<18, u16>(N_FLIP, &P1_MOVES, cube_with_flip, flip);
        let twist_move = move_table::<14, u16>(N_TWIST, &P2_MOVES, cube_with_twist, twist);
        let slice_move = move_table::<14, u16>(N_SLICE, &P2_MOVES, cube_with_slice, slice);
        let split_move = move_table::<10, u8>(N_SPLIT, &P3_MOVES, cube_with_split, split);

        // The 96 corner permutations of the half-turn group, by breadth-first search.
        let mut half_corners = vec![CubieCube::SOLVED.cp];
        let mut half_corner_index = vec![u8::MAX; N_CPERM];
        half_corner_index[0] = 0;
        let mut i = 0;
        while i < half_corners.len() {
            let mut c = CubieCube::SOLVED;
            c.cp = half_corners[i];
            for &m in &P4_MOVES {
                let next = c.apply_move(m).cp;
                let r = rank_perm(&next);
                if half_corner_index[r] == u8::MAX {
                    half_corner_index[r] = half_corners.len() as u8;
                    half_corners.push(next);
                }
            }
            i += 1;
        }
        assert_eq!(half_corners.len(), N_HALF_TURN_CORNERS);

        // Right cosets H·p of the half-turn corner group H, numbered in order of first member.
        let mut corner_coset = vec![u16::MAX; N_CPERM];
        let mut representatives = Vec::with_capacity(N_CORNER_COSET);
        for r in 0..N_CPERM {
            if corner_coset[r] != u16::MAX {
                continue;
            }
            let id = representatives.len() as u16;
            representatives.push(r);
            let p = unrank_perm(r, 8);
            for h in &half_corners {
                let q: Vec<u8> = p.iter().map(|&x| h[x as usize]).collect();
                corner_coset[rank_perm(&q)] = id;
            }
        }
        assert_eq!(representatives.len(), N_CORNER_COSET);
        let coset_move = move_table::<10, u16>(
            N_CORNER_COSET,
            &P3_MOVES,
            |i| cube_with_corner_perm(representatives[i]),
            |c| usize::from(corner_coset[corner_perm(c)]),
        );
        let half_corner_move = move_table::<6, u8>(
            N_HALF_TURN_CORNERS,
            &P4_MOVES,
            |i| {
                let mut c = CubieCube::SOLVED;
                c.cp = half_corners[i];
                c
            },
            |c| usize::from(half_corner_index[corner_perm(c)]),
        );
        let slice_perm_move = [M_SLICE, S_SLICE, E_SLOTS].map(|slots| {
            move_table::<6, u8>(
                N_PERM4,
                &P4_MOVES,
                |i| {
                    let p = unrank_perm(i, 4);
                    let mut c = CubieCube::SOLVED;
                    for (k, &pos) in slots.iter().enumerate() {
                        c.ep[pos] = slots[p[k] as usize] as u8;
                    }
                    c
                },
                |c| slice_perm(c, &slots),
            )
        });

        PhaseMoves {
            phase_move_index,
            flip_move,
            twist_move,
            slice_move,
            coset_move,
            split_move,
            half_corner_move,
            slice_perm_move,
            corner_coset,
            half_corner_index,
        }
    }

    /// The phase-`phase` coordinate of `c` (which must lie in that phase's starting group).
    pub fn coord(&self, phase: usize, c: &CubieCube) -> usize {
        match phase {
            0 => flip(c),
            1 => twist(c) * N_SLICE + slice(c),
            2 => usize::from(self.corner_coset[corner_perm(c)]) * N_SPLIT + split(c),
            _ => {
                let corners = usize::from(self.half_corner_index[corner_perm(c)]);
                let [m, s, e] = [M_SLICE, S_SLICE, E_SLOTS].map(|slots| slice_perm(c, &slots));
                ((corners * N_PERM4 + m) * N_PERM4 + s) * N_PERM4 + e
            }
        }
    }

    /// The coordinate after the `k`-th move of the phase's move list.
    #[inline]
    pub fn step(&self, phase: usize, i: usize, k: usize) -> usize {
        match phase {
            0 => usize::from(self.flip_move[i][k]),
            1 => {
                let (t, s) = (i / N_SLICE, i % N_SLICE);
                usize::from(self.twist_move[t][k]) * N_SLICE + usize::from(self.slice_move[s][k])
            }
            2 => {
                let (c, s) = (i / N_SPLIT, i % N_SPLIT);
                usize::from(self.coset_move[c][k]) * N_SPLIT + usize::from(self.split_move[s][k])
            }
            _ => {
                let e = i % N_PERM4;
                let s = i / N_PERM4 % N_PERM4;
                let m = i / (N_PERM4 * N_PERM4) % N_PERM4;
                let c = i / N_SLICE_PERMS;
                let [mt, st, et] = &self.slice_perm_move;
                let c = usize::from(self.half_corner_move[c][k]);
                ((c * N_PERM4 + usize::from(mt[m][k])) * N_PERM4 + usize::from(st[s][k])) * N_PERM4
                    + usize::from(et[e][k])
            }
        }
    }
}

impl Tables {
    /// The move tables and the four distance tables from the store, assembled once per
    /// process and directory.
    pub fn shared(store: &Store) -> Result<Arc<Tables>, TableError> {
        store.assemble("thistlethwaite tables", |store| {
            let dist = [0, 1, 2, 3].map(|p| store.get(&PHASE_DISTANCES[p]));
            let [d0, d1, d2, d3] = dist;
            let dist = [d0?, d1?, d2?, d3?];
            let packed = std::array::from_fn(|p| {
                let dist = &dist[p];
                let mut packed = vec![0u8; dist.len().div_ceil(4)];
                for (i, &d) in dist.iter().enumerate() {
                    let m = if d == UNREACHED { 0 } else { d % 3 };
                    packed[i / 4] |= m << (2 * (i % 4));
                }
                packed
            });
            Ok(Tables {
                moves: phase_moves(store)?,
                dist,
                packed,
            })
        })
    }

    /// The distance of coordinate `i` modulo 3.
    #[inline]
    pub fn distance_mod3(&self, phase: usize, i: usize) -> u8 {
        (self.packed[phase][i / 4] >> (2 * (i % 4))) & 3
    }

    /// The exact distance of a neighbour `i` of a coordinate at distance `parent`.
    #[inline]
    pub fn neighbour_distance(&self, phase: usize, i: usize, parent: usize) -> usize {
        let m = usize::from(self.distance_mod3(phase, i));
        if m == (parent + 2) % 3 {
            parent - 1
        } else if m == parent % 3 {
            parent
        } else {
            parent + 1
        }
    }

    /// The phase-`phase` coordinate of `c` (which must lie in that phase's starting group).
    pub fn coord(&self, phase: usize, c: &CubieCube) -> usize {
        self.moves.coord(phase, c)
    }

    /// The coordinate after the `k`-th move of the phase's move list.
    #[inline]
    pub fn step(&self, phase: usize, i: usize, k: usize) -> usize {
        self.moves.step(phase, i, k)
    }

    /// The index of `m` in the phase's move list, if it is one of the phase's generators.
    #[inline]
    pub fn move_index(&self, phase: usize, m: Move) -> Option<usize> {
        let k = self.moves.phase_move_index[phase][m.index()];
        (k != u8::MAX).then_some(usize::from(k))
    }

    /// Exact number of moves from coordinate `i` to the end of the phase.
    #[inline]
    pub fn distance(&self, phase: usize, i: usize) -> usize {
        usize::from(self.dist[phase][i])
    }
}

/// How many coordinate values lie at each distance (index = distance) in a phase's table.
#[cfg(test)]
pub fn distance_histogram(tables: &Tables, phase: usize) -> Vec<usize> {
    let dist = &tables.dist[phase];
    let max = dist
        .iter()
        .filter(|&&d| d != UNREACHED)
        .max()
        .copied()
        .unwrap_or(0);
    let mut hist = vec![0; usize::from(max) + 1];
    for &d in dist.iter().filter(|&&d| d != UNREACHED) {
        hist[usize::from(d)] += 1;
    }
    hist
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::moves::format_moves;

    #[test]
    fn each_phase_lists_its_groups_generators_in_face_order() {
        let written: Vec<String> = PHASE_MOVES.iter().map(|m| format_moves(m)).collect();
        assert_eq!(
            written,
            [
                "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'",
                "U U2 U' D D2 D' R R2 R' L L2 L' F2 B2",
                "U U2 U' D D2 D' R2 L2 F2 B2",
                "U2 D2 R2 L2 F2 B2",
            ]
        );
    }
}
