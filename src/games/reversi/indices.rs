//! The pattern indices of a position kept up to date move by move ([`Indices`]), and
//! the search's evaluation from them: a whole position ([`Indices::evaluate`]) or the
//! children of one from the instances their moves change ([`Leaves`]). The same
//! values as [`super::pattern::evaluate`], which reads the board.

use std::sync::OnceLock;

use super::pattern::{
    flat, index, layout, ply_weights, stage_size, INSTANCES, MOBILITY, PATTERNS, SETS,
};

/// The pattern indices of a position from Black's view (a square's digit: 0 empty,
/// 1 Black, 2 White), kept up to date move by move ([`Indices::play`]) so that the
/// search's evaluation ([`Indices::evaluate`]) reads them instead of recomputing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
pub struct Indices([u16; LANES]);

/// [`INSTANCES`] rounded up to whole 256-bit vectors: the padding lanes stay 0.
const LANES: usize = 48;

impl Indices {
    /// The indices of a position with these discs.
    pub fn new(black: u64, white: u64) -> Indices {
        let mut out = [0u16; LANES];
        for (o, inst) in out.iter_mut().zip(&layout().0) {
            *o = index(black, white, &inst.squares) as u16;
        }
        Indices(out)
    }

    /// Black (`black`) or White puts a disc on `sq` and turns the discs of `flips`:
    /// each square adds its digit's power of 3 in every instance at once
    /// ([`square_deltas`]), a few vector additions.
    #[inline(always)]
    pub fn play(&mut self, sq: usize, flips: u64, black: bool) {
        let d = square_deltas();
        let mut turned = [0u16; LANES];
        let mut f = flips;
        while f != 0 {
            let q = f.trailing_zeros() as usize;
            f &= f - 1;
            for (t, &x) in turned.iter_mut().zip(&d[q]) {
                *t = t.wrapping_add(x);
            }
        }
        let placed = &d[sq & 63];
        // White's digit 2 becomes Black's 1, or the other way round.
        if black {
            for ((x, &a), &t) in self.0.iter_mut().zip(placed).zip(&turned) {
                *x = x.wrapping_add(a).wrapping_sub(t);
            }
        } else {
            for ((x, &a), &t) in self.0.iter_mut().zip(placed).zip(&turned) {
                *x = x.wrapping_add(2 * a).wrapping_add(t);
            }
        }
    }

    /// The pattern value for the side to move (Black when `black`) with `empties`
    /// empty squares and the two sides' move counts; the same as
    /// [`evaluate`](super::pattern::evaluate) of the position.
    #[inline(always)]
    pub fn evaluate(&self, black: bool, empties: u32, mover_moves: u32, other_moves: u32) -> i32 {
        let Some(set) = weight_set(black, empties) else {
            return 0;
        };
        let mut v = constant_and_mobility(set, mover_moves, other_moves);
        for (inst, &i) in flat().iter().zip(&self.0) {
            v += set[inst.offset as usize + i as usize] as i32;
        }
        v
    }
}

/// The weight set of the side to move (Black when `black`) with `empties` empty
/// squares (`None` when untrained).
#[inline(always)]
fn weight_set(black: bool, empties: u32) -> Option<&'static [i16]> {
    let (w, w_white) = ply_weights().zip(white_weights())?;
    let size = stage_size();
    let base = (empties as usize).min(SETS - 1) * size;
    Some(if black {
        &w[base..base + size]
    } else {
        &w_white[base..base + size]
    })
}

/// The weights of `set` outside the patterns: the constant (its last) and the two
/// sides' mobility (the two tables before it).
#[inline(always)]
fn constant_and_mobility(set: &[i16], mover_moves: u32, other_moves: u32) -> i32 {
    let size = set.len();
    let mob = size - 1 - 2 * MOBILITY;
    let mp = (mover_moves as usize).min(MOBILITY - 1);
    let mo = (other_moves as usize).min(MOBILITY - 1);
    set[size - 1] as i32 + set[mob + mp] as i32 + set[mob + MOBILITY + mo] as i32
}

