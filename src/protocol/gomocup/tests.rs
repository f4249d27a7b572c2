//! Unit tests of the Gomocup parser and printers.

use super::*;

fn c(x: i32, y: i32) -> Coord {
    Coord { x, y }
}

fn st(x: i32, y: i32, field: u8) -> BoardStone {
    BoardStone { at: c(x, y), field }
}

/// Feeds one line to a fresh parser; expects exactly one result.
fn one(line: &str) -> Result<Command, ParseError> {
    let mut p = Parser::new();
    let mut out = p.feed(line);
    assert_eq!(out.len(), 1, "line {line:?} gave {out:?}");
    out.pop().unwrap()
}

fn ok(line: &str) -> Command {
    one(line).unwrap_or_else(|e| panic!("{line:?} -> {e:?}"))
}

fn is_invalid(line: &str) -> bool {
    matches!(one(line), Err(ParseError::Invalid(_)))
}

fn is_unknown(line: &str) -> bool {
    matches!(one(line), Err(ParseError::Unknown(_)))
}

/// Feeds every line, collecting all results.
fn feed_all(p: &mut Parser, text: &str) -> Vec<Result<Command, ParseError>> {
    text.split('\n').flat_map(|l| p.feed(l)).collect()
}

#[test]
fn simple_commands() {
    assert_eq!(ok("START 15"), Command::Start(15));
    assert_eq!(ok("RECTSTART 20,15"), Command::RectStart(20, 15));
    assert_eq!(ok("RECTSTART 20 , 15"), Command::RectStart(20, 15));
    assert_eq!(ok("RESTART"), Command::Restart);
    assert_eq!(ok("BEGIN"), Command::Begin);
    assert_eq!(ok("TURN 7,8"), Command::Turn(c(7, 8)));
    assert_eq!(ok("TAKEBACK 3,4"), Command::Takeback(c(3, 4)));
    assert_eq!(ok("PLAY 0,14"), Command::Play(c(0, 14)));
    assert_eq!(ok("ABOUT"), Command::About);
    assert_eq!(ok("END"), Command::End);
    assert_eq!(ok("quit"), Command::End);
    assert_eq!(ok("Exit"), Command::End);
    assert_eq!(ok("STOP"), Command::Stop);
    assert_eq!(ok("YXSTOP"), Command::Stop);
    assert_eq!(ok("YXNBEST 5"), Command::YxNbest(5));
    assert_eq!(ok("YXSHOWFORBID"), Command::YxShowForbid);
    assert_eq!(ok("YXHASHCLEAR"), Command::YxHashClear);
    assert_eq!(ok("YXSHOWINFO"), Command::YxShowInfo);
}

#[test]
fn case_whitespace_crlf_and_signs() {
    assert_eq!(ok("start 15"), Command::Start(15));
    assert_eq!(ok("Start 15\r\n"), Command::Start(15));
    assert_eq!(ok("  turn   7 , 8  \r"), Command::Turn(c(7, 8)));
    assert_eq!(ok("TURN 7 ,8"), Command::Turn(c(7, 8)));
    assert_eq!(ok("TURN 7,\t8"), Command::Turn(c(7, 8)));
    assert_eq!(ok("TURN -1,-1"), Command::Turn(c(-1, -1)));
    assert_eq!(ok("TURN +3,4"), Command::Turn(c(3, 4)));
    assert_eq!(ok("\tbegin\t"), Command::Begin);
    assert_eq!(ok("yxStop"), Command::Stop);
    assert_eq!(ok("yxnbest 3\r"), Command::YxNbest(3));
    assert_eq!(ok("START\t15"), Command::Start(15));
    // Yixin-Board sends `start <w> <h>`
    assert_eq!(ok("start 15 15"), Command::Start(15));
    assert_eq!(ok("START 20 15"), Command::RectStart(15, 20));
}

#[test]
fn blank_lines_are_ignored() {
    let mut p = Parser::new();
    for l in ["", "\r", "\r\n", "   ", "\t \r\n"] {
        assert!(p.feed(l).is_empty(), "{l:?}");
    }
}

