//! The joint assignment: the valid cube whose stickers cost least, searched exactly over every
//! legal placement of the pieces at once, rather than sticker by sticker.
//!
//! Each sticker has a cost for each face colour (a negative log-likelihood, from
//! [`crate::model`]). A valid cube puts each of the 8 corners and 12 edges at exactly one
//! position with some twist or flip, such that the twists sum to 0 mod 3, the flips to 0 mod 2,
//! and the corner and edge permutations have the same parity. The cheapest such cube is found
//! by dynamic programming over the set of pieces already placed: positions are filled in order,
//! and a state is (pieces used, twist or flip so far, permutation parity so far). The parity is
//! exact because the inversions a piece adds when placed at the next position are the placed
//! pieces greater than it, which the set alone determines. Corners come first and hand their
//! parity to the edges, so one chain covers the whole cube: 2^8·3·2 + 2^12·2·2 states.
//!
//! The same chain run backwards gives, for every (position, piece, twist), the cost of the best
//! valid cube that places that piece there that way; from those, the best valid cube with any
//! given colour on any given sticker (its min-marginal), which is what the confidences and the
//! alternatives are made of.

use rubik_cube::facelet::N_FACELETS;
use rubik_cube::piece::{CORNER_FACELETS, CORNER_FACES, EDGE_FACELETS, EDGE_FACES};
use rubik_cube::CubieCube;

/// The cost of giving each sticker (URFDLB facelet index) each face's colour (URFDLB face
/// index). `f32::INFINITY` forbids a colour. Centre rows are ignored: centres name the faces.
pub type CostTable = [[f32; 6]; N_FACELETS];

const INF: f32 = f32::INFINITY;

/// The smaller of two costs. Costs are never NaN, so a plain comparison does (and compiles to
/// one vector instruction, unlike `f32::min`).
#[inline(always)]
fn lesser(a: f32, b: f32) -> f32 {
    if b < a {
        b
    } else {
        a
    }
}

/// One kind of piece: `N` positions and pieces (8 corners, 12 edges), `T` orientations (3
/// twists, 2 flips), `S = 2·T` states per set of placed pieces (a bit mask): a value per
/// (orientation sum, parity), at index `sum · 2 + parity`.
struct Orbit<const N: usize, const T: usize, const S: usize>;

/// Cost of each placement: `cost[position][piece][orientation]`.
type Placements<const N: usize, const T: usize> = [[[f32; T]; N]; N];

type Corners = Orbit<8, 3, 6>;
type Edges = Orbit<12, 2, 4>;

impl<const N: usize, const T: usize, const S: usize> Orbit<N, T, S> {
    const FULL: usize = (1 << N) - 1;

    /// Parity change from placing `piece` after the pieces in `set`: the inversions it adds
    /// are the placed pieces greater than it.
    fn inversions(set: usize, piece: usize) -> usize {
        ((set >> (piece + 1)).count_ones() & 1) as usize
    }

