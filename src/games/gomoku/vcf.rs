//! Threat-sequence solvers: VCF (victory by continuous fours) and, in the same core,
//! VCT (fours and threes, `vct.rs`).
//!
//! The attacker is the side to move. At an attacker node he plays a threat; at a
//! defender node the defender answers it:
//! - a **four** (the attacker now has a five square): the defender must kill every
//!   five square at once (non-caro: block the only one; two or more cannot be blocked;
//!   renju: black cannot block on a forbidden point, so white wins by forcing black
//!   onto one; caro: a stone just past the end also kills a five, so the defences are
//!   found by trying);
//! - a **three** (VCT only; the attacker now has a square making an unstoppable four):
//!   the defender may play any move that kills every such square, or any four of his
//!   own (the attacker must then block it and the threat stands).
//!
//! Every verdict is exact under the rule: five squares and forbidden points are decided
//! by the exact checks of `rules.rs` (the pattern tables only filter). The attacker
//! never ignores a five threat of the defender (he must kill it with his threat), and
//! a defender five wins for the defender, so a "win" is a real forced win.
//!
//! Each solver has its own transposition table (position key -> proven with the number
//! of attacker moves, or disproven within a depth).
//!
//! The solver core (`Core`), its table and its threat finder work on one incremental
//! state; VCT (`vct.rs`) and the entry points reuse the core rather than copy it. The
//! exact five squares and their defences it builds on are in `threat.rs`.

use super::pattern::{EMPTY, P4_BLOCK4, P4_FLEX3, P4_FORBID};
use super::threat::Squares;
use super::{Gomoku, Rule};
use crate::games::{Color, Move};

/// One transposition-table slot.
#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    /// The proving move (padded square), if proven.
    pos: u16,
    /// Remaining attacker moves the verdict was searched with.
    depth: u8,
    /// Attacker moves to the five when proven, 0 when disproven within `depth`.
    win: u8,
}

/// A solver's transposition table (allocated on first use; a clone starts empty).
#[derive(Default)]
pub struct SolverTable {
    slots: Vec<Entry>,
}

impl Clone for SolverTable {
    fn clone(&self) -> Self {
        SolverTable::default()
    }
}

impl SolverTable {
    /// Table with `2^bits` slots.
    pub fn with_bits(bits: u32) -> SolverTable {
        SolverTable {
            slots: vec![Entry::default(); 1 << bits],
        }
    }
    fn ensure(&mut self, bits: u32) {
        if self.slots.is_empty() {
            self.slots = vec![Entry::default(); 1 << bits];
        }
    }
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[(key as usize) & (self.slots.len() - 1)];
        (e.key == key && key != 0).then_some(e)
    }
    #[inline]
    fn store(&mut self, key: u64, e: Entry) {
        let n = self.slots.len();
        self.slots[(key as usize) & (n - 1)] = Entry { key, ..e };
    }
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
    }
}

/// A proven forced win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreatWin {
    /// Attacker move, defender reply, attacker move, ..., the attacker's five last.
    /// A defender slot is `Move::NONE` when the defender has no move that stops the
    /// five (two five squares, or renju black's only block is forbidden).
    pub line: Vec<Move>,
    /// Attacker moves, the five included.
    pub attacker_moves: u32,
}

impl ThreatWin {
    /// Plies from the position to the five.
    pub fn plies(&self) -> u32 {
        2 * self.attacker_moves - 1
    }
}

/// The result of one solve.
#[derive(Clone, Debug)]
pub struct SolveResult {
    pub win: Option<ThreatWin>,
    pub nodes: u64,
    /// The node budget ran out before a proof (a `None` win is then "unknown").
    pub aborted: bool,
}

/// Limits of one solve.
#[derive(Copy, Clone, Debug)]
pub struct SolveLimits {
    /// Most attacker moves in a line (the five included).
    pub depth: u32,
    /// Node budget (attacker and defender moves made).
    pub nodes: u64,
    /// Build the winning line (a proven TT entry is then followed, not returned).
    pub want_line: bool,
    /// Only threats of this combined class or stronger (`pattern::P4_*`; 0 = every
    /// four, or every three for VCT). A search-leaf dive uses four-threes and
    /// stronger.
    pub min_class: u8,
}

