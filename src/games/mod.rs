//! Games: rules, move generation and evaluation, one folder per game.
//!
//! The search is generic over [`Game`] (the rules) and its [`SearchPolicy`] (how
//! a search treats the game); [`Position`] wraps one concrete game for
//! the rooms that do not care which. [`GameKind`] and `gomoku::Rule` name the games
//! and rules, once, for every dialect and tool; [`exact::ExactSolver`] is the
//! interface of a game's exact endgame solver (reversi's).
//!
//! Imports nothing above it: no search, engine, session, protocol or tools.

pub mod exact;
pub mod gomoku;
pub mod kind;
pub mod policy;
pub mod position;
pub mod reversi;
pub mod tictactoe;

use std::fmt;

pub use kind::GameKind;
pub use policy::{ProbCut, SearchPolicy};
pub use position::Position;

/// A move: a square index `y * width + x`, or one of the special values.
///
/// One compact type for every game so the transposition table and the
/// killer/history tables can be shared.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u16);

impl Move {
    /// No move (empty TT slot, no best move yet).
    pub const NONE: Move = Move(u16::MAX);
    /// A pass (reversi).
    pub const PASS: Move = Move(u16::MAX - 1);

    #[inline]
    pub fn from_xy(x: usize, y: usize, width: usize) -> Move {
        Move((y * width + x) as u16)
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub fn xy(self, width: usize) -> (usize, usize) {
        (self.index() % width, self.index() / width)
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self == Move::NONE
    }
}

impl Default for Move {
    fn default() -> Self {
        Move::NONE
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::NONE => write!(f, "Move(none)"),
            Move::PASS => write!(f, "Move(pass)"),
            Move(i) => write!(f, "Move({i})"),
        }
    }
}

/// The two players. `Black` moves first (in gomoku/renju the first player is black;
/// in tic-tac-toe it is X).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The outcome of a finished game, seen from the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameResult {
    Win,
    Loss,
    Draw,
}

/// Scores. A forced win in `n` plies scores `MATE - n`; a loss `-(MATE - n)`.
pub const MATE: i32 = 30_000;
/// Any score with a larger magnitude is a mate score.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_000;

/// A move with its ordering score (higher is searched first).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct ScoredMove {
    pub mv: Move,
    pub score: i32,
}

/// The rules of a game: what any search needs to be correct. How a search prunes,
/// reduces and orders in the game is its [`Game::Policy`].
///
/// Every method must be deterministic: the same position gives the same moves in the
/// same order with the same scores, so node counts are reproducible.
pub trait Game: Clone + Send + Sync + 'static {
    /// How the generic search prunes, reduces, orders and solves tactics in this game
    /// (one value per search thread).
    type Policy: SearchPolicy<Self>;

    /// Zobrist key of the position, side to move included.
    fn key(&self) -> u64;

    /// The key the position will have after `mv`, where that is cheap to know before
    /// the move is made (the search then fetches the table entry early).
    fn key_after(&self, _mv: Move) -> Option<u64> {
        None
    }

    /// Moves played since the empty board (or since the set-up position).
    fn ply(&self) -> usize;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// `Some(result)` (from the side to move's view) if the game is over.
    fn result(&self) -> Option<GameResult>;

    /// Moves worth searching here with ordering scores, appended to `out` (which the
    /// caller clears). May prune (neighbourhood, forced defences): the search never
    /// plays a move this does not list. An empty list in a position where
    /// [`Game::result`] is `None` means every move loses at once: the search scores it
    /// as a loss for the side to move.
    fn generate(&self, out: &mut Vec<ScoredMove>);

    /// Every legal move, unpruned (for validating input, fallbacks and perft).
    fn legal_moves(&self, out: &mut Vec<Move>);

    /// Plays `mv` for the side to move. `mv` must be legal.
    fn make(&mut self, mv: Move);

    /// Takes back the last move (`make` or set-up stone).
    fn unmake(&mut self);

    /// Static evaluation from the side to move's view; `|v| < MATE_BOUND`.
    fn evaluate(&self) -> i32;

    /// Board width and height (moves are `y * width + x`).
    fn dimensions(&self) -> (usize, usize);

    /// The score of a finished game (`result` is [`Game::result`]) `ply` plies from
    /// the root, from the side to move's view. The default scores a win `MATE - ply`
    /// (the sooner the better); reversi scores the final disc difference instead.
    fn terminal_score(&self, result: GameResult, ply: usize) -> i32 {
        match result {
            GameResult::Win => MATE - ply as i32,
            GameResult::Loss => -(MATE - ply as i32),
            GameResult::Draw => 0,
        }
    }
}

/// Games played by putting stones on empty squares (gomoku, tic-tac-toe): positions
/// can be set up stone by stone, in any order, as a Gomocup BOARD block does.
pub trait StoneGame: Game {
    /// Puts a stone of `color` on the empty square `mv`; it becomes the last move (so
    /// `unmake` takes it back) and the side to move becomes `color.other()`.
    fn place(&mut self, mv: Move, color: Color);
    /// Overrides the side to move.
    fn set_side_to_move(&mut self, color: Color);
    /// The stone on `mv`, if any.
    fn stone(&self, mv: Move) -> Option<Color>;
    /// The last stone placed.
    fn last_move(&self) -> Option<(Move, Color)>;
    /// Every stone in the order it was placed.
    fn history(&self) -> Vec<(Move, Color)>;
}

/// Deterministic pseudo-random numbers for Zobrist keys and tests.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl StoneGame for gomoku::Gomoku {
    fn place(&mut self, mv: Move, color: Color) {
        gomoku::Gomoku::place(self, mv, color)
    }
    fn set_side_to_move(&mut self, color: Color) {
        gomoku::Gomoku::set_side_to_move(self, color)
    }
    fn stone(&self, mv: Move) -> Option<Color> {
        gomoku::Gomoku::stone(self, mv)
    }
    fn last_move(&self) -> Option<(Move, Color)> {
        gomoku::Gomoku::last_move(self)
    }
    fn history(&self) -> Vec<(Move, Color)> {
        gomoku::Gomoku::history(self)
    }
}
