//! The board: a flat padded array of cells (a border of [`BORDER`] wall cells, so
//! line walks need no bounds checks), its stones in play order, the Zobrist key and
//! the incremental pattern state. Per empty square and direction it keeps the
//! 8-neighbour window code, the per-colour line pattern (`pattern.rs`) and the
//! per-colour combination index; placing a stone updates only the 32 squares within
//! distance 4 along its 4 lines, logging what it changes, and taking it back restores
//! that log and the totals kept with the stone. Running per-colour totals of square
//! values give the evaluation, the same per-square data give the move ordering, and
//! counts of combined classes per colour let move generation skip scans (no five
//! threat -> no scan).

use super::pattern::{self, Combo, BLACK, EMPTY, NP4, P4_FIVE, POW11, WALL};
use super::rules;
use super::{eval, Rule, BORDER, MAX_SIZE, MIN_SIZE};
use crate::games::{Color, Move};
use std::sync::OnceLock;

const MAX_STRIDE: usize = MAX_SIZE + 2 * BORDER;
// A padded row fits one `u64` of `Gomoku::rows`, and the candidate walk reads the
// two rows on either side of every board row.
const _: () = assert!(MAX_STRIDE <= 64 && BORDER >= 2);

pub(super) const OUT_NONE: u8 = 0;
/// The stone completed a win under the rule.
pub(super) const OUT_WIN: u8 = 1;
/// Renju: a black stone on a forbidden point.
pub(super) const OUT_FORBIDDEN: u8 = 2;
/// A set-up stone ([`Gomoku::set_up`]) after which black / white has a line that wins
/// under the rule somewhere on the board (both bits: both have one).
pub(super) const OUT_LINE_BLACK: u8 = 4;
pub(super) const OUT_LINE_WHITE: u8 = 8;

/// Per-square incremental state.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub(super) struct Info {
    /// Window code per direction (8 neighbours, 2 bits each).
    pub(super) keys: [u16; 4],
    /// Line pattern per direction per colour (valid while the square is empty).
    pub(super) pat: [[u8; 2]; 4],
    /// Base-11 combination index per colour (valid while the square is empty).
    pub(super) code: [u16; 2],
}

#[derive(Copy, Clone, Debug)]
pub(super) struct Hist {
    pub(super) pos: u16,
    pub(super) color: Color,
    pub(super) outcome: u8,
    /// Where this stone's entries start in [`Gomoku::changes`].
    changes: u32,
    /// The running totals and class counts before the stone went down.
    tot_move: [i32; 2],
    tot_wait: [i32; 2],
    p4count: [[u16; NP4]; 2],
}

/// An empty square's direction-`d` patterns and combination indices before a stone
/// changed them, so that taking the stone back restores them without recomputing.
#[derive(Copy, Clone, Debug)]
pub(super) struct Change {
    pos: u16,
    d: u8,
    pat: [u8; 2],
    code: [u16; 2],
}

fn zobrist() -> &'static [[u64; 2]] {
    static Z: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15 ^ 0x676F_6D6F_6B75;
        let mut next = || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        (0..MAX_STRIDE * MAX_STRIDE)
            .map(|_| [next(), next()])
            .collect()
    })
}

/// Zobrist key of "white to move".
pub(super) const SIDE_KEY: u64 = 0xD1B5_4A32_D192_ED03;

