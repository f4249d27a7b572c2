//! One game between two engine processes, refereed on our own [`Gomoku`] board.
//!
//! The protocol follows GomocupJudge (`client/ai_match.py`, `new_protocol.py`):
//! each engine is started with `START` and the `INFO` settings; its first move
//! request is `BEGIN` on an empty board, otherwise a `BOARD` block with every stone
//! so far in play order (field 1 = the receiving engine's own stone, 2 = the
//! opponent's); every later request is `TURN x,y` with the opponent's last move.
//! `INFO time_left` precedes each request when the match is timed.

use std::time::{Duration, Instant};

use crossbeam_channel::Receiver;

use super::engine_proc::{EngineError, EngineProc, StderrMode};
use crate::games::gomoku::{Gomoku, Rule};
use crate::games::{Color, Game, GameResult, Move};
use crate::protocol::gomocup::{BoardStone, Command, Coord, Info};

/// Everything about a game that is the same for every game of the match.
#[derive(Clone, Debug)]
pub struct GameConfig {
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    /// Time per move (`INFO timeout_turn`), > 0.
    pub turn_ms: u64,
    /// Time for the whole game per engine (`INFO timeout_match`); 0 = no limit.
    pub match_ms: u64,
    /// How late an answer may be before it loses on time.
    pub margin_ms: u64,
    /// `INFO max_memory` in bytes (0 = no limit).
    pub max_memory: u64,
    /// Time to answer `START` with `OK`.
    pub init_ms: u64,
    /// Draw after this many moves past the opening.
    pub max_moves: Option<usize>,
    pub stderr: StderrMode,
    /// The least time between an engine's move line and the next command we send
    /// it (0 = none); not charged to its clock.
    pub relay_pause_ms: u64,
}

/// One side of the match.
#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    pub cmd: String,
    /// The depth to search to: NBoard `set depth` (reversi), `INFO max_depth`
    /// (gomoku); `None`: not sent.
    pub depth: Option<u32>,
}

/// How a game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    Five,
    FullBoard,
    MoveLimit,
    /// Off the board or on an occupied square (the raw coordinates, the problem).
    Illegal(i64, i64, &'static str),
    /// Renju: black played a forbidden point.
    Forbidden(usize, usize),
    /// Answered too late (or not at all): which limit, how long it took in ms.
    Time(&'static str, u64),
    /// The engine exited / its pipes broke.
    Crash,
    Garbage(String),
    /// `START` not answered with `OK` in time.
    StartFailed(String),
    /// Reversi: neither side can move; the discs of black and white.
    Discs(u32, u32),
    /// Reversi: a move that is not legal in the position (its name).
    IllegalMove(String),
}

impl EndReason {
    /// A short fixed name for tallies.
    pub fn kind(&self) -> &'static str {
        match self {
            EndReason::Five => "five",
            EndReason::FullBoard => "full board",
            EndReason::MoveLimit => "move limit",
            EndReason::Illegal(..) => "illegal move",
            EndReason::Forbidden(..) => "forbidden move",
            EndReason::Time(..) => "time forfeit",
            EndReason::Crash => "crash",
            EndReason::Garbage(_) => "garbage output",
            EndReason::StartFailed(_) => "start failed",
            EndReason::Discs(..) => "game over",
            EndReason::IllegalMove(_) => "illegal move",
        }
    }

    /// Lost by a rule or protocol violation rather than on the board or the clock.
    pub fn is_forfeit(&self) -> bool {
        matches!(
            self,
            EndReason::Illegal(..)
                | EndReason::Forbidden(..)
                | EndReason::Crash
                | EndReason::Garbage(_)
                | EndReason::StartFailed(_)
                | EndReason::IllegalMove(_)
        )
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndReason::Illegal(x, y, why) => write!(f, "illegal move {x},{y} ({why})"),
            EndReason::Forbidden(x, y) => write!(f, "forbidden move {x},{y}"),
            EndReason::Time(which, ms) => write!(f, "time forfeit ({which}, {ms} ms)"),
            EndReason::Garbage(l) => write!(f, "garbage output '{l}'"),
            EndReason::StartFailed(why) => write!(f, "start failed: {why}"),
            EndReason::Discs(b, w) => {
                write!(f, "{b}-{w} ({:+})", i64::from(*b) - i64::from(*w))
            }
            EndReason::IllegalMove(m) => write!(f, "illegal move {m}"),
            other => write!(f, "{}", other.kind()),
        }
    }
}

