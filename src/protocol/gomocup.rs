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
//! to `DONE` (`YXBLOCK`, `YXBLOCKUNDO`, `YXQUERYDATABASEONE`/`ALLT`/`TEXT`,
//! `YXEDIT*DATABASE`,
//! `YXDELETEDATABASE*`) are swallowed up to their `DONE` and reported once as
//! `Err(Unknown("YXBLOCK"))`, so the engine does not answer every listed line.
//!
//! # Output: `Display`
//!
//! `Display for Command` prints the canonical text (upper-case keyword,
//! lower-case INFO keys, `x,y` without spaces); parsing it gives back the same
//! command. A block prints as several `\n`-separated lines ending in `DONE`
//! (no final newline). `Display for Reply` prints exactly one line: `\r`, `\n`
//! and other control characters inside messages are replaced by spaces.

use std::fmt;

use super::text::{int, one_line, shown, PResult};

use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::{char, one_of, space0, space1};
use nom::combinator::{all_consuming, eof, map_res, opt, peek, recognize, rest};
use nom::sequence::{pair, separated_pair};
use nom::Parser as _;

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
// Keywords

/// Every keyword that `feed` recognises as a command (used to detect a block
/// interrupted by a command). `DONE` is handled separately.
const KEYWORDS: &[&str] = &[
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "YXBOARD",
    "SWAP2BOARD",
    "YXQUERYDATABASEALL",
    "YXSWAP2STEP1",
    "YXSWAP2STEP2",
    "YXSWAP2STEP3",
    "YXSOOSORVSTEP1",
    "YXSOOSORVSTEP2",
    "YXSOOSORVSTEP3",
    "YXSOOSORVSTEP4",
    "YXSOOSORVSTEP5",
    "YXSOOSORVSTEP6",
    "YXBALANCEONE",
    "YXBALANCETWO",
    "YXSEARCHDEFEND",
    "TAKEBACK",
    "PLAY",
    "INFO",
    "ABOUT",
    "HELP",
    "END",
    "STOP",
    "YXSTOP",
    "YXNBEST",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "YXSHOWINFO",
];

/// Yixin-Board/Rapfi commands we do not implement that are followed by a list
/// of `x,y` lines up to `DONE`: swallowed whole, reported once as Unknown.
const UNSUPPORTED_BLOCKS: &[&str] = &[
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXQUERYDATABASEALLT",
    "YXQUERYDATABASEONE",
    "YXQUERYDATABASETEXT",
    "YXEDITTVDDATABASE",
    "YXEDITTEXTDATABASE",
    "YXEDITLABELDATABASE",
    "YXDELETEDATABASEONE",
    "YXDELETEDATABASEALL",
];

/// Longest stone list a block may hold (far above any real board).
const MAX_BLOCK_LINES: usize = 1 << 16;

// ---------------------------------------------------------------------------
// nom building blocks

/// A signed integer that must fit in `i32` (coordinates).
fn int32(i: &str) -> PResult<'_, i32> {
    map_res(int, i32::try_from).parse(i)
}

/// A comma, with optional spaces/tabs either side.
fn comma(i: &str) -> PResult<'_, char> {
    (space0, char(','), space0).map(|(_, c, _)| c).parse(i)
}

/// `x,y`
fn coord(i: &str) -> PResult<'_, Coord> {
    separated_pair(int32, comma, int32)
        .map(|(x, y)| Coord { x, y })
        .parse(i)
}

/// `w,h` as i64 (RECTSTART).
fn int_pair(i: &str) -> PResult<'_, (i64, i64)> {
    separated_pair(int, comma, int).parse(i)
}

/// `x,y,field` with field 1, 2 or 3.
fn stone(i: &str) -> PResult<'_, BoardStone> {
    (coord, comma, one_of("123"))
        .map(|(at, _, f)| BoardStone {
            at,
            field: f as u8 - b'0',
        })
        .parse(i)
}

