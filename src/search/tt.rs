//! Transposition table: Zobrist key -> (move, score, depth, bound).
//!
//! Entries are two `AtomicU64`s written with the "key xor data" trick, so several
//! search threads may share one table without locks: a torn write is detected as a
//! key mismatch and treated as a miss.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

use crate::games::{Move, MATE_BOUND};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    pub mv: Move,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
    generation: AtomicU8,
    /// A search has used the table since it was made or cleared.
    used: AtomicBool,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// The most a clear spends copying the table's small pages into huge ones: a new
/// game that comes during a search is answered after it.
const COLLAPSE_BUDGET: std::time::Duration = std::time::Duration::from_millis(40);

impl TranspositionTable {
    /// Largest table: 4 GiB (what `YXSHOWINFO` advertises as `MAX_HASH_SIZE 22`).
    pub const MAX_BYTES: usize = 1 << 32;

    /// A table of at most `bytes` bytes (rounded down to a power of two of slots, at
    /// least 1024 slots, at most [`Self::MAX_BYTES`]). If the memory cannot be had,
    /// the size is halved until it can: a large request never aborts the process.
    pub fn new(bytes: usize) -> TranspositionTable {
        let mut count = slots_for(bytes);
        let slots = loop {
            match zeroed_slots(count) {
                Some(v) => break v,
                None if count > 1024 => count /= 2,
                None => {
                    break (0..count)
                        .map(|_| Slot {
                            check: AtomicU64::new(0),
                            data: AtomicU64::new(0),
                        })
                        .collect()
                }
            }
        };
        TranspositionTable {
            slots,
            mask: count - 1,
            generation: AtomicU8::new(0),
            used: AtomicBool::new(false),
        }
    }

    /// The size of the table [`Self::new`] makes for `bytes` (when the memory can
    /// be had).
    pub fn size_for(bytes: usize) -> usize {
        slots_for(bytes) * SLOT_BYTES
    }

    pub fn size_bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// Empties the table: writes it only if a search has used it since it was made
    /// or last cleared. The table is made of huge pages first where it can be, for
    /// at most [`COLLAPSE_BUDGET`] ([`crate::mem::make_huge_pages`]); the write backs
    /// every page with memory.
    pub fn clear(&mut self) {
        if std::mem::take(self.used.get_mut()) {
            let bytes = self.slots.len() * SLOT_BYTES;
            crate::mem::make_huge_pages(self.slots.as_ptr(), bytes, COLLAPSE_BUDGET);
            // SAFETY: `&mut self`: nothing else reads or writes the slots; they are
            // atomics, for which all-zero bytes are a valid value (an empty slot).
            unsafe { std::ptr::write_bytes(self.slots.as_mut_ptr() as *mut u8, 0, bytes) };
        }
        *self.generation.get_mut() = 0;
    }

    /// Empties the table if no search has stored anything in it since it was made
    /// or cleared (it only forgets the searches' count); false if one has: then
    /// [`Self::clear`] it.
    pub fn clear_if_unused(&self) -> bool {
        if self.used.load(Ordering::Relaxed) {
            return false;
        }
        self.generation.store(0, Ordering::Relaxed);
        true
    }

    /// Backs the whole table with memory now ([`crate::mem::populate`], or else a
    /// write to each page that leaves it as it is), one 2 MiB page at a time until
    /// done or `cancel` is set, so no search pays for page faults later. Each such
    /// page is advised to be a huge page just before it is backed
    /// ([`crate::mem::advise_huge_pages`]): a page a search touches first stays a small
    /// one, whose fault is cheap, where a huge page's fault can stall the search
    /// for milliseconds. Searches may use the table meanwhile.
    pub fn populate(&self, cancel: &AtomicBool) {
        use crate::mem::HUGE_PAGE;
        let base = self.slots.as_ptr() as usize;
        let mut i = 0;
        while i < self.slots.len() {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            // Up to the next 2 MiB boundary of the address space.
            let next = ((base + i * SLOT_BYTES) / HUGE_PAGE + 1) * HUGE_PAGE;
            let j = (next - base).div_ceil(SLOT_BYTES).min(self.slots.len());
            let chunk = &self.slots[i..j];
            crate::mem::advise_huge_pages(chunk.as_ptr(), std::mem::size_of_val(chunk));
            if !crate::mem::populate(chunk.as_ptr(), std::mem::size_of_val(chunk)) {
                // A write to each page (an empty slot stays empty; a filled one is
                // left alone, and is backed already). Not an idempotent
                // read-modify-write: the compiler may turn that into a read.
                for s in chunk.iter().step_by((4096 / SLOT_BYTES).max(1)) {
                    let _ = s
                        .data
                        .compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
                }
            }
            i = j;
        }
    }

