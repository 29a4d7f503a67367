//! Coordinates of *labelled* pieces: where a chosen set of pieces of one kind are, with their
//! orientations, when some pieces are told apart and others are not.
//!
//! A goal rarely cares about every piece: the cross cares about four edges (each by name),
//! `oll` about the last layer's pieces only as "a last-layer piece, oriented", `eo` about
//! every edge only as "an edge, oriented". A [`LabelCoord`] numbers the arrangements of the
//! pieces a table tracks over the positions the move set can reach:
//!
//! - pieces are grouped in *classes*: a class of one piece is tracked by name, a class of
//!   several by "one of these" (its members are interchangeable); pieces in no class are not
//!   tracked at all;
//! - a class's orientation is tracked or not;
//! - the number is a mixed radix: for each class in turn, which of the still free positions
//!   its members take (a single piece: the index among them; several: the rank of the set of
//!   indices in the combinatorial number system), then the orientations of the tracked
//!   members (classes in order, members by position), base 3 for corners and 2 for edges.
//!
//! Positions the move set never moves are left out (their pieces never change).

use rubik_cube::CubieCube;
use std::fmt;

/// Corners or edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The eight corners (orientation base 3).
    Corners,
    /// The twelve edges (orientation base 2).
    Edges,
}

impl Kind {
    /// Number of pieces (and positions).
    pub const fn count(self) -> usize {
        match self {
            Kind::Corners => 8,
            Kind::Edges => 12,
        }
    }

    /// Orientations a piece has.
    pub const fn orientations(self) -> u8 {
        match self {
            Kind::Corners => 3,
            Kind::Edges => 2,
        }
    }

    /// The permutation and orientation arrays of a cube for this kind.
    pub fn arrays(self, c: &CubieCube) -> (&[u8], &[u8]) {
        match self {
            Kind::Corners => (&c.cp, &c.co),
            Kind::Edges => (&c.ep, &c.eo),
        }
    }

    /// A short name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Corners => "corners",
            Kind::Edges => "edges",
        }
    }
}

/// Most pieces of one kind.
pub const MAX_PIECES: usize = 12;

/// `BINOMIAL[n][k]` for n, k ≤ 12.
const BINOMIAL: [[u64; 13]; 13] = {
    let mut t = [[0u64; 13]; 13];
    let mut n = 0;
    while n < 13 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// A class of tracked pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Class {
    /// Its pieces (by piece index).
    pub pieces: Vec<u8>,
    /// How many of them sit on the covered positions (the members a coordinate places).
    pub members: u8,
    /// Whether their orientation is tracked.
    pub oriented: bool,
}

/// The labelled arrangement of one kind, as members in class order (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Members {
    /// Local position (index among the covered positions) of each member.
    pub pos: [u8; MAX_PIECES],
    /// Orientation of each member (0 for untracked orientations).
    pub ori: [u8; MAX_PIECES],
}

/// A coordinate of labelled pieces of one kind (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LabelCoord {
    kind: Kind,
    /// The covered positions, increasing.
    covered: Vec<u8>,
    /// Local index of each global position (`u8::MAX` when not covered).
    local: [u8; MAX_PIECES],
    classes: Vec<Class>,
    /// Class of each piece (`u8::MAX` when untracked).
    class_of: [u8; MAX_PIECES],
    /// Index of each class's first member.
    first: Vec<u8>,
    /// Total members.
    n_members: usize,
    /// Radix of each class's placement.
    radix: Vec<u64>,
    /// Arrangements (product of the radices).
    n_arrangements: u64,
    /// Tracked orientations.
    n_oriented: u32,
    /// Total size: arrangements × orientations^n_oriented.
    size: u64,
}