#[test]
fn info_keys() {
    let i = |l: &str| match ok(l) {
        Command::Info(i) => i,
        other => panic!("{other:?}"),
    };
    assert_eq!(i("INFO timeout_turn 5000"), Info::TimeoutTurn(5000));
    assert_eq!(i("INFO TIMEOUT_MATCH 0"), Info::TimeoutMatch(0));
    assert_eq!(i("info time_left 2147483647"), Info::TimeLeft(2147483647));
    assert_eq!(i("INFO max_memory 83886080"), Info::MaxMemory(83886080));
    assert_eq!(i("INFO game_type 1"), Info::GameType(1));
    assert_eq!(i("INFO rule 4"), Info::Rule(4));
    assert_eq!(i("INFO max_depth 10"), Info::MaxDepth(10));
    assert_eq!(i("INFO max_node -1"), Info::MaxNode(-1));
    assert_eq!(i("INFO thread_num 4"), Info::ThreadNum(4));
    assert_eq!(i("INFO hash_size 65536"), Info::HashSize(65536));
    assert_eq!(i("INFO show_detail 3"), Info::ShowDetail(3));
    assert_eq!(
        i("INFO folder C:\\My Documents\\ply data\r"),
        Info::Folder("C:\\My Documents\\ply data".into())
    );
    assert_eq!(i("INFO evaluate 7,8"), Info::Evaluate("7,8".into()));
    assert_eq!(i("INFO folder"), Info::Folder(String::new()));
    assert_eq!(i("INFO game gomoku"), Info::Game(GameKind::Gomoku));
    assert_eq!(i("INFO game TicTacToe"), Info::Game(GameKind::TicTacToe));
    assert_eq!(i("INFO game tic-tac-toe"), Info::Game(GameKind::TicTacToe));
    assert_eq!(i("INFO GAME Reversi"), Info::Game(GameKind::Reversi));
    assert_eq!(i("INFO game othello"), Info::Game(GameKind::Reversi));
    assert_eq!(
        i("INFO Caution_Factor 4"),
        Info::Other("caution_factor".into(), "4".into())
    );
    assert_eq!(
        i("INFO pondering"),
        Info::Other("pondering".into(), String::new())
    );
    assert_eq!(
        i("INFO usedatabase  1  2 "),
        Info::Other("usedatabase".into(), "1  2".into())
    );
}

#[test]
fn numbers_saturate() {
    assert_eq!(
        ok("INFO max_node 18446744073709551615"),
        Command::Info(Info::MaxNode(i64::MAX))
    );
    assert_eq!(
        ok("START -99999999999999999999999"),
        Command::Start(i64::MIN)
    );
    assert_eq!(
        ok("YXNBEST 99999999999999999999"),
        Command::YxNbest(i64::MAX)
    );
    // coordinates must fit i32
    assert!(is_invalid("TURN 4294967296,1"));
    assert!(is_invalid("TURN 1,99999999999999999999999"));
}

#[test]
fn invalid_arguments() {
    for l in [
        "START",
        "START x",
        "START 15 15 15",
        "START 15,15",
        "START 1.5",
        "RECTSTART 15",
        "RECTSTART 15,",
        "RECTSTART a,b",
        "TURN",
        "TURN 7",
        "TURN 7,8,9",
        "TURN 7;8",
        "TURN 7,,8",
        "TURN 7 8",
        "TURN - 1,2",
        "TAKEBACK x,y",
        "PLAY 1",
        "YXNBEST",
        "YXNBEST two",
        "BEGIN now",
        "END 1",
        "ABOUT me",
        "RESTART 1",
        "STOP please",
        "YXSHOWFORBID 1",
        "YXHASHCLEAR x",
        "YXSHOWINFO 1",
        "INFO",
        "INFO timeout_turn",
        "INFO timeout_turn fast",
        "INFO timeout_turn 5s",
        "INFO rule 1 2",
        "INFO max_memory 1e9",
        "INFO hash_size -",
        "INFO show_detail yes",
        "INFO game chess",
        "INFO game",
        "DONE",
        "done",
    ] {
        assert!(is_invalid(l), "{l:?} -> {:?}", one(l));
    }
}

#[test]
fn unknown_commands() {
    for l in [
        "FOO",
        "TURN7,8",
        "7,7",
        "-1,-1,1",
        "SUGGEST 7,7",
        "YXDRAW",
        "ÄÖÜ",
        "\0",
        "START\u{0}15",
        "?",
        "_START 15",
    ] {
        assert!(is_unknown(l), "{l:?} -> {:?}", one(l));
    }
}

