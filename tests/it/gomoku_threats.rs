//! The threat classifier (`Gomoku::threat`): every direction, the board edges, and
//! the per-rule differences (overline, caro's blocked five, renju forbidden points).

use ply::games::gomoku::threat::{LineThreat, Threat};
use ply::games::gomoku::{Gomoku, Rule};
use ply::games::{Color, Move};

const N: usize = 15;
const RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];
/// Direction steps in the order of `SquareThreat::lines`.
const DIRS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn at(x: isize, y: isize) -> Move {
    assert!((0..N as isize).contains(&x) && (0..N as isize).contains(&y));
    Move::from_xy(x as usize, y as usize, N)
}

/// `c` stones at `from + k * dir` for each k in `ks`, one far white stone when
/// `c` is black (and vice versa), black to move.
fn line(rule: Rule, c: Color, from: (isize, isize), dir: (isize, isize), ks: &[isize]) -> Gomoku {
    let mut g = Gomoku::new(N, N, rule).expect("board");
    for &k in ks {
        g.place(at(from.0 + k * dir.0, from.1 + k * dir.1), c);
    }
    g
}

fn class(g: &Gomoku, sq: (isize, isize), c: Color) -> Threat {
    g.threat(at(sq.0, sq.1), c).expect("empty square").class
}

#[test]
fn open_shapes_in_every_direction() {
    let c = (7, 7);
    for rule in RULES {
        for (d, &dir) in DIRS.iter().enumerate() {
            for color in [Color::Black, Color::White] {
                let what = format!("{rule:?} {color:?} dir {dir:?}");
                let cases: [(&[isize], LineThreat, Threat); 4] = [
                    (&[1], LineThreat::OpenTwo, Threat::OpenTwo),
                    (&[1, 2], LineThreat::OpenThree, Threat::OpenThree),
                    (&[1, 2, 3], LineThreat::OpenFour, Threat::OpenFour),
                    (&[1, 2, 3, 4], LineThreat::Five, Threat::Five),
                ];
                for (ks, lt, cl) in cases {
                    let g = line(rule, color, c, dir, ks);
                    let t = g.threat(at(c.0, c.1), color).expect("empty");
                    assert_eq!(t.lines[d], lt, "{what} {ks:?}");
                    assert_eq!(t.class, cl, "{what} {ks:?}");
                    for (e, &l) in t.lines.iter().enumerate() {
                        if e != d {
                            // The stone alone on an empty line.
                            assert_eq!(l, LineThreat::OpenOne, "{what} other line {e}");
                        }
                    }
                    // The other colour gains nothing there: the square only stops.
                    assert_eq!(class(&g, c, color.other()), Threat::None, "{what}");
                }
                // A broken three: X . X X around the square is an open three too.
                let g = line(rule, color, c, dir, &[-2, 1]);
                let t = g.threat(at(c.0, c.1), color).expect("empty");
                assert_eq!(t.lines[d], LineThreat::OpenThree, "{what} broken three");
            }
        }
    }
}

#[test]
fn board_edges_close_the_shapes() {
    // The square on the edge, stones running inwards.
    let cases = [
        ((0, 7), (1, 0)),
        ((7, 0), (0, 1)),
        ((0, 0), (1, 1)),
        ((0, 14), (1, -1)),
    ];
    for rule in RULES {
        for (d, &(sq, dir)) in cases.iter().enumerate() {
            let what = format!("{rule:?} edge {sq:?}");
            let g = line(rule, Color::Black, sq, dir, &[1, 2, 3]);
            let t = g.threat(at(sq.0, sq.1), Color::Black).expect("empty");
            assert_eq!(t.lines[d], LineThreat::Four, "{what}");
            assert_eq!(t.class, Threat::Four, "{what}");
            let g = line(rule, Color::Black, sq, dir, &[1, 2]);
            let t = g.threat(at(sq.0, sq.1), Color::Black).expect("empty");
            assert_eq!(t.lines[d], LineThreat::Three, "{what}");
            assert_eq!(t.class, Threat::Three, "{what}");
            let g = line(rule, Color::Black, sq, dir, &[1, 2, 3, 4]);
            assert_eq!(class(&g, sq, Color::Black), Threat::Five, "{what}");
        }
    }
}

