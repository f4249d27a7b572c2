//! The NBoard protocol (version 2), spoken by the NBoard Othello GUI; the reference is
//! `instructions/Protocol.htm` in NTest (Chris Welty's engine).
//!
//! # Input: [`parse_line`]
//!
//! One command per line; the first word is the command (lower case, as NBoard sends
//! it), the rest its arguments. `Ok(None)` for a blank line. A line that is not a
//! command we know is [`ParseError::Unknown`], a known command with bad arguments is
//! [`ParseError::Invalid`]: the protocol says such lines are ignored (the session
//! logs them on stderr). A bare move (`F5`, protocol version 1) is a `move`.
//!
//! # Output: `Display`
//!
//! `Display for Command` prints the canonical text, which parses back to the same
//! command; `Display for Reply` prints one line.
//!
//! # The manager's side: [`ReplyKind`]
//!
//! `ply match --game reversi` reads an engine's lines with [`ReplyKind::of`]: the
//! `===` answer to `go`, `pong`, the known messages, and anything else (skipped).

use std::fmt;

use super::text::{int, one_line, shown, PResult};

use nom::bytes::complete::take_while1;
use nom::character::complete::space0;
use nom::combinator::{all_consuming, rest};
use nom::Parser;

use crate::games::reversi::ggf::{Ggf, MoveItem};
use crate::games::reversi::move_name;
use crate::games::Move;

/// A command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `nboard <version>`: the first command.
    NBoard(i64),
    /// `set depth <n>`: the midgame search depth.
    SetDepth(i64),
    /// `set game <GGF>`: the whole game; later commands are about its last position.
    SetGame(Ggf),
    /// `set contempt <n>`: the value of a draw in centi-discs, from black's view.
    SetContempt(i64),
    /// `move <mv>[/eval[/time]]`: a move played on the board.
    Move(MoveItem),
    /// `hint <n>`: evaluate the best `n` moves (no time limit).
    Hint(i64),
    /// `go`: choose a move (answered with `===`, not played).
    Go,
    /// `ping <n>`: stop thinking, then answer `pong <n>`.
    Ping(i64),
    /// `learn`: answered with `learned`.
    Learn,
    /// `analyze`: evaluate every position of the game, from the last one back.
    Analyze,
    Quit,
    /// `help` (for a person at a terminal; arguments are ignored): the command list.
    Help,
}

pub use super::ParseError;

/// The depth field of a `search` line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Depth {
    /// A midgame search of this many plies.
    Plies(u32),
    /// `100%`: the eval is the exact final disc difference.
    Exact,
    /// `100%W`: only the sign of the eval is exact (win/loss/draw solve).
    Wld,
}

impl fmt::Display for Depth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Depth::Plies(d) => write!(f, "{d}"),
            Depth::Exact => f.write_str("100%"),
            Depth::Wld => f.write_str("100%W"),
        }
    }
}

