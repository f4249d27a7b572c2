//! The UCI/UGI session: the engine loop behind the UCI dialect (and its UGI
//! generalisation), modelled on the Gomocup session.
//!
//! While a search runs, `isready` is answered at once, `stop`, `quit` and
//! `ponderhit` act at once and `debug` is applied at once; a new game or position
//! (`ucinewgame`, `uginewgame`, `position`) stops the search as `stop` does; every
//! command (but those acting at once) is then handled, in order, right after the
//! search's `bestmove`, as Stockfish does for `setoption` and `ucinewgame`. Every
//! `go` gets exactly one `bestmove`; after `go infinite` (or `go ponder`) it is held
//! until `stop` (or `quit`, or `ponderhit` turns the ponder search into a normal
//! one).

use std::time::{Duration, Instant};

use crossbeam_channel::{unbounded, Receiver};

use super::gomocup::{AUTHOR, NAME, VERSION};
use crate::engine::{Engine, Position, Report, DEFAULT_HASH_BYTES, MAX_THREADS};
use crate::games::gomoku::Rule;
use crate::games::Color;
use crate::games::GameKind;
use crate::io::{Input, Output};
use crate::protocol::notation::{
    line_text, move_from_text, move_text, position_from_fen, result_text, variant_by_name,
    variant_for, Variant, MAX_NOTATION_WIDTH, VARIANTS,
};
use crate::protocol::uci::{
    Command, Fen, Go, OptionKind, ParseError, Query, Reply, Score, SearchLine, Start,
};
use crate::search::limits::{moves_to_go, time_for_move, Clock};
use crate::search::tt::TranspositionTable;

use super::{Core, Dialect};
use crate::search::{mate_in, Limits, SearchInfo, SearchParams, SearchResult, TimeLimit};

/// After the end of input, every search still running or queued ends within this.
const EOF_GRACE: Duration = Duration::from_secs(5);

/// A search that has been started by `go` and not yet answered.
struct Running {
    /// The position searched (moves are written relative to it).
    pos: Position,
    /// `go infinite` / `go ponder`: the answer waits for `stop`.
    hold: bool,
    /// Held, or bounded by no clock, depth or node count: after end of input
    /// (nobody left to send `stop`) it ends at once.
    open_ended: bool,
    /// `stop` or `quit` arrived: answer as soon as the result is there.
    stopped: bool,
    /// A finished search whose answer is held.
    held: Option<SearchResult>,
    /// `go ponder ...`: the limits to search with once `ponderhit` arrives.
    ponder: Option<Go>,
    /// `ponderhit` arrived: start the real search when this one reports done.
    restart: Option<(Instant, Go)>,
}

pub struct UciSession {
    out: Output,
    engine: Engine,
    reports: Receiver<Report>,
    variant: &'static Variant,
    /// `BoardSize` for the gomoku family's start position (0 = the variant's own).
    board_size: usize,
    debug: bool,
    running: Option<Running>,
    core: Core<Result<Command, ParseError>>,
    /// Set at the end of input: every search still to come must end by then.
    eof_deadline: Option<Instant>,
}

fn start_position(v: &Variant, board_size: usize) -> Result<Position, String> {
    let (w, h) = match v.game {
        GameKind::Gomoku if board_size > 0 => (board_size, board_size),
        _ => v.size,
    };
    Position::new_game(v.game, v.rule, w, h)
}

impl UciSession {
    pub fn new(out: Output, game: GameKind, rule: Rule) -> UciSession {
        let (tx, rx) = unbounded();
        let mut variant = variant_for(game, rule);
        let pos = match start_position(variant, 0) {
            Ok(p) => p,
            Err(e) => {
                log::error!("{e}");
                variant = &VARIANTS[0];
                Position::new_game(variant.game, variant.rule, 15, 15)
                    .unwrap_or(Position::TicTacToe(Default::default()))
            }
        };
        let mut engine = Engine::new(tx);
        engine.new_game(pos);
        UciSession {
            out,
            engine,
            reports: rx,
            variant,
            board_size: 0,
            debug: false,
            running: None,
            core: Core::default(),
            eof_deadline: None,
        }
    }

    /// The engine's game (a UCI session always has one: the start position at first).
    fn pos(&self) -> Position {
        self.engine
            .game()
            .cloned()
            .unwrap_or_else(|| Position::TicTacToe(Default::default()))
    }

