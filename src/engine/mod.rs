//! The engine: the position being played, the search thread and its reports.
//!
//! `Engine::go` is non-blocking: it starts the search on its own thread and returns;
//! reports (`Report::Info` after each iteration, then exactly one `Report::Done`)
//! arrive on the channel given at construction. `Engine::stop` sets the one atomic
//! stop flag the search polls.

pub mod gomocup;
pub mod help;
pub mod nboard;
pub mod uci;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use std::time::Instant;

use crossbeam_channel::{select, Receiver, Sender};

use crate::io::Input;

use crate::games::Game;
use crate::search::limits::Progress;
use crate::search::tt::TranspositionTable;
use crate::search::{search_with_progress, RootProgress, SearchInfo, SearchParams, SearchResult};

/// Default transposition table size.
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

pub use crate::games::Position;

/// The time policy's view of a position (`search` types: `games` cannot name them).
pub fn progress(pos: &Position) -> Progress {
    let p = pos;
    let (w, h) = p.dimensions();
    match p {
        Position::Gomoku(g) => Progress::Gomoku {
            stones: g.ply(),
            squares: w * h,
        },
        Position::Reversi(g) => Progress::Reversi {
            empties: g.empties() as usize,
        },
        Position::TicTacToe(g) => Progress::TicTacToe {
            empties: (w * h).saturating_sub(g.ply()),
        },
    }
}

/// A protocol session as the one event loop [`drive`] sees it: commands from the
/// stdin reader and reports from its search (or worker) thread.
pub trait Session {
    type Command;
    type Report;
    /// The channel the session's search thread reports on.
    fn reports(&self) -> Receiver<Self::Report>;
    /// End of input has been seen (only reports matter from then on).
    fn input_closed(&self) -> bool;
    /// The session is over (quit, END, or end of input with nothing left to do).
    fn finished(&self) -> bool;
    fn on_input(&mut self, t: Instant, cmd: Self::Command);
    fn end_of_input(&mut self);
    fn on_report(&mut self, r: Self::Report);
}

/// The event loop every session runs: selects over the input and the reports until
/// the session is finished.
pub fn drive<S: Session>(s: &mut S, input: Receiver<Input<S::Command>>) {
    let never = crossbeam_channel::never();
    let reports = s.reports();
    while !s.finished() {
        let input = if s.input_closed() { &never } else { &input };
        select! {
            recv(input) -> msg => match msg {
                Ok(Input::Item(t, cmd)) => s.on_input(t, cmd),
                Ok(Input::Eof) | Err(_) => s.end_of_input(),
            },
            recv(reports) -> r => if let Ok(r) = r {
                s.on_report(r);
            },
        }
    }
}

/// What the search thread sends back.
#[derive(Debug)]
pub enum Report {
    Info(SearchInfo),
    /// Root progress, only when asked for with [`Engine::set_root_progress`].
    Root(RootProgress),
    Done(SearchResult),
}

/// The search side of the engine: the shared hash table, the stop flag and the
/// search thread.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    reports: Sender<Report>,
    threads: usize,
    root_progress: bool,
}

/// The most search threads `set_threads` accepts (more is clamped to
/// [`max_threads`]).
pub const MAX_THREADS: usize = 256;

/// The most search threads worth running here: one per logical CPU. More threads
/// than cores never helps lazy SMP and starves the main thread (and the time checks).
pub fn max_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, MAX_THREADS)
}

