//! Where a long tool is (`ply match`, `ply solve`, the trainers): a progress bar on
//! stderr with the count, the rate and the time left, shown only when stderr is a
//! terminal. Without a terminal nothing is drawn and the tools print exactly the
//! lines they always print (scripts and tests read them).
//!
//! Lines a tool prints while the bar is up go through [`Progress::println`] (or
//! [`Progress::eprintln`]): the bar is taken down for the line and drawn again
//! below it, so a terminal shows the lines scrolling above one bar.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A progress bar over a known number of items, or nothing when stderr is not a
/// terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
}

/// `per_sec` items a second as a rate a person reads: per second, or per minute
/// when slower than one a second.
fn rate_text(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        "-/s".to_string()
    } else if per_sec >= 1.0 {
        format!("{per_sec:.1}/s")
    } else {
        format!("{:.1}/min", per_sec * 60.0)
    }
}

/// `d` as `1h02m`, `3m05s` or `42s`.
fn duration_text(d: Duration) -> String {
    let s = d.as_secs();
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, _) => format!("{h}h{m:02}m"),
    }
}

impl Progress {
    /// A bar over `total` items called `unit` ("games", "positions"), drawn on
    /// stderr when stderr is a terminal.
    pub fn new(total: u64, unit: &str) -> Progress {
        Progress::with_target(total, unit, std::io::stderr().is_terminal())
    }

    /// No bar, whatever stderr is.
    pub fn hidden() -> Progress {
        Progress { bar: None }
    }

    fn with_target(total: u64, unit: &str, shown: bool) -> Progress {
        if !shown {
            return Progress::hidden();
        }
        // At most 75 columns with four-digit counts and hours: one line on a
        // terminal of 80.
        let style = ProgressStyle::with_template(&format!(
            "[{{bar:16}}] {{pos}}/{{len}} {unit}  {{rate}}  {{spent}} spent, {{left}} left"
        ))
        .map(|s| {
            s.progress_chars("=> ")
                .with_key("rate", |st: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&rate_text(st.per_sec()));
                })
                .with_key(
                    "spent",
                    |st: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&duration_text(st.elapsed()));
                    },
                )
                .with_key("left", |st: &ProgressState, w: &mut dyn std::fmt::Write| {
                    // No estimate before the first item is done.
                    let _ = if st.pos() == 0 {
                        w.write_str("?")
                    } else {
                        w.write_str(&duration_text(st.eta()))
                    };
                })
        });
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        match style {
            Ok(s) => bar.set_style(s),
            Err(e) => log::warn!("progress bar style: {e}"),
        }
        // Redrawn every second even without progress, so elapsed time moves.
        bar.enable_steady_tick(Duration::from_secs(1));
        Progress { bar: Some(bar) }
    }

    /// Whether the bar is drawn (stderr is a terminal).
    pub fn shown(&self) -> bool {
        self.bar.is_some()
    }

    /// One more item done.
    pub fn inc(&self) {
        self.inc_by(1);
    }

    /// `n` more items done.
    pub fn inc_by(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.inc(n);
        }
    }

    /// Runs `f`, which writes to stdout or stderr, with the bar taken down.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(b) => b.suspend(f),
            None => f(),
        }
    }

    /// `line` on stdout (flushed), above the bar.
    pub fn println(&self, line: &str) -> std::io::Result<()> {
        self.suspend(|| {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{line}")?;
            out.flush()
        })
    }

    /// `line` on stderr, above the bar.
    pub fn eprintln(&self, line: &str) {
        self.suspend(|| eprintln!("{line}"));
    }

    /// Takes the bar down for good (also done when dropped).
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_durations_read_as_a_person_says_them() {
        assert_eq!(rate_text(2.345), "2.3/s");
        assert_eq!(rate_text(0.05), "3.0/min");
        assert_eq!(rate_text(0.0), "-/s");
        assert_eq!(rate_text(f64::INFINITY), "-/s");
        assert_eq!(duration_text(Duration::from_secs(42)), "42s");
        assert_eq!(duration_text(Duration::from_secs(185)), "3m05s");
        assert_eq!(duration_text(Duration::from_secs(3720)), "1h02m");
    }

    #[test]
    fn without_a_terminal_there_is_no_bar_and_lines_pass_through() {
        let p = Progress::with_target(10, "games", false);
        assert!(!p.shown());
        p.inc();
        assert_eq!(p.suspend(|| 7), 7);
        let shown = Progress::with_target(10, "games", true);
        assert!(shown.shown());
        assert_eq!(shown.suspend(|| 8), 8);
        shown.finish();
    }
}
