//! The time policy through the real binary (Gomocup dialect).

mod common;

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

fn started(turn_ms: u32) -> Brain {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    b.send(&format!("INFO timeout_turn {turn_ms}"));
    b
}

#[test]
fn a_tournament_clock_is_spent_sparingly_on_an_opening() {
    // Gomocup tournament settings: at most 5% of what is left on an early move
    // (180 s: 9 s; 20 s: 2 s).
    for (left, limit) in [(180_000, 9_000u64), (20_000, 2_000)] {
        let mut b = started(30_000);
        b.send("INFO timeout_match 180000");
        b.send(&format!("INFO time_left {left}"));
        let opening = [(7, 7, 2), (8, 8, 1), (8, 6, 2)];
        let (lines, took) = board(&mut b, &opening, Duration::from_millis(limit + 5_000));
        assert!(
            took < Duration::from_millis(limit * 9 / 10),
            "time_left {left}: {took:?}; {lines:?}"
        );
    }
}
