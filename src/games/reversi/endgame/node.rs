//! The deep nodes of the solver (more than [`SHALLOW`] empties): principal-variation
//! search and the null-window search with its cutoffs (hash bounds, stability,
//! probcut in the selective passes, enhanced transposition); past the first move a
//! node may share its moves with other threads (`split.rs`).

use super::hash::{EXACT, NO_MOVE};
use super::kernel::{Kernel, Stop};
use super::order::{parity_bits, MoveList};
use super::probcut::{probcut_window, PROBCUT_MIN};
use super::{stable_discs, Search, ETC_MIN, INF, SHALLOW};
use crate::games::reversi::{bit, final_score, moves};

/// Alpha from which a stability cutoff is tried, by empties (Edax's thresholds).
const STABILITY_THRESHOLD: [i32; 65] = {
    let mut t = [99; 65];
    let mut n = 4;
    while n < 65 {
        let v = 2 * n as i32 - 2;
        t[n] = if v > 64 { 64 } else { v };
        n += 1;
    }
    t
};

/// Stability cutoff of `p` to move against `o` at `n` empties: our score is at most
/// 64 - 2 * (the opponent's stable discs), an upper bound at or below `alpha` (then
/// returned) only when alpha is high enough and 64 - 2 * (all the opponent's discs)
/// is not above it; otherwise the stable discs are not computed.
#[inline(always)]
pub(super) fn stability_cut(p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    if alpha < STABILITY_THRESHOLD[n as usize] || 64 - 2 * (o.count_ones() as i32) > alpha {
        return None;
    }
    let bound = 64 - 2 * stable_discs(o, p).count_ones() as i32;
    (bound <= alpha).then_some(bound)
}

impl Search<'_> {
    /// The score of a child (`np` to move, `n` empties) for its parent's window: the
    /// first child with the whole window, the others with a null window first and again
    /// with the window only when they land inside it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn pvs_child<K: Kernel>(
        &mut self,
        np: u64,
        no: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        first: bool,
        stop: Stop,
    ) -> i32 {
        if first {
            return -K::pvs(self, np, no, -beta, -alpha, n, stop);
        }
        let v = -K::nws(self, np, no, -alpha - 1, n, stop);
        if v > alpha && v < beta {
            -K::pvs(self, np, no, -beta, -v, n, stop)
        } else {
            v
        }
    }

    /// Principal-variation search with window (alpha, beta).
    #[inline(always)]
    pub(super) fn pvs<K: Kernel>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        stop: Stop,
    ) -> i32 {
        self.nodes += 1;
        self.poll(stop);
        if self.aborted {
            return 0;
        }
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -K::pvs(self, o, p, -beta, -alpha, n, stop);
        }
        let mut hash_mv = NO_MOVE;
        if let Some(e) = self.hash.probe(p, o) {
            hash_mv = e.mv;
            if e.lower == e.upper && e.margin >= self.margin {
                return e.lower as i32;
            }
        }
        let orig_alpha = alpha;
        let mut list = MoveList::new();
        K::ordered_moves(self, &mut list, p, o, m, n, hash_mv);
        list.sort();
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        for (i, &(sq, _)) in list.as_slice().iter().enumerate() {
            let sq = sq as usize;
            let f = K::flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            let v = self.pvs_child::<K>(np, no, alpha, beta, n - 1, i == 0, stop);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_sq = sq as u8;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.hash
            .store(p, o, n, (orig_alpha, beta), best, best_sq, self.sureness(n));
        best
    }

    /// Null-window search: is the score of `p` to move above `alpha`? Returns a fail-soft
    /// score (> alpha means at least that, <= alpha means at most that).
    #[inline(always)]
    pub(super) fn nws<K: Kernel>(&mut self, p: u64, o: u64, alpha: i32, n: u32, stop: Stop) -> i32 {
        if n <= SHALLOW {
            let empty = !(p | o);
            return K::shallow(self, p, o, alpha, empty, parity_bits(empty), n);
        }
        self.nodes += 1;
        self.poll(stop);
        if self.aborted {
            return 0;
        }
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -K::nws(self, o, p, -alpha - 1, n, stop);
        }
        if let Some(bound) = stability_cut(p, o, alpha, n) {
            return bound;
        }
        let mut hash_mv = NO_MOVE;
        if let Some(e) = self.hash.probe(p, o) {
            if e.margin >= self.margin {
                if e.lower as i32 > alpha {
                    return e.lower as i32;
                }
                if e.upper as i32 <= alpha {
                    return e.upper as i32;
                }
            }
            hash_mv = e.mv;
        }
        // Probcut (selective passes only): an evaluation far outside the window
        // decides.
        if self.margin != EXACT && n >= PROBCUT_MIN {
            let mut nodes = 0;
            let (d, lo, hi) = probcut_window(self.margin, self.sigmas, alpha, n);
            // Only whether the value lies outside (lo, hi] matters: the probe's window
            // is just wider.
            let v = K::eval_search(p, o, lo - 1, hi + 1, d, &mut nodes);
            self.nodes += nodes;
            if v > hi {
                return alpha + 1;
            }
            if v <= lo {
                return alpha;
            }
        }
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        if m & (m - 1) == 0 {
            // One move: no ordering needed.
            let sq = m.trailing_zeros() as usize;
            let f = K::flips(p, o, sq);
            best = -K::nws(self, o & !f, p | f | bit(sq), -alpha - 1, n - 1, stop);
            best_sq = sq as u8;
        } else {
            if n >= ETC_MIN {
                if let Err(cut) = self.etc_cut::<K>(p, o, m, alpha) {
                    return cut;
                }
            }
            // The hash move (ordered first anyway) is searched before the others are
            // scored: when it cuts, they never are.
            let mut skip = 0;
            if hash_mv != NO_MOVE && m & bit(hash_mv as usize) != 0 {
                let sq = hash_mv as usize;
                let f = K::flips(p, o, sq);
                best = -K::nws(self, o & !f, p | f | bit(sq), -alpha - 1, n - 1, stop);
                best_sq = hash_mv;
                if self.aborted {
                    return 0;
                }
                if best > alpha {
                    self.hash
                        .store(p, o, n, (alpha, alpha + 1), best, best_sq, self.sureness(n));
                    return best;
                }
                skip = bit(sq);
            }
            let mut list = MoveList::new();
            K::ordered_moves(self, &mut list, p, o, m & !skip, n, hash_mv);
            for i in 0..list.len() {
                if (i > 0 || skip != 0) && self.can_split(n, list.len() - i) {
                    list.sort_from(i);
                    let moves = &list.as_slice()[i..];
                    (best, best_sq) =
                        self.split_nws::<K>(p, o, alpha, n, moves, (best, best_sq), stop);
                    break;
                }
                let sq = list.select(i).0 as usize;
                let f = K::flips(p, o, sq);
                let v = -K::nws(self, o & !f, p | f | bit(sq), -alpha - 1, n - 1, stop);
                if self.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_sq = sq as u8;
                    if v > alpha {
                        break;
                    }
                }
            }
        }
        if self.aborted {
            return 0;
        }
        self.hash
            .store(p, o, n, (alpha, alpha + 1), best, best_sq, self.sureness(n));
        best
    }
}
