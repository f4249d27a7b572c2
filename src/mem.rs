//! Memory advice for large tables read at random (the transposition table): on 4 KB
//! pages nearly every probe of such a table misses the TLB, on 2 MB pages few do.
//! Imports nothing from the other rooms. (The reversi solver's table, in `games`,
//! which imports nothing, advises its own; the evaluation's weight tables gained
//! nothing on huge pages and are not advised.)

/// Advises Linux to back the 2 MB-aligned pages inside `len` bytes at `ptr` with
/// huge pages; to take effect it must come before the memory is first touched (a
/// fresh zeroed allocation of this size is an untouched mapping). Does nothing
/// elsewhere or for less than two huge pages; failure only means small pages.
pub fn advise_huge_pages<T>(ptr: *const T, len: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    if len < 2 * HUGE_PAGE {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        let start = ptr as usize;
        let first = start.next_multiple_of(HUGE_PAGE);
        let end = (start + len) / HUGE_PAGE * HUGE_PAGE;
        if end > first {
            // SAFETY: advice on pages inside an allocation the caller owns; it
            // changes no contents and cannot fail in a way that matters.
            unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = ptr;
}
