//! The root of a solve: the main thread's driver (a pass before the game goes on,
//! the selective passes, the aspiration windows around the evaluation's guess) and
//! the principal-variation search of the root moves.

use std::sync::atomic::Ordering;

use super::hash::{EXACT, NO_MOVE};
use super::kernel::{Kernel, Stop};
use super::order::MoveList;
use super::probcut::{sureness_of, SELECTIVE_MARGINS};
use super::{Goal, Search, Solution, ASPIRATION_FROM, INF, SELECTIVE_FROM};
use crate::games::reversi::{bit, eval, final_score, moves};
use crate::games::Move;

/// Half-width of the first aspiration window, in discs.
const ASPIRATION: i32 = 2;
/// Depth of the evaluation search that guesses the root score.
const GUESS_DEPTH: u32 = 4;

impl Search<'_> {
    /// The solve of the main thread (see [`super::Solver::solve`]).
    pub(super) fn run<K: Kernel>(&mut self, p: u64, o: u64, goal: Goal, stop: Stop) -> Solution {
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
                Goal::Probable { .. } => -self.run::<K>(o, p, goal, stop).score,
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
            if let Goal::Probable { score: m, check } = goal {
                // One selective pass is the answer, perhaps checked for its result.
                self.margin = sureness_of(m);
                self.sigmas = f32::from(m) / 10.0;
                let mut found = self.aspiration::<K>(p, o, guess, stop);
                if check > 0 && !self.aborted {
                    found = self.check_result::<K>(p, o, found, check, stop);
                }
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

    /// The win/loss/draw check of a probable solve's `(score, best)` (see
    /// [`super::Solver::solve_probable_checked`]): a selective pass at `tenths` of a
    /// standard deviation on the window (-1, 1), `best` first.
    fn check_result<K: Kernel>(
        &mut self,
        p: u64,
        o: u64,
        (score, best): (i32, usize),
        tenths: u8,
        stop: Stop,
    ) -> (i32, usize) {
        self.margin = sureness_of(tenths);
        self.sigmas = f32::from(tenths) / 10.0;
        self.root_best = best as u8;
        let (result, sq) = self.root::<K>(p, o, -1, 1, stop);
        match result.signum() {
            1 => (score.max(1), sq),
            0 => (0, sq),
            _ => (score.min(-1), best),
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
}
