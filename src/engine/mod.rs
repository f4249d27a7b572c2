//! The engine: one per session. It owns the search state — the transposition table,
//! the exact solver's tables (reversi), the one stop flag, the search thread(s) — and
//! runs one *job* at a time on its thread: a best move or analysis lines under
//! limits ([`Job::Search`]: Gomocup, UCI/UGI, `play`, `analyze`), a move or hint at a
//! set depth ([`Job::Deliberate`]: NBoard), or the evaluation of every position of a
//! game ([`Job::AnalyzeGame`]: NBoard `analyze`).
//!
//! Starting a job is non-blocking; its reports arrive on the channel given at
//! construction and end with exactly one [`Report::Done`] (search) or
//! [`Report::Finished`] (the other jobs). [`Engine::stop`] sets the stop flag that
//! the search and the solver poll.
//!
//! The engine also holds the game being played ([`Engine::game`]: the position and
//! its moves); sessions play and take back moves on it and search it, or hand a job
//! another position (a Swap2 candidate). [`Engine::new_game`] gives each game a clean
//! search state, so play is reproducible game to game.
//!
//! May import `games`, `search` and `io`; never `protocol`, the sessions or the tools.

mod job;
pub mod openings;
mod tables;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;

use crate::games::reversi::endgame::Solver;
use crate::games::reversi::Reversi;
use crate::games::Game;
use crate::search::endgame::Line;
use crate::search::limits::Progress;
use crate::search::tt::TranspositionTable;
use crate::search::{RootProgress, SearchInfo, SearchParams, SearchResult};

pub use crate::games::Position;
pub use job::run_search;
use job::{run_job, run_search_in, with_solver, Shared};
pub use tables::{
    table_sizes, TableSizes, DEFAULT_HASH_BYTES, FIXED_BYTES, MIN_TABLE_BYTES, REVERSI_FIXED_BYTES,
    THREAD_BYTES,
};

