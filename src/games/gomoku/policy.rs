//! Gomoku's search policy: the threat solvers (VCF, VCT) at the root and at
//! razored nodes with their tables, quick wins, forced answers, reverse futility,
//! move classes for futility, move-count pruning, fail-high and graded late-move
//! reductions, razoring, internal iterative reduction, and their constants.

use std::sync::OnceLock;
use std::time::Instant;

use super::pattern::{self, P4_FIVE};
use super::{vcf, vct, Gomoku, Rule};
use crate::games::policy::{Probe, RootContext, Settled};
use crate::games::{Game, Move, SearchPolicy, MATE};

/// Attacker moves of a VCF dive at a search leaf.
const LEAF_VCF_DEPTH: u32 = 3;
/// Forcing-solver budget (nodes) at every leaf in place of a quiescence search.
/// Off (0): it cost more time than it gained; turn it on here to measure it in
/// matches (docs/experiments/gomoku-search.md#leaf-vcf-dive).
const LEAF_FORCING_NODES: u64 = 0;
/// Forcing-solver budget (nodes) of a razored node.
const RAZOR_FORCING_NODES: u64 = 64;
/// Razoring: at depths up to this, this margin per ply
/// (docs/experiments/gomoku-search.md#razoring-margin).
const RAZOR_DEPTH: i32 = 2;
pub(super) const RAZOR_MARGIN: i32 = 200;
/// Internal iterative reduction in freestyle and renju: a node with no table move
/// is searched a ply shallower from this depth.
const IIR_DEPTH: i32 = 4;
/// Reverse futility pruning in every rule: this margin per ply at every depth, about
/// Rapfi's on ply's scale
/// (docs/experiments/gomoku-search.md#reverse-futility-at-rapfis-margin).
const RFP_MARGIN: i32 = 420;
/// Fail-high reduction in every rule: a static score this much above beta, plus this
/// per ply, makes a cut likely (Rapfi's margin on ply's scale;
/// docs/experiments/gomoku-search.md#fail-high-reduction-at-rapfis-margin).
const FHR_BASE: i32 = -60;
const FHR_PER_PLY: i32 = 100;
/// Futility pruning at depths up to this, with this margin per ply of depth. It acts
/// in standard and caro only: in freestyle and renju razoring, at these depths with
/// half the margin, has already ended every node it would prune in.
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 400;
/// (Reductions, extensions and pruning rules tried in renju and freestyle and not
/// kept: docs/experiments/gomoku-search.md, from #null-move-pruning on.)
///
/// Late-move reductions from this depth and this move index on.
const LMR_MIN_DEPTH: i32 = 2;
const LMR_MIN_INDEX: usize = 2;
/// Threat-solver budgets (nodes): the forcing solver (VCF) at the root, and the
/// wider solver (VCT) at the root when the soft time limit leaves at least
/// `ROOT_THREATS_MIN_MS`, this many nodes per millisecond up to a maximum.
const ROOT_FORCING_NODES: u64 = 500_000;
const ROOT_THREATS_MIN_MS: u128 = 100;
const ROOT_THREATS_NODES_PER_MS: u64 = 100;
const ROOT_THREATS_MAX_NODES: u64 = 200_000;

/// Plies a late quiet move is reduced by: grows with the depth and the move number.
fn lmr(depth: i32, index: usize) -> i32 {
    static TABLE: OnceLock<[[u8; LMR_TABLE]; LMR_TABLE]> = OnceLock::new();
    let (d, i) = (depth.max(1) as usize, index.max(1));
    if d >= LMR_TABLE || i >= LMR_TABLE {
        return lmr_formula(d, i);
    }
    TABLE.get_or_init(|| {
        let mut t = [[0u8; LMR_TABLE]; LMR_TABLE];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = lmr_formula(d, i) as u8;
            }
        }
        t
    })[d][i] as i32
}

/// Depths and move numbers below this read [`lmr`] from a table.
const LMR_TABLE: usize = 64;

fn lmr_formula(depth: usize, index: usize) -> i32 {
    (0.25 + (depth as f64).ln() * (index as f64).ln()) as i32
}

/// Depths below this read the move-count limit from a table.
const MOVE_COUNT_TABLE: usize = 64;

fn move_count_formula(depth: usize) -> usize {
    3 + (depth as f64).powf(1.32) as usize
}

/// The combined pattern classes (`pattern::P4_*`) at the square of `mv`: the side
/// to move's and the opponent's.
fn classes(pos: &Gomoku, mv: Move) -> (u8, u8) {
    let Some(p) = pos.pos_of(mv) else {
        return (pattern::P4_NONE, pattern::P4_NONE);
    };
    let us = pos.stm.index();
    (pos.combo(p, us).p4, pos.combo(p, 1 - us).p4)
}