#[test]
fn board_blocks() {
    let mut p = Parser::new();
    assert!(p.feed("BOARD").is_empty());
    assert!(p.in_block());
    assert!(p.feed("7,7,1").is_empty());
    assert!(p.feed(" 8 , 8 , 2 \r\n").is_empty());
    assert!(p.feed("").is_empty());
    assert!(p.feed("-1,-1,3").is_empty());
    assert_eq!(
        p.feed("DONE"),
        vec![Ok(Command::Board(vec![
            st(7, 7, 1),
            st(8, 8, 2),
            st(-1, -1, 3)
        ]))]
    );
    assert!(!p.in_block());

    let out = feed_all(&mut p, "yxboard\r\n3,4,2\r\ndone\r\n");
    assert_eq!(out, vec![Ok(Command::YxBoard(vec![st(3, 4, 2)]))]);

    let out = feed_all(&mut p, "SWAP2BOARD\n7,7\n8 ,8\nDONE");
    assert_eq!(out, vec![Ok(Command::Swap2Board(vec![c(7, 7), c(8, 8)]))]);

    // empty blocks
    assert_eq!(
        feed_all(&mut p, "BOARD\nDONE"),
        vec![Ok(Command::Board(vec![]))]
    );
    assert_eq!(
        feed_all(&mut p, "SWAP2BOARD\nDONE"),
        vec![Ok(Command::Swap2Board(vec![]))]
    );
}

#[test]
fn bad_block_lines() {
    let mut p = Parser::new();
    let out = feed_all(&mut p, "BOARD\n7,7,1\n7,8,4\nxx\n8,8\nDONE");
    assert_eq!(out.len(), 1);
    match &out[0] {
        Err(ParseError::Invalid(m)) => {
            assert!(m.contains("BOARD line 2"), "{m}");
            assert!(m.contains("7,8,4"), "{m}");
        }
        other => panic!("{other:?}"),
    }
    assert!(!p.in_block());
    // the parser is usable afterwards
    assert_eq!(p.feed("BEGIN"), vec![Ok(Command::Begin)]);

    for text in [
        "BOARD\n7,7\nDONE",
        "BOARD\n7,7,0\nDONE",
        "YXBOARD\n7,7,1,1\nDONE",
        "YXBOARD\nfoo\nDONE",
        "SWAP2BOARD\n7,7,1\nDONE",
        "SWAP2BOARD\n7\nDONE",
        "BOARD 1\n7,7,1\nDONE",
        "BOARD\n7,7,1\nDONE now",
        "BOARD\n99999999999,1,1\nDONE",
    ] {
        let out = feed_all(&mut p, text);
        assert!(
            matches!(out.as_slice(), [Err(ParseError::Invalid(_))]),
            "{text:?} -> {out:?}"
        );
        assert!(!p.in_block());
    }
}

#[test]
fn interrupted_blocks() {
    let mut p = Parser::new();
    assert!(p.feed("BOARD").is_empty());
    assert!(p.feed("7,7,1").is_empty());
    let out = p.feed("END");
    assert_eq!(out.len(), 2);
    assert_eq!(
        out[0],
        Err(ParseError::Invalid("BOARD block interrupted by END".into()))
    );
    assert_eq!(out[1], Ok(Command::End));
    assert!(!p.in_block());

    let out = feed_all(&mut p, "YXBOARD\n1,1,1\nstart 15");
    assert_eq!(
        out,
        vec![
            Err(ParseError::Invalid(
                "YXBOARD block interrupted by START".into()
            )),
            Ok(Command::Start(15)),
        ]
    );

    let out = feed_all(&mut p, "SWAP2BOARD\nINFO timeout_turn x");
    assert!(matches!(out[0], Err(ParseError::Invalid(_))));
    assert!(matches!(out[1], Err(ParseError::Invalid(_))));

    let out = feed_all(&mut p, "BOARD\nYXSTOP");
    assert_eq!(out[1], Ok(Command::Stop));

    // a new block interrupts the old one and starts itself
    let out = feed_all(&mut p, "BOARD\n1,1,1\nBOARD\n2,2,2\nDONE");
    assert_eq!(
        out,
        vec![
            Err(ParseError::Invalid(
                "BOARD block interrupted by BOARD".into()
            )),
            Ok(Command::Board(vec![st(2, 2, 2)])),
        ]
    );

    // an unknown word inside a block is a bad line, not an interruption
    let out = feed_all(&mut p, "BOARD\nFOO\nDONE");
    assert!(matches!(out.as_slice(), [Err(ParseError::Invalid(m))] if m.contains("FOO")));

    // end of input with an open block
    assert!(p.finish().is_none());
    p.feed("BOARD");
    assert!(matches!(p.finish(), Some(Err(ParseError::Invalid(_)))));
    assert!(!p.in_block());
}

