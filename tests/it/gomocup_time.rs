//! The time policy and forced moves through the real binary (Gomocup dialect).

use crate::common;

use common::{parse_move, Brain};
use std::time::{Duration, Instant};

/// Sends a BOARD block and collects every line up to the move; returns the lines
/// and how long the answer took.
fn board(b: &mut Brain, stones: &[(i32, i32, i32)], within: Duration) -> (Vec<String>, Duration) {
    b.send("BOARD");
    for (x, y, f) in stones {
        b.send(&format!("{x},{y},{f}"));
    }
    let t = Instant::now();
    b.send("DONE");
    let mut lines = Vec::new();
    loop {
        let left = within.saturating_sub(t.elapsed());
        match b.line_within(left) {
            Some(l) => {
                let done = parse_move(&l).is_some();
                lines.push(l);
                if done {
                    return (lines, t.elapsed());
                }
            }
            None => panic!("no move within {within:?}; transcript:\n{}", b.dump()),
        }
    }
}

/// The summary line's `Eval` and `PV` fields.
fn eval_and_pv(lines: &[String]) -> (String, String) {
    let summary = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("MESSAGE Depth"))
        .unwrap_or_else(|| panic!("no summary line: {lines:?}"));
    let field = |name: &str| {
        summary
            .split(" | ")
            .find_map(|f| f.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {summary}"))
            .to_string()
    };
    (field("Eval "), field("PV "))
}

fn started(turn_ms: u32) -> Brain {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    b.send(&format!("INFO timeout_turn {turn_ms}"));
    b
}

/// White's four on row 7 (3..6), blocked on the left by our stone at 2,7: our only
/// move is 7,7.
const WHITE_FOUR: [(i32, i32, i32); 5] = [(2, 7, 1), (3, 7, 2), (4, 7, 2), (5, 7, 2), (6, 7, 2)];

