//! The gomoku search plays soundly: it takes a win, stops a four, stops an open three,
//! never plays a renju-forbidden point, wins by pushing black onto one, and claims no
//! win through a renju four-three whose three is a false one.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ply::games::gomoku::{Gomoku, Rule};
use ply::games::{Color, Game, Move, MATE_BOUND};
use ply::search::{
    search, tt::TranspositionTable, Limits, SearchParams, SearchRequest, SearchResult,
};

fn board(rule: Rule, black: &[(usize, usize)], white: &[(usize, usize)], to_move: Color) -> Gomoku {
    let mut g = Gomoku::new(15, 15, rule).expect("board");
    for &(x, y) in black {
        g.place(Move::from_xy(x, y, 15), Color::Black);
    }
    for &(x, y) in white {
        g.place(Move::from_xy(x, y, 15), Color::White);
    }
    g.set_side_to_move(to_move);
    g
}

fn think(g: &Gomoku, depth: u32) -> SearchResult {
    let tt = TranspositionTable::new(8 << 20);
    let stop = AtomicBool::new(false);
    let params = SearchParams::new(Limits::depth(Instant::now(), depth), 1);
    search(g, SearchRequest::new(&params, &tt, &stop))
}

fn xy(m: Move) -> (usize, usize) {
    m.xy(15)
}

const ALL_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

#[test]
fn takes_a_win_instead_of_blocking() {
    for rule in ALL_RULES {
        // Black has an open four in row 7; white has four too. Black to move wins.
        let g = board(
            rule,
            &[(5, 7), (6, 7), (7, 7), (8, 7), (1, 1)],
            &[(5, 9), (6, 9), (7, 9), (8, 9)],
            Color::Black,
        );
        let r = think(&g, 4);
        assert!(
            [(4, 7), (9, 7)].contains(&xy(r.best)),
            "{rule:?}: {:?}",
            xy(r.best)
        );
        assert!(r.score > MATE_BOUND, "{rule:?}: score {}", r.score);
    }
}

#[test]
fn stops_a_four() {
    for rule in ALL_RULES {
        // White has a closed four (blocked at 4,9 by black); black must take 9,9.
        let g = board(
            rule,
            &[(4, 9), (7, 7), (8, 6)],
            &[(5, 9), (6, 9), (7, 9), (8, 9)],
            Color::Black,
        );
        let r = think(&g, 4);
        assert_eq!(xy(r.best), (9, 9), "{rule:?}");
    }
}

#[test]
fn stops_an_open_three() {
    for rule in ALL_RULES {
        // White has an open three in column 7; black has scattered stones, no threat.
        let g = board(
            rule,
            &[(3, 3), (11, 3), (3, 11), (10, 12)],
            &[(7, 6), (7, 7), (7, 8)],
            Color::Black,
        );
        let r = think(&g, 6);
        let (x, y) = xy(r.best);
        assert!(
            x == 7 && [4, 5, 9, 10].contains(&y),
            "{rule:?}: played {x},{y}"
        );
        // And after that move white has no forced win.
        let mut after = g.clone();
        after.make(r.best);
        let w = think(&after, 5);
        assert!(
            w.score < MATE_BOUND,
            "{rule:?}: white still wins after {x},{y}"
        );
    }
}

#[test]
fn renju_black_never_plays_a_forbidden_point_even_to_block() {
    // 7,7 is a double-three for black; white's four 7,8..7,11 can only be completed at
    // 7,7 (7,12 is black). Black cannot block: every move loses.
    let g = board(
        Rule::Renju,
        &[(5, 7), (6, 7), (5, 5), (6, 6), (7, 12)],
        &[(7, 8), (7, 9), (7, 10), (7, 11)],
        Color::Black,
    );
    assert!(g.is_forbidden(Move::from_xy(7, 7, 15)));
    let r = think(&g, 4);
    assert_ne!(xy(r.best), (7, 7));
    assert!(r.score < -MATE_BOUND, "black is lost: {}", r.score);
}

#[test]
fn renju_white_wins_by_pushing_black_onto_a_forbidden_point() {
    // Black on 7,6 (still a double three on 7,7 for black) keeps white from the plain
    // open four 7,7..7,10, which would win just as fast.
    let g = board(
        Rule::Renju,
        &[(5, 7), (6, 7), (5, 5), (6, 6), (7, 12), (7, 6)],
        &[(7, 8), (7, 9), (7, 10)],
        Color::White,
    );
    assert!(g.is_forbidden(Move::from_xy(7, 7, 15)));
    let r = think(&g, 4);
    // 7,11: white's four can then only be completed at 7,7.
    let (x, y) = xy(r.best);
    assert!((x, y) == (7, 11), "white plays {x},{y}");
    assert!(r.score > MATE_BOUND, "a forced win: {}", r.score);
}