#[test]
fn yixin_board_tool_commands() {
    let mut p = Parser::new();
    let out = feed_all(
        &mut p,
        "yxswap2step2\nyxsoosorvstep1\nyxbalancetwo -20\nyxsearchdefend",
    );
    assert_eq!(
        out,
        vec![
            Ok(Command::YxSwap2Step(2)),
            Ok(Command::YxSoosorvStep {
                step: 1,
                n: None,
                moves: vec![]
            }),
            Ok(Command::YxBalance {
                two: true,
                target: -20
            }),
            Ok(Command::YxSearchDefend),
        ]
    );
    let out = feed_all(&mut p, "yxsoosorvstep4 2\n7,7\n 7 , 6 \n\n8,8\n6,8\ndone");
    assert_eq!(
        out,
        vec![Ok(Command::YxSoosorvStep {
            step: 4,
            n: Some(2),
            moves: vec![c(7, 7), c(7, 6), c(8, 8), c(6, 8)]
        })]
    );
    let out = feed_all(&mut p, "yxquerydatabaseall\n7,7\nDONE");
    assert_eq!(out, vec![Ok(Command::YxQueryDatabaseAll(vec![c(7, 7)]))]);
    // Bad arguments and lines are errors; a command interrupts the list.
    for text in [
        "yxsoosorvstep5\n7,7\ndone",
        "yxsoosorvstep5 x\n7,7\ndone",
        "yxsoosorvstep2 3\n7,7\ndone",
        "yxsoosorvstep3\n7,7,1\ndone",
        "yxquerydatabaseall\nfoo\ndone",
    ] {
        let out = feed_all(&mut p, text);
        assert!(
            matches!(out.as_slice(), [Err(ParseError::Invalid(_))]),
            "{text:?}: {out:?}"
        );
    }
    for text in [
        "yxswap2step1 now",
        "yxbalanceone",
        "yxbalanceone 1 2",
        "yxsearchdefend x",
    ] {
        let out = feed_all(&mut p, text);
        assert!(
            matches!(out.as_slice(), [Err(ParseError::Invalid(_))]),
            "{text:?}: {out:?}"
        );
    }
    let out = feed_all(&mut p, "yxsoosorvstep6\n7,7\nyxswap2step3");
    assert!(
        matches!(out.as_slice(), [Err(ParseError::Invalid(m)), Ok(Command::YxSwap2Step(3))] if m.contains("YXSOOSORVSTEP6 block interrupted")),
        "{out:?}"
    );
}

#[test]
fn block_and_database_one_lists() {
    let mut p = Parser::new();
    let out = feed_all(&mut p, "YXBLOCK\n7,7\n8 , 8\nDONE");
    assert_eq!(out, vec![Ok(Command::YxBlock(vec![c(7, 7), c(8, 8)]))]);
    let out = feed_all(
        &mut p,
        "yxblockundo\n7,7\ndone\nyxblockreset\nyxshowhashusage",
    );
    assert_eq!(
        out,
        vec![
            Ok(Command::YxBlockUndo(vec![c(7, 7)])),
            Ok(Command::YxBlockReset),
            Ok(Command::YxShowHashUsage)
        ]
    );
    let out = feed_all(&mut p, "yxquerydatabaseone\n7,7\nDONE\nBEGIN");
    assert_eq!(
        out,
        vec![
            Ok(Command::YxQueryDatabaseOne(vec![c(7, 7)])),
            Ok(Command::Begin)
        ]
    );
    // A bad line, an argument where none is taken, an interrupted list.
    let out = feed_all(&mut p, "YXBLOCK\n7,7,1\nDONE");
    assert!(
        matches!(out.as_slice(), [Err(ParseError::Invalid(m))] if m == "YXBLOCK line 1: expected x,y, got '7,7,1'"),
        "{out:?}"
    );
    let out = feed_all(&mut p, "YXBLOCKRESET 3\nYXSHOWHASHUSAGE x");
    assert!(
        matches!(out.as_slice(), [Err(ParseError::Invalid(a)), Err(ParseError::Invalid(b))]
            if a.contains("YXBLOCKRESET takes no arguments") && b.contains("YXSHOWHASHUSAGE takes no arguments")),
        "{out:?}"
    );
    let out = feed_all(&mut p, "YXBLOCKUNDO\n7,7\nBEGIN");
    assert!(
        matches!(out.as_slice(), [Err(ParseError::Invalid(m)), Ok(Command::Begin)] if m == "YXBLOCKUNDO block interrupted by BEGIN"),
        "{out:?}"
    );
}

