//! Unit tests of the UCI/UGI parser and printers.

use super::*;

fn ok(line: &str) -> Command {
    parse(line).unwrap_or_else(|e| panic!("{line:?} -> {e:?}"))
}

/// Parses, prints, parses again: the same command, and the printed text is canonical.
fn round_trip(line: &str) {
    let c = ok(line);
    let printed = c.to_string();
    assert_eq!(ok(&printed), c, "{line:?} printed as {printed:?}");
    assert_eq!(printed, line, "not canonical");
}

#[test]
fn every_command_round_trips() {
    for line in [
        "uci",
        "ugi",
        "isready",
        "setoption name Hash value 128",
        "setoption name Clear Hash",
        "setoption name UCI_Variant value gomokufreestyle",
        "setoption name My Long Name value a b  c",
        "ucinewgame",
        "uginewgame",
        "position startpos",
        "position startpos moves P@h8 P@i9",
        "position fen 3/3/3[PPPPPpppp] w - - 0 1",
        "position fen 3/1P1/3[PPPPpppp] b - - 0 1 moves P@a1",
        "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5",
        "go p1time 100 p2time 200 p1inc 1 p2inc 2",
        "go movetime 500",
        "go depth 4 nodes 1000",
        "go infinite",
        "go ponder wtime 5 btime 5",
        "go",
        "stop",
        "quit",
        "ponderhit",
        "query gameover",
        "query p1turn",
        "query result",
        "debug on",
        "debug off",
    ] {
        if line.contains("  ") {
            // Extra spaces are not canonical but parse to the same words.
            let c = ok(line);
            assert_eq!(ok(&c.to_string()), c);
        } else {
            round_trip(line);
        }
    }
}

#[test]
fn setoption_names_and_values_keep_their_words() {
    assert_eq!(
        ok("setoption name Clear Hash"),
        Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        }
    );
    assert_eq!(
        ok("setoption   name  Some Option  value  x y z "),
        Command::SetOption {
            name: "Some Option".into(),
            value: Some("x y z".into())
        }
    );
    assert_eq!(
        ok("setoption name X value"),
        Command::SetOption {
            name: "X".into(),
            value: Some(String::new())
        }
    );
    assert!(matches!(
        parse("setoption Hash 1"),
        Err(ParseError::Invalid(_))
    ));
    assert!(matches!(
        parse("setoption name value 3"),
        Err(ParseError::Invalid(_))
    ));
}

#[test]
fn unknown_tokens_before_a_command_are_skipped() {
    assert_eq!(ok("joho debug on"), Command::Debug(true));
    assert_eq!(ok("  isready\r"), Command::IsReady);
    assert_eq!(ok("ISREADY"), Command::IsReady);
    assert!(matches!(parse("hello world"), Err(ParseError::Unknown(_))));
    assert!(matches!(parse(""), Err(ParseError::Unknown(_))));
    assert!(matches!(parse("isready now"), Err(ParseError::Invalid(_))));
}

#[test]
fn go_fields() {
    let Command::Go(g) = ok("go wtime -5 btime 300 movestogo 1 depth 3 infinite") else {
        panic!()
    };
    assert_eq!(g.wtime, Some(-5));
    assert_eq!(g.btime, Some(300));
    assert_eq!(g.movestogo, Some(1));
    assert_eq!(g.depth, Some(3));
    assert!(g.infinite);
    // Unknown tokens are skipped; a known key needs a number.
    assert!(matches!(
        ok("go searchmoves P@h8 depth 2"),
        Command::Go(Go { depth: Some(2), .. })
    ));
    assert!(matches!(parse("go wtime"), Err(ParseError::Invalid(_))));
    assert!(matches!(parse("go depth x"), Err(ParseError::Invalid(_))));
    // Huge numbers saturate.
    assert!(matches!(
        ok("go nodes 99999999999999999999999"),
        Command::Go(Go {
            nodes: Some(i64::MAX),
            ..
        })
    ));
}

#[test]
fn position_forms() {
    assert_eq!(
        ok("position fen 3/3/3[PPPPPpppp] w - - 0 1 moves P@b2 P@a1"),
        Command::Position {
            start: Start::Fen("3/3/3[PPPPPpppp] w - - 0 1".into()),
            moves: vec!["P@b2".into(), "P@a1".into()]
        }
    );
    assert!(matches!(parse("position"), Err(ParseError::Invalid(_))));
    assert!(matches!(parse("position fen"), Err(ParseError::Invalid(_))));
    assert!(matches!(
        parse("position startpos x"),
        Err(ParseError::Invalid(_))
    ));
    assert_eq!(
        ok("position startpos moves"),
        Command::Position {
            start: Start::StartPos,
            moves: vec![]
        }
    );
}

