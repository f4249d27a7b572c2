//! One engine as a child process, driven over the Gomocup protocol as a manager
//! (Piskvork, GomocupJudge) drives it, or over NBoard as the NBoard GUI does: lines
//! to its stdin, its stdout read line by line on a thread and handed over a channel
//! stamped with their arrival time.
//!
//! Nothing the engine prints can make us panic: every failure (exit, garbage, a
//! silent engine) becomes an [`EngineError`] that the referee turns into a loss.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use crossbeam_channel::{select, unbounded, Receiver};

use crate::games::reversi::ggf::MoveItem;
use crate::io::read_line_limited;
use crate::protocol::gomocup::{self, ReplyKind};
use crate::protocol::nboard;

/// What the child's stderr does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StderrMode {
    /// Thrown away (default).
    Discard,
    /// Passed through to our stderr.
    Inherit,
}

/// A line from the engine's stdout (with the moment it arrived), or its end.
#[derive(Debug)]
enum Line {
    Text(Instant, String),
    Eof,
}

/// Why an engine failed to answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineError {
    /// No answer before the deadline (the process has been killed).
    Timeout,
    /// The engine closed its output or exited (or its input pipe broke).
    Exited,
    /// A line that is no answer and no known message type.
    Garbage(String),
    /// `ERROR ...` where `OK` was expected.
    Refused(String),
    /// The match was stopped (SPRT decided); not the engine's fault.
    Aborted,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout => write!(f, "no answer in time"),
            EngineError::Exited => write!(f, "engine exited"),
            EngineError::Garbage(l) => write!(f, "garbage output '{}'", shorten(l)),
            EngineError::Refused(l) => write!(f, "refused: '{}'", shorten(l)),
            EngineError::Aborted => write!(f, "match stopped"),
        }
    }
}

fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if s.chars().count() > 60 {
        out.push_str("...");
    }
    out
}