/// One stone of the game record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveRecord {
    pub x: usize,
    pub y: usize,
    pub color: Color,
    /// Thinking time; `None` for opening stones.
    pub ms: Option<u64>,
    /// The engine's last report of its search before the move (a Gomocup `MESSAGE`
    /// line naming a depth, without the word MESSAGE), if it sent one.
    pub search: Option<String>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Names of black and white.
    pub names: [String; 2],
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    pub moves: Vec<MoveRecord>,
    /// `None` = draw.
    pub winner: Option<Color>,
    pub reason: EndReason,
    /// Moves answered after the turn limit (but within the margin), per colour.
    pub late: [u32; 2],
    /// Longest think per colour, ms.
    pub max_ms: [u64; 2],
    /// Total thinking time per colour, ms.
    pub total_ms: [u64; 2],
    /// Total thinking time per colour, microseconds (for the reversi means).
    pub total_us: [u64; 2],
    /// Reversi: the whole game for its GGF record (`None` in gomoku).
    pub reversi: Option<super::nboard_game::ReversiRecord>,
}

impl GameRecord {
    /// Moves the engines played (opening stones excluded).
    pub fn engine_moves(&self) -> usize {
        self.moves.iter().filter(|m| m.ms.is_some()).count()
    }

    /// Charges `elapsed` of thinking to colour index `ci`; its whole milliseconds.
    pub fn charge(&mut self, ci: usize, elapsed: Duration) -> u64 {
        let ms = elapsed.as_millis() as u64;
        self.total_ms[ci] += ms;
        self.total_us[ci] += elapsed.as_micros() as u64;
        self.max_ms[ci] = self.max_ms[ci].max(ms);
        ms
    }
}

/// The loss an engine's failed answer to a move request means (`None`: the match
/// was stopped); a timed-out engine is killed. `which` names the limit it ran over.
pub fn loss_for(
    err: EngineError,
    proc: &mut EngineProc,
    sent: Instant,
    which: &'static str,
) -> Option<EndReason> {
    Some(match err {
        EngineError::Aborted => return None,
        EngineError::Timeout => {
            proc.kill();
            let ms = Instant::now().saturating_duration_since(sent).as_millis() as u64;
            EndReason::Time(which, ms)
        }
        EngineError::Exited => EndReason::Crash,
        EngineError::Garbage(l) | EngineError::Refused(l) => {
            EndReason::Garbage(l.chars().take(60).collect())
        }
    })
}

struct Side {
    proc: EngineProc,
    /// `INFO max_depth` to send after the other settings.
    depth: Option<u32>,
    /// Has this engine had its first move request (BEGIN/BOARD) yet?
    started: bool,
    used: Duration,
}

/// Result of trying to get both engines ready.
enum Setup {
    Ready,
    Failed(Color, String),
}

