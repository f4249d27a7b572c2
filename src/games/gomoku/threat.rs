//! The threat classifier: what a stone of a colour on an empty square makes, per
//! line and combined, read in constant time from the incrementally kept pattern
//! state (`pattern.rs`), with the renju corrections decided exactly.
//!
//! "What does this move make" is `threat(mv, side to move)`; "what does it stop" is
//! `threat(mv, opponent)` (the square is taken away from him).
//!
//! Also here, for the threat solvers (`vcf.rs`, `vct.rs`): the exact five squares
//! of a colour and the moves that kill them all, in a small fixed-size square list.

use super::pattern::{self, Pat};
use super::pattern::{EMPTY, P4_FIVE};
use super::rules::FORBID_DEPTH;
use super::{Gomoku, Rule};
use crate::games::{Color, Move};

/// What a stone makes on one line, weakest first.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum LineThreat {
    None,
    /// One stone that can still grow to a five on one side only.
    One,
    OpenOne,
    /// Two stones: one more makes a (closed) three.
    Two,
    /// Two stones: one more makes an open three.
    OpenTwo,
    /// A three: one more stone makes a (closed) four.
    Three,
    /// An open three (also broken: `X.XX`): one more stone makes a straight four.
    OpenThree,
    /// A four (one five square), simple or broken.
    Four,
    /// A straight four (two five squares on the line; or two fours in one line).
    OpenFour,
    /// A five under the rule.
    Five,
    /// Renju black: an overline or two fours in this line (forbidden).
    Forbidden,
}

impl LineThreat {
    fn from_pat(p: Pat) -> LineThreat {
        match p {
            pattern::B1 => LineThreat::One,
            pattern::F1 => LineThreat::OpenOne,
            pattern::B2 => LineThreat::Two,
            pattern::F2 => LineThreat::OpenTwo,
            pattern::B3 => LineThreat::Three,
            pattern::F3 => LineThreat::OpenThree,
            pattern::B4 => LineThreat::Four,
            pattern::F4 => LineThreat::OpenFour,
            pattern::F5 => LineThreat::Five,
            pattern::FORBID => LineThreat::Forbidden,
            _ => LineThreat::None,
        }
    }
}

/// The combined class of a square for one colour, weakest first.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Threat {
    None,
    /// Renju black: the square is forbidden (no threat at all).
    Forbidden,
    OpenTwo,
    Three,
    TwoOpenTwos,
    /// A three plus a two or another three.
    ThreePlus,
    OpenThree,
    /// An open three plus a three or an open two.
    OpenThreePlus,
    /// Two open threes (renju black: only where not forbidden).
    ThreeThree,
    Four,
    /// A four plus a three or an open two.
    FourPlus,
    /// A four and an open three.
    FourThree,
    /// An open four or two fours (a win unless the opponent has a five).
    OpenFour,
    Five,
}

impl Threat {
    fn from_p4(p4: u8) -> Threat {
        match p4 {
            pattern::P4_FORBID => Threat::Forbidden,
            pattern::P4_FLEX2 => Threat::OpenTwo,
            pattern::P4_BLOCK3 => Threat::Three,
            pattern::P4_FLEX2_2X => Threat::TwoOpenTwos,
            pattern::P4_BLOCK3_PLUS => Threat::ThreePlus,
            pattern::P4_FLEX3 => Threat::OpenThree,
            pattern::P4_FLEX3_PLUS => Threat::OpenThreePlus,
            pattern::P4_FLEX3_2X => Threat::ThreeThree,
            pattern::P4_BLOCK4 => Threat::Four,
            pattern::P4_BLOCK4_PLUS => Threat::FourPlus,
            pattern::P4_BLOCK4_FLEX3 => Threat::FourThree,
            pattern::P4_FLEX4 => Threat::OpenFour,
            pattern::P4_FIVE => Threat::Five,
            _ => Threat::None,
        }
    }
    /// A four or stronger: the opponent must answer at once.
    pub fn is_four(self) -> bool {
        self >= Threat::Four
    }
    /// An open three or stronger.
    pub fn is_forcing(self) -> bool {
        self >= Threat::OpenThree
    }
}

