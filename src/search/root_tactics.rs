//! The threat solvers at the root (gomoku's VCF and VCT through
//! [`Game::tactical_win`]): a proven win ends the search before the iterations, and
//! an only move is scored by what the forcing solver proves after it.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::thread::Searcher;
use crate::games::{Game, Move, Tactic, MATE};

/// Threat-solver budgets (nodes): the forcing solver (gomoku VCF) at the root, and
/// the wider solver (gomoku VCT) at the root when the soft time limit leaves at least
/// `ROOT_THREATS_MIN_MS`, this many nodes per millisecond up to a maximum.
const ROOT_FORCING_NODES: u64 = 500_000;
const ROOT_THREATS_MIN_MS: u128 = 100;
const ROOT_THREATS_NODES_PER_MS: u64 = 100;
const ROOT_THREATS_MAX_NODES: u64 = 200_000;

impl<'a, G: Game> Searcher<'a, G> {
    /// The game's threat solvers at the root: a proven win as (mate score, line).
    /// With a time limit each solver gets at most a quarter of the soft limit.
    pub(super) fn root_tactics(&mut self) -> Option<(i32, Vec<Move>)> {
        let mut budget = ROOT_FORCING_NODES;
        if let Some(n) = self.limits.nodes {
            budget = budget.min(n / 4);
        }
        let soft = self.limits.soft_deadline();
        let share = |now: Instant| soft.map(|s| now + s.saturating_duration_since(now) / 4);
        let abort = self.solver_abort(share(Instant::now()));
        let (win, n) = self.pos.tactical_win(Tactic::Forcing, budget, true, &abort);
        self.nodes += n;
        let win = win.or_else(|| {
            let now = Instant::now();
            let ms = soft?.saturating_duration_since(now).as_millis();
            if ms < ROOT_THREATS_MIN_MS || self.limits.nodes.is_some() {
                return None;
            }
            let budget = (ms as u64)
                .saturating_mul(ROOT_THREATS_NODES_PER_MS)
                .min(ROOT_THREATS_MAX_NODES);
            let abort = self.solver_abort(share(now));
            let (win, n) = self.pos.tactical_win(Tactic::Threats, budget, true, &abort);
            self.nodes += n;
            win
        })?;
        // The line stops where the opponent has no saving reply.
        let pv: Vec<Move> = win
            .line
            .iter()
            .copied()
            .take_while(|m| !m.is_none())
            .collect();
        if pv.is_empty() || self.blocked.contains(&pv[0]) {
            return None;
        }
        Some((MATE - win.plies as i32, pv))
    }

    /// The score and line of the only move `mv`: a win when the game's forcing solver
    /// proves one for the side to move (it starts with `mv`), a loss when it proves
    /// one for the opponent after `mv`, else the static score after `mv`.
    pub(super) fn only_move(&mut self, mv: Move) -> (i32, Vec<Move>) {
        let line = |w: &crate::games::TacticalWin| -> Vec<Move> {
            w.line
                .iter()
                .copied()
                .take_while(|m| !m.is_none())
                .collect()
        };
        let mut budget = ROOT_FORCING_NODES;
        if let Some(n) = self.limits.nodes {
            budget = budget.min(n / 4);
        }
        // Both solves together stop at a quarter of the soft bound.
        let until = self
            .limits
            .soft_deadline()
            .map(|s| Instant::now() + s.saturating_duration_since(Instant::now()) / 4);
        let abort = self.solver_abort(until);
        let (win, n) = self.pos.tactical_win(Tactic::Forcing, budget, true, &abort);
        self.nodes += n;
        if let Some(w) = win {
            let pv = line(&w);
            if pv.first() == Some(&mv) {
                return (MATE - w.plies as i32, pv);
            }
        }
        self.pos.make(mv);
        self.nodes += 1;
        let answer = match self.pos.result() {
            Some(r) => (-self.pos.terminal_score(r, 1), vec![mv]),
            None => {
                let (loss, n) = self.pos.tactical_win(Tactic::Forcing, budget, true, &abort);
                self.nodes += n;
                match loss {
                    Some(w) => {
                        let mut pv = vec![mv];
                        pv.extend(line(&w));
                        (-(MATE - 1 - w.plies as i32), pv)
                    }
                    None => (-self.pos.evaluate(), vec![mv]),
                }
            }
        };
        self.pos.unmake();
        answer
    }

    /// When a root threat solve must give up: the stop flag, the hard deadline, or
    /// `until` (its share of the soft bound).
    fn solver_abort(&self, until: Option<Instant>) -> impl Fn() -> bool + Copy + 'a {
        let stop = self.stop;
        let hard = self.hard_deadline;
        move || {
            let now = Instant::now();
            stop.load(Ordering::Relaxed)
                || hard.is_some_and(|d| now >= d)
                || until.is_some_and(|d| now >= d)
        }
    }
}
