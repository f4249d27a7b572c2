//! Reversi's search policy: no pruning by the static score (its error is several
//! discs), Multi-ProbCut on a shallow search instead, Edax's fast ordering near the
//! leaves and the evaluation after each move deeper as the move order, and the last
//! two plies by the game's own search ([`shallow::search`]). Where the search asks
//! for exact leaves, the endgame solver values the nodes with that many empties or
//! fewer, and the plies above them are searched in full (no evaluation shortcut),
//! with Multi-ProbCut at [`LEAF_PROBCUT_T`].

use super::endgame::{EndHash, Solver};
use super::{eval, pattern, shallow, stability, Reversi};
use crate::games::{Game, ProbCut, ScoredMove, SearchPolicy};

/// Multi-ProbCut's standard deviations in a search with exact leaves, where its
/// shallow searches end on the evaluation and the deep ones on exact scores: 1.25
/// gave away fewer discs than 1.0 for less time than 1.5 (see
/// docs/experiments/reversi-endgame.md#exact-leaves-in-place-of-the-probable-solve).
pub const LEAF_PROBCUT_T: f64 = 1.25;

/// The solver's table of a search with exact leaves (made for each such search, so
/// a search does not depend on the ones before).
const LEAF_HASH_BYTES: usize = 4 << 20;

/// Reversi's search policy: stateless but for the exact leaves a search asked for.
#[derive(Default)]
pub struct ReversiPolicy {
    leaves: Option<Leaves>,
}

/// Exact leaves: the most empties solved, and the solver's table.
struct Leaves {
    empties: u32,
    hash: EndHash,
}

impl ReversiPolicy {
    /// Whether a search of `depth` plies from `pos` reaches the exact leaves.
    fn reaches_leaves(&self, pos: &Reversi, depth: i32) -> bool {
        self.leaves
            .as_ref()
            .is_some_and(|l| pos.empties() as i32 - depth <= l.empties as i32)
    }
}

impl SearchPolicy<Reversi> for ReversiPolicy {
    /// The last two plies by [`shallow::search`] (with trained weights).
    fn shallow_search(
        &self,
        pos: &Reversi,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, u64)> {
        if !(1..=2).contains(&depth) || !pattern::trained() || self.reaches_leaves(pos, depth) {
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

    fn set_exact_leaves(&mut self, empties: u32) {
        self.leaves = (empties > 0).then(|| {
            stability::init();
            Leaves {
                empties,
                hash: EndHash::new(LEAF_HASH_BYTES),
            }
        });
    }

    fn exact_leaf(&self, pos: &Reversi, alpha: i32, beta: i32) -> Option<(i32, u64)> {
        let leaves = self.leaves.as_ref()?;
        if pos.empties() > leaves.empties {
            return None;
        }
        // The window in discs: the scores it must tell apart, both ends included.
        let a = alpha.div_euclid(eval::DISC);
        let b = (beta + eval::DISC - 1).div_euclid(eval::DISC);
        let (v, nodes) = Solver::solve_window(&leaves.hash, pos.player, pos.opponent, a, b);
        Some((v * eval::DISC, nodes))
    }

    fn probcut(&self, pos: &Reversi, depth: i32) -> Option<ProbCut> {
        let t = if self.reaches_leaves(pos, depth) {
            LEAF_PROBCUT_T
        } else {
            eval::PROBCUT_T
        };
        eval::probcut(pos.empties(), depth, t)
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
    fn order_is_evaluation(&self, pos: &Reversi) -> bool {
        pattern::trained() && !self.reaches_leaves(pos, 1)
    }
}
