//! A trained pattern evaluation (Edax's pattern set): the value of a position is the
//! sum of one weight per pattern instance, looked up by the instance's configuration
//! (each square empty, the mover's or the opponent's: a base-3 index), plus a weight
//! for each side's number of legal moves and a constant, in one weight set per stage
//! of the game (by empties: 0-9, every four empties to 53, then 54-60), blended at
//! start-up into one set per number of empties, linearly between the two stages
//! whose middles surround it ([`SETS`]), so that the value does not jump at a
//! stage's edge.
//!
//! The weights (`weights.bin`, rebuilt by `scripts/train-reversi-eval.sh`) are in 1/100
//! of a disc ([`super::eval::DISC`]). Those of 0 to 21 empties are fitted by least
//! squares to the exact final scores of positions from self-played games
//! (`reversi_train gen`/`train`, trainers/); the later stages are fitted stage by
//! stage back to the start, to the values of searches whose leaves lie in the stages
//! already fitted (`boot`), then those of 22-53 empties refitted to ply's own
//! self-played games, half to their exact outcomes and half to the searched values
//! (`selfplay`, `train --lambda 0.5`); those of 10 to 21 empties were then refitted to
//! the exact scores of positions from noisy continuations of ply's own close games
//! (`branch`, `train --classes --keep-best`), and those of 14 to 25 empties last to
//! the exact scores of positions from ply's own depth-10 games without random moves
//! (`selfplay --label-to`). The search evaluates with them from indices kept up to
//! date move by move ([`super::indices::Indices`]); the endgame solver orders its
//! moves with them.

use std::sync::OnceLock;

/// The patterns, as squares of one instance (`a1` = 0, `h1` = 7, `a8` = 56); the
/// other instances are its images under the board's symmetries.
pub const PATTERNS: [&[usize]; 11] = [
    // corner 3x3: a1 b1 c1 a2 b2 c2 a3 b3 c3
    &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    // corner 2x5: a1 b1 c1 d1 e1 a2 b2 c2 d2 e2
    &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
    // edge with both X squares: b2 a1 b1 c1 d1 e1 f1 g1 h1 g2
    &[9, 0, 1, 2, 3, 4, 5, 6, 7, 14],
    // the second, third and fourth lines
    &[8, 9, 10, 11, 12, 13, 14, 15],
    &[16, 17, 18, 19, 20, 21, 22, 23],
    &[24, 25, 26, 27, 28, 29, 30, 31],
    // diagonals of 8, 7, 6, 5 and 4 squares
    &[0, 9, 18, 27, 36, 45, 54, 63],
    &[1, 10, 19, 28, 37, 46, 55],
    &[2, 11, 20, 29, 38, 47],
    &[3, 12, 21, 30, 39],
    &[4, 13, 22, 31],
];

/// Number of weight sets (stages of the game).
pub const STAGES: usize = 13;

/// The stage of a position with `empties` empty squares: 0-9, then every four
/// empties up to 53, then 54-60.
#[inline]
pub fn stage(empties: u32) -> usize {
    match empties {
        0..=9 => 0,
        10..=53 => (empties as usize - 10) / 4 + 1,
        _ => STAGES - 1,
    }
}

/// The empties a stage covers (inclusive), for training.
pub fn stage_range(s: usize) -> (u32, u32) {
    match s {
        0 => (0, 9),
        s if s + 1 >= STAGES => (54, 60),
        s => (10 + 4 * (s as u32 - 1), 13 + 4 * (s as u32 - 1)),
    }
}

/// The 8 symmetries of the board applied to a square.
fn symmetric(sq: usize, s: usize) -> usize {
    let (x, y) = (sq % 8, sq / 8);
    let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    let x = if s & 1 != 0 { 7 - x } else { x };
    let y = if s & 2 != 0 { 7 - y } else { y };
    y * 8 + x
}

