//! The tools wing: the command line (`ply [OPTIONS]` runs a protocol session,
//! `ply <SUBCOMMAND>` a one-shot tool) and one file per tool, each over the one
//! argument helper [`args`].
//!
//! Imports: the tools may import every other room (`engine`, `session`, `search`,
//! `games`, `protocol`, `io`, `mem`); nothing else imports the tools. Shared
//! helpers live in `args.rs` (arguments) and `progress.rs` (a progress line on
//! stderr); `bench` also replays reversi openings with the match runner's
//! `reversi_line`.

pub mod analyze;
pub mod args;
pub mod bench;
pub mod matchrunner;
pub mod perft;
pub mod play;
pub mod progress;
pub mod serve;
pub mod solve;

use args::is_help;
use serve::{parse_session_options, run_session};

/// The part of the usage text before the subcommand list.
pub const USAGE_HEAD: &str = "\
ply - a board-game engine (gomoku, renju, caro, tic-tac-toe, reversi)

USAGE:
    ply [OPTIONS]            run a protocol session on stdin/stdout
    ply <SUBCOMMAND> [ARGS]  a one-shot tool (each answers --help)
    ply help | --help        this text
    ply --version
";

/// The part after it.
pub const USAGE_TAIL: &str = "\
OPTIONS (session):
    --protocol gomocup|uci|ugi|nboard
                                the protocol (default: recognised from the first command:
                                `uci`/`ugi` start UCI, `nboard 2` NBoard, anything else Gomocup)
    --game gomoku|tictactoe|reversi
                                the game Gomocup START and UCI startpos build (default gomoku;
                                UCI_Variant and INFO game override it). Gomocup sizes: gomoku
                                START 5..32 (START 8 is 8x8 gomoku), START 3 is always
                                tic-tac-toe; --game tictactoe takes only START 3 and --game
                                reversi only START 8 (other sizes are an ERROR)
    --rule RULE                 freestyle|standard|renju|caro, or a Gomocup INFO rule number
    --threads N                 search threads (lazy SMP, and the reversi endgame solver's;
                                default 1, at most one per logical CPU; INFO thread_num /
                                the UCI Threads option override)

Logs go to stderr; set RUST_LOG=debug (or info, warn) to see them.
";

/// A one-shot subcommand: `ply <name> [args]`. `ply <name> --help` (or `-h`)
/// prints `usage` and exits 0 without running it, for every entry, so a new
/// subcommand only adds a line to [`SUBCOMMANDS`].
pub struct Subcommand {
    pub name: &'static str,
    /// One line for the `ply --help` list.
    pub summary: &'static str,
    /// The full `--help` text.
    pub usage: &'static str,
    pub run: fn(&[String]) -> i32,
}

pub const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        name: "bench",
        summary: "search the fixed benchmark positions; print nodes and nodes/s",
        usage: bench::USAGE,
        run: bench::run,
    },
    Subcommand {
        name: "play",
        summary: "play a game against the engine in the terminal",
        usage: play::USAGE,
        run: play::run,
    },
    Subcommand {
        name: "analyze",
        summary: "search one position and print the best move, score and line",
        usage: analyze::USAGE,
        run: analyze::run,
    },
    Subcommand {
        name: "match",
        summary: "play a match between two Gomocup or NBoard engines (Elo, SPRT, SGF/GGF)",
        usage: matchrunner::USAGE,
        run: matchrunner::run,
    },
    Subcommand {
        name: "perft",
        summary: "count the leaves of the game tree from the start position (reversi, tictactoe)",
        usage: perft::USAGE,
        run: perft::run,
    },
    Subcommand {
        name: "solve",
        summary:
            "solve a file of positions: reversi endgames (.obf), gomoku VCF/VCT puzzles (.jsonl)",
        usage: solve::USAGE,
        run: solve::run,
    },
];

/// The whole usage text, with the subcommand list.
pub fn usage() -> String {
    let mut s = String::from(USAGE_HEAD);
    s.push_str("\nSUBCOMMANDS:\n");
    for c in SUBCOMMANDS {
        s.push_str(&format!("    {:<10} {}\n", c.name, c.summary));
    }
    s.push('\n');
    s.push_str(USAGE_TAIL);
    s
}

/// A tool that only prints (`ply analyze ... | head`) ends as Unix tools do when its
/// reader goes away: killed by SIGPIPE, instead of panicking in `println!`. Not for
/// the protocol loop or `match`, which write to engines that may have died.
fn end_quietly_on_closed_stdout() {
    #[cfg(target_os = "linux")]
    // SAFETY: restores the default action of one signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// The whole command line; returns the exit code.
pub fn main_with_args(args: &[String]) -> i32 {
    let first = args.first().map(String::as_str);
    if let Some(sub) = SUBCOMMANDS.iter().find(|c| Some(c.name) == first) {
        let rest = &args[1..];
        if rest.iter().any(|a| is_help(a)) {
            print!("{}", sub.usage);
            return 0;
        }
        if matches!(sub.name, "analyze" | "bench" | "perft" | "solve") {
            end_quietly_on_closed_stdout();
        }
        return (sub.run)(rest);
    }
    match first {
        Some(a) if is_help(a) => {
            print!("{}", usage());
            0
        }
        Some("--version") | Some("-V") => {
            println!("ply {}", env!("CARGO_PKG_VERSION"));
            0
        }
        _ => match parse_session_options(args) {
            Ok(o) => run_session(o),
            Err(e) => {
                eprintln!("ply: {e}\n\n{}", usage());
                2
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_is_listed_in_the_usage_text() {
        let u = usage();
        assert!(SUBCOMMANDS.iter().all(|c| u.contains(c.name)));
    }
}
