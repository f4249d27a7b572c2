//! The command line: `ply [options]` runs a protocol session on stdin/stdout;
//! `ply bench` and the other subcommands are one-shot tools for scripts.

use std::io::IsTerminal;

use crate::games::gomoku::Rule;
use crate::games::GameKind;
use crate::io::{read_first_line, spawn_stdin_reader, Output};
use crate::protocol::gomocup::Parser;
use crate::session::gomocup::GomocupSession;
use crate::session::help;
use crate::session::nboard::NBoardSession;
use crate::session::uci::UciSession;

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
                                the game START/startpos builds (default gomoku; Gomocup START 3
                                is always tic-tac-toe, reversi is START 8; UCI_Variant overrides it)
    --rule RULE                 freestyle|standard|renju|caro, or a Gomocup INFO rule number
    --threads N                 search threads (lazy SMP; default 1, at most one per logical
                                CPU; INFO thread_num / the UCI Threads option override)

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
        usage: crate::bench::USAGE,
        run: crate::bench::run,
    },
    Subcommand {
        name: "play",
        summary: "play a game against the engine in the terminal",
        usage: crate::play::USAGE,
        run: crate::play::run,
    },
    Subcommand {
        name: "analyze",
        summary: "search one position and print the best move, score and line",
        usage: crate::analyze::USAGE,
        run: crate::analyze::run,
    },
    Subcommand {
        name: "match",
        summary: "play a match between two Gomocup engines (Elo, SPRT, SGF records)",
        usage: crate::matchrunner::USAGE,
        run: crate::matchrunner::run,
    },
    Subcommand {
        name: "perft",
        summary: "count the leaves of the game tree from the start position (reversi, tictactoe)",
        usage: crate::games::reversi::perft::USAGE,
        run: crate::games::reversi::perft::run,
    },
    Subcommand {
        name: "solve",
        summary:
            "solve a file of positions: reversi endgames (.obf), gomoku VCF/VCT puzzles (.jsonl)",
        usage: SOLVE_USAGE,
        run: solve,
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

/// Is `a` a request for help?
pub fn is_help(a: &str) -> bool {
    matches!(a, "--help" | "-h" | "help")
}

/// The protocols ply speaks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Dialect {
    Gomocup,
    /// UCI and UGI share one session (the greeting decides `uciok` or `ugiok`).
    Uci,
    /// The NBoard protocol (reversi), recognised by its first command `nboard <version>`.
    NBoard,
}

impl Dialect {
    /// Recognises the protocol from the first command: `uci` or `ugi` (the first
    /// word, any case) is UCI; `nboard ...` is NBoard; every other line is Gomocup
    /// (whose brains must answer anything).
    pub fn detect(first: &str) -> Dialect {
        match first.split_whitespace().next() {
            Some(w) if w.eq_ignore_ascii_case("uci") || w.eq_ignore_ascii_case("ugi") => {
                Dialect::Uci
            }
            Some("nboard") => Dialect::NBoard,
            _ => Dialect::Gomocup,
        }
    }
}

#[derive(Clone, Debug)]
pub struct SessionOptions {
    pub dialect: Option<Dialect>,
    pub game: GameKind,
    pub rule: Rule,
    pub threads: usize,
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions {
            dialect: None,
            game: GameKind::Gomoku,
            rule: Rule::Freestyle,
            threads: 1,
        }
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
                    "uci" | "ugi" => Dialect::Uci,
                    "nboard" => Dialect::NBoard,
                    p => {
                        return Err(format!(
                            "unknown protocol '{p}' (gomocup, uci, ugi, nboard)"
                        ))
                    }
                })
            }
            "--game" => o.game = value("--game")?.parse::<GameKind>()?,
            "--rule" => o.rule = value("--rule")?.parse::<Rule>()?,
            "--threads" => {
                let v = value("--threads")?;
                o.threads = match v.parse::<usize>() {
                    Ok(n) if (1..=crate::engine::MAX_THREADS).contains(&n) => n,
                    _ => {
                        return Err(format!(
                            "--threads needs a number from 1 to {}",
                            crate::engine::MAX_THREADS
                        ))
                    }
                };
            }
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(o)
}

