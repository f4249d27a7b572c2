//! Exact endgame solver: the final disc difference (empties to the winner) with
//! perfect play, or only win/loss/draw.
//!
//! - Root: from [`ASPIRATION_FROM`] empties, a window around a guess of the score
//!   (aspiration), widened until the score falls inside. From [`SELECTIVE_FROM`]
//!   empties a selective pass runs first, Edax-style: nodes whose evaluation lies
//!   far outside the window are cut (probcut), which is cheap and leaves the best
//!   moves in the table for the exact pass. Selective bounds are marked in the table
//!   and never used by the exact pass.
//! - Root and PV nodes: principal-variation search; every other node is a null-window
//!   search (`nws`) on the disc difference.
//! - Deep nodes (more than [`SHALLOW`] empties): own hash table of exact bounds, the
//!   hash move first, then fastest-first ordering (fewest opponent replies, corners
//!   weigh double, potential mobility, parity), and from [`ORDER_BY_SEARCH`] empties
//!   a shallow search on the trained pattern evaluation ([`super::pattern`]) joins the
//!   order; enhanced transposition cutoffs; a stability cutoff (the opponent's stable
//!   discs bound our score) when alpha is high enough.
//! - Shallow nodes: no hash, moves in odd-parity quadrants first; the last two empties
//!   are special-cased and the last one counts flips without making the move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

pub use super::stability::{edge_stable_line, stable_discs};
use super::{bit, eval, final_score, flips, moves, neighbours, pattern, stability, CORNERS};
use crate::games::Move;

/// At most this many empties: the shallow search (no hash, parity ordering).
pub const SHALLOW: u32 = 6;
/// From this many empties on, a shallow search on the trained evaluation helps order
/// the moves: depth 0 at 13-14 empties, 1 at 15-17, 2 at 18-20, 3 from 21 (two less
/// behind a hash move). Measured (nodes, `ply solve`) on 20 positions of 21-22
/// empties from held-out games: from 12-13 empties on is best, 11 and 15-19 cost more.
pub const ORDER_BY_SEARCH: u32 = 13;
/// One disc of evaluation weighs a quarter of an opponent reply (1 << 15) in the move
/// order (a half and a whole cost more nodes).
const EVAL_ORDER_SHIFT: u32 = 13;
/// From this many empties on, the root is searched in a window around a guess
/// (aspiration), widened on failure.
pub const ASPIRATION_FROM: u32 = 18;
/// Half-width of the first aspiration window, in discs.
const ASPIRATION: i32 = 2;
/// Depth of the evaluation search that guesses the root score.
const GUESS_DEPTH: u32 = 4;
/// From this many empties on, a selective pass (probcut) runs first: cheap, and it
/// fills the table with best moves and gives the exact pass its guess.
pub const SELECTIVE_FROM: u32 = 20;
/// In the selective pass, nodes with at least this many empties whose evaluation is
/// more than [`PROBCUT_MARGIN`] discs outside the window are cut.
const PROBCUT_MIN: u32 = 10;
const PROBCUT_MARGIN: i32 = 10;
/// Stability cutoffs are tried in the shallow search from this many empties on.
const SHALLOW_STABILITY: u32 = 4;
/// From this many empties on, enhanced transposition cutoffs are tried.
pub const ETC_MIN: u32 = 12;
const INF: i32 = 127;

/// Nodes between two polls of the stop flag and the deadline.
const POLL: u64 = 1 << 14;

/// The four quadrants (parity regions).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

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

/// The squares around `sq`.
#[inline]
fn neighbour_mask(sq: usize) -> u64 {
    static T: OnceLock<[u64; 64]> = OnceLock::new();
    T.get_or_init(|| std::array::from_fn(|i| neighbours(bit(i))))[sq & 63]
}

/// The quadrant of each square as a bit (0..3 as in [`QUADRANTS`]).
const QUADRANT_BIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << ((sq % 8) / 4 + 2 * ((sq / 8) / 4));
        sq += 1;
    }
    t
};

