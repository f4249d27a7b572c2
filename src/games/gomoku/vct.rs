//! VCT: victory by continuous threats (fours and threes) for the side to move.
//!
//! The search core is shared with VCF (`vcf.rs`); here the attacker may also play
//! threes (a move after which he has a square making an unstoppable four), and the
//! defender answers a three with any move that kills all those squares or with a four
//! of his own. Bounded by depth (attacker moves) and nodes; its own table.

use super::vcf::{Core, SolveLimits, SolveResult, SolverTable};
use super::Gomoku;

/// Default VCT depth in attacker moves (the five included).
pub const VCT_DEPTH: u32 = 12;

/// Victory by continuous fours and threes for the side to move.
/// `abort` is polled every 256 nodes.
pub fn solve_vct(
    g: &mut Gomoku,
    tt: &mut SolverTable,
    limits: &SolveLimits,
    abort: Option<&dyn Fn() -> bool>,
) -> SolveResult {
    Core::new(g, tt, true, limits, abort).solve(limits)
}
