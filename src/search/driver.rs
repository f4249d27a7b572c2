//! The driver: the root move list, iterative deepening over it (several lines with
//! multi-PV, no aspiration window), and the result of the iterations.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::thread::{skip_depth, Searcher};
use super::{
    mate_in, IterationClock, RootProgress, SearchInfo, SearchResult, Solved, ROOT_PROGRESS_AFTER,
};
use crate::games::policy::{RootContext, Settled};
use crate::games::{Game, Move, ScoredMove, SearchPolicy, INFINITY, MATE, MATE_BOUND};

const MAX_DEPTH: u32 = 100;

#[derive(Clone)]
struct RootMove {
    mv: Move,
    order: i32,
    score: i32,
    pv: Vec<Move>,
}

impl<G: Game> Searcher<'_, G> {
    /// Searches the root until a limit or a proof ends it (with `multipv` lines).
    pub(super) fn run(
        &mut self,
        multipv: usize,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut list = Vec::new();
        if self.pos.result().is_none() {
            self.pos.generate(&mut list);
        }
        if !self.blocked.is_empty() {
            self.unblocked_roots(&mut list);
        }
        let mut roots: Vec<RootMove> = list
            .iter()
            .map(|m| RootMove {
                mv: m.mv,
                order: m.score,
                score: -INFINITY,
                pv: vec![m.mv],
            })
            .collect();
        roots.sort_by(|a, b| b.order.cmp(&a.order).then(a.mv.cmp(&b.mv)));

        let mut result = SearchResult {
            best: roots.first().map_or(Move::NONE, |r| r.mv),
            score: if roots.is_empty() { -MATE } else { 0 },
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: roots.first().map_or(Vec::new(), |r| vec![r.mv]),
            lines: Vec::new(),
            solved: Solved::No,
        };
        // Settled before the iterations (main thread only: helpers would repeat it):
        // the policy's root tactics (a threat solver's proof; what an only move leads
        // to), else an only move by the static score after it.
        if self.thread_id == 0 && !roots.is_empty() {
            let moves: Vec<Move> = roots.iter().map(|r| r.mv).collect();
            if let Some((score, pv)) = self.settle_root(&moves) {
                self.decided(&mut result, score, pv, on_info);
                return result;
            }
        }
        if roots.len() <= 1 {
            if let Some(r) = roots.first() {
                let mv = r.mv;
                let (score, pv) = if self.thread_id == 0 {
                    self.only_move(mv)
                } else {
                    (0, vec![mv])
                };
                self.decided(&mut result, score, pv, on_info);
            }
            result.time = self.elapsed();
            return result;
        }

        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let lines_wanted = multipv.min(roots.len());
        let mut clock = IterationClock::default();
        for depth in 1..=max_depth {
            if skip_depth(self.thread_id, depth) && depth < max_depth {
                continue;
            }
            let mut lines = Vec::with_capacity(lines_wanted);
            for line in 0..lines_wanted {
                self.seldepth = 0;
                // Over the full window: no aspiration (see
                // docs/experiments/gomoku-search.md#aspiration-windows).
                self.search_root(&mut roots[line..], depth as i32, line == 0);
                if self.aborted {
                    break;
                }
                // Stable: the best of the remaining moves moves to the front.
                roots[line..].sort_by_key(|r| std::cmp::Reverse(r.score));
                let r = &roots[line];
                let info = SearchInfo {
                    depth,
                    seldepth: self.seldepth as u32,
                    multipv: line + 1,
                    score: r.score,
                    nodes: self.total_nodes(),
                    time: self.elapsed(),
                    pv: r.pv.clone(),
                };
                on_info(&info);
                lines.push(info);
            }
            if self.aborted {
                // A move proven better than the previous best in the unfinished
                // iteration (it beat the previous best, searched first) still counts,
                // and so does a finished first line of a multi-line iteration (it is
                // the best of all moves at this depth); the depth reported is then
                // the one that move was searched to.
                let b = &roots[0];
                if let Some(first) = lines.first() {
                    result.best = b.mv;
                    result.score = b.score;
                    result.pv = b.pv.clone();
                    result.depth = depth;
                    result.seldepth = first.seldepth;
                } else if lines_wanted == 1
                    && b.score > -INFINITY
                    && (b.mv != result.best || result.depth == 0)
                {
                    result.best = b.mv;
                    result.score = b.score;
                    result.pv = b.pv.clone();
                    result.depth = depth;
                    result.seldepth = result.seldepth.max(self.seldepth as u32);
                }
                break;
            }
            let best = &roots[0];
            result.best = best.mv;
            result.score = best.score;
            result.pv = best.pv.clone();
            result.depth = depth;
            result.seldepth = lines.first().map_or(depth, |l| l.seldepth);
            result.lines = lines;
            // Proven: a forced win (a shorter one would change nothing), or a forced
            // loss within the depth searched.
            if let Some(m) = mate_in(best.score) {
                if (m > 0 || m.unsigned_abs() <= depth) && lines_wanted == 1 {
                    break;
                }
            }
            if clock.should_stop(&self.limits, self.elapsed(), best.mv, best.score) {
                break;
            }
            if self.stop.load(Ordering::Relaxed)
                || self.done.is_some_and(|d| d.load(Ordering::Relaxed))
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.elapsed();
        log::debug!(
            "search: {} nodes, leaf threat solver {} nodes in {} calls",
            self.nodes,
            self.tactical_nodes,
            self.tactical_calls
        );
        result
    }

    /// Takes the blocked moves out of the root list. When that leaves none (the
    /// generator offered only blocked moves: the centre of an empty board, a forced
    /// block, the winning moves), every legal move that is not blocked, ordered by
    /// the static score after it; when every legal move is blocked, the list as it
    /// was.
    fn unblocked_roots(&mut self, list: &mut Vec<ScoredMove>) {
        let mut kept: Vec<ScoredMove> = list
            .iter()
            .copied()
            .filter(|m| !self.blocked.contains(&m.mv))
            .collect();
        if kept.is_empty() {
            let mut legal = Vec::new();
            self.pos.legal_moves(&mut legal);
            legal.retain(|m| !self.blocked.contains(m));
            for mv in legal {
                self.pos.make(mv);
                let score = match self.pos.result() {
                    Some(r) => -self.pos.terminal_score(r, 1),
                    None => -self.pos.evaluate(),
                };
                self.pos.unmake();
                kept.push(ScoredMove { mv, score });
            }
        }
        if !kept.is_empty() {
            *list = kept;
        }
    }

    /// The policy's root tactics over `moves` (see `SearchPolicy::settle_root`), its
    /// nodes counted.
    fn settle_root(&mut self, moves: &[Move]) -> Option<Settled> {
        let (stop, hard) = (self.stop, self.hard_deadline);
        let stopped =
            move || stop.load(Ordering::Relaxed) || hard.is_some_and(|d| Instant::now() >= d);
        let ctx = RootContext {
            nodes: self.limits.nodes,
            soft_deadline: self.limits.soft_deadline(),
            stopped: &stopped,
            blocked: &self.blocked,
        };
        let (settled, n) = self.policy.settle_root(&mut self.pos, moves, &ctx);
        self.nodes += n;
        settled
    }

    /// The score and line of the only move `mv` when the policy settled nothing: the
    /// static score after it.
    fn only_move(&mut self, mv: Move) -> (i32, Vec<Move>) {
        self.pos.make(mv);
        self.nodes += 1;
        let score = match self.pos.result() {
            Some(r) => -self.pos.terminal_score(r, 1),
            None => -self.pos.evaluate(),
        };
        self.pos.unmake();
        (score, vec![mv])
    }

    /// One iteration over the root moves. Each root move's `score` is exact for the
    /// best one and an upper bound for the rest (`-INFINITY` if not searched).
    fn search_root(&mut self, roots: &mut [RootMove], depth: i32, first_line: bool) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        for r in roots.iter_mut() {
            r.score = -INFINITY;
        }
        for i in 0..roots.len() {
            let mv = roots[i].mv;
            let report =
                first_line && self.on_root.is_some() && self.elapsed() >= ROOT_PROGRESS_AFTER;
            if report {
                self.root_progress(RootProgress::Searching(mv));
            }
            self.stack[0].attack = self.policy.attack_level(&self.pos, mv);
            self.pos.make(mv);
            self.nodes += 1;
            let score = if i == 0 {
                -self.negamax(depth - 1, 1, -beta, -alpha, true)
            } else {
                let s = -self.negamax(depth - 1, 1, -alpha - 1, -alpha, false);
                if s > alpha && !self.aborted {
                    -self.negamax(depth - 1, 1, -beta, -alpha, true)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.aborted {
                return;
            }
            if report {
                self.root_progress(RootProgress::Searched(mv));
                // A fail-low below the mated bound is a proven loss too.
                if score < -MATE_BOUND {
                    self.root_progress(RootProgress::Lost(mv));
                } else if score > alpha {
                    self.root_progress(RootProgress::Best(mv));
                }
            }
            if score > alpha {
                alpha = score;
                let r = &mut roots[i];
                r.score = score;
                r.pv.clear();
                r.pv.push(mv);
                r.pv.extend_from_slice(&self.stack[1].pv);
                // Keep the new best first so an aborted iteration still knows it.
                roots[..=i].rotate_right(1);
            }
        }
    }

    /// A result settled before the iterations (an only move, a solver's proof): one
    /// line at depth 1, reported by the main thread.
    fn decided(
        &self,
        result: &mut SearchResult,
        score: i32,
        pv: Vec<Move>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) {
        let info = SearchInfo {
            depth: 1,
            seldepth: pv.len() as u32,
            multipv: 1,
            score,
            nodes: self.total_nodes(),
            time: self.elapsed(),
            pv: pv.clone(),
        };
        if self.thread_id == 0 {
            on_info(&info);
        }
        if let Some(&first) = pv.first() {
            result.best = first;
        }
        result.score = score;
        result.pv = pv;
        result.depth = 1;
        result.seldepth = info.seldepth;
        result.lines = vec![info];
        result.nodes = self.nodes;
        result.time = self.elapsed();
    }

    fn root_progress(&mut self, p: RootProgress) {
        if let Some(f) = self.on_root.as_mut() {
            f(p);
        }
    }
}
