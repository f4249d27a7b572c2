//! Move ordering of the deep nodes: the scored move list, fastest-first scores (few
//! opponent replies, corners, potential mobility, square type, parity), the parity
//! quadrants the shallow search also uses, and the small evaluation search that joins
//! the order from [`super::ORDER_BY_SEARCH`] empties (and guesses the root score).

use std::mem::MaybeUninit;

use super::hash::NO_MOVE;
use super::kernel::Kernel;
use super::{Search, ORDER_BY_SEARCH};
use crate::games::reversi::{bit, eval, final_score, moves, neighbours, pattern, CORNERS};

/// One disc of evaluation weighs a quarter of an opponent reply (1 << 15) in the move
/// order (a half and a whole cost more nodes; see
/// docs/experiments/reversi-endgame.md#evaluation-order-and-aspiration).
const EVAL_ORDER_SHIFT: u32 = 13;

/// The four quadrants (parity regions).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The quadrant of each square as a bit (0..3 as in [`QUADRANTS`]).
pub(super) const QUADRANT_BIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << ((sq % 8) / 4 + 2 * ((sq / 8) / 4));
        sq += 1;
    }
    t
};

/// The squares of the quadrants whose bits are set.
pub(super) const PARITY_MASK: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut b = 0;
    while b < 16 {
        let mut q = 0;
        while q < 4 {
            if b & (1 << q) != 0 {
                t[b] |= QUADRANTS[q];
            }
            q += 1;
        }
        b += 1;
    }
    t
};

/// Bit `q` set when quadrant `q` holds an odd number of empties.
#[inline(always)]
pub(super) fn parity_bits(empty: u64) -> u8 {
    let mut b = 0;
    for (q, m) in QUADRANTS.iter().enumerate() {
        b |= (((empty & m).count_ones() & 1) as u8) << q;
    }
    b
}

/// Quadrants holding an odd number of empties.
#[inline(always)]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    let mut m = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m
}

/// Scored moves on the stack (a position has at most 64 - 4 moves), best first once
/// sorted. The entries past `len` are left uninitialised: a deep node that cut on its
/// first move would otherwise clear 512 bytes it never reads.
pub(super) struct MoveList {
    len: usize,
    items: [MaybeUninit<(u8, i32)>; 64],
}

impl MoveList {
    #[inline(always)]
    pub(super) fn new() -> MoveList {
        MoveList {
            len: 0,
            items: [MaybeUninit::uninit(); 64],
        }
    }
    #[inline]
    pub(super) fn push(&mut self, sq: usize, score: i32) {
        if self.len < 64 {
            self.items[self.len] = MaybeUninit::new((sq as u8, score));
            self.len += 1;
        }
    }
    /// The moves pushed so far, mutable.
    #[inline(always)]
    fn slice_mut(&mut self) -> &mut [(u8, i32)] {
        // SAFETY: the first `len` entries were written by `push` (`len` never exceeds
        // 64) and `MaybeUninit<T>` has the layout of `T`.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast(), self.len) }
    }
    /// Insertion sort: higher score first, ties by lower square (deterministic).
    pub(super) fn sort(&mut self) {
        let v = self.slice_mut();
        for i in 1..v.len() {
            let x = v[i];
            let mut j = i;
            while j > 0 && (v[j - 1].1 < x.1 || (v[j - 1].1 == x.1 && v[j - 1].0 > x.0)) {
                v[j] = v[j - 1];
                j -= 1;
            }
            v[j] = x;
        }
    }
    /// Brings the best of the moves from `i` on to place `i` (selection: a node that
    /// cuts on its first move never sorts the rest) and returns it. Taken in turn
    /// from 0, the moves come in the order of [`MoveList::sort`].
    #[inline(always)]
    pub(super) fn select(&mut self, i: usize) -> (u8, i32) {
        let v = self.slice_mut();
        let mut b = i;
        for j in i + 1..v.len() {
            if v[j].1 > v[b].1 || (v[j].1 == v[b].1 && v[j].0 < v[b].0) {
                b = j;
            }
        }
        v.swap(i, b);
        v[i]
    }
    /// Sorts the moves from `i` on (before they are handed out together).
    pub(super) fn sort_from(&mut self, i: usize) {
        let len = self.len;
        let mut rest = MoveList::new();
        for &(sq, score) in &self.as_slice()[i..len] {
            rest.push(sq as usize, score);
        }
        rest.sort();
        self.slice_mut()[i..len].copy_from_slice(rest.as_slice());
    }
    pub(super) fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub(super) fn as_slice(&self) -> &[(u8, i32)] {
        // SAFETY: as in `slice_mut`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr().cast(), self.len) }
    }
}