impl Engine {
    pub fn new(reports: Sender<Report>) -> Engine {
        Engine {
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_BYTES)),
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
            reports,
            threads: 1,
            root_progress: false,
        }
    }

    /// Search threads for the next searches (lazy SMP); clamped to
    /// 1..=[`max_threads`] (a log line says so when a request is cut).
    pub fn set_threads(&mut self, n: usize) {
        let max = max_threads();
        if n > max {
            log::info!("{n} search threads asked for; using {max}, one per logical CPU");
        }
        self.threads = n.clamp(1, max);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether later searches also send [`Report::Root`] (gomoku and tic-tac-toe).
    pub fn set_root_progress(&mut self, on: bool) {
        self.root_progress = on;
    }

    /// Starts searching `pos` on the search thread and returns at once. The caller
    /// must wait for `Report::Done` before starting another search.
    pub fn go(&mut self, pos: &Position, params: SearchParams) {
        let fallback = params.clone();
        self.join();
        self.stop.store(false, Ordering::SeqCst);
        let owned = pos.clone();
        let tt = Arc::clone(&self.tt);
        let stop = Arc::clone(&self.stop);
        let tx = self.reports.clone();
        let threads = self.threads;
        let root_progress = self.root_progress;
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let root_tx = tx.clone();
                let mut on_root = |p: RootProgress| {
                    let _ = root_tx.send(Report::Root(p));
                };
                let result = run_search_threads(
                    &owned,
                    &params,
                    &tt,
                    &stop,
                    threads,
                    &mut |info| {
                        let _ = tx.send(Report::Info(info.clone()));
                    },
                    root_progress.then_some(&mut on_root as &mut dyn FnMut(RootProgress)),
                );
                let _ = tx.send(Report::Done(result));
            });
        match spawned {
            Ok(h) => self.thread = Some(h),
            Err(e) => {
                log::error!("cannot start the search thread: {e}");
                // Search on this thread instead: slower to stop, but still answers.
                let result = run_search(pos, &fallback, &self.tt, &self.stop, &mut |_| {});
                let _ = self.reports.send(Report::Done(result));
            }
        }
    }

    /// Asks the running search to stop now; its `Done` report follows at once.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Stops whatever search is running `after` from now (a watchdog thread). For the
    /// end of input: every search left then must end by one deadline.
    pub fn stop_after(&self, after: std::time::Duration) {
        let stop = Arc::clone(&self.stop);
        let spawned = std::thread::Builder::new()
            .name("stop-after".into())
            .spawn(move || {
                std::thread::sleep(after);
                stop.store(true, Ordering::SeqCst);
            });
        if spawned.is_err() {
            self.stop();
        }
    }

    fn join(&mut self) {
        if let Some(h) = self.thread.take() {
            let _ = h.join();
        }
    }

    /// Resizes the hash table (clearing it).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        if bytes != self.tt.size_bytes() {
            self.join();
            self.tt = Arc::new(TranspositionTable::new(bytes));
        }
    }

    /// Permille of the hash table used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    pub fn hash_bytes(&self) -> usize {
        self.tt.size_bytes()
    }

    pub fn clear_hash(&mut self) {
        self.join();
        self.tt.clear();
    }

    /// Searches on the calling thread (one-shot commands, bench).
    pub fn search_now(&self, pos: &Position, params: &SearchParams) -> SearchResult {
        run_search_threads(
            pos,
            params,
            &self.tt,
            &self.stop,
            self.threads,
            &mut |_| {},
            None,
        )
    }
}

/// Runs the generic search on the concrete game (one thread); falls back to any legal
/// move when the search has none (every move loses at once).
pub fn run_search(
    pos: &Position,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    run_search_threads(pos, params, tt, stop, 1, on_info, None)
}

/// [`run_search`] with `threads` search threads sharing `tt` (lazy SMP), also
/// reporting root progress to `on_root` (gomoku and tic-tac-toe; the reversi search
/// reports none).
pub fn run_search_threads(
    pos: &Position,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    threads: usize,
    on_info: &mut dyn FnMut(&SearchInfo),
    on_root: Option<&mut dyn FnMut(RootProgress)>,
) -> SearchResult {
    let mut r = match pos {
        Position::TicTacToe(g) => {
            search_with_progress(g, params, tt, stop, threads, on_info, on_root)
        }
        Position::Gomoku(g) => {
            search_with_progress(g.as_ref(), params, tt, stop, threads, on_info, on_root)
        }
        Position::Reversi(g) => {
            crate::games::reversi::search::search_reversi(g, params, tt, stop, on_info)
        }
    };
    if r.best.is_none() {
        if let Some(&mv) = pos.legal_moves().first() {
            r.best = mv;
            r.pv = vec![mv];
        }
    }
    r
}