/// Which threat solver [`GomokuPolicy::tactical_win`] runs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tactic {
    /// Continuous fours only (VCF).
    Forcing,
    /// Fours and threes (VCT); bounded and costlier.
    Threats,
}

/// A forced win found by a threat solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TacticalWin {
    /// The winning line from the side to move (empty when not asked for). It may stop
    /// early where the opponent has no saving reply.
    pub line: Vec<Move>,
    /// Plies from the position to the end of the game.
    pub plies: u32,
}

/// Gomoku's search policy, one per search thread: it owns the threat solvers'
/// tables (allocated on first use).
#[derive(Default)]
pub struct GomokuPolicy {
    vcf_tt: vcf::SolverTable,
    vct_tt: vcf::SolverTable,
}

impl GomokuPolicy {
    /// A proven forced win for the side to move of `pos` by the threat solver
    /// `tactic` within `max_nodes`, and the solver nodes spent. `abort` is polled now
    /// and then (stop flag, deadline); when it says true the solver gives up. Leaves
    /// the position unchanged; deterministic (for the same answers of `abort` and the
    /// same table contents).
    pub fn tactical_win(
        &mut self,
        pos: &mut Gomoku,
        tactic: Tactic,
        max_nodes: u64,
        want_line: bool,
        abort: &dyn Fn() -> bool,
    ) -> (Option<TacticalWin>, u64) {
        let us = pos.stm.index();
        // No four square (table over-approximation) and no five: no VCF, no VCT
        // worth starting (a VCT without any four square is possible but is left to
        // the search at the leaves).
        let fours: u16 = pos.p4count[us][pattern::P4_BLOCK4 as usize..].iter().sum();
        let threes: u16 = pos.p4count[us][pattern::P4_FLEX3 as usize..].iter().sum();
        let vct = tactic == Tactic::Threats;
        if (if vct { threes } else { fours }) == 0 || pos.result().is_some() {
            return (None, 0);
        }
        // A cheap dive (no line wanted: a search leaf) only where a win is likely:
        // two or more four squares, or a four square that also makes a three.
        if !want_line && !vct {
            let strong: u16 = pos.p4count[us][pattern::P4_BLOCK4_FLEX3 as usize..]
                .iter()
                .sum();
            // Facing a five threat the block comes first; the search handles it.
            if strong == 0 || pos.p4count[1 - us][P4_FIVE as usize] > 0 {
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
            vct::solve_vct(pos, &mut self.vct_tt, &limits, Some(abort))
        } else {
            vcf::solve_vcf(pos, &mut self.vcf_tt, &limits, Some(abort))
        };
        let win = r.win.map(|w| TacticalWin {
            plies: w.plies(),
            line: w.line,
        });
        (win, r.nodes)
    }

    /// The threat solvers at the root: a proven win as (mate score, line), and the
    /// nodes spent. With a time limit each solver gets at most a quarter of the soft
    /// limit.
    fn root_tactics(&mut self, pos: &mut Gomoku, ctx: &RootContext<'_>) -> (Option<Settled>, u64) {
        let mut nodes = 0;
        let mut budget = ROOT_FORCING_NODES;
        if let Some(n) = ctx.nodes {
            budget = budget.min(n / 4);
        }
        let soft = ctx.soft_deadline;
        let share = |now: Instant| soft.map(|s| now + s.saturating_duration_since(now) / 4);
        let until = share(Instant::now());
        let abort = || (ctx.stopped)() || until.is_some_and(|d| Instant::now() >= d);
        let (win, n) = self.tactical_win(pos, Tactic::Forcing, budget, true, &abort);
        nodes += n;
        let win = win.or_else(|| {
            let now = Instant::now();
            let ms = soft?.saturating_duration_since(now).as_millis();
            if ms < ROOT_THREATS_MIN_MS || ctx.nodes.is_some() {
                return None;
            }
            let budget = (ms as u64)
                .saturating_mul(ROOT_THREATS_NODES_PER_MS)
                .min(ROOT_THREATS_MAX_NODES);
            let until = share(now);
            let abort = || (ctx.stopped)() || until.is_some_and(|d| Instant::now() >= d);
            let (win, n) = self.tactical_win(pos, Tactic::Threats, budget, true, &abort);
            nodes += n;
            win
        });
        let Some(win) = win else {
            return (None, nodes);
        };
        let pv = line(&win);
        if pv.is_empty() || ctx.blocked.contains(&pv[0]) {
            return (None, nodes);
        }
        (Some((MATE - win.plies as i32, pv)), nodes)
    }

    /// The score and line of the only move `mv`, and the nodes spent: a win when the
    /// forcing solver proves one for the side to move (it starts with `mv`), a loss
    /// when it proves one for the opponent after `mv`, else the static score after
    /// `mv`.
    fn only_move(&mut self, pos: &mut Gomoku, mv: Move, ctx: &RootContext<'_>) -> (Settled, u64) {
        let mut nodes = 0;
        let mut budget = ROOT_FORCING_NODES;
        if let Some(n) = ctx.nodes {
            budget = budget.min(n / 4);
        }
        // Both solves together stop at a quarter of the soft bound.
        let until = ctx
            .soft_deadline
            .map(|s| Instant::now() + s.saturating_duration_since(Instant::now()) / 4);
        let abort = || (ctx.stopped)() || until.is_some_and(|d| Instant::now() >= d);
        let (win, n) = self.tactical_win(pos, Tactic::Forcing, budget, true, &abort);
        nodes += n;
        if let Some(w) = win {
            let pv = line(&w);
            if pv.first() == Some(&mv) {
                return ((MATE - w.plies as i32, pv), nodes);
            }
        }
        pos.make(mv);
        nodes += 1;
        let answer = match pos.result() {
            Some(r) => (-pos.terminal_score(r, 1), vec![mv]),
            None => {
                let (loss, n) = self.tactical_win(pos, Tactic::Forcing, budget, true, &abort);
                nodes += n;
                match loss {
                    Some(w) => {
                        let mut pv = vec![mv];
                        pv.extend(line(&w));
                        (-(MATE - 1 - w.plies as i32), pv)
                    }
                    None => (-pos.evaluate(), vec![mv]),
                }
            }
        };
        pos.unmake();
        (answer, nodes)
    }
}

/// A solver's winning line up to where the opponent has no saving reply.
fn line(w: &TacticalWin) -> Vec<Move> {
    w.line
        .iter()
        .copied()
        .take_while(|m| !m.is_none())
        .collect()
}

/// Whether `rule` gets the pruning and reductions measured in freestyle and renju.
fn tuned(rule: Rule) -> bool {
    matches!(rule, Rule::Freestyle | Rule::Renju)
}

impl SearchPolicy<Gomoku> for GomokuPolicy {
    /// An only move is scored by what the forcing solver proves after it; with more
    /// moves, a win the threat solvers prove ends the search before the iterations.
    fn settle_root(
        &mut self,
        pos: &mut Gomoku,
        roots: &[Move],
        ctx: &RootContext<'_>,
    ) -> (Option<Settled>, u64) {
        match roots {
            [] => (None, 0),
            [mv] => {
                let (settled, nodes) = self.only_move(pos, *mv, ctx);
                (Some(settled), nodes)
            }
            _ => self.root_tactics(pos, ctx),
        }
    }

