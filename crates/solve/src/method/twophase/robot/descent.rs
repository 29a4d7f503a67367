//! Descent codes: for every entry of a six-face phase-1 table exact in a metric, how each of
//! the metric's cost-1 moves changes the distance to G1, so that a search node learns its
//! children's distances from one read of its own entry, and neither moves nor looks up the
//! children that cannot stay within the cost left (rob-twophase's extended phase-1 table,
//! on this store's index). One generic path serves every metric with a [`Layout`]: the axial
//! half-turn metric ([`AXHT`]) and the quarter-turn metric ([`QTM`]), six faces, and half
//! turns with five faces ([`FIVE_HT`], on the five-face phase-1 index).
//!
//! A cost-1 move changes the distance by −1, 0 or +1. The code splits the moves into groups
//! whose changes are all in {−1, 0} or all in {0, +1}; a group holds an up bit (bit 0: its
//! changes are in {0, +1}) and a bit per move (bit 1 + r for the group's move of rank r: it
//! changes the distance, by −1, or by +1 when up).
//! - Axial half turns: a group is an axis. Its 15 moves (6 face turns, 9 pairs of opposite
//!   turns) and the identity form a group, so any two of its children are one axial move apart
//!   and their distances differ by at most one. Three axes of 16 bits: 6 bytes an entry.
//! - Quarter turns: a group is one quarter turn (an up bit and its move bit, 2 bits a move:
//!   `U` and `U'` give children a half turn apart, which costs 2, so their changes may be −1
//!   and +1). Twelve moves of 2 bits: 3 bytes an entry. The half turns (cost 2) are not coded:
//!   the search reads their children's distances from the distance table, after a lower bound
//!   from the face's two quarter turns ([`DescentMap::twins`]).
//! - Half turns, five faces: a group is a face. Its three turns and the identity form a group,
//!   so its children's changes are all in {−1, 0} or all in {0, +1}. Six groups of 4 bits (the
//!   missing face's group is always 0, so that a move's bit does not depend on which face is
//!   missing): 3 bytes an entry, on [`super::tables::PHASE1_FIVE_PRUNE`]'s index (flip-slice
//!   class × missing side face × twist), 1.69 GB.
//!
//! The codes describe moves applied to a flip-slice class's representative; a node is its
//! representative conjugated by a U–D symmetry, which maps moves to moves
//! ([`DescentMap`] says where each of the node's moves is found in the code). With five faces
//! the symmetry also moves the missing face (`s·x·s⁻¹` misses `s(f)` when `x` misses `f`,
//! [`super::tables::five_index`]): the code's entry is the representative's with its own
//! missing face, and the map takes the node's moves, none of which turns its missing face, to
//! the representative's, none of which turns the representative's.

use super::mode::{robot_moves, Metric, RobotMove};
use super::tables::{side_perm, N_PHASE1_FIVE, SIDE_FACES};
use crate::coord::symmetry::{symmetries, N_SYM_UD};
use crate::coord::N_TWIST;
use crate::method::twophase::tables::N_PHASE1;
use crate::store::bfs::nibble;
use crate::store::{Placement, Spec, TableSpec};
use crate::Progress;
use rayon::prelude::*;

/// The most moves a search frame has (six faces, axial half turns: 45).
pub const MAX_MOVES: usize = 45;
/// [`DescentMap::bit`] of a frame move the code does not describe (a quarter-turn metric's
/// half turn).
pub const UNCODED: u8 = u8::MAX;

/// How a metric's codes are laid out (see the module's comment).
pub struct Layout {
    /// The metric whose cost-1 moves are coded.
    pub metric: Metric,
    /// Bits of one group: its up bit and a bit per move.
    pub width: u32,
    /// Groups in an entry.
    pub groups: u32,
    /// Bytes per entry (`width · groups` bits, rounded up).
    pub entry_bytes: usize,
    /// Missing side faces per flip-slice class and twist: 1 with six faces, 4 with five (the
    /// index of [`super::tables::PHASE1_FIVE_PRUNE`]).
    pub sides: usize,
    /// The group of a coded move.
    group: fn(&RobotMove) -> u32,
}

/// A table's bytes at `entry_bytes` an entry: the entries and the padding an 8-byte read of
/// the last one needs.
pub const fn table_bytes(entry_bytes: usize) -> usize {
    N_PHASE1 * entry_bytes + 8 - entry_bytes
}