    /// The pieces in `set`, without a branch per absent piece.
    fn pieces(set: usize) -> impl Iterator<Item = usize> {
        let mut rest = set;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let piece = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(piece)
        })
    }

    /// The state reached from state `i` by a placement with orientation `o` adding parity `inv`.
    fn step(i: usize, o: usize, inv: usize) -> usize {
        ((i / 2 + o) % T) * 2 + ((i % 2) ^ inv)
    }

    /// `layer` rearranged for each (orientation, parity change): entry `[o * 2 + inv][j]` is
    /// the value of the state that a placement (o, inv) takes to state `j`. With these, every
    /// update is element-wise over `S` lanes.
    fn gathered(layer: &[f32; S]) -> [[f32; S]; 6] {
        let mut out = [[INF; S]; 6];
        for o in 0..T {
            for inv in 0..2 {
                for (i, &v) in layer.iter().enumerate() {
                    out[o * 2 + inv][Self::step(i, o, inv)] = v;
                }
            }
        }
        out
    }

    /// `layer` seen backwards: entry `[o * 2 + inv][i]` is the value of the state a placement
    /// (o, inv) takes state `i` to.
    fn scattered(layer: &[f32; S]) -> [[f32; S]; 6] {
        let mut out = [[INF; S]; 6];
        for o in 0..T {
            for inv in 0..2 {
                for (i, v) in out[o * 2 + inv].iter_mut().enumerate() {
                    *v = layer[Self::step(i, o, inv)];
                }
            }
        }
        out
    }

    /// Best cost of filling the first |set| positions with the pieces of `set`, per state;
    /// `start[p]` is the value of the empty set with parity p.
    fn forward(cost: &Placements<N, T>, start: [f32; 2]) -> Vec<[f32; S]> {
        let mut f = vec![[INF; S]; 1 << N];
        f[0][0] = start[0];
        f[0][1] = start[1];
        for set in 0..Self::FULL {
            if f[set].iter().all(|v| *v == INF) {
                continue;
            }
            let from = Self::gathered(&f[set]);
            let row = &cost[set.count_ones() as usize];
            for piece in Self::pieces(Self::FULL & !set) {
                let inv = Self::inversions(set, piece);
                let next = &mut f[set | (1 << piece)];
                for (o, &c) in row[piece].iter().enumerate() {
                    let src = &from[o * 2 + inv];
                    for j in 0..S {
                        next[j] = lesser(next[j], src[j] + c);
                    }
                }
            }
        }
        f
    }

    /// Best cost of filling the remaining positions from each state of each set, ending with
    /// orientation sum 0 and `end[p]` added for final parity p. Each finished set pushes its
    /// values to the sets one piece smaller.
    fn backward(cost: &Placements<N, T>, end: [f32; 2]) -> Vec<[f32; S]> {
        let mut b = vec![[INF; S]; 1 << N];
        b[Self::FULL][0] = end[0];
        b[Self::FULL][1] = end[1];
        for set in (1..=Self::FULL).rev() {
            if b[set].iter().all(|v| *v == INF) {
                continue;
            }
            let to = Self::scattered(&b[set]);
            let row = &cost[set.count_ones() as usize - 1];
            for piece in Self::pieces(set) {
                let prev = set & !(1 << piece);
                let inv = Self::inversions(prev, piece);
                let out = &mut b[prev];
                for (o, &c) in row[piece].iter().enumerate() {
                    let dst = &to[o * 2 + inv];
                    for i in 0..S {
                        out[i] = lesser(out[i], dst[i] + c);
                    }
                }
            }
        }
        b
    }

    /// For each placement: the best total cost of a chain through it.
    fn through(cost: &Placements<N, T>, f: &[[f32; S]], b: &[[f32; S]]) -> Placements<N, T> {
        let mut m = [[[INF; T]; N]; N];
        for (set, later) in b.iter().enumerate().skip(1) {
            if later.iter().all(|v| *v == INF) {
                continue;
            }
            let after = Self::scattered(later);
            let pos = set.count_ones() as usize - 1;
            for piece in Self::pieces(set) {
                let prev = set & !(1 << piece);
                let here = &f[prev];
                let inv = Self::inversions(prev, piece);
                for (o, slot) in m[pos][piece].iter_mut().enumerate() {
                    let dst = &after[o * 2 + inv];
                    let best = (0..S).map(|i| here[i] + dst[i]).fold(INF, lesser);
                    *slot = lesser(*slot, best + cost[pos][piece][o]);
                }
            }
        }
        m
    }

    /// Walks the forward table back from (full set, `state`): the piece and orientation at
    /// each position, and the parity the chain started with. State `p` (for p = 0 or 1) is
    /// orientation sum 0 with parity `p`.
    fn backtrack(
        cost: &Placements<N, T>,
        f: &[[f32; S]],
        state: usize,
    ) -> ([u8; N], [u8; N], usize) {
        let mut perm = [0u8; N];
        let mut ori = [0u8; N];
        let (mut set, mut state) = (Self::FULL, state);
        for pos in (0..N).rev() {
            let target = f[set][state];
            let mut best: Option<(f32, usize, usize, usize)> = None;
            for piece in Self::pieces(set) {
                let prev = set & !(1 << piece);
                let inv = Self::inversions(prev, piece);
                for (o, &c) in cost[pos][piece].iter().enumerate() {
                    let Some(from) = (0..S).find(|&i| Self::step(i, o, inv) == state) else {
                        continue;
                    };
                    let v = f[prev][from] + c;
                    let miss = (v - target).abs();
                    if v.is_finite() && best.is_none_or(|(m, ..)| miss < m) {
                        best = Some((miss, piece, o, from));
                    }
                }
            }
            let (_, piece, o, from) = best.expect("a finite chain has a predecessor");
            perm[pos] = piece as u8;
            ori[pos] = o as u8;
            set &= !(1 << piece);
            state = from;
        }
        (perm, ori, state % 2)
    }
}

