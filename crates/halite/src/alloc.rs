//! The global allocator: mimalloc, entered the way Rust's `System` allocator enters malloc.
//!
//! glibc malloc serialises the render and compile threads on its arena locks and spends a
//! quarter of a show_lowstate run in malloc/free; mimalloc's thread-local heaps do not.
//! Built with `no_thp`: huge pages for its arenas would double the peak RSS of a run this
//! short.
//!
//! The `mimalloc` crate's `MiMalloc` passes every request through `mi_malloc_aligned`,
//! which in mimalloc 3 checks and dispatches the alignment before reaching the size-class
//! fast path (~5 M of a show_lowstate run's 154 M instructions). mimalloc's plain entry
//! points already return blocks aligned to 16 bytes, or to their size when smaller (its
//! "natural alignment"), so requests within that go straight to them, as `System` does
//! with malloc; only over-aligned layouts take the aligned entry points.
use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment mimalloc's plain entry points guarantee (`MI_MAX_ALIGN_SIZE`).
const MIN_ALIGN: usize = 16;

pub struct Mimalloc;

/// Whether `mi_malloc(size)` is aligned enough for `layout`.
#[inline]
fn naturally_aligned(align: usize, size: usize) -> bool {
    align <= MIN_ALIGN && align <= size
}

/// A block for `layout` from `plain` when that entry point meets the layout's alignment,
/// else from `aligned`.
///
/// # Safety
/// `plain` and `aligned` are one of mimalloc's pairs of allocating entry points.
#[inline]
unsafe fn allocate(
    layout: Layout,
    plain: unsafe extern "C" fn(usize) -> *mut c_void,
    aligned: unsafe extern "C" fn(usize, usize) -> *mut c_void,
) -> *mut u8 {
    unsafe {
        if naturally_aligned(layout.align(), layout.size()) {
            plain(layout.size()).cast()
        } else {
            aligned(layout.size(), layout.align()).cast()
        }
    }
}

// SAFETY: every block comes from mimalloc and goes back to it (`mi_free` takes blocks
// from either entry point); the plain entry points are used only where they meet the
// layout's alignment, as argued above.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the pair are mimalloc's allocating entry points.
        unsafe { allocate(layout, mi::mi_malloc, mi::mi_malloc_aligned) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`, zeroed.
        unsafe { allocate(layout, mi::mi_zalloc, mi::mi_zalloc_aligned) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe {
            if naturally_aligned(layout.align(), new_size) {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(p: *mut u8, size: usize) {
        for i in 0..size {
            // SAFETY: `p` is a live block of at least `size` bytes.
            unsafe { p.add(i).write((i % 251) as u8) };
        }
    }

    fn aligned(p: *const u8, align: usize) -> bool {
        !p.is_null() && (p as usize).is_multiple_of(align)
    }

    fn filled(p: *const u8, size: usize) -> bool {
        // SAFETY: `p` is a live block of at least `size` bytes.
        (0..size).all(|i| unsafe { p.add(i).read() } == (i % 251) as u8)
    }

    /// Every layout gets a block aligned as it asks, through allocation, zeroed allocation
    /// and reallocation (growing and shrinking across the plain/aligned boundary), and a
    /// reallocated block keeps its bytes.
    #[test]
    fn blocks_meet_their_layouts() {
        let sizes = [
            1usize, 2, 3, 7, 8, 9, 15, 16, 17, 24, 31, 33, 100, 4095, 4096, 70_000,
        ];
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for &size in &sizes {
                let layout = Layout::from_size_align(size, align).expect("layout");
                // SAFETY: every block is used within its layout's size and handed back with
                // the layout (or, after a realloc, the size) it has.
                unsafe {
                    let mut p = Mimalloc.alloc(layout);
                    assert!(aligned(p, align), "{size}/{align}");
                    fill(p, size);
                    for &new_size in &sizes {
                        let q = Mimalloc.realloc(p, layout, new_size);
                        assert!(aligned(q, align), "{size}->{new_size}/{align}");
                        assert!(filled(q, size.min(new_size)), "{size}->{new_size}/{align}");
                        let grown = Layout::from_size_align(new_size, align).expect("layout");
                        p = Mimalloc.realloc(q, grown, size);
                        assert!(aligned(p, align));
                        assert!(filled(p, size.min(new_size)));
                        fill(p, size);
                    }
                    Mimalloc.dealloc(p, layout);
                    let z = Mimalloc.alloc_zeroed(layout);
                    assert!(aligned(z, align));
                    assert!((0..size).all(|i| z.add(i).read() == 0));
                    Mimalloc.dealloc(z, layout);
                }
            }
        }
    }
}
