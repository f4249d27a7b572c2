//! Exact endgame solver: the final disc difference (empties to the winner) with
//! perfect play, or only win/loss/draw.
//! Imports only the reversi rules, evaluation and stability; the engine owns the
//! solver and `search::endgame` decides when to call it.
//!
//! - Root: from [`ASPIRATION_FROM`] empties, a window around a guess of the score
//!   (aspiration), widened until the score falls inside. From [`SELECTIVE_FROM`]
//!   empties selective passes run first, Edax-style: nodes whose shallow evaluation
//!   search lies far outside the window are cut (probcut), which is cheap and leaves
//!   the best moves in the table for the exact pass; each pass is surer (a wider
//!   margin) than the one before. Table bounds carry the margin they were found
//!   with and are only used by a search at least as sure. A probable solve
//!   ([`Solver::solve_probable`]) is one such pass alone: an estimate, much cheaper.
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
//!
//! - Nodes are counted as Edax counts them: every position searched, the one-empty
//!   positions solve_2 reaches included.
//! - Threads ([`Solver::set_threads`]): young brothers wait (`split.rs`), the hash
//!   table shared without locks; one thread searches the same tree as before.
//!
//! The rooms: this file holds the [`Solver`], its root (aspiration, selective pass)
//! and the PVS / null-window driver of the deep nodes (one [`Search`] per thread); `order.rs` the move list and its
//! ordering (fastest-first, parity quadrants, the evaluation search); `shallow.rs` the
//! last few empties ([`solve_1`]); `hash.rs` the solver's table ([`EndHash`]);
//! `kernel.rs` compiles the recursion twice, portable and for x86-64-v3, and
//! [`Solver::solve`] picks one at run time ([`super::cpu`]). It uses
//! the board, the evaluations and [`super::stability`]; nothing here imports the
//! generic search or the engine.

mod hash;
mod kernel;
pub(in crate::games::reversi) mod order;
mod shallow;
mod split;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub use super::stability::{edge_stable_line, stable_discs};
use super::{bit, cpu, eval, final_score, moves, pattern, stability};
use crate::games::Move;
pub use hash::EndHash;
use hash::{EXACT, NO_MOVE};
use kernel::{Kernel, Portable, Stop};
use order::{parity_bits, MoveList};
pub use shallow::solve_1;
use split::Pool;
pub use split::SPLIT_MIN;

/// At most this many empties: the shallow search (no hash, parity ordering). 7, as
/// Edax: faster than 6 and 8 (see
/// docs/experiments/reversi-endgame.md#shallow-search-up-to-7-empties).
pub const SHALLOW: u32 = 7;
/// From this many empties on, a shallow search on the trained evaluation helps order
/// the moves: depth 0 at 13-15 empties, 1 at 16-18, 2 at 19-21, 3 from 22 (two less
/// behind a hash move): the fewest nodes (see
/// docs/experiments/reversi-endgame.md#evaluation-order-and-aspiration).
pub const ORDER_BY_SEARCH: u32 = 13;
/// From this many empties on, the root is searched in a window around a guess
/// (aspiration), widened on failure.
pub const ASPIRATION_FROM: u32 = 18;
/// Half-width of the first aspiration window, in discs.
const ASPIRATION: i32 = 2;
/// Depth of the evaluation search that guesses the root score.
const GUESS_DEPTH: u32 = 4;
/// From this many empties on, selective passes (probcut) run first: cheap, and they
/// fill the table with best moves and give the exact pass its guess.
pub const SELECTIVE_FROM: u32 = 20;
/// The probcut margins of the selective passes, in discs, one pass each (Edax's
/// rising selectivity: a rough pass, then a surer one, then the exact search). A
/// node of a selective pass with at least [`PROBCUT_MIN`] empties whose shallow
/// evaluation search lies more than the margin outside the window is cut. 8 then 16
/// took the fewest nodes on FFO #40-#54 (see
/// docs/experiments/reversi-endgame.md#selective-pass-margins and #selective-pass-sigmas).
const SELECTIVE_MARGINS: [u8; 2] = [8, 16];
const PROBCUT_MIN: u32 = 10;
/// The depth of the probcut probe: 2 from this many empties on, 1 below.
const PROBCUT_DEEP_FROM: u32 = 18;
/// From this many empties on, enhanced transposition cutoffs are tried.
pub const ETC_MIN: u32 = 12;
const INF: i32 = 127;

