//! NBoard latency through the real binary: `ping` stops a long search, and a long
//! solve, at once.

use std::time::{Duration, Instant};

use crate::alone;
use crate::common::{nboard, until, Brain};

/// After 300 ms more of the running job, sends `ping n`: the `pong n` must come
/// within 100 ms, and nothing of the stopped job after it.
fn ping_stops_it(b: &mut Brain, n: u32) {
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    b.send(&format!("ping {n}"));
    until(b, |l| l == format!("pong {n}"));
    let latency = sent.elapsed();
    assert!(
        latency < Duration::from_millis(100),
        "pong after {latency:?}"
    );
    assert!(b.silent_for(Duration::from_millis(300)), "{}", b.dump());
}

#[test]
fn ping_stops_a_long_search_or_solve_at_once() {
    let _alone = alone();
    let mut b = nboard();
    b.send("set depth 60");
    b.send("hint 1");
    // Let it think a while (depth 60 from the start takes far longer than this).
    let first = until(&mut b, |l| l.starts_with("search "));
    assert!(!first.is_empty());
    ping_stops_it(&mut b, 7);
    // Again while the solver runs: at depth 60 it takes over after a 10-ply search.
    b.send("hint 1");
    until(&mut b, |l| {
        let f: Vec<&str> = l.split(' ').collect();
        f.len() == 5 && f[0] == "search" && f[4] == "10"
    });
    ping_stops_it(&mut b, 8);
    // And the engine still works.
    b.send("set depth 2");
    b.send("go");
    until(&mut b, |l| l.starts_with("=== "));
}
