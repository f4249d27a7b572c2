//! The Gomocup session: the engine loop behind the Gomocup dialect.
//!
//! It owns the position and the settings, starts and stops searches, and turns their
//! reports into replies. Commands that arrive while the engine thinks are either
//! handled at once (`STOP`, `YXSTOP`, `END`; `INFO timeout_turn 0` stops the search
//! as a stop button, the setting itself waiting its turn), or stop the search and
//! drop its answer (a new game or position: `START`, `RECTSTART`, `RESTART`,
//! `BOARD`, `YXBOARD`), or are queued and handled, in order, right after the move is
//! answered, so no command is ever lost.

use std::time::Instant;

use crossbeam_channel::{unbounded, Receiver};

use crate::engine::{Engine, Position, Report};
use crate::games::gomoku::{Gomoku, Rule};
use crate::games::reversi::Reversi;
use crate::games::tictactoe::TicTacToe;
use crate::games::{Color, Game, Move};
use crate::io::{Input, Output};
use crate::protocol::gomocup::{BoardStone, Command, Coord, GameKind, Info, ParseError, Reply};
use crate::search::limits::{moves_to_go, time_for_move, Clock, GomocupClock};
use crate::search::tt::TranspositionTable;
use crate::search::{
    format_score, Limits, RootProgress, SearchInfo, SearchParams, SearchResult, Solved, TimeLimit,
};

use super::{Core, Dialect};

mod board;
mod report;
mod swap2;
mod yixin;

pub const NAME: &str = "ply";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub const AUTHOR: &str = "the ply developers";
pub const COUNTRY: &str = "International";

/// Settings that come from INFO commands (and command-line flags).
#[derive(Clone, Debug)]
pub struct Settings {
    pub clock: GomocupClock,
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    pub show_detail: i64,
    pub threads: usize,
    /// `INFO max_memory` in bytes (0 = no limit).
    pub max_memory: u64,
    /// `INFO hash_size` (KiB); 0 = default.
    pub hash_kib: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            clock: GomocupClock::default(),
            max_depth: None,
            max_nodes: None,
            show_detail: 0,
            threads: 1,
            max_memory: 0,
            hash_kib: 0,
        }
    }
}

/// What the running search is for.
#[derive(Clone, Debug)]
enum Task {
    /// Answer a move and play it (BEGIN, TURN, BOARD).
    Move,
    /// YXNBEST: report the n best lines and the best move (not played).
    NBest,
    /// SWAP2BOARD with 3 or 5 stones: swap, or answer our move.
    Swap2,
}

pub struct GomocupSession {
    out: Output,
    engine: Engine,
    reports: Receiver<Report>,
    game: GameKind,
    rule: Rule,
    settings: Settings,
    task: Option<Task>,
    core: Core<Result<Command, ParseError>>,
    /// Our colour, once known (BEGIN, BOARD, YXBOARD, or the first TURN).
    own: Option<Color>,
    /// Lines wanted by the running search, and whether it is a YXNBEST.
    multipv: usize,
    task_is_nbest: bool,
    /// Squares the search must not play (YXBLOCK), as the GUI wrote them: kept
    /// across START, which Yixin-Board sends before every search.
    blocked: Vec<Coord>,
    /// A new game or position came during the running search: it was stopped, and
    /// its answer is dropped.
    dropped: bool,
}

impl GomocupSession {
    pub fn new(out: Output, game: GameKind, rule: Rule) -> GomocupSession {
        let (tx, rx) = unbounded();
        GomocupSession {
            out,
            engine: Engine::new(tx),
            reports: rx,
            game,
            rule,
            settings: Settings::default(),
            task: None,
            core: Core::default(),
            own: None,
            multipv: 1,
            task_is_nbest: false,
            blocked: Vec::new(),
            dropped: false,
        }
    }

    /// Search threads (the `--threads` flag; `INFO thread_num` overrides it).
    pub fn with_threads(mut self, n: usize) -> GomocupSession {
        self.settings.threads = n.clamp(1, crate::engine::MAX_THREADS);
        self.engine.set_threads(self.settings.threads);
        self
    }

    /// Runs until the session ends. Returns the process exit code.
    pub fn run(mut self, input: Receiver<Input<Result<Command, ParseError>>>) -> i32 {
        let reports = self.reports.clone();
        super::run(&mut self, reports, input);
        0
    }

    fn searching(&self) -> bool {
        self.task.is_some()
    }

    fn reply(&self, r: Reply) {
        self.out.line(&r.to_string());
    }

