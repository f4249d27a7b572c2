//! Stable discs: discs that no sequence of moves can flip any more. The evaluation
//! scores them ([`super::eval`]) and the endgame solver cuts with them
//! ([`super::endgame`]); both use this module, which imports neither.
//!
//! - Edges: a table over every configuration of an 8-square edge of the discs no
//!   sequence of moves along that edge can flip ([`edge_stable_line`]).
//! - Whole board ([`stable_discs`]): edge-stable discs, discs on four full lines, and
//!   inner discs held in every direction by a full line or a stable neighbour.

use std::sync::OnceLock;

/// Builds the tables (the edge table and the diagonal masks) ahead of a timed search.
pub fn init() {
    let _ = edge_stable_table();
}

/// `EDGE_STABLE[p * 256 + o]`: the discs of `p` on an 8-square edge that no sequence
/// of moves along that edge can flip.
fn edge_stable_table() -> &'static [u8] {
    static T: OnceLock<Vec<u8>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = vec![0u8; 65536];
        // Configurations by number of filled squares, fullest first, so every child
        // (one more disc) is known.
        let mut by_filled: Vec<Vec<(u8, u8)>> = vec![Vec::new(); 9];
        for p in 0..256u32 {
            for o in 0..256u32 {
                if p & o == 0 {
                    by_filled[(p | o).count_ones() as usize].push((p as u8, o as u8));
                }
            }
        }
        for filled in (0..=8).rev() {
            for &(p, o) in &by_filled[filled] {
                let mut stable = p;
                let empty = !(p | o);
                for x in 0..8 {
                    let b = 1u8 << x;
                    if empty & b == 0 {
                        continue;
                    }
                    // p plays x, then o plays x.
                    let f = line_flips(p, o, x);
                    stable &= t[((p | b | f) as usize) << 8 | (o & !f) as usize];
                    let f = line_flips(o, p, x);
                    stable &= t[((p & !f) as usize) << 8 | (o | b | f) as usize];
                }
                t[(p as usize) << 8 | o as usize] = stable;
            }
        }
        t
    })
}

/// The discs of `p` on an edge line (`p`, `o` as bytes, bit `i` = square `i` of the
/// line) that no sequence of moves along the edge can flip.
#[inline]
pub fn edge_stable_line(p: u8, o: u8) -> u8 {
    edge_stable_table()[(p as usize) << 8 | o as usize]
}

/// Flips along one 8-square line when `p` plays on `x`.
fn line_flips(p: u8, o: u8, x: u32) -> u8 {
    let mut out = 0;
    for dir in [-1i32, 1] {
        let mut f = 0u8;
        let mut i = x as i32 + dir;
        while (0..8).contains(&i) && o & (1 << i) != 0 {
            f |= 1 << i;
            i += dir;
        }
        if (0..8).contains(&i) && p & (1 << i) != 0 {
            out |= f;
        }
    }
    out
}

