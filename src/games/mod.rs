//! Games: rules, move generation and evaluation, one folder per game.
//!
//! The search is generic over [`Game`]; [`Position`] wraps one concrete game for
//! the rooms that do not care which. [`GameKind`] and `gomoku::Rule` name the games
//! and rules, once, for every dialect and tool; [`exact::ExactSolver`] is the
//! interface of a game's exact endgame solver (reversi's).
//!
//! Imports nothing above it: no search, engine, session, protocol or tools.

pub mod exact;
pub mod gomoku;
pub mod kind;
pub mod position;
pub mod reversi;
pub mod tictactoe;

use std::fmt;

pub use kind::GameKind;
pub use position::Position;

/// A move: a square index `y * width + x`, or one of the special values.
///
/// One compact type for every game so the transposition table and the
/// killer/history tables can be shared.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u16);

impl Move {
    /// No move (empty TT slot, no best move yet).
    pub const NONE: Move = Move(u16::MAX);
    /// A pass (reversi).
    pub const PASS: Move = Move(u16::MAX - 1);

    #[inline]
    pub fn from_xy(x: usize, y: usize, width: usize) -> Move {
        Move((y * width + x) as u16)
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub fn xy(self, width: usize) -> (usize, usize) {
        (self.index() % width, self.index() / width)
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self == Move::NONE
    }
}

impl Default for Move {
    fn default() -> Self {
        Move::NONE
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::NONE => write!(f, "Move(none)"),
            Move::PASS => write!(f, "Move(pass)"),
            Move(i) => write!(f, "Move({i})"),
        }
    }
}

/// The two players. `Black` moves first (in gomoku/renju the first player is black;
/// in tic-tac-toe it is X).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The outcome of a finished game, seen from the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameResult {
    Win,
    Loss,
    Draw,
}

/// Scores. A forced win in `n` plies scores `MATE - n`; a loss `-(MATE - n)`.
pub const MATE: i32 = 30_000;
/// Any score with a larger magnitude is a mate score.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_000;

/// A move with its ordering score (higher is searched first).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct ScoredMove {
    pub mv: Move,
    pub score: i32,
}

/// Which threat solver [`Game::tactical_win`] runs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tactic {
    /// Continuous forcing moves of the strongest kind only (gomoku: fours, VCF).
    Forcing,
    /// Wider threat sequences (gomoku: fours and threes, VCT); bounded and costlier.
    Threats,
}

/// A forced win found by a game's threat solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TacticalWin {
    /// The winning line from the side to move (empty when not asked for). It may stop
    /// early where the opponent has no saving reply.
    pub line: Vec<Move>,
    /// Plies from the position to the end of the game.
    pub plies: u32,
}

/// How a game cuts a null-window node by Multi-ProbCut ([`Game::probcut`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbCut {
    /// The depth of the shallow search that predicts the deep one.
    pub shallow: i32,
    /// How far beyond the bound the shallow search must land to cut.
    pub margin: i32,
    /// How far the static score may lie on the wrong side of the bound with a cut
    /// still worth trying: a shallow search is not begun when the static score is
    /// further from the bound than this (Edax's check); `None`: always tried.
    pub eval_margin: Option<i32>,
}

