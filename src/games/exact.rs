//! The interface of a game's exact endgame solver (reversi has one): the generic
//! search's hand-over policy (`search::endgame`) calls it when few enough moves are
//! left, and the engine owns the solver and its tables.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::{Game, Move};

/// A proven result of [`ExactSolver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The best move (`Move::PASS` when the side to move must pass, `Move::NONE` when
    /// the game is over).
    pub best: Move,
    /// In the game's evaluation units: the exact final value, or for a win/loss/draw
    /// solve one unit of its sign (+ win, 0 draw, - loss).
    pub score: i32,
    pub nodes: u64,
}

/// An exact solver for positions of [`ExactSolver::Pos`], with its own tables.
pub trait ExactSolver: Send {
    type Pos: Game;
    /// How much further a win/loss/draw solve reaches than an exact one.
    const WLD_EXTRA: u32;
    /// Moves left to the end of the game (reversi: the empty squares); what the
    /// cost of a solve grows with.
    fn moves_left(pos: &Self::Pos) -> u32;
    /// The most moves left that are solved exactly within `budget` (`None`: no clock).
    fn exact_reach(budget: Option<Duration>) -> u32;
    /// Solves `pos` exactly (or for win/loss/draw only with `wld`); `None` when
    /// `stop` became true or `deadline` passed first.
    fn solve(
        &mut self,
        pos: &Self::Pos,
        wld: bool,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<Proof>;
    /// How much further a probable solve ([`ExactSolver::solve_probable`]) reaches
    /// than an exact one (0: the solver has none).
    const PROBABLE_EXTRA: u32 = 0;
    /// Moves left from which, where a probable solve would be tried, the search is
    /// instead carried on to the solver: its nodes with at most [`Self::LEAF_SOLVE`]
    /// moves left are solved exactly (the game's policy does it;
    /// `SearchParams::exact_leaves`). `u32::MAX`: never.
    const LEAF_SEARCH_FROM: u32 = u32::MAX;
    /// Moves left at or below which a search carried on to the solver solves its
    /// nodes.
    const LEAF_SOLVE: u32 = 0;
    /// A probable solve: a selective solve to the end whose score is an estimate
    /// (cheaper than the exact solve by several times, and far surer than a midgame
    /// search); `None` when stopped first, or when the solver has none.
    fn solve_probable(
        &mut self,
        _pos: &Self::Pos,
        _stop: &AtomicBool,
        _deadline: Option<Instant>,
    ) -> Option<Proof> {
        None
    }
    /// Forgets what earlier solves stored (a new game).
    fn clear(&mut self);
}
