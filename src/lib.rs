//! ply: a board-game engine (gomoku: freestyle, standard, renju, caro; tic-tac-toe;
//! reversi) driven over text protocols on stdin/stdout: Gomocup (Piskvork, with the
//! Yixin/Rapfi extensions), UCI/UGI (cutechess-cli, cutegames) and NBoard (reversi
//! GUIs).
//!
//! The house, one room per top-level module, each importing only the rooms below it
//! (checked by `tests/it/layout.rs`):
//!
//! - `games` — each game's rules, moves, evaluation and special solvers; game and
//!   rule names (`games::kind`). Imports nothing above it.
//! - `search` — game-agnostic iterative deepening, transposition table, ordering,
//!   limits and the one time policy; the hand-over to a game's exact solver.
//! - `protocol` — text in, text out, one module per dialect, plus UCI/UGI notation.
//! - `io` — the stdin reader and the one stdout writer.
//! - `engine` — one `Engine` per session: the tables, the stop flag, the search
//!   thread(s), and the jobs it runs.
//! - `session` — one small core and a thin file per dialect (Gomocup, UCI/UGI,
//!   NBoard) translating protocol commands into engine jobs and reports into replies.
//! - `tools` — the command line and the one-shot tools (`ply bench`, `perft`,
//!   `solve`, `play`, `analyze`, `match`); may import every room, none imports it.
//!
//! Data flows one way: text -> command (`protocol`) -> session -> engine job
//! (`engine`, `search`, `games`) -> report -> session -> reply -> text.

pub mod engine;
pub mod games;
pub mod io;
pub mod mem;
pub mod protocol;
pub mod search;
pub mod session;
pub mod tools;