/// Nodes between two polls of the stop flag and the deadline.
const POLL: u64 = 1 << 14;

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
fn stability_cut(p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    if alpha < STABILITY_THRESHOLD[n as usize] || 64 - 2 * (o.count_ones() as i32) > alpha {
        return None;
    }
    let bound = 64 - 2 * stable_discs(o, p).count_ones() as i32;
    (bound <= alpha).then_some(bound)
}

/// The table sureness of a probable solve's bounds at `tenths` of a standard
/// deviation: eight discs a sigma, about the deviation at 20 empties (so 1.5 sigmas
/// rank with a 12-disc pass of the exact solve).
fn sureness_of(tenths: u8) -> u8 {
    (u32::from(tenths) * 8 / 10).clamp(1, u32::from(EXACT) - 1) as u8
}

/// The probe depth and the cut window (in evaluation units) of a selective node at
/// `n` empties searched with window `(alpha, alpha + 1)`: a pass of the exact solve
/// cuts at `margin` discs (`sigmas` 0) after a probe of depth 1, or 2 from
/// [`PROBCUT_DEEP_FROM`] empties; a probable solve at `sigmas` standard deviations of
/// the probe's error ([`ENDCUT_SIGMA`]) after a probe of [`ENDCUT_DEPTH`] plies.
#[inline(always)]
fn probcut_window(margin: u8, sigmas: f32, alpha: i32, n: u32) -> (u32, i32, i32) {
    let a = alpha * eval::DISC;
    if sigmas == 0.0 {
        let d = if n >= PROBCUT_DEEP_FROM { 2 } else { 1 };
        let m = margin as i32 * eval::DISC;
        return (d, a - m, a + m);
    }
    let d = ENDCUT_DEPTH[n.min(64) as usize];
    let [k, per_empty, per_ply] = ENDCUT_SIGMA;
    // (Fitted on 12-22 empties; far beyond, the line would fall to nothing.)
    let sigma = (k + per_empty * n as f32 + per_ply * d as f32).max(2.0);
    let m = (sigmas * sigma * eval::DISC as f32) as i32;
    (d, a - m, a + m)
}

/// The probe depth of a probable solve's probcut by empties: 0 below 14, 1 from 14,
/// 2 from 18, 3 from 22: the fewest discs lost (see
/// docs/experiments/reversi-endgame.md#probable-solve-probe-depth).
const ENDCUT_DEPTH: [u32; 65] = {
    let mut t = [0; 65];
    let mut n = 0;
    while n < 65 {
        t[n] = match n {
            0..=13 => 0,
            14..=17 => 1,
            18..=21 => 2,
            _ => 3,
        };
        n += 1;
    }
    t
};

/// `[constant, per empty, per probe ply]`: the standard deviation in discs of the
/// exact score around the solver's evaluation search (`Solver::eval_probe`), fitted
/// by `examples/reversi_train endmpc` on 1800 positions of 12-22 empties from ply's
/// games against NTest. The window stays centred on the probe, though the exact score
/// lies below it there (see
/// docs/experiments/reversi-endgame.md#probable-solve-probe-depth).
const ENDCUT_SIGMA: [f32; 3] = [9.9942, -0.1460, -0.4045];

/// What a solve finds: the exact score, only win/loss/draw, or a probable score
/// (one selective pass that cuts at this many tenths of a standard deviation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    Exact,
    WinLossDraw,
    Probable(u8),
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

