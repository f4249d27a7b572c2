//! Reversi evaluation, from the side to move's view, in 1/100 disc units.
//!
//! [`evaluate`] is the trained pattern evaluation ([`super::pattern`]) with the final
//! score at the end of the game. [`hand_set`], the evaluation before it (and the
//! fallback when no weights are built in), is kept as the trainer's yardstick. Its
//! hand-set terms, interpolated between the opening (60 empties) and the end (0):
//! - edges: a table over every configuration of an 8-square edge (built at start-up
//!   from simple rules: corners, C squares next to an empty corner, discs no move
//!   along the edge can flip, the other edge squares);
//! - corner regions: X squares (b2, g2, b7, g7) next to an empty corner;
//! - inner square weights;
//! - mobility (corners count double) and potential mobility (empty squares next to
//!   the opponent's discs);
//! - stable discs (edge-anchored, see [`super::stability::stable_discs`]);
//! - parity: the side to move gets the last move of an odd number of empties;
//! - near the end, the disc difference itself.

use std::sync::OnceLock;

use super::stability::{edge_stable_line, stable_discs};
use super::{moves, neighbours, CORNERS};
use crate::games::ProbCut;

/// One disc of final score in evaluation units.
pub const DISC: i32 = 100;
/// Larger than any evaluation (and any final score times [`DISC`]).
pub const MAX_EVAL: i32 = 65 * DISC;

/// Square weights (a1..h8), the classic corner-good, X/C-square-bad table (used for
/// ordering and for the inner squares).
#[rustfmt::skip]
pub const SQUARE_WEIGHTS: [i32; 64] = [
    100, -20, 10,  5,  5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
     10,  -2,  1,  1,  1,  1,  -2,  10,
      5,  -2,  1,  0,  0,  1,  -2,   5,
      5,  -2,  1,  0,  0,  1,  -2,   5,
     10,  -2,  1,  1,  1,  1,  -2,  10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10,  5,  5, 10, -20, 100,
];

/// Value of one edge configuration for `p` against `o` (bit 0 and bit 7 are corners).
fn edge_rule(p: u8, o: u8) -> i32 {
    let stable_p = edge_stable_line(p, o).count_ones() as i32;
    let stable_o = edge_stable_line(o, p).count_ones() as i32;
    let mut v = 60 * (stable_p - stable_o);
    let owner = |b: u8| -> i32 {
        if p & b != 0 {
            1
        } else if o & b != 0 {
            -1
        } else {
            0
        }
    };
    // Corners.
    v += 250 * (owner(1) + owner(0x80));
    // C squares next to an empty corner are a liability; next to a filled one, fine.
    for (corner, c) in [(1u8, 2u8), (0x80, 0x40)] {
        if (p | o) & corner == 0 {
            v -= 60 * owner(c);
        } else {
            v += 10 * owner(c);
        }
    }
    // A and B squares.
    for b in [4u8, 8, 16, 32] {
        v += 8 * owner(b);
    }
    v
}

/// `EDGE[p * 256 + o]`.
fn edge_table() -> &'static [i16] {
    static T: OnceLock<Vec<i16>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = vec![0i16; 65536];
        for p in 0..256usize {
            for o in 0..256usize {
                if p & o == 0 {
                    t[p << 8 | o] = edge_rule(p as u8, o as u8) as i16;
                }
            }
        }
        t
    })
}

