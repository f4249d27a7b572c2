//! Text helpers shared by every dialect's parser and printer.

use nom::character::complete::{digit1, one_of};
use nom::combinator::{opt, recognize};
use nom::sequence::pair;
use nom::{IResult, Parser as _};

pub(crate) type PResult<'a, T> = IResult<&'a str, T>;

/// A signed decimal integer, saturated to the i64 range.
pub(crate) fn int(i: &str) -> PResult<'_, i64> {
    recognize(pair(opt(one_of("+-")), digit1))
        .map(|s: &str| {
            s.parse::<i64>().unwrap_or(if s.starts_with('-') {
                i64::MIN
            } else {
                i64::MAX
            })
        })
        .parse(i)
}

/// A short, single-line, printable rendering of user input for messages.
pub(crate) fn shown(s: &str) -> String {
    const MAX: usize = 48;
    let mut out: String = s
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if s.chars().nth(MAX).is_some() {
        out.push_str("...");
    }
    out
}

/// Replaces line breaks and other control characters (except tab) by spaces,
/// so that a value can never produce an extra protocol line.
pub(crate) fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints_saturate_and_text_stays_on_one_line() {
        assert_eq!(int("-12x"), Ok(("x", -12)));
        assert_eq!(int("99999999999999999999"), Ok(("", i64::MAX)));
        assert_eq!(int("-99999999999999999999"), Ok(("", i64::MIN)));
        assert!(int("x").is_err());
        assert_eq!(one_line("a\nb\tc\r"), "a b\tc ");
        assert_eq!(shown("a\u{7}b"), "a?b");
        assert_eq!(shown(&"x".repeat(60)), format!("{}...", "x".repeat(48)));
    }
}
