//! The command line: `ply [options]` runs a protocol session on stdin/stdout;
//! `ply bench` and the other subcommands are one-shot tools for scripts.

use crate::engine::gomocup::{GameChoice, GomocupSession};
use crate::games::gomoku::Rule;
use crate::io::{read_first_line, spawn_stdin_reader, Output};
use crate::protocol::gomocup::Parser;

pub const USAGE: &str = "\
ply - a board-game engine (gomoku, renju, caro, tic-tac-toe)

USAGE:
    ply [OPTIONS]            run a protocol session on stdin/stdout
    ply bench [DEPTH]        search the fixed benchmark positions; print nodes and nodes/s
    ply solve FILE.jsonl     solve gomoku VCF/VCT puzzles (ply solve --help)
    ply help | --help        this text
    ply --version

OPTIONS (session):
    --protocol gomocup       the protocol (default: recognised from the first command)
    --game gomoku|tictactoe  the game START builds (default gomoku; START 3 is always tic-tac-toe)
    --rule RULE              freestyle|standard|renju|caro, or a Gomocup INFO rule number

Logs go to stderr; set RUST_LOG=debug (or info, warn) to see them.
";

/// The protocols ply speaks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Dialect {
    Gomocup,
}

impl Dialect {
    /// Recognises the protocol from the first command. Every line that is not another
    /// dialect's greeting is Gomocup (whose brains must answer anything).
    pub fn detect(_first: &str) -> Dialect {
        Dialect::Gomocup
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
                    p => return Err(format!("unknown protocol '{p}' (gomocup)")),
                })
            }
            "--game" => {
                o.game = match value("--game")?.to_ascii_lowercase().as_str() {
                    "gomoku" => GameChoice::Gomoku,
                    "tictactoe" | "tic-tac-toe" => GameChoice::TicTacToe,
                    g => return Err(format!("unknown game '{g}' (gomoku, tictactoe)")),
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
    }
}

/// `ply solve FILE`: the puzzle format follows the file extension (`.jsonl`: gomoku).
fn solve(args: &[String]) -> i32 {
    crate::games::gomoku::solve::run(args)
}

/// The whole command line; returns the exit code.
pub fn main_with_args(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("bench") => crate::bench::run(&args[1..]),
        Some("solve") => solve(&args[1..]),
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
