//! NBoard protocol transcripts through the real binary: the handshake, `set game` with
//! the GGF NBoard sends, `hint` (midgame, exact and win/loss/draw), `go` (not played),
//! a game that ends with passes, ignored lines, `analyze`, and the end of input.

use crate::common;

use std::time::{Duration, Instant};

use common::{nboard, until, Brain};
use ply::games::reversi::ggf::{parse_move, GameRecord, Ggf, MoveItem};
use ply::games::reversi::Reversi;
use ply::games::{Game, Move};

/// The game of the example session in NTest's `instructions/Protocol.htm`.
const SPEC_GAME: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/// FFO endgame #1 (`tests/data/fforum-1-19.obf`, 14 empties, black to move): G8 +18;
/// H1 +12, H7 +6, A2 +6 and A3 +4 win too.
const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";

/// A position (found by random play) where black must pass after white's h4.
const PASS_BOARD: &str = "8 *--------**-------*-****--*****---****O*--**-*OO----O-OO---O-OOO O";

fn ffo1_game() -> String {
    format!("(;GM[Othello]BO[8 {} *];)", FFO1.replace('X', "*"))
}

/// Sends `ping n` and returns the lines before `pong n`.
fn sync(b: &mut Brain, n: i64) -> Vec<String> {
    b.send(&format!("ping {n}"));
    let mut lines = until(b, |l| l == format!("pong {n}"));
    lines.pop();
    lines
}

/// A `search <pv> <eval> 0 <depth>` line: (first move, eval, depth).
fn search_line(l: &str) -> Option<(Move, f64, String)> {
    let f: Vec<&str> = l.split(' ').collect();
    if f.len() != 5 || f[0] != "search" || f[3] != "0" {
        return None;
    }
    let mv = parse_move(f[1].get(..2)?)?;
    Some((mv, f[2].parse().ok()?, f[4].to_string()))
}

fn legal(pos: &Reversi) -> Vec<Move> {
    let mut v = Vec::new();
    pos.legal_moves(&mut v);
    v
}

fn record(ggf: &str) -> GameRecord {
    GameRecord::from_ggf(Ggf::parse(ggf).unwrap()).unwrap()
}

#[test]
fn handshake_depth_and_ping() {
    let mut b = nboard();
    b.send("set depth 6");
    assert_eq!(
        b.line_within(Duration::from_secs(5)).as_deref(),
        Some("set myname ply6")
    );
    assert!(sync(&mut b, 1).is_empty(), "{}", b.dump());
    b.send("set contempt 100");
    b.send("learn");
    assert_eq!(
        b.line_within(Duration::from_secs(5)).as_deref(),
        Some("learned")
    );
    b.send("quit");
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
}

#[test]
fn go_answers_a_legal_move_without_playing_it() {
    let mut b = nboard();
    b.send("set depth 4");
    b.send(&format!("set game {SPEC_GAME}"));
    assert_eq!(sync(&mut b, 1), ["set myname ply4"]);
    b.send("go");
    let lines = until(&mut b, |l| l.starts_with("=== "));
    let pos = record(SPEC_GAME).pos;
    assert_eq!(lines[0], "status ply is thinking");
    assert!(lines.iter().any(|l| l.starts_with("nodestats ")));
    // Thinking output as for hint: search lines of the position, depth 1 to 4.
    let searches: Vec<_> = lines.iter().filter_map(|l| search_line(l)).collect();
    assert_eq!(
        searches.last().map(|s| s.2.as_str()),
        Some("4"),
        "{}",
        b.dump()
    );
    for (mv, _, _) in &searches {
        assert!(legal(&pos).contains(mv));
    }
    // `=== <move>/<eval>/<time>`
    let answer = lines.last().unwrap().strip_prefix("=== ").unwrap();
    let item = MoveItem::parse(answer).unwrap();
    assert!(legal(&pos).contains(&item.mv), "{answer}");
    assert!(item.eval.is_some() && item.time >= 0.0, "{answer}");
    assert_eq!(item.mv, searches.last().unwrap().0);
    // The move was not played: the game still has 8 moves (analyze counts from 8).
    sync(&mut b, 2);
    b.send("analyze");
    let lines = until(&mut b, |l| l == "status");
    let first = lines.iter().find(|l| l.starts_with("analysis ")).unwrap();
    assert!(first.starts_with("analysis 8 "), "{first}");
}

