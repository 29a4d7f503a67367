//! Whether any real cube matches a pattern, how many do, one that does, and — when none
//! does — why, in words.
//!
//! Each kind of piece is counted by dynamic programming over the positions in order: the state
//! is the set of pieces already placed, the parity of the partial permutation (placing piece
//! `p` adds one inversion per placed piece greater than `p`) and the twist (or flip) so far.
//! A real cube needs total twist 0, total flip 0 and equal corner and edge parities.

use super::{bits, Pattern};
use crate::cubie::CubieCube;
pub use crate::piece::Place;
use crate::piece::{Corner, Edge};
use thiserror::Error;

/// Why no cube matches a pattern.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PatternError {
    /// No piece shows the stickers asked for at a position.
    #[error("no piece can show the stickers asked for at the {place} position")]
    NoPieceFits {
        /// The position.
        place: Place,
    },
    /// Two positions each accept only the same piece.
    #[error("the {piece} piece is asked for at two places, {first} and {second}")]
    PieceTwice {
        /// The piece.
        piece: Place,
        /// One position.
        first: Place,
        /// The other.
        second: Place,
    },
    /// The pieces of one kind cannot be arranged to fit (more positions need some pieces than
    /// there are).
    #[error("no arrangement of the {kind} fits the pattern: some {kind} are asked for in more places than there are such pieces")]
    NoArrangement {
        /// `"corners"` or `"edges"`.
        kind: &'static str,
    },
    /// The corners fit only with a total twist no real cube has.
    #[error("the corners fit only with one of them twisted in place, which no real cube shows")]
    Twist,
    /// The edges fit only with a total flip no real cube has.
    #[error("the edges fit only with one of them flipped in place, which no real cube shows")]
    Flip,
    /// The corners and edges fit only with permutations of different parities.
    #[error("the pattern needs the {odd} in an odd arrangement and the {even} in an even one, as if two pieces were swapped; no real cube shows it")]
    Parity {
        /// The kind whose arrangement would be odd.
        odd: &'static str,
        /// The kind whose arrangement would be even.
        even: &'static str,
    },
}

/// Ways to fill the positions of one kind of piece: `rest[used][parity][ori]` is the number of
/// ways to fill the positions after the `popcount(used)` first ones with the pieces not in
/// `used`, adding that parity and orientation.
struct Fill {
    n: usize,
    m: usize,
    masks: Vec<u32>,
    rest: Vec<[[u64; 3]; 2]>,
}

impl Fill {
    fn new(masks: &[u32], m: usize) -> Fill {
        let n = masks.len();
        let full = (1usize << n) - 1;
        let mut rest = vec![[[0u64; 3]; 2]; 1 << n];
        rest[full][0][0] = 1;
        for used in (0..full).rev() {
            let pos = used.count_ones() as usize;
            let mut acc = [[0u64; 3]; 2];
            for b in bits(masks[pos]) {
                let (p, o) = (b / m, b % m);
                if used & (1 << p) != 0 {
                    continue;
                }
                let inv = ((used >> (p + 1)).count_ones() & 1) as usize;
                let next = &rest[used | (1 << p)];
                for (par, row) in next.iter().enumerate() {
                    for (ori, &count) in row.iter().enumerate().take(m) {
                        let a = &mut acc[par ^ inv][(ori + o) % m];
                        *a = a.saturating_add(count);
                    }
                }
            }
            rest[used] = acc;
        }
        Fill {
            n,
            m,
            masks: masks.to_vec(),
            rest,
        }
    }

    /// Arrangements with total orientation 0 and the given parity.
    fn count(&self, parity: usize) -> u64 {
        self.rest[0][parity][0]
    }

    /// Arrangements of any parity and orientation.
    fn any(&self) -> u64 {
        self.rest[0]
            .iter()
            .flat_map(|r| r.iter())
            .fold(0u64, |a, &b| a.saturating_add(b))
    }

