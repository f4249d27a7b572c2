//! The evaluation trainer's interface (`trainers/src/gomoku_train.rs`): the weight
//! vector's layout, the hand-set start, reading a weight file, the features whose
//! dot product with the weights is the evaluation, and switching a position to the
//! hand-set evaluation for self-play. The engine itself uses none of it.

use super::pattern::{self, EMPTY};
use super::{eval, Gomoku};

/// Length of one colour's evaluation weight vector (see `pattern::NWEIGHTS`).
pub const EVAL_WEIGHTS: usize = pattern::NWEIGHTS;

/// The hand-set evaluation as a weight vector (the trainer's start).
pub fn hand_eval_weights() -> [i16; EVAL_WEIGHTS] {
    pattern::hand_weights()
}

/// Offsets in a weight vector of the groups' "nothing" entries (no pattern, no class,
/// four lines with no pattern), which the trainer keeps at 0.
pub fn eval_weight_groups() -> [usize; 6] {
    let none = pattern::multiset([pattern::NONE; 4]);
    [
        pattern::W_LINE_MOVE + pattern::NONE as usize,
        pattern::W_CLASS_MOVE + pattern::P4_NONE as usize,
        pattern::W_LINE_WAIT + pattern::NONE as usize,
        pattern::W_CLASS_WAIT + pattern::P4_NONE as usize,
        pattern::W_MULTI_MOVE + none,
        pattern::W_MULTI_WAIT + none,
    ]
}

/// The sparse groups of a weight vector, as (offset, length): the combination values
/// as side to move and as waiting side, and the threat-mask values. The trainer fits
/// only their entries seen often enough and regularises them.
pub fn eval_sparse_groups() -> [(usize, usize); 3] {
    [
        (pattern::W_MULTI_MOVE, pattern::NMULTI),
        (pattern::W_MULTI_WAIT, pattern::NMULTI),
        (pattern::W_THREAT_MASK, pattern::NTHREAT),
    ]
}

/// One colour's weights from a weight file's bytes (either layout), for the trainer.
pub fn eval_weights_from_bytes(bytes: &[u8], color_index: usize) -> Option<[i16; EVAL_WEIGHTS]> {
    eval::weights_from_bytes(bytes, color_index)
}

/// What the trainer asks of a position (import the trait to call these).
pub trait TrainingExt {
    /// Switches this position to the hand-set evaluation (the trainer's self-play
    /// games are played with it, so that they do not depend on committed weights).
    fn use_hand_eval(&mut self);

    /// The evaluation's inputs: `evaluate()` (before its clamp) is the dot product of
    /// these with the weights of both colours laid end to end (black's
    /// [`EVAL_WEIGHTS`] then white's; the waiting side's and the defence terms enter
    /// negated).
    fn eval_features(&self) -> Vec<f32>;
}

impl TrainingExt for Gomoku {
    fn use_hand_eval(&mut self) {
        self.combos = eval::combo_tables(self.rule, false);
        self.threat_terms = eval::threat_terms(self.rule, false);
        self.threat_masks = eval::threat_masks(self.rule, false);
        self.init_state();
    }

    fn eval_features(&self) -> Vec<f32> {
        use pattern::{
            NWEIGHTS, W_CLASS_MOVE, W_CLASS_WAIT, W_LINE_MOVE, W_LINE_WAIT, W_MULTI_MOVE,
            W_MULTI_WAIT,
        };
        let us = self.stm.index();
        let them = 1 - us;
        let mut f = vec![0f32; 2 * NWEIGHTS];
        for p in 0..self.cells.len() {
            if self.cells[p] != EMPTY {
                continue;
            }
            for c in 0..2 {
                let combo = self.combo(p, c);
                if combo.p4 == pattern::P4_FORBID {
                    continue;
                }
                let (base, line, class, multi, sign) = if c == us {
                    (c * NWEIGHTS, W_LINE_MOVE, W_CLASS_MOVE, W_MULTI_MOVE, 1.0)
                } else {
                    (c * NWEIGHTS, W_LINE_WAIT, W_CLASS_WAIT, W_MULTI_WAIT, -1.0)
                };
                for d in 0..4 {
                    f[base + line + self.info[p].pat[d][c] as usize] += sign;
                }
                f[base + class + combo.p4 as usize] += sign;
                let m = pattern::multiset([0, 1, 2, 3].map(|d| self.info[p].pat[d][c]));
                f[base + multi + m] += sign;
            }
        }
        let (win, defend) = self.threat_flags();
        if win {
            f[us * NWEIGHTS + pattern::W_THREAT_WIN] = 1.0;
        }
        if defend {
            f[them * NWEIGHTS + pattern::W_THREAT_DEFEND] = -1.0;
        }
        f[us * NWEIGHTS + pattern::W_THREAT_MASK + self.threat_mask()] = 1.0;
        f
    }
}
