//! One reversi game between two NBoard engine processes, refereed on our own
//! [`Reversi`] board, driven as the NBoard GUI drives an engine.
//!
//! Each engine gets `nboard 2`, `set depth N` (when its depth is given) and
//! `set game <GGF>` (the standard start, the opening's moves and the clock `TI[...]`
//! when the match is timed), then `ping`, answered with `pong` before anything is
//! timed. For each of its moves it is first told the moves it has not seen
//! (`move F5/eval/time`, the time charged to that side's clock; a forced pass is sent
//! as `move PA`, as NBoard and NTest write it), synchronised with `ping`/`pong`, then
//! asked `go`; its answer is the first `=== MOVE[/eval[/time]]` line, and the time
//! from `go` to that line is its thinking time. Nothing is sent to an engine while
//! it thinks (NTest abandons a search when input arrives). The referee plays passes
//! itself: an engine is only asked when it has a legal move.

use std::time::{Duration, Instant};

use crossbeam_channel::Receiver;

use super::engine_proc::{EngineError, EngineProc};
use super::game::{loss_for, EndReason, GameConfig, GameRecord, MoveRecord, Player};
use crate::games::gomoku::Rule;
use crate::games::reversi::ggf::{Board, Clock, ClockOf, Ggf, MoveItem, Prop};
use crate::games::reversi::{final_score, move_name, Reversi};
use crate::games::{Color, Game, Move};
use crate::protocol::nboard::Command;

/// The whole game for its GGF record: every move from the standard start (the
/// opening's, the engines' with their evals and times, the referee's passes).
#[derive(Clone, Debug)]
pub struct ReversiRecord {
    pub moves: Vec<MoveItem>,
    /// How many of `moves` are the opening.
    pub opening_len: usize,
    /// The clock of each side (`TI`), if the match is timed.
    pub clock: Option<Clock>,
    /// The `set depth` of black and white.
    pub depths: [Option<u32>; 2],
}

/// The game clock of a match: `--match-ms` rounded up to whole seconds (GGF clocks
/// count seconds); `None` when the match has no clock.
pub fn game_clock(match_ms: u64) -> Option<Clock> {
    (match_ms > 0).then(|| Clock::new(match_ms.div_ceil(1000)))
}

/// A GGF game: names, clock, the standard start and `moves` (with the colours that
/// played them; the start is black to move), plus `tags` before the board.
pub fn ggf_of(
    names: [&str; 2],
    clock: Option<Clock>,
    moves: &[MoveItem],
    tags: &[(&str, String)],
) -> Ggf {
    let mut props = vec![
        Prop::Tag("GM".into(), "Othello".into()),
        Prop::Tag("PC".into(), "ply match".into()),
        Prop::Tag("PB".into(), names[0].into()),
        Prop::Tag("PW".into(), names[1].into()),
    ];
    for (k, v) in tags {
        props.push(Prop::Tag(k.to_string(), v.clone()));
    }
    if let Some(c) = clock {
        props.push(Prop::Clock(ClockOf::Both, c));
    }
    props.push(Prop::Tag("TY".into(), "8".into()));
    props.push(Prop::Board(Board::start()));
    let mut side = Color::Black;
    for m in moves {
        props.push(Prop::Move(side, m.clone()));
        side = side.other();
    }
    Ggf { props }
}

struct Side {
    proc: EngineProc,
    /// How many moves of the game this engine has been told.
    told: usize,
    used: Duration,
    /// The last `ping` number sent.
    ping: i64,
}

/// Plays one game: `players[0]` is black, `players[1]` white, from the standard
/// start after the `opening` moves (already validated). `Ok(None)` if the match was
/// stopped meanwhile; `Err` if an engine cannot even be started (a bad command).
pub fn play_game(
    cfg: &GameConfig,
    players: [&Player; 2],
    opening: &[Move],
    stop: &Receiver<()>,
) -> Result<Option<GameRecord>, String> {
    let clock = game_clock(cfg.match_ms);
    let mut pos = Reversi::new();
    let mut items = Vec::new();
    let mut stones = Vec::new();
    for &mv in opening {
        let color = pos.side_to_move();
        pos.play(mv)?;
        items.push(MoveItem::new(mv));
        if mv != Move::PASS {
            let (x, y) = (mv.index() % 8, mv.index() / 8);
            stones.push(MoveRecord {
                x,
                y,
                color,
                ms: None,
                search: None,
            });
        }
    }
    if pos.is_over() {
        return Err("the opening is already a finished game".into());
    }
    let mut sides = Vec::with_capacity(2);
    for (i, p) in players.iter().enumerate() {
        let label = format!("{}({})", p.name, if i == 0 { "black" } else { "white" });
        let proc = EngineProc::spawn(&p.cmd, &label, cfg.stderr, stop.clone())?;
        sides.push(Side {
            proc,
            told: items.len(),
            used: Duration::ZERO,
            ping: 0,
        });
    }
    let names = [players[0].name.clone(), players[1].name.clone()];
    let mut rec = GameRecord {
        names: names.clone(),
        width: 8,
        height: 8,
        // Unused in reversi (gomoku records only).
        rule: Rule::Freestyle,
        moves: stones,
        winner: None,
        reason: EndReason::Discs(2, 2),
        late: [0; 2],
        max_ms: [0; 2],
        total_ms: [0; 2],
        total_us: [0; 2],
        reversi: None,
    };
    let depths = [players[0].depth, players[1].depth];
    let start_game = ggf_of([&names[0], &names[1]], clock, &items, &[]);
    let outcome = match setup(cfg, &mut sides, &depths, &start_game) {
        Err(()) => None,
        Ok(Some((color, why))) => {
            rec.winner = Some(color.other());
            rec.reason = EndReason::StartFailed(why);
            Some(rec)
        }
        Ok(None) => play_moves(cfg, clock, &mut pos, &mut sides, &mut items, rec),
    };
    let outcome = outcome.map(|mut r| {
        r.reversi = Some(ReversiRecord {
            moves: items,
            opening_len: opening.len(),
            clock,
            depths,
        });
        r
    });
    for s in sides.iter_mut() {
        s.proc
            .relay_pause(Duration::from_millis(cfg.relay_pause_ms));
        s.proc.quit();
    }
    let deadline = Instant::now() + Duration::from_millis(500);
    for s in sides.iter_mut() {
        s.proc.reap(deadline);
    }
    Ok(outcome)
}

