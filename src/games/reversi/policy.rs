//! Reversi's search policy: no pruning by the static score (its error is several
//! discs), Multi-ProbCut on a shallow search instead, Edax's fast ordering near the
//! leaves and the evaluation after each move deeper as the move order, and the last
//! two plies by the game's own search ([`shallow::search`]).

use super::{eval, pattern, shallow, Reversi};
use crate::games::{Game, ProbCut, ScoredMove, SearchPolicy};

/// Reversi's search policy (stateless).
#[derive(Default)]
pub struct ReversiPolicy;

impl SearchPolicy<Reversi> for ReversiPolicy {
    /// The last two plies by [`shallow::search`] (with trained weights).
    fn shallow_search(
        &self,
        pos: &Reversi,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, u64)> {
        if !(1..=2).contains(&depth) || !pattern::trained() {
            return None;
        }
        let mut nodes = 0;
        let v = shallow::search(
            &pos.indices,
            pos.side == crate::games::Color::Black,
            pos.player,
            pos.opponent,
            depth,
            (alpha, beta),
            &mut nodes,
        );
        Some((v, nodes))
    }

    fn probcut(&self, pos: &Reversi, depth: i32) -> Option<ProbCut> {
        eval::probcut(pos.empties(), depth)
    }

    /// No pruning by the static score: reverse futility lost to the search without it
    /// (docs/experiments/reversi-midgame.md#no-reverse-futility-in-reversi). (Futility
    /// and razoring never applied: no reversi move is quiet, and there is no razor
    /// margin.)
    fn static_pruning(&self) -> bool {
        false
    }

    /// Near the leaves (depths 2 to [`shallow::FAST_ORDER_DEPTH`]), the moves scored
    /// by [`shallow::fast_order`]. Deeper, the evaluation after the move orders them,
    /// alone (docs/experiments/reversi-midgame.md#mobility-order-and-generic-etc).
    fn generate(&self, pos: &Reversi, depth: i32, out: &mut Vec<ScoredMove>) {
        if !(2..=shallow::FAST_ORDER_DEPTH).contains(&depth) || pos.move_mask() == 0 {
            return pos.generate(out);
        }
        shallow::fast_moves(pos.player, pos.opponent, out);
    }

    /// [`Game::generate`] orders by the evaluation after each move (when trained).
    fn order_is_evaluation(&self, _pos: &Reversi) -> bool {
        pattern::trained()
    }
}
