//! Setting up the board: START and RESTART, BOARD and YXBOARD blocks (gomoku and
//! tic-tac-toe as positions, reversi as the moves of a game), the checks of TURN,
//! PLAY and TAKEBACK, and the game or rule changed by INFO.

use super::*;

impl GomocupSession {
    pub(super) fn start(&mut self, w: i64, h: i64) {
        match self.board_for(w, h) {
            Ok(p) => {
                self.engine.new_game(p);
                self.own = None;
                self.reply(Reply::Ok);
            }
            Err(e) => self.error(e),
        }
    }

    /// The empty board START `w` `h` makes for the current game choice.
    pub(super) fn board_for(&self, w: i64, h: i64) -> Result<Position, String> {
        match (self.game, w, h) {
            (_, 3, 3) => Ok(Position::TicTacToe(TicTacToe::new())),
            (GameKind::TicTacToe, _, _) => {
                Err(format!("tic-tac-toe is played on 3x3, not {w}x{h}"))
            }
            (GameKind::Reversi, 8, 8) => Ok(Position::Reversi(Box::default())),
            (GameKind::Reversi, _, _) => Err(format!("reversi is played on 8x8, not {w}x{h}")),
            (GameKind::Gomoku, w, h) if (5..=32).contains(&w) && (5..=32).contains(&h) => {
                Gomoku::new(w as usize, h as usize, self.rule)
                    .map(|g| Position::Gomoku(Box::new(g)))
            }
            _ => Err(format!(
                "unsupported board size {w}x{h} (gomoku: 5 to 32; tic-tac-toe: 3)"
            )),
        }
    }

    /// Checks a move of the colour `mover` (TURN: the opponent's, PLAY: ply's own),
    /// which after YXBOARD is not the side to move on paper: a renju forbidden point
    /// is judged for the colour that plays it.
    pub(super) fn checked_move(&self, c: Coord, mover: Option<Color>) -> Result<Move, String> {
        match self.engine.game() {
            None => Err("no game: send START first".into()),
            Some(Position::Reversi(g)) => reversi_move(g, c),
            Some(Position::Gomoku(g)) if mover.is_some_and(|m| m != g.side_to_move()) => {
                let mut as_mover = g.clone();
                as_mover.set_side_to_move(mover.unwrap_or(Color::Black));
                Position::Gomoku(as_mover).check_move(c.x as i64, c.y as i64)
            }
            Some(p) => p.check_move(c.x as i64, c.y as i64),
        }
    }

    /// The colour of the opponent's next stone (TURN; before ply's colour is known,
    /// the side to move's).
    pub(super) fn opponent_color(&self) -> Option<Color> {
        let p = self.engine.game()?;
        Some(self.own.unwrap_or(p.side_to_move().other()).other())
    }

    /// The colour of ply's own stone for PLAY (before it is known, the side to move's).
    pub(super) fn own_color_for_play(&self) -> Option<Color> {
        let p = self.engine.game()?;
        Some(self.own.unwrap_or(p.side_to_move()))
    }

    pub(super) fn turn(&mut self, t: Instant, c: Coord) {
        let mv = match self.checked_move(c, self.opponent_color()) {
            Ok(mv) => mv,
            Err(e) => return self.error(e),
        };
        let Some(p) = self.engine.game_mut() else {
            return;
        };
        // The stone is the opponent's whatever the side to move says (after YXBOARD
        // it is our turn on paper).
        let own = *self.own.get_or_insert(p.side_to_move().other());
        p.place(mv, own.other());
        if p.result().is_some() {
            // The opponent's move ended the game: there is nothing to answer.
            p.unmake();
            return self.error("that move ends the game; there is no move to answer");
        }
        self.think(t, Task::Move, 1);
    }

    pub(super) fn takeback(&mut self, c: Coord) {
        let Some(p) = self.engine.game_mut() else {
            return self.error("no game: send START first");
        };
        let (w, h) = p.dimensions();
        let last = p.last_move().map(|(m, _)| m);
        let wanted = if matches!(p, Position::Reversi(_)) && (c.x, c.y) == (-1, -1) {
            Some(Move::PASS)
        } else {
            (c.x >= 0 && c.y >= 0 && (c.x as usize) < w && (c.y as usize) < h)
                .then(|| Move::from_xy(c.x as usize, c.y as usize, w))
        };
        if last.is_some() && last == wanted {
            p.unmake();
            self.reply(Reply::Ok);
        } else {
            self.error(format!("{},{} is not the last move", c.x, c.y));
        }
    }