/// The cost of each (position, piece, twist) of the corners: the sum of its three stickers'
/// costs for the colours that placement shows.
fn corner_costs(cost: &CostTable) -> Placements<8, 3> {
    let mut out = [[[0.0; 3]; 8]; 8];
    for pos in 0..8 {
        for piece in 0..8 {
            for o in 0..3 {
                out[pos][piece][o] = (0..3)
                    .map(|i| {
                        let face = CORNER_FACES[piece][(i + 3 - o) % 3];
                        cost[CORNER_FACELETS[pos][i]][face.index()]
                    })
                    .sum();
            }
        }
    }
    out
}

/// The cost of each (position, piece, flip) of the edges.
fn edge_costs(cost: &CostTable) -> Placements<12, 2> {
    let mut out = [[[0.0; 2]; 12]; 12];
    for pos in 0..12 {
        for piece in 0..12 {
            for o in 0..2 {
                out[pos][piece][o] = (0..2)
                    .map(|i| {
                        let face = EDGE_FACES[piece][(i + o) % 2];
                        cost[EDGE_FACELETS[pos][i]][face.index()]
                    })
                    .sum();
            }
        }
    }
    out
}

/// The cheapest valid cube for a cost table.
#[derive(Clone, Debug)]
pub struct Best {
    /// The cube (pieces relative to the centres).
    pub cube: CubieCube,
    /// Its total cost (centres excluded).
    pub cost: f32,
}

/// The cheapest valid cube, and per sticker and colour the cost of the cheapest valid cube
/// showing that colour there (its min-marginal).
#[derive(Clone, Debug)]
pub struct Solved {
    /// The cheapest valid cube.
    pub best: Best,
    /// `marginal[s][k]`: least total cost of a valid cube with face colour `k` on sticker `s`
    /// (`INFINITY` if none; centre rows are `INFINITY` except their own face, at the best cost).
    pub marginal: [[f32; 6]; N_FACELETS],
}

/// The chain run forwards over a cost table: enough for the cheapest cube; the marginals run
/// it backwards too.
pub struct Chain {
    corner_cost: Placements<8, 3>,
    edge_cost: Placements<12, 2>,
    corners: Vec<[f32; 6]>,
    edges: Vec<[f32; 4]>,
}

impl Chain {
    /// Runs the forward pass over `cost`.
    pub fn new(cost: &CostTable) -> Chain {
        let corner_cost = corner_costs(cost);
        let edge_cost = edge_costs(cost);
        let corners = Corners::forward(&corner_cost, [0.0, INF]);
        let end = &corners[Corners::FULL];
        let edges = Edges::forward(&edge_cost, [end[0], end[1]]);
        Chain {
            corner_cost,
            edge_cost,
            corners,
            edges,
        }
    }

    /// The cheapest valid cube, or `None` when the table forbids every valid cube.
    pub fn best(&self) -> Option<Best> {
        let cost = self.edges[Edges::FULL][0];
        if !cost.is_finite() {
            return None;
        }
        let (ep, eo, parity) = Edges::backtrack(&self.edge_cost, &self.edges, 0);
        let (cp, co, start) = Corners::backtrack(&self.corner_cost, &self.corners, parity);
        debug_assert_eq!(start, 0);
        let cube = CubieCube { cp, co, ep, eo };
        Some(Best { cube, cost })
    }

