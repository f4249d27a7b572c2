//! Yixin-Board's tools and opening protocols in the Gomocup session: the empty
//! database answer, Swap2 and Soosorv steps, balance moves and the defence search.
//!
//! The decisions come from short searches of our own (one thread, a fixed node
//! budget, a table of their own), so the same position always gets the same answer.
//! They run on the session thread: each command takes a fraction of a second.

use super::swap2::SWAP_MARGIN;
use super::GomocupSession;
use crate::engine::openings::{
    balance_one, balance_two, balanced_three, best_moves, opponent_wins, Prober,
};
use crate::engine::Position;
use crate::games::gomoku::Gomoku;
use crate::games::{Color, Game, Move};
use crate::protocol::gomocup::{Coord, Reply};
use crate::search::format_score;

/// The largest number of fifth moves ply offers or asks for in Soosorv.
const SOOSORV_MAX_N: i64 = 4;

/// `g` with `moves` played in order from an empty board (black first), or the error
/// of the first move that cannot be played.
fn opening(empty: &Gomoku, moves: &[Coord]) -> Result<Gomoku, String> {
    let mut g = empty.clone();
    let (w, h) = g.dimensions();
    for c in moves {
        if c.x < 0 || c.y < 0 || c.x as usize >= w || c.y as usize >= h {
            return Err(format!("{},{} is off the {w}x{h} board", c.x, c.y));
        }
        let mv = Move::from_xy(c.x as usize, c.y as usize, w);
        if g.stone(mv).is_some() {
            return Err(format!("{},{} is given twice", c.x, c.y));
        }
        if g.result().is_some() {
            return Err("the game on that board is over".into());
        }
        g.make(mv);
    }
    Ok(g)
}

/// `x y`: the form of the SWAP2 / SOOSORV messages.
fn xy_text(mv: Move, w: usize) -> String {
    let (x, y) = mv.xy(w);
    format!("{x} {y}")
}

/// `x,y`
fn comma_text(mv: Move, w: usize) -> String {
    let (x, y) = mv.xy(w);
    format!("{x},{y}")
}

impl GomocupSession {
    /// The gomoku position, or the error to answer.
    fn gomoku(&self) -> Result<&Gomoku, String> {
        match self.engine.game() {
            Some(Position::Gomoku(g)) => Ok(g),
            Some(_) => Err("this command needs a gomoku board".into()),
            None => Err("no game: send START first".into()),
        }
    }

    fn message(&self, text: String) {
        self.reply(Reply::Message(text));
    }

    /// `MESSAGE Opening x,y x,y x,y | white <value>`, for the log (not a SWAP2 or
    /// SOOSORV line: the GUI matches those by prefix).
    fn opening_message(&self, three: &[Move; 3], white: i32) {
        let w = self.engine.game().map_or(1, |p| p.dimensions().0);
        let text: Vec<String> = three.iter().map(|&m| comma_text(m, w)).collect();
        self.message(format!(
            "Opening {} | white {}",
            text.join(" "),
            format_score(white)
        ));
    }

    /// YXQUERYDATABASEALL: ply has no database, so the answer is the one of an empty
    /// database (as Rapfi's): the GUI clears its marks and redraws.
    pub(super) fn query_database_all(&mut self) {
        self.message("DATABASE REFRESH".into());
        self.message("DATABASE DONE".into());
    }

    /// YXQUERYDATABASEONE (Yixin-Board's `dbval`): the database record of the
    /// position, `MESSAGE DATABASE ONE <label> <value> <depth> <bound>`. ply has no
    /// database, so the answer is Rapfi's for a position without a record, which the
    /// GUI logs as `tag=(null)  val=0  depth=0`.
    pub(super) fn query_database_one(&mut self) {
        self.message("DATABASE ONE 0 0 0 0".into());
    }

