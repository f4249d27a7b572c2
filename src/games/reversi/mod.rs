//! Reversi (Othello): 8x8, two 64-bit bitboards.
//! Part of `games`: imports only `games` (the evaluation, the stable discs and the
//! exact solver are all here; the search that uses them is above).
//!
//! # Orientation
//! Square index `i = y * 8 + x` with `x` the column (`a`..`h` = 0..7) and `y` the row
//! (`1`..`8` = 0..7), so `a1` = 0 is the top-left corner, `h1` = 7, `a8` = 56 and
//! `h8` = 63. This is the order of an OBF board string: its character `i` is square `i`.
//! Bit `i` of a bitboard is square `i`; a [`Move`] is the square index (the same as
//! `Move::from_xy(x, y, 8)`), or [`Move::PASS`].
//!
//! # Rules
//! Black moves first from d5/e4 black, d4/e5 white. A move must flip at least one
//! line of opponent discs; a side with no legal move must pass ([`Move::PASS`] is then
//! its only move); the game ends when neither side can move. The final score is the
//! disc difference with the empty squares going to the winner (the FFO convention).

mod bitboard;
pub mod cpu;
pub mod endgame;
pub mod eval;
pub mod exact;
pub mod ggf;
pub mod indices;
pub mod pattern;
mod policy;
pub mod shallow;
pub mod stability;

use std::fmt;

use super::{Color, Game, GameResult, Move, ScoredMove};
pub use bitboard::{
    bit, final_score, flips, move_name, moves, neighbours, parse_square, zobrist_key, CORNERS,
    NOT_A, NOT_H,
};
use bitboard::{zobrist, LINES, SIDE_KEY};
pub use policy::ReversiPolicy;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Undo {
    player: u64,
    opponent: u64,
    side: Color,
    key: u64,
    indices: indices::Indices,
    mv: Move,
}

/// A reversi position with the moves that led to it (for `unmake`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reversi {
    /// Discs of the side to move.
    player: u64,
    /// Discs of the other side.
    opponent: u64,
    side: Color,
    key: u64,
    /// The evaluation's pattern indices, updated by each move.
    indices: indices::Indices,
    history: Vec<Undo>,
}

impl Default for Reversi {
    fn default() -> Self {
        Reversi::new()
    }
}

impl Reversi {
    /// The standard start: d5/e4 black, d4/e5 white, black to move.
    pub fn new() -> Reversi {
        let black = bit(4 * 8 + 3) | bit(3 * 8 + 4);
        let white = bit(3 * 8 + 3) | bit(4 * 8 + 4);
        Reversi::from_discs(black, white, Color::Black)
    }

    /// A position from the discs of each colour and the side to move (no history).
    /// Overlapping discs are given to black.
    pub fn from_discs(black: u64, white: u64, side: Color) -> Reversi {
        let white = white & !black;
        let (player, opponent) = match side {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Reversi {
            player,
            opponent,
            side,
            key: zobrist_key(black, white, side),
            indices: indices::Indices::new(black, white),
            history: Vec::with_capacity(64),
        }
    }

    /// A position from an OBF board (64 characters a1..h8: `X`/`x`/`*` black,
    /// `O`/`o` white, `-`/`.`/`_` empty) and the side to move (`X` or `O`).
    pub fn from_obf(board: &str, side: &str) -> Result<Reversi, String> {
        if board.chars().count() != 64 {
            return Err(format!(
                "a board has 64 squares, not {}",
                board.chars().count()
            ));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, c) in board.chars().enumerate() {
            match c {
                'X' | 'x' | '*' | 'B' | 'b' => black |= bit(i),
                'O' | 'o' | 'W' | 'w' => white |= bit(i),
                '-' | '.' | '_' => {}
                c => return Err(format!("bad square '{c}' at {}", i + 1)),
            }
        }
        let side = match side {
            "X" | "x" | "*" | "B" | "b" => Color::Black,
            "O" | "o" | "W" | "w" => Color::White,
            s => return Err(format!("bad side to move '{s}' (X or O)")),
        };
        Ok(Reversi::from_discs(black, white, side))
    }

    /// Parses an OBF line's position (`board side[;...]`); the rest of the line (the
    /// `move:score;` fields) is returned untouched.
    pub fn parse_obf_line(line: &str) -> Result<(Reversi, &str), String> {
        let line = line.trim();
        let board = line.get(..64).ok_or("a line shorter than 64 squares")?;
        let rest = line.get(64..).unwrap_or("").trim_start();
        let side_end = rest
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(rest.len());
        let pos = Reversi::from_obf(board, &rest[..side_end])?;
        let tail = rest[side_end..].trim_start_matches(';').trim();
        Ok((pos, tail))
    }

    /// The board as OBF: 64 squares and the side to move.
    pub fn to_obf(&self) -> String {
        let mut s = String::with_capacity(66);
        for sq in 0..64 {
            s.push(match self.disc(sq) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '-',
            });
        }
        s.push(' ');
        s.push(if self.side == Color::Black { 'X' } else { 'O' });
        s
    }

