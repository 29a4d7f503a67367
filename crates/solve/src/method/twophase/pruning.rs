//! Distance bounds for the two-phase search, from the full or the compact table set.

use super::compact::CompactTables;
use super::descent;
use super::tables::{phase1_entry, MoveTables, TwophaseTables};
use crate::coord::{N_CORNER_COMB, N_FLIP, N_SLICE, N_SLICE_PERM, N_TWIST, N_UD_EDGES};
use crate::prefetch::prefetch;
use crate::search::FOLLOW;
use crate::store::bfs::nibble;

/// [`Pruning::corner_entry`] of a table set without the corners' distances.
pub const NO_CORNER_ENTRY: u32 = u32::MAX;

/// Lower bounds on the moves left in each phase. Never overestimates.
pub trait Pruning: Send + Sync {
    /// A phase-1 search node.
    type Phase1: Copy + 'static;
    /// The move tables the bounds go with.
    fn move_tables(&self) -> &MoveTables;
    /// The phase-1 node of (flip, twist, slice), and its distance bound to G1.
    fn phase1_start(&self, flip: usize, twist: usize, slice: usize) -> (Self::Phase1, u8);
    /// [`Pruning::phase1_start`] of each of `coords` (flip, twist, slice), in order. The full
    /// tables ask for all the entries of one step before reading any: a cube's six frames then
    /// wait for memory about twice, not twelve times in a row.
    fn phase1_starts(&self, coords: &[(usize, usize, usize)]) -> Vec<(Self::Phase1, u8)> {
        coords
            .iter()
            .map(|&(flip, twist, slice)| self.phase1_start(flip, twist, slice))
            .collect()
    }
    /// The exact phase-1 distance of `node`, whose bound is `bound`. The search orders its
    /// frames by it, so that the order (and the first solution) is the same whatever tables
    /// are loaded.
    fn phase1_exact(&self, node: &Self::Phase1, bound: u8) -> u8;
    /// The children of `node` by the moves in the bit set `allowed` (bit m = move index m)
    /// whose distance bound is below `togo`, each with its move index and bound, written to
    /// `out`; returns their number. With `togo == 2`, a node at most one move from G1 has no
    /// children (a path x·m·f from it is covered by a shorter phase-1 solution), and the
    /// children kept are those at distance 1 (those at 2 or more may be kept by a weaker
    /// bound; they have no phase-1 ending): every table set gives the same phase-1 solutions
    /// in the same order. With `togo == 3`, the full tables keep only children at distance 2
    /// (those at 0 or 1 then have no children, so no phase-1 ending).
    fn phase1_children(
        &self,
        node: &Self::Phase1,
        allowed: u32,
        togo: usize,
        out: &mut [(Self::Phase1, u8, u8); 18],
    ) -> usize;
    /// The children of `node` by the moves in `allowed` that are in G1 (distance 0), found
    /// without pruning-table reads; returns their number.
    fn phase1_goal_children(
        &self,
        node: &Self::Phase1,
        allowed: u32,
        out: &mut [(Self::Phase1, u8, u8); 18],
    ) -> usize;
    /// Asks the processor to start loading the entry [`Pruning::phase2_precheck`] will read.
    fn prefetch_precheck(&self, corners: usize, slice_perm: usize);
    /// A cheap phase-2 bound from the corners and the slice permutation.
    fn phase2_precheck(&self, corners: usize, slice_perm: usize) -> u8;
    /// Asks the processor to start loading the entry [`Pruning::phase2_edge_precheck`] reads.
    fn prefetch_edge_precheck(&self, ud_edges: usize, slice_perm: usize);
    /// A second cheap phase-2 bound, from the U/D edges and the slice permutation (a 1 MB
    /// table, mostly in cache): it rejects phase-1 endings and phase-2 children before the
    /// main bound's dependent reads.
    fn phase2_edge_precheck(&self, ud_edges: usize, slice_perm: usize) -> u8;
    /// Asks the processor to start loading the entries [`Pruning::phase2`] will read.
    fn prefetch_phase2(&self, corners: usize, ud_edges: usize, slice_perm: usize);
    /// Asks the processor to start loading what [`Pruning::phase2`] reads to find its entry
    /// (the corners' symmetry class, and the U/D edges' conjugates by every symmetry, one
    /// 32-byte row), so that a later [`Pruning::prefetch_phase2`] finds both in cache: the
    /// two reads are independent, so they overlap. Nothing by default.
    #[inline(always)]
    fn prefetch_phase2_class(&self, _corners: usize, _ud_edges: usize) {}
    /// A phase-2 bound from the corners, U/D edges and slice permutation.
    fn phase2(&self, corners: usize, ud_edges: usize, slice_perm: usize) -> u8;
    /// The entry of the corners' distance table for `node` with corner permutation `corners`
    /// (its twist is the node's), asked for from memory; [`NO_CORNER_ENTRY`] where the table
    /// set has no such table. See [`Pruning::corner_distance`].
    #[inline(always)]
    fn corner_entry(&self, _node: &Self::Phase1, _corners: usize) -> u32 {
        NO_CORNER_ENTRY
    }
    /// The corners' own distance to solved with all 18 moves at `entry` (from
    /// [`Pruning::corner_entry`]): a lower bound on the moves that solve the whole cube. A
    /// phase-1 node farther than the moves left within the bound leads to no solution,
    /// whatever phase 2 does. 0 for [`NO_CORNER_ENTRY`].
    #[inline(always)]
    fn corner_distance(&self, _entry: u32) -> u8 {
        0
    }
}