    /// Called once per search so older entries are replaced first.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) & 0x3f, Ordering::Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Two-way buckets: slots `i` and `i ^ 1`.
        (key as usize) & self.mask & !1
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a probe
    /// soon after does not wait for memory. Changes nothing.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let ptr = &self.slots[self.index(key)] as *const Slot as *const i8;
            // SAFETY: a prefetch reads nothing and writes nothing; the address is that
            // of a slot of the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let base = self.index(key);
        for i in [base, base | 1] {
            let s = &self.slots[i];
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data, ply));
            }
        }
        None
    }

    pub fn store(&self, key: u64, ply: usize, mv: Move, score: i32, depth: i32, bound: Bound) {
        let base = self.index(key);
        let gen = self.generation.load(Ordering::Relaxed);
        // Pick the slot: same key, else the shallower / older one.
        let mut target = base;
        let mut worst = i32::MAX;
        for i in [base, base | 1] {
            let s = &self.slots[i];
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                target = i;
                if data != 0 && mv.is_none() {
                    // Keep the old best move when this search found none.
                    let old = unpack(data, ply);
                    return self.write(i, key, pack(old.mv, score, depth, bound, gen, ply));
                }
                break;
            }
            let d = field_depth(data) - if field_gen(data) == gen { 0 } else { 64 };
            if d < worst {
                worst = d;
                target = i;
            }
        }
        self.write(target, key, pack(mv, score, depth, bound, gen, ply));
    }

    fn write(&self, i: usize, key: u64, data: u64) {
        // Read first: the flag's line stays shared between the threads.
        if !self.used.load(Ordering::Relaxed) {
            self.used.store(true, Ordering::Relaxed);
        }
        let s = &self.slots[i];
        s.check.store(key ^ data, Ordering::Relaxed);
        s.data.store(data, Ordering::Relaxed);
    }

    /// Permille of the first 1000 slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let gen = self.generation.load(Ordering::Relaxed);
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && field_gen(d) == gen
            })
            .count();
        (used * 1000 / n) as u32
    }
}

/// The slots of a table of at most `bytes` bytes: a power of two, at least 1024, at
/// most [`TranspositionTable::MAX_BYTES`] worth.
fn slots_for(bytes: usize) -> usize {
    let wanted = (bytes.min(TranspositionTable::MAX_BYTES) / SLOT_BYTES).max(1024);
    if wanted.is_power_of_two() {
        wanted
    } else {
        wanted.next_power_of_two() / 2
    }
}

/// `count` empty slots from a zeroed allocation (the operating system hands out zero
/// pages lazily, so a large table costs nothing until it is used), or `None` if the
/// memory cannot be had. Small pages until the table is backed on purpose
/// ([`TranspositionTable::populate`], [`TranspositionTable::clear`]): a page a search
/// faults in had better be a small one ([`crate::mem::advise_small_pages`]).
fn zeroed_slots(count: usize) -> Option<Vec<Slot>> {
    let layout = std::alloc::Layout::array::<Slot>(count).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout is that of `[Slot; count]` and non-empty; a `Slot` is two
    // `AtomicU64`s, for which all-zero bytes are a valid value (0). The pointer comes
    // from the global allocator with exactly this layout, so `Vec` may own and free it.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Slot;
        if ptr.is_null() {
            return None;
        }
        crate::mem::advise_small_pages(ptr, layout.size());
        Some(Vec::from_raw_parts(ptr, count, count))
    }
}

// Layout of `data`: move 16 | score 16 | depth 8 | bound 2 | generation 6 | 16 unused (bit 63 set
// so that a valid entry is never 0).
fn pack(mv: Move, score: i32, depth: i32, bound: Bound, gen: u8, ply: usize) -> u64 {
    let score = score_to_tt(score, ply);
    (mv.0 as u64)
        | ((score as i16 as u16 as u64) << 16)
        | ((depth.clamp(-1, 254) as i8 as u8 as u64) << 32)
        | ((bound as u64) << 40)
        | (((gen & 0x3f) as u64) << 42)
        | (1u64 << 63)
}

