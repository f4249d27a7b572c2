//! The NBoard session: the engine loop behind the NBoard dialect (reversi only).
//!
//! It keeps the game (`set game`, `move`), the depth and contempt settings, and runs
//! one job at a time on a worker thread: `go`, `hint n` or `analyze`. The job sends
//! its lines (`search`, `nodestats`, `analysis`) as it goes; the session prints them.
//!
//! While a job runs, `ping n` stops it at once (the stop flag the search and the
//! solver poll) and `quit` ends the session; every other command waits, in order,
//! until the job has ended. After a stop, the lines the stopped job still sends are
//! dropped, except the `===` answer of a `go` (every `go` is answered); then the
//! queued `ping` is answered with `pong n`, so nothing printed after the `pong`
//! belongs to the old position.
//!
//! # Depth and the solver
//! `set depth n` is the midgame search depth. The exact solver takes over at
//! `3n/2` empties or fewer (score exact: depth `100%`), a win/loss/draw solve at two
//! more empties (`100%W`); with a clock, also no further than the solver's own bound for
//! the time (`games::reversi::search::exact_empties`). The solver is the engine's
//! (`games::reversi::search::solve`, whose `SearchResult::solved` gives the depth field).
//! Before a solve of more than 14 empties, or a timed one, a
//! search of at most 10 plies gives lines at once and a fallback move. `go` is bounded
//! by the clock of the GGF game too: with a clock, it first searches (a quarter of its
//! time when a solve follows), then solves until its hard deadline and keeps the
//! search's move if the solve does not finish.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{unbounded, Receiver, Sender};

use crate::games::reversi::ggf::{GameRecord, MoveItem};
use crate::games::reversi::search::{self as reversi_search, solve, WLD_EXTRA};
use crate::games::reversi::{eval, move_name, Reversi};
use crate::games::{Color, Game, Move, MATE_BOUND};
use crate::io::{Input, Output};
use crate::protocol::nboard::{Command, Depth, ParseError, Reply};
use crate::search::limits::{moves_to_go, time_for_move, Clock, Progress};
use crate::search::tt::TranspositionTable;
use crate::search::{search, Limits, SearchParams, SearchResult, Solved, TimeLimit};

/// The name given to NBoard (`set myname ply<depth>`).
pub const NAME: &str = "ply";
/// Midgame depth until `set depth` arrives.
pub const DEFAULT_DEPTH: u32 = 12;
/// Up to this many empties an untimed solve is not preceded by a search.
const QUICK_SOLVE: u32 = 14;

/// Empties at or below which `depth` solves exactly.
pub fn exact_empties(depth: u32) -> u32 {
    depth * 3 / 2
}

/// Empties at or below which `depth` solves for win/loss/draw.
pub fn wld_empties(depth: u32) -> u32 {
    exact_empties(depth) + 2
}

