//! The moves of a goal search: a [`MoveSet`] turned into *runs* — everything done on one axis
//! before turning another — and their effect on the cube in each whole-cube orientation.
//!
//! Turns about one axis commute, so a sequence is one run per axis change. A run is the net
//! quarter turns of the axis's three layers (the face layer of [`Axis::face`], the middle,
//! the opposite face layer), all counted clockwise as seen from that face: `R` is `(1,0,0)`,
//! `L` is `(0,0,3)`, `M` is `(0,3,0)`, `r` is `(1,1,0)`. Two sequences that make the same
//! runs are the same motion (`r` and `R M'`), so a search over runs meets each motion once,
//! written in the fewest turns of the set. A run that turns all three layers alike is a
//! whole-cube rotation and is left out.
//!
//! The search state is kept in the colours' frame (as [`rubik_cube::Alg::to_outer_moves`]
//! does): a slice or wide turn is a face turn plus a rotation, and after a rotation the faces
//! are renamed by where the centres went. So a run's effect depends on the orientation the
//! cube is in; sets of face turns only stay in the start orientation.

use rubik_cube::alg::{Layer, Turn};
use rubik_cube::moveset::MoveSet;
use rubik_cube::rotation::{self, Axis, N_ORIENTATIONS};
use rubik_cube::{CubieCube, Face, Move};
use std::collections::HashMap;

/// The net quarter turns of an axis's three layers, each 0..4, seen from the axis's face.
pub type Triple = [u8; 3];

/// One run: turns on one axis, written in the fewest turns of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The axis.
    pub axis: Axis,
    /// Net quarter turns of the face layer, the middle and the opposite layer.
    pub triple: Triple,
    /// The turns that make it (as few as the set allows; ties broken by the set's order).
    pub turns: Vec<Turn>,
}

impl Run {
    /// Turns of the set this run takes.
    pub fn cost(&self) -> usize {
        self.turns.len()
    }

    /// Whether it turns the U layer (a `U` in it, or a wide turn or slice that moves it).
    pub fn turns_face(&self, face: Face) -> bool {
        face_axis(face) == self.axis && {
            let i = if face == self.axis.face() { 0 } else { 2 };
            self.triple[i] != 0
        }
    }
}

/// The axis a face turns about.
pub fn face_axis(face: Face) -> Axis {
    match face {
        Face::U | Face::D => Axis::Y,
        Face::R | Face::L => Axis::X,
        Face::F | Face::B => Axis::Z,
    }
}

/// A turn's triple on its axis.
pub fn triple_of(t: Turn) -> Triple {
    let axis = t.layer.axis();
    let a = axis.face();
    let k = t.amount;
    let neg = (4 - k) % 4;
    match t.layer {
        Layer::Face(f) if f == a => [k, 0, 0],
        Layer::Face(_) => [0, 0, neg],
        Layer::Wide(f) if f == a => [k, k, 0],
        Layer::Wide(_) => [0, neg, neg],
        Layer::Slice(s) if s.follows() == a => [0, k, 0],
        Layer::Slice(_) => [0, neg, 0],
        Layer::Rotation(_) => [k, k, k],
    }
}

fn add(a: Triple, b: Triple) -> Triple {
    [(a[0] + b[0]) % 4, (a[1] + b[1]) % 4, (a[2] + b[2]) % 4]
}

fn is_rotation(t: Triple) -> bool {
    t[0] == t[1] && t[1] == t[2]
}

/// The runs of a move set, and their effects in every orientation the set can reach.
#[derive(Clone, Debug)]
pub struct MoveModel {
    /// Every run, grouped by axis (X, Y, Z), then by cost.
    pub runs: Vec<Run>,
    /// The reachable orientations (indices into [`rotation::orientations`]); the first is the
    /// start orientation, 0.
    pub orientations: Vec<u8>,
    /// Position of each orientation in `orientations` (`u8::MAX` if unreachable).
    pub local: [u8; N_ORIENTATIONS],
    /// `effect[o][r]`: the cube to multiply by when run `r` is made in local orientation `o`,
    /// and the local orientation after it.
    pub effect: Vec<Vec<(CubieCube, u8)>>,
    /// The set's turns, one by one.
    pub turns: Vec<Turn>,
    /// `turn_effect[o][t]`: the cube to multiply by when turn `t` is made in local
    /// orientation `o`, and the local orientation after it (what tables are built from:
    /// their distances count turns).
    pub turn_effect: Vec<Vec<(CubieCube, u8)>>,
    /// Whether the set is face turns only (one orientation; runs are outer face turns).
    pub faces_only: bool,
}

