//! Single pieces as small coordinates (position and orientation of one corner or edge), the
//! cube seen from another side (so the cross can go on any face), and piece names in colours.

use rubik_cube::piece::{CORNER_FACELETS, CORNER_FACES, EDGE_FACELETS, EDGE_FACES};
use rubik_cube::{CubieCube, Face, Move};
use std::sync::OnceLock;

/// States of one edge: 12 positions × 2 orientations, `position * 2 + flip`.
pub const N_EDGE_STATES: usize = 24;
/// States of one corner: 8 positions × 3 orientations, `position * 3 + twist`.
pub const N_CORNER_STATES: usize = 24;

/// Where one edge or corner goes under each move.
pub struct PieceMoves {
    /// `edge[state][move]`.
    pub edge: [[u8; 18]; N_EDGE_STATES],
    /// `corner[state][move]`.
    pub corner: [[u8; 18]; N_CORNER_STATES],
}

/// The single-piece move tables (tiny, built once).
pub fn piece_moves() -> &'static PieceMoves {
    static TABLE: OnceLock<PieceMoves> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = PieceMoves {
            edge: [[0; 18]; N_EDGE_STATES],
            corner: [[0; 18]; N_CORNER_STATES],
        };
        for m in Move::ALL {
            let mc = CubieCube::SOLVED.apply_move(m);
            // The piece at position `p` goes to the position `i` whose `ep[i]` is `p`.
            for i in 0..12 {
                let p = mc.ep[i] as usize;
                for flip in 0..2 {
                    t.edge[p * 2 + flip][m.index()] =
                        (i * 2 + (flip + mc.eo[i] as usize) % 2) as u8;
                }
            }
            for i in 0..8 {
                let p = mc.cp[i] as usize;
                for twist in 0..3 {
                    t.corner[p * 3 + twist][m.index()] =
                        (i * 3 + (twist + mc.co[i] as usize) % 3) as u8;
                }
            }
        }
        t
    })
}

/// The state (`position * 2 + flip`) of edge `piece` in `c`.
pub fn edge_state(c: &CubieCube, piece: usize) -> u8 {
    let pos = c.ep.iter().position(|&p| p as usize == piece).unwrap_or(0);
    (pos * 2 + c.eo[pos] as usize) as u8
}

/// The state (`position * 3 + twist`) of corner `piece` in `c`.
pub fn corner_state(c: &CubieCube, piece: usize) -> u8 {
    let pos = c.cp.iter().position(|&p| p as usize == piece).unwrap_or(0);
    (pos * 3 + c.co[pos] as usize) as u8
}

/// A way of holding the cube: which name each physical face gets (`names[physical]`). The
/// solver works on the cube as seen this way and turns its moves back into physical ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    names: [Face; 6],
}

impl View {
    /// The view that puts the physical face `down` at the bottom (`D`).
    pub fn with_down(down: Face) -> View {
        use Face::*;
        // names[physical face in URFDLB order]
        let names = match down {
            D => [U, R, F, D, L, B],
            U => [D, R, B, U, L, F], // x2
            F => [F, R, D, B, L, U], // x'
            B => [B, R, U, F, L, D], // x
            R => [R, D, F, L, U, B], // z
            L => [L, U, F, R, D, B], // z'
        };
        View { names }
    }

    /// The view turned `k` times by `y'` about the U–D axis (keeping U and D): it brings the
    /// slot between F and L (k = 1), B and L (2) or B and R (3) to the front-right.
    pub fn y_turns(k: usize) -> View {
        use Face::*;
        let names = match k % 4 {
            0 => [U, R, F, D, L, B],
            1 => [U, B, R, D, F, L],
            2 => [U, L, B, D, R, F],
            _ => [U, F, L, D, B, R],
        };
        View { names }
    }

    /// The name this view gives the physical face `physical`.
    pub fn name(&self, physical: Face) -> Face {
        self.names[physical as usize]
    }

    /// The physical face the solver calls `name`.
    pub fn physical(&self, name: Face) -> Face {
        Face::ALL[self.names.iter().position(|&n| n == name).unwrap_or(0)]
    }