/// Writes `(child, m, distance)` into `out` for each move `m` of `moves` (bit `m`), in move
/// order, that `child` keeps (it returns `None` for a move it prunes); returns how many. (The
/// full tables' search keeps its own loops: through this helper it measured about 7% slower.)
#[inline(always)]
fn collect_children<N>(
    moves: u32,
    out: &mut [(N, u8, u8); 18],
    mut child: impl FnMut(usize) -> Option<(N, u8)>,
) -> usize {
    let mut n = 0;
    let mut bits = moves;
    while bits != 0 {
        let m = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some((kid, dist)) = child(m) {
            out[n] = (kid, m as u8, dist);
            n += 1;
        }
    }
    n
}

/// A phase-1 node of the full tables: the flip-slice symmetry class, the symmetry taking the
/// node to its class representative, the raw twist, the index of its pruning entry and its
/// distance to G1.
#[derive(Clone, Copy, Debug)]
pub struct SymNode {
    class: u16,
    sym: u8,
    dist: u8,
    twist: u16,
    entry: u32,
}

impl TwophaseTables {
    /// The pruning-table index of (flip, twist, slice), with the symmetry to its representative.
    #[inline(always)]
    fn phase1_entry(&self, flip: usize, twist: usize, slice: usize) -> (usize, usize) {
        phase1_entry(&self.flipslice_sym, &self.twist_conj, flip, twist, slice)
    }

    /// The phase-1 distance of (flip, twist, slice), read directly.
    #[cfg(test)]
    pub fn phase1_distance(&self, flip: usize, twist: usize, slice: usize) -> u8 {
        nibble(&self.phase1_prune, self.phase1_entry(flip, twist, slice).0)
    }

    /// The phase-2 pruning index of (corners, U/D edges): corner class × conjugated edges.
    #[inline(always)]
    fn phase2_index(&self, corners: usize, ud_edges: usize) -> usize {
        let cs = self.corner_sym[corners] as usize;
        let ud_c = self.ud_edge_conj[ud_edges * 16 + (cs & 15)] as usize;
        (cs >> 4) * N_UD_EDGES + ud_c
    }

    /// The phase-2 distance of (corners, U/D edges) with the ten phase-2 moves, read directly.
    #[inline(always)]
    pub fn phase2_distance(&self, corners: usize, ud_edges: usize) -> u8 {
        nibble(&self.phase2_prune, self.phase2_index(corners, ud_edges))
    }