/// Plays one game: `players[0]` is black, `players[1]` white. `opening` is the stones
/// in play order (absolute coordinates, already validated). `Ok(None)` if the match
/// was stopped meanwhile; `Err` if an engine cannot even be started (a bad command).
pub fn play_game(
    cfg: &GameConfig,
    players: [&Player; 2],
    opening: &[(usize, usize)],
    stop: &Receiver<()>,
) -> Result<Option<GameRecord>, String> {
    let mut board = Gomoku::new(cfg.width, cfg.height, cfg.rule)?;
    let mut moves = Vec::new();
    for (i, &(x, y)) in opening.iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        board.try_place(Move::from_xy(x, y, cfg.width), color)?;
        moves.push(MoveRecord {
            x,
            y,
            color,
            ms: None,
            search: None,
        });
    }
    if board.result().is_some() {
        return Err("the opening is already a finished game".into());
    }
    let mut sides = Vec::with_capacity(2);
    for (i, p) in players.iter().enumerate() {
        let label = format!("{}({})", p.name, if i == 0 { "black" } else { "white" });
        let proc = EngineProc::spawn(&p.cmd, &label, cfg.stderr, stop.clone())?;
        sides.push(Side {
            proc,
            depth: p.depth,
            started: false,
            used: Duration::ZERO,
        });
    }
    let mut rec = GameRecord {
        names: [players[0].name.clone(), players[1].name.clone()],
        width: cfg.width,
        height: cfg.height,
        rule: cfg.rule,
        moves,
        winner: None,
        reason: EndReason::FullBoard,
        late: [0; 2],
        max_ms: [0; 2],
        total_ms: [0; 2],
        total_us: [0; 2],
        reversi: None,
    };

    let outcome = match setup(cfg, &mut sides) {
        Err(()) => None,
        Ok(Setup::Failed(color, why)) => {
            rec.winner = Some(color.other());
            rec.reason = EndReason::StartFailed(why);
            Some(rec)
        }
        Ok(Setup::Ready) => play_moves(cfg, &mut board, &mut sides, rec, opening.len()),
    };

    // Say END to both, give them a moment to exit together, then kill.
    for s in sides.iter_mut() {
        s.proc
            .relay_pause(Duration::from_millis(cfg.relay_pause_ms));
        s.proc.end();
    }
    let deadline = Instant::now() + Duration::from_millis(500);
    for s in sides.iter_mut() {
        s.proc.reap(deadline);
    }
    Ok(outcome)
}

/// START and INFO to both engines. `Err(())` if the match was stopped.
fn setup(cfg: &GameConfig, sides: &mut [Side]) -> Result<Setup, ()> {
    for (i, s) in sides.iter_mut().enumerate() {
        let color = color_of(i);
        let start = if cfg.width == cfg.height {
            Command::Start(cfg.width as i64)
        } else {
            Command::RectStart(cfg.width as i64, cfg.height as i64)
        };
        let deadline = Instant::now() + Duration::from_millis(cfg.init_ms);
        let answer = s
            .proc
            .send_command(&start)
            .and_then(|_| s.proc.wait_ok(deadline));
        match answer {
            Ok(()) => {}
            Err(EngineError::Aborted) => return Err(()),
            Err(e) => {
                if e == EngineError::Timeout {
                    s.proc.kill();
                }
                return Ok(Setup::Failed(color, e.to_string()));
            }
        }
        let infos = [
            Info::TimeoutTurn(wire_int(cfg.turn_ms)),
            Info::TimeoutMatch(wire_int(cfg.match_ms)),
            Info::MaxMemory(wire_int(cfg.max_memory)),
            Info::GameType(1),
            Info::Rule(cfg.rule.gomocup_number() as i64),
        ];
        let depth = s.depth.map(|d| Info::MaxDepth(i64::from(d)));
        for info in infos.into_iter().chain(depth) {
            if let Err(e) = s.proc.send_command(&Command::Info(info)) {
                return Ok(Setup::Failed(color, e.to_string()));
            }
        }
    }
    Ok(Setup::Ready)
}

