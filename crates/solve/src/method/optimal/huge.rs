//! Memory backed by transparent huge pages, for tables the search reads at random.
//!
//! A 4 KiB page covers a few hundred table entries, so a search jumping across a table of
//! megabytes misses the TLB on most reads, and in a virtual machine each miss is a two-level
//! page walk. A 2 MiB page covers 512 times more. The kernel backs anonymous memory with huge
//! pages when asked (`MADV_HUGEPAGE`, honoured under the default `madvise` setting) and when a
//! whole aligned 2 MiB range lies inside the mapping: [`HugeVec`] aligns its data to 2 MiB and
//! rounds its mapping up, so even a table under 2 MiB gets one huge page.

use crate::SolveError;
use bytemuck::Pod;
use memmap2::MmapMut;
use std::marker::PhantomData;
use std::ops::Deref;

/// The size of a huge page.
const HUGE_PAGE: usize = 2 << 20;

/// Anonymous memory of `len` bytes, asked to be backed by huge pages.
pub fn huge_buffer(len: usize) -> Result<MmapMut, SolveError> {
    let map = MmapMut::map_anon(len.max(1)).map_err(|e| SolveError::Table(e.to_string()))?;
    advise_huge(&map);
    Ok(map)
}

fn advise_huge(map: &MmapMut) {
    #[cfg(target_os = "linux")]
    {
        // Advisory: the kernel may refuse (transparent huge pages disabled); the table works
        // either way.
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = map;
}

/// A read-only table of `T` in huge-page memory, aligned to a huge page (or on the heap when
/// no memory can be mapped).
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