#[test]
fn unsupported_block_commands_are_swallowed() {
    let mut p = Parser::new();
    let out = feed_all(&mut p, "YXBLOCKPATH\n7,7\n8,8\nDONE");
    assert_eq!(out, vec![Err(ParseError::Unknown("YXBLOCKPATH".into()))]);
    let out = feed_all(&mut p, "yxsetbestmovedatabase\n7,7\nDONE\nBEGIN");
    assert_eq!(
        out,
        vec![
            Err(ParseError::Unknown("YXSETBESTMOVEDATABASE".into())),
            Ok(Command::Begin)
        ]
    );
    let out = feed_all(&mut p, "YXEDITTVDDATABASE 1 2 3 4\n7,7\nEND");
    assert_eq!(
        out,
        vec![
            Err(ParseError::Unknown("YXEDITTVDDATABASE".into())),
            Ok(Command::End)
        ]
    );
}

#[test]
fn done_alone() {
    let mut p = Parser::new();
    assert!(matches!(
        p.feed("DONE").as_slice(),
        [Err(ParseError::Invalid(_))]
    ));
    assert!(matches!(
        p.feed(" done\r\n").as_slice(),
        [Err(ParseError::Invalid(_))]
    ));
}

/// One value of every Command variant (and every Info key).
fn samples() -> Vec<Command> {
    let mut v = vec![
        Command::Start(15),
        Command::Start(-3),
        Command::Start(i64::MAX),
        Command::RectStart(20, 15),
        Command::Restart,
        Command::Begin,
        Command::Turn(c(7, 8)),
        Command::Turn(c(-1, -1)),
        Command::Board(vec![st(7, 7, 1), st(8, 8, 2), st(0, 0, 3)]),
        Command::Board(vec![]),
        Command::YxBoard(vec![st(-1, -1, 2), st(14, 14, 1)]),
        Command::Swap2Board(vec![c(7, 7), c(i32::MIN, i32::MAX)]),
        Command::Swap2Board(vec![]),
        Command::Takeback(c(3, 4)),
        Command::Play(c(0, 14)),
        Command::About,
        Command::End,
        Command::Stop,
        Command::YxNbest(3),
        Command::YxShowForbid,
        Command::YxHashClear,
        Command::YxShowInfo,
        Command::YxQueryDatabaseAll(vec![c(7, 7), c(8, 8)]),
        Command::YxQueryDatabaseAll(vec![]),
        Command::YxQueryDatabaseOne(vec![c(7, 7)]),
        Command::YxQueryDatabaseOne(vec![]),
        Command::YxBlock(vec![c(3, 3), c(0, 14)]),
        Command::YxBlockUndo(vec![c(3, 3)]),
        Command::YxBlockReset,
        Command::YxShowHashUsage,
        Command::YxSwap2Step(1),
        Command::YxSwap2Step(3),
        Command::YxSoosorvStep {
            step: 1,
            n: None,
            moves: vec![],
        },
        Command::YxSoosorvStep {
            step: 2,
            n: None,
            moves: vec![c(7, 7), c(7, 6), c(8, 8)],
        },
        Command::YxSoosorvStep {
            step: 5,
            n: Some(3),
            moves: vec![c(7, 7), c(7, 6), c(8, 8), c(6, 8)],
        },
        Command::YxSoosorvStep {
            step: 6,
            n: None,
            moves: vec![],
        },
        Command::YxBalance {
            two: false,
            target: -40,
        },
        Command::YxBalance {
            two: true,
            target: 0,
        },
        Command::YxSearchDefend,
    ];
    for i in [
        Info::TimeoutTurn(5000),
        Info::TimeoutMatch(0),
        Info::TimeLeft(2147483647),
        Info::MaxMemory(83886080),
        Info::GameType(1),
        Info::Rule(2),
        Info::Folder("C:\\a b\\c".into()),
        Info::Folder(String::new()),
        Info::Evaluate("7,8".into()),
        Info::MaxDepth(i64::MIN),
        Info::MaxNode(-1),
        Info::ThreadNum(8),
        Info::HashSize(1 << 20),
        Info::ShowDetail(3),
        Info::Game(GameKind::Gomoku),
        Info::Game(GameKind::TicTacToe),
        Info::Game(GameKind::Reversi),
        Info::Other("caution_factor".into(), "4".into()),
        Info::Other("pondering".into(), String::new()),
    ] {
        v.push(Command::Info(i));
    }
    v
}