/// The keyword at the start of a (trimmed) line: ASCII letters, digits and
/// `_`, starting with a letter, followed by whitespace or the end of line.
/// Returns the keyword and the trimmed rest.
fn keyword(i: &str) -> PResult<'_, &str> {
    recognize(pair(
        take_while1(|c: char| c.is_ascii_alphabetic()),
        opt(take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_')),
    ))
    .parse(i)
    .and_then(|(rest_in, kw)| {
        peek(alt((space1, eof))).parse(rest_in)?;
        Ok((rest_in, kw))
    })
}

/// Runs `p` over the whole of `args` (already trimmed).
fn whole<'a, O>(
    args: &'a str,
    p: impl nom::Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
) -> Option<O> {
    all_consuming(p).parse(args).ok().map(|(_, o)| o)
}

// ---------------------------------------------------------------------------
// Helpers for messages

fn invalid(msg: String) -> ParseError {
    ParseError::Invalid(msg)
}

/// Trims the line: CR/LF at the end and any surrounding whitespace.
fn clean(line: &str) -> &str {
    line.trim_end_matches(['\r', '\n']).trim()
}

/// Splits a trimmed line into upper-case keyword and trimmed arguments, or
/// `None` if the line does not start with a keyword.
fn split_keyword(line: &str) -> Option<(String, &str)> {
    let (rest_in, kw) = keyword(line).ok()?;
    Some((kw.to_ascii_uppercase(), rest_in.trim()))
}

// ---------------------------------------------------------------------------
// One parser per command (arguments already trimmed)

fn no_args(kw: &str, args: &str, cmd: Command) -> Result<Command, ParseError> {
    if args.is_empty() {
        Ok(cmd)
    } else {
        Err(invalid(format!(
            "{kw} takes no arguments, got '{}'",
            shown(args)
        )))
    }
}

fn one_int(kw: &str, args: &str) -> Result<i64, ParseError> {
    whole(args, int)
        .ok_or_else(|| invalid(format!("{kw} expects an integer, got '{}'", shown(args))))
}

fn one_coord(kw: &str, args: &str) -> Result<Coord, ParseError> {
    whole(args, coord).ok_or_else(|| invalid(format!("{kw} expects x,y, got '{}'", shown(args))))
}

/// `START n`; also `START w h` as Yixin-Board sends it (`START 15 15`):
/// a square `w h` gives `Start(w)`, a rectangle gives `RectStart(h, w)`: the
/// GUI's coordinates are `row,col` (row below `h`, column below `w`), so ply's
/// first coordinate runs over the GUI's `h` rows.
fn parse_start(args: &str) -> Result<Command, ParseError> {
    let sizes = (int, opt((space1, int).map(|(_, h)| h)));
    match whole(args, sizes) {
        Some((n, None)) => Ok(Command::Start(n)),
        Some((w, Some(h))) if w == h => Ok(Command::Start(w)),
        Some((w, Some(h))) => Ok(Command::RectStart(h, w)),
        None => Err(invalid(format!(
            "START expects a board size, got '{}'",
            shown(args)
        ))),
    }
}

fn parse_rectstart(args: &str) -> Result<Command, ParseError> {
    whole(args, int_pair)
        .map(|(w, h)| Command::RectStart(w, h))
        .ok_or_else(|| invalid(format!("RECTSTART expects w,h, got '{}'", shown(args))))
}

fn parse_turn(args: &str) -> Result<Command, ParseError> {
    one_coord("TURN", args).map(Command::Turn)
}

fn parse_takeback(args: &str) -> Result<Command, ParseError> {
    one_coord("TAKEBACK", args).map(Command::Takeback)
}

fn parse_play(args: &str) -> Result<Command, ParseError> {
    one_coord("PLAY", args).map(Command::Play)
}

fn parse_nbest(args: &str) -> Result<Command, ParseError> {
    one_int("YXNBEST", args).map(Command::YxNbest)
}

fn parse_game_name(value: &str) -> Option<GameKind> {
    value.parse().ok()
}

