//! Game-agnostic search: iterative deepening, principal-variation alpha-beta with a
//! transposition table, move ordering (hash move, game threat scores, killers, history),
//! polling one atomic stop flag and the hard deadline every 1024 nodes.

pub mod limits;
pub mod tt;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::games::{Game, GameResult, Move, ScoredMove, Tactic, INFINITY, MATE, MATE_BOUND};
pub use limits::{Limits, TimeLimit};
use tt::{Bound, TranspositionTable};

/// Deepest ply the search will reach (extensions included).
pub const MAX_PLY: usize = 128;
const MAX_DEPTH: u32 = 100;
const CHECK_EVERY: u64 = 1024;
const HISTORY_SIZE: usize = 1024;
/// Threat-solver budgets (nodes): the forcing solver (gomoku VCF) at the root, the
/// same at every leaf in place of a quiescence search, and the wider solver (gomoku
/// VCT) at the root when the soft time limit leaves at least `ROOT_THREATS_MIN_MS`.
///
/// The leaf dive is off (0): with 24 nodes per leaf it doubled the time of
/// `ply bench` (5.1M dives in 13.3M nodes) for a 7% larger tree; turn it on here to
/// measure it in matches.
const ROOT_FORCING_NODES: u64 = 500_000;
const LEAF_FORCING_NODES: u64 = 0;
const ROOT_THREATS_MIN_MS: u128 = 100;
const ROOT_THREATS_NODES_PER_MS: u64 = 100;
const ROOT_THREATS_MAX_NODES: u64 = 200_000;

/// One finished iteration (one line with multi-PV).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number (multi-PV); 1 is the best line.
    pub multipv: usize,
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / us
    }
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `Move::NONE` only when the position has no move worth listing (game over, or
    /// every move loses at once); the caller then falls back to any legal move.
    pub best: Move,
    pub score: i32,
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// The best lines of the last completed iteration (one per multi-PV line).
    pub lines: Vec<SearchInfo>,
}

/// Options that shape one search.
#[derive(Clone, Debug)]
pub struct SearchParams {
    pub limits: Limits,
    /// Number of best lines to report (YXNBEST / MultiPV); at least 1.
    pub multipv: usize,
}