    /// The node's moves that lower its distance, and those that do not raise it (bit m = move m),
    /// from its descent code.
    #[inline(always)]
    fn descent_moves(&self, node: &SymNode) -> (u32, u32) {
        let near = if node.dist <= descent::NEAR_MAX_DIST {
            descent::near_code(&self.phase1_near, node.entry)
        } else if node.dist <= descent::HOT_MAX_DIST {
            descent::hot_code(&self.phase1_hot, node.entry)
        } else {
            None
        };
        let code = near.unwrap_or_else(|| descent::code(&self.phase1_descent, node.entry as usize));
        self.descent.moves(code, node.sym as usize)
    }
}

impl Pruning for TwophaseTables {
    type Phase1 = SymNode;

    fn move_tables(&self) -> &MoveTables {
        &self.moves
    }

    fn phase1_exact(&self, _node: &SymNode, bound: u8) -> u8 {
        // The full phase-1 table holds exact distances.
        bound
    }

    fn phase1_start(&self, flip: usize, twist: usize, slice: usize) -> (SymNode, u8) {
        let (entry, sym) = self.phase1_entry(flip, twist, slice);
        let dist = nibble(&self.phase1_prune, entry);
        let node = SymNode {
            class: (entry / N_TWIST) as u16,
            sym: sym as u8,
            dist,
            twist: twist as u16,
            entry: entry as u32,
        };
        (node, dist)
    }

    fn phase1_starts(&self, coords: &[(usize, usize, usize)]) -> Vec<(SymNode, u8)> {
        for &(flip, _, slice) in coords {
            prefetch(&self.flipslice_sym, slice * N_FLIP + flip);
        }
        let entries: Vec<(usize, usize)> = coords
            .iter()
            .map(|&(flip, twist, slice)| {
                let (entry, sym) = self.phase1_entry(flip, twist, slice);
                prefetch(&self.phase1_prune, entry >> 1);
                // The walkers read each start's descent code and class row first.
                prefetch(&self.phase1_descent, entry * descent::ENTRY_BYTES);
                prefetch(&self.flipslice_class_move, entry / N_TWIST * 18);
                (entry, sym)
            })
            .collect();
        entries
            .iter()
            .zip(coords)
            .map(|(&(entry, sym), &(_, twist, _))| {
                let dist = nibble(&self.phase1_prune, entry);
                if dist > descent::NEAR_MAX_DIST && dist <= descent::HOT_MAX_DIST {
                    prefetch(&self.phase1_hot, descent::hot_slot(entry as u32));
                }
                let node = SymNode {
                    class: (entry / N_TWIST) as u16,
                    sym: sym as u8,
                    dist,
                    twist: twist as u16,
                    entry: entry as u32,
                };
                (node, dist)
            })
            .collect()
    }

