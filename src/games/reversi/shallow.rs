//! The last two plies of the midgame search ([`SearchPolicy::shallow_search`]), as Edax
//! searches them: plain alpha-beta with no table and no move scoring, the moves
//! taken in a fixed order of square types (corners first, X squares last), each
//! leaf valued by the trained evaluation from the pattern indices updated by its
//! move (one ply from the end, from the instances the move changes: [`Leaves`]).
//! Scoring every move by the evaluation after it to sort them (what
//! [`Game::generate`] does) costs as much as the leaves themselves; a cut in a
//! fixed order often comes at the first or second move.
//!
//! [`SearchPolicy::shallow_search`]: crate::games::SearchPolicy::shallow_search
//! [`Game::generate`]: crate::games::Game::generate

use super::endgame::order::{corner_stability, SQUARE_VALUE};
use super::indices::{touched, Indices, Leaves};
use super::{bit, eval, final_score, flips, moves, Reversi};
use crate::games::{Move, ScoredMove};

/// The squares of each type, best first (Edax's presorted order): corners; the
/// squares next to the centre (c4, d3 and their images); c3 and its images; A, B
/// squares of the edges; the inner squares next to the edges; the squares next to
/// a C or X square; C squares; X squares; the centre.
const ORDER: [u64; 10] = {
    const fn mask(squares: &[(usize, usize)]) -> u64 {
        let mut m = 0u64;
        let mut i = 0;
        while i < squares.len() {
            let (x, y) = squares[i];
            // Each square with its images under the board's symmetries.
            let images = [
                (x, y),
                (7 - x, y),
                (x, 7 - y),
                (7 - x, 7 - y),
                (y, x),
                (7 - y, x),
                (y, 7 - x),
                (7 - y, 7 - x),
            ];
            let mut k = 0;
            while k < 8 {
                m |= 1u64 << (images[k].1 * 8 + images[k].0);
                k += 1;
            }
            i += 1;
        }
        m
    }
    // (column, row) from a1 = (0, 0).
    [
        mask(&[(0, 0)]), // a1: corners
        mask(&[(2, 3)]), // c4: next to the centre
        mask(&[(2, 2)]), // c3
        mask(&[(0, 2)]), // a3: A squares
        mask(&[(0, 3)]), // a4: B squares
        mask(&[(1, 3)]), // b4
        mask(&[(1, 2)]), // b3
        mask(&[(0, 1)]), // a2: C squares
        mask(&[(1, 1)]), // b2: X squares
        mask(&[(3, 3)]), // d4: the centre
    ]
};

/// The value of `p` to move against `o` (Black to move when `black`, pattern
/// indices `ix`) searched `depth` plies (1 or 2), fail-soft within the window
/// `(alpha, beta)`, in evaluation units; `nodes` counts the moves played. On a CPU
/// with x86-64-v3's instructions ([`super::cpu::fast_bits`]) it runs a copy compiled
/// for them (hardware popcount above all: the baseline build counts bits in software).
pub fn search(
    ix: &Indices,
    black: bool,
    p: u64,
    o: u64,
    depth: i32,
    window: (i32, i32),
    nodes: &mut u64,
) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if super::cpu::fast_bits() {
        // SAFETY: fast_bits() found the features on this CPU.
        return unsafe { search_v3(ix, black, p, o, depth, window, nodes) };
    }
    search_body(ix, black, p, o, depth, window, nodes)
}

/// [`search`] compiled for x86-64-v3.
///
/// # Safety
///
/// Only on a CPU with the features ([`super::cpu::fast_bits`] true).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
fn search_v3(
    ix: &Indices,
    black: bool,
    p: u64,
    o: u64,
    depth: i32,
    window: (i32, i32),
    nodes: &mut u64,
) -> i32 {
    search_body(ix, black, p, o, depth, window, nodes)
}

#[inline(always)]
fn search_body(
    ix: &Indices,
    black: bool,
    p: u64,
    o: u64,
    depth: i32,
    window: (i32, i32),
    nodes: &mut u64,
) -> i32 {
    if depth >= 2 {
        node::<2>(ix, black, p, o, window, nodes)
    } else {
        node::<1>(ix, black, p, o, window, nodes)
    }
}

