//! The solver's hash table ([`EndHash`]): exact (or selective) bounds and the best
//! move per position, the whole position stored (no false hits), two entries a bucket
//! (the deeper one kept first).

#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    p: u64,
    o: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) mv: u8,
    empties: u8,
    /// The bounds come from a selective (probcut) search: only the move is sure.
    pub(super) sel: bool,
}

/// Exact bounds per position (the whole position is stored: no false hits).
pub struct EndHash {
    slots: Vec<[Entry; 2]>,
    mask: usize,
}

impl EndHash {
    /// A table of about `bytes` bytes (a power of two of buckets).
    pub fn new(bytes: usize) -> EndHash {
        let bucket = std::mem::size_of::<[Entry; 2]>();
        let n = (bytes / bucket).max(1024);
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        EndHash {
            slots: vec![[Entry::default(); 2]; n],
            mask: n - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill([Entry::default(); 2]);
    }

    #[inline]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ o.rotate_left(31).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h ^ (h >> 29)) as usize) & self.mask
    }

    #[inline]
    pub(super) fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let b = &self.slots[self.index(p, o)];
        b.iter()
            .find(|e| e.p == p && e.o == o && e.upper >= e.lower)
            .copied()
    }

    /// Stores the result `score` of a search of window (alpha, beta).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        p: u64,
        o: u64,
        empties: u32,
        (alpha, beta): (i32, i32),
        score: i32,
        mv: u8,
        sel: bool,
    ) {
        let i = self.index(p, o);
        let b = &mut self.slots[i];
        let slot = if b[0].p == p && b[0].o == o {
            0
        } else if b[1].p == p && b[1].o == o {
            1
        } else if empties as u8 >= b[0].empties {
            b[1] = b[0];
            0
        } else {
            1
        };
        let e = &mut b[slot];
        if e.p == p && e.o == o && !e.sel && sel {
            // Exact bounds are worth more than a selective result.
            if e.mv == NO_MOVE {
                e.mv = mv;
            }
            return;
        }
        if e.p != p || e.o != o || e.upper < e.lower || e.sel != sel {
            let keep = if e.p == p && e.o == o { e.mv } else { NO_MOVE };
            *e = Entry {
                p,
                o,
                lower: -64,
                upper: 64,
                mv: keep,
                empties: empties as u8,
                sel,
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
    }
}

pub(super) const NO_MOVE: u8 = 255;