impl MoveModel {
    /// The model of `set`.
    pub fn new(set: &MoveSet) -> MoveModel {
        let mut runs = Vec::new();
        for axis in Axis::ALL {
            let turns: Vec<Turn> = set
                .turns()
                .iter()
                .copied()
                .filter(|t| t.layer.axis() == axis)
                .collect();
            // Breadth-first over sums of the axis's turns: the first way found is a shortest.
            let mut best: HashMap<Triple, Vec<Turn>> = HashMap::new();
            best.insert([0, 0, 0], Vec::new());
            let mut frontier = vec![[0u8, 0, 0]];
            while !frontier.is_empty() {
                let mut next = Vec::new();
                for t in &frontier {
                    let seq = best[t].clone();
                    for &turn in &turns {
                        let u = add(*t, triple_of(turn));
                        if let std::collections::hash_map::Entry::Vacant(e) = best.entry(u) {
                            let mut s = seq.clone();
                            s.push(turn);
                            e.insert(s);
                            next.push(u);
                        }
                    }
                }
                frontier = next;
            }
            let mut axis_runs: Vec<Run> = best
                .into_iter()
                .filter(|(t, _)| !is_rotation(*t))
                .map(|(triple, turns)| Run {
                    axis,
                    triple,
                    turns,
                })
                .collect();
            axis_runs.sort_by(|a, b| a.cost().cmp(&b.cost()).then(a.triple.cmp(&b.triple)));
            runs.extend(axis_runs);
        }
        let faces_only = set.face_moves().is_some();
        // Orientations reachable by the runs.
        let mut orientations = vec![0u8];
        let mut i = 0;
        while i < orientations.len() {
            for run in &runs {
                let (_, o) = effect_of(&run.turns, orientations[i]);
                if !orientations.contains(&o) {
                    orientations.push(o);
                }
            }
            i += 1;
        }
        let mut local = [u8::MAX; N_ORIENTATIONS];
        for (k, &o) in orientations.iter().enumerate() {
            local[o as usize] = k as u8;
        }
        let effect = orientations
            .iter()
            .map(|&o| {
                runs.iter()
                    .map(|run| {
                        let (c, next) = effect_of(&run.turns, o);
                        (c, local[next as usize])
                    })
                    .collect()
            })
            .collect();
        let turns = set.turns().to_vec();
        let turn_effect = orientations
            .iter()
            .map(|&o| {
                turns
                    .iter()
                    .map(|&t| {
                        let (c, next) = effect_of(&[t], o);
                        (c, local[next as usize])
                    })
                    .collect()
            })
            .collect();
        MoveModel {
            runs,
            orientations,
            local,
            effect,
            turns,
            turn_effect,
            faces_only,
        }
    }

    /// Number of reachable orientations.
    pub fn n_orientations(&self) -> usize {
        self.orientations.len()
    }

    /// The outer face turns of a sequence of runs made from the start orientation, in the
    /// colours' frame, and the orientation it ends in.
    pub fn outer_moves(&self, runs: &[usize]) -> (Vec<Move>, u8) {
        let mut out = Vec::new();
        let mut o = 0u8;
        for &r in runs {
            for &t in &self.runs[r].turns {
                let centres = rotation::orientations()[o as usize].centres;
                for (f, amount) in t.outer_turns() {
                    if let Some(m) = Move::new(centres[f.index()], amount) {
                        out.push(m);
                    }
                }
                if let Some((axis, q)) = t.rotation() {
                    o = rotation::rotate(o, axis, q);
                }
            }
        }
        (out, o)
    }

    /// The turns of a sequence of runs, in order.
    pub fn turns(&self, runs: &[usize]) -> Vec<Turn> {
        runs.iter()
            .flat_map(|&r| self.runs[r].turns.iter().copied())
            .collect()
    }
}

/// The colour-frame cube and the orientation after `turns` made from orientation `o`.
fn effect_of(turns: &[Turn], o: u8) -> (CubieCube, u8) {
    let mut c = CubieCube::SOLVED;
    let mut o = o;
    for &t in turns {
        let centres = rotation::orientations()[o as usize].centres;
        for (f, amount) in t.outer_turns() {
            if let Some(m) = Move::new(centres[f.index()], amount) {
                c = c.apply_move(m);
            }
        }
        if let Some((axis, q)) = t.rotation() {
            o = rotation::rotate(o, axis, q);
        }
    }
    (c, o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::{Alg, Cube};

    fn model(s: &str) -> MoveModel {
        MoveModel::new(&s.parse().unwrap())
    }

    #[test]
    fn face_sets_have_the_canonical_runs() {
        // ⟨R,U⟩: 3 runs per face; ⟨all⟩: per axis 15 (3 + 3 + 9 with both faces).
        let ru = model("R,U");
        assert_eq!(ru.runs.len(), 6);
        assert_eq!(ru.n_orientations(), 1);
        let all = model("all");
        assert_eq!(all.runs.len(), 45);
        assert!(all.runs.iter().all(|r| r.cost() <= 2));
        assert_eq!(all.runs.iter().filter(|r| r.cost() == 1).count(), 18);
    }

    #[test]
    fn slices_and_wide_turns_are_runs_once() {
        // ⟨R, r, M⟩ on the x axis: every triple with L untouched... r = R M', so {R, M, r}
        // reach (a, b, 0) for all a, b: 15 runs.
        let m = model("R,r,M");
        assert_eq!(m.runs.len(), 15);
        // r is one turn, not R M'.
        let r = m.runs.iter().find(|r| r.triple == [1, 1, 0]).unwrap();
        assert_eq!(r.cost(), 1);
        assert_eq!(m.n_orientations(), 4);
    }

    #[test]
    fn effects_agree_with_the_cube() {
        let m = model("R,U,M,r");
        // Make every run from every orientation: the colour-frame cube, conjugated by the
        // orientation, is what the physical cube shows.
        for (lo, &o) in m.orientations.iter().enumerate() {
            let start_rotation =
                Alg::from_turns(rotation::orientations()[o as usize].path.iter().map(
                    |&(axis, amount)| Turn {
                        layer: Layer::Rotation(axis),
                        amount,
                    },
                ));
            for (ri, run) in m.runs.iter().enumerate() {
                let (c, next) = m.effect[lo][ri];
                let physical = Cube::solved()
                    .apply(&start_rotation)
                    .apply(&Alg::from_turns(run.turns.clone()));
                let oo = m.orientations[next as usize] as usize;
                let r = rotation::orientations()[oo].cubie;
                assert_eq!(physical.orientation() as usize, oo);
                assert_eq!(physical.to_cubie(), r.inverse().multiply(&c).multiply(&r));
            }
        }
    }
}
