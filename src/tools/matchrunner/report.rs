//! What `ply match` prints: the header, one line per finished game with the running
//! score, and the summary (W/D/L, Elo, LOS, pentanomial pairs, SPRT, endings, move
//! times, wall time). [`Tally`] keeps the counts from engine 1's view.

use std::time::Instant;

use super::game::{GameConfig, GameRecord};
use super::openings::Job;
use super::options::MatchOptions;
use super::stats::{fmt_elo, SprtState, Stats};
use crate::games::{Color, GameKind};

/// Per-engine timing totals (over both colours).
#[derive(Default, Clone, Copy)]
pub struct Clock {
    moves: u64,
    total_ms: u64,
    total_us: u64,
    max_ms: u64,
    late: u64,
}

impl Clock {
    /// The mean thinking time per move in ms (microsecond sums), 0 without moves.
    pub fn mean_ms(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_us as f64 / 1000.0 / self.moves as f64
        }
    }
}

/// The running counts of a match, from engine 1's view.
pub struct Tally {
    pub st: Stats,
    /// How games ended: each kind with its count, in order of first appearance.
    pub endings: Vec<(&'static str, u32)>,
    /// Engine 1's and engine 2's clocks.
    pub clocks: [Clock; 2],
}

impl Tally {
    pub fn new() -> Tally {
        Tally {
            st: Stats::new(),
            endings: Vec::new(),
            clocks: [Clock::default(); 2],
        }
    }

    /// Counts the finished game `j`.
    pub fn add(&mut self, j: &Job, rec: &GameRecord) {
        let e1 = if j.engine1_black {
            Color::Black
        } else {
            Color::White
        };
        let score = match rec.winner {
            None => 0.5,
            Some(c) if c == e1 => 1.0,
            Some(_) => 0.0,
        };
        self.st.add(j.index, score);
        match self
            .endings
            .iter_mut()
            .find(|(k, _)| *k == rec.reason.kind())
        {
            Some(e) => e.1 += 1,
            None => self.endings.push((rec.reason.kind(), 1)),
        }
        for (e, clock) in self.clocks.iter_mut().enumerate() {
            let c = if e == 0 { e1 } else { e1.other() };
            let moves = rec.moves.iter().filter(|m| m.ms.is_some() && m.color == c);
            clock.moves += moves.count() as u64;
            clock.total_ms += rec.total_ms[c.index()];
            clock.total_us += rec.total_us[c.index()];
            clock.max_ms = clock.max_ms.max(rec.max_ms[c.index()]);
            clock.late += rec.late[c.index()] as u64;
        }
    }
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new()
    }
}

fn result_text(rec: &GameRecord) -> &'static str {
    match rec.winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// The first line: who plays whom, how many games, on what board and clock.
pub fn print_header(opts: &MatchOptions, names: &[String; 2], total: usize, openings: usize) {
    let g: &GameConfig = &opts.game;
    if opts.kind == GameKind::Reversi {
        let depth = |i: usize| {
            opts.players[i]
                .depth
                .map_or("engine's own".to_string(), |d| d.to_string())
        };
        println!(
            "Match {} vs {}: {} games, reversi over NBoard, depth {} vs {}, {}, {}, concurrency {}",
            names[0],
            names[1],
            total,
            depth(0),
            depth(1),
            match super::nboard_game::game_clock(g.match_ms) {
                Some(c) => format!("{} s/game (TI[{c}])", c.time),
                None => "no clock".into(),
            },
            match &opts.openings_file {
                Some(f) => format!("{openings} openings from {f}"),
                None => "standard start".into(),
            },
            opts.concurrency
        );
        return;
    }
    println!(
        "Match {} vs {}: {} games, {}x{} {}, {} ms/move{}, {}, concurrency {}",
        names[0],
        names[1],
        total,
        g.width,
        g.height,
        g.rule.name(),
        g.turn_ms,
        if g.match_ms > 0 {
            format!(", {} ms/game", g.match_ms)
        } else {
            String::new()
        },
        match &opts.openings_file {
            Some(f) => format!("{openings} openings from {f}"),
            None => "empty board".into(),
        },
        opts.concurrency
    );
}

