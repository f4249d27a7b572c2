//! Game-agnostic search: iterative deepening, principal-variation alpha-beta with a
//! transposition table, move ordering (hash move, game threat scores, killers, history),
//! polling one atomic stop flag and the hard deadline every 1024 nodes.
//!
//! Why one file: the searcher's node function, its pruning rules and the iterative
//! deepening that drives it share the `Searcher` state and are tuned together (the
//! strength work changes them in one step); the result types and the driver are
//! the first 300 lines, the searcher the rest. `endgame` (the hand-over to exact
//! solvers), `limits` (time) and `tt` stand apart.
//!
//! May import `games` only: nothing here knows a protocol, a session or a tool.

pub mod endgame;
mod history;
pub mod limits;
mod movepick;
mod stack;
pub mod tt;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::games::{Game, Move, ScoredMove, Tactic, INFINITY, MATE, MATE_BOUND};
use history::History;
pub use limits::{IterationClock, Limits, TimeLimit};
use stack::{new_stack, update_pv, Ply, NO_EVAL};
use tt::{Bound, TranspositionTable};

/// Deepest ply the search will reach (extensions included).
pub const MAX_PLY: usize = 128;
const MAX_DEPTH: u32 = 100;
const CHECK_EVERY: u64 = 1024;
/// The hard deadline is read every this many searched nodes too (calls, not the node
/// count, which solvers raise in jumps). A node usually costs about a microsecond, so
/// 1024 nodes are a millisecond; this bounds the overrun if some nodes cost far more
/// (see docs/experiments/time.md#deadline-overrun-on-a-full-board).
const DEADLINE_EVERY: u32 = 64;
/// Threat-solver budgets (nodes): the forcing solver (gomoku VCF) at the root, the
/// same at every leaf in place of a quiescence search, and the wider solver (gomoku
/// VCT) at the root when the soft time limit leaves at least `ROOT_THREATS_MIN_MS`.
///
/// The leaf dive is off (0): it cost more time than it gained; turn it on here to
/// measure it in matches (docs/experiments/gomoku-search.md#leaf-vcf-dive).
const ROOT_FORCING_NODES: u64 = 500_000;
const LEAF_FORCING_NODES: u64 = 0;
/// Forcing-solver budget (nodes) of a razored node (`Game::razor_margin`).
const RAZOR_FORCING_NODES: u64 = 64;
const ROOT_THREATS_MIN_MS: u128 = 100;
const ROOT_THREATS_NODES_PER_MS: u64 = 100;
const ROOT_THREATS_MAX_NODES: u64 = 200_000;
/// Futility pruning at depths up to this, with this margin per ply of depth.
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 400;
/// Reverse futility pruning at depths up to this, with this margin per ply of depth
/// (deeper lost: docs/experiments/gomoku-search.md#reverse-futility-at-every-depth).
const RFP_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 250;
/// (Reductions, extensions and pruning rules tried in renju and freestyle and not
/// kept: docs/experiments/gomoku-search.md, from #null-move-pruning on.)
///
/// Late-move reductions from this depth and this move index on.
const LMR_MIN_DEPTH: i32 = 2;
const LMR_MIN_INDEX: usize = 2;

/// Plies a late quiet move is reduced by: grows with the depth and the move number.
fn lmr(depth: i32, index: usize) -> i32 {
    let d = f64::from(depth.max(1)).ln();
    let i = (index.max(1) as f64).ln();
    (0.25 + d * i) as i32
}

/// Move-count pruning: in a null-window node at `depth`, quiet moves from this index
/// on are not searched (fewer when the static score is not improving). (Nothing more:
/// docs/experiments/gomoku-search.md#trivial-move-pruning.)
fn move_count_limit(depth: i32, improving: bool) -> usize {
    let n = 3 + (f64::from(depth.max(0))).powf(1.32) as usize;
    if improving {
        n
    } else {
        n / 2 + 1
    }
}

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