/// The squares of the quadrants whose bits are set.
const PARITY_MASK: [u64; 16] = {
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
#[inline]
fn parity_bits(empty: u64) -> u8 {
    let mut b = 0;
    for (q, m) in QUADRANTS.iter().enumerate() {
        b |= (((empty & m).count_ones() & 1) as u8) << q;
    }
    b
}

/// Quadrants holding an odd number of empties.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    let mut m = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m
}

// ---------------------------------------------------------------------------
// Hash table

#[derive(Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
    mv: u8,
    empties: u8,
    /// The bounds come from a selective (probcut) search: only the move is sure.
    sel: bool,
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
    fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let b = &self.slots[self.index(p, o)];
        b.iter()
            .find(|e| e.p == p && e.o == o && e.upper >= e.lower)
            .copied()
    }

    /// Stores the result `score` of a search of window (alpha, beta).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn store(
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

const NO_MOVE: u8 = 255;

// ---------------------------------------------------------------------------
// The solver

/// Scored moves on the stack (a position has at most 64 - 4 moves), best first once
/// sorted.
struct MoveList {
    len: usize,
    items: [(u8, i32); 64],
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            len: 0,
            items: [(0, 0); 64],
        }
    }
    #[inline]
    fn push(&mut self, sq: usize, score: i32) {
        if self.len < 64 {
            self.items[self.len] = (sq as u8, score);
            self.len += 1;
        }
    }
    /// Insertion sort: higher score first, ties by lower square (deterministic).
    fn sort(&mut self) {
        let v = &mut self.items[..self.len];
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
    fn as_slice(&self) -> &[(u8, i32)] {
        &self.items[..self.len]
    }
}

/// The answer of [`Solver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The exact disc difference for the side to move (or, in a win/loss/draw search,
    /// its sign: +1 win, 0 draw, -1 loss; a bound of the same sign in fact).
    pub score: i32,
    /// The best move (`Move::PASS` when the side to move must pass, `Move::NONE` when
    /// the game is over).
    pub best: Move,
    pub nodes: u64,
    /// False when stopped before the end (the score is then meaningless).
    pub complete: bool,
}

/// An exact solver with its own hash table.
pub struct Solver {
    hash: EndHash,
    pub nodes: u64,
    next_poll: u64,
    aborted: bool,
    deadline: Option<Instant>,
    /// A selective (probcut) pass: its scores are estimates.
    selective: bool,
}

impl Solver {
    pub fn new(hash_bytes: usize) -> Solver {
        // Build the tables outside the timed search.
        stability::init();
        pattern::init();
        Solver {
            hash: EndHash::new(hash_bytes),
            nodes: 0,
            next_poll: POLL,
            aborted: false,
            deadline: None,
            selective: false,
        }
    }

    pub fn clear(&mut self) {
        self.hash.clear();
    }

