//! The UCI protocol and its generalisation UGI (the cutegames runner), as used by
//! cutechess-cli for its board-game variants (`gomoku`, `gomokufreestyle`,
//! `tictactoe`).
//!
//! # Input: [`parse`]
//!
//! One command per line; tokens are separated by any whitespace; a trailing `\r`
//! is ignored. Keywords are matched case-insensitively. As the UCI specification
//! asks, unknown tokens before a known command are skipped (`joho debug on` is
//! `debug on`); a line with no known command is [`ParseError::Unknown`]. A known
//! command with bad arguments is [`ParseError::Invalid`].
//!
//! Moves in `position ... moves` are kept as the tokens they were
//! ([`MoveText::parse`] reads one): their meaning depends on the game, which is
//! the session's business.
//!
//! # Output: `Display`
//!
//! `Display for Command` and `Display for Reply` print the canonical line (lower
//! case, single spaces); parsing that line gives back the same value.

use std::fmt;

use super::text::{int, one_line, shown, PResult};

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{all_consuming, map_res, opt};
use nom::multi::{many1, separated_list1};
use nom::sequence::delimited;
use nom::Parser as _;

// ---------------------------------------------------------------------------
// Commands

/// Where `position` starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Start {
    StartPos,
    /// The FEN fields, joined by single spaces (see [`Fen`]).
    Fen(String),
}

/// The arguments of `go`. Times are milliseconds (may be negative: a GUI may send
/// a clock that has run out).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Go {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<i64>,
    pub movetime: Option<i64>,
    pub depth: Option<i64>,
    pub nodes: Option<i64>,
    pub infinite: bool,
    pub ponder: bool,
    /// UGI clocks: p1 is the first player (UCI's white).
    pub p1time: Option<i64>,
    pub p2time: Option<i64>,
    pub p1inc: Option<i64>,
    pub p2inc: Option<i64>,
}

/// `query ...` (UGI).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Query {
    GameOver,
    P1Turn,
    Result,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    Uci,
    Ugi,
    IsReady,
    /// `setoption name <words> [value <words>]`: words joined by single spaces.
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    UgiNewGame,
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    Quit,
    PonderHit,
    Query(Query),
    Debug(bool),
    /// `help` (for a person at a terminal; arguments are ignored): the command list.
    Help,
}

pub use super::ParseError;

const COMMANDS: &[&str] = &[
    "uci",
    "ugi",
    "isready",
    "setoption",
    "ucinewgame",
    "uginewgame",
    "position",
    "go",
    "stop",
    "quit",
    "ponderhit",
    "query",
    "debug",
    "help",
];

/// The whitespace-separated tokens of a line.
fn tokens(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

fn invalid(msg: impl Into<String>) -> ParseError {
    ParseError::Invalid(msg.into())
}

fn no_args(kw: &str, args: &[&str], cmd: Command) -> Result<Command, ParseError> {
    if args.is_empty() {
        Ok(cmd)
    } else {
        Err(invalid(format!(
            "{kw} takes no arguments, got '{}'",
            shown(&args.join(" "))
        )))
    }
}

fn whole_int(s: &str) -> Option<i64> {
    all_consuming(int).parse(s).ok().map(|(_, v)| v)
}

/// Parses one line into a command.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let toks = tokens(line);
    let Some(at) = toks
        .iter()
        .position(|t| COMMANDS.contains(&t.to_ascii_lowercase().as_str()))
    else {
        return Err(ParseError::Unknown(shown(line.trim())));
    };
    let kw = toks[at].to_ascii_lowercase();
    let args = &toks[at + 1..];
    match kw.as_str() {
        "uci" => no_args("uci", args, Command::Uci),
        "ugi" => no_args("ugi", args, Command::Ugi),
        "isready" => no_args("isready", args, Command::IsReady),
        "ucinewgame" => no_args("ucinewgame", args, Command::UciNewGame),
        "uginewgame" => no_args("uginewgame", args, Command::UgiNewGame),
        "stop" => no_args("stop", args, Command::Stop),
        "quit" => no_args("quit", args, Command::Quit),
        "ponderhit" => no_args("ponderhit", args, Command::PonderHit),
        "setoption" => parse_setoption(args),
        "position" => parse_position(args),
        "go" => parse_go(args),
        "query" => parse_query(args),
        "debug" => parse_debug(args),
        "help" => Ok(Command::Help),
        _ => Err(ParseError::Unknown(shown(line.trim()))),
    }
}

