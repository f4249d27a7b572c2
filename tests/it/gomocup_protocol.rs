//! Gomocup protocol transcripts through the real binary: every command, every error
//! reply (with the position checked unchanged afterwards), stopping, time limits.

use crate::common;

use std::time::Duration;

use common::{gomocup_started, mv, parse_move, Brain};

/// Takes back `moves` from the last to the first, each must be accepted, and then the
/// board must be empty (a further TAKEBACK of the first move fails). This proves the
/// engine's history is exactly `moves`.
fn assert_history(b: &mut Brain, moves: &[(i32, i32)]) {
    for &(x, y) in moves.iter().rev() {
        let a = b.ask(&format!("TAKEBACK {x},{y}"));
        assert_eq!(a, "OK", "takeback {x},{y}\n{}", b.dump());
    }
    if let Some(&(x, y)) = moves.first() {
        assert!(b.ask(&format!("TAKEBACK {x},{y}")).starts_with("ERROR"));
    }
}

#[test]
fn start_accepts_5_to_32_and_3_and_rejects_the_rest() {
    let mut b = Brain::gomocup();
    for n in [5, 15, 20, 32, 3] {
        assert_eq!(b.ask(&format!("START {n}")), "OK", "START {n}");
    }
    for bad in [
        "START 4",
        "START 33",
        "START 0",
        "START -15",
        "START abc",
        "START",
        "RECTSTART 4,10",
        "RECTSTART 20,33",
    ] {
        assert!(b.ask(bad).starts_with("ERROR"), "{bad}");
    }
    assert_eq!(b.ask("RECTSTART 20,15"), "OK");
    let (x, y) = mv(&b.ask("BEGIN"));
    assert!((0..20).contains(&x) && (0..15).contains(&y));
}

#[test]
fn about_names_ply() {
    let mut b = Brain::gomocup();
    let a = b.ask("ABOUT");
    assert!(a.starts_with("name=\"ply\", version=\""), "{a}");
    assert!(a.contains("author=\"") && a.contains("country=\""), "{a}");
}

#[test]
fn unknown_commands_get_unknown() {
    let mut b = Brain::gomocup();
    assert!(b.ask("FOO").starts_with("UNKNOWN"));
    assert!(b.ask("SUGGEST 3,3").starts_with("UNKNOWN"));
    assert_eq!(b.ask("START 15"), "OK");
}

#[test]
fn commands_before_start_are_errors() {
    let mut b = Brain::gomocup();
    for c in [
        "BEGIN",
        "TURN 7,7",
        "TAKEBACK 7,7",
        "RESTART",
        "PLAY 7,7",
        "YXNBEST 2",
    ] {
        assert!(b.ask(c).starts_with("ERROR"), "{c}");
    }
    b.send("BOARD");
    b.send("7,7,1");
    assert!(b.ask("DONE").starts_with("ERROR"));
    assert_eq!(b.ask("START 15"), "OK");
}

#[test]
fn begin_turn_takeback_and_errors_leave_the_position_unchanged() {
    let mut b = gomocup_started(15);
    let first = mv(&b.ask("BEGIN"));
    assert_eq!(first, (7, 7), "opens in the centre");
    let second = mv(&b.ask("TURN 8,8"));
    let history = vec![first, (8, 8), second];
    // Every kind of bad move or command: ERROR, and nothing changes.
    for bad in [
        "BEGIN".to_string(),
        "TURN 15,0".into(),
        "TURN -1,3".into(),
        format!("TURN {},{}", first.0, first.1),
        "TURN 8,8".into(),
        "TURN 7".into(),
        "TURN a,b".into(),
        "TAKEBACK 8,8".into(),
        "TAKEBACK 99,99".into(),
        "PLAY 8,8".into(),
    ] {
        let a = b.ask(&bad);
        assert!(a.starts_with("ERROR"), "{bad} -> {a}");
    }
    assert_history(&mut b, &history);
}

#[test]
fn board_sets_a_position_and_bad_blocks_change_nothing() {
    let mut b = gomocup_started(15);
    b.send("BOARD");
    b.send("7,7,1");
    b.send("8,8,2");
    b.send("7,8,1");
    b.send("6,6,2");
    let reply = mv(&b.ask("DONE"));
    let history = vec![(7, 7), (8, 8), (7, 8), (6, 6), reply];
    for block in [
        vec!["1,1,1", "1,1,2"],  // the same square twice
        vec!["1,1,1", "2,2,7"],  // bad field
        vec!["1,1,1", "15,2,2"], // off the board
        vec!["1,1,1", "what"],   // malformed
        vec!["1,1,1", "2,2"],    // missing field
    ] {
        b.send("BOARD");
        for l in &block {
            b.send(l);
        }
        let a = b.ask("DONE");
        assert!(a.starts_with("ERROR"), "{block:?} -> {a}");
    }
    assert_history(&mut b, &history);
}

