//! `ply analyze`: one position in, the best move, score and line out (text or one
//! JSON object), for shell scripts.

use std::time::{Duration, Instant};

use crossbeam_channel::unbounded;

use crate::engine::{Engine, Position};
use crate::games::gomoku::Rule;
use crate::games::Color;
use crate::games::GameKind;
use crate::protocol::notation::{line_text, move_text, result_text, typed_move};
use crate::search::limits::{time_for_move, Clock};
use crate::search::{mate_in, Limits, SearchParams};
use crate::tools::args::Args;

pub const USAGE: &str = "\
ply analyze - search one position and print the best move, score and line

USAGE:
    ply analyze [--game gomoku|tictactoe|reversi] [--rule RULE] [--size N|WxH]
                [--moves M1,M2,...] [--time MS | --depth N] [--nodes N] [--json]

OPTIONS:
    --game G      gomoku (default), tictactoe or reversi
    --rule R      freestyle (default), standard, renju, caro (gomoku)
    --size S      board size, N or WxH (gomoku: 5..32 per side, at most 26 wide
                  because files are the letters a..z; default 15; tic-tac-toe 3;
                  reversi 8)
    --moves LIST  the moves played from the empty board, first player first,
                  separated by commas or spaces: h8 or P@h8 (files a.. from the
                  left, ranks 1.. from the bottom, as cutechess-cli writes them;
                  reversi: a1..h8 with rank 1 at the top, 0000 a pass); the
                  letters in either case (H8, D3)
    --time MS     think for MS milliseconds (default 1000 unless --depth/--nodes)
    --depth N     search to depth N
    --nodes N     stop after N nodes
    --json        print one JSON object instead of text

OUTPUT (text):
    bestmove P@i9
    score cp 35            (or: score mate 3 = a forced win in 3 of our moves)
    depth 9 seldepth 14 nodes 123456 time 1000
    pv P@i9 P@g7 ...
A finished game prints `result p1win|p2win|draw` and no move. Exit code 0, or 2
with a message on stderr for bad arguments or an illegal move.
";

struct Options {
    game: GameKind,
    rule: Rule,
    size: Option<(usize, usize)>,
    moves: Vec<String>,
    time: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    json: bool,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut a = Options {
        game: GameKind::Gomoku,
        rule: Rule::Freestyle,
        size: None,
        moves: Vec::new(),
        time: None,
        depth: None,
        nodes: None,
        json: false,
    };
    let mut args = Args::new(args);
    while let Some(arg) = args.next() {
        match arg {
            "--game" => a.game = args.game(arg)?,
            "--rule" => a.rule = args.rule(arg)?,
            "--size" => a.size = Some(args.size(arg)?),
            "--moves" => {
                a.moves.extend(
                    args.value(arg)?
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|s| !s.is_empty())
                        .map(str::to_string),
                );
            }
            "--time" => a.time = Some(args.number(arg, "milliseconds", ..)?),
            "--depth" => a.depth = Some(args.number(arg, "a number from 1 to 100", 1..=100)?),
            "--nodes" => a.nodes = Some(args.number(arg, "a number", ..)?),
            "--json" => a.json = true,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

/// The position after `moves` (each checked for legality).
pub fn build_position(
    game: GameKind,
    rule: Rule,
    size: Option<(usize, usize)>,
    moves: &[String],
) -> Result<Position, String> {
    let (w, h) = size.unwrap_or(game.default_size());
    if w > crate::protocol::notation::MAX_NOTATION_WIDTH {
        return Err(format!(
            "boards wider than {} files (a..z) cannot be written as squares; wider boards \
             (up to 32) are played through the Gomocup protocol",
            crate::protocol::notation::MAX_NOTATION_WIDTH
        ));
    }
    let mut pos = Position::new_game(game, rule, w, h)?;
    for (i, m) in moves.iter().enumerate() {
        let mv = typed_move(&pos, m).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.make(mv);
    }
    Ok(pos)
}

/// Escapes a string for JSON.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| json_string(s)).collect();
    format!("[{}]", inner.join(","))
}

pub fn run(args: &[String]) -> i32 {
    let a = match parse_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ply analyze: {e}\n\n{USAGE}");
            return 2;
        }
    };
    let pos = match build_position(a.game, a.rule, a.size, &a.moves) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("ply analyze: {e}");
            return 2;
        }
    };
    let mut limits = Limits::new(Instant::now());
    if let Some(ms) = a
        .time
        .or((a.depth.is_none() && a.nodes.is_none()).then_some(1000))
    {
        limits.time = time_for_move(
            Clock {
                turn: Some(ms.min(i64::MAX as u64) as i64),
                ..Clock::default()
            },
            1,
        );
    }
    limits.depth = a.depth;
    limits.nodes = a.nodes;
    if let Some(cap) = pos.depth_cap() {
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
    }
    let (tx, _rx) = unbounded();
    let engine = Engine::new(tx);
    let over = pos.result().is_some();
    let r = (!over).then(|| engine.search_now(&pos, &SearchParams::new(limits, 1)));
    let side = if pos.side_to_move() == Color::Black {
        "first"
    } else {
        "second"
    };
    let (w, h) = pos.dimensions();
    let best = r
        .as_ref()
        .filter(|r| !r.best.is_none())
        .map(|r| move_text(&pos, r.best).to_string());
    let pv = r.as_ref().map_or(Vec::new(), |r| line_text(&pos, &r.pv));
    let (score_kind, score_value) = match r.as_ref().map(|r| r.score) {
        None => ("none", 0),
        Some(s) => match mate_in(s) {
            Some(p) if p > 0 => ("mate", (p + 1) / 2),
            Some(p) => ("mate", p / 2),
            None => ("cp", s),
        },
    };
    let (depth, seldepth, nodes, time) = r.as_ref().map_or((0, 0, 0, Duration::ZERO), |r| {
        (r.depth, r.seldepth, r.nodes, r.time)
    });
    if a.json {
        let score = if score_kind == "none" {
            "null".to_string()
        } else {
            format!("{{\"{score_kind}\":{score_value}}}")
        };
        println!(
            "{{\"game\":{},\"rule\":{},\"width\":{w},\"height\":{h},\"moves\":{},\"side_to_move\":{},\"result\":{},\"bestmove\":{},\"score\":{score},\"depth\":{depth},\"seldepth\":{seldepth},\"nodes\":{nodes},\"time_ms\":{},\"pv\":{}}}",
            json_string(a.game.name()),
            match a.game {
                GameKind::Gomoku => json_string(&format!("{:?}", a.rule).to_ascii_lowercase()),
                GameKind::TicTacToe | GameKind::Reversi => "null".to_string(),
            },
            json_list(&a.moves),
            json_string(side),
            json_string(result_text(&pos)),
            best.as_deref().map_or("null".to_string(), json_string),
            time.as_millis(),
            json_list(&pv),
        );
    } else if over {
        println!("result {}", result_text(&pos));
    } else {
        println!("bestmove {}", best.as_deref().unwrap_or("(none)"));
        println!("score {score_kind} {score_value}");
        println!(
            "depth {depth} seldepth {seldepth} nodes {nodes} time {}",
            time.as_millis()
        );
        println!("pv {}", pv.join(" "));
    }
    0
}
