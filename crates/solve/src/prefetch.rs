//! A memory hint the searches share: start loading a table entry a few steps before it is read.

/// Asks the processor to start loading the cache line holding `table[i]`. A hint only: it
/// changes no memory and never faults, so `i` need not be checked (the address is formed
/// with wrapping arithmetic and never read).
#[inline(always)]
pub(crate) fn prefetch<T>(table: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` is a hint that does not access memory and cannot fault, whatever
    // the address; the pointer is computed with `wrapping_add`, which is defined for any `i`.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch(table.as_ptr().wrapping_add(i) as *const i8, _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, i);
}
