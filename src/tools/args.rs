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
        self.value(name)?.parse()
    }

    /// The value of `name` as a gomoku rule (a name or a Gomocup rule number).
    pub fn rule(&mut self, name: &str) -> Result<Rule, String> {
        self.value(name)?.parse()
    }

    /// The value of `name` as a board size, `N` or `WxH`.
    pub fn size(&mut self, name: &str) -> Result<(usize, usize), String> {
        parse_size(&self.value(name)?)
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

/// Parses `--size N` or `--size WxH`.
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad size '{s}' (N or WxH)");
    match s.split_once(['x', 'X']) {
        Some((w, h)) => Ok((w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?)),
        None => s.parse().map(|n| (n, n)).map_err(|_| bad()),
    }
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
}