fn is_kw(t: &str, kw: &str) -> bool {
    t.eq_ignore_ascii_case(kw)
}

/// `setoption name <words> [value <words>]`
fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    if !args.first().is_some_and(|t| is_kw(t, "name")) {
        return Err(invalid("setoption expects 'name <name> [value <value>]'"));
    }
    let rest = &args[1..];
    let split = rest.iter().position(|t| is_kw(t, "value"));
    let (name, value) = match split {
        Some(v) => (&rest[..v], Some(rest[v + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(invalid("setoption: the option name is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen <fen> [moves ...]`
fn parse_position(args: &[&str]) -> Result<Command, ParseError> {
    let moves_at = args.iter().position(|t| is_kw(t, "moves"));
    let (head, moves) = match moves_at {
        Some(m) => (
            &args[..m],
            args[m + 1..].iter().map(|s| s.to_string()).collect(),
        ),
        None => (args, Vec::new()),
    };
    let start = match head.split_first() {
        Some((k, [])) if is_kw(k, "startpos") => Start::StartPos,
        Some((k, fen)) if is_kw(k, "fen") && !fen.is_empty() => Start::Fen(fen.join(" ")),
        Some((k, _)) if is_kw(k, "fen") => return Err(invalid("position fen: the FEN is missing")),
        _ => {
            return Err(invalid(format!(
                "position expects 'startpos' or 'fen <fen>', got '{}'",
                shown(&head.join(" "))
            )))
        }
    };
    Ok(Command::Position { start, moves })
}

/// `go [wtime n] [btime n] ... [infinite] [ponder]`. Unknown tokens are skipped
/// (as UCI asks) but a known key with a bad number is an error.
fn parse_go(args: &[&str]) -> Result<Command, ParseError> {
    let mut g = Go::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i].to_ascii_lowercase();
        let slot: Option<&mut Option<i64>> = match key.as_str() {
            "wtime" => Some(&mut g.wtime),
            "btime" => Some(&mut g.btime),
            "winc" => Some(&mut g.winc),
            "binc" => Some(&mut g.binc),
            "movestogo" => Some(&mut g.movestogo),
            "movetime" => Some(&mut g.movetime),
            "depth" => Some(&mut g.depth),
            "nodes" => Some(&mut g.nodes),
            "p1time" => Some(&mut g.p1time),
            "p2time" => Some(&mut g.p2time),
            "p1inc" => Some(&mut g.p1inc),
            "p2inc" => Some(&mut g.p2inc),
            "infinite" => {
                g.infinite = true;
                None
            }
            "ponder" => {
                g.ponder = true;
                None
            }
            other => {
                log::warn!("go: ignoring '{other}'");
                None
            }
        };
        if let Some(slot) = slot {
            let v = args
                .get(i + 1)
                .and_then(|s| whole_int(s))
                .ok_or_else(|| invalid(format!("go {key} expects a number")))?;
            *slot = Some(v);
            i += 1;
        }
        i += 1;
    }
    Ok(Command::Go(g))
}

fn parse_query(args: &[&str]) -> Result<Command, ParseError> {
    match args {
        [q] if is_kw(q, "gameover") => Ok(Command::Query(Query::GameOver)),
        [q] if is_kw(q, "p1turn") => Ok(Command::Query(Query::P1Turn)),
        [q] if is_kw(q, "result") => Ok(Command::Query(Query::Result)),
        _ => Err(invalid(format!(
            "query expects gameover, p1turn or result, got '{}'",
            shown(&args.join(" "))
        ))),
    }
}

fn parse_debug(args: &[&str]) -> Result<Command, ParseError> {
    match args {
        [] => Ok(Command::Debug(true)),
        [v] if is_kw(v, "on") => Ok(Command::Debug(true)),
        [v] if is_kw(v, "off") => Ok(Command::Debug(false)),
        _ => Err(invalid("debug expects on or off")),
    }
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "go")?;
        if self.ponder {
            write!(f, " ponder")?;
        }
        let fields = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
            ("movestogo", self.movestogo),
            ("p1time", self.p1time),
            ("p2time", self.p2time),
            ("p1inc", self.p1inc),
            ("p2inc", self.p2inc),
            ("movetime", self.movetime),
            ("depth", self.depth),
            ("nodes", self.nodes),
        ];
        for (k, v) in fields {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if self.infinite {
            write!(f, " infinite")?;
        }
        Ok(())
    }
}

impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Query::GameOver => "gameover",
            Query::P1Turn => "p1turn",
            Query::Result => "result",
        })
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => write!(f, "uci"),
            Command::Ugi => write!(f, "ugi"),
            Command::IsReady => write!(f, "isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) if v.is_empty() => write!(f, " value"),
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            Command::UciNewGame => write!(f, "ucinewgame"),
            Command::UgiNewGame => write!(f, "uginewgame"),
            Command::Position { start, moves } => {
                match start {
                    Start::StartPos => write!(f, "position startpos")?,
                    Start::Fen(fen) => write!(f, "position fen {fen}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(g) => write!(f, "{g}"),
            Command::Stop => write!(f, "stop"),
            Command::Quit => write!(f, "quit"),
            Command::PonderHit => write!(f, "ponderhit"),
            Command::Query(q) => write!(f, "query {q}"),
            Command::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            Command::Help => write!(f, "help"),
        }
    }
}

// ---------------------------------------------------------------------------
// Moves and squares

/// A square as written in UCI: a file letter from `a` and a rank number from 1.
/// Which way ranks count (from the bottom for cutechess's boards, from the top
/// for reversi) is decided by the session per game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Square {
    /// 0-based file (`a` = 0).
    pub file: u32,
    /// 1-based rank number as written.
    pub rank: u32,
}

