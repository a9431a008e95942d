//! How a compile uses the process's memory: the allocator settings of the `genxc` command and
//! what happens after a large kernel unit has been parsed.
//!
//! Rust data (the GenX IR and everything after it) lives in mimalloc, which the command installs as
//! its global allocator; LLVM's modules live in glibc's `malloc`. Many small units want freed pages
//! kept for the next unit (returning and faulting them in again costs system time on every
//! thread, the more so with several threads); one large unit wants them returned soon, or the
//! LLVM module it no longer needs and the early stages' buffers stay resident beside the later
//! stages. So mimalloc returns freed memory after [`PURGE_DELAY_MS`], and a unit whose text is
//! over [`LARGE_UNIT_BYTES`] switches it to returning at once and gives glibc's free memory back
//! after its LLVM module is dropped. Through the C ABI (system allocator) the mimalloc settings
//! have no effect.
//!
//! The command enters mimalloc through [`Mimalloc`]: its plain calls where their blocks have the
//! alignment asked, its aligned calls only for the rest (the `mimalloc` crate's allocator takes
//! the aligned calls for every allocation, which cost more, and over-allocate for a hash table's
//! 16-byte alignment).
//!
//! The `genxc` command also leaves to the process's exit what a compile is done with only when the
//! compile ends (as clang's `-disable-free` does): the LLVM module of a whole small input and its
//! context, the vISA kernels handed to the finalizer. Freeing them one allocation at a time was
//! about 4% of the command's own work. The library and the C ABI free everything: only the command
//! calls [`leave_to_exit`].

/// A unit (or whole module) text from which the unit counts as large.
pub const LARGE_UNIT_BYTES: usize = 1 << 20;

/// How long mimalloc keeps freed pages before returning them to the system, while no unit has
/// been large.
pub const PURGE_DELAY_MS: libc::c_long = 100;

/// `mi_option_arena_eager_commit` and `mi_option_purge_delay` in `mimalloc.h` of mimalloc 3, which
/// `libmimalloc-sys` builds by default (its Rust declarations stop short of these two).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// The `genxc` command's mimalloc settings, for a static constructor (before the first
/// allocation makes an arena): arenas committed as they are used rather than eagerly, and freed
/// pages returned after [`PURGE_DELAY_MS`] rather than mimalloc's default of a second.
pub fn tune_mimalloc() {
    // SAFETY: option setters, with no allocation; valid options and values.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
    }
}

/// Stops mimalloc returning freed pages to the system, for the command just before it exits:
/// mimalloc's exit collects the main thread's pages and returned every range it had freed, one
/// `madvise` each (about twenty at 64 kernels), which the exit, taking the whole address space
/// anyway, makes useless.
pub fn keep_pages_until_exit() {
    // SAFETY: an option setter, with no allocation; a valid option and value (a negative delay:
    // never purge).
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
}

/// The alignment of every mimalloc block of at least this many bytes (`MI_MAX_ALIGN_SIZE`, the
/// alignment of C's `max_align_t`): on 64-bit targets its size classes up to 64 bytes are whole
/// double words past the one-word class, the larger ones multiples of 16 bytes, and its pages
/// start 16-byte aligned. The rule of Rust's own `System` allocator for `malloc`.
const MI_MAX_ALIGN_SIZE: usize = 16;

/// Whether a plain mimalloc call gives a block of `size` bytes aligned to `align`.
#[inline]
fn plain_call_aligns(align: usize, size: usize) -> bool {
    align <= MI_MAX_ALIGN_SIZE && align <= size
}

/// The `genxc` command's global allocator: mimalloc, through `mi_malloc` / `mi_zalloc` /
/// `mi_realloc` when their blocks have the alignment asked ([`MI_MAX_ALIGN_SIZE`], nearly every
/// Rust allocation), through the aligned calls otherwise; `mi_free` for both.
pub struct Mimalloc;