/// Axial half turns, six faces: a group per axis, 16 bits each, 6 bytes an entry.
pub static AXHT: Layout = Layout {
    metric: Metric::AxialHtm,
    width: 16,
    groups: 3,
    entry_bytes: 6,
    sides: 1,
    group: |m| m.axis as u32,
};

/// Quarter turns, six faces: a group per quarter turn (face · 2, + 1 for the inverse turn),
/// 2 bits each, 3 bytes an entry.
pub static QTM: Layout = Layout {
    metric: Metric::Qtm,
    width: 2,
    groups: 12,
    entry_bytes: 3,
    sides: 1,
    group: |m| m.face as u32 * 2 + (m.turns[0] % 3 == 2) as u32,
};

/// Half turns, five faces (the missing one a side face): a group per face, 4 bits each (an up
/// bit and a bit per turn), 3 bytes an entry on the five-face phase-1 index.
pub static FIVE_HT: Layout = Layout {
    metric: Metric::Htm,
    width: 4,
    groups: 6,
    entry_bytes: 3,
    sides: 4,
    group: |m| m.face as u32,
};

/// The layout of `metric`'s codes with six faces, where there are codes.
pub fn layout(metric: Metric) -> Option<&'static Layout> {
    match metric {
        Metric::AxialHtm => Some(&AXHT),
        Metric::Qtm => Some(&QTM),
        _ => None,
    }
}

/// The layout of `metric`'s codes with five faces, where there are codes (half turns).
pub fn five_layout(metric: Metric) -> Option<&'static Layout> {
    match metric {
        Metric::Htm => Some(&FIVE_HT),
        _ => None,
    }
}

/// The bits that decode an entry: its width, the up bits and the move bits.
#[derive(Clone, Copy, Debug)]
pub struct Decoder {
    /// Bytes per entry.
    pub entry_bytes: usize,
    mask: u64,
    up: u64,
    moves: u64,
    /// Spreads an up bit over its group's bits.
    spread: u64,
}

impl Decoder {
    /// Reads the code of entry `i` (the table has padding past its last entry for an 8-byte read).
    #[inline(always)]
    pub fn code(&self, table: &[u8], i: usize) -> u64 {
        let at = i * self.entry_bytes;
        let b: [u8; 8] = table[at..at + 8].try_into().unwrap_or_default();
        u64::from_le_bytes(b) & self.mask
    }

    /// A code's bits of the moves that lower the distance and of those that raise it (bit
    /// positions as in [`Layout::bit_positions`]).
    #[inline(always)]
    pub fn decode(&self, code: u64) -> (u64, u64) {
        let ups = ((code & self.up) * self.spread) & self.moves;
        let changed = code & self.moves;
        (changed & !ups, changed & ups)
    }
}

impl Layout {
    /// Code bits per entry.
    fn bits(&self) -> u32 {
        self.width * self.groups
    }

    /// The table's bytes ([`table_bytes`], times [`Self::sides`]).
    pub fn table_bytes(&self) -> usize {
        N_PHASE1 * self.sides * self.entry_bytes + 8 - self.entry_bytes
    }

    /// The masks that decode this layout's entries.
    pub fn decoder(&self) -> Decoder {
        let mask = (1u64 << self.bits()) - 1;
        let up = (0..self.groups).fold(0u64, |u, g| u | 1 << (self.width * g));
        Decoder {
            entry_bytes: self.entry_bytes,
            mask,
            up,
            moves: mask & !up,
            spread: (1u64 << self.width) - 1,
        }
    }

    /// The moves a code describes, in the representative's frame: the metric's cost-1 moves of
    /// six faces, in [`robot_moves`] order (the order of the search frames' move lists).
    pub fn code_moves(&self) -> Vec<RobotMove> {
        robot_moves([true; 6], self.metric)
            .into_iter()
            .filter(|m| m.cost == 1)
            .collect()
    }

    /// The code bit of each of `moves` (the metric's cost-1 moves, six faces):
    /// `width · group + 1 + rank`.
    pub fn bit_positions(&self, moves: &[RobotMove]) -> Vec<u8> {
        let mut rank = vec![0u32; self.groups as usize];
        moves
            .iter()
            .map(|m| {
                let g = (self.group)(m);
                assert!(g < self.groups, "group {g} of {:?}", self.metric);
                rank[g as usize] += 1;
                assert!(rank[g as usize] < self.width, "too many moves in group {g}");
                (self.width * g + rank[g as usize]) as u8
            })
            .collect()
    }