/// One move token.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveText {
    /// `P@h8`: a drop, as cutechess writes moves of its k-in-a-row games.
    Drop(char, Square),
    /// `h8`, `d3`.
    Plain(Square),
    /// A pass: `0000` (UCI's null move) or `@@@@` (xboard tools). The flag keeps
    /// which spelling was used.
    Pass { at_signs: bool },
}

fn square(i: &str) -> PResult<'_, Square> {
    (
        satisfy(|c| c.is_ascii_lowercase()),
        map_res(digit1, |d: &str| d.parse::<u32>()),
    )
        .map(|(c, rank)| Square {
            file: c as u32 - 'a' as u32,
            rank,
        })
        .parse(i)
}

fn move_text(i: &str) -> PResult<'_, MoveText> {
    alt((
        tag("0000").map(|_| MoveText::Pass { at_signs: false }),
        tag("@@@@").map(|_| MoveText::Pass { at_signs: true }),
        (satisfy(|c| c.is_ascii_alphabetic()), char('@'), square)
            .map(|(p, _, s)| MoveText::Drop(p, s)),
        square.map(MoveText::Plain),
    ))
    .parse(i)
}

impl MoveText {
    /// Reads one move token (`P@h8`, `h8`, `0000`, `@@@@`); files are lower case.
    pub fn parse(token: &str) -> Option<MoveText> {
        all_consuming(move_text)
            .parse(token)
            .ok()
            .map(|(_, m)| m)
            .filter(|m| match m {
                MoveText::Drop(_, s) | MoveText::Plain(s) => s.rank >= 1 && s.file < 26,
                MoveText::Pass { .. } => true,
            })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = char::from_u32('a' as u32 + self.file).unwrap_or('?');
        write!(f, "{c}{}", self.rank)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Drop(p, s) => write!(f, "{p}@{s}"),
            MoveText::Plain(s) => write!(f, "{s}"),
            MoveText::Pass { at_signs: false } => write!(f, "0000"),
            MoveText::Pass { at_signs: true } => write!(f, "@@@@"),
        }
    }
}

// ---------------------------------------------------------------------------
// FEN (cutechess's, with the holdings bracket of its drop games)

/// One square of a FEN row.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Piece(char),
}

/// A FEN as cutechess writes it for its drop games:
/// `3/1P1/3[PPPPpppp] b - - 0 1`. Rows are listed from the top; an upper-case
/// piece is white's (the first player), lower case black's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fen {
    /// Rows from the top, each the same width.
    pub rows: Vec<Vec<Cell>>,
    /// The holdings bracket's content (`None`: no bracket; `Some("-")`: empty).
    pub holdings: Option<String>,
    /// Side to move: `w` (white, the first player) or `b`.
    pub side: char,
    /// The remaining fields (castling, en passant, counters), kept as they were.
    pub rest: Vec<String>,
}

fn fen_row(i: &str) -> PResult<'_, Vec<Cell>> {
    many1(alt((
        map_res(digit1, |d: &str| d.parse::<usize>()).map(|n| vec![Cell::Empty; n.min(64)]),
        satisfy(|c| c.is_ascii_alphabetic()).map(|c| vec![Cell::Piece(c)]),
    )))
    .map(|parts| parts.concat())
    .parse(i)
}