/// The threat-sequence core (VCF when `threes` is false).
pub(super) struct Core<'a> {
    g: &'a mut Gomoku,
    tt: &'a mut SolverTable,
    threes: bool,
    min_class: u8,
    att: Color,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    want_line: bool,
    /// The line, built backwards while unwinding a proof.
    line: Vec<u16>,
    /// Candidate buffers for reuse.
    spare: Vec<Vec<(i32, u16)>>,
    abort: Option<&'a dyn Fn() -> bool>,
}

/// Line marker for "the defender has no saving move".
const NO_MOVE: u16 = u16::MAX;
/// Depth cap stored in the table.
const MAX_SOLVE_DEPTH: u32 = 200;

impl<'a> Core<'a> {
    pub(super) fn new(
        g: &'a mut Gomoku,
        tt: &'a mut SolverTable,
        threes: bool,
        limits: &SolveLimits,
        abort: Option<&'a dyn Fn() -> bool>,
    ) -> Core<'a> {
        tt.ensure(16);
        let att = g.stm;
        Core {
            g,
            tt,
            threes,
            min_class: limits.min_class,
            att,
            nodes: 0,
            max_nodes: limits.nodes,
            aborted: false,
            want_line: limits.want_line,
            line: Vec::new(),
            spare: Vec::new(),
            abort,
        }
    }

    /// Solves the position for the side to move.
    pub(super) fn solve(mut self, limits: &SolveLimits) -> SolveResult {
        let att = self.att;
        let def = att.other();
        let depth = limits.depth.clamp(1, MAX_SOLVE_DEPTH);
        // An own five wins at once.
        let mut own = Squares::new();
        self.g.fives_all(att, &mut own);
        let win = if let Some(&f) = own.as_slice().first() {
            self.line.push(f);
            Some(1)
        } else if self.g.hist.len() >= self.g.width * self.g.height {
            None
        } else {
            let mut t = Squares::new();
            self.g.fives_all(def, &mut t);
            self.attack(depth, &t, &Squares::new())
        };
        let nodes = self.nodes;
        let aborted = self.aborted && win.is_none();
        let win = win.map(|n| {
            self.line.reverse();
            let line = self
                .line
                .iter()
                .map(|&p| {
                    if p == NO_MOVE {
                        Move::NONE
                    } else {
                        self.g.move_of(p as usize)
                    }
                })
                .collect();
            ThreatWin {
                line,
                attacker_moves: n,
            }
        });
        SolveResult {
            win,
            nodes,
            aborted,
        }
    }

    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(256) {
            if let Some(f) = self.abort {
                if f() {
                    self.aborted = true;
                }
            }
        }
        !self.aborted
    }

    /// Attacker to move; `t` = the defender's five squares (exact, all of them);
    /// `pending` = squares where the attacker had an unstoppable four when the
    /// defender answered with a four of his own (they stand if not killed).
    /// Returns the attacker moves to the five if he wins within `depth` moves.
    fn attack(&mut self, depth: u32, t: &Squares, pending: &Squares) -> Option<u32> {
        if depth < 2 || self.aborted {
            return None;
        }
        let att = self.att;
        let key = self.g.key;
        let mut first = None;
        if let Some(e) = self.tt.probe(key) {
            if e.win == 0 && u32::from(e.depth) >= depth {
                return None;
            }
            if e.win != 0 && u32::from(e.win) <= depth {
                if !self.want_line {
                    return Some(u32::from(e.win));
                }
                first = Some(e.pos as usize);
            }
        }
        // Candidate threats: kill the defender's fives if he has any.
        let mut cands = self.spare.pop().unwrap_or_default();
        cands.clear();
        if !t.is_empty() {
            let mut blocks = Squares::new();
            self.g.five_defences(t.as_slice(), att, &mut blocks);
            for &b in blocks.as_slice() {
                cands.push((self.order(b as usize), b));
            }
        } else {
            let min = if self.threes { P4_FLEX3 } else { P4_BLOCK4 }.max(self.min_class);
            let g = &*self.g;
            let c = att.index();
            g.for_each_candidate(|p, _| {
                let e = g.combo(p, c);
                if e.p4 >= min && e.p4 != P4_FORBID {
                    let order =
                        (e.p4 as i32) * 100_000 + e.att as i32 + g.combo(p, 1 - c).def as i32;
                    cands.push((order, p as u16));
                }
            });
            if g.rule == Rule::Renju && att == Color::Black {
                cands.retain(|&(_, p)| g.legal_for(p as usize, att));
            }
        }
        cands.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        if let Some(f) = first {
            if let Some(i) = cands.iter().position(|c| c.1 as usize == f) {
                let c = cands.remove(i);
                cands.insert(0, c);
            }
        }
        let forced = !t.is_empty();
        let r = self.try_threats(depth, key, &cands, forced, pending);
        self.spare.push(cands);
        r
    }

    fn try_threats(
        &mut self,
        depth: u32,
        key: u64,
        cands: &[(i32, u16)],
        forced: bool,
        pending: &Squares,
    ) -> Option<u32> {
        let att = self.att;
        let start = self.line.len();
        for &(_, p) in cands {
            let p = p as usize;
            if !self.count_node() {
                return None;
            }
            self.g.place_at(p, att);
            let r = self.defend(depth - 1, p, if forced { pending } else { &EMPTY_SQ });
            self.g.unplace();
            match r {
                Some(n) => {
                    let n = n + 1;
                    if self.want_line {
                        self.line.push(p as u16);
                    }
                    self.tt.store(
                        key,
                        Entry {
                            key,
                            pos: p as u16,
                            depth: depth.min(255) as u8,
                            win: n.min(255) as u8,
                        },
                    );
                    return Some(n);
                }
                None => {
                    self.line.truncate(start);
                    if self.aborted {
                        return None;
                    }
                }
            }
        }
        self.tt.store(
            key,
            Entry {
                key,
                pos: 0,
                depth: depth.min(255) as u8,
                win: 0,
            },
        );
        None
    }

    /// Ordering of attacker threat `p`: the class of the square, then its value.
    #[inline]
    fn order(&self, p: usize) -> i32 {
        let c = self.att.index();
        let e = self.g.combo(p, c);
        (e.p4 as i32) * 100_000 + e.att as i32 + self.g.combo(p, 1 - c).def as i32
    }

    /// Defender to move after the attacker's stone on `p`. `pending`: earlier
    /// unstoppable-four squares of the attacker still to answer. Returns the attacker
    /// moves still needed (after `p`) if every defence loses.
    fn defend(&mut self, depth: u32, p: usize, pending: &Squares) -> Option<u32> {
        let att = self.att;
        let def = att.other();
        let mut fives = Squares::new();
        self.g.fives_through(p, att, &mut fives);
        if !fives.is_empty() {
            // A four: the defender must kill every five square.
            let mut d = Squares::new();
            self.g.five_defences(fives.as_slice(), def, &mut d);
            if d.is_empty() {
                if self.want_line {
                    self.push_unstoppable(&fives);
                }
                return Some(1);
            }
            return self.and_over(depth, d.as_slice(), None);
        }
        if !self.threes {
            return None;
        }
        // A three: the squares where the attacker's next stone is an unstoppable four.
        let mut w = Squares::new();
        for &q in pending.as_slice() {
            if self.g.cells[q as usize] == EMPTY {
                w.push(q as usize);
            }
        }
        for &dd in &self.g.dirs {
            for k in [-4isize, -3, -2, -1, 1, 2, 3, 4] {
                let q = (p as isize + k * dd) as usize;
                if self.g.cells[q] == EMPTY
                    && self.g.combo(q, att.index()).p4 >= P4_BLOCK4
                    && self.g.combo(q, att.index()).p4 != P4_FORBID
                {
                    w.push(q);
                }
            }
        }
        let mut wins = Squares::new();
        for &q in w.as_slice() {
            if self.open_four_square(q as usize) {
                wins.push(q as usize);
            }
        }
        if wins.is_empty() || depth < 2 {
            return None;
        }
        // Defences: squares near the threats that kill them all, and the
        // defender's own fours. (Every one of them: a square left out would be a
        // defence never tried, and a false win.)
        let mut all: Vec<u16> = Vec::with_capacity(64);
        for &q in wins.as_slice() {
            all.push(q);
            for &dd in &self.g.dirs {
                for k in [-5isize, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    let s = (q as isize + k * dd) as usize;
                    if self.g.cells[s] == EMPTY {
                        all.push(s as u16);
                    }
                }
            }
        }
        {
            let g = &*self.g;
            let c = def.index();
            g.for_each_candidate(|s, _| {
                let p4 = g.combo(s, c).p4;
                if p4 >= P4_BLOCK4 && p4 != P4_FORBID {
                    all.push(s as u16);
                }
            });
        }
        all.sort_unstable();
        all.dedup();
        let mut replies = Vec::new();
        for s in all {
            let s = s as usize;
            if !self.g.legal_for(s, def) {
                continue;
            }
            self.g.place_at(s, def);
            let mut t = Squares::new();
            self.g.fives_through(s, def, &mut t);
            let mut left = Squares::new();
            for &q in wins.as_slice() {
                if self.open_four_square(q as usize) {
                    left.push(q as usize);
                }
            }
            self.g.unplace();
            if left.is_empty() || !t.is_empty() {
                replies.push((s as u16, left));
            }
        }
        if replies.is_empty() {
            // No defence: the attacker plays an unstoppable four, then the five.
            if self.want_line {
                let q = wins.as_slice()[0] as usize;
                self.g.place_at(q, att);
                let mut f = Squares::new();
                self.g.fives_through(q, att, &mut f);
                self.push_unstoppable(&f);
                self.g.unplace();
                self.line.push(q as u16);
                self.line.push(NO_MOVE);
            }
            return Some(2);
        }
        let moves: Vec<u16> = replies.iter().map(|r| r.0).collect();
        let pend: Vec<Squares> = replies.iter().map(|r| r.1).collect();
        self.and_over(depth, &moves, Some(&pend))
    }

    /// Is empty `q` a legal attacker move giving an unstoppable four?
    fn open_four_square(&mut self, q: usize) -> bool {
        let att = self.att;
        // The defender's reply may have taken the square.
        if self.g.cells[q] != EMPTY || !self.g.legal_for(q, att) {
            return false;
        }
        // Counted (it is real work), but the caller notices an abort later.
        let _ = self.count_node();
        self.g.place_at(q, att);
        let mut f = Squares::new();
        let r = self.g.unstoppable_after(q, att, &mut f);
        self.g.unplace();
        r
    }

    /// Pushes (backwards) the end of a line after an unstoppable four with five
    /// squares `fives`: the defender's block (or none) and the attacker's five.
    fn push_unstoppable(&mut self, fives: &Squares) {
        let att = self.att;
        let def = att.other();
        let f0 = fives.as_slice()[0] as usize;
        if self.g.legal_for(f0, def) && fives.len() >= 2 {
            self.g.place_at(f0, def);
            let rest = fives.as_slice()[1..]
                .iter()
                .copied()
                .find(|&f| self.g.is_five_square(f as usize, att));
            self.g.unplace();
            if let Some(f) = rest {
                self.line.push(f);
                self.line.push(f0 as u16);
                return;
            }
        }
        self.line.push(f0 as u16);
        self.line.push(NO_MOVE);
    }

    /// Every defender reply in `moves` must lose. `pend[i]`: the attacker's
    /// unstoppable squares still standing after reply `i` (a defender four).
    fn and_over(&mut self, depth: u32, moves: &[u16], pend: Option<&[Squares]>) -> Option<u32> {
        let att = self.att;
        let def = att.other();
        let start = self.line.len();
        let mut kept = start;
        let mut worst = 0;
        for (i, &s) in moves.iter().enumerate() {
            let s = s as usize;
            if !self.count_node() {
                return None;
            }
            self.g.place_at(s, def);
            let mut t = Squares::new();
            self.g.fives_through(s, def, &mut t);
            let pending = pend.map_or(EMPTY_SQ, |v| v[i]);
            let r = self.attack(depth, &t, &pending);
            self.g.unplace();
            match r {
                Some(n) => {
                    worst = worst.max(n);
                    if i == 0 {
                        if self.want_line {
                            self.line.push(s as u16);
                        }
                        kept = self.line.len();
                    } else {
                        self.line.truncate(kept);
                    }
                }
                None => {
                    self.line.truncate(start);
                    return None;
                }
            }
        }
        Some(worst)
    }
}

static EMPTY_SQ: Squares = Squares::new();

/// Victory by continuous fours for the side to move.
/// `abort` is polled every 256 nodes.
pub fn solve_vcf(
    g: &mut Gomoku,
    tt: &mut SolverTable,
    limits: &SolveLimits,
    abort: Option<&dyn Fn() -> bool>,
) -> SolveResult {
    Core::new(g, tt, false, limits, abort).solve(limits)
}

/// Default VCF limits: effectively unbounded depth.
pub const VCF_DEPTH: u32 = 100;