impl LabelCoord {
    /// A coordinate over `covered` positions tracking `classes`. Each class's `members` must
    /// not exceed its pieces, and the members must fit the positions.
    pub fn new(kind: Kind, covered: &[u8], classes: Vec<Class>) -> LabelCoord {
        let mut local = [u8::MAX; MAX_PIECES];
        for (i, &p) in covered.iter().enumerate() {
            local[p as usize] = i as u8;
        }
        let mut class_of = [u8::MAX; MAX_PIECES];
        let mut first = Vec::with_capacity(classes.len());
        let mut radix = Vec::with_capacity(classes.len());
        let mut free = covered.len();
        let mut n_members = 0usize;
        let mut n_oriented = 0u32;
        for (c, class) in classes.iter().enumerate() {
            for &p in &class.pieces {
                class_of[p as usize] = c as u8;
            }
            first.push(n_members as u8);
            let m = class.members as usize;
            assert!(m <= free, "more members than positions");
            radix.push(BINOMIAL[free][m]);
            free -= m;
            n_members += m;
            if class.oriented {
                n_oriented += m as u32;
            }
        }
        let n_arrangements = radix.iter().product();
        let size = n_arrangements * u64::from(kind.orientations()).pow(n_oriented);
        LabelCoord {
            kind,
            covered: covered.to_vec(),
            local,
            classes,
            class_of,
            first,
            n_members,
            radix,
            n_arrangements,
            n_oriented,
            size,
        }
    }

    /// The kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Number of values.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The covered positions.
    pub fn covered(&self) -> &[u8] {
        &self.covered
    }

    /// The classes.
    pub fn classes(&self) -> &[Class] {
        &self.classes
    }

    /// Total members placed.
    pub fn n_members(&self) -> usize {
        self.n_members
    }

    /// The class of member `i`.
    pub fn class_of_member(&self, i: usize) -> usize {
        self.first.partition_point(|&f| f as usize <= i) - 1
    }

    /// The members of a cube (`perm`, `ori`: its arrays for this kind).
    pub fn members_of(&self, perm: &[u8], ori: &[u8]) -> Members {
        let mut m = Members {
            pos: [0; MAX_PIECES],
            ori: [0; MAX_PIECES],
        };
        let mut fill = [0u8; MAX_PIECES];
        for (li, &g) in self.covered.iter().enumerate() {
            let c = self.class_of[perm[g as usize] as usize];
            if c == u8::MAX {
                continue;
            }
            let c = c as usize;
            let slot = self.first[c] as usize + fill[c] as usize;
            fill[c] += 1;
            m.pos[slot] = li as u8;
            m.ori[slot] = if self.classes[c].oriented {
                ori[g as usize]
            } else {
                0
            };
        }
        m
    }

    /// The coordinate of a cube.
    pub fn of(&self, perm: &[u8], ori: &[u8]) -> u64 {
        self.encode(&self.members_of(perm, ori))
    }

    /// The coordinate of members (each multi-member class's members sorted by position).
    pub fn encode(&self, m: &Members) -> u64 {
        let mut used: u32 = 0;
        let mut arr: u64 = 0;
        for (c, class) in self.classes.iter().enumerate() {
            let start = self.first[c] as usize;
            let count = class.members as usize;
            let digit = if count == 1 {
                let p = m.pos[start] as u32;
                u64::from(p - (used & ((1 << p) - 1)).count_ones())
            } else {
                let mut r = 0u64;
                for t in 0..count {
                    let p = m.pos[start + t] as u32;
                    let x = (p - (used & ((1 << p) - 1)).count_ones()) as usize;
                    r += BINOMIAL[x][t + 1];
                }
                r
            };
            for t in 0..count {
                used |= 1 << m.pos[start + t];
            }
            arr = arr * self.radix[c] + digit;
        }
        let base = u64::from(self.kind.orientations());
        let mut o = 0u64;
        for (c, class) in self.classes.iter().enumerate() {
            if class.oriented {
                let start = self.first[c] as usize;
                for t in 0..class.members as usize {
                    o = o * base + u64::from(m.ori[start + t]);
                }
            }
        }
        arr * base.pow(self.n_oriented) + o
    }

