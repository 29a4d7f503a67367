//! Axial descent codes: for every entry of the axial half-turn phase-1 table (six faces), how
//! each of the 45 moves changes the distance to G1, so that a search node learns its
//! children's distances from one read of its own entry, and neither moves nor looks up the
//! children that cannot stay within the cost left (rob-twophase's extended phase-1 table,
//! on this store's index).
//!
//! A move changes the distance by −1, 0 or +1 (every move costs 1). The 15 moves of one axis
//! (its 6 face turns and 9 pairs of opposite turns) and the identity form a group, so any two
//! of the children they give are one axial move apart and their distances differ by at most
//! one: the 15 changes are all in {−1, 0} or all in {0, +1}. Sixteen bits per axis hold them:
//! bit 0 says which pair ("up": {0, +1}), bit 1 + r says whether the axis's move of rank r
//! (its order among the axis's moves in [`super::mode::robot_moves`]) changes the distance
//! (by −1, or by +1 when up). Three axes make a 48-bit code, 6 bytes an entry.
//!
//! The codes describe moves applied to a flip-slice class's representative; a node is its
//! representative conjugated by a U–D symmetry, which maps moves to moves
//! ([`DescentMap`] says where each of the node's moves is found in the code).

use super::mode::{robot_moves, Metric, RobotMove};
use crate::coord::symmetry::{symmetries, N_SYM_UD};
use crate::coord::N_TWIST;
use crate::method::twophase::tables::N_PHASE1;
use crate::store::bfs::nibble;
use crate::store::{Placement, Spec, TableSpec};
use crate::Progress;
use rayon::prelude::*;

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 6;
/// The moves a code describes: the 45 moves of the axial half-turn metric, six faces.
pub const N_MOVES: usize = 45;
/// The 48 code bits of an entry read as 8 bytes.
const CODE_MASK: u64 = (1 << 48) - 1;
/// Bit 0 of each axis's 16 bits: its changes are in {0, +1}.
const UP_BITS: u64 = 0x0001_0001_0001;
/// The move bits of the three axes.
const MOVE_BITS: u64 = 0xFFFE_FFFE_FFFE;

/// The moves a code describes, in the representative's frame: the axial half-turn moves of
/// six faces, in [`robot_moves`] order (the order of the search frames' move lists).
pub fn code_moves() -> Vec<RobotMove> {
    robot_moves([true; 6], Metric::AxialHtm)
}

/// The code bit of each of `moves` (an axial move list of six faces): `16 · axis + 1 + rank`.
pub fn bit_positions(moves: &[RobotMove]) -> Vec<u8> {
    let mut rank = [0u8; 3];
    moves
        .iter()
        .map(|m| {
            let a = m.axis as usize;
            rank[a] += 1;
            assert!(rank[a] <= 15, "more than 15 moves on axis {a}");
            16 * a as u8 + rank[a]
        })
        .collect()
}

/// The code of one entry from its moves' distance changes (`changes[k]` for move `k` of
/// [`code_moves`], each −1, 0 or +1) and their bits ([`bit_positions`]).
///
/// Panics when one axis's changes mix −1 and +1, which no table of exact distances allows.
pub fn encode(changes: &[i8], bits: &[u8]) -> u64 {
    let mut up = [false; 3];
    let mut down = [false; 3];
    for (&c, &b) in changes.iter().zip(bits) {
        let a = b as usize / 16;
        up[a] |= c > 0;
        down[a] |= c < 0;
    }
    let mut code = 0u64;
    for a in 0..3 {
        assert!(
            !(up[a] && down[a]),
            "distance changes of axis {a} span more than one"
        );
        code |= (up[a] as u64) << (16 * a);
    }
    for (&c, &b) in changes.iter().zip(bits) {
        if c != 0 {
            code |= 1 << b;
        }
    }
    code
}

/// Reads the 48-bit code of entry `i` (the table has two bytes of padding past its last).
#[inline(always)]
pub fn code(table: &[u8], i: usize) -> u64 {
    let b: [u8; 8] = table[i * ENTRY_BYTES..i * ENTRY_BYTES + 8]
        .try_into()
        .unwrap_or_default();
    u64::from_le_bytes(b) & CODE_MASK
}