/// The line of a finished game, with the running score.
pub fn print_game(j: &Job, total: usize, rec: &GameRecord, names: &[String; 2], st: &Stats) {
    println!(
        "[{:>3}/{}] {}: black {}, white {}: {} {}, {} moves | {} +{} ={} -{} ({:.1}/{})",
        j.index + 1,
        total,
        match j.opening {
            Some(k) => format!("opening {}", k + 1),
            None if rec.reversi.is_some() => "standard start".into(),
            None => "empty board".into(),
        },
        rec.names[0],
        rec.names[1],
        result_text(rec),
        rec.reason,
        rec.engine_moves(),
        names[0],
        st.wins,
        st.draws,
        st.losses,
        st.points(),
        st.games()
    );
}

/// The summary after the last game.
pub fn print_summary(
    opts: &MatchOptions,
    names: &[String; 2],
    tally: &Tally,
    decision: Option<(SprtState, u32)>,
    started: Instant,
) {
    let Tally {
        st,
        endings,
        clocks,
    } = tally;
    let n = st.games();
    println!();
    println!(
        "Score of {} vs {}: +{} ={} -{} ({:.1}/{}, {:.1}%)",
        names[0],
        names[1],
        st.wins,
        st.draws,
        st.losses,
        st.points(),
        n,
        100.0 * st.score()
    );
    let (elo, err) = st.elo();
    println!(
        "Elo difference: {} +/- {} (95%), LOS {:.1}%, draw ratio {:.1}%",
        fmt_elo(elo),
        if err.is_finite() {
            format!("{err:.1}")
        } else {
            "inf".into()
        },
        100.0 * st.los(),
        if n > 0 {
            100.0 * st.draws as f64 / n as f64
        } else {
            0.0
        }
    );
    println!(
        "Pairs (engine 1 scoring 0, 1/2, 1, 3/2, 2): {:?} ({} pairs)",
        st.penta,
        st.pairs()
    );
    if let Some(sprt) = &opts.sprt {
        let (lo, hi) = sprt.bounds();
        let state = match decision {
            Some((SprtState::AcceptH1, g)) => format!("H1 accepted after {g} games"),
            Some((SprtState::AcceptH0, g)) => format!("H0 accepted after {g} games"),
            _ => "no decision yet".into(),
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} (trinomial {:.3}), bounds [{:.3}, {:.3}]: {state}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            st.llr_pentanomial(sprt),
            st.llr_trinomial(sprt),
            lo,
            hi
        );
    }
    let ends: Vec<String> = endings.iter().map(|(k, c)| format!("{k} {c}")).collect();
    println!("Endings: {}", ends.join(", "));
    if opts.kind == GameKind::Reversi {
        for (name, c) in names.iter().zip(clocks) {
            println!(
                "Time {name}: {} moves, mean {:.1} ms/move, longest {} ms",
                c.moves,
                c.mean_ms(),
                c.max_ms
            );
        }
        if clocks[1].mean_ms() > 0.0 {
            println!(
                "Time ratio {} / {}: {:.2}",
                names[0],
                names[1],
                clocks[0].mean_ms() / clocks[1].mean_ms()
            );
        }
        println!("Wall time {:.1} s", started.elapsed().as_secs_f64());
        return;
    }
    for (name, c) in names.iter().zip(clocks) {
        println!(
            "Time {name}: {} moves, average {} ms, longest {} ms, {} over the turn limit",
            c.moves,
            c.total_ms.checked_div(c.moves).unwrap_or(0),
            c.max_ms,
            c.late
        );
    }
    println!("Wall time {:.1} s", started.elapsed().as_secs_f64());
}