/// One pattern instance: its pattern, the offset of its pattern's weights in a stage's
/// weight set, and its squares (most significant base-3 digit first).
#[derive(Clone, Debug)]
pub struct Instance {
    pub pattern: usize,
    pub offset: usize,
    pub squares: Vec<usize>,
}

/// Size of one stage's weight set (every pattern's table, then a constant).
pub fn stage_size() -> usize {
    layout().1
}

/// The instances of every pattern (images with the same set of squares as an earlier
/// one are left out) and the size of one stage's weight set.
pub fn layout() -> &'static (Vec<Instance>, usize) {
    static T: OnceLock<(Vec<Instance>, usize)> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Vec::new();
        let mut offset = 0;
        for (pattern, squares) in PATTERNS.iter().enumerate() {
            let mut seen: Vec<u64> = Vec::new();
            for s in 0..8 {
                let image: Vec<usize> = squares.iter().map(|&q| symmetric(q, s)).collect();
                let set = image.iter().fold(0u64, |m, &q| m | 1 << q);
                if !seen.contains(&set) {
                    seen.push(set);
                    out.push(Instance {
                        pattern,
                        offset,
                        squares: image,
                    });
                }
            }
            offset += 3usize.pow(squares.len() as u32);
        }
        // Then the mobility tables ([`MOBILITY`] each for the mover and the opponent)
        // and a constant per stage.
        (out, offset + 2 * MOBILITY + 1)
    })
}

/// For every index of a stage's weight set, the smallest index that must hold the
/// same value: a pattern that a symmetry of the board maps onto its own squares (a
/// line read backwards, the 3x3 corner across its diagonal) sees one configuration
/// under two indices. `reversi_train --classes` fits one weight per class.
pub fn canonical() -> &'static [u32] {
    static T: OnceLock<Vec<u32>> = OnceLock::new();
    T.get_or_init(|| {
        let size = stage_size();
        let mut out: Vec<u32> = (0..size as u32).collect();
        let mut offset = 0;
        for squares in PATTERNS {
            let n = squares.len();
            // Each self-symmetry as a permutation of the pattern's positions.
            let perms: Vec<Vec<usize>> = (0..8)
                .filter_map(|s| {
                    let image: Vec<usize> = squares.iter().map(|&q| symmetric(q, s)).collect();
                    image
                        .iter()
                        .map(|q| squares.iter().position(|x| x == q))
                        .collect()
                })
                .collect();
            let count = 3usize.pow(n as u32);
            for c in 0..count {
                let digits: Vec<usize> = (0..n)
                    .map(|i| c / 3usize.pow((n - 1 - i) as u32) % 3)
                    .collect();
                let best = perms
                    .iter()
                    .map(|perm| {
                        let mut moved = vec![0; n];
                        for (i, &j) in perm.iter().enumerate() {
                            moved[j] = digits[i];
                        }
                        moved.iter().fold(0, |x, &d| x * 3 + d)
                    })
                    .min()
                    .unwrap_or(c);
                out[offset + c] = (offset + best) as u32;
            }
            offset += count;
        }
        out
    })
}

/// Entries of a mobility table (legal moves, at most `MOBILITY - 1` counted).
pub const MOBILITY: usize = 32;

/// The base-3 index of an instance: 0 empty, 1 the mover's, 2 the opponent's.
#[inline]
pub fn index(p: u64, o: u64, squares: &[usize]) -> usize {
    squares.iter().fold(0, |i, &q| {
        i * 3 + ((p >> q) & 1) as usize + 2 * ((o >> q) & 1) as usize
    })
}

/// The weight indices (within a stage's set) that make up the value of `p` to move
/// against `o`, the constant last.
pub fn features(p: u64, o: u64, out: &mut Vec<u32>) {
    out.clear();
    let (instances, size) = layout();
    for inst in instances {
        out.push((inst.offset + index(p, o, &inst.squares)) as u32);
    }
    let (a, b) = mobility_indices(p, o, *size);
    out.push(a as u32);
    out.push(b as u32);
    out.push(*size as u32 - 1);
}