/// A code's bits of the moves that lower the distance and of those that raise it (bit
/// positions as in [`bit_positions`]).
#[inline(always)]
pub fn decode(code: u64) -> (u64, u64) {
    let ups = ((code & UP_BITS) * 0xFFFF) & MOVE_BITS;
    let changed = code & MOVE_BITS;
    (changed & !ups, changed & ups)
}

/// The distance change of the move at `bit` in a decoded code (`down`, `raise`).
#[inline(always)]
pub fn change(down: u64, raise: u64, bit: u8) -> isize {
    ((raise >> bit) & 1) as isize - ((down >> bit) & 1) as isize
}

/// Where a node's moves are found in its representative's code: `bit[s][i]` is the code bit
/// of the representative's move equal to `s · m · s⁻¹` for the node's move `i` (its search
/// frame's list, [`code_moves`] order), `s` the symmetry taking the node to its
/// representative ([`crate::method::twophase::tables::phase1_entry`]).
pub struct DescentMap {
    /// `[s][i]`.
    pub bit: [[u8; N_MOVES]; N_SYM_UD],
}

impl Default for DescentMap {
    fn default() -> Self {
        Self::new()
    }
}

impl DescentMap {
    /// The map, derived once per process.
    pub fn shared() -> &'static DescentMap {
        static MAP: std::sync::OnceLock<DescentMap> = std::sync::OnceLock::new();
        MAP.get_or_init(DescentMap::new)
    }

    /// Derives the map from the symmetries' move conjugation.
    pub fn new() -> DescentMap {
        let syms = symmetries();
        let moves = code_moves();
        let bits = bit_positions(&moves);
        let key = |turns: &mut Vec<usize>| {
            turns.sort_unstable();
            turns.clone()
        };
        let keys: Vec<Vec<usize>> = moves
            .iter()
            .map(|m| key(&mut m.moves().map(|t| t.index()).collect()))
            .collect();
        let mut bit = [[0u8; N_MOVES]; N_SYM_UD];
        for (s, row) in bit.iter_mut().enumerate() {
            for (i, m) in moves.iter().enumerate() {
                let image = key(&mut m
                    .moves()
                    .map(|t| syms.conj_move[s][t.index()].index())
                    .collect());
                let j = keys
                    .iter()
                    .position(|k| *k == image)
                    .unwrap_or_else(|| unreachable!("a symmetry maps moves to moves"));
                row[i] = bits[j];
            }
        }
        DescentMap { bit }
    }
}

