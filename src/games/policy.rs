//! A game's search policy: how the generic search prunes, reduces, orders and
//! solves tactics in that game, with its constants, in one type per game
//! ([`Game::Policy`]). [`Game`] is the rules; the policy is everything a search
//! may do differently per game without being wrong.
//!
//! Every hook has a neutral default (no pruning, no reduction, no tactics), so a
//! game states only what its search does. Each search thread owns one policy
//! value (made by `Default`), so a policy may keep per-thread state such as a
//! threat solver's table. Every hook must be deterministic for the same state, so
//! node counts are reproducible.

use std::time::Instant;

use super::{Game, Move, ScoredMove};

/// How a game cuts a null-window node by Multi-ProbCut ([`SearchPolicy::probcut`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbCut {
    /// The depth of the shallow search that predicts the deep one.
    pub shallow: i32,
    /// How far beyond the bound the shallow search must land to cut.
    pub margin: i32,
    /// How far the static score may lie on the wrong side of the bound with a cut
    /// still worth trying: a shallow search is not begun when the static score is
    /// further from the bound than this (Edax's check); `None`: always tried.
    pub eval_margin: Option<i32>,
}

/// Where the node function asks the policy for a quick forced win
/// ([`SearchPolicy::forced_win`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Probe {
    /// At a leaf, in place of a quiescence search.
    Leaf,
    /// At a razored node, whose static score is far below alpha.
    Razor,
}

/// What the root hooks ([`SearchPolicy::settle_root`]) may know of the search.
pub struct RootContext<'a> {
    /// The search's node limit, if any.
    pub nodes: Option<u64>,
    /// When the soft time limit ends, if there is one.
    pub soft_deadline: Option<Instant>,
    /// True once the search must stop (stop flag, hard deadline).
    pub stopped: &'a dyn Fn() -> bool,
    /// Moves the search must not play.
    pub blocked: &'a [Move],
}

/// A result settled at the root before the iterations: the score from the side to
/// move's view and the line.
pub type Settled = (i32, Vec<Move>);

/// How the generic search treats one game (see the module text). `pos` is always
/// the position of the node asking.
pub trait SearchPolicy<G: Game>: Default + Send {
    /// Settles the root before the iterations (a threat solver's proof; an only move,
    /// `roots` has one entry, scored by what follows it): the result, if settled, and
    /// the nodes spent. Asked by the main thread only; must leave `pos` unchanged.
    /// Default: nothing settled (an only move is then scored by the static score
    /// after it).
    fn settle_root(
        &mut self,
        _pos: &mut G,
        _roots: &[Move],
        _ctx: &RootContext<'_>,
    ) -> (Option<Settled>, u64) {
        (None, 0)
    }

    /// A null-window search of `depth` plies that the game does faster itself than
    /// the generic search (reversi: the last two plies, with no table and a fixed
    /// move order): the fail-soft value within `alpha`..`beta` and the nodes it
    /// visited, or `None` to let the generic search do it. Default: none.
    fn shallow_search(&self, _pos: &G, _depth: i32, _alpha: i32, _beta: i32) -> Option<(i32, u64)> {
        None
    }

    /// Asks this thread's policy to value the nodes of its search with at most
    /// `moves_left` moves left by the game's exact solver
    /// ([`SearchPolicy::exact_leaf`]); 0: none (`SearchParams::exact_leaves`, set
    /// before the search). Default: the game has no solver, nothing changes.
    fn set_exact_leaves(&mut self, _moves_left: u32) {}

    /// The exact value of a node (not the root) within the leaves
    /// [`SearchPolicy::set_exact_leaves`] asked for: fail-soft within
    /// `alpha`..`beta`, and the solver's nodes; `None` elsewhere. Default: none.
    fn exact_leaf(&self, _pos: &G, _alpha: i32, _beta: i32) -> Option<(i32, u64)> {
        None
    }

    /// Multi-ProbCut (Buro): for a null-window node to be searched `depth` plies, a
    /// shallower depth whose result predicts the deep one's, and the margins (in
    /// evaluation units) beyond which that prediction, or the static score, is
    /// trusted. Default: none.
    fn probcut(&self, _pos: &G, _depth: i32) -> Option<ProbCut> {
        None
    }

    /// A forced win for the side to move that needs no search (gomoku: a five to
    /// complete, or an open four the opponent can meet with no four of his own): the
    /// plies to the end of the game. Must be exact under the rule. Default: none.
    fn quick_win(&self, _pos: &G) -> Option<u32> {
        None
    }

    /// Whether the opponent threatens to win on his next move (gomoku: he has a five
    /// to complete), so the move list holds only the answers and a static score
    /// means little: the search extends such nodes at its leaves and does not prune
    /// them by their static score. Default: never.
    fn must_answer(&self, _pos: &G) -> bool {
        false
    }

