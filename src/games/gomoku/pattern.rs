//! Line patterns and their combination into per-square threat classes.
//!
//! For every empty square and each of the 4 directions the board keeps a 16-bit
//! window code: the 8 neighbours at offsets -4..-1 and +1..+4 along that line, 2 bits
//! each (0 empty, 1 black, 2 white, 3 wall). A table per (rule, colour) maps the code
//! to a [`Pat`] class: what a stone of that colour placed on the square makes on the
//! line. The tables are built once by a memoised recursive analysis (a FIVE if the
//! stone completes a five under the rule; a FOUR if afterwards exactly one empty square
//! completes a five through it, an OPEN_FOUR if two or more do; a THREE / OPEN_THREE if
//! some further stone makes a FOUR / OPEN_FOUR; and so on down to ones).
//!
//! Squares beyond the window (offsets +-5) are treated as empty for the exactness test
//! of fives, so a table verdict is an over-approximation: every real five/four/three is
//! classified at least as strong. The board relies on that: a table FIVE is only a
//! *filter* for the exact win test, and the renju forbidden filter is a superset of the
//! real forbidden points.
//!
//! The 4 directional classes of a square are combined (base-11 index, 14641 entries)
//! into a [`Combo`]: a `Pattern4` class (five, flex four, four-three, ...) plus values
//! used by the evaluation and the move ordering.

use super::Rule;
use std::sync::OnceLock;

/// Cell contents on the board (also the 2-bit codes in window keys).
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
pub const WALL: u8 = 3;

/// Line pattern classes (what placing a stone makes on one line), weakest first.
pub type Pat = u8;
pub const NONE: Pat = 0;
pub const B1: Pat = 1;
pub const F1: Pat = 2;
pub const B2: Pat = 3;
pub const F2: Pat = 4;
pub const B3: Pat = 5;
pub const F3: Pat = 6;
pub const B4: Pat = 7;
pub const F4: Pat = 8;
pub const F5: Pat = 9;
/// Renju black only: overline or two fours in this one line (forbidden).
pub const FORBID: Pat = 10;
pub const NPAT: usize = 11;

/// Combined (4-direction) classes of a square, weakest first.
pub const P4_NONE: u8 = 0;
pub const P4_FORBID: u8 = 1;
pub const P4_FLEX2: u8 = 2;
pub const P4_BLOCK3: u8 = 3;
pub const P4_FLEX2_2X: u8 = 4;
pub const P4_BLOCK3_PLUS: u8 = 5;
pub const P4_FLEX3: u8 = 6;
pub const P4_FLEX3_PLUS: u8 = 7;
pub const P4_FLEX3_2X: u8 = 8;
pub const P4_BLOCK4: u8 = 9;
pub const P4_BLOCK4_PLUS: u8 = 10;
pub const P4_BLOCK4_FLEX3: u8 = 11;
pub const P4_FLEX4: u8 = 12;
pub const P4_FIVE: u8 = 13;
pub const NP4: usize = 14;

/// Powers of 11 for the base-11 combination index.
pub const POW11: [i32; 4] = [1, 11, 121, 1331];
pub const NCOMBO: usize = 14641;

/// Values of one square for one colour, from its 4 line patterns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Combo {
    pub p4: u8,
    /// Renju black: the square may be forbidden (run the exact test). Also set when
    /// the table sees a five, because the five may really be an overline.
    pub maybe_forbidden: bool,
    /// Evaluation value when this colour is to move.
    pub v_move: i16,
    /// Evaluation value when this colour is waiting.
    pub v_wait: i16,
    /// Move ordering: value of playing here for this colour.
    pub att: i16,
    /// Move ordering: value of taking this square away from this colour.
    pub def: i16,
}

// ---------------------------------------------------------------------------------
// Line tables
// ---------------------------------------------------------------------------------

// Cells of the analysed line (11 cells; index 5 is the centre, 0 and 10 unknown).
const LE: u8 = 0;
const LO: u8 = 1; // own
const LX: u8 = 2; // opponent
const LW: u8 = 3; // wall

/// Internal class: two fours in one line (renju black) before mapping to FORBID.
const D4: u8 = 200;
const UNSET: u8 = 255;

#[inline]
fn slot_of(i: usize) -> usize {
    if i < 5 {
        i - 1
    } else {
        i - 2
    }
}

