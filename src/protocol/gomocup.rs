//! The Gomocup (Piskvork) protocol with the Yixin-Board / Rapfi extensions.
//!
//! # Input: [`Parser`]
//!
//! The manager writes one command per line. [`Parser::feed`] takes one line and
//! returns a `Vec` of results (usually zero or one):
//!
//! * a blank line, or a stone line inside a `BOARD`/`YXBOARD`/`SWAP2BOARD`
//!   block, gives an empty `Vec`;
//! * a one-line command gives one result;
//! * `DONE` closes the open block and gives the whole block as one
//!   [`Command`] (or one `Err(ParseError::Invalid)` naming the first bad line);
//! * a recognisable command keyword (other than `DONE`) inside an open block
//!   abandons the block: `feed` then returns **two** results, first
//!   `Err(Invalid("BOARD block interrupted by END"))` and then the result of
//!   the interrupting line itself (which may start a new block, giving only
//!   the first result).
//!
//! `START w h` (two sizes separated by a space, as Yixin-Board sends it) is
//! accepted: `Start(w)` when square, `RectStart(h, w)` otherwise. Yixin-Board's
//! board is `w` columns by `h` rows and it writes every coordinate as `row,col`,
//! so the first number of its coordinates runs below `h`: in ply's `x,y` terms
//! that is an `h` by `w` board (RECTSTART keeps Piskvork's `w,h` and `x,y`).
//!
//! Lexical rules: keywords and `INFO` keys are case-insensitive; a trailing
//! `\r` (CRLF input) and surrounding whitespace are ignored; spaces or tabs may
//! surround the commas of `x,y`; coordinates may be negative (`-1,-1` is a pass
//! for Rapfi and reversi). Integers never overflow: a too-large value saturates
//! to `i64::MAX` / `i64::MIN` (a coordinate that does not fit `i32` is
//! `Invalid`). No input panics.
//!
//! Errors: an unknown keyword is [`ParseError::Unknown`] (the engine replies
//! `UNKNOWN msg`); a known keyword with bad arguments, including arguments
//! given to a command that takes none, is [`ParseError::Invalid`] (reply
//! `ERROR msg`). `DONE` outside a block is `Invalid`.
//!
//! Unsupported Yixin-Board/Rapfi commands that are followed by a `x,y` list up
//! to `DONE` (`YXBLOCKPATH`, `YXBLOCKPATHUNDO`, `YXQUERYDATABASEALLT`/`TEXT`,
//! `YXEDIT*DATABASE`, `YXDELETEDATABASE*`, `YXSETBESTMOVEDATABASE`,
//! `YXCLEARBESTMOVEDATABASE`) are swallowed up to their `DONE` and reported once
//! as `Err(Unknown("YXBLOCKPATH"))`, so the engine does not answer every listed
//! line.
//!
//! # Output: `Display`
//!
//! `Display for Command` prints the canonical text (upper-case keyword,
//! lower-case INFO keys, `x,y` without spaces); parsing it gives back the same
//! command. A block prints as several `\n`-separated lines ending in `DONE`
//! (no final newline). `Display for Reply` prints exactly one line: `\r`, `\n`
//! and other control characters but tab inside messages are replaced by spaces.

mod display;
mod parse;

pub use parse::Parser;

/// A board coordinate as written on the wire: `x,y`, 0-based. May be negative
/// (`-1,-1` is a pass in reversi); range checks are the engine's job.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Coord {
    pub x: i32,
    pub y: i32,
}

impl Coord {
    pub fn new(x: i32, y: i32) -> Coord {
        Coord { x, y }
    }
}

/// One `x,y,field` line of a BOARD / YXBOARD block. field 1 = own stone,
/// 2 = opponent's, 3 = continuous-game marker (see protocol.md). The parser
/// only accepts fields 1, 2 and 3.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BoardStone {
    pub at: Coord,
    pub field: u8,
}

/// Which game `INFO game` selects (the one name table is `games::kind`).
pub use crate::games::GameKind;

/// An `INFO key value` command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Info {
    TimeoutTurn(i64),
    TimeoutMatch(i64),
    TimeLeft(i64),
    MaxMemory(i64),
    GameType(i64),
    Rule(i64),
    Folder(String),
    Evaluate(String),
    MaxDepth(i64),
    MaxNode(i64),
    ThreadNum(i64),
    HashSize(i64),
    ShowDetail(i64),
    Game(GameKind),
    /// Any other key: ignored, kept for logging and round-trips. The key is
    /// lower-cased by the parser; the value is the rest of the line, trimmed
    /// (may be empty).
    Other(String, String),
}

