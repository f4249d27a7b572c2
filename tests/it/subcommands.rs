//! The one-shot subcommands as the README shows them: `perft` names the game it
//! counts, `play` and `analyze` take reversi, and boards wider than the letters
//! a..z are refused with a message that says why (up to 26 files, 32 ranks).

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_ply");

fn ply(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start ply");
    if let Some(mut i) = child.stdin.take() {
        // A command that refuses its arguments exits before reading: a broken pipe
        // here is part of the answer, not a failure.
        let _ = i.write_all(stdin.as_bytes());
    }
    child.wait_with_output().expect("run ply")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn perft_says_which_game_it_counts() {
    for (args, want) in [
        (&["perft", "4"][..], "perft reversi 4: 244 leaves in "),
        (
            &["perft", "--game", "reversi", "4"][..],
            "perft reversi 4: 244 leaves in ",
        ),
        (
            &["perft", "--game", "tictactoe", "9"][..],
            "perft tictactoe 9: 255168 leaves in ",
        ),
    ] {
        let out = ply(args, "");
        assert!(out.status.success(), "{args:?}");
        assert!(
            text(&out.stdout).starts_with(want),
            "{args:?}: {}",
            text(&out.stdout)
        );
    }
    let out = ply(&["perft", "--help"], "");
    assert!(text(&out.stdout).contains("Without --game the game is reversi"));
}

#[test]
fn play_and_analyze_take_reversi() {
    let out = ply(
        &[
            "analyze", "--game", "reversi", "--moves", "d3", "--depth", "3",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    // After d3 white's replies are c3, c5 and e3.
    let best = s.lines().next().unwrap_or("");
    assert!(
        ["bestmove c3", "bestmove c5", "bestmove e3"].contains(&best),
        "{s}"
    );
    let out = ply(&["play", "--game", "reversi", "--time", "50"], "d3\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("ply plays "),
        "{}",
        text(&out.stdout)
    );
    for cmd in ["play", "analyze"] {
        let out = ply(&[cmd, "--help"], "");
        assert!(
            text(&out.stdout).contains("gomoku|tictactoe|reversi"),
            "{cmd}"
        );
    }
}

#[test]
fn boards_wider_than_z_are_refused_with_the_reason() {
    // 26 files and 32 ranks: fine; the top-left corner is a32.
    let out = ply(
        &[
            "analyze", "--size", "26x32", "--moves", "a32,z1", "--depth", "1",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("bestmove P@"));
    for cmd in ["play", "analyze"] {
        let out = ply(&[cmd, "--size", "27"], "quit\n");
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let e = text(&out.stderr);
        assert!(
            e.contains("26 files (a..z)") && e.contains("Gomocup protocol"),
            "{cmd}: {e}"
        );
    }
}

#[test]
fn a_tool_whose_reader_has_gone_ends_without_a_panic() {
    // `ply analyze ... | head -1`: the reader closes its end before the tool writes.
    let mut child = Command::new(BIN)
        .args(["analyze", "--game", "reversi", "--depth", "6"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start ply");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("run ply");
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}