/// The weight indices of the mover's and the opponent's mobility.
#[inline(always)]
fn mobility_indices(p: u64, o: u64, size: usize) -> (usize, usize) {
    let base = size - 1 - 2 * MOBILITY;
    let mp = (super::moves(p, o).count_ones() as usize).min(MOBILITY - 1);
    let mo = (super::moves(o, p).count_ones() as usize).min(MOBILITY - 1);
    (base + mp, base + MOBILITY + mo)
}

/// The trained weights (little-endian i16, [`STAGES`] sets of [`stage_size`]).
static WEIGHT_BYTES: &[u8] = include_bytes!("weights.bin");

/// Whether the weight file has the size of [`STAGES`] sets (else: untrained).
fn has_weights() -> bool {
    WEIGHT_BYTES.len() == 2 * STAGES * stage_size()
}

/// The weights as i16, or `None` when the file has the wrong size (untrained). Made
/// anew at each call and dropped after use: only the blended sets built from them stay.
fn weights() -> Option<Vec<i16>> {
    has_weights().then(|| {
        WEIGHT_BYTES
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect()
    })
}

/// Weight sets per number of empties (0 to 60), each blended linearly from the
/// two stages whose middles lie on either side of it (a stage's middle: 4.5 for
/// 0-9, 57 for 54-60, else the middle of its four empties), so that the value does
/// not jump where one stage ends and the next begins.
pub const SETS: usize = 61;

/// Twice the middle of stage `s`'s empties.
fn stage_middle2(s: usize) -> i32 {
    let (lo, hi) = stage_range(s);
    (lo + hi) as i32
}

/// The two stages whose weights make up the set of `empties` and the share of each
/// (the same stage twice, all its own, at the ends): each stage weighs by how near
/// `empties` is to its middle.
pub fn blend(empties: u32) -> [(usize, f32); 2] {
    let e2 = 2 * empties.min(SETS as u32 - 1) as i32;
    let s = stage(empties);
    let (a, b) = if e2 < stage_middle2(s) {
        (s.saturating_sub(1), s)
    } else {
        (s, (s + 1).min(STAGES - 1))
    };
    let (ma, mb) = (stage_middle2(a), stage_middle2(b));
    // ma <= e2 < mb.
    let (wa, wb) = if a == b { (1, 0) } else { (mb - e2, e2 - ma) };
    let total = (wa + wb) as f32;
    [(a, wa as f32 / total), (b, wb as f32 / total)]
}

/// `x` rounded half away from zero, saturated to `i16`: what `x.round() as i16`
/// gives, without a library call per entry (below 2^14 in size `x + 0.5` is exact;
/// above it only a sum past an integer can round, and past 2^15 both saturate).
#[inline(always)]
fn round_half_away(x: f32) -> i16 {
    (x + 0.5f32.copysign(x)) as i16
}

/// The blended weight sets ([`SETS`] of [`stage_size`]; `None` when untrained).
pub(super) fn ply_weights() -> Option<&'static [i16]> {
    static W: OnceLock<Option<Vec<i16>>> = OnceLock::new();
    W.get_or_init(|| {
        let w = weights()?;
        let size = stage_size();
        let mut out = vec![0i16; SETS * size];
        for e in 0..SETS {
            let [(a, fa), (b, fb)] = blend(e as u32);
            let (sa, sb) = (&w[a * size..(a + 1) * size], &w[b * size..(b + 1) * size]);
            let dst = out[e * size..(e + 1) * size].iter_mut();
            for (x, (&u, &v)) in dst.zip(sa.iter().zip(sb)) {
                *x = round_half_away(fa * f32::from(u) + fb * f32::from(v));
            }
        }
        Some(out)
    })
    .as_deref()
}

