//! A game replayed from its record: the position, the moves with their times and
//! the clocks.

use super::{Board, Clock, ClockOf, Ggf, MoveItem, Prop};
use crate::games::reversi::{move_name, Reversi};
use crate::games::{Color, Game, Move};

/// A game being played: the start, the moves with their times, the clocks, and the
/// current position (whose history holds every move, so `unmake` walks back).
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub ggf: Ggf,
    pub start: Board,
    pub moves: Vec<MoveItem>,
    pub clocks: [Option<Clock>; 2],
    pub pos: Reversi,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord {
            ggf: Ggf::default(),
            start: Board::start(),
            moves: Vec::new(),
            clocks: [None, None],
            pos: Reversi::new(),
        }
    }
}

impl GameRecord {
    /// Replays a GGF game. A move listed for the side not to move is accepted when the
    /// side to move has to pass (the pass is added); an illegal move is an error.
    pub fn from_ggf(ggf: Ggf) -> Result<GameRecord, String> {
        ggf.check_type()?;
        let start = ggf.board();
        let mut g = GameRecord {
            start,
            moves: Vec::new(),
            clocks: ggf.clocks(),
            pos: start.position(),
            ggf: Ggf::default(),
        };
        for (i, (color, m)) in ggf.moves().into_iter().enumerate() {
            if color != g.pos.side_to_move() && m.mv != Move::PASS {
                if !g.pos.is_legal(Move::PASS) {
                    return Err(format!(
                        "move {} ({}) is played by the side not to move",
                        i + 1,
                        move_name(m.mv)
                    ));
                }
                g.play(MoveItem::new(Move::PASS))?;
            }
            g.play(m).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        g.ggf = ggf;
        Ok(g)
    }

    /// Plays one move (a pass only when the side to move has none).
    pub fn play(&mut self, m: MoveItem) -> Result<(), String> {
        self.pos.play(m.mv)?;
        self.moves.push(m);
        Ok(())
    }

    /// Seconds left on `color`'s clock now (the start clock, minus the times of its
    /// moves, plus its increments), or `None` when the game has no clock. The grace
    /// period is not counted.
    pub fn time_left(&self, color: Color) -> Option<f64> {
        let clock = self.clocks[color.index()]?;
        if clock.time == 0 {
            return None;
        }
        let mut side = self.start.side;
        let mut left = clock.time as f64;
        for m in &self.moves {
            if side == color {
                left += clock.increment as f64 - m.time;
            }
            side = side.other();
        }
        Some(left)
    }

    /// The positions of the game: index `k` is the position after `k` moves (passes
    /// count), 0 the start.
    pub fn positions(&self) -> Vec<Reversi> {
        let mut p = self.start.position();
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        out.push(p.clone());
        for m in &self.moves {
            p.make(m.mv);
            out.push(p.clone());
        }
        out
    }

    /// The game as GGF: the tags of the record it came from, the start board, the
    /// clocks and every move played since.
    pub fn to_ggf(&self) -> Ggf {
        let mut props: Vec<Prop> = self
            .ggf
            .props
            .iter()
            .filter(|p| !matches!(p, Prop::Move(..) | Prop::Board(_)))
            .cloned()
            .collect();
        if self.ggf.props.is_empty() {
            props.push(Prop::Tag("GM".into(), "Othello".into()));
            match self.clocks {
                [Some(b), Some(w)] if b == w => props.push(Prop::Clock(ClockOf::Both, b)),
                [b, w] => {
                    props.extend(b.map(|b| Prop::Clock(ClockOf::Black, b)));
                    props.extend(w.map(|w| Prop::Clock(ClockOf::White, w)));
                }
            }
        }
        props.push(Prop::Board(self.start));
        let mut side = self.start.side;
        for m in &self.moves {
            props.push(Prop::Move(side, m.clone()));
            side = side.other();
        }
        Ggf { props }
    }
}