    /// YXBLOCK / YXBLOCKUNDO (`undo`): adds the squares to (takes them from) the
    /// squares the search must not play. All or nothing: a square off the board is
    /// an error and changes nothing.
    pub(super) fn block(&mut self, coords: &[Coord], undo: bool) {
        let (w, h) = match self.engine.game() {
            None => return self.error("no game: send START first"),
            Some(Position::Reversi(_)) => {
                return self.error("squares can be blocked in gomoku and tic-tac-toe only")
            }
            Some(p) => p.dimensions(),
        };
        if let Some(c) = coords
            .iter()
            .find(|c| c.x < 0 || c.y < 0 || c.x as usize >= w || c.y as usize >= h)
        {
            return self.error(format!("{},{} is off the {w}x{h} board", c.x, c.y));
        }
        for c in coords {
            if undo {
                self.blocked.retain(|b| b != c);
            } else if !self.blocked.contains(c) {
                self.blocked.push(*c);
            }
        }
    }

    /// The blocked squares that are on `pos`'s board, as its moves (none in
    /// reversi, whose solver does not take a list of moves to avoid).
    pub(super) fn blocked_moves(&self, pos: &Position) -> Vec<Move> {
        if matches!(pos, Position::Reversi(_)) {
            return Vec::new();
        }
        let (w, h) = pos.dimensions();
        self.blocked
            .iter()
            .filter(|c| c.x >= 0 && c.y >= 0 && (c.x as usize) < w && (c.y as usize) < h)
            .map(|c| Move::from_xy(c.x as usize, c.y as usize, w))
            .collect()
    }

    /// YXSHOWHASHUSAGE (Yixin-Board's `hash usage`): the share of the hash table the
    /// last search filled (sampled as UCI's `hashfull`) and the table's size.
    pub(super) fn show_hash_usage(&mut self) {
        let permille = self.engine.hashfull();
        let mib = self.engine.hash_bytes() as f64 / (1 << 20) as f64;
        self.message(format!(
            "Hash usage: {}.{}% of {mib:.0} MiB",
            permille / 10,
            permille % 10
        ));
    }

    /// YXSWAP2STEP1..3 (Yixin-Board's Swap2; the position came by YXBOARD).
    pub(super) fn swap2_step(&mut self, step: u8) {
        let g = match self.gomoku() {
            Ok(g) => g.clone(),
            Err(e) => return self.error(e),
        };
        let w = g.dimensions().0;
        let prober = Prober::new();
        let stones = g.ply();
        match step {
            1 => {
                // A new game: the GUI sends no board first, so whatever stones the
                // last game left count for nothing.
                let empty = match self.engine.game().map(|p| p.empty_like()) {
                    Some(Position::Gomoku(e)) => *e,
                    _ => g.clone(),
                };
                let Some((three, v)) = balanced_three(&empty, &prober, false) else {
                    return self.error("the board is too small for an opening");
                };
                self.opening_message(&three, v);
                for (i, m) in three.iter().enumerate() {
                    self.message(format!("SWAP2 MOVE{} {}", i + 1, xy_text(*m, w)));
                }
            }
            2 => {
                if stones != 3 {
                    return self.error(format!("YXSWAP2STEP2 needs 3 stones, not {stones}"));
                }
                let mut white = g.clone();
                white.set_side_to_move(Color::White);
                let (v, _) = prober.value(&white);
                // The colour ply now plays: the GUI may go on with TURN (the
                // opponent's move) rather than a whole BOARD.
                if v < -SWAP_MARGIN {
                    self.own = Some(Color::Black);
                    self.message(format!("Swap2: white {} | take black", format_score(v)));
                    self.message("SWAP2 SWAP1 YES".into());
                } else if v > SWAP_MARGIN {
                    self.own = Some(Color::White);
                    self.message(format!("Swap2: white {} | stay white", format_score(v)));
                    self.message("SWAP2 SWAP1 NO".into());
                } else {
                    // Close to even: put two more stones and let the opponent choose.
                    match balance_two(&white, &prober, 0) {
                        Some((a, b, v)) => {
                            // The two stones are played: when the opponent keeps white
                            // the GUI goes on with TURN, and ply is black.
                            if let Some(p) = self.engine.game_mut() {
                                p.place(a, Color::White);
                                p.place(b, Color::Black);
                            }
                            self.own = Some(Color::Black);
                            self.message(format!(
                                "Swap2: two more stones, white {}",
                                format_score(v)
                            ));
                            self.message(format!("SWAP2 MOVE4 {}", xy_text(a, w)));
                            self.message(format!("SWAP2 MOVE5 {}", xy_text(b, w)));
                        }
                        None => self.message("SWAP2 SWAP1 NO".into()),
                    }
                }
            }
            _ => {
                if stones != 5 {
                    return self.error(format!("YXSWAP2STEP3 needs 5 stones, not {stones}"));
                }
                let mut white = g.clone();
                white.set_side_to_move(Color::White);
                let (v, _) = prober.value(&white);
                let yes = v < 0;
                // After YES the GUI sends the opponent's (white's) move by TURN.
                self.own = Some(if yes { Color::Black } else { Color::White });
                self.message(format!(
                    "Swap2: white {} | {}",
                    format_score(v),
                    if yes { "take black" } else { "take white" }
                ));
                self.message(format!("SWAP2 SWAP2 {}", if yes { "YES" } else { "NO" }));
            }
        }
    }

