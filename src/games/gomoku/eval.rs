//! The evaluation: the running per-colour totals of the empty squares' combination
//! values (as side to move and as waiting side, kept by the board), two threat terms
//! and a value per threat mask, from the side to move's view. The weights behind
//! them are the committed trained ones per rule and colour (`weights/`), or the
//! hand-set ones where a rule has none.

use super::pattern::{self, Combo, NWEIGHTS, NWEIGHTS_V1, NWEIGHTS_V2};
use super::{Color, Gomoku, Rule};

/// Evaluation clamp (well inside `MATE_BOUND`).
pub const EVAL_LIMIT: i32 = 20_000;

/// Trained weights per rule, both colours (black first), `2 * NWEIGHTS` little-endian
/// `i16` each; made by `trainers/src/gomoku_train.rs` (`scripts/train-gomoku-eval.sh`).
/// A file of any other length means "no trained weights": the hand table is used.
const WEIGHT_FILES: [&[u8]; 4] = [
    include_bytes!("weights/freestyle.bin"),
    include_bytes!("weights/standard.bin"),
    include_bytes!("weights/renju.bin"),
    include_bytes!("weights/caro.bin"),
];

/// The trained weights of `color_index` (0 black, 1 white) under `rule`, if any.
pub(super) fn trained_weights(rule: Rule, color_index: usize) -> Option<[i16; NWEIGHTS]> {
    weights_from_bytes(WEIGHT_FILES[pattern::rule_index(rule)], color_index)
}

/// One colour's weights from a weight file's bytes (either layout), if it is one.
pub(super) fn weights_from_bytes(bytes: &[u8], color_index: usize) -> Option<[i16; NWEIGHTS]> {
    let n = match bytes.len() {
        l if l == 2 * NWEIGHTS * 2 => NWEIGHTS,
        l if l == 2 * NWEIGHTS_V2 * 2 => NWEIGHTS_V2,
        l if l == 2 * NWEIGHTS_V1 * 2 => NWEIGHTS_V1,
        _ => return None,
    };
    let mut w = [0i16; NWEIGHTS];
    let base = color_index.min(1) * n * 2;
    for (i, x) in w.iter_mut().take(n).enumerate() {
        *x = i16::from_le_bytes([bytes[base + 2 * i], bytes[base + 2 * i + 1]]);
    }
    Some(w)
}

/// Per colour: the combination table (square values, move-ordering values, classes).
pub(super) fn combo_tables(rule: Rule, trained: bool) -> [&'static [Combo]; 2] {
    [0, 1].map(|c| pattern::combo_table(rule, c, trained))
}

/// Per colour: the bonus for a winning threat of the side to move and the malus for
/// the waiting side's open four (see `Gomoku::static_eval`).
pub(super) fn threat_terms(rule: Rule, trained: bool) -> [[i32; 2]; 2] {
    [0, 1].map(|c| {
        let w = if trained {
            trained_weights(rule, c).unwrap_or_else(pattern::hand_weights)
        } else {
            pattern::hand_weights()
        };
        [
            i32::from(w[pattern::W_THREAT_WIN]),
            i32::from(w[pattern::W_THREAT_DEFEND]),
        ]
    })
}

/// Per colour to move: the value of each threat mask (`pattern::threat_mask`).
pub(super) fn threat_masks(rule: Rule, trained: bool) -> [&'static [i16; pattern::NTHREAT]; 2] {
    [0, 1].map(|c| pattern::threat_table(rule, c, trained))
}

impl Gomoku {
    /// The evaluation for the side to move, clamped to [`EVAL_LIMIT`].
    pub(super) fn static_eval(&self) -> i32 {
        let us = self.stm.index();
        let them = 1 - us;
        let mut v = self.tot_move[us] - self.tot_wait[them];
        // Side to move's threats: a four-three or double open three of ours against no
        // four of his is most often a forced win; his open-four square against no
        // four of ours forces us to defend.
        let (win, defend) = self.threat_flags();
        if win {
            v += self.threat_terms[us][0];
        }
        if defend {
            v -= self.threat_terms[them][1];
        }
        v += i32::from(self.threat_masks[us][self.threat_mask()]);
        v.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Whether the side to move has a winning threat against no four of the
    /// opponent's, and whether the opponent has an open-four square against no four
    /// of ours (the two threat terms of `evaluate`).
    pub(super) fn threat_flags(&self) -> (bool, bool) {
        let us = self.stm.index();
        let them = 1 - us;
        let count = |c: usize, from: u8| -> u16 { self.p4count[c][from as usize..].iter().sum() };
        let our_fours = count(us, pattern::P4_BLOCK4);
        let their_fours = count(them, pattern::P4_BLOCK4);
        let renju_black = self.rule == Rule::Renju && self.stm == Color::Black;
        let strong = self.p4count[us][pattern::P4_BLOCK4_FLEX3 as usize]
            + if renju_black {
                0
            } else {
                self.p4count[us][pattern::P4_FLEX3_2X as usize]
            };
        (
            strong > 0 && their_fours == 0,
            self.p4count[them][pattern::P4_FLEX4 as usize] > 0 && our_fours == 0,
        )
    }

    /// The threat mask of the position for the side to move (`pattern::threat_mask`).
    #[inline]
    pub(super) fn threat_mask(&self) -> usize {
        let us = self.stm.index();
        pattern::threat_mask(&self.p4count[us], &self.p4count[1 - us])
    }
}
