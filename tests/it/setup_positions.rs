//! Set-ups are positions, not game records (issue 11, section 1): a BOARD/YXBOARD
//! block or a UCI FEN may list its stones in any order. The game is over only when a
//! line on the board already wins under the rule; a renju black stone on the board is
//! never judged forbidden, while moves played after the set-up still are. Through the
//! real binary.

use crate::common;

use std::time::Duration;

use common::{parse_move, Brain};
use ply::games::Color;
use ply::tools::solve::gomoku::parse_puzzle;

/// Deterministic shuffles (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

fn is_error(a: &str) -> bool {
    a.starts_with("ERROR")
}

/// Sends a BOARD block (`x,y,field` lines) and returns the answer.
fn board(b: &mut Brain, stones: &[(i32, i32, u8)]) -> String {
    b.send("BOARD");
    for &(x, y, f) in stones {
        b.send(&format!("{x},{y},{f}"));
    }
    b.ask("DONE")
}

fn yxboard(b: &mut Brain, stones: &[(i32, i32, u8)]) {
    b.send("YXBOARD");
    for &(x, y, f) in stones {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("DONE");
}

/// The example, black (ply, field 1) to move: black's 7,7 would be a double
/// three had it been played after 5,7 6,7 7,5 7,6.
const DOUBLE_THREE_ON_BOARD: [(i32, i32, u8); 10] = [
    (5, 7, 1),
    (0, 0, 2),
    (6, 7, 1),
    (14, 0, 2),
    (7, 5, 1),
    (0, 14, 2),
    (7, 6, 1),
    (14, 14, 2),
    (7, 7, 1),
    (1, 1, 2),
];

fn renju_brain() -> Brain {
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 5000");
    b.send("INFO max_depth 4");
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO rule 4");
    b
}

#[test]
fn renju_board_with_a_double_three_stone_is_answered_with_a_move() {
    let mut b = renju_brain();
    let a = board(&mut b, &DOUBLE_THREE_ON_BOARD);
    let m = parse_move(&a).unwrap_or_else(|| panic!("{a}\n{}", b.dump()));
    assert!(!DOUBLE_THREE_ON_BOARD.iter().any(|s| (s.0, s.1) == m));
}

#[test]
fn the_same_position_in_any_order_gets_the_same_answer() {
    let mut rng = Rng(0x0b0a_4d5e_7000_0011);
    let mut b = renju_brain();
    let mut answers = Vec::new();
    let mut forbid = Vec::new();
    let mut orders = vec![DOUBLE_THREE_ON_BOARD.to_vec()];
    orders.push(DOUBLE_THREE_ON_BOARD.iter().rev().copied().collect());
    for _ in 0..6 {
        let mut o = DOUBLE_THREE_ON_BOARD.to_vec();
        rng.shuffle(&mut o);
        orders.push(o);
    }
    for o in &orders {
        // Each answer from a cold table, so only the position can decide it.
        b.send("YXHASHCLEAR");
        answers.push(board(&mut b, o));
        // The forbidden points are those of the position, whatever the order.
        yxboard(&mut b, o);
        forbid.push(b.ask("YXSHOWFORBID"));
    }
    assert!(forbid.iter().all(|f| *f == forbid[0]), "{forbid:?}");
    assert!(parse_move(&answers[0]).is_some(), "{}", b.dump());
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
}

#[test]
fn moves_after_a_set_up_are_still_judged() {
    let mut b = renju_brain();
    // ply is white (4 own stones, 5 opponent's); black's 7,7 is a double three.
    let stones = [
        (0, 7, 2),
        (5, 7, 2),
        (0, 0, 1),
        (6, 7, 2),
        (14, 0, 1),
        (7, 5, 2),
        (0, 14, 1),
        (7, 6, 2),
        (14, 14, 1),
    ];
    // Listed in reverse: a black stone first, then white's, ... any order is a position.
    let reversed: Vec<_> = stones.iter().rev().copied().collect();
    yxboard(&mut b, &reversed);
    assert_eq!(b.ask("YXSHOWFORBID"), "FORBID 0707.");
    assert_eq!(b.ask("TURN 7,7"), "ERROR 7,7 is forbidden");
    // The position is unchanged and the session answers.
    let a = b.ask("TURN 8,8");
    assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
}

#[test]
fn a_set_up_is_over_only_when_a_line_already_wins() {
    let mut b = Brain::gomocup();
    b.send("INFO max_depth 3");
    assert_eq!(b.ask("START 15"), "OK");
    // Freestyle: a black five listed first, not last, is a finished game.
    let five = [
        (3, 3, 1),
        (4, 3, 1),
        (5, 3, 1),
        (6, 3, 1),
        (7, 3, 1),
        (0, 9, 2),
        (2, 9, 2),
        (4, 9, 2),
        (6, 9, 2),
        (8, 9, 2),
    ];
    assert_eq!(board(&mut b, &five), "ERROR the game on that board is over");
    let mut shuffled = five.to_vec();
    Rng(7).shuffle(&mut shuffled);
    assert_eq!(
        board(&mut b, &shuffled),
        "ERROR the game on that board is over"
    );
    // Renju: black's six (the opponent's: ply is white with one stone fewer) is no
    // win, and no forbidden stone either, being on the board: ply has a move.
    b.send("INFO rule 4");
    let row3 = |f: u8| (3..9).map(move |x| (x, 3, f));
    let row9 = |n: i32, f: u8| (0..n).map(move |i| (2 * i, 9, f));
    let six: Vec<_> = row9(5, 1).chain(row3(2)).collect();
    let a = board(&mut b, &six);
    assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
    // White's six wins for white under renju (ply is black: 7 stones, listed first).
    let white_six: Vec<_> = row9(7, 1).chain(row3(2)).collect();
    assert_eq!(
        board(&mut b, &white_six),
        "ERROR the game on that board is over"
    );
    // YXBOARD takes a finished position silently; moves on it are errors.
    yxboard(&mut b, &white_six);
    assert_eq!(b.ask("TURN 10,10"), "ERROR the game is over");
    // The session is still usable.
    let a = board(&mut b, &DOUBLE_THREE_ON_BOARD);
    assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
}

#[test]
fn switching_to_renju_mid_game_keeps_the_game_going() {
    let mut b = Brain::gomocup();
    b.send("INFO max_depth 3");
    assert_eq!(b.ask("START 15"), "OK");
    // Freestyle: the stones in game order, black's 7,7 last (a double three in renju).
    let first = board(&mut b, &DOUBLE_THREE_ON_BOARD);
    let (x, y) = parse_move(&first).unwrap_or_else(|| panic!("{first}\n{}", b.dump()));
    b.send("INFO rule 4");
    // The opponent's next move is answered, not refused as a finished game.
    let free = (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .find(|&(fx, fy)| {
            (fx, fy) != (x, y)
                && fx > 9
                && fy > 9
                && !DOUBLE_THREE_ON_BOARD.iter().any(|s| (s.0, s.1) == (fx, fy))
        })
        .expect("a free square");
    let a = b.ask(&format!("TURN {},{}", free.0, free.1));
    assert!(parse_move(&a).is_some(), "{a}\n{}", b.dump());
}

/// The 498 renju VCF puzzles (black to move), each set up with its stones in reverse
/// and in a shuffled order: every one is a position black can play in.
#[test]
fn every_renju_vcf_puzzle_is_accepted_in_any_order() {
    let text = include_str!("../data/vcf-black-renju.jsonl");
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 300");
    b.send("INFO max_depth 2");
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO rule 4");
    let mut rng = Rng(0x0b0a_4d5e_7000_0498);
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let p = parse_puzzle(line).expect("puzzle");
        assert_eq!(p.to_move, Color::Black);
        // Black moved first: even indices are black, ply's (field 1).
        let stones: Vec<(i32, i32, u8)> = p
            .moves
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| (x as i32, y as i32, if i % 2 == 0 { 1 } else { 2 }))
            .collect();
        let mut shuffled = stones.clone();
        rng.shuffle(&mut shuffled);
        let reversed: Vec<_> = stones.iter().rev().copied().collect();
        for order in [reversed, shuffled] {
            b.send("BOARD");
            for &(x, y, f) in &order {
                b.send(&format!("{x},{y},{f}"));
            }
            b.send("DONE");
            let a = b
                .answer_within(Duration::from_secs(10))
                .unwrap_or_else(|| panic!("{}: no answer", p.id));
            match parse_move(&a) {
                Some(m) if !stones.iter().any(|s| (s.0, s.1) == m) && !is_error(&a) => {}
                _ => panic!("{}: answered {a:?}", p.id),
            }
        }
        n += 1;
    }
    assert_eq!(n, 498);
}