#[test]
fn display_round_trips() {
    let mut p = Parser::new();
    for cmd in samples() {
        let text = cmd.to_string();
        let out = feed_all(&mut p, &text);
        assert_eq!(out, vec![Ok(cmd.clone())], "text {text:?}");
        // also with CRLF and lower case
        let crlf = text.to_ascii_lowercase().replace('\n', "\r\n") + "\r\n";
        if !matches!(
            cmd,
            Command::Info(Info::Folder(_)) | Command::Info(Info::Evaluate(_))
        ) {
            let out = feed_all(&mut p, &crlf);
            assert_eq!(out, vec![Ok(cmd.clone())], "text {crlf:?}");
        }
        assert!(!p.in_block());
    }
}

#[test]
fn display_canonical_text() {
    assert_eq!(Command::Turn(c(7, 8)).to_string(), "TURN 7,8");
    assert_eq!(
        Command::Board(vec![st(7, 7, 1), st(8, 8, 2)]).to_string(),
        "BOARD\n7,7,1\n8,8,2\nDONE"
    );
    assert_eq!(Command::Swap2Board(vec![]).to_string(), "SWAP2BOARD\nDONE");
    assert_eq!(
        Command::Info(Info::Game(GameKind::TicTacToe)).to_string(),
        "INFO game tictactoe"
    );
    assert_eq!(Command::Info(Info::Rule(1)).to_string(), "INFO rule 1");
    assert_eq!(Command::RectStart(20, 15).to_string(), "RECTSTART 20,15");
}

#[test]
fn reply_display() {
    assert_eq!(Reply::Ok.to_string(), "OK");
    assert_eq!(
        Reply::Error("bad size".into()).to_string(),
        "ERROR bad size"
    );
    assert_eq!(Reply::Error(String::new()).to_string(), "ERROR");
    assert_eq!(Reply::Unknown("FOO".into()).to_string(), "UNKNOWN FOO");
    assert_eq!(Reply::Move(c(7, 8)).to_string(), "7,8");
    assert_eq!(Reply::Move(c(-1, -1)).to_string(), "-1,-1");
    assert_eq!(Reply::Suggest(c(7, 8)).to_string(), "SUGGEST 7,8");
    assert_eq!(
        Reply::Stones(vec![c(7, 7), c(8, 7), c(9, 9)]).to_string(),
        "7,7 8,7 9,9"
    );
    assert_eq!(Reply::Swap.to_string(), "SWAP");
    assert_eq!(
        Reply::Message("depth 3 eval 12".into()).to_string(),
        "MESSAGE depth 3 eval 12"
    );
    assert_eq!(
        Reply::About {
            name: "ply".into(),
            version: "0.1.0".into(),
            author: "A \"B\" C".into(),
            country: "CZ".into(),
        }
        .to_string(),
        "name=\"ply\", version=\"0.1.0\", author=\"A 'B' C\", country=\"CZ\""
    );
    assert_eq!(
        Reply::Forbid(vec![c(7, 8), c(9, 10)]).to_string(),
        "FORBID 07080910."
    );
    assert_eq!(Reply::Forbid(vec![]).to_string(), "FORBID .");
    assert_eq!(
        Reply::Forbid(vec![c(0, 0), c(-1, 3), c(100, 1), c(19, 19)]).to_string(),
        "FORBID 00001919."
    );
    assert_eq!(
        Reply::Raw("INFO PV DONE".into()).to_string(),
        "INFO PV DONE"
    );
}

