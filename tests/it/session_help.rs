//! The first minute at a terminal (issue 11, section 5), through the real binary:
//! a greeting on stderr when stdin is a terminal (never on stdout), and `help` as a
//! session command in every dialect, before a dialect is chosen too, without
//! breaking the dialect detection of the next line.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::BIN;

/// Runs `ply ARGS` with `input` on a pipe: (stdout lines, stderr).
fn run(args: &[&str], input: &str) -> (Vec<String>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ply");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("ply runs");
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    (stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

const START_HELP: &str = "ply speaks three protocols; the first command chooses one:";

#[test]
fn help_before_the_first_command_keeps_the_dialect_detection() {
    // Gomocup.
    let (out, err) = run(&[], "help\nSTART 15\nABOUT\nEND\n");
    assert_eq!(out[0], START_HELP);
    let rest: Vec<_> = out.iter().skip_while(|l| *l != "OK").collect();
    assert_eq!(rest.len(), 2, "{out:?}");
    assert!(rest[1].starts_with("name=\"ply\""), "{out:?}");
    assert!(out.iter().all(|l| !l.starts_with("UNKNOWN")), "{out:?}");
    assert_eq!(err, "");
    // UCI: `HELP` in any case, blank lines around it.
    let (out, err) = run(&[], "\nHELP\n\nuci\nisready\nquit\n");
    assert_eq!(out[0], START_HELP);
    assert!(out.iter().any(|l| l == "uciok"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("readyok"));
    assert_eq!(err, "");
    // NBoard.
    let (out, err) = run(&[], "help\nnboard 2\nset depth 3\nping 1\nquit\n");
    assert_eq!(out[0], START_HELP);
    assert!(
        out.ends_with(&["set myname ply3".into(), "pong 1".into()]),
        "{out:?}"
    );
    assert_eq!(err, "");
    // Help only, then the end of input: a clean exit.
    let (out, _) = run(&[], "help\n");
    assert_eq!(out[0], START_HELP);
    assert!(out
        .iter()
        .all(|l| !l.starts_with("ERROR") && !l.starts_with("UNKNOWN")));
}

#[test]
fn help_lists_the_commands_of_the_dialect_in_use() {
    // Gomocup: MESSAGE lines only (managers ignore them), and the session goes on
    // (the end of input, unlike END, lets BEGIN answer).
    let (out, _) = run(&[], "START 15\nhelp\nBEGIN\n");
    assert_eq!(out[0], "OK");
    let help: Vec<_> = out[1..]
        .iter()
        .take_while(|l| l.starts_with("MESSAGE") && !l.starts_with("MESSAGE Depth"))
        .collect();
    assert!(help.len() >= 5, "{out:?}");
    assert!(help.iter().any(|l| l.contains("TURN x,y")), "{help:?}");
    assert_eq!(out.last().map(String::as_str), Some("7,7"), "{out:?}");
    // pbrain-style forced dialect: `help` first is Gomocup's help.
    let (out, _) = run(&["--protocol", "gomocup"], "help\nEND\n");
    assert!(out[0].starts_with("MESSAGE Gomocup commands"), "{out:?}");
    assert!(out.iter().all(|l| l.starts_with("MESSAGE")), "{out:?}");
    // UCI: info string lines, not "unknown command".
    let (out, _) = run(&[], "uci\nhelp\nisready\nquit\n");
    let help: Vec<_> = out
        .iter()
        .skip_while(|l| *l != "uciok")
        .skip(1)
        .take_while(|l| *l != "readyok")
        .collect();
    assert!(help.len() >= 5, "{out:?}");
    assert!(
        help.iter().all(|l| l.starts_with("info string")),
        "{help:?}"
    );
    assert!(
        help.iter().any(|l| l.contains("position startpos")),
        "{help:?}"
    );
    assert!(
        out.iter().all(|l| !l.contains("unknown command")),
        "{out:?}"
    );
    // NBoard: status lines.
    let (out, _) = run(&[], "nboard 2\nhelp\nping 1\nquit\n");
    let (last, help) = out.split_last().expect("lines");
    assert_eq!(last, "pong 1");
    assert!(help.len() >= 2, "{out:?}");
    assert!(help.iter().all(|l| l.starts_with("status ")), "{out:?}");
}

#[test]
fn no_greeting_when_stdin_is_not_a_terminal() {
    let (out, err) = run(&[], "START 15\nEND\n");
    assert_eq!(out, ["OK"]);
    assert_eq!(err, "");
}

/// With stdin on a terminal (a pseudo-terminal from `script`, util-linux), one line
/// goes to stderr and nothing extra to stdout.
#[test]
fn a_greeting_on_stderr_when_stdin_is_a_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` command to make a terminal");
        return;
    }
    let dir = env!("CARGO_TARGET_TMPDIR");
    let err_file = format!("{dir}/session_help_stderr.txt");
    let _ = std::fs::remove_file(&err_file);
    let inner = format!("'{BIN}' 2>'{err_file}'");
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &inner, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start script");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"START 15\r\nEND\r\n")
        .expect("write");
    let out = child.wait_with_output().expect("script runs");
    let terminal = String::from_utf8_lossy(&out.stdout);
    let err = std::fs::read_to_string(&err_file).expect("stderr file");
    assert_eq!(
        err,
        format!(
            "ply {} — type 'help' for commands, or run 'ply --help' / 'ply play'\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    // The terminal shows the echoed input and the protocol's answer, no greeting.
    assert!(terminal.contains("OK"), "{terminal:?}");
    assert!(!terminal.contains("type 'help'"), "{terminal:?}");
}