    /// Builds the position a BOARD/YXBOARD block describes (the old one is untouched).
    pub(super) fn board_from(&self, stones: &[BoardStone]) -> Result<(Position, Color), String> {
        let Some(p) = self.engine.game() else {
            return Err("no game: send START first".into());
        };
        if let Position::Reversi(_) = p {
            return reversi_board(stones);
        }
        let mut new = p.empty_like();
        let (w, h) = new.dimensions();
        // Field 3 (continuous game: a stone of a finished line, or a forbidden mark) is
        // accepted and skipped, as Rapfi does: placing it as a stone would make the
        // finished line count again.
        let own = stones.iter().filter(|s| s.field == 1).count();
        let opp = stones.iter().filter(|s| s.field == 2).count();
        // Equal counts: we moved first (black). One fewer: we are white. Anything else
        // (gomoku boards may come in any order): the first stone's owner is black.
        let own_color = if own == opp {
            Color::Black
        } else if own + 1 == opp {
            Color::White
        } else if stones
            .iter()
            .find(|s| s.field != 3)
            .is_some_and(|s| s.field == 1)
        {
            Color::Black
        } else {
            Color::White
        };
        for s in stones.iter().filter(|s| s.field != 3) {
            let (x, y) = (s.at.x, s.at.y);
            if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
                return Err(format!("{x},{y} is off the {w}x{h} board"));
            }
            let mv = Move::from_xy(x as usize, y as usize, w);
            if new.stone(mv).is_some() {
                return Err(format!("{x},{y} is given twice"));
            }
            let color = match s.field {
                1 => own_color,
                2 => own_color.other(),
                f => return Err(format!("bad field {f} at {x},{y}")),
            };
            // A set-up is a position, not a game record: the stones may come in any
            // order, none is judged as a move (renju: never forbidden); the game is
            // over when a line on the board already wins.
            new.set_up(mv, color);
        }
        new.set_side_to_move(own_color);
        Ok((new, own_color))
    }

    /// `INFO game`: the game every later START builds. The board in play is kept
    /// when START would make the same game on it (the same game, or `START 3`'s
    /// tic-tac-toe); a board with no move yet becomes the new game at the same size;
    /// a board the new game cannot use, or one with moves on it, stays with an ERROR.
    pub(super) fn choose_game(&mut self, g: GameKind) {
        self.game = g;
        let Some(p) = self.engine.game() else { return };
        let (w, h) = p.dimensions();
        let old = p.game().name();
        let new = g.name();
        match self.board_for(w as i64, h as i64) {
            Ok(fresh) if fresh.game() == p.game() => {}
            Ok(fresh) if p.ply() == 0 => {
                self.engine.set_position(fresh);
                self.own = None;
            }
            Ok(_) => self.error(format!(
                "the {old} game on the board has moves: it stays; START begins a {new} game"
            )),
            Err(e) => self.error(format!(
                "{e}: the {w}x{h} {old} board stays; START begins a {new} game"
            )),
        }
    }

    /// Sets the stones up again under the new rule, as a position (a black stone is
    /// not re-judged as forbidden when the rule becomes renju).
    pub(super) fn rebuild_with_rule(&mut self) {
        if let Some(Position::Gomoku(g)) = self.engine.game() {
            if g.rule() == self.rule {
                return;
            }
            let (w, h) = g.dimensions();
            if let Ok(mut fresh) = Gomoku::new(w, h, self.rule) {
                for (mv, c) in g.history() {
                    let _ = fresh.set_up(mv, c);
                }
                fresh.set_side_to_move(g.side_to_move());
                self.engine.set_position(Position::Gomoku(Box::new(fresh)));
            }
        }
    }
}

/// Checks a reversi move for the side to move: `-1,-1` is a pass (legal only when the
/// side to move has no move).
pub(super) fn reversi_move(g: &Reversi, c: Coord) -> Result<Move, String> {
    if g.is_over() {
        return Err("the game is over".into());
    }
    if (c.x, c.y) == (-1, -1) {
        return if g.is_legal(Move::PASS) {
            Ok(Move::PASS)
        } else {
            Err("cannot pass: there is a legal move".into())
        };
    }
    let (x, y) = (c.x, c.y);
    if !(0..8).contains(&x) || !(0..8).contains(&y) {
        return Err(format!("{x},{y} is off the 8x8 board"));
    }
    let mv = Move::from_xy(x as usize, y as usize, 8);
    if g.disc(mv.index()).is_some() {
        Err(format!("{x},{y} is occupied"))
    } else if g.is_legal(Move::PASS) {
        Err(format!(
            "{x},{y}: the side to move has no move and must pass (-1,-1)"
        ))
    } else if !g.is_legal(mv) {
        Err(format!("{x},{y} flips no disc"))
    } else {
        Ok(mv)
    }
}

/// A reversi BOARD/YXBOARD block: the moves of the game in order from the start
/// position (the four centre discs are not listed), field 1 ours, 2 the opponent's,
/// replayed with their flips; a pass is implied when a colour moves twice in a row (or
/// written `-1,-1`); field 3 is skipped. The first move is black's, so its field tells
/// our colour (an empty block: we are black). Our colour must be the one to move at
/// the end.
pub(super) fn reversi_board(stones: &[BoardStone]) -> Result<(Position, Color), String> {
    let mut g = Reversi::new();
    let moves: Vec<&BoardStone> = stones.iter().filter(|s| s.field != 3).collect();
    let own = match moves.first() {
        Some(s) if s.field == 2 => Color::White,
        _ => Color::Black,
    };
    for s in moves {
        let color = if s.field == 1 { own } else { own.other() };
        if color != g.side_to_move() && g.is_legal(Move::PASS) {
            g.make(Move::PASS);
        }
        if color != g.side_to_move() {
            return Err(format!(
                "{},{}: not that side's turn (the side to move has a move)",
                s.at.x, s.at.y
            ));
        }
        let mv = reversi_move(&g, s.at)?;
        g.make(mv);
    }
    if g.is_over() {
        return Err("the game on that board is over".into());
    }
    if own != g.side_to_move() {
        if g.is_legal(Move::PASS) {
            g.make(Move::PASS);
        } else {
            return Err("it is the opponent's turn on that board".into());
        }
    }
    Ok((Position::Reversi(Box::new(g)), own))
}