    fn error(&self, msg: impl Into<String>) {
        self.reply(Reply::Error(msg.into()));
    }

    fn command(&mut self, t: Instant, cmd: Command) {
        log::debug!("< {cmd:?}");
        match cmd {
            Command::Start(n) => self.start(n, n),
            Command::RectStart(w, h) => self.start(w, h),
            Command::Restart => match self.engine.game() {
                Some(p) => {
                    let empty = p.empty_like();
                    self.engine.new_game(empty);
                    self.own = None;
                    self.reply(Reply::Ok);
                }
                None => self.error("no game: send START first"),
            },
            Command::Begin => match self.engine.game() {
                None => self.error("no game: send START first"),
                Some(p) if p.ply() > 0 => self.error("BEGIN needs an empty board"),
                Some(_) => {
                    self.own = Some(Color::Black);
                    self.think(t, Task::Move, 1);
                }
            },
            Command::Turn(c) => self.turn(t, c),
            Command::Board(stones) => match self.board_from(&stones) {
                Ok((p, own)) => {
                    if p.result().is_some() {
                        self.error("the game on that board is over");
                    } else {
                        self.engine.set_position(p);
                        self.own = Some(own);
                        self.think(t, Task::Move, 1);
                    }
                }
                Err(e) => self.error(e),
            },
            Command::YxBoard(stones) => match self.board_from(&stones) {
                Ok((p, own)) => {
                    self.engine.set_position(p);
                    self.own = Some(own);
                }
                Err(e) => self.error(e),
            },
            Command::Takeback(c) => self.takeback(c),
            Command::Play(c) => match self.checked_move(c, self.own_color_for_play()) {
                Ok(mv) => {
                    if let Some(p) = self.engine.game_mut() {
                        let own = *self.own.get_or_insert(p.side_to_move());
                        p.place(mv, own);
                    }
                    self.reply(Reply::Move(c));
                }
                Err(e) => self.error(e),
            },
            Command::Info(info) => self.apply_info(info),
            Command::About => self.reply(Reply::About {
                name: NAME.into(),
                version: VERSION.into(),
                author: AUTHOR.into(),
                country: COUNTRY.into(),
            }),
            Command::Help => {
                for l in super::help::GOMOCUP {
                    self.reply(Reply::Message(l.to_string()));
                }
            }
            Command::End => super::quit(self),
            // Nothing is running: nothing to stop.
            Command::Stop => {}
            Command::YxNbest(n) => match self.engine.game() {
                None => self.error("no game: send START first"),
                Some(p) if p.result().is_some() => self.error("the game is over"),
                Some(_) if n < 1 => self.error("YXNBEST needs a count of at least 1"),
                Some(_) => self.think(t, Task::NBest, n.min(64) as usize),
            },
            Command::YxShowForbid => {
                let points = match self.engine.game() {
                    Some(Position::Gomoku(g)) => g.forbidden_points(),
                    _ => Vec::new(),
                };
                let w = self.engine.game().map_or(1, |p| p.dimensions().0);
                let coords = points
                    .into_iter()
                    .map(|m| {
                        let (x, y) = m.xy(w);
                        Coord {
                            x: x as i32,
                            y: y as i32,
                        }
                    })
                    .collect();
                self.reply(Reply::Forbid(coords));
            }
            Command::YxHashClear => self.engine.clear_hash(),
            Command::YxShowInfo => self.show_info(),
            Command::Swap2Board(stones) => self.swap2(t, &stones),
            Command::YxQueryDatabaseAll(_) => self.query_database_all(),
            Command::YxSwap2Step(step) => self.swap2_step(step),
            Command::YxSoosorvStep { step, n, moves } => self.soosorv_step(step, n, &moves),
            Command::YxBalance { two, target } => self.balance(two, target),
            Command::YxSearchDefend => self.search_defend(),
            Command::YxQueryDatabaseOne(_) => self.query_database_one(),
            Command::YxBlock(coords) => self.block(&coords, false),
            Command::YxBlockUndo(coords) => self.block(&coords, true),
            Command::YxBlockReset => self.blocked.clear(),
            Command::YxShowHashUsage => self.show_hash_usage(),
        }
    }

