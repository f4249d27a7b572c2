//! NBoard latency through the real binary: `ping` stops a long search, and a long
//! solve, at once.

use std::time::{Duration, Instant};

use crate::alone;
use crate::common::{nboard, until};

#[test]
fn ping_stops_a_long_search_or_solve_at_once() {
    let _alone = alone();
    let mut b = nboard();
    b.send("set depth 60");
    b.send("hint 1");
    // Let it think a while (depth 60 from the start takes far longer than this).
    let first = until(&mut b, |l| l.starts_with("search "));
    assert!(!first.is_empty());
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    b.send("ping 7");
    until(&mut b, |l| l == "pong 7");
    let latency = sent.elapsed();
    assert!(
        latency < Duration::from_millis(100),
        "pong after {latency:?}"
    );
    // Nothing of the stopped search comes after the pong.
    assert!(b.silent_for(Duration::from_millis(300)), "{}", b.dump());
    // Again while the solver runs: at depth 60 it takes over after a 10-ply search.
    b.send("hint 1");
    until(&mut b, |l| {
        let f: Vec<&str> = l.split(' ').collect();
        f.len() == 5 && f[0] == "search" && f[4] == "10"
    });
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    b.send("ping 8");
    until(&mut b, |l| l == "pong 8");
    let latency = sent.elapsed();
    assert!(
        latency < Duration::from_millis(100),
        "pong after {latency:?}"
    );
    assert!(b.silent_for(Duration::from_millis(300)), "{}", b.dump());
    // And the engine still works.
    b.send("set depth 2");
    b.send("go");
    until(&mut b, |l| l.starts_with("=== "));
}
