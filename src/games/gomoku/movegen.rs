//! Move generation and ordering, in layers: our immediate win; else the blocks of
//! the opponent's five threat; else, against his open four or four-three, the
//! defences; else every candidate square (near a stone). Each move carries its
//! ordering score: winning moves, then (standard and caro only) fours, then open
//! threes, then the rest, within a tier attack + defence from the combination
//! tables.

use super::pattern::{self, EMPTY, P4_FIVE, POW11};
use super::{Gomoku, Rule, BORDER};
use crate::games::{Color, Move, ScoredMove};

/// Move-ordering tier step (above any attack + defence value).
const ORDER_TIER: i32 = 100_000;

/// A combined class that must be answered next move: an open four or a four-three.
#[inline]
pub(super) fn threatens(k: u8) -> bool {
    k == pattern::P4_FLEX4 || k == pattern::P4_BLOCK4_FLEX3
}

impl Gomoku {
    /// The moves worth searching (the layers above), scored for ordering. The first
    /// move of the game is the centre.
    pub(super) fn gen_moves(&self, out: &mut Vec<ScoredMove>) {
        if self.hist.is_empty() {
            let p = self.pos(self.width / 2, self.height / 2);
            if self.cells[p] == EMPTY {
                out.push(ScoredMove {
                    mv: self.move_of(p),
                    score: 0,
                });
            }
            return;
        }
        if self.gen_win(out) || self.gen_block_five(out) || self.gen_defend(out) {
            return;
        }
        self.gen_all(out);
    }

    /// Calls `f(pos, move)` for every empty candidate square (a stone within
    /// Chebyshev distance 2), ascending.
    #[inline]
    pub(super) fn for_each_candidate(&self, mut f: impl FnMut(usize, Move)) {
        let s = self.stride;
        for r in BORDER..BORDER + self.height {
            let near = self.rows[r - 2]
                | self.rows[r - 1]
                | self.rows[r]
                | self.rows[r + 1]
                | self.rows[r + 2];
            let near = near | near << 1 | near << 2 | near >> 1 | near >> 2;
            let mut bits = near & !self.rows[r] & self.columns;
            while bits != 0 {
                let p = r * s + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(p, self.moves[p]);
            }
        }
    }

    /// Layer 1: our immediate win (lowest index), if any.
    fn gen_win(&self, out: &mut Vec<ScoredMove>) -> bool {
        let us = self.stm;
        if self.p4count[us.index()][P4_FIVE as usize] == 0 {
            return false;
        }
        let mut found = None;
        self.for_each_candidate(|p, mv| {
            if found.is_none() && self.would_win(p, us) {
                found = Some(mv);
            }
        });
        match found {
            Some(mv) => {
                out.push(ScoredMove {
                    mv,
                    score: i32::from(i16::MAX),
                });
                true
            }
            None => false,
        }
    }

    /// Layer 2: the opponent threatens a five: only the legal blocks (maybe none).
    fn gen_block_five(&self, out: &mut Vec<ScoredMove>) -> bool {
        let us = self.stm;
        let them = us.other();
        if self.p4count[them.index()][P4_FIVE as usize] == 0 {
            return false;
        }
        let mut fives = Vec::new();
        self.for_each_candidate(|p, _| {
            if self.would_win(p, them) {
                fives.push(p);
            }
        });
        if fives.is_empty() {
            return false;
        }
        if self.rule == Rule::Caro {
            // A caro five also dies when blocked at both ends: the empty squares just
            // past the opponent's runs through the five squares defend too.
            let own = them.index() as u8 + 1;
            for i in 0..fives.len() {
                let f = fives[i];
                for &dd in &self.dirs {
                    let ends = [-dd, dd].map(|dir| {
                        let mut q = (f as isize + dir) as usize;
                        let mut n = 0;
                        while self.cells[q] == own {
                            q = (q as isize + dir) as usize;
                            n += 1;
                        }
                        (q, n)
                    });
                    // Only along a line where the five square makes five or more.
                    if ends[0].1 + ends[1].1 >= 4 {
                        for (q, _) in ends {
                            if self.cells[q] == EMPTY {
                                fives.push(q);
                            }
                        }
                    }
                }
            }
            fives.sort_unstable();
            fives.dedup();
        }
        for p in fives {
            if self.legal_for(p, us) {
                out.push(ScoredMove {
                    mv: self.move_of(p),
                    score: self.order_score(p),
                });
            }
        }
        true
    }

