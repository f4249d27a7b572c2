//! The history table: per side and square, how often a move caused a cutoff lately
//! (a bonus for the move that cut, a malus for the moves tried before it, both
//! growing with the depth and decaying towards zero).

use crate::games::{Move, ScoredMove};

/// Squares with a history entry (moves of a higher index have none).
const SIZE: usize = 1024;

/// The butterfly history of one search thread.
pub(super) struct History {
    table: Vec<i32>,
}

impl History {
    pub fn new() -> History {
        History {
            table: vec![0; 2 * SIZE],
        }
    }

    /// The history of `mv` for `side` (0 for a move without an entry).
    pub fn get(&self, side: usize, mv: Move) -> i32 {
        if mv.index() < SIZE {
            self.table[side * SIZE + mv.index()]
        } else {
            0
        }
    }

    /// `mv` caused a cutoff at `depth` for `side` after the moves `tried`, which lose
    /// history.
    pub fn reward(&mut self, side: usize, mv: Move, depth: i32, tried: &[ScoredMove]) {
        let bonus = (depth * depth).min(400);
        if mv.index() < SIZE {
            let h = &mut self.table[side * SIZE + mv.index()];
            *h += bonus * 32 - *h * bonus / 512;
        }
        for m in tried {
            if m.mv.index() < SIZE {
                let h = &mut self.table[side * SIZE + m.mv.index()];
                *h -= bonus * 32 + *h * bonus / 512;
            }
        }
    }
}