impl Search<'_> {
    /// Enhanced transposition cutoff: a child (of the moves `m`) whose stored upper
    /// bound already proves a score above `alpha` ends the node at once: `Err(score)`.
    /// The children's buckets are fetched together first (the probes would otherwise
    /// wait for memory one by one: a tenth of the solver's time at 26 empties).
    #[inline(always)]
    pub(super) fn etc_cut<K: Kernel>(
        &mut self,
        p: u64,
        o: u64,
        m: u64,
        alpha: i32,
    ) -> Result<(), i32> {
        let mut r = m;
        while r != 0 {
            let sq = r.trailing_zeros() as usize;
            r &= r - 1;
            let f = K::flips(p, o, sq);
            self.hash.prefetch(o & !f, p | f | bit(sq));
        }
        let mut r = m;
        while r != 0 {
            let sq = r.trailing_zeros() as usize;
            r &= r - 1;
            let f = K::flips(p, o, sq);
            if let Some(e) = self
                .hash
                .probe(o & !f, p | f | bit(sq))
                .filter(|e| e.margin >= self.margin)
            {
                if -(e.upper as i32) > alpha {
                    return Err(-(e.upper as i32));
                }
            }
        }
        Ok(())
    }

    /// The moves `m` of `p`, scored for the order: the hash move first, then
    /// fastest-first (fewest opponent replies), helped above [`ORDER_BY_SEARCH`]
    /// empties by a shallow evaluation search. The moves are written into `list` (on
    /// the caller's stack: no copy of the list on return), unsorted: the caller sorts
    /// or selects.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn ordered_moves<K: Kernel>(
        &mut self,
        list: &mut MoveList,
        p: u64,
        o: u64,
        mut m: u64,
        n: u32,
        hash_mv: u8,
    ) {
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let depth = order_depth(n, hash_mv != NO_MOVE);
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = K::flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            if n > super::SHALLOW + 1 {
                // The child probes the table first thing: fetch its bucket now.
                self.hash.prefetch(np, no);
            }
            let score = if sq as u8 == hash_mv {
                1 << 30
            } else if np == 0 {
                // Wipe-out.
                1 << 29
            } else if depth >= 0 {
                let mut nodes = 0;
                let v = -K::eval_search(
                    np,
                    no,
                    -eval::MAX_EVAL,
                    eval::MAX_EVAL,
                    depth as u32,
                    &mut nodes,
                );
                self.nodes += nodes;
                // One disc of evaluation weighs a quarter of an opponent reply.
                fastest_first(np, no, sq, odd) + v * (1 << EVAL_ORDER_SHIFT) / eval::DISC
            } else {
                fastest_first(np, no, sq, odd)
            };
            list.push(sq, score);
        }
    }
}

/// Opponent replies, corners counting double.
#[inline(always)]
fn replies_weight(p: u64, _o: u64) -> i32 {
    let m = moves(p, _o);
    m.count_ones() as i32 + (m & CORNERS).count_ones() as i32
}

/// Fastest-first ordering score of the move to `sq` giving the opponent `p` against
/// our `o`: few replies first (corners count double), then our corner discs, little
/// potential mobility for the opponent, parity (worth 8 squares of potential mobility:
/// docs/experiments/reversi-endgame.md#parity-in-the-fastest-first-order) and the
/// square's type.
#[inline(always)]
fn fastest_first(p: u64, o: u64, sq: usize, odd: u64) -> i32 {
    let empty = !(p | o);
    let mut s = (36 - replies_weight(p, o)) << 15;
    s += corner_stability(o) << 11;
    let potential = neighbours(o) & empty;
    s += (36 - potential.count_ones() as i32 - (potential & CORNERS).count_ones() as i32) << 5;
    s += SQUARE_VALUE[sq];
    if bit(sq) & odd != 0 {
        s += 256;
    }
    s
}