    /// The members of a coordinate.
    pub fn decode(&self, index: u64) -> Members {
        let base = u64::from(self.kind.orientations());
        let ori_count = base.pow(self.n_oriented);
        let (mut arr, mut o) = (index / ori_count, index % ori_count);
        let mut m = Members {
            pos: [0; MAX_PIECES],
            ori: [0; MAX_PIECES],
        };
        // Orientations, last digit first.
        for (c, class) in self.classes.iter().enumerate().rev() {
            if class.oriented {
                let start = self.first[c] as usize;
                for t in (0..class.members as usize).rev() {
                    m.ori[start + t] = (o % base) as u8;
                    o /= base;
                }
            }
        }
        let mut digits = [0u64; MAX_PIECES];
        for c in (0..self.classes.len()).rev() {
            digits[c] = arr % self.radix[c];
            arr /= self.radix[c];
        }
        let mut used: u32 = 0;
        let n = self.covered.len() as u32;
        for (c, class) in self.classes.iter().enumerate() {
            let start = self.first[c] as usize;
            let count = class.members as usize;
            let free = n - used.count_ones();
            let mut idx = [0u8; MAX_PIECES];
            if count == 1 {
                idx[0] = digits[c] as u8;
            } else {
                let mut r = digits[c];
                let mut x = free as usize;
                for t in (1..=count).rev() {
                    while BINOMIAL[x][t] > r {
                        x -= 1;
                    }
                    idx[t - 1] = x as u8;
                    r -= BINOMIAL[x][t];
                }
            }
            for (t, &x) in idx.iter().enumerate().take(count) {
                m.pos[start + t] = select_free(used, x as u32);
            }
            for t in 0..count {
                used |= 1 << m.pos[start + t];
            }
        }
        m
    }

    /// The members after the cube is multiplied by `mv` (local tables from
    /// [`LabelCoord::move_table`]), with each class's members sorted again.
    pub fn apply(&self, m: &Members, mv: &LocalMove) -> Members {
        let mut out = *m;
        let base = self.kind.orientations();
        for i in 0..self.n_members {
            let p = m.pos[i] as usize;
            out.pos[i] = mv.dest[p];
            out.ori[i] = (m.ori[i] + mv.twist[p]) % base;
        }
        for (c, class) in self.classes.iter().enumerate() {
            let count = class.members as usize;
            if count > 1 {
                let start = self.first[c] as usize;
                sort_members(&mut out, start, count);
            }
            if !class.oriented {
                let start = self.first[c] as usize;
                out.ori[start..start + count].fill(0);
            }
        }
        out
    }

    /// Where each covered position's piece goes when the cube is multiplied by `mv`, in local
    /// indices, and the orientation it gains.
    pub fn move_table(&self, mv: &CubieCube) -> LocalMove {
        let (perm, ori) = self.kind.arrays(mv);
        let mut out = LocalMove {
            dest: [u8::MAX; MAX_PIECES],
            twist: [0; MAX_PIECES],
        };
        // s' = s · mv: position j of s' takes the piece at position perm[j] of s.
        for j in 0..self.kind.count() {
            let from = perm[j] as usize;
            let (lf, lj) = (self.local[from], self.local[j]);
            if lf != u8::MAX {
                assert!(
                    lj != u8::MAX,
                    "the covered positions are closed under the moves"
                );
                out.dest[lf as usize] = lj;
                out.twist[lf as usize] = ori[j];
            }
        }
        out
    }
}

/// A move acting on covered positions (see [`LabelCoord::move_table`]).
#[derive(Clone, Copy, Debug)]
pub struct LocalMove {
    /// Where the piece at each local position goes.
    pub dest: [u8; MAX_PIECES],
    /// The orientation it gains.
    pub twist: [u8; MAX_PIECES],
}

