//! UCI/UGI squares, moves and FEN as text (cutechess's FEN, with the holdings
//! bracket of its drop games).

use std::fmt;

use crate::protocol::text::{shown, PResult};

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{all_consuming, map_res, opt};
use nom::multi::{many1, separated_list1};
use nom::sequence::delimited;
use nom::Parser as _;

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
