//! The search stack: one entry per ply of the current line (Stockfish's `Stack`),
//! holding what the node at that ply keeps for itself and shows its neighbours.

use super::MAX_PLY;
use crate::games::{Move, ScoredMove};

/// Marks a ply without a static score in [`Ply::eval`].
pub(super) const NO_EVAL: i32 = i32::MIN;

/// What the search keeps about one ply of the current line.
pub(super) struct Ply {
    /// Two quiet moves that last caused a cutoff at this ply, the newest first.
    pub killers: [Move; 2],
    /// The principal variation from this ply on.
    pub pv: Vec<Move>,
    /// The moves of the node at this ply (kept to reuse its allocation).
    pub list: Vec<ScoredMove>,
    /// The static score at this ply (`NO_EVAL` where not computed).
    pub eval: i32,
    /// How hard the move made at this ply attacked ([`crate::games::SearchPolicy::attack_level`]).
    pub attack: u8,
}

impl Ply {
    fn new() -> Ply {
        Ply {
            killers: [Move::NONE; 2],
            pv: Vec::with_capacity(MAX_PLY),
            list: Vec::with_capacity(256),
            eval: NO_EVAL,
            attack: 0,
        }
    }

    /// Makes `mv` the newest killer (the older one is kept unless it is `mv`).
    pub fn add_killer(&mut self, mv: Move) {
        if self.killers[0] != mv {
            self.killers[1] = self.killers[0];
            self.killers[0] = mv;
        }
    }
}

/// A stack deep enough for the deepest line ([`MAX_PLY`]) and its children.
pub(super) fn new_stack() -> Vec<Ply> {
    (0..MAX_PLY + 2).map(|_| Ply::new()).collect()
}

/// Sets the line at `ply` to `mv` followed by the line of the ply below it.
pub(super) fn update_pv(stack: &mut [Ply], ply: usize, mv: Move) {
    let (head, tail) = stack.split_at_mut(ply + 1);
    let line = &mut head[ply].pv;
    line.clear();
    line.push(mv);
    line.extend_from_slice(&tail[0].pv);
}