#[test]
fn hint_gives_n_lines_per_depth_and_exact_and_wld_solves() {
    let mut b = nboard();
    b.send("set depth 3");
    b.send("hint 3");
    let lines = until(&mut b, |l| l == "status");
    let start = Reversi::new();
    let last: Vec<_> = lines
        .iter()
        .filter_map(|l| search_line(l))
        .filter(|s| s.2 == "3")
        .collect();
    assert_eq!(last.len(), 3, "{}", b.dump());
    let mut moves: Vec<Move> = last.iter().map(|s| s.0).collect();
    moves.dedup();
    assert_eq!(moves.len(), 3);
    assert!(moves.iter().all(|m| legal(&start).contains(m)));

    // FFO #1 at depth 12: 14 empties <= 20, an exact solve: G8 +18 (depth `100%`).
    b.send("set depth 12");
    b.send(&format!("set game {}", ffo1_game()));
    b.send("hint 1");
    let lines = until(&mut b, |l| l == "status");
    let exact: Vec<_> = lines.iter().filter_map(|l| search_line(l)).collect();
    assert_eq!(exact.len(), 1, "{}", b.dump());
    assert_eq!(
        exact[0],
        (parse_move("G8").unwrap(), 18.0, "100%".to_string())
    );

    // With several lines, every move is solved: H1 +12 is among them.
    b.send("hint 2");
    let lines = until(&mut b, |l| l == "status");
    let all: Vec<_> = lines.iter().filter_map(|l| search_line(l)).collect();
    assert!(all.contains(&(parse_move("H1").unwrap(), 12.0, "100%".to_string())));
    assert!(all.iter().all(|s| s.2 == "100%"));

    // Depth 6: exact up to 12 empties, win/loss/draw up to 14: `100%W`, a winning move.
    b.send("set depth 6");
    b.send("hint 1");
    let lines = until(&mut b, |l| l == "status");
    let wld: Vec<_> = lines.iter().filter_map(|l| search_line(l)).collect();
    let (mv, eval, depth) = wld.last().unwrap().clone();
    assert_eq!(depth, "100%W", "{}", b.dump());
    assert!(eval > 0.0);
    let winners: Vec<Move> = ["G8", "H1", "H7", "A2", "A3"]
        .iter()
        .map(|m| parse_move(m).unwrap())
        .collect();
    assert!(winners.contains(&mv), "{mv:?}");
}

#[test]
fn a_game_that_ends_with_passes() {
    let mut b = nboard();
    b.send("set depth 4");
    // White h4 leaves black without a move: black must pass at once.
    let game = format!("(;GM[Othello]PC[test]TI[5:00]BO[{PASS_BOARD}]W[h4//1.5];)");
    b.send(&format!("set game {game}"));
    let mut rec = record(&game);
    let mut passes = 0;
    let mut n = 0;
    while !rec.pos.is_over() {
        n += 1;
        assert!(n < 80);
        b.send("go");
        let lines = until(&mut b, |l| l.starts_with("=== "));
        let item = MoveItem::parse(lines.last().unwrap().strip_prefix("=== ").unwrap()).unwrap();
        assert!(legal(&rec.pos).contains(&item.mv), "{}", b.dump());
        if item.mv == Move::PASS {
            passes += 1;
        }
        // NBoard plays the move and tells the engine (with its own time).
        let mut played = item.clone();
        played.time = 0.25;
        rec.play(played.clone()).unwrap();
        sync(&mut b, n);
        b.send(&format!("move {played}"));
    }
    assert!(passes >= 1);
    // The game is over: go and hint give no move; the engine is still in sync.
    b.send("go");
    b.send("hint 1");
    let after = sync(&mut b, 1000);
    assert!(after
        .iter()
        .all(|l| !l.starts_with("===") && !l.starts_with("search")));
    // Its record is the same as ours: analyze walks back over every move made.
    b.send("analyze");
    let lines = until(&mut b, |l| l == "status");
    let ks: Vec<usize> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("analysis "))
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    let total = rec.moves.len();
    assert_eq!(ks, (0..=total).rev().collect::<Vec<_>>(), "{}", b.dump());
    // The last position is scored with its final disc count (mover's view).
    let last = lines.iter().find(|l| l.starts_with("analysis ")).unwrap();
    let eval: f64 = last.rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(eval, rec.pos.final_score() as f64);
}

