//! The Gomocup (Piskvork) protocol with the Yixin/Rapfi extensions.
//!
//! STUB: types only; parser and Display to be written.

/// A board coordinate as written on the wire: `x,y`, 0-based. May be negative
/// (`-1,-1` is a pass in reversi); range checks are the engine's job.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Coord {
    pub x: i32,
    pub y: i32,
}

/// One `x,y,field` line of a BOARD / YXBOARD block. field 1 = own stone,
/// 2 = opponent's, 3 = continuous-game marker (see protocol.md).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BoardStone {
    pub at: Coord,
    pub field: u8,
}

/// Which game `INFO game` selects.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameName {
    Gomoku,
    TicTacToe,
    Reversi,
}

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
    Game(GameName),
    /// Any other key: ignored, kept for logging and round-trips.
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
    Takeback(Coord),
    Play(Coord),
    Info(Info),
    About,
    End,
    /// `STOP` and `YXSTOP`: answer the best move so far now.
    Stop,
    YxNbest(i64),
    YxShowForbid,
    YxHashClear,
    YxShowInfo,
}

/// Why a line did not become a command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseError {
    /// Not a command we know: reply `UNKNOWN <msg>`.
    Unknown(String),
    /// A known command with bad arguments: reply `ERROR <msg>`.
    Invalid(String),
}

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
    /// `FORBID xxyy...` with the final `.`
    Forbid(Vec<Coord>),
    /// Any raw line (YXSHOWINFO, INFO PV blocks): printed as is.
    Raw(String),
}

/// Stateful line parser: BOARD/YXBOARD/SWAP2BOARD blocks span lines until DONE.
#[derive(Default)]
pub struct Parser {}

impl Parser {
    pub fn new() -> Parser {
        Parser {}
    }
    /// Feeds one line. `None` while inside a block (or for a blank line).
    pub fn feed(&mut self, _line: &str) -> Option<Result<Command, ParseError>> {
        None
    }
}
