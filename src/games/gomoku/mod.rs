//! Gomoku, rule-exact: freestyle, standard (exactly five), renju, caro.
//! Part of `games`: imports only `games` (the threat solvers are here; the search
//! that calls them through the `Game` trait is above).
//!
//! Files, one concept each:
//! - `board.rs`: the padded board, its stones, the incremental pattern state, the
//!   keys, placing and taking back stones;
//! - `eval.rs`: the evaluation and the choice of its weights;
//! - `movegen.rs`: move generation and ordering scores;
//! - `pattern.rs`: the line and combination tables;
//! - `rules.rs`: the exact win and renju forbidden tests, and the rule questions
//!   asked of a position (forbidden points, winning squares, winning lines);
//! - this file: the rule, the public limits and the [`Game`] implementation;
//! - `threat.rs`, `vcf.rs`, `vct.rs`: the threat classifier and solvers;
//! - `training.rs`: the evaluation trainer's interface (nothing else uses it);
//! - `tests.rs`.

mod board;
mod eval;
mod movegen;
mod pattern;
mod rules;
#[cfg(test)]
mod tests;
pub mod threat;
pub mod training;
pub mod vcf;
pub mod vct;

pub use board::Gomoku;
pub use eval::EVAL_LIMIT;

use super::{Color, Game, GameResult, Move, ScoredMove, Tactic, TacticalWin};
use board::{OUT_FORBIDDEN, OUT_LINE_BLACK, OUT_LINE_WHITE, OUT_WIN};
use pattern::{EMPTY, P4_FIVE};

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

/// Attacker moves of a VCF dive at a search leaf.
const LEAF_VCF_DEPTH: u32 = 3;

/// Razoring (`Game::razor_margin`): at depths up to this, this margin per ply
/// (docs/experiments/gomoku-search.md#razoring-margin).
const RAZOR_DEPTH: i32 = 2;
const RAZOR_MARGIN: i32 = 200;
/// Internal iterative reduction (`Game::iir_depth`) in freestyle and renju: a node
/// with no table move is searched a ply shallower from this depth.
const IIR_DEPTH: i32 = 4;