    /// Arrangements with total orientation 0, any parity.
    fn oriented(&self) -> u64 {
        self.count(0).saturating_add(self.count(1))
    }

    /// One arrangement with orientation 0 and `parity`: (piece, orientation) by position.
    fn witness(&self, parity: usize) -> Option<Vec<(u8, u8)>> {
        if self.count(parity) == 0 {
            return None;
        }
        let (mut used, mut want_par, mut want_ori) = (0usize, parity, 0usize);
        let mut out = Vec::with_capacity(self.n);
        for pos in 0..self.n {
            let chosen = bits(self.masks[pos]).find_map(|b| {
                let (p, o) = (b / self.m, b % self.m);
                if used & (1 << p) != 0 {
                    return None;
                }
                let inv = ((used >> (p + 1)).count_ones() & 1) as usize;
                let (par, ori) = (want_par ^ inv, (want_ori + self.m - o) % self.m);
                (self.rest[used | (1 << p)][par][ori] > 0).then_some((p, o, par, ori))
            })?;
            let (p, o, par, ori) = chosen;
            out.push((p as u8, o as u8));
            used |= 1 << p;
            (want_par, want_ori) = (par, ori);
        }
        Some(out)
    }
}

impl Pattern {
    /// Whether some real cube matches; `Err` says why none does.
    pub fn check(&self) -> Result<(), PatternError> {
        self.witness().map(|_| ())
    }

    /// One real cube matching the pattern, or why there is none.
    pub fn witness(&self) -> Result<CubieCube, PatternError> {
        self.first_fault()?;
        let corners = Fill::new(self.corner_masks(), 3);
        let edges = Fill::new(self.edge_masks(), 2);
        for (fill, kind) in [(&corners, "corners"), (&edges, "edges")] {
            if fill.any() == 0 {
                return Err(self.arrangement_fault(kind));
            }
        }
        if corners.oriented() == 0 {
            return Err(PatternError::Twist);
        }
        if edges.oriented() == 0 {
            return Err(PatternError::Flip);
        }
        let parity = (0..2)
            .find(|&p| corners.count(p) > 0 && edges.count(p) > 0)
            .ok_or_else(|| {
                if corners.count(1) > 0 {
                    PatternError::Parity {
                        odd: "corners",
                        even: "edges",
                    }
                } else {
                    PatternError::Parity {
                        odd: "edges",
                        even: "corners",
                    }
                }
            })?;
        let c = corners.witness(parity).expect("counted");
        let e = edges.witness(parity).expect("counted");
        let mut cube = CubieCube::SOLVED;
        for (j, (p, o)) in c.into_iter().enumerate() {
            (cube.cp[j], cube.co[j]) = (p, o);
        }
        for (j, (p, o)) in e.into_iter().enumerate() {
            (cube.ep[j], cube.eo[j]) = (p, o);
        }
        debug_assert!(cube.check().is_ok() && self.matches(&cube));
        Ok(cube)
    }

    /// How many real cubes match (at most 43,252,003,274,489,856,000).
    pub fn count(&self) -> u128 {
        let corners = Fill::new(self.corner_masks(), 3);
        let edges = Fill::new(self.edge_masks(), 2);
        (0..2)
            .map(|p| u128::from(corners.count(p)) * u128::from(edges.count(p)))
            .sum()
    }

    /// A position that allows nothing.
    fn first_fault(&self) -> Result<(), PatternError> {
        if let Some(j) = self.corner_masks().iter().position(|&m| m == 0) {
            return Err(PatternError::NoPieceFits {
                place: Place::Corner(Corner::from_index(j)),
            });
        }
        if let Some(j) = self.edge_masks().iter().position(|&m| m == 0) {
            return Err(PatternError::NoPieceFits {
                place: Place::Edge(Edge::from_index(j)),
            });
        }
        Ok(())
    }