    /// Search threads (the `Threads` option overrides it).
    pub fn with_threads(mut self, n: usize) -> UciSession {
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

    fn say(&self, text: impl Into<String>) {
        self.reply(Reply::InfoString(text.into()));
    }

    fn command(&mut self, t: Instant, cmd: Command) {
        log::debug!("< {cmd}");
        match cmd {
            Command::Uci => self.identify(false),
            Command::Ugi => self.identify(true),
            Command::IsReady => self.reply(Reply::ReadyOk),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame | Command::UgiNewGame => {
                self.engine.clear_hash();
                self.reset_position();
            }
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(go) => self.go(t, go),
            // Nothing runs: nothing to stop or to hit.
            Command::Stop | Command::PonderHit => {}
            Command::Quit => super::quit(self),
            Command::Query(q) => self.query(q),
            Command::Debug(on) => self.debug = on,
            Command::Help => {
                for l in super::help::UCI {
                    self.say(l.to_string());
                }
            }
        }
    }

    fn identify(&self, ugi: bool) {
        self.reply(Reply::IdName(format!("{NAME} {VERSION}")));
        self.reply(Reply::IdAuthor(AUTHOR.into()));
        for (name, kind) in self.options() {
            self.reply(Reply::Option {
                name: name.into(),
                kind,
            });
        }
        self.reply(if ugi { Reply::UgiOk } else { Reply::UciOk });
    }

    fn options(&self) -> Vec<(&'static str, OptionKind)> {
        let max_mb = (TranspositionTable::MAX_BYTES >> 20) as i64;
        vec![
            (
                "Hash",
                OptionKind::Spin {
                    default: (DEFAULT_HASH_BYTES >> 20) as i64,
                    min: 1,
                    max: max_mb,
                },
            ),
            (
                "Threads",
                OptionKind::Spin {
                    default: self.engine.threads() as i64,
                    min: 1,
                    max: MAX_THREADS as i64,
                },
            ),
            ("Clear Hash", OptionKind::Button),
            (
                "UCI_Variant",
                OptionKind::Combo {
                    default: self.variant.name.into(),
                    vars: VARIANTS.iter().map(|v| v.name.to_string()).collect(),
                },
            ),
            (
                "BoardSize",
                OptionKind::Spin {
                    default: 15,
                    min: crate::games::gomoku::MIN_SIZE as i64,
                    max: MAX_NOTATION_WIDTH as i64,
                },
            ),
        ]
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let spin = |v: Option<&str>, min: i64, max: i64| -> Result<i64, String> {
            let v = v.ok_or_else(|| format!("option {name} needs a value"))?;
            match v.trim().parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "option {name}: '{v}' is not a number from {min} to {max}"
                )),
            }
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let max_mb = (TranspositionTable::MAX_BYTES >> 20) as i64;
                spin(value, 1, max_mb).map(|mb| self.engine.set_hash_bytes((mb as usize) << 20))
            }
            // More threads than logical CPUs are accepted and cut (the engine logs it).
            "threads" => {
                spin(value, 1, MAX_THREADS as i64).map(|n| self.engine.set_threads(n as usize))
            }
            "clear hash" => {
                self.engine.clear_hash();
                Ok(())
            }
            "uci_variant" => match value.and_then(variant_by_name) {
                Some(v) => {
                    self.variant = v;
                    self.reset_position();
                    Ok(())
                }
                None => Err(format!(
                    "UCI_Variant: unknown variant '{}' ({})",
                    value.unwrap_or(""),
                    VARIANTS
                        .iter()
                        .map(|v| v.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            },
            "boardsize" => spin(
                value,
                crate::games::gomoku::MIN_SIZE as i64,
                MAX_NOTATION_WIDTH as i64,
            )
            .map(|n| {
                self.board_size = n as usize;
                self.reset_position();
            }),
            // Options GUIs send to every engine: accepted, nothing to do.
            "ponder" | "uci_opponent" | "multipv" => Ok(()),
            _ => Err(format!("unknown option '{name}'")),
        };
        if let Err(e) = result {
            self.say(e);
        }
    }

    /// The variant's start position (the current one stays if it cannot be built).
    fn reset_position(&mut self) {
        match start_position(self.variant, self.board_size) {
            Ok(p) => self.engine.set_position(p),
            Err(e) => self.say(e),
        }
    }

    /// `position`: builds the new position; a bad FEN changes nothing; an illegal
    /// move is reported and it and the moves after it are ignored.
    fn set_position(&mut self, start: Start, moves: &[String]) {
        let base = match &start {
            Start::StartPos => start_position(self.variant, self.board_size),
            Start::Fen(text) => {
                Fen::parse(text).and_then(|fen| position_from_fen(self.variant, &fen))
            }
        };
        let mut pos = match base {
            Ok(p) => p,
            Err(e) => return self.say(format!("error: {e}; position unchanged")),
        };
        for (i, token) in moves.iter().enumerate() {
            match move_from_text(&pos, token) {
                Ok(mv) => pos.make(mv),
                Err(e) => {
                    self.say(format!(
                        "illegal move {} ({e}); ignoring it and the {} move(s) after it",
                        i + 1,
                        moves.len() - i - 1
                    ));
                    break;
                }
            }
        }
        self.engine.set_position(pos);
    }

    fn query(&self, q: Query) {
        let answer = match q {
            Query::GameOver => self.pos().result().is_some().to_string(),
            Query::P1Turn => (self.pos().side_to_move() == Color::Black).to_string(),
            Query::Result => result_text(&self.pos()).to_string(),
        };
        self.reply(Reply::Response(answer));
    }

    // ---- searching ---------------------------------------------------------------

    fn limits(&self, t: Instant, go: &Go, pos: &Position) -> Limits {
        let mut limits = Limits::new(t);
        let first = pos.side_to_move() == Color::Black;
        let (time, inc) = if first {
            (go.p1time.or(go.wtime), go.p1inc.or(go.winc))
        } else {
            (go.p2time.or(go.btime), go.p2inc.or(go.binc))
        };
        // Translated into the one time policy's input: `movetime` is a turn limit
        // (with a clock too, both bound the move).
        limits.time = if go.infinite || go.ponder {
            TimeLimit::Unlimited
        } else {
            let clock = Clock {
                left: time,
                inc: inc.unwrap_or(0),
                movestogo: go.movestogo.filter(|&m| m > 0),
                turn: go.movetime,
            };
            time_for_move(clock, moves_to_go(crate::engine::progress(pos)))
        };
        limits.depth = go.depth.map(|d| d.clamp(1, 100) as u32);
        limits.nodes = go.nodes.filter(|&n| n > 0).map(|n| n as u64);
        if let Some(cap) = pos.depth_cap() {
            // The whole tree is tiny: searching it to the end is exact.
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        }
        limits
    }

    fn go(&mut self, t: Instant, go: Go) {
        let pos = self.pos();
        let params = SearchParams::new(self.limits(t, &go, &pos), 1);
        let hold = go.infinite || go.ponder;
        let open_ended = hold || params.limits.is_open_ended();
        self.engine.go(&pos, params);
        self.running = Some(Running {
            pos,
            hold,
            open_ended,
            stopped: false,
            held: None,
            ponder: go.ponder.then_some(go),
            restart: None,
        });
        if let Some(deadline) = self.eof_deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if open_ended || left.is_zero() {
                self.stop_search();
            } else {
                self.engine.stop_after(left);
            }
        }
    }

    fn stop_search(&mut self) {
        let Some(r) = self.running.as_mut() else {
            if self.core.eof {
                super::quit(self);
            }
            return;
        };
        r.stopped = true;
        r.restart = None;
        match r.held.take() {
            Some(result) => self.answer(result),
            None => self.engine.stop(),
        }
    }

    /// `ponderhit`: the move pondered on was played; search it for real with the
    /// `go ponder` command's clock (the hash table keeps the ponder work).
    fn ponderhit(&mut self, t: Instant) {
        let Some(r) = self.running.as_mut() else {
            return;
        };
        if let Some(mut go) = r.ponder.take() {
            go.ponder = false;
            match r.held.take() {
                Some(_) => {
                    self.running = None;
                    self.go(t, go);
                }
                None => {
                    r.restart = Some((t, go));
                    self.engine.stop();
                }
            }
        }
    }

    fn on_report(&mut self, report: Report) {
        match report {
            Report::Info(info) => self.on_info(&info),
            // Only searches run here, with no root progress.
            Report::Root(_)
            | Report::Line(_)
            | Report::Nodes { .. }
            | Report::Analysis { .. }
            | Report::Finished(_) => {}
            Report::Done(result) => {
                let Some(r) = self.running.as_mut() else {
                    return;
                };
                if let Some((t, go)) = r.restart.take() {
                    self.running = None;
                    return self.go(t, go);
                }
                if r.hold && !r.stopped {
                    r.held = Some(result);
                    return;
                }
                self.answer(result);
            }
        }
    }

    fn score(score: i32) -> Score {
        match mate_in(score) {
            // Plies to moves, as UCI counts them (our move first).
            Some(p) if p > 0 => Score::Mate((p + 1) / 2),
            Some(p) => Score::Mate(p / 2),
            None => Score::Cp(score),
        }
    }

    fn on_info(&self, info: &SearchInfo) {
        let Some(r) = &self.running else { return };
        if info.multipv != 1 {
            return;
        }
        self.reply(Reply::Info(SearchLine {
            depth: Some(info.depth),
            seldepth: Some(info.seldepth),
            multipv: None,
            score: Some(Self::score(info.score)),
            nodes: Some(info.nodes),
            nps: Some(info.nps()),
            time: Some(info.time.as_millis() as u64),
            hashfull: Some(self.engine.hashfull()),
            pv: line_text(&r.pos, &info.pv),
        }));
    }

    /// The one `bestmove` of a `go`, then the queued commands.
    fn answer(&mut self, result: SearchResult) {
        let Some(r) = self.running.take() else { return };
        if self.debug {
            self.say(format!(
                "depth {} nodes {} time {} ms",
                result.depth,
                result.nodes,
                result.time.as_millis()
            ));
        }
        let mv = if result.best.is_none() {
            "(none)".to_string()
        } else {
            move_text(&r.pos, result.best).to_string()
        };
        // No `ponder` move: ply does not offer the Ponder option.
        self.reply(Reply::BestMove { mv, ponder: None });
    }
}

