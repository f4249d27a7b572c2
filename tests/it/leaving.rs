//! Leaving a session or a game: Gomocup `quit`/`exit`, `ply play`'s `quit` and end of
//! input while the engine thinks, NBoard `ping` then `quit`. Each is timed: nobody
//! waits for a search whose answer no one will read.

use crate::common;

use std::time::{Duration, Instant};

use common::{until, Brain};

/// Every line until the process closes its output (10 s at most).
fn rest(b: &mut Brain) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(l) = b.line_within(Duration::from_secs(10)) {
        out.push(l);
    }
    out
}

#[test]
fn gomocup_quit_and_exit_are_end() {
    // Idle: the session ends, with no UNKNOWN.
    for word in ["quit", "exit", "QUIT", "Exit"] {
        let mut b = Brain::gomocup();
        assert_eq!(b.ask("START 15"), "OK");
        b.send(word);
        assert_eq!(b.exit_within(Duration::from_secs(2)), Some(0), "{word}");
        assert!(rest(&mut b).is_empty(), "{word}: {}", b.dump());
    }
    // Thinking on a 20 s turn: the search is dropped and ply exits at once, as END.
    for word in ["quit", "exit"] {
        let mut b = Brain::gomocup();
        b.send("INFO timeout_turn 20000");
        assert_eq!(b.ask("START 15"), "OK");
        b.send("TURN 7,7");
        std::thread::sleep(Duration::from_millis(300));
        let t = Instant::now();
        b.send(word);
        assert_eq!(b.exit_within(Duration::from_secs(2)), Some(0), "{word}");
        let took = t.elapsed();
        assert!(took < Duration::from_secs(1), "{word}: {took:?}");
        let left: Vec<String> = rest(&mut b)
            .into_iter()
            .filter(|l| !l.starts_with("MESSAGE"))
            .collect();
        assert!(left.is_empty(), "{word}: answered {left:?}");
    }
}

#[test]
fn play_stops_at_the_end_of_input() {
    // `printf 'h8\n' | ply play --time 15000`: ply moves at once and leaves.
    let mut b = Brain::start(&["play", "--time", "15000"]);
    b.send("h8");
    let t = Instant::now();
    b.close();
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
    let took = t.elapsed();
    assert!(took < Duration::from_secs(1), "{took:?}");
    let out = rest(&mut b);
    assert!(
        out.iter().any(|l| l.starts_with("ply plays ")),
        "{}",
        b.dump()
    );
}

#[test]
fn play_quit_while_thinking_leaves_at_once() {
    for word in ["quit", "exit"] {
        let mut b = Brain::start(&["play", "--time", "15000"]);
        b.send("h8");
        until(&mut b, |l| l.starts_with("ply is thinking"));
        std::thread::sleep(Duration::from_millis(300));
        let t = Instant::now();
        b.send(word);
        assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0), "{word}");
        let took = t.elapsed();
        assert!(took < Duration::from_secs(1), "{word}: {took:?}");
    }
}

#[test]
fn play_handles_lines_typed_before_quit_in_order() {
    // Two moves typed ahead of `quit`: both are answered, then ply leaves.
    let mut b = Brain::start(&["play", "--time", "200"]);
    b.send("h8");
    b.send("a1");
    b.send("quit");
    assert_eq!(b.exit_within(Duration::from_secs(10)), Some(0));
    let out = rest(&mut b);
    let plays = out.iter().filter(|l| l.starts_with("ply plays ")).count();
    assert_eq!(plays, 2, "{}", b.dump());
}

const START_GAME: &str = "set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)";

#[test]
fn nboard_ping_then_quit_answers_what_is_owed() {
    // During a `go`: its `===`, then `pong 3`, then the end.
    let mut b = Brain::start(&[]);
    b.send("nboard 2");
    b.send("set depth 30");
    b.send(START_GAME);
    b.send("go");
    until(&mut b, |l| l == "status ply is thinking");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    b.send("ping 3");
    b.send("quit");
    // ply may already have exited and closed its end of the pipe.
    b.send_unless_gone("ping 4").expect("write");
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
    let took = t.elapsed();
    assert!(took < Duration::from_secs(1), "{took:?}");
    let answers: Vec<String> = rest(&mut b)
        .into_iter()
        .filter(|l| !l.starts_with("search ") && !l.starts_with("nodestats "))
        .collect();
    assert_eq!(answers.len(), 2, "{}", b.dump());
    assert!(answers[0].starts_with("=== "), "{}", b.dump());
    assert_eq!(answers[1], "pong 3", "{}", b.dump());
    // Idle: `pong 3`, then the end.
    let mut b = Brain::start(&[]);
    b.send("nboard 2");
    b.send("ping 3");
    b.send("quit");
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
    assert_eq!(rest(&mut b), ["pong 3"]);
}