/// A line from the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// `set myname <name>`
    MyName(String),
    /// `pong <n>`
    Pong(i64),
    /// `status <text>` (`status` alone clears it).
    Status(String),
    /// `nodestats <nodes> <seconds>`
    NodeStats { nodes: u64, seconds: f64 },
    /// `search <pv> <eval> 0 <depth>`: the pv without spaces (`F5D6C3`), the eval in
    /// discs for the side to move.
    Search {
        pv: Vec<Move>,
        eval: f64,
        depth: Depth,
    },
    /// `=== <move>/<eval>/<time>`
    BestMove(MoveItem),
    /// `learned`
    Learned,
    /// `analysis <movesMade> <eval>`
    Analysis { moves_made: usize, eval: f64 },
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::MyName(n) => write!(f, "set myname {}", one_line(n)),
            Reply::Pong(n) => write!(f, "pong {n}"),
            Reply::Status(s) if s.is_empty() => f.write_str("status"),
            Reply::Status(s) => write!(f, "status {}", one_line(s)),
            Reply::NodeStats { nodes, seconds } => write!(f, "nodestats {nodes} {seconds:.2}"),
            Reply::Search { pv, eval, depth } => {
                f.write_str("search ")?;
                if pv.is_empty() {
                    f.write_str("--")?;
                }
                for &m in pv {
                    f.write_str(&move_name(m))?;
                }
                write!(f, " {eval:.2} 0 {depth}")
            }
            Reply::BestMove(m) => write!(f, "=== {m}"),
            Reply::Learned => f.write_str("learned"),
            Reply::Analysis { moves_made, eval } => write!(f, "analysis {moves_made} {eval:.2}"),
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::NBoard(v) => write!(f, "nboard {v}"),
            Command::SetDepth(d) => write!(f, "set depth {d}"),
            Command::SetGame(g) => write!(f, "set game {g}"),
            Command::SetContempt(c) => write!(f, "set contempt {c}"),
            Command::Move(m) => write!(f, "move {m}"),
            Command::Hint(n) => write!(f, "hint {n}"),
            Command::Go => f.write_str("go"),
            Command::Ping(n) => write!(f, "ping {n}"),
            Command::Learn => f.write_str("learn"),
            Command::Analyze => f.write_str("analyze"),
            Command::Quit => f.write_str("quit"),
            Command::Help => f.write_str("help"),
        }
    }
}

/// What a manager makes of a line from an NBoard engine (as `gomocup::ReplyKind` for
/// Gomocup): the answer to `go`, the answer to `ping`, a known message, or anything
/// else (engines such as NTest print lines that are not protocol: skip them).
#[derive(Clone, Debug, PartialEq)]
pub enum ReplyKind {
    /// `=== <move>[/eval[/time]]` (also `=== <move> <eval> <time>`, as in the
    /// protocol's example session).
    BestMove(MoveItem),
    /// A `===` line whose move does not parse.
    BadBestMove,
    /// `pong <n>`
    Pong(i64),
    /// `status`, `set myname`, `search`, `book`, `nodestats`, `learned`, `analysis`.
    Message,
    /// Anything else.
    Other,
}

impl ReplyKind {
    /// Reads one engine line (surrounding whitespace and a `\r` are ignored).
    pub fn of(line: &str) -> ReplyKind {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("===") {
            let mut words = rest.split_whitespace();
            let Some(first) = words.next() else {
                return ReplyKind::BadBestMove;
            };
            let Ok(mut item) = MoveItem::parse(first) else {
                return ReplyKind::BadBestMove;
            };
            if !first.contains('/') {
                // `=== d6 -1.00 0.0`: the eval and time as words (ignored if odd).
                item.eval = words.next().and_then(|e| e.parse::<f64>().ok());
                item.time = words
                    .next()
                    .and_then(|t| t.parse::<f64>().ok())
                    .filter(|t| t.is_finite() && *t >= 0.0)
                    .unwrap_or(0.0);
            }
            return ReplyKind::BestMove(item);
        }
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("pong"), Some(n)) => match n.parse::<i64>() {
                Ok(n) => ReplyKind::Pong(n),
                Err(_) => ReplyKind::Other,
            },
            (Some("set"), Some("myname"))
            | (Some("status" | "search" | "book" | "nodestats" | "learned" | "analysis"), _) => {
                ReplyKind::Message
            }
            _ => ReplyKind::Other,
        }
    }
}

// ---------------------------------------------------------------------------
// Parsers

/// A word (no whitespace) and the rest of the line after the spaces that follow it.
fn word(i: &str) -> PResult<'_, (&str, &str)> {
    (
        take_while1(|c: char| !c.is_whitespace()),
        space0.and(rest).map(|(_, r): (&str, &str)| r),
    )
        .parse(i)
}

fn one_int(cmd: &str, args: &str) -> Result<i64, ParseError> {
    all_consuming(int).parse(args).map(|(_, n)| n).map_err(|_| {
        ParseError::Invalid(format!("{cmd} expects an integer, got '{}'", shown(args)))
    })
}