#[test]
fn board_with_five_already_made_is_an_error() {
    let mut b = gomocup_started(15);
    b.send("BOARD");
    for (i, x) in (3..8).enumerate() {
        b.send(&format!("{x},3,1"));
        b.send(&format!("{},9,2", i));
    }
    assert!(b.ask("DONE").starts_with("ERROR"));
}

#[test]
fn restart_clears_the_board() {
    let mut b = gomocup_started(15);
    assert_eq!(mv(&b.ask("BEGIN")), (7, 7));
    assert_eq!(b.ask("RESTART"), "OK");
    assert_eq!(mv(&b.ask("BEGIN")), (7, 7));
}

#[test]
fn play_imposes_a_move() {
    let mut b = gomocup_started(15);
    let _ = b.ask("TURN 7,7");
    assert_eq!(b.ask("PLAY 3,3"), "3,3");
    assert!(b.ask("PLAY 3,3").starts_with("ERROR"));
    assert_eq!(b.ask("TAKEBACK 3,3"), "OK");
}

#[test]
fn letter_case_crlf_blank_lines_and_spaces_are_accepted() {
    let mut b = Brain::gomocup();
    b.send_raw(b"\r\n\n  start 15\r\n");
    assert_eq!(b.answer(), "OK");
    b.send_raw(b"info TIMEOUT_TURN 100\r\n");
    b.send_raw(b"Turn 7 , 7\r\n");
    let reply = mv(&b.answer());
    assert_ne!(reply, (7, 7));
    b.send_raw(b"board\r\n 7 , 7 , 2 \r\n8,8,1\r\ndone\r\n");
    let _ = mv(&b.answer());
}

#[test]
fn info_lines_are_silent_and_unknown_keys_ignored() {
    let mut b = Brain::gomocup();
    for l in [
        "INFO timeout_turn 1000",
        "INFO timeout_match 100000",
        "INFO time_left 2147483647",
        "INFO time_left -500",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder C:\\some folder\\x",
        "INFO evaluate 3,4",
        "INFO max_depth 20",
        "INFO max_node 100000",
        "INFO thread_num 2",
        "INFO hash_size 65536",
        "INFO show_detail 0",
        "INFO caution_factor 4",
        "INFO something_new whatever",
    ] {
        b.send(l);
    }
    assert!(b.silent_for(Duration::from_millis(200)), "{}", b.dump());
    assert!(b.ask("INFO timeout_turn soon").starts_with("ERROR"));
    assert_eq!(b.ask("START 15"), "OK");
}

#[test]
fn end_of_input_exits_after_answering() {
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 300");
    b.send("START 15");
    b.send("BEGIN");
    b.close();
    assert_eq!(b.answer(), "OK");
    assert_eq!(mv(&b.answer()), (7, 7));
    assert_eq!(b.exit_within(Duration::from_secs(2)), Some(0));
}

#[test]
fn a_command_right_after_a_move_line_is_not_lost() {
    let mut b = gomocup_started(15);
    // TURN and ABOUT in one write: the ABOUT arrives while the engine thinks.
    b.send_raw(b"TURN 7,7\nABOUT\nTURN 0,0\n");
    let _ = mv(&b.answer());
    assert!(b.answer().starts_with("name="));
    let _ = mv(&b.answer());
}

#[test]
fn yxboard_is_silent_and_yxshowforbid_lists_renju_forbidden_points() {
    let mut b = Brain::gomocup();
    b.send("INFO rule 4");
    assert_eq!(b.ask("START 15"), "OK");
    // Black (own, to move) at 5,7 6,7 7,5 7,6: 7,7 is a double-three.
    b.send("YXBOARD");
    for l in [
        "5,7,1", "0,14,2", "6,7,1", "14,14,2", "7,5,1", "14,0,2", "7,6,1", "0,0,2",
    ] {
        b.send(l);
    }
    b.send("DONE");
    assert!(b.silent_for(Duration::from_millis(150)));
    let f = b.ask("YXSHOWFORBID");
    assert!(f.starts_with("FORBID ") && f.ends_with('.'), "{f}");
    assert!(f.contains("0707"), "{f}");
    // Freestyle: nothing is forbidden.
    b.send("INFO rule 0");
    assert_eq!(b.ask("YXSHOWFORBID"), "FORBID .");
}

#[test]
fn yxshowinfo_yxhashclear_and_show_detail() {
    let mut b = gomocup_started(15);
    b.send("YXHASHCLEAR");
    b.send("YXSHOWINFO");
    let l = b.line_within(Duration::from_secs(2)).expect("info");
    assert!(l.starts_with("MESSAGE"), "{l}");
    b.send("INFO show_detail 3");
    b.send("TURN 7,7");
    let mut saw_pv = false;
    let mut saw_realtime = false;
    loop {
        let l = b.line_within(Duration::from_secs(5)).expect("output");
        if l == "INFO PV DONE" {
            saw_pv = true;
        } else if l.starts_with("MESSAGE REALTIME BEST ") {
            saw_realtime = true;
        } else if !l.starts_with("MESSAGE") && !l.starts_with("INFO") {
            let _ = mv(&l);
            break;
        }
    }
    assert!(saw_pv && saw_realtime, "{}", b.dump());
}