// SAFETY: every block comes from mimalloc, aligned as the layout asks (the plain calls only where
// their blocks have that alignment), and goes back to mimalloc's `mi_free`.
unsafe impl std::alloc::GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: mimalloc's allocation calls take any size and a power-of-two alignment.
        unsafe {
            if plain_call_aligns(layout.align(), layout.size()) {
                libmimalloc_sys::mi_malloc(layout.size()) as *mut u8
            } else {
                libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        unsafe {
            if plain_call_aligns(layout.align(), layout.size()) {
                libmimalloc_sys::mi_zalloc(layout.size()) as *mut u8
            } else {
                libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from one of the mimalloc calls above.
        unsafe { libmimalloc_sys::mi_free(ptr as *mut std::ffi::c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from one of the mimalloc calls above, with `layout`'s alignment.
        unsafe {
            if plain_call_aligns(layout.align(), new_size) {
                libmimalloc_sys::mi_realloc(ptr as *mut std::ffi::c_void, new_size) as *mut u8
            } else {
                libmimalloc_sys::mi_realloc_aligned(ptr as *mut std::ffi::c_void, new_size, layout.align())
                    as *mut u8
            }
        }
    }
}

/// After a large LLVM module was dropped: glibc returns the free memory of its heaps.
pub(crate) fn trim_llvm_heap() {
    // SAFETY: malloc_trim only walks glibc's own heaps.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::malloc_trim(0);
    }
}

/// When a large unit is compiled: mimalloc returns freed pages at once from now on.
pub(crate) fn large_unit() {
    // SAFETY: as in `tune_mimalloc`.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
}

/// Whether [`leave_to_exit`] was called: what [`dispose`] and [`UntilExit`] get is not freed.
static LEFT_TO_EXIT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// For the `genxc` command only: from now on, the values given to [`dispose`] and [`UntilExit`]
/// are left to the process's exit instead of being freed.
pub fn leave_to_exit() {
    LEFT_TO_EXIT.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Drops `value`, or forgets it when the process frees it at exit ([`leave_to_exit`]).
pub(crate) fn dispose<T>(value: T) {
    if LEFT_TO_EXIT.load(std::sync::atomic::Ordering::Relaxed) {
        std::mem::forget(value);
    } else {
        drop(value);
    }
}

/// A value that goes through [`dispose`] when it goes out of scope (an LLVM context, which would
/// free the modules left in it).
pub(crate) struct UntilExit<T>(std::mem::ManuallyDrop<T>);

impl<T> UntilExit<T> {
    /// Holds `value` until it goes out of scope.
    pub(crate) fn new(value: T) -> UntilExit<T> {
        UntilExit(std::mem::ManuallyDrop::new(value))
    }
}

impl<T> std::ops::Deref for UntilExit<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Drop for UntilExit<T> {
    fn drop(&mut self) {
        // SAFETY: the value is taken once, here, and never used again.
        dispose(unsafe { std::mem::ManuallyDrop::take(&mut self.0) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::{GlobalAlloc, Layout};
    use std::rc::Rc;

    /// Blocks of every size up to a few pages, at alignments from 1 to 4096 bytes (the plain
    /// calls and the aligned ones), are aligned as asked, zeroed when asked, and keep their bytes
    /// when reallocated larger and smaller.
    #[test]
    fn mimalloc_blocks_are_aligned_as_asked() {
        let sizes = (1..=80).chain([96, 100, 127, 128, 200, 1000, 4096, 5000, 70_000]);
        for size in sizes {
            for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: non-zero sizes; every block is freed once, with its layout.
                unsafe {
                    let mut p = Mimalloc.alloc(layout);
                    assert!(!p.is_null() && (p as usize).is_multiple_of(align), "size {size} align {align}");
                    std::ptr::write_bytes(p, 0xa5, size);
                    let z = Mimalloc.alloc_zeroed(layout);
                    assert!((z as usize).is_multiple_of(align), "zeroed size {size} align {align}");
                    assert!(std::slice::from_raw_parts(z, size).iter().all(|&b| b == 0));
                    Mimalloc.dealloc(z, layout);
                    let mut current = layout;
                    for new_size in [size * 3 + 5, size.div_ceil(2)] {
                        let kept = size.min(new_size);
                        p = Mimalloc.realloc(p, current, new_size);
                        assert!(
                            (p as usize).is_multiple_of(align),
                            "realloc {size} -> {new_size} align {align}"
                        );
                        assert!(std::slice::from_raw_parts(p, kept).iter().all(|&b| b == 0xa5));
                        current = Layout::from_size_align(new_size, align).unwrap();
                    }
                    Mimalloc.dealloc(p, current);
                }
            }
        }
    }

    /// A library caller's values are freed; once the command has called [`leave_to_exit`] they are
    /// left to the exit. (One test: the flag is the process's, and no other test of this binary
    /// reads whether its values were freed.)
    #[test]
    fn dispose_frees_until_the_command_leaves_values_to_exit() {
        let value = Rc::new(1);
        dispose(Rc::clone(&value));
        assert_eq!(Rc::strong_count(&value), 1, "disposed of without leave_to_exit: freed");
        drop(UntilExit::new(Rc::clone(&value)));
        assert_eq!(Rc::strong_count(&value), 1, "an UntilExit without leave_to_exit: freed");
        leave_to_exit();
        dispose(Rc::clone(&value));
        assert_eq!(Rc::strong_count(&value), 2, "disposed of after leave_to_exit: kept");
        let held = UntilExit::new(Rc::clone(&value));
        assert_eq!(**held, 1);
        drop(held);
        assert_eq!(Rc::strong_count(&value), 3, "an UntilExit after leave_to_exit: kept");
    }
}
