//! Reversi evaluation, from the side to move's view, in 1/100 disc units.

/// One disc of final score in evaluation units.
pub const DISC: i32 = 100;
/// Larger than any evaluation (and any final score times [`DISC`]).
pub const MAX_EVAL: i32 = 65 * DISC;

use super::{moves, CORNERS};

/// Square weights (a1..h8), the classic corner-good, X/C-square-bad table.
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

fn weighted(b: u64) -> i32 {
    let mut s = 0;
    let mut m = b;
    while m != 0 {
        s += SQUARE_WEIGHTS[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    s
}

/// Static evaluation of `p` (to move) against `o`.
pub fn evaluate(p: u64, o: u64) -> i32 {
    let mp = moves(p, o).count_ones() as i32;
    let mo = moves(o, p).count_ones() as i32;
    let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
    weighted(p) - weighted(o) + 20 * (mp - mo) + 50 * corners
}