/// `INFO key value`: the key is one whitespace-free token, the value the rest.
fn parse_info(args: &str) -> Result<Command, ParseError> {
    // Control characters count as spaces, so that what we store prints back
    // (see `one_line`) to text that parses to the same value.
    let args = one_line(args);
    let split: PResult<'_, (&str, &str)> =
        (take_while1(|c: char| !c.is_whitespace()), rest).parse(args.trim());
    let Ok((_, (key, value))) = split else {
        return Err(invalid("INFO expects a key and a value".to_string()));
    };
    let key = key.to_ascii_lowercase();
    let value = value.trim();
    let num = |make: fn(i64) -> Info| {
        whole(value, int).map(make).ok_or_else(|| {
            invalid(format!(
                "INFO {key} expects an integer, got '{}'",
                shown(value)
            ))
        })
    };
    let info = match key.as_str() {
        "timeout_turn" => num(Info::TimeoutTurn)?,
        "timeout_match" => num(Info::TimeoutMatch)?,
        "time_left" => num(Info::TimeLeft)?,
        "max_memory" => num(Info::MaxMemory)?,
        "game_type" => num(Info::GameType)?,
        "rule" => num(Info::Rule)?,
        "max_depth" => num(Info::MaxDepth)?,
        "max_node" => num(Info::MaxNode)?,
        "thread_num" => num(Info::ThreadNum)?,
        "hash_size" => num(Info::HashSize)?,
        "show_detail" => num(Info::ShowDetail)?,
        "folder" => Info::Folder(value.to_string()),
        "evaluate" => Info::Evaluate(value.to_string()),
        "game" => Info::Game(parse_game_name(value).ok_or_else(|| {
            invalid(format!(
                "INFO game expects gomoku, tictactoe or reversi, got '{}'",
                shown(value)
            ))
        })?),
        _ => Info::Other(key, value.to_string()),
    };
    Ok(Command::Info(info))
}

/// Parses a one-line command given its upper-case keyword and trimmed args.
fn parse_simple(kw: &str, args: &str) -> Result<Command, ParseError> {
    match kw {
        "START" => parse_start(args),
        "RECTSTART" => parse_rectstart(args),
        "RESTART" => no_args(kw, args, Command::Restart),
        "BEGIN" => no_args(kw, args, Command::Begin),
        "TURN" => parse_turn(args),
        "TAKEBACK" => parse_takeback(args),
        "PLAY" => parse_play(args),
        "INFO" => parse_info(args),
        "ABOUT" => no_args(kw, args, Command::About),
        "HELP" => Ok(Command::Help),
        "END" => no_args(kw, args, Command::End),
        "STOP" | "YXSTOP" => no_args(kw, args, Command::Stop),
        "YXNBEST" => parse_nbest(args),
        "YXSHOWFORBID" => no_args(kw, args, Command::YxShowForbid),
        "YXHASHCLEAR" => no_args(kw, args, Command::YxHashClear),
        "YXSHOWINFO" => no_args(kw, args, Command::YxShowInfo),
        "YXSWAP2STEP1" => no_args(kw, args, Command::YxSwap2Step(1)),
        "YXSWAP2STEP2" => no_args(kw, args, Command::YxSwap2Step(2)),
        "YXSWAP2STEP3" => no_args(kw, args, Command::YxSwap2Step(3)),
        "YXSOOSORVSTEP1" => no_args(
            kw,
            args,
            Command::YxSoosorvStep {
                step: 1,
                n: None,
                moves: Vec::new(),
            },
        ),
        "YXBALANCEONE" => one_int(kw, args).map(|target| Command::YxBalance { two: false, target }),
        "YXBALANCETWO" => one_int(kw, args).map(|target| Command::YxBalance { two: true, target }),
        "YXSEARCHDEFEND" => no_args(kw, args, Command::YxSearchDefend),
        _ => Err(ParseError::Unknown(shown(kw))),
    }
}

// ---------------------------------------------------------------------------
// Blocks

#[derive(Clone, Debug)]
enum BlockKind {
    Board,
    YxBoard,
    Swap2Board,
    QueryDatabaseAll,
    /// `YXSOOSORVSTEP2`..`6`: the step and its number of fifth moves (steps 4, 5).
    Soosorv(u8, Option<i64>),
    /// An unsupported `... DONE` command (keyword kept for the message).
    Unsupported(String),
}

