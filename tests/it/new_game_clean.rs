//! A new game starts from a clean search state: the same position searched to the
//! same depth gives the same move and the same node count in the second game of a
//! session as in the first (the hash table and the solver's tables are cleared at
//! START / RESTART, `ucinewgame` and NBoard's `set game`), so play is reproducible
//! game to game.

use crate::common;

use common::Brain;
use std::time::Duration;

/// The move of a Gomocup answer to `BOARD`, and the `Depth d-sd` and `Node n` fields
/// of its last search line (what tells one search from another).
fn gomocup_think(b: &mut Brain, stones: &[(i32, i32, i32)]) -> (String, String) {
    b.send("BOARD");
    for (x, y, f) in stones {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("DONE");
    let mut nodes = String::new();
    loop {
        let l = b
            .line_within(Duration::from_secs(30))
            .unwrap_or_else(|| panic!("no answer:\n{}", b.dump()));
        if let Some(rest) = l.strip_prefix("MESSAGE Depth ") {
            let fields: Vec<&str> = rest.split(" | ").collect();
            if let Some(n) = fields.iter().find_map(|f| f.strip_prefix("Node ")) {
                nodes = format!("{} {n}", fields[0]);
            }
            continue;
        }
        if l.starts_with("MESSAGE") {
            continue;
        }
        return (l, nodes);
    }
}

#[test]
fn gomocup_restart_and_start_search_like_a_fresh_process() {
    let stones = [(7, 7, 2), (8, 8, 1), (8, 6, 2), (6, 8, 1), (9, 7, 2)];
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 100000");
    b.send("INFO max_depth 6");
    assert_eq!(b.ask("START 15"), "OK");
    let first = gomocup_think(&mut b, &stones);
    assert!(!first.1.is_empty(), "no node count:\n{}", b.dump());
    // The same position again in the same game: the table remembers (another search).
    let again = gomocup_think(&mut b, &stones);
    assert_eq!(again.0, first.0);
    assert_ne!(
        again.1, first.1,
        "the table should change the search within a game"
    );
    // A new game: exactly the first search again.
    assert_eq!(b.ask("RESTART"), "OK");
    assert_eq!(gomocup_think(&mut b, &stones), first);
    assert_eq!(b.ask("START 15"), "OK");
    assert_eq!(gomocup_think(&mut b, &stones), first);
}

/// The `info ... nodes n ...` of the last iteration and the `bestmove` line.
fn uci_think(b: &mut Brain) -> (String, String) {
    b.send("position startpos moves h8 h9 j8");
    b.send("go depth 5");
    let mut nodes = String::new();
    loop {
        let l = b
            .line_within(Duration::from_secs(30))
            .unwrap_or_else(|| panic!("no bestmove:\n{}", b.dump()));
        if l.starts_with("info ") {
            let w: Vec<&str> = l.split_whitespace().collect();
            if let Some(k) = w.iter().position(|&t| t == "nodes") {
                nodes = w.get(k + 1).unwrap_or(&"").to_string();
            }
        }
        if l.starts_with("bestmove") {
            return (l, nodes);
        }
    }
}

#[test]
fn ucinewgame_searches_like_a_fresh_process() {
    let mut b = Brain::start(&[]);
    b.send("uci");
    while b.answer() != "uciok" {}
    b.send("setoption name UCI_Variant value gomokufreestyle");
    b.send("ucinewgame");
    let first = uci_think(&mut b);
    let again = uci_think(&mut b);
    assert_ne!(again.1, first.1, "the table should help within a game");
    b.send("ucinewgame");
    assert_eq!(uci_think(&mut b), first);
}

/// The `nodestats` node count that ends a `hint` and its best `search` line.
fn nboard_hint(b: &mut Brain) -> (String, String) {
    b.send("hint 1");
    let (mut best, mut nodes) = (String::new(), String::new());
    loop {
        let l = b
            .line_within(Duration::from_secs(30))
            .unwrap_or_else(|| panic!("no end of hint:\n{}", b.dump()));
        if l.starts_with("search ") {
            best = l.clone();
        }
        if let Some(rest) = l.strip_prefix("nodestats ") {
            nodes = rest.split_whitespace().next().unwrap_or("").to_string();
        }
        if l == "status" {
            return (best, nodes);
        }
    }
}

#[test]
fn nboard_set_game_searches_like_a_fresh_process() {
    let game = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[E6]W[F4];)";
    let mut b = Brain::start(&["--protocol", "nboard"]);
    b.send("nboard 2");
    b.send("set depth 6");
    b.send(&format!("set game {game}"));
    let first = nboard_hint(&mut b);
    assert!(!first.1.is_empty(), "{}", b.dump());
    let again = nboard_hint(&mut b);
    assert_ne!(again.1, first.1, "the table should help within a game");
    b.send(&format!("set game {game}"));
    assert_eq!(nboard_hint(&mut b), first);
}