/// Discs of `b` in a corner or next to a corner disc of `b` along an edge.
#[inline(always)]
pub(in crate::games::reversi) fn corner_stability(b: u64) -> i32 {
    let c = b & CORNERS;
    let edge_next = ((c << 1) & 0x0200_0000_0000_0002)
        | ((c >> 1) & 0x4000_0000_0000_0040)
        | ((c << 8) & 0x0000_0000_0000_8100)
        | ((c >> 8) & 0x0081_0000_0000_0000);
    (c | (edge_next & b)).count_ones() as i32
}

/// Square types for ordering ties: corners best, X squares worst (JCW's values, as
/// Edax has them).
#[rustfmt::skip]
pub(in crate::games::reversi) const SQUARE_VALUE: [i32; 64] = [
    18,  4, 16, 12, 12, 16,  4, 18,
     4,  2,  6,  8,  8,  6,  2,  4,
    16,  6, 14, 10, 10, 14,  6, 16,
    12,  8, 10,  0,  0, 10,  8, 12,
    12,  8, 10,  0,  0, 10,  8, 12,
    16,  6, 14, 10, 10, 14,  6, 16,
     4,  2,  6,  8,  8,  6,  2,  4,
    18,  4, 16, 12, 12, 16,  4, 18,
];

/// Depth of the evaluation search that orders the moves at `n` empties (-1: none, the
/// fastest-first score alone): 0 at 13-15 empties, 1 at 16-18, 2 at 19-21, 3 from 22,
/// two less behind a hash move (Edax's schedule, one empty later: faster; see
/// docs/experiments/reversi-endgame.md#order-search-depth-one-empty-later).
#[inline]
fn order_depth(n: u32, hash_move: bool) -> i32 {
    if n < ORDER_BY_SEARCH {
        return -1;
    }
    let d = (n as i32 - ORDER_BY_SEARCH as i32) / 3 - if hash_move { 2 } else { 0 };
    d.clamp(0, 3)
}

/// The evaluation that orders moves: the trained patterns (the hand-set evaluation
/// when no weights are built in).
#[inline(always)]
fn order_eval(p: u64, o: u64) -> i32 {
    if pattern::trained() {
        #[cfg(target_arch = "x86_64")]
        if crate::games::reversi::cpu::fast_pext() {
            // SAFETY: the CPU has the features (`fast_pext`).
            return unsafe { pattern::evaluate_pext(p, o) };
        }
        pattern::evaluate(p, o)
    } else {
        eval::evaluate(p, o)
    }
}

/// A small alpha-beta on the evaluation (for move ordering).
#[inline(always)]
pub(super) fn eval_search<K: Kernel>(
    p: u64,
    o: u64,
    mut alpha: i32,
    beta: i32,
    depth: u32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if depth == 0 {
        return order_eval(p, o);
    }
    let mut m = moves(p, o);
    if m == 0 {
        if moves(o, p) == 0 {
            return final_score(p, o) * eval::DISC;
        }
        return -K::eval_search(o, p, -beta, -alpha, depth, nodes);
    }
    let mut best = -eval::MAX_EVAL - 1;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = K::flips(p, o, sq);
        let v = -K::eval_search(o & !f, p | f | bit(sq), -beta, -alpha, depth - 1, nodes);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::order_depth;

    #[test]
    fn the_order_search_deepens_every_three_empties_from_thirteen() {
        let depths: Vec<i32> = (11..=26).map(|n| order_depth(n, false)).collect();
        assert_eq!(depths, [-1, -1, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3]);
        // Two plies less behind a hash move, never below zero.
        assert_eq!(order_depth(15, true), 0);
        assert_eq!(order_depth(21, true), 0);
        assert_eq!(order_depth(22, true), 1);
        assert_eq!(order_depth(12, true), -1);
    }
}