/// Whether trained weights are built in.
pub fn trained() -> bool {
    has_weights()
}

/// Builds the tables outside any timed search.
pub fn init() {
    let _ = layout();
    let _ = flat();
    let _ = pext_tables();
    let _ = ply_weights();
    super::indices::init();
}

/// The weight set of the position's stage and the value of its mobility and
/// constant terms (`None` when untrained): what [`evaluate`] and [`evaluate_pext`]
/// add the instances' weights to.
#[inline(always)]
fn stage_set(p: u64, o: u64) -> Option<(&'static [i16], i32)> {
    let w = ply_weights()?;
    let size = stage_size();
    let base = ((!(p | o)).count_ones() as usize).min(SETS - 1) * size;
    let set = &w[base..base + size];
    let (a, b) = mobility_indices(p, o, size);
    Some((set, set[size - 1] as i32 + set[a] as i32 + set[b] as i32))
}

/// The pattern value of `p` to move against `o` in 1/100 disc (0 when untrained).
#[inline(always)]
pub fn evaluate(p: u64, o: u64) -> i32 {
    let Some((set, mut v)) = stage_set(p, o) else {
        return 0;
    };
    // Each square's digit once, then every instance reads its squares' digits.
    let mut cell = [0u8; 64];
    for (q, c) in cell.iter_mut().enumerate() {
        *c = ((p >> q) & 1) as u8 + 2 * ((o >> q) & 1) as u8;
    }
    for inst in flat() {
        let i = inst.squares[..inst.len as usize]
            .iter()
            .fold(0u32, |i, &q| i * 3 + cell[q as usize & 63] as u32);
        v += set[inst.offset as usize + i as usize] as i32;
    }
    v
}

/// [`evaluate`] with each instance's configuration read by BMI2's `pext`: the
/// instance's discs of each side gathered into a few bits, then a table per instance
/// turns those bits into base-3 digits in the instance's own order. Same value as
/// [`evaluate`].
///
/// # Safety
///
/// Only on a CPU with BMI2 and popcnt ([`super::cpu::fast_pext`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
#[inline]
pub fn evaluate_pext(p: u64, o: u64) -> i32 {
    use std::arch::x86_64::_pext_u64;
    let Some((set, mut v)) = stage_set(p, o) else {
        return 0;
    };
    let (instances, digits) = pext_tables();
    for inst in instances {
        let t = &digits[inst.table as usize..];
        let i = t[_pext_u64(p, inst.mask) as usize & 1023] as usize
            + 2 * t[_pext_u64(o, inst.mask) as usize & 1023] as usize;
        v += set[inst.offset as usize + i] as i32;
    }
    v
}

/// An instance for [`evaluate_pext`]: its squares, its weights' offset and where its
/// bits-to-digits table starts.
struct PextInstance {
    mask: u64,
    offset: u32,
    table: u32,
}

/// The instances for [`evaluate_pext`] and their tables: entry `b` of an instance's
/// table (1024 entries, bit `j` of `b` = its `j`-th square in board order) is the
/// base-3 index with digit 1 on those squares.
fn pext_tables() -> &'static (Vec<PextInstance>, Vec<u16>) {
    static T: OnceLock<(Vec<PextInstance>, Vec<u16>)> = OnceLock::new();
    T.get_or_init(|| {
        let mut instances = Vec::new();
        let mut digits = Vec::new();
        for inst in &layout().0 {
            let n = inst.squares.len();
            let mut sorted = inst.squares.clone();
            sorted.sort_unstable();
            let table = digits.len() as u32;
            for b in 0..1024usize {
                let mut i = 0u32;
                for (j, q) in sorted.iter().enumerate() {
                    if b >> j & 1 != 0 {
                        let k = inst.squares.iter().position(|x| x == q).unwrap_or(0);
                        i += 3u32.pow((n - 1 - k) as u32);
                    }
                }
                digits.push(i as u16);
            }
            instances.push(PextInstance {
                mask: sorted.iter().fold(0, |m, &q| m | 1 << q),
                offset: inst.offset as u32,
                table,
            });
        }
        (instances, digits)
    })
}

