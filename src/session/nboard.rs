//! The NBoard session (reversi only): translates NBoard commands into engine jobs
//! and the engine's reports into NBoard replies.
//!
//! It keeps the game (`set game`, `move`), the depth and contempt settings. `go`
//! and `hint n` are the engine's `Job::Deliberate` at the set depth (the solver
//! takes over at `min(2n, 20 + (n - 10) / 4)` empties; see `search::endgame`), `analyze` its
//! `Job::AnalyzeGame`. `go` is bounded by the clock of the GGF game too.
//!
//! While a job runs, `ping n` and `quit` stop it at once (the stop flag the search
//! and the solver poll), and so does `set game`, after which the stopped job says
//! nothing more (a `go` sends no move for the old game); every other command waits,
//! in order, until the job has ended. After a stop by `ping` or `quit`, the lines
//! the stopped job still sends are dropped, except the `===` answer of a `go` (a
//! `go` stopped so is still answered); then the queued `ping` is answered with
//! `pong n`, so nothing printed after the `pong` belongs to the old position. A
//! `quit` that stopped a job ends the session once what is owed is written: that
//! `===` and a `pong` for every `ping` before the `quit`.

use std::time::{Duration, Instant};

use crossbeam_channel::{unbounded, Receiver};

use crate::engine::{Engine, Job, Position, Report};
use crate::games::reversi::ggf::{GameRecord, MoveItem};
use crate::games::reversi::{eval, move_name};
use crate::games::{Color, Game, Move, MATE_BOUND};
use crate::io::{Input, Output};
use crate::protocol::nboard::{Command, Depth, ParseError, Reply};
use crate::search::endgame::Line;
use crate::search::limits::{moves_to_go, time_for_move, Clock, Progress};
use crate::search::{Solved, TimeLimit};

use super::{Core, Dialect};

/// The name given to NBoard (`set myname ply<depth>`).
pub const NAME: &str = "ply";
/// Midgame depth until `set depth` arrives.
pub const DEFAULT_DEPTH: u32 = 12;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum JobKind {
    Go,
    Hint,
    Analyze,
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

/// The depth field of a line: `100%` / `100%W` when the solver proved it.
fn depth_of(l: &Line) -> Depth {
    match l.solved {
        Solved::Exact => Depth::Exact,
        Solved::WinLossDraw => Depth::Wld,
        Solved::No => Depth::Plies(l.depth),
    }
}

/// The NBoard session.
pub struct NBoardSession {
    out: Output,
    core: Core<Result<Command, ParseError>>,
    engine: Engine,
    reports: Receiver<Report>,
    game: GameRecord,
    depth: u32,
    contempt: i64,
    /// The running job and when it began (the game does not change meanwhile:
    /// every command but `ping` and `quit` waits for the job).
    running: Option<(JobKind, Instant)>,
    /// A ping stopped the running job: drop its remaining lines (but not `===`).
    stopping: bool,
    /// `set game` came during a `go`: its move, which belongs to the old game, is
    /// not sent.
    dropped: bool,
    /// The running job is bounded by the game clock.
    running_timed: bool,
    /// `quit` arrived during a job: only pings are still answered, then the session ends.
    quitting: bool,
}

impl NBoardSession {
    pub fn new(out: Output) -> NBoardSession {
        let (tx, rx) = unbounded();
        let mut s = NBoardSession {
            out,
            core: Core::default(),
            engine: Engine::new(tx),
            reports: rx,
            game: GameRecord::default(),
            depth: DEFAULT_DEPTH,
            contempt: 0,
            running: None,
            stopping: false,
            dropped: false,
            running_timed: false,
            quitting: false,
        };
        let start = s.position();
        s.engine.new_game(start);
        s
    }

    /// Search threads (the `--threads` flag; NBoard has no command for it): the
    /// endgame solver of hints and moves uses them.
    pub fn with_threads(mut self, n: usize) -> NBoardSession {
        self.engine.set_threads(n);
        self
    }

    /// Runs until the session ends. Returns the process exit code.
    pub fn run(mut self, input: Receiver<Input<Result<Command, ParseError>>>) -> i32 {
        let reports = self.reports.clone();
        super::run(&mut self, reports, input);
        0
    }

    fn reply(&self, r: Reply) {
        self.out.line(&r.to_string());
    }

    /// A line of the running job, unless a ping stopped it.
    fn job_line(&self, r: Reply) {
        if !self.stopping && !self.core.quit {
            self.reply(r);
        }
    }

    fn command(&mut self, t: Instant, cmd: Command) {
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
                Ok(g) => {
                    self.game = g;
                    self.engine.new_game(self.position());
                }
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
            Command::Quit => super::quit(self),
            Command::Help => {
                for l in super::help::NBOARD {
                    self.reply(Reply::Status(l.to_string()));
                }
            }
        }
    }

    /// The record's position, as the engine's game.
    fn position(&self) -> Position {
        Position::Reversi(Box::new(self.game.pos.clone()))
    }

    /// `move`: plays it (on the record, with its time, and on the engine's game).
    fn play(&mut self, m: MoveItem) {
        self.play_on_record(m);
        let pos = self.position();
        self.engine.set_position(pos);
    }

    /// A move of the side not to move is accepted when the side to move has to pass
    /// (the pass is added). Illegal: ignored.
    fn play_on_record(&mut self, m: MoveItem) {
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
        let job = match kind {
            JobKind::Analyze => Job::AnalyzeGame {
                positions: self.game.positions(),
                depth: self.depth,
                start: t,
            },
            JobKind::Go | JobKind::Hint => Job::Deliberate {
                depth: self.depth,
                lines,
                time,
                start: t,
            },
        };
        let doing = if kind == JobKind::Analyze {
            "analyzing"
        } else {
            "thinking"
        };
        self.reply(Reply::Status(format!("{NAME} is {doing}")));
        self.engine.start_on_game(job);
        self.running = Some((kind, t));
        self.running_timed = time.is_some();
        self.stopping = false;
        if self.core.eof && time.is_none() {
            // Nobody is left to wait for a search with no clock (it can be a solve of
            // 60 empties): it answers with what it has at once.
            self.engine.stop();
        }
    }

    /// The end of the running job: `go` is answered (stopped before anything
    /// finished, still with a legal move); `hint` and `analyze` clear the status.
    fn finished(&mut self, line: Option<Line>) {
        let dropped = std::mem::take(&mut self.dropped);
        let Some((kind, start)) = self.running.take() else {
            return;
        };
        match kind {
            JobKind::Go => {
                let item = match line {
                    Some(l) => {
                        let mut item = MoveItem::new(l.best);
                        item.eval = Some(discs(l.score));
                        Some(item)
                    }
                    None => {
                        let mut v = Vec::new();
                        self.game.pos.legal_moves(&mut v);
                        v.first().map(|&mv| MoveItem::new(mv))
                    }
                };
                if let (Some(mut item), false) = (item, self.core.quit || dropped) {
                    item.time = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
                    self.reply(Reply::BestMove(item));
                }
            }
            JobKind::Hint | JobKind::Analyze => self.job_line(Reply::Status(String::new())),
        }
        self.stopping = false;
    }
}

