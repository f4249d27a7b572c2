//! The solver's hash table ([`EndHash`]): exact (or selective) bounds and the best
//! move per position, the whole position stored (no false hits), two entries a bucket
//! (the deeper one kept first).
//!
//! Shared by the solver's threads without locks: an entry is three words, the data
//! and the two halves of the position each xored with a scramble of the data, so a
//! read that mixes two writes fails the check and reads as a miss (Hyatt's lockless
//! scheme). With one thread the relaxed atomics are plain loads and stores.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    p: u64,
    o: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) mv: u8,
    empties: u8,
    /// How sure the bounds are: [`EXACT`], or the probcut margin (in discs) of the
    /// selective search that found them (the larger, the surer; only the move is
    /// sure).
    pub(super) margin: u8,
}

/// Set in every stored data word (an empty slot reads as no entry).
const VALID: u64 = 1 << 40;

impl Entry {
    fn data(&self) -> u64 {
        (self.lower as u8 as u64)
            | (self.upper as u8 as u64) << 8
            | (self.mv as u64) << 16
            | (self.empties as u64) << 24
            | (self.margin as u64) << 32
            | VALID
    }
}

/// The scramble of a data word that guards the position words.
#[inline(always)]
fn mix(d: u64) -> u64 {
    let h = d.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^ (h >> 31)
}

/// One entry: the position xored with [`mix`] of the data, and the data.
#[derive(Default)]
struct Slot([AtomicU64; 3]);

impl Slot {
    #[inline(always)]
    fn load(&self) -> Entry {
        let d = self.0[2].load(Relaxed);
        if d & VALID == 0 {
            return Entry::default();
        }
        let m = mix(d);
        Entry {
            p: self.0[0].load(Relaxed) ^ m,
            o: self.0[1].load(Relaxed) ^ m,
            lower: d as u8 as i8,
            upper: (d >> 8) as u8 as i8,
            mv: (d >> 16) as u8,
            empties: (d >> 24) as u8,
            margin: (d >> 32) as u8,
        }
    }
    #[inline(always)]
    fn save(&self, e: &Entry) {
        let d = e.data();
        let m = mix(d);
        self.0[0].store(e.p ^ m, Relaxed);
        self.0[1].store(e.o ^ m, Relaxed);
        self.0[2].store(d, Relaxed);
    }
}

/// Two slots on one cache line (48 bytes padded to 64 and aligned: a bucket at an
/// odd multiple of 48 bytes would straddle two lines, and the prefetch fetches one).
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

impl std::ops::Deref for Bucket {
    type Target = [Slot; 2];
    #[inline(always)]
    fn deref(&self) -> &[Slot; 2] {
        &self.0
    }
}

/// Exact bounds per position (the whole position is stored: no false hits).
pub struct EndHash {
    slots: Buckets,
    mask: usize,
}

/// The zeroed bucket array, aligned to 2 MB so that (on Linux) it can live on huge
/// pages once cleared: a probe of a 64 MB table on 4 KB pages misses the TLB almost
/// every time.
/// It lies in a zeroed allocation 2 MB larger than the array, which the operating
/// system hands out as untouched zero pages: a table costs memory only as the
/// solver uses it (a table made at START, before INFO max_memory shrinks it, costs
/// nothing).
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    /// The allocation (`raw`, `layout`) the array lies in.
    raw: *mut u8,
    layout: std::alloc::Layout,
}

// SAFETY: the buckets are atomics; the array is owned like a `Box<[Bucket]>`.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

const HUGE_PAGE: usize = 2 << 20;

impl Buckets {
    fn new(len: usize) -> Buckets {
        let size = len * std::mem::size_of::<Bucket>();
        let align = if size >= HUGE_PAGE { HUGE_PAGE } else { 64 };
        // Aligned by hand inside a larger allocation of the allocator's own
        // alignment, which it can zero lazily (an over-aligned zeroed one it
        // writes, faulting every page in at once, on small pages before the
        // advice).
        let layout = std::alloc::Layout::from_size_align(size + align, 16)
            .unwrap_or_else(|_| std::alloc::Layout::new::<Bucket>());
        // SAFETY: the layout has a non-zero size (len >= 1024).
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        if raw.is_null() {
            std::alloc::handle_alloc_error(layout)
        }
        let aligned = (raw as usize).next_multiple_of(align);
        let Some(ptr) = std::ptr::NonNull::new(aligned as *mut Bucket) else {
            std::alloc::handle_alloc_error(layout)
        };
        // Small pages until the first clear: a huge page faulted in by a timed solve
        // zeroes 2 MB at once (milliseconds on memory the machine has not used for a
        // while), a small one 4 KB.
        #[cfg(target_os = "linux")]
        if align == HUGE_PAGE {
            // SAFETY: advice on memory we own; failure only means the system's default.
            unsafe { libc::madvise(aligned as *mut libc::c_void, size, libc::MADV_NOHUGEPAGE) };
        }
        Buckets {
            ptr,
            len: size / std::mem::size_of::<Bucket>(),
            raw,
            layout,
        }
    }

