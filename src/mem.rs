//! Memory advice for large tables read at random (the transposition table): on 4 KB
//! pages nearly every probe of such a table misses the TLB, on 2 MB pages few do;
//! and backing such a table with memory before any search needs it. Imports nothing
//! from the other rooms. (The reversi solver's table, in `games`,
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