    /// The cheapest cube with the three hidden laws relaxed: any corner twist sum, any edge
    /// flip sum, corner and edge permutation parities unrelated (every piece still used once).
    /// Returns its stickers' colours (URFDLB face indices, centres their own face) and its
    /// cost, or `None` when the table forbids every arrangement.
    pub fn relaxed(&self) -> Option<([usize; N_FACELETS], f32)> {
        let end = &self.corners[Corners::FULL];
        // The cheapest corner arrangement ending with each parity, whatever its twist sum.
        let by_parity = |p: usize| (0..3).map(|t| end[t * 2 + p]).fold(INF, lesser);
        let start = [by_parity(0), by_parity(1)];
        let edges = Edges::forward(&self.edge_cost, start);
        let (state, &cost) = edges[Edges::FULL]
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(b.1))?;
        if !cost.is_finite() {
            return None;
        }
        let (ep, eo, parity) = Edges::backtrack(&self.edge_cost, &edges, state);
        let corner_state = (0..3)
            .map(|t| t * 2 + parity)
            .min_by(|&a, &b| end[a].total_cmp(&end[b]))
            .expect("three twist sums");
        let (cp, co, _) = Corners::backtrack(&self.corner_cost, &self.corners, corner_state);
        let mut faces = [0usize; N_FACELETS];
        for (face, &c) in rubik_cube::facelet::CENTRES.iter().enumerate() {
            faces[c] = face;
        }
        for pos in 0..8 {
            for (i, &s) in CORNER_FACELETS[pos].iter().enumerate() {
                let o = co[pos] as usize;
                faces[s] = CORNER_FACES[cp[pos] as usize][(i + 3 - o) % 3].index();
            }
        }
        for pos in 0..12 {
            for (i, &s) in EDGE_FACELETS[pos].iter().enumerate() {
                let o = eo[pos] as usize;
                faces[s] = EDGE_FACES[ep[pos] as usize][(i + o) % 2].index();
            }
        }
        Some((faces, cost))
    }

    /// The cheapest valid cube and every sticker's min-marginals, or `None` when the table
    /// forbids every valid cube.
    pub fn solve(&self) -> Option<Solved> {
        let best = self.best()?;
        let edges_back = Edges::backward(&self.edge_cost, [0.0, INF]);
        let corners_back =
            Corners::backward(&self.corner_cost, [edges_back[0][0], edges_back[0][1]]);
        let corner_through = Corners::through(&self.corner_cost, &self.corners, &corners_back);
        let edge_through = Edges::through(&self.edge_cost, &self.edges, &edges_back);

        let mut marginal = [[INF; 6]; N_FACELETS];
        for (pos, row) in corner_through.iter().enumerate() {
            for (piece, by_twist) in row.iter().enumerate() {
                for (o, &m) in by_twist.iter().enumerate() {
                    for (i, &s) in CORNER_FACELETS[pos].iter().enumerate() {
                        let face = CORNER_FACES[piece][(i + 3 - o) % 3].index();
                        marginal[s][face] = marginal[s][face].min(m);
                    }
                }
            }
        }
        for (pos, row) in edge_through.iter().enumerate() {
            for (piece, by_flip) in row.iter().enumerate() {
                for (o, &m) in by_flip.iter().enumerate() {
                    for (i, &s) in EDGE_FACELETS[pos].iter().enumerate() {
                        let face = EDGE_FACES[piece][(i + o) % 2].index();
                        marginal[s][face] = marginal[s][face].min(m);
                    }
                }
            }
        }
        for (face, &c) in rubik_cube::facelet::CENTRES.iter().enumerate() {
            marginal[c][face] = best.cost;
        }
        Some(Solved { best, marginal })
    }
}

/// The cheapest valid cube, or `None` when the table forbids every valid cube.
pub fn best_cube(cost: &CostTable) -> Option<Best> {
    Chain::new(cost).best()
}