/// Packs the a file into a byte (row `y` -> bit `y`).
#[inline]
fn pack_a_file(b: u64) -> usize {
    ((b & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

#[inline]
fn edges(p: u64, o: u64) -> i32 {
    let t = edge_table();
    t[((p & 0xff) as usize) << 8 | (o & 0xff) as usize] as i32
        + t[((p >> 56) as usize) << 8 | (o >> 56) as usize] as i32
        + t[pack_a_file(p) << 8 | pack_a_file(o)] as i32
        + t[pack_a_file(p >> 7) << 8 | pack_a_file(o >> 7)] as i32
}

/// X squares (b2, g2, b7, g7) with the corner they touch.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];

#[inline]
fn x_squares(p: u64, o: u64) -> i32 {
    let empty = !(p | o);
    let mut v = 0;
    for (x, corner) in X_SQUARES {
        if empty & corner != 0 {
            if p & x != 0 {
                v -= 150;
            } else if o & x != 0 {
                v += 150;
            }
        }
    }
    v
}

/// Inner squares (the 6x6 centre) by the square-weight table.
#[inline]
fn inner_weights(b: u64) -> i32 {
    let mut s = 0;
    let mut m = b & 0x007e_7e7e_7e7e_7e00;
    while m != 0 {
        s += SQUARE_WEIGHTS[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    s
}

/// Static evaluation of `p` (to move) against `o`: the game's final score when it
/// is over, else the trained pattern value (within the possible final scores).
#[inline]
pub fn evaluate(p: u64, o: u64) -> i32 {
    if !super::pattern::trained() {
        return hand_set(p, o);
    }
    if p | o == u64::MAX || (moves(p, o) == 0 && moves(o, p) == 0) {
        return super::final_score(p, o) * DISC;
    }
    super::pattern::evaluate(p, o).clamp(-64 * DISC + 1, 64 * DISC - 1)
}

/// Multi-ProbCut below this depth is not tried.
const PROBCUT_MIN_DEPTH: i32 = 3;
/// How many standard deviations of the shallow search's error a cut needs. Cutting
/// harder makes each depth cheaper and buys depth for the time, as NTest's depths do
/// (NTest's midgame cuts at 1.0 too; see
/// docs/experiments/reversi-midgame.md#multi-probcut-at-one-sigma-game-clock).
pub const PROBCUT_T: f64 = 1.0;

/// The shallow depth that predicts a search of `depth` plies (same parity), and the
/// margins of a cut at `empties` (see `SearchPolicy::probcut`): `PROBCUT_T` times the
/// standard deviation of the deep value around the shallow one, as fitted by
/// `reversi_train mpc` (trainers/), and for the static score (Edax's check) the
/// same times the mean of that deviation and the static score's own.
pub fn probcut(empties: u32, depth: i32, t: f64) -> Option<ProbCut> {
    if depth < PROBCUT_MIN_DEPTH || empties as i32 <= depth {
        return None;
    }
    let shallow = match 2 * (depth / 4) + (depth & 1) {
        0 => depth - 2,
        d => d,
    };
    let sigma = mpc_sigma(empties, depth, shallow);
    let sigma0 = mpc_sigma(empties, depth, 0);
    let units = |x: f64| (t * x * f64::from(DISC)) as i32;
    Some(ProbCut {
        shallow,
        margin: units(sigma),
        eval_margin: PROBCUT_EVAL_CHECK.then(|| units(0.5 * (sigma + sigma0))),
    })
}

/// Whether a cut is tried only when the static score is near enough (Edax's check).
/// Off: it saves few nodes for an evaluation at every node that tries a cut
/// (docs/experiments/reversi-midgame.md#static-score-check-before-a-cut).
const PROBCUT_EVAL_CHECK: bool = false;

/// Standard deviation in discs of a `depth`-ply value around the `shallow`-ply one.
fn mpc_sigma(empties: u32, depth: i32, shallow: i32) -> f64 {
    let [a, b, c, k] = MPC_SIGMA;
    (a * f64::from(empties) + b * f64::from(depth) + c * f64::from(shallow) + k).max(0.5)
}

/// `[empties, depth, shallow depth, constant]` coefficients of [`mpc_sigma`].
const MPC_SIGMA: [f64; 4] = [-0.0781, 0.3020, -0.5809, 5.8478];

/// The hand-set evaluation of `p` (to move) against `o`.
pub fn hand_set(p: u64, o: u64) -> i32 {
    let empty = !(p | o);
    let n = empty.count_ones() as i32;
    if n == 0 {
        return super::final_score(p, o) * DISC;
    }
    let mp = moves(p, o);
    let mo = moves(o, p);
    if mp == 0 && mo == 0 {
        return super::final_score(p, o) * DISC;
    }
    // Phase: 0 at the end, 60 at the start.
    let phase = n.min(60);
    let mob = |m: u64| m.count_ones() as i32 + (m & CORNERS).count_ones() as i32;
    let mobility = mob(mp) - mob(mo);
    // Empty squares next to the opponent's discs are our potential moves.
    let potential =
        (neighbours(o) & empty).count_ones() as i32 - (neighbours(p) & empty).count_ones() as i32;
    let stable = stable_discs(p, o).count_ones() as i32 - stable_discs(o, p).count_ones() as i32;
    let discs = p.count_ones() as i32 - o.count_ones() as i32;

    let mut v = edges(p, o) + x_squares(p, o) + inner_weights(p) - inner_weights(o);
    // Mobility matters most in the middle game; the disc count at the end.
    v += mobility * (20 + phase);
    v += potential * (5 + phase / 4);
    v += stable * (80 + (60 - phase));
    v += discs * (60 - phase) * 100 / 60 / 4;
    if n <= 16 && n % 2 == 1 {
        v += 100;
    }
    v.clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::Reversi;

    #[test]
    fn start_position_is_balanced_and_colour_blind() {
        let r = Reversi::new();
        assert_eq!(hand_set(r.player(), r.opponent()), 0);
        // A half-turn of the board (square i -> 63 - i) keeps the value.
        let p = 0x0000_0010_1c08_0000u64;
        let o = 0x0000_0808_0000_0000u64;
        assert_eq!(hand_set(p.reverse_bits(), o.reverse_bits()), hand_set(p, o));
        // The trained one: the start is close to even.
        assert!(evaluate(r.player(), r.opponent()).abs() < 5 * DISC);
    }

    #[test]
    fn corners_are_good_and_x_squares_bad() {
        let base_p = 0x0000_0018_1800_0000u64;
        let base_o = 0x0000_2400_0024_0000u64;
        let with_corner = evaluate(base_p | 1, base_o);
        let with_x = evaluate(base_p | (1 << 9), base_o);
        let plain = evaluate(base_p | (1 << 19), base_o);
        assert!(with_corner > plain, "{with_corner} {plain}");
        assert!(with_x < with_corner);
    }
}
