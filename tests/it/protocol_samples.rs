//! Every sample in protocol.md, run through the real binary, so a sample that drifts
//! from what ply does fails here.
//!
//! The convention (protocol.md, "How to read the transcripts"): each fenced block
//! follows an HTML comment that says what it is:
//!
//! * `<!-- transcript -->` or `<!-- transcript: ARGS -->`: a session of `ply ARGS`.
//!   `< text` is sent; `> pattern` must be the next line ply prints, where `...`
//!   matches any text; a line `> ...` alone stands for any number of lines. Lines
//!   that report progress while ply thinks (Gomocup `MESSAGE Depth`, UCI `info`,
//!   NBoard `search`/`nodestats`) may come in greater number than the sample shows.
//!   `< (end of input)` closes ply's input. At the end the input is closed (if it is
//!   not yet), and ply must print nothing else and exit with code 0.
//! * `<!-- output of: ply ARGS -->`: the block is the whole stdout of `ply ARGS`
//!   (`...` as above).
//! * `<!-- not a transcript: REASON -->`: a format, a syntax or a list; not run.
//!
//! A block with no such comment, or an indented code block, fails the test.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Brain, BIN};

#[derive(Debug)]
enum Kind {
    Transcript(Vec<String>),
    Output(Vec<String>),
    NotATranscript,
}

#[derive(Debug)]
struct Sample {
    /// 1-based line of the opening fence.
    line: usize,
    kind: Kind,
    body: Vec<String>,
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// The fenced blocks of `text` with their comments; `Err` for a block with no comment
/// or an indented code block.
fn samples(text: &str) -> Result<Vec<Sample>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let fence = l.trim_start();
        if !fence.starts_with("```") {
            let previous_blank = i == 0 || lines[i - 1].trim().is_empty();
            if previous_blank && l.starts_with("    ") && !l.trim().is_empty() {
                return Err(format!(
                    "line {}: an indented code block; fence it and say what it is",
                    i + 1
                ));
            }
            i += 1;
            continue;
        }
        let indent = l.len() - fence.len();
        let start = i;
        let mut body = Vec::new();
        i += 1;
        while i < lines.len() && !lines[i].trim_start().starts_with("```") {
            let b = lines[i];
            body.push(
                b.get(indent.min(b.len() - b.trim_start().len())..)
                    .unwrap_or(b)
                    .to_string(),
            );
            i += 1;
        }
        if i == lines.len() {
            return Err(format!("line {}: a fence that is never closed", start + 1));
        }
        i += 1;
        let comment = lines[..start]
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .map(|l| l.trim())
            .unwrap_or("");
        let inner = comment
            .strip_prefix("<!--")
            .and_then(|c| c.strip_suffix("-->"))
            .map(str::trim)
            .ok_or_else(|| {
                format!(
                    "line {}: a block with no <!-- transcript -->, <!-- output of: ... --> \
                     or <!-- not a transcript: reason --> comment before it",
                    start + 1
                )
            })?;
        let kind = if inner == "transcript" {
            Kind::Transcript(Vec::new())
        } else if let Some(args) = inner.strip_prefix("transcript:") {
            Kind::Transcript(words(args))
        } else if let Some(cmd) = inner.strip_prefix("output of:") {
            let w = words(cmd);
            if w.first().map(String::as_str) != Some("ply") {
                return Err(format!(
                    "line {}: 'output of' runs ply, not {cmd}",
                    start + 1
                ));
            }
            Kind::Output(w[1..].to_vec())
        } else if let Some(reason) = inner.strip_prefix("not a transcript:") {
            if reason.trim().is_empty() {
                return Err(format!("line {}: not a transcript, but why?", start + 1));
            }
            Kind::NotATranscript
        } else {
            return Err(format!(
                "line {}: unknown sample comment '{inner}'",
                start + 1
            ));
        };
        out.push(Sample {
            line: start + 1,
            kind,
            body,
        });
    }
    Ok(out)
}

/// Does `text` match `pattern`, where `...` matches any run of characters?
fn matches(pattern: &str, text: &str) -> bool {
    common::wildcard_match(pattern, text, "...")
}

/// A line reporting progress while ply thinks: a sample may show fewer of them.
fn progress(l: &str) -> bool {
    l.starts_with("MESSAGE Depth ")
        || l.starts_with("info ")
        || l.starts_with("search ")
        || l.starts_with("nodestats ")
}