fn no_args(cmd: &str, args: &str, c: Command) -> Result<Command, ParseError> {
    if args.is_empty() {
        Ok(c)
    } else {
        Err(ParseError::Invalid(format!(
            "{cmd} takes no arguments, got '{}'",
            shown(args)
        )))
    }
}

fn parse_nboard(args: &str) -> Result<Command, ParseError> {
    one_int("nboard", args).map(Command::NBoard)
}

fn parse_set(args: &str) -> Result<Command, ParseError> {
    let Ok((_, (what, value))) = word(args) else {
        return Err(ParseError::Invalid("set expects a name and a value".into()));
    };
    let value = value.trim();
    match what {
        "depth" => one_int("set depth", value).map(Command::SetDepth),
        "contempt" => one_int("set contempt", value).map(Command::SetContempt),
        "game" => Ggf::parse(value)
            .map(Command::SetGame)
            .map_err(|e| ParseError::Invalid(format!("set game: {e}"))),
        other => Err(ParseError::Unknown(format!("set {}", shown(other)))),
    }
}

fn parse_move(args: &str) -> Result<Command, ParseError> {
    MoveItem::parse(args)
        .map(Command::Move)
        .map_err(|e| ParseError::Invalid(format!("move: {e}")))
}

fn parse_hint(args: &str) -> Result<Command, ParseError> {
    if args.is_empty() {
        return Ok(Command::Hint(1));
    }
    one_int("hint", args).map(Command::Hint)
}

fn parse_ping(args: &str) -> Result<Command, ParseError> {
    one_int("ping", args).map(Command::Ping)
}

