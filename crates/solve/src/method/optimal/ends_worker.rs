//! The search from both ends ([`super::both_ends`]) as a worker runs it: the depth-first
//! descent, the last move and the recording of a solution. Apart from the node types so that
//! the one-ended search, which owns [`Worker`], imports those types and nothing imports back.

use super::both_ends::*;
use super::deepening::Worker;
use super::inverse::PackedCube;
use super::reader::Reader;
use super::tables::Tables;
use rubik_cube::Move;

impl Worker<'_, Tables> {
    /// Searches for a solution of exactly `togo` more moves, added at either end; `last` holds
    /// the last move added at the end and at the start. Returns `true` to stop.
    ///
    /// At every depth the children of a node's children are made together, step by step
    /// ([`Expansion`], [`Worker::siblings`]): each child's memory reads then overlap its
    /// siblings' instead of waiting alone. With the `large` table most nodes are made ten or
    /// eleven moves from the end, where nearly all of them are pruned, not near the end.
    pub(super) fn dfs_both<R: Reader>(
        &mut self,
        node: &BothEnds,
        togo: usize,
        last: [Option<Move>; 2],
    ) -> bool {
        match togo {
            0 => {
                if node.sides[0].packed[0] == PackedCube::SOLVED {
                    self.record_both();
                    return true;
                }
                false
            }
            1 => self.last_move(node, last),
            _ => {
                let me = Child {
                    node: *node,
                    last,
                    s: 0,
                    m: Move::ALL[0],
                };
                self.below::<R>(&me, togo)
            }
        }
    }

    /// Searches below `parent`, `togo` (at least 2) moves from the end. Returns `true` to stop.
    fn below<R: Reader>(&mut self, parent: &Child, togo: usize) -> bool {
        if self.tick() {
            return true;
        }
        let mut children = self.take_level(togo);
        self.expand::<R>(std::slice::from_ref(parent), togo, &mut children);
        let stop = self.search_children::<R>(&children, togo);
        self.scratch.levels[togo] = children;
        stop
    }

    /// Searches below `children`, the children of a node `togo` (at least 2) moves from the
    /// end: the last move when they are one move from it, else as siblings. Returns `true` to
    /// stop.
    fn search_children<R: Reader>(&mut self, children: &[Child], togo: usize) -> bool {
        if togo == 2 {
            self.last_moves(children)
        } else {
            self.siblings::<R>(children, togo - 1)
        }
    }

    /// The buffer for the children of the nodes `togo` moves from the end, emptied (each
    /// number of moves to go has its own, so a level's children outlive the search below them).
    fn take_level(&mut self, togo: usize) -> Vec<Child> {
        if self.scratch.levels.len() <= togo {
            self.scratch
                .levels
                .resize_with(togo + 1, || Vec::with_capacity(18 * 18));
        }
        let mut level = std::mem::take(&mut self.scratch.levels[togo]);
        level.clear();
        level
    }

    /// Searches below each of `nodes` in turn: siblings (the children of one node), `togo` (at
    /// least 2) moves from the end. Their children are made together ([`Worker::expand`]), so
    /// one sibling's memory reads overlap the others', then searched sibling by sibling.
    /// Returns `true` to stop.
    fn siblings<R: Reader>(&mut self, nodes: &[Child], togo: usize) -> bool {
        for _ in nodes {
            if self.tick() {
                return true;
            }
        }
        let mut children = self.take_level(togo);
        let ends = self.expand::<R>(nodes, togo, &mut children);
        let mut begin = 0;
        let mut stop = false;
        for (node, &end) in nodes.iter().zip(&ends) {
            self.push_end(node.s, node.m);
            stop = self.search_children::<R>(&children[begin..end], togo);
            self.pop_end(node.s);
            if stop {
                break;
            }
            begin = end;
        }
        self.scratch.levels[togo] = children;
        stop
    }

    /// The children of `parents` (each `togo` moves from the end), their expansions
    /// interleaved step by step; appended to `out` parent by parent. Returns where each
    /// parent's children end in `out`.
    fn expand<R: Reader>(
        &mut self,
        parents: &[Child],
        togo: usize,
        out: &mut Vec<Child>,
    ) -> [usize; 18] {
        let t = self.t;
        let exps = &mut self.scratch.exps[..parents.len()];
        for (e, p) in exps.iter_mut().zip(parents) {
            e.start::<R>(t, &p.node, togo, p.last);
        }
        for e in exps.iter_mut() {
            self.nodes += e.n as u64;
            e.fetch_x::<R>(t);
        }
        for (e, p) in exps.iter_mut().zip(parents) {
            e.read_x::<R>(t, &p.node);
        }
        for e in exps.iter_mut() {
            e.fetch_y::<R>(t);
        }
        let mut ends = [0; 18];
        for (i, (e, p)) in exps.iter_mut().zip(parents).enumerate() {
            e.finish::<R>(t, &p.node, p.last, out);
            ends[i] = out.len();
        }
        ends
    }

    /// Each of `children` (one move from the end) tried with a last move. Returns `true` when
    /// one is solved.
    fn last_moves(&mut self, children: &[Child]) -> bool {
        for g in children {
            self.push_end(g.s, g.m);
            let stop = self.last_move(&g.node, g.last);
            self.pop_end(g.s);
            if stop {
                return true;
            }
        }
        false
    }

    /// The last move: no bound needed, the child is solved or not. Returns `true` when solved.
    fn last_move(&mut self, node: &BothEnds, last: [Option<Move>; 2]) -> bool {
        let t = self.t;
        let (s, allowed) = choose_end(t, node, 0, last);
        let x = &node.sides[s];
        for m in Move::ALL {
            if !allowed[m.index()] {
                continue;
            }
            self.nodes += 1;
            super::counters::add(0, super::counters::Kind::Generated, 1);
            let a = applied_to(s, m);
            if t.inverse.right_move(a.index(), &x.packed[0]) == PackedCube::SOLVED {
                self.push_end(s, m);
                self.record_both();
                return true;
            }
        }
        false
    }
}