    #[inline(always)]
    fn phase1_children(
        &self,
        node: &SymNode,
        allowed: u32,
        togo: usize,
        out: &mut [(SymNode, u8, u8); 18],
    ) -> usize {
        // A child is h − 1, h or h + 1 away (h = the node's distance) and must be below `togo`:
        // the descent code says which moves qualify, so no child is looked up to be rejected.
        let h = node.dist as usize;
        let (down, level) = self.descent_moves(node);
        let mut bits = if togo > h + 1 {
            allowed
        } else if togo == h + 1 {
            allowed & level
        } else {
            allowed & down
        };
        if togo == 3 {
            // Children with two moves to go have phase-1 endings only at distance 2: from
            // distance 1 or 0 the next move's children at distance 1 are skipped (below), and
            // those in G1 have no finishing move. Keep only the children at distance 2.
            bits &= match h {
                1 => !level,
                2 => level & !down,
                3 => down,
                _ => 0,
            };
        }
        // Moving the node by m moves its representative by s·m·s⁻¹ (s = node.sym); the class
        // table gives the new class and the symmetry s1 to its representative, so the child's
        // symmetry is s1 · s.
        let twist_move = &self.moves.twist_move[node.twist as usize * 18..][..18];
        let mut n = 0;
        if togo == 2 {
            // The children will have one move left, so only those at distance 1 can finish, and
            // only their distance and twist are read then (see `phase1_goal_children`).
            // Children at distance 1 of a node at distance 1 are skipped too: such a path
            // x·m·f (m in G1, f a quarter turn) equals x·f′·m with f′ = m·f·m⁻¹, so the
            // phase-1 solution x·f′, one move shorter, already leads to the same solutions.
            bits &= down;
            while bits != 0 {
                let m = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let kid = SymNode {
                    dist: 1,
                    twist: twist_move[m],
                    ..*node
                };
                out[n] = (kid, m as u8, 1);
                n += 1;
            }
            return n;
        }
        let row = &self.flipslice_class_move[node.class as usize * 18..][..18];
        let conj = &self.conj_move[node.sym as usize];
        let mult = &self.sym_multiply;
        while bits != 0 {
            let m = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let e = row[conj[m] as usize];
            let class = e >> 4;
            let twist = twist_move[m];
            let sym = mult[(e & 15) as usize][node.sym as usize];
            let entry = class as usize * N_TWIST
                + self.twist_conj[twist as usize * 16 + sym as usize] as usize;
            let dist = if down >> m & 1 == 1 {
                h - 1
            } else if level >> m & 1 == 1 {
                h
            } else {
                h + 1
            } as u8;
            if dist <= descent::NEAR_MAX_DIST {
                prefetch(&self.phase1_near, descent::near_slot(entry as u32));
            } else if dist <= descent::HOT_MAX_DIST {
                prefetch(&self.phase1_hot, descent::hot_slot(entry as u32));
            } else {
                prefetch(&self.phase1_descent, entry * descent::ENTRY_BYTES);
            }
            // A child with at least three moves to go reads its class's row of moves: 72
            // bytes, up to two lines. (With two to go it reads its code only.)
            if togo > 3 {
                prefetch(&self.flipslice_class_move, class as usize * 18);
                prefetch(&self.flipslice_class_move, class as usize * 18 + 17);
            }
            out[n] = (
                SymNode {
                    class: class as u16,
                    sym,
                    dist,
                    twist,
                    entry: entry as u32,
                },
                m as u8,
                dist,
            );
            n += 1;
        }
        n
    }

    #[inline(always)]
    fn phase1_goal_children(
        &self,
        node: &SymNode,
        allowed: u32,
        out: &mut [(SymNode, u8, u8); 18],
    ) -> usize {
        // G1 is distance 0: one move away only from distance 1, where the twist alone tells
        // which moves finish (see `TwophaseTables::finishing_moves`).
        if node.dist != 1 {
            return 0;
        }
        let mut bits = allowed & self.finishing_moves[node.twist as usize];
        let mut n = 0;
        while bits != 0 {
            let m = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out[n] = (*node, m as u8, 0);
            n += 1;
        }
        n
    }

    #[inline(always)]
    fn prefetch_precheck(&self, corners: usize, slice_perm: usize) {
        prefetch(
            &self.corner_slice_prune,
            corners * N_SLICE_PERM + slice_perm,
        );
    }

    #[inline(always)]
    fn phase2_precheck(&self, corners: usize, slice_perm: usize) -> u8 {
        self.corner_slice_prune[corners * N_SLICE_PERM + slice_perm]
    }

    #[inline(always)]
    fn prefetch_edge_precheck(&self, ud_edges: usize, slice_perm: usize) {
        prefetch(
            &self.ud_edge_slice_prune,
            ud_edges * N_SLICE_PERM + slice_perm,
        );
    }

    #[inline(always)]
    fn phase2_edge_precheck(&self, ud_edges: usize, slice_perm: usize) -> u8 {
        self.ud_edge_slice_prune[ud_edges * N_SLICE_PERM + slice_perm]
    }