    /// A proven forced win for the side to move by the game's threat solver, cheap
    /// enough for `probe`: its plies to the end of the game, and the solver nodes
    /// spent. Must leave `pos` unchanged. Default: none, no nodes.
    fn forced_win(&mut self, _pos: &mut G, _probe: Probe) -> (Option<u32>, u64) {
        (None, 0)
    }

    /// Whether the search prunes by the static score of inner nodes (reverse
    /// futility, futility, razoring, and whether the score is improving); without it
    /// inner nodes are not evaluated at all. Default: yes.
    fn static_pruning(&self) -> bool {
        true
    }

    /// Reverse futility pruning: for a null-window node `depth` plies from the
    /// leaves, the margin per ply of depth (a ply less when the static score
    /// improves on ours two plies before) by which its static score must beat beta
    /// for the node to return that score unsearched; `None`: no pruning at this
    /// depth. Default: 250 per ply at depths up to 3
    /// (docs/experiments/gomoku-search.md#reverse-futility-at-every-depth).
    fn reverse_futility_margin(&self, _pos: &G, depth: i32) -> Option<i32> {
        (depth <= 3).then_some(250)
    }

    /// Fail-high reduction: for a null-window node `depth` plies from the leaves, the
    /// margin above beta past which its static score makes a cut likely; the moves
    /// that [`SearchPolicy::late_move_reduction`] would reduce (at any depth and
    /// place) are then searched a ply shallower. `None`: no such reduction. Default:
    /// none.
    fn fail_high_margin(&self, _pos: &G, _depth: i32) -> Option<i32> {
        None
    }

    /// Razoring: for a null-window node `depth` plies from the leaves, the margin
    /// below alpha past which the static score is trusted to fail low (the search
    /// then only asks [`SearchPolicy::forced_win`] for a quick win instead of
    /// searching the moves). Default: none.
    fn razor_margin(&self, _pos: &G, _depth: i32) -> Option<i32> {
        None
    }

    /// Internal iterative reduction: the depth from which a node with no table move
    /// is searched a ply shallower. Default: none.
    fn iir_depth(&self, _pos: &G) -> Option<i32> {
        None
    }

    /// The moves of a node `depth` plies from the leaves ([`Game::generate`]; a game
    /// may score them more cheaply where the subtree is small). Default: `generate`.
    fn generate(&self, pos: &G, _depth: i32, out: &mut Vec<ScoredMove>) {
        pos.generate(out)
    }

    /// Whether the ordering score [`Game::generate`] gives a move is exactly the
    /// negated [`Game::evaluate`] of the position after it (reversi: the trained
    /// evaluation after each move orders the moves). Then a node one ply from the
    /// leaves takes its value from the list instead of evaluating every move twice.
    /// Default: no.
    fn order_is_evaluation(&self, _pos: &G) -> bool {
        false
    }

    /// Whether the search may skip `mv` near the leaves when the position looks
    /// hopeless (futility pruning) and late in the move list (move-count pruning): a
    /// move that makes or stops no threat the policy counts as urgent.
    /// Default: no move is quiet.
    fn is_quiet(&self, _pos: &G, _mv: Move) -> bool {
        false
    }

    /// Futility pruning: at a null-window node `depth` plies from the leaves, the
    /// margin above the static score below which quiet moves are not searched.
    /// Default: none.
    fn futility_margin(&self, _depth: i32) -> Option<i32> {
        None
    }

    /// Move-count pruning: in a null-window node at `depth`, the index from which
    /// quiet moves are not searched once a move that does not lose is known
    /// (`improving`: the static score is better than two plies up). Default: never.
    fn move_count_limit(&self, _depth: i32, _improving: bool) -> usize {
        usize::MAX
    }

    /// Late-move reduction of `mv`, the `index`th move (from 0) of a node `depth` plies
    /// from the leaves that is neither the table move nor a killer: `None` if it must
    /// not be reduced, else the plies (the search adjusts them for the node's kind).
    /// Default: none.
    fn late_move_reduction(&self, _pos: &G, _depth: i32, _index: usize, _mv: Move) -> Option<i32> {
        None
    }

    /// How hard `mv` attacks: 2 if it makes a threat the opponent must meet (gomoku:
    /// a three or better), 1 if it prepares two (gomoku: two open twos), else 0. A
    /// move attacking at 1 or 2 after an attack at 2 by the same side is reduced a
    /// ply less (a continuing attack). Default: 0.
    fn attack_level(&self, _pos: &G, _mv: Move) -> u8 {
        0
    }
}