/// The children of one position, valued from the instances they change: the weight
/// set of the children's side to move and number of empties, the value in it of each
/// instance of the parent's configuration, and their sum. A move changes the
/// instances of its square and of the discs it turns (about a third of them), so a
/// child reads only those ([`Leaves::evaluate`]) instead of all [`INSTANCES`].
pub struct Leaves {
    set: &'static [i16],
    vals: [i16; INSTANCES],
    sum: i32,
}

impl Indices {
    /// The [`Leaves`] of this position's children: `black` whether Black is to move
    /// in them, `empties` their empty squares (`None` when untrained).
    #[inline(always)]
    pub fn leaves(&self, black: bool, empties: u32) -> Option<Leaves> {
        let set = weight_set(black, empties)?;
        let mut vals = [0i16; INSTANCES];
        let mut sum = 0;
        for ((v, inst), &i) in vals.iter_mut().zip(flat()).zip(&self.0) {
            *v = set[inst.offset as usize + i as usize];
            sum += *v as i32;
        }
        Some(Leaves { set, vals, sum })
    }
}

impl Leaves {
    /// [`Indices::evaluate`] of a child with indices `child`, which differ from the
    /// parent's at most in the instances of `touched` ([`touched`]), and the two
    /// sides' move counts.
    #[inline(always)]
    pub fn evaluate(
        &self,
        child: &Indices,
        touched: u64,
        mover_moves: u32,
        other_moves: u32,
    ) -> i32 {
        let set = self.set;
        let mut v = self.sum + constant_and_mobility(set, mover_moves, other_moves);
        let flat = flat();
        let mut t = touched;
        while t != 0 {
            let i = t.trailing_zeros() as usize;
            t &= t - 1;
            let inst = &flat[i];
            v += set[inst.offset as usize + child.0[i] as usize] as i32 - self.vals[i] as i32;
        }
        v
    }
}

/// The instances (bit `i` for instance `i`) a disc on `sq` turning `flips` changes.
#[inline(always)]
pub fn touched(sq: usize, flips: u64) -> u64 {
    let m = square_instances();
    let mut t = m[sq & 63];
    let mut f = flips;
    while f != 0 {
        t |= m[f.trailing_zeros() as usize];
        f &= f - 1;
    }
    t
}

/// For each square, the power of 3 of its digit in each instance (0 where it is not
/// in the instance).
fn square_deltas() -> &'static [[u16; LANES]; 64] {
    static T: OnceLock<[[u16; LANES]; 64]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u16; LANES]; 64];
        for (q, terms) in t.iter_mut().zip(square_terms().iter()) {
            for &(i, pow) in terms {
                q[i as usize] = pow;
            }
        }
        t
    })
}

/// For each square, the instances it is in (bit `i` for instance `i`).
fn square_instances() -> &'static [u64; 64] {
    static T: OnceLock<[u64; 64]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [0u64; 64];
        for (q, terms) in t.iter_mut().zip(square_terms().iter()) {
            *q = terms.iter().fold(0, |m, &(i, _)| m | 1 << i);
        }
        t
    })
}

/// For each square, the instances it is in and the power of 3 of its digit there.
fn square_terms() -> &'static [Vec<(u8, u16)>; 64] {
    static T: OnceLock<[Vec<(u8, u16)>; 64]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t: [Vec<(u8, u16)>; 64] = std::array::from_fn(|_| Vec::new());
        for (i, inst) in layout().0.iter().enumerate() {
            let n = inst.squares.len();
            for (k, &q) in inst.squares.iter().enumerate() {
                t[q].push((i as u8, 3u16.pow((n - 1 - k) as u32)));
            }
        }
        t
    })
}