    #[inline(always)]
    fn prefetch_phase2(&self, corners: usize, ud_edges: usize, _sp: usize) {
        prefetch(
            &self.phase2_prune,
            self.phase2_index(corners, ud_edges) >> 1,
        );
    }

    #[inline(always)]
    fn prefetch_phase2_class(&self, corners: usize, ud_edges: usize) {
        prefetch(&self.corner_sym, corners);
        // The row of the 16 conjugates: whichever symmetry the class gives, its entry is here
        // (both ends, in case the row crosses a line).
        prefetch(&self.ud_edge_conj, ud_edges * 16);
        prefetch(&self.ud_edge_conj, ud_edges * 16 + 15);
    }

    #[inline(always)]
    fn phase2(&self, corners: usize, ud_edges: usize, _sp: usize) -> u8 {
        nibble(&self.phase2_prune, self.phase2_index(corners, ud_edges))
    }

    #[inline(always)]
    fn corner_entry(&self, node: &SymNode, corners: usize) -> u32 {
        let cs = self.corner_sym[corners] as usize;
        let entry =
            (cs >> 4) * N_TWIST + self.twist_conj[node.twist as usize * 16 + (cs & 15)] as usize;
        prefetch(&self.corner_prune, entry >> 1);
        entry as u32
    }

    #[inline(always)]
    fn corner_distance(&self, entry: u32) -> u8 {
        nibble(&self.corner_prune, entry as usize)
    }
}

/// A phase-1 node of the compact tables: the raw coordinates.
#[derive(Clone, Copy, Debug)]
pub struct RawNode {
    flip: u16,
    twist: u16,
    slice: u16,
}

impl RawNode {
    /// The node after move `m`.
    #[inline(always)]
    fn moved(&self, mv: &MoveTables, m: usize) -> RawNode {
        RawNode {
            flip: mv.flip_move[self.flip as usize * 18 + m],
            twist: mv.twist_move[self.twist as usize * 18 + m],
            slice: mv.slice_move[self.slice as usize * 18 + m],
        }
    }
}

/// Quarter turns of R, L, F and B: the only moves that enter G1 from outside it.
const ENTERING_G1: [usize; 8] = [3, 5, 6, 8, 12, 14, 15, 17];

impl CompactTables {
    /// Whether `node` is in G1 or one move from it.
    #[inline(always)]
    fn within_one(&self, node: &RawNode) -> bool {
        let in_g1 = |n: &RawNode| n.flip == 0 && n.twist == 0 && n.slice == 0;
        in_g1(node)
            || ENTERING_G1
                .iter()
                .any(|&m| in_g1(&node.moved(&self.moves, m)))
    }

    /// Whether a path of exactly `togo` moves leads from `node` to G1, `prev` the move
    /// before (18: none).
    fn reaches_g1(&self, node: &RawNode, togo: usize, prev: usize) -> bool {
        if togo == 0 {
            return node.flip == 0 && node.twist == 0 && node.slice == 0;
        }
        let mut bits = FOLLOW[prev];
        while bits != 0 {
            let m = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let kid = node.moved(&self.moves, m);
            let d = self.phase1_distance(kid.flip as usize, kid.twist as usize, kid.slice as usize);
            if (d as usize) < togo && self.reaches_g1(&kid, togo - 1, m) {
                return true;
            }
        }
        false
    }

    #[inline(always)]
    fn phase1_distance(&self, flip: usize, twist: usize, slice: usize) -> u8 {
        let a = self.twist_slice[twist * N_SLICE + slice];
        let b = self.flip_slice[flip * N_SLICE + slice];
        let c = self.twist_flip[twist * N_FLIP + flip];
        a.max(b).max(c)
    }
}

impl Pruning for CompactTables {
    type Phase1 = RawNode;

    fn move_tables(&self) -> &MoveTables {
        &self.moves
    }

    fn phase1_exact(&self, node: &RawNode, bound: u8) -> u8 {
        // An IDA* to G1 over the bound: the shortest path is the distance.
        let mut d = bound;
        while !self.reaches_g1(node, d as usize, 18) {
            d += 1;
        }
        d
    }

