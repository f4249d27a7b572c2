//! Process I/O: the stdin reader thread and the one place that writes to stdout.
//! Imports nothing from the other rooms.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crossbeam_channel::{unbounded, Receiver};

/// Longest line kept; the rest of a longer line is dropped (the protocol allows
/// cutting very long lines).
pub const MAX_LINE: usize = 1 << 16;

/// What the reader thread sends: a parsed item stamped with the moment its line
/// arrived (the clock for a turn starts there), or the end of input.
#[derive(Debug)]
pub enum Input<T> {
    Item(Instant, T),
    Eof,
}

/// Reads one line into `buf` (without the end of line), dropping bytes past
/// `MAX_LINE`. `Ok(false)` at end of input.
pub fn read_line_limited<R: BufRead>(r: &mut R, buf: &mut Vec<u8>) -> io::Result<bool> {
    buf.clear();
    let mut any = false;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any);
        }
        any = true;
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let take = if done { used - 1 } else { used };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        r.consume(used);
        if done {
            return Ok(true);
        }
    }
}

/// Reads lines from stdin until a non-blank one (for protocol detection). `None` at
/// the end of input. Each line read is logged at debug level, as the reader thread
/// logs the lines after it.
pub fn read_first_line() -> Option<(Instant, String)> {
    let stdin = io::stdin();
    let mut lock = stdin.lock();
    let mut buf = Vec::new();
    loop {
        match read_line_limited(&mut lock, &mut buf) {
            Ok(true) => {
                let text = String::from_utf8_lossy(&buf).into_owned();
                log::debug!("< {text}");
                if !text.trim().is_empty() {
                    return Some((Instant::now(), text));
                }
            }
            Ok(false) | Err(_) => return None,
        }
    }
}

/// Spawns the thread that reads stdin line by line, parses each line with `parse`
/// (which may yield nothing, e.g. inside a multi-line block, or several items) and
/// sends the items, stamped, over a channel; `Input::Eof` at the end of input.
///
/// `first` is a line already read (and logged) by protocol detection: it is parsed
/// first.
/// At the end of input `parse(None)` may yield last items (a block left open).
pub fn spawn_stdin_reader<T, P>(
    first: Option<(Instant, String)>,
    mut parse: P,
) -> Receiver<Input<T>>
where
    T: Send + 'static,
    P: FnMut(Option<&str>) -> Vec<T> + Send + 'static,
{
    let (tx, rx) = unbounded();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = io::stdin();
            let mut lock = stdin.lock();
            let mut buf = Vec::new();
            if let Some((t, line)) = first {
                for item in parse(Some(&line)) {
                    if tx.send(Input::Item(t, item)).is_err() {
                        return;
                    }
                }
            }
            loop {
                match read_line_limited(&mut lock, &mut buf) {
                    Ok(true) => {
                        let now = Instant::now();
                        let text = String::from_utf8_lossy(&buf);
                        log::debug!("< {text}");
                        for item in parse(Some(&text)) {
                            if tx.send(Input::Item(now, item)).is_err() {
                                return;
                            }
                        }
                    }
                    Ok(false) | Err(_) => {
                        let now = Instant::now();
                        for item in parse(None) {
                            let _ = tx.send(Input::Item(now, item));
                        }
                        let _ = tx.send(Input::Eof);
                        return;
                    }
                }
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the stdin reader: {e}");
    }
    rx
}

/// The single writer of protocol output. Every line is flushed at once. After
/// `close`, nothing more is written (the protocol wants silence after END).
#[derive(Clone)]
pub struct Output {
    closed: Arc<AtomicBool>,
    sink: Arc<std::sync::Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn stdout() -> Output {
        Output::to(Box::new(io::stdout()))
    }

    pub fn to(sink: Box<dyn Write + Send>) -> Output {
        Output {
            closed: Arc::new(AtomicBool::new(false)),
            sink: Arc::new(std::sync::Mutex::new(sink)),
        }
    }

    /// Writes one line (newlines inside `text` are replaced: one call, one line).
    pub fn line(&self, text: &str) {
        if self.closed.load(Ordering::SeqCst) {
            return;
        }
        log::debug!("> {text}");
        let clean: String = text
            .chars()
            .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
            .collect();
        let mut sink = match self.sink.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        // A closed pipe is not our problem to report on stdout.
        let _ = writeln!(sink, "{clean}");
        let _ = sink.flush();
    }

    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_and_crlf_kept_for_the_parser() {
        let mut data = vec![b'a'; MAX_LINE + 100];
        data.extend_from_slice(b"\nSTART 15\r\nEND");
        let mut r = io::Cursor::new(data);
        let mut buf = Vec::new();
        assert!(read_line_limited(&mut r, &mut buf).unwrap());
        assert_eq!(buf.len(), MAX_LINE);
        assert!(read_line_limited(&mut r, &mut buf).unwrap());
        assert_eq!(buf, b"START 15\r");
        assert!(read_line_limited(&mut r, &mut buf).unwrap());
        assert_eq!(buf, b"END");
        assert!(!read_line_limited(&mut r, &mut buf).unwrap());
    }
}
