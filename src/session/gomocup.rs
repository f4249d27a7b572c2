//! The Gomocup session: the engine loop behind the Gomocup dialect.
//!
//! It owns the position and the settings, starts and stops searches, and turns their
//! reports into replies. Commands that arrive while the engine thinks are either
//! handled at once (`STOP`, `YXSTOP`, `END`, `INFO ...`, with `INFO timeout_turn 0`
//! acting as a stop button) or queued and handled, in order, right after the move is
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
    pos: Option<Position>,
    settings: Settings,
    task: Option<Task>,
    core: Core<Result<Command, ParseError>>,
    /// Our colour, once known (BEGIN, BOARD, YXBOARD, or the first TURN).
    own: Option<Color>,
    /// Lines wanted by the running search, and whether it is a YXNBEST.
    multipv: usize,
    task_is_nbest: bool,
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
            pos: None,
            settings: Settings::default(),
            task: None,
            core: Core::default(),
            own: None,
            multipv: 1,
            task_is_nbest: false,
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
            Command::Restart => match &self.pos {
                Some(p) => {
                    self.pos = Some(p.empty_like());
                    self.own = None;
                    self.engine.new_game();
                    self.reply(Reply::Ok);
                }
                None => self.error("no game: send START first"),
            },
            Command::Begin => match &self.pos {
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
                        self.pos = Some(p);
                        self.own = Some(own);
                        self.think(t, Task::Move, 1);
                    }
                }
                Err(e) => self.error(e),
            },
            Command::YxBoard(stones) => match self.board_from(&stones) {
                Ok((p, own)) => {
                    self.pos = Some(p);
                    self.own = Some(own);
                }
                Err(e) => self.error(e),
            },
            Command::Takeback(c) => self.takeback(c),
            Command::Play(c) => match self.checked_move(c, self.own_color_for_play()) {
                Ok(mv) => {
                    if let Some(p) = self.pos.as_mut() {
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
            Command::YxNbest(n) => match &self.pos {
                None => self.error("no game: send START first"),
                Some(p) if p.result().is_some() => self.error("the game is over"),
                Some(_) if n < 1 => self.error("YXNBEST needs a count of at least 1"),
                Some(_) => self.think(t, Task::NBest, n.min(64) as usize),
            },
            Command::YxShowForbid => {
                let points = match &self.pos {
                    Some(Position::Gomoku(g)) => g.forbidden_points(),
                    _ => Vec::new(),
                };
                let w = self.pos.as_ref().map_or(1, |p| p.dimensions().0);
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
        }
    }

    fn start(&mut self, w: i64, h: i64) {
        match self.board_for(w, h) {
            Ok(p) => {
                self.pos = Some(p);
                self.own = None;
                self.engine.new_game();
                self.reply(Reply::Ok);
            }
            Err(e) => self.error(e),
        }
    }

    /// The empty board START `w` `h` makes for the current game choice.
    fn board_for(&self, w: i64, h: i64) -> Result<Position, String> {
        match (self.game, w, h) {
            (_, 3, 3) => Ok(Position::TicTacToe(TicTacToe::new())),
            (GameKind::TicTacToe, _, _) => {
                Err(format!("tic-tac-toe is played on 3x3, not {w}x{h}"))
            }
            (GameKind::Reversi, 8, 8) => Ok(Position::Reversi(Box::default())),
            (GameKind::Reversi, _, _) => Err(format!("reversi is played on 8x8, not {w}x{h}")),
            (GameKind::Gomoku, w, h) if (5..=32).contains(&w) && (5..=32).contains(&h) => {
                Gomoku::new(w as usize, h as usize, self.rule)
                    .map(|g| Position::Gomoku(Box::new(g)))
            }
            _ => Err(format!(
                "unsupported board size {w}x{h} (gomoku: 5 to 32; tic-tac-toe: 3)"
            )),
        }
    }

    /// Checks a move of the colour `mover` (TURN: the opponent's, PLAY: ply's own),
    /// which after YXBOARD is not the side to move on paper: a renju forbidden point
    /// is judged for the colour that plays it.
    fn checked_move(&self, c: Coord, mover: Option<Color>) -> Result<Move, String> {
        match &self.pos {
            None => Err("no game: send START first".into()),
            Some(Position::Reversi(g)) => reversi_move(g, c),
            Some(Position::Gomoku(g)) if mover.is_some_and(|m| m != g.side_to_move()) => {
                let mut as_mover = g.clone();
                as_mover.set_side_to_move(mover.unwrap_or(Color::Black));
                Position::Gomoku(as_mover).check_move(c.x as i64, c.y as i64)
            }
            Some(p) => p.check_move(c.x as i64, c.y as i64),
        }
    }

    /// The colour of the opponent's next stone (TURN; before ply's colour is known,
    /// the side to move's).
    fn opponent_color(&self) -> Option<Color> {
        let p = self.pos.as_ref()?;
        Some(self.own.unwrap_or(p.side_to_move().other()).other())
    }

    /// The colour of ply's own stone for PLAY (before it is known, the side to move's).
    fn own_color_for_play(&self) -> Option<Color> {
        let p = self.pos.as_ref()?;
        Some(self.own.unwrap_or(p.side_to_move()))
    }

    fn turn(&mut self, t: Instant, c: Coord) {
        let mv = match self.checked_move(c, self.opponent_color()) {
            Ok(mv) => mv,
            Err(e) => return self.error(e),
        };
        let Some(p) = self.pos.as_mut() else { return };
        // The stone is the opponent's whatever the side to move says (after YXBOARD
        // it is our turn on paper).
        let own = *self.own.get_or_insert(p.side_to_move().other());
        p.place(mv, own.other());
        if p.result().is_some() {
            // The opponent's move ended the game: there is nothing to answer.
            p.unmake();
            return self.error("that move ends the game; there is no move to answer");
        }
        self.think(t, Task::Move, 1);
    }

    fn takeback(&mut self, c: Coord) {
        let Some(p) = self.pos.as_mut() else {
            return self.error("no game: send START first");
        };
        let (w, h) = p.dimensions();
        let last = p.last_move().map(|(m, _)| m);
        let wanted = if matches!(p, Position::Reversi(_)) && (c.x, c.y) == (-1, -1) {
            Some(Move::PASS)
        } else {
            (c.x >= 0 && c.y >= 0 && (c.x as usize) < w && (c.y as usize) < h)
                .then(|| Move::from_xy(c.x as usize, c.y as usize, w))
        };
        if last.is_some() && last == wanted {
            p.unmake();
            self.reply(Reply::Ok);
        } else {
            self.error(format!("{},{} is not the last move", c.x, c.y));
        }
    }

    /// Builds the position a BOARD/YXBOARD block describes (the old one is untouched).
    fn board_from(&self, stones: &[BoardStone]) -> Result<(Position, Color), String> {
        let Some(p) = &self.pos else {
            return Err("no game: send START first".into());
        };
        if let Position::Reversi(_) = p {
            return reversi_board(stones);
        }
        let mut new = p.empty_like();
        let (w, h) = new.dimensions();
        // Field 3 (continuous game: a stone of a finished line, or a forbidden mark) is
        // accepted and skipped, as Rapfi does: placing it as a stone would make the
        // finished line count again.
        let own = stones.iter().filter(|s| s.field == 1).count();
        let opp = stones.iter().filter(|s| s.field == 2).count();
        // Equal counts: we moved first (black). One fewer: we are white. Anything else
        // (gomoku boards may come in any order): the first stone's owner is black.
        let own_color = if own == opp {
            Color::Black
        } else if own + 1 == opp {
            Color::White
        } else if stones
            .iter()
            .find(|s| s.field != 3)
            .is_some_and(|s| s.field == 1)
        {
            Color::Black
        } else {
            Color::White
        };
        for s in stones.iter().filter(|s| s.field != 3) {
            let (x, y) = (s.at.x, s.at.y);
            if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
                return Err(format!("{x},{y} is off the {w}x{h} board"));
            }
            let mv = Move::from_xy(x as usize, y as usize, w);
            if new.stone(mv).is_some() {
                return Err(format!("{x},{y} is given twice"));
            }
            let color = match s.field {
                1 => own_color,
                2 => own_color.other(),
                f => return Err(format!("bad field {f} at {x},{y}")),
            };
            // A set-up is a position, not a game record: the stones may come in any
            // order, none is judged as a move (renju: never forbidden); the game is
            // over when a line on the board already wins.
            new.set_up(mv, color);
        }
        new.set_side_to_move(own_color);
        Ok((new, own_color))
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

    /// `INFO game`: the game every later START builds. The board in play is kept
    /// when START would make the same game on it (the same game, or `START 3`'s
    /// tic-tac-toe); a board with no move yet becomes the new game at the same size;
    /// a board the new game cannot use, or one with moves on it, stays with an ERROR.
    fn choose_game(&mut self, g: GameKind) {
        self.game = g;
        let Some(p) = &self.pos else { return };
        let (w, h) = p.dimensions();
        let old = p.game().name();
        let new = g.name();
        match self.board_for(w as i64, h as i64) {
            Ok(fresh) if fresh.game() == p.game() => {}
            Ok(fresh) if p.ply() == 0 => {
                self.pos = Some(fresh);
                self.own = None;
            }
            Ok(_) => self.error(format!(
                "the {old} game on the board has moves: it stays; START begins a {new} game"
            )),
            Err(e) => self.error(format!(
                "{e}: the {w}x{h} {old} board stays; START begins a {new} game"
            )),
        }
    }

    fn resize_hash(&mut self) {
        let s = &self.settings;
        let mut bytes = if s.hash_kib > 0 {
            (s.hash_kib.saturating_mul(1024)).min(TranspositionTable::MAX_BYTES as u64) as usize
        } else {
            crate::engine::DEFAULT_HASH_BYTES
        };
        if s.max_memory > 0 {
            // The table takes at most half of the allowance; the rest is for the
            // program, its stacks and the board state.
            let cap = (s.max_memory / 2).saturating_sub(8 << 20).max(1 << 20);
            bytes = bytes.min(cap as usize);
        }
        self.engine.set_hash_bytes(bytes);
    }

    /// Sets the stones up again under the new rule, as a position (a black stone is
    /// not re-judged as forbidden when the rule becomes renju).
    fn rebuild_with_rule(&mut self) {
        if let Some(Position::Gomoku(g)) = &self.pos {
            if g.rule() == self.rule {
                return;
            }
            let (w, h) = g.dimensions();
            if let Ok(mut fresh) = Gomoku::new(w, h, self.rule) {
                for (mv, c) in g.history() {
                    let _ = fresh.set_up(mv, c);
                }
                fresh.set_side_to_move(g.side_to_move());
                self.pos = Some(Position::Gomoku(Box::new(fresh)));
            }
        }
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
        if let Some(pos) = self.pos.clone() {
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
                if !self.core.quit {
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

    fn coord(&self, mv: Move) -> Coord {
        if mv == Move::PASS {
            return Coord { x: -1, y: -1 };
        }
        let w = self.pos.as_ref().map_or(1, |p| p.dimensions().0);
        let (x, y) = mv.xy(w);
        Coord {
            x: x as i32,
            y: y as i32,
        }
    }

    fn pv_text(&self, pv: &[Move]) -> String {
        pv.iter()
            .map(|&m| {
                let c = self.coord(m);
                format!("{},{}", c.x, c.y)
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The root move being searched, for Yixin-Board's analysis view:
    /// `MESSAGE REALTIME POS x,y` when it starts, `DONE x,y` when it ends, `LOSE x,y`
    /// when it is proven lost and `BEST x,y` when it is the iteration's new best.
    fn on_root(&self, p: RootProgress) {
        let (kind, mv) = match p {
            RootProgress::Searching(m) => ("POS", m),
            RootProgress::Searched(m) => ("DONE", m),
            RootProgress::Lost(m) => ("LOSE", m),
            RootProgress::Best(m) => ("BEST", m),
        };
        let c = self.coord(mv);
        self.reply(Reply::Message(format!("REALTIME {kind} {},{}", c.x, c.y)));
    }

    /// Progress while thinking, for GUIs that ask for it with `INFO show_detail`
    /// (bit 1: `MESSAGE REALTIME` lines; bit 2: `INFO PV` blocks), as Rapfi does.
    fn on_info(&self, info: &SearchInfo) {
        let detail = self.settings.show_detail;
        if detail & 1 != 0 && info.multipv == 1 {
            if let Some(&m) = info.pv.first() {
                let c = self.coord(m);
                self.reply(Reply::Message("REALTIME REFRESH".into()));
                self.reply(Reply::Message(format!("REALTIME BEST {},{}", c.x, c.y)));
                // Yixin-Board's analysis view: the value (a plain integer, mates as
                // the raw score) and the line.
                self.reply(Reply::Message(format!("REALTIME VAL {}", info.score)));
                self.reply(Reply::Message(format!(
                    "REALTIME PV {}",
                    self.pv_text(&info.pv)
                )));
            }
        }
        if detail & 2 != 0 {
            let lines = [
                format!("INFO PV {}", info.multipv - 1),
                format!("INFO NUMPV {}", self.multipv),
                format!("INFO DEPTH {}", info.depth),
                format!("INFO SELDEPTH {}", info.seldepth),
                format!("INFO NODES {}", info.nodes),
                format!("INFO TOTALNODES {}", info.nodes),
                format!("INFO TOTALTIME {}", info.time.as_millis()),
                format!("INFO SPEED {}", info.nps()),
                format!("INFO EVAL {}", format_score(info.score)),
                format!("INFO BESTLINE {}", self.pv_text(&info.pv)),
                "INFO PV DONE".to_string(),
            ];
            for l in lines {
                self.reply(Reply::Raw(l));
            }
        }
        if self.task_is_nbest {
            self.reply(Reply::Message(format!(
                "({}) {} | {}-{} | {}",
                info.multipv,
                format_score(info.score),
                info.depth,
                info.seldepth,
                self.pv_text(&info.pv)
            )));
        } else if info.multipv == 1 && info.time >= PROGRESS_AFTER {
            // A long think shows that it is alive: one line per iteration, in the
            // summary line's form.
            self.reply(Reply::Message(format!(
                "Depth {}-{} | Eval {} | Node {} | Speed {} | Time {} ms | PV {}",
                info.depth,
                info.seldepth,
                format_score(info.score),
                info.nodes,
                info.nps(),
                info.time.as_millis(),
                self.pv_text(&info.pv)
            )));
        }
    }

    fn summary(&self, r: &SearchResult) -> String {
        let nps = r.nodes.saturating_mul(1000) / (r.time.as_millis() as u64).max(1);
        // A reversi endgame proven by the solver.
        let proven = match r.solved {
            Solved::No => "",
            Solved::Exact => " (exact)",
            Solved::WinLossDraw => " (win/loss/draw)",
        };
        format!(
            "Depth {}-{} | Eval {}{proven} | Node {} | Speed {} | Time {} ms | PV {}",
            r.depth,
            r.seldepth,
            format_score(r.score),
            r.nodes,
            nps,
            r.time.as_millis(),
            self.pv_text(&r.pv)
        )
    }

    fn answer_move(&mut self, r: &SearchResult) {
        if r.best.is_none() {
            return self.error("no legal move");
        }
        self.reply(Reply::Message(self.summary(r)));
        let c = self.coord(r.best);
        if let Some(p) = self.pos.as_mut() {
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

    // ---- SWAP2 ----------------------------------------------------------------

    fn swap2(&mut self, t: Instant, stones: &[Coord]) {
        let Some(Position::Gomoku(g)) = &self.pos else {
            return self.error("SWAP2BOARD needs a gomoku board: send START first");
        };
        let (w, h) = g.dimensions();
        match stones.len() {
            0 => {
                // Our opening: a centre stone, a diagonal neighbour and a loose third
                // stone; the opponent then chooses.
                let (cx, cy) = (w as i32 / 2, h as i32 / 2);
                self.reply(Reply::Stones(vec![
                    Coord { x: cx, y: cy },
                    Coord {
                        x: cx + 1,
                        y: cy + 1,
                    },
                    Coord {
                        x: cx + 1,
                        y: cy - 2,
                    },
                ]));
            }
            3 | 5 => {
                let Some(p) = self.pos.as_ref() else { return };
                let mut board = p.empty_like();
                for (i, c) in stones.iter().enumerate() {
                    let mv = match board.check_move(c.x as i64, c.y as i64) {
                        Ok(mv) => mv,
                        Err(e) => return self.error(e),
                    };
                    board.place(
                        mv,
                        if i % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        },
                    );
                }
                board.set_side_to_move(Color::White);
                self.think_on(&board, t, Task::Swap2, 1);
            }
            n => self.error(format!("SWAP2BOARD takes 0, 3 or 5 stones, not {n}")),
        }
    }

    fn answer_swap2(&mut self, r: &SearchResult) {
        // White to move here; a clearly bad score for white means black is the side
        // to take.
        let reply = if r.score < -SWAP_MARGIN || r.best.is_none() {
            Reply::Swap
        } else {
            Reply::Move(self.coord(r.best))
        };
        self.reply(reply);
    }
}

/// Checks a reversi move for the side to move: `-1,-1` is a pass (legal only when the
/// side to move has no move).
fn reversi_move(g: &Reversi, c: Coord) -> Result<Move, String> {
    if g.is_over() {
        return Err("the game is over".into());
    }
    if (c.x, c.y) == (-1, -1) {
        return if g.is_legal(Move::PASS) {
            Ok(Move::PASS)
        } else {
            Err("cannot pass: there is a legal move".into())
        };
    }
    let (x, y) = (c.x, c.y);
    if !(0..8).contains(&x) || !(0..8).contains(&y) {
        return Err(format!("{x},{y} is off the 8x8 board"));
    }
    let mv = Move::from_xy(x as usize, y as usize, 8);
    if g.disc(mv.index()).is_some() {
        Err(format!("{x},{y} is occupied"))
    } else if g.is_legal(Move::PASS) {
        Err(format!(
            "{x},{y}: the side to move has no move and must pass (-1,-1)"
        ))
    } else if !g.is_legal(mv) {
        Err(format!("{x},{y} flips no disc"))
    } else {
        Ok(mv)
    }
}

/// A reversi BOARD/YXBOARD block: the moves of the game in order from the start
/// position (the four centre discs are not listed), field 1 ours, 2 the opponent's,
/// replayed with their flips; a pass is implied when a colour moves twice in a row (or
/// written `-1,-1`); field 3 is skipped. The first move is black's, so its field tells
/// our colour (an empty block: we are black). Our colour must be the one to move at
/// the end.
fn reversi_board(stones: &[BoardStone]) -> Result<(Position, Color), String> {
    let mut g = Reversi::new();
    let moves: Vec<&BoardStone> = stones.iter().filter(|s| s.field != 3).collect();
    let own = match moves.first() {
        Some(s) if s.field == 2 => Color::White,
        _ => Color::Black,
    };
    for s in moves {
        let color = if s.field == 1 { own } else { own.other() };
        if color != g.side_to_move() && g.is_legal(Move::PASS) {
            g.make(Move::PASS);
        }
        if color != g.side_to_move() {
            return Err(format!(
                "{},{}: not that side's turn (the side to move has a move)",
                s.at.x, s.at.y
            ));
        }
        let mv = reversi_move(&g, s.at)?;
        g.make(mv);
    }
    if g.is_over() {
        return Err("the game on that board is over".into());
    }
    if own != g.side_to_move() {
        if g.is_legal(Move::PASS) {
            g.make(Move::PASS);
        } else {
            return Err("it is the opponent's turn on that board".into());
        }
    }
    Ok((Position::Reversi(Box::new(g)), own))
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

/// Thinking longer than this, a move search reports every iteration it completes.
const PROGRESS_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// Evaluation (for white to move) below which SWAP2 takes black.
const SWAP_MARGIN: i32 = 60;

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
    /// setting itself is applied, in order, after the answer). Everything else waits.
    fn while_busy(&mut self, _t: Instant, cmd: Self::Command) -> Option<Self::Command> {
        match cmd {
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
