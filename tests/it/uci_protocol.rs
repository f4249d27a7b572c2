//! UCI/UGI through the real binary: transcripts, timing-sensitive behaviour
//! (isready during a search, exactly one bestmove per go, go infinite), the
//! one-shot `ply analyze --json`, a piped `ply play` session and `--help`.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Brain, BIN};

/// Starts ply in UCI mode and waits for `uciok`.
fn uci() -> Brain {
    let mut b = Brain::start(&[]);
    b.send("uci");
    wait_for(&mut b, |l| l == "uciok", Duration::from_secs(10));
    b
}

/// Reads lines until `pred` holds; panics with the transcript after `timeout`.
fn wait_for(b: &mut Brain, pred: impl Fn(&str) -> bool, timeout: Duration) -> String {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match b.line_within(left) {
            Some(l) if pred(&l) => return l,
            Some(_) => {}
            None => panic!("timed out; transcript:\n{}", b.dump()),
        }
    }
}

/// Every line (info lines too) within `d`.
fn lines_for(b: &mut Brain, d: Duration) -> Vec<String> {
    let deadline = Instant::now() + d;
    let mut v = Vec::new();
    while let Some(l) = b.line_within(deadline.saturating_duration_since(Instant::now())) {
        v.push(l);
    }
    v
}

fn bestmove(b: &mut Brain) -> String {
    let l = wait_for(b, |l| l.starts_with("bestmove"), Duration::from_secs(20));
    l.split_whitespace().nth(1).unwrap_or("").to_string()
}

// ---- transcripts -------------------------------------------------------------------

/// `*` matches any run of characters.
fn glob(pattern: &str, text: &str) -> bool {
    common::wildcard_match(pattern, text, "*")
}

fn skipped(l: &str) -> bool {
    l.starts_with("info") || l.starts_with("id ") || l.starts_with("option ")
}

/// Runs one transcript (format: tests/transcripts/README.md) against ply.
fn run_transcript(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut b = Brain::start(&[]);
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("< ") {
            b.send(cmd);
        } else if line == "= quiet" {
            for l in lines_for(&mut b, Duration::from_millis(300)) {
                assert!(
                    l.starts_with("info"),
                    "{}: expected quiet, got {l:?}\n{}",
                    path.display(),
                    b.dump()
                );
            }
        } else {
            let (exact, want) = match line.strip_prefix(">* ") {
                Some(w) => (false, w),
                None => (true, line.strip_prefix("> ").expect("transcript line")),
            };
            loop {
                let Some(l) = b.line_within(Duration::from_secs(10)) else {
                    panic!(
                        "{}: expected {want:?}, got nothing\n{}",
                        path.display(),
                        b.dump()
                    );
                };
                if (exact && l == want) || (!exact && glob(want, &l)) {
                    break;
                }
                assert!(
                    skipped(&l),
                    "{}: expected {want:?}, got {l:?}\n{}",
                    path.display(),
                    b.dump()
                );
            }
        }
    }
    assert_eq!(
        b.exit_within(Duration::from_secs(5)),
        Some(0),
        "{}",
        path.display()
    );
}

#[test]
fn transcripts_pass() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "txt") {
            run_transcript(&p);
            n += 1;
        }
    }
    assert!(n >= 6, "only {n} transcripts");
}

#[test]
fn glob_matches_runs() {
    assert!(glob("bestmove P@*", "bestmove P@h8"));
    assert!(glob("a*c*e", "abcde"));
    assert!(!glob("a*c*e", "abde"));
    assert!(!glob("bestmove P@c1", "bestmove P@c1 ponder P@a3"));
}

// ---- timing-sensitive behaviour --------------------------------------------------

#[test]
fn isready_during_a_search_does_not_disturb_it() {
    let mut b = uci();
    b.send("setoption name UCI_Variant value gomokufreestyle");
    b.send("position startpos moves P@h8 P@i9 P@h9");
    b.send("go movetime 1500");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    b.send("isready");
    let l = wait_for(&mut b, |l| !l.starts_with("info"), Duration::from_secs(5));
    assert_eq!(l, "readyok", "{}", b.dump());
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "readyok took {:?}",
        t.elapsed()
    );
    // The search goes on to its own limit: no bestmove for a while yet.
    let lines = lines_for(&mut b, Duration::from_millis(500));
    assert!(lines.iter().all(|l| l.starts_with("info")), "{lines:?}");
    let mv = bestmove(&mut b);
    assert!(mv.starts_with("P@"), "{mv}");
}

