//! Unit tests of GGF records: round trips, NBoard's and GGS's texts, replaying.

use super::*;
use crate::games::reversi::move_name;
use crate::games::{Game, Move};

/// A position (found by random play) where black must pass after white's h4.
const PASS_BOARD: &str = "8 *--------**-------*-****--*****---****O*--**-*OO----O-OO---O-OOO O";

/// The game of the example session in NTest's `instructions/Protocol.htm`.
const SPEC: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

#[test]
fn the_spec_example_parses_and_prints_back() {
    let g = Ggf::parse(SPEC).unwrap();
    assert_eq!(g.to_string(), SPEC);
    assert_eq!(g.tag("PB"), Some("./mEdax"));
    assert_eq!(g.clocks(), [Some(Clock::new(900)), Some(Clock::new(900))]);
    assert_eq!(g.board(), Board::start());
    let names: Vec<String> = g.moves().iter().map(|(_, m)| move_name(m.mv)).collect();
    assert_eq!(names, ["F5", "F6", "D3", "C5", "E6", "F7", "E7", "F4"]);
    let rec = GameRecord::from_ggf(g).unwrap();
    assert_eq!(rec.pos.side_to_move(), Color::Black);
    assert_eq!(rec.pos.empties(), 52);
    assert_eq!(rec.to_ggf().to_string(), SPEC);
}

#[test]
fn move_items_round_trip_as_nboard_writes_them() {
    for t in [
        "F5",
        "F5/1.00",
        "F5//1.5",
        "F5/-2.50/0.01",
        "PA",
        "A1/0.00/1.0",
    ] {
        let m = MoveItem::parse(t).unwrap();
        assert_eq!(m.to_string(), t, "{t}");
        assert_eq!(MoveItem::parse(&m.to_string()).unwrap(), m);
    }
    let m = MoveItem::parse("d3//0.01").unwrap();
    assert_eq!(m.mv, Move(2 * 8 + 3));
    assert_eq!(m.eval, None);
    assert_eq!(m.time, 0.01);
    for bad in ["", "Z9", "F5/x", "F5/1/-2", "F5/1/2/3", "F5/1e5", "F5/nan"] {
        assert!(MoveItem::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn clocks_parse_and_print() {
    for (t, secs) in [
        ("15:00", 900),
        ("45", 45),
        ("1:00:00", 3600),
        ("1.00:00:00", 86400),
    ] {
        let c = Clock::parse(t).unwrap();
        assert_eq!(c.time, secs, "{t}");
        assert_eq!(Clock::parse(&c.to_string()).unwrap(), c);
    }
    let c = Clock::parse("5:00/10/2:00").unwrap();
    assert_eq!((c.time, c.increment, c.grace), (300, 10, 120));
    let c = Clock::parse("05:00//01:00").unwrap();
    assert_eq!((c.time, c.increment, c.grace), (300, 0, 60));
    assert_eq!(c.to_string(), "5:00//60");
    assert!(Clock::parse("ab").is_err());
}

#[test]
fn a_ggs_game_with_passes_and_escapes_round_trips() {
    // Black has no move after white's h4 here; the record writes the pass.
    let board = PASS_BOARD;
    let text = format!(
        "1 (;GM[Othello]PC[GGS/os]CO[a \\] b]TB[10:00]TW[9:00]TY[8]BO[{board}]W[h4/1.00/0.5]B[pa]W[d2//3];)"
    );
    let g = Ggf::parse(&text).unwrap();
    assert_eq!(g.tag("CO"), Some("a ] b"));
    let printed = g.to_string();
    assert_eq!(Ggf::parse(&printed).unwrap(), g);
    assert!(printed.contains("CO[a \\] b]"));
    let rec = GameRecord::from_ggf(g).unwrap();
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.moves[1].mv, Move::PASS);
    assert_eq!(rec.time_left(Color::Black), Some(600.0));
    assert_eq!(rec.time_left(Color::White), Some(536.5));
}

#[test]
fn a_missing_pass_is_inserted_and_bad_games_are_refused() {
    // White plays h4, black must pass, white moves again without a written pass.
    let board = PASS_BOARD;
    let g = Ggf::parse(&format!("(;GM[Othello]BO[{board}]W[h4]W[d2];)")).unwrap();
    let rec = GameRecord::from_ggf(g).unwrap();
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.moves[1].mv, Move::PASS);

    for bad in [
        "(;GM[Othello]B[a1];)",
        "(;GM[Othello]W[d3];)",
        "(;GM[Othello]TY[10]BO[8 ---------------------------O*------*O--------------------------- *];)",
        "(;GM[Othello]TY[8a];)",
    ] {
        let r = Ggf::parse(bad).and_then(GameRecord::from_ggf);
        assert!(r.is_err(), "{bad}");
    }
    for bad in [
        "",
        "(;GM[Chess];)",
        "(;GM[Othello]",
        "(;BO[8 --- *];)",
        "(;GM[Othello];) x",
        "(;B[z9];)",
    ] {
        assert!(Ggf::parse(bad).is_err(), "{bad}");
    }
}