#[test]
fn a_forced_block_that_starts_a_vcf_reports_the_win() {
    let mut b = started(5_000);
    // The block at 7,7 makes our four on column 7 (7,8..7,10; 7,11 is white's), white
    // must answer 7,6, and our open three on row 10 becomes an open four: a VCF.
    let mut stones = WHITE_FOUR.to_vec();
    stones.extend([
        (7, 8, 1),
        (7, 9, 1),
        (7, 10, 1),
        (10, 10, 1),
        (11, 10, 1),
        (12, 10, 1),
        (7, 11, 2),
        (0, 0, 2),
        (14, 14, 2),
    ]);
    let (lines, took) = board(&mut b, &stones, Duration::from_secs(10));
    assert_eq!(lines.last().map(String::as_str), Some("7,7"), "{lines:?}");
    let (eval, pv) = eval_and_pv(&lines);
    assert_eq!(eval, "+M5", "{lines:?}");
    assert!(pv.starts_with("7,7 7,6 "), "{pv}");
    assert_eq!(pv.split(' ').count(), 5, "{pv}");
    // Forced: no search, only the solver's milliseconds.
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn a_forced_block_into_a_lost_position_reports_the_loss() {
    let mut b = started(5_000);
    // After the block white's open three on column 10 becomes an open four.
    let mut stones = WHITE_FOUR.to_vec();
    stones.extend([
        (0, 0, 1),
        (1, 1, 1),
        (14, 14, 1),
        (13, 13, 1),
        (0, 14, 1),
        (14, 0, 1),
        (10, 2, 2),
        (10, 3, 2),
        (10, 4, 2),
    ]);
    let (lines, _) = board(&mut b, &stones, Duration::from_secs(10));
    assert_eq!(lines.last().map(String::as_str), Some("7,7"), "{lines:?}");
    let (eval, pv) = eval_and_pv(&lines);
    assert_eq!(eval, "-M4", "{lines:?}");
    assert!(pv.starts_with("7,7 "), "{pv}");
    assert_eq!(pv.split(' ').count(), 4, "{pv}");
}

#[test]
fn a_forced_block_answers_the_same_through_uci() {
    let mut b = Brain::start(&["--protocol", "uci"]);
    b.send("uci");
    // The first position's stones, as UCI's gomoku FEN would be long: play them as
    // moves instead (black: ours; white: the four).
    b.send("ucinewgame");
    b.send("position startpos moves a1 d8 n14 e8 c8 f8 n1 g8");
    b.send("go movetime 2000");
    let t = Instant::now();
    let mut infos = Vec::new();
    loop {
        let left = Duration::from_secs(10).saturating_sub(t.elapsed());
        let l = b
            .line_within(left)
            .unwrap_or_else(|| panic!("no bestmove; transcript:\n{}", b.dump()));
        if l.starts_with("info") && l.contains(" pv ") {
            infos.push(l.clone());
        }
        if let Some(m) = l.strip_prefix("bestmove ") {
            assert_eq!(m.trim(), "P@h8", "{}", b.dump());
            break;
        }
    }
    // The only move, with a line of its own like any other search.
    assert!(infos.iter().any(|l| l.contains(" pv P@h8")), "{infos:?}");
}

#[test]
fn a_tournament_clock_is_spent_sparingly_on_an_opening() {
    // Gomocup tournament settings: a 22nd of what is left as the target, at most
    // twice that (180 s: 16.3 s; 20 s: 1.7 s), so under a tenth of it.
    for (left, limit) in [(180_000, 18_000u64), (20_000, 2_000)] {
        let mut b = started(30_000);
        b.send("INFO timeout_match 180000");
        b.send(&format!("INFO time_left {left}"));
        let opening = [(7, 7, 2), (8, 8, 1), (8, 6, 2)];
        let (lines, took) = board(&mut b, &opening, Duration::from_millis(limit + 5_000));
        assert!(
            took < Duration::from_millis(limit),
            "time_left {left}: {took:?}; {lines:?}"
        );
    }
}

#[test]
fn unlimited_time_stops_when_the_result_is_settled() {
    // Yixin-Board's "unlimited": timeout_turn 2000000. White has an open four: every
    // move loses, which the search proves at depth 2; it answers at once.
    let mut b = started(2_000_000);
    let stones = [
        (0, 0, 1),
        (14, 14, 1),
        (0, 14, 1),
        (4, 7, 2),
        (5, 7, 2),
        (6, 7, 2),
        (7, 7, 2),
    ];
    let (lines, took) = board(&mut b, &stones, Duration::from_secs(20));
    let (eval, _) = eval_and_pv(&lines);
    assert_eq!(eval, "-M2", "{lines:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// The depth of a summary or progress line (`MESSAGE Depth d-sd | ...`).
fn depth_of(l: &str) -> Option<u32> {
    let d = l.strip_prefix("MESSAGE Depth ")?.split('-').next()?;
    d.parse().ok()
}

#[test]
fn a_long_think_reports_every_iteration_after_a_second() {
    // A 6 s turn from a position whose iterations come at an even pace (here depths
    // 20-23 end at about 1.1, 1.6, 1.9 and 5.4 s), so some end after the first second
    // on a machine twice as fast or twice as slow. From a three-stone opening one
    // iteration can take most of the turn, and none but the last end after 1 s.
    let mut b = started(6_000);
    let opening = [(7, 7, 1), (8, 7, 2), (6, 8, 1), (9, 6, 2), (5, 9, 2)];
    let (lines, _) = board(&mut b, &opening, Duration::from_secs(15));
    let progress: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE Depth"))
        .collect();
    // Progress lines (at least one, after 1 s), then the summary; depths never fall.
    assert!(progress.len() >= 2, "{lines:?}");
    let depths: Vec<u32> = progress.iter().filter_map(|l| depth_of(l)).collect();
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
    let first_ms: u64 = progress[0]
        .split(" | ")
        .find_map(|f| f.strip_prefix("Time "))
        .and_then(|t| t.trim_end_matches(" ms").parse().ok())
        .unwrap_or(0);
    assert!(first_ms >= 1_000, "{lines:?}");
}

#[test]
fn the_summary_names_the_depth_of_the_move_played() {
    // YXNBEST: the first line of an unfinished iteration is the best at its depth;
    // the summary's depth and move are those of the last (1) line.
    for turn in [150, 300, 600] {
        let mut b = started(turn);
        let opening = [(7, 7, 2), (8, 8, 1), (8, 6, 2)];
        let _ = board(&mut b, &opening, Duration::from_secs(10));
        b.send("YXNBEST 3");
        let t = Instant::now();
        let mut lines = Vec::new();
        loop {
            let left = Duration::from_secs(10).saturating_sub(t.elapsed());
            let l = b
                .line_within(left)
                .unwrap_or_else(|| panic!("no answer; transcript:\n{}", b.dump()));
            let done = parse_move(&l).is_some();
            lines.push(l);
            if done {
                break;
            }
        }
        let last_first = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("MESSAGE (1) "))
            .unwrap_or_else(|| panic!("no (1) line: {lines:?}"));
        // `MESSAGE (1) <eval> | <d>-<sd> | <pv>`
        let fields: Vec<&str> = last_first.split(" | ").collect();
        let depth: u32 = fields[1].split('-').next().unwrap().parse().unwrap();
        let first_move = fields[2].split(' ').next().unwrap();
        let summary = lines.iter().rev().find(|l| l.starts_with("MESSAGE Depth"));
        let summary = summary.unwrap_or_else(|| panic!("no summary: {lines:?}"));
        assert_eq!(depth_of(summary), Some(depth), "{lines:?}");
        assert_eq!(
            lines.last().map(String::as_str),
            Some(first_move),
            "{lines:?}"
        );
    }
}
