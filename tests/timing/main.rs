//! Latency bounds through the real binary: END, the stop commands and NBoard's
//! `ping` answered at once, a turn limit kept, a big table made off the clock, the
//! process under its memory limit. A test crate of its own because cargo runs one test
//! crate at a time: these run with no other test's engines beside them, and one at a
//! time ([`alone`]). On the 2-core CI machine, a virtual machine, other tests'
//! engines filling their tables held an engine up for 200-600 ms beside them
//! (docs/experiments/time.md#latency-tests-beside-other-tests).

#[path = "../it/common.rs"]
mod common;
mod gomocup;
mod memory;
mod nboard;

use std::sync::{Mutex, MutexGuard};

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Held for a whole test: no other test of this crate runs meanwhile.
pub fn alone() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}