#[test]
fn exactly_one_bestmove_per_go() {
    let mut b = uci();
    b.send("setoption name UCI_Variant value gomoku");
    b.send("position startpos moves P@h8");
    // Sent at once: the later ones are queued behind the running search.
    let gos = [
        "go depth 2",
        "go movetime 50",
        "go nodes 2000",
        "go wtime 300 btime 300",
        "go p1time 300 p2time 300 p1inc 10 p2inc 10",
        "go depth 1",
    ];
    for g in gos {
        b.send(g);
    }
    b.send("isready");
    let mut bestmoves = 0;
    let mut ready_after = None;
    let deadline = Instant::now() + Duration::from_secs(20);
    while ready_after.is_none() || Instant::now() < deadline {
        let Some(l) = b.line_within(Duration::from_millis(700)) else {
            break;
        };
        if l.starts_with("bestmove") {
            bestmoves += 1;
        }
        if l == "readyok" {
            ready_after = Some(bestmoves);
        }
    }
    assert_eq!(bestmoves, gos.len(), "{}", b.dump());
    // isready was answered at once, while the first search ran.
    assert!(ready_after.is_some_and(|n| n < gos.len()), "{}", b.dump());
}

#[test]
fn go_infinite_waits_for_stop() {
    let mut b = uci();
    b.send("setoption name UCI_Variant value tictactoe");
    b.send("position startpos");
    // Tic-tac-toe is solved in milliseconds, yet the answer waits for stop.
    b.send("go infinite");
    let lines = lines_for(&mut b, Duration::from_millis(800));
    assert!(lines.iter().all(|l| l.starts_with("info")), "{lines:?}");
    assert!(!lines.is_empty(), "no info lines");
    b.send("stop");
    let mv = bestmove(&mut b);
    assert!(
        ["P@a1", "P@a3", "P@c1", "P@c3", "P@b2"].contains(&mv.as_str()),
        "{mv}"
    );
    b.send("isready");
    assert_eq!(
        wait_for(&mut b, |l| !l.starts_with("info"), Duration::from_secs(5)),
        "readyok"
    );
    // A gomoku search that is not finished stops at once too.
    b.send("setoption name UCI_Variant value gomoku");
    b.send("position startpos moves P@h8 P@i9");
    b.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    b.send("stop");
    bestmove(&mut b);
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "stop took {:?}",
        t.elapsed()
    );
}

#[test]
fn quit_during_search_answers_and_exits() {
    let mut b = uci();
    b.send("position startpos moves P@h8");
    b.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    b.send("quit");
    let mv = bestmove(&mut b);
    assert!(mv.starts_with("P@"));
    assert_eq!(b.exit_within(Duration::from_secs(3)), Some(0));
}

#[test]
fn end_of_input_quits_after_the_answer() {
    // Nothing running: exits at once.
    let mut b = uci();
    b.close();
    assert_eq!(b.exit_within(Duration::from_secs(3)), Some(0));
    // A finite search still answers before the exit.
    let mut b = uci();
    b.send("position startpos moves P@h8");
    b.send("go depth 3");
    b.close();
    assert!(bestmove(&mut b).starts_with("P@"));
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
    // An infinite one is stopped and answered.
    let mut b = uci();
    b.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    b.close();
    assert!(bestmove(&mut b).starts_with("P@"));
    assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0));
    // Queued after a finite search, a `go infinite` (or a `go` bounded by nothing)
    // starts after end of input, when nobody can send `stop`: it answers at once.
    for open in ["go infinite", "go"] {
        let mut b = uci();
        b.send("position startpos moves P@h8");
        b.send("go movetime 300");
        b.send(open);
        b.close();
        assert!(bestmove(&mut b).starts_with("P@"));
        assert!(bestmove(&mut b).starts_with("P@"), "{}", b.dump());
        assert_eq!(b.exit_within(Duration::from_secs(5)), Some(0), "{open}");
    }
}

/// A bounded search that would outlive its manager (`go depth 100` on a gomoku board)
/// still answers after the end of input, within the 5 s grace, and ply exits.
#[test]
fn end_of_input_gives_a_deep_search_five_seconds() {
    let mut b = uci();
    b.send("position startpos moves P@h8 P@i9");
    b.send("go depth 100");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    b.close();
    assert!(bestmove(&mut b).starts_with("P@"));
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
    assert_eq!(b.exit_within(Duration::from_secs(3)), Some(0));
}