    fn apply_info(&mut self, info: Info) {
        let s = &mut self.settings;
        match info {
            Info::TimeoutTurn(v) => s.clock.turn = v.max(0),
            Info::TimeoutMatch(v) => s.clock.match_total = v.max(0),
            Info::TimeLeft(v) => s.clock.left = Some(v),
            Info::MaxMemory(v) => {
                s.max_memory = v.max(0) as u64;
                self.resize_hash();
            }
            Info::HashSize(v) => {
                s.hash_kib = v.max(0) as u64;
                self.resize_hash();
            }
            Info::Rule(r) => {
                self.rule = Rule::from_gomocup(r.clamp(0, u32::MAX as i64) as u32);
                self.rebuild_with_rule();
            }
            Info::Game(GameKind::Gomoku) => self.choose_game(GameKind::Gomoku),
            Info::Game(GameKind::TicTacToe) => self.choose_game(GameKind::TicTacToe),
            Info::Game(GameKind::Reversi) => self.choose_game(GameKind::Reversi),
            Info::MaxDepth(d) => s.max_depth = (d > 0).then_some(d.min(100) as u32),
            // Yixin-Board counts max_node in thousands of nodes (its "Fast" level
            // sends 10000 for 10 M nodes).
            Info::MaxNode(n) => s.max_nodes = (n > 0).then_some((n as u64).saturating_mul(1000)),
            Info::ThreadNum(n) => {
                s.threads = n.clamp(1, crate::engine::MAX_THREADS as i64) as usize;
                self.engine.set_threads(s.threads);
            }
            Info::ShowDetail(v) => s.show_detail = v,
            Info::GameType(_) | Info::Folder(_) | Info::Evaluate(_) => {}
            Info::Other(k, v) => log::info!("ignoring INFO {k} {v}"),
        }
    }

    /// `hash_size` sizes the tables (0: the default); `max_memory` limits the whole
    /// process, the tables getting what the program's fixed costs leave of it.
    fn resize_hash(&mut self) {
        let s = &self.settings;
        let bytes = if s.hash_kib > 0 {
            (s.hash_kib.saturating_mul(1024)).min(TranspositionTable::MAX_BYTES as u64) as usize
        } else {
            crate::engine::DEFAULT_HASH_BYTES
        };
        let limit = (s.max_memory > 0).then(|| s.max_memory.min(usize::MAX as u64) as usize);
        self.engine.set_memory_limit(limit);
        self.engine.set_hash_bytes(bytes);
    }

    /// Translates the Gomocup clock into the one time policy's input.
    fn limits(&self, t: Instant, pos: &Position) -> Limits {
        let mut limits = Limits::new(t);
        let s = &self.settings;
        let (w, h) = pos.dimensions();
        let empties = match pos {
            Position::Reversi(g) => g.empties() as i64,
            _ => (w * h).saturating_sub(pos.ply()) as i64,
        };
        if s.clock.turn == 0 && s.clock.left.is_none_or(|l| l > 0) {
            // "Play as fast as possible": a shallow search only.
            limits.time = TimeLimit::Managed {
                soft: std::time::Duration::from_millis(1),
                hard: std::time::Duration::from_millis(15),
            };
        } else {
            limits.time = time_for_move(
                gomocup_clock(s.clock),
                moves_to_go(crate::engine::progress(pos)),
            );
        }
        limits.depth = s.max_depth;
        limits.nodes = s.max_nodes;
        if let Position::TicTacToe(_) = pos {
            // The whole tree: exact.
            limits.depth = Some(empties.max(1) as u32);
        }
        limits
    }

    /// Starts thinking on the game position.
    fn think(&mut self, t: Instant, task: Task, multipv: usize) {
        if let Some(pos) = self.engine.game().cloned() {
            self.think_on(&pos, t, task, multipv);
        }
    }

    /// Starts thinking on `pos` (the game position, or a SWAP2 candidate).
    fn think_on(&mut self, pos: &Position, t: Instant, task: Task, multipv: usize) {
        self.multipv = multipv;
        self.task_is_nbest = matches!(task, Task::NBest);
        let params = SearchParams {
            limits: self.limits(t, pos),
            multipv,
            blocked: self.blocked_moves(pos),
            exact_leaves: 0,
        };
        // Yixin-Board draws the root moves being searched (`REALTIME POS/DONE`).
        let realtime = self.settings.show_detail & 1 != 0 && matches!(task, Task::Move);
        self.engine.set_root_progress(realtime);
        self.engine.go(pos, params);
        self.task = Some(task);
    }