/// The weights with each pattern configuration's digits 1 and 2 swapped: the value
/// of a configuration read from Black's view when White is to move.
fn white_weights() -> Option<&'static [i16]> {
    static W: OnceLock<Option<Vec<i16>>> = OnceLock::new();
    W.get_or_init(|| {
        let w = ply_weights()?;
        let size = stage_size();
        // Where each entry of a set reads from: its configuration with the digits 1
        // and 2 swapped (the mobility and constant entries stay).
        let mut from: Vec<u32> = (0..size as u32).collect();
        let mut offset = 0;
        for squares in PATTERNS {
            let n = 3usize.pow(squares.len() as u32);
            for i in 0..n {
                let (mut x, mut y, mut pow) = (i, 0, 1);
                while x > 0 {
                    y += [0, 2, 1][x % 3] * pow;
                    x /= 3;
                    pow *= 3;
                }
                from[offset + i] = (offset + y) as u32;
            }
            offset += n;
        }
        let mut out = vec![0i16; w.len()];
        for (dst, src) in out.chunks_exact_mut(size).zip(w.chunks_exact(size)) {
            for (d, &f) in dst.iter_mut().zip(&from) {
                *d = src[f as usize];
            }
        }
        Some(out)
    })
    .as_deref()
}

/// Builds the tables outside any timed search.
pub fn init() {
    let _ = white_weights();
    let _ = square_terms();
    let _ = square_instances();
    let _ = square_deltas();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::pattern::evaluate;

    /// One of the moves of `mp`, drawn from `seed`.
    fn random_move(mp: u64, seed: &mut u64) -> usize {
        let k = crate::games::splitmix64(seed) % u64::from(mp.count_ones());
        let mut m = mp;
        for _ in 0..k {
            m &= m - 1;
        }
        m.trailing_zeros() as usize
    }

    #[test]
    fn incremental_indices_give_the_full_evaluation() {
        use crate::games::reversi::{bit, flips, moves};
        let mut seed = 11;
        for _ in 0..40 {
            let (mut black, mut white) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut ix = Indices::new(black, white);
            let mut black_to_move = true;
            loop {
                let (p, o) = if black_to_move {
                    (black, white)
                } else {
                    (white, black)
                };
                let (mp, mo) = (moves(p, o), moves(o, p));
                let empties = (!(p | o)).count_ones();
                assert_eq!(
                    ix.evaluate(black_to_move, empties, mp.count_ones(), mo.count_ones()),
                    evaluate(p, o)
                );
                if mp == 0 {
                    if mo == 0 {
                        break;
                    }
                    black_to_move = !black_to_move;
                    continue;
                }
                let sq = random_move(mp, &mut seed);
                let f = flips(p, o, sq);
                ix.play(sq, f, black_to_move);
                let (np, no) = (p | f | bit(sq), o & !f);
                (black, white) = if black_to_move { (np, no) } else { (no, np) };
                assert_eq!(ix, Indices::new(black, white));
                black_to_move = !black_to_move;
            }
        }
    }

    #[test]
    fn leaves_value_every_child_as_the_full_evaluation() {
        use crate::games::reversi::{bit, flips, moves};
        let mut seed = 13;
        let mut checked = 0;
        for _ in 0..40 {
            let (mut black, mut white) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut black_to_move = true;
            loop {
                let (p, o) = if black_to_move {
                    (black, white)
                } else {
                    (white, black)
                };
                let mp = moves(p, o);
                if mp == 0 {
                    if moves(o, p) == 0 {
                        break;
                    }
                    black_to_move = !black_to_move;
                    continue;
                }
                let ix = Indices::new(black, white);
                let empties = (!(p | o)).count_ones() - 1;
                let leaves = ix.leaves(!black_to_move, empties).expect("trained");
                let mut m = mp;
                while m != 0 {
                    let sq = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let f = flips(p, o, sq);
                    let mut child = ix;
                    child.play(sq, f, black_to_move);
                    let (np, no) = (o & !f, p | f | bit(sq));
                    let (cm, co) = (moves(np, no).count_ones(), moves(no, np).count_ones());
                    assert_eq!(
                        leaves.evaluate(&child, touched(sq, f), cm, co),
                        child.evaluate(!black_to_move, empties, cm, co)
                    );
                    checked += 1;
                }
                let sq = random_move(mp, &mut seed);
                let f = flips(p, o, sq);
                let (np, no) = (p | f | bit(sq), o & !f);
                (black, white) = if black_to_move { (np, no) } else { (no, np) };
                black_to_move = !black_to_move;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
