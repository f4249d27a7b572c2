//! The last few empties (at most [`super::SHALLOW`]): a null-window search without
//! hash, moves in odd-parity quadrants first, a stability cutoff from
//! [`SHALLOW_STABILITY`] empties, and the last two and last one empties special-cased
//! ([`solve_1`] counts flips without making the move, from a table per line through
//! the square: [`last_flips`]).

use super::kernel::Kernel;
use super::node::stability_cut;
use super::order::{PARITY_MASK, QUADRANT_BIT};
use super::{Search, INF};
use crate::games::reversi::{bit, final_score, moves};

/// The C and X squares (next to a corner): tried after the other squares of the
/// same parity class (Edax's presorted square order puts them last).
const NEAR_CORNER: u64 = 0x42c3_0000_0000_c342;

/// Stability cutoffs are tried in the shallow search from this many empties on.
const SHALLOW_STABILITY: u32 = 4;

/// The squares around `sq` (a table built at compile time: no lazy-init check in
/// the hottest loop).
#[inline(always)]
fn neighbour_mask(sq: usize) -> u64 {
    const T: [u64; 64] = {
        let mut t = [0u64; 64];
        let mut sq = 0;
        while sq < 64 {
            let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
            let mut dy = -1;
            while dy <= 1 {
                let mut dx = -1;
                while dx <= 1 {
                    let (u, v) = (x + dx, y + dy);
                    if (dx != 0 || dy != 0) && u >= 0 && u < 8 && v >= 0 && v < 8 {
                        t[sq] |= 1 << (8 * v + u);
                    }
                    dx += 1;
                }
                dy += 1;
            }
            sq += 1;
        }
        t
    };
    T[sq & 63]
}