#[test]
fn renju_black_claims_no_win_through_a_false_four_three() {
    // From a game against Rapfi (2026-11-30), black to move after 16 stones. Black's
    // 7,6 (h9) threatens a four-three on 7,12 whose three can only become a four with
    // one five square (the other makes an overline), so white need not answer it:
    // white's 8,5 (i10) wins. The search once took white's replies for defences only
    // and claimed a black win with 7,6 here (and lost the game with it).
    let g = board(
        Rule::Renju,
        &[
            (7, 7),
            (7, 9),
            (10, 9),
            (9, 10),
            (8, 11),
            (7, 11),
            (5, 7),
            (8, 8),
        ],
        &[
            (8, 9),
            (8, 4),
            (6, 6),
            (8, 10),
            (11, 8),
            (7, 5),
            (8, 6),
            (9, 6),
        ],
        Color::Black,
    );
    let r = think(&g, 10);
    assert!(
        r.score < MATE_BOUND,
        "a false win with {:?}: {}",
        xy(r.best),
        r.score
    );
    let mut after = g.clone();
    after.make(Move::from_xy(7, 6, 15));
    let w = think(&after, 10);
    assert!(w.score > MATE_BOUND, "white wins after 7,6: {}", w.score);
}

#[test]
fn search_is_deterministic() {
    let g = board(
        Rule::Freestyle,
        &[(7, 7), (8, 8), (6, 8)],
        &[(7, 8), (8, 7)],
        Color::White,
    );
    let a = think(&g, 6);
    let b = think(&g, 6);
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}

#[test]
fn lazy_smp_threads_share_the_work_and_agree_on_forced_moves() {
    // White to move must stop black's open three... and with a four on the board,
    // the only move is the block; with a win on the board, the win.
    let g = board(
        Rule::Freestyle,
        &[(5, 7), (6, 7), (7, 7), (8, 7), (1, 1)],
        &[(5, 9), (6, 9), (7, 9), (8, 9)],
        Color::Black,
    );
    let tt = TranspositionTable::new(8 << 20);
    let stop = AtomicBool::new(false);
    let params = SearchParams::new(Limits::depth(Instant::now(), 6), 1);
    let mut infos = 0;
    let r = search(
        &g,
        SearchRequest::new(&params, &tt, &stop)
            .threads(3)
            .on_info(&mut |_| infos += 1),
    );
    assert!([(4, 7), (9, 7)].contains(&xy(r.best)), "{:?}", xy(r.best));
    assert!(r.score > MATE_BOUND);

    // A quiet middle game: the main thread reaches the asked depth, reports every
    // iteration once, and the node count covers every thread.
    let g = board(
        Rule::Freestyle,
        &[(7, 7), (8, 7), (7, 8)],
        &[(8, 8), (6, 7)],
        Color::White,
    );
    let one = search(
        &g,
        SearchRequest::new(&params, &TranspositionTable::new(8 << 20), &stop),
    );
    let mut depths = Vec::new();
    let tt = TranspositionTable::new(8 << 20);
    let r = search(
        &g,
        SearchRequest::new(&params, &tt, &stop)
            .threads(3)
            .on_info(&mut |i| depths.push(i.depth)),
    );
    assert_eq!(r.depth, 6);
    assert_eq!(depths, (1..=6).collect::<Vec<_>>());
    assert!(r.nodes > 0 && r.best != Move::NONE);
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    assert!(legal.contains(&r.best));
    // Helpers searched too: more nodes in total than the main thread alone would
    // need is the usual case, but at least the main thread's share is counted.
    assert!(r.nodes >= one.nodes / 4, "{} vs {}", r.nodes, one.nodes);
}

#[test]
fn a_four_three_is_also_defended_by_a_counter_four() {
    // From a game against Rapfi (freestyle, white to move). Black's 10,11 would be a
    // four (column 10, five square 10,12) and a three (12,9 . 10,11 9,12). White's
    // 12,10 defends: after 10,11 the forced block on 10,12 makes a white four
    // (9,13 10,12 11,11 12,10), which wins the tempo to stop the three. The move
    // generator once offered only the squares on the threat's own lines, and the
    // search called the position lost (mate in 5).
    let black = [
        (7, 7),
        (10, 9),
        (9, 9),
        (8, 8),
        (6, 7),
        (10, 10),
        (9, 10),
        (8, 7),
        (8, 6),
        (9, 4),
        (8, 5),
        (5, 7),
        (7, 10),
        (9, 11),
        (8, 11),
        (9, 12),
        (10, 13),
        (12, 9),
    ];
    let white = [
        (8, 9),
        (6, 9),
        (7, 8),
        (6, 6),
        (9, 7),
        (11, 11),
        (9, 6),
        (9, 8),
        (9, 5),
        (8, 4),
        (7, 6),
        (4, 7),
        (8, 10),
        (8, 12),
        (7, 12),
        (9, 13),
        (11, 14),
    ];
    let g = board(Rule::Freestyle, &black, &white, Color::White);
    let mut moves = Vec::new();
    g.generate(&mut moves);
    assert!(
        moves.iter().any(|m| xy(m.mv) == (12, 10)),
        "12,10 not generated"
    );
    let r = think(&g, 6);
    assert!(r.score > -MATE_BOUND, "a lost position? score {}", r.score);
}