/// Number of pattern instances (see [`layout`]).
pub const INSTANCES: usize = 46;

/// An [`Instance`] packed for [`evaluate`].
pub(super) struct FlatInstance {
    pub(super) offset: u32,
    len: u8,
    squares: [u8; 10],
}

pub(super) fn flat() -> &'static [FlatInstance] {
    static T: OnceLock<Vec<FlatInstance>> = OnceLock::new();
    T.get_or_init(|| {
        layout()
            .0
            .iter()
            .map(|inst| {
                let mut squares = [0u8; 10];
                for (d, &q) in squares.iter_mut().zip(&inst.squares) {
                    *d = q as u8;
                }
                FlatInstance {
                    offset: inst.offset as u32,
                    len: inst.squares.len() as u8,
                    squares,
                }
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_has_edax_s_46_instances() {
        let (instances, size) = layout();
        assert_eq!(instances.len(), INSTANCES);
        assert_eq!(*size, 167_265 + 2 * MOBILITY + 1);
        for inst in instances {
            assert_eq!(inst.squares.len(), PATTERNS[inst.pattern].len());
        }
    }

    #[test]
    fn the_blended_sets_round_as_f32_round_does() {
        for x in [
            0.0f32, -0.0, 0.49, 0.5, -0.5, 2.5, -2.5, 1e9, -1e9, 32767.5, -32768.5,
        ] {
            assert_eq!(round_half_away(x), x.round() as i16, "{x}");
        }
        let (Some(w), Some(out)) = (weights(), ply_weights()) else {
            return;
        };
        let size = stage_size();
        for e in 0..SETS {
            let [(a, fa), (b, fb)] = blend(e as u32);
            for i in 0..size {
                let (u, v) = (f32::from(w[a * size + i]), f32::from(w[b * size + i]));
                let x = fa * u + fb * v;
                assert_eq!(
                    out[e * size + i],
                    x.round() as i16,
                    "set {e} entry {i}: {x}"
                );
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_pext_evaluation_equals_the_plain_one() {
        if !crate::games::reversi::cpu::fast_pext() {
            return;
        }
        let mut seed = 11;
        for _ in 0..2000 {
            let a = crate::games::splitmix64(&mut seed);
            let b = crate::games::splitmix64(&mut seed) & !a;
            // SAFETY: fast_pext() said the CPU has the features.
            let v = unsafe { evaluate_pext(a, b) };
            assert_eq!(v, evaluate(a, b));
        }
    }

    #[test]
    fn blended_sets_lie_between_their_stages() {
        let w = weights().expect("trained");
        let (w, b) = (w.as_slice(), ply_weights().expect("trained"));
        let size = stage_size();
        fn set(t: &[i16], k: usize) -> &[i16] {
            let size = stage_size();
            &t[k * size..(k + 1) * size]
        }
        // At or past the middle of the first and last stage: that stage alone.
        assert_eq!(set(b, 4), set(w, 0));
        assert_eq!(set(b, 57), set(w, STAGES - 1));
        assert_eq!(set(b, 60), set(w, STAGES - 1));
        // 24 empties: a quarter of the way from 22-25's middle (23.5) to 26-29's.
        let (s4, s5, e24) = (set(w, 4), set(w, 5), set(b, 24));
        for i in 0..size {
            let want = (7.0 * f32::from(s4[i]) + f32::from(s5[i])) / 8.0;
            assert!((f32::from(e24[i]) - want).abs() <= 0.5, "entry {i}");
        }
        // Every blended entry lies between those of the stages around it.
        for e in 0..SETS {
            let s = stage(e as u32);
            let lo = s.saturating_sub(1);
            let hi = (s + 1).min(STAGES - 1);
            for (i, &x) in set(b, e).iter().enumerate() {
                let near = [set(w, lo)[i], set(w, s)[i], set(w, hi)[i]];
                let (min, max) = (near.iter().min(), near.iter().max());
                assert!(min <= Some(&x) && Some(&x) <= max, "{e} empties, entry {i}");
            }
        }
    }

    #[test]
    fn blend_shares_add_up_and_follow_the_stage_middles() {
        for e in 0..SETS as u32 {
            let [(a, fa), (b, fb)] = blend(e);
            assert!((fa + fb - 1.0).abs() < 1e-6, "{e} empties");
            assert!(a == b || a + 1 == b, "{e} empties: stages {a} and {b}");
            assert!(a == stage(e) || b == stage(e), "{e} empties");
        }
        // 22-25's middle is 23.5: 23 and 24 empties lean on it 7 to 1.
        assert_eq!(blend(23), [(3, 0.125), (4, 0.875)]);
        assert_eq!(blend(24), [(4, 0.875), (5, 0.125)]);
        // Up to the first stage's middle (4.5) and from the last one's (57): alone.
        assert_eq!(blend(0), [(0, 1.0), (0, 0.0)]);
        assert_eq!(blend(60), [(12, 1.0), (12, 0.0)]);
    }

    #[test]
    fn indices_read_the_squares_in_base_3() {
        // a1 mine, b1 the opponent's, the rest empty: 1 * 3^8 + 2 * 3^7.
        assert_eq!(index(1, 2, PATTERNS[0]), 3usize.pow(8) + 2 * 3usize.pow(7));
    }

    #[test]
    fn evaluate_sums_the_weights_of_the_features() {
        let w = ply_weights().expect("trained");
        let size = stage_size();
        let mut seed = 5;
        let mut f = Vec::new();
        for _ in 0..500 {
            let a = crate::games::splitmix64(&mut seed);
            let b = crate::games::splitmix64(&mut seed);
            let (p, o) = (a & !b, b & !a & crate::games::splitmix64(&mut seed));
            features(p, o, &mut f);
            let base = (!(p | o)).count_ones() as usize * size;
            let sum: i32 = f.iter().map(|&i| w[base + i as usize] as i32).sum();
            assert_eq!(evaluate(p, o), sum);
        }
    }

    #[test]
    fn symmetric_boards_have_the_same_canonical_features() {
        let canon = canonical();
        let mirror = |b: u64, s: usize| {
            (0..64)
                .filter(|&q| b >> q & 1 != 0)
                .fold(0u64, |m, q| m | 1 << symmetric(q, s))
        };
        let mut seed = 7;
        let (mut f, mut g) = (Vec::new(), Vec::new());
        let mut merged = 0;
        for _ in 0..300 {
            let a = crate::games::splitmix64(&mut seed);
            let b = crate::games::splitmix64(&mut seed);
            let (p, o) = (a & !b, b & !a & crate::games::splitmix64(&mut seed));
            features(p, o, &mut f);
            let mut x: Vec<u32> = f.iter().map(|&i| canon[i as usize]).collect();
            x.sort_unstable();
            merged += f.iter().filter(|&&i| canon[i as usize] != i).count();
            for s in 1..8 {
                features(mirror(p, s), mirror(o, s), &mut g);
                let mut y: Vec<u32> = g.iter().map(|&i| canon[i as usize]).collect();
                y.sort_unstable();
                assert_eq!(x, y, "symmetry {s}");
            }
        }
        // Without the classes the line patterns would differ under a mirror.
        assert!(merged > 0);
        // A class's representative is its own.
        assert!(canon.iter().all(|&c| canon[c as usize] == c));
    }

    #[test]
    fn built_in_weights_are_trained() {
        assert!(
            trained(),
            "src/games/reversi/weights.bin has the wrong size"
        );
    }
}