/// What the main thread is doing at the root, for GUIs that draw it (Yixin-Board's
/// `MESSAGE REALTIME POS/DONE/LOSE/BEST`). Sent only once a search has run
/// [`ROOT_PROGRESS_AFTER`], for the first line of a multi-line search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootProgress {
    /// This root move is being searched.
    Searching(Move),
    /// This root move's search at the current depth is over.
    Searched(Move),
    /// This root move is proven to lose.
    Lost(Move),
    /// This root move is the new best of the current iteration.
    Best(Move),
}

/// Root progress is reported once a search has run this long (as Rapfi does).
pub const ROOT_PROGRESS_AFTER: Duration = Duration::from_millis(200);

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
    /// Whether `score` is proven by an exact solver (reversi endgames) rather than
    /// estimated; the front ends report it as exact.
    pub solved: Solved,
}

/// How much a [`SearchResult`]'s score is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Solved {
    /// An estimate (or a mate score) of the heuristic search.
    #[default]
    No,
    /// The exact final value (reversi: the disc difference times the game's unit).
    Exact,
    /// Only the sign is proven: win (> 0), draw (0) or loss (< 0).
    WinLossDraw,
}

/// Options that shape one search.
#[derive(Clone, Debug)]
pub struct SearchParams {
    pub limits: Limits,
    /// Number of best lines to report (YXNBEST / MultiPV); at least 1.
    pub multipv: usize,
    /// Moves the search must not play (Yixin-Board's YXBLOCK): left out of the root
    /// moves, unless every legal move is in the list.
    pub blocked: Vec<Move>,
}

impl SearchParams {
    /// `limits` and `multipv` lines, no move blocked.
    pub fn new(limits: Limits, multipv: usize) -> SearchParams {
        SearchParams {
            limits,
            multipv,
            blocked: Vec::new(),
        }
    }
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
    /// Lazy SMP: set when the main thread has finished (helpers only).
    done: Option<&'a AtomicBool>,
    /// Lazy SMP: nodes of every thread, flushed every `CHECK_EVERY` nodes.
    shared_nodes: Option<&'a AtomicU64>,
    flushed: u64,
    /// 0 for the main thread; helpers skip some depths to diversify.
    thread_id: usize,
    limits: Limits,
    hard_deadline: Option<Instant>,
    /// Root moves not to play (`SearchParams::blocked`).
    blocked: Vec<Move>,
    nodes: u64,
    /// The node count at which the limits are checked next.
    next_check: u64,
    /// Calls of `negamax`: the hard deadline is also read every `DEADLINE_EVERY`
    /// calls, for positions where one node costs far more than usual.
    calls: u32,
    /// Nodes and calls of the leaf threat solver (diagnostics).
    tactical_nodes: u64,
    tactical_calls: u64,
    aborted: bool,
    seldepth: usize,
    history: History,
    /// One entry per ply of the current line.
    stack: Vec<Ply>,
    /// Root progress sink (main thread only).
    on_root: Option<&'a mut dyn FnMut(RootProgress)>,
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
    search_with_progress(root, params, tt, stop, 1, on_info, None)
}

/// Lazy SMP: `threads` searches of `root` sharing `tt`. The calling thread is the main
/// one (it reports, obeys the limits and decides the move); the helpers search the
/// same tree with some depths skipped, filling the shared table, until it is done.
/// With one thread this is exactly [`search`].
pub fn search_threads<G: Game>(
    root: &G,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    threads: usize,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    search_with_progress(root, params, tt, stop, threads, on_info, None)
}