/// Matches the lines ply printed against the expected lines of a sample (`> ...` alone:
/// any lines). `Err` says where they part.
fn check(expected: &[&str], got: &[String], done: bool) -> Result<usize, String> {
    let mut g = 0;
    let mut any = false;
    for (k, want) in expected.iter().enumerate() {
        if *want == "..." {
            any = true;
            if k + 1 == expected.len() {
                return Ok(got.len());
            }
            continue;
        }
        loop {
            let Some(l) = got.get(g) else {
                return Err(if done {
                    format!("expected '{want}', but ply printed nothing more")
                } else {
                    String::new()
                });
            };
            g += 1;
            if matches(want, l) {
                break;
            }
            if !any && !progress(l) {
                return Err(format!("expected '{want}', got '{l}'"));
            }
        }
        any = false;
    }
    Ok(g)
}

/// The input line that stands for the end of input.
const END_OF_INPUT: &str = "(end of input)";

fn run_transcript(args: &[String], body: &[String]) -> Result<(), String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut b = Brain::start(&args);
    let mut i = 0;
    // A `> ...` just before input: any lines, up to what the next input brings.
    let mut any = false;
    while i < body.len() {
        // Send the input lines, then read until the expected lines have come.
        while let Some(cmd) = body.get(i).and_then(|l| l.strip_prefix("< ")) {
            if cmd == END_OF_INPUT {
                b.close();
            } else if let Err(e) = b.send_unless_gone(cmd) {
                // A sample may go on typing after a command that ends ply; what it
                // printed is checked below.
                return Err(format!("write {cmd:?}: {e}\n{}", b.dump()));
            }
            i += 1;
        }
        let mut expected = Vec::new();
        if std::mem::take(&mut any) {
            expected.push("...");
        }
        while let Some(l) = body.get(i) {
            if l.starts_with("< ") {
                break;
            }
            match l.strip_prefix("> ") {
                Some(e) => expected.push(e),
                None => return Err(format!("not '< ' or '> ': '{l}'")),
            }
            i += 1;
        }
        if expected.last() == Some(&"...") && i < body.len() {
            expected.pop();
            any = true;
        }
        read_until(&mut b, &expected)?;
    }
    // The end: nothing more but progress lines, and a clean exit.
    b.close();
    let mut rest = Vec::new();
    while let Some(l) = b.line_within(Duration::from_secs(20)) {
        if !progress(&l) {
            rest.push(l);
        }
    }
    if !rest.is_empty() && body.last().map(String::as_str) != Some("> ...") {
        return Err(format!("ply printed more than the sample: {rest:?}"));
    }
    match b.exit_within(Duration::from_secs(5)) {
        Some(0) => Ok(()),
        code => Err(format!("exit code {code:?}")),
    }
    .map_err(|e| format!("{e}\n{}", b.dump()))
}

/// Reads lines until `expected` is matched.
fn read_until(b: &mut Brain, expected: &[&str]) -> Result<(), String> {
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match check(expected, &got, false) {
            Ok(n) if n == got.len() => return Ok(()),
            Ok(_) => unreachable!("check consumes lines only up to the last match"),
            Err(e) if !e.is_empty() => return Err(format!("{e}\n{}", b.dump())),
            Err(_) => {}
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match b.line_within(left) {
            Some(l) => got.push(l),
            None => {
                return check(expected, &got, true)
                    .map(|_| ())
                    .map_err(|e| format!("{e}\n{}", b.dump()))
            }
        }
    }
}

fn run_output(args: &[String], body: &[String]) -> Result<(), String> {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let got: Vec<&str> = text.lines().collect();
    if got.len() != body.len() || !body.iter().zip(&got).all(|(w, g)| matches(w, g)) {
        return Err(format!("ply printed:\n{text}"));
    }
    Ok(())
}

fn protocol_md() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol.md");
    std::fs::read_to_string(path).expect("protocol.md")
}