/// Runs a protocol session on stdin/stdout until the end of input or a quit command.
pub fn run_session(opts: SessionOptions) -> i32 {
    if std::io::stdin().is_terminal() {
        // A person, not a manager: say what to type (stderr; stdout is the protocol's).
        eprintln!("{}", help::banner());
    }
    let out = Output::stdout();
    // `help` before the first command tells how to start each dialect; the next
    // command still chooses the dialect.
    let first = loop {
        let Some(line) = read_first_line() else {
            return 0;
        };
        if opts.dialect.is_none() && help::is_help(&line.1) {
            for l in help::START {
                out.line(l);
            }
            continue;
        }
        break line;
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
            GomocupSession::new(out, opts.game, opts.rule)
                .with_threads(opts.threads)
                .run(input)
        }
        Dialect::Uci => {
            let input = spawn_stdin_reader(Some(first), |line| match line {
                Some(l) if !l.trim().is_empty() => vec![crate::protocol::uci::parse(l)],
                _ => Vec::new(),
            });
            UciSession::new(out, opts.game, opts.rule)
                .with_threads(opts.threads)
                .run(input)
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
            NBoardSession::new(out).run(input)
        }
    }
}

/// `ply solve FILE`: the format follows the file's extension (`.obf`: reversi
/// endgames; anything else, `.jsonl`: gomoku threat puzzles).
fn solve(args: &[String]) -> i32 {
    if args
        .iter()
        .any(|a| a.to_ascii_lowercase().ends_with(".obf"))
    {
        crate::games::reversi::solve::run(args)
    } else {
        crate::games::gomoku::solve::run(args)
    }
}

/// `ply solve --help`: both formats.
pub const SOLVE_USAGE: &str = "\
ply solve FILE.obf | FILE.jsonl [OPTIONS] - solve every position of a file

The format follows the extension:

  FILE.obf    reversi endgames (FFO's OBF: 64 squares a1..h8, side to move, known
              move:score fields), solved exactly: per position the score for the side
              to move, the best move, nodes, time, nodes/s, then the totals; a score or
              move that disagrees with the file is flagged and the exit code is 1.
              --wld          win/loss/draw only
              --hash MB      solver hash table size

  FILE.jsonl  gomoku threat puzzles (one JSON object per line: id, rule, size,
              to_move, task, moves [[x, y], ...] in play order, y from the top): per
              puzzle the winning first move x,y, attacker moves / plies of the forced
              line, nodes and time in ms; then the solved count, median and worst time.
              --vct          fours and threes (VCT) instead of fours only (VCF)
              --verbose      print the whole winning line
              --limit-ms N   give up on a puzzle after N ms (default 10000)
              --nodes N      node budget per puzzle (default 50000000)
";

/// The whole command line; returns the exit code.
pub fn main_with_args(args: &[String]) -> i32 {
    let first = args.first().map(String::as_str);
    if let Some(sub) = SUBCOMMANDS.iter().find(|c| Some(c.name) == first) {
        let rest = &args[1..];
        if rest.iter().any(|a| is_help(a)) {
            print!("{}", sub.usage);
            return 0;
        }
        return (sub.run)(rest);
    }
    match first {
        Some("help") | Some("--help") | Some("-h") => {
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

/// Parses `--size N` or `--size WxH`.
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad size '{s}' (N or WxH)");
    match s.split_once(['x', 'X']) {
        Some((w, h)) => Ok((w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?)),
        None => s.parse().map(|n| (n, n)).map_err(|_| bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialect_from_the_first_word() {
        assert_eq!(Dialect::detect("uci"), Dialect::Uci);
        assert_eq!(Dialect::detect("  UGI \r"), Dialect::Uci);
        assert_eq!(Dialect::detect("START 15"), Dialect::Gomocup);
        assert_eq!(Dialect::detect("ucinewgame"), Dialect::Gomocup);
        assert_eq!(Dialect::detect(""), Dialect::Gomocup);
    }

    #[test]
    fn sizes_and_games() {
        assert_eq!(parse_size("15"), Ok((15, 15)));
        assert_eq!(parse_size("20x12"), Ok((20, 12)));
        assert!(parse_size("x").is_err() && parse_size("15x").is_err());
        assert_eq!("Tic-Tac-Toe".parse::<GameKind>(), Ok(GameKind::TicTacToe));
        assert!("chess".parse::<GameKind>().is_err());
        // Every subcommand is listed in the usage text.
        let u = usage();
        assert!(SUBCOMMANDS.iter().all(|c| u.contains(c.name)));
    }

    #[test]
    fn nboard_is_recognised_by_its_first_command_and_by_the_option() {
        assert_eq!(Dialect::detect("nboard 2"), Dialect::NBoard);
        assert_eq!(Dialect::detect("  nboard 1\r"), Dialect::NBoard);
        assert_eq!(Dialect::detect("START 15"), Dialect::Gomocup);
        assert_eq!(Dialect::detect("nboards"), Dialect::Gomocup);
        let args = ["--protocol", "NBoard", "--game", "othello"].map(String::from);
        let o = parse_session_options(&args).unwrap();
        assert_eq!(o.dialect, Some(Dialect::NBoard));
        assert_eq!(o.game, GameKind::Reversi);
        assert!(parse_session_options(&["--protocol".into(), "chess".into()]).is_err());
    }
}