#[test]
fn overlines_per_rule() {
    // X . X X X X: the square makes six.
    let sq = (6, 7);
    for (rule, black, white) in [
        (Rule::Freestyle, Threat::Five, Threat::Five),
        (Rule::Standard, Threat::None, Threat::None),
        (Rule::Renju, Threat::Forbidden, Threat::Five),
        (Rule::Caro, Threat::Five, Threat::Five),
    ] {
        for (c, want) in [(Color::Black, black), (Color::White, white)] {
            let g = line(rule, c, sq, (1, 0), &[-1, 1, 2, 3, 4]);
            assert_eq!(class(&g, sq, c), want, "{rule:?} {c:?}");
        }
    }
}

#[test]
fn caro_five_blocked_at_both_ends_is_no_five() {
    // O X X X X . O with the square on the dot.
    for (rule, want) in [
        (Rule::Freestyle, Threat::Five),
        (Rule::Standard, Threat::Five),
        (Rule::Caro, Threat::None),
    ] {
        let mut g = line(rule, Color::Black, (7, 7), (1, 0), &[-4, -3, -2, -1]);
        g.place(at(2, 7), Color::White);
        g.place(at(8, 7), Color::White);
        assert_eq!(class(&g, (7, 7), Color::Black), want, "{rule:?}");
    }
}

#[test]
fn renju_forbidden_points_are_no_threats_for_black() {
    // Double three on (7,7): row (5,7),(6,7) and column (7,5),(7,6).
    let stones = [(5, 7), (6, 7), (7, 5), (7, 6)];
    for (rule, c, want) in [
        (Rule::Renju, Color::Black, Threat::Forbidden),
        (Rule::Renju, Color::White, Threat::ThreeThree),
        (Rule::Freestyle, Color::Black, Threat::ThreeThree),
    ] {
        let mut g = Gomoku::new(N, N, rule).expect("board");
        for &(x, y) in &stones {
            g.place(at(x, y), c);
        }
        assert_eq!(class(&g, (7, 7), c), want, "{rule:?} {c:?}");
    }
    // Double four on (7,7): row (4..=6, 7) and column (7, 4..=6), both blocked once.
    for (c, want) in [
        (Color::Black, Threat::Forbidden),
        (Color::White, Threat::OpenFour),
    ] {
        let mut g = Gomoku::new(N, N, Rule::Renju).expect("board");
        for &(x, y) in &[(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)] {
            g.place(at(x, y), c);
        }
        g.place(at(3, 7), c.other());
        g.place(at(7, 3), c.other());
        assert_eq!(class(&g, (7, 7), c), want, "{c:?}");
    }
}

#[test]
fn renju_three_whose_straight_four_squares_are_forbidden_is_no_open_three() {
    // Black (6,7),(7,7): (5,7) would make the three 5..7 whose straight-four squares
    // are (4,7) and (8,7). Both are made double-three points for black by extra
    // stones, so (5,7) makes only a (closed) three on the row.
    let black = [
        (6, 7),
        (7, 7),
        // (4,7): column (4,5),(4,6) and diagonal (2,5),(3,6).
        (4, 5),
        (4, 6),
        (2, 5),
        (3, 6),
        // (8,7): column (8,9),(8,10) and anti-diagonal (10,5),(9,6).
        (8, 9),
        (8, 10),
        (10, 5),
        (9, 6),
    ];
    let mut g = Gomoku::new(N, N, Rule::Renju).expect("board");
    for &(x, y) in &black {
        g.place(at(x, y), Color::Black);
    }
    g.place(at(0, 14), Color::White);
    let t = g.threat(at(5, 7), Color::Black).expect("empty");
    assert_eq!(t.lines[0], LineThreat::Three);
    // The premise: with black on (5,7) both straight-four squares are forbidden.
    let mut h = g.clone();
    h.place(at(5, 7), Color::Black);
    assert!(h.is_forbidden(at(4, 7)) && h.is_forbidden(at(8, 7)));
    // Without the stones that make (8,7) forbidden it is an open three again.
    let mut g2 = Gomoku::new(N, N, Rule::Renju).expect("board");
    for &(x, y) in &black[..6] {
        g2.place(at(x, y), Color::Black);
    }
    let t = g2.threat(at(5, 7), Color::Black).expect("empty");
    assert_eq!(t.lines[0], LineThreat::OpenThree);
    // For white's stones the same shape is an open three.
    let mut w = Gomoku::new(N, N, Rule::Renju).expect("board");
    for &(x, y) in &black {
        w.place(at(x, y), Color::White);
    }
    assert_eq!(
        w.threat(at(5, 7), Color::White).expect("empty").lines[0],
        LineThreat::OpenThree
    );
}