/// [`search_threads`], also telling `on_root` which root move the main thread is
/// searching (see [`RootProgress`]).
pub fn search_with_progress<G: Game>(
    root: &G,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    threads: usize,
    on_info: &mut dyn FnMut(&SearchInfo),
    on_root: Option<&mut dyn FnMut(RootProgress)>,
) -> SearchResult {
    tt.new_search();
    if threads <= 1 {
        let mut main = Searcher::new(root, params, tt, stop);
        main.on_root = on_root.map(|f| f as &mut dyn FnMut(RootProgress));
        return main.run(params.multipv.max(1), on_info);
    }
    let done = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let mut result = std::thread::scope(|scope| {
        for id in 1..threads {
            let (done, nodes) = (&done, &nodes);
            let mut helper_params = params.clone();
            helper_params.multipv = 1;
            // The main thread ends the search; helpers only stop with it.
            helper_params.limits.time = TimeLimit::Unlimited;
            helper_params.limits.depth = None;
            helper_params.limits.nodes = None;
            let spawned = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .spawn_scoped(scope, move || {
                    let mut s = Searcher::new(root, &helper_params, tt, stop);
                    s.done = Some(done);
                    s.shared_nodes = Some(nodes);
                    s.thread_id = id;
                    s.run(1, &mut |_| {});
                    s.flush_nodes();
                });
            if let Err(e) = spawned {
                log::warn!("cannot start search thread {id}: {e}");
                break;
            }
        }
        let mut main = Searcher::new(root, params, tt, stop);
        main.shared_nodes = Some(&nodes);
        main.on_root = on_root.map(|f| f as &mut dyn FnMut(RootProgress));
        let result = main.run(params.multipv.max(1), on_info);
        done.store(true, Ordering::SeqCst);
        main.flush_nodes();
        result
    });
    // Every thread has flushed its count when the scope ends.
    result.nodes = nodes.load(Ordering::SeqCst);
    result
}

/// Which depths a helper thread skips (Stockfish's classic lazy-SMP pattern).
fn skip_depth(thread_id: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if thread_id == 0 {
        return false;
    }
    let i = (thread_id - 1) % 20;
    ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
}