    /// Empties every bucket. The array is made of huge pages first where it can
    /// be: advised, and the pages already backed by small ones copied into huge
    /// ones (`MADV_COLLAPSE`, Linux 6.1+). Until then a page the solver touches
    /// first is a small one: a huge page's fault can stall a timed solve for
    /// milliseconds. The write backs every page with memory.
    fn clear(&mut self) {
        let bytes = self.len * std::mem::size_of::<Bucket>();
        #[cfg(target_os = "linux")]
        if bytes >= HUGE_PAGE {
            // The kernel's value (not in every libc binding).
            const MADV_COLLAPSE: libc::c_int = 25;
            let at = self.ptr.as_ptr() as *mut libc::c_void;
            // SAFETY: advice on memory we own (2 MB-aligned when this large); the
            // contents stay as they are, and failure only means small pages.
            unsafe {
                libc::madvise(at, bytes, libc::MADV_HUGEPAGE);
                libc::madvise(at, bytes, MADV_COLLAPSE);
            }
        }
        // SAFETY: the array's own bytes, unshared (`&mut self`); zero bytes are
        // empty slots.
        unsafe { std::ptr::write_bytes(self.ptr.as_ptr() as *mut u8, 0, bytes) };
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `len` zero-initialised buckets live at `ptr` until drop.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { std::alloc::dealloc(self.raw, self.layout) }
    }
}

impl EndHash {
    /// A table of at most `bytes` bytes (a power of two of buckets, at least 1024).
    pub fn new(bytes: usize) -> EndHash {
        let n = Self::buckets_for(bytes);
        EndHash {
            slots: Buckets::new(n),
            mask: n - 1,
        }
    }

    fn buckets_for(bytes: usize) -> usize {
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1024);
        if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        }
    }

    /// The size of the table [`Self::new`] makes for `bytes`.
    pub fn size_for(bytes: usize) -> usize {
        Self::buckets_for(bytes) * std::mem::size_of::<Bucket>()
    }

    pub fn clear(&mut self) {
        self.slots.clear();
    }

    #[inline]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ o.rotate_left(31).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h ^ (h >> 29)) as usize) & self.mask
    }

    /// Asks the CPU to fetch the bucket of a position soon (a probe follows).
    #[inline(always)]
    pub(super) fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let b: *const Bucket = &self.slots[self.index(p, o)];
            // SAFETY: a prefetch is only a hint; the address is a valid bucket.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    b as *const i8,
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    #[inline]
    pub(super) fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let b = &self.slots[self.index(p, o)];
        b.iter()
            .map(Slot::load)
            .find(|e| e.p == p && e.o == o && e.upper >= e.lower)
    }

    /// Stores the result `score` of a search of window (alpha, beta).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &self,
        p: u64,
        o: u64,
        empties: u32,
        (alpha, beta): (i32, i32),
        score: i32,
        mv: u8,
        margin: u8,
    ) {
        let b = &self.slots[self.index(p, o)];
        let (e0, e1) = (b[0].load(), b[1].load());
        let (slot, mut e) = if e0.p == p && e0.o == o {
            (0, e0)
        } else if e1.p == p && e1.o == o {
            (1, e1)
        } else if empties as u8 >= e0.empties {
            b[1].save(&e0);
            (0, Entry::default())
        } else {
            (1, Entry::default())
        };
        if e.p == p && e.o == o && e.margin > margin {
            // Surer bounds are worth more than a more selective result.
            if e.mv == NO_MOVE {
                e.mv = mv;
                b[slot].save(&e);
            }
            return;
        }
        if e.p != p || e.o != o || e.upper < e.lower || e.margin != margin {
            let keep = if e.p == p && e.o == o { e.mv } else { NO_MOVE };
            e = Entry {
                p,
                o,
                lower: -64,
                upper: 64,
                mv: keep,
                empties: empties as u8,
                margin,
            };
        }
        if score < beta {
            e.upper = e.upper.min(score as i8);
        }
        if score > alpha {
            e.lower = e.lower.max(score as i8);
        }
        if e.lower > e.upper {
            // Inconsistent bounds (cannot happen with an exact search): start over.
            e.lower = score as i8;
            e.upper = score as i8;
        }
        if score > alpha || e.mv == NO_MOVE {
            e.mv = mv;
        }
        b[slot].save(&e);
    }
}

pub(super) const NO_MOVE: u8 = 255;
/// The margin of exact bounds (surer than any selective search's).
pub(super) const EXACT: u8 = u8::MAX;
