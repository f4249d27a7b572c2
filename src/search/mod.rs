//! Game-agnostic search: iterative deepening, principal-variation alpha-beta with a
//! transposition table, move ordering (hash move, game threat scores, killers, history),
//! polling one atomic stop flag and the hard deadline every 1024 nodes.
//!
//! The rooms, as in Stockfish and the Rust engines that follow it: this file holds
//! the public types and the entry points; `thread` the per-thread state and lazy SMP;
//! `driver` iterative deepening at the root; `node` the node function; `stack` the
//! per-ply entry; `movepick` the move ordering; `history` the history table. What
//! differs per game (pruning, reductions, tactics) each game says in its policy
//! (`games::SearchPolicy`). `endgame` (the hand-over to exact solvers), `limits`
//! (time) and `tt` stand apart.
//!
//! May import `games` and `mem` only: nothing here knows a protocol, a session or a
//! tool.

mod driver;
pub mod endgame;
mod history;
pub mod limits;
mod movepick;
mod node;
mod stack;
mod thread;
pub mod tt;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::games::{Game, Move, MATE, MATE_BOUND};
pub use limits::{IterationClock, Limits, TimeLimit};
use tt::TranspositionTable;

/// Deepest ply the search will reach (extensions included).
pub const MAX_PLY: usize = 128;

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
    /// Nodes with at most this many moves left are valued by the game's exact
    /// solver ([`crate::games::SearchPolicy::set_exact_leaves`]); 0: none.
    pub exact_leaves: u32,
}

impl SearchParams {
    /// `limits` and `multipv` lines, no move blocked, no exact leaves.
    pub fn new(limits: Limits, multipv: usize) -> SearchParams {
        SearchParams {
            limits,
            multipv,
            blocked: Vec::new(),
            exact_leaves: 0,
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

/// One search: its parameters, what it shares with the caller (the table, the stop
/// flag), how many threads run it and whom it reports to. Built with
/// [`SearchRequest::new`] and the setters, or literally.
pub struct SearchRequest<'a> {
    pub params: &'a SearchParams,
    pub tt: &'a TranspositionTable,
    /// The search stops soon after this becomes true.
    pub stop: &'a AtomicBool,
    /// Search threads (lazy SMP); 1 (or 0) searches on the calling thread alone.
    pub threads: usize,
    /// Called after every completed iteration (and line) of the main thread.
    pub on_info: Option<&'a mut dyn FnMut(&SearchInfo)>,
    /// Told which root move the main thread is searching (see [`RootProgress`]).
    pub on_root: Option<&'a mut dyn FnMut(RootProgress)>,
}

impl<'a> SearchRequest<'a> {
    /// A search within `params` on one thread, sharing `tt` and `stop`, reporting
    /// nothing.
    pub fn new(
        params: &'a SearchParams,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
    ) -> SearchRequest<'a> {
        SearchRequest {
            params,
            tt,
            stop,
            threads: 1,
            on_info: None,
            on_root: None,
        }
    }

    /// The same search on `threads` threads.
    pub fn threads(self, threads: usize) -> SearchRequest<'a> {
        SearchRequest { threads, ..self }
    }

    /// The same search, calling `on_info` after every completed iteration.
    pub fn on_info(self, on_info: &'a mut dyn FnMut(&SearchInfo)) -> SearchRequest<'a> {
        SearchRequest {
            on_info: Some(on_info),
            ..self
        }
    }
}

/// Searches `root` as `request` asks. Stops when the stop flag becomes true, at the
/// hard deadline, at the node or depth limit, or when the result is proven.
///
/// With several threads (lazy SMP) the calling thread is the main one (it reports,
/// obeys the limits and decides the move); the helpers search the same tree with
/// some depths skipped, filling the shared table, until it is done. With one thread
/// only the calling thread searches.
pub fn search<G: Game>(root: &G, request: SearchRequest<'_>) -> SearchResult {
    thread::run_threads(root, request)
}