    fn on_report(&mut self, r: Report) {
        match r {
            Report::Info(info) => self.on_info(&info),
            Report::Root(p) => self.on_root(p),
            // Only searches run here.
            Report::Line(_)
            | Report::Nodes { .. }
            | Report::Analysis { .. }
            | Report::Finished(_) => {}
            Report::Done(result) => {
                let task = self.task.take();
                if !std::mem::take(&mut self.dropped) && !self.core.quit {
                    match task {
                        Some(Task::Move) => self.answer_move(&result),
                        Some(Task::NBest) => self.answer_nbest(&result),
                        Some(Task::Swap2) => self.answer_swap2(&result),
                        None => {}
                    }
                }
            }
        }
    }

    fn answer_move(&mut self, r: &SearchResult) {
        if r.best.is_none() {
            return self.error("no legal move");
        }
        self.reply(Reply::Message(self.summary(r)));
        let c = self.coord(r.best);
        if let Some(p) = self.engine.game_mut() {
            p.make(r.best);
        }
        self.reply(Reply::Move(c));
    }

    /// YXNBEST: the lines were reported as they completed; the best move is
    /// answered and played, as Rapfi does.
    fn answer_nbest(&mut self, r: &SearchResult) {
        self.answer_move(r);
    }

    fn show_info(&self) {
        self.reply(Reply::Message(format!("{NAME} {VERSION}")));
        // One search thread for now.
        self.reply(Reply::Message(format!(
            "INFO MAX_THREAD_NUM {}",
            crate::engine::max_threads()
        )));
        // Yixin-Board offers hash sizes up to 2^n KiB.
        self.reply(Reply::Message("INFO MAX_HASH_SIZE 22".into()));
    }
}

/// The Gomocup clock fields as the time policy's input: `timeout_turn` is the turn
/// limit (0: none here; the caller handles "as fast as possible"); the time left is
/// `time_left` when one was received and it is not 2147483647 (unlimited), else
/// `timeout_match` when no `time_left` was received and it is > 0, else none.
fn gomocup_clock(c: GomocupClock) -> Clock {
    const UNLIMITED: i64 = 2_147_483_647;
    let left = match c.left {
        Some(l) if l < UNLIMITED => Some(l),
        Some(_) => None,
        None if c.match_total > 0 => Some(c.match_total),
        None => None,
    };
    Clock {
        left,
        inc: 0,
        movestogo: None,
        turn: (c.turn > 0).then_some(c.turn),
    }
}

impl Dialect for GomocupSession {
    type Command = Result<Command, ParseError>;

    fn core(&mut self) -> &mut Core<Self::Command> {
        &mut self.core
    }

    fn busy(&self) -> bool {
        self.searching()
    }

    /// While thinking, `STOP`/`YXSTOP` and `END` act at once, and `INFO
    /// timeout_turn 0` is Piskvork's stop button ("play as fast as possible"; the
    /// setting itself is applied, in order, after the answer). A new game or
    /// position (START, RECTSTART, RESTART, BOARD, YXBOARD: Yixin-Board's Game ->
    /// New sends them while ply thinks, and nothing else) stops the search at once
    /// and drops its answer, which would belong to the old game; the command then
    /// runs as soon as the search has stopped. Everything else waits.
    fn while_busy(&mut self, _t: Instant, cmd: Self::Command) -> Option<Self::Command> {
        match cmd {
            Ok(
                Command::Start(_)
                | Command::RectStart(..)
                | Command::Restart
                | Command::Board(_)
                | Command::YxBoard(_),
            ) => {
                self.engine.stop();
                self.dropped = true;
                Some(cmd)
            }
            Ok(Command::Stop) => {
                self.engine.stop();
                None
            }
            Ok(Command::End) => {
                super::quit(self);
                None
            }
            Ok(Command::Info(Info::TimeoutTurn(0))) => {
                self.engine.stop();
                Some(cmd)
            }
            other => Some(other),
        }
    }

    fn handle(&mut self, t: Instant, cmd: Self::Command) {
        match cmd {
            Ok(c) => self.command(t, c),
            Err(ParseError::Unknown(m)) => self.reply(Reply::Unknown(m)),
            Err(ParseError::Invalid(m)) => self.error(m),
        }
    }

    fn on_report(&mut self, r: Report) {
        GomocupSession::on_report(self, r)
    }

    /// End of input means quit, but a script that pipes `BEGIN` and closes stdin
    /// still gets its answer: the running think and the queued commands finish
    /// first, within 5 s (a manager that closed the pipe will not wait out
    /// `timeout_turn 2000000`).
    fn end_of_input(&mut self) {
        if self.searching() {
            self.engine.stop_after(std::time::Duration::from_secs(5));
        }
    }

    fn shut(&mut self) {
        self.engine.stop();
        self.out.close();
    }
}