    /// YXSOOSORVSTEP1..6 (Yixin-Board's Soosorv opening, renju).
    pub(super) fn soosorv_step(&mut self, step: u8, n: Option<i64>, moves: &[Coord]) {
        let empty = match self.engine.game().map(|p| p.empty_like()) {
            Some(Position::Gomoku(g)) => *g,
            Some(_) => return self.error("this command needs a gomoku board"),
            None => return self.error("no game: send START first"),
        };
        let w = empty.dimensions().0;
        let want = match step {
            1 => 0,
            2 | 3 => 3,
            4 | 5 => 4,
            _ => 5,
        };
        if moves.len() < want || (step < 6 && moves.len() != want) {
            return self.error(format!(
                "YXSOOSORVSTEP{step} needs {want}{} moves, not {}",
                if step == 6 { " or more" } else { "" },
                moves.len()
            ));
        }
        // Step 6 lists the fifth moves offered after the first four.
        let g = match opening(
            &empty,
            &moves[..moves.len().min(if step == 6 { 4 } else { want })],
        ) {
            Ok(g) => g,
            Err(e) => return self.error(e),
        };
        let prober = Prober::new();
        match step {
            1 => {
                let Some((three, v)) = balanced_three(&g, &prober, true) else {
                    return self.error("the board is too small for an opening");
                };
                self.opening_message(&three, v);
                for (i, m) in three.iter().enumerate() {
                    self.message(format!("SOOSORV MOVE{} {}", i + 1, xy_text(*m, w)));
                }
            }
            2 => {
                // We are white: take black when white is clearly worse.
                let (v, _) = prober.value(&g);
                let yes = v < -SWAP_MARGIN;
                self.message(format!("Soosorv: white {}", format_score(v)));
                self.message(format!("SOOSORV SWAP1 {}", if yes { "YES" } else { "NO" }));
            }
            3 => {
                // We are white: our best fourth stone, and as many fifth moves to
                // offer as black keeps an edge after it.
                let (_, best) = prober.value(&g);
                let Some(fourth) = Some(best).filter(|m| !m.is_none()) else {
                    return self.error("no legal move");
                };
                let black = prober.after(&g, fourth);
                let n = (1 + (-black).max(0) as i64 / 150).clamp(1, SOOSORV_MAX_N);
                self.message(format!(
                    "Soosorv: black {} after {}",
                    format_score(-black),
                    comma_text(fourth, w)
                ));
                self.message(format!("SOOSORV MOVE4 {} {n}", xy_text(fourth, w)));
            }
            4 | 5 => {
                // We are black: the opponent will pick the worst for us of the n
                // fifth moves we offer, so we offer our n best.
                let n = n.unwrap_or(1).clamp(1, 32) as usize;
                let offers = best_moves(&g, &prober, n);
                if step == 4 {
                    let v = offers.last().map_or(-crate::games::MATE, |o| o.1);
                    let yes = v < 0;
                    self.message(format!(
                        "Soosorv: black {} with {n} offers",
                        format_score(v)
                    ));
                    self.message(format!("SOOSORV SWAP2 {}", if yes { "YES" } else { "NO" }));
                } else {
                    // REFRESH first: the GUI then lets the opponent pick one of the
                    // offers by clicking it (without it, it takes them as moves).
                    self.message("SOOSORV MOVE5 REFRESH".into());
                    for (m, _) in &offers {
                        self.message(format!("SOOSORV MOVE5 {}", xy_text(*m, w)));
                    }
                    self.message("SOOSORV MOVE5 DONE".into());
                }
            }
            _ => {
                // We are white: choose the offered fifth move that is worst for black.
                let mut best: Option<(i32, Move)> = None;
                for c in &moves[4..] {
                    let mv = match Position::Gomoku(Box::new(g.clone()))
                        .check_move(c.x as i64, c.y as i64)
                    {
                        Ok(mv) => mv,
                        Err(e) => return self.error(e),
                    };
                    let v = prober.after(&g, mv);
                    if best.is_none_or(|(b, _)| v < b) {
                        best = Some((v, mv));
                    }
                }
                match best {
                    Some((v, mv)) => {
                        self.message(format!("Soosorv: black {}", format_score(v)));
                        self.message(format!("SOOSORV MOVE5C {}", xy_text(mv, w)));
                    }
                    None => self.error("YXSOOSORVSTEP6 needs the offered fifth moves"),
                }
            }
        }
    }

