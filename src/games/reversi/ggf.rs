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
//! [`Reversi`] board and keeps the clocks.

use std::fmt;

use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::{all_consuming, opt};
use nom::multi::many0;
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

use super::{move_name, parse_square, Reversi};
use crate::games::{Color, Game, Move};

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

/// A game being played: the start, the moves with their times, the clocks, and the
/// current position (whose history holds every move, so `unmake` walks back).
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub ggf: Ggf,
    pub start: Board,
    pub moves: Vec<MoveItem>,
    pub clocks: [Option<Clock>; 2],
    pub pos: Reversi,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord {
            ggf: Ggf::default(),
            start: Board::start(),
            moves: Vec::new(),
            clocks: [None, None],
            pos: Reversi::new(),
        }
    }
}

impl GameRecord {
    /// Replays a GGF game. A move listed for the side not to move is accepted when the
    /// side to move has to pass (the pass is added); an illegal move is an error.
    pub fn from_ggf(ggf: Ggf) -> Result<GameRecord, String> {
        ggf.check_type()?;
        let start = ggf.board();
        let mut g = GameRecord {
            start,
            moves: Vec::new(),
            clocks: ggf.clocks(),
            pos: start.position(),
            ggf: Ggf::default(),
        };
        for (i, (color, m)) in ggf.moves().into_iter().enumerate() {
            if color != g.pos.side_to_move() && m.mv != Move::PASS {
                if !g.pos.is_legal(Move::PASS) {
                    return Err(format!(
                        "move {} ({}) is played by the side not to move",
                        i + 1,
                        move_name(m.mv)
                    ));
                }
                g.play(MoveItem::new(Move::PASS))?;
            }
            g.play(m).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        g.ggf = ggf;
        Ok(g)
    }

    /// Plays one move (a pass only when the side to move has none).
    pub fn play(&mut self, m: MoveItem) -> Result<(), String> {
        self.pos.play(m.mv)?;
        self.moves.push(m);
        Ok(())
    }

    /// Seconds left on `color`'s clock now (the start clock, minus the times of its
    /// moves, plus its increments), or `None` when the game has no clock. The grace
    /// period is not counted.
    pub fn time_left(&self, color: Color) -> Option<f64> {
        let clock = self.clocks[color.index()]?;
        if clock.time == 0 {
            return None;
        }
        let mut side = self.start.side;
        let mut left = clock.time as f64;
        for m in &self.moves {
            if side == color {
                left += clock.increment as f64 - m.time;
            }
            side = side.other();
        }
        Some(left)
    }

    /// The positions of the game: index `k` is the position after `k` moves (passes
    /// count), 0 the start.
    pub fn positions(&self) -> Vec<Reversi> {
        let mut p = self.start.position();
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        out.push(p.clone());
        for m in &self.moves {
            p.make(m.mv);
            out.push(p.clone());
        }
        out
    }

    /// The game as GGF: the tags of the record it came from, the start board, the
    /// clocks and every move played since.
    pub fn to_ggf(&self) -> Ggf {
        let mut props: Vec<Prop> = self
            .ggf
            .props
            .iter()
            .filter(|p| !matches!(p, Prop::Move(..) | Prop::Board(_)))
            .cloned()
            .collect();
        if self.ggf.props.is_empty() {
            props.push(Prop::Tag("GM".into(), "Othello".into()));
            match self.clocks {
                [Some(b), Some(w)] if b == w => props.push(Prop::Clock(ClockOf::Both, b)),
                [b, w] => {
                    props.extend(b.map(|b| Prop::Clock(ClockOf::Black, b)));
                    props.extend(w.map(|w| Prop::Clock(ClockOf::White, w)));
                }
            }
        }
        props.push(Prop::Board(self.start));
        let mut side = self.start.side;
        for m in &self.moves {
            props.push(Prop::Move(side, m.clone()));
            side = side.other();
        }
        Ggf { props }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position (found by random play) where black must pass after white's h4.
    const PASS_BOARD: &str = "8 *--------**-------*-****--*****---****O*--**-*OO----O-OO---O-OOO O";

    /// The game of the example session in NTest's `instructions/Protocol.htm`.
    const SPEC: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn the_spec_example_parses_and_prints_back() {
        let g = Ggf::parse(SPEC).unwrap();
        assert_eq!(g.to_string(), SPEC);
        assert_eq!(g.tag("PB"), Some("./mEdax"));
        assert_eq!(g.clocks(), [Some(Clock::new(900)), Some(Clock::new(900))]);
        assert_eq!(g.board(), Board::start());
        let names: Vec<String> = g.moves().iter().map(|(_, m)| move_name(m.mv)).collect();
        assert_eq!(names, ["F5", "F6", "D3", "C5", "E6", "F7", "E7", "F4"]);
        let rec = GameRecord::from_ggf(g).unwrap();
        assert_eq!(rec.pos.side_to_move(), Color::Black);
        assert_eq!(rec.pos.empties(), 52);
        assert_eq!(rec.to_ggf().to_string(), SPEC);
    }

    #[test]
    fn move_items_round_trip_as_nboard_writes_them() {
        for t in [
            "F5",
            "F5/1.00",
            "F5//1.5",
            "F5/-2.50/0.01",
            "PA",
            "A1/0.00/1.0",
        ] {
            let m = MoveItem::parse(t).unwrap();
            assert_eq!(m.to_string(), t, "{t}");
            assert_eq!(MoveItem::parse(&m.to_string()).unwrap(), m);
        }
        let m = MoveItem::parse("d3//0.01").unwrap();
        assert_eq!(m.mv, Move(2 * 8 + 3));
        assert_eq!(m.eval, None);
        assert_eq!(m.time, 0.01);
        for bad in ["", "Z9", "F5/x", "F5/1/-2", "F5/1/2/3", "F5/1e5", "F5/nan"] {
            assert!(MoveItem::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_parse_and_print() {
        for (t, secs) in [
            ("15:00", 900),
            ("45", 45),
            ("1:00:00", 3600),
            ("1.00:00:00", 86400),
        ] {
            let c = Clock::parse(t).unwrap();
            assert_eq!(c.time, secs, "{t}");
            assert_eq!(Clock::parse(&c.to_string()).unwrap(), c);
        }
        let c = Clock::parse("5:00/10/2:00").unwrap();
        assert_eq!((c.time, c.increment, c.grace), (300, 10, 120));
        let c = Clock::parse("05:00//01:00").unwrap();
        assert_eq!((c.time, c.increment, c.grace), (300, 0, 60));
        assert_eq!(c.to_string(), "5:00//60");
        assert!(Clock::parse("ab").is_err());
    }

    #[test]
    fn a_ggs_game_with_passes_and_escapes_round_trips() {
        // Black has no move after white's h4 here; the record writes the pass.
        let board = PASS_BOARD;
        let text = format!(
            "1 (;GM[Othello]PC[GGS/os]CO[a \\] b]TB[10:00]TW[9:00]TY[8]BO[{board}]W[h4/1.00/0.5]B[pa]W[d2//3];)"
        );
        let g = Ggf::parse(&text).unwrap();
        assert_eq!(g.tag("CO"), Some("a ] b"));
        let printed = g.to_string();
        assert_eq!(Ggf::parse(&printed).unwrap(), g);
        assert!(printed.contains("CO[a \\] b]"));
        let rec = GameRecord::from_ggf(g).unwrap();
        assert_eq!(rec.moves.len(), 3);
        assert_eq!(rec.moves[1].mv, Move::PASS);
        assert_eq!(rec.time_left(Color::Black), Some(600.0));
        assert_eq!(rec.time_left(Color::White), Some(536.5));
    }

    #[test]
    fn a_missing_pass_is_inserted_and_bad_games_are_refused() {
        // White plays h4, black must pass, white moves again without a written pass.
        let board = PASS_BOARD;
        let g = Ggf::parse(&format!("(;GM[Othello]BO[{board}]W[h4]W[d2];)")).unwrap();
        let rec = GameRecord::from_ggf(g).unwrap();
        assert_eq!(rec.moves.len(), 3);
        assert_eq!(rec.moves[1].mv, Move::PASS);

        for bad in [
            "(;GM[Othello]B[a1];)",
            "(;GM[Othello]W[d3];)",
            "(;GM[Othello]TY[10]BO[8 ---------------------------O*------*O--------------------------- *];)",
            "(;GM[Othello]TY[8a];)",
        ] {
            let r = Ggf::parse(bad).and_then(GameRecord::from_ggf);
            assert!(r.is_err(), "{bad}");
        }
        for bad in [
            "",
            "(;GM[Chess];)",
            "(;GM[Othello]",
            "(;BO[8 --- *];)",
            "(;GM[Othello];) x",
            "(;B[z9];)",
        ] {
            assert!(Ggf::parse(bad).is_err(), "{bad}");
        }
    }
}
