//! The integration tests, one crate: each module drives the real `ply` binary or the
//! library from outside, as a user or a manager would. One crate links the library once.

mod common;
mod documented;
mod gomocup_fuzz;
mod gomocup_protocol;
mod gomocup_reversi;
mod gomocup_rule_checks;
mod gomocup_time;
mod gomoku_search;
mod gomoku_threats;
mod gomoku_vcf;
mod info_game;
mod layout;
mod leaving;
mod match_reversi;
mod match_runner;
mod nboard_protocol;
mod new_game_clean;
mod new_game_stops_search;
mod protocol_samples;
mod reversi;
mod session_help;
mod setup_positions;
mod standalone;
mod subcommands;
mod tictactoe;
mod tool_cli;
mod uci_protocol;
mod yixin_board;
