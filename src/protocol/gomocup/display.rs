//! Gomocup commands and replies written back as text (`Display`): what the
//! parser reads, so every command round-trips.

use std::fmt;

use super::*;
use crate::protocol::text::one_line;

// ---------------------------------------------------------------------------
// Display

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl fmt::Display for BoardStone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.at, self.field)
    }
}

impl fmt::Display for Info {
    /// `key value` (without the `INFO ` prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Info::TimeoutTurn(v) => write!(f, "timeout_turn {v}"),
            Info::TimeoutMatch(v) => write!(f, "timeout_match {v}"),
            Info::TimeLeft(v) => write!(f, "time_left {v}"),
            Info::MaxMemory(v) => write!(f, "max_memory {v}"),
            Info::GameType(v) => write!(f, "game_type {v}"),
            Info::Rule(v) => write!(f, "rule {v}"),
            Info::Folder(s) => write!(f, "folder {}", one_line(s)),
            Info::Evaluate(s) => write!(f, "evaluate {}", one_line(s)),
            Info::MaxDepth(v) => write!(f, "max_depth {v}"),
            Info::MaxNode(v) => write!(f, "max_node {v}"),
            Info::ThreadNum(v) => write!(f, "thread_num {v}"),
            Info::HashSize(v) => write!(f, "hash_size {v}"),
            Info::ShowDetail(v) => write!(f, "show_detail {v}"),
            Info::Game(g) => write!(f, "game {g}"),
            Info::Other(k, v) if v.is_empty() => write!(f, "{}", one_line(k)),
            Info::Other(k, v) => write!(f, "{} {}", one_line(k), one_line(v)),
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Start(n) => write!(f, "START {n}"),
            Command::RectStart(w, h) => write!(f, "RECTSTART {w},{h}"),
            Command::Restart => f.write_str("RESTART"),
            Command::Begin => f.write_str("BEGIN"),
            Command::Turn(c) => write!(f, "TURN {c}"),
            Command::Board(stones) | Command::YxBoard(stones) => {
                let kw = if matches!(self, Command::Board(_)) {
                    "BOARD"
                } else {
                    "YXBOARD"
                };
                f.write_str(kw)?;
                for s in stones {
                    write!(f, "\n{s}")?;
                }
                f.write_str("\nDONE")
            }
            Command::Swap2Board(coords) => {
                f.write_str("SWAP2BOARD")?;
                for c in coords {
                    write!(f, "\n{c}")?;
                }
                f.write_str("\nDONE")
            }
            Command::YxQueryDatabaseAll(coords) => coord_block(f, "YXQUERYDATABASEALL", coords),
            Command::YxQueryDatabaseOne(coords) => coord_block(f, "YXQUERYDATABASEONE", coords),
            Command::YxBlock(coords) => coord_block(f, "YXBLOCK", coords),
            Command::YxBlockUndo(coords) => coord_block(f, "YXBLOCKUNDO", coords),
            Command::YxBlockReset => f.write_str("YXBLOCKRESET"),
            Command::YxShowHashUsage => f.write_str("YXSHOWHASHUSAGE"),
            Command::YxSwap2Step(step) => write!(f, "YXSWAP2STEP{step}"),
            Command::YxSoosorvStep { step, n, moves } => {
                write!(f, "YXSOOSORVSTEP{step}")?;
                if let Some(n) = n {
                    write!(f, " {n}")?;
                }
                if *step > 1 {
                    for c in moves {
                        write!(f, "\n{c}")?;
                    }
                    f.write_str("\nDONE")?;
                }
                Ok(())
            }
            Command::YxBalance { two, target } => {
                let which = if *two { "TWO" } else { "ONE" };
                write!(f, "YXBALANCE{which} {target}")
            }
            Command::YxSearchDefend => f.write_str("YXSEARCHDEFEND"),
            Command::Takeback(c) => write!(f, "TAKEBACK {c}"),
            Command::Play(c) => write!(f, "PLAY {c}"),
            Command::Info(i) => write!(f, "INFO {i}"),
            Command::About => f.write_str("ABOUT"),
            Command::Help => f.write_str("HELP"),
            Command::End => f.write_str("END"),
            Command::Stop => f.write_str("STOP"),
            Command::YxNbest(n) => write!(f, "YXNBEST {n}"),
            Command::YxShowForbid => f.write_str("YXSHOWFORBID"),
            Command::YxHashClear => f.write_str("YXHASHCLEAR"),
            Command::YxShowInfo => f.write_str("YXSHOWINFO"),
        }
    }
}

/// `KEYWORD`, one `x,y` line per coordinate, `DONE`.
fn coord_block(f: &mut fmt::Formatter<'_>, kw: &str, coords: &[Coord]) -> fmt::Result {
    f.write_str(kw)?;
    for c in coords {
        write!(f, "\n{c}")?;
    }
    f.write_str("\nDONE")
}

/// `KEYWORD msg`, or just `KEYWORD` when `msg` is empty.
fn keyword_line(f: &mut fmt::Formatter<'_>, kw: &str, msg: &str) -> fmt::Result {
    let msg = one_line(msg);
    let msg = msg.trim();
    if msg.is_empty() {
        f.write_str(kw)
    } else {
        write!(f, "{kw} {msg}")
    }
}

/// A value inside `key="..."`: one line, no double quote.
fn quoted(s: &str) -> String {
    one_line(s).replace('"', "'")
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("OK"),
            Reply::Error(m) => keyword_line(f, "ERROR", m),
            Reply::Unknown(m) => keyword_line(f, "UNKNOWN", m),
            Reply::Move(c) => write!(f, "{c}"),
            Reply::Suggest(c) => write!(f, "SUGGEST {c}"),
            Reply::Stones(cs) => {
                for (i, c) in cs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{c}")?;
                }
                Ok(())
            }
            Reply::Swap => f.write_str("SWAP"),
            Reply::Message(m) => keyword_line(f, "MESSAGE", m),
            Reply::About {
                name,
                version,
                author,
                country,
            } => write!(
                f,
                "name=\"{}\", version=\"{}\", author=\"{}\", country=\"{}\"",
                quoted(name),
                quoted(version),
                quoted(author),
                quoted(country)
            ),
            Reply::Forbid(points) => {
                f.write_str("FORBID ")?;
                for p in points {
                    if (0..=99).contains(&p.x) && (0..=99).contains(&p.y) {
                        write!(f, "{:02}{:02}", p.x, p.y)?;
                    }
                }
                f.write_str(".")
            }
            Reply::Raw(s) => f.write_str(&one_line(s)),
        }
    }
}
