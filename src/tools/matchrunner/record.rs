//! Game records as SGF (FF[4], GM[4] = gomoku/renju). Every finished game is appended
//! to one file as a game tree, so the file is an SGF collection.
//!
//! ```text
//! (;FF[4]GM[4]CA[UTF-8]AP[ply:0.1.0]SZ[15]RU[freestyle]GN[3]PB[ply#1]PW[ply#2]
//! RE[B+]C[five; opening 2; 37 moves]
//! ;B[hh]C[opening];W[ih]C[opening];B[ik]C[opening];W[jj]C[312 ms];B[gk]C[298 ms]...)
//! ```
//!
//! Columns are letters from `a` = x 0, rows letters from `a` = y 0 (the top row, as
//! Gomocup counts), `a`-`z` then `A`-`Z` (SGF FF[4] for boards up to 52). A
//! rectangular board is `SZ[width:height]`. `RE` is `B+`/`W+` (five), `B+T`/`W+T`
//! (the loser ran out of time), `B+F`/`W+F` (forfeit: illegal or forbidden move,
//! crash, garbage output, failed start) or `0` (draw); the root comment gives the
//! reason in words. Opening stones carry `C[opening]`, engine moves their thinking
//! time `C[<ms> ms]`, followed by the engine's last report of its search when it sent
//! one (`C[170 ms; Depth 14-20 | Eval -12 | ...]`: its last `MESSAGE` line naming a
//! depth). An illegal move is not in the tree (it is named in the
//! comment); a forbidden renju move is, as black's last move.

use std::fmt::Write as _;

use super::game::{EndReason, GameRecord};
use super::nboard_game::ggf_of;
use crate::games::Color;

/// A reversi game as one GGF line (`None` for a gomoku game), as NBoard and GGS
/// write them: `(;GM[Othello]PC[ply match]PB[..]PW[..]DT[..]RE[..]CO[..]TI[..]TY[8]BO[..]B[F5]W[D6/-1.11/0.003]...;)`.
/// `RE` is black's disc difference with the empty squares to the winner (`+16.000`,
/// `0.000`); a game lost on time ends `:t` (`-64.000:t`: black lost), one lost by a
/// forfeit (illegal move, crash, garbage, failed start) `:r`. `CO` says how it ended,
/// the opening and the depths. Engine moves carry their eval and thinking time;
/// the referee's passes are `PA`.
pub fn to_ggf(rec: &GameRecord, opening: &str) -> Option<String> {
    let r = rec.reversi.as_ref()?;
    let sign = |c: Color| if c == Color::Black { '+' } else { '-' };
    let result = match (&rec.reason, rec.winner) {
        (EndReason::Discs(..), _) => {
            let mut p = crate::games::reversi::Reversi::new();
            for m in &r.moves {
                let _ = p.play(m.mv);
            }
            let d = crate::games::reversi::final_score(p.black(), p.white());
            format!("{d:+}.000").replace("+0.000", "0.000")
        }
        (EndReason::Time(..), Some(w)) => format!("{}64.000:t", sign(w)),
        (_, Some(w)) => format!("{}64.000:r", sign(w)),
        (_, None) => "0.000".into(),
    };
    let depth = |d: Option<u32>| d.map_or("-".to_string(), |d| d.to_string());
    let comment = format!(
        "{}; {}; depths {} (black) {} (white)",
        rec.reason,
        opening,
        depth(r.depths[0]),
        depth(r.depths[1])
    );
    let tags = [("DT", date_now()), ("RE", result), ("CO", comment)];
    let g = ggf_of([&rec.names[0], &rec.names[1]], r.clock, &r.moves, &tags);
    Some(format!("{g}\n"))
}

/// The date and time now as NBoard writes it (`2014-02-21 20:52:27 GMT`).
fn date_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} GMT",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// SGF coordinate letter of 0-based `i`.
fn letter(i: usize) -> char {
    const L: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    L.get(i).map(|&b| b as char).unwrap_or('?')
}

/// Escapes `]` and `\` in an SGF text value.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The SGF `RE` value.
pub fn sgf_result(rec: &GameRecord) -> String {
    match rec.winner {
        None => "0".into(),
        Some(c) => {
            let w = if c == Color::Black { 'B' } else { 'W' };
            match rec.reason {
                EndReason::Time(..) => format!("{w}+T"),
                ref r if r.is_forfeit() => format!("{w}+F"),
                _ => format!("{w}+"),
            }
        }
    }
}