/// The threats a stone of one colour makes on one square.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SquareThreat {
    /// Per direction: horizontal, vertical, diagonal (down-right), anti-diagonal.
    pub lines: [LineThreat; 4],
    pub class: Threat,
}

impl Gomoku {
    /// The threats a stone of `color` on the empty square `mv` makes (`None` if the
    /// square is off the board or taken). The table classes are exact for the rule
    /// with these corrections: a table five that is no exact five (an overline under
    /// standard rules, a caro five blocked at both ends, beyond the table window) is
    /// dropped; renju black: a forbidden square is `Forbidden` with no threat, and an
    /// open three none of whose straight-four squares is legal counts as a three.
    pub fn threat(&self, mv: Move, color: Color) -> Option<SquareThreat> {
        let p = self.pos_of(mv)?;
        if self.cells[p] != EMPTY {
            return None;
        }
        let c = color.index();
        let mut pats = self.info[p].pat.map(|x| x[c]);
        let renju_black = self.rule == Rule::Renju && color == Color::Black;
        if renju_black && self.forbidden_at(p) {
            return Some(SquareThreat {
                lines: pats.map(LineThreat::from_pat),
                class: Threat::Forbidden,
            });
        }
        let mut changed = false;
        if pats.contains(&pattern::F5) && !self.would_win(p, color) {
            for x in pats.iter_mut().filter(|x| **x == pattern::F5) {
                *x = if renju_black {
                    pattern::FORBID
                } else {
                    pattern::NONE
                };
            }
            changed = true;
        }
        if renju_black {
            let mut vb = super::rules::VBoard::new(&self.cells, self.dirs);
            for (d, x) in pats.iter_mut().enumerate() {
                if *x == pattern::F3 && !vb.real_three(p, self.dirs[d], FORBID_DEPTH) {
                    *x = pattern::B3;
                    changed = true;
                }
            }
        }
        let class = if changed {
            let code: i32 = pats
                .iter()
                .zip(pattern::POW11)
                .map(|(&x, w)| x as i32 * w)
                .sum();
            self.combos[c][code as usize].p4
        } else {
            self.combo(p, c).p4
        };
        Some(SquareThreat {
            lines: pats.map(LineThreat::from_pat),
            class: Threat::from_p4(class),
        })
    }

    /// Number of empty squares where `color`'s table class is at least `min` (a
    /// constant-time over-approximation; e.g. "has the opponent any four square").
    pub fn threat_squares_at_least(&self, color: Color, min: Threat) -> u32 {
        let min = min.to_p4();
        self.p4count[color.index()][min as usize..]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }
}

impl Threat {
    fn to_p4(self) -> u8 {
        match self {
            Threat::None => pattern::P4_NONE,
            Threat::Forbidden => pattern::P4_FORBID,
            Threat::OpenTwo => pattern::P4_FLEX2,
            Threat::Three => pattern::P4_BLOCK3,
            Threat::TwoOpenTwos => pattern::P4_FLEX2_2X,
            Threat::ThreePlus => pattern::P4_BLOCK3_PLUS,
            Threat::OpenThree => pattern::P4_FLEX3,
            Threat::OpenThreePlus => pattern::P4_FLEX3_PLUS,
            Threat::ThreeThree => pattern::P4_FLEX3_2X,
            Threat::Four => pattern::P4_BLOCK4,
            Threat::FourPlus => pattern::P4_BLOCK4_PLUS,
            Threat::FourThree => pattern::P4_BLOCK4_FLEX3,
            Threat::OpenFour => pattern::P4_FLEX4,
            Threat::Five => pattern::P4_FIVE,
        }
    }
}

/// Squares found around a stone: at most 8 fives per stone, more for caro defences
/// and open-four squares. Extra squares are dropped, so it holds only lists whose
/// truncation makes the solver more conservative (the attacker's threats: it may
/// miss a win, never claim a false one). Lists of the defender's candidate replies
/// are `Vec`s: a reply left out would be a false win.
#[derive(Clone, Copy)]
pub(super) struct Squares {
    n: usize,
    a: [u16; 32],
}

