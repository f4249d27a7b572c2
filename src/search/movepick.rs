//! Move ordering: the table move first, then the game's own ordering score raised
//! by the killer moves and the history; moves are then picked one at a time, the
//! best remaining first (a selection sort: a cutoff usually comes early, so most of
//! the list is never sorted).

use super::history::History;
use crate::games::{Move, ScoredMove};

/// Ordering bonus of the newest and the older killer move.
const KILLER_BONUS: [i32; 2] = [800, 600];
/// The history counts for this fraction of its value in the ordering score.
const HISTORY_DIVISOR: i32 = 64;

/// Scores `list` for ordering at a node: `tt_move` above everything, the killers and
/// the history (of `side`, the side to move) added to the game's score.
pub(super) fn score_moves(
    list: &mut [ScoredMove],
    tt_move: Move,
    killers: [Move; 2],
    history: &History,
    side: usize,
) {
    for m in list.iter_mut() {
        if m.mv == tt_move {
            m.score = i32::MAX;
        } else {
            if m.mv == killers[0] {
                m.score = m.score.saturating_add(KILLER_BONUS[0]);
            } else if m.mv == killers[1] {
                m.score = m.score.saturating_add(KILLER_BONUS[1]);
            }
            m.score = m
                .score
                .saturating_add(history.get(side, m.mv) / HISTORY_DIVISOR);
        }
    }
}

/// Whether `a` goes before `b`: the higher score, ties by the lower square.
fn before(a: ScoredMove, b: ScoredMove) -> bool {
    a.score > b.score || (a.score == b.score && a.mv < b.mv)
}

/// One selection-sort step: brings the best move of `list[i..]` to `list[i]` and
/// returns it.
pub(super) fn pick(list: &mut [ScoredMove], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..list.len() {
        if before(list[j], list[best]) {
            best = j;
        }
    }
    list.swap(i, best);
    list[i].mv
}

/// The first move of `list` in the ordering (`list` must not be empty).
pub(super) fn best(list: &[ScoredMove]) -> ScoredMove {
    let mut best = list[0];
    for &m in &list[1..] {
        if before(m, best) {
            best = m;
        }
    }
    best
}
