//! Text in, text out: one file per dialect. Parsers turn a line into a typed command;
//! `Display` turns commands and replies back into text (so they round-trip).
//! `notation` writes and reads UCI/UGI squares, moves and FEN for each game.
//!
//! No engine state: may import `games` (moves, positions, game records), never the
//! engine, the search, the sessions or the tools.

pub mod gomocup;
pub mod nboard;
pub mod notation;
mod text;

use std::fmt;

/// Why a line did not become a command, in every dialect. Gomocup answers
/// `UNKNOWN <msg>` / `ERROR <msg>`, UCI an `info string`; NBoard ignores both.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseError {
    /// Not a command we know.
    Unknown(String),
    /// A known command with bad arguments.
    Invalid(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(m) => write!(f, "unknown command: {m}"),
            ParseError::Invalid(m) => write!(f, "invalid command: {m}"),
        }
    }
}

impl std::error::Error for ParseError {}
pub mod uci;
