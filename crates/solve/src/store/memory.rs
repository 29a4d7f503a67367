//! Where loaded tables live: the process's own memory (optionally in 2 MiB pages), or a
//! read-only mapping of the file shared with other processes.
//!
//! A 4 KiB page covers a few hundred table entries, so a search jumping across a table of
//! megabytes misses the TLB on most reads, and in a virtual machine each miss is a two-level
//! page walk. A 2 MiB page covers 512 times more. The kernel backs anonymous memory with huge
//! pages when asked (`MADV_HUGEPAGE`, honoured under the default `madvise` setting) and when a
//! whole aligned 2 MiB range lies inside the mapping: [`buffer`] asks for them, and [`HugeVec`]
//! aligns its data to 2 MiB and rounds its mapping up, so even a table under 2 MiB gets one.

use super::format::HEADER_LEN;
#[cfg(target_family = "wasm")]
pub use super::heap::{Mmap, MmapMut};
use bytemuck::Pod;
#[cfg(not(target_family = "wasm"))]
pub use memmap2::{Mmap, MmapMut};
use std::io;
use std::marker::PhantomData;
use std::ops::Deref;

/// The size of a huge page.
const HUGE_PAGE: usize = 2 << 20;

/// Anonymous, zeroed memory of `len` bytes, in huge pages when `huge` (and the kernel agrees).
pub fn buffer(len: usize, huge: bool) -> io::Result<MmapMut> {
    let map = MmapMut::map_anon(len.max(1))?;
    if huge {
        advise_huge(&map);
    }
    Ok(map)
}

fn advise_huge(map: &MmapMut) {
    #[cfg(all(target_os = "linux", not(target_family = "wasm")))]
    {
        // Advisory: the kernel may refuse (transparent huge pages disabled); the table works
        // either way.
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    #[cfg(any(not(target_os = "linux"), target_family = "wasm"))]
    let _ = map;
}

/// The memory of one loaded table.
pub(super) enum Memory<T> {
    /// Built in this process, on the heap.
    Vec(Vec<T>),
    /// Anonymous memory holding the elements (read from the file or built in place).
    Private(Mmap),
    /// The file itself, mapped (the elements start after the header), watched for being cut
    /// short ([`super::guard`]).
    Mapped {
        /// The mapping.
        map: Mmap,
        /// Watched while it lives.
        _watch: super::guard::Watch,
    },
}

/// A loaded table: read-only, shared by every solver of the process.
pub struct Table<T> {
    /// The first element, inside `memory` (which never moves it).
    first: *const T,
    len: usize,
    memory: Memory<T>,
}

// SAFETY: a table is never written after it is made; `first` points into `memory`, which the
// table owns and whose buffer stays in place when the table moves.
unsafe impl<T: Sync> Send for Table<T> {}
// SAFETY: as above: shared access only ever reads.
unsafe impl<T: Sync> Sync for Table<T> {}

impl<T: Pod> Table<T> {
    pub(super) fn new(memory: Memory<T>, len: usize) -> Table<T> {
        let bytes = len * std::mem::size_of::<T>();
        let elements: &[T] = match &memory {
            Memory::Vec(v) => &v[..len],
            Memory::Private(m) => bytemuck::cast_slice(&m[..bytes]),
            Memory::Mapped { map, .. } => {
                bytemuck::cast_slice(&map[HEADER_LEN..HEADER_LEN + bytes])
            }
        };
        Table {
            first: elements.as_ptr(),
            len,
            memory,
        }
    }

    /// A table held in memory only (not from the store).
    pub fn owned(v: Vec<T>) -> Table<T> {
        let len = v.len();
        Table::new(Memory::Vec(v), len)
    }

    /// Whether the table is mapped from its file (rather than held in this process's memory).
    pub fn is_mapped(&self) -> bool {
        matches!(self.memory, Memory::Mapped { .. })
    }
}

impl<T: Pod> Deref for Table<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        // SAFETY: `first` and `len` describe the elements inside `memory` (see `Table::new`),
        // which lives as long as `self` and is never written.
        unsafe { std::slice::from_raw_parts(self.first, self.len) }
    }
}

/// A read-only vector of `T` in huge-page memory, aligned to a huge page (or on the heap when
/// no memory can be mapped): for small tables computed in memory that a search reads at random.
pub struct HugeVec<T> {
    store: Store<T>,
}

enum Store<T> {
    Mapped {
        map: MmapMut,
        offset: usize,
        len: usize,
        _items: PhantomData<T>,
    },
    Heap(Vec<T>),
}

impl<T: Pod> From<Vec<T>> for HugeVec<T> {
    fn from(items: Vec<T>) -> HugeVec<T> {
        if cfg!(target_family = "wasm") {
            // No pages to align to: the heap vector is the table.
            return HugeVec {
                store: Store::Heap(items),
            };
        }
        let bytes: &[u8] = bytemuck::cast_slice(&items);
        let mapped = MmapMut::map_anon(bytes.len().next_multiple_of(HUGE_PAGE) + HUGE_PAGE);
        let Ok(mut map) = mapped else {
            return HugeVec {
                store: Store::Heap(items),
            };
        };
        advise_huge(&map);
        let start = map.as_ptr() as usize;
        let offset = start.next_multiple_of(HUGE_PAGE) - start;
        map[offset..offset + bytes.len()].copy_from_slice(bytes);
        HugeVec {
            store: Store::Mapped {
                map,
                offset,
                len: items.len(),
                _items: PhantomData,
            },
        }
    }
}

impl<T: Pod> Deref for HugeVec<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match &self.store {
            Store::Mapped {
                map, offset, len, ..
            } => bytemuck::cast_slice(&map[*offset..*offset + len * std::mem::size_of::<T>()]),
            Store::Heap(items) => items,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_vec_keeps_the_items_and_aligns_them() {
        let items: Vec<u32> = (0..1_000_000u32)
            .map(|i| i.wrapping_mul(2_654_435_761))
            .collect();
        let huge = HugeVec::from(items.clone());
        assert_eq!(&huge[..], &items[..]);
        assert_eq!(huge.as_ptr() as usize % HUGE_PAGE, 0);
        let empty = HugeVec::from(Vec::<u16>::new());
        assert!(empty.is_empty());
    }
}