/// What a job sends back.
#[derive(Debug)]
pub enum Event {
    /// A line to print (dropped after a stop).
    Line(Reply),
    /// The job has ended; a `go` gives its `===` line.
    Done(Option<Reply>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum JobKind {
    Go,
    Hint,
    Analyze,
}

/// The outcome of analysing one position.
#[derive(Clone, Debug)]
struct Outcome {
    best: Move,
    /// Discs for the side to move.
    eval: f64,
    depth: Depth,
    pv: Vec<Move>,
}

/// Search state shared by the jobs (one job at a time; the solver and its hash table
/// live in `games::reversi::search`).
struct Worker {
    tt: Arc<TranspositionTable>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    events: Sender<Event>,
}

/// What a job needs to know.
#[derive(Clone)]
struct JobSpec {
    kind: JobKind,
    game: GameRecord,
    depth: u32,
    lines: usize,
    start: Instant,
    /// `go` only: soft and hard bounds from the clock.
    time: Option<(Duration, Duration)>,
}

impl Worker {
    fn new(events: Sender<Event>) -> Worker {
        Worker {
            tt: Arc::new(TranspositionTable::new(super::DEFAULT_HASH_BYTES)),
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
            events,
        }
    }

    fn start(&mut self, spec: JobSpec) {
        if let Some(h) = self.thread.take() {
            let _ = h.join();
        }
        self.stop.store(false, Ordering::SeqCst);
        let tt = Arc::clone(&self.tt);
        let stop = Arc::clone(&self.stop);
        let tx = self.events.clone();
        let body = move || {
            let mut job = Job {
                tt: &tt,
                stop: &stop,
                tx: &tx,
                start: spec.start,
                nodes: 0,
            };
            let answer = job.run(&spec);
            let _ = tx.send(Event::Done(answer));
        };
        match std::thread::Builder::new()
            .name("nboard-job".into())
            .spawn(body)
        {
            Ok(h) => self.thread = Some(h),
            Err(e) => {
                log::error!("cannot start the search thread: {e}");
                let _ = self.events.send(Event::Done(None));
            }
        }
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// One job on the worker thread.
struct Job<'a> {
    tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    tx: &'a Sender<Event>,
    start: Instant,
    nodes: u64,
}

/// A score (centi-discs; a solved one is the final disc difference, or +-1 disc for a
/// win/loss/draw solve) in discs.
fn discs(score: i32) -> f64 {
    if score > MATE_BOUND {
        64.0
    } else if score < -MATE_BOUND {
        -64.0
    } else {
        score as f64 / eval::DISC as f64
    }
}

/// The depth field for a result: `100%` / `100%W` when the solver proved it.
fn depth_of(r: &SearchResult) -> Depth {
    match r.solved {
        Solved::Exact => Depth::Exact,
        Solved::WinLossDraw => Depth::Wld,
        Solved::No => Depth::Plies(r.depth),
    }
}

impl Job<'_> {
    fn send(&self, r: Reply) {
        let _ = self.tx.send(Event::Line(r));
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn nodestats(&self) {
        self.send(Reply::NodeStats {
            nodes: self.nodes,
            seconds: self.start.elapsed().as_secs_f64(),
        });
    }

    fn run(&mut self, spec: &JobSpec) -> Option<Reply> {
        match spec.kind {
            JobKind::Hint => {
                self.send(Reply::Status(format!("{NAME} is thinking")));
                let pos = &spec.game.pos;
                self.analyse(pos, spec.depth, spec.lines, None, true);
                self.nodestats();
                self.send(Reply::Status(String::new()));
                None
            }
            JobKind::Go => {
                self.send(Reply::Status(format!("{NAME} is thinking")));
                let out = self.analyse(&spec.game.pos, spec.depth, 1, spec.time, true);
                self.nodestats();
                // Stopped before anything finished: still answer, with a legal move.
                let mut item = match out {
                    Some(o) => {
                        let mut item = MoveItem::new(o.best);
                        item.eval = Some(o.eval);
                        item
                    }
                    None => {
                        let mut v = Vec::new();
                        spec.game.pos.legal_moves(&mut v);
                        MoveItem::new(*v.first()?)
                    }
                };
                item.time = (self.start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
                Some(Reply::BestMove(item))
            }
            JobKind::Analyze => {
                self.send(Reply::Status(format!("{NAME} is analyzing")));
                let positions = spec.game.positions();
                for (k, pos) in positions.iter().enumerate().rev() {
                    if self.stopped() {
                        break;
                    }
                    let eval = if pos.is_over() {
                        Some(pos.final_score() as f64)
                    } else {
                        self.analyse(pos, spec.depth, 1, None, false)
                            .map(|o| o.eval)
                    };
                    if let (Some(eval), false) = (eval, self.stopped()) {
                        self.send(Reply::Analysis {
                            moves_made: k,
                            eval,
                        });
                    }
                }
                self.nodestats();
                self.send(Reply::Status(String::new()));
                None
            }
        }
    }

    /// Evaluates `pos` (search, then the solver at few empties); reports `search`
    /// lines when `verbose`. `None` when the game is over or nothing finished.
    fn analyse(
        &mut self,
        pos: &Reversi,
        depth: u32,
        lines: usize,
        time: Option<(Duration, Duration)>,
        verbose: bool,
    ) -> Option<Outcome> {
        if pos.is_over() {
            return None;
        }
        if pos.move_mask() == 0 {
            // A forced pass: evaluate the position after it.
            let mut after = pos.clone();
            after.make(Move::PASS);
            let o = self.analyse(&after, depth, 1, time, false)?;
            let mut pv = vec![Move::PASS];
            pv.extend(o.pv);
            let out = Outcome {
                best: Move::PASS,
                eval: -o.eval,
                depth: o.depth,
                pv,
            };
            if verbose {
                self.report(&out);
            }
            return Some(out);
        }
        let empties = pos.empties();
        let mut exact_max = exact_empties(depth);
        let mut wld_max = wld_empties(depth);
        if let Some((_, hard)) = time {
            // The solver's own bound for the time (a solve that cannot end is not begun).
            let fits = reversi_search::exact_empties(Some(hard));
            exact_max = exact_max.min(fits);
            wld_max = wld_max.min(fits + WLD_EXTRA);
        }
        let solve = empties <= wld_max;
        let mut best = None;
        // A search first: its move is the answer if a timed solve does not finish, and
        // it shows lines at once before a long solve. Small untimed solves skip it.
        if !solve || time.is_some() || empties > QUICK_SOLVE {
            let mut d = depth.min(empties).max(1);
            let mut t = time;
            if solve {
                d = d.min(10);
                t = t.map(|(s, h)| (s / 4, h / 2));
            }
            best = self.midgame(pos, d, lines, t, verbose);
        }
        if solve && !self.stopped() {
            let wld = empties > exact_max;
            let deadline = time.map(|(_, h)| self.start + h);
            if let Some(o) = self.solve(pos, wld, lines, deadline, verbose) {
                best = Some(o);
            }
        }
        best
    }

    fn report(&self, o: &Outcome) {
        self.send(Reply::Search {
            pv: o.pv.clone(),
            eval: o.eval,
            depth: o.depth,
        });
    }

    /// The shared iterative-deepening search.
    fn midgame(
        &mut self,
        pos: &Reversi,
        depth: u32,
        lines: usize,
        time: Option<(Duration, Duration)>,
        verbose: bool,
    ) -> Option<Outcome> {
        let mut limits = Limits::depth(self.start, depth);
        if let Some((soft, hard)) = time {
            limits.time = TimeLimit::Managed { soft, hard };
        }
        let params = SearchParams {
            limits,
            multipv: lines.max(1),
        };
        let base = self.nodes;
        let tx = self.tx.clone();
        let start = self.start;
        let r = search(pos, &params, self.tt, self.stop, &mut |info| {
            if verbose {
                let _ = tx.send(Event::Line(Reply::Search {
                    pv: info.pv.clone(),
                    eval: discs(info.score),
                    depth: Depth::Plies(info.depth),
                }));
            }
            if info.multipv == 1 {
                let _ = tx.send(Event::Line(Reply::NodeStats {
                    nodes: base + info.nodes,
                    seconds: start.elapsed().as_secs_f64(),
                }));
            }
        });
        self.nodes += r.nodes;
        let depth = depth_of(&r);
        let best = if r.best.is_none() {
            let mut v = Vec::new();
            pos.legal_moves(&mut v);
            *v.first()?
        } else {
            r.best
        };
        Some(Outcome {
            best,
            eval: discs(r.score),
            depth,
            pv: if r.pv.is_empty() { vec![best] } else { r.pv },
        })
    }

    /// The exact (or win/loss/draw) solver; with several lines, every move is solved.
    fn solve(
        &mut self,
        pos: &Reversi,
        wld: bool,
        lines: usize,
        deadline: Option<Instant>,
        verbose: bool,
    ) -> Option<Outcome> {
        if lines <= 1 {
            let r = solve(pos, wld, self.stop, deadline, self.start)?;
            self.nodes += r.nodes;
            if r.best.is_none() {
                return None;
            }
            let out = Outcome {
                best: r.best,
                eval: discs(r.score),
                depth: depth_of(&r),
                pv: r.pv.clone(),
            };
            if verbose {
                self.report(&out);
            }
            self.nodestats();
            return Some(out);
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut solved: Vec<Outcome> = Vec::new();
        for mv in moves {
            let mut child = pos.clone();
            child.make(mv);
            let r = if child.is_over() {
                // The move ends the game: its score is the final count.
                let score = -child.final_score() * eval::DISC;
                Some((score, Depth::Exact))
            } else {
                solve(&child, wld, self.stop, deadline, self.start).map(|r| {
                    self.nodes += r.nodes;
                    (-r.score, depth_of(&r))
                })
            };
            let Some((score, depth)) = r else { break };
            let out = Outcome {
                best: mv,
                eval: discs(score),
                depth,
                pv: vec![mv],
            };
            if verbose {
                self.report(&out);
            }
            self.nodestats();
            solved.push(out);
        }
        // Best first; ties by square.
        solved.sort_by(|a, b| b.eval.total_cmp(&a.eval).then(a.best.cmp(&b.best)));
        solved.into_iter().next()
    }
}

/// The NBoard session.
pub struct NBoardSession {
    out: Output,
    game: GameRecord,
    depth: u32,
    contempt: i64,
    worker: Worker,
    events: Receiver<Event>,
    running: Option<JobKind>,
    /// A ping stopped the running job: drop its remaining lines (but not `===`).
    stopping: bool,
    pending: VecDeque<(Instant, Command)>,
    eof: bool,
    /// The running job is bounded by the game clock.
    running_timed: bool,
    quit: bool,
}

impl NBoardSession {
    pub fn new(out: Output) -> NBoardSession {
        let (tx, rx) = unbounded();
        NBoardSession {
            out,
            game: GameRecord::default(),
            depth: DEFAULT_DEPTH,
            contempt: 0,
            worker: Worker::new(tx),
            events: rx,
            running: None,
            stopping: false,
            pending: VecDeque::new(),
            eof: false,
            running_timed: false,
            quit: false,
        }
    }

    /// Runs until the session ends. Returns the process exit code.
    pub fn run(mut self, input: Receiver<Input<Result<Command, ParseError>>>) -> i32 {
        crate::engine::drive(&mut self, input);
        self.worker.stop();
        0
    }

    fn reply(&self, r: Reply) {
        self.out.line(&r.to_string());
    }

    fn on_input(&mut self, t: Instant, cmd: Result<Command, ParseError>) {
        let cmd = match cmd {
            Ok(c) => c,
            Err(e) => {
                // The protocol: a command that is not understood is ignored.
                log::warn!("ignored: {e}");
                return;
            }
        };
        if self.running.is_some() {
            match cmd {
                Command::Ping(_) => {
                    self.worker.stop();
                    self.stopping = true;
                    self.pending.push_back((t, cmd));
                }
                Command::Quit => {
                    self.worker.stop();
                    self.quit = true;
                }
                c => self.pending.push_back((t, c)),
            }
            return;
        }
        self.handle(t, cmd);
    }

    fn on_event(&mut self, e: Event) {
        match e {
            Event::Line(r) => {
                if !self.stopping && !self.quit {
                    self.reply(r);
                }
            }
            Event::Done(answer) => {
                if let (Some(r), false) = (answer, self.quit) {
                    self.reply(r);
                }
                self.running = None;
                self.stopping = false;
                while self.running.is_none() && !self.quit {
                    match self.pending.pop_front() {
                        Some((t, c)) => self.handle(t, c),
                        None => break,
                    }
                }
                if self.eof && self.running.is_none() {
                    self.quit = true;
                }
            }
        }
    }

    fn handle(&mut self, t: Instant, cmd: Command) {
        log::debug!("< {cmd:?}");
        match cmd {
            Command::NBoard(v) => {
                if v != 2 {
                    log::warn!("nboard {v}: ply speaks version 2 of the protocol");
                }
            }
            Command::SetDepth(d) => {
                self.depth = d.clamp(1, 60) as u32;
                self.reply(Reply::MyName(format!("{NAME}{}", self.depth)));
            }
            Command::SetContempt(c) => {
                // Contempt values book draws; ply has no book, so it changes nothing.
                self.contempt = c;
                log::info!("contempt {c} (no effect: ply has no opening book)");
            }
            Command::SetGame(ggf) => match GameRecord::from_ggf(ggf) {
                Ok(g) => self.game = g,
                Err(e) => log::warn!("ignored set game: {e}"),
            },
            Command::Move(m) => self.play(m),
            Command::Hint(n) => {
                let lines = n.clamp(1, 64) as usize;
                self.start_job(t, JobKind::Hint, lines);
            }
            Command::Go => self.start_job(t, JobKind::Go, 1),
            Command::Analyze => self.start_job(t, JobKind::Analyze, 1),
            Command::Ping(n) => self.reply(Reply::Pong(n)),
            Command::Learn => self.reply(Reply::Learned),
            Command::Quit => self.quit = true,
            Command::Help => {
                for l in super::help::NBOARD {
                    self.reply(Reply::Status(l.to_string()));
                }
            }
        }
    }

    /// `move`: plays it; a move of the side not to move is accepted when the side to
    /// move has to pass (the pass is added). Illegal: ignored.
    fn play(&mut self, m: MoveItem) {
        let pos = &self.game.pos;
        if pos.is_legal(m.mv) {
            let _ = self.game.play(m);
            return;
        }
        let mut after = pos.clone();
        if m.mv != Move::PASS && pos.is_legal(Move::PASS) {
            after.make(Move::PASS);
            if after.is_legal(m.mv) {
                let _ = self.game.play(MoveItem::new(Move::PASS));
                let _ = self.game.play(m);
                return;
            }
        }
        log::warn!("ignored move {}: not legal here", move_name(m.mv));
    }

    /// Soft and hard bounds for `go` from the clock of the side to move, translated
    /// into the one time policy's input (no clock: none).
    fn go_time(&self) -> Option<(Duration, Duration)> {
        let side: Color = self.game.pos.side_to_move();
        let left = self.game.time_left(side)?;
        let inc = self.game.clocks[side.index()].map_or(0, |c| c.increment);
        let clock = Clock {
            left: Some((left * 1000.0) as i64),
            inc: inc.saturating_mul(1000).min(i64::MAX as u64) as i64,
            movestogo: None,
            turn: None,
        };
        let progress = Progress::Reversi {
            empties: self.game.pos.empties() as usize,
        };
        match time_for_move(clock, moves_to_go(progress)) {
            TimeLimit::Managed { soft, hard } => Some((soft, hard)),
            TimeLimit::Unlimited => None,
        }
    }

    fn start_job(&mut self, t: Instant, kind: JobKind, lines: usize) {
        if kind != JobKind::Analyze && self.game.pos.is_over() {
            log::warn!("ignored: the game is over");
            if kind == JobKind::Hint {
                self.reply(Reply::Status(String::new()));
            }
            return;
        }
        let time = if kind == JobKind::Go {
            self.go_time()
        } else {
            None
        };
        let timed = time.is_some();
        self.worker.start(JobSpec {
            kind,
            game: self.game.clone(),
            depth: self.depth,
            lines,
            start: t,
            time,
        });
        self.running = Some(kind);
        self.running_timed = timed;
        self.stopping = false;
        if self.eof && !timed {
            // Nobody is left to wait for a search with no clock (it can be a solve of
            // 60 empties): it answers with what it has at once.
            self.worker.stop();
        }
    }
}

impl crate::engine::Session for NBoardSession {
    type Command = Result<Command, ParseError>;
    type Report = Event;
    fn reports(&self) -> Receiver<Event> {
        self.events.clone()
    }
    fn input_closed(&self) -> bool {
        self.eof
    }
    fn finished(&self) -> bool {
        self.quit
    }
    fn on_input(&mut self, t: Instant, cmd: Self::Command) {
        NBoardSession::on_input(self, t, cmd)
    }
    fn end_of_input(&mut self) {
        self.eof = true;
        if self.running.is_none() {
            self.quit = true;
        } else if !self.running_timed {
            // End of input means quit: a job with no clock answers with what it has
            // now; one on the game clock ends by itself.
            self.worker.stop();
        }
    }
    fn on_report(&mut self, r: Event) {
        NBoardSession::on_event(self, r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solver_takes_over_at_one_and_a_half_times_the_depth() {
        assert_eq!(exact_empties(12), 18);
        assert_eq!(wld_empties(12), 20);
        assert_eq!(exact_empties(1), 1);
    }
}