#[test]
fn every_sample_in_protocol_md_is_what_ply_does() {
    let samples = match samples(&protocol_md()) {
        Ok(s) => s,
        Err(e) => panic!("protocol.md: {e}"),
    };
    let mut failed = Vec::new();
    let mut run = 0;
    for s in &samples {
        let r = match &s.kind {
            Kind::Transcript(args) => run_transcript(args, &s.body),
            Kind::Output(args) => run_output(args, &s.body),
            Kind::NotATranscript => continue,
        };
        run += 1;
        if let Err(e) = r {
            failed.push(format!("protocol.md line {}: {e}", s.line));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
    assert!(run >= 35, "only {run} samples run");
}

#[test]
fn the_convention_catches_what_it_must() {
    // A block without a comment, an indented block, an unknown comment.
    assert!(samples("text\n\n```\n< START 15\n```\n").is_err());
    assert!(samples("text\n\n    < START 15\n").is_err());
    assert!(samples("<!-- sample -->\n```\nx\n```\n").is_err());
    assert!(samples("<!-- not a transcript: -->\n```\nx\n```\n").is_err());
    let s = samples("<!-- transcript: --game reversi -->\n\n```\n< START 8\n> OK\n```\n").unwrap();
    assert!(matches!(&s[0].kind, Kind::Transcript(a) if a == &["--game", "reversi"]));
    assert_eq!(s[0].body, ["< START 8", "> OK"]);
    // Matching: `...` inside a line, `...` alone, progress lines, a wrong line.
    assert!(matches(
        "MESSAGE Depth ... | PV 7,7",
        "MESSAGE Depth 1-1 | Eval 3 | PV 7,7"
    ));
    assert!(!matches(
        "MESSAGE Depth ... | PV 7,7",
        "MESSAGE Depth 1-1 | PV 8,8"
    ));
    let got = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(check(&["7,7"], &got(&["MESSAGE Depth 1", "7,7"]), true).is_ok());
    assert!(check(&["7,7"], &got(&["MESSAGE x", "7,7"]), true).is_err());
    assert!(check(&["...", "OK"], &got(&["a", "b", "OK"]), true).is_ok());
    assert!(check(&["OK", "7,7"], &got(&["OK"]), true).is_err());
    // And a real sample that drifted fails.
    let body = got(&["< START 15", "> OK", "< BEGIN", "> 8,8"]);
    assert!(run_transcript(&[], &body).is_err());
    let body = got(&["< START 15", "> OK", "< BEGIN", "> MESSAGE ...", "> 7,7"]);
    assert!(run_transcript(&[], &body).is_ok());
}

/// The timing examples of protocol.md section 6 are what the one time policy gives.
#[test]
fn the_timing_examples_are_the_policy() {
    use ply::search::limits::{moves_to_go, time_for_move, Clock, Progress};
    use ply::search::TimeLimit;
    let gomoku = |stones| {
        moves_to_go(Progress::Gomoku {
            stones,
            squares: 225,
        })
    };
    let clock = |turn, left| Clock {
        left,
        inc: 0,
        movestogo: None,
        turn: Some(turn),
    };
    let rows: [(&str, Clock, i64); 6] = [
        (
            "nothing sent (default `timeout_turn` 5000)",
            clock(5000, None),
            gomoku(0),
        ),
        ("`timeout_turn 1000`", clock(1000, None), gomoku(0)),
        ("`timeout_turn 200`", clock(200, None), gomoku(0)),
        (
            "`timeout_turn 30000`, `timeout_match 180000`, `time_left 180000`, 3-stone opening",
            clock(30_000, Some(180_000)),
            gomoku(3),
        ),
        (
            "the same with `time_left 20000`",
            clock(30_000, Some(20_000)),
            gomoku(3),
        ),
        (
            "`timeout_turn 30000`, `time_left 60000`, 90 stones on the board",
            clock(30_000, Some(60_000)),
            gomoku(90),
        ),
    ];
    let text = protocol_md();
    let table: Vec<Vec<String>> = text
        .lines()
        .skip_while(|l| !l.starts_with("Examples (15x15):"))
        .skip(1)
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    assert_eq!(table.len(), rows.len(), "{table:?}");
    for ((settings, c, n), row) in rows.iter().zip(&table) {
        let TimeLimit::Managed { soft, hard } = time_for_move(*c, *n) else {
            panic!("{settings}: unlimited");
        };
        let want = [
            settings.to_string(),
            hard.as_millis().to_string(),
            soft.as_millis().to_string(),
        ];
        assert_eq!(row.as_slice(), want.as_slice());
    }
}
