//! The reversi endgame solver ([`endgame::Solver`]) as the game's [`ExactSolver`]:
//! how far it reaches in a given time, and its answers in evaluation units
//! (discs times [`eval::DISC`]).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::endgame::{Solution, Solver};
use super::{eval, Reversi};
use crate::games::exact::{ExactSolver, Proof};

/// How many standard deviations of its probe's error a probable solve's probcut
/// needs (`Solver::solve_probable_checked`): 1.0, as the check after it is the surer
/// pass (see
/// docs/experiments/reversi-endgame.md#probable-solve-checked-for-the-result).
const PROBABLE_SIGMAS: f32 = 1.0;

/// The probcut of the win/loss/draw check after a probable solve at `empties`, in
/// standard deviations: surer where it is cheap (see
/// docs/experiments/reversi-endgame.md#probable-solve-checked-for-the-result).
fn check_sigmas(empties: u32) -> f32 {
    match empties {
        0..=22 => 4.0,
        23 | 24 => 3.0,
        25 => 2.5,
        _ => 1.5,
    }
}
/// A probable solve gives up after this many nodes (about 3 s), and the search's
/// move stands: a rare one takes far longer than the mean (see
/// docs/experiments/reversi-endgame.md#probable-solve-node-budget). A node budget,
/// not a clock, so the same position gets the same move.
const PROBABLE_MAX_NODES: u64 = 100_000_000;

impl ExactSolver for Solver {
    type Pos = Reversi;
    const WLD_EXTRA: u32 = 2;
    /// Probable solves reach 26 empties where exact ones reach 20.
    const PROBABLE_EXTRA: u32 = 6;
    /// From 24 empties a search whose nodes of 10 empties are solved exactly, as
    /// NTest's selective solve does at 8, gives away fewer discs than the probable
    /// solve in less time (see
    /// docs/experiments/reversi-endgame.md#exact-leaves-in-place-of-the-probable-solve).
    const LEAF_SEARCH_FROM: u32 = 24;
    const LEAF_SOLVE: u32 = 10;

    fn moves_left(pos: &Reversi) -> u32 {
        pos.empties()
    }

    fn exact_reach(budget: Option<Duration>) -> u32 {
        // The solve times of positions from games (docs/experiments/reversi-endgame.md#
        // exact-solve-reach-under-a-clock); the solver gets about half the budget
        // (`search::endgame`), and a solve that does not finish leaves the search's move.
        match budget {
            None => 24,
            Some(t) if t >= Duration::from_secs(20) => 24,
            Some(t) if t >= Duration::from_secs(4) => 22,
            Some(t) if t >= Duration::from_secs(1) => 20,
            Some(t) if t >= Duration::from_millis(250) => 16,
            Some(_) => 10,
        }
    }

    fn solve(
        &mut self,
        pos: &Reversi,
        wld: bool,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<Proof> {
        let s = Solver::solve(
            self,
            pos.player(),
            pos.opponent(),
            wld,
            Some(stop),
            deadline,
        );
        proof(s, wld)
    }

    /// One selective pass that cuts at [`PROBABLE_SIGMAS`] standard deviations, its
    /// result checked at [`check_sigmas`].
    fn solve_probable(
        &mut self,
        pos: &Reversi,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<Proof> {
        let s = Solver::solve_probable_checked(
            self,
            pos.player(),
            pos.opponent(),
            (PROBABLE_SIGMAS, check_sigmas(pos.empties())),
            PROBABLE_MAX_NODES,
            Some(stop),
            deadline,
        );
        proof(s, false)
    }

    fn clear(&mut self) {
        Solver::clear(self);
    }
}

/// A complete solve's answer in evaluation units (a win/loss/draw one as one disc of
/// its sign); `None` when it was stopped.
fn proof(s: Solution, wld: bool) -> Option<Proof> {
    if !s.complete {
        return None;
    }
    let score = if wld { s.score.signum() } else { s.score };
    Some(Proof {
        best: s.best,
        score: score * eval::DISC,
        nodes: s.nodes,
    })
}