fn color_of(i: usize) -> Color {
    if i == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// Sends `ping` and waits (up to `ms`) for its `pong`.
fn sync(side: &mut Side, ms: u64) -> Result<(), EngineError> {
    side.ping += 1;
    side.proc.send_nboard(&Command::Ping(side.ping))?;
    let deadline = Instant::now() + Duration::from_millis(ms);
    side.proc.wait_pong(side.ping, deadline)
}

/// `nboard 2`, `set depth`, `set game`, then `ping`/`pong` to both engines.
/// `Ok(Some((colour, why)))` when an engine fails; `Err(())` if the match was stopped.
fn setup(
    cfg: &GameConfig,
    sides: &mut [Side],
    depths: &[Option<u32>; 2],
    game: &Ggf,
) -> Result<Option<(Color, String)>, ()> {
    for (i, s) in sides.iter_mut().enumerate() {
        let mut cmds = vec![Command::NBoard(2)];
        if let Some(d) = depths[i] {
            cmds.push(Command::SetDepth(i64::from(d)));
        }
        cmds.push(Command::SetGame(game.clone()));
        let answer = cmds
            .iter()
            .try_for_each(|c| s.proc.send_nboard(c))
            .and_then(|_| sync(s, cfg.init_ms));
        match answer {
            Ok(()) => {}
            Err(EngineError::Aborted) => return Err(()),
            Err(e) => {
                if e == EngineError::Timeout {
                    s.proc.kill();
                }
                return Ok(Some((color_of(i), e.to_string())));
            }
        }
    }
    Ok(None)
}

/// Plays from the set-up position to the end. `None` if the match was stopped.
fn play_moves(
    cfg: &GameConfig,
    clock: Option<Clock>,
    pos: &mut Reversi,
    sides: &mut [Side],
    items: &mut Vec<MoveItem>,
    mut rec: GameRecord,
) -> Option<GameRecord> {
    let total = clock.map(|c| Duration::from_secs(c.time));
    let turn = Duration::from_millis(cfg.turn_ms);
    let margin = Duration::from_millis(cfg.margin_ms);
    loop {
        if pos.is_over() {
            let (b, w) = (pos.black().count_ones(), pos.white().count_ones());
            let d = final_score(pos.black(), pos.white());
            rec.winner = match d {
                0 => None,
                d if d > 0 => Some(Color::Black),
                _ => Some(Color::White),
            };
            rec.reason = EndReason::Discs(b, w);
            return Some(rec);
        }
        let color = pos.side_to_move();
        if pos.is_legal(Move::PASS) {
            // No move: the referee passes for it; the engines hear of it as `move PA`.
            pos.make(Move::PASS);
            items.push(MoveItem::new(Move::PASS));
            continue;
        }
        let ci = color.index();
        let s = &mut sides[ci];
        let lose = |mut rec: GameRecord, reason: EndReason| {
            rec.winner = Some(color.other());
            rec.reason = reason;
            Some(rec)
        };
        // Tell it the moves it has not seen, make sure it has read them, then `go`.
        s.proc
            .relay_pause(Duration::from_millis(cfg.relay_pause_ms));
        s.proc.drain();
        let told = items[s.told..]
            .iter()
            .try_for_each(|m| s.proc.send_nboard(&Command::Move(m.clone())))
            .and_then(|_| sync(s, cfg.init_ms))
            .and_then(|_| s.proc.send_nboard(&Command::Go));
        s.told = items.len();
        let sent = Instant::now();
        let (limit, which) = match total {
            Some(t) => (t.saturating_sub(s.used), "game clock"),
            None => (turn, "move time"),
        };
        let answer = told.and_then(|_| s.proc.wait_best_move(sent + limit + margin));
        let (item, at) = match answer {
            Ok(a) => a,
            Err(e) => return lose(rec, loss_for(e, &mut s.proc, sent, which)?),
        };
        let elapsed = at.saturating_duration_since(sent);
        s.used += elapsed;
        let ms = rec.charge(ci, elapsed);
        if elapsed > limit + margin {
            return lose(rec, EndReason::Time(which, ms));
        }
        if item.mv == Move::PASS || !pos.is_legal(item.mv) {
            return lose(rec, EndReason::IllegalMove(move_name(item.mv)));
        }
        pos.make(item.mv);
        items.push(MoveItem {
            mv: item.mv,
            eval: item.eval,
            time: ms as f64 / 1000.0,
        });
        let sq = item.mv.index();
        rec.moves.push(MoveRecord {
            x: sq % 8,
            y: sq / 8,
            color,
            ms: Some(ms),
            search: None,
        });
    }
}