/// An exact solver with its own hash table (shared by its threads).
pub struct Solver {
    hash: EndHash,
    /// The nodes of the last solve (every thread's).
    pub nodes: u64,
    /// Run the x86-64-v3 kernel ([`cpu::fast_bits`]).
    fast: bool,
    threads: usize,
}

/// One thread's search state during a solve.
pub(super) struct Search<'a> {
    hash: &'a EndHash,
    nodes: u64,
    next_poll: u64,
    /// Stopped (the stop flag, the deadline, or a cut of the split above): unwind.
    aborted: bool,
    /// Stopped by the stop flag or the deadline (for good).
    stopped: bool,
    deadline: Option<Instant>,
    /// The main thread stops (incomplete) once it has searched this many nodes.
    node_limit: u64,
    /// [`EXACT`], or in a selective pass the probcut margin in discs (its scores are
    /// estimates).
    margin: u8,
    /// With a margin other than [`EXACT`]: 0, cut at the margin; else cut at this
    /// many standard deviations of the probe's error ([`probcut_window`]).
    sigmas: f32,
    /// The threads' meeting place (`None` with one thread).
    pool: Option<&'a Pool>,
    /// The innermost split this thread works under.
    split: Option<Arc<split::Split>>,
    /// The root's best move of the last pass that found one ([`NO_MOVE`]: none yet).
    root_best: u8,
}

impl Solver {
    pub fn new(hash_bytes: usize) -> Solver {
        // Build the tables outside the timed search.
        stability::init();
        pattern::init();
        Solver {
            hash: EndHash::new(hash_bytes),
            nodes: 0,
            fast: cpu::fast_bits(),
            threads: 1,
        }
    }

    /// The size of the table a solver made with `hash_bytes` has.
    pub fn size_for(hash_bytes: usize) -> usize {
        EndHash::size_for(hash_bytes)
    }

    /// Threads for the next solves (at least one). With one the search is
    /// deterministic; with more the nodes (never the score) vary from run to run.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Chooses the portable kernel (`fast` false) or, if this CPU has it, the
    /// x86-64-v3 one (the default when it does). Both give the same nodes and scores.
    pub fn set_fast(&mut self, fast: bool) {
        self.fast = fast && cpu::fast_bits();
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
        let goal = if wld { Goal::WinLossDraw } else { Goal::Exact };
        self.solve_goal(p, o, goal, u64::MAX, stop, deadline)
    }

    /// A probable solve (NTest's name; Edax's selective endgame search): only a
    /// selective pass, whose probcut cuts at `sigmas` standard deviations of its
    /// probe's error (at least 0.1), an estimate of the exact score (and its move)
    /// that is cheaper than the solve by several times. It gives up (incomplete)
    /// after `max_nodes` nodes of the main thread.
    pub fn solve_probable(
        &mut self,
        p: u64,
        o: u64,
        sigmas: f32,
        max_nodes: u64,
        stop: Option<&AtomicBool>,
        deadline: Option<Instant>,
    ) -> Solution {
        let tenths = (sigmas * 10.0).round().clamp(1.0, 100.0) as u8;
        let goal = Goal::Probable(tenths);
        self.solve_goal(p, o, goal, max_nodes, stop, deadline)
    }

    /// The solver's evaluation search of `p` (to move) against `o`: `depth` plies of
    /// alpha-beta on the pattern evaluation over the whole window, in evaluation
    /// units, and its nodes. It is the probe of the selective passes' probcut; the
    /// trainer fits their error model with it.
    pub fn eval_probe(p: u64, o: u64, depth: u32) -> (i32, u64) {
        let mut nodes = 0;
        let v = Portable::eval_search(p, o, -eval::MAX_EVAL, eval::MAX_EVAL, depth, &mut nodes);
        (v, nodes)
    }

