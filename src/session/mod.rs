//! The sessions: one per dialect (Gomocup, UCI/UGI, NBoard), each a thin
//! translation between its protocol's typed commands and replies (`protocol`) and
//! the one [`Engine`](crate::engine::Engine), over one small core (this file): the
//! event loop, the queue of commands that wait while a job runs, and the end of
//! input.
//!
//! May import `engine`, `protocol`, `search` (limits, result types), `games` and
//! `io`; never the tools. No session builds a table, spawns a search thread or
//! chooses a move: the engine does.

pub mod gomocup;
pub mod help;
pub mod nboard;
pub mod uci;

use std::collections::VecDeque;
use std::time::Instant;

use crossbeam_channel::{select, Receiver};

use crate::engine::Report;
use crate::io::Input;

/// What every session keeps besides its dialect's state: the commands that wait
/// for the running job, whether the input has ended, and whether the session is over.
pub struct Core<C> {
    pending: VecDeque<(Instant, C)>,
    /// End of input has been seen (only reports matter from then on).
    pub eof: bool,
    /// The session is over (quit, END, or end of input with nothing left to do).
    pub quit: bool,
}

impl<C> Default for Core<C> {
    fn default() -> Self {
        Core {
            pending: VecDeque::new(),
            eof: false,
            quit: false,
        }
    }
}

impl<C> Core<C> {
    /// Forgets the commands waiting for the running job (a UCI `quit`).
    pub fn clear_pending(&mut self) {
        self.pending.clear();
    }
}

/// A dialect as the core drives it: commands and the engine's reports in, replies
/// out. A command that arrives while a job runs is either acted on at once
/// ([`Dialect::while_busy`]: stop, quit, ping, ...) or queued and handled, in
/// order, once the job has been answered, so no command is ever lost.
pub trait Dialect {
    type Command;
    fn core(&mut self) -> &mut Core<Self::Command>;
    /// A job is running (or its answer is held): new commands wait.
    fn busy(&self) -> bool;
    /// A command while busy: act on it now and return `None`, or give it back to
    /// wait its turn.
    fn while_busy(&mut self, t: Instant, cmd: Self::Command) -> Option<Self::Command>;
    /// A command while idle (it may start a job).
    fn handle(&mut self, t: Instant, cmd: Self::Command);
    /// A report of the running job.
    fn on_report(&mut self, r: Report);
    /// The input has ended (the core then quits as soon as nothing is running).
    fn end_of_input(&mut self) {}
    /// The session ends: stop the engine, close the output.
    fn shut(&mut self);
}

/// Ends the session.
pub fn quit<D: Dialect>(d: &mut D) {
    if !d.core().quit {
        d.shut();
        d.core().quit = true;
    }
}

/// One command, as it arrives.
fn input<D: Dialect>(d: &mut D, t: Instant, cmd: D::Command) {
    if d.busy() {
        if let Some(cmd) = d.while_busy(t, cmd) {
            d.core().pending.push_back((t, cmd));
        }
    } else {
        d.handle(t, cmd);
    }
}

/// Handles queued commands until one of them starts a job; after the end of
/// input, quits once nothing runs.
fn drain<D: Dialect>(d: &mut D) {
    while !d.busy() && !d.core().quit {
        match d.core().pending.pop_front() {
            Some((t, cmd)) => input(d, t, cmd),
            None => break,
        }
    }
    if d.core().eof && !d.busy() {
        quit(d);
    }
}

/// The event loop every session runs: selects over the input and the engine's
/// reports until the session is over.
pub fn run<D: Dialect>(
    d: &mut D,
    reports: Receiver<Report>,
    commands: Receiver<Input<D::Command>>,
) {
    let never = crossbeam_channel::never();
    while !d.core().quit {
        let from = if d.core().eof { &never } else { &commands };
        select! {
            recv(from) -> msg => match msg {
                Ok(Input::Item(t, cmd)) => input(d, t, cmd),
                Ok(Input::Eof) | Err(_) => {
                    d.core().eof = true;
                    d.end_of_input();
                }
            },
            recv(reports) -> r => if let Ok(r) = r {
                d.on_report(r);
            },
        }
        drain(d);
    }
}