    /// Discs of the side to move.
    #[inline]
    pub fn player(&self) -> u64 {
        self.player
    }
    /// Discs of the side not to move.
    #[inline]
    pub fn opponent(&self) -> u64 {
        self.opponent
    }
    pub fn black(&self) -> u64 {
        if self.side == Color::Black {
            self.player
        } else {
            self.opponent
        }
    }
    pub fn white(&self) -> u64 {
        if self.side == Color::Black {
            self.opponent
        } else {
            self.player
        }
    }
    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }
    /// Legal moves of the side to move as a bitboard (0 when it must pass).
    #[inline]
    pub fn move_mask(&self) -> u64 {
        moves(self.player, self.opponent)
    }
    /// The disc on square `sq` (0..64).
    pub fn disc(&self, sq: usize) -> Option<Color> {
        let b = bit(sq & 63);
        if self.player & b != 0 {
            Some(self.side)
        } else if self.opponent & b != 0 {
            Some(self.side.other())
        } else {
            None
        }
    }
    /// True when neither side can move.
    pub fn is_over(&self) -> bool {
        moves(self.player, self.opponent) == 0 && moves(self.opponent, self.player) == 0
    }
    /// Disc difference for the side to move, empties to the winner (the final score
    /// if the game is over).
    pub fn final_score(&self) -> i32 {
        final_score(self.player, self.opponent)
    }
    /// Every move played since the set-up position, passes included.
    pub fn moves_played(&self) -> Vec<(Move, Color)> {
        self.history.iter().map(|u| (u.mv, u.side)).collect()
    }

    /// Whether `mv` is legal for the side to move (a pass only when it has no move).
    pub fn is_legal(&self, mv: Move) -> bool {
        let m = self.move_mask();
        match mv {
            Move::PASS => m == 0 && moves(self.opponent, self.player) != 0,
            Move(i) if i < 64 => m & bit(i as usize) != 0,
            _ => false,
        }
    }

    /// Plays `mv` if it is legal; otherwise an error and nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        if self.is_legal(mv) {
            self.make(mv);
            Ok(())
        } else {
            Err(format!("{} is not legal here", move_name(mv)))
        }
    }

    /// Plays `mv` for `color` (Gomocup-style set-up): when `color` is not to move, a
    /// pass is played first if the side to move has no move. An illegal move is
    /// refused (logged) and nothing changes: validate with [`Reversi::is_legal`].
    pub fn place(&mut self, mv: Move, color: Color) {
        let passed = color != self.side && self.is_legal(Move::PASS);
        if passed {
            self.make(Move::PASS);
        }
        if color == self.side && self.is_legal(mv) {
            self.make(mv);
        } else {
            if passed {
                self.unmake();
            }
            log::warn!("reversi: {} for {color:?} refused", move_name(mv));
        }
    }

    /// Sets the side to move (set-up; recorded so `unmake` restores it).
    pub fn set_side_to_move(&mut self, color: Color) {
        if color != self.side {
            self.push_undo(Move::NONE);
            self.switch_side();
        }
    }

    /// The disc on `mv`, if any (the stone-game interface of the engine).
    pub fn stone(&self, mv: Move) -> Option<Color> {
        if mv.index() < 64 {
            self.disc(mv.index())
        } else {
            None
        }
    }

    /// The last move played (possibly a pass) and who played it.
    pub fn last_move(&self) -> Option<(Move, Color)> {
        self.history
            .iter()
            .rev()
            .find(|u| u.mv != Move::NONE)
            .map(|u| (u.mv, u.side))
    }

    #[inline]
    fn push_undo(&mut self, mv: Move) {
        self.history.push(Undo {
            player: self.player,
            opponent: self.opponent,
            side: self.side,
            key: self.key,
            indices: self.indices,
            mv,
        });
    }

    #[inline]
    fn switch_side(&mut self) {
        std::mem::swap(&mut self.player, &mut self.opponent);
        self.side = self.side.other();
        self.key ^= SIDE_KEY;
    }

    /// Ordering score of a move: the evaluation after it (from our side).
    fn order_score(&self, sq: usize) -> i32 {
        let f = flips(self.player, self.opponent, sq);
        let (np, no) = (self.opponent & !f, self.player | f | bit(sq));
        if !pattern::trained() {
            return -eval::hand_set(np, no);
        }
        let mut ix = self.indices;
        let black = self.side == Color::Black;
        ix.play(sq, f, black);
        -Self::evaluate_with(&ix, !black, np, no)
    }

    /// [`eval::evaluate`] of `p` to move against `o` (Black to move when `black`)
    /// from the position's pattern indices.
    #[inline(always)]
    pub(crate) fn evaluate_with(ix: &indices::Indices, black: bool, p: u64, o: u64) -> i32 {
        let (mp, mo) = (moves(p, o), moves(o, p));
        let empties = (!(p | o)).count_ones();
        if empties == 0 || (mp == 0 && mo == 0) {
            return final_score(p, o) * eval::DISC;
        }
        ix.evaluate(black, empties, mp.count_ones(), mo.count_ones())
            .clamp(-64 * eval::DISC + 1, 64 * eval::DISC - 1)
    }
}