/// The time policy's view of a position (`search` types: `games` cannot name them).
pub fn progress(pos: &Position) -> Progress {
    let (w, h) = pos.dimensions();
    match pos {
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

/// What the engine is asked to do with a position.
#[derive(Clone, Debug)]
pub enum Job {
    /// The best move (and `multipv` lines) under the limits.
    Search(SearchParams),
    /// A move or the best `lines` lines at a set midgame depth, the solver taking
    /// over near the end (`search::endgame::Deliberation`); `time` is the soft and
    /// hard bound of a move on a clock. Reversi only.
    Deliberate {
        depth: u32,
        lines: usize,
        time: Option<(Duration, Duration)>,
        /// When the command came (time bounds and reported seconds count from it).
        start: Instant,
    },
    /// Every position of a game (`positions[k]` after `k` moves), from the last
    /// back, at a set depth. Reversi only.
    AnalyzeGame {
        positions: Vec<Reversi>,
        depth: u32,
        start: Instant,
    },
}

impl Job {
    /// The time the job has until its hard bound, if it has one.
    fn time_left(&self) -> Option<Duration> {
        let now = Instant::now();
        match self {
            Job::Search(params) => params
                .limits
                .hard_deadline()
                .map(|d| d.saturating_duration_since(now)),
            Job::Deliberate {
                time: Some((_, hard)),
                start,
                ..
            } => Some((*start + *hard).saturating_duration_since(now)),
            Job::Deliberate { time: None, .. } | Job::AnalyzeGame { .. } => None,
        }
    }
}

/// The longest a job waits for the table to be backed with memory before it starts
/// ([`Engine::finish_warming`]); a tenth of its time if that is less.
const WARM_WAIT: Duration = Duration::from_millis(20);

/// What the engine's thread sends back.
#[derive(Debug)]
pub enum Report {
    /// A search iteration finished (`Job::Search`).
    Info(SearchInfo),
    /// Root progress, only when asked for with [`Engine::set_root_progress`].
    Root(RootProgress),
    /// The end of a `Job::Search`.
    Done(SearchResult),
    /// A line of a deliberation.
    Line(Line),
    /// Nodes searched so far by the job, and its seconds.
    Nodes { nodes: u64, seconds: f64 },
    /// `Job::AnalyzeGame`: the value (in evaluation units, for the side to move) of
    /// the position after `moves_made` moves.
    Analysis { moves_made: usize, score: i32 },
    /// The end of a `Deliberate` or `AnalyzeGame` job, with the chosen line (none
    /// when the game was over or nothing finished).
    Finished(Option<Line>),
}

/// The search side of a session: tables, stop flag, threads.
pub struct Engine {
    /// The game being played (`None` before one starts), with its moves.
    game: Option<Position>,
    tt: Arc<TranspositionTable>,
    /// The reversi solver and its tables, made at a reversi game's start (or the
    /// first solve).
    solver: Arc<Mutex<Option<Solver>>>,
    /// The size of the solver's table.
    solver_bytes: usize,
    /// The tables' size together ([`Engine::set_hash_bytes`]).
    hash: usize,
    /// The process's memory limit ([`Engine::set_memory_limit`]).
    limit: Option<usize>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The thread backing the transposition table with memory
    /// ([`TranspositionTable::populate`]), and its cancel flag.
    warming: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
    /// The table has been (or is being) backed with memory.
    warmed: bool,
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
        let sizes = table_sizes(DEFAULT_HASH_BYTES, None, false, 1);
        Engine {
            game: None,
            tt: Arc::new(TranspositionTable::new(sizes.tt)),
            solver: Arc::new(Mutex::new(None)),
            solver_bytes: sizes.solver,
            hash: DEFAULT_HASH_BYTES,
            limit: None,
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
            warming: None,
            warmed: false,
            reports,
            threads: 1,
            root_progress: false,
        }
    }

    /// Search threads for the next searches (lazy SMP) and reversi solves; clamped to
    /// 1..=[`max_threads`] (a log line says so when a request is cut).
    pub fn set_threads(&mut self, n: usize) {
        let max = max_threads();
        if n > max {
            log::info!("{n} search threads asked for; using {max}, one per logical CPU");
        }
        self.threads = n.clamp(1, max);
        self.fit_tables();
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether later searches also send [`Report::Root`] (gomoku and tic-tac-toe).
    pub fn set_root_progress(&mut self, on: bool) {
        self.root_progress = on;
    }

    fn shared(&self) -> Shared {
        Shared {
            tt: Arc::clone(&self.tt),
            solver: Arc::clone(&self.solver),
            solver_bytes: self.solver_bytes,
            stop: Arc::clone(&self.stop),
            threads: self.threads,
            root_progress: self.root_progress,
        }
    }

    /// Starts searching `pos` (`Job::Search`) and returns at once. The caller must
    /// wait for `Report::Done` before starting another job.
    pub fn go(&mut self, pos: &Position, params: SearchParams) {
        self.start(pos, Job::Search(params));
    }

    /// Starts `job` on `pos` on the engine's thread and returns at once. The caller
    /// must wait for its last report (`Done` or `Finished`) before starting another.
    pub fn start(&mut self, pos: &Position, job: Job) {
        self.join();
        self.finish_warming(job.time_left());
        self.stop.store(false, Ordering::SeqCst);
        let owned = pos.clone();
        let shared = self.shared();
        let tx = self.reports.clone();
        let fallback = job.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || run_job(&shared, &owned, job, &tx));
        match spawned {
            Ok(h) => self.thread = Some(h),
            Err(e) => {
                log::error!("cannot start the search thread: {e}");
                // Run it on this thread instead: slower to stop, but still answers.
                run_job(&self.shared(), pos, fallback, &self.reports);
            }
        }
    }

    /// Asks the running job to stop now; its last report follows at once.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Stops whatever job is running `after` from now (a watchdog thread). For the
    /// end of input: every search left then must end by one deadline.
    pub fn stop_after(&self, after: Duration) {
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

    /// Sets the size of the tables together (the transposition table; in reversi
    /// with the solver's, see [`table_sizes`]); a table whose size changes is made
    /// anew (empty).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.hash = bytes;
        self.fit_tables();
        self.warm();
    }

    /// Sets the memory the whole process may use (`None`: no limit): the tables get
    /// what the fixed costs leave of it, at most the hash size ([`table_sizes`]).
    pub fn set_memory_limit(&mut self, limit: Option<usize>) {
        self.limit = limit;
        self.fit_tables();
        self.warm();
    }

    /// The tables' sizes for the game in play under the current settings.
    pub fn table_sizes(&self) -> TableSizes {
        let reversi = matches!(self.game, Some(Position::Reversi(_)));
        table_sizes(self.hash, self.limit, reversi, self.threads)
    }

    /// Makes the tables their size for the game in play (a table made anew is
    /// empty, and costs nothing until used: its memory comes as untouched zero
    /// pages). Called whenever a setting or the game changes, never while a job
    /// runs (they wait for it).
    fn fit_tables(&mut self) {
        let sizes = self.table_sizes();
        if sizes.tt != self.tt.size_bytes() {
            self.join();
            self.stop_warming();
            // The old table goes first: the two are never held together.
            self.tt = Arc::new(TranspositionTable::new(MIN_TABLE_BYTES));
            self.tt = Arc::new(TranspositionTable::new(sizes.tt));
            self.warmed = false;
        }
        if sizes.solver != self.solver_bytes {
            self.join();
            self.solver_bytes = sizes.solver;
            *self.solver.lock().unwrap_or_else(|e| e.into_inner()) = None;
        }
        if sizes.solver > 0 {
            // Made now (its table zeroed, the evaluation's tables built), not on
            // the clock at the first solve.
            with_solver(&self.solver, self.solver_bytes, self.threads, |_| {});
        }
    }

    /// Backs the transposition table with memory on a thread of its own (unless
    /// done already), so the searches do not pay for its page faults (a 512 MiB
    /// table: about a second of the kernel's zeroing). A new game waits for it
    /// ([`Engine::settle`]); a job that starts before it is done waits a little
    /// ([`Engine::finish_warming`]), a new size stops it ([`Engine::stop_warming`]).
    /// Only a size set on purpose is backed: the default table, made before an
    /// `INFO max_memory` that comes after START, must not count against that limit.
    fn warm(&mut self) {
        if self.warmed {
            return;
        }
        self.warmed = true;
        let tt = Arc::clone(&self.tt);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("warm".into())
            .spawn(move || tt.populate(&flag));
        // Without the thread the pages come as the searches touch them.
        self.warming = spawned.ok().map(|h| (h, cancel));
    }

    /// Lets the table's backing go on before a job runs, for as long as the job
    /// can spare: [`WARM_WAIT`], or a tenth of its `time_left` if that is less;
    /// then it stops. On the clock the search must not share the machine with the
    /// kernel's zeroing (on two cores a 512 MiB table made a 200 ms move take
    /// 500-750 ms). A 64 MiB table is usually backed within the wait, and the
    /// search runs on huge pages from its first node; pages not backed by then
    /// come as the search touches them, as small pages (see
    /// [`TranspositionTable::populate`]).
    fn finish_warming(&mut self, time_left: Option<Duration>) {
        let Some((h, cancel)) = self.warming.take() else {
            return;
        };
        let wait = time_left.map_or(WARM_WAIT, |left| (left / 10).min(WARM_WAIT));
        let until = Instant::now() + wait;
        while !h.is_finished() && Instant::now() < until {
            std::thread::sleep(Duration::from_micros(250));
        }
        cancel.store(true, Ordering::Relaxed);
        let _ = h.join();
    }

    /// Stops backing the table with memory (a new size replaces it).
    fn stop_warming(&mut self) {
        if let Some((h, cancel)) = self.warming.take() {
            cancel.store(true, Ordering::Relaxed);
            let _ = h.join();
        }
    }

    /// Waits until the table is backed with memory ([`Engine::warm`]).
    fn settle(&mut self) {
        if let Some((h, _)) = self.warming.take() {
            let _ = h.join();
        }
    }

    /// Permille of the hash table used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    pub fn hash_bytes(&self) -> usize {
        self.tt.size_bytes()
    }

    /// Forgets every stored result: the hash table and the solver's tables (written
    /// only if used: about 120 ms for a used 512 MiB table).
    pub fn clear_hash(&mut self) {
        self.join();
        // An unused table (perhaps being backed with memory) is empty already.
        if !self.tt.clear_if_unused() {
            self.settle();
            match Arc::get_mut(&mut self.tt) {
                Some(tt) => tt.clear(),
                // Still shared (cannot happen once the job is joined): a fresh one.
                None => self.tt = Arc::new(TranspositionTable::new(self.tt.size_bytes())),
            }
        }
        if let Some(s) = self
            .solver
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            s.clear();
        }
    }

    /// The game being played (its position, and its moves for `unmake`).
    pub fn game(&self) -> Option<&Position> {
        self.game.as_ref()
    }

    /// The game being played, to play or take back moves on it.
    pub fn game_mut(&mut self) -> Option<&mut Position> {
        self.game.as_mut()
    }

    /// Starts a new game on `pos` with a clean search state (hash and solver tables
    /// cleared), so the same game plays the same way however many came before.
    /// Before it returns (before any clock runs) the tables are sized for its
    /// game, a table still being backed with memory is waited for, and a reversi
    /// game's solver is made.
    pub fn new_game(&mut self, pos: Position) {
        self.settle();
        self.clear_hash();
        self.game = Some(pos);
        self.fit_tables();
    }

    /// Replaces the position of the game in play (a set-up board, a rule change),
    /// keeping what the search has learnt (unless the game changes, and with it the
    /// tables' sizes).
    pub fn set_position(&mut self, pos: Position) {
        self.game = Some(pos);
        self.fit_tables();
    }

    /// Starts `job` on the game's position; false (nothing started) before a game.
    pub fn start_on_game(&mut self, job: Job) -> bool {
        match self.game.clone() {
            Some(pos) => {
                self.start(&pos, job);
                true
            }
            None => false,
        }
    }

    /// Searches on the calling thread (one-shot commands, bench).
    pub fn search_now(&self, pos: &Position, params: &SearchParams) -> SearchResult {
        run_search_in(&self.shared(), pos, params, &mut |_| {}, None)
    }
}
