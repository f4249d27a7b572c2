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

pub mod openings;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;

use crate::games::reversi::endgame::Solver;
use crate::games::reversi::Reversi;
use crate::games::Game;
use crate::search::endgame::{search_or_solve, Deliberation, Line, Note};
use crate::search::limits::Progress;
use crate::search::tt::TranspositionTable;
use crate::search::{search, RootProgress, SearchInfo, SearchParams, SearchRequest, SearchResult};

pub use crate::games::Position;

/// Default size of the search's tables together (the transposition table, and in
/// reversi the solver's table too): what UCI `Hash`, Gomocup `INFO hash_size` set.
/// 96 MiB gives gomoku a 64 MiB table (a power of two) and reversi 64 MiB and the
/// solver's 32 MiB, the sizes each game had before the solver's table counted.
pub const DEFAULT_HASH_BYTES: usize = 96 << 20;

/// The process's memory besides the resizable tables, counted against a memory
/// limit (Gomocup `INFO max_memory`): the program and its libraries, the main,
/// input and search threads' stacks, the gomoku pattern tables, and a margin for the
/// allocator.
pub const FIXED_BYTES: usize = 10 << 20;
/// The reversi evaluation's weight sets (two sets of 61 blended stages, 20 MB
/// each) and other tables, counted when the game is reversi.
pub const REVERSI_FIXED_BYTES: usize = 40 << 20;
/// Each search thread past the first: its stack and its copy of the position with
/// the gomoku threat solvers' tables (1 MiB each).
pub const THREAD_BYTES: usize = 4 << 20;
/// The least the tables get, whatever the limit (each table's own floor).
pub const MIN_TABLE_BYTES: usize = 1 << 20;

/// How the memory is shared out: the tables' sizes for the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableSizes {
    /// The transposition table.
    pub tt: usize,
    /// The reversi solver's table (0 in other games).
    pub solver: usize,
}

/// The tables' sizes for `hash` bytes of tables under a process limit of `limit`
/// bytes (none: `hash` alone), for reversi or another game, with `threads` search
/// threads: the limit less the fixed costs ([`FIXED_BYTES`], [`REVERSI_FIXED_BYTES`],
/// [`THREAD_BYTES`]) caps `hash`. The transposition table is the largest power of
/// two of slots in the share it gets (all of it; reversi: two thirds, the solver's
/// table what that leaves, again a power of two).
pub fn table_sizes(hash: usize, limit: Option<usize>, reversi: bool, threads: usize) -> TableSizes {
    let mut budget = hash;
    if let Some(limit) = limit {
        let fixed = FIXED_BYTES
            + if reversi { REVERSI_FIXED_BYTES } else { 0 }
            + THREAD_BYTES * threads.saturating_sub(1);
        budget = budget.min(limit.saturating_sub(fixed));
    }
    let budget = budget.max(if reversi { 2 } else { 1 } * MIN_TABLE_BYTES);
    if reversi {
        let tt = TranspositionTable::size_for(budget / 3 * 2);
        TableSizes {
            tt,
            solver: Solver::size_for(budget - tt),
        }
    } else {
        TableSizes {
            tt: TranspositionTable::size_for(budget),
            solver: 0,
        }
    }
}

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

/// Everything a job's thread needs.
struct Shared {
    tt: Arc<TranspositionTable>,
    solver: Arc<Mutex<Option<Solver>>>,
    solver_bytes: usize,
    stop: Arc<AtomicBool>,
    threads: usize,
    root_progress: bool,
}

impl Shared {
    /// Runs `f` with the solver (made now if it was not) set to the engine's threads.
    fn with_solver<R>(&self, f: impl FnOnce(&mut Solver) -> R) -> R {
        with_solver(&self.solver, self.solver_bytes, self.threads, f)
    }
}

