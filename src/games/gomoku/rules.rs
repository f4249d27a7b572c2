//! Exact rule checks on the padded board: wins per rule and renju forbidden points.
//!
//! These read the board directly (no tables), so they are the ground truth; the
//! board only calls them when the pattern tables say a square *might* be a five or a
//! forbidden point.

use super::pattern::{BLACK, EMPTY};
use super::Rule;

/// Most virtual stones the recursive forbidden test stacks up (then gives up and
/// calls the square not forbidden).
const MAX_VIRTUAL: usize = 8;

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
            self.cells[i]
        }
    }

    #[inline]
    fn step(i: usize, d: isize, k: isize) -> usize {
        (i as isize + d * k) as usize
    }

    /// Extent of the black run through `i` along `d`: (cells before, cells after).
    fn run(&self, i: usize, d: isize) -> (isize, isize) {
        let mut a = 0;
        while self.get(Self::step(i, d, -(a + 1))) == BLACK {
            a += 1;
        }
        let mut b = 0;
        while self.get(Self::step(i, d, b + 1)) == BLACK {
            b += 1;
        }
        (a, b)
    }

    /// Squares along `d` that complete an exact five containing `p` (which holds a
    /// black stone, real or virtual). Returns (count, first two offsets).
    fn completions(&mut self, p: usize, d: isize) -> (usize, [isize; 2]) {
        let mut n = 0;
        let mut at = [0isize; 2];
        for k in (-4..=4).filter(|&k| k != 0) {
            let c = Self::step(p, d, k);
            if self.get(c) != EMPTY {
                continue;
            }
            self.extra[self.n] = c;
            self.n += 1;
            let (a, b) = self.run(c, d);
            self.n -= 1;
            // The run through c spans offsets k-a ..= k+b (relative to p).
            if a + b + 1 == 5 && k - a <= 0 && 0 <= k + b {
                if n < 2 {
                    at[n] = k;
                }
                n += 1;
            }
        }
        (n, at)
    }

    /// Is empty square `p` forbidden for black (RIF renju)? `depth` bounds the
    /// recursion through the threes' completion squares.
    pub fn forbidden(&mut self, p: usize, depth: usize) -> bool {
        if self.n >= MAX_VIRTUAL - 1 || self.get(p) != EMPTY {
            return false;
        }
        self.extra[self.n] = p;
        self.n += 1;
        let res = self.forbidden_placed(p, depth);
        self.n -= 1;
        res
    }

    fn forbidden_placed(&mut self, p: usize, depth: usize) -> bool {
        let mut over = false;
        for d in self.dirs {
            let (a, b) = self.run(p, d);
            let len = a + b + 1;
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
        let dirs = self.dirs;
        let mut fours = 0;
        let mut no_four = [false; 4];
        for (j, &d) in dirs.iter().enumerate() {
            let (n, at) = self.completions(p, d);
            if n == 0 {
                no_four[j] = true;
            } else if n == 2 && (at[1] - at[0]).abs() == 5 {
                fours += 1; // a straight four: one four
            } else {
                fours += n.min(2);
            }
        }
        if fours >= 2 {
            return true;
        }
        let mut threes = 0;
        for (j, &d) in dirs.iter().enumerate() {
            if no_four[j] && self.is_three(p, d, depth) {
                threes += 1;
                if threes >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// With black on `p` (no four along `d`): is there an empty `q` on the line that
    /// makes a straight four through `p` and is not itself forbidden?
    fn is_three(&mut self, p: usize, d: isize, depth: usize) -> bool {
        if self.n >= MAX_VIRTUAL - 1 {
            return false;
        }
        for k in (-4..=4).filter(|&k| k != 0) {
            let q = Self::step(p, d, k);
            if self.get(q) != EMPTY {
                continue;
            }
            self.extra[self.n] = q;
            self.n += 1;
            let (n, at) = self.completions(p, d);
            self.n -= 1;
            if n == 2 && (at[1] - at[0]).abs() == 5 && (depth == 0 || !self.forbidden(q, depth - 1))
            {
                return true;
            }
        }
        false
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
        let win = match rule {
            Rule::Freestyle => len >= 5,
            Rule::Standard => len == 5,
            Rule::Renju => {
                if own == BLACK {
                    len == 5
                } else {
                    len >= 5
                }
            }
            Rule::Caro => {
                if len > 5 {
                    true
                } else if len == 5 {
                    let e1 = cells[(p as isize - a * d) as usize];
                    let e2 = cells[(p as isize + b * d) as usize];
                    // Past the run: not own, so blocked = anything but empty
                    // (opponent stone or wall).
                    !(e1 != EMPTY && e2 != EMPTY)
                } else {
                    false
                }
            }
        };
        if win {
            return true;
        }
    }
    false
}