#[test]
fn move_texts() {
    let sq = |file, rank| Square { file, rank };
    assert_eq!(MoveText::parse("P@h8"), Some(MoveText::Drop('P', sq(7, 8))));
    assert_eq!(
        MoveText::parse("p@a15"),
        Some(MoveText::Drop('p', sq(0, 15)))
    );
    assert_eq!(MoveText::parse("d3"), Some(MoveText::Plain(sq(3, 3))));
    assert_eq!(
        MoveText::parse("0000"),
        Some(MoveText::Pass { at_signs: false })
    );
    assert_eq!(
        MoveText::parse("@@@@"),
        Some(MoveText::Pass { at_signs: true })
    );
    for bad in [
        "", "h", "h0", "8h", "P@", "@h8", "H8", "h8x", "P@@h8", "000",
    ] {
        assert_eq!(MoveText::parse(bad), None, "{bad}");
    }
    for good in ["P@h8", "a1", "o15", "0000", "@@@@", "z26"] {
        assert_eq!(
            MoveText::parse(good).map(|m| m.to_string()).as_deref(),
            Some(good)
        );
    }
}

#[test]
fn fens_round_trip_as_cutechess_writes_them() {
    let gomoku_start = format!(
        "{}[{}{}] w - - 0 1",
        vec!["15"; 15].join("/"),
        "P".repeat(113),
        "p".repeat(112)
    );
    for fen in [
        "3/3/3[PPPPPpppp] w - - 0 1",
        "3/1P1/3[PPPPpppp] b - - 0 1",
        "Ppp/PP1/p2[PPp] w - - 0 3",
        "PPP/ppP/pp1[-] b - - 0 5",
        "8/8/8/3pP3/3Pp3/8/8/8 b",
        gomoku_start.as_str(),
    ] {
        let f = Fen::parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(f.to_string(), fen);
    }
    let f = Fen::parse("3/1P1/2p[PPPPppp] w - - 0 2").unwrap();
    assert_eq!((f.width(), f.height()), (3, 3));
    assert_eq!(f.rows[1][1], Cell::Piece('P'));
    assert_eq!(f.rows[2][2], Cell::Piece('p'));
    assert_eq!(f.side, 'w');
    assert_eq!(f.holdings.as_deref(), Some("PPPPppp"));
    for bad in [
        "",
        "3/3/3",
        "3/3/3 x",
        "3/2/3 w",
        "3/3/3[PP w",
        "3/3/3[P]] w",
        "3/?/3 w",
    ] {
        assert!(Fen::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_reply_round_trips() {
    let replies = [
        Reply::IdName("ply 0.1.0".into()),
        Reply::IdAuthor("the ply developers".into()),
        Reply::Option {
            name: "Hash".into(),
            kind: OptionKind::Spin {
                default: 64,
                min: 1,
                max: 4096,
            },
        },
        Reply::Option {
            name: "UCI_Variant".into(),
            kind: OptionKind::Combo {
                default: "gomoku".into(),
                vars: vec!["gomoku".into(), "tictactoe".into()],
            },
        },
        Reply::Option {
            name: "Ponder".into(),
            kind: OptionKind::Check { default: false },
        },
        Reply::Option {
            name: "Clear Hash".into(),
            kind: OptionKind::Button,
        },
        Reply::Option {
            name: "Book File".into(),
            kind: OptionKind::Text {
                default: String::new(),
            },
        },
        Reply::UciOk,
        Reply::UgiOk,
        Reply::ReadyOk,
        Reply::BestMove {
            mv: "P@h8".into(),
            ponder: None,
        },
        Reply::BestMove {
            mv: "d3".into(),
            ponder: Some("c5".into()),
        },
        Reply::Info(SearchLine {
            depth: Some(5),
            seldepth: Some(9),
            multipv: Some(1),
            score: Some(Score::Cp(-35)),
            nodes: Some(12345),
            nps: Some(1000000),
            time: Some(12),
            hashfull: Some(3),
            pv: vec!["P@h8".into(), "P@i9".into()],
        }),
        Reply::Info(SearchLine {
            depth: Some(3),
            score: Some(Score::Mate(-2)),
            ..SearchLine::default()
        }),
        Reply::InfoString("illegal move P@h8: occupied".into()),
        Reply::Response("true".into()),
        Reply::Response("p1win".into()),
    ];
    for r in replies {
        let text = r.to_string();
        assert_eq!(Reply::parse(&text), Some(r.clone()), "{text}");
    }
    assert_eq!(
        Reply::InfoString("two\nlines".into()).to_string(),
        "info string two lines"
    );
}
