//! Exact rule checks on the padded board: wins per rule and renju forbidden points.
//!
//! These read the board directly (no tables), so they are the ground truth; the
//! board only calls them when the pattern tables say a square *might* be a five or a
//! forbidden point. The `Gomoku` methods at the end answer rule questions about a
//! position that way: is a square forbidden, does a stone win there, which colours
//! have a winning line.

use super::pattern::{self, BLACK, EMPTY, P4_FIVE, WALL};
use super::{Gomoku, Rule};
use crate::games::{Color, Move};

/// Recursion depth of the renju three test.
pub(super) const FORBID_DEPTH: usize = 4;

/// Most virtual stones the recursive forbidden test stacks up (then gives up and
/// calls the square not forbidden).
const MAX_VIRTUAL: usize = 8;

/// Cells of one line, offsets -6..=6 around the square examined (index 6).
type Line = [u8; 13];

/// Extent (first, last index) of the run of `stone` through index `i` of `line`
/// (`line[i]` must be `stone`).
pub(super) fn run_extent(line: &[u8], i: usize, stone: u8) -> (usize, usize) {
    let mut a = i;
    while a > 0 && line[a - 1] == stone {
        a -= 1;
    }
    let mut b = i;
    while b + 1 < line.len() && line[b + 1] == stone {
        b += 1;
    }
    (a, b)
}

/// Extent of the black run through index `i`.
fn run(line: &Line, i: usize) -> (usize, usize) {
    run_extent(line, i, BLACK)
}

/// Fours through the centre (black) of `line`: 0, 1 (one four, or a straight four)
/// or 2 (two fours in this one line). A four = an empty square completing an exact
/// five that contains the centre.
fn four_count(line: &Line) -> usize {
    let fives = five_squares(line, BLACK, Rule::Renju);
    match fives.count_ones() {
        // Two five squares five apart: one straight four.
        2 if fives >> fives.trailing_zeros() == 0b100001 => 1,
        n => (n as usize).min(2),
    }
}

/// The squares (a bit per index of `line`) where a stone `own` completes a run through
/// index 6 that wins under `rule`.
fn five_squares(line: &Line, own: u8, rule: Rule) -> u16 {
    let mut found = 0;
    for i in 2..=10 {
        if line[i] != EMPTY {
            continue;
        }
        let mut l = *line;
        l[i] = own;
        let (a, b) = run_extent(&l, i, own);
        if a > 6 || b < 6 {
            continue;
        }
        // A run of five through index 6 lies within 2..=10: its ends are in the line.
        let wins = run_wins(rule, own == BLACK, b - a + 1, || {
            l[a - 1] != EMPTY && l[b + 1] != EMPTY
        });
        if wins {
            found |= 1 << i;
        }
    }
    found
}

/// A read-only board plus a few virtual black stones (for the recursive renju test).
pub struct VBoard<'a> {
    cells: &'a [u8],
    dirs: [isize; 4],
    extra: [usize; MAX_VIRTUAL],
    n: usize,
}

