//! Probcut of the selective passes and the probable solve: the margins, the probe
//! depth and its error model, and the sureness their table bounds carry.

use super::hash::EXACT;
use super::Search;
use crate::games::reversi::eval;

/// The probcut margins of the selective passes, in discs, one pass each (Edax's
/// rising selectivity: a rough pass, then a surer one, then the exact search). A
/// node of a selective pass with at least [`PROBCUT_MIN`] empties whose shallow
/// evaluation search lies more than the margin outside the window is cut. 8 then 16
/// took the fewest nodes on FFO #40-#54 (see
/// docs/experiments/reversi-endgame.md#selective-pass-margins and #selective-pass-sigmas).
pub(super) const SELECTIVE_MARGINS: [u8; 2] = [8, 16];
pub(super) const PROBCUT_MIN: u32 = 10;
/// The depth of the probcut probe: 2 from this many empties on, 1 below.
const PROBCUT_DEEP_FROM: u32 = 18;

/// The table sureness of a probable solve's bounds at `tenths` of a standard
/// deviation: eight discs a sigma, about the deviation at 20 empties (so 1.5 sigmas
/// rank with a 12-disc pass of the exact solve).
pub(super) fn sureness_of(tenths: u8) -> u8 {
    (u32::from(tenths) * 8 / 10).clamp(1, u32::from(EXACT) - 1) as u8
}

/// The probe depth and the cut window (in evaluation units) of a selective node at
/// `n` empties searched with window `(alpha, alpha + 1)`: a pass of the exact solve
/// cuts at `margin` discs (`sigmas` 0) after a probe of depth 1, or 2 from
/// [`PROBCUT_DEEP_FROM`] empties; a probable solve at `sigmas` standard deviations of
/// the probe's error ([`ENDCUT_SIGMA`]) after a probe of [`ENDCUT_DEPTH`] plies.
#[inline(always)]
pub(super) fn probcut_window(margin: u8, sigmas: f32, alpha: i32, n: u32) -> (u32, i32, i32) {
    let a = alpha * eval::DISC;
    if sigmas == 0.0 {
        let d = if n >= PROBCUT_DEEP_FROM { 2 } else { 1 };
        let m = margin as i32 * eval::DISC;
        return (d, a - m, a + m);
    }
    let d = ENDCUT_DEPTH[n.min(64) as usize];
    let [k, per_empty, per_ply] = ENDCUT_SIGMA;
    // (Fitted on 12-22 empties; far beyond, the line would fall to nothing.)
    let sigma = (k + per_empty * n as f32 + per_ply * d as f32).max(2.0);
    let m = (sigmas * sigma * eval::DISC as f32) as i32;
    (d, a - m, a + m)
}

/// The probe depth of a probable solve's probcut by empties: 0 below 14, 1 from 14,
/// 2 from 18, 3 from 22: the fewest discs lost (see
/// docs/experiments/reversi-endgame.md#probable-solve-probe-depth).
const ENDCUT_DEPTH: [u32; 65] = {
    let mut t = [0; 65];
    let mut n = 0;
    while n < 65 {
        t[n] = match n {
            0..=13 => 0,
            14..=17 => 1,
            18..=21 => 2,
            _ => 3,
        };
        n += 1;
    }
    t
};

/// `[constant, per empty, per probe ply]`: the standard deviation in discs of the
/// exact score around the solver's evaluation search (`Solver::eval_probe`), fitted
/// by `reversi_train endmpc` (trainers/) on 1800 positions of 12-22 empties from ply's
/// games against NTest. The window stays centred on the probe, though the exact score
/// lies below it there (see
/// docs/experiments/reversi-endgame.md#probable-solve-probe-depth).
const ENDCUT_SIGMA: [f32; 3] = [9.9942, -0.1460, -0.4045];

impl Search<'_> {
    /// The margin a result at `n` empties is stored with: below [`PROBCUT_MIN`] no
    /// node of the subtree is cut, so even a selective pass's result is exact there
    /// (and the exact pass may use it).
    #[inline(always)]
    pub(super) fn sureness(&self, n: u32) -> u8 {
        if n < PROBCUT_MIN {
            EXACT
        } else {
            self.margin
        }
    }
}
