//! Running one job on the engine's thread: a search, a deliberation at a set depth,
//! or the analysis of a game, with their reports.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;

use super::{Job, Position, Report};
use crate::games::reversi::endgame::Solver;
use crate::games::Game;
use crate::search::endgame::{search_or_solve, Deliberation, Line, Note};
use crate::search::tt::TranspositionTable;
use crate::search::{search, RootProgress, SearchInfo, SearchParams, SearchRequest, SearchResult};

/// Everything a job's thread needs.
pub(super) struct Shared {
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) solver: Arc<Mutex<Option<Solver>>>,
    pub(super) solver_bytes: usize,
    pub(super) stop: Arc<AtomicBool>,
    pub(super) threads: usize,
    pub(super) root_progress: bool,
}

impl Shared {
    /// Runs `f` with the solver (made now if it was not) set to the engine's threads.
    fn with_solver<R>(&self, f: impl FnOnce(&mut Solver) -> R) -> R {
        with_solver(&self.solver, self.solver_bytes, self.threads, f)
    }
}

/// Runs `f` with the solver in `slot` (made now if it was not, with a table of
/// `bytes`) set to `threads` threads.
pub(super) fn with_solver<R>(
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

/// Runs one job to its end, sending its reports.
pub(super) fn run_job(shared: &Shared, pos: &Position, job: Job, tx: &Sender<Report>) {
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
pub(super) fn run_search_in(
    shared: &Shared,
    pos: &Position,
    params: &SearchParams,
    on_info: &mut dyn FnMut(&SearchInfo),
    on_root: Option<&mut dyn FnMut(RootProgress)>,
) -> SearchResult {
    let r = search_position(
        pos,
        params,
        &shared.tt,
        (&shared.solver, shared.solver_bytes),
        &shared.stop,
        shared.threads,
        on_info,
        on_root,
    );
    warn_if_late(params, &r);
    r
}

/// How far past its hard time bound a search may end before it is reported.
const LATE_REPORT: Duration = Duration::from_millis(10);

/// Reports on stderr a search that ended well past its hard time bound (the
/// polls of the deadline come every few hundred microseconds; a manager may
/// forfeit a late answer).
fn warn_if_late(params: &SearchParams, r: &SearchResult) {
    if let Some(hard) = params.limits.hard_deadline() {
        let late = Instant::now().saturating_duration_since(hard);
        if late > LATE_REPORT {
            log::warn!(
                "search ended {} ms past its time bound, {} ms after the command (depth {}, {} nodes)",
                late.as_millis(),
                params.limits.start.elapsed().as_millis(),
                r.depth,
                r.nodes
            );
        }
    }
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