#[test]
fn yxnbest_reports_lines_then_a_move() {
    let mut b = gomocup_started(15);
    b.send("YXBOARD");
    for l in ["7,7,2", "8,8,1", "6,8,2"] {
        b.send(l);
    }
    b.send("DONE");
    b.send("YXNBEST 3");
    let mut lines = std::collections::BTreeSet::new();
    let answer = loop {
        let l = b.line_within(Duration::from_secs(5)).expect("output");
        if let Some(rest) = l.strip_prefix("MESSAGE (") {
            lines.insert(rest.split(')').next().unwrap_or("").to_string());
        } else if !l.starts_with("MESSAGE") {
            break mv(&l);
        }
    };
    // Lines 1, 2 and 3 were reported, and the answer is played (as Rapfi does).
    assert_eq!(
        lines.into_iter().collect::<Vec<_>>(),
        ["1", "2", "3"],
        "{}",
        b.dump()
    );
    assert_eq!(b.ask(&format!("TAKEBACK {},{}", answer.0, answer.1)), "OK");
}

#[test]
fn swap2board_answers_in_each_case() {
    let mut b = gomocup_started(15);
    b.send("SWAP2BOARD");
    let a = b.ask("DONE");
    let stones: Vec<_> = a.split_whitespace().map(mv).collect();
    assert_eq!(stones.len(), 3, "{a}");
    b.send("SWAP2BOARD");
    for l in ["7,7", "8,7", "9,9"] {
        b.send(l);
    }
    let a = b.ask("DONE");
    assert!(a == "SWAP" || parse_move(&a).is_some(), "{a}");
    b.send("SWAP2BOARD");
    for l in ["7,7", "8,7", "9,9", "8,8", "8,6"] {
        b.send(l);
    }
    let a = b.ask("DONE");
    assert!(a == "SWAP" || parse_move(&a).is_some(), "{a}");
    b.send("SWAP2BOARD");
    for l in ["7,7", "8,7"] {
        b.send(l);
    }
    assert!(b.ask("DONE").starts_with("ERROR"));
    // The game board is untouched by SWAP2BOARD.
    assert_eq!(mv(&b.ask("BEGIN")), (7, 7));
}

#[test]
fn tictactoe_over_gomocup() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 3"), "OK");
    // X (opponent) threatens 0,0-1,0-2,0: the engine must block at 2,0.
    b.send("BOARD");
    for l in ["0,0,2", "1,1,1", "1,0,2"] {
        b.send(l);
    }
    assert_eq!(b.ask("DONE"), "2,0");
    // The engine completes its own line when it can.
    b.send("BOARD");
    for l in ["0,0,1", "2,2,2", "0,1,1", "2,1,2"] {
        b.send(l);
    }
    let a = b.ask("DONE");
    assert!(a == "0,2" || a == "2,0", "{a}");
    assert!(b.ask("START 15").starts_with("OK"));
    // Tic-tac-toe cannot take the 15x15 board over (tests/it/info_game.rs), but it is
    // the game of the next START.
    assert!(b.ask("INFO game tictactoe").starts_with("ERROR"));
    assert!(b.ask("START 15").starts_with("ERROR"));
    assert_eq!(b.ask("START 3"), "OK");
}

#[test]
fn renju_black_with_only_forbidden_points_left_plays_one() {
    // A full 15x15 board (no five anywhere) but for 7,7, where black (own, to move)
    // would make an overline: black has no legal move. Answering nothing loses on
    // time; the engine plays the forbidden point and loses by the rule (as Rapfi does).
    let rows = [
        "ooxoxxxxooxoxxo",
        "xxooxooooxoxoox",
        "xoxooxxoxooxoxx",
        "oxxxxoxoxxoxxox",
        "ooxxxoxoxxoooox",
        "oxxxxooxooxoxxo",
        "xooxoooxooooxxo",
        "ooooxxx.xxoxoxo",
        "xooxxoooxooxxxx",
        "xxoxxxxoxoxoxoo",
        "oxxooxxoxooxxxo",
        "xoooxooxoooxooo",
        "ooooxxxooxoxxxx",
        "xxxooooxoxxooox",
        "ooxxxxooxxxoxxo",
    ];
    let mut b = Brain::gomocup();
    b.send("INFO rule 4");
    b.send("INFO timeout_turn 200");
    assert_eq!(b.ask("START 15"), "OK");
    b.send("BOARD");
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'x' => b.send(&format!("{x},{y},1")),
                'o' => b.send(&format!("{x},{y},2")),
                _ => {}
            }
        }
    }
    b.send("DONE");
    let answer = loop {
        let l = b.line_within(Duration::from_secs(5)).expect("an answer");
        if !l.starts_with("MESSAGE") {
            break l;
        }
    };
    assert_eq!(answer, "7,7", "{}", b.dump());
    assert_eq!(b.ask("YXSHOWFORBID"), "FORBID .", "{}", b.dump());
}
