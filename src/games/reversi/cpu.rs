//! Which instruction set the hot reversi code runs on, chosen once at run time.
//!
//! The release build targets baseline x86-64 so that it runs on any x86-64 CPU. The
//! solver ([`super::endgame`]) and perft compile their recursive hot loops twice: the
//! portable way and, on x86-64, a copy with `#[target_feature(enable = "popcnt,
//! bmi1,bmi2,avx2,lzcnt")]` (x86-64-v3's bit instructions: one-instruction popcount,
//! tzcnt/lzcnt, shifts without flags, 256-bit vectors). [`fast_bits`] says whether
//! this CPU may run the second copy; only the compiler's own instruction choice
//! changes, except in the solver's pattern evaluation, which reads pattern
//! configurations with BMI2's `pext` where [`fast_pext`] says it is fast (not on AMD
//! CPUs before Zen 3, where it is microcoded).
//!
//! `PLY_PORTABLE=1` in the environment forces the portable copy (to compare the two).

use std::sync::OnceLock;

/// True when the x86-64-v3 copies of the hot loops may run here (x86-64 with popcnt,
/// BMI1, BMI2, AVX2 and LZCNT, and `PLY_PORTABLE` unset); always false elsewhere.
pub fn fast_bits() -> bool {
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| detect() && std::env::var_os("PLY_PORTABLE").is_none_or(|v| v == "0"))
}

/// True when [`fast_bits`] is and BMI2's `pext` is fast here: every x86-64-v3 CPU
/// but AMD's before Zen 3 (families 0x15-0x18 run `pext` in microcode, tens of
/// cycles). The pattern evaluation of the solver's move ordering uses it.
pub fn fast_pext() -> bool {
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| fast_bits() && !slow_pext())
}

#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    if !amd {
        return false;
    }
    let eax = __cpuid(1).eax;
    let family = ((eax >> 8) & 0xf)
        + if (eax >> 8) & 0xf == 0xf {
            (eax >> 20) & 0xff
        } else {
            0
        };
    family < 0x19
}

#[cfg(not(target_arch = "x86_64"))]
fn slow_pext() -> bool {
    true
}

