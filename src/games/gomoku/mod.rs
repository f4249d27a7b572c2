//! Gomoku, rule-exact: freestyle, standard (exactly five), renju, caro.
//! Part of `games`: imports only `games` (the threat solvers are here; the search
//! that calls them through the game's policy is above).
//!
//! Files, one concept each:
//! - `board.rs`: the padded board, its stones, the incremental pattern state, the
//!   keys, placing and taking back stones;
//! - `eval.rs`: the evaluation and the choice of its weights;
//! - `movegen.rs`: move generation and ordering scores;
//! - `pattern.rs`: the line and combination tables;
//! - `rules.rs`: the exact win and renju forbidden tests, and the rule questions
//!   asked of a position (forbidden points, winning squares, winning lines, a win
//!   needing no search, a five to stop);
//! - `policy.rs`: the search policy ([`GomokuPolicy`]): pruning, reductions, the
//!   threat solvers at the root and inside the search, their tables and constants;
//! - this file: the rule, the public limits and the [`Game`] implementation;
//! - `threat.rs`, `vcf.rs`, `vct.rs`: the threat classifier and solvers;
//! - `training.rs`: the evaluation trainer's interface (nothing else uses it);
//! - `tests.rs`.

mod board;
mod eval;
mod movegen;
mod pattern;
mod policy;
mod rules;
#[cfg(test)]
mod tests;
pub mod threat;
pub mod training;
pub mod vcf;
pub mod vct;

pub use board::Gomoku;
pub use eval::EVAL_LIMIT;
pub use policy::{GomokuPolicy, Tactic, TacticalWin};

use super::{Color, Game, GameResult, Move, ScoredMove};
use board::{OUT_FORBIDDEN, OUT_LINE_BLACK, OUT_LINE_WHITE, OUT_WIN};
use pattern::EMPTY;

/// The winning rule.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
    /// Black: exactly five wins; overline, double-four, double-three forbidden (RIF).
    /// White: five or more wins.
    Renju,
    /// GomocupJudge's caro (rule 8): an overline wins; exactly five wins unless both
    /// ends are blocked (by an opponent stone or the board edge).
    Caro,
}

/// Wall cells around the board (line windows reach 4 squares, runs stop at walls).
pub const BORDER: usize = 5;
/// Largest board side.
pub const MAX_SIZE: usize = 32;
/// Smallest board side.
pub const MIN_SIZE: usize = 5;

impl Game for Gomoku {
    type Policy = GomokuPolicy;

    fn key(&self) -> u64 {
        self.key
    }
    fn key_after(&self, mv: Move) -> Option<u64> {
        let p = self.pos_of(mv)?;
        Some(self.key ^ self.zob[p][self.stm.index()] ^ board::SIDE_KEY)
    }
    fn ply(&self) -> usize {
        self.hist.len()
    }
    fn side_to_move(&self) -> Color {
        self.stm
    }
    fn result(&self) -> Option<GameResult> {
        let h = self.hist.last()?;
        match h.outcome {
            OUT_WIN => Some(GameResult::Loss),
            OUT_FORBIDDEN => Some(GameResult::Win),
            // A set-up position with a winning line: lost for the side to move when
            // the opponent has one.
            o if o & (OUT_LINE_BLACK | OUT_LINE_WHITE) != 0 => {
                let theirs = match self.stm {
                    Color::Black => OUT_LINE_WHITE,
                    Color::White => OUT_LINE_BLACK,
                };
                Some(if o & theirs != 0 {
                    GameResult::Loss
                } else {
                    GameResult::Win
                })
            }
            _ if self.hist.len() >= self.width * self.height => Some(GameResult::Draw),
            _ => None,
        }
    }
    fn generate(&self, out: &mut Vec<ScoredMove>) {
        self.gen_moves(out);
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        for y in 0..self.height {
            for x in 0..self.width {
                let p = self.pos(x, y);
                if self.cells[p] == EMPTY && self.legal_for(p, self.stm) {
                    out.push(Move((y * self.width + x) as u16));
                }
            }
        }
    }
    fn make(&mut self, mv: Move) {
        self.place(mv, self.stm);
    }
    fn unmake(&mut self) {
        self.unplace();
    }
    fn evaluate(&self) -> i32 {
        self.static_eval()
    }
    fn dimensions(&self) -> (usize, usize) {
        (self.width, self.height)
    }
}
