//! The one small argument helper every tool reads its command line with: an
//! iterator over the words that hands out option values, typed (numbers in a range,
//! `--game`, `--rule`, `--size N|WxH`), with the same error texts everywhere:
//! `--x needs a value` when the value is missing, `--x needs <what>` when it is bad.

use std::ops::RangeBounds;
use std::str::FromStr;

use crate::games::gomoku::Rule;
use crate::games::GameKind;

/// The words after the subcommand, one at a time.
pub struct Args<'a> {
    it: std::slice::Iter<'a, String>,
}

impl<'a> Args<'a> {
    pub fn new(args: &'a [String]) -> Args<'a> {
        Args { it: args.iter() }
    }

    /// The value of option `name` (the next word).
    pub fn value(&mut self, name: &str) -> Result<String, String> {
        self.it
            .next()
            .cloned()
            .ok_or(format!("{name} needs a value"))
    }

    /// The value of `name` as a number in `range`; a bad one is `name needs what`.
    pub fn number<T: FromStr + PartialOrd>(
        &mut self,
        name: &str,
        what: &str,
        range: impl RangeBounds<T>,
    ) -> Result<T, String> {
        let v = self.value(name)?;
        number(&v, range).ok_or(format!("{name} needs {what}"))
    }

    /// As [`Args::number`], but a missing value reads as a bad one (`name needs what`).
    pub fn next_number<T: FromStr + PartialOrd>(
        &mut self,
        name: &str,
        what: &str,
        range: impl RangeBounds<T>,
    ) -> Result<T, String> {
        self.it
            .next()
            .and_then(|v| number(v, range))
            .ok_or(format!("{name} needs {what}"))
    }

    /// The value of `name` as a game (the names of [`GameKind`]).
    pub fn game(&mut self, name: &str) -> Result<GameKind, String> {
        self.value(name)?
            .parse()
            .map_err(|e| format!("{name}: {e}"))
    }

    /// The value of `name` as a gomoku rule (a name or a Gomocup rule number).
    pub fn rule(&mut self, name: &str) -> Result<Rule, String> {
        self.value(name)?
            .parse()
            .map_err(|e| format!("{name}: {e}"))
    }

    /// The value of `name` as a board size, `N` or `WxH`.
    pub fn size(&mut self, name: &str) -> Result<(usize, usize), String> {
        parse_size(&self.value(name)?).map_err(|e| format!("{name}: {e}"))
    }

    /// The value of `name` as one of `choices` (any case), each a list of the words
    /// that name it and what it stands for; a bad one is `name needs one of ...`.
    pub fn choice<T: Copy>(&mut self, name: &str, choices: &[(&[&str], T)]) -> Result<T, String> {
        let v = self.value(name)?.to_ascii_lowercase();
        choices
            .iter()
            .find(|(words, _)| words.contains(&v.as_str()))
            .map(|&(_, t)| t)
            .ok_or_else(|| {
                let names: Vec<&str> = choices
                    .iter()
                    .filter_map(|(w, _)| w.first().copied())
                    .collect();
                format!("{name} needs one of {}, not '{v}'", names.join(", "))
            })
    }
}

impl<'a> Iterator for Args<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.it.next().map(String::as_str)
    }
}

/// `v` as a number in `range`, if it is one.
pub fn number<T: FromStr + PartialOrd>(v: &str, range: impl RangeBounds<T>) -> Option<T> {
    v.parse::<T>().ok().filter(|n| range.contains(n))
}

/// Parses `--size N` or `--size WxH` (spaces around the numbers allowed).
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad size '{s}' (N or WxH)");
    let n = |v: &str| v.trim().parse::<usize>().map_err(|_| bad());
    match s.split_once(['x', 'X']) {
        Some((w, h)) => Ok((n(w)?, n(h)?)),
        None => n(s).map(|v| (v, v)),
    }
}

/// The value of option `name` wherever it stands among `args` (the word after it;
/// the last one when it is given twice) read as `T`, or `default` when the option
/// is absent: for tools that read each option where they use it (the trainers).
/// A missing value is `name needs a value`; one that does not read as `T` is
/// `name needs <what T is>, not 'v'`, never the default.
pub fn named<T: FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    let mut words = Args::new(args);
    let mut value = None;
    while let Some(a) = words.next() {
        if a == name {
            value = Some(words.value(name)?);
        }
    }
    match value {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| format!("{name} needs {}, not '{v}'", what::<T>())),
    }
}

/// What a value of type `T` is, for an error text.
fn what<T>() -> &'static str {
    match std::any::type_name::<T>() {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number (0 or more)",
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "bool" => "true or false",
        _ => "another value",
    }
}

