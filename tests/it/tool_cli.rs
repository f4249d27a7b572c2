//! The command lines of the tools, through the real binary: a value that does not
//! parse is an error naming its option, for every subcommand; `match` with an engine
//! that cannot start prints the error and no score table; `solve` names the
//! extensions it reads; `bench` times only the searches; the progress bar is drawn
//! on a terminal and nowhere else.

use std::process::{Command, Output, Stdio};

use crate::common::{TempDir, BIN};

fn ply(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run ply")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The first position of the FFO suite (14 empties, G8 scores +18), as `name`.
fn ffo_one(dir: &TempDir, name: &str) -> String {
    let first = include_str!("../data/fforum-1-19.obf")
        .lines()
        .next()
        .expect("a line");
    let path = dir.join(name);
    std::fs::write(&path, format!("{first}\n")).expect("write");
    path.to_string_lossy().into_owned()
}

#[test]
fn a_bad_value_is_an_error_that_names_its_option_in_every_subcommand() {
    let dir = TempDir::new("cli", "bad-values");
    let obf = ffo_one(&dir, "one.obf");
    let jsonl = dir.join("p.jsonl").to_string_lossy().into_owned();
    let engines = ["--engine1", "a", "--engine2", "b"];
    let m = |extra: &[&'static str]| -> Vec<String> {
        let mut v = vec!["match".to_string()];
        v.extend(engines.iter().map(|s| s.to_string()));
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let s = |v: &[&str]| -> Vec<String> { v.iter().map(|s| s.to_string()).collect() };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (s(&["--threads", "many"]), "--threads"),
        (s(&["--protocol", "chess"]), "--protocol"),
        (s(&["--game", "chess"]), "--game"),
        (s(&["--rule", "fivefold"]), "--rule"),
        (s(&["play", "--time", "soon"]), "--time"),
        (s(&["play", "--side", "up"]), "--side"),
        (s(&["play", "--size", "9y"]), "--size"),
        (s(&["play", "--game", "go"]), "--game"),
        (s(&["analyze", "--depth", "deep"]), "--depth"),
        (s(&["analyze", "--nodes", "-1"]), "--nodes"),
        (s(&["analyze", "--rule", "x"]), "--rule"),
        (s(&["analyze", "--time"]), "--time"),
        (s(&["bench", "deep"]), "DEPTH"),
        (s(&["bench", "0"]), "DEPTH"),
        (s(&["perft", "deep"]), "DEPTH"),
        (s(&["perft", "--game", "gomoku", "4"]), "--game"),
        (s(&["solve", &obf, "--hash", "big"]), "--hash"),
        (s(&["solve", &obf, "--threads", "0"]), "--threads"),
        (s(&["solve", &jsonl, "--limit-ms", "soon"]), "--limit-ms"),
        (s(&["solve", &jsonl, "--nodes", "many"]), "--nodes"),
        (m(&["--turn-ms", "fast"]), "--turn-ms"),
        (m(&["--turn-ms", "0"]), "--turn-ms"),
        (m(&["--games", "0"]), "--games"),
        (m(&["--rounds", "x"]), "--rounds"),
        (m(&["--concurrency", "two"]), "--concurrency"),
        (m(&["--size", "40"]), "--size"),
        (m(&["--max-memory", "lots"]), "--max-memory"),
        (m(&["--relay-pause-ms", "1.5"]), "--relay-pause-ms"),
        (m(&["--sprt", "elo0=x,elo1=5"]), "--sprt"),
        (m(&["--game", "reversi", "--depth1", "99"]), "--depth1"),
    ];
    for (args, option) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = ply(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(option),
            "{args:?} does not name {option}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
    }
}

#[test]
fn a_match_whose_engine_cannot_start_prints_the_error_and_no_table() {
    let dir = TempDir::new("cli", "no-engine");
    // Not there at all, not in PATH, and there but not a program: the first two are
    // refused before the match starts, the third when its first game starts it.
    let not_executable = dir.join("engine.txt");
    std::fs::write(&not_executable, "not a program\n").expect("write");
    let not_executable = not_executable.to_string_lossy().into_owned();
    for (engine, says) in [
        ("/nonexistent/engine", "cannot start '/nonexistent/engine'"),
        ("no-such-engine-in-path", "not found in PATH"),
        (not_executable.as_str(), "cannot start"),
    ] {
        let out = ply(&[
            "match",
            "--engine1",
            engine,
            "--engine2",
            BIN,
            "--games",
            "2",
        ]);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{engine}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{engine}: {stderr}");
        assert!(!stdout.contains("Score of"), "{engine}: {stdout}");
        assert!(!stdout.contains("Elo"), "{engine}: {stdout}");
    }
    let out = ply(&[
        "match",
        "--engine1",
        "/nonexistent/engine",
        "--engine2",
        BIN,
    ]);
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("--engine1"));
}

