//! `ply` with no subcommand: a protocol session on stdin/stdout. The options
//! (`--protocol`, `--game`, `--rule`, `--threads`), the dialect recognised from the
//! first line, and the session of that dialect started on the engine.

use std::io::IsTerminal;

use super::args::Args;
use crate::engine::MAX_THREADS;
use crate::games::gomoku::Rule;
use crate::games::GameKind;
use crate::io::{read_first_line, spawn_stdin_reader, Output};
use crate::protocol::gomocup::Parser;
use crate::session::gomocup::GomocupSession;
use crate::session::help;
use crate::session::nboard::NBoardSession;
use crate::session::uci::UciSession;

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

/// The session options (`ply [OPTIONS]`).
pub fn parse_session_options(args: &[String]) -> Result<SessionOptions, String> {
    let mut o = SessionOptions::default();
    let mut args = Args::new(args);
    while let Some(a) = args.next() {
        match a {
            "--protocol" => {
                o.dialect = Some(args.choice(
                    a,
                    &[
                        (&["gomocup", "piskvork"], Dialect::Gomocup),
                        (&["uci"], Dialect::Uci),
                        (&["ugi"], Dialect::Uci),
                        (&["nboard"], Dialect::NBoard),
                    ],
                )?)
            }
            "--game" => o.game = args.game(a)?,
            "--rule" => o.rule = args.rule(a)?,
            "--threads" => {
                o.threads = args.number(
                    a,
                    &format!("a number from 1 to {MAX_THREADS}"),
                    1..=MAX_THREADS,
                )?
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
            NBoardSession::new(out)
                .with_threads(opts.threads)
                .run(input)
        }
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

    #[test]
    fn threads_are_a_number_in_range() {
        let t = |v: &str| parse_session_options(&["--threads".into(), v.into()]);
        assert_eq!(t("2").unwrap().threads, 2);
        let e = format!("--threads needs a number from 1 to {MAX_THREADS}");
        assert_eq!(t("0").unwrap_err(), e);
        assert_eq!(t("x").unwrap_err(), e);
        assert_eq!(
            parse_session_options(&["--threads".into()]).unwrap_err(),
            "--threads needs a value"
        );
    }
}