    /// The physical move for a move on the face the solver calls `m.face()`.
    pub fn physical_move(&self, m: Move) -> Move {
        Move::new(self.physical(m.face()), i32::from(m.turns())).unwrap_or(m)
    }

    /// `c` as seen in this view: stickers moved to where the renamed faces put them and
    /// recoloured by their new names.
    pub fn apply(&self, c: &CubieCube) -> CubieCube {
        if self.names == Face::ALL {
            return *c;
        }
        let old = c.to_face_array();
        let mut new = old;
        for f in Face::ALL {
            new[self.names[f as usize] as usize * 9 + 4] =
                self.names[old[f as usize * 9 + 4] as usize];
        }
        let rename = |f: Face| self.names[f as usize];
        for (faces, facelets) in CORNER_FACES.iter().zip(CORNER_FACELETS) {
            let image: Vec<Face> = faces.iter().map(|&f| rename(f)).collect();
            let target = CORNER_FACES
                .iter()
                .position(|t| image.iter().all(|f| t.contains(f)))
                .expect("a rotation maps corners to corners");
            for (k, &f) in image.iter().enumerate() {
                let slot = CORNER_FACES[target]
                    .iter()
                    .position(|&t| t == f)
                    .unwrap_or(0);
                new[CORNER_FACELETS[target][slot]] = rename(old[facelets[k]]);
            }
        }
        for (faces, facelets) in EDGE_FACES.iter().zip(EDGE_FACELETS) {
            let image: Vec<Face> = faces.iter().map(|&f| rename(f)).collect();
            let target = EDGE_FACES
                .iter()
                .position(|t| image.iter().all(|f| t.contains(f)))
                .expect("a rotation maps edges to edges");
            for (k, &f) in image.iter().enumerate() {
                let slot = EDGE_FACES[target].iter().position(|&t| t == f).unwrap_or(0);
                new[EDGE_FACELETS[target][slot]] = rename(old[facelets[k]]);
            }
        }
        let text: String = new.iter().map(|f| f.letter()).collect();
        CubieCube::from_facelets(&text).expect("a rotated valid cube is valid")
    }

    /// The colour (WCA scheme) of the face the solver calls `name`.
    pub fn colour(&self, name: Face) -> &'static str {
        colour(self.physical(name))
    }
}

/// The WCA colour of a physical face: U white, R red, F green, D yellow, L orange, B blue.
pub fn colour(face: Face) -> &'static str {
    crate::i18n::colour(face)
}

/// Colours of a piece whose home faces are `faces` (named in `view`), U/D colour first, then
/// R/L, then F/B: `yellow-red-blue`.
pub fn piece_name(view: &View, faces: &[Face]) -> String {
    let mut sorted = faces.to_vec();
    sorted.sort_by_key(|f| [0, 1, 2][f.axis()]);
    sorted
        .iter()
        .map(|&f| view.colour(f))
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_rename_moves_consistently() {
        // Turning physical face X and then looking through a view is the same as looking
        // first and turning the face the view calls X.
        let scramble = CubieCube::from_moves(&[Move::from_index(4), Move::from_index(7)]);
        for down in Face::ALL {
            let view = View::with_down(down);
            assert_eq!(view.physical(Face::D), down);
            for m in Move::ALL {
                let physical = view.physical_move(m);
                assert_eq!(
                    view.apply(&scramble.apply_move(physical)),
                    view.apply(&scramble).apply_move(m),
                    "view {down:?}, move {m}"
                );
            }
        }
    }

    #[test]
    fn pieces_are_named_by_colour() {
        let view = View::with_down(Face::D);
        assert_eq!(piece_name(&view, &CORNER_FACES[7]), "yellow-red-blue");
        assert_eq!(piece_name(&view, &EDGE_FACES[11]), "red-blue");
        let white = View::with_down(Face::U);
        assert_eq!(piece_name(&white, &[Face::D, Face::F]), "white-blue");
    }
}