struct Builder {
    rule: Rule,
    own: u8,
    renju_black: bool,
    memo: Vec<u8>,
}

impl Builder {
    fn decode(&self, key: usize) -> [u8; 11] {
        let mut line = [LE; 11];
        for i in (1..=9).filter(|&i| i != 5) {
            let code = ((key >> (2 * slot_of(i))) & 3) as u8;
            line[i] = match code {
                EMPTY => LE,
                WALL => LW,
                c if c == self.own => LO,
                _ => LX,
            };
        }
        line
    }

    /// Extent (l, r) of the own run through `i` (line[i] must be own).
    fn run(line: &[u8; 11], i: usize) -> (usize, usize) {
        super::rules::run_extent(line, i, LO)
    }

    fn is_five_run(&self, line: &[u8; 11], l: usize, r: usize) -> bool {
        super::rules::run_wins(self.rule, self.renju_black, r - l + 1, || {
            let blocked = |c: u8| c == LX || c == LW;
            // Asked only for a run of exactly five: l >= 1 and r <= 9, since cells 0
            // and 10 are never own.
            blocked(line[l - 1]) && blocked(line[r + 1])
        })
    }

    /// Class of the line with the centre already holding an own stone (`key` holds
    /// the 8 neighbours).
    fn placed(&mut self, key: usize) -> u8 {
        let m = self.memo[key];
        if m != UNSET {
            return m;
        }
        let mut line = self.decode(key);
        line[5] = LO;
        let mut comps = [0usize; 9];
        let mut n = 0;
        for i in 1..=9 {
            if line[i] != LE {
                continue;
            }
            line[i] = LO;
            let (l, r) = Self::run(&line, i);
            if l <= 5 && 5 <= r && self.is_five_run(&line, l, r) {
                comps[n] = i;
                n += 1;
            }
            line[i] = LE;
        }
        let res = if n >= 2 {
            if self.renju_black && !(n == 2 && comps[1] - comps[0] == 5) {
                D4
            } else {
                F4
            }
        } else if n == 1 {
            B4
        } else {
            let mut best = NONE;
            for i in 1..=9 {
                if i == 5 || line[i] != LE {
                    continue;
                }
                if self.renju_black {
                    line[i] = LO;
                    let (l, r) = Self::run(&line, i);
                    line[i] = LE;
                    if r - l + 1 >= 6 {
                        continue;
                    }
                }
                let sub = self.placed(key | ((self.own as usize) << (2 * slot_of(i))));
                let down = match sub {
                    F4 => F3,
                    B4 | D4 => B3,
                    F3 => F2,
                    B3 => B2,
                    F2 => F1,
                    B2 => B1,
                    _ => NONE,
                };
                best = best.max(down);
            }
            best
        };
        self.memo[key] = res;
        res
    }

    fn classify(&mut self, key: usize) -> Pat {
        let mut line = self.decode(key);
        line[5] = LO;
        let (l, r) = Self::run(&line, 5);
        if self.is_five_run(&line, l, r) {
            return F5;
        }
        if self.renju_black && r - l + 1 >= 6 {
            return FORBID;
        }
        match self.placed(key) {
            D4 => FORBID,
            c => c,
        }
    }
}

fn build_line_table(rule: Rule, own: u8) -> Vec<u8> {
    let mut b = Builder {
        rule,
        own,
        renju_black: rule == Rule::Renju && own == BLACK,
        memo: vec![UNSET; 1 << 16],
    };
    (0..1usize << 16).map(|key| b.classify(key)).collect()
}

pub(super) fn rule_index(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
        Rule::Caro => 3,
    }
}

/// Line patterns of both colours (`[black, white]`) for every window code.
pub type LineTable = [[Pat; 2]; 1 << 16];

/// The line table for `rule` (indexing with a `u16` key needs no bounds check).
pub fn line_table(rule: Rule) -> &'static LineTable {
    static TABLES: [OnceLock<Box<LineTable>>; 4] = [const { OnceLock::new() }; 4];
    TABLES[rule_index(rule)].get_or_init(|| {
        let black = build_line_table(rule, BLACK);
        let white = build_line_table(rule, WHITE);
        let mut t = Box::new([[NONE; 2]; 1 << 16]);
        for (i, e) in t.iter_mut().enumerate() {
            *e = [black[i], white[i]];
        }
        t
    })
}