/// Packs the a file (bits 0, 8, .., 56) into a byte (row `y` -> bit `y`).
#[inline]
fn pack_a_file(b: u64) -> usize {
    ((b & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// Spreads a byte onto the a file (bit `y` -> square `8 * y`).
#[inline]
fn unpack_a_file(v: u8) -> u64 {
    /// The a-file pattern of every byte, built at compile time.
    const T: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut v = 0;
        while v < 256 {
            let mut y = 0;
            while y < 8 {
                if v & (1 << y) != 0 {
                    t[v] |= 1 << (8 * y);
                }
                y += 1;
            }
            v += 1;
        }
        t
    };
    T[v as usize]
}

/// Discs of `p` that can never be flipped along an edge.
fn edge_stable(p: u64, o: u64) -> u64 {
    let t = edge_stable_table();
    let row1 = t[((p & 0xff) as usize) << 8 | (o & 0xff) as usize] as u64;
    let row8 = (t[((p >> 56) as usize) << 8 | (o >> 56) as usize] as u64) << 56;
    let fa = unpack_a_file(t[pack_a_file(p) << 8 | pack_a_file(o)]);
    let fh = unpack_a_file(t[pack_a_file(p >> 7) << 8 | pack_a_file(o >> 7)]) << 7;
    row1 | row8 | fa | fh
}

/// Full lines through each square: [horizontal, vertical, diagonal, anti-diagonal]
/// (the diagonals by shifts that stop at the board's edge, as Edax does).
#[inline]
fn full_lines(occ: u64) -> [u64; 4] {
    let mut h = occ;
    h &= h >> 4;
    h &= h >> 2;
    h &= h >> 1;
    let h = (h & 0x0101_0101_0101_0101).wrapping_mul(0xff);
    let mut v = occ;
    v &= v >> 32;
    v &= v >> 16;
    v &= v >> 8;
    let v = (v & 0xff).wrapping_mul(0x0101_0101_0101_0101);
    // a1-h8 direction (shift 9): a line is full when no empty square is reached by
    // shifting either way up to the board's edge.
    let (mut l, mut r) = (occ, occ);
    l &= 0xff80_8080_8080_8080 | (l >> 9);
    r &= 0x0101_0101_0101_01ff | (r << 9);
    l &= 0xffff_c0c0_c0c0_c0c0 | (l >> 18);
    r &= 0x0303_0303_0303_ffff | (r << 18);
    let d = l & r & (0x0f0f_0f0f_f0f0_f0f0 | (l >> 36) | (r << 36));
    // h1-a8 direction (shift 7).
    let (mut l, mut r) = (occ, occ);
    l &= 0xff01_0101_0101_0101 | (l >> 7);
    r &= 0x8080_8080_8080_80ff | (r << 7);
    l &= 0xffff_0303_0303_0303 | (l >> 14);
    r &= 0xc0c0_c0c0_c0c0_ffff | (r << 14);
    l &= 0xffff_ffff_0f0f_0f0f | (l >> 28);
    r &= 0xf0f0_f0f0_ffff_ffff | (r << 28);
    let a = l & r;
    [h, v, d, a]
}

/// A lower bound of the discs of `p` that stay `p`'s to the end: edge-stable discs,
/// discs on four full lines, and inner discs held in every direction by a full line
/// or a stable neighbour.
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let full = full_lines(p | o);
    let mut stable = edge_stable(p, o) | (p & full[0] & full[1] & full[2] & full[3]);
    if stable == 0 {
        return 0;
    }
    let inner = p & 0x007e_7e7e_7e7e_7e00;
    loop {
        let old = stable;
        let h = (stable >> 1) | (stable << 1) | full[0];
        let v = (stable >> 8) | (stable << 8) | full[1];
        let d = (stable >> 9) | (stable << 9) | full[2];
        let a = (stable >> 7) | (stable << 7) | full[3];
        stable |= h & v & d & a & inner;
        if stable == old {
            return stable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_position;
    use super::super::{flips, moves};
    use super::*;
    use crate::games::reversi::bit;

    #[test]
    fn stable_discs_are_never_flipped() {
        let mut seed = 11;
        for i in 0..200 {
            let (p, o) = random_position(&mut seed, 30 + i % 30);
            let s = stable_discs(p, o);
            assert_eq!(s & !p, 0);
            // Every reply of either side keeps them.
            let mut m = moves(o, p);
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                assert_eq!(flips(o, p, sq) & s, 0, "{p:#x} {o:#x} {sq}");
            }
        }
        // A full corner row is stable.
        assert_eq!(stable_discs(0xff, 0xff00) & 0xff, 0xff);
    }

    /// The full lines by the masks of every line, square by square.
    fn full_lines_by_masks(occ: u64) -> [u64; 4] {
        let mut lines = [[0u64; 15]; 4];
        for y in 0..8 {
            for x in 0..8 {
                let b = bit(8 * y + x);
                lines[0][y] |= b;
                lines[1][x] |= b;
                lines[2][7 + x - y] |= b;
                lines[3][x + y] |= b;
            }
        }
        lines.map(|ms| {
            ms.iter()
                .filter(|&&m| m != 0 && occ & m == m)
                .fold(0, |a, &m| a | m)
        })
    }

    #[test]
    fn full_lines_match_the_line_masks() {
        let mut seed = 5;
        for i in 0..2000 {
            let (p, o) = random_position(&mut seed, 1 + i % 63);
            let occ = p | o;
            assert_eq!(full_lines(occ), full_lines_by_masks(occ), "{occ:#x}");
        }
        for occ in [
            0,
            u64::MAX,
            0x8040_2010_0804_0201,
            0x0102_0408_1020_4080,
            0xff,
        ] {
            assert_eq!(full_lines(occ), full_lines_by_masks(occ), "{occ:#x}");
        }
    }

    #[test]
    fn file_packing_round_trips() {
        for v in 0..=255u8 {
            assert_eq!(pack_a_file(unpack_a_file(v)), v as usize);
        }
    }
}
