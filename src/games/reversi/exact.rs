//! The reversi endgame solver ([`endgame::Solver`]) as the game's [`ExactSolver`]:
//! how far it reaches in a given time, and its answers in evaluation units
//! (discs times [`eval::DISC`]).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::endgame::{Solution, Solver};
use super::{eval, Reversi};
use crate::games::exact::{ExactSolver, Proof};

/// The probcut margin (discs) of a probable solve. On FFO #21-#38 (15-22 empties)
/// against the exact solve, margins of 8, 10 and 12 discs miss the score by 3.1, 2.3
/// and 1.8 discs on average, their moves lose 10, 8 and 4 discs in all, in 5%, 9% and
/// 20% of the exact solve's nodes. At depth 10, 12 against 8: +201 =41 -158 in
/// self-play (400 games, +37.5 +/- 32.5 Elo) for 1.39 times the time a move. 16
/// against NTest at depth 16 (200 XOT games, seed 5): 24.0% at 1.27x NTest's time,
/// where 12 scores 23.2% at 0.86x (87 games differ). Not kept. At depth 16 on 60
/// positions of 24 empties from games against NTest, the discs a move loses against
/// the exact solve (`scripts/reversi-endgame-loss.py`): 8 0.77 in 37 ms, 12 0.47 in
/// 144 ms, 16 0.30 in 348 ms, 20 0.10 in 625 ms; NTest at depth 16 0.17 in 199 ms.
const PROBABLE_MARGIN: u8 = 12;
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

    /// One selective pass of margin [`PROBABLE_MARGIN`] discs.
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
            PROBABLE_MARGIN,
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