    /// The code of one entry from its moves' distance changes (`changes[k]` for move `k` of
    /// [`Self::code_moves`], each −1, 0 or +1) and their bits ([`Self::bit_positions`]).
    ///
    /// Panics when one group's changes mix −1 and +1, which no table of exact distances allows.
    pub fn encode(&self, changes: &[i8], bits: &[u8]) -> u64 {
        let groups = self.groups as usize;
        let mut up = vec![false; groups];
        let mut down = vec![false; groups];
        for (&c, &b) in changes.iter().zip(bits) {
            let g = b as usize / self.width as usize;
            up[g] |= c > 0;
            down[g] |= c < 0;
        }
        let mut code = 0u64;
        for g in 0..groups {
            assert!(
                !(up[g] && down[g]),
                "distance changes of group {g} span more than one"
            );
            code |= (up[g] as u64) << (self.width as usize * g);
        }
        for (&c, &b) in changes.iter().zip(bits) {
            if c != 0 {
                code |= 1 << b;
            }
        }
        code
    }
}

/// The distance change of the move at `bit` in a decoded code (`down`, `raise`).
#[inline(always)]
pub fn change(down: u64, raise: u64, bit: u8) -> isize {
    ((raise >> bit) & 1) as isize - ((down >> bit) & 1) as isize
}

/// Where a node's moves are found in its representative's code, for one metric's search
/// frames (six faces, the frames' move list [`Self::frame_moves`]).
pub struct DescentMap {
    /// `[s][i]`: the code bit of the representative's move equal to `s · m · s⁻¹` for the
    /// node's move `i` (its frame's list), `s` the symmetry taking the node to its
    /// representative ([`crate::method::twophase::tables::phase1_entry`]); [`UNCODED`] for
    /// a move the code does not describe.
    pub bit: [[u8; MAX_MOVES]; N_SYM_UD],
    /// `[i]`, for an uncoded move `i`: two coded moves (indices into the frame's list) of its
    /// face, each one cost-1 move from it (`U2` = `U · U` = `U' · U'`): the child of `i` is
    /// at least their children's distance less one.
    pub twins: [[u8; 2]; MAX_MOVES],
    /// The search frames' moves the map is indexed by.
    pub frame_moves: Vec<RobotMove>,
    /// How the entries decode.
    pub decoder: Decoder,
}