    /// A solve for `goal`; the main thread gives up after `node_limit` nodes.
    fn solve_goal(
        &mut self,
        p: u64,
        o: u64,
        goal: Goal,
        node_limit: u64,
        stop: Option<&AtomicBool>,
        deadline: Option<Instant>,
    ) -> Solution {
        if self.fast {
            #[cfg(target_arch = "x86_64")]
            return self.solve_with::<kernel::V3>(p, o, goal, node_limit, stop, deadline);
        }
        self.solve_with::<Portable>(p, o, goal, node_limit, stop, deadline)
    }

    fn solve_with<K: Kernel>(
        &mut self,
        p: u64,
        o: u64,
        goal: Goal,
        node_limit: u64,
        stop: Stop,
        deadline: Option<Instant>,
    ) -> Solution {
        let pool = Pool::default();
        let (hash, threads) = (&self.hash, self.threads);
        let pool_ref = (threads > 1).then_some(&pool);
        let (mut solution, helper_nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|_| {
                    scope.spawn(move || {
                        let mut s = Search::new(hash, pool_ref, deadline);
                        s.help_loop::<K>(stop);
                        s.nodes
                    })
                })
                .collect();
            let mut main = Search::new(hash, pool_ref, deadline);
            main.node_limit = node_limit;
            let solution = main.run::<K>(p, o, goal, stop);
            pool.done.store(true, Ordering::Release);
            let nodes: u64 = helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum();
            (solution, nodes)
        });
        solution.nodes += helper_nodes;
        self.nodes = solution.nodes;
        solution
    }
}

