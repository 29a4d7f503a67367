//! Heap memory in the shape of `memmap2`'s anonymous maps, for targets without memory maps
//! (WebAssembly in a browser): the store and the table builders use `MmapMut` and `Mmap`
//! either way, and on such a target they are these zeroed, 64-byte aligned heap buffers.

use std::io;
use std::ops::{Deref, DerefMut};

/// One 64-byte block: the unit of allocation, so that the bytes are aligned for any table
/// element type (as a page-aligned map would be).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block([u8; 64]);

/// A zeroed, writable buffer of `len` bytes on the heap.
pub struct MmapMut {
    blocks: Vec<Block>,
    len: usize,
}

/// A buffer that is no longer written.
pub struct Mmap(MmapMut);

impl MmapMut {
    /// `len` zeroed bytes (the name is `memmap2`'s, for the same call sites).
    pub fn map_anon(len: usize) -> io::Result<MmapMut> {
        let mut blocks = Vec::new();
        blocks
            .try_reserve_exact(len.div_ceil(64))
            .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
        blocks.resize(len.div_ceil(64), Block([0; 64]));
        Ok(MmapMut { blocks, len })
    }

    /// The buffer, read-only from now on.
    pub fn make_read_only(self) -> io::Result<Mmap> {
        Ok(Mmap(self))
    }
}

impl Deref for MmapMut {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        // SAFETY: `blocks` holds at least `len` initialised bytes, `Block` has no padding.
        unsafe { std::slice::from_raw_parts(self.blocks.as_ptr().cast::<u8>(), self.len) }
    }
}

impl DerefMut for MmapMut {
    fn deref_mut(&mut self) -> &mut [u8] {
        // SAFETY: as in `deref`, and the borrow is unique.
        unsafe { std::slice::from_raw_parts_mut(self.blocks.as_mut_ptr().cast::<u8>(), self.len) }
    }
}

impl Deref for Mmap {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.0
    }
}