#[cfg(target_arch = "x86_64")]
fn detect() -> bool {
    is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("lzcnt")
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> bool {
    false
}

/// The moves of `p` against `o` ([`super::moves`]) with the four directions in the
/// four 64-bit lanes of one AVX2 vector (shifts 1, 8, 9, 7 both ways, parallel
/// prefix over at most six opponent discs). Perft's x86-64-v3 copy uses it; the
/// solver does not, no faster there (see
/// docs/experiments/reversi-endgame.md#avx2-moves-in-the-solver).
///
/// # Safety
///
/// Only on a CPU with the features ([`fast_bits`] true).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
#[inline]
pub fn moves_v3(p: u64, o: u64) -> u64 {
    use std::arch::x86_64::*;
    const INNER: i64 = 0x7e7e_7e7e_7e7e_7e7e;
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(INNER, INNER, -1, INNER),
    );
    let sh = _mm256_set_epi64x(7, 9, 8, 1);
    let sh2 = _mm256_add_epi64(sh, sh);
    let mut fl = _mm256_and_si256(oo, _mm256_sllv_epi64(pp, sh));
    let mut fr = _mm256_and_si256(oo, _mm256_srlv_epi64(pp, sh));
    fl = _mm256_or_si256(fl, _mm256_and_si256(oo, _mm256_sllv_epi64(fl, sh)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(oo, _mm256_srlv_epi64(fr, sh)));
    let pre_l = _mm256_and_si256(oo, _mm256_sllv_epi64(oo, sh));
    let pre_r = _mm256_srlv_epi64(pre_l, sh);
    for _ in 0..2 {
        fl = _mm256_or_si256(fl, _mm256_and_si256(pre_l, _mm256_sllv_epi64(fl, sh2)));
        fr = _mm256_or_si256(fr, _mm256_and_si256(pre_r, _mm256_srlv_epi64(fr, sh2)));
    }
    let m = _mm256_or_si256(_mm256_sllv_epi64(fl, sh), _mm256_srlv_epi64(fr, sh));
    or_lanes(m) & !(p | o)
}

/// The discs `p` flips by playing on `sq` against `o` ([`super::flips`]) with the
/// four directions in the four lanes of one AVX2 vector: towards higher squares the
/// first disc that is not the opponent's (lowest bit) closes the run if it is ours;
/// towards lower squares the squares below any non-opponent disc are erased (a
/// smear by 1, 2 and 4 steps) so that only our nearest disc, moved one step back,
/// marks where the run starts.
///
/// # Safety
///
/// Only on a CPU with the features ([`fast_bits`] true).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
#[inline]
pub fn flips_v3(p: u64, o: u64, sq: usize) -> u64 {
    use std::arch::x86_64::*;
    let lines = &super::LINES[sq & 63];
    let zero = _mm256_setzero_si256();
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    // SAFETY: each half of a square's `[u64; 8]` is 32 readable bytes.
    let (up, down) = unsafe {
        (
            _mm256_loadu_si256(lines.as_ptr() as *const __m256i),
            _mm256_loadu_si256(lines.as_ptr().add(4) as *const __m256i),
        )
    };
    // Up: the lowest non-opponent square of each ray, if ours.
    let e = _mm256_andnot_si256(oo, up);
    let outflank = _mm256_and_si256(_mm256_and_si256(e, _mm256_sub_epi64(zero, e)), pp);
    let none = _mm256_cmpeq_epi64(outflank, zero);
    let below = _mm256_add_epi64(outflank, _mm256_set1_epi64x(-1));
    let f_up = _mm256_andnot_si256(none, _mm256_and_si256(below, up));
    // Down: erase below every non-opponent square, then our nearest disc one step up.
    let sh = _mm256_set_epi64x(7, 9, 8, 1);
    let mut eraser = _mm256_andnot_si256(oo, down);
    eraser = _mm256_or_si256(eraser, _mm256_srlv_epi64(eraser, sh));
    eraser = _mm256_or_si256(eraser, _mm256_srlv_epi64(eraser, _mm256_add_epi64(sh, sh)));
    eraser = _mm256_or_si256(
        eraser,
        _mm256_srlv_epi64(eraser, _mm256_slli_epi64::<2>(sh)),
    );
    let outflank = _mm256_andnot_si256(eraser, _mm256_sllv_epi64(_mm256_and_si256(pp, down), sh));
    let f_down = _mm256_and_si256(down, _mm256_sub_epi64(zero, outflank));
    let f = _mm256_or_si256(f_up, f_down);
    or_lanes(f)
}

/// The four 64-bit lanes of `v` or-ed together.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
#[inline]
fn or_lanes(v: std::arch::x86_64::__m256i) -> u64 {
    use std::arch::x86_64::*;
    let v = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    let v = _mm_or_si128(v, _mm_unpackhi_epi64(v, v));
    _mm_cvtsi128_si64(v) as u64
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    #[test]
    fn the_vector_flips_agree_with_the_portable_ones() {
        if !super::fast_bits() {
            return;
        }
        let mut seed = 23;
        for _ in 0..100_000 {
            let r = |s: &mut u64| crate::games::splitmix64(s);
            let a = r(&mut seed) & r(&mut seed);
            let b = r(&mut seed) & !a;
            let empty = !(a | b);
            if empty == 0 {
                continue;
            }
            let sq = (r(&mut seed) % 64) as usize;
            let sq = if empty >> sq & 1 != 0 {
                sq
            } else {
                empty.trailing_zeros() as usize
            };
            // SAFETY: fast_bits() said the CPU has the features.
            let v = unsafe { super::flips_v3(a, b, sq) };
            assert_eq!(
                v,
                crate::games::reversi::flips(a, b, sq),
                "{a:#x} {b:#x} {sq}"
            );
        }
    }

    #[test]
    fn the_vector_moves_agree_with_the_portable_ones() {
        if !super::fast_bits() {
            return;
        }
        let mut seed = 17;
        for _ in 0..100_000 {
            let r = |s: &mut u64| crate::games::splitmix64(s);
            let a = r(&mut seed) & r(&mut seed);
            let b = r(&mut seed) & !a;
            // SAFETY: fast_bits() said the CPU has the features.
            let v = unsafe { super::moves_v3(a, b) };
            assert_eq!(v, crate::games::reversi::moves(a, b), "{a:#x} {b:#x}");
        }
    }
}