/// Describes a score for humans: `+M n` / `-M n` for a forced win/loss in `n` plies.
pub fn format_score(score: i32) -> String {
    if score > MATE_BOUND {
        format!("+M{}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("-M{}", MATE + score)
    } else {
        score.to_string()
    }
}

/// Plies to the forced end, signed, when `score` is a mate score.
pub fn mate_in(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

#[derive(Clone)]
struct RootMove {
    mv: Move,
    order: i32,
    score: i32,
    pv: Vec<Move>,
}

struct Searcher<'a, G: Game> {
    pos: G,
    tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    limits: Limits,
    hard_deadline: Option<Instant>,
    nodes: u64,
    /// Nodes and calls of the leaf threat solver (diagnostics).
    tactical_nodes: u64,
    tactical_calls: u64,
    aborted: bool,
    seldepth: usize,
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    pv: Vec<Vec<Move>>,
    lists: Vec<Vec<ScoredMove>>,
}

/// Searches `root` within `params`, calling `on_info` after every completed iteration
/// (and line). Stops when `stop` becomes true, at the hard deadline, at the node or
/// depth limit, or when the result is proven.
pub fn search<G: Game>(
    root: &G,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    tt.new_search();
    let mut s = Searcher {
        pos: root.clone(),
        tt,
        stop,
        limits: params.limits,
        hard_deadline: params.limits.hard_deadline(),
        nodes: 0,
        tactical_nodes: 0,
        tactical_calls: 0,
        aborted: false,
        seldepth: 0,
        killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
        history: vec![0; 2 * HISTORY_SIZE],
        pv: (0..MAX_PLY + 2)
            .map(|_| Vec::with_capacity(MAX_PLY))
            .collect(),
        lists: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
    };
    s.run(params.multipv.max(1), on_info)
}

impl<G: Game> Searcher<'_, G> {
    fn elapsed(&self) -> Duration {
        self.limits.start.elapsed()
    }

    fn run(&mut self, multipv: usize, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        let mut list = Vec::new();
        if self.pos.result().is_none() {
            self.pos.generate(&mut list);
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
        };
        // Nothing to choose: an only move (immediate win, forced block) or no move.
        if roots.len() <= 1 {
            if let Some(r) = roots.first() {
                self.pos.make(r.mv);
                result.score = match self.pos.result() {
                    Some(GameResult::Loss) => MATE - 1,
                    Some(GameResult::Win) => -(MATE - 1),
                    _ => -self.pos.evaluate(),
                };
                self.pos.unmake();
            }
            result.time = self.elapsed();
            return result;
        }

        if let Some((score, pv)) = self.root_tactics() {
            let info = SearchInfo {
                depth: 1,
                seldepth: pv.len() as u32,
                multipv: 1,
                score,
                nodes: self.nodes,
                time: self.elapsed(),
                pv: pv.clone(),
            };
            on_info(&info);
            result.best = pv[0];
            result.score = score;
            result.pv = pv;
            result.depth = 1;
            result.seldepth = info.seldepth;
            result.lines = vec![info];
            result.nodes = self.nodes;
            result.time = self.elapsed();
            return result;
        }

        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let lines_wanted = multipv.min(roots.len());
        for depth in 1..=max_depth {
            let mut lines = Vec::with_capacity(lines_wanted);
            for line in 0..lines_wanted {
                self.seldepth = 0;
                self.search_root(&mut roots[line..], depth as i32);
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
                    nodes: self.nodes,
                    time: self.elapsed(),
                    pv: r.pv.clone(),
                };
                on_info(&info);
                lines.push(info);
            }
            if self.aborted {
                // A move proven better than the previous best in the unfinished
                // iteration (it beat the previous best, searched first) still counts.
                if lines_wanted == 1 {
                    let b = &roots[0];
                    if b.score > -INFINITY && (b.mv != result.best || result.depth == 0) {
                        result.best = b.mv;
                        result.score = b.score;
                        result.pv = b.pv.clone();
                    }
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
            // Proven: a forced win or loss within the depth searched.
            if let Some(m) = mate_in(best.score) {
                if m.unsigned_abs() <= depth && lines_wanted == 1 {
                    break;
                }
            }
            if let Some(soft) = self.limits.soft_deadline() {
                if Instant::now() >= soft {
                    break;
                }
            }
            if self.stop.load(Ordering::Relaxed) {
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

    /// The game's threat solvers at the root: a proven win as (mate score, line).
    /// With a time limit each solver gets at most a quarter of the soft limit.
    fn root_tactics(&mut self) -> Option<(i32, Vec<Move>)> {
        let mut budget = ROOT_FORCING_NODES;
        if let Some(n) = self.limits.nodes {
            budget = budget.min(n / 4);
        }
        let stop = self.stop;
        let hard = self.hard_deadline;
        let soft = self.limits.soft_deadline();
        let share = |now: Instant| soft.map(|s| now + s.saturating_duration_since(now) / 4);
        let until = share(Instant::now());
        let abort = move || {
            let now = Instant::now();
            stop.load(Ordering::Relaxed)
                || hard.is_some_and(|d| now >= d)
                || until.is_some_and(|d| now >= d)
        };
        let (win, n) = self.pos.tactical_win(Tactic::Forcing, budget, true, &abort);
        self.nodes += n;
        let win = win.or_else(|| {
            let now = Instant::now();
            let ms = soft?.saturating_duration_since(now).as_millis();
            if ms < ROOT_THREATS_MIN_MS || self.limits.nodes.is_some() {
                return None;
            }
            let budget = (ms as u64)
                .saturating_mul(ROOT_THREATS_NODES_PER_MS)
                .min(ROOT_THREATS_MAX_NODES);
            let until = share(now);
            let abort = move || {
                let now = Instant::now();
                stop.load(Ordering::Relaxed)
                    || hard.is_some_and(|d| now >= d)
                    || until.is_some_and(|d| now >= d)
            };
            let (win, n) = self.pos.tactical_win(Tactic::Threats, budget, true, &abort);
            self.nodes += n;
            win
        })?;
        // The line stops where the opponent has no saving reply.
        let pv: Vec<Move> = win
            .line
            .iter()
            .copied()
            .take_while(|m| !m.is_none())
            .collect();
        if pv.is_empty() {
            return None;
        }
        Some((MATE - win.plies as i32, pv))
    }

    /// One iteration over the root moves. Each root move's `score` is exact for the
    /// best one and an upper bound for the rest (`-INFINITY` if not searched).
    fn search_root(&mut self, roots: &mut [RootMove], depth: i32) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        for r in roots.iter_mut() {
            r.score = -INFINITY;
        }
        for i in 0..roots.len() {
            let mv = roots[i].mv;
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
            if score > alpha {
                alpha = score;
                let r = &mut roots[i];
                r.score = score;
                r.pv.clear();
                r.pv.push(mv);
                r.pv.extend_from_slice(&self.pv[1]);
                // Keep the new best first so an aborted iteration still knows it.
                roots[..=i].rotate_right(1);
            }
        }
    }

    fn check_limits(&mut self) {
        if self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        } else if let Some(d) = self.hard_deadline {
            if Instant::now() >= d {
                self.aborted = true;
            }
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.aborted = true;
            }
        }
    }

    fn negamax(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.check_limits();
        }
        if self.aborted {
            return 0;
        }
        if let Some(r) = self.pos.result() {
            return match r {
                GameResult::Win => MATE - ply as i32,
                GameResult::Loss => -(MATE - ply as i32),
                GameResult::Draw => 0,
            };
        }
        if ply >= MAX_PLY {
            return self.pos.evaluate();
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = self.pos.key();
        let mut tt_move = Move::NONE;
        if let Some(e) = self.tt.probe(key, ply) {
            tt_move = e.mv;
            if !pv_node && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }
        if depth <= 0 {
            if LEAF_FORCING_NODES == 0 {
                return self.pos.evaluate();
            }
            // A forced win by the game's forcing solver stands in for quiescence.
            let (win, n) =
                self.pos
                    .tactical_win(Tactic::Forcing, LEAF_FORCING_NODES, false, &|| false);
            self.nodes += n;
            self.tactical_nodes += n;
            self.tactical_calls += u64::from(n > 0);
            if let Some(w) = win {
                return MATE - (ply as i32 + w.plies as i32);
            }
            return self.pos.evaluate();
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        self.pos.generate(&mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return -(MATE - ply as i32);
        }
        // A forced reply (block a four) costs no depth.
        let new_depth = if list.len() == 1 { depth } else { depth - 1 };
        let side = self.pos.side_to_move().index();
        let killers = self.killers[ply];
        for m in list.iter_mut() {
            if m.mv == tt_move {
                m.score = i32::MAX;
            } else {
                if m.mv == killers[0] {
                    m.score = m.score.saturating_add(800);
                } else if m.mv == killers[1] {
                    m.score = m.score.saturating_add(600);
                }
                if m.mv.index() < HISTORY_SIZE {
                    m.score = m
                        .score
                        .saturating_add(self.history[side * HISTORY_SIZE + m.mv.index()] / 64);
                }
            }
        }

        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NONE;
        for i in 0..list.len() {
            // Selection sort step: best remaining first, ties by lower square.
            let mut pick = i;
            for j in i + 1..list.len() {
                let (a, b) = (list[j], list[pick]);
                if a.score > b.score || (a.score == b.score && a.mv < b.mv) {
                    pick = j;
                }
            }
            list.swap(i, pick);
            let mv = list[i].mv;

            self.pos.make(mv);
            self.nodes += 1;
            let score = if i == 0 {
                -self.negamax(new_depth, ply + 1, -beta, -alpha, pv_node)
            } else {
                let s = -self.negamax(new_depth, ply + 1, -alpha - 1, -alpha, false);
                if s > alpha && s < beta && pv_node && !self.aborted {
                    -self.negamax(new_depth, ply + 1, -beta, -alpha, true)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if score >= beta {
                        if list.len() > 1 {
                            self.reward(ply, side, mv, depth, &list[..i]);
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// Killer and history update for a move that caused a cutoff; the moves tried
    /// before it lose history.
    fn reward(&mut self, ply: usize, side: usize, mv: Move, depth: i32, tried: &[ScoredMove]) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        let bonus = (depth * depth).min(400);
        if mv.index() < HISTORY_SIZE {
            let h = &mut self.history[side * HISTORY_SIZE + mv.index()];
            *h += bonus * 32 - *h * bonus / 512;
        }
        for m in tried {
            if m.mv.index() < HISTORY_SIZE {
                let h = &mut self.history[side * HISTORY_SIZE + m.mv.index()];
                *h -= bonus * 32 + *h * bonus / 512;
            }
        }
    }
}