#[test]
fn unknown_and_malformed_commands_are_ignored() {
    let mut b = nboard();
    b.send("set depth 2");
    b.send(&format!("set game {SPEC_GAME}"));
    for l in [
        "foo bar",
        "set myname x",
        "set depth x",
        "set game (;GM[Othello]BO[8 nonsense *];)",
        "set game (;GM[Othello]B[a1];)",
        "move Z9",
        "move A1",
        "move PA",
        "hint x",
        "ping",
        "go now",
        "",
        "   ",
    ] {
        b.send(l);
    }
    // Nothing is answered but the set myname of set depth 2.
    assert_eq!(sync(&mut b, 5), ["set myname ply2"], "{}", b.dump());
    // The depth and the game are unchanged: 8 moves, depth 2 search lines.
    b.send("hint 1");
    let lines = until(&mut b, |l| l == "status");
    let depths: Vec<String> = lines
        .iter()
        .filter_map(|l| search_line(l))
        .map(|s| s.2)
        .collect();
    assert_eq!(depths.last().map(String::as_str), Some("2"));
    b.send("analyze");
    let lines = until(&mut b, |l| l == "status");
    assert!(lines.iter().any(|l| l.starts_with("analysis 8 ")));
    assert!(!lines.iter().any(|l| l.starts_with("analysis 9 ")));
}

#[test]
fn a_version_1_bare_move_is_a_move() {
    let mut b = nboard();
    b.send("set depth 1");
    b.send("f5");
    b.send("analyze");
    let lines = until(&mut b, |l| l == "status");
    assert!(
        lines.iter().any(|l| l.starts_with("analysis 1 ")),
        "{}",
        b.dump()
    );
}

#[test]
fn end_of_input_quits() {
    let mut b = nboard();
    b.send("set depth 2");
    b.send("go");
    b.close();
    // The running go is still answered, then the engine exits.
    until(&mut b, |l| l.starts_with("=== "));
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
}

#[test]
fn go_keeps_within_the_clock_of_the_ggf() {
    let mut b = nboard();
    // Depth 60 would search (and solve) far longer than the clock allows.
    b.send("set depth 60");
    // Black has 20 s on the clock and has already used 19.2 s of it in its 4 moves.
    let game = SPEC_GAME
        .replace("TI[15:00]", "TI[20]")
        .replace("B[F5]", "B[F5//10]")
        .replace("B[D3]", "B[D3//9.2]");
    let rec = record(&game);
    let left = rec.time_left(rec.pos.side_to_move()).unwrap();
    assert!((left - 0.8).abs() < 1e-9, "{left}");
    b.send(&format!("set game {game}"));
    sync(&mut b, 1);
    let sent = Instant::now();
    b.send("go");
    let lines = until(&mut b, |l| l.starts_with("=== "));
    let took = sent.elapsed();
    assert!(
        took < Duration::from_millis(800),
        "go took {took:?} with 0.8 s left"
    );
    let item = MoveItem::parse(lines.last().unwrap().strip_prefix("=== ").unwrap()).unwrap();
    assert!(legal(&rec.pos).contains(&item.mv));
    assert!(item.time < 0.8, "{}", item.time);
}

#[test]
fn a_go_stopped_by_ping_is_still_answered_before_the_pong() {
    let mut b = nboard();
    b.send("set depth 60");
    for game in [SPEC_GAME.to_string(), ffo1_game()] {
        b.send(&format!("set game {game}"));
        b.send("go");
        // At once: stopped (or, for the quick solve, maybe just finished), the go gets
        // exactly one answer, before the pong.
        let lines = sync(&mut b, 4);
        let answers: Vec<&String> = lines.iter().filter(|l| l.starts_with("=== ")).collect();
        assert_eq!(answers.len(), 1, "{}", b.dump());
        let item = MoveItem::parse(answers[0].strip_prefix("=== ").unwrap()).unwrap();
        assert!(legal(&record(&game).pos).contains(&item.mv));
    }
}