/// What the game-agnostic search needs from a game.
///
/// Every method must be deterministic: the same position gives the same moves in the
/// same order with the same scores, so node counts are reproducible.
pub trait Game: Clone + Send + Sync + 'static {
    /// Zobrist key of the position, side to move included.
    fn key(&self) -> u64;

    /// Moves played since the empty board (or since the set-up position).
    fn ply(&self) -> usize;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// `Some(result)` (from the side to move's view) if the game is over.
    fn result(&self) -> Option<GameResult>;

    /// Moves worth searching here with ordering scores, appended to `out` (which the
    /// caller clears). May prune (neighbourhood, forced defences): the search never
    /// plays a move this does not list. An empty list in a position where
    /// [`Game::result`] is `None` means every move loses at once: the search scores it
    /// as a loss for the side to move.
    fn generate(&self, out: &mut Vec<ScoredMove>);

    /// [`Game::generate`] for a node `depth` plies from the leaves: a game may score
    /// the moves more cheaply where the subtree is small. Default: `generate`.
    fn generate_at(&self, _depth: i32, out: &mut Vec<ScoredMove>) {
        self.generate(out)
    }

    /// Every legal move, unpruned (for validating input, fallbacks and perft).
    fn legal_moves(&self, out: &mut Vec<Move>);

    /// Plays `mv` for the side to move. `mv` must be legal.
    fn make(&mut self, mv: Move);

    /// Takes back the last move (`make` or set-up stone).
    fn unmake(&mut self);

    /// Static evaluation from the side to move's view; `|v| < MATE_BOUND`.
    fn evaluate(&self) -> i32;

    /// Board width and height (moves are `y * width + x`).
    fn dimensions(&self) -> (usize, usize);

    /// The score of a finished game (`result` is [`Game::result`]) `ply` plies from
    /// the root, from the side to move's view. The default scores a win `MATE - ply`
    /// (the sooner the better); reversi scores the final disc difference instead.
    fn terminal_score(&self, result: GameResult, ply: usize) -> i32 {
        match result {
            GameResult::Win => MATE - ply as i32,
            GameResult::Loss => -(MATE - ply as i32),
            GameResult::Draw => 0,
        }
    }

    /// Whether the ordering score [`Game::generate`] gives a move is exactly the
    /// negated [`Game::evaluate`] of the position after it (reversi: the trained
    /// evaluation after each move orders the moves). Then a node one ply from the
    /// leaves takes its value from the list instead of evaluating every move twice.
    /// Default: no.
    fn order_is_evaluation(&self) -> bool {
        false
    }

    /// Whether `mv` (listed by [`Game::generate`]) neither makes nor stops a threat,
    /// so the search may reduce it when it comes late in the move order (late-move
    /// reductions) or skip it near the leaves when the position looks hopeless
    /// (futility pruning). By default no move is quiet: the search stays full-width.
    fn is_quiet(&self, _mv: Move) -> bool {
        false
    }

    /// Late-move reduction of `mv` (listed by [`Game::generate`]) when it comes late in
    /// the move order: `None` if it must not be reduced, else extra plies (may be
    /// negative) beyond what its place in the move order gives. Games grade their
    /// moves (gomoku: a move that makes and blocks no line at all is reduced harder,
    /// a three less). Default: quiet moves ([`Game::is_quiet`]) by their place only.
    fn late_move_reduction(&self, mv: Move) -> Option<i32> {
        self.is_quiet(mv).then_some(0)
    }

    /// How hard `mv` (listed by [`Game::generate`]) attacks: 2 if it makes a threat
    /// the opponent must meet (gomoku: a three or better), 1 if it prepares two
    /// (gomoku: two open twos), else 0. A move attacking at 1 or 2 after an attack at
    /// 2 by the same side is reduced a ply less (a continuing attack). Default: 0.
    fn attack_level(&self, _mv: Move) -> u8 {
        0
    }

    /// A forced win for the side to move that needs no search (gomoku: a five to
    /// complete, or an open four the opponent can meet with no four of his own): the
    /// plies to the end of the game. Must be exact under the rule; games without such
    /// a test keep the default (none).
    fn quick_win(&self) -> Option<u32> {
        None
    }

    /// Whether the search prunes by the static score of inner nodes (reverse
    /// futility, futility, razoring, and whether the score is improving); without it
    /// inner nodes are not evaluated at all. Default: yes. Reversi says no: its
    /// static score errs by several discs, and Multi-ProbCut ([`Game::probcut`])
    /// prunes on a shallow search instead.
    fn static_pruning(&self) -> bool {
        true
    }

    /// Razoring: for a null-window node `depth` plies from the leaves, the margin
    /// below alpha past which the static score is trusted to fail low (the search
    /// then only asks [`Game::tactical_win`] for a quick forced win instead of
    /// searching the moves). Default: none (no razoring).
    fn razor_margin(&self, _depth: i32) -> Option<i32> {
        None
    }

    /// Internal iterative reduction: the depth from which a node with no table move
    /// is searched a ply shallower. Default: none.
    fn iir_depth(&self) -> Option<i32> {
        None
    }

    /// Whether the opponent threatens to win on his next move (gomoku: he has a five
    /// to complete), so [`Game::generate`] lists only the answers and a static score
    /// means little: the search extends such nodes at its leaves and does not prune
    /// them by their static score. Default: never.
    fn must_answer(&self) -> bool {
        false
    }

    /// Multi-ProbCut (Buro): for a null-window node to be searched `depth` plies, a
    /// shallower depth whose result predicts the deep one's, and the margins (in
    /// evaluation units) beyond which that prediction, or the static score, is
    /// trusted. Default: none (no forward pruning of this kind).
    fn probcut(&self, _depth: i32) -> Option<ProbCut> {
        None
    }

    /// A null-window search of `depth` plies that the game does faster itself than
    /// the generic search (reversi: the last two plies, with no table and a fixed
    /// move order): the fail-soft value within `alpha`..`beta` and the nodes it
    /// visited, or `None` to let the generic search do it. Default: none.
    fn shallow_search(&self, _depth: i32, _alpha: i32, _beta: i32) -> Option<(i32, u64)> {
        None
    }

    /// A proven forced win for the side to move found by the game's own threat
    /// solver within `max_nodes`, and the solver nodes spent. `abort` is polled now
    /// and then (stop flag, deadline); when it says true the solver gives up. Games
    /// without a solver keep this default (no win, no nodes). Must leave the position
    /// unchanged and be deterministic (for the same answers of `abort`).
    fn tactical_win(
        &mut self,
        _tactic: Tactic,
        _max_nodes: u64,
        _want_line: bool,
        _abort: &dyn Fn() -> bool,
    ) -> (Option<TacticalWin>, u64) {
        (None, 0)
    }
}

/// Games played by putting stones on empty squares (gomoku, tic-tac-toe): positions
/// can be set up stone by stone, in any order, as a Gomocup BOARD block does.
pub trait StoneGame: Game {
    /// Puts a stone of `color` on the empty square `mv`; it becomes the last move (so
    /// `unmake` takes it back) and the side to move becomes `color.other()`.
    fn place(&mut self, mv: Move, color: Color);
    /// Overrides the side to move.
    fn set_side_to_move(&mut self, color: Color);
    /// The stone on `mv`, if any.
    fn stone(&self, mv: Move) -> Option<Color>;
    /// The last stone placed.
    fn last_move(&self) -> Option<(Move, Color)>;
    /// Every stone in the order it was placed.
    fn history(&self) -> Vec<(Move, Color)>;
}

/// Deterministic pseudo-random numbers for Zobrist keys and tests.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl StoneGame for gomoku::Gomoku {
    fn place(&mut self, mv: Move, color: Color) {
        gomoku::Gomoku::place(self, mv, color)
    }
    fn set_side_to_move(&mut self, color: Color) {
        gomoku::Gomoku::set_side_to_move(self, color)
    }
    fn stone(&self, mv: Move) -> Option<Color> {
        gomoku::Gomoku::stone(self, mv)
    }
    fn last_move(&self) -> Option<(Move, Color)> {
        gomoku::Gomoku::last_move(self)
    }
    fn history(&self) -> Vec<(Move, Color)> {
        gomoku::Gomoku::history(self)
    }
}
