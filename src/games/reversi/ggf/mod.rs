//! GGF (Generic Game Format) game records, as NBoard and GGS write them.
//!
//! A game is `(;` then `KEY[value]` properties then `;)`, for example (NBoard):
//!
//! ```text
//! (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]
//!  TY[8]BO[8 ---------------------------O*------*O--------------------------- *]
//!  B[F5]W[F6]B[D3//1.2]W[C5/-2.50/0.8];)
//! ```
//!
//! - `BO[8 <64 squares> <side>]`: the start position, squares a1..h8 row by row
//!   (`*`/`x`/`X` black, `O`/`o`/`0` white, `-`/`.`/`_` empty; whitespace between
//!   squares is ignored), then the side to move (`*` or `O`). Absent: the standard start.
//! - `B[...]`/`W[...]`: the moves in order, each `move[/eval[/time]]`: `F5` (any case)
//!   or `PA` for a pass; `eval` in discs from the mover's view (may be blank); `time`
//!   in seconds.
//! - `TI[...]` (both players), `TB[...]`, `TW[...]`: the clocks at the start of the
//!   game, `time[/increment[/grace]]`, each `[[d.]h:]m:s` or seconds.
//! - `TY[...]`: the match type; a board size other than 8 or anti-othello (`a`) is
//!   refused when the game is replayed.
//! - Any other property (`GM`, `PC`, `DT`, `PB`, `PW`, `RE`, `RB`, `RW`, `CO`, `KM`...)
//!   is kept as text so the game prints back.
//!
//! [`Ggf`] parses and prints (`Display`) a record; parse(print(g)) == g, and NBoard's
//! own output prints back to the same text. [`GameRecord`] replays it on a
//! [`Reversi`](super::Reversi) board and keeps the clocks.
//!
//! This file holds the record and its syntax; `values.rs` the values of the moves,
//! clocks and board; `record.rs` the game replayed.

mod record;
#[cfg(test)]
mod tests;
mod values;

use std::fmt;

use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::{all_consuming, opt};
use nom::multi::many0;
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

use crate::games::Color;
pub use record::GameRecord;
pub use values::{parse_move, Board, Clock, MoveItem};

/// Which clock a `TI`/`TB`/`TW` property sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClockOf {
    Both,
    Black,
    White,
}

/// One GGF property.
#[derive(Clone, Debug, PartialEq)]
pub enum Prop {
    Board(Board),
    Move(Color, MoveItem),
    Clock(ClockOf, Clock),
    /// Any other property, kept as text (the value unescaped).
    Tag(String, String),
}

/// A parsed GGF game: its properties in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ggf {
    pub props: Vec<Prop>,
}

type PResult<'a, T> = IResult<&'a str, T>;

/// A property value up to the closing `]`; `\x` escapes `x`.
fn value(i: &str) -> PResult<'_, String> {
    let mut out = String::new();
    let mut chars = i.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            ']' => return Ok((&i[at..], out)),
            '\\' => match chars.next() {
                Some((_, e)) => out.push(e),
                None => break,
            },
            c => out.push(c),
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::TakeUntil,
    )))
}

/// `KEY[value]` with optional whitespace before it.
fn raw_prop(i: &str) -> PResult<'_, (&str, String)> {
    preceded(
        multispace0,
        (
            take_while1(|c: char| c.is_ascii_alphabetic()),
            delimited(char('['), value, char(']')),
        ),
    )
    .parse(i)
}

/// The whole record: an optional game count (GGS), `(;`, properties, `;)`.
fn record(i: &str) -> PResult<'_, Vec<(&str, String)>> {
    delimited(
        (
            multispace0,
            opt(terminated(
                take_while1(|c: char| c.is_ascii_digit()),
                multispace0,
            )),
            char('('),
            multispace0,
            char(';'),
        ),
        many0(raw_prop),
        (
            multispace0,
            char(';'),
            multispace0,
            char(')'),
            take_while(|c: char| c.is_whitespace()),
        ),
    )
    .parse(i)
}

