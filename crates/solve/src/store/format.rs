//! The layout of tables in memory and in files, below everything else of the store: how a
//! distance table's entries are stored ([`Cells`]) and the length of a file's header. The
//! builder (`bfs`), the specs (`spec`), the memory (`memory`) and the files (`file`) all read
//! it; it reads none of them.

/// Length of a table file's header (see `file`); a multiple of 64 keeps the payload aligned
/// for any element type, in a file and in a mapping of it.
pub const HEADER_LEN: usize = 64;

/// Entries per group of the grouped format.
pub const PER_GROUP: usize = 62;
/// Bytes per group of the grouped format.
pub const GROUP_BYTES: usize = 16;

/// How the entries of a distance table are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cells {
    /// One byte per entry, the exact distance (`0xFF`: never reached).
    Byte,
    /// Two entries per byte, low nibble first; exact distances up to 14, `15` for 15 or more.
    Nibble,
    /// 62 entries of 2 bits in a 16-byte group with the group's least distance (see
    /// `Groups` in `bfs`): `0` for a distance of at most `base`, read as the group's minimum, else
    /// `distance − base` capped at 3.
    Grouped {
        /// Distances up to `base` are stored as `0`.
        base: u8,
    },
}

impl Cells {
    /// Bytes of a table of `entries` entries in this format.
    pub const fn bytes(self, entries: usize) -> usize {
        match self {
            Cells::Byte => entries,
            Cells::Nibble => entries.div_ceil(2),
            Cells::Grouped { .. } => entries.div_ceil(PER_GROUP) * GROUP_BYTES,
        }
    }
}