    fn quick_win(&self, pos: &Gomoku) -> Option<u32> {
        pos.quick_win()
    }

    fn must_answer(&self, pos: &Gomoku) -> bool {
        pos.must_answer()
    }

    /// At a leaf (off: `LEAF_FORCING_NODES` is 0) and at a razored node, a short VCF
    /// where a win is likely (a four-three or more).
    fn forced_win(&mut self, pos: &mut Gomoku, probe: Probe) -> (Option<u32>, u64) {
        let budget = match probe {
            Probe::Leaf => LEAF_FORCING_NODES,
            Probe::Razor => RAZOR_FORCING_NODES,
        };
        if budget == 0 {
            return (None, 0);
        }
        let (win, n) = self.tactical_win(pos, Tactic::Forcing, budget, false, &|| false);
        (win.map(|w| w.plies), n)
    }

    /// Freestyle and renju: 200 per ply at depths 1 and 2. Standard and caro: none (not
    /// measured; docs/experiments/gomoku-search.md#razoring-margin).
    fn razor_margin(&self, pos: &Gomoku, depth: i32) -> Option<i32> {
        (tuned(pos.rule) && (1..=RAZOR_DEPTH).contains(&depth)).then_some(RAZOR_MARGIN * depth)
    }

    fn iir_depth(&self, pos: &Gomoku) -> Option<i32> {
        tuned(pos.rule).then_some(IIR_DEPTH)
    }