/// A count (milliseconds, bytes) as the protocol's integer.
fn wire_int(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// A board square as the protocol writes it.
fn coord(x: usize, y: usize) -> Coord {
    Coord::new(x as i32, y as i32)
}

fn color_of(i: usize) -> Color {
    if i == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// Plays from the set-up position to the end. `None` if the match was stopped.
fn play_moves(
    cfg: &GameConfig,
    board: &mut Gomoku,
    sides: &mut [Side],
    mut rec: GameRecord,
    opening_len: usize,
) -> Option<GameRecord> {
    let turn = Duration::from_millis(cfg.turn_ms);
    let total = Duration::from_millis(cfg.match_ms);
    let margin = Duration::from_millis(cfg.margin_ms);
    loop {
        let color = board.side_to_move();
        let ci = color.index();
        let s = &mut sides[ci];
        let left = (cfg.match_ms > 0).then(|| total.saturating_sub(s.used));

        // The request.
        let mut cmds = Vec::new();
        if let Some(l) = left {
            cmds.push(Command::Info(Info::TimeLeft(
                wire_int(l.as_millis() as u64),
            )));
        }
        if !s.started {
            s.started = true;
            let history = board.history();
            if history.is_empty() {
                cmds.push(Command::Begin);
            } else {
                let stones = history
                    .into_iter()
                    .map(|(mv, c)| {
                        let (x, y) = mv.xy(cfg.width);
                        BoardStone {
                            at: coord(x, y),
                            field: if c == color { 1 } else { 2 },
                        }
                    })
                    .collect();
                cmds.push(Command::Board(stones));
            }
        } else if let Some((mv, _)) = board.last_move() {
            let (x, y) = mv.xy(cfg.width);
            cmds.push(Command::Turn(coord(x, y)));
        }
        s.proc
            .relay_pause(Duration::from_millis(cfg.relay_pause_ms));
        s.proc.drain();
        let mut sent_ok = true;
        for c in &cmds {
            if s.proc.send_command(c).is_err() {
                sent_ok = false;
                break;
            }
        }
        let sent = Instant::now();
        let (limit, which) = match left {
            Some(l) if l < turn => (l, "match time"),
            _ => (turn, "turn time"),
        };
        let answer = if sent_ok {
            s.proc.wait_move(sent + limit + margin)
        } else {
            Err(EngineError::Exited)
        };
        let lose = |mut rec: GameRecord, reason: EndReason| {
            rec.winner = Some(color.other());
            rec.reason = reason;
            Some(rec)
        };
        let ((x, y), at) = match answer {
            Ok(a) => a,
            Err(e) => return lose(rec, loss_for(e, &mut s.proc, sent, which)?),
        };
        let elapsed = at.saturating_duration_since(sent);
        s.used += elapsed;
        let ms = rec.charge(ci, elapsed);
        if elapsed > turn {
            rec.late[ci] += 1;
        }
        if elapsed > limit + margin {
            return lose(rec, EndReason::Time(which, ms));
        }
        let on_board = x >= 0 && y >= 0 && (x as usize) < cfg.width && (y as usize) < cfg.height;
        if !on_board {
            return lose(rec, EndReason::Illegal(x, y, "off the board"));
        }
        let (x, y) = (x as usize, y as usize);
        let mv = Move::from_xy(x, y, cfg.width);
        if board.stone(mv).is_some() {
            return lose(rec, EndReason::Illegal(x as i64, y as i64, "occupied"));
        }
        let _ = board.try_place(mv, color);
        rec.moves.push(MoveRecord {
            x,
            y,
            color,
            ms: Some(ms),
            search: s.proc.search_line.take(),
        });
        match board.result() {
            // From the view of the side to move now (the opponent of the mover).
            Some(GameResult::Loss) => {
                rec.winner = Some(color);
                rec.reason = EndReason::Five;
                return Some(rec);
            }
            Some(GameResult::Win) => {
                // Only renju black can lose by its own move: a forbidden point
                // (the stone stays in the record).
                return lose(rec, EndReason::Forbidden(x, y));
            }
            Some(GameResult::Draw) => {
                rec.winner = None;
                rec.reason = EndReason::FullBoard;
                return Some(rec);
            }
            None => {}
        }
        if let Some(max) = cfg.max_moves {
            if board.ply() - opening_len >= max {
                rec.winner = None;
                rec.reason = EndReason::MoveLimit;
                return Some(rec);
            }
        }
    }
}