    /// Solves the position of `p` (to move) against `o`: exact score with `wld`
    /// false, otherwise only win/draw/loss. Stops early (incomplete) when `stop`
    /// becomes true or at `deadline`.
    pub fn solve(
        &mut self,
        p: u64,
        o: u64,
        wld: bool,
        stop: Option<&AtomicBool>,
        deadline: Option<Instant>,
    ) -> Solution {
        self.nodes = 0;
        self.next_poll = POLL;
        self.aborted = false;
        self.deadline = deadline;
        let (alpha, beta) = if wld { (-1, 1) } else { (-64, 64) };
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                return Solution {
                    score: final_score(p, o),
                    best: Move::NONE,
                    nodes: 1,
                    complete: true,
                };
            }
            let s = -self.root(o, p, -beta, -alpha, stop).0;
            return Solution {
                score: s,
                best: Move::PASS,
                nodes: self.nodes,
                complete: !self.aborted,
            };
        }
        let n = 64 - (p | o).count_ones();
        let (score, best) = if wld || n < ASPIRATION_FROM {
            self.root(p, o, alpha, beta, stop)
        } else {
            // A window around the evaluation's guess, first in a selective pass that
            // fills the table with best moves, then exactly.
            let mut nodes = 0;
            let guess = eval_search(
                p,
                o,
                -eval::MAX_EVAL,
                eval::MAX_EVAL,
                GUESS_DEPTH,
                &mut nodes,
            );
            self.nodes += nodes;
            let mut guess = (guess / eval::DISC).clamp(-64, 64);
            if n >= SELECTIVE_FROM {
                self.selective = true;
                guess = self.aspiration(p, o, guess, stop).0;
                self.selective = false;
            }
            self.aspiration(p, o, guess, stop)
        };
        Solution {
            score,
            best: Move(best as u16),
            nodes: self.nodes,
            complete: !self.aborted,
        }
    }

    /// Root searches in a window around `guess`, widened until the score is inside.
    fn aspiration(
        &mut self,
        p: u64,
        o: u64,
        guess: i32,
        stop: Option<&AtomicBool>,
    ) -> (i32, usize) {
        let mut w = ASPIRATION;
        let (mut lo, mut hi) = ((guess - w).max(-64), (guess + w).min(64));
        loop {
            let (score, best) = self.root(p, o, lo, hi, stop);
            if self.aborted
                || (score > lo && score < hi)
                || (score <= lo && lo == -64)
                || (score >= hi && hi == 64)
            {
                return (score, best);
            }
            w *= 2;
            if score <= lo {
                hi = (score + 1).min(64);
                lo = (score - w).max(-64);
            } else {
                lo = (score - 1).max(-64);
                hi = (score + w).min(64);
            }
        }
    }

    /// PVS at the root: returns the score and the best square.
    fn root(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        stop: Option<&AtomicBool>,
    ) -> (i32, usize) {
        let n = 64 - (p | o).count_ones();
        self.nodes += 1;
        // Hash move from an earlier solve of the same position first.
        let hash_mv = self.hash.probe(p, o).map_or(NO_MOVE, |e| e.mv);
        let list = self
            .ordered_moves(p, o, n, hash_mv, alpha, false)
            .unwrap_or_else(|_| MoveList::new());
        let mut alpha = alpha;
        let mut best = -INF;
        let mut best_sq = list.as_slice().first().map_or(0, |m| m.0 as usize);
        for (i, &(sq, _)) in list.as_slice().iter().enumerate() {
            let sq = sq as usize;
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.aborted = true;
            }
            if self.aborted {
                break;
            }
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            let v = self.pvs_child(np, no, alpha, beta, n - 1, i == 0, stop);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_sq = sq;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_sq)
    }

    /// The score of a child (`np` to move, `n` empties) for its parent's window: the
    /// first child with the whole window, the others with a null window first and again
    /// with the window only when they land inside it.
    #[allow(clippy::too_many_arguments)]
    fn pvs_child(
        &mut self,
        np: u64,
        no: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        first: bool,
        stop: Option<&AtomicBool>,
    ) -> i32 {
        if first {
            return -self.pvs(np, no, -beta, -alpha, n, stop);
        }
        let v = -self.nws(np, no, -alpha - 1, n, stop);
        if v > alpha && v < beta {
            -self.pvs(np, no, -beta, -v, n, stop)
        } else {
            v
        }
    }

    #[inline]
    fn poll(&mut self, stop: Option<&AtomicBool>) {
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL;
            if stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self.deadline.is_some_and(|d| Instant::now() >= d)
            {
                self.aborted = true;
            }
        }
    }

    /// Principal-variation search with window (alpha, beta).
    fn pvs(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        stop: Option<&AtomicBool>,
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
            return -self.pvs(o, p, -beta, -alpha, n, stop);
        }
        let mut hash_mv = NO_MOVE;
        if let Some(e) = self.hash.probe(p, o) {
            hash_mv = e.mv;
            if e.lower == e.upper && (self.selective || !e.sel) {
                return e.lower as i32;
            }
        }
        let orig_alpha = alpha;
        let list = self
            .ordered_moves(p, o, n, hash_mv, alpha, false)
            .unwrap_or_else(|_| MoveList::new());
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        for (i, &(sq, _)) in list.as_slice().iter().enumerate() {
            let sq = sq as usize;
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            let v = self.pvs_child(np, no, alpha, beta, n - 1, i == 0, stop);
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
            .store(p, o, n, (orig_alpha, beta), best, best_sq, self.selective);
        best
    }

    /// Null-window search: is the score of `p` to move above `alpha`? Returns a fail-soft
    /// score (> alpha means at least that, <= alpha means at most that).
    fn nws(&mut self, p: u64, o: u64, alpha: i32, n: u32, stop: Option<&AtomicBool>) -> i32 {
        if n <= SHALLOW {
            let empty = !(p | o);
            return self.shallow(p, o, alpha, empty, parity_bits(empty), n);
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
            return -self.nws(o, p, -alpha - 1, n, stop);
        }
        // Stability cutoff: our score is at most 64 - 2 * (the opponent's stable discs).
        if alpha >= STABILITY_THRESHOLD[n as usize] {
            let bound = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if bound <= alpha {
                return bound;
            }
        }
        let mut hash_mv = NO_MOVE;
        if let Some(e) = self.hash.probe(p, o) {
            if self.selective || !e.sel {
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
        if self.selective && n >= PROBCUT_MIN {
            let mut nodes = 0;
            let d = if n >= 18 { 1 } else { 0 };
            let v = eval_search(p, o, -eval::MAX_EVAL, eval::MAX_EVAL, d, &mut nodes);
            self.nodes += nodes;
            let margin = PROBCUT_MARGIN * eval::DISC;
            if v - margin > alpha * eval::DISC {
                return alpha + 1;
            }
            if v + margin <= alpha * eval::DISC {
                return alpha;
            }
        }
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        if m & (m - 1) == 0 {
            // One move: no ordering needed.
            let sq = m.trailing_zeros() as usize;
            let f = flips(p, o, sq);
            best = -self.nws(o & !f, p | f | bit(sq), -alpha - 1, n - 1, stop);
            best_sq = sq as u8;
        } else {
            let list = match self.ordered_moves(p, o, n, hash_mv, alpha, n >= ETC_MIN) {
                Ok(l) => l,
                Err(cut) => return cut,
            };
            for &(sq, _) in list.as_slice() {
                let sq = sq as usize;
                let f = flips(p, o, sq);
                let v = -self.nws(o & !f, p | f | bit(sq), -alpha - 1, n - 1, stop);
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
            .store(p, o, n, (alpha, alpha + 1), best, best_sq, self.selective);
        best
    }

    /// The moves of `p`, best first: the hash move, then fastest-first (fewest
    /// opponent replies), helped above [`ORDER_BY_SEARCH`] empties by a shallow
    /// evaluation search. With `etc`, a child whose stored upper bound already proves
    /// a score above `alpha` ends the node at once (enhanced transposition cutoff):
    /// `Err(score)`.
    fn ordered_moves(
        &mut self,
        p: u64,
        o: u64,
        n: u32,
        hash_mv: u8,
        alpha: i32,
        etc: bool,
    ) -> Result<MoveList, i32> {
        let mut m = moves(p, o);
        let mut list = MoveList::new();
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let depth = order_depth(n, hash_mv != NO_MOVE);
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            if etc {
                if let Some(e) = self.hash.probe(np, no).filter(|e| self.selective || !e.sel) {
                    if -(e.upper as i32) > alpha {
                        return Err(-(e.upper as i32));
                    }
                }
            }
            let score = if sq as u8 == hash_mv {
                1 << 30
            } else if np == 0 {
                // Wipe-out.
                1 << 29
            } else if depth >= 0 {
                let mut nodes = 0;
                let v = -eval_search(
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
        list.sort();
        Ok(list)
    }

    /// Null-window search without hash for few empties; `empty` are the empty squares.
    /// `parity` has bit `q` set when quadrant `q` holds an odd number of empties.
    fn shallow(&mut self, p: u64, o: u64, alpha: i32, empty: u64, parity: u8, n: u32) -> i32 {
        if n == 2 {
            let x1 = empty.trailing_zeros() as usize;
            let x2 = (empty & (empty - 1)).trailing_zeros() as usize;
            return self.solve_2(p, o, alpha, x1, x2);
        }
        if n == 1 {
            self.nodes += 1;
            return solve_1(p, o, empty.trailing_zeros() as usize);
        }
        if n == 0 {
            self.nodes += 1;
            return final_score(p, o);
        }
        self.nodes += 1;
        if n >= SHALLOW_STABILITY && alpha >= STABILITY_THRESHOLD[n as usize] {
            let bound = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if bound <= alpha {
                return bound;
            }
        }
        let odd = PARITY_MASK[parity as usize];
        let mut best = -INF;
        for region in [empty & odd, empty & !odd] {
            let mut e = region;
            while e != 0 {
                let sq = e.trailing_zeros() as usize;
                e &= e - 1;
                // Only squares next to an opponent disc can flip.
                if neighbour_mask(sq) & o == 0 {
                    continue;
                }
                let f = flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let v = -self.shallow(
                    o & !f,
                    p | f | bit(sq),
                    -alpha - 1,
                    empty ^ bit(sq),
                    parity ^ QUADRANT_BIT[sq],
                    n - 1,
                );
                if v > best {
                    best = v;
                    if v > alpha {
                        return v;
                    }
                }
            }
        }
        if best == -INF {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.shallow(o, p, -alpha - 1, empty, parity, n);
        }
        best
    }

    /// Two empties `x1`, `x2`.
    fn solve_2(&mut self, p: u64, o: u64, alpha: i32, x1: usize, x2: usize) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        let f = flips(p, o, x1);
        if f != 0 {
            best = -solve_1(o & !f, p | f | bit(x1), x2);
            if best > alpha {
                return best;
            }
        }
        let f = flips(p, o, x2);
        if f != 0 {
            best = best.max(-solve_1(o & !f, p | f | bit(x2), x1));
        }
        if best > -INF {
            return best;
        }
        // Pass: the opponent moves.
        let mut worst = INF;
        let f = flips(o, p, x1);
        if f != 0 {
            worst = solve_1(p & !f, o | f | bit(x1), x2);
            if worst <= alpha {
                return worst;
            }
        }
        let f = flips(o, p, x2);
        if f != 0 {
            worst = worst.min(solve_1(p & !f, o | f | bit(x2), x1));
        }
        if worst < INF {
            return worst;
        }
        final_score(p, o)
    }
}

/// The score of `p` to move with the single empty square `x` (`o` has the rest).
#[inline]
pub fn solve_1(p: u64, o: u64, x: usize) -> i32 {
    let np = p.count_ones() as i32;
    let n = flips(p, o, x).count_ones() as i32;
    if n > 0 {
        return 2 * np + 2 * n - 62;
    }
    let n = flips(o, p, x).count_ones() as i32;
    if n > 0 {
        return 2 * np - 2 * n - 64;
    }
    // Nobody can play x: it goes to the winner (63 discs: never a draw).
    if 2 * np > 63 {
        2 * np - 62
    } else {
        2 * np - 64
    }
}

/// Opponent replies, corners counting double.
#[inline]
fn replies_weight(p: u64, _o: u64) -> i32 {
    let m = moves(p, _o);
    m.count_ones() as i32 + (m & CORNERS).count_ones() as i32
}

/// Fastest-first ordering score of the move to `sq` giving the opponent `p` against
/// our `o`: few replies first (corners count double), then our corner discs, little
/// potential mobility for the opponent, the square's type and parity.
#[inline]
fn fastest_first(p: u64, o: u64, sq: usize, odd: u64) -> i32 {
    let empty = !(p | o);
    let mut s = (36 - replies_weight(p, o)) << 15;
    s += corner_stability(o) << 11;
    let potential = neighbours(o) & empty;
    s += (36 - potential.count_ones() as i32 - (potential & CORNERS).count_ones() as i32) << 5;
    s += SQUARE_VALUE[sq];
    if bit(sq) & odd != 0 {
        s += 4;
    }
    s
}

/// Discs of `b` in a corner or next to a corner disc of `b` along an edge.
#[inline]
fn corner_stability(b: u64) -> i32 {
    let c = b & CORNERS;
    let edge_next = ((c << 1) & 0x0200_0000_0000_0002)
        | ((c >> 1) & 0x4000_0000_0000_0040)
        | ((c << 8) & 0x0000_0000_0000_8100)
        | ((c >> 8) & 0x0081_0000_0000_0000);
    (c | (edge_next & b)).count_ones() as i32
}

/// Square types for ordering ties: corners best, X squares worst.
#[rustfmt::skip]
const SQUARE_VALUE: [i32; 64] = [
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
/// fastest-first score alone), shallower when there is a hash move (Edax's schedule).
#[inline]
fn order_depth(n: u32, hash_move: bool) -> i32 {
    if n < ORDER_BY_SEARCH {
        return -1;
    }
    let d = (n as i32 - ORDER_BY_SEARCH as i32 + 1) / 3 - if hash_move { 2 } else { 0 };
    d.clamp(0, 3)
}

/// The evaluation that orders moves: the trained patterns (the hand-set evaluation
/// when no weights are built in).
#[inline]
fn order_eval(p: u64, o: u64) -> i32 {
    if pattern::trained() {
        pattern::evaluate(p, o)
    } else {
        eval::evaluate(p, o)
    }
}

/// A small alpha-beta on the evaluation (for move ordering).
fn eval_search(p: u64, o: u64, mut alpha: i32, beta: i32, depth: u32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if depth == 0 {
        return order_eval(p, o);
    }
    let mut m = moves(p, o);
    if m == 0 {
        if moves(o, p) == 0 {
            return final_score(p, o) * eval::DISC;
        }
        return -eval_search(o, p, -beta, -alpha, depth, nodes);
    }
    let mut best = -eval::MAX_EVAL - 1;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = flips(p, o, sq);
        let v = -eval_search(o & !f, p | f | bit(sq), -beta, -alpha, depth - 1, nodes);
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
    use super::super::tests::random_position;
    use super::*;

    /// Plain negamax to the end of the game (for checking the solver).
    fn brute(p: u64, o: u64) -> i32 {
        let mut m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -brute(o, p);
        }
        let mut best = -INF;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = flips(p, o, sq);
            best = best.max(-brute(o & !f, p | f | bit(sq)));
        }
        best
    }

    #[test]
    fn solver_agrees_with_brute_force_near_the_end() {
        let mut seed = 7;
        let mut solver = Solver::new(1 << 20);
        for i in 0..60 {
            let (p, o) = random_position(&mut seed, 50 + i % 6);
            let exact = brute(p, o);
            let s = solver.solve(p, o, false, None, None);
            assert_eq!(s.score, exact, "position {i}: {p:#x} {o:#x}");
            let w = solver.solve(p, o, true, None, None);
            assert_eq!(w.score.signum(), exact.signum(), "wld {i}");
        }
    }

    #[test]
    fn a_passed_deadline_or_the_stop_flag_ends_the_solve_incomplete() {
        // FFO #40 (20 empties): far more than one poll interval of nodes.
        let (pos, _) = super::super::Reversi::parse_obf_line(
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        )
        .expect("obf");
        let mut solver = Solver::new(1 << 20);
        let s = solver.solve(
            pos.player(),
            pos.opponent(),
            false,
            None,
            Some(Instant::now()),
        );
        assert!(!s.complete);
        assert!(s.nodes < 4 * POLL);
        let stop = AtomicBool::new(true);
        let s = solver.solve(pos.player(), pos.opponent(), true, Some(&stop), None);
        assert!(!s.complete);
    }

    #[test]
    fn incremental_parity_matches_the_quadrant_counts() {
        let mut seed = 3;
        for _ in 0..200 {
            let e = crate::games::splitmix64(&mut seed);
            assert_eq!(PARITY_MASK[parity_bits(e) as usize], odd_quadrants(e));
            for (sq, &q) in QUADRANT_BIT.iter().enumerate() {
                assert_eq!(parity_bits(e ^ bit(sq)), parity_bits(e) ^ q);
            }
        }
    }
}
