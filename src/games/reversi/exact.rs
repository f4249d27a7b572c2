//! The reversi endgame solver ([`endgame::Solver`]) as the game's [`ExactSolver`]:
//! how far it reaches in a given time, and its answers in evaluation units
//! (discs times [`eval::DISC`]).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::endgame::{Solution, Solver};
use super::{eval, Reversi};
use crate::games::exact::{ExactSolver, Proof};

/// How many standard deviations of its probe's error a probable solve's probcut
/// needs (`Solver::solve_probable`). At depth 16 on 260 positions of 24 empties from
/// games against NTest (`scripts/reversi-endgame-loss.py`): 1.2 loses 0.55 discs a
/// move in 1.5 M nodes, 1.4 0.45 in 2.7 M, 1.5 0.32 in 3.6 M,
/// 1.65 0.40 in 5.1 M, 1.8 0.32 in 7.4 M, 2.1 0.25 in 12.9 M; the cut of 12 discs
/// at every number of empties it replaces lost 0.32 in 5.4 M (145 ms a move where
/// 1.5 takes 98), NTest at depth 16 0.15 in 211 ms. (The 12-disc margin, measured
/// on FFO #21-#38 against margins of 8 and 10, scored +37.5 +/- 32.5 Elo against 8
/// at depth 10; 16 scored 24.0% against NTest at depth 16 where 12 scored 23.2%.)
const PROBABLE_SIGMAS: f32 = 1.5;
/// A probable solve gives up after this many nodes (about 3 s), and the search's
/// move stands: at depth 10 one in a few hundred took 6-15 s, against a mean of
/// under a second at 26 empties. A node budget, not a clock, so the same
/// position gets the same move.
const PROBABLE_MAX_NODES: u64 = 100_000_000;

impl ExactSolver for Solver {
    type Pos = Reversi;
    const WLD_EXTRA: u32 = 2;
    /// Probable solves reach 26 empties where exact ones reach 20.
    const PROBABLE_EXTRA: u32 = 6;

    fn moves_left(pos: &Reversi) -> u32 {
        pos.empties()
    }

    fn exact_reach(budget: Option<Duration>) -> u32 {
        // Measured (ply solve, FFO #40-#49, one thread, quiet machine): about 0.5 s at
        // 20 empties, 1-3 s at 22-23, 4-30 s at 24-26; the solver gets half the budget
        // (`search::endgame`), and the heuristic search the rest if it does not finish.
        match budget {
            None => 24,
            Some(t) if t >= Duration::from_secs(60) => 22,
            Some(t) if t >= Duration::from_secs(10) => 20,
            Some(t) if t >= Duration::from_secs(2) => 18,
            Some(t) if t >= Duration::from_millis(300) => 14,
            Some(_) => 8,
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

    /// One selective pass that cuts at [`PROBABLE_SIGMAS`] standard deviations.
    fn solve_probable(
        &mut self,
        pos: &Reversi,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<Proof> {
        let s = Solver::solve_probable(
            self,
            pos.player(),
            pos.opponent(),
            PROBABLE_SIGMAS,
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