impl fmt::Display for Reversi {
    /// The board as 8 rows `1`..`8` of `X`/`O`/`.` with the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for y in 0..8 {
            write!(f, "{}", y + 1)?;
            for x in 0..8 {
                let c = match self.disc(y * 8 + x) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(
            f,
            "{} to move",
            if self.side == Color::Black { "X" } else { "O" }
        )
    }
}

impl Game for Reversi {
    type Policy = ReversiPolicy;

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }
    /// Moves (passes and set-up side changes included) since the set-up position.
    fn ply(&self) -> usize {
        self.history.len()
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn result(&self) -> Option<GameResult> {
        if !self.is_over() {
            return None;
        }
        Some(match self.final_score() {
            s if s > 0 => GameResult::Win,
            s if s < 0 => GameResult::Loss,
            _ => GameResult::Draw,
        })
    }
    /// Every legal move (never pruned), or the pass when it is the only move.
    fn generate(&self, out: &mut Vec<ScoredMove>) {
        let mut m = self.move_mask();
        if m == 0 {
            if moves(self.opponent, self.player) != 0 {
                out.push(ScoredMove {
                    mv: Move::PASS,
                    score: 0,
                });
            }
            return;
        }
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            out.push(ScoredMove {
                mv: Move(sq as u16),
                score: self.order_score(sq),
            });
        }
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        let mut m = self.move_mask();
        if m == 0 {
            if moves(self.opponent, self.player) != 0 {
                out.push(Move::PASS);
            }
            return;
        }
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            out.push(Move(sq as u16));
        }
    }
    /// Plays `mv` (a square with at least one flip, or `Move::PASS`).
    fn make(&mut self, mv: Move) {
        self.push_undo(mv);
        if mv.index() < 64 {
            let sq = mv.index();
            let f = flips(self.player, self.opponent, sq);
            let z = zobrist();
            let (c, oc) = (self.side.index(), self.side.other().index());
            let placed = f | bit(sq);
            let mut key = self.key;
            for (i, (zc, zo)) in z[c].iter().zip(z[oc].iter()).enumerate() {
                let pb = ((placed >> (8 * i)) & 0xff) as usize;
                if pb != 0 {
                    key ^= zc[pb] ^ zo[((f >> (8 * i)) & 0xff) as usize];
                }
            }
            self.key = key;
            self.indices.play(sq, f, self.side == Color::Black);
            self.player |= placed;
            self.opponent &= !f;
        }
        self.switch_side();
    }
    fn unmake(&mut self) {
        if let Some(u) = self.history.pop() {
            self.player = u.player;
            self.opponent = u.opponent;
            self.side = u.side;
            self.key = u.key;
            self.indices = u.indices;
        }
    }
    fn evaluate(&self) -> i32 {
        if !pattern::trained() {
            return eval::hand_set(self.player, self.opponent);
        }
        Self::evaluate_with(
            &self.indices,
            self.side == Color::Black,
            self.player,
            self.opponent,
        )
    }
    fn dimensions(&self) -> (usize, usize) {
        (8, 8)
    }
    /// The final disc difference (empties to the winner) in evaluation units.
    fn terminal_score(&self, _result: GameResult, _ply: usize) -> i32 {
        self.final_score() * eval::DISC
    }
}

#[cfg(test)]
mod tests;
