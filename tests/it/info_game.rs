//! `INFO game` before or after `START` (issue 11, section 2), through the real binary.
//! Managers send START first and INFO after: naming the game already in play changes
//! nothing; another game on a board with no move yet takes the board over at the same
//! size (or gets an ERROR if it cannot use the size); with moves on the board, another
//! game is an ERROR and the position stays. Either way the session stays usable.

use crate::common;

use common::{parse_move, Brain};

fn board(b: &mut Brain, stones: &[&str]) -> String {
    b.send("BOARD");
    for s in stones {
        b.send(s);
    }
    b.ask("DONE")
}

/// X (the opponent) threatens 0,0-1,0-2,0: ply must block at 2,0.
const TTT_THREAT: [&str; 3] = ["0,0,2", "1,1,1", "1,0,2"];

#[test]
fn tictactoe_info_game_before_and_after_start() {
    for info_first in [true, false] {
        let mut b = Brain::gomocup();
        if info_first {
            b.send("INFO game tictactoe");
        }
        assert_eq!(b.ask("START 3"), "OK");
        if !info_first {
            b.send("INFO game tictactoe");
        }
        assert_eq!(board(&mut b, &TTT_THREAT), "2,0", "{}", b.dump());
        // Again, with stones on the board: still nothing changes.
        b.send("INFO game tictactoe");
        assert_eq!(board(&mut b, &TTT_THREAT), "2,0", "{}", b.dump());
    }
}

#[test]
fn gomoku_info_game_before_and_after_start() {
    for info_first in [true, false] {
        let mut b = Brain::gomocup();
        b.send("INFO max_depth 3");
        if info_first {
            b.send("INFO game gomoku");
        }
        assert_eq!(b.ask("START 15"), "OK");
        if !info_first {
            b.send("INFO game gomoku");
        }
        let a = board(&mut b, &["7,7,2"]);
        assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
        // Mid-game: the same game keeps the position.
        b.send("INFO game gomoku");
        let a = b.ask("TURN 0,0");
        assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
        assert_eq!(b.ask("TURN 7,7"), "ERROR 7,7 is occupied");
    }
}

/// Black's four opening moves from the reversi start (d3, c4, f5, e6).
fn reversi_opening(a: &str) -> bool {
    matches!(parse_move(a), Some((3, 2) | (2, 3) | (5, 4) | (4, 5)))
}

#[test]
fn reversi_info_game_before_and_after_start() {
    for info_first in [true, false] {
        let mut b = Brain::gomocup();
        b.send("INFO max_depth 3");
        if info_first {
            b.send("INFO game reversi");
        }
        assert_eq!(b.ask("START 8"), "OK");
        if !info_first {
            // The empty 8x8 gomoku board becomes the reversi start position.
            b.send("INFO game reversi");
        }
        let a = b.ask("BEGIN");
        assert!(reversi_opening(&a), "{a}\n{}", b.dump());
        // Mid-game: the same game keeps the position.
        b.send("INFO game othello");
        let a = b.ask("TURN -1,-1");
        assert_eq!(
            a,
            "ERROR cannot pass: there is a legal move",
            "{}",
            b.dump()
        );
    }
}

#[test]
fn another_game_that_cannot_use_the_board_is_an_error_and_the_board_stays() {
    let mut b = Brain::gomocup();
    b.send("INFO max_depth 3");
    assert_eq!(b.ask("START 15"), "OK");
    assert_eq!(
        b.ask("INFO game reversi"),
        "ERROR reversi is played on 8x8, not 15x15: the 15x15 gomoku board stays; \
         START begins a reversi game"
    );
    // The gomoku board is still there.
    let a = board(&mut b, &["7,7,2"]);
    assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
    // With moves on the board, another game is refused and the position stays.
    assert_eq!(
        b.ask("INFO game tictactoe"),
        "ERROR tic-tac-toe is played on 3x3, not 15x15: the 15x15 gomoku board stays; \
         START begins a tictactoe game"
    );
    assert_eq!(b.ask("TURN 7,7"), "ERROR 7,7 is occupied");
    let a = b.ask("TURN 0,0");
    assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
    // The choice holds for the next START.
    assert!(b
        .ask("START 15")
        .starts_with("ERROR tic-tac-toe is played on 3x3"));
    assert_eq!(b.ask("START 3"), "OK");
}

#[test]
fn another_game_on_a_board_with_moves_is_an_error_and_the_position_stays() {
    let mut b = Brain::gomocup();
    b.send("INFO max_depth 3");
    assert_eq!(b.ask("START 8"), "OK");
    let first = b.ask("BEGIN");
    assert_eq!(parse_move(&first), Some((4, 4)), "{}", b.dump());
    assert_eq!(
        b.ask("INFO game reversi"),
        "ERROR the gomoku game on the board has moves: it stays; START begins a reversi game"
    );
    assert_eq!(b.ask("TURN 4,4"), "ERROR 4,4 is occupied");
    let a = b.ask("TURN 0,0");
    assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
    // Back to gomoku: the game in play, nothing changes.
    b.send("INFO game gomoku");
    assert_eq!(b.ask("TURN 0,0"), "ERROR 0,0 is occupied");
    // A reversi game with moves does not become gomoku either.
    assert!(b
        .ask("INFO game reversi")
        .starts_with("ERROR the gomoku game"));
    assert_eq!(b.ask("START 8"), "OK");
    assert!(reversi_opening(&b.ask("BEGIN")), "{}", b.dump());
    assert!(b
        .ask("INFO game gomoku")
        .starts_with("ERROR the reversi game"));
    assert_eq!(
        b.ask("TURN -1,-1"),
        "ERROR cannot pass: there is a legal move"
    );
}