/// The words of `args` that are neither options nor their values: every `--name`
/// takes the word after it, except the `switches`, which stand alone.
pub fn positional<'a>(args: &'a [String], switches: &[&str]) -> Vec<&'a str> {
    let mut words = Args::new(args);
    let mut out = Vec::new();
    while let Some(a) = words.next() {
        if switches.contains(&a) {
            continue;
        }
        if a.starts_with("--") {
            words.next();
        } else {
            out.push(a);
        }
    }
    out
}

/// Is `a` a request for help?
pub fn is_help(a: &str) -> bool {
    matches!(a, "--help" | "-h" | "help")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn sizes_and_games() {
        assert_eq!(parse_size("15"), Ok((15, 15)));
        assert_eq!(parse_size("20x12"), Ok((20, 12)));
        assert!(parse_size("x").is_err() && parse_size("15x").is_err());
        assert_eq!("Tic-Tac-Toe".parse::<GameKind>(), Ok(GameKind::TicTacToe));
        assert!("chess".parse::<GameKind>().is_err());
    }

    #[test]
    fn values_are_typed_with_one_error_text() {
        let w = words("--game othello --rule renju --size 20x15 --depth 0 --nodes 5 --depth");
        let mut a = Args::new(&w);
        assert_eq!(a.next(), Some("--game"));
        assert_eq!(a.game("--game"), Ok(GameKind::Reversi));
        a.next();
        assert_eq!(a.rule("--rule"), Ok(Rule::Renju));
        a.next();
        assert_eq!(a.size("--size"), Ok((20, 15)));
        a.next();
        assert_eq!(
            a.number::<u32>("--depth", "a number from 1 to 100", 1..=100),
            Err("--depth needs a number from 1 to 100".to_string())
        );
        a.next();
        assert_eq!(a.number::<u64>("--nodes", "a number", ..), Ok(5));
        a.next();
        assert_eq!(
            a.number::<u32>("--depth", "a number", ..),
            Err("--depth needs a value".to_string())
        );
        assert_eq!(
            Args::new(&[]).next_number::<u64>("--nodes", "a number", ..),
            Err("--nodes needs a number".to_string())
        );
        assert!(is_help("-h") && is_help("help") && !is_help("--helpful"));
    }

    #[test]
    fn bad_values_are_errors_that_name_the_option() {
        let w = words("--game chess --rule 5x --size 9y --side up");
        let mut a = Args::new(&w);
        a.next();
        assert!(a
            .game("--game")
            .unwrap_err()
            .starts_with("--game: unknown game 'chess'"));
        a.next();
        assert!(a
            .rule("--rule")
            .unwrap_err()
            .starts_with("--rule: unknown rule '5x'"));
        a.next();
        assert_eq!(
            a.size("--size"),
            Err("--size: bad size '9y' (N or WxH)".into())
        );
        a.next();
        let sides: &[(&[&str], u8)] = &[(&["first", "black"], 1), (&["second"], 2)];
        assert_eq!(
            a.choice("--side", sides),
            Err("--side needs one of first, second, not 'up'".into())
        );
        assert_eq!(Args::new(&words("BLACK")).choice("--side", sides), Ok(1));
        assert_eq!(parse_size(" 20 x 15"), Ok((20, 15)));
    }

    #[test]
    fn named_options_are_read_anywhere_and_never_default_silently() {
        let w = words("data.txt --games 200 --lr 0.5 more.txt --flag --out w.bin");
        assert_eq!(named(&w, "--games", 100usize), Ok(200));
        assert_eq!(named(&w, "--lr", 1.0f64), Ok(0.5));
        assert_eq!(named(&w, "--seed", 7u64), Ok(7));
        assert_eq!(named(&w, "--out", String::new()), Ok("w.bin".to_string()));
        assert_eq!(
            named(&words("--games 1e3"), "--games", 100usize),
            Err("--games needs a whole number (0 or more), not '1e3'".into())
        );
        assert_eq!(
            named(&words("--lr fast"), "--lr", 1.0f32),
            Err("--lr needs a number, not 'fast'".into())
        );
        assert_eq!(
            named(&words("--games -5"), "--games", 100usize),
            Err("--games needs a whole number (0 or more), not '-5'".into())
        );
        assert_eq!(
            named(&words("x --games"), "--games", 100usize),
            Err("--games needs a value".into())
        );
        assert_eq!(positional(&w, &["--flag"]), vec!["data.txt", "more.txt"]);
    }
}