    /// Freestyle and renju: every move but a winning four of ours (open, or with a
    /// three), a block of such a square of the opponent's, and a move that is both a
    /// four and a block of a four; so threes and plain fours and their blocks are
    /// pruned by move count and futility as Rapfi prunes every move
    /// (docs/experiments/gomoku-search.md#plain-fours-and-threes-pruned-in-freestyle,
    /// #plain-fours-and-threes-pruned-in-renju). Standard and caro: a move that makes
    /// no three or four of ours and takes no three- or four-square of the opponent's.
    fn is_quiet(&self, pos: &Gomoku, mv: Move) -> bool {
        let (a, d) = classes(pos, mv);
        if tuned(pos.rule) {
            a <= pattern::P4_BLOCK4_PLUS
                && d <= pattern::P4_BLOCK4_PLUS
                && (a < pattern::P4_BLOCK4 || d < pattern::P4_BLOCK4)
        } else {
            a < pattern::P4_FLEX3 && d < pattern::P4_FLEX3
        }
    }

    fn reverse_futility_margin(&self, _pos: &Gomoku, _depth: i32) -> Option<i32> {
        Some(RFP_MARGIN)
    }

    fn fail_high_margin(&self, _pos: &Gomoku, depth: i32) -> Option<i32> {
        Some(FHR_BASE + FHR_PER_PLY * depth)
    }

    fn futility_margin(&self, depth: i32) -> Option<i32> {
        (depth <= FUTILITY_DEPTH).then_some(FUTILITY_MARGIN * depth)
    }

    /// Quiet moves from this index on, fewer when the static score is not improving.
    /// (Nothing more: docs/experiments/gomoku-search.md#trivial-move-pruning.)
    fn move_count_limit(&self, depth: i32, improving: bool) -> usize {
        static TABLE: OnceLock<[u16; MOVE_COUNT_TABLE]> = OnceLock::new();
        let d = depth.max(0) as usize;
        let n = if d < MOVE_COUNT_TABLE {
            TABLE.get_or_init(|| std::array::from_fn(|d| move_count_formula(d) as u16))[d] as usize
        } else {
            move_count_formula(d)
        };
        if improving {
            n
        } else {
            n / 2 + 1
        }
    }

    /// By the depth and the move number (`lmr`), graded by the move's class. Freestyle
    /// and renju: not reduced, a four of ours that wins (open, or with a three) or a
    /// block of the opponent's four-three or open four square; a three (made or
    /// blocked) one ply less than a quiet move, and so a plain four and a block of
    /// one; a move that makes no two or better of ours and takes no such square of
    /// the opponent's one ply more.
    /// Standard and caro reduce quiet moves only, by their place (see
    /// docs/experiments/gomoku-search.md#late-move-reduction-graded-by-move-class).
    fn late_move_reduction(&self, pos: &Gomoku, depth: i32, index: usize, mv: Move) -> Option<i32> {
        if depth < LMR_MIN_DEPTH || index < LMR_MIN_INDEX {
            return None;
        }
        let base = lmr(depth, index);
        if !tuned(pos.rule) {
            return self.is_quiet(pos, mv).then_some(base);
        }
        let (a, d) = classes(pos, mv);
        // A plain four, and a plain block of one, is reduced as a three is
        // (docs/experiments/gomoku-search.md#plain-fours-reduced).
        let plain_four = |k: u8| (pattern::P4_BLOCK4..=pattern::P4_BLOCK4_PLUS).contains(&k);
        let plain =
            (a < pattern::P4_BLOCK4 && plain_four(d)) || (plain_four(a) && d < pattern::P4_BLOCK4);
        if !plain && (a >= pattern::P4_BLOCK4 || d >= pattern::P4_BLOCK4) {
            None
        } else if a >= pattern::P4_FLEX3 || d >= pattern::P4_FLEX3 {
            Some(base - 1)
        } else if a == pattern::P4_NONE && d == pattern::P4_NONE {
            Some(base + 1)
        } else {
            Some(base)
        }
    }

    /// Renju: 2 for a three or better of ours, 1 for two open twos or a closed three
    /// with more (pattern classes FLEX2_2X and BLOCK3_PLUS; a continuing attack is
    /// reduced a ply less, after Rapfi). Other rules: 0 (see
    /// docs/experiments/gomoku-search.md#continuing-attack-reduction).
    fn attack_level(&self, pos: &Gomoku, mv: Move) -> u8 {
        if pos.rule != Rule::Renju {
            return 0;
        }
        match classes(pos, mv).0 {
            k if k >= pattern::P4_FLEX3 => 2,
            pattern::P4_FLEX2_2X | pattern::P4_BLOCK3_PLUS => 1,
            _ => 0,
        }
    }
}