#[test]
fn position_and_setoption_during_a_search_wait_for_it() {
    let mut b = uci();
    b.send("setoption name UCI_Variant value tictactoe");
    b.send("position startpos moves P@a1 P@a2 P@b1 P@b2");
    b.send("go infinite");
    // Queued: applied after the bestmove of the running search.
    b.send("setoption name UCI_Variant value gomoku");
    b.send("position startpos moves P@h8");
    b.send("query p1turn");
    std::thread::sleep(Duration::from_millis(200));
    b.send("stop");
    assert_eq!(bestmove(&mut b), "P@c1", "{}", b.dump());
    let l = wait_for(
        &mut b,
        |l| l.starts_with("response"),
        Duration::from_secs(5),
    );
    assert_eq!(l, "response false");
    b.send("go depth 2");
    let mv = bestmove(&mut b);
    // Now a 15x15 board: files beyond c exist.
    assert!(mv.starts_with("P@") && mv != "P@h8", "{mv}");
}

#[test]
fn setoption_names_and_values_with_spaces() {
    let mut b = uci();
    for cmd in [
        "setoption name Clear Hash",
        "setoption name Hash value 16",
        "setoption name Threads value 2",
        "setoption name UCI_Variant value tictactoe",
    ] {
        b.send(cmd);
    }
    b.send("setoption name No Such Option value a b c");
    b.send("setoption name Hash value lots");
    b.send("isready");
    let lines = {
        let mut v = Vec::new();
        loop {
            let l = wait_for(&mut b, |_| true, Duration::from_secs(5));
            if l == "readyok" {
                break v;
            }
            v.push(l);
        }
    };
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info string") && lines[0].contains("No Such Option"));
    assert!(lines[1].starts_with("info string") && lines[1].contains("Hash"));
    b.send("position startpos");
    b.send("go depth 9");
    let mv = bestmove(&mut b);
    assert!(
        mv.len() == 4 && "abc".contains(&mv[2..3]) && "123".contains(&mv[3..]),
        "{mv}"
    );
}

#[test]
fn bad_fen_leaves_the_position_unchanged() {
    let mut b = uci();
    b.send("setoption name UCI_Variant value tictactoe");
    b.send("position startpos moves P@a1");
    b.send("position fen 3/3/4[PP] w - - 0 1");
    let l = wait_for(
        &mut b,
        |l| l.starts_with("info string"),
        Duration::from_secs(5),
    );
    assert!(l.contains("unchanged"), "{l}");
    b.send("query p1turn");
    assert_eq!(
        wait_for(
            &mut b,
            |l| l.starts_with("response"),
            Duration::from_secs(5)
        ),
        "response false"
    );
}

#[test]
fn protocol_flag_and_ugi_greeting() {
    let mut b = Brain::start(&["--protocol", "ugi"]);
    b.send("isready");
    assert_eq!(
        wait_for(&mut b, |_| true, Duration::from_secs(5)),
        "readyok"
    );
    b.send("ugi");
    wait_for(&mut b, |l| l == "ugiok", Duration::from_secs(5));
    let mut b = Brain::start(&["--game", "tictactoe"]);
    b.send("uci");
    let l = wait_for(
        &mut b,
        |l| l.contains("UCI_Variant"),
        Duration::from_secs(5),
    );
    assert!(l.contains("default tictactoe"), "{l}");
}