/// A complete command (a BOARD block is one command).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    Start(i64),
    RectStart(i64, i64),
    Restart,
    Begin,
    Turn(Coord),
    Board(Vec<BoardStone>),
    YxBoard(Vec<BoardStone>),
    Swap2Board(Vec<Coord>),
    /// `YXQUERYDATABASEALL` with its `x,y` list up to `DONE` (the moves of the
    /// position, in order). ply has no database: the answer is an empty one.
    YxQueryDatabaseAll(Vec<Coord>),
    /// `YXQUERYDATABASEONE` with its `x,y` list up to `DONE` (the position's moves):
    /// the database value of that position; ply answers "no entry".
    YxQueryDatabaseOne(Vec<Coord>),
    /// `YXBLOCK` with an `x,y` list up to `DONE`: squares the search must not play.
    YxBlock(Vec<Coord>),
    /// `YXBLOCKUNDO` with an `x,y` list up to `DONE`: squares to unblock.
    YxBlockUndo(Vec<Coord>),
    /// `YXBLOCKRESET`: no square blocked.
    YxBlockReset,
    /// `YXSHOWHASHUSAGE`: how full the hash table is.
    YxShowHashUsage,
    /// Yixin-Board's Swap2 opening, steps 1 to 3 (`YXSWAP2STEP1`..`3`; the
    /// position comes first by `YXBOARD`).
    YxSwap2Step(u8),
    /// Yixin-Board's Soosorv opening (renju), steps 1 to 6: `YXSOOSORVSTEP1` is
    /// one line; steps 2 to 6 carry the opening's moves (`x,y`, in order) up to
    /// `DONE`, and steps 4 and 5 the number of fifth moves on the keyword line.
    YxSoosorvStep {
        step: u8,
        n: Option<i64>,
        moves: Vec<Coord>,
    },
    /// `YXBALANCEONE n` / `YXBALANCETWO n`: one move (two moves, one per side)
    /// that leave the position as close as possible to `n` for the side to move.
    YxBalance {
        two: bool,
        target: i64,
    },
    /// `YXSEARCHDEFEND`: every move that stops the opponent's forced win.
    YxSearchDefend,
    Takeback(Coord),
    Play(Coord),
    Info(Info),
    About,
    /// `HELP` (for a person at a terminal; arguments are ignored): the command list.
    Help,
    End,
    /// `STOP` and `YXSTOP`: answer the best move so far now.
    Stop,
    YxNbest(i64),
    YxShowForbid,
    YxHashClear,
    YxShowInfo,
}

pub use super::ParseError;

/// A reply line (or lines) to the manager.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reply {
    Ok,
    Error(String),
    Unknown(String),
    Move(Coord),
    Suggest(Coord),
    /// SWAP2BOARD answers: several stones on one line (`7,7 8,7 9,9`).
    Stones(Vec<Coord>),
    Swap,
    Message(String),
    About {
        name: String,
        version: String,
        author: String,
        country: String,
    },
    /// `FORBID xxyy...` with the final `.`, as Rapfi prints it: `FORBID `,
    /// then `%02d%02d` (x then y) per point, then `.`; with no point
    /// `FORBID .`. Points outside `0..=99` cannot be written in two digits and
    /// are left out.
    Forbid(Vec<Coord>),
    /// Any raw line (YXSHOWINFO, INFO PV blocks): printed as is.
    Raw(String),
}

// ---------------------------------------------------------------------------
// Reading an engine's lines (the manager's side, `ply match`)

/// What a line an engine writes is, read as a manager (`ply match`) reads it: the
/// first `x,y` line answers a move request, `OK` answers `START`, and `MESSAGE`,
/// `DEBUG`, `SUGGEST`, `UNKNOWN` and `ERROR` lines are logged. A keyword is ASCII
/// letters in any case followed by whitespace or the end of the line; a move is two
/// integers separated by a comma (spaces around them allowed), kept as `i64` so a
/// far-off square is still a move (which the referee finds off the board).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReplyKind {
    Ok,
    Error,
    /// `MESSAGE`, `DEBUG` or `SUGGEST`.
    Message,
    Unknown,
    Move(i64, i64),
    /// Anything else.
    Garbage,
}

impl ReplyKind {
    /// Reads one engine line (surrounding whitespace and a `\r` are ignored).
    pub fn of(line: &str) -> ReplyKind {
        let line = line.trim();
        if let Some((word, _)) = keyword(line) {
            return match word.as_str() {
                "OK" => ReplyKind::Ok,
                "ERROR" => ReplyKind::Error,
                "MESSAGE" | "DEBUG" | "SUGGEST" => ReplyKind::Message,
                "UNKNOWN" => ReplyKind::Unknown,
                _ => ReplyKind::Garbage,
            };
        }
        let mut parts = line.split(',');
        let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
            return ReplyKind::Garbage;
        };
        match (a.trim().parse::<i64>(), b.trim().parse::<i64>()) {
            (Ok(x), Ok(y)) => ReplyKind::Move(x, y),
            _ => ReplyKind::Garbage,
        }
    }
}

/// The keyword an engine line starts with (ASCII letters, upper-cased) and the rest
/// of the line after it, when the letters are followed by whitespace or the end.
fn keyword(line: &str) -> Option<(String, &str)> {
    let len = line.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    let rest = &line[len..];
    let ends = rest.is_empty() || rest.starts_with(char::is_whitespace);
    (len > 0 && ends).then(|| (line[..len].to_ascii_uppercase(), rest))
}

/// The text after the keyword of a `MESSAGE` line that reports a search, one that
/// names a depth (`Depth 14-20 | Eval 35 | ...` as ply and Rapfi write it: the word
/// `depth` in any case, then a number); `None` for any other line.
pub fn search_report(line: &str) -> Option<&str> {
    let (word, rest) = keyword(line.trim())?;
    if word != "MESSAGE" {
        return None;
    }
    let text = rest.trim();
    let lower = text.to_ascii_lowercase();
    let names_depth = lower.match_indices("depth").any(|(i, _)| {
        lower[i + 5..]
            .trim_start_matches([' ', ':', '='])
            .starts_with(|c: char| c.is_ascii_digit())
    });
    names_depth.then_some(text)
}

#[cfg(test)]
mod tests;
