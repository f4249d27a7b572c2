//! Tic-tac-toe: every reachable non-terminal position (4,520 of them) gets a move that
//! keeps the game-theoretic value, checked against an independent plain minimax.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ply::games::tictactoe::TicTacToe;
use ply::games::{Color, Game, GameResult, Move, StoneGame};
use ply::search::{search, tt::TranspositionTable, Limits, SearchParams, SearchRequest};

/// The eight lines of the board.
const L: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Value for the side to move: 1 win, 0 draw, -1 loss (plain minimax, no pruning).
fn value(board: &mut [u8; 9], side: u8, memo: &mut HashMap<([u8; 9], u8), i32>) -> i32 {
    if let Some(&v) = memo.get(&(*board, side)) {
        return v;
    }
    let other = 3 - side;
    let v = if L.iter().any(|l| l.iter().all(|&i| board[i] == other)) {
        -1
    } else if board.iter().all(|&c| c != 0) {
        0
    } else {
        let mut best = -2;
        for i in 0..9 {
            if board[i] == 0 {
                board[i] = side;
                best = best.max(-value(board, other, memo));
                board[i] = 0;
            }
        }
        best
    };
    memo.insert((*board, side), v);
    v
}

fn is_terminal(board: &[u8; 9]) -> bool {
    L.iter()
        .any(|l| board[l[0]] != 0 && l.iter().all(|&i| board[i] == board[l[0]]))
        || board.iter().all(|&c| c != 0)
}

fn collect(board: &mut [u8; 9], side: u8, seen: &mut HashMap<[u8; 9], u8>) {
    if seen.contains_key(board) {
        return;
    }
    seen.insert(*board, side);
    if is_terminal(board) {
        return;
    }
    for i in 0..9 {
        if board[i] == 0 {
            board[i] = side;
            collect(board, 3 - side, seen);
            board[i] = 0;
        }
    }
}

#[test]
fn every_reachable_position_gets_a_value_keeping_move() {
    let mut seen = HashMap::new();
    collect(&mut [0; 9], 1, &mut seen);
    let mut positions: Vec<([u8; 9], u8)> =
        seen.into_iter().filter(|(b, _)| !is_terminal(b)).collect();
    positions.sort();
    assert_eq!(positions.len(), 4520);

    let mut memo = HashMap::new();
    let mut tt = TranspositionTable::new(1 << 20);
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    for (board, side) in positions {
        // Stones arrive in square order, not play order: the engine must not care.
        let mut game = TicTacToe::new();
        for (i, &c) in board.iter().enumerate() {
            if c != 0 {
                game.place(
                    Move(i as u16),
                    if c == 1 { Color::Black } else { Color::White },
                );
            }
        }
        let to_move = if side == 1 {
            Color::Black
        } else {
            Color::White
        };
        game.set_side_to_move(to_move);
        assert!(game.result().is_none());

        let mut b = board;
        let want = value(&mut b, side, &mut memo);
        let params = SearchParams::new(Limits::new(Instant::now()), 1);
        tt.clear();
        let r = search(&game, SearchRequest::new(&params, &tt, &stop));
        let sq = r.best.index();
        assert!(
            sq < 9 && board[sq] == 0,
            "illegal move {:?} in {:?}",
            r.best,
            board
        );
        b[sq] = side;
        let got = -value(&mut b, 3 - side, &mut memo);
        assert_eq!(
            got, want,
            "position {board:?} side {side}: move {sq} gives {got}, best is {want}"
        );

        // The search's own verdict agrees with the true value.
        let verdict = if r.score > 0 {
            1
        } else if r.score < 0 {
            -1
        } else {
            0
        };
        assert_eq!(verdict, want, "score {} for {board:?}", r.score);
        checked += 1;
    }
    assert_eq!(checked, 4520);
}

#[test]
fn win_and_draw_detection() {
    let mut g = TicTacToe::new();
    for sq in [0, 3, 1, 4] {
        g.make(Move(sq));
    }
    assert_eq!(g.result(), None);
    g.make(Move(2));
    assert_eq!(g.result(), Some(GameResult::Loss));
    g.unmake();
    assert_eq!(g.side_to_move(), Color::Black);
    let mut d = TicTacToe::new();
    // X O X / X O O / O X X : a draw
    for (sq, c) in [
        (0, 1),
        (1, 2),
        (2, 1),
        (3, 1),
        (4, 2),
        (5, 2),
        (6, 2),
        (7, 1),
        (8, 1),
    ] {
        d.place(Move(sq), if c == 1 { Color::Black } else { Color::White });
    }
    assert_eq!(d.result(), Some(GameResult::Draw));
}
