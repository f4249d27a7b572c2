//! The values of the GGF properties ply reads: a move (`B`, `W`), a clock (`TI`,
//! `TB`, `TW`) and a board (`BO`).

use std::fmt;

use crate::games::reversi::{move_name, parse_square, Reversi};
use crate::games::{Color, Move};

/// One move as NBoard writes it: `F5`, `F5/1.00`, `F5//2.5`, `F5/-1.00/2.5`, `PA`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveItem {
    /// A square or `Move::PASS`.
    pub mv: Move,
    /// Evaluation in discs from the mover's view, if given.
    pub eval: Option<f64>,
    /// Seconds taken (0 when not given).
    pub time: f64,
}

impl MoveItem {
    pub fn new(mv: Move) -> MoveItem {
        MoveItem {
            mv,
            eval: None,
            time: 0.0,
        }
    }

    /// Parses `move[/eval[/time]]` (the whole text).
    pub fn parse(text: &str) -> Result<MoveItem, String> {
        let text = text.trim();
        let mut parts = text.split('/');
        let mv_text = parts.next().unwrap_or("");
        let mv = parse_move(mv_text).ok_or_else(|| format!("'{mv_text}' is not a move"))?;
        let eval = match parts.next() {
            None | Some("") => None,
            Some(e) => Some(parse_number(e).ok_or_else(|| format!("bad eval '{e}'"))?),
        };
        let time = match parts.next() {
            None | Some("") => 0.0,
            Some(t) => parse_number(t)
                .filter(|t| *t >= 0.0)
                .ok_or_else(|| format!("bad time '{t}'"))?,
        };
        if let Some(extra) = parts.next() {
            return Err(format!("unexpected '/{extra}' after the time"));
        }
        Ok(MoveItem { mv, eval, time })
    }
}

impl fmt::Display for MoveItem {
    /// As NBoard prints it: the eval with two decimals, the time only when not 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", move_name(self.mv))?;
        if self.eval.is_some() || self.time != 0.0 {
            f.write_str("/")?;
            if let Some(e) = self.eval {
                write!(f, "{e:.2}")?;
            }
            if self.time != 0.0 {
                write!(f, "/{:?}", self.time)?;
            }
        }
        Ok(())
    }
}

/// `F5`/`f5` or `PA`/`PASS` (any case).
pub fn parse_move(s: &str) -> Option<Move> {
    if s.eq_ignore_ascii_case("pa") || s.eq_ignore_ascii_case("pass") {
        return Some(Move::PASS);
    }
    parse_square(s).map(|sq| Move(sq as u16))
}

/// A finite decimal number (no exponent, no NaN/inf).
fn parse_number(s: &str) -> Option<f64> {
    let ok = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '-' || c == '+');
    if !ok {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A GGF clock: `time[/increment[/grace]]`, whole seconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time on the clock at the start of the game.
    pub time: u64,
    /// Added after each move.
    pub increment: u64,
    /// Extra time after a first time-out (GGS; 120 s unless given). ply never counts on it.
    pub grace: u64,
}

impl Clock {
    pub const DEFAULT_GRACE: u64 = 120;

    pub fn new(time: u64) -> Clock {
        Clock {
            time,
            increment: 0,
            grace: Self::DEFAULT_GRACE,
        }
    }

    pub fn parse(text: &str) -> Result<Clock, String> {
        let mut parts = text.trim().split('/');
        let time = parse_duration(parts.next().unwrap_or(""))?;
        let increment = match parts.next() {
            None | Some("") => 0,
            Some(t) => parse_duration(t)?,
        };
        let grace = match parts.next() {
            None | Some("") => Self::DEFAULT_GRACE,
            Some(t) => parse_duration(t)?,
        };
        if parts.next().is_some() {
            return Err(format!("bad clock '{text}'"));
        }
        Ok(Clock {
            time,
            increment,
            grace,
        })
    }
}

/// `[[d.]h:]m:s` or plain seconds, to seconds (as NBoard reads it: each number is
/// added, then `.` multiplies by 24 and `:` by 60).
fn parse_duration(s: &str) -> Result<u64, String> {
    let bad = || format!("bad time '{s}'");
    let s = s.trim();
    let mut t: u64 = 0;
    let mut rest = s;
    for i in 0..4 {
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (num, tail) = rest.split_at(end);
        if !num.is_empty() {
            t = t.saturating_add(num.parse::<u64>().map_err(|_| bad())?);
        }
        match tail.chars().next() {
            None => return Ok(t),
            Some('.') if i == 0 => t = t.saturating_mul(24),
            Some(':') => t = t.saturating_mul(60),
            Some(_) => return Err(bad()),
        }
        rest = &tail[1..];
    }
    Err(bad())
}

fn write_duration(f: &mut fmt::Formatter<'_>, secs: u64) -> fmt::Result {
    // As NBoard writes it: seconds up to 60, then m:ss, then h:mm:ss.
    if secs > 60 {
        let (m, s) = (secs / 60, secs % 60);
        if m > 60 {
            write!(f, "{}:{:02}:{s:02}", m / 60, m % 60)
        } else {
            write!(f, "{m}:{s:02}")
        }
    } else {
        write!(f, "{secs}")
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_duration(f, self.time)?;
        if self.increment != 0 || self.grace != Self::DEFAULT_GRACE {
            f.write_str("/")?;
            if self.increment != 0 {
                write_duration(f, self.increment)?;
            }
            if self.grace != Self::DEFAULT_GRACE {
                f.write_str("/")?;
                write_duration(f, self.grace)?;
            }
        }
        Ok(())
    }
}

/// A `BO[...]` board: black and white discs and the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub black: u64,
    pub white: u64,
    pub side: Color,
}

impl Board {
    pub fn parse(text: &str) -> Result<Board, String> {
        let text = text.trim();
        let (size, rest) = text
            .split_once(|c: char| c.is_whitespace())
            .ok_or_else(|| format!("bad board '{text}'"))?;
        if size != "8" {
            return Err(format!("board type '{size}': only 8x8 is played"));
        }
        let cells: Vec<char> = rest.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != 65 {
            return Err(format!(
                "a board has 64 squares and the side to move, not {} characters",
                cells.len()
            ));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, c) in cells[..64].iter().enumerate() {
            match c {
                '*' | 'x' | 'X' => black |= 1 << i,
                'O' | 'o' | '0' => white |= 1 << i,
                '-' | '.' | '_' => {}
                c => return Err(format!("bad square '{c}'")),
            }
        }
        let side = match cells[64] {
            '*' | 'x' | 'X' => Color::Black,
            'O' | 'o' | '0' => Color::White,
            c => return Err(format!("bad side to move '{c}'")),
        };
        Ok(Board { black, white, side })
    }

    pub fn start() -> Board {
        let r = Reversi::new();
        Board {
            black: r.black(),
            white: r.white(),
            side: Color::Black,
        }
    }

    pub fn position(&self) -> Reversi {
        Reversi::from_discs(self.black, self.white, self.side)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("8 ")?;
        for i in 0..64 {
            let c = if self.black & (1 << i) != 0 {
                '*'
            } else if self.white & (1 << i) != 0 {
                'O'
            } else {
                '-'
            };
            write!(f, "{c}")?;
        }
        let side = if self.side == Color::Black { '*' } else { 'O' };
        write!(f, " {side}")
    }
}