impl<'a, G: Game> Searcher<'a, G> {
    fn new(
        root: &G,
        params: &SearchParams,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
    ) -> Searcher<'a, G> {
        Searcher {
            pos: root.clone(),
            tt,
            stop,
            done: None,
            shared_nodes: None,
            flushed: 0,
            thread_id: 0,
            limits: params.limits,
            hard_deadline: params.limits.hard_deadline(),
            blocked: params.blocked.clone(),
            nodes: 0,
            next_check: 0,
            calls: 0,
            tactical_nodes: 0,
            tactical_calls: 0,
            aborted: false,
            seldepth: 0,
            history: History::new(),
            stack: new_stack(),
            on_root: None,
        }
    }

    /// Adds this thread's new nodes to the shared count.
    fn flush_nodes(&mut self) {
        if let Some(n) = self.shared_nodes {
            n.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
        }
    }

    /// Nodes searched by every thread so far (this one exactly, the others as of
    /// their last flush).
    fn total_nodes(&self) -> u64 {
        match self.shared_nodes {
            Some(n) => n.load(Ordering::Relaxed) + self.nodes - self.flushed,
            None => self.nodes,
        }
    }

    fn elapsed(&self) -> Duration {
        self.limits.start.elapsed()
    }

    fn run(&mut self, multipv: usize, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
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
        // Nothing to choose: an only move (immediate win, forced block) or no move.
        // The forcing solver still says what the only move leads to (main thread).
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

        // The threat solvers first (main thread only: helpers would repeat them).
        if self.thread_id == 0 {
            if let Some((score, pv)) = self.root_tactics() {
                self.decided(&mut result, score, pv, on_info);
                return result;
            }
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

    /// The game's threat solvers at the root: a proven win as (mate score, line).
    /// With a time limit each solver gets at most a quarter of the soft limit.
    fn root_tactics(&mut self) -> Option<(i32, Vec<Move>)> {
        let mut budget = ROOT_FORCING_NODES;
        if let Some(n) = self.limits.nodes {
            budget = budget.min(n / 4);
        }
        let soft = self.limits.soft_deadline();
        let share = |now: Instant| soft.map(|s| now + s.saturating_duration_since(now) / 4);
        let abort = self.solver_abort(share(Instant::now()));
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
            let abort = self.solver_abort(share(now));
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
        if pv.is_empty() || self.blocked.contains(&pv[0]) {
            return None;
        }
        Some((MATE - win.plies as i32, pv))
    }

    /// The score and line of the only move `mv`: a win when the game's forcing solver
    /// proves one for the side to move (it starts with `mv`), a loss when it proves
    /// one for the opponent after `mv`, else the static score after `mv`.
    fn only_move(&mut self, mv: Move) -> (i32, Vec<Move>) {
        let line = |w: &crate::games::TacticalWin| -> Vec<Move> {
            w.line
                .iter()
                .copied()
                .take_while(|m| !m.is_none())
                .collect()
        };
        let mut budget = ROOT_FORCING_NODES;
        if let Some(n) = self.limits.nodes {
            budget = budget.min(n / 4);
        }
        // Both solves together stop at a quarter of the soft bound.
        let until = self
            .limits
            .soft_deadline()
            .map(|s| Instant::now() + s.saturating_duration_since(Instant::now()) / 4);
        let abort = self.solver_abort(until);
        let (win, n) = self.pos.tactical_win(Tactic::Forcing, budget, true, &abort);
        self.nodes += n;
        if let Some(w) = win {
            let pv = line(&w);
            if pv.first() == Some(&mv) {
                return (MATE - w.plies as i32, pv);
            }
        }
        self.pos.make(mv);
        self.nodes += 1;
        let answer = match self.pos.result() {
            Some(r) => (-self.pos.terminal_score(r, 1), vec![mv]),
            None => {
                let (loss, n) = self.pos.tactical_win(Tactic::Forcing, budget, true, &abort);
                self.nodes += n;
                match loss {
                    Some(w) => {
                        let mut pv = vec![mv];
                        pv.extend(line(&w));
                        (-(MATE - 1 - w.plies as i32), pv)
                    }
                    None => (-self.pos.evaluate(), vec![mv]),
                }
            }
        };
        self.pos.unmake();
        answer
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
            self.stack[0].attack = self.pos.attack_level(mv);
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

    /// When a root threat solve must give up: the stop flag, the hard deadline, or
    /// `until` (its share of the soft bound).
    fn solver_abort(&self, until: Option<Instant>) -> impl Fn() -> bool + Copy + 'a {
        let stop = self.stop;
        let hard = self.hard_deadline;
        move || {
            let now = Instant::now();
            stop.load(Ordering::Relaxed)
                || hard.is_some_and(|d| now >= d)
                || until.is_some_and(|d| now >= d)
        }
    }

    fn root_progress(&mut self, p: RootProgress) {
        if let Some(f) = self.on_root.as_mut() {
            f(p);
        }
    }

    fn check_limits(&mut self) {
        self.flush_nodes();
        if self.stop.load(Ordering::Relaxed) || self.done.is_some_and(|d| d.load(Ordering::Relaxed))
        {
            self.aborted = true;
        } else if let Some(d) = self.hard_deadline {
            if Instant::now() >= d {
                self.aborted = true;
            }
        }
        if let Some(n) = self.limits.nodes {
            if self.total_nodes() >= n {
                self.aborted = true;
            }
        }
    }

    fn negamax(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.stack[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply);
        // At the next multiple of CHECK_EVERY, or the first count past it: solver
        // nodes are added in jumps that could step over every multiple for a long time.
        if self.nodes >= self.next_check {
            self.next_check = (self.nodes / CHECK_EVERY + 1) * CHECK_EVERY;
            self.check_limits();
        }
        self.calls = self.calls.wrapping_add(1);
        if self.calls.is_multiple_of(DEADLINE_EVERY)
            && self.hard_deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        // Near the leaves of a null-window node, the game's own shallow search.
        if !pv_node {
            if let Some((v, n)) = self.pos.shallow_search(depth, alpha, beta) {
                self.nodes += n;
                return v;
            }
        }
        if let Some(r) = self.pos.result() {
            return self.pos.terminal_score(r, ply);
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
        // Multi-ProbCut: a shallow null-window search far beyond the bound predicts
        // that the deep one would cut too.
        if !pv_node && beta.abs() < MATE_BOUND {
            if let Some(cut) = self.pos.probcut(depth) {
                let (shallow, margin) = (cut.shallow, cut.margin);
                // The static score says which cut is worth a search.
                let (try_up, try_down) = match cut.eval_margin {
                    Some(m) => {
                        let eval = self.pos.evaluate();
                        (eval >= beta - m, eval < alpha + m)
                    }
                    None => (true, true),
                };
                let up = beta + margin;
                if up < MATE_BOUND && try_up {
                    let v = self.negamax(shallow, ply, up - 1, up, false);
                    if self.aborted {
                        return 0;
                    }
                    if v >= up {
                        return beta;
                    }
                }
                let down = alpha - margin;
                if down > -MATE_BOUND && try_down {
                    let v = self.negamax(shallow, ply, down, down + 1, false);
                    if self.aborted {
                        return 0;
                    }
                    if v <= down {
                        return alpha;
                    }
                }
            }
        }
        // A win that needs no search (a five to complete, an unstoppable four).
        if let Some(plies) = self.pos.quick_win() {
            return MATE - (ply as i32 + plies as i32);
        }
        let answer = self.pos.must_answer();
        if depth <= 0 && answer {
            // The opponent threatens five: his threat is resolved before scoring.
            depth = 0;
        } else if depth <= 0 {
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

        // The static score and whether it improved on ours two plies ago.
        let eval = if answer || depth <= 0 || !self.pos.static_pruning() {
            NO_EVAL
        } else {
            self.pos.evaluate()
        };
        self.stack[ply].eval = eval;
        let improving = eval != NO_EVAL
            && (ply < 2 || self.stack[ply - 2].eval == NO_EVAL || eval > self.stack[ply - 2].eval);
        // Reverse futility: near the leaves a null-window node whose static score is
        // far above beta is not searched.
        if !pv_node
            && eval != NO_EVAL
            && depth <= RFP_DEPTH
            && beta.abs() < MATE_BOUND
            && eval - RFP_MARGIN * (depth - i32::from(improving)) >= beta
        {
            return eval;
        }
        // Razoring: near the leaves a null-window node whose static score is far
        // below alpha fails low unless the game's forcing solver finds a quick win
        // (the solver only starts where one is likely: gomoku, a four-three or more).
        if !pv_node && eval != NO_EVAL && alpha.abs() < MATE_BOUND {
            if let Some(margin) = self.pos.razor_margin(depth) {
                if eval + margin < alpha {
                    let (win, n) =
                        self.pos
                            .tactical_win(Tactic::Forcing, RAZOR_FORCING_NODES, false, &|| false);
                    self.nodes += n;
                    self.tactical_nodes += n;
                    self.tactical_calls += u64::from(n > 0);
                    if let Some(w) = win {
                        return MATE - (ply as i32 + w.plies as i32);
                    }
                    return eval;
                }
            }
        }

        // Internal iterative reduction: a deep node the table knows no move for is
        // searched a ply shallower where the game asks for it (its move order is a
        // guess; the next iteration comes back with a table move).
        if tt_move == Move::NONE && self.pos.iir_depth().is_some_and(|d| depth >= d) {
            depth -= 1;
        }

        let mut list = std::mem::take(&mut self.stack[ply].list);
        list.clear();
        self.pos.generate_at(depth, &mut list);
        if list.is_empty() {
            self.stack[ply].list = list;
            return -(MATE - ply as i32);
        }
        // A leaf is extended only through forced answers (a table's threat may be
        // no real one: then the list is wide and the leaf is scored as it stands).
        if depth == 0 && list.len() > 2 {
            self.stack[ply].list = list;
            return self.pos.evaluate();
        }
        // A forced reply (block a four) costs no depth.
        let new_depth = if list.len() == 1 || depth == 0 {
            depth
        } else {
            depth - 1
        };

        // One ply from the leaves, where the ordering score is the evaluation after
        // the move: the best score of the list is the node's value (an only move is
        // not extended here, as it is below).
        if depth == 1 && self.pos.order_is_evaluation() && !list.iter().any(|m| m.mv == Move::PASS)
        {
            let best = movepick::best(&list);
            // Counted as the moves a search in this order would visit: the first
            // alone when it fails high, else all.
            self.nodes += if best.score >= beta {
                1
            } else {
                list.len() as u64
            };
            self.stack[ply].list = list;
            // Every move was scored: the value is exact whatever the window.
            self.stack[ply].pv.push(best.mv);
            self.tt
                .store(key, ply, best.mv, best.score, depth, Bound::Exact);
            return best.score;
        }

        let side = self.pos.side_to_move().index();
        let killers = self.stack[ply].killers;
        movepick::score_moves(&mut list, tt_move, killers, &self.history, side);

        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NONE;
        // Futility: near the leaves of a null-window node whose static score is far
        // below alpha, quiet moves are not searched.
        let futility =
            if !pv_node && eval != NO_EVAL && depth <= FUTILITY_DEPTH && alpha.abs() < MATE_BOUND {
                Some(eval + FUTILITY_MARGIN * depth)
            } else {
                None
            };
        let reducible = list.len() > 1;
        let mc_limit = move_count_limit(depth, improving);
        for i in 0..list.len() {
            let mv = movepick::pick(&mut list, i);
            let quiet = reducible
                && i > 0
                && mv != tt_move
                && mv != killers[0]
                && mv != killers[1]
                && self.pos.is_quiet(mv);
            if quiet {
                if let Some(f) = futility {
                    if f <= alpha {
                        best = best.max(f);
                        continue;
                    }
                }
                // Move-count pruning once a move that does not lose is known.
                if !pv_node && !answer && i >= mc_limit && best > -MATE_BOUND {
                    continue;
                }
            }
            // Late-move reduction for quiet moves; a reduced search that beats alpha is
            // searched again at full depth.
            let graded = if reducible
                && depth >= LMR_MIN_DEPTH
                && i >= LMR_MIN_INDEX
                && mv != tt_move
                && mv != killers[0]
                && mv != killers[1]
            {
                self.pos.late_move_reduction(mv)
            } else {
                None
            };
            // A continuing attack (an attack after our own three or better two plies
            // up, Game::attack_level) is reduced a ply less, as Rapfi does.
            let attack = self.pos.attack_level(mv);
            self.stack[ply].attack = attack;
            let continued = attack > 0 && ply >= 2 && self.stack[ply - 2].attack == 2;
            let reduction = match graded {
                Some(extra) => {
                    (lmr(depth, i) - i32::from(pv_node) + i32::from(!pv_node && !improving) + extra
                        - i32::from(continued))
                    .clamp(0, new_depth - 1)
                }
                None => 0,
            };

            self.pos.make(mv);
            self.nodes += 1;
            let score = if i == 0 {
                -self.negamax(new_depth, ply + 1, -beta, -alpha, pv_node)
            } else {
                let mut s =
                    -self.negamax(new_depth - reduction, ply + 1, -alpha - 1, -alpha, false);
                if reduction > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(new_depth, ply + 1, -alpha - 1, -alpha, false);
                }
                if s > alpha && s < beta && pv_node && !self.aborted {
                    -self.negamax(new_depth, ply + 1, -beta, -alpha, true)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.aborted {
                self.stack[ply].list = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    update_pv(&mut self.stack, ply, mv);
                    if score >= beta {
                        // The move that cut becomes a killer and gains history;
                        // the moves tried before it lose history.
                        if list.len() > 1 {
                            self.stack[ply].add_killer(mv);
                            self.history.reward(side, mv, depth, &list[..i]);
                        }
                        break;
                    }
                }
            }
        }
        self.stack[ply].list = list;
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
}