impl DescentMap {
    /// The map of `layout`'s metric, derived once per process.
    pub fn shared(layout: &'static Layout) -> &'static DescentMap {
        static AXHT_MAP: std::sync::OnceLock<DescentMap> = std::sync::OnceLock::new();
        static QTM_MAP: std::sync::OnceLock<DescentMap> = std::sync::OnceLock::new();
        static FIVE_HT_MAP: std::sync::OnceLock<DescentMap> = std::sync::OnceLock::new();
        let cell = match layout.metric {
            Metric::AxialHtm => &AXHT_MAP,
            Metric::Qtm => &QTM_MAP,
            Metric::Htm => &FIVE_HT_MAP,
            m => unreachable!("no descent codes in {m}"),
        };
        cell.get_or_init(|| DescentMap::new(layout))
    }

    /// Derives the map from the symmetries' move conjugation.
    pub fn new(layout: &Layout) -> DescentMap {
        let syms = symmetries();
        let coded = layout.code_moves();
        let bits = layout.bit_positions(&coded);
        let frame_moves = robot_moves([true; 6], layout.metric);
        assert!(frame_moves.len() <= MAX_MOVES);
        let key = |m: &RobotMove, s: usize| {
            let mut turns: Vec<usize> = m
                .moves()
                .map(|t| syms.conj_move[s][t.index()].index())
                .collect();
            turns.sort_unstable();
            turns
        };
        let keys: Vec<Vec<usize>> = coded.iter().map(|m| key(m, 0)).collect();
        let mut bit = [[UNCODED; MAX_MOVES]; N_SYM_UD];
        for (s, row) in bit.iter_mut().enumerate() {
            for (i, m) in frame_moves.iter().enumerate() {
                let image = key(m, s);
                if let Some(j) = keys.iter().position(|k| *k == image) {
                    row[i] = bits[j];
                } else {
                    assert!(m.cost > 1, "a symmetry maps a cost-1 move to one");
                }
            }
        }
        let mut twins = [[0u8; 2]; MAX_MOVES];
        for (i, m) in frame_moves.iter().enumerate() {
            if bit[0][i] != UNCODED {
                continue;
            }
            let same: Vec<u8> = (0..frame_moves.len())
                .filter(|&j| bit[0][j] != UNCODED && frame_moves[j].face == m.face)
                .map(|j| j as u8)
                .collect();
            assert!(
                m.len == 1 && same.len() == 2,
                "an uncoded move is a half turn between its face's two quarter turns"
            );
            twins[i] = [same[0], same[1]];
        }
        DescentMap {
            bit,
            twins,
            frame_moves,
            decoder: layout.decoder(),
        }
    }
}

/// Builds the codes of every entry from the distances `prune` (nibbles on the plain phase-1
/// index, exact in `layout`'s metric; with five faces, [`Layout::sides`] 4, on the five-face
/// index, and a move of the entry's missing face has no child: its bits stay 0):
/// `steps[class · n + k]` is the class the coded move `k`
/// (of `n`, [`Layout::code_moves`]) takes class `class`'s representative to and the symmetry
/// into its frame (`class << 4 | sym`), `twist_move` `[twist · 18 + m]`, `twist_conj`
/// `[twist · 16 + s]`.
pub fn build(
    layout: &Layout,
    prune: &[u8],
    steps: &[u32],
    twist_move: &[u16],
    twist_conj: &[u16],
    progress: &dyn Progress,
) -> Vec<u8> {
    let moves = layout.code_moves();
    let n_moves = moves.len();
    let n_class = steps.len() / n_moves;
    let bits = layout.bit_positions(&moves);
    let eb = layout.entry_bytes;
    let sides = layout.sides;
    let perm = side_perm();
    // Per missing side face, whether coded move `k` turns it (six faces: never).
    let turns_missing: Vec<Vec<bool>> = (0..sides)
        .map(|miss| {
            moves
                .iter()
                .map(|m| sides == 4 && m.moves().any(|t| t.face() as usize == SIDE_FACES[miss]))
                .collect()
        })
        .collect();
    // Row-major copies so the inner loop reads contiguous rows: `[k][twist]`, `[s][twist]`.
    let moved: Vec<u16> = (0..n_moves * N_TWIST)
        .map(|i| {
            let (k, t) = (i / N_TWIST, i % N_TWIST);
            moves[k]
                .moves()
                .fold(t, |t, m| twist_move[t * 18 + m.index()] as usize) as u16
        })
        .collect();
    let conj: Vec<u16> = (0..16 * N_TWIST)
        .map(|i| twist_conj[(i % N_TWIST) * 16 + i / N_TWIST])
        .collect();
    let mut out = vec![0u8; layout.table_bytes()];
    progress.start("descent codes, phase 1", (n_class * sides) as u64);
    // Blocks of `N_TWIST` entries: a class (six faces) or a class and missing side face.
    const BLOCKS_PER_CHUNK: usize = 64;
    out[..n_class * sides * N_TWIST * eb]
        .par_chunks_mut(BLOCKS_PER_CHUNK * N_TWIST * eb)
        .enumerate()
        .for_each(|(chunk, bytes)| {
            let mut changes = vec![[0i8; MAX_MOVES]; N_TWIST];
            for (k, class_bytes) in bytes.chunks_mut(N_TWIST * eb).enumerate() {
                let block = chunk * BLOCKS_PER_CHUNK + k;
                let (class, miss) = (block / sides, block % sides);
                let base = block * N_TWIST;
                for m in 0..n_moves {
                    if turns_missing[miss][m] {
                        for ch in changes.iter_mut() {
                            ch[m] = 0;
                        }
                        continue;
                    }
                    let e = steps[class * n_moves + m];
                    // The child's block: its class, and the missing face moved with the
                    // symmetry into the class's frame.
                    let to_miss = if sides == 4 {
                        perm[(e & 15) as usize][miss] as usize
                    } else {
                        0
                    };
                    let to = ((e >> 4) as usize * sides + to_miss) * N_TWIST;
                    let conj_row = &conj[(e & 15) as usize * N_TWIST..][..N_TWIST];
                    let moved_row = &moved[m * N_TWIST..][..N_TWIST];
                    for (t, ch) in changes.iter_mut().enumerate() {
                        let t1 = conj_row[moved_row[t] as usize] as usize;
                        ch[m] = nibble(prune, to + t1) as i8 - nibble(prune, base + t) as i8;
                    }
                }
                for (t, ch) in changes.iter().enumerate() {
                    let c = layout.encode(&ch[..n_moves], &bits);
                    class_bytes[t * eb..(t + 1) * eb].copy_from_slice(&c.to_le_bytes()[..eb]);
                }
            }
            progress.advance(bytes.len() as u64 / (N_TWIST * eb) as u64);
        });
    progress.finish();
    out
}

/// Builds `layout`'s codes from `prune` (its metric's exact phase-1 table, on the index
/// `layout.sides` says) through the store.
fn build_spec(
    store: &crate::store::Store,
    layout: &'static Layout,
    prune: &'static Spec<u8>,
    progress: &dyn Progress,
) -> Result<Vec<u8>, crate::store::TableError> {
    let prune = store.get(prune)?;
    let (parts, moves, steps) = super::tables::axial_prelude(store, layout.metric)?;
    assert_eq!(
        moves,
        layout.code_moves(),
        "the code's moves are the unit moves"
    );
    Ok(build(
        layout,
        &prune,
        &steps,
        &parts.twist_move,
        &parts.twist_conj,
        progress,
    ))
}

/// Phase 1 in axial half turns, six faces: the descent codes of
/// [`super::tables::PHASE1_AXHT_PRUNE`]'s entries ([`AXHT`]), 6 bytes each, two bytes of padding.
pub static PHASE1_AXHT_DESCENT: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("descent-twophase1-axial-htm", table_bytes(6))
        .indexed("flip × UD-slice class (64430) × twist (2187), axial moves, 6 bytes each")
        .placed(Placement::Mapped),
    build: |store, progress| {
        Ok(build_spec(store, &AXHT, &super::tables::PHASE1_AXHT_PRUNE, progress)?.into())
    },
};

