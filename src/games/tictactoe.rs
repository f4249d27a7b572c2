//! Tic-tac-toe: 3x3, three in a row wins, a full board is a draw.
//!
//! Squares are `y * 3 + x`. The search plays it perfectly: the whole tree is tiny.

use super::{Color, Game, GameResult, Move, ScoredMove, SearchPolicy, StoneGame};

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;
// Ordering: centre, corners, edges.
const SQUARE_ORDER: [i32; 9] = [3, 1, 3, 1, 4, 1, 3, 1, 3];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    stones: [u16; 2],
    side: Color,
    history: Vec<(Move, Color)>,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

fn has_line(bits: u16) -> bool {
    // A line is made when none of its squares is missing from `bits`.
    LINES.iter().any(|&l| l & !bits == 0)
}

fn keys() -> &'static [[u64; 9]; 2] {
    static KEYS: std::sync::OnceLock<[[u64; 9]; 2]> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut seed = 0x7ac7_ac7a_u64;
        let mut k = [[0u64; 9]; 2];
        for c in k.iter_mut() {
            for v in c.iter_mut() {
                *v = crate::games::splitmix64(&mut seed);
            }
        }
        k
    })
}

const SIDE_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

impl TicTacToe {
    pub fn new() -> TicTacToe {
        TicTacToe {
            stones: [0, 0],
            side: Color::Black,
            history: Vec::with_capacity(9),
        }
    }

    fn occupied(&self) -> u16 {
        self.stones[0] | self.stones[1]
    }

    /// Squares where `color` would complete a line.
    fn winning_squares(&self, color: Color) -> u16 {
        let own = self.stones[color.index()];
        let empty = !self.occupied() & FULL;
        let mut out = 0;
        for &l in &LINES {
            let missing = l & !own;
            if missing.count_ones() == 1 && missing & empty != 0 {
                out |= missing;
            }
        }
        out
    }
}

impl StoneGame for TicTacToe {
    fn place(&mut self, mv: Move, color: Color) {
        self.stones[color.index()] |= 1 << mv.index();
        self.history.push((mv, color));
        self.side = color.other();
    }
    fn set_side_to_move(&mut self, color: Color) {
        self.side = color;
    }
    fn stone(&self, mv: Move) -> Option<Color> {
        let bit = 1u16 << mv.index();
        if self.stones[0] & bit != 0 {
            Some(Color::Black)
        } else if self.stones[1] & bit != 0 {
            Some(Color::White)
        } else {
            None
        }
    }
    fn last_move(&self) -> Option<(Move, Color)> {
        self.history.last().copied()
    }
    fn history(&self) -> Vec<(Move, Color)> {
        self.history.clone()
    }
}

/// Tic-tac-toe's search policy: full width, the whole tree is tiny (reverse
/// futility stays on, as for every game that does not turn it off, but the scores
/// are draws and mates, so it never cuts).
#[derive(Default)]
pub struct TicTacToePolicy;

impl SearchPolicy<TicTacToe> for TicTacToePolicy {}

impl Game for TicTacToe {
    type Policy = TicTacToePolicy;
    fn key(&self) -> u64 {
        let k = keys();
        let mut h = if self.side == Color::White {
            SIDE_KEY
        } else {
            0
        };
        for (c, keys) in k.iter().enumerate() {
            for (sq, key) in keys.iter().enumerate() {
                if self.stones[c] & (1 << sq) != 0 {
                    h ^= key;
                }
            }
        }
        h
    }
    fn ply(&self) -> usize {
        self.history.len()
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn result(&self) -> Option<GameResult> {
        let own = self.stones[self.side.index()];
        let opp = self.stones[self.side.other().index()];
        if has_line(opp) {
            Some(GameResult::Loss)
        } else if has_line(own) {
            Some(GameResult::Win)
        } else if self.occupied() == FULL {
            Some(GameResult::Draw)
        } else {
            None
        }
    }
    fn generate(&self, out: &mut Vec<ScoredMove>) {
        let win = self.winning_squares(self.side);
        let block = self.winning_squares(self.side.other());
        let empty = !self.occupied() & FULL;
        for (sq, &order) in SQUARE_ORDER.iter().enumerate() {
            if empty & (1 << sq) != 0 {
                let mut score = order;
                if win & (1 << sq) != 0 {
                    score += 1000;
                } else if block & (1 << sq) != 0 {
                    score += 100;
                }
                out.push(ScoredMove {
                    mv: Move(sq as u16),
                    score,
                });
            }
        }
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.result().is_some() {
            return;
        }
        let empty = !self.occupied() & FULL;
        out.extend(
            (0..9)
                .filter(|sq| empty & (1 << sq) != 0)
                .map(|sq| Move(sq as u16)),
        );
    }
    fn make(&mut self, mv: Move) {
        self.place(mv, self.side);
    }
    fn unmake(&mut self) {
        if let Some((mv, color)) = self.history.pop() {
            self.stones[color.index()] &= !(1 << mv.index());
            self.side = color;
        }
    }
    fn evaluate(&self) -> i32 {
        0
    }
    fn dimensions(&self) -> (usize, usize) {
        (3, 3)
    }
}
