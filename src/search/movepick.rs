//! Move ordering: the table move first, then the game's own ordering score raised
//! by the killer moves and the history; moves are then picked one at a time, the
//! best remaining first: the first few by selection (a cutoff usually comes early,
//! so most of the list is never sorted), the rest sorted in one go.

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

/// The ordering: the higher score first, ties by the lower square (a total order).
fn order(a: &ScoredMove, b: &ScoredMove) -> std::cmp::Ordering {
    b.score.cmp(&a.score).then(a.mv.cmp(&b.mv))
}

/// Whether `a` goes before `b` in [`order`].
fn before(a: ScoredMove, b: ScoredMove) -> bool {
    order(&a, &b).is_lt()
}

/// Picks after which the rest of the list is sorted at once: a node that has not cut
/// off by then usually goes through most of its moves.
const SELECT_PICKS: usize = 3;

/// The move at `list[i]` in the ordering, for `i` = 0, 1, 2, ... in turn: the first
/// [`SELECT_PICKS`] by a selection-sort step each (brings the best move of
/// `list[i..]` to `list[i]`), then the rest sorted in one go. The order is total, so
/// both give the same sequence.
pub(super) fn pick(list: &mut [ScoredMove], i: usize) -> Move {
    if i > SELECT_PICKS {
        return list[i].mv;
    }
    if i == SELECT_PICKS {
        list[i..].sort_unstable_by(order);
        return list[i].mv;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_come_in_the_order_of_a_full_sort() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for n in 0..40usize {
            let mut list: Vec<ScoredMove> = (0..n)
                .map(|k| ScoredMove {
                    mv: Move(((k * 37) % 101) as u16),
                    score: (crate::games::splitmix64(&mut seed) % 7) as i32 - 3,
                })
                .collect();
            let mut sorted = list.clone();
            sorted.sort_by(|a, b| b.score.cmp(&a.score).then(a.mv.cmp(&b.mv)));
            let picked: Vec<Move> = (0..n).map(|i| pick(&mut list, i)).collect();
            let want: Vec<Move> = sorted.iter().map(|m| m.mv).collect();
            assert_eq!(picked, want, "{n} moves");
        }
    }
}