    /// The empty squares that would complete five for `c` with stones on `w` and the
    /// line through it: the five squares of the fours a stone on `w` makes (every
    /// five-square window through `w` holding four of `c`'s stones with `w` and no
    /// other colour; an overline window counts too, which only adds squares).
    fn four_five_squares(&self, w: usize, c: Color, out: &mut Vec<usize>) {
        let own = c.index() as u8 + 1;
        for &dd in &self.dirs {
            for start in -4isize..=0 {
                let mut mine = 0;
                let mut empty = None;
                let mut ok = true;
                for i in 0..5 {
                    let k = start + i;
                    if k == 0 {
                        continue;
                    }
                    let q = (w as isize + k * dd) as usize;
                    match self.cells[q] {
                        x if x == own => mine += 1,
                        EMPTY if empty.is_none() => empty = Some(q),
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if let (true, 3, Some(q)) = (ok, mine, empty) {
                    out.push(q);
                }
            }
        }
    }

    /// Layer 2b: the opponent can make an open four or a four-three next move: only
    /// the squares that spoil every such threat (found among the squares on the
    /// threats' lines that hold a three or four of his; caro, or when no square
    /// spoils them all: all those squares), our own fours, and against a four-three
    /// the squares on the lines through its four's five square: a stone there can
    /// turn our forced block into a four of ours (a counter-defence, as Rapfi's move
    /// generator has it). When that block already makes a four of ours, every move is
    /// generated. Renju: a forbidden square is no threat of black's. Where the
    /// tables' threats can be false (standard, caro, renju black) each is checked
    /// exactly first ([`Gomoku::real_threat`]): a false one once cut the defender's
    /// moves, and the search proved wins that were none
    /// (docs/experiments/gomoku-search.md#false-four-threes-cut-the-defences).
    fn gen_defend(&self, out: &mut Vec<ScoredMove>) -> bool {
        let us = self.stm;
        let them = us.other();
        let t = them.index();
        let count = self.p4count[t][pattern::P4_FLEX4 as usize]
            + self.p4count[t][pattern::P4_BLOCK4_FLEX3 as usize];
        if count == 0 {
            return false;
        }
        let exact = self.threat_tables_exact(them);
        let mut threats = Vec::new();
        self.for_each_candidate(|p, _| {
            let k = self.combo(p, t).p4;
            if threatens(k) && self.legal_for(p, them) && (exact || self.real_threat(p, them)) {
                threats.push(p);
            }
        });
        if threats.is_empty() {
            return false;
        }
        let reach: isize = if self.rule == Rule::Caro { 5 } else { 4 };
        let u = us.index();
        // The five squares of the fours that the four-three squares make.
        let mut blocks = Vec::new();
        for &w in &threats {
            if self.combo(w, t).p4 == pattern::P4_BLOCK4_FLEX3 {
                self.four_five_squares(w, them, &mut blocks);
            }
        }
        for &b in &blocks {
            let k = self.combo(b, u).p4;
            if k >= pattern::P4_BLOCK4 && k != pattern::P4_FORBID {
                return false;
            }
        }
        // The empty squares within reach of `w` along direction `dd`.
        let along = |w: usize, dd: isize, out: &mut Vec<usize>| {
            for k in (-reach..=reach).filter(|&k| k != 0) {
                let q = (w as isize + k * dd) as usize;
                if self.cells[q] == EMPTY {
                    out.push(q);
                }
            }
        };
        // The squares on his threats' lines (those holding a three or four of his:
        // a stone on another line leaves the threat as it is).
        let mut line = Vec::new();
        for &w in &threats {
            line.push(w);
            for (d, &dd) in self.dirs.iter().enumerate() {
                if (pattern::F3..=pattern::FORBID).contains(&self.info[w].pat[d][t]) {
                    along(w, dd, &mut line);
                }
            }
        }
        // Of those, only the ones that spoil every threat (caro keeps all: a stone
        // past a five's end matters there). If none does, all stay.
        if self.rule != Rule::Caro {
            let code = us.index() as u16 + 1;
            let spoiling: Vec<usize> = line
                .iter()
                .copied()
                .filter(|&q| threats.iter().all(|&w| self.spoils(q, w, t, code)))
                .collect();
            if !spoiling.is_empty() {
                line = spoiling;
            }
        }
        let mut squares = line;
        for &b in &blocks {
            squares.push(b);
            for &dd in &self.dirs {
                along(b, dd, &mut squares);
            }
        }
        self.for_each_candidate(|p, _| {
            let k = self.combo(p, u).p4;
            if k >= pattern::P4_BLOCK4 {
                squares.push(p);
            }
        });
        squares.sort_unstable();
        squares.dedup();
        for p in squares {
            if self.legal_for(p, us) {
                out.push(ScoredMove {
                    mv: self.move_of(p),
                    score: self.order_score(p),
                });
            }
        }
        true
    }

    /// Does a stone of stone code `code` on empty square `q` leave colour `t`'s threat
    /// square `w` without its open four or four-three? From the window codes alone
    /// (the stone changes only the line through both). Renju black: a square the
    /// table calls maybe forbidden counts as spoiled (the exact test is not run).
    pub(super) fn spoils(&self, q: usize, w: usize, t: usize, code: u16) -> bool {
        if q == w {
            return true;
        }
        let diff = q as isize - w as isize;
        let mut c = self.info[w].code[t] as i32;
        for (d, &dd) in self.dirs.iter().enumerate() {
            let shift = (1..=4isize).find_map(|k| {
                if diff == k * dd {
                    Some(2 * (k + 3))
                } else if diff == -k * dd {
                    Some(2 * (4 - k))
                } else {
                    None
                }
            });
            if let Some(s) = shift {
                let key = self.info[w].keys[d] ^ (code << s);
                let np = self.lines[key as usize][t];
                c += (i32::from(np) - i32::from(self.info[w].pat[d][t])) * POW11[d];
                break;
            }
        }
        let combo = &self.combos[t][c as usize];
        !threatens(combo.p4)
            || (self.rule == Rule::Renju && t == Color::Black.index() && combo.maybe_forbidden)
    }

    /// Ordering score of empty square `p` for the side to move: winning moves (open
    /// four, four-three) first; in standard and caro then fours, then open threes;
    /// then the rest; within a tier attack + defence. In freestyle and renju plain
    /// fours and threes rank by their values with the rest
    /// (docs/experiments/gomoku-search.md#plain-fours-and-threes-pruned-in-freestyle,
    /// #plain-fours-and-threes-pruned-in-renju, #threes-ordered-by-their-values).
    #[inline]
    fn order_score(&self, p: usize) -> i32 {
        let us = self.stm.index();
        let a = self.combo(p, us);
        let tier = match a.p4 {
            pattern::P4_FLEX4 | pattern::P4_BLOCK4_FLEX3 | P4_FIVE => 3,
            _ if !matches!(self.rule, Rule::Standard | Rule::Caro) => 0,
            pattern::P4_BLOCK4 | pattern::P4_BLOCK4_PLUS => 2,
            pattern::P4_FLEX3 | pattern::P4_FLEX3_PLUS | pattern::P4_FLEX3_2X => 1,
            _ => 0,
        };
        tier * ORDER_TIER + a.att as i32 + self.combo(p, 1 - us).def as i32
    }

    /// Layer 3: every candidate square (renju black: not forbidden), scored.
    fn gen_all(&self, out: &mut Vec<ScoredMove>) {
        let us = self.stm;
        let check_forbidden = self.rule == Rule::Renju && us == Color::Black;
        self.for_each_candidate(|p, mv| {
            if check_forbidden && self.forbidden_at(p) {
                return;
            }
            out.push(ScoredMove {
                mv,
                score: self.order_score(p),
            });
        });
    }
}
