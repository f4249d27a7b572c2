//! Bitboards: the masks, move generation, flips, the final score, square names and
//! Zobrist keys.

use super::super::{splitmix64, Color, Move};

/// Every square but the a file (x = 0).
pub const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but the h file (x = 7).
pub const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The bit of square `sq`.
#[inline(always)]
pub fn bit(sq: usize) -> u64 {
    1u64 << sq
}

/// One step in each of the 8 directions (with the masks that stop wrapping).
#[inline(always)]
fn shift_all(b: u64) -> [u64; 8] {
    [
        (b << 1) & NOT_A, // east
        (b >> 1) & NOT_H, // west
        b << 8,           // south (toward row 8)
        b >> 8,           // north
        (b << 9) & NOT_A, // south-east
        (b << 7) & NOT_H, // south-west
        (b >> 7) & NOT_A, // north-east
        (b >> 9) & NOT_H, // north-west
    ]
}

/// The squares adjacent to any square of `b`.
#[inline(always)]
pub fn neighbours(b: u64) -> u64 {
    let s = shift_all(b);
    s[0] | s[1] | s[2] | s[3] | s[4] | s[5] | s[6] | s[7]
}

#[inline(always)]
fn moves_dir_left(p: u64, om: u64, s: u32) -> u64 {
    let mut f = om & (p << s);
    f |= om & (f << s);
    f |= om & (f << s);
    f |= om & (f << s);
    f |= om & (f << s);
    f |= om & (f << s);
    f << s
}

#[inline(always)]
fn moves_dir_right(p: u64, om: u64, s: u32) -> u64 {
    let mut f = om & (p >> s);
    f |= om & (f >> s);
    f |= om & (f >> s);
    f |= om & (f >> s);
    f |= om & (f >> s);
    f |= om & (f >> s);
    f >> s
}

/// The legal moves of the player with discs `p` against discs `o` (a bitboard).
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    // Opponent discs that a horizontal or diagonal line may cross (no wrap-around).
    let inner = o & 0x7e7e_7e7e_7e7e_7e7e;
    let m = moves_dir_left(p, inner, 1)
        | moves_dir_right(p, inner, 1)
        | moves_dir_left(p, o, 8)
        | moves_dir_right(p, o, 8)
        | moves_dir_left(p, inner, 7)
        | moves_dir_right(p, inner, 7)
        | moves_dir_left(p, inner, 9)
        | moves_dir_right(p, inner, 9);
    m & !(p | o)
}

/// `LINES[sq]`: the squares seen from `sq` in each direction, first the four that
/// go up the bit order (+1 east, +8 south, +9 south-east, +7 south-west), then the
/// four that go down (-1, -8, -9, -7).
pub(super) const LINES: [[u64; 8]; 64] = {
    let steps: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = steps[d];
            let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                t[sq][d] |= 1u64 << (y * 8 + x);
                x += dx;
                y += dy;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The discs flipped when the player with discs `p` plays on the empty square `sq`
/// against `o` (0 when the move is illegal).
///
/// Branch-free per direction: going up the bit order, adding the line's first bit to
/// `o | !line` carries through the run of opponent discs and stops on the first other
/// square (the outflank, if it is ours); going down, the outflank is the highest
/// square of the line that is not the opponent's.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let lines = &LINES[sq & 63];
    let mut f = 0;
    for &mask in &lines[..4] {
        let first = mask & mask.wrapping_neg();
        let outflank = (o | !mask).wrapping_add(first) & p & mask;
        f |= outflank.wrapping_sub((outflank != 0) as u64) & mask;
    }
    for &mask in &lines[4..] {
        let m = !o & mask;
        let top = ((1u64 << 63) >> (m.leading_zeros() & 63)) & m;
        let outflank = top & p;
        f |= (outflank << 1).wrapping_neg() & mask;
    }
    f
}

/// Final disc difference for the player with `p` against `o` at the end of the game:
/// empty squares go to the winner.
#[inline(always)]
pub fn final_score(p: u64, o: u64) -> i32 {
    let np = p.count_ones() as i32;
    let no = o.count_ones() as i32;
    let empties = 64 - np - no;
    let d = np - no;
    if d > 0 {
        d + empties
    } else if d < 0 {
        d - empties
    } else {
        0
    }
}

/// `a1`..`h8` (case-insensitive) to a square index; `pa`/`pass`/`--` is not a square.
pub fn parse_square(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let x = b[0].to_ascii_lowercase().wrapping_sub(b'a') as usize;
    let y = b[1].wrapping_sub(b'1') as usize;
    (x < 8 && y < 8).then_some(y * 8 + x)
}

/// `a1`-style name of a move (`PA` for a pass, `--` for none), upper case as in OBF.
pub fn move_name(mv: Move) -> String {
    match mv {
        Move::PASS => "PA".into(),
        Move::NONE => "--".into(),
        Move(i) if i < 64 => {
            format!("{}{}", (b'A' + (i % 8) as u8) as char, i / 8 + 1)
        }
        Move(i) => format!("?{i}"),
    }
}

/// Zobrist keys per (colour, byte of the bitboard, byte value): the XOR of the keys of
/// the squares set in that byte, so a key is 16 table look-ups.
pub(super) fn zobrist() -> &'static [[[u64; 256]; 8]; 2] {
    static KEYS: std::sync::OnceLock<Box<[[[u64; 256]; 8]; 2]>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut seed = 0x0e11_0e11_5eed_u64;
        let mut t = Box::new([[[0u64; 256]; 8]; 2]);
        for colour in t.iter_mut() {
            for byte in colour.iter_mut() {
                let sq: [u64; 8] = std::array::from_fn(|_| splitmix64(&mut seed));
                for (v, k) in byte.iter_mut().enumerate() {
                    *k = (0..8)
                        .filter(|b| v & (1 << b) != 0)
                        .fold(0, |acc, b| acc ^ sq[b]);
                }
            }
        }
        t
    })
}

pub(super) const SIDE_KEY: u64 = 0xd1b5_4a32_d192_ed03;

/// The Zobrist key of `black`/`white` discs with `side` to move.
pub fn zobrist_key(black: u64, white: u64, side: Color) -> u64 {
    let z = zobrist();
    let mut h = if side == Color::White { SIDE_KEY } else { 0 };
    for i in 0..8 {
        h ^= z[0][i][((black >> (8 * i)) & 0xff) as usize];
        h ^= z[1][i][((white >> (8 * i)) & 0xff) as usize];
    }
    h
}
