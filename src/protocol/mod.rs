//! Text in, text out: one file per dialect. Parsers turn a line into a typed command;
//! `Display` turns commands and replies back into text (so they round-trip).

pub mod gomocup;
pub mod nboard;
mod text;
pub mod uci;