impl<'a> Search<'a> {
    fn new(hash: &'a EndHash, pool: Option<&'a Pool>, deadline: Option<Instant>) -> Search<'a> {
        Search {
            hash,
            nodes: 0,
            next_poll: POLL,
            aborted: false,
            stopped: false,
            deadline,
            node_limit: u64::MAX,
            margin: EXACT,
            sigmas: 0.0,
            pool,
            split: None,
            root_best: NO_MOVE,
        }
    }

    /// The solve of the main thread (see [`Solver::solve`]).
    fn run<K: Kernel>(&mut self, p: u64, o: u64, goal: Goal, stop: Stop) -> Solution {
        let wld = goal == Goal::WinLossDraw;
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
            // (A probable solve starts from the opponent's position as a root of its
            // own; an exact one searches it at once.)
            let s = match goal {
                Goal::Probable(_) => -self.run::<K>(o, p, goal, stop).score,
                _ => -self.root::<K>(o, p, -beta, -alpha, stop).0,
            };
            return Solution {
                score: s,
                best: Move::PASS,
                nodes: self.nodes,
                complete: !self.aborted,
            };
        }
        let n = 64 - (p | o).count_ones();
        let (score, best) = if wld || n < ASPIRATION_FROM {
            self.root::<K>(p, o, alpha, beta, stop)
        } else {
            // A window around the evaluation's guess, first in a selective pass that
            // fills the table with best moves, then exactly.
            let mut nodes = 0;
            let guess = K::eval_search(
                p,
                o,
                -eval::MAX_EVAL,
                eval::MAX_EVAL,
                GUESS_DEPTH,
                &mut nodes,
            );
            self.nodes += nodes;
            let mut guess = (guess / eval::DISC).clamp(-64, 64);
            if let Goal::Probable(m) = goal {
                // One selective pass is the answer.
                self.margin = sureness_of(m);
                self.sigmas = f32::from(m) / 10.0;
                let found = self.aspiration::<K>(p, o, guess, stop);
                self.margin = EXACT;
                self.sigmas = 0.0;
                found
            } else {
                if n >= SELECTIVE_FROM {
                    for &m in &SELECTIVE_MARGINS {
                        self.margin = m;
                        guess = self.aspiration::<K>(p, o, guess, stop).0;
                    }
                    self.margin = EXACT;
                }
                self.aspiration::<K>(p, o, guess, stop)
            }
        };
        Solution {
            score,
            best: Move(best as u16),
            nodes: self.nodes,
            complete: !self.aborted,
        }
    }

    /// Root searches in a window around `guess`, widened until the score is inside.
    /// Once the score has fallen below one window and risen above another (the table's
    /// bounds from earlier searches can make results disagree), the last search is
    /// over the whole range, so the loop always ends.
    fn aspiration<K: Kernel>(&mut self, p: u64, o: u64, guess: i32, stop: Stop) -> (i32, usize) {
        let mut w = ASPIRATION;
        let (mut lo, mut hi) = ((guess - w).max(-64), (guess + w).min(64));
        let (mut failed_low, mut failed_high) = (false, false);
        loop {
            let (score, best) = self.root::<K>(p, o, lo, hi, stop);
            log::debug!(
                "endgame root: margin {} window ({lo}, {hi}) score {score} nodes {}",
                self.margin,
                self.nodes
            );
            if self.aborted
                || (score > lo && score < hi)
                || (score <= lo && lo == -64)
                || (score >= hi && hi == 64)
            {
                return (score, best);
            }
            if score <= lo {
                failed_low = true;
            } else {
                failed_high = true;
            }
            if failed_low && failed_high {
                return self.root::<K>(p, o, -64, 64, stop);
            }
            w = (w * 2).min(128);
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
    fn root<K: Kernel>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        stop: Stop,
    ) -> (i32, usize) {
        let n = 64 - (p | o).count_ones();
        self.nodes += 1;
        // The best move of the previous pass first (the root is not stored in the
        // table), else the hash move of an earlier solve of the same position.
        let hash_mv = if self.root_best != NO_MOVE {
            self.root_best
        } else {
            self.hash.probe(p, o).map_or(NO_MOVE, |e| e.mv)
        };
        let orig_alpha = alpha;
        let mut list = MoveList::new();
        K::ordered_moves(self, &mut list, p, o, moves(p, o), n, hash_mv);
        list.sort();
        let mut alpha = alpha;
        let mut best = -INF;
        let mut best_sq = list.as_slice().first().map_or(0, |m| m.0 as usize);
        for (i, &(sq, _)) in list.as_slice().iter().enumerate() {
            let sq = sq as usize;
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.aborted = true;
                self.stopped = true;
            }
            if self.aborted {
                break;
            }
            let f = K::flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            let v = self.pvs_child::<K>(np, no, alpha, beta, n - 1, i == 0, stop);
            log::trace!(
                "endgame root move {sq} window ({alpha}, {beta}) value {v} nodes {}",
                self.nodes
            );
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
        // A move that proved a score above the window's floor leads the next pass (on
        // a fail low every move's value is only a bound: the order stays).
        if !self.aborted && best > orig_alpha {
            self.root_best = best_sq as u8;
        }
        (best, best_sq)
    }

    /// The score of a child (`np` to move, `n` empties) for its parent's window: the
    /// first child with the whole window, the others with a null window first and again
    /// with the window only when they land inside it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pvs_child<K: Kernel>(
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

    /// The margin a result at `n` empties is stored with: below [`PROBCUT_MIN`] no
    /// node of the subtree is cut, so even a selective pass's result is exact there
    /// (and the exact pass may use it).
    #[inline(always)]
    fn sureness(&self, n: u32) -> u8 {
        if n < PROBCUT_MIN {
            EXACT
        } else {
            self.margin
        }
    }

    #[inline(always)]
    fn poll(&mut self, stop: Stop) {
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL;
            if stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.nodes >= self.node_limit
            {
                self.aborted = true;
                self.stopped = true;
            }
        }
        if self.split.as_ref().is_some_and(|s| s.chain_cut()) {
            self.aborted = true;
        }
    }

    /// Principal-variation search with window (alpha, beta).
    #[inline(always)]
    fn pvs<K: Kernel>(
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
    fn nws<K: Kernel>(&mut self, p: u64, o: u64, alpha: i32, n: u32, stop: Stop) -> i32 {
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