    fn arrangement_fault(&self, kind: &'static str) -> PatternError {
        let (masks, m, place): (&[u32], usize, fn(usize) -> Place) = if kind == "corners" {
            (self.corner_masks(), 3, |i| {
                Place::Corner(Corner::from_index(i))
            })
        } else {
            (self.edge_masks(), 2, |i| Place::Edge(Edge::from_index(i)))
        };
        // A piece that is the only choice of two positions.
        let only: Vec<Option<usize>> = masks
            .iter()
            .map(|&mask| {
                let mut pieces = bits(mask).map(|b| b / m);
                let first = pieces.next()?;
                pieces.all(|p| p == first).then_some(first)
            })
            .collect();
        for a in 0..masks.len() {
            for b in a + 1..masks.len() {
                if let (Some(p), Some(q)) = (only[a], only[b]) {
                    if p == q {
                        return PatternError::PieceTwice {
                            piece: place(p),
                            first: place(a),
                            second: place(b),
                        };
                    }
                }
            }
        }
        PatternError::NoArrangement { kind }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::rng_from_seed;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    fn with(changes: &[(usize, char)]) -> Pattern {
        let mut s: Vec<char> = SOLVED.chars().collect();
        for &(i, c) in changes {
            s[i] = c;
        }
        Pattern::from_stickers(&s.iter().collect::<String>()).unwrap()
    }

    #[test]
    fn counts_match_known_set_sizes() {
        assert_eq!(Pattern::ANY.count(), 43_252_003_274_489_856_000);
        assert_eq!(Pattern::solved().count(), 1);
        // Last layer free: 4! · 4! / 2 · 3^3 · 2^3 = 62,208 states.
        let ll = Pattern::keeping(|faces| !faces.contains(&crate::Face::U));
        assert_eq!(ll.count(), 62_208);
    }

    #[test]
    fn witnesses_are_real_and_match() {
        let mut rng = rng_from_seed(5);
        for _ in 0..50 {
            let c = CubieCube::random(&mut rng);
            let mut s: Vec<char> = c.to_facelets().chars().collect();
            for i in (0..54).filter(|i| i % 4 == 1) {
                s[i] = '?';
            }
            let p = Pattern::from_stickers(&s.iter().collect::<String>()).unwrap();
            let w = p.witness().unwrap();
            assert!(w.check().is_ok());
            assert!(p.matches(&w));
            assert!(p.count() >= 1);
        }
    }

    #[test]
    fn impossible_patterns_say_why() {
        // URF's R sticker shows U: no corner has two U stickers.
        assert!(matches!(
            with(&[(9, 'U')]).check(),
            Err(PatternError::NoPieceFits { .. })
        ));
        // A twisted corner: URF turned clockwise in place.
        assert_eq!(
            with(&[(8, 'F'), (9, 'U'), (20, 'R')]).check(),
            Err(PatternError::Twist)
        );
        // A flipped edge: UF flipped.
        assert_eq!(
            with(&[(7, 'F'), (19, 'U')]).check(),
            Err(PatternError::Flip)
        );
        // Two edges swapped: UF and UR exchanged.
        assert!(matches!(
            with(&[(10, 'F'), (19, 'R')]).check(),
            Err(PatternError::Parity { .. })
        ));
        // UF asked for at UR as well, with UR's stickers hidden.
        let p = with(&[(5, 'U'), (10, 'F'), (7, 'U'), (19, 'F')]);
        assert!(
            matches!(p.check(), Err(PatternError::PieceTwice { .. })),
            "{:?}",
            p.check()
        );
    }

    #[test]
    fn parity_errors_vanish_when_some_stickers_are_free() {
        // Two edges swapped but two corners hidden: the corners can take the odd parity.
        let p = with(&[
            (10, 'F'),
            (19, 'R'),
            (8, '?'),
            (9, '?'),
            (20, '?'),
            (6, '?'),
            (18, '?'),
            (38, '?'),
        ]);
        let w = p.witness().unwrap();
        assert!(p.matches(&w) && w.check().is_ok());
        // URF and UFL swapped (odd), with twists summing to zero: three states.
        assert_eq!(p.count(), 3);
    }
}