impl Dialect for NBoardSession {
    type Command = Result<Command, ParseError>;

    fn core(&mut self) -> &mut Core<Self::Command> {
        &mut self.core
    }

    fn busy(&self) -> bool {
        self.running.is_some()
    }

    fn while_busy(&mut self, _t: Instant, cmd: Self::Command) -> Option<Self::Command> {
        match cmd {
            Ok(Command::Ping(_)) => {
                self.engine.stop();
                self.stopping = true;
                Some(cmd)
            }
            // Stop now; the stopped job's `===` and the pongs of earlier pings are
            // still owed, and written before the session ends.
            Ok(Command::Quit) => {
                self.engine.stop();
                self.stopping = true;
                self.quitting = true;
                Some(cmd)
            }
            // A new game: the running job is stopped and says nothing more (a `go`
            // sends no move for the old game); the game is set as soon as it ends.
            Ok(Command::SetGame(_)) => {
                self.engine.stop();
                self.stopping = true;
                self.dropped = true;
                Some(cmd)
            }
            // Not understood: ignored now, as when idle.
            Err(e) => {
                log::warn!("ignored: {e}");
                None
            }
            c => Some(c),
        }
    }

    fn handle(&mut self, t: Instant, cmd: Self::Command) {
        match cmd {
            // After a `quit` that stopped a job, only what is owed is answered.
            Ok(c @ (Command::Ping(_) | Command::Quit)) if self.quitting => self.command(t, c),
            Ok(c) if self.quitting => log::info!("dropped after quit: {c:?}"),
            Ok(c) => self.command(t, c),
            // The protocol: a command that is not understood is ignored.
            Err(e) => log::warn!("ignored: {e}"),
        }
    }

    fn on_report(&mut self, r: Report) {
        if self.running.is_none() {
            return;
        }
        match r {
            Report::Line(l) => {
                let out = Reply::Search {
                    pv: l.pv.clone(),
                    eval: discs(l.score),
                    depth: depth_of(&l),
                };
                self.job_line(out);
            }
            Report::Nodes { nodes, seconds } => self.job_line(Reply::NodeStats { nodes, seconds }),
            Report::Analysis { moves_made, score } => self.job_line(Reply::Analysis {
                moves_made,
                eval: discs(score),
            }),
            Report::Finished(line) => self.finished(line),
            // Only the jobs above run here.
            Report::Info(_) | Report::Root(_) | Report::Done(_) => {}
        }
    }

    fn end_of_input(&mut self) {
        if self.running.is_some() && !self.running_timed {
            // End of input means quit: a job with no clock answers with what it has
            // now; one on the game clock ends by itself.
            self.engine.stop();
        }
    }

    fn shut(&mut self) {
        self.engine.stop();
    }
}
