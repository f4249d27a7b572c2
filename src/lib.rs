//! ply: a board-game engine (gomoku: freestyle, standard, renju, caro; tic-tac-toe;
//! reversi) driven over text protocols on stdin/stdout: Gomocup (Piskvork, with the
//! Yixin/Rapfi extensions), UCI/UGI (cutechess-cli, cutegames) and NBoard (reversi
//! GUIs).
//!
//! Data flows one way: text -> command (`protocol`) -> session (`engine`) ->
//! search (`search`) -> report -> text. The command line and the one-shot tools
//! (`ply bench`, `perft`, `solve`, `play`, `analyze`, `match`) are the `tools` wing:
//! it may import every other room, and no other room imports it.

pub mod engine;
pub mod games;
pub mod io;
pub mod protocol;
pub mod search;
pub mod session;
pub mod tools;
