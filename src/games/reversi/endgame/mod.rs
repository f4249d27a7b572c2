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
//! The rooms, a file per concept as Edax has them: this file holds the [`Solver`],
//! its answer and one thread's [`Search`] state; `root.rs` the main thread's driver
//! (aspiration, selective passes) and the root moves; `node.rs` the PVS and
//! null-window searches of the deep nodes and their cutoffs; `probcut.rs` the
//! selective passes' probcut; `order.rs` the move list and its ordering
//! (fastest-first, parity quadrants, the evaluation search); `shallow.rs` the last
//! few empties ([`solve_1`]); `hash.rs` the solver's table ([`EndHash`]); `split.rs`
//! the threads; `kernel.rs` compiles the recursion twice, portable and for
//! x86-64-v3, and [`Solver::solve`] picks one at run time ([`super::cpu`]). It uses
//! the board, the evaluations and [`super::stability`]; nothing here imports the
//! generic search or the engine.

mod hash;
mod kernel;
mod node;
pub(in crate::games::reversi) mod order;
mod probcut;
mod root;
mod shallow;
mod split;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub use super::stability::{edge_stable_line, stable_discs};
use super::{cpu, eval, pattern, stability};
use crate::games::Move;
pub use hash::EndHash;
use hash::{EXACT, NO_MOVE};
use kernel::{Kernel, Portable, Stop};
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
/// From this many empties on, selective passes (probcut) run first: cheap, and they
/// fill the table with best moves and give the exact pass its guess.
pub const SELECTIVE_FROM: u32 = 20;
/// From this many empties on, enhanced transposition cutoffs are tried.
pub const ETC_MIN: u32 = 12;
const INF: i32 = 127;

/// Nodes between two polls of the stop flag and the deadline.
const POLL: u64 = 1 << 14;

/// What a solve finds: the exact score, only win/loss/draw, or a probable score
/// (one selective pass that cuts at `score` tenths of a standard deviation, then,
/// unless `check` is 0, a surer selective pass for win/loss/draw at `check` tenths
/// that may change its move: [`Solver::solve_probable_checked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    Exact,
    WinLossDraw,
    Probable { score: u8, check: u8 },
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
    /// many standard deviations of the probe's error ([`probcut::probcut_window`]).
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
        self.solve_probable_checked(p, o, (sigmas, 0.0), max_nodes, stop, deadline)
    }

    /// A probable solve ([`Solver::solve_probable`] at the first of `sigmas`) whose
    /// result is then checked, unless the second is 0, by a surer selective pass on
    /// the win/loss/draw window (probcut at the second), its move searched first:
    /// the move stays when that pass finds it winning, or finds every move losing
    /// (the score then at most -1); otherwise the pass's move, winning or drawing,
    /// replaces it (and the score is at least 1, or 0). Cheaper than a full
    /// win/loss/draw solve, it gives away far fewer results than the probable solve
    /// alone (see
    /// docs/experiments/reversi-endgame.md#probable-solve-checked-for-the-result).
    /// `max_nodes` bounds both passes together.
    pub fn solve_probable_checked(
        &mut self,
        p: u64,
        o: u64,
        (sigmas, check_sigmas): (f32, f32),
        max_nodes: u64,
        stop: Option<&AtomicBool>,
        deadline: Option<Instant>,
    ) -> Solution {
        let goal = Goal::Probable {
            score: tenths(sigmas),
            check: if check_sigmas > 0.0 {
                tenths(check_sigmas)
            } else {
                0
            },
        };
        self.solve_goal(p, o, goal, max_nodes, stop, deadline)
    }

    /// The exact score of `p` (to move) against `o` within (`alpha`, `beta`) in
    /// discs, fail-soft (a score at or below `alpha` is an upper bound, at or above
    /// `beta` a lower one), and the nodes: a solve of a search's leaf, with `hash`
    /// the caller's own table, no threads and no stop (a leaf is small).
    pub fn solve_window(hash: &EndHash, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u64) {
        let mut s = Search::new(hash, None, None);
        let n = 64 - (p | o).count_ones();
        #[cfg(target_arch = "x86_64")]
        if cpu::fast_bits() {
            let v = window::<kernel::V3>(&mut s, p, o, (alpha, beta), n);
            return (v, s.nodes.max(1));
        }
        let v = window::<Portable>(&mut s, p, o, (alpha, beta), n);
        (v, s.nodes.max(1))
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
}

/// [`Solver::solve_window`]'s search: a null window by `nws`, a wider one by `pvs`.
fn window<K: Kernel>(s: &mut Search, p: u64, o: u64, (alpha, beta): (i32, i32), n: u32) -> i32 {
    if beta <= alpha + 1 {
        K::nws(s, p, o, alpha, n, None)
    } else {
        K::pvs(s, p, o, alpha, beta, n, None)
    }
}

/// Standard deviations as the tenths a [`Goal::Probable`] holds (at least 0.1).
fn tenths(sigmas: f32) -> u8 {
    (sigmas * 10.0).round().clamp(1.0, 100.0) as u8
}
