//! Reversi through the Gomocup front end (`INFO game reversi`, `START 8`): the start
//! position, passes written `-1,-1` both ways, BOARD blocks, illegal moves, and whole
//! games against a random mover.

use crate::common;

use common::{parse_move, Brain};
use ply::games::reversi::Reversi;
use ply::games::{splitmix64, Color, Game, Move};

fn started() -> Brain {
    let mut b = Brain::gomocup();
    b.send("INFO game reversi");
    b.send("INFO timeout_turn 1000");
    b.send("INFO max_depth 3");
    assert_eq!(b.ask("START 8"), "OK", "{}", b.dump());
    b
}

/// The Gomocup text of a move (`x,y`, or `-1,-1` for a pass).
fn text(mv: Move) -> String {
    if mv == Move::PASS {
        "-1,-1".into()
    } else {
        let (x, y) = mv.xy(8);
        format!("{x},{y}")
    }
}

/// The engine's answer as a move of `pos`; it must be legal there.
fn answer_move(b: &mut Brain, a: &str, pos: &Reversi) -> Move {
    let (x, y) = parse_move(a).unwrap_or_else(|| panic!("not a move: {a}\n{}", b.dump()));
    let mv = if (x, y) == (-1, -1) {
        Move::PASS
    } else {
        Move::from_xy(x as usize, y as usize, 8)
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(
        legal.contains(&mv),
        "{a} is not legal in\n{pos}\n{}",
        b.dump()
    );
    mv
}

#[test]
fn start_8_places_the_four_discs_and_other_sizes_are_refused() {
    let mut b = started();
    for bad in ["START 10", "START 15", "RECTSTART 8,10", "START 6"] {
        assert!(b.ask(bad).starts_with("ERROR"), "{bad}\n{}", b.dump());
    }
    // Still the reversi start position: BEGIN gives one of black's four openings.
    let start = Reversi::new();
    let a = b.ask("BEGIN");
    answer_move(&mut b, &a, &start);
}

#[test]
fn illegal_moves_are_errors_and_change_nothing() {
    let mut b = started();
    let mut pos = Reversi::new();
    // White to answer black's move: we are black after BEGIN.
    let a = b.ask("BEGIN");
    let mv = answer_move(&mut b, &a, &pos);
    pos.make(mv);
    for bad in [
        "TURN 0,0".to_string(),   // flips nothing
        "TURN 3,3".to_string(),   // occupied (d4)
        "TURN -1,-1".to_string(), // white has a move: no pass
        "TURN 8,0".to_string(),   // off the board
        "TURN 5,-1".to_string(),
    ] {
        assert!(b.ask(&bad).starts_with("ERROR"), "{bad}\n{}", b.dump());
    }
    // The position is unchanged: a legal white move is accepted and answered legally.
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    pos.make(legal[0]);
    let a = b.ask(&format!("TURN {}", text(legal[0])));
    answer_move(&mut b, &a, &pos);
}

#[test]
fn a_board_block_replays_the_moves_with_their_flips() {
    let mut b = started();
    // Black d3 (field 1: ours, so we are black), white c3 (2): black, we, to move.
    b.send("BOARD");
    b.send("3,2,1");
    b.send("2,2,2");
    let a = b.ask("DONE");
    let mut pos = Reversi::new();
    pos.make(Move::from_xy(3, 2, 8));
    pos.make(Move::from_xy(2, 2, 8));
    answer_move(&mut b, &a, &pos);
    // The opponent's colour to move at the end, or an illegal move: ERROR.
    for block in [vec!["3,2,1"], vec!["0,0,1"], vec!["3,3,1"]] {
        b.send("BOARD");
        for l in &block {
            b.send(l);
        }
        assert!(
            b.ask("DONE").starts_with("ERROR"),
            "{block:?}\n{}",
            b.dump()
        );
    }
}

/// Plays whole games: the engine (black or white) against a random mover; passes are
/// `-1,-1` both ways. Returns how many passes were written.
fn play_game(seed: u64, engine_black: bool) -> usize {
    let mut b = started();
    let mut rng = seed;
    let mut pos = Reversi::new();
    let engine = if engine_black {
        Color::Black
    } else {
        Color::White
    };
    let mut passes = 0;
    let mut answer = if engine_black {
        Some(b.ask("BEGIN"))
    } else {
        None
    };
    for _ in 0..200 {
        if let Some(a) = answer.take() {
            let mv = answer_move(&mut b, &a, &pos);
            passes += usize::from(mv == Move::PASS);
            pos.make(mv);
            if pos.is_over() {
                break;
            }
        }
        assert_ne!(pos.side_to_move(), engine, "{}", b.dump());
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mv = legal[(splitmix64(&mut rng) % legal.len() as u64) as usize];
        passes += usize::from(mv == Move::PASS);
        pos.make(mv);
        if pos.is_over() {
            // The manager does not send a move that ends the game; the engine says so.
            assert!(b.ask(&format!("TURN {}", text(mv))).starts_with("ERROR"));
            break;
        }
        answer = Some(b.ask(&format!("TURN {}", text(mv))));
    }
    assert!(pos.is_over(), "the game did not end\n{}", b.dump());
    passes
}

#[test]
fn whole_games_against_a_random_mover_end_correctly() {
    let mut passes = 0;
    for seed in 1..=6u64 {
        passes += play_game(seed, seed % 2 == 1);
    }
    assert!(
        passes > 0,
        "no game had a pass: the -1,-1 path was not tested"
    );
}