/// Parses one input line. `Ok(None)` for a blank line.
pub fn parse_line(line: &str) -> Result<Option<Command>, ParseError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let Ok((_, (cmd, args))) = word(line) else {
        return Ok(None);
    };
    let args = args.trim();
    let c = match cmd {
        "nboard" => parse_nboard(args),
        "set" => parse_set(args),
        "move" => parse_move(args),
        "hint" => parse_hint(args),
        "go" => no_args(cmd, args, Command::Go),
        "ping" => parse_ping(args),
        "learn" => no_args(cmd, args, Command::Learn),
        "analyze" => no_args(cmd, args, Command::Analyze),
        "quit" => Ok(Command::Quit),
        h if h.eq_ignore_ascii_case("help") => Ok(Command::Help),
        // Protocol version 1: a bare move.
        m if args.is_empty() && crate::games::reversi::ggf::parse_move(m).is_some() => {
            parse_move(m)
        }
        other => Err(ParseError::Unknown(shown(other))),
    }?;
    Ok(Some(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(s: &str) -> Command {
        parse_line(s).unwrap().unwrap()
    }

    #[test]
    fn every_command_parses_and_prints_back() {
        let game = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
        let lines = [
            "nboard 2".to_string(),
            "set depth 12".into(),
            format!("set game {game}"),
            "set contempt -100".into(),
            "move F5".into(),
            "move D3/-1.50/2.5".into(),
            "move PA".into(),
            "hint 3".into(),
            "go".into(),
            "ping 7".into(),
            "learn".into(),
            "analyze".into(),
            "quit".into(),
        ];
        for l in &lines {
            let c = cmd(l);
            assert_eq!(&c.to_string(), l);
            assert_eq!(cmd(&c.to_string()), c);
        }
        assert!(matches!(cmd(&lines[2]), Command::SetGame(g) if g.moves().len() == 8));
    }

    #[test]
    fn lenient_forms() {
        assert_eq!(cmd("  hint  "), Command::Hint(1));
        assert_eq!(cmd("f5\r"), Command::Move(MoveItem::parse("F5").unwrap()));
        assert_eq!(
            cmd("move d3//0.01"),
            Command::Move(MoveItem::parse("D3//0.01").unwrap())
        );
        assert_eq!(cmd("ping 99999999999999999999"), Command::Ping(i64::MAX));
        assert_eq!(parse_line("   "), Ok(None));
    }

    #[test]
    fn unknown_and_malformed_lines_are_errors() {
        for l in ["foo", "set myname x", "new 8", "remove_tree"] {
            assert!(matches!(parse_line(l), Err(ParseError::Unknown(_))), "{l}");
        }
        for l in [
            "nboard",
            "nboard two",
            "set",
            "set depth x",
            "set game (;GM[Othello]",
            "set game (;GM[Othello]BO[8 bad *];)",
            "move Z9",
            "move",
            "hint x",
            "ping",
            "go now",
            "learn x",
        ] {
            assert!(matches!(parse_line(l), Err(ParseError::Invalid(_))), "{l}");
        }
    }

    #[test]
    fn a_manager_reads_engine_lines() {
        let best = |s: &str| match ReplyKind::of(s) {
            ReplyKind::BestMove(m) => m,
            other => panic!("{s}: {other:?}"),
        };
        let m = best("=== D6/-1.11/0.00");
        assert_eq!((m.mv, m.eval, m.time), (Move(43), Some(-1.11), 0.0));
        let m = best("=== d6 -1.00 0.5\r");
        assert_eq!((m.mv, m.eval, m.time), (Move(43), Some(-1.0), 0.5));
        assert_eq!(best("=== PA").mv, Move::PASS);
        assert_eq!(best("===  F5").mv, Move(37));
        let mut item = MoveItem::new(Move(19));
        item.eval = Some(2.0);
        item.time = 0.25;
        assert_eq!(best(&Reply::BestMove(item.clone()).to_string()), item);
        for bad in ["===", "=== Z9", "=== F5/x"] {
            assert_eq!(ReplyKind::of(bad), ReplyKind::BadBestMove, "{bad}");
        }
        assert_eq!(ReplyKind::of("pong 12"), ReplyKind::Pong(12));
        for msg in [
            "status",
            "status Thinking",
            "set myname Ntest16",
            "search D6       -1.44 0   5",
            "nodestats 35805 0.00",
        ] {
            assert_eq!(ReplyKind::of(msg), ReplyKind::Message, "{msg}");
        }
        for other in [
            "",
            "Init fast flip...Done",
            " 10 (56 empty)\tD6/-1.11",
            "pong x",
        ] {
            assert_eq!(ReplyKind::of(other), ReplyKind::Other, "{other}");
        }
    }

    #[test]
    fn replies_print_as_the_spec_writes_them() {
        let pv = vec![Move(37), Move(43), Move(18)];
        let r = Reply::Search {
            pv,
            eval: -1.5,
            depth: Depth::Plies(12),
        };
        assert_eq!(r.to_string(), "search F5D6C3 -1.50 0 12");
        let r = Reply::Search {
            pv: vec![Move::PASS],
            eval: 4.0,
            depth: Depth::Exact,
        };
        assert_eq!(r.to_string(), "search PA 4.00 0 100%");
        let r = Reply::Search {
            pv: vec![Move(0)],
            eval: 1.0,
            depth: Depth::Wld,
        };
        assert_eq!(r.to_string(), "search A1 1.00 0 100%W");
        let mut m = MoveItem::new(Move(19));
        m.eval = Some(-1.0);
        m.time = 0.5;
        assert_eq!(Reply::BestMove(m).to_string(), "=== D3/-1.00/0.5");
        assert_eq!(Reply::Pong(3).to_string(), "pong 3");
        assert_eq!(Reply::Status(String::new()).to_string(), "status");
        assert_eq!(
            Reply::NodeStats {
                nodes: 35805,
                seconds: 0.004
            }
            .to_string(),
            "nodestats 35805 0.00"
        );
        assert_eq!(
            Reply::Analysis {
                moves_made: 60,
                eval: -2.0
            }
            .to_string(),
            "analysis 60 -2.00"
        );
        assert_eq!(Reply::Learned.to_string(), "learned");
        assert_eq!(
            Reply::MyName("ply12".into()).to_string(),
            "set myname ply12"
        );
    }
}