/// Builds the codes of every entry from the axial half-turn distances `prune` (nibbles on the
/// plain phase-1 index): `steps[class · 45 + k]` is the class move `k` takes class `class`'s
/// representative to and the symmetry into its frame (`class << 4 | sym`), `moves` the code's
/// moves, `twist_move` `[twist · 18 + m]`, `twist_conj` `[twist · 16 + s]`.
pub fn build(
    prune: &[u8],
    steps: &[u32],
    moves: &[RobotMove],
    twist_move: &[u16],
    twist_conj: &[u16],
    progress: &dyn Progress,
) -> Vec<u8> {
    assert_eq!(moves.len(), N_MOVES, "the axial half-turn moves");
    let n_class = steps.len() / N_MOVES;
    let bits = bit_positions(moves);
    // Row-major copies so the inner loop reads contiguous rows: `[k][twist]`, `[s][twist]`.
    let moved: Vec<u16> = (0..N_MOVES * N_TWIST)
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
    let mut out = vec![0u8; n_class * N_TWIST * ENTRY_BYTES + 2];
    progress.start("axial descent codes, phase 1", n_class as u64);
    const CLASSES_PER_CHUNK: usize = 64;
    out[..n_class * N_TWIST * ENTRY_BYTES]
        .par_chunks_mut(CLASSES_PER_CHUNK * N_TWIST * ENTRY_BYTES)
        .enumerate()
        .for_each(|(chunk, bytes)| {
            let mut changes = vec![[0i8; N_MOVES]; N_TWIST];
            for (k, class_bytes) in bytes.chunks_mut(N_TWIST * ENTRY_BYTES).enumerate() {
                let class = chunk * CLASSES_PER_CHUNK + k;
                let base = class * N_TWIST;
                for m in 0..N_MOVES {
                    let e = steps[class * N_MOVES + m];
                    let to = (e >> 4) as usize * N_TWIST;
                    let conj_row = &conj[(e & 15) as usize * N_TWIST..][..N_TWIST];
                    let moved_row = &moved[m * N_TWIST..][..N_TWIST];
                    for (t, ch) in changes.iter_mut().enumerate() {
                        let t1 = conj_row[moved_row[t] as usize] as usize;
                        ch[m] = nibble(prune, to + t1) as i8 - nibble(prune, base + t) as i8;
                    }
                }
                for (t, ch) in changes.iter().enumerate() {
                    let c = encode(ch, &bits);
                    class_bytes[t * ENTRY_BYTES..(t + 1) * ENTRY_BYTES]
                        .copy_from_slice(&c.to_le_bytes()[..ENTRY_BYTES]);
                }
            }
            progress.advance(bytes.len() as u64 / (N_TWIST * ENTRY_BYTES) as u64);
        });
    progress.finish();
    out
}

/// Phase 1 in axial half turns, six faces: the descent codes of [`super::tables::PHASE1_AXHT_PRUNE`]'s
/// entries (see the module's comment), 6 bytes each, two bytes of padding.
pub static PHASE1_AXHT_DESCENT: Spec<u8> = Spec {
    table: TableSpec::of::<u8>("descent-twophase1-axial-htm", N_PHASE1 * ENTRY_BYTES + 2)
        .indexed("flip × UD-slice class (64430) × twist (2187), axial moves, 6 bytes each")
        .placed(Placement::Mapped),
    build: |store, progress| {
        let prune = store.get(&super::tables::PHASE1_AXHT_PRUNE)?;
        let (parts, moves, steps) = super::tables::axial_prelude(store, Metric::AxialHtm)?;
        assert_eq!(moves, code_moves(), "the code's moves are the unit moves");
        Ok(build(
            &prune,
            &steps,
            &moves,
            &parts.twist_move,
            &parts.twist_conj,
            progress,
        )
        .into())
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Each axis's changes survive encoding and decoding.
    #[test]
    fn codes_round_trip() {
        let moves = code_moves();
        let bits = bit_positions(&moves);
        let mut changes = [0i8; N_MOVES];
        for (k, m) in moves.iter().enumerate() {
            // Axis 0 down, axis 1 up, axis 2 level; every third move changes.
            changes[k] = match (m.axis, k % 3) {
                (0, 0) => -1,
                (1, 1) => 1,
                _ => 0,
            };
        }
        let (down, raise) = decode(encode(&changes, &bits));
        for k in 0..N_MOVES {
            assert_eq!(
                change(down, raise, bits[k]),
                changes[k] as isize,
                "move {k}"
            );
        }
    }

    #[test]
    #[should_panic(expected = "span more than one")]
    fn mixed_changes_are_rejected() {
        let moves = code_moves();
        let bits = bit_positions(&moves);
        let mut changes = [0i8; N_MOVES];
        changes[0] = -1;
        changes[1] = 1;
        encode(&changes, &bits);
    }

    /// The identity maps every move to itself, and every symmetry is a bijection of the moves
    /// that keeps each move's axis set together.
    #[test]
    fn the_map_permutes_the_moves() {
        let map = DescentMap::new();
        let bits = bit_positions(&code_moves());
        assert_eq!(map.bit[0].to_vec(), bits);
        for row in &map.bit {
            let mut seen = row.to_vec();
            seen.sort_unstable();
            let mut all = bits.clone();
            all.sort_unstable();
            assert_eq!(seen, all);
        }
    }
}