impl<'a> VBoard<'a> {
    pub fn new(cells: &'a [u8], dirs: [isize; 4]) -> VBoard<'a> {
        VBoard {
            cells,
            dirs,
            extra: [0; MAX_VIRTUAL],
            n: 0,
        }
    }

    #[inline]
    fn get(&self, i: usize) -> u8 {
        if self.extra[..self.n].contains(&i) {
            BLACK
        } else {
            // Lines reach 6 squares out, one past the border: outside is wall.
            self.cells.get(i).copied().unwrap_or(WALL)
        }
    }

    #[inline]
    fn step(i: usize, d: isize, k: isize) -> usize {
        // Off the array (negative) wraps to a huge index, which `get` reads as wall.
        (i as isize).wrapping_add(d * k) as usize
    }

    /// The line through `p` along `d`: offsets -6..=6 (index 6 is `p`).
    fn line(&self, p: usize, d: isize) -> Line {
        let mut l = [EMPTY; 13];
        for (k, cell) in l.iter_mut().enumerate() {
            *cell = self.get(Self::step(p, d, k as isize - 6));
        }
        l
    }

    /// Is empty square `p` forbidden for black (RIF renju)? `depth` bounds the
    /// recursion through the threes' completion squares.
    pub fn forbidden(&mut self, p: usize, depth: usize) -> bool {
        let mask = self.busy_lines(p);
        self.forbidden_in(p, depth, mask)
    }

    /// Directions with at least 2 black stones within distance 4 of `p` (a line with
    /// fewer holds no three, four, five or overline through `p`).
    fn busy_lines(&self, p: usize) -> u8 {
        let mut mask = 0;
        for (j, &d) in self.dirs.iter().enumerate() {
            let n = (1..=4)
                .flat_map(|k| [Self::step(p, d, k), Self::step(p, d, -k)])
                .filter(|&i| self.get(i) == BLACK)
                .count();
            if n >= 2 {
                mask |= 1 << j;
            }
        }
        mask
    }

    /// [`VBoard::forbidden`] looking only at the directions in `mask` (bit j for
    /// direction j). The caller must know the other lines hold no five, overline,
    /// four or three through `p` (the pattern tables tell).
    pub fn forbidden_in(&mut self, p: usize, depth: usize, mask: u8) -> bool {
        if self.n >= MAX_VIRTUAL - 1 || self.get(p) != EMPTY {
            return false;
        }
        self.extra[self.n] = p;
        self.n += 1;
        let res = self.forbidden_placed(p, depth, mask);
        self.n -= 1;
        res
    }

    fn forbidden_placed(&mut self, p: usize, depth: usize, mask: u8) -> bool {
        let dirs = self.dirs;
        let mut lines = [[EMPTY; 13]; 4];
        let mut over = false;
        for j in (0..4).filter(|&j| mask & (1 << j) != 0) {
            lines[j] = self.line(p, dirs[j]);
            let (a, b) = run(&lines[j], 6);
            let len = b - a + 1;
            if len == 5 {
                return false;
            }
            if len >= 6 {
                over = true;
            }
        }
        if over {
            return true;
        }
        let mut fours = 0;
        let mut no_four = [false; 4];
        for j in (0..4).filter(|&j| mask & (1 << j) != 0) {
            let n = four_count(&lines[j]);
            if n == 0 {
                no_four[j] = true;
            }
            fours += n;
        }
        if fours >= 2 {
            return true;
        }
        let mut threes = 0;
        for j in 0..4 {
            if no_four[j] && self.is_three(p, dirs[j], &lines[j], depth) {
                threes += 1;
                if threes >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// With a black stone put on empty `p`: is the line along `d` a real three (no
    /// four there, and some straight-four square on it is not forbidden)?
    pub fn real_three(&mut self, p: usize, d: isize, depth: usize) -> bool {
        if self.n >= MAX_VIRTUAL - 1 || self.get(p) != EMPTY {
            return false;
        }
        self.extra[self.n] = p;
        self.n += 1;
        let line = self.line(p, d);
        let res = four_count(&line) == 0 && self.is_three(p, d, &line, depth);
        self.n -= 1;
        res
    }

    /// With black on `p` (no four along `d`, `line` its cells): is there an empty `q`
    /// on the line that makes a straight four through `p` and is not itself forbidden?
    fn is_three(&mut self, p: usize, d: isize, line: &Line, depth: usize) -> bool {
        // A straight four through p: 4 black cells s..=s+3 containing p (index 6),
        // empty s-1 and s+4, and no black at s-2 and s+5 (both fives exact). q is
        // the one cell of s..=s+3 still empty.
        for s in 3..=6usize {
            if line[s - 1] != EMPTY
                || line[s + 4] != EMPTY
                || line[s - 2] == BLACK
                || line[s + 5] == BLACK
            {
                continue;
            }
            let mut q = None;
            let mut ok = true;
            for (i, &cell) in line.iter().enumerate().skip(s).take(4) {
                match cell {
                    BLACK => {}
                    EMPTY if q.is_none() => q = Some(i),
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            let Some(qi) = q.filter(|_| ok) else {
                continue;
            };
            let qp = Self::step(p, d, qi as isize - 6);
            if depth == 0 || !self.forbidden(qp, depth - 1) {
                return true;
            }
        }
        false
    }
}

/// Does a run of `len` stones (of black if `black`) win under `rule`?
/// `both_ends_blocked` tells whether the squares just past both ends are an opponent
/// stone or the edge; it is asked only when it matters (caro, exactly five).
pub(super) fn run_wins(
    rule: Rule,
    black: bool,
    len: usize,
    both_ends_blocked: impl FnOnce() -> bool,
) -> bool {
    match rule {
        Rule::Freestyle => len >= 5,
        Rule::Standard => len == 5,
        Rule::Renju if black => len == 5,
        Rule::Renju => len >= 5,
        Rule::Caro => len > 5 || (len == 5 && !both_ends_blocked()),
    }
}

/// Would a stone of colour code `own` on empty `p` win under `rule`?
/// `cells` is the padded board, `dirs` the 4 line steps.
pub fn wins_at(cells: &[u8], dirs: [isize; 4], rule: Rule, own: u8, p: usize) -> bool {
    for d in dirs {
        let mut a = 1isize;
        while cells[(p as isize - a * d) as usize] == own {
            a += 1;
        }
        let mut b = 1isize;
        while cells[(p as isize + b * d) as usize] == own {
            b += 1;
        }
        // a-1 and b-1 own stones on each side.
        let len = a + b - 1;
        let win = run_wins(rule, own == BLACK, len as usize, || {
            // Past the run: not own, so blocked = anything but empty (opponent or wall).
            cells[(p as isize - a * d) as usize] != EMPTY
                && cells[(p as isize + b * d) as usize] != EMPTY
        });
        if win {
            return true;
        }
    }
    false
}

/// The rule on the board: the exact tests above, filtered by the pattern tables.
impl Gomoku {
    /// Which colours (black, white) have a line of stones on the board that wins
    /// under the rule: freestyle five or more, standard exactly five, renju black
    /// exactly five and white five or more, caro more than five or a five not blocked
    /// at both ends. Reads the board as a position, whatever order the stones came in.
    pub fn line_winners(&self) -> [bool; 2] {
        let mut won = [false; 2];
        for h in &self.hist {
            let p = h.pos as usize;
            let own = self.cells[p];
            let c = h.color.index();
            if won[c] || own == EMPTY {
                continue;
            }
            for &d in &self.dirs {
                // Each run once, from its first stone.
                if self.cells[(p as isize - d) as usize] == own {
                    continue;
                }
                let mut len = 1isize;
                while self.cells[(p as isize + len * d) as usize] == own {
                    len += 1;
                }
                let wins = run_wins(self.rule, own == BLACK, len as usize, || {
                    self.cells[(p as isize - d) as usize] != EMPTY
                        && self.cells[(p as isize + len * d) as usize] != EMPTY
                });
                if wins {
                    won[c] = true;
                    break;
                }
            }
        }
        won
    }

    /// Is the empty square `mv` forbidden for black (renju only)?
    pub fn is_forbidden(&self, mv: Move) -> bool {
        match self.pos_of(mv) {
            Some(p) => self.rule == Rule::Renju && self.cells[p] == EMPTY && self.forbidden_at(p),
            None => false,
        }
    }

    /// Every empty square forbidden for black, ascending.
    pub fn forbidden_points(&self) -> Vec<Move> {
        let mut v = Vec::new();
        if self.rule != Rule::Renju {
            return v;
        }
        for y in 0..self.height {
            for x in 0..self.width {
                let p = self.pos(x, y);
                if self.cells[p] == EMPTY && self.forbidden_at(p) {
                    v.push(Move((y * self.width + x) as u16));
                }
            }
        }
        v
    }

    /// Would a stone of `color` on the empty square `mv` win under the rule?
    pub fn wins_at(&self, mv: Move, color: Color) -> bool {
        match self.pos_of(mv) {
            Some(p) => self.cells[p] == EMPTY && self.would_win(p, color),
            None => false,
        }
    }

    /// Whether the pattern tables' open fours and four-threes of `color` are exact:
    /// where five or more wins and nothing is forbidden (freestyle, renju white).
    /// Under the other rules a line the tables read only four squares out can hold a
    /// false one: an overline or a blocked end further off spoils a five square.
    pub(super) fn threat_tables_exact(&self, color: Color) -> bool {
        self.rule == Rule::Freestyle || (self.rule == Rule::Renju && color == Color::White)
    }

    /// The exact test behind a table's open four or four-three: would a stone of
    /// `color` on empty `p` (legal for it) make a line with two winning squares, two
    /// fours, or a four and a real three (another line where one more stone makes two
    /// winning squares; renju black: on a square that is not forbidden)? Such a move
    /// wins unless the opponent answers it at once.
    pub(super) fn real_threat(&self, p: usize, color: Color) -> bool {
        let own = color.index() as u8 + 1;
        let read = |i: usize| -> u8 {
            if i == p {
                own
            } else {
                // Lines reach 6 squares out, past the border: outside is wall.
                self.cells.get(i).copied().unwrap_or(WALL)
            }
        };
        let mut lines = [[EMPTY; 13]; 4];
        let mut four_lines = 0u8;
        for (j, &d) in self.dirs.iter().enumerate() {
            lines[j] = std::array::from_fn(|k| {
                read((p as isize).wrapping_add(d * (k as isize - 6)) as usize)
            });
            let fives = five_squares(&lines[j], own, self.rule);
            if fives.count_ones() >= 2 {
                return true;
            }
            if fives != 0 {
                four_lines |= 1 << j;
            }
        }
        match four_lines.count_ones() {
            0 => return false,
            1 => {}
            _ => return true,
        }
        let renju_black = self.rule == Rule::Renju && color == Color::Black;
        (0..4).filter(|&j| four_lines & (1 << j) == 0).any(|j| {
            if renju_black {
                let mut vb = VBoard::new(&self.cells, self.dirs);
                return vb.real_three(p, self.dirs[j], FORBID_DEPTH);
            }
            (2..=10)
                .filter(|&q| q != 6 && lines[j][q] == EMPTY)
                .any(|q| {
                    let mut l = lines[j];
                    l[q] = own;
                    five_squares(&l, own, self.rule).count_ones() >= 2
                })
        })
    }

    /// Is `p` (empty) a legal move for `color` (renju black: not forbidden)?
    #[inline]
    pub(super) fn legal_for(&self, p: usize, color: Color) -> bool {
        !(self.rule == Rule::Renju && color == Color::Black && self.forbidden_at(p))
    }

    /// Exact win test for `color` on empty `p`, filtered by the tables.
    #[inline]
    pub(super) fn would_win(&self, p: usize, color: Color) -> bool {
        let c = color.index();
        self.combos[c][self.info[p].code[c] as usize].p4 == P4_FIVE
            && wins_at(&self.cells, self.dirs, self.rule, c as u8 + 1, p)
    }

    /// Renju forbidden test of an empty square (filtered by the pattern tables).
    #[inline]
    pub(super) fn forbidden_at(&self, p: usize) -> bool {
        self.combos[0][self.info[p].code[0] as usize].maybe_forbidden && self.forbidden_exact(p)
    }

    /// The exact renju forbidden test, looking only at the lines whose black table
    /// pattern could hold a five, overline, four or three.
    pub(super) fn forbidden_exact(&self, p: usize) -> bool {
        let pat = &self.info[p].pat;
        let mut mask = 0u8;
        for (d, x) in pat.iter().enumerate() {
            if x[0] >= pattern::F3 {
                mask |= 1 << d;
            }
        }
        VBoard::new(&self.cells, self.dirs).forbidden_in(p, FORBID_DEPTH, mask)
    }

    /// The exact renju forbidden test on all 4 lines (no table help; for tests).
    /// A forced win for the side to move that needs no search: a five to complete,
    /// or an open four the opponent can meet with no four of his own. The plies to
    /// the end of the game; exact under the rule.
    pub fn quick_win(&self) -> Option<u32> {
        let us = self.stm.index();
        let them = 1 - us;
        if self.p4count[us][P4_FIVE as usize] > 0 {
            // The table's five is exact where any five or more wins; else check.
            let exact = self.rule == Rule::Freestyle
                || (self.rule == Rule::Renju && self.stm == Color::White);
            if exact {
                return Some(1);
            }
            let mut found = false;
            self.for_each_candidate(|p, _| {
                found = found || self.would_win(p, self.stm);
            });
            if found {
                return Some(1);
            }
        }
        // An open four wins in 3 when the opponent has no four (table classes are
        // over-approximations, so a zero count is exact). Only where the table's open
        // four is exact: five or more wins, no forbidden point for us.
        let exact4 =
            self.rule == Rule::Freestyle || (self.rule == Rule::Renju && self.stm == Color::White);
        if exact4 && self.p4count[us][pattern::P4_FLEX4 as usize] > 0 {
            let mut fours: u16 = self.p4count[them][pattern::P4_BLOCK4 as usize..]
                .iter()
                .sum();
            if self.rule == Rule::Renju && them == Color::Black.index() {
                fours += self.p4count[them][pattern::P4_FORBID as usize];
            }
            if fours == 0 {
                return Some(3);
            }
        }
        None
    }

    /// Whether the opponent threatens to win on his next move (he has a five to
    /// complete), so the side to move must answer.
    pub fn must_answer(&self) -> bool {
        self.p4count[1 - self.stm.index()][P4_FIVE as usize] > 0
    }

    #[cfg(test)]
    pub(super) fn forbidden_unfiltered(&self, p: usize) -> bool {
        VBoard::new(&self.cells, self.dirs).forbidden(p, FORBID_DEPTH)
    }
}
