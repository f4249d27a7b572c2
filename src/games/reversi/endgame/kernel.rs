//! The solver's recursive functions compiled twice: [`Portable`] for any CPU and, on
//! x86-64, [`V3`] with x86-64-v3's bit instructions (see [`crate::games::reversi::cpu`]).
//!
//! Each recursive function of the solver is written once, generic over a [`Kernel`]
//! and `#[inline(always)]`; its recursive calls go through the kernel. A kernel's
//! entry points instantiate the bodies: `V3`'s inside `#[target_feature]` functions,
//! so the whole recursion (with the inlined rules: moves, flips, popcounts) is compiled
//! for those instructions. [`super::Solver::solve`] picks the kernel once per solve.

use std::sync::atomic::AtomicBool;

use super::order::{eval_search, MoveList};
use super::Search;

/// The solver's recursive entry points (see the module documentation).
pub(super) trait Kernel {
    fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, n: u32, stop: Stop) -> i32;
    fn nws(s: &mut Search, p: u64, o: u64, alpha: i32, n: u32, stop: Stop) -> i32;
    fn shallow(s: &mut Search, p: u64, o: u64, alpha: i32, empty: u64, par: u8, n: u32) -> i32;
    #[allow(clippy::too_many_arguments)]
    fn ordered_moves(
        s: &mut Search,
        list: &mut MoveList,
        p: u64,
        o: u64,
        m: u64,
        n: u32,
        hash_mv: u8,
    );
    fn eval_search(p: u64, o: u64, alpha: i32, beta: i32, depth: u32, nodes: &mut u64) -> i32;
    /// The discs `p` flips by playing `sq` ([`crate::games::reversi::flips`]).
    fn flips(p: u64, o: u64, sq: usize) -> u64;
}

pub(super) type Stop<'a> = Option<&'a AtomicBool>;

/// The baseline instruction set (any CPU the build targets).
pub(super) struct Portable;

impl Kernel for Portable {
    fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, n: u32, stop: Stop) -> i32 {
        s.pvs::<Self>(p, o, alpha, beta, n, stop)
    }
    fn nws(s: &mut Search, p: u64, o: u64, alpha: i32, n: u32, stop: Stop) -> i32 {
        s.nws::<Self>(p, o, alpha, n, stop)
    }
    fn shallow(s: &mut Search, p: u64, o: u64, alpha: i32, empty: u64, par: u8, n: u32) -> i32 {
        s.shallow::<Self>(p, o, alpha, empty, par, n)
    }
    #[allow(clippy::too_many_arguments)]
    fn ordered_moves(
        s: &mut Search,
        list: &mut MoveList,
        p: u64,
        o: u64,
        m: u64,
        n: u32,
        hash_mv: u8,
    ) {
        s.ordered_moves::<Self>(list, p, o, m, n, hash_mv)
    }
    fn eval_search(p: u64, o: u64, alpha: i32, beta: i32, depth: u32, nodes: &mut u64) -> i32 {
        eval_search::<Self>(p, o, alpha, beta, depth, nodes)
    }
    #[inline(always)]
    fn flips(p: u64, o: u64, sq: usize) -> u64 {
        crate::games::reversi::flips(p, o, sq)
    }
}

/// x86-64-v3: popcnt, BMI1, BMI2, AVX2, LZCNT. Only reached after
/// [`crate::games::reversi::cpu::fast_bits`] said yes (the solver checks it).
#[cfg(target_arch = "x86_64")]
pub(super) struct V3;

#[cfg(target_arch = "x86_64")]
mod v3 {
    //! The `#[target_feature]` instances of the bodies. They are safe functions that
    //! may only be called on a CPU with the features: [`super::V3`]'s methods call them,
    //! and the solver only uses `V3` when `cpu::fast_bits()` is true.
    use super::*;

    #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
    pub(super) fn pvs(s: &mut Search, p: u64, o: u64, a: i32, b: i32, n: u32, stop: Stop) -> i32 {
        s.pvs::<V3>(p, o, a, b, n, stop)
    }
    #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
    pub(super) fn nws(s: &mut Search, p: u64, o: u64, alpha: i32, n: u32, stop: Stop) -> i32 {
        s.nws::<V3>(p, o, alpha, n, stop)
    }
    #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
    pub(super) fn shallow(s: &mut Search, p: u64, o: u64, a: i32, e: u64, par: u8, n: u32) -> i32 {
        s.shallow::<V3>(p, o, a, e, par, n)
    }
    #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn ordered_moves(
        s: &mut Search,
        list: &mut MoveList,
        p: u64,
        o: u64,
        m: u64,
        n: u32,
        hash_mv: u8,
    ) {
        s.ordered_moves::<V3>(list, p, o, m, n, hash_mv)
    }
    #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
    pub(super) fn eval_search(p: u64, o: u64, a: i32, b: i32, d: u32, nodes: &mut u64) -> i32 {
        super::eval_search::<V3>(p, o, a, b, d, nodes)
    }
}

// SAFETY (every `unsafe` block below): `V3` is only used by `Solver::solve` when
// `cpu::fast_bits()` found the features on this CPU.
#[cfg(target_arch = "x86_64")]
impl Kernel for V3 {
    #[inline(always)]
    fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, n: u32, stop: Stop) -> i32 {
        unsafe { v3::pvs(s, p, o, alpha, beta, n, stop) }
    }
    #[inline(always)]
    fn nws(s: &mut Search, p: u64, o: u64, alpha: i32, n: u32, stop: Stop) -> i32 {
        unsafe { v3::nws(s, p, o, alpha, n, stop) }
    }
    #[inline(always)]
    fn shallow(s: &mut Search, p: u64, o: u64, alpha: i32, empty: u64, par: u8, n: u32) -> i32 {
        unsafe { v3::shallow(s, p, o, alpha, empty, par, n) }
    }
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn ordered_moves(
        s: &mut Search,
        list: &mut MoveList,
        p: u64,
        o: u64,
        m: u64,
        n: u32,
        hash_mv: u8,
    ) {
        unsafe { v3::ordered_moves(s, list, p, o, m, n, hash_mv) }
    }
    #[inline(always)]
    fn eval_search(p: u64, o: u64, alpha: i32, beta: i32, depth: u32, nodes: &mut u64) -> i32 {
        unsafe { v3::eval_search(p, o, alpha, beta, depth, nodes) }
    }
    #[inline(always)]
    fn flips(p: u64, o: u64, sq: usize) -> u64 {
        unsafe { crate::games::reversi::cpu::flips_v3(p, o, sq) }
    }
}
