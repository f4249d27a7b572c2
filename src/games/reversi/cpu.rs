//! Which instruction set the hot reversi code runs on, chosen once at run time.
//!
//! The release build targets baseline x86-64 so that it runs on any x86-64 CPU. The
//! solver ([`super::endgame`]) and perft compile their recursive hot loops twice: the
//! portable way and, on x86-64, a copy with `#[target_feature(enable = "popcnt,
//! bmi1,bmi2,avx2,lzcnt")]` (x86-64-v3's bit instructions: one-instruction popcount,
//! tzcnt/lzcnt, shifts without flags, 256-bit vectors). [`fast_bits`] says whether
//! this CPU may run the second copy. BMI2's `pext`/`pdep` are never used (slow on AMD
//! CPUs before Zen 3): only the compiler's own instruction choice changes.
//!
//! `PLY_PORTABLE=1` in the environment forces the portable copy (to compare the two).

use std::sync::OnceLock;

/// True when the x86-64-v3 copies of the hot loops may run here (x86-64 with popcnt,
/// BMI1, BMI2, AVX2 and LZCNT, and `PLY_PORTABLE` unset); always false elsewhere.
pub fn fast_bits() -> bool {
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| detect() && std::env::var_os("PLY_PORTABLE").is_none_or(|v| v == "0"))
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