impl Dialect for UciSession {
    type Command = Result<Command, ParseError>;

    fn core(&mut self) -> &mut Core<Self::Command> {
        &mut self.core
    }

    fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// While a search runs, `isready` is answered, `stop`, `quit` and `ponderhit`
    /// act and `debug` is applied at once; every other command waits. A new game or
    /// position (`ucinewgame`, `uginewgame`, `position`) should come only after
    /// `stop`; if it comes during the search, it stops it as `stop` would (the
    /// search still answers its `bestmove`, as every `go` must be answered), then
    /// runs.
    fn while_busy(&mut self, t: Instant, cmd: Self::Command) -> Option<Self::Command> {
        match cmd {
            Ok(Command::UciNewGame | Command::UgiNewGame | Command::Position { .. }) => {
                self.stop_search();
                return Some(cmd);
            }
            Ok(Command::IsReady) => self.reply(Reply::ReadyOk),
            Ok(Command::Stop) => self.stop_search(),
            Ok(Command::Quit) => {
                self.core.eof = true;
                self.core.clear_pending();
                self.stop_search();
            }
            Ok(Command::PonderHit) => self.ponderhit(t),
            Ok(Command::Debug(on)) => self.debug = on,
            other => return Some(other),
        }
        None
    }

    fn handle(&mut self, t: Instant, cmd: Self::Command) {
        match cmd {
            Ok(c) => self.command(t, c),
            Err(ParseError::Unknown(m)) => self.say(format!("unknown command: {m}")),
            Err(ParseError::Invalid(m)) => self.say(format!("error: {m}")),
        }
    }

    fn on_report(&mut self, r: Report) {
        UciSession::on_report(self, r)
    }

    /// End of input: a running finite search still gets its answer (a script that
    /// pipes `go movetime 100` and closes stdin wants the move); a held one
    /// (infinite, ponder) is stopped and answered; then the session ends.
    fn end_of_input(&mut self) {
        // A script may pipe `go depth 8` and close stdin: bounded searches still
        // answer, but all of them within EOF_GRACE (a `go depth 100` on a big
        // board would otherwise outlive its manager for ever).
        self.eof_deadline = Some(Instant::now() + EOF_GRACE);
        if self.running.is_some() {
            self.engine.stop_after(EOF_GRACE);
        }
        if self.running.as_ref().is_some_and(|r| r.open_ended) {
            self.stop_search();
        }
    }

    fn shut(&mut self) {
        self.engine.stop();
    }
}