// ---------------------------------------------------------------------------------
// Combination tables
// ---------------------------------------------------------------------------------

/// Line weights (per direction) added to a square's evaluation value.
const LINE_W: [i16; NPAT] = [0, 1, 3, 5, 12, 14, 36, 40, 120, 250, 0];
/// Bonus of the combined class when the colour is to move.
const BONUS_MOVE: [i16; NP4] = [
    0, 0, 12, 8, 45, 50, 120, 200, 600, 80, 350, 1200, 1600, 2500,
];
/// Bonus of the combined class when the colour is waiting.
const BONUS_WAIT: [i16; NP4] = [0, 0, 8, 5, 30, 35, 70, 120, 300, 50, 200, 500, 800, 1200];
/// Move ordering: attacking (playing the class ourselves).
const ORD_ATT: [i16; NP4] = [
    0, 0, 30, 50, 120, 150, 400, 800, 1500, 500, 1200, 2500, 5000, 10000,
];
/// Move ordering: defending (taking the square from the opponent).
const ORD_DEF: [i16; NP4] = [
    0, 0, 20, 30, 80, 100, 250, 400, 800, 200, 600, 1500, 2500, 8000,
];

// ---------------------------------------------------------------------------------
// Trained evaluation weights
// ---------------------------------------------------------------------------------

/// Weights of one colour's evaluation, in this order (all `i16`, little-endian in the
/// weight files): line pattern as side to move (`NPAT`), combined class as side to
/// move (`NP4`), line pattern as waiting side (`NPAT`), combined class as waiting side
/// (`NP4`), then the side to move's threat bonus and the waiting side's threat bonus
/// (see `Gomoku::evaluate`), then a value per combination of four line patterns (the
/// multiset, [`multiset`]) as side to move (`NMULTI`) and as waiting side (`NMULTI`):
/// what the line and class values miss of how the four lines work together (Rapfi's
/// classical evaluation is a table over such combinations), then a value per threat
/// mask of the board ([`threat_mask`], `NTHREAT`) with this colour to move: which
/// fours and threes both sides can make, how they stand against each other. Weight
/// files of the earlier layouts (without the combinations, [`NWEIGHTS_V1`]; without
/// the threat masks, [`NWEIGHTS_V2`]) still load, the missing values 0.
pub const NWEIGHTS: usize = NWEIGHTS_V2 + NTHREAT;
/// One colour's weights without the combinations.
pub const NWEIGHTS_V1: usize = 2 * NPAT + 2 * NP4 + 2;
/// One colour's weights without the threat masks.
pub const NWEIGHTS_V2: usize = NWEIGHTS_V1 + 2 * NMULTI;
/// Multisets of four line patterns: (NPAT + 3) choose 4.
pub const NMULTI: usize = 1001;
/// Threat masks: 11 flags ([`threat_mask`]).
pub const NTHREAT: usize = 2048;
/// Offsets of the groups in a weight vector.
pub const W_LINE_MOVE: usize = 0;
pub const W_CLASS_MOVE: usize = NPAT;
pub const W_LINE_WAIT: usize = NPAT + NP4;
pub const W_CLASS_WAIT: usize = 2 * NPAT + NP4;
pub const W_THREAT_WIN: usize = 2 * NPAT + 2 * NP4;
pub const W_THREAT_DEFEND: usize = W_THREAT_WIN + 1;
pub const W_MULTI_MOVE: usize = NWEIGHTS_V1;
pub const W_MULTI_WAIT: usize = NWEIGHTS_V1 + NMULTI;
pub const W_THREAT_MASK: usize = NWEIGHTS_V2;

