//! A new game stops the old search at once (Yixin-Board's Game -> New sends `start`
//! and `board` while ply thinks, and nothing else): START, RESTART, RECTSTART, BOARD
//! and YXBOARD during a search are answered within a blink, and the old search's move
//! never comes. UCI's `ucinewgame`/`position` during `go` stop it as `stop` does (its
//! `bestmove` is still sent, before the new position is taken); NBoard's `set game`
//! during `go` stops it and no move for the old game is sent.

use std::time::{Duration, Instant};

use crate::common;

use common::{parse_move, Brain};

/// Answers must come this soon after the command that stops the search.
const PROMPT: Duration = Duration::from_millis(300);

/// A Gomocup brain thinking on a position with `turn` (`INFO timeout_turn`).
fn thinking(turn: &str) -> Brain {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    b.send(&format!("INFO timeout_turn {turn}"));
    b.send("BOARD");
    b.send("7,7,2");
    b.send("8,8,1");
    b.send("8,7,2");
    b.send("DONE");
    // Deep in the search (its lines, if any, are read and checked later).
    std::thread::sleep(Duration::from_millis(600));
    b
}

/// The lines not read yet, until one satisfies `last` (30 s at most): the lines, and
/// the time of the last from `t`.
fn lines_until(
    b: &mut Brain,
    t: Instant,
    mut last: impl FnMut(&str) -> bool,
) -> (Vec<String>, Duration) {
    let mut lines = Vec::new();
    loop {
        let left = Duration::from_secs(30).saturating_sub(t.elapsed());
        let l = b
            .line_within(left)
            .unwrap_or_else(|| panic!("no answer: {lines:?}\n{}", b.dump()));
        let done = last(&l);
        lines.push(l);
        if done {
            return (lines, t.elapsed());
        }
    }
}

#[test]
fn start_and_restart_during_a_search_answer_at_once_with_no_old_move() {
    // A 20 s turn, and Yixin-Board's "unlimited" (2000000 ms).
    for (turn, cmd) in [
        ("20000", "START 15"),
        ("2000000", "RESTART"),
        ("20000", "RECTSTART 20,15"),
    ] {
        let mut b = thinking(turn);
        let t = Instant::now();
        b.send(cmd);
        let (lines, took) = lines_until(&mut b, t, |l| l == "OK" || l.starts_with("ERROR"));
        assert_eq!(lines.last().map(String::as_str), Some("OK"), "{}", b.dump());
        assert!(took < PROMPT, "{cmd}: {took:?}\n{}", b.dump());
        assert!(
            lines.iter().all(|l| parse_move(l).is_none()),
            "{cmd}: the old move came: {lines:?}"
        );
        // Nothing more comes from the old search; the new game plays.
        assert!(b.silent_for(Duration::from_millis(300)), "{}", b.dump());
        b.send("INFO timeout_turn 300");
        let a = b.ask("BEGIN");
        assert!(parse_move(&a).is_some(), "{cmd}: {a}\n{}", b.dump());
        assert!(b.silent_for(Duration::from_millis(200)), "{}", b.dump());
    }
}

#[test]
fn a_board_during_a_search_is_searched_at_once_and_only_it_is_answered() {
    let mut b = thinking("20000");
    b.send("INFO timeout_turn 500");
    // The opponent's four on row 3 (columns 2..5): the only move is 6,3 (1,3 is ours).
    let t = Instant::now();
    b.send("BOARD");
    for s in [
        "1,3,1", "2,3,2", "3,3,2", "4,3,2", "5,3,2", "10,10,1", "11,11,1",
    ] {
        b.send(s);
    }
    b.send("DONE");
    let (lines, took) = lines_until(&mut b, t, |l| parse_move(l).is_some());
    assert_eq!(
        lines.last().map(String::as_str),
        Some("6,3"),
        "{}",
        b.dump()
    );
    // The INFO waited for the old search, which stopped at once; the new one is
    // forced.
    assert!(took < Duration::from_millis(1500), "{took:?}\n{}", b.dump());
    assert!(b.silent_for(Duration::from_millis(300)), "{}", b.dump());
}

#[test]
fn a_yxboard_during_a_search_stops_it_silently() {
    let mut b = thinking("20000");
    let t = Instant::now();
    b.send("YXBOARD");
    b.send("7,7,1");
    b.send("DONE");
    // YXBOARD has no answer: YXSHOWFORBID after it is answered at once.
    b.send("YXSHOWFORBID");
    let (lines, took) = lines_until(&mut b, t, |l| l.starts_with("FORBID"));
    assert!(took < PROMPT, "{took:?}\n{}", b.dump());
    assert!(lines.iter().all(|l| parse_move(l).is_none()), "{lines:?}");
}

#[test]
fn uci_ucinewgame_during_go_answers_the_old_search_and_moves_on() {
    let mut b = Brain::start(&["--protocol", "uci"]);
    b.send("uci");
    b.send("ucinewgame");
    b.send("position startpos moves h8 i9");
    b.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    b.send("ucinewgame");
    b.send("position startpos");
    b.send("go depth 1");
    let mut bestmoves = 0;
    let (lines, took) = lines_until(&mut b, t, |l| {
        bestmoves += l.starts_with("bestmove") as usize;
        bestmoves == 2
    });
    assert!(took < PROMPT, "{took:?}\n{}", b.dump());
    // The old search's bestmove, then the new one's, from the empty board.
    let last = lines.last().map(String::as_str);
    assert_eq!(last, Some("bestmove P@h8"), "{lines:?}");
}

#[test]
fn nboard_set_game_during_go_stops_it_without_a_move() {
    let mut b = Brain::start(&["--protocol", "nboard"]);
    b.send("nboard 2");
    b.send("set depth 40");
    let ggf = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[0:00]TY[8]\
               BO[8 ---------------------------O*------*O--------------------------- *];)";
    b.send(&format!("set game {ggf}"));
    b.send("go");
    std::thread::sleep(Duration::from_millis(500));
    let t = Instant::now();
    b.send(&format!("set game {ggf}"));
    b.send("ping 7");
    let (lines, took) = lines_until(&mut b, t, |l| l == "pong 7");
    assert!(took < PROMPT, "{took:?}\n{}", b.dump());
    assert!(lines.iter().all(|l| !l.starts_with("===")), "{lines:?}");
    assert!(b.silent_for(Duration::from_millis(300)), "{}", b.dump());
}
