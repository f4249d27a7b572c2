//! Memory through the real binary: under a Gomocup `INFO max_memory` limit the whole
//! process (program, evaluation tables, stacks and the search's tables) stays under
//! it through a search, in gomoku and in reversi through an endgame solve; and a big
//! table (512 MiB, as Yixin-Board sets it) is made and cleared off the clock, so a
//! first move at a 200 ms turn comes inside its turn, on a fresh process and after a
//! game has filled the table.

use std::time::{Duration, Instant};

use crate::alone;
use crate::common::{parse_move, Brain};
use ply::games::reversi::Reversi;
use ply::games::{splitmix64, Game, Move};

const LIMIT: u64 = 64 << 20;

/// The process's peak resident memory so far (`VmHWM`), in bytes.
fn peak_rss(b: &Brain) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", b.pid())).expect("status");
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM");
    kb << 10
}

/// The next answer that is a move, within `within`; with the time it took from `t`.
fn move_within(b: &mut Brain, t: Instant, within: Duration) -> (String, Duration) {
    loop {
        let left = within.saturating_sub(t.elapsed());
        let a = b
            .answer_within(left)
            .unwrap_or_else(|| panic!("no move within {within:?}:\n{}", b.dump()));
        if parse_move(&a).is_some() {
            return (a, t.elapsed());
        }
        assert!(!a.starts_with("ERROR"), "{a}\n{}", b.dump());
    }
}

/// Sends a BOARD block and returns the move and its time from `DONE`.
fn board(b: &mut Brain, stones: &[(i32, i32, i32)], within: Duration) -> (String, Duration) {
    b.send("BOARD");
    for (x, y, f) in stones {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("DONE");
    move_within(b, Instant::now(), within)
}

/// A gomoku middle game (black: field 1, to move).
const MIDGAME: [(i32, i32, i32); 8] = [
    (7, 7, 1),
    (8, 8, 2),
    (8, 7, 1),
    (6, 7, 2),
    (7, 8, 1),
    (7, 6, 2),
    (9, 9, 1),
    (6, 9, 2),
];

#[test]
fn a_gomoku_search_stays_under_a_64_mib_limit() {
    let _alone = alone();
    let mut b = Brain::gomocup();
    // Gomocup managers send START first: the default table must not be touched
    // before the limit comes.
    assert_eq!(b.ask("START 15"), "OK");
    b.send(&format!("INFO max_memory {LIMIT}"));
    b.send("INFO timeout_turn 2000");
    let (mv, _) = board(&mut b, &MIDGAME, Duration::from_secs(10));
    let a = b.ask("TURN 10,10");
    assert!(parse_move(&a).is_some(), "{mv} then {a}\n{}", b.dump());
    let peak = peak_rss(&b);
    assert!(peak < LIMIT, "peak {} KiB\n{}", peak >> 10, b.dump());
}

/// A reversi game of `moves` random legal moves (no pass), as a Gomocup BOARD block
/// for the side to move then (field 1) and the position.
fn reversi_game(mut seed: u64, moves: usize) -> (Vec<(i32, i32, i32)>, Reversi) {
    loop {
        let mut g = Reversi::new();
        let mut played = Vec::new();
        let mut legal = Vec::new();
        while played.len() < moves {
            legal.clear();
            g.legal_moves(&mut legal);
            if legal.is_empty() || legal[0] == Move::PASS {
                break;
            }
            let mv = legal[(splitmix64(&mut seed) % legal.len() as u64) as usize];
            played.push((mv, g.side_to_move()));
            g.make(mv);
        }
        legal.clear();
        g.legal_moves(&mut legal);
        if played.len() == moves && !legal.is_empty() && legal[0] != Move::PASS {
            let own = g.side_to_move();
            let block = played
                .iter()
                .map(|&(mv, c)| {
                    let (x, y) = mv.xy(8);
                    (x as i32, y as i32, if c == own { 1 } else { 2 })
                })
                .collect();
            return (block, g);
        }
    }
}

#[test]
fn a_reversi_search_and_solve_stay_under_a_64_mib_limit() {
    let _alone = alone();
    let mut b = Brain::gomocup();
    b.send("INFO game reversi");
    assert_eq!(b.ask("START 8"), "OK");
    b.send(&format!("INFO max_memory {LIMIT}"));
    b.send("INFO timeout_turn 3000");
    // 40 moves in: 20 empties, which the engine solves (its solver's table in use).
    let (block, pos) = reversi_game(7, 40);
    assert_eq!(pos.empties(), 20);
    let (a, _) = board(&mut b, &block, Duration::from_secs(10));
    let (x, y) = parse_move(&a).expect("a move");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(
        legal.contains(&Move::from_xy(x as usize, y as usize, 8)),
        "{a}"
    );
    // And a midgame search (the evaluation's tables in use).
    let (block, _) = reversi_game(8, 20);
    board(&mut b, &block, Duration::from_secs(10));
    let peak = peak_rss(&b);
    assert!(peak < LIMIT, "peak {} KiB\n{}", peak >> 10, b.dump());
}

/// Yixin-Board's hash setting: 2^19 KiB.
const HASH_512_MIB: &str = "INFO hash_size 524288";

#[test]
fn the_first_move_with_a_512_mib_table_comes_inside_a_200_ms_turn() {
    let _alone = alone();
    let mut b = Brain::gomocup();
    b.send(HASH_512_MIB);
    b.send("INFO timeout_turn 200");
    // START readies the table (before its OK, off the clock); the move's clock
    // starts with the position.
    assert_eq!(b.ask("START 15"), "OK");
    let (_, took) = board(&mut b, &MIDGAME, Duration::from_secs(10));
    assert!(took < Duration::from_millis(200), "{took:?}\n{}", b.dump());
}

#[test]
fn a_new_game_after_a_512_mib_table_filled_up_starts_inside_a_200_ms_turn() {
    let _alone = alone();
    let mut b = Brain::gomocup();
    b.send(HASH_512_MIB);
    assert_eq!(b.ask("START 15"), "OK");
    // A long search fills the table: every later game starts with it cleared.
    b.send("INFO timeout_turn 2000");
    board(&mut b, &MIDGAME, Duration::from_secs(10));
    b.send("INFO timeout_turn 200");
    for _ in 0..2 {
        // START clears the table (before its OK, off the clock).
        assert_eq!(b.ask("START 15"), "OK");
        let (_, took) = board(&mut b, &MIDGAME, Duration::from_secs(10));
        assert!(took < Duration::from_millis(200), "{took:?}\n{}", b.dump());
    }
}

#[test]
fn a_512_mib_table_set_after_start_does_not_hold_up_the_move() {
    let _alone = alone();
    // A manager may size the table after START and send the position at once: the
    // table is then still being backed with memory when the clock starts. The
    // search stops that and takes the page faults itself: 174-201 ms here on two
    // idle cores (the table made on START, as before this was done on a thread:
    // 170-194 ms), where a search sharing the machine with it took 476-755 ms.
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 200");
    assert_eq!(b.ask("START 15"), "OK");
    b.send(HASH_512_MIB);
    let (_, took) = board(&mut b, &MIDGAME, Duration::from_secs(10));
    assert!(took < Duration::from_millis(300), "{took:?}\n{}", b.dump());
}