/// UCI: a renju FEN with black's double-three stone on the board is a position too.
#[test]
fn renju_fen_with_a_double_three_stone_is_a_position() {
    let mut b = Brain::start(&["--protocol", "uci"]);
    b.send("uci");
    b.send("setoption name UCI_Variant value renju");
    let rows = [
        "p13p", "1p13", "15", "15", "15", "7P7", "7P7", "5PPP7", "15", "15", "15", "15", "15",
        "15", "p13p",
    ];
    b.send(&format!("position fen {} w - - 0 1", rows.join("/")));
    b.send("query gameover");
    let mut lines = Vec::new();
    let answer = loop {
        let l = b
            .line_within(Duration::from_secs(10))
            .unwrap_or_else(|| panic!("no answer\n{}", b.dump()));
        if l.starts_with("response") {
            break l;
        }
        lines.push(l);
    };
    assert_eq!(answer, "response false", "{}", b.dump());
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    b.send("go depth 2");
    let best = loop {
        let l = b
            .line_within(Duration::from_secs(10))
            .unwrap_or_else(|| panic!("no bestmove\n{}", b.dump()));
        if let Some(m) = l.strip_prefix("bestmove ") {
            break m.to_string();
        }
    };
    assert!(best.starts_with("P@"), "{best}");
}
