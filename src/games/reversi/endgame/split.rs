//! Threads: young brothers wait. A null-window node with at least [`SPLIT_MIN`]
//! empties searches its first move alone; when a thread is idle, the rest of its
//! moves become a [`Split`] that the idle thread joins, both taking moves from it
//! until one fails high (a cut: the others stop at their next deep node) or none is
//! left. A thread waiting for its helpers helps the splits they make below its own
//! (helpful master). The threads share the hash table and nothing else; with one
//! thread no split is made and the search is the same as without threads.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::kernel::{Kernel, Stop};
use super::Search;
use crate::games::reversi::bit;

/// Nodes with at least this many empties may be split.
pub const SPLIT_MIN: u32 = 12;

/// The threads' meeting place during one solve.
#[derive(Default)]
pub(super) struct Pool {
    /// A split offered to an idle thread.
    offer: Mutex<Option<Arc<Split>>>,
    has_offer: AtomicBool,
    /// Threads waiting for work (idle helpers and owners waiting for their helpers).
    idle: AtomicUsize,
    /// The solve is over: the helpers return.
    pub(super) done: AtomicBool,
}

/// The remaining moves of a null-window node, searched by several threads.
pub(super) struct Split {
    p: u64,
    o: u64,
    n: u32,
    alpha: i32,
    margin: u8,
    sigmas: f32,
    moves: Vec<u8>,
    next: AtomicUsize,
    /// The best score and move so far, packed by [`pack`].
    best: AtomicI32,
    cut: AtomicBool,
    /// Threads other than the owner still working here.
    helpers: AtomicUsize,
    /// The split the owner was working under when it made this one.
    parent: Option<Arc<Split>>,
}

fn pack(score: i32, sq: u8) -> i32 {
    score * 256 + sq as i32
}

impl Split {
    /// This split or one above it failed high: its work is not needed.
    #[inline]
    pub(super) fn chain_cut(&self) -> bool {
        let mut s = Some(self);
        while let Some(x) = s {
            if x.cut.load(Ordering::Relaxed) {
                return true;
            }
            s = x.parent.as_deref();
        }
        false
    }

    fn under(&self, other: &Split) -> bool {
        let mut s = Some(self);
        while let Some(x) = s {
            if std::ptr::eq(x, other) {
                return true;
            }
            s = x.parent.as_deref();
        }
        false
    }
}

impl Pool {
    /// Takes the offered split (one below `under` if given), counting the taker in.
    fn take(&self, under: Option<&Split>) -> Option<Arc<Split>> {
        if !self.has_offer.load(Ordering::Relaxed) {
            return None;
        }
        let mut g = self.offer.lock().unwrap_or_else(|e| e.into_inner());
        if !g
            .as_deref()
            .is_some_and(|t| under.is_none_or(|u| t.under(u)))
        {
            return None;
        }
        let t = g.take()?;
        self.has_offer.store(false, Ordering::Relaxed);
        t.helpers.fetch_add(1, Ordering::AcqRel);
        Some(t)
    }

    fn offer(&self, s: &Arc<Split>) {
        let mut g = self.offer.lock().unwrap_or_else(|e| e.into_inner());
        if g.is_none() {
            *g = Some(Arc::clone(s));
            self.has_offer.store(true, Ordering::Relaxed);
        }
    }

    fn withdraw(&self, s: &Arc<Split>) {
        if !self.has_offer.load(Ordering::Relaxed) {
            return;
        }
        let mut g = self.offer.lock().unwrap_or_else(|e| e.into_inner());
        if g.as_ref().is_some_and(|t| Arc::ptr_eq(t, s)) {
            *g = None;
            self.has_offer.store(false, Ordering::Relaxed);
        }
    }
}

/// Waits a little (spins, and lets others run now and then).
fn pause(round: &mut u32) {
    *round += 1;
    if (*round).is_multiple_of(64) {
        std::thread::yield_now();
    } else {
        std::hint::spin_loop();
    }
}