/// Runs `f` with the solver in `slot` (made now if it was not, with a table of
/// `bytes`) set to `threads` threads.
fn with_solver<R>(
    slot: &Mutex<Option<Solver>>,
    bytes: usize,
    threads: usize,
    f: impl FnOnce(&mut Solver) -> R,
) -> R {
    let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
    let solver = guard.get_or_insert_with(|| Solver::new(bytes));
    solver.set_threads(threads);
    f(solver)
}

/// The solver's table beside a transposition table of `tt_bytes` outside an engine
/// ([`run_search`]): half as much.
fn solver_bytes(tt_bytes: usize) -> usize {
    (tt_bytes / 2).max(1 << 20)
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
            if let Some((h, cancel)) = self.warming.take() {
                cancel.store(true, Ordering::Relaxed);
                let _ = h.join();
            }
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
    /// table: about a second of the kernel's zeroing). Searches may run meanwhile;
    /// a new game waits for it ([`Engine::settle`]); a new size cancels it. Only a
    /// size set on purpose is backed: the default table, made before an `INFO
    /// max_memory` that comes after START, must not count against that limit.
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

/// Runs one job to its end, sending its reports.
fn run_job(shared: &Shared, pos: &Position, job: Job, tx: &Sender<Report>) {
    match job {
        Job::Search(params) => {
            let root_tx = tx.clone();
            let mut on_root = |p: RootProgress| {
                let _ = root_tx.send(Report::Root(p));
            };
            let on_root = shared
                .root_progress
                .then_some(&mut on_root as &mut dyn FnMut(RootProgress));
            let result = run_search_in(
                shared,
                pos,
                &params,
                &mut |info| {
                    let _ = tx.send(Report::Info(info.clone()));
                },
                on_root,
            );
            let _ = tx.send(Report::Done(result));
        }
        Job::Deliberate {
            depth,
            lines,
            time,
            start,
        } => {
            let line = match pos {
                Position::Reversi(g) => {
                    let mut nodes = 0;
                    let line = deliberate(shared, start, tx, 0, &mut nodes, |d| {
                        d.evaluate(g, depth, lines, time, true)
                    });
                    send_nodes(tx, start, nodes);
                    line
                }
                _ => None,
            };
            let _ = tx.send(Report::Finished(line));
        }
        Job::AnalyzeGame {
            positions,
            depth,
            start,
        } => {
            let mut total = 0;
            for (k, p) in positions.iter().enumerate().rev() {
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                let score = if let Some(result) = p.result() {
                    Some(p.terminal_score(result, 0))
                } else {
                    let mut nodes = 0;
                    let line = deliberate(shared, start, tx, total, &mut nodes, |d| {
                        d.evaluate(p, depth, 1, None, false)
                    });
                    total += nodes;
                    line.map(|l| l.score)
                };
                if let (Some(score), false) = (score, shared.stop.load(Ordering::Relaxed)) {
                    let _ = tx.send(Report::Analysis {
                        moves_made: k,
                        score,
                    });
                }
            }
            send_nodes(tx, start, total);
            let _ = tx.send(Report::Finished(None));
        }
    }
}

/// The job's node count so far.
fn send_nodes(tx: &Sender<Report>, start: Instant, nodes: u64) {
    let _ = tx.send(Report::Nodes {
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    });
}

/// Runs a deliberation with the engine's table and solver, forwarding its notes
/// (node counts from `base`); its own nodes go to `nodes`.
fn deliberate(
    shared: &Shared,
    start: Instant,
    tx: &Sender<Report>,
    base: u64,
    nodes: &mut u64,
    f: impl FnOnce(&mut Deliberation<Solver>) -> Option<Line>,
) -> Option<Line> {
    shared.with_solver(|solver| {
        let mut notes = |n: Note| {
            let r = match n {
                Note::Line(l) => Report::Line(l.clone()),
                Note::Nodes(n) => Report::Nodes {
                    nodes: base + n,
                    seconds: start.elapsed().as_secs_f64(),
                },
            };
            let _ = tx.send(r);
        };
        let mut d = Deliberation {
            tt: &shared.tt,
            solver,
            stop: &shared.stop,
            start,
            nodes: 0,
            notes: &mut notes,
        };
        let line = f(&mut d);
        *nodes = d.nodes;
        line
    })
}

/// Runs the search on the concrete game with `threads` threads sharing the table
/// (lazy SMP; reversi hands over to its solver near the end), reporting root
/// progress to `on_root` (gomoku and tic-tac-toe).
fn run_search_in(
    shared: &Shared,
    pos: &Position,
    params: &SearchParams,
    on_info: &mut dyn FnMut(&SearchInfo),
    on_root: Option<&mut dyn FnMut(RootProgress)>,
) -> SearchResult {
    search_position(
        pos,
        params,
        &shared.tt,
        (&shared.solver, shared.solver_bytes),
        &shared.stop,
        shared.threads,
        on_info,
        on_root,
    )
}

/// One search of `pos` on the calling thread with the table `tt` (reversi: with a
/// solver of its own, made if needed), as a job would run it.
pub fn run_search(
    pos: &Position,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let solver = Mutex::new(None);
    let bytes = solver_bytes(tt.size_bytes());
    search_position(pos, params, tt, (&solver, bytes), stop, 1, on_info, None)
}

/// The search of a job: falls back to any legal move when the search has none
/// (every move loses at once; one not blocked if there is one), and for renju black with only forbidden points left,
/// to the first of them.
#[allow(clippy::too_many_arguments)]
fn search_position(
    pos: &Position,
    params: &SearchParams,
    tt: &TranspositionTable,
    (solver, solver_bytes): (&Mutex<Option<Solver>>, usize),
    stop: &AtomicBool,
    threads: usize,
    on_info: &mut dyn FnMut(&SearchInfo),
    on_root: Option<&mut dyn FnMut(RootProgress)>,
) -> SearchResult {
    let request = SearchRequest {
        params,
        tt,
        stop,
        threads,
        on_info: Some(on_info),
        on_root: on_root.map(|f| f as &mut dyn FnMut(RootProgress)),
    };
    let mut r = match pos {
        Position::TicTacToe(g) => search(g, request),
        Position::Gomoku(g) => search(g.as_ref(), request),
        Position::Reversi(g) => with_solver(solver, solver_bytes, threads, |solver| {
            search_or_solve(g.as_ref(), solver, request)
        }),
    };
    if r.best.is_none() {
        let legal = pos.legal_moves();
        let fallback = legal
            .iter()
            .find(|m| !params.blocked.contains(m))
            .or(legal.first())
            .copied();
        if let Some(mv) = fallback.or_else(|| pos.forced_forbidden_move()) {
            r.best = mv;
            r.pv = vec![mv];
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_tables_are_64_mib_and_reversi_adds_the_solvers_32() {
        let gomoku = table_sizes(DEFAULT_HASH_BYTES, None, false, 1);
        assert_eq!((gomoku.tt, gomoku.solver), (64 << 20, 0));
        let reversi = table_sizes(DEFAULT_HASH_BYTES, None, true, 1);
        assert_eq!((reversi.tt, reversi.solver), (64 << 20, 32 << 20));
    }

    #[test]
    fn a_memory_limit_leaves_room_for_the_fixed_costs() {
        let limit = 64 << 20;
        let gomoku = table_sizes(DEFAULT_HASH_BYTES, Some(limit), false, 1);
        assert!(gomoku.tt + FIXED_BYTES <= limit, "{gomoku:?}");
        let reversi = table_sizes(DEFAULT_HASH_BYTES, Some(limit), true, 2);
        let fixed = FIXED_BYTES + REVERSI_FIXED_BYTES + THREAD_BYTES;
        assert!(reversi.tt + reversi.solver + fixed <= limit, "{reversi:?}");
        assert!(reversi.tt >= MIN_TABLE_BYTES && reversi.solver >= MIN_TABLE_BYTES);
    }
}
