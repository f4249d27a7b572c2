//! Gomoku, rule-exact: freestyle, standard (exactly five), renju, caro.
//!
//! STUB: the public API the engine relies on. See the module docs in each file.

use super::{Color, Game, GameResult, Move, ScoredMove};

/// The winning rule.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
    /// Black: exactly five wins; overline, double-four, double-three forbidden (RIF).
    /// White: five or more wins.
    Renju,
    /// GomocupJudge's caro (rule 8): an overline wins; exactly five wins unless both
    /// ends are blocked (by an opponent stone or the board edge).
    Caro,
}

impl Rule {
    /// From the Gomocup `INFO rule` bitmask. 1 = exactly five, 2 = continuous game
    /// (ignored), 4 = renju, 8 = caro. A bare `2` is Yixin-Board's code for renju.
    pub fn from_gomocup(bits: u32) -> Rule {
        if bits == 2 || bits & 4 != 0 {
            Rule::Renju
        } else if bits & 8 != 0 {
            Rule::Caro
        } else if bits & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }
}

#[derive(Clone)]
pub struct Gomoku {
    width: usize,
    height: usize,
    rule: Rule,
}

impl Gomoku {
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Gomoku, String> {
        Ok(Gomoku {
            width,
            height,
            rule,
        })
    }
    pub fn rule(&self) -> Rule {
        self.rule
    }
    pub fn stone(&self, _mv: Move) -> Option<Color> {
        None
    }
    pub fn place(&mut self, _mv: Move, _color: Color) {}
    pub fn set_side_to_move(&mut self, _color: Color) {}
    pub fn last_move(&self) -> Option<(Move, Color)> {
        None
    }
    pub fn is_forbidden(&self, _mv: Move) -> bool {
        false
    }
    pub fn forbidden_points(&self) -> Vec<Move> {
        Vec::new()
    }
}

impl Game for Gomoku {
    fn key(&self) -> u64 {
        0
    }
    fn ply(&self) -> usize {
        0
    }
    fn side_to_move(&self) -> Color {
        Color::Black
    }
    fn result(&self) -> Option<GameResult> {
        None
    }
    fn generate(&self, _out: &mut Vec<ScoredMove>) {}
    fn legal_moves(&self, _out: &mut Vec<Move>) {}
    fn make(&mut self, _mv: Move) {}
    fn unmake(&mut self) {}
    fn evaluate(&self) -> i32 {
        0
    }
    fn dimensions(&self) -> (usize, usize) {
        (self.width, self.height)
    }
}