fn fen_board(i: &str) -> PResult<'_, (Vec<Vec<Cell>>, Option<&str>)> {
    (
        separated_list1(char('/'), fen_row),
        opt(delimited(
            char('['),
            take_while1(|c: char| c != ']').or(tag("")),
            char(']'),
        )),
    )
        .parse(i)
}

impl Fen {
    /// Parses the FEN fields (separated by whitespace).
    pub fn parse(text: &str) -> Result<Fen, String> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or("empty FEN")?;
        let (rows, holdings) = all_consuming(fen_board)
            .parse(board)
            .map(|(_, v)| v)
            .map_err(|_| format!("bad FEN board '{}'", shown(board)))?;
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 || rows.iter().any(|r| r.len() != width) {
            return Err(format!("FEN rows of unequal width in '{}'", shown(board)));
        }
        let side = match fields.next() {
            Some("w") => 'w',
            Some("b") => 'b',
            Some(s) => {
                return Err(format!(
                    "FEN side to move must be w or b, not '{}'",
                    shown(s)
                ))
            }
            None => return Err("FEN without a side to move".into()),
        };
        Ok(Fen {
            rows,
            holdings: holdings.map(str::to_string),
            side,
            rest: fields.map(str::to_string).collect(),
        })
    }

    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self.rows.iter().enumerate() {
            if i > 0 {
                write!(f, "/")?;
            }
            let mut empty = 0;
            for c in row {
                match c {
                    Cell::Empty => empty += 1,
                    Cell::Piece(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{p}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        if let Some(h) = &self.holdings {
            write!(f, "[{h}]")?;
        }
        write!(f, " {}", self.side)?;
        for r in &self.rest {
            write!(f, " {r}")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Replies

/// A score in an `info` line.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Score {
    /// Engine units (not centipawns: the evaluation's own scale).
    Cp(i32),
    /// Moves (not plies) to a forced win (> 0) or loss (< 0).
    Mate(i32),
}

/// An `info` line about the search.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchLine {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time: Option<u64>,
    pub hashfull: Option<u32>,
    pub pv: Vec<String>,
}

/// The type of an `option` declaration.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionKind {
    Check { default: bool },
    Spin { default: i64, min: i64, max: i64 },
    Combo { default: String, vars: Vec<String> },
    Button,
    Text { default: String },
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reply {
    IdName(String),
    IdAuthor(String),
    Option {
        name: String,
        kind: OptionKind,
    },
    UciOk,
    UgiOk,
    ReadyOk,
    /// `bestmove <move> [ponder <move>]`.
    BestMove {
        mv: String,
        ponder: Option<String>,
    },
    Info(SearchLine),
    /// `info string <text>` (one line).
    InfoString(String),
    /// UGI `response <answer>`.
    Response(String),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

impl fmt::Display for SearchLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info")?;
        let head = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (k, v) in head {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if let Some(s) = self.score {
            write!(f, " score {s}")?;
        }
        let tail = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("time", self.time),
            ("hashfull", self.hashfull.map(u64::from)),
        ];
        for (k, v) in tail {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Check { default } => write!(f, "type check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "type combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            OptionKind::Button => write!(f, "type button"),
            OptionKind::Text { default } if default.is_empty() => {
                write!(f, "type string default <empty>")
            }
            OptionKind::Text { default } => write!(f, "type string default {default}"),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::IdName(n) => write!(f, "id name {}", one_line(n)),
            Reply::IdAuthor(a) => write!(f, "id author {}", one_line(a)),
            Reply::Option { name, kind } => write!(f, "option name {} {kind}", one_line(name)),
            Reply::UciOk => write!(f, "uciok"),
            Reply::UgiOk => write!(f, "ugiok"),
            Reply::ReadyOk => write!(f, "readyok"),
            Reply::BestMove { mv, ponder } => {
                write!(f, "bestmove {mv}")?;
                if let Some(p) = ponder {
                    write!(f, " ponder {p}")?;
                }
                Ok(())
            }
            Reply::Info(line) => write!(f, "{line}"),
            Reply::InfoString(s) => write!(f, "info string {}", one_line(s)),
            Reply::Response(r) => write!(f, "response {}", one_line(r)),
        }
    }
}

// ---- parsing replies (for tests, the conformance script and tools) -----------

fn parse_u64(s: Option<&&str>) -> Option<u64> {
    s.and_then(|s| s.parse::<u64>().ok())
}

fn parse_search_line(args: &[&str]) -> Option<SearchLine> {
    let mut l = SearchLine::default();
    let mut i = 0;
    while i < args.len() {
        let next = args.get(i + 1);
        match args[i] {
            "depth" => l.depth = Some(parse_u64(next)? as u32),
            "seldepth" => l.seldepth = Some(parse_u64(next)? as u32),
            "multipv" => l.multipv = Some(parse_u64(next)? as u32),
            "nodes" => l.nodes = Some(parse_u64(next)?),
            "nps" => l.nps = Some(parse_u64(next)?),
            "time" => l.time = Some(parse_u64(next)?),
            "hashfull" => l.hashfull = Some(parse_u64(next)? as u32),
            "score" => {
                let v = args.get(i + 2)?.parse::<i32>().ok()?;
                l.score = Some(match *next? {
                    "cp" => Score::Cp(v),
                    "mate" => Score::Mate(v),
                    _ => return None,
                });
                i += 1;
            }
            "pv" => {
                l.pv = args[i + 1..].iter().map(|s| s.to_string()).collect();
                break;
            }
            _ => return None,
        }
        i += 2;
    }
    Some(l)
}

fn parse_option_decl(args: &[&str]) -> Option<Reply> {
    if args.first() != Some(&"name") {
        return None;
    }
    let ty = args.iter().position(|t| *t == "type")?;
    let name = args[1..ty].join(" ");
    let rest = &args[ty + 1..];
    let (kind, params) = rest.split_first()?;
    // Values run up to the next keyword.
    let keys = ["default", "min", "max", "var"];
    let mut fields: Vec<(&str, String)> = Vec::new();
    let mut i = 0;
    while i < params.len() {
        let k = params[i];
        if !keys.contains(&k) {
            return None;
        }
        let end = params[i + 1..]
            .iter()
            .position(|t| keys.contains(t))
            .map_or(params.len(), |p| i + 1 + p);
        fields.push((k, params[i + 1..end].join(" ")));
        i = end;
    }
    let get = |k: &str| fields.iter().find(|(f, _)| *f == k).map(|(_, v)| v.clone());
    let kind = match *kind {
        "check" => OptionKind::Check {
            default: get("default")? == "true",
        },
        "spin" => OptionKind::Spin {
            default: get("default")?.parse().ok()?,
            min: get("min")?.parse().ok()?,
            max: get("max")?.parse().ok()?,
        },
        "combo" => OptionKind::Combo {
            default: get("default")?,
            vars: fields
                .iter()
                .filter(|(f, _)| *f == "var")
                .map(|(_, v)| v.clone())
                .collect(),
        },
        "button" => OptionKind::Button,
        "string" => OptionKind::Text {
            default: get("default")
                .filter(|d| d != "<empty>")
                .unwrap_or_default(),
        },
        _ => return None,
    };
    Some(Reply::Option { name, kind })
}

impl Reply {
    /// Parses a line an engine wrote (the inverse of `Display`).
    pub fn parse(line: &str) -> Option<Reply> {
        let toks = tokens(line);
        let (kw, args) = toks.split_first()?;
        let rest = |skip: usize| {
            // The text after `skip` tokens, with its inner spacing kept.
            let mut s = line.trim();
            for _ in 0..skip {
                s = s.trim_start();
                let end = s.find(char::is_whitespace).unwrap_or(s.len());
                s = &s[end..];
            }
            s.trim().to_string()
        };
        match (*kw, args) {
            ("uciok", []) => Some(Reply::UciOk),
            ("ugiok", []) => Some(Reply::UgiOk),
            ("readyok", []) => Some(Reply::ReadyOk),
            ("id", [k, ..]) if *k == "name" => Some(Reply::IdName(rest(2))),
            ("id", [k, ..]) if *k == "author" => Some(Reply::IdAuthor(rest(2))),
            ("option", _) => parse_option_decl(args),
            ("bestmove", [mv]) => Some(Reply::BestMove {
                mv: mv.to_string(),
                ponder: None,
            }),
            ("bestmove", [mv, p, pm]) if *p == "ponder" => Some(Reply::BestMove {
                mv: mv.to_string(),
                ponder: Some(pm.to_string()),
            }),
            ("info", [s, ..]) if *s == "string" => Some(Reply::InfoString(rest(2))),
            ("info", _) => parse_search_line(args).map(Reply::Info),
            ("response", [_, ..]) => Some(Reply::Response(rest(1))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