#[test]
fn replies_never_contain_newlines() {
    let nasty = "a\nb\r\nc\rd\u{0}e\u{85}f";
    let replies = [
        Reply::Error(nasty.into()),
        Reply::Unknown(nasty.into()),
        Reply::Message(nasty.into()),
        Reply::Raw(nasty.into()),
        Reply::About {
            name: nasty.into(),
            version: nasty.into(),
            author: nasty.into(),
            country: nasty.into(),
        },
    ];
    for r in replies {
        let s = r.to_string();
        assert!(!s.contains(['\n', '\r', '\0', '\u{85}']), "{s:?}");
    }
    assert_eq!(Reply::Message("x\ny".into()).to_string(), "MESSAGE x y");
    // Info values never break a command line either
    let s = Command::Info(Info::Folder("a\nb".into())).to_string();
    assert_eq!(s, "INFO folder a b");
}

#[test]
fn error_messages_are_short_and_printable() {
    let long = format!("TURN {}", "9".repeat(100_000));
    let e = one(&long);
    let Err(ParseError::Invalid(m)) = e else {
        panic!("{e:?}")
    };
    assert!(m.len() < 200, "{}", m.len());
    let Err(ParseError::Unknown(m)) = one("\u{1}\u{2}x") else {
        panic!()
    };
    assert!(!m.chars().any(char::is_control));
}

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn fuzz_no_panic_and_round_trip() {
    let seeds: Vec<String> = samples()
        .iter()
        .flat_map(|c| {
            c.to_string()
                .split('\n')
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .chain(
            [
                "DONE",
                "YXBLOCK",
                "7,7,1",
                "-1,-1",
                "INFO",
                "",
                " , ",
                "YXSTOP",
                "INFO game othello",
                "TURN 7 , 8\r",
            ]
            .iter()
            .map(|s| s.to_string()),
        )
        .collect();
    let alphabet: Vec<char> = " ,,,-+0123456789\r\n\t\0aZ_éÿ€😀ABCDEINORSTUX"
        .chars()
        .collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut p = Parser::new();
    let mut oks = 0;
    for round in 0..20_000 {
        let mut line: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
        for _ in 0..rng.below(4) {
            let pos = if line.is_empty() {
                0
            } else {
                rng.below(line.len() + 1)
            };
            match rng.below(4) {
                0 => line.insert(pos, alphabet[rng.below(alphabet.len())]),
                1 if pos < line.len() => {
                    line.remove(pos);
                }
                2 if pos < line.len() => line[pos] = alphabet[rng.below(alphabet.len())],
                _ => {
                    let digits = "1234567890".repeat(1 + rng.below(5));
                    line.splice(pos..pos, digits.chars());
                }
            }
        }
        let line: String = if round % 97 == 0 {
            // random bytes, lossily decoded
            let bytes: Vec<u8> = (0..rng.below(64)).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            line.into_iter().collect()
        };
        for cmd in p.feed(&line).into_iter().flatten() {
            oks += 1;
            // whatever parsed must print and parse back to itself
            let mut q = Parser::new();
            let back: Vec<_> = cmd
                .to_string()
                .split('\n')
                .flat_map(|l| q.feed(l))
                .collect();
            assert_eq!(back, vec![Ok(cmd.clone())], "from {line:?}");
        }
    }
    assert!(oks > 1000, "fuzz produced too few valid commands: {oks}");
    let huge = "A".repeat(1 << 20) + "\0" + &",".repeat(1 << 16);
    let _ = p.feed(&huge);
    let _ = p.feed(&format!("INFO folder {huge}"));
    let _ = p.finish();
}

/// What Yixin-Board actually writes (lower-case, `start w h`, `turn`, INFO
/// keys we do not know, `yxblock` lists, the database query after a move).
#[test]
fn yixin_board_session() {
    let text = "info show_detail 1\nyxshowinfo\nSTART 15 15\nINFO timeout_turn 2000000\n\
INFO timeout_match 1000000000\nINFO max_node -1\nINFO caution_factor 1\nINFO hash_size 524288\n\
INFO pondering 0\nINFO checkmate 0\nINFO time_left 1000000000\nstart 15 15\nboard\n7,7,2\n8,8,1\n\
done\nyxstop\nturn 6,6\nyxblock\n3,3\ndone\nyxblockreset\nyxboard\n7,7,1\ndone\nyxshowforbid\n\
yxquerydatabaseall\n7,7\ndone\nyxquerydatabaseone\n7,7\ndone\nyxshowhashusage\nyxblockpathreset\n";
    let mut p = Parser::new();
    let out = feed_all(&mut p, text);
    let expected = vec![
        Ok(Command::Info(Info::ShowDetail(1))),
        Ok(Command::YxShowInfo),
        Ok(Command::Start(15)),
        Ok(Command::Info(Info::TimeoutTurn(2_000_000))),
        Ok(Command::Info(Info::TimeoutMatch(1_000_000_000))),
        Ok(Command::Info(Info::MaxNode(-1))),
        Ok(Command::Info(Info::Other(
            "caution_factor".into(),
            "1".into(),
        ))),
        Ok(Command::Info(Info::HashSize(524_288))),
        Ok(Command::Info(Info::Other("pondering".into(), "0".into()))),
        Ok(Command::Info(Info::Other("checkmate".into(), "0".into()))),
        Ok(Command::Info(Info::TimeLeft(1_000_000_000))),
        Ok(Command::Start(15)),
        Ok(Command::Board(vec![st(7, 7, 2), st(8, 8, 1)])),
        Ok(Command::Stop),
        Ok(Command::Turn(c(6, 6))),
        Ok(Command::YxBlock(vec![c(3, 3)])),
        Ok(Command::YxBlockReset),
        Ok(Command::YxBoard(vec![st(7, 7, 1)])),
        Ok(Command::YxShowForbid),
        Ok(Command::YxQueryDatabaseAll(vec![c(7, 7)])),
        Ok(Command::YxQueryDatabaseOne(vec![c(7, 7)])),
        Ok(Command::YxShowHashUsage),
        Err(ParseError::Unknown("YXBLOCKPATHRESET".into())),
    ];
    assert_eq!(out, expected);
}

#[test]
fn engine_lines_are_classified() {
    assert_eq!(ReplyKind::of("7,8"), ReplyKind::Move(7, 8));
    assert_eq!(ReplyKind::of(" 7 , 8 \r"), ReplyKind::Move(7, 8));
    assert_eq!(ReplyKind::of("-1,99"), ReplyKind::Move(-1, 99));
    assert_eq!(ReplyKind::of("ok"), ReplyKind::Ok);
    assert_eq!(ReplyKind::of("MESSAGE depth 3"), ReplyKind::Message);
    assert_eq!(ReplyKind::of("DEBUG x"), ReplyKind::Message);
    assert_eq!(ReplyKind::of("ERROR bad"), ReplyKind::Error);
    assert_eq!(ReplyKind::of("UNKNOWN FOO"), ReplyKind::Unknown);
    assert_eq!(ReplyKind::of("7,8,1"), ReplyKind::Garbage);
    assert_eq!(ReplyKind::of("hello"), ReplyKind::Garbage);
    assert_eq!(ReplyKind::of("OKAY"), ReplyKind::Garbage);
    assert_eq!(ReplyKind::of("7;8"), ReplyKind::Garbage);
    assert_eq!(ReplyKind::of("é,ü"), ReplyKind::Garbage);
}

#[test]
fn search_reports_are_the_message_lines_that_name_a_depth() {
    let ply = "MESSAGE Depth 14-20 | Eval -12 | Node 105997 | Speed 623511 | Time 170 ms | PV 10,6";
    assert_eq!(
        search_report(ply),
        Some("Depth 14-20 | Eval -12 | Node 105997 | Speed 623511 | Time 170 ms | PV 10,6")
    );
    let rapfi = "MESSAGE Speed 538K | Depth 14-28 | Eval -69 | Node 92K | Time 172ms";
    assert_eq!(search_report(rapfi), Some(&rapfi[8..]));
    assert_eq!(search_report(" message depth: 7 \r"), Some("depth: 7"));
    assert_eq!(search_report("MESSAGE Load config from config.toml"), None);
    assert_eq!(
        search_report("MESSAGE OptiTime 153ms | MaxTime 170ms"),
        None
    );
    assert_eq!(search_report("MESSAGE depth unknown"), None);
    assert_eq!(search_report("DEBUG Depth 3"), None);
    assert_eq!(search_report("MESSAGEDepth 3"), None);
    assert_eq!(search_report("7,8"), None);
    assert_eq!(search_report("MESSAGé Depth 3"), None);
}