impl BlockKind {
    fn name(&self) -> &str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2Board => "SWAP2BOARD",
            BlockKind::QueryDatabaseAll => "YXQUERYDATABASEALL",
            BlockKind::Soosorv(2, _) => "YXSOOSORVSTEP2",
            BlockKind::Soosorv(3, _) => "YXSOOSORVSTEP3",
            BlockKind::Soosorv(4, _) => "YXSOOSORVSTEP4",
            BlockKind::Soosorv(5, _) => "YXSOOSORVSTEP5",
            BlockKind::Soosorv(..) => "YXSOOSORVSTEP6",
            BlockKind::Unsupported(k) => k,
        }
    }
}

#[derive(Clone, Debug)]
struct Block {
    kind: BlockKind,
    stones: Vec<BoardStone>,
    coords: Vec<Coord>,
    lines: usize,
    /// The first problem seen; the block is bad if set.
    error: Option<String>,
}

impl Block {
    fn new(kind: BlockKind) -> Block {
        Block {
            kind,
            stones: Vec::new(),
            coords: Vec::new(),
            lines: 0,
            error: None,
        }
    }

    fn fail(&mut self, msg: String) {
        if self.error.is_none() {
            self.error = Some(msg);
        }
    }

    fn add_line(&mut self, line: &str) {
        self.lines += 1;
        if self.error.is_some() {
            return;
        }
        if self.lines > MAX_BLOCK_LINES {
            self.fail(format!("{} block has too many lines", self.kind.name()));
            return;
        }
        let ok = match self.kind {
            BlockKind::Board | BlockKind::YxBoard => {
                whole(line, stone).map(|s| self.stones.push(s)).is_some()
            }
            BlockKind::Swap2Board | BlockKind::QueryDatabaseAll | BlockKind::Soosorv(..) => {
                whole(line, coord).map(|c| self.coords.push(c)).is_some()
            }
            BlockKind::Unsupported(_) => true,
        };
        if !ok {
            let expected = match self.kind {
                BlockKind::Swap2Board | BlockKind::QueryDatabaseAll | BlockKind::Soosorv(..) => {
                    "x,y"
                }
                _ => "x,y,field (field 1, 2 or 3)",
            };
            self.fail(format!(
                "{} line {}: expected {expected}, got '{}'",
                self.kind.name(),
                self.lines,
                shown(line)
            ));
        }
    }

    /// The block's result at DONE.
    fn finish(self) -> Result<Command, ParseError> {
        if let BlockKind::Unsupported(k) = self.kind {
            return Err(ParseError::Unknown(k));
        }
        if let Some(e) = self.error {
            return Err(invalid(e));
        }
        Ok(match self.kind {
            BlockKind::Board => Command::Board(self.stones),
            BlockKind::YxBoard => Command::YxBoard(self.stones),
            BlockKind::Swap2Board => Command::Swap2Board(self.coords),
            BlockKind::QueryDatabaseAll => Command::YxQueryDatabaseAll(self.coords),
            BlockKind::Soosorv(step, n) => Command::YxSoosorvStep {
                step,
                n,
                moves: self.coords,
            },
            BlockKind::Unsupported(_) => unreachable!(),
        })
    }

    /// The block's result when a command interrupts it.
    fn interrupted(self, by: &str) -> ParseError {
        match self.kind {
            BlockKind::Unsupported(k) => ParseError::Unknown(k),
            kind => invalid(format!("{} block interrupted by {by}", kind.name())),
        }
    }
}

/// Stateful line parser: BOARD/YXBOARD/SWAP2BOARD blocks span lines until DONE.
#[derive(Default, Debug)]
pub struct Parser {
    block: Option<Block>,
}

impl Parser {
    pub fn new() -> Parser {
        Parser { block: None }
    }