/// The threat mask of a position with `own` to move (square counts per combined
/// class of each side; as Rapfi's classical evaluation draws it): bit 0 the
/// opponent can make five; 1/2 we/he can make an open four; then for us (bits 3-6)
/// and for him (7-10): a four that also makes a three or a two-line threat, a plain
/// four, a three with more (double three, three plus a blocked three or open two),
/// a plain open three.
#[inline]
pub fn threat_mask(own: &[u16; NP4], opp: &[u16; NP4]) -> usize {
    let side = |c: &[u16; NP4]| -> usize {
        usize::from(c[P4_BLOCK4_PLUS as usize] + c[P4_BLOCK4_FLEX3 as usize] > 0)
            | usize::from(c[P4_BLOCK4 as usize] > 0) << 1
            | usize::from(c[P4_FLEX3_PLUS as usize] + c[P4_FLEX3_2X as usize] > 0) << 2
            | usize::from(c[P4_FLEX3 as usize] > 0) << 3
    };
    usize::from(opp[P4_FIVE as usize] > 0)
        | usize::from(own[P4_FLEX4 as usize] > 0) << 1
        | usize::from(opp[P4_FLEX4 as usize] > 0) << 2
        | side(own) << 3
        | side(opp) << 7
}

/// Rank of each sorted pattern quadruple (a <= b <= c <= d, code a + 11b + 121c +
/// 1331d) among the multisets, in lexicographic order.
static MULTI_RANK: [u16; NCOMBO] = {
    let mut t = [0u16; NCOMBO];
    let mut r = 0u16;
    let mut a = 0;
    while a < NPAT {
        let mut b = a;
        while b < NPAT {
            let mut c = b;
            while c < NPAT {
                let mut d = c;
                while d < NPAT {
                    t[a + NPAT * (b + NPAT * (c + NPAT * d))] = r;
                    r += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The multiset index (0..[`NMULTI`]) of four line patterns, in any order.
#[inline]
pub fn multiset(mut p: [Pat; 4]) -> usize {
    p.sort_unstable();
    let [a, b, c, d] = p.map(usize::from);
    MULTI_RANK[a + NPAT * (b + NPAT * (c + NPAT * d))] as usize
}

/// The hand-set evaluation's threat terms.
pub const HAND_THREAT_WIN: i16 = 1500;
pub const HAND_THREAT_DEFEND: i16 = 300;

/// The hand-set weights as a weight vector (the waiting side's line weights rounded
/// per pattern, where the hand table rounds the sum): the trainer's starting point.
pub fn hand_weights() -> [i16; NWEIGHTS] {
    let mut w = [0i16; NWEIGHTS];
    for i in 0..NPAT {
        w[W_LINE_MOVE + i] = LINE_W[i];
        w[W_LINE_WAIT + i] = LINE_W[i] * 3 / 4;
    }
    w[W_CLASS_MOVE..W_CLASS_MOVE + NP4].copy_from_slice(&BONUS_MOVE);
    w[W_CLASS_WAIT..W_CLASS_WAIT + NP4].copy_from_slice(&BONUS_WAIT);
    w[W_THREAT_WIN] = HAND_THREAT_WIN;
    w[W_THREAT_DEFEND] = HAND_THREAT_DEFEND;
    w
}

/// The threat-mask values of colour `color_index` to move under `rule` (its trained
/// weights' [`W_THREAT_MASK`] group; all 0 without trained weights, as in the hand
/// evaluation).
pub fn threat_table(rule: Rule, color_index: usize, trained: bool) -> &'static [i16; NTHREAT] {
    static ZERO: [i16; NTHREAT] = [0; NTHREAT];
    static TABLES: [OnceLock<[i16; NTHREAT]>; 8] = [const { OnceLock::new() }; 8];
    if !trained {
        return &ZERO;
    }
    TABLES[rule_index(rule) * 2 + color_index.min(1)].get_or_init(|| {
        let mut t = [0i16; NTHREAT];
        if let Some(w) = super::eval::trained_weights(rule, color_index) {
            t.copy_from_slice(&w[W_THREAT_MASK..W_THREAT_MASK + NTHREAT]);
        }
        t
    })
}

/// The combined class of four line patterns.
fn classify_combo(p: [Pat; 4], renju_black: bool) -> (u8, bool) {
    let mut n = [0u8; NPAT];
    for &x in &p {
        n[x as usize] += 1;
    }
    let fours = n[B4 as usize] + n[F4 as usize];
    let threats = fours + n[F3 as usize];
    let maybe_forbidden =
        renju_black && (n[F5 as usize] > 0 || n[FORBID as usize] > 0 || threats >= 2);
    let p4 = if n[F5 as usize] > 0 {
        P4_FIVE
    } else if renju_black && (n[FORBID as usize] > 0 || fours >= 2) {
        P4_FORBID
    } else if n[F4 as usize] > 0 || n[B4 as usize] >= 2 {
        P4_FLEX4
    } else if n[B4 as usize] > 0 {
        if n[F3 as usize] > 0 {
            P4_BLOCK4_FLEX3
        } else if n[B3 as usize] > 0 || n[F2 as usize] > 0 {
            P4_BLOCK4_PLUS
        } else {
            P4_BLOCK4
        }
    } else if n[F3 as usize] >= 2 {
        P4_FLEX3_2X
    } else if n[F3 as usize] == 1 {
        if n[B3 as usize] > 0 || n[F2 as usize] > 0 {
            P4_FLEX3_PLUS
        } else {
            P4_FLEX3
        }
    } else if n[B3 as usize] > 0 && n[B3 as usize] + n[F2 as usize] >= 2 {
        P4_BLOCK3_PLUS
    } else if n[F2 as usize] >= 2 {
        P4_FLEX2_2X
    } else if n[B3 as usize] > 0 {
        P4_BLOCK3
    } else if n[F2 as usize] > 0 {
        P4_FLEX2
    } else {
        P4_NONE
    };
    (p4, maybe_forbidden)
}

/// One square's values for one colour. With `trained` weights the evaluation values
/// are the weights' sums (no value on a forbidden square); else the hand table. The
/// move-ordering values are the hand table's either way.
fn combine(p: [Pat; 4], renju_black: bool, trained: Option<&[i16; NWEIGHTS]>) -> Combo {
    let (p4, maybe_forbidden) = classify_combo(p, renju_black);
    if p4 == P4_FORBID {
        return Combo {
            p4,
            maybe_forbidden: true,
            ..Combo::default()
        };
    }
    let lines: i16 = p.iter().map(|&x| LINE_W[x as usize]).sum();
    let k = p4 as usize;
    let (v_move, v_wait) = match trained {
        Some(w) => {
            let m = multiset(p);
            let sum = |line: usize, class: usize, multi: usize| -> i16 {
                let s: i32 = p
                    .iter()
                    .map(|&x| i32::from(w[line + x as usize]))
                    .sum::<i32>()
                    + i32::from(w[class + k])
                    + i32::from(w[multi + m]);
                s.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
            };
            (
                sum(W_LINE_MOVE, W_CLASS_MOVE, W_MULTI_MOVE),
                sum(W_LINE_WAIT, W_CLASS_WAIT, W_MULTI_WAIT),
            )
        }
        None => {
            // A double three that may be forbidden is worth less to renju black.
            let (bm, bw) = if renju_black && p4 == P4_FLEX3_2X {
                (BONUS_MOVE[P4_FLEX3 as usize], BONUS_WAIT[P4_FLEX3 as usize])
            } else {
                (BONUS_MOVE[k], BONUS_WAIT[k])
            };
            (lines + bm, lines * 3 / 4 + bw)
        }
    };
    Combo {
        p4,
        maybe_forbidden,
        v_move,
        v_wait,
        att: ORD_ATT[k] + lines,
        def: ORD_DEF[k] + lines / 2,
    }
}

fn build_combo_table(renju_black: bool, trained: Option<&[i16; NWEIGHTS]>) -> Vec<Combo> {
    (0..NCOMBO)
        .map(|i| {
            let mut p = [0u8; 4];
            let mut x = i;
            for slot in p.iter_mut() {
                *slot = (x % NPAT) as u8;
                x /= NPAT;
            }
            combine(p, renju_black, trained)
        })
        .collect()
}

/// The combination table of colour `color_index` (0 black, 1 white) under `rule`:
/// with the rule's trained weights when `trained` and there are some, else the hand
/// table (renju black's own classes either way).
pub fn combo_table(rule: Rule, color_index: usize, trained: bool) -> &'static [Combo] {
    static TABLES: [OnceLock<Vec<Combo>>; 16] = [const { OnceLock::new() }; 16];
    let renju_black = rule == Rule::Renju && color_index == 0;
    let weights = if trained {
        super::eval::trained_weights(rule, color_index)
    } else {
        None
    };
    let slot = rule_index(rule) * 4 + color_index * 2 + usize::from(weights.is_some());
    TABLES[slot]
        .get_or_init(|| build_combo_table(renju_black, weights.as_ref()))
        .as_slice()
}