fn unpack(data: u64, ply: usize) -> Entry {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        mv: Move(data as u16),
        score: score_from_tt((data >> 16) as u16 as i16 as i32, ply),
        depth: field_depth(data),
        bound,
    }
}

fn field_depth(data: u64) -> i32 {
    ((data >> 32) as u8 as i8) as i32
}

fn field_gen(data: u64) -> u8 {
    ((data >> 42) & 0x3f) as u8
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::MATE;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1 << 16);
        tt.store(0xdead_beef_1234, 0, Move(42), -123, 7, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234, 0).expect("hit");
        assert_eq!(
            e,
            Entry {
                mv: Move(42),
                score: -123,
                depth: 7,
                bound: Bound::Lower
            }
        );
        assert!(tt.probe(0xdead_beef_1235 ^ (1 << 40), 0).is_none());
    }

    #[test]
    fn mate_scores_are_ply_relative() {
        let tt = TranspositionTable::new(1 << 16);
        // A mate in 5 from the root seen at ply 3 is a mate in 2 from that node.
        tt.store(99, 3, Move(1), MATE - 5, 4, Bound::Exact);
        assert_eq!(tt.probe(99, 1).map(|e| e.score), Some(MATE - 3));
        tt.store(98, 3, Move(1), -(MATE - 5), 4, Bound::Exact);
        assert_eq!(tt.probe(98, 3).map(|e| e.score), Some(-(MATE - 5)));
    }

    #[test]
    fn clear_empties() {
        let mut tt = TranspositionTable::new(1 << 16);
        tt.store(5, 0, Move(1), 1, 1, Bound::Exact);
        tt.clear();
        assert!(tt.probe(5, 0).is_none());
    }

    /// Resident and huge-page kilobytes of the mappings inside `lo..hi`
    /// (`/proc/self/smaps`).
    #[cfg(target_os = "linux")]
    fn resident_kb(lo: usize, hi: usize) -> (u64, u64) {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap_or_default();
        let (mut rss, mut huge, mut inside) = (0, 0, false);
        for line in smaps.lines() {
            let mut words = line.split_whitespace();
            let first = words.next().unwrap_or("");
            if let Some((a, b)) = first.split_once('-') {
                if let (Ok(a), Ok(b)) = (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16))
                {
                    inside = a >= lo && b <= hi;
                    continue;
                }
            }
            let kb = words
                .next()
                .and_then(|w| w.parse::<u64>().ok())
                .unwrap_or(0);
            match first {
                "Rss:" if inside => rss += kb,
                "AnonHugePages:" if inside => huge += kb,
                _ => {}
            }
        }
        (rss, huge)
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn searches_fault_in_small_pages_and_populate_backs_the_whole_table() {
        let thp = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        if thp.map_or(true, |t| t.contains("[never]")) {
            return;
        }
        let tt = TranspositionTable::new(16 << 20);
        // The 2 MiB-aligned inside of the table: mappings of its own once advised,
        // apart from other tests' memory.
        let start = tt.slots.as_ptr() as usize;
        let lo = start.next_multiple_of(crate::mem::HUGE_PAGE);
        let hi = (start + tt.size_bytes()) / crate::mem::HUGE_PAGE * crate::mem::HUGE_PAGE;
        // One store in each 2 MiB, as a search makes them: small pages only.
        for i in (0..tt.slots.len()).step_by(crate::mem::HUGE_PAGE / SLOT_BYTES) {
            tt.store(i as u64, 0, Move(1), 0, 1, Bound::Exact);
        }
        let (rss, huge) = resident_kb(lo, hi);
        assert_eq!(huge, 0, "{rss} kB resident");
        assert!(rss > 0 && rss < 1024, "{rss} kB resident after 8 stores");
        // Backed on purpose: every page.
        tt.populate(&AtomicBool::new(false));
        let (rss, _) = resident_kb(lo, hi);
        assert_eq!(rss, ((hi - lo) >> 10) as u64);
    }
}
