//! Yixin-Board's tools and opening protocols in the Gomocup session: the empty
//! database answer, Swap2 and Soosorv steps, balance moves and the defence search.
//!
//! The decisions come from short searches of our own (one thread, a fixed node
//! budget, a table of their own), so the same position always gets the same answer.
//! They run on the session thread: each command takes a fraction of a second.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::{GomocupSession, SWAP_MARGIN};
use crate::engine::Position;
use crate::games::gomoku::Gomoku;
use crate::games::{Color, Game, Move, Tactic};
use crate::protocol::gomocup::{Coord, Reply};
use crate::search::tt::TranspositionTable;
use crate::search::{format_score, search, Limits, SearchParams};

/// Nodes of one probe (a short search that values a position).
const PROBE_NODES: u64 = 12_000;
/// Candidate moves valued for a one-move choice, and per side for a two-move one.
const CANDIDATES_ONE: usize = 24;
const CANDIDATES_TWO: usize = 8;
/// Threat-solver budget (nodes) per move checked by YXSEARCHDEFEND.
const DEFEND_NODES: u64 = 20_000;
/// The largest number of fifth moves ply offers or asks for in Soosorv.
const SOOSORV_MAX_N: i64 = 4;

/// Short searches sharing one small table (fresh for each command).
struct Prober {
    tt: TranspositionTable,
    stop: AtomicBool,
}

impl Prober {
    fn new() -> Prober {
        Prober {
            tt: TranspositionTable::new(2 << 20),
            stop: AtomicBool::new(false),
        }
    }

    /// The value of `g` for its side to move, and its best move.
    fn value(&self, g: &Gomoku) -> (i32, Move) {
        let mut limits = Limits::new(Instant::now());
        limits.nodes = Some(PROBE_NODES);
        let params = SearchParams { limits, multipv: 1 };
        let r = search(g, &params, &self.tt, &self.stop, &mut |_| {});
        (r.score, r.best)
    }

    /// The value for the side to move of playing `mv` in `g`.
    fn after(&self, g: &Gomoku, mv: Move) -> i32 {
        let mut next = g.clone();
        next.make(mv);
        -self.value(&next).0
    }
}

/// The moves worth trying in `g`, best first by the move generator (at most `k`).
/// On an empty board: the squares within two of the centre.
fn candidates(g: &Gomoku, k: usize) -> Vec<Move> {
    let (w, h) = g.dimensions();
    if g.ply() == 0 {
        let (cx, cy) = (w as i64 / 2, h as i64 / 2);
        let mut out = Vec::new();
        for y in (cy - 2).max(0)..=(cy + 2).min(h as i64 - 1) {
            for x in (cx - 2).max(0)..=(cx + 2).min(w as i64 - 1) {
                out.push(Move::from_xy(x as usize, y as usize, w));
            }
        }
        // Nearest the centre first.
        out.sort_by_key(|m| {
            let (x, y) = m.xy(w);
            ((x as i64 - cx).abs().max((y as i64 - cy).abs()), m.index())
        });
        out.truncate(k);
        return out;
    }
    let mut list = Vec::new();
    g.generate(&mut list);
    list.sort_by(|a, b| b.score.cmp(&a.score).then(a.mv.cmp(&b.mv)));
    list.into_iter().take(k).map(|s| s.mv).collect()
}

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

/// A three-stone opening near the centre (black, white, black) that our probes
/// find closest to balanced with white to move. The second stone is a neighbour of
/// the centre (`direct` picks the side neighbour, else the diagonal one, as the
/// Soosorv openings D and I).
fn balanced_three(empty: &Gomoku, prober: &Prober, direct: bool) -> Option<([Move; 3], i32)> {
    let (w, h) = empty.dimensions();
    let (cx, cy) = (w / 2, h / 2);
    let first = Move::from_xy(cx, cy, w);
    let second = if direct {
        Move::from_xy(cx, cy.checked_sub(1)?, w)
    } else {
        Move::from_xy((cx + 1).min(w - 1), cy.checked_sub(1)?, w)
    };
    let mut g = empty.clone();
    g.make(first);
    g.make(second);
    let mut best: Option<(i32, Move, i32)> = None;
    for m in candidates(empty, 25) {
        if g.stone(m).is_some() {
            continue;
        }
        let mut third = g.clone();
        third.make(m);
        // White to move: its value; balanced is closest to 0.
        let v = prober.value(&third).0;
        if best.is_none_or(|(b, _, _)| v.abs() < b) {
            best = Some((v.abs(), m, v));
        }
    }
    best.map(|(_, m, v)| ([first, second, m], v))
}

impl GomocupSession {
    /// The gomoku position, or the error to answer.
    fn gomoku(&self) -> Result<&Gomoku, String> {
        match &self.pos {
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
        let w = self.pos.as_ref().map_or(1, |p| p.dimensions().0);
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
                let empty = match self.pos.as_ref().map(|p| p.empty_like()) {
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
                            if let Some(p) = self.pos.as_mut() {
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
        let empty = match self.pos.as_ref().map(|p| p.empty_like()) {
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
    /// move now. The moves are played, as Rapfi does, and answered like a move.
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
        if let Some(p) = self.pos.as_mut() {
            for &m in &moves {
                p.make(m);
            }
        }
        self.reply(Reply::Raw(text.join(" ")));
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

/// Whether the side to move in `g` has a forced win our solvers find (VCF, then
/// VCT) within the budget.
fn opponent_wins(g: &mut Gomoku) -> bool {
    if g.result().is_some() {
        return false;
    }
    let never = || false;
    let (vcf, _) = g.tactical_win(Tactic::Forcing, DEFEND_NODES, false, &never);
    vcf.is_some()
        || g.tactical_win(Tactic::Threats, DEFEND_NODES, false, &never)
            .0
            .is_some()
}

/// The `n` best candidate moves of `g` for its side to move, best first, with their
/// values (fewer when there are fewer candidates).
fn best_moves(g: &Gomoku, prober: &Prober, n: usize) -> Vec<(Move, i32)> {
    let mut valued: Vec<(Move, i32)> = candidates(g, CANDIDATES_ONE.max(n))
        .into_iter()
        .map(|m| (m, prober.after(g, m)))
        .collect();
    valued.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    valued.truncate(n);
    valued
}

/// The candidate move after which the value for the side to move now is closest to
/// `target`.
fn balance_one(g: &Gomoku, prober: &Prober, target: i32) -> Option<(Move, i32)> {
    let mut best: Option<(i32, Move, i32)> = None;
    for m in candidates(g, CANDIDATES_ONE) {
        let v = prober.after(g, m);
        let d = (v - target).abs();
        if best.is_none_or(|(bd, _, _)| d < bd) {
            best = Some((d, m, v));
        }
    }
    best.map(|(_, m, v)| (m, v))
}

/// The pair (a move, then a reply) after which the value for the side to move now
/// (to move again) is closest to `target`.
fn balance_two(g: &Gomoku, prober: &Prober, target: i32) -> Option<(Move, Move, i32)> {
    let mut best: Option<(i32, Move, Move, i32)> = None;
    for a in candidates(g, CANDIDATES_TWO) {
        let mut next = g.clone();
        next.make(a);
        if next.result().is_some() {
            continue;
        }
        for b in candidates(&next, CANDIDATES_TWO) {
            let v = -prober.after(&next, b);
            let d = (v - target).abs();
            if best.is_none_or(|(bd, ..)| d < bd) {
                best = Some((d, a, b, v));
            }
        }
    }
    best.map(|(_, a, b, v)| (a, b, v))
}
