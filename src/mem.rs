//! Memory advice for large tables read at random (the transposition table): on 4 KB
//! pages nearly every probe of such a table misses the TLB, on 2 MB pages few do,
//! but a huge page is costly to fault in on the clock; and backing such a table
//! with memory before any search needs it. Imports nothing
//! from the other rooms. (The reversi solver's table, in `games`,
//! which imports nothing, advises its own; the evaluation's weight tables gained
//! nothing on huge pages and are not advised.)

/// The size of a huge page (x86-64, AArch64 with 4 KB pages).
pub const HUGE_PAGE: usize = 2 << 20;

/// The 2 MB-aligned addresses inside `len` bytes at `ptr`: the first and the end
/// (`first >= end` when there are none).
#[cfg(target_os = "linux")]
fn interior<T>(ptr: *const T, len: usize) -> (usize, usize) {
    let start = ptr as usize;
    (
        start.next_multiple_of(HUGE_PAGE),
        (start + len) / HUGE_PAGE * HUGE_PAGE,
    )
}

/// `madvise(advice)` on the 2 MB-aligned pages inside `len` bytes at `ptr`, if
/// there are any. Advice changes no contents; failure only means small pages.
#[cfg(target_os = "linux")]
fn advise_interior<T>(ptr: *const T, len: usize, advice: libc::c_int) {
    let (first, end) = interior(ptr, len);
    if end > first {
        // SAFETY: advice on pages inside an allocation the caller owns; it changes
        // no contents and cannot fail in a way that matters.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, advice) };
    }
}

/// Advises Linux to back the 2 MB-aligned pages inside `len` bytes at `ptr` with
/// small pages only, whatever the system's huge-page setting: for a fresh table
/// that searches may touch before it is backed on purpose. Faulting in a huge page
/// zeroes 2 MB at once, which on memory the machine has not used for a while took
/// 5 ms a page (a 64 MiB table: a 200 ms move that came 40 ms late); a small page
/// costs about a microsecond. Does nothing elsewhere.
pub fn advise_small_pages<T>(ptr: *const T, len: usize) {
    #[cfg(target_os = "linux")]
    advise_interior(ptr, len, libc::MADV_NOHUGEPAGE);
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

/// Advises Linux to back the 2 MB-aligned pages inside `len` bytes at `ptr` with
/// huge pages from now on (pages backed already stay as they are). For memory about
/// to be backed on purpose, off the clock. Does nothing elsewhere.
pub fn advise_huge_pages<T>(ptr: *const T, len: usize) {
    #[cfg(target_os = "linux")]
    advise_interior(ptr, len, libc::MADV_HUGEPAGE);
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

/// Makes the 2 MB-aligned pages inside `len` bytes at `ptr` huge pages now, where
/// Linux can: advised as [`advise_huge_pages`] does, then those already backed by
/// small pages are copied into huge ones (`MADV_COLLAPSE`, Linux 6.1+), one huge
/// page at a time for at most `budget`; the pages not reached by then stay small.
/// For a table about to be written whole (cleared) off the clock, whose pages a
/// search may have touched first. The budget bounds the wait of a new game that
/// comes during a search: collapsing a 64 MiB table took 20-30 ms, and once 200 ms
/// (docs/experiments/time.md#a-new-game-during-a-search-waited-on-the-huge-pages).
/// Does nothing elsewhere.
pub fn make_huge_pages<T>(ptr: *const T, len: usize, budget: std::time::Duration) {
    #[cfg(target_os = "linux")]
    {
        // The kernel's value (not in every libc binding).
        const MADV_COLLAPSE: libc::c_int = 25;
        advise_interior(ptr, len, libc::MADV_HUGEPAGE);
        let until = std::time::Instant::now() + budget;
        let (mut at, end) = interior(ptr, len);
        while at < end && std::time::Instant::now() < until {
            // SAFETY: advice on one 2 MB page inside an allocation the caller owns;
            // it changes no contents, and failure only means a small page.
            unsafe { libc::madvise(at as *mut libc::c_void, HUGE_PAGE, MADV_COLLAPSE) };
            at += HUGE_PAGE;
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len, budget);
}

/// Asks Linux to back every page inside `len` bytes at `ptr` with memory now
/// (`MADV_POPULATE_WRITE`, Linux 5.14+), leaving the contents as they are; true when
/// it did. Searches may use the memory meanwhile. Making the pages of a 512 MiB
/// table this way takes about a second (the kernel zeroes them), time that would
/// otherwise be spent in page faults inside the first moves' searches.
pub fn populate<T>(ptr: *const T, len: usize) -> bool {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = ptr as usize / PAGE * PAGE;
        let end = ptr as usize + len;
        // SAFETY: advice on pages of an allocation the caller owns; it changes no
        // contents.
        unsafe {
            libc::madvise(
                start as *mut libc::c_void,
                end - start,
                libc::MADV_POPULATE_WRITE,
            ) == 0
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (ptr, len);
        false
    }
}