impl Search<'_> {
    /// Whether a node of `n` empties with `left` moves still to search should split.
    #[inline(always)]
    pub(super) fn can_split(&self, n: u32, left: usize) -> bool {
        n >= SPLIT_MIN
            && left >= 2
            && self
                .pool
                .is_some_and(|p| p.idle.load(Ordering::Relaxed) > 0)
    }

    /// Searches `moves` of the null-window node (`p` to move, `n` empties, window
    /// `alpha`) together with an idle thread; `best` is the score and move so far.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split_nws<K: Kernel>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        n: u32,
        moves: &[(u8, i32)],
        best: (i32, u8),
        stop: Stop,
    ) -> (i32, u8) {
        let Some(pool) = self.pool else {
            return best;
        };
        let s = Arc::new(Split {
            p,
            o,
            n,
            alpha,
            margin: self.margin,
            sigmas: self.sigmas,
            moves: moves.iter().map(|m| m.0).collect(),
            next: AtomicUsize::new(0),
            best: AtomicI32::new(pack(best.0, best.1)),
            cut: AtomicBool::new(false),
            helpers: AtomicUsize::new(0),
            parent: self.split.clone(),
        });
        pool.offer(&s);
        let prev = self.split.replace(Arc::clone(&s));
        self.work::<K>(&s, stop);
        pool.withdraw(&s);
        if s.helpers.load(Ordering::Acquire) > 0 {
            pool.idle.fetch_add(1, Ordering::Relaxed);
            let mut round = 0;
            while s.helpers.load(Ordering::Acquire) > 0 {
                match pool.take(Some(&s)) {
                    Some(t) => {
                        pool.idle.fetch_sub(1, Ordering::Relaxed);
                        self.join::<K>(t, stop);
                        pool.idle.fetch_add(1, Ordering::Relaxed);
                    }
                    None => pause(&mut round),
                }
            }
            pool.idle.fetch_sub(1, Ordering::Relaxed);
        }
        self.split = prev;
        self.resume();
        let b = s.best.load(Ordering::Acquire);
        (b >> 8, (b & 255) as u8)
    }

    /// After leaving a split: an abort that came from its cut (not from the stop
    /// flag, the deadline or a cut above) is over.
    fn resume(&mut self) {
        if self.aborted && !self.stopped && !self.split.as_ref().is_some_and(|s| s.chain_cut()) {
            self.aborted = false;
        }
    }

    /// Takes the moves of `s` one by one until none is left or it is cut.
    fn work<K: Kernel>(&mut self, s: &Split, stop: Stop) {
        while !self.aborted && !s.cut.load(Ordering::Relaxed) {
            let k = s.next.fetch_add(1, Ordering::Relaxed);
            let Some(&sq) = s.moves.get(k) else {
                break;
            };
            let f = K::flips(s.p, s.o, sq as usize);
            let (np, no) = (s.o & !f, s.p | f | bit(sq as usize));
            let v = -K::nws(self, np, no, -s.alpha - 1, s.n - 1, stop);
            if self.aborted {
                break;
            }
            s.best.fetch_max(pack(v, sq), Ordering::Relaxed);
            if v > s.alpha {
                s.cut.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Works on a split made by another thread.
    fn join<K: Kernel>(&mut self, t: Arc<Split>, stop: Stop) {
        let prev = self.split.replace(Arc::clone(&t));
        let margin = std::mem::replace(&mut self.margin, t.margin);
        let sigmas = std::mem::replace(&mut self.sigmas, t.sigmas);
        self.work::<K>(&t, stop);
        t.helpers.fetch_sub(1, Ordering::Release);
        self.split = prev;
        self.margin = margin;
        self.sigmas = sigmas;
        self.resume();
    }

    /// A helper thread: joins offered splits until the solve is over.
    pub(super) fn help_loop<K: Kernel>(&mut self, stop: Stop) {
        let Some(pool) = self.pool else {
            return;
        };
        pool.idle.fetch_add(1, Ordering::Relaxed);
        let mut round = 0;
        while !pool.done.load(Ordering::Acquire) {
            match pool.take(None) {
                Some(t) => {
                    pool.idle.fetch_sub(1, Ordering::Relaxed);
                    self.join::<K>(t, stop);
                    pool.idle.fetch_add(1, Ordering::Relaxed);
                    round = 0;
                }
                None => pause(&mut round),
            }
        }
        pool.idle.fetch_sub(1, Ordering::Relaxed);
    }
}
