//! Drives the real `ply` binary over pipes, as a Gomocup manager does.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_ply");

pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far (for failure messages).
    pub transcript: Vec<String>,
}

impl Brain {
    pub fn start(args: &[&str]) -> Brain {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start ply");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        let stdin = child.stdin.take();
        Brain {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn gomocup() -> Brain {
        Brain::start(&[])
    }

    pub fn send(&mut self, line: &str) {
        if let Err(e) = self.try_send(line) {
            panic!(
                "write {line:?}: {e}; transcript:\n{}",
                self.transcript.join("\n")
            );
        }
    }

    /// Sends `line` to a ply that may already have exited (after a command that
    /// ends it): a closed pipe is no error; any other failure to write is.
    pub fn send_unless_gone(&mut self, line: &str) -> std::io::Result<()> {
        match self.try_send(line) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            r => r,
        }
    }

    /// Sends `line`; the error if ply no longer reads (it has exited).
    fn try_send(&mut self, line: &str) -> std::io::Result<()> {
        self.transcript.push(format!("< {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(format!("{line}\n").as_bytes())?;
        stdin.flush()
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write");
        stdin.flush().expect("flush");
    }

    /// Closes stdin (end of input).
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The next line, any kind, within `timeout`.
    pub fn line_within(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("> {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line that is not a MESSAGE/DEBUG/INFO line (the answer).
    pub fn answer_within(&mut self, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let l = self.line_within(left)?;
            let up = l.to_ascii_uppercase();
            if up.starts_with("MESSAGE") || up.starts_with("DEBUG") || up.starts_with("INFO ") {
                continue;
            }
            return Some(l);
        }
    }

    /// The answer, within 10 s (panics with the transcript if none).
    pub fn answer(&mut self) -> String {
        match self.answer_within(Duration::from_secs(10)) {
            Some(a) => a,
            None => panic!("no answer; transcript:\n{}", self.transcript.join("\n")),
        }
    }

    /// Sends `line` and returns its answer.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer()
    }

    /// No line at all arrives within `d`.
    pub fn silent_for(&mut self, d: Duration) -> bool {
        self.line_within(d).is_none()
    }

    /// Waits for the process to exit; its exit code, or None after `timeout`.
    pub fn exit_within(&mut self, timeout: Duration) -> Option<i32> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.code().unwrap_or(-1));
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// The process id (to read its `/proc/<pid>/status`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn dump(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An NBoard session (`nboard 2` sent).
pub fn nboard() -> Brain {
    let mut b = Brain::start(&[]);
    b.send("nboard 2");
    b
}

/// Reads lines until one satisfies `last` (10 s at most): all the lines read, that
/// one last.
pub fn until(b: &mut Brain, last: impl Fn(&str) -> bool) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut out = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Some(l) = b.line_within(left) else {
            panic!("line not seen; transcript:\n{}", b.dump());
        };
        let done = last(&l);
        out.push(l);
        if done {
            return out;
        }
    }
}

/// A Gomocup session with a 200 ms turn, started on a `size` board.
pub fn gomocup_started(size: u32) -> Brain {
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 200");
    assert_eq!(b.ask(&format!("START {size}")), "OK");
    b
}

/// The move of a Gomocup answer `x,y`; anything else fails the test.
pub fn mv(a: &str) -> (i32, i32) {
    parse_move(a).unwrap_or_else(|| panic!("not a move: {a}"))
}

/// Parses a move answer `x,y`.
pub fn parse_move(s: &str) -> Option<(i32, i32)> {
    let (a, b) = s.trim().split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// A fresh temporary directory for one test (`ply-PREFIX-PID-NAME` under the system's
/// temporary directory), removed with everything in it when dropped, so test runs do
/// not leave directories behind.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    pub fn new(prefix: &str, name: &str) -> TempDir {
        let d = std::env::temp_dir().join(format!("ply-{prefix}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("create a temporary directory");
        TempDir(d)
    }
}

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

/// Does `text` match `pattern`, where `wild` (e.g. `*` or `...`) matches any run of
/// characters?
pub fn wildcard_match(pattern: &str, text: &str, wild: &str) -> bool {
    let parts: Vec<&str> = pattern.split(wild).collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

/// What a run of `ply match` printed, its exit code and its wall time.
pub struct MatchRun {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
    pub secs: f64,
}

/// Runs `ply match` with `args`.
pub fn ply_match(args: &[&str]) -> MatchRun {
    let t = Instant::now();
    let out = Command::new(BIN)
        .arg("match")
        .args(args)
        .output()
        .expect("run ply match");
    MatchRun {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
        secs: t.elapsed().as_secs_f64(),
    }
}

/// Writes `script` to `path` as an executable and returns the path quoted for a
/// command line (the fake engines of the match tests).
#[cfg(unix)]
pub fn executable(path: &std::path::Path, script: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, script).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("'{}'", path.display())
}