impl Ggf {
    /// Parses a whole GGF game (one line or several).
    pub fn parse(text: &str) -> Result<Ggf, String> {
        let (_, raw) = all_consuming(record)
            .parse(text)
            .map_err(|_| "not a GGF game: expected (;KEY[value]...;)".to_string())?;
        let mut props = Vec::with_capacity(raw.len());
        for (key, v) in raw {
            let p = match key {
                "BO" => Prop::Board(Board::parse(&v)?),
                "B" => Prop::Move(Color::Black, MoveItem::parse(&v)?),
                "W" => Prop::Move(Color::White, MoveItem::parse(&v)?),
                "TI" => Prop::Clock(ClockOf::Both, Clock::parse(&v)?),
                "TB" => Prop::Clock(ClockOf::Black, Clock::parse(&v)?),
                "TW" => Prop::Clock(ClockOf::White, Clock::parse(&v)?),
                "GM" if !v.trim().eq_ignore_ascii_case("othello") => {
                    return Err(format!("GM[{v}]: not an Othello game"))
                }
                _ => Prop::Tag(key.to_string(), v),
            };
            props.push(p);
        }
        Ok(Ggf { props })
    }

    /// The value of the first tag `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.props.iter().find_map(|p| match p {
            Prop::Tag(k, v) if k == key => Some(v.as_str()),
            _ => None,
        })
    }

    /// The start position (`BO`), or the standard start.
    pub fn board(&self) -> Board {
        self.props
            .iter()
            .find_map(|p| match p {
                Prop::Board(b) => Some(*b),
                _ => None,
            })
            .unwrap_or_else(Board::start)
    }

    /// The clocks of black and white (`TI`, then `TB`/`TW` override), if given.
    pub fn clocks(&self) -> [Option<Clock>; 2] {
        let mut c = [None, None];
        for p in &self.props {
            match p {
                Prop::Clock(ClockOf::Both, k) => c = [Some(*k), Some(*k)],
                Prop::Clock(ClockOf::Black, k) => c[0] = Some(*k),
                Prop::Clock(ClockOf::White, k) => c[1] = Some(*k),
                _ => {}
            }
        }
        c
    }

    /// The moves in order, with the colour that played each.
    pub fn moves(&self) -> Vec<(Color, MoveItem)> {
        self.props
            .iter()
            .filter_map(|p| match p {
                Prop::Move(c, m) => Some((*c, m.clone())),
                _ => None,
            })
            .collect()
    }

    /// Checks the match type (`TY`): 8x8 and not anti-othello.
    fn check_type(&self) -> Result<(), String> {
        if let Some(ty) = self.tag("TY") {
            let digits: String = ty.chars().filter(|c| c.is_ascii_digit()).collect();
            // `r<n>` (random discs) carries a number that is not a board size.
            let size = ty
                .trim()
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect::<String>();
            let size = if size.is_empty() { digits } else { size };
            if !size.is_empty() && size != "8" {
                return Err(format!("TY[{ty}]: only 8x8 is played"));
            }
            if ty.contains('a') {
                return Err(format!("TY[{ty}]: anti-othello is not played"));
            }
        }
        Ok(())
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

impl fmt::Display for Ggf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(;")?;
        for p in &self.props {
            match p {
                Prop::Board(b) => write!(f, "BO[{b}]")?,
                Prop::Move(Color::Black, m) => write!(f, "B[{m}]")?,
                Prop::Move(Color::White, m) => write!(f, "W[{m}]")?,
                Prop::Clock(ClockOf::Both, c) => write!(f, "TI[{c}]")?,
                Prop::Clock(ClockOf::Black, c) => write!(f, "TB[{c}]")?,
                Prop::Clock(ClockOf::White, c) => write!(f, "TW[{c}]")?,
                Prop::Tag(k, v) => write!(f, "{k}[{}]", escape(v))?,
            }
        }
        f.write_str(";)")
    }
}
