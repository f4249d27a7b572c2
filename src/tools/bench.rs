//! `ply bench [DEPTH]`: fixed gomoku positions searched to a fixed depth, then reversi
//! midgame positions three plies deeper (their evaluation and Multi-ProbCut), with a
//! fresh hash table each. The total node count is the engine's signature: the same
//! binary logic gives the same count on every machine.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::games::gomoku::{Gomoku, Rule};
use crate::games::reversi;
use crate::games::{Game, Move};
use crate::search::tt::TranspositionTable;
use crate::search::{format_score, search, Limits, SearchParams, SearchRequest, SearchResult};
use crate::tools::args;
use crate::tools::matchrunner::reversi_line;

pub const DEFAULT_DEPTH: u32 = 7;

pub const USAGE: &str = "\
ply bench - search the fixed benchmark positions

USAGE:
    ply bench [DEPTH]

Searches each gomoku benchmark position to DEPTH (1..30, default 7) and each
reversi one to DEPTH + 3, with a fresh hash table, and prints, per position, the
best move, score, nodes and time, then the total nodes (the engine's signature:
the same logic gives the same count on every machine) and nodes per second.
";

/// (size, rule, moves in play order as letter = x from `a`, number = y + 1).
pub const POSITIONS: &[(usize, Rule, &str)] = &[
    (15, Rule::Freestyle, "h8"),
    (15, Rule::Freestyle, "h8 i9 h10"),
    (15, Rule::Freestyle, "h8 h9 i8 i9 j8 j9"),
    (15, Rule::Freestyle, "h8 i7 i8 j8 g9 h9 g7 g8 f8 j7 f9"),
    (15, Rule::Standard, "h8 i9 j8 g10 i8 h7 k8 l8 j9 j10"),
    (15, Rule::Renju, "h8 i9 h10 i8 i10 g10 j10 k10 h9"),
    (15, Rule::Renju, "h8 h9 i7 i9 h10 i6 i11 i12"),
    (15, Rule::Caro, "h8 f8 g8 f9 i8 f7 j8 l8"),
    (20, Rule::Freestyle, "k11 l12 j10 l10 l11 m11 k10 k12 j12"),
    (
        20,
        Rule::Freestyle,
        "k11 k12 l12 j10 m13 n14 l11 l10 m10 k9 n9",
    ),
    (12, Rule::Freestyle, "f6 g7 e7 f8 g6 e6 d8"),
];

/// Reversi positions: moves from the standard start (XOT openings and longer lines).
pub const REVERSI_POSITIONS: &[&str] = &[
    "",
    "f5d6c4d3c2b3b4b5",
    "f5d6c7f4c5f6e3c4",
    "f5f6d3e3f2c3f3c5",
    "f5d6c3d3c4f4f6f3e6e7d7c5b6d8c6c7",
];

/// Reversi plies searched beyond the gomoku depth.
const REVERSI_EXTRA_DEPTH: u32 = 3;

/// Parses `h8`-style squares (letter = column x from `a`, number = row y + 1).
pub fn parse_square(s: &str, width: usize, height: usize) -> Option<Move> {
    let mut chars = s.chars();
    let col = chars.next()?.to_ascii_lowercase();
    if !col.is_ascii_lowercase() {
        return None;
    }
    let x = (col as u8 - b'a') as usize;
    let y = chars.as_str().parse::<usize>().ok()?.checked_sub(1)?;
    (x < width && y < height).then(|| Move::from_xy(x, y, width))
}

pub fn position(size: usize, rule: Rule, moves: &str) -> Result<Gomoku, String> {
    let mut g = Gomoku::new(size, size, rule)?;
    for m in moves.split_whitespace() {
        let mv = parse_square(m, size, size).ok_or(format!("bad square {m}"))?;
        g.make(mv);
    }
    Ok(g)
}

/// `g` searched to `depth` from a cleared table.
fn fresh_search<G: Game>(
    g: &G,
    depth: u32,
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
) -> SearchResult {
    tt.clear();
    let params = SearchParams::new(Limits::depth(Instant::now(), depth), 1);
    search(g, SearchRequest::new(&params, tt, stop))
}

/// The depth of `ply bench [DEPTH]`.
fn parse_args(args: &[String]) -> Result<u32, String> {
    match args {
        [] => Ok(DEFAULT_DEPTH),
        [d] => {
            args::number(d, 1..=30).ok_or(format!("DEPTH needs a number from 1 to 30, not '{d}'"))
        }
        [_, extra, ..] => Err(format!("unexpected argument '{extra}'")),
    }
}

pub fn run(args: &[String]) -> i32 {
    let depth = match parse_args(args) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("ply bench: {e}\n\n{USAGE}");
            return 2;
        }
    };
    // Everything a search only sets up (the positions with their pattern tables,
    // the hash table, the reversi weights and tables) is done before any clock
    // starts: the times are the searches'.
    let mut gomoku = Vec::with_capacity(POSITIONS.len());
    for (i, &(size, rule, moves)) in POSITIONS.iter().enumerate() {
        match position(size, rule, moves) {
            Ok(g) => gomoku.push((size, rule, g)),
            Err(e) => {
                eprintln!("ply bench: position {}: {e}", i + 1);
                return 1;
            }
        }
    }
    let mut reversi_games = Vec::with_capacity(REVERSI_POSITIONS.len());
    for (i, moves) in REVERSI_POSITIONS.iter().enumerate() {
        match reversi_line(moves) {
            Ok((g, _)) => reversi_games.push(g),
            Err(e) => {
                eprintln!("ply bench: reversi position {}: {e}", i + 1);
                return 1;
            }
        }
    }
    reversi::stability::init();
    reversi::pattern::init();
    for g in &reversi_games {
        let _ = g.evaluate();
    }
    for (_, _, g) in &gomoku {
        let _ = g.evaluate();
    }
    let mut tt = TranspositionTable::new(16 << 20);
    let stop = AtomicBool::new(false);
    // Backed with memory (on huge pages) before the clock runs.
    tt.populate(&stop);
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    for (i, (size, rule, g)) in gomoku.iter().enumerate() {
        let size = *size;
        let r = fresh_search(g, depth, &mut tt, &stop);
        let (x, y) = r.best.xy(size);
        println!(
            "position {:>2}: {size}x{size} {rule:?} depth {} best {x},{y} score {} nodes {} time {} ms",
            i + 1,
            r.depth,
            format_score(r.score),
            r.nodes,
            r.time.as_millis()
        );
        total_nodes += r.nodes;
        total_time += r.time;
    }
    for (i, g) in reversi_games.iter().enumerate() {
        let r = fresh_search(g, depth + REVERSI_EXTRA_DEPTH, &mut tt, &stop);
        println!(
            "position {:>2}: reversi {} empties depth {} best {} score {} nodes {} time {} ms",
            POSITIONS.len() + i + 1,
            g.empties(),
            r.depth,
            reversi::move_name(r.best),
            format_score(r.score),
            r.nodes,
            r.time.as_millis()
        );
        total_nodes += r.nodes;
        total_time += r.time;
    }
    let nps = total_nodes.saturating_mul(1_000_000) / (total_time.as_micros().max(1) as u64);
    println!("===========================");
    println!("Total time (ms) : {}", total_time.as_millis());
    println!("Nodes searched  : {total_nodes}");
    println!("Nodes/second    : {nps}");
    0
}