/// The `k`-th (0-based) position not in `used`.
fn select_free(used: u32, k: u32) -> u8 {
    let mut free = !used;
    for _ in 0..k {
        free &= free - 1;
    }
    free.trailing_zeros() as u8
}

fn sort_members(m: &mut Members, start: usize, count: usize) {
    // Insertion sort of (pos, ori) pairs: classes are small.
    for i in start + 1..start + count {
        let (p, o) = (m.pos[i], m.ori[i]);
        let mut j = i;
        while j > start && m.pos[j - 1] > p {
            m.pos[j] = m.pos[j - 1];
            m.ori[j] = m.ori[j - 1];
            j -= 1;
        }
        m.pos[j] = p;
        m.ori[j] = o;
    }
}

impl fmt::Display for LabelCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} over {} positions:",
            self.kind.name(),
            self.covered.len()
        )?;
        for class in &self.classes {
            write!(
                f,
                " {:?}×{}{}",
                class.pieces,
                class.members,
                if class.oriented { "o" } else { "" }
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;
    use rubik_cube::Move;

    fn class(pieces: &[u8], oriented: bool) -> Class {
        Class {
            pieces: pieces.to_vec(),
            members: pieces.len() as u8,
            oriented,
        }
    }

    fn all(n: u8) -> Vec<u8> {
        (0..n).collect()
    }

    #[test]
    fn sizes() {
        // The cross: four named edges over twelve positions, oriented.
        let cross = LabelCoord::new(
            Kind::Edges,
            &all(12),
            (4..8).map(|p| class(&[p], true)).collect(),
        );
        assert_eq!(cross.size(), 12 * 11 * 10 * 9 * 16);
        // Edge orientation: one class of twelve, oriented.
        let eo = LabelCoord::new(Kind::Edges, &all(12), vec![class(&all(12), true)]);
        assert_eq!(eo.size(), 4096);
        // The UD slice: four edges as one class, unoriented.
        let slice = LabelCoord::new(Kind::Edges, &all(12), vec![class(&[8, 9, 10, 11], false)]);
        assert_eq!(slice.size(), 495);
    }

    #[test]
    fn decode_inverts_encode_and_moves_agree_with_cubes() {
        let mut rng = rng_from_seed(4);
        let coords = [
            LabelCoord::new(
                Kind::Edges,
                &all(12),
                vec![
                    class(&[4], true),
                    class(&[0, 1, 2, 3], true),
                    class(&[8, 9], false),
                ],
            ),
            LabelCoord::new(
                Kind::Corners,
                &all(8),
                vec![
                    class(&[4], true),
                    class(&[5], true),
                    class(&[0, 1, 2, 3], true),
                ],
            ),
            LabelCoord::new(Kind::Corners, &all(8), vec![class(&all(8), true)]),
        ];
        for coord in &coords {
            for _ in 0..300 {
                let c = CubieCube::random(&mut rng);
                let (perm, ori) = coord.kind().arrays(&c);
                let i = coord.of(perm, ori);
                assert!(i < coord.size());
                let m = coord.decode(i);
                assert_eq!(coord.encode(&m), i);
                for mv in Move::ALL {
                    let after = c.apply_move(mv);
                    let (p2, o2) = coord.kind().arrays(&after);
                    let table = coord.move_table(&CubieCube::SOLVED.apply_move(mv));
                    assert_eq!(
                        coord.encode(&coord.apply(&m, &table)),
                        coord.of(p2, o2),
                        "{coord} {mv}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_index_decodes_to_a_distinct_arrangement() {
        let coord = LabelCoord::new(
            Kind::Edges,
            &[0, 1, 2, 3, 4, 8, 11],
            vec![class(&[4], false), class(&[0, 1], true)],
        );
        let mut seen = std::collections::HashSet::new();
        for i in 0..coord.size() {
            let m = coord.decode(i);
            assert_eq!(coord.encode(&m), i);
            assert!(seen.insert((m.pos, m.ori)));
        }
    }
}