    fn phase1_start(&self, flip: usize, twist: usize, slice: usize) -> (RawNode, u8) {
        let node = RawNode {
            flip: flip as u16,
            twist: twist as u16,
            slice: slice as u16,
        };
        (node, self.phase1_distance(flip, twist, slice))
    }

    #[inline(always)]
    fn phase1_children(
        &self,
        node: &RawNode,
        allowed: u32,
        togo: usize,
        out: &mut [(RawNode, u8, u8); 18],
    ) -> usize {
        if togo == 2 && self.within_one(node) {
            return 0;
        }
        // Every child's three entries are requested first, then read: their misses overlap.
        let mv = &self.moves;
        let n = collect_children(allowed, out, |m| {
            let kid = node.moved(mv, m);
            let (t, f, s) = (kid.twist as usize, kid.flip as usize, kid.slice as usize);
            prefetch(&self.twist_slice, t * N_SLICE + s);
            prefetch(&self.flip_slice, f * N_SLICE + s);
            prefetch(&self.twist_flip, t * N_FLIP + f);
            Some((kid, 0))
        });
        let mut kept = 0;
        for k in 0..n {
            let (kid, m, _) = out[k];
            let d = self.phase1_distance(kid.flip as usize, kid.twist as usize, kid.slice as usize);
            if d as usize >= togo {
                continue;
            }
            out[kept] = (kid, m, d);
            kept += 1;
        }
        kept
    }

    #[inline(always)]
    fn phase1_goal_children(
        &self,
        node: &RawNode,
        allowed: u32,
        out: &mut [(RawNode, u8, u8); 18],
    ) -> usize {
        let mv = &self.moves;
        collect_children(allowed, out, |m| {
            let kid = node.moved(mv, m);
            (kid.flip == 0 && kid.twist == 0 && kid.slice == 0).then_some((kid, 0))
        })
    }

    #[inline(always)]
    fn prefetch_precheck(&self, corners: usize, slice_perm: usize) {
        prefetch(&self.corner_slice, corners * N_SLICE_PERM + slice_perm);
    }

    #[inline(always)]
    fn phase2_precheck(&self, corners: usize, slice_perm: usize) -> u8 {
        self.corner_slice[corners * N_SLICE_PERM + slice_perm]
    }

    #[inline(always)]
    fn prefetch_edge_precheck(&self, ud_edges: usize, slice_perm: usize) {
        prefetch(&self.ud_edge_slice, ud_edges * N_SLICE_PERM + slice_perm);
    }

    #[inline(always)]
    fn phase2_edge_precheck(&self, ud_edges: usize, slice_perm: usize) -> u8 {
        self.ud_edge_slice[ud_edges * N_SLICE_PERM + slice_perm]
    }

    #[inline(always)]
    fn prefetch_phase2(&self, corners: usize, ud_edges: usize, sp: usize) {
        let (cc, ec) = (
            self.comb_of[corners] as usize,
            self.comb_of[ud_edges] as usize,
        );
        prefetch(&self.ud_edge_slice, ud_edges * N_SLICE_PERM + sp);
        prefetch(&self.ud_edge_comb, (ud_edges * N_CORNER_COMB + cc) >> 1);
        prefetch(&self.corner_edge_comb, (corners * N_CORNER_COMB + ec) >> 1);
    }

    #[inline(always)]
    fn phase2(&self, corners: usize, ud_edges: usize, sp: usize) -> u8 {
        let (cc, ec) = (
            self.comb_of[corners] as usize,
            self.comb_of[ud_edges] as usize,
        );
        let a = self.ud_edge_slice[ud_edges * N_SLICE_PERM + sp];
        let b = nibble(&self.ud_edge_comb, ud_edges * N_CORNER_COMB + cc);
        let c = nibble(&self.corner_edge_comb, corners * N_CORNER_COMB + ec);
        a.max(b).max(c)
    }
}