// ---- one-shot commands -------------------------------------------------------------

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ply");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn analyze_json_is_one_object() {
    let (code, out, err) = run(
        &[
            "analyze",
            "--game",
            "tictactoe",
            "--moves",
            "a1,a2,b1,b2",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["bestmove"], "P@c1");
    assert_eq!(v["score"]["mate"], 1);
    assert_eq!(v["side_to_move"], "first");
    assert_eq!(v["result"], "none");
    assert_eq!(v["pv"][0], "P@c1");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(4));

    let (code, out, _) = run(
        &[
            "analyze",
            "--rule",
            "standard",
            "--moves",
            "h8 g8 i8 a2 j8 a3 k8",
            "--depth",
            "4",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    // The second player must block the four.
    assert_eq!(v["bestmove"], "P@l8");
    assert_eq!(v["width"], 15);

    let (code, out, _) = run(
        &[
            "analyze",
            "--game",
            "tictactoe",
            "--moves",
            "a1,a2,b1,b2,c1",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["result"], "p1win");
    assert!(v["bestmove"].is_null());

    let (code, _, err) = run(&["analyze", "--moves", "h8,h8"], "");
    assert_eq!(code, 2);
    assert!(err.contains("occupied"), "{err}");
}

#[test]
fn analyze_text_output() {
    let (code, out, _) = run(
        &[
            "analyze",
            "--game",
            "tictactoe",
            "--moves",
            "b2",
            "--depth",
            "8",
        ],
        "",
    );
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("bestmove P@"));
    assert_eq!(lines[1], "score cp 0");
    assert!(lines[2].starts_with("depth 8 "));
    assert!(lines[3].starts_with("pv P@"));
}

#[test]
fn play_through_a_pipe() {
    // Every square in turn: the occupied ones are refused, so the game ends.
    let moves = "a1\nb1\nc1\na2\nb2\nc2\na3\nb3\nc3\n";
    let (code, out, err) = run(
        &["play", "--game", "tictactoe", "--time", "50"],
        &format!("help\n{moves}undo\nhint\nquit\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("You play X (first)"), "{out}");
    assert!(out.contains("  3  .  .  .  3"), "{out}");
    assert!(out.contains("ply plays "), "{out}");
    assert!(out.contains("  depth "), "thinking not shown:\n{out}");
    assert!(out.contains("Game over"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    // Gomoku with x,y input and the engine moving first.
    let (code, out, _) = run(
        &["play", "--size", "9", "--side", "second", "--time", "50"],
        "4,3\nquit\n",
    );
    assert_eq!(code, 0);
    assert_eq!(out.matches("ply plays").count(), 2, "{out}");
    assert!(
        out.contains("  9 ") && out.contains(" a  b  c  d  e  f  g  h  i"),
        "{out}"
    );
    // End of input ends the game too.
    let (code, _, _) = run(&["play", "--game", "tictactoe", "--time", "10"], "b2\n");
    assert_eq!(code, 0);
}

#[test]
fn every_subcommand_answers_help() {
    for sub in ["bench", "play", "analyze"] {
        for flag in ["--help", "-h"] {
            let (code, out, _) = run(&[sub, flag], "");
            assert_eq!(code, 0, "{sub} {flag}");
            assert!(out.starts_with(&format!("ply {sub} - ")), "{sub}: {out}");
            assert!(out.contains("USAGE:"), "{sub}");
        }
    }
    let (code, out, _) = run(&["--help"], "");
    assert_eq!(code, 0);
    for sub in ["bench", "play", "analyze"] {
        assert!(out.contains(&format!("    {sub} ")), "{out}");
    }
    let (code, _, err) = run(&["analyze", "--bogus"], "");
    assert_eq!(code, 2);
    assert!(err.contains("USAGE"));
}

#[test]
fn ponderhit_turns_a_ponder_search_into_a_timed_one() {
    let mut b = uci();
    b.send("position startpos moves P@h8 P@i9");
    b.send("go ponder wtime 3000 btime 3000");
    // Pondering: no answer however long it takes.
    let lines = lines_for(&mut b, Duration::from_millis(400));
    assert!(lines.iter().all(|l| l.starts_with("info")), "{lines:?}");
    let t = Instant::now();
    b.send("ponderhit");
    let mv = bestmove(&mut b);
    assert!(mv.starts_with("P@"), "{mv}");
    // The clock (3 s, 30 moves to go) allows well under a second.
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    b.send("isready");
    assert_eq!(
        wait_for(&mut b, |l| !l.starts_with("info"), Duration::from_secs(5)),
        "readyok"
    );
}

#[test]
fn reversi_plays_plain_squares_and_passes_as_0000() {
    let mut b = uci();
    b.send("setoption name UCI_Variant value reversi");
    // The start position: black's four first moves, written as Othello players do.
    b.send("position startpos");
    b.send("go depth 3");
    let m = bestmove(&mut b);
    assert!(["d3", "c4", "f5", "e6"].contains(&m.as_str()), "{m}");
    // Black (to move, `w` = the first player) has no move on rank 1 `o o x`: pass.
    let fen = "oox5/8/8/8/8/8/8/8 w - - 0 1";
    b.send(&format!("position fen {fen}"));
    b.send("go depth 4");
    assert_eq!(bestmove(&mut b), "0000");
    b.send(&format!("position fen {fen} moves @@@@"));
    b.send("go depth 4");
    assert_eq!(bestmove(&mut b), "d1");
    b.send(&format!("position fen {fen} moves 0000 d1"));
    b.send("query gameover");
    assert_eq!(
        wait_for(
            &mut b,
            |l| l.starts_with("response"),
            Duration::from_secs(5)
        ),
        "response true"
    );
    b.send("query result");
    assert_eq!(
        wait_for(
            &mut b,
            |l| l.starts_with("response"),
            Duration::from_secs(5)
        ),
        "response p2win"
    );
    // A pass while a move exists is illegal: the moves before it stay.
    b.send("position startpos moves f5 0000");
    let l = wait_for(
        &mut b,
        |l| l.starts_with("info string"),
        Duration::from_secs(5),
    );
    assert!(l.contains("illegal move 2"), "{l}");
    b.send("query p1turn");
    assert_eq!(
        wait_for(
            &mut b,
            |l| l.starts_with("response"),
            Duration::from_secs(5)
        ),
        "response false"
    );
    b.send("quit");
}