    /// YXBALANCEONE / YXBALANCETWO: the move (or the pair of moves, ours then the
    /// opponent's) after which the position is closest to `target` for the side to
    /// move now. The moves are played, as Rapfi does, and answered like moves: one
    /// `x,y` line each, since Yixin-Board reads one move from a line and places it.
    pub(super) fn balance(&mut self, two: bool, target: i64) {
        let g = match self.gomoku() {
            Ok(g) if g.result().is_some() => return self.error("the game is over"),
            Ok(g) => g.clone(),
            Err(e) => return self.error(e),
        };
        let w = g.dimensions().0;
        let target = target.clamp(-(crate::games::MATE as i64), crate::games::MATE as i64) as i32;
        let prober = Prober::new();
        let moves = if two {
            balance_two(&g, &prober, target).map(|(a, b, v)| (vec![a, b], v))
        } else {
            balance_one(&g, &prober, target).map(|(a, v)| (vec![a], v))
        };
        let Some((moves, v)) = moves else {
            return self.error("no legal move");
        };
        let text: Vec<String> = moves.iter().map(|&m| comma_text(m, w)).collect();
        self.message(format!(
            "Balance {} | Eval {} | Target {target}",
            text.join(" "),
            format_score(v)
        ));
        if let Some(p) = self.engine.game_mut() {
            for &m in &moves {
                p.make(m);
            }
        }
        for m in moves {
            let (x, y) = m.xy(w);
            self.reply(Reply::Move(Coord::new(x as i32, y as i32)));
        }
    }

    /// YXSEARCHDEFEND: with the opponent threatening a forced win (VCF or VCT found by
    /// our solvers as if we passed), every move after which the solvers find no win
    /// for the opponent. Losing moves are marked `MESSAGE REALTIME LOSE x,y` (the
    /// GUI's red marks), then `MESSAGE DEFEND x,y ...` lists the defences.
    pub(super) fn search_defend(&mut self) {
        let g = match self.gomoku() {
            Ok(g) if g.result().is_some() => return self.error("the game is over"),
            Ok(g) => g.clone(),
            Err(e) => return self.error(e),
        };
        let w = g.dimensions().0;
        let us = g.side_to_move();
        let mut passed = g.clone();
        passed.set_side_to_move(us.other());
        if !opponent_wins(&mut passed) {
            self.message("DEFEND no forced win for the opponent to stop".into());
            return;
        }
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        let mut defences = Vec::new();
        for mv in legal {
            let mut next = g.clone();
            next.make(mv);
            if next.result().is_some() || !opponent_wins(&mut next) {
                defences.push(mv);
            } else {
                self.message(format!("REALTIME LOSE {}", comma_text(mv, w)));
            }
        }
        if defences.is_empty() {
            self.message("DEFEND NONE".into());
        } else {
            let text: Vec<String> = defences.iter().map(|&m| comma_text(m, w)).collect();
            self.message(format!("DEFEND {}", text.join(" ")));
        }
    }
}