impl Search<'_> {
    /// Null-window search without hash for few empties; `empty` are the empty squares.
    /// `parity` has bit `q` set when quadrant `q` holds an odd number of empties.
    #[inline(always)]
    pub(super) fn shallow<K: Kernel>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empty: u64,
        parity: u8,
        n: u32,
    ) -> i32 {
        if n == 4 {
            return self.solve_4::<K>(p, o, alpha, empty, parity);
        }
        if n == 3 {
            let x1 = empty.trailing_zeros() as usize;
            let e = empty & (empty - 1);
            let x2 = e.trailing_zeros() as usize;
            let x3 = (e & (e - 1)).trailing_zeros() as usize;
            return self.solve_3::<K>(p, o, alpha, [x1, x2, x3]);
        }
        if n == 2 {
            let x1 = empty.trailing_zeros() as usize;
            let x2 = (empty & (empty - 1)).trailing_zeros() as usize;
            return self.solve_2::<K>(p, o, alpha, x1, x2);
        }
        if n == 1 {
            self.nodes += 1;
            return solve_1(p, o, empty.trailing_zeros() as usize);
        }
        if n == 0 {
            self.nodes += 1;
            return final_score(p, o);
        }
        self.nodes += 1;
        if n >= SHALLOW_STABILITY {
            if let Some(bound) = stability_cut(p, o, alpha, n) {
                return bound;
            }
        }
        let odd = PARITY_MASK[parity as usize];
        let mut best = -INF;
        for region in [
            empty & odd & !NEAR_CORNER,
            empty & odd & NEAR_CORNER,
            empty & !odd & !NEAR_CORNER,
            empty & !odd & NEAR_CORNER,
        ] {
            let mut e = region;
            while e != 0 {
                let sq = e.trailing_zeros() as usize;
                e &= e - 1;
                // Only squares next to an opponent disc can flip.
                if neighbour_mask(sq) & o == 0 {
                    continue;
                }
                let f = K::flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let v = -K::shallow(
                    self,
                    o & !f,
                    p | f | bit(sq),
                    -alpha - 1,
                    empty ^ bit(sq),
                    parity ^ QUADRANT_BIT[sq],
                    n - 1,
                );
                if v > best {
                    best = v;
                    if v > alpha {
                        return v;
                    }
                }
            }
        }
        if best == -INF {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -K::shallow(self, o, p, -alpha - 1, empty, parity, n);
        }
        best
    }

    /// Four empties: the stability cutoff, then the squares in odd-parity quadrants
    /// first, each child solved by [`Search::solve_3`] without a call through the
    /// kernel.
    #[inline(always)]
    fn solve_4<K: Kernel>(&mut self, p: u64, o: u64, alpha: i32, empty: u64, parity: u8) -> i32 {
        self.nodes += 1;
        if let Some(bound) = stability_cut(p, o, alpha, 4) {
            return bound;
        }
        let odd = PARITY_MASK[parity as usize];
        let mut x = [0usize; 4];
        let mut k = 0;
        for region in [
            empty & odd & !NEAR_CORNER,
            empty & odd & NEAR_CORNER,
            empty & !odd & !NEAR_CORNER,
            empty & !odd & NEAR_CORNER,
        ] {
            let mut e = region;
            while e != 0 {
                x[k & 3] = e.trailing_zeros() as usize;
                e &= e - 1;
                k += 1;
            }
        }
        const REST: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];
        let mut best = -INF;
        for (i, r) in REST.iter().enumerate() {
            let sq = x[i];
            if neighbour_mask(sq) & o == 0 {
                continue;
            }
            let f = K::flips(p, o, sq);
            if f == 0 {
                continue;
            }
            let v = -self.solve_3::<K>(
                o & !f,
                p | f | bit(sq),
                -alpha - 1,
                [x[r[0]], x[r[1]], x[r[2]]],
            );
            if v > alpha {
                return v;
            }
            best = best.max(v);
        }
        if best > -INF {
            return best;
        }
        // Pass: the opponent moves.
        let mut worst = INF;
        for (i, r) in REST.iter().enumerate() {
            let sq = x[i];
            if neighbour_mask(sq) & p == 0 {
                continue;
            }
            let f = K::flips(o, p, sq);
            if f == 0 {
                continue;
            }
            let v = self.solve_3::<K>(p & !f, o | f | bit(sq), alpha, [x[r[0]], x[r[1]], x[r[2]]]);
            if v <= alpha {
                return v;
            }
            worst = worst.min(v);
        }
        if worst < INF {
            return worst;
        }
        final_score(p, o)
    }

    /// Three empties `x` (in the order to try them).
    #[inline(always)]
    fn solve_3<K: Kernel>(&mut self, p: u64, o: u64, alpha: i32, x: [usize; 3]) -> i32 {
        self.nodes += 1;
        const REST: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
        let mut best = -INF;
        for (i, r) in REST.iter().enumerate() {
            let sq = x[i];
            if neighbour_mask(sq) & o == 0 {
                continue;
            }
            let f = K::flips(p, o, sq);
            if f == 0 {
                continue;
            }
            let v = -self.solve_2::<K>(o & !f, p | f | bit(sq), -alpha - 1, x[r[0]], x[r[1]]);
            if v > alpha {
                return v;
            }
            best = best.max(v);
        }
        if best > -INF {
            return best;
        }
        // Pass: the opponent moves.
        let mut worst = INF;
        for (i, r) in REST.iter().enumerate() {
            let sq = x[i];
            if neighbour_mask(sq) & p == 0 {
                continue;
            }
            let f = K::flips(o, p, sq);
            if f == 0 {
                continue;
            }
            let v = self.solve_2::<K>(p & !f, o | f | bit(sq), alpha, x[r[0]], x[r[1]]);
            if v <= alpha {
                return v;
            }
            worst = worst.min(v);
        }
        if worst < INF {
            return worst;
        }
        final_score(p, o)
    }

    /// Two empties `x1`, `x2`. Each move made counts a node for the one-empty position
    /// it reaches (as Edax counts), though [`solve_1`] only counts flips.
    #[inline(always)]
    fn solve_2<K: Kernel>(&mut self, p: u64, o: u64, alpha: i32, x1: usize, x2: usize) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        // Only squares next to an opponent disc can flip.
        if neighbour_mask(x1) & o != 0 {
            let f = K::flips(p, o, x1);
            if f != 0 {
                self.nodes += 1;
                best = -solve_1(o & !f, p | f | bit(x1), x2);
                if best > alpha {
                    return best;
                }
            }
        }
        if neighbour_mask(x2) & o != 0 {
            let f = K::flips(p, o, x2);
            if f != 0 {
                self.nodes += 1;
                best = best.max(-solve_1(o & !f, p | f | bit(x2), x1));
            }
        }
        if best > -INF {
            return best;
        }
        // Pass: the opponent moves.
        let mut worst = INF;
        if neighbour_mask(x1) & p != 0 {
            let f = K::flips(o, p, x1);
            if f != 0 {
                self.nodes += 1;
                worst = solve_1(p & !f, o | f | bit(x1), x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if neighbour_mask(x2) & p != 0 {
            let f = K::flips(o, p, x2);
            if f != 0 {
                self.nodes += 1;
                worst = worst.min(solve_1(p & !f, o | f | bit(x2), x1));
            }
        }
        if worst < INF {
            return worst;
        }
        final_score(p, o)
    }
}

/// The score of `p` to move with the single empty square `x` (`o` has the rest).
#[inline(always)]
pub fn solve_1(p: u64, o: u64, x: usize) -> i32 {
    let np = p.count_ones() as i32;
    let n = last_flips(p, x);
    if n > 0 {
        return 2 * np + 2 * n - 62;
    }
    let n = last_flips(o, x);
    if n > 0 {
        return 2 * np - 2 * n - 64;
    }
    // Nobody can play x: it goes to the winner (63 discs: never a draw).
    if 2 * np > 63 {
        2 * np - 62
    } else {
        2 * np - 64
    }
}

/// The number of discs `p` flips by playing the last empty square `x` (every other
/// square is full: the opponent has all that `p` has not), without making the move:
/// each of the four lines through `x` is gathered into a byte (bit = column, or row
/// for the column) and [`LINE_FLIPS`] counts its flips.
#[inline(always)]
pub(super) fn last_flips(p: u64, x: usize) -> i32 {
    let x = x & 63;
    let (cx, cy) = (x & 7, x >> 3);
    let row = (p >> (x & 56)) & 0xff;
    let col = ((p >> cx) & A_FILE).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let diag = (p & DIAGONALS[x].0).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let anti = (p & DIAGONALS[x].1).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let t = &LINE_FLIPS;
    (t[cx][row as usize] + t[cy][col as usize] + t[cx][diag as usize] + t[cx][anti as usize]) as i32
}

const A_FILE: u64 = 0x0101_0101_0101_0101;

/// The diagonal (a1-h8 direction) and the anti-diagonal through each square, `x`
/// itself excluded.
const DIAGONALS: [(u64, u64); 64] = {
    let mut t = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < 64 {
            let (u, v) = ((i % 8) as i32, (i / 8) as i32);
            if i != sq && u - v == x - y {
                t[sq].0 |= 1 << i;
            }
            if i != sq && u + v == x + y {
                t[sq].1 |= 1 << i;
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// `LINE_FLIPS[x][b]`: on an 8-square line with the empty square at `x` where the
/// player has the squares of `b` and the opponent every other, the discs the player
/// flips by playing `x`. (Squares off a short line read as the opponent's: a run
/// through them never ends on a player's disc, so they never count.)
const LINE_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut b = 0;
        while b < 256 {
            let mut n = 0;
            // Right (higher bits), then left.
            let mut i = x + 1;
            while i < 8 && b & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                n += i - x - 1;
            }
            let mut i = x as i32 - 1;
            while i >= 0 && b & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                n += x - i as usize - 1;
            }
            t[x][b] = n as u8;
            b += 1;
        }
        x += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::neighbour_mask;
    use crate::games::reversi::{bit, neighbours};

    #[test]
    fn the_neighbour_table_matches_the_board_shifts() {
        for sq in 0..64 {
            assert_eq!(neighbour_mask(sq), neighbours(bit(sq)), "square {sq}");
        }
    }
}