/// Splits a command line into words as a POSIX shell would for simple commands:
/// whitespace separates, single quotes keep everything literally, double quotes keep
/// whitespace (a backslash escapes `"`, `\`, `$` and `` ` `` inside them), a backslash
/// outside quotes escapes the next character. No variables, globs or pipes.
pub fn split_command(cmd: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = cmd.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => cur.push(ch),
                        None => return Err(format!("unterminated ' in command '{cmd}'")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\' | '$' | '`')) => cur.push(e),
                            Some(e) => {
                                cur.push('\\');
                                cur.push(e);
                            }
                            None => return Err(format!("unterminated \" in command '{cmd}'")),
                        },
                        Some(ch) => cur.push(ch),
                        None => return Err(format!("unterminated \" in command '{cmd}'")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(e) = chars.next() {
                    cur.push(e);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    if words.is_empty() {
        return Err("empty engine command".to_string());
    }
    Ok(words)
}

/// Where an engine program lives: `program` (the first word of its command line)
/// as an absolute path and the folder it is in. A name without a `/` is looked up
/// in `PATH` as a shell would; a relative path is taken from our working folder.
/// `None` when a bare name is not found in `PATH` (starting it then fails with the
/// system's own message).
pub fn locate_program(program: &str) -> Option<(PathBuf, PathBuf)> {
    let path = Path::new(program);
    let full = if program.contains('/') {
        if path.is_absolute() {
            path.to_path_buf()
        } else {
            std::env::current_dir().ok()?.join(path)
        }
    } else {
        let dirs = std::env::var_os("PATH")?;
        std::env::split_paths(&dirs)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
            .and_then(|p| {
                if p.is_absolute() {
                    Some(p)
                } else {
                    std::env::current_dir().ok().map(|c| c.join(p))
                }
            })?
    };
    let folder = full.parent()?.to_path_buf();
    Some((full, folder))
}

/// Whether the program of the command line `cmd` is there to be started: a file,
/// found in `PATH` when it is a bare name. Checked before a match prints anything,
/// so a mistyped engine is one error line. (Whether it starts is seen when it is
/// started.)
pub fn check_program(cmd: &str) -> Result<(), String> {
    let words = split_command(cmd)?;
    let program = words.first().ok_or("empty engine command")?;
    match locate_program(program) {
        Some((full, _)) if full.is_file() => Ok(()),
        Some(_) => Err(format!("cannot start '{program}': no such file")),
        None => Err(format!("cannot start '{program}': not found in PATH")),
    }
}

/// A running engine.
pub struct EngineProc {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Fires (disconnects) when the match is stopped.
    stop: Receiver<()>,
    /// Lines that were neither answers nor garbage (MESSAGE, DEBUG, ...), for logs.
    pub messages: Vec<String>,
    /// The last `MESSAGE` line naming a depth since the last move request, without
    /// the word MESSAGE (ply and Rapfi report each iteration so: `Depth 14-20 | ...`).
    pub search_line: Option<String>,
    /// The output ended while lines were being drained.
    eof: bool,
    /// When the engine's last move line arrived (for the relay pause).
    moved_at: Option<Instant>,
}

impl EngineProc {
    /// Starts `cmd` (see [`split_command`]) in the folder of its program, as
    /// Piskvork and GomocupJudge do (engines such as Rapfi read a configuration file
    /// beside themselves); relative paths among its arguments are therefore taken
    /// from that folder. `label` names it in logs. `stop` disconnects when the whole
    /// match is stopped: any wait then ends with [`EngineError::Aborted`].
    pub fn spawn(
        cmd: &str,
        label: &str,
        stderr: StderrMode,
        stop: Receiver<()>,
    ) -> Result<EngineProc, String> {
        let words = split_command(cmd)?;
        let mut command = match locate_program(&words[0]) {
            Some((program, folder)) => {
                let mut c = Command::new(program);
                c.current_dir(folder);
                c
            }
            None => Command::new(&words[0]),
        };
        command
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(match stderr {
                StderrMode::Discard => Stdio::null(),
                StderrMode::Inherit => Stdio::inherit(),
            });
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", words[0]))?;
        let stdout = child.stdout.take();
        let stdin = child.stdin.take();
        let (tx, rx) = unbounded();
        if let Some(out) = stdout {
            let name = label.to_string();
            let spawned = std::thread::Builder::new()
                .name(format!("engine-{label}"))
                .spawn(move || {
                    let mut r = BufReader::new(out);
                    let mut buf = Vec::new();
                    loop {
                        match read_line_limited(&mut r, &mut buf) {
                            Ok(true) => {
                                let now = Instant::now();
                                let text = String::from_utf8_lossy(&buf).trim().to_string();
                                log::debug!("{name} > {text}");
                                if tx.send(Line::Text(now, text)).is_err() {
                                    return;
                                }
                            }
                            Ok(false) | Err(_) => {
                                let _ = tx.send(Line::Eof);
                                return;
                            }
                        }
                    }
                });
            if let Err(e) = spawned {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("cannot start a reader thread: {e}"));
            }
        }
        Ok(EngineProc {
            label: label.to_string(),
            child,
            stdin,
            lines: rx,
            stop,
            messages: Vec::new(),
            search_line: None,
            eof: false,
            moved_at: None,
        })
    }

    /// Sends one command (a BOARD block is several lines), written as
    /// [`gomocup::Command`] prints it.
    pub fn send_command(&mut self, cmd: &gomocup::Command) -> Result<(), EngineError> {
        self.send(&cmd.to_string())
    }

    /// Waits until `pause` has passed since the engine's last move line arrived:
    /// some engines (Rapfi) drop a command that arrives right after their move.
    pub fn relay_pause(&self, pause: Duration) {
        if let Some(t) = self.moved_at {
            let wake = t + pause;
            let now = Instant::now();
            if wake > now {
                std::thread::sleep(wake - now);
            }
        }
    }

    /// Sends text (one line or several). A broken pipe means the engine is gone.
    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        log::debug!("{} < {line}", self.label);
        let stdin = self.stdin.as_mut().ok_or(EngineError::Exited)?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|_| EngineError::Exited)
    }

    /// Throws away (logs) every line already received: output nobody asked for (an
    /// UNKNOWN for an INFO, a second answer) must not pass for the answer to the
    /// next request. Call it before sending a request.
    pub fn drain(&mut self) {
        while let Ok(l) = self.lines.try_recv() {
            match l {
                Line::Text(_, s) if !s.is_empty() => {
                    log::info!("{}: unrequested line '{s}' ignored", self.label);
                }
                Line::Text(..) => {}
                Line::Eof => self.eof = true,
            }
        }
    }

    /// The next non-blank line before `deadline`.
    fn next_line(&mut self, deadline: Instant) -> Result<(Instant, String), EngineError> {
        if self.eof {
            return Err(EngineError::Exited);
        }
        loop {
            let timeout = crossbeam_channel::at(deadline);
            let got = select! {
                recv(self.lines) -> l => l,
                recv(self.stop) -> _ => return Err(EngineError::Aborted),
                recv(timeout) -> _ => return Err(EngineError::Timeout),
            };
            match got {
                Ok(Line::Text(t, s)) if !s.is_empty() => return Ok((t, s)),
                Ok(Line::Text(..)) => continue,
                Ok(Line::Eof) | Err(_) => return Err(EngineError::Exited),
            }
        }
    }

    /// Keeps a MESSAGE/DEBUG/... line for the logs.
    fn note(&mut self, line: &str) {
        log::info!("{}: {line}", self.label);
        if self.messages.len() < 1000 {
            self.messages.push(line.to_string());
        }
    }

    /// Waits for `OK` (the answer to START). `ERROR ...` is a refusal; MESSAGE and
    /// DEBUG lines are skipped.
    pub fn wait_ok(&mut self, deadline: Instant) -> Result<(), EngineError> {
        loop {
            let (_, line) = self.next_line(deadline)?;
            match ReplyKind::of(&line) {
                ReplyKind::Ok => return Ok(()),
                ReplyKind::Error => return Err(EngineError::Refused(line)),
                ReplyKind::Message | ReplyKind::Unknown => self.note(&line),
                ReplyKind::Move(..) | ReplyKind::Garbage => return Err(EngineError::Garbage(line)),
            }
        }
    }

    /// Waits for the answer to a move request: the first `x,y` line. MESSAGE, DEBUG,
    /// UNKNOWN, ERROR and stray `OK` lines are logged and skipped (an engine that
    /// gives up after an ERROR then loses on time); anything else is garbage.
    /// Returns the raw coordinates and the moment the line arrived.
    /// The last such line that names a depth is kept in [`EngineProc::search_line`].
    pub fn wait_move(&mut self, deadline: Instant) -> Result<((i64, i64), Instant), EngineError> {
        self.search_line = None;
        loop {
            let (t, line) = self.next_line(deadline)?;
            match ReplyKind::of(&line) {
                ReplyKind::Move(x, y) => {
                    self.moved_at = Some(t);
                    return Ok(((x, y), t));
                }
                ReplyKind::Message => {
                    if let Some(report) = gomocup::search_report(&line) {
                        self.search_line = Some(report.to_string());
                    }
                    self.note(&line)
                }
                ReplyKind::Ok | ReplyKind::Error | ReplyKind::Unknown => self.note(&line),
                ReplyKind::Garbage => return Err(EngineError::Garbage(line)),
            }
        }
    }

    /// Sends one NBoard command.
    pub fn send_nboard(&mut self, cmd: &nboard::Command) -> Result<(), EngineError> {
        self.send(&cmd.to_string())
    }

    /// NBoard: waits for `pong n`; every other line (an older pong, status, search,
    /// lines that are not protocol) is logged and skipped.
    pub fn wait_pong(&mut self, n: i64, deadline: Instant) -> Result<(), EngineError> {
        loop {
            let (_, line) = self.next_line(deadline)?;
            match nboard::ReplyKind::of(&line) {
                nboard::ReplyKind::Pong(k) if k == n => return Ok(()),
                _ => self.note(&line),
            }
        }
    }

    /// NBoard: waits for the answer to `go`, the first `===` line (a `===` line
    /// whose move does not parse is garbage); every other line is logged and
    /// skipped. Returns the move and the moment the line arrived.
    pub fn wait_best_move(
        &mut self,
        deadline: Instant,
    ) -> Result<(MoveItem, Instant), EngineError> {
        loop {
            let (t, line) = self.next_line(deadline)?;
            match nboard::ReplyKind::of(&line) {
                nboard::ReplyKind::BestMove(m) => {
                    self.moved_at = Some(t);
                    return Ok((m, t));
                }
                nboard::ReplyKind::BadBestMove => return Err(EngineError::Garbage(line)),
                _ => self.note(&line),
            }
        }
    }

    /// NBoard: says `quit` (then [`EngineProc::reap`]).
    pub fn quit(&mut self) {
        let _ = self.send_nboard(&nboard::Command::Quit);
        self.stdin = None;
    }

    /// Kills the process at once (a hung engine).
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Says `END`; the process is killed if it has not exited by `deadline`.
    pub fn end(&mut self) {
        let _ = self.send_command(&gomocup::Command::End);
        self.stdin = None;
    }

    /// Waits until `deadline` for the process to exit after [`EngineProc::end`],
    /// then kills it.
    pub fn reap(&mut self, deadline: Instant) {
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => {
                    self.kill();
                    return;
                }
            }
        }
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        // Already reaped processes make these calls no-ops.
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command("  ply  --rule renju ").unwrap(),
            vec!["ply", "--rule", "renju"]
        );
        assert_eq!(
            split_command(r#"'/a b/ply' "x \"y\" $z" c\ d ''"#).unwrap(),
            vec!["/a b/ply", "x \"y\" $z", "c d", ""]
        );
        assert!(split_command("ply 'open").is_err());
        assert!(split_command("   ").is_err());
    }
}
