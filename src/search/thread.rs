//! Search threads (lazy SMP): every thread searches the same root with its own
//! [`Searcher`] (position, policy, stack, history, counters), sharing the transposition table,
//! the stop flag, a node count and a flag the main thread raises when it is done.
//! Also the polling of those limits from inside the search.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::history::History;
use super::stack::{new_stack, Ply};
use super::tt::TranspositionTable;
use super::{
    Limits, RootProgress, SearchInfo, SearchParams, SearchRequest, SearchResult, TimeLimit,
};
use crate::games::{Game, Move, SearchPolicy};

/// The limits (stop flag, hard deadline, node count) are checked every this many nodes.
const CHECK_EVERY: u64 = 1024;
/// The hard deadline is read every this many searched nodes too (calls, not the node
/// count, which solvers raise in jumps). A node usually costs about a microsecond, so
/// 1024 nodes are a millisecond; this bounds the overrun if some nodes cost far more
/// (see docs/experiments/time.md#deadline-overrun-on-a-full-board).
const DEADLINE_EVERY: u32 = 64;

/// The state of one search thread: its copy of the position, its policy, its
/// counters, its stack and history, and what it shares with the other threads.
pub(super) struct Searcher<'a, G: Game> {
    pub(super) pos: G,
    /// The game's search policy (this thread's: it may keep solver tables).
    pub(super) policy: G::Policy,
    pub(super) tt: &'a TranspositionTable,
    pub(super) stop: &'a AtomicBool,
    /// Lazy SMP: set when the main thread has finished (helpers only).
    pub(super) done: Option<&'a AtomicBool>,
    /// Lazy SMP: nodes of every thread, flushed every `CHECK_EVERY` nodes.
    pub(super) shared_nodes: Option<&'a AtomicU64>,
    pub(super) flushed: u64,
    /// 0 for the main thread; helpers skip some depths to diversify.
    pub(super) thread_id: usize,
    pub(super) limits: Limits,
    pub(super) hard_deadline: Option<Instant>,
    /// Root moves not to play (`SearchParams::blocked`).
    pub(super) blocked: Vec<Move>,
    pub(super) nodes: u64,
    /// The node count at which the limits are checked next.
    pub(super) next_check: u64,
    /// Calls of `negamax`: the hard deadline is also read every `DEADLINE_EVERY`
    /// calls, for positions where one node costs far more than usual.
    pub(super) calls: u32,
    /// Nodes and calls of the threat solver inside the tree (diagnostics).
    pub(super) tactical_nodes: u64,
    pub(super) tactical_calls: u64,
    pub(super) aborted: bool,
    pub(super) seldepth: usize,
    pub(super) history: History,
    /// One entry per ply of the current line.
    pub(super) stack: Vec<Ply>,
    /// Root progress sink (main thread only).
    pub(super) on_root: Option<&'a mut dyn FnMut(RootProgress)>,
}

/// Runs the searches of `request` (see [`super::search`]).
pub(super) fn run_threads<G: Game>(root: &G, request: SearchRequest<'_>) -> SearchResult {
    let SearchRequest {
        params,
        tt,
        stop,
        threads,
        on_info,
        on_root,
    } = request;
    let mut silent = |_: &SearchInfo| {};
    let on_info = on_info.unwrap_or(&mut silent);
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
pub(super) fn skip_depth(thread_id: usize, depth: u32) -> bool {
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
        let mut policy = G::Policy::default();
        policy.set_exact_leaves(params.exact_leaves);
        Searcher {
            pos: root.clone(),
            policy,
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
    pub(super) fn total_nodes(&self) -> u64 {
        match self.shared_nodes {
            Some(n) => n.load(Ordering::Relaxed) + self.nodes - self.flushed,
            None => self.nodes,
        }
    }

    pub(super) fn elapsed(&self) -> Duration {
        self.limits.start.elapsed()
    }

    /// Counts a call of the node function and checks the limits when due; true when
    /// the search is aborted.
    pub(super) fn poll(&mut self) -> bool {
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
        self.aborted
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
}
