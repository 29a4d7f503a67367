//! The cubie model: where each corner and edge is and how it is twisted or flipped.

use crate::moves::{Move, N_MOVES};
use crate::piece::{Corner, Edge, N_CORNERS, N_EDGES};

/// A cube state on the cubie level (centres fixed, U on top and F in front).
///
/// `cp[i]` is the corner piece at corner position `i`, `co[i]` its twist (0, 1 or 2: how many
/// clockwise turns take its U/D sticker from the U/D face); `ep`/`eo` likewise for edges (flip 0
/// or 1). This is Kociemba's "is replaced by" representation, so `a.multiply(&b)` is the state
/// reached by applying `a` and then `b` to a solved cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    /// Corner permutation: the piece index at each position.
    pub cp: [u8; N_CORNERS],
    /// Corner orientation at each position (0..3).
    pub co: [u8; N_CORNERS],
    /// Edge permutation: the piece index at each position.
    pub ep: [u8; N_EDGES],
    /// Edge orientation at each position (0..2).
    pub eo: [u8; N_EDGES],
}

impl Default for CubieCube {
    fn default() -> Self {
        CubieCube::SOLVED
    }
}

/// The cube after a clockwise quarter turn of each face, in URFDLB order (Kociemba's basic moves).
const BASIC_MOVES: [CubieCube; 6] = [
    // U
    CubieCube {
        cp: [3, 0, 1, 2, 4, 5, 6, 7],
        co: [0; 8],
        ep: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // R
    CubieCube {
        cp: [4, 1, 2, 0, 7, 5, 6, 3],
        co: [2, 0, 0, 1, 1, 0, 0, 2],
        ep: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        eo: [0; 12],
    },
    // F
    CubieCube {
        cp: [1, 5, 2, 3, 0, 4, 6, 7],
        co: [1, 2, 0, 0, 2, 1, 0, 0],
        ep: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        eo: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    // D
    CubieCube {
        cp: [0, 1, 2, 3, 5, 6, 7, 4],
        co: [0; 8],
        ep: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // L
    CubieCube {
        cp: [0, 2, 6, 3, 4, 1, 5, 7],
        co: [0, 1, 2, 0, 0, 2, 1, 0],
        ep: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        eo: [0; 12],
    },
    // B
    CubieCube {
        cp: [0, 1, 3, 7, 4, 5, 2, 6],
        co: [0, 0, 1, 2, 0, 0, 2, 1],
        ep: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        eo: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

/// The cube after each of the 18 moves, in [`Move`] index order.
pub const MOVE_CUBES: [CubieCube; N_MOVES] = {
    let mut out = [CubieCube::SOLVED; N_MOVES];
    let mut face = 0;
    while face < 6 {
        let mut c = BASIC_MOVES[face];
        let mut t = 0;
        while t < 3 {
            out[face * 3 + t] = c;
            c = c.multiply(&BASIC_MOVES[face]);
            t += 1;
        }
        face += 1;
    }
    out
};

impl CubieCube {
    /// The solved cube.
    pub const SOLVED: CubieCube = CubieCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// The state reached by applying `self` and then `other` (both as move sequences from solved).
    /// Orientations must be proper (co < 3); mirror symmetries live in [`crate::symmetry`].
    pub const fn multiply(&self, other: &CubieCube) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        let mut i = 0;
        while i < N_CORNERS {
            let from = other.cp[i] as usize;
            r.cp[i] = self.cp[from];
            // Both twists are < 3, so one conditional subtraction replaces `% 3`.
            let twist = self.co[from] + other.co[i];
            r.co[i] = if twist >= 3 { twist - 3 } else { twist };
            i += 1;
        }
        let mut i = 0;
        while i < N_EDGES {
            let from = other.ep[i] as usize;
            r.ep[i] = self.ep[from];
            r.eo[i] = self.eo[from] ^ other.eo[i];
            i += 1;
        }
        r
    }

    /// The inverse state: `c.multiply(&c.inverse())` is solved.
    pub const fn inverse(&self) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        let mut i = 0;
        while i < N_CORNERS {
            let p = self.cp[i] as usize;
            r.cp[p] = i as u8;
            r.co[p] = (3 - self.co[i]) % 3;
            i += 1;
        }
        let mut i = 0;
        while i < N_EDGES {
            let p = self.ep[i] as usize;
            r.ep[p] = i as u8;
            r.eo[p] = self.eo[i];
            i += 1;
        }
        r
    }

    /// The cube after one more outer face turn.
    pub fn apply_move(&self, m: Move) -> CubieCube {
        self.multiply(&MOVE_CUBES[m.index()])
    }

    /// The cube after a sequence of outer face turns.
    pub fn apply_moves(&self, moves: &[Move]) -> CubieCube {
        moves.iter().fold(*self, |c, &m| c.apply_move(m))
    }

    /// The state a solved cube reaches after `moves`.
    pub fn from_moves(moves: &[Move]) -> CubieCube {
        CubieCube::SOLVED.apply_moves(moves)
    }

    /// Whether every piece is home and unturned.
    pub fn is_solved(&self) -> bool {
        *self == CubieCube::SOLVED
    }

    /// The corner piece at a position.
    pub fn corner_at(&self, pos: Corner) -> (Corner, u8) {
        let i = pos as usize;
        (Corner::from_index(self.cp[i] as usize), self.co[i])
    }

    /// The edge piece at a position.
    pub fn edge_at(&self, pos: Edge) -> (Edge, u8) {
        let i = pos as usize;
        (Edge::from_index(self.ep[i] as usize), self.eo[i])
    }

    /// Parity of the corner permutation (true = odd).
    pub fn corner_parity(&self) -> bool {
        permutation_parity(&self.cp)
    }

    /// Parity of the edge permutation (true = odd).
    pub fn edge_parity(&self) -> bool {
        permutation_parity(&self.ep)
    }

    /// Sum of corner twists modulo 3 (0 on a solvable cube).
    pub fn total_twist(&self) -> u8 {
        self.co.iter().map(|&x| x as u32).sum::<u32>() as u8 % 3
    }

    /// Sum of edge flips modulo 2 (0 on a solvable cube).
    pub fn total_flip(&self) -> u8 {
        self.eo.iter().map(|&x| x as u32).sum::<u32>() as u8 % 2
    }

    /// Whether this cubie state can be reached by turning faces: a permutation of each kind,
    /// twist 0, flip 0 and equal permutation parities.
    pub fn is_solvable(&self) -> bool {
        self.check().is_ok()
    }

    /// Checks solvability and names the first fault found.
    pub fn check(&self) -> Result<(), crate::CubeError> {
        use crate::CubeError;
        let mut seen = [false; N_EDGES];
        for (i, &p) in self.ep.iter().enumerate() {
            if p as usize >= N_EDGES || self.eo[i] > 1 {
                return Err(CubeError::ImpossibleEdge {
                    position: Edge::from_index(i),
                });
            }
            if std::mem::replace(&mut seen[p as usize], true) {
                return Err(CubeError::DuplicateEdge(Edge::from_index(p as usize)));
            }
        }
        let mut seen = [false; N_CORNERS];
        for (i, &p) in self.cp.iter().enumerate() {
            if p as usize >= N_CORNERS || self.co[i] > 2 {
                return Err(CubeError::ImpossibleCorner {
                    position: Corner::from_index(i),
                });
            }
            if std::mem::replace(&mut seen[p as usize], true) {
                return Err(CubeError::DuplicateCorner(Corner::from_index(p as usize)));
            }
        }
        if self.total_flip() != 0 {
            let at = self.eo.iter().position(|&o| o != 0).unwrap_or(0);
            return Err(CubeError::FlippedEdge {
                position: Edge::from_index(at),
            });
        }
        let twist = self.total_twist();
        if twist != 0 {
            let at = self.co.iter().position(|&o| o != 0).unwrap_or(0);
            return Err(CubeError::TwistedCorner {
                position: Corner::from_index(at),
                twist,
            });
        }
        if self.corner_parity() != self.edge_parity() {
            return Err(CubeError::Parity);
        }
        Ok(())
    }
}

/// Parity of a permutation of `0..n` (true = odd).
pub fn permutation_parity(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                odd = !odd;
            }
        }
    }
    odd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_four_times_is_identity() {
        for m in Move::ALL {
            let c = CubieCube::from_moves(&[m, m, m, m]);
            assert!(c.is_solved(), "{m}^4 is not identity");
        }
    }

    #[test]
    fn moves_are_solvable_and_inverse_undoes() {
        for m in Move::ALL {
            let c = CubieCube::from_moves(&[m]);
            assert!(c.is_solvable());
            assert!(c.multiply(&c.inverse()).is_solved());
            assert_eq!(c.apply_move(m.inverse()), CubieCube::SOLVED);
        }
    }
}