impl Game for Gomoku {
    fn key(&self) -> u64 {
        self.key
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
    /// Quiet: makes no three or four of ours and takes no three- or four-square of
    /// the opponent's.
    fn is_quiet(&self, mv: Move) -> bool {
        let (x, y) = mv.xy(self.width);
        let p = self.pos(x, y);
        let us = self.stm.index();
        self.combo(p, us).p4 < pattern::P4_FLEX3 && self.combo(p, 1 - us).p4 < pattern::P4_FLEX3
    }
    /// Freestyle and renju: not reduced, a four (ours) or a block of the opponent's
    /// four square; a three (made or blocked) one ply less than a quiet move; a move
    /// that makes no two or better of ours and takes no such square of the opponent's
    /// one ply more. Standard and caro keep quiet moves only, by their place (see
    /// docs/experiments/gomoku-search.md#late-move-reduction-graded-by-move-class).
    fn late_move_reduction(&self, mv: Move) -> Option<i32> {
        if !matches!(self.rule, Rule::Freestyle | Rule::Renju) {
            return self.is_quiet(mv).then_some(0);
        }
        let (x, y) = mv.xy(self.width);
        let p = self.pos(x, y);
        let us = self.stm.index();
        let (a, d) = (self.combo(p, us).p4, self.combo(p, 1 - us).p4);
        if a >= pattern::P4_BLOCK4 || d >= pattern::P4_BLOCK4 {
            None
        } else if a >= pattern::P4_FLEX3 || d >= pattern::P4_FLEX3 {
            Some(-1)
        } else if a == pattern::P4_NONE && d == pattern::P4_NONE {
            Some(1)
        } else {
            Some(0)
        }
    }
    /// Renju: 2 for a three or better of ours, 1 for two open twos or a closed three
    /// with more (pattern classes FLEX2_2X and BLOCK3_PLUS; a continuing attack is
    /// reduced a ply less, after Rapfi). Other rules: 0 (see
    /// docs/experiments/gomoku-search.md#continuing-attack-reduction).
    fn attack_level(&self, mv: Move) -> u8 {
        if self.rule != Rule::Renju {
            return 0;
        }
        let (x, y) = mv.xy(self.width);
        let p = self.pos(x, y);
        match self.combo(p, self.stm.index()).p4 {
            k if k >= pattern::P4_FLEX3 => 2,
            pattern::P4_FLEX2_2X | pattern::P4_BLOCK3_PLUS => 1,
            _ => 0,
        }
    }
    fn quick_win(&self) -> Option<u32> {
        let us = self.stm.index();
        let them = 1 - us;
        if self.p4count[us][P4_FIVE as usize] > 0 {
            // The table's five is exact where any five or more wins; else check.
            let exact = self.rule == Rule::Freestyle
                || (self.rule == Rule::Renju && self.stm == Color::White);
            if exact {
                return Some(1);
            }
            let mut found = false;
            self.for_each_candidate(|p, _| {
                found = found || self.would_win(p, self.stm);
            });
            if found {
                return Some(1);
            }
        }
        // An open four wins in 3 when the opponent has no four (table classes are
        // over-approximations, so a zero count is exact). Only where the table's open
        // four is exact: five or more wins, no forbidden point for us.
        let exact4 =
            self.rule == Rule::Freestyle || (self.rule == Rule::Renju && self.stm == Color::White);
        if exact4 && self.p4count[us][pattern::P4_FLEX4 as usize] > 0 {
            let mut fours: u16 = self.p4count[them][pattern::P4_BLOCK4 as usize..]
                .iter()
                .sum();
            if self.rule == Rule::Renju && them == Color::Black.index() {
                fours += self.p4count[them][pattern::P4_FORBID as usize];
            }
            if fours == 0 {
                return Some(3);
            }
        }
        None
    }
    fn must_answer(&self) -> bool {
        self.p4count[1 - self.stm.index()][P4_FIVE as usize] > 0
    }
    /// Freestyle and renju: 200 per ply at depths 1 and 2. Standard and caro: none (not
    /// measured; docs/experiments/gomoku-search.md#razoring-margin).
    fn razor_margin(&self, depth: i32) -> Option<i32> {
        (matches!(self.rule, Rule::Freestyle | Rule::Renju) && (1..=RAZOR_DEPTH).contains(&depth))
            .then_some(RAZOR_MARGIN * depth)
    }
    fn iir_depth(&self) -> Option<i32> {
        matches!(self.rule, Rule::Freestyle | Rule::Renju).then_some(IIR_DEPTH)
    }
    fn tactical_win(
        &mut self,
        tactic: Tactic,
        max_nodes: u64,
        want_line: bool,
        abort: &dyn Fn() -> bool,
    ) -> (Option<TacticalWin>, u64) {
        let us = self.stm.index();
        // No four square (table over-approximation) and no five: no VCF, no VCT
        // worth starting (a VCT without any four square is possible but is left to
        // the search at the leaves).
        let fours: u16 = self.p4count[us][pattern::P4_BLOCK4 as usize..].iter().sum();
        let threes: u16 = self.p4count[us][pattern::P4_FLEX3 as usize..].iter().sum();
        let vct = tactic == Tactic::Threats;
        if (if vct { threes } else { fours }) == 0 || self.result().is_some() {
            return (None, 0);
        }
        // A cheap dive (no line wanted: a search leaf) only where a win is likely:
        // two or more four squares, or a four square that also makes a three.
        if !want_line && !vct {
            let strong: u16 = self.p4count[us][pattern::P4_BLOCK4_FLEX3 as usize..]
                .iter()
                .sum();
            // Facing a five threat the block comes first; the search handles it.
            if strong == 0 || self.p4count[1 - us][P4_FIVE as usize] > 0 {
                return (None, 0);
            }
        }
        let limits = vcf::SolveLimits {
            depth: match (vct, want_line) {
                (true, _) => vct::VCT_DEPTH,
                (false, true) => vcf::VCF_DEPTH,
                // A leaf dive: short lines only.
                (false, false) => LEAF_VCF_DEPTH,
            },
            nodes: max_nodes,
            want_line,
            min_class: if want_line || vct {
                0
            } else {
                pattern::P4_BLOCK4_FLEX3
            },
        };
        let r = if vct {
            let mut tt = std::mem::take(&mut self.vct_tt);
            let r = vct::solve_vct(self, &mut tt, &limits, Some(abort));
            self.vct_tt = tt;
            r
        } else {
            let mut tt = std::mem::take(&mut self.vcf_tt);
            let r = vcf::solve_vcf(self, &mut tt, &limits, Some(abort));
            self.vcf_tt = tt;
            r
        };
        let win = r.win.map(|w| TacticalWin {
            plies: w.plies(),
            line: w.line,
        });
        (win, r.nodes)
    }
}
