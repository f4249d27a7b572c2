//! The position of whichever game is being played, as one value: what sessions,
//! tools and notation modules hold when they do not care which game it is.

use super::gomoku::{Gomoku, Rule};
use super::reversi::Reversi;
use super::tictactoe::TicTacToe;
use super::{Color, Game, GameKind, GameResult, Move, StoneGame};

/// The position of whichever game is being played.
#[derive(Clone)]
pub enum Position {
    TicTacToe(TicTacToe),
    Gomoku(Box<Gomoku>),
    /// Reversi: `place` plays a move for a colour (passing first when that colour is
    /// not to move and has to), `stone` is the disc on a square, `last_move` may be
    /// `Move::PASS`.
    Reversi(Box<Reversi>),
}

/// Runs `$body` with `$g` bound to the concrete game inside a `Position`.
macro_rules! with_game {
    ($pos:expr, $g:ident => $body:expr) => {
        match $pos {
            Position::TicTacToe($g) => $body,
            Position::Gomoku($g) => $body,
            Position::Reversi($g) => $body,
        }
    };
}

impl Position {
    pub fn dimensions(&self) -> (usize, usize) {
        with_game!(self, g => g.dimensions())
    }
    pub fn result(&self) -> Option<GameResult> {
        with_game!(self, g => g.result())
    }
    pub fn side_to_move(&self) -> Color {
        with_game!(self, g => g.side_to_move())
    }
    pub fn ply(&self) -> usize {
        with_game!(self, g => g.ply())
    }
    pub fn make(&mut self, mv: Move) {
        with_game!(self, g => g.make(mv))
    }
    pub fn unmake(&mut self) {
        with_game!(self, g => g.unmake())
    }
    pub fn place(&mut self, mv: Move, color: Color) {
        with_game!(self, g => g.place(mv, color))
    }
    /// Puts a stone of a set-up position (BOARD, YXBOARD, a FEN, a rule change): the
    /// order of the stones means nothing, so the stone is not judged as a move (a
    /// renju black stone is never forbidden); the game is over when a line on the
    /// board wins under the rule (gomoku: `Gomoku::set_up`; tic-tac-toe always reads
    /// its board).
    pub fn set_up(&mut self, mv: Move, color: Color) {
        match self {
            Position::Gomoku(g) => {
                let _ = g.set_up(mv, color);
            }
            Position::TicTacToe(g) => g.place(mv, color),
            Position::Reversi(g) => g.place(mv, color),
        }
    }
    pub fn set_side_to_move(&mut self, color: Color) {
        with_game!(self, g => g.set_side_to_move(color))
    }
    pub fn stone(&self, mv: Move) -> Option<Color> {
        with_game!(self, g => g.stone(mv))
    }
    pub fn last_move(&self) -> Option<(Move, Color)> {
        with_game!(self, g => g.last_move())
    }
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        with_game!(self, g => g.legal_moves(&mut v));
        v
    }
    /// The move to play when the side to move has no legal one but the game is not
    /// over: renju black with only forbidden points left plays the first of them and
    /// loses by the rule (as Rapfi does), rather than answering nothing and losing
    /// on time.
    pub fn forced_forbidden_move(&self) -> Option<Move> {
        match self {
            Position::Gomoku(g) if g.result().is_none() => g.forbidden_points().first().copied(),
            _ => None,
        }
    }
    /// An empty copy of the same game, size and rule.
    pub fn empty_like(&self) -> Position {
        match self {
            Position::TicTacToe(_) => Position::TicTacToe(TicTacToe::new()),
            Position::Gomoku(g) => {
                let (w, h) = g.dimensions();
                match Gomoku::new(w, h, g.rule()) {
                    Ok(b) => Position::Gomoku(Box::new(b)),
                    // Cannot happen: the same size was accepted before.
                    Err(_) => Position::Gomoku(g.clone()),
                }
            }
            Position::Reversi(_) => Position::Reversi(Box::default()),
        }
    }
    /// Why `mv` cannot be played by the side to move, if it cannot.
    pub fn check_move(&self, x: i64, y: i64) -> Result<Move, String> {
        let (w, h) = self.dimensions();
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            return Err(format!("{x},{y} is off the {w}x{h} board"));
        }
        let mv = Move::from_xy(x as usize, y as usize, w);
        if self.stone(mv).is_some() {
            return Err(format!("{x},{y} is occupied"));
        }
        if self.result().is_some() {
            return Err("the game is over".into());
        }
        if !self.legal_moves().contains(&mv) {
            return Err(match self {
                Position::Reversi(_) => format!("{x},{y} flips nothing"),
                _ => format!("{x},{y} is forbidden"),
            });
        }
        Ok(mv)
    }
}

impl Position {
    /// A new game on an empty `w` x `h` board.
    pub fn new_game(game: GameKind, rule: Rule, w: usize, h: usize) -> Result<Position, String> {
        match game {
            GameKind::TicTacToe if (w, h) == (3, 3) => Ok(Position::TicTacToe(TicTacToe::new())),
            GameKind::TicTacToe => Err(format!("tic-tac-toe is played on 3x3, not {w}x{h}")),
            GameKind::Gomoku => Gomoku::new(w, h, rule).map(|g| Position::Gomoku(Box::new(g))),
            GameKind::Reversi if (w, h) == (8, 8) => Ok(Position::Reversi(Box::default())),
            GameKind::Reversi => Err(format!("reversi is played on 8x8, not {w}x{h}")),
        }
    }

    /// Which game this is.
    pub fn game(&self) -> GameKind {
        match self {
            Position::TicTacToe(_) => GameKind::TicTacToe,
            Position::Gomoku(_) => GameKind::Gomoku,
            Position::Reversi(_) => GameKind::Reversi,
        }
    }
}

impl Position {
    /// The deepest search worth running on this position, if the game is small
    /// enough to be searched to its end (tic-tac-toe: the empty squares).
    pub fn depth_cap(&self) -> Option<u32> {
        match self.game() {
            GameKind::TicTacToe => {
                let (w, h) = self.dimensions();
                Some((w * h).saturating_sub(self.ply()).max(1) as u32)
            }
            GameKind::Gomoku | GameKind::Reversi => None,
        }
    }
}
