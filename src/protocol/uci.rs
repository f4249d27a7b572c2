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

mod board;
mod reply;

pub use board::{Cell, Fen, MoveText, Square};
pub use reply::{OptionKind, Reply, Score, SearchLine};

use super::text::{int, shown};

use nom::combinator::all_consuming;
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

#[cfg(test)]
mod tests;