impl Squares {
    pub(super) const fn new() -> Squares {
        Squares { n: 0, a: [0; 32] }
    }
    #[inline]
    pub(super) fn push(&mut self, p: usize) {
        if self.n < self.a.len() && !self.contains(p) {
            self.a[self.n] = p as u16;
            self.n += 1;
        }
    }
    #[inline]
    pub(super) fn contains(&self, p: usize) -> bool {
        self.a[..self.n].contains(&(p as u16))
    }
    #[inline]
    pub(super) fn as_slice(&self) -> &[u16] {
        &self.a[..self.n]
    }
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.n
    }
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.n == 0
    }
}

/// Five squares and their defences, exact under the rule (the threat solvers
/// build on these).
impl Gomoku {
    /// Exact five squares of `color` on the 4 lines through `p` (distance 1..=4).
    pub(super) fn fives_through(&self, p: usize, color: Color, out: &mut Squares) {
        let c = color.index();
        for &dd in &self.dirs {
            for k in [-4isize, -3, -2, -1, 1, 2, 3, 4] {
                let q = (p as isize + k * dd) as usize;
                if self.cells[q] == EMPTY
                    && self.combo(q, c).p4 == P4_FIVE
                    && super::rules::wins_at(&self.cells, self.dirs, self.rule, c as u8 + 1, q)
                {
                    out.push(q);
                }
            }
        }
    }

    /// Exact five squares of `color` anywhere (table-filtered scan).
    pub(super) fn fives_all(&self, color: Color, out: &mut Squares) {
        if self.p4count[color.index()][P4_FIVE as usize] == 0 {
            return;
        }
        self.for_each_candidate(|p, _| {
            if self.would_win(p, color) {
                out.push(p);
            }
        });
    }

    /// Is `p` still a five square of `color`?
    #[inline]
    pub(super) fn is_five_square(&self, p: usize, color: Color) -> bool {
        self.cells[p] == EMPTY && self.would_win(p, color)
    }

    /// The moves of `def` that kill every five square in `fives` (of the other
    /// colour), legal for `def`, ascending. Non-caro: a five is killed only by
    /// occupying it. Caro: also by a stone just past the end of the five, so the
    /// squares on the lines around the fives are tried.
    pub(super) fn five_defences(&mut self, fives: &[u16], def: Color, out: &mut Squares) {
        let att = def.other();
        if self.rule != Rule::Caro {
            if fives.len() == 1 {
                let f = fives[0] as usize;
                if self.legal_for(f, def) {
                    out.push(f);
                }
            }
            return;
        }
        // A caro five dies when its square is taken or when it would be blocked at
        // both ends: the candidates are the five squares and the empty squares just
        // past the attacker's runs through them.
        let own = att.index() as u8 + 1;
        let mut cand: Vec<u16> = Vec::with_capacity(9 * fives.len());
        for &f in fives {
            cand.push(f);
            for &dd in &self.dirs {
                for dir in [-dd, dd] {
                    let mut q = (f as isize + dir) as usize;
                    while self.cells[q] == own {
                        q = (q as isize + dir) as usize;
                    }
                    if self.cells[q] == EMPTY {
                        cand.push(q as u16);
                    }
                }
            }
        }
        cand.sort_unstable();
        cand.dedup();
        for q in cand {
            let q = q as usize;
            self.place_at(q, def);
            let alive = fives.iter().any(|&f| self.is_five_square(f as usize, att));
            self.unplace();
            if !alive {
                out.push(q);
            }
        }
    }

    /// After `att`'s stone on `p`: is that a four the defender cannot stop (or whose
    /// stops are all illegal)? Returns the five squares through `p` too.
    pub(super) fn unstoppable_after(&mut self, p: usize, att: Color, fives: &mut Squares) -> bool {
        self.fives_through(p, att, fives);
        if fives.is_empty() {
            return false;
        }
        let mut d = Squares::new();
        self.five_defences(fives.as_slice(), att.other(), &mut d);
        d.is_empty()
    }
}
