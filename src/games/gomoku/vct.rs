//! VCT: victory by continuous threats (fours and threes) for the side to move.
//!
//! The search core is shared with VCF (`vcf.rs`); here the attacker may also play
//! threes (a move after which he has a square making an unstoppable four), and the
//! defender answers a three with any move that kills all those squares or with a four
//! of his own. Bounded by depth (attacker moves) and nodes; its own table.

use super::vcf::{Core, SolveLimits, SolveResult, SolverTable, VCF_DEPTH};
use super::Gomoku;

/// Default VCT depth in attacker moves (the five included).
pub const VCT_DEPTH: u32 = 12;

/// Victory by continuous fours and threes for the side to move.
/// `abort` is polled every 256 nodes. A VCF is tried first (with a table of its
/// own), then VCT with the depth deepened step by step up to `limits.depth`.
pub fn solve_vct(
    g: &mut Gomoku,
    tt: &mut SolverTable,
    limits: &SolveLimits,
    abort: Option<&dyn Fn() -> bool>,
) -> SolveResult {
    let mut fours = SolverTable::with_bits(16);
    let vcf_limits = SolveLimits {
        depth: VCF_DEPTH,
        ..*limits
    };
    let r = Core::new(g, &mut fours, false, &vcf_limits, abort).solve(&vcf_limits);
    let mut nodes = r.nodes;
    if r.win.is_some() {
        return r;
    }
    let mut depth = 3;
    loop {
        let step = SolveLimits {
            depth: depth.min(limits.depth),
            nodes: limits.nodes.saturating_sub(nodes),
            ..*limits
        };
        let mut r = Core::new(g, tt, true, &step, abort).solve(&step);
        nodes += r.nodes;
        r.nodes = nodes;
        if r.win.is_some() || r.aborted || depth >= limits.depth {
            return r;
        }
        depth += 2;
    }
}
