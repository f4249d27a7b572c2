//! Gomocup latency through the real binary: END exits at once, STOP, YXSTOP and
//! `INFO timeout_turn 0` answer a long think at once, and a 300 ms turn limit is kept.

use std::time::{Duration, Instant};

use crate::alone;
use crate::common::{gomocup_started, mv, Brain};

#[test]
fn end_exits_at_once_and_prints_nothing() {
    let _alone = alone();
    let mut b = gomocup_started(15);
    b.send("END");
    let t = Instant::now();
    assert_eq!(b.exit_within(Duration::from_secs(2)), Some(0));
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "took {:?}",
        t.elapsed()
    );
    assert!(b.line_within(Duration::from_millis(50)).is_none());
}

#[test]
fn end_during_a_long_think_exits_at_once() {
    let _alone = alone();
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 60000");
    assert_eq!(b.ask("START 20"), "OK");
    b.send("TURN 10,10");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    b.send("END");
    assert_eq!(b.exit_within(Duration::from_secs(2)), Some(0));
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "took {:?}",
        t.elapsed()
    );
}

/// A long think on a real position, stopped by `stop`: a legal move comes back fast.
fn stop_latency(stop: &str) -> Duration {
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 60000");
    b.send("INFO time_left 2147483647");
    assert_eq!(b.ask("START 15"), "OK");
    b.send("BOARD");
    for l in ["7,7,1", "8,8,2", "7,8,1", "6,6,2", "9,7,1", "7,9,2"] {
        b.send(l);
    }
    b.send("DONE");
    std::thread::sleep(Duration::from_millis(300));
    assert!(b.is_running());
    let t = Instant::now();
    b.send(stop);
    let a = b
        .answer_within(Duration::from_secs(2))
        .expect("a move after stop");
    let took = t.elapsed();
    let (x, y) = mv(&a);
    assert!((0..15).contains(&x) && (0..15).contains(&y));
    assert!(![(7, 7), (8, 8), (7, 8), (6, 6), (9, 7), (7, 9)].contains(&(x, y)));
    // The engine is still fine afterwards.
    assert!(b.ask("ABOUT").starts_with("name="));
    took
}

#[test]
fn stop_yxstop_and_timeout_turn_0_answer_at_once() {
    let _alone = alone();
    for stop in ["STOP", "YXSTOP", "INFO timeout_turn 0"] {
        let took = stop_latency(stop);
        assert!(took < Duration::from_millis(100), "{stop}: {took:?}");
        eprintln!("{stop}: answered {took:?} after the stop");
    }
}

#[test]
fn a_300_ms_turn_limit_is_kept() {
    let _alone = alone();
    turn_limit_is_kept(1);
}

#[test]
fn a_300_ms_turn_limit_is_kept_with_two_search_threads() {
    let _alone = alone();
    turn_limit_is_kept(2);
}

fn turn_limit_is_kept(threads: usize) {
    let mut b = Brain::gomocup();
    b.send(&format!("INFO thread_num {threads}"));
    b.send("INFO timeout_turn 300");
    b.send("INFO timeout_match 0");
    assert_eq!(b.ask("START 20"), "OK");
    let mut worst = Duration::ZERO;
    let mut seed = 12345u64;
    for _ in 0..8 {
        // A fresh scattered middle-game position each time (no five possible: at
        // most 6 stones a side spread over the centre).
        let mut stones = std::collections::BTreeSet::new();
        while stones.len() < 12 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            stones.insert(((seed >> 33) % 9 + 5, (seed >> 45) % 9 + 5));
        }
        b.send("BOARD");
        for (i, (x, y)) in stones.iter().enumerate() {
            b.send(&format!("{x},{y},{}", 1 + i % 2));
        }
        let t = Instant::now();
        let a = b.ask("DONE");
        worst = worst.max(t.elapsed());
        let _ = mv(&a);
        assert_eq!(b.ask("RESTART"), "OK");
    }
    assert!(
        worst < Duration::from_millis(300),
        "worst turn took {worst:?}"
    );
}