/// Random and mutated lines never stop the engine: every `ping` gets its `pong`, in
/// order, and only protocol lines are printed.
#[test]
fn random_lines_never_break_the_session() {
    use ply::games::splitmix64;
    let pieces = [
        "nboard",
        "set",
        "depth",
        "game",
        "contempt",
        "move",
        "hint",
        "go",
        "learn",
        "analyze",
        "F5",
        "pa",
        "PA",
        "d3//0.5",
        "c4/-1.5/2",
        "z9",
        "-3",
        "1",
        "99999999999999999999999",
        "(;GM[Othello]",
        "BO[8",
        "*]",
        ";)",
        "B[F5]",
        "\u{0}",
        "é",
        "",
    ];
    let mut b = nboard();
    b.send("set depth 1");
    let mut rng = 0x5eed_u64;
    let mut seen = Vec::new();
    for k in 1..=60 {
        for _ in 0..(splitmix64(&mut rng) % 4) {
            if splitmix64(&mut rng).is_multiple_of(3) {
                let valid = ["go", "hint 2", "learn", "analyze", "move F5", "move PA"];
                b.send(valid[(splitmix64(&mut rng) % valid.len() as u64) as usize]);
                continue;
            }
            let n = 1 + splitmix64(&mut rng) % 4;
            let words: Vec<&str> = (0..n)
                .map(|_| pieces[(splitmix64(&mut rng) % pieces.len() as u64) as usize])
                .collect();
            b.send(&words.join(" "));
        }
        seen.extend(sync(&mut b, k));
    }
    let known = [
        "set myname ",
        "status",
        "search ",
        "nodestats ",
        "=== ",
        "learned",
        "analysis ",
    ];
    for l in &seen {
        assert!(
            known.iter().any(|p| l.starts_with(p)),
            "unexpected line {l:?}"
        );
    }
    // Commands did reach the engine (a go is answered even when a ping stops it).
    assert!(seen.iter().any(|l| l.starts_with("=== ")), "{}", b.dump());
    assert!(seen.iter().any(|l| l == "learned"), "{}", b.dump());
    b.send("quit");
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
}

/// End of input means quit: a job with no clock (here a 60-empty exact solve, which
/// would run for ages) still answers, at once, and the process exits.
#[test]
fn end_of_input_ends_a_job_without_a_clock() {
    let mut b = nboard();
    b.send("set depth 60");
    b.send("go");
    b.close();
    let lines = until(&mut b, |l| l.starts_with("==="));
    let last = lines.last().expect("an answer");
    let mv = last[4..].split('/').next().unwrap_or("");
    assert!(["D3", "C4", "F5", "E6"].contains(&mv), "{last}");
    assert_eq!(
        b.exit_within(Duration::from_secs(5)),
        Some(0),
        "{}",
        b.dump()
    );
}

/// A game (ply black at depth 14 against NTest, from XOT opening 5) whose third solve
/// once never ended: the solver's root fell outside its aspiration window one way,
/// then the other, until the widening step overflowed to zero and the same window was
/// searched forever. Every `go` must answer.
#[test]
fn a_solve_after_earlier_solves_of_the_game_ends() {
    let game = "(;GM[Othello]PC[test]TY[8]BO[8 ---------------------------O*------*O------\
                --------------------- *]B[F5]W[D6]B[C3]W[F4]B[C5]W[D3]B[G3]W[B5]B[C6]W[B3]\
                B[D7]W[C7]B[B6]W[E8]B[C4]W[E3]B[B4]W[F3]B[E6]W[H3]B[C2]W[A6]B[A4]W[D2]B[E1]\
                W[D1]B[C1]W[F2]B[E2]W[A3]B[G4]W[F1]B[D8]W[F7]B[E7]W[A5];)";
    let mut b = nboard();
    b.send("set depth 14");
    b.send(&format!("set game {game}"));
    sync(&mut b, 1);
    for (n, replies) in [(2, ["G1", "G6"]), (3, ["F8", "C8"]), (4, ["", ""])] {
        b.send("go");
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(l) = b.line_within(left) else {
                panic!("go did not answer in 60 s; transcript:\n{}", b.dump());
            };
            if l.starts_with("===") {
                break;
            }
        }
        for mv in replies.iter().filter(|m| !m.is_empty()) {
            b.send(&format!("move {mv}"));
        }
        assert!(sync(&mut b, n).iter().all(|l| !l.starts_with("ERROR")));
    }
}