/// A gomoku position with incremental pattern state.
#[derive(Clone)]
pub struct Gomoku {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) rule: Rule,
    pub(super) stride: usize,
    pub(super) dirs: [isize; 4],
    pub(super) cells: Vec<u8>,
    pub(super) info: Vec<Info>,
    /// The stones of each padded row, one bit per padded column: the candidate
    /// squares (empty, a stone within Chebyshev distance 2) are read off them
    /// ([`Gomoku::for_each_candidate`]) without scanning the board.
    pub(super) rows: Vec<u64>,
    /// The padded columns of the board's squares.
    pub(super) columns: u64,
    /// The move of each padded square (`Move::NONE` off the board).
    pub(super) moves: Vec<Move>,
    /// The padded square of each move (by index), so that no move is divided by the
    /// width on the search's paths.
    pub(super) squares: Vec<u16>,
    pub(super) lines: &'static pattern::LineTable,
    pub(super) combos: [&'static [Combo]; 2],
    /// Per colour: the evaluation's bonus for a winning threat of the side to move and
    /// its malus for the waiting side's open four (see `evaluate`).
    pub(super) threat_terms: [[i32; 2]; 2],
    /// Per colour to move: the evaluation's value of each threat mask
    /// (`pattern::threat_mask`).
    pub(super) threat_masks: [&'static [i16; pattern::NTHREAT]; 2],
    pub(super) zob: &'static [[u64; 2]],
    /// Sum of square values per colour, as side to move / as waiting side.
    pub(super) tot_move: [i32; 2],
    pub(super) tot_wait: [i32; 2],
    /// Empty squares per colour per combined class.
    pub(super) p4count: [[u16; NP4]; 2],
    pub(super) hist: Vec<Hist>,
    /// The pattern changes of the stones in `hist`, undone by `unplace`.
    pub(super) changes: Vec<Change>,
    pub(super) stm: Color,
    pub(super) key: u64,
}

impl std::fmt::Debug for Gomoku {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Gomoku {}x{} {:?}", self.width, self.height, self.rule)?;
        for y in 0..self.height {
            for x in 0..self.width {
                let c = match self.cells[self.pos(x, y)] {
                    EMPTY => '.',
                    BLACK => 'X',
                    _ => 'O',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Gomoku {
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Gomoku, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(format!(
                "unsupported board size {width}x{height} (each side must be {MIN_SIZE}..={MAX_SIZE})"
            ));
        }
        let stride = width + 2 * BORDER;
        let rows = height + 2 * BORDER;
        let s = stride as isize;
        let dirs = [1, s, s + 1, s - 1];
        let mut cells = vec![WALL; stride * rows];
        let mut moves = vec![Move::NONE; stride * rows];
        let mut squares = vec![0u16; width * height];
        for y in 0..height {
            for x in 0..width {
                let p = (y + BORDER) * stride + x + BORDER;
                cells[p] = EMPTY;
                moves[p] = Move((y * width + x) as u16);
                squares[y * width + x] = p as u16;
            }
        }
        let mut g = Gomoku {
            width,
            height,
            rule,
            stride,
            dirs,
            cells,
            info: vec![Info::default(); stride * rows],
            rows: vec![0; rows],
            columns: ((1u64 << width) - 1) << BORDER,
            moves,
            squares,
            lines: pattern::line_table(rule),
            combos: eval::combo_tables(rule, true),
            threat_terms: eval::threat_terms(rule, true),
            threat_masks: eval::threat_masks(rule, true),
            zob: zobrist(),
            tot_move: [0; 2],
            tot_wait: [0; 2],
            p4count: [[0; NP4]; 2],
            hist: Vec::with_capacity(width * height),
            changes: Vec::with_capacity(32 * width * height),
            stm: Color::Black,
            key: 0,
        };
        g.init_state();
        Ok(g)
    }

    /// Builds the window codes and pattern state from `cells` (only used at creation
    /// and by the consistency tests).
    pub(super) fn init_state(&mut self) {
        self.tot_move = [0; 2];
        self.tot_wait = [0; 2];
        self.p4count = [[0; NP4]; 2];
        for p in 0..self.cells.len() {
            let mut info = Info::default();
            if self.cells[p] != WALL {
                for (d, &dd) in self.dirs.iter().enumerate() {
                    let mut key = 0u16;
                    for k in 1..=4isize {
                        let lo = p as isize - k * dd;
                        let hi = p as isize + k * dd;
                        let cl = self.cell_or_wall(lo);
                        let ch = self.cell_or_wall(hi);
                        key |= (cl as u16) << (2 * (4 - k));
                        key |= (ch as u16) << (2 * (k + 3));
                    }
                    info.keys[d] = key;
                }
            }
            self.info[p] = info;
            if self.cells[p] == EMPTY {
                self.add_square(p);
            }
        }
    }

    #[inline]
    fn cell_or_wall(&self, i: isize) -> u8 {
        if i < 0 {
            WALL
        } else {
            self.cells.get(i as usize).copied().unwrap_or(WALL)
        }
    }

    #[inline]
    pub(super) fn pos(&self, x: usize, y: usize) -> usize {
        (y + BORDER) * self.stride + x + BORDER
    }

    /// Padded position of a move, if it is on the board.
    #[inline]
    pub(super) fn pos_of(&self, mv: Move) -> Option<usize> {
        self.squares.get(mv.index()).map(|&p| usize::from(p))
    }

    #[inline]
    pub(super) fn move_of(&self, pos: usize) -> Move {
        self.moves[pos]
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn stone(&self, mv: Move) -> Option<Color> {
        match self.cells[self.pos_of(mv)?] {
            BLACK => Some(Color::Black),
            pattern::WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Puts a stone of `color` on the empty square `mv` (set-up or [`Game::make`]);
    /// `unmake` takes it back. Ignored if `mv` is off the board or occupied (use
    /// [`Gomoku::try_place`] to learn about that).
    pub fn place(&mut self, mv: Move, color: Color) {
        let _ = self.try_place(mv, color);
    }

    /// [`Gomoku::place`], reporting an off-board or occupied square.
    pub fn try_place(&mut self, mv: Move, color: Color) -> Result<(), String> {
        let p = self
            .pos_of(mv)
            .ok_or_else(|| format!("move {} is off the board", mv.0))?;
        if self.cells[p] != EMPTY {
            return Err(format!("square {} is occupied", mv.0));
        }
        self.place_at(p, color);
        Ok(())
    }

    /// Puts a stone of `color` on the empty square `mv` as part of a set-up position
    /// (a Gomocup BOARD, a FEN), where the order of the stones means nothing: the
    /// stone is not judged (a black stone is never forbidden, the stone "completing" a
    /// line is not special). The game is over after it when a line on the board
    /// already wins under the rule ([`Gomoku::line_winners`]), whoever made it. The
    /// pattern state is updated as by [`Gomoku::place`]; `unmake` takes it back.
    pub fn set_up(&mut self, mv: Move, color: Color) -> Result<(), String> {
        let p = self
            .pos_of(mv)
            .ok_or_else(|| format!("move {} is off the board", mv.0))?;
        if self.cells[p] != EMPTY {
            return Err(format!("square {} is occupied", mv.0));
        }
        self.put(p, color, OUT_NONE);
        let [black, white] = self.line_winners();
        if let Some(h) = self.hist.last_mut() {
            h.outcome =
                if black { OUT_LINE_BLACK } else { 0 } | if white { OUT_LINE_WHITE } else { 0 };
        }
        Ok(())
    }

    pub fn set_side_to_move(&mut self, color: Color) {
        if color != self.stm {
            self.key ^= SIDE_KEY;
            self.stm = color;
        }
    }

    /// Every stone in the order it was placed.
    pub fn history(&self) -> Vec<(Move, Color)> {
        self.hist
            .iter()
            .map(|h| (self.move_of(h.pos as usize), h.color))
            .collect()
    }

    pub fn last_move(&self) -> Option<(Move, Color)> {
        self.hist
            .last()
            .map(|h| (self.move_of(h.pos as usize), h.color))
    }

    #[inline]
    pub(super) fn combo(&self, p: usize, c: usize) -> &Combo {
        &self.combos[c][self.info[p].code[c] as usize]
    }

    /// Adds an empty square's values (recomputing its patterns from its keys).
    fn add_square(&mut self, p: usize) {
        let keys = self.info[p].keys;
        let pat = keys.map(|k| self.lines[k as usize]);
        self.info[p].pat = pat;
        for c in 0..2 {
            let code: i32 = pat.iter().zip(POW11).map(|(x, w)| x[c] as i32 * w).sum();
            self.info[p].code[c] = code as u16;
            let e = self.combos[c][code as usize];
            self.tot_move[c] += e.v_move as i32;
            self.tot_wait[c] += e.v_wait as i32;
            self.p4count[c][e.p4 as usize] += 1;
        }
    }

    /// Removes a square's values (it is being occupied).
    fn remove_square(&mut self, p: usize) {
        for c in 0..2 {
            let e = self.combos[c][self.info[p].code[c] as usize];
            self.tot_move[c] -= e.v_move as i32;
            self.tot_wait[c] -= e.v_wait as i32;
            self.p4count[c][e.p4 as usize] -= 1;
        }
    }

    /// Recomputes the direction-`d` patterns of empty square `q` after its key changed.
    #[inline(always)]
    fn refresh(&mut self, q: usize, d: usize) {
        let npp = self.lines[self.info[q].keys[d] as usize];
        let opp = self.info[q].pat[d];
        if npp == opp {
            return;
        }
        self.changes.push(Change {
            pos: q as u16,
            d: d as u8,
            pat: opp,
            code: self.info[q].code,
        });
        self.info[q].pat[d] = npp;
        for c in 0..2 {
            let (np, op) = (npp[c], opp[c]);
            if np != op {
                let oc = self.info[q].code[c] as i32;
                let nc = oc + (np as i32 - op as i32) * POW11[d];
                self.info[q].code[c] = nc as u16;
                let o = self.combos[c][oc as usize];
                let n = self.combos[c][nc as usize];
                self.tot_move[c] += n.v_move as i32 - o.v_move as i32;
                self.tot_wait[c] += n.v_wait as i32 - o.v_wait as i32;
                self.p4count[c][o.p4 as usize] -= 1;
                self.p4count[c][n.p4 as usize] += 1;
            }
        }
    }

    /// XORs stone code `code` into the windows of the squares along the 4 lines
    /// through `p`, refreshing the empty ones unless `UNDO` (then `unplace` restores
    /// their patterns from `changes`).
    #[inline(always)]
    fn update_lines<const UNDO: bool>(&mut self, p: usize, code: u16) {
        for d in 0..4 {
            let dd = self.dirs[d];
            for k in 1..=4usize {
                let q = (p as isize - dd * k as isize) as usize;
                let cq = self.cells[q];
                if cq == WALL {
                    break;
                }
                self.info[q].keys[d] ^= code << (2 * (k + 3));
                if !UNDO && cq == EMPTY {
                    self.refresh(q, d);
                }
            }
            for k in 1..=4usize {
                let q = (p as isize + dd * k as isize) as usize;
                let cq = self.cells[q];
                if cq == WALL {
                    break;
                }
                self.info[q].keys[d] ^= code << (2 * (4 - k));
                if !UNDO && cq == EMPTY {
                    self.refresh(q, d);
                }
            }
        }
    }

    /// Sets or clears the stone bit of padded square `q` in [`Gomoku::rows`].
    #[inline]
    fn mark_stone(&mut self, q: usize, on: bool) {
        let bit = 1u64 << (q % self.stride);
        if on {
            self.rows[q / self.stride] |= bit;
        } else {
            self.rows[q / self.stride] &= !bit;
        }
    }

    pub(super) fn place_at(&mut self, p: usize, color: Color) {
        let c = color.index();
        // Outcome flags, decided on the board before the stone goes down.
        let combo = *self.combo(p, c);
        let mut outcome = OUT_NONE;
        if combo.p4 == P4_FIVE && rules::wins_at(&self.cells, self.dirs, self.rule, c as u8 + 1, p)
        {
            outcome = OUT_WIN;
        } else if self.rule == Rule::Renju
            && color == Color::Black
            && combo.maybe_forbidden
            && self.forbidden_exact(p)
        {
            outcome = OUT_FORBIDDEN;
        }
        self.put(p, color, outcome);
    }

    /// Puts the stone down and updates the incremental state, with `outcome` recorded.
    fn put(&mut self, p: usize, color: Color, outcome: u8) {
        let c = color.index();
        self.hist.push(Hist {
            pos: p as u16,
            color,
            outcome,
            changes: self.changes.len() as u32,
            tot_move: self.tot_move,
            tot_wait: self.tot_wait,
            p4count: self.p4count,
        });
        self.remove_square(p);
        let code = c as u16 + 1;
        self.cells[p] = code as u8;
        self.mark_stone(p, true);
        self.update_lines::<false>(p, code);
        self.key ^= self.zob[p][c];
        self.set_side_to_move(color.other());
    }

    pub(super) fn unplace(&mut self) {
        let Some(h) = self.hist.pop() else {
            return;
        };
        let p = h.pos as usize;
        let c = h.color.index();
        self.cells[p] = EMPTY;
        self.update_lines::<true>(p, c as u16 + 1);
        for ch in self.changes.drain(h.changes as usize..) {
            let info = &mut self.info[ch.pos as usize];
            info.pat[ch.d as usize] = ch.pat;
            info.code = ch.code;
        }
        self.mark_stone(p, false);
        // The square's own patterns were not touched while it was occupied.
        self.tot_move = h.tot_move;
        self.tot_wait = h.tot_wait;
        self.p4count = h.p4count;
        self.key ^= self.zob[p][c];
        self.set_side_to_move(h.color);
    }
}
