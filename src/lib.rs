//! ply: a board-game engine (gomoku: freestyle, standard, renju, caro; tic-tac-toe;
//! reversi) driven over text protocols on stdin/stdout: Gomocup (Piskvork, with the
//! Yixin/Rapfi extensions), UCI/UGI (cutechess-cli, cutegames) and NBoard (reversi
//! GUIs).
//!
//! Data flows one way: text -> command (`protocol`) -> session (`engine`) ->
//! search (`search`) -> report -> text.

pub mod analyze;
pub mod bench;
pub mod cli;
pub mod engine;
pub mod games;
pub mod io;
pub mod matchrunner;
pub mod play;
pub mod protocol;
pub mod search;
pub mod session;