/// The cheapest valid cube and every sticker's min-marginals, or `None` when the table forbids
/// every valid cube.
pub fn solve(cost: &CostTable) -> Option<Solved> {
    Chain::new(cost).solve()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;

    /// A cost table that charges `1` for every colour but the one `cube` shows.
    fn table_for(cube: &CubieCube) -> CostTable {
        let faces = cube.to_face_array();
        let mut t = [[1.0; 6]; N_FACELETS];
        for (s, f) in faces.iter().enumerate() {
            t[s][f.index()] = 0.0;
        }
        t
    }

    #[test]
    fn finds_the_cube_whose_colours_it_is_given() {
        let mut rng = rng_from_seed(7);
        for _ in 0..50 {
            let cube = CubieCube::random(&mut rng);
            let best = best_cube(&table_for(&cube)).unwrap();
            assert_eq!(best.cube, cube);
            assert_eq!(best.cost, 0.0);
        }
    }

    #[test]
    fn the_relaxed_search_finds_twisted_flipped_and_swapped_cubes() {
        let mut rng = rng_from_seed(9);
        for i in 0..30 {
            let cube = CubieCube::random(&mut rng);
            let mut broken = cube;
            match i % 3 {
                0 => broken.co[i % 8] = (broken.co[i % 8] + 1) % 3,
                1 => broken.eo[i % 12] ^= 1,
                _ => broken.ep.swap(0, 1 + i % 11),
            }
            let want = broken.to_face_array().map(|f| f.index());
            let (faces, cost) = Chain::new(&table_for(&broken)).relaxed().unwrap();
            assert_eq!((faces, cost), (want, 0.0), "case {i}");
            // The valid search cannot show it.
            assert!(best_cube(&table_for(&broken)).unwrap().cost >= 2.0);
        }
    }

    #[test]
    fn an_impossible_sticker_pattern_gives_the_nearest_valid_cube() {
        // Twist one corner of a random cube in the cost table: no valid cube shows that, so
        // the best valid cube must differ somewhere, at a cost of at least 2 stickers.
        let mut rng = rng_from_seed(8);
        let cube = CubieCube::random(&mut rng);
        let mut twisted = cube;
        twisted.co[0] = (twisted.co[0] + 1) % 3;
        let best = best_cube(&table_for(&twisted)).unwrap();
        assert!(best.cube.check().is_ok());
        assert!(best.cost >= 2.0, "cost {}", best.cost);
        // Swapping two edges breaks parity likewise.
        let mut swapped = cube;
        swapped.ep.swap(0, 1);
        let best = best_cube(&table_for(&swapped)).unwrap();
        assert!(best.cube.check().is_ok());
        assert!(best.cost >= 2.0);
    }

    #[test]
    fn marginals_agree_with_forcing_each_alternative() {
        let mut rng = rng_from_seed(9);
        let cube = CubieCube::random(&mut rng);
        let mut table = table_for(&cube);
        // Make a few stickers ambiguous so the marginals are not all equal.
        for (s, row) in table.iter_mut().enumerate() {
            for (k, c) in row.iter_mut().enumerate() {
                *c += ((s * 7 + k * 13) % 5) as f32 * 0.1;
            }
        }
        let solved = solve(&table).unwrap();
        assert_eq!(solved.best.cube, cube);
        for s in [0usize, 5, 10, 19, 26, 35, 44, 51] {
            for k in 0..6 {
                let mut forced = table;
                for (j, c) in forced[s].iter_mut().enumerate() {
                    if j != k {
                        *c = INF;
                    }
                }
                let want = best_cube(&forced).map_or(INF, |b| b.cost);
                let got = solved.marginal[s][k];
                assert!(
                    (want == INF && got == INF) || (want - got).abs() < 1e-4,
                    "sticker {s} face {k}: marginal {got}, forced {want}"
                );
            }
        }
    }

    #[test]
    fn every_forbidden_cube_means_no_answer() {
        let mut table = [[0.0; 6]; N_FACELETS];
        // Sticker U1 (a corner sticker) may only be U, and so may U3 and U7 and U9 and ... all
        // corners of U and D: more U/D stickers than corners allow.
        for s in [0, 2, 6, 8, 27, 29, 33, 35, 9] {
            for (k, c) in table[s].iter_mut().enumerate() {
                if k != 0 {
                    *c = INF;
                }
            }
        }
        assert!(best_cube(&table).is_none());
    }
}