/// One game as an SGF game tree. `number` is the game's number in the match,
/// `opening` a description of the opening used.
pub fn to_sgf(rec: &GameRecord, number: usize, opening: &str) -> String {
    let mut s = String::new();
    let size = if rec.width == rec.height {
        rec.width.to_string()
    } else {
        format!("{}:{}", rec.width, rec.height)
    };
    let _ = write!(
        s,
        "(;FF[4]GM[4]CA[UTF-8]AP[ply:{}]SZ[{size}]RU[{}]GN[{number}]PB[{}]PW[{}]RE[{}]C[{}]",
        env!("CARGO_PKG_VERSION"),
        rec.rule.name(),
        text(&rec.names[0]),
        text(&rec.names[1]),
        sgf_result(rec),
        text(&format!(
            "{}; {}; {} moves",
            rec.reason,
            opening,
            rec.engine_moves()
        )),
    );
    for (i, m) in rec.moves.iter().enumerate() {
        if i % 8 == 0 {
            s.push('\n');
        }
        let c = if m.color == Color::Black { 'B' } else { 'W' };
        let comment = match (m.ms, &m.search) {
            (Some(ms), Some(search)) => format!("{ms} ms; {search}"),
            (Some(ms), None) => format!("{ms} ms"),
            (None, _) => "opening".into(),
        };
        let _ = write!(
            s,
            ";{c}[{}{}]C[{}]",
            letter(m.x),
            letter(m.y),
            text(&comment)
        );
    }
    s.push_str(")\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::Rule;
    use crate::tools::matchrunner::game::MoveRecord;

    #[test]
    fn sgf_of_a_short_game() {
        let mv = |x, y, color, ms| MoveRecord {
            x,
            y,
            color,
            ms,
            search: None,
        };
        let rec = GameRecord {
            names: ["a]b".into(), "c".into()],
            width: 20,
            height: 15,
            rule: Rule::Renju,
            moves: vec![
                mv(10, 7, Color::Black, None),
                mv(11, 7, Color::White, Some(12)),
                MoveRecord {
                    search: Some("Depth 3-5 | PV [x]".into()),
                    ..mv(0, 14, Color::Black, Some(3))
                },
            ],
            winner: Some(Color::White),
            reason: EndReason::Time("turn time", 1200),
            late: [0; 2],
            max_ms: [3, 12],
            total_ms: [3, 12],
            total_us: [3000, 12000],
            reversi: None,
        };
        let s = to_sgf(&rec, 4, "opening 1");
        assert!(s.starts_with("(;FF[4]GM[4]"), "{s}");
        assert!(
            s.contains("SZ[20:15]RU[renju]GN[4]PB[a\\]b]PW[c]RE[W+T]"),
            "{s}"
        );
        assert!(s.contains("C[time forfeit (turn time, 1200 ms); opening 1; 2 moves]"));
        assert!(
            s.contains(";B[kh]C[opening];W[lh]C[12 ms];B[ao]C[3 ms; Depth 3-5 | PV [x\\]])"),
            "{s}"
        );
        assert_eq!(s.matches('(').count(), 2); // the tree and "(turn time ...)"
    }

    #[test]
    fn result_codes() {
        let mut rec = GameRecord {
            names: ["a".into(), "b".into()],
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
            moves: vec![],
            winner: Some(Color::Black),
            reason: EndReason::Five,
            late: [0; 2],
            max_ms: [0; 2],
            total_ms: [0; 2],
            total_us: [0; 2],
            reversi: None,
        };
        assert_eq!(sgf_result(&rec), "B+");
        rec.reason = EndReason::Crash;
        assert_eq!(sgf_result(&rec), "B+F");
        rec.winner = Some(Color::White);
        rec.reason = EndReason::Forbidden(7, 7);
        assert_eq!(sgf_result(&rec), "W+F");
        rec.winner = None;
        rec.reason = EndReason::FullBoard;
        assert_eq!(sgf_result(&rec), "0");
        assert_eq!(letter(26), 'A');
    }
}