#[test]
fn solve_reads_obf_and_jsonl_and_refuses_other_files_saying_so() {
    let dir = TempDir::new("cli", "solve-ext");
    let readme = dir.join("README.md");
    std::fs::write(&readme, "# a\n\nsome words\n").expect("write");
    for args in [
        vec!["solve", readme.to_str().unwrap()],
        vec!["solve", "--vct", readme.to_str().unwrap()],
        vec!["solve"],
    ] {
        let out = ply(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(".obf") && err.contains(".jsonl"), "{err}");
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    }
    // The extension in any case.
    let upper = ffo_one(&dir, "ONE.OBF");
    let out = ply(&["solve", "--hash", "16", &upper]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("score  +18") && stdout.contains("best G8"),
        "{stdout}"
    );
}

#[test]
fn bench_times_the_searches_not_the_set_up() {
    // At depth 1 each search takes well under a millisecond; loading the reversi
    // weights alone takes 50-150 ms, so a position that carried it would show it.
    let out = ply(&["bench", "1"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let times: Vec<u64> = stdout
        .lines()
        .filter(|l| l.starts_with("position"))
        .map(|l| {
            let t = l.split(" time ").nth(1).expect("a time");
            t.trim_end_matches(" ms").parse().expect("ms")
        })
        .collect();
    assert_eq!(times.len(), 16, "{stdout}");
    assert!(times.iter().all(|&t| t < 40), "{stdout}");
}

#[test]
fn without_a_terminal_the_lines_are_plain_and_stderr_is_quiet() {
    let dir = TempDir::new("cli", "plain");
    let obf = ffo_one(&dir, "one.obf");
    let out = ply(&["solve", &obf]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(!stdout.contains('\x1b'), "{stdout:?}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
}

/// `ply solve FILE` with its stderr on a pseudo-terminal: what the terminal got.
#[cfg(target_os = "linux")]
fn solve_on_a_terminal(file: &str) -> (Output, String) {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors; the null pointers ask for the
    // default name, settings and size.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (mut master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let out = {
        let mut cmd = Command::new(BIN);
        cmd.args(["solve", file])
            .stdin(Stdio::null())
            .stderr(Stdio::from(slave));
        cmd.output().expect("run ply")
        // `cmd`, and with it the last copy of the terminal's other end, ends here.
    };
    let mut screen = Vec::new();
    // Linux ends the read with EIO once no process holds the other end.
    let _ = master.read_to_end(&mut screen);
    (out, text(&screen))
}

#[cfg(target_os = "linux")]
#[test]
fn on_a_terminal_a_bar_shows_count_rate_and_time_left_and_stdout_is_unchanged() {
    let dir = TempDir::new("cli", "tty");
    let obf = ffo_one(&dir, "one.obf");
    let (out, screen) = solve_on_a_terminal(&obf);
    assert!(out.status.success(), "{screen}");
    assert!(screen.contains("/1 positions"), "{screen:?}");
    assert!(
        screen.contains("/s") || screen.contains("/min"),
        "{screen:?}"
    );
    assert!(screen.contains(" left"), "{screen:?}");
    let piped = ply(&["solve", &obf]);
    let strip_times = |s: &[u8]| -> Vec<String> {
        text(s)
            .lines()
            .map(|l| l.split(" time ").next().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(strip_times(&out.stdout), strip_times(&piped.stdout));
}
