//! The Gomocup parser: one nom parser per command, and the [`Parser`] that
//! gathers the lines of BOARD-style blocks.

use super::*;
use crate::protocol::text::{int, one_line, shown, PResult};

use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::{char, one_of, space0, space1};
use nom::combinator::{all_consuming, eof, map_res, opt, peek, recognize, rest};
use nom::sequence::{pair, separated_pair};
use nom::Parser as _;

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
    "YXQUERYDATABASEONE",
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXBLOCKRESET",
    "YXSHOWHASHUSAGE",
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
    "QUIT",
    "EXIT",
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
    "YXBLOCKPATH",
    "YXBLOCKPATHUNDO",
    "YXQUERYDATABASEALLT",
    "YXQUERYDATABASETEXT",
    "YXEDITTVDDATABASE",
    "YXEDITTEXTDATABASE",
    "YXEDITLABELDATABASE",
    "YXDELETEDATABASEONE",
    "YXDELETEDATABASEALL",
    "YXSETBESTMOVEDATABASE",
    "YXCLEARBESTMOVEDATABASE",
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
        // `quit` and `exit` are what a person types to leave: the same as END.
        "END" | "QUIT" | "EXIT" => no_args(kw, args, Command::End),
        "STOP" | "YXSTOP" => no_args(kw, args, Command::Stop),
        "YXNBEST" => parse_nbest(args),
        "YXSHOWFORBID" => no_args(kw, args, Command::YxShowForbid),
        "YXHASHCLEAR" => no_args(kw, args, Command::YxHashClear),
        "YXSHOWINFO" => no_args(kw, args, Command::YxShowInfo),
        "YXSHOWHASHUSAGE" => no_args(kw, args, Command::YxShowHashUsage),
        "YXBLOCKRESET" => no_args(kw, args, Command::YxBlockReset),
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
    QueryDatabaseOne,
    /// `YXBLOCK` / `YXBLOCKUNDO` (true).
    Block(bool),
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
            BlockKind::QueryDatabaseOne => "YXQUERYDATABASEONE",
            BlockKind::Block(false) => "YXBLOCK",
            BlockKind::Block(true) => "YXBLOCKUNDO",
            BlockKind::Soosorv(2, _) => "YXSOOSORVSTEP2",
            BlockKind::Soosorv(3, _) => "YXSOOSORVSTEP3",
            BlockKind::Soosorv(4, _) => "YXSOOSORVSTEP4",
            BlockKind::Soosorv(5, _) => "YXSOOSORVSTEP5",
            BlockKind::Soosorv(..) => "YXSOOSORVSTEP6",
            BlockKind::Unsupported(k) => k,
        }
    }

    /// Its lines are `x,y` (not `x,y,field`).
    fn takes_coords(&self) -> bool {
        matches!(
            self,
            BlockKind::Swap2Board
                | BlockKind::QueryDatabaseAll
                | BlockKind::QueryDatabaseOne
                | BlockKind::Block(_)
                | BlockKind::Soosorv(..)
        )
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
            BlockKind::Unsupported(_) => true,
            ref k if k.takes_coords() => whole(line, coord).map(|c| self.coords.push(c)).is_some(),
            _ => whole(line, stone).map(|s| self.stones.push(s)).is_some(),
        };
        if !ok {
            let expected = if self.kind.takes_coords() {
                "x,y"
            } else {
                "x,y,field (field 1, 2 or 3)"
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
            BlockKind::QueryDatabaseOne => Command::YxQueryDatabaseOne(self.coords),
            BlockKind::Block(false) => Command::YxBlock(self.coords),
            BlockKind::Block(true) => Command::YxBlockUndo(self.coords),
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
            "YXQUERYDATABASEONE" => Some(BlockKind::QueryDatabaseOne),
            "YXBLOCK" => Some(BlockKind::Block(false)),
            "YXBLOCKUNDO" => Some(BlockKind::Block(true)),
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