/// Phase 1 in quarter turns, six faces: the descent codes of
/// [`super::tables::PHASE1_QTM_PRUNE`]'s entries ([`QTM`]), 3 bytes each, five bytes of padding.
pub static PHASE1_QTM_DESCENT: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("descent-twophase1-qtm", table_bytes(3))
        .indexed("flip × UD-slice class (64430) × twist (2187), quarter turns, 3 bytes each")
        .placed(Placement::Mapped),
    build: |store, progress| {
        Ok(build_spec(store, &QTM, &super::tables::PHASE1_QTM_PRUNE, progress)?.into())
    },
};

/// Phase 1 with five faces (the missing one a side face) in half turns: the descent codes of
/// [`super::tables::PHASE1_FIVE_PRUNE`]'s entries ([`FIVE_HT`]), 3 bytes each, five bytes of
/// padding; 1.69 GB.
pub static PHASE1_FIVE_DESCENT: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("descent-twophase1-five", N_PHASE1_FIVE * 3 + 5)
        .indexed(
            "flip × UD-slice class (64430) × missing side face (4) × twist (2187), five faces, \
             3 bytes each",
        )
        .placed(Placement::Mapped),
    build: |store, progress| {
        Ok(build_spec(store, &FIVE_HT, &super::tables::PHASE1_FIVE_PRUNE, progress)?.into())
    },
};

/// The descent codes of `metric` with five faces (the missing one a side face), where there
/// are codes (half turns).
pub fn five_descent_spec(metric: Metric) -> Option<&'static Spec<u8>> {
    match metric {
        Metric::Htm => Some(&PHASE1_FIVE_DESCENT),
        _ => None,
    }
}