    /// True while a block (BOARD, YXBOARD, SWAP2BOARD, ...) is open.
    pub fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Feeds one line (with or without its `\n` / `\r\n`) and returns what it
    /// completed, in order:
    ///
    /// * `[]` for a blank line or a line inside an open block;
    /// * `[result]` for a one-line command or the `DONE` of a block;
    /// * `[Err(Invalid("BOARD block interrupted by X")), result of the line]`
    ///   when a command keyword `X` arrives inside an open block (if that
    ///   line opens a new block, only the first element is returned).
    pub fn feed(&mut self, line: &str) -> Vec<Result<Command, ParseError>> {
        let line = clean(line);
        if line.is_empty() {
            return Vec::new();
        }
        let head = split_keyword(line);
        if let Some(mut block) = self.block.take() {
            match &head {
                Some((kw, args)) if kw == "DONE" => {
                    if !args.is_empty() {
                        block.fail(format!("DONE takes no arguments, got '{}'", shown(args)));
                    }
                    return vec![block.finish()];
                }
                Some((kw, _)) if is_command_keyword(kw) => {
                    let mut out = vec![Err(block.interrupted(kw))];
                    out.extend(self.feed_command(line, head));
                    return out;
                }
                _ => {
                    block.add_line(line);
                    self.block = Some(block);
                    return Vec::new();
                }
            }
        }
        self.feed_command(line, head)
    }

    /// Call at end of input: reports a block still open (never closed by
    /// `DONE`) as `Invalid` and resets the parser.
    pub fn finish(&mut self) -> Option<Result<Command, ParseError>> {
        self.block
            .take()
            .map(|b| Err(b.interrupted("end of input")))
    }

    fn feed_command(
        &mut self,
        line: &str,
        head: Option<(String, &str)>,
    ) -> Vec<Result<Command, ParseError>> {
        let Some((kw, args)) = head else {
            return vec![Err(ParseError::Unknown(shown(line)))];
        };
        let kind = match kw.as_str() {
            "BOARD" => Some(BlockKind::Board),
            "YXBOARD" => Some(BlockKind::YxBoard),
            "SWAP2BOARD" => Some(BlockKind::Swap2Board),
            "YXQUERYDATABASEALL" => Some(BlockKind::QueryDatabaseAll),
            "YXSOOSORVSTEP2" => Some(BlockKind::Soosorv(2, None)),
            "YXSOOSORVSTEP3" => Some(BlockKind::Soosorv(3, None)),
            "YXSOOSORVSTEP4" => Some(BlockKind::Soosorv(4, whole(args, int))),
            "YXSOOSORVSTEP5" => Some(BlockKind::Soosorv(5, whole(args, int))),
            "YXSOOSORVSTEP6" => Some(BlockKind::Soosorv(6, None)),
            k if UNSUPPORTED_BLOCKS.contains(&k) => Some(BlockKind::Unsupported(kw.clone())),
            _ => None,
        };
        if let Some(kind) = kind {
            let mut block = Block::new(kind);
            match block.kind {
                // Unsupported commands may carry arguments (YXEDITTVDDATABASE ...).
                BlockKind::Unsupported(_) => {}
                // Steps 4 and 5 carry the number of fifth moves.
                BlockKind::Soosorv(4 | 5, None) => block.fail(format!(
                    "{kw} expects the number of fifth moves, got '{}'",
                    shown(args)
                )),
                BlockKind::Soosorv(4 | 5, Some(_)) => {}
                _ if !args.is_empty() => {
                    block.fail(format!("{kw} takes no arguments, got '{}'", shown(args)))
                }
                _ => {}
            }
            self.block = Some(block);
            return Vec::new();
        }
        if kw == "DONE" {
            return vec![Err(invalid("DONE outside a BOARD block".to_string()))];
        }
        vec![parse_simple(&kw, args)]
    }
}

fn is_command_keyword(kw: &str) -> bool {
    KEYWORDS.contains(&kw) || UNSUPPORTED_BLOCKS.contains(&kw)
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
        let word: String = line
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_uppercase();
        let rest = &line[word.len()..];
        let word_ends = rest.is_empty() || rest.starts_with(|c: char| c.is_whitespace());
        if !word.is_empty() && word_ends {
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
            Command::YxQueryDatabaseAll(coords) => {
                f.write_str("YXQUERYDATABASEALL")?;
                for c in coords {
                    write!(f, "\n{c}")?;
                }
                f.write_str("\nDONE")
            }
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

#[cfg(test)]
mod tests;
