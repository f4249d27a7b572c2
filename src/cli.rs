//! The command line: `ply [options]` runs a protocol session on stdin/stdout;
//! `ply bench` and the other subcommands are one-shot tools for scripts.

use crate::engine::gomocup::{GameChoice, GomocupSession};
use crate::engine::nboard::NBoardSession;
use crate::games::gomoku::Rule;
use crate::io::{read_first_line, spawn_stdin_reader, Output};
use crate::protocol::gomocup::Parser;

pub const USAGE: &str = "\
ply - a board-game engine (gomoku, renju, caro, tic-tac-toe, reversi)

USAGE:
    ply [OPTIONS]            run a protocol session on stdin/stdout
    ply bench [DEPTH]        search the fixed benchmark positions; print nodes and nodes/s
    ply perft [--game reversi|tictactoe] DEPTH
                             count the leaves of the game tree from the start position
    ply solve [--wld] [--hash MB] FILE.obf
                             solve every reversi endgame of an OBF file exactly
    ply help | --help        this text
    ply --version

OPTIONS (session):
    --protocol gomocup|nboard
                             the protocol (default: recognised from the first command;
                             `nboard 2` starts an NBoard session, which plays reversi)
    --game gomoku|tictactoe|reversi
                             the game START builds (default gomoku; START 3 is always
                             tic-tac-toe; reversi is START 8)
    --rule RULE              freestyle|standard|renju|caro, or a Gomocup INFO rule number

Logs go to stderr; set RUST_LOG=debug (or info, warn) to see them.
";

/// The protocols ply speaks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Dialect {
    Gomocup,
    /// The NBoard protocol (reversi), recognised by its first command `nboard <version>`.
    NBoard,
}

impl Dialect {
    /// Recognises the protocol from the first command: `nboard ...` is NBoard; every
    /// other line is Gomocup (whose brains must answer anything).
    pub fn detect(first: &str) -> Dialect {
        match first.split_whitespace().next() {
            Some("nboard") => Dialect::NBoard,
            _ => Dialect::Gomocup,
        }
    }
}

#[derive(Clone, Debug)]
pub struct SessionOptions {
    pub dialect: Option<Dialect>,
    pub game: GameChoice,
    pub rule: Rule,
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions {
            dialect: None,
            game: GameChoice::Gomoku,
            rule: Rule::Freestyle,
        }
    }
}

pub fn parse_rule(s: &str) -> Result<Rule, String> {
    match s.to_ascii_lowercase().as_str() {
        "freestyle" | "gomoku" => Ok(Rule::Freestyle),
        "standard" | "exact" | "exactfive" => Ok(Rule::Standard),
        "renju" => Ok(Rule::Renju),
        "caro" => Ok(Rule::Caro),
        n => n
            .parse::<u32>()
            .map(Rule::from_gomocup)
            .map_err(|_| format!("unknown rule '{s}' (freestyle, standard, renju, caro)")),
    }
}

pub fn parse_session_options(args: &[String]) -> Result<SessionOptions, String> {
    let mut o = SessionOptions::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--protocol" => {
                o.dialect = Some(match value("--protocol")?.to_ascii_lowercase().as_str() {
                    "gomocup" | "piskvork" => Dialect::Gomocup,
                    "nboard" => Dialect::NBoard,
                    p => return Err(format!("unknown protocol '{p}' (gomocup, nboard)")),
                })
            }
            "--game" => {
                o.game = match value("--game")?.to_ascii_lowercase().as_str() {
                    "gomoku" => GameChoice::Gomoku,
                    "tictactoe" | "tic-tac-toe" => GameChoice::TicTacToe,
                    "reversi" | "othello" => GameChoice::Reversi,
                    g => return Err(format!("unknown game '{g}' (gomoku, tictactoe, reversi)")),
                }
            }
            "--rule" => o.rule = parse_rule(&value("--rule")?)?,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(o)
}

/// Runs a protocol session on stdin/stdout until the end of input or a quit command.
pub fn run_session(opts: SessionOptions) -> i32 {
    let Some(first) = read_first_line() else {
        return 0;
    };
    let dialect = opts.dialect.unwrap_or_else(|| Dialect::detect(&first.1));
    log::info!("protocol: {dialect:?}");
    match dialect {
        Dialect::Gomocup => {
            let mut parser = Parser::new();
            let input = spawn_stdin_reader(Some(first), move |line| match line {
                Some(l) => parser.feed(l),
                None => parser.finish().into_iter().collect(),
            });
            GomocupSession::new(Output::stdout(), opts.game, opts.rule).run(input)
        }
        Dialect::NBoard => {
            let input = spawn_stdin_reader(Some(first), |line| match line {
                Some(l) => match crate::protocol::nboard::parse_line(l) {
                    Ok(Some(c)) => vec![Ok(c)],
                    Ok(None) => Vec::new(),
                    Err(e) => vec![Err(e)],
                },
                None => Vec::new(),
            });
            NBoardSession::new(Output::stdout()).run(input)
        }
    }
}

/// The whole command line; returns the exit code.
pub fn main_with_args(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("bench") => crate::bench::run(&args[1..]),
        Some("perft") => crate::games::reversi::perft::run(&args[1..]),
        // `.obf` files are reversi endgames (the only format so far: it also answers --help).
        Some("solve") => crate::games::reversi::solve::run(&args[1..]),
        Some("help") | Some("--help") | Some("-h") => {
            print!("{USAGE}");
            0
        }
        Some("--version") | Some("-V") => {
            println!("ply {}", env!("CARGO_PKG_VERSION"));
            0
        }
        _ => match parse_session_options(args) {
            Ok(o) => run_session(o),
            Err(e) => {
                eprintln!("ply: {e}\n\n{USAGE}");
                2
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nboard_is_recognised_by_its_first_command_and_by_the_option() {
        assert_eq!(Dialect::detect("nboard 2"), Dialect::NBoard);
        assert_eq!(Dialect::detect("  nboard 1\r"), Dialect::NBoard);
        assert_eq!(Dialect::detect("START 15"), Dialect::Gomocup);
        assert_eq!(Dialect::detect("nboards"), Dialect::Gomocup);
        let args = ["--protocol", "NBoard", "--game", "othello"].map(String::from);
        let o = parse_session_options(&args).unwrap();
        assert_eq!(o.dialect, Some(Dialect::NBoard));
        assert_eq!(o.game, GameChoice::Reversi);
        assert!(parse_session_options(&["--protocol".into(), "uci".into()]).is_err());
    }
}