/// The descent codes of `metric` with six faces, where there are codes.
pub fn descent_spec(metric: Metric) -> Option<&'static Spec<u8>> {
    match metric {
        Metric::AxialHtm => Some(&PHASE1_AXHT_DESCENT),
        Metric::Qtm => Some(&PHASE1_QTM_DESCENT),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each group's changes survive encoding and decoding, in every layout.
    #[test]
    fn codes_round_trip() {
        for layout in [&AXHT, &QTM, &FIVE_HT] {
            let moves = layout.code_moves();
            let bits = layout.bit_positions(&moves);
            let dec = layout.decoder();
            let mut changes = vec![0i8; moves.len()];
            for (k, m) in moves.iter().enumerate() {
                // Axis 0 down, axis 1 up, axis 2 level; every third move changes (quarter
                // turns: each its own group, so −1 and +1 on one face too).
                changes[k] = match (m.axis, k % 3) {
                    (0, 0) | (2, 1) => -1,
                    (1, 1) => 1,
                    (2, 2) if layout.width == 2 => 1,
                    _ => 0,
                };
            }
            let code = layout.encode(&changes, &bits);
            assert!(code < 1 << (8 * layout.entry_bytes), "fits its bytes");
            let mut table = code.to_le_bytes()[..layout.entry_bytes].to_vec();
            table.resize(layout.entry_bytes + 8, 0xFF);
            let (down, raise) = dec.decode(dec.code(&table, 0));
            for k in 0..moves.len() {
                assert_eq!(
                    change(down, raise, bits[k]),
                    changes[k] as isize,
                    "{:?} move {k}",
                    layout.metric
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "span more than one")]
    fn mixed_changes_are_rejected() {
        let moves = AXHT.code_moves();
        let bits = AXHT.bit_positions(&moves);
        let mut changes = [0i8; 45];
        changes[0] = -1;
        changes[1] = 1;
        AXHT.encode(&changes, &bits);
    }

    /// Quarter turns: 12 coded moves in 24 bits, each its own group.
    #[test]
    fn quarter_turns_take_two_bits_each() {
        let moves = QTM.code_moves();
        assert_eq!(moves.len(), 12);
        let bits = QTM.bit_positions(&moves);
        let mut sorted = bits.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..12).map(|g| 2 * g + 1).collect::<Vec<u8>>());
    }

    /// The identity maps every coded move to itself, every symmetry is a bijection of the
    /// coded moves, the uncoded moves are the quarter-turn metric's half turns, each with its
    /// face's two quarter turns as twins.
    #[test]
    fn the_map_permutes_the_moves() {
        for layout in [&AXHT, &QTM, &FIVE_HT] {
            let map = DescentMap::new(layout);
            let coded = layout.code_moves();
            let bits = layout.bit_positions(&coded);
            let n = map.frame_moves.len();
            let id: Vec<u8> = map.bit[0][..n]
                .iter()
                .copied()
                .filter(|&b| b != UNCODED)
                .collect();
            assert_eq!(id, bits);
            for row in &map.bit {
                let mut seen: Vec<u8> =
                    row[..n].iter().copied().filter(|&b| b != UNCODED).collect();
                seen.sort_unstable();
                let mut all = bits.clone();
                all.sort_unstable();
                assert_eq!(seen, all);
            }
            for (i, m) in map.frame_moves.iter().enumerate() {
                let uncoded = map.bit.iter().all(|row| row[i] == UNCODED);
                assert_eq!(uncoded, m.cost == 2, "{:?} move {i}", layout.metric);
                if uncoded {
                    for j in map.twins[i] {
                        let t = &map.frame_moves[j as usize];
                        assert_eq!((t.face, t.cost), (m.face, 1));
                    }
                    assert_ne!(map.twins[i][0], map.twins[i][1]);
                }
            }
        }
    }

    /// Five faces in half turns: 18 moves in six groups of 4 bits (3 bytes), a face's three
    /// turns in its own group; under every symmetry and missing side face, the frame's 15
    /// moves land on 15 distinct bits, none in the group of the face the representative
    /// misses (the symmetry's image of the node's missing face), so the codes built with that
    /// group empty describe every move the node has.
    #[test]
    fn five_faces_map_the_missing_face_consistently() {
        let moves = FIVE_HT.code_moves();
        assert_eq!(moves.len(), 18);
        let bits = FIVE_HT.bit_positions(&moves);
        for (m, &b) in moves.iter().zip(&bits) {
            assert_eq!(b as u32 / FIVE_HT.width, m.face as u32, "{m:?}");
        }
        assert!(FIVE_HT.width * FIVE_HT.groups <= 8 * FIVE_HT.entry_bytes as u32);
        assert_eq!(FIVE_HT.table_bytes(), N_PHASE1_FIVE * 3 + 5);
        let map = DescentMap::new(&FIVE_HT);
        let perm = side_perm();
        for (s, row) in map.bit.iter().enumerate() {
            let mut image = [false; 4];
            for miss in 0..4 {
                let rep_miss = SIDE_FACES[perm[s][miss] as usize];
                image[perm[s][miss] as usize] = true;
                let mut seen: Vec<u8> = map
                    .frame_moves
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.face as usize != SIDE_FACES[miss])
                    .map(|(i, _)| row[i])
                    .collect();
                assert!(seen
                    .iter()
                    .all(|&b| b as u32 / FIVE_HT.width != rep_miss as u32));
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), 15, "symmetry {s}, missing side {miss}");
                // The missing face's own turns map into the representative's missing group.
                for (i, m) in map.frame_moves.iter().enumerate() {
                    if m.face as usize == SIDE_FACES[miss] {
                        assert_eq!(row[i] as u32 / FIVE_HT.width, rep_miss as u32);
                    }
                }
            }
            assert!(
                image.iter().all(|&x| x),
                "symmetry {s} permutes the side faces"
            );
        }
    }
}
