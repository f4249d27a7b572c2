//! The one-shot subcommands as the README shows them: `perft` names the game it
//! counts, `play` and `analyze` take reversi, and boards wider than the letters
//! a..z are refused with a message that says why (up to 26 files, 32 ranks), and
//! squares are read in either case, errors quoting them as typed.

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

#[test]
fn play_and_analyze_read_squares_in_either_case() {
    // ply prints moves in one case and a person may type them in the other: the
    // same square either way, so the same answer at a fixed depth.
    for (game, lower, upper, depth) in [
        ("gomoku", "h8,i9", "H8,I9", "3"),
        ("gomoku", "P@h8", "p@H8", "3"),
        ("reversi", "d3,c5", "D3,C5", "4"),
        ("tictactoe", "b2", "B2", "9"),
    ] {
        let run = |moves: &str| {
            let out = ply(
                &[
                    "analyze", "--game", game, "--moves", moves, "--depth", depth,
                ],
                "",
            );
            assert!(out.status.success(), "{moves}: {}", text(&out.stderr));
            text(&out.stdout)
        };
        let a = run(lower);
        assert!(a.starts_with("bestmove "), "{a}");
        assert_eq!(a.lines().next(), run(upper).lines().next(), "{game}");
    }
    let out = ply(&["play", "--time", "50"], "H8\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("ply plays "), "{s}");
    assert!(!s.contains("Not a move"), "{s}");
}

#[test]
fn play_and_analyze_errors_quote_what_was_typed() {
    for (args, want) in [
        (
            &["analyze", "--moves", "h8,H8"][..],
            "move 2: 'H8' is occupied",
        ),
        (
            &["analyze", "--game", "reversi", "--moves", "D3,A1"][..],
            "move 2: 'A1' flips nothing",
        ),
        (
            &["analyze", "--game", "reversi", "--moves", "E6,d4"][..],
            "move 2: 'd4' is occupied",
        ),
        (
            // Black's h8 makes two open threes (f8 g8 h8, h6 h7 h8).
            &[
                "analyze",
                "--rule",
                "renju",
                "--moves",
                "F8,A1,G8,A3,H6,A5,H7,A7,H8",
            ][..],
            "move 9: 'H8' is forbidden",
        ),
        (
            &["analyze", "--moves", "Q@h8"][..],
            "move 1: 'Q@h8': the only piece to drop is P",
        ),
        (
            &["analyze", "--moves", "Z9"][..],
            "move 1: 'Z9' is off the 15x15 board",
        ),
        (
            &["analyze", "--moves", "H8!"][..],
            "move 1: 'H8!' is not a move",
        ),
    ] {
        let out = ply(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let e = text(&out.stderr);
        assert!(e.contains(want), "{args:?}: {e}");
        // No internal x,y in the message.
        assert!(!e.contains(','), "{args:?}: {e}");
    }
    let out = ply(&["play", "--time", "50"], "h8\nH8\n7, 7\nquit\n");
    let s = text(&out.stdout);
    assert!(s.contains("Not a move here: 'H8' is occupied."), "{s}");
    assert!(s.contains("Not a move here: '7, 7' is occupied."), "{s}");
    assert!(!s.contains("7,7 is occupied"), "{s}");
}
