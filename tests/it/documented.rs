//! Promises of `ply --help` and protocol.md tried as a user would: the debug log shows
//! every line in, the first included, and the game that `START n` builds under each
//! `--game`.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{Brain, BIN};

/// Runs `ply ARGS` with `stdin` and the environment variable `env`; (stdout, stderr).
fn run(args: &[&str], env: (&str, &str), stdin: &str) -> (String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .env(env.0, env.1)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ply");
    if let Some(mut i) = child.stdin.take() {
        i.write_all(stdin.as_bytes()).expect("write");
    }
    let out = child.wait_with_output().expect("ply ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn debug_log_shows_every_line_in_and_out_the_first_included() {
    let dialects: [(&str, &[&str]); 3] = [
        ("START 15\nABOUT\n", &["START 15", "ABOUT"]),
        ("uci\nisready\nquit\n", &["uci", "isready", "quit"]),
        ("nboard 2\nping 1\nquit\n", &["nboard 2", "ping 1", "quit"]),
    ];
    for (input, lines) in dialects {
        let (out, err) = run(&[], ("RUST_LOG", "debug"), input);
        for l in lines {
            assert!(
                err.lines().any(|e| e.ends_with(&format!("< {l}"))),
                "'{l}' not logged:\n{err}"
            );
        }
        // Every line out is logged too.
        for l in out.lines() {
            assert!(
                err.lines().any(|e| e.ends_with(&format!("> {l}"))),
                "'{l}' not logged:\n{err}"
            );
        }
        assert!(!out.is_empty());
    }
    // Blank lines before the first command and a first `help` are logged as read.
    let (_, err) = run(&[], ("RUST_LOG", "debug"), "\nhelp\nSTART 15\n");
    let read: Vec<&str> = err.lines().filter(|e| e.contains("] < ")).collect();
    assert!(read.len() >= 3, "{err}");
    assert!(read[0].ends_with("] < "), "{err}");
    assert!(read[1].ends_with("< help"), "{err}");
    assert!(read[2].ends_with("< START 15"), "{err}");
    // At the default level, nothing at all on stderr.
    let (_, err) = run(&[], ("RUST_LOG", "warn"), "START 15\nEND\n");
    assert_eq!(err, "");
}

#[test]
fn start_builds_the_game_chosen_by_game() {
    // Default (gomoku): START 8 is an 8x8 gomoku board (BEGIN opens in the centre),
    // START 3 tic-tac-toe.
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 8"), "OK");
    assert_eq!(b.ask("BEGIN"), "4,4");
    assert_eq!(b.ask("TURN 9,9"), "ERROR 9,9 is off the 8x8 board");
    assert_eq!(b.ask("START 3"), "OK");
    assert_eq!(b.ask("TURN 5,5"), "ERROR 5,5 is off the 3x3 board");
    // --game tictactoe: 3x3 only.
    let mut b = Brain::start(&["--game", "tictactoe"]);
    assert_eq!(
        b.ask("START 15"),
        "ERROR tic-tac-toe is played on 3x3, not 15x15"
    );
    assert_eq!(b.ask("START 3"), "OK");
    // --game reversi: START 8 is the reversi start position, other sizes an ERROR.
    let mut b = Brain::start(&["--game", "reversi"]);
    assert_eq!(
        b.ask("START 15"),
        "ERROR reversi is played on 8x8, not 15x15"
    );
    assert_eq!(b.ask("START 8"), "OK");
    assert_eq!(b.ask("TURN 0,0"), "ERROR 0,0 flips no disc");
    // INFO game reversi then START 8, as the help text says.
    let mut b = Brain::gomocup();
    b.send("INFO game reversi");
    assert_eq!(b.ask("START 8"), "OK");
    assert_eq!(b.ask("TURN 0,0"), "ERROR 0,0 flips no disc");
    // The help texts say so.
    let (out, _) = run(&["--help"], ("RUST_LOG", "warn"), "");
    assert!(out.contains("START 8 is 8x8 gomoku"), "{out}");
    assert!(out.contains("--game tictactoe takes only START 3"), "{out}");
    assert!(out.contains("reversi only START 8"), "{out}");
    let (out, _) = run(&[], ("RUST_LOG", "warn"), "START 15\nHELP\n");
    assert!(out.contains("INFO game reversi, then START 8"), "{out}");
}