/// [`search_body`] `D` plies deep (1 or 2): the moves of `p`, or its pass, or the
/// final score.
#[inline(always)]
fn node<const D: i32>(
    ix: &Indices,
    black: bool,
    p: u64,
    o: u64,
    (alpha, beta): (i32, i32),
    nodes: &mut u64,
) -> i32 {
    let m = moves(p, o);
    if m != 0 {
        return children::<D>(ix, black, p, o, m, (alpha, beta), nodes);
    }
    let m = moves(o, p);
    if m == 0 {
        return final_score(p, o) * eval::DISC;
    }
    // A pass costs no depth (and the opponent has a move: no second pass).
    *nodes += 1;
    -children::<D>(ix, !black, o, p, m, (-beta, -alpha), nodes)
}

/// [`node`] over the moves `m` (not empty) of `p`.
#[inline(always)]
fn children<const D: i32>(
    ix: &Indices,
    black: bool,
    p: u64,
    o: u64,
    m: u64,
    (alpha, beta): (i32, i32),
    nodes: &mut u64,
) -> i32 {
    if D <= 1 {
        let empties = (!(p | o)).count_ones() - 1;
        if let Some(leaves) = ix.leaves(!black, empties) {
            return leaf_children(ix, &leaves, black, p, o, m, beta, nodes);
        }
    }
    let mut best = -eval::MAX_EVAL;
    for group in ORDER {
        let mut g = m & group;
        while g != 0 {
            let sq = g.trailing_zeros() as usize;
            g &= g - 1;
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            let mut child = *ix;
            child.play(sq, f, black);
            *nodes += 1;
            let v = if D <= 1 {
                -Reversi::evaluate_with(&child, !black, np, no)
            } else {
                -node::<1>(&child, !black, np, no, (-beta, -alpha.max(best)), nodes)
            };
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
            }
        }
    }
    best
}

/// [`children`] one ply from the end: each move's value from the instances it changes
/// ([`Leaves`]), the same as [`Reversi::evaluate_with`] of the child.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn leaf_children(
    ix: &Indices,
    leaves: &Leaves,
    black: bool,
    p: u64,
    o: u64,
    m: u64,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    let mut best = -eval::MAX_EVAL;
    for group in ORDER {
        let mut g = m & group;
        while g != 0 {
            let sq = g.trailing_zeros() as usize;
            g &= g - 1;
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit(sq));
            let mut child = *ix;
            child.play(sq, f, black);
            *nodes += 1;
            let (mp, mo) = (moves(np, no), moves(no, np));
            let v = if (np | no) == u64::MAX || (mp == 0 && mo == 0) {
                -final_score(np, no) * eval::DISC
            } else {
                let e = leaves.evaluate(&child, touched(sq, f), mp.count_ones(), mo.count_ones());
                -e.clamp(-64 * eval::DISC + 1, 64 * eval::DISC - 1)
            };
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
            }
        }
    }
    best
}

/// Up to this depth [`fast_order`] orders the moves of the generic search.
pub const FAST_ORDER_DEPTH: i32 = 4;

/// The moves of `p` against `o` (at least one) scored by [`fast_order`].
pub fn fast_moves(p: u64, o: u64, out: &mut Vec<ScoredMove>) {
    let mut m = moves(p, o);
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        out.push(ScoredMove {
            mv: Move(sq as u16),
            score: fast_order(p, o, sq),
        });
    }
}

/// A cheap ordering score of `p` playing `sq` against `o` (Edax's fast ordering):
/// the fewer moves the opponent has then (corners count double), the better; then
/// our discs made stable at the corners, the fewer empty squares next to our discs
/// (the opponent's potential moves), and the square's type.
pub fn fast_order(p: u64, o: u64, sq: usize) -> i32 {
    let f = flips(p, o, sq);
    let (np, no) = (o & !f, p | f | bit(sq));
    let m = moves(np, no);
    let mobility = (m.count_ones() + (m & super::CORNERS).count_ones()) as i32;
    let potential = (super::neighbours(no) & !(np | no)).count_ones() as i32;
    let corner_stable = corner_stability(no);
    -1000 * mobility + 60 * corner_stable - 2 * potential + SQUARE_VALUE[sq]
}
