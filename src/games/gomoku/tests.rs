use super::board::SIDE_KEY;
use super::movegen::threatens;
use super::pattern::{BLACK, P4_FIVE, WALL};
use super::policy::RAZOR_MARGIN;
use super::training::TrainingExt;
use super::*;
use crate::games::{Color, Game, GameResult, Move, ScoredMove, SearchPolicy};

const B: Color = Color::Black;
const W: Color = Color::White;

fn mv(g: &Gomoku, x: usize, y: usize) -> Move {
    Move::from_xy(x, y, g.width)
}

fn new(w: usize, h: usize, rule: Rule) -> Gomoku {
    Gomoku::new(w, h, rule).expect("valid size")
}

/// Board from rows: 'X' black, 'O' white, anything else empty. Black stones first,
/// then white; the side to move is set to `stm`.
fn from_rows(rule: Rule, rows: &[&str], stm: Color) -> Gomoku {
    // At least 15x15; the rows go to the top-left corner.
    let h = rows.len().max(15);
    let w = rows.iter().map(|r| r.len()).max().unwrap_or(0).max(15);
    let mut g = new(w, h, rule);
    for want in [b'X', b'O'] {
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.bytes().enumerate() {
                if ch == want {
                    let m = mv(&g, x, y);
                    g.place(m, if want == b'X' { B } else { W });
                }
            }
        }
    }
    g.set_side_to_move(stm);
    g
}

/// The state a freshly built board with the same stones would have.
fn check_consistent(g: &Gomoku) {
    let mut f = new(g.width, g.height, g.rule);
    f.cells.clone_from(&g.cells);
    f.init_state();
    let mut key = 0u64;
    let mut near = vec![0u8; g.cells.len()];
    for p in 0..g.cells.len() {
        let c = g.cells[p];
        if c == BLACK || c == pattern::WHITE {
            key ^= g.zob[p][(c - 1) as usize];
            let s = g.stride;
            for dy in 0..5 {
                for dx in 0..5 {
                    near[p - 2 * s - 2 + dy * s + dx] += 1;
                }
            }
        }
    }
    if g.stm == W {
        key ^= SIDE_KEY;
    }
    assert_eq!(g.key, key, "key");
    let cand: Vec<usize> = (0..g.cells.len())
        .filter(|&p| near[p] != 0 && g.cells[p] == EMPTY)
        .collect();
    let mut walked = Vec::new();
    g.for_each_candidate(|p, _| walked.push(p));
    assert_eq!(walked, cand, "candidates");
    for p in 0..g.cells.len() {
        match g.cells[p] {
            WALL => {}
            EMPTY => assert_eq!(g.info[p], f.info[p], "info at {p}"),
            _ => assert_eq!(g.info[p].keys, f.info[p].keys, "keys at {p}"),
        }
    }
    assert_eq!(g.tot_move, f.tot_move, "tot_move");
    assert_eq!(g.tot_wait, f.tot_wait, "tot_wait");
    assert_eq!(g.p4count, f.p4count, "p4count");
    f.stm = g.stm;
    assert_eq!(g.evaluate(), f.evaluate(), "evaluate");
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

// ---- construction -----------------------------------------------------------------

#[test]
fn sizes() {
    assert!(Gomoku::new(4, 15, Rule::Freestyle).is_err());
    assert!(Gomoku::new(15, 33, Rule::Freestyle).is_err());
    assert!(Gomoku::new(5, 5, Rule::Renju).is_ok());
    assert!(Gomoku::new(32, 32, Rule::Caro).is_ok());
    let g = new(7, 12, Rule::Standard);
    assert_eq!(g.dimensions(), (7, 12));
    assert_eq!(g.stone(Move(84)), None); // off board
}

#[test]
fn place_unmake_basics() {
    let mut g = new(15, 15, Rule::Freestyle);
    let k0 = g.key();
    assert_eq!(g.side_to_move(), B);
    g.make(mv(&g, 7, 7));
    assert_eq!(g.stone(mv(&g, 7, 7)), Some(B));
    assert_eq!(g.side_to_move(), W);
    assert_eq!(g.last_move(), Some((mv(&g, 7, 7), B)));
    assert_eq!(g.ply(), 1);
    assert!(g.try_place(mv(&g, 7, 7), W).is_err());
    assert!(g.try_place(Move(225), W).is_err());
    g.place(mv(&g, 0, 0), B); // set-up stone, same colour
    assert_eq!(g.side_to_move(), W);
    g.set_side_to_move(B);
    let kb = g.key();
    g.set_side_to_move(W);
    assert_ne!(kb, g.key());
    g.unmake();
    assert_eq!(g.side_to_move(), B);
    g.unmake();
    assert_eq!(g.side_to_move(), B);
    assert_eq!(g.key(), k0);
    assert_eq!(g.last_move(), None);
    g.unmake(); // no-op on an empty history
    check_consistent(&g);
}

// ---- win detection ----------------------------------------------------------------

/// Places `stones` of `color` then the last one; returns whether it won.
fn wins(g: &mut Gomoku, color: Color, stones: &[(usize, usize)]) -> bool {
    let (last, rest) = stones.split_last().expect("stones");
    for &(x, y) in rest {
        let m = mv(g, x, y);
        g.place(m, color);
        assert_eq!(g.result(), None, "premature result");
    }
    let m = mv(g, last.0, last.1);
    assert_eq!(g.wins_at(m, color), {
        let mut h = g.clone();
        h.place(m, color);
        h.result() == Some(GameResult::Loss)
    });
    g.place(m, color);
    g.result() == Some(GameResult::Loss)
}

fn line(x0: usize, y0: usize, dx: isize, dy: isize, n: usize) -> Vec<(usize, usize)> {
    (0..n as isize)
        .map(|i| {
            (
                (x0 as isize + i * dx) as usize,
                (y0 as isize + i * dy) as usize,
            )
        })
        .collect()
}

#[test]
fn five_in_all_directions() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        for color in [B, W] {
            for (x0, y0, dx, dy) in [(3, 3, 1, 0), (3, 3, 0, 1), (3, 3, 1, 1), (9, 3, -1, 1)] {
                let mut g = new(15, 15, rule);
                // completing stone in the middle of the line
                let mut s = line(x0, y0, dx, dy, 5);
                s.swap(2, 4);
                assert!(
                    wins(&mut g, color, &s),
                    "{rule:?} {color:?} dir ({dx},{dy})"
                );
                let mut g = new(15, 15, rule);
                assert!(!wins(&mut g, color, &line(x0, y0, dx, dy, 4)));
            }
        }
    }
}

#[test]
fn overline_per_rule() {
    // 6 in a row, the last stone in the middle.
    let mut s = line(2, 4, 1, 0, 6);
    s.swap(3, 5);
    let cases = [
        (Rule::Freestyle, B, true),
        (Rule::Freestyle, W, true),
        (Rule::Standard, B, false),
        (Rule::Standard, W, false),
        (Rule::Renju, W, true),
        (Rule::Caro, B, true),
        (Rule::Caro, W, true),
    ];
    for (rule, color, want) in cases {
        let mut g = new(15, 15, rule);
        assert_eq!(wins(&mut g, color, &s), want, "{rule:?} {color:?}");
    }
    // Renju black overline: forbidden, white wins.
    let mut g = new(15, 15, Rule::Renju);
    for &(x, y) in &s[..5] {
        let m = mv(&g, x, y);
        g.place(m, B);
    }
    g.place(mv(&g, s[5].0, s[5].1), B);
    assert_eq!(g.result(), Some(GameResult::Win));
}

#[test]
fn edges_corners_small_boards() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        // corner diagonals of a 5x5 board
        let mut g = new(5, 5, rule);
        assert!(wins(&mut g, W, &line(0, 0, 1, 1, 5)), "{rule:?}");
        let mut g = new(5, 5, rule);
        assert!(wins(&mut g, B, &line(4, 0, -1, 1, 5)), "{rule:?}");
        // rectangular 7x12: column along the right edge, row along the bottom
        let mut g = new(7, 12, rule);
        assert!(wins(&mut g, B, &line(6, 7, 0, 1, 5)));
        let mut g = new(7, 12, rule);
        assert!(wins(&mut g, W, &line(2, 11, 1, 0, 5)));
        let mut g = new(7, 12, rule);
        assert!(wins(&mut g, W, &line(6, 6, -1, 1, 5)));
    }
}

#[test]
fn caro_blocked_ends() {
    // blocked by opponent stones at both ends: no win
    let mut g = new(15, 15, Rule::Caro);
    g.place(mv(&g, 2, 5), W);
    g.place(mv(&g, 8, 5), W);
    assert!(!wins(&mut g, B, &line(3, 5, 1, 0, 5)));
    // one end open: win
    let mut g = new(15, 15, Rule::Caro);
    g.place(mv(&g, 2, 5), W);
    assert!(wins(&mut g, B, &line(3, 5, 1, 0, 5)));
    // edge + opponent: no win; edge + open: win
    let mut g = new(15, 15, Rule::Caro);
    g.place(mv(&g, 5, 0), B);
    assert!(!wins(&mut g, W, &line(0, 0, 1, 0, 5)));
    let mut g = new(15, 15, Rule::Caro);
    assert!(wins(&mut g, W, &line(0, 0, 1, 0, 5)));
    // whole 5-wide board: both ends are edges
    let mut g = new(5, 5, Rule::Caro);
    assert!(!wins(&mut g, B, &line(0, 2, 1, 0, 5)));
    let mut g = new(5, 5, Rule::Caro);
    assert!(!wins(&mut g, B, &line(0, 0, 1, 1, 5)));
    // vertical blocked by the bottom edge and a stone
    let mut g = new(7, 12, Rule::Caro);
    g.place(mv(&g, 3, 6), B);
    assert!(!wins(&mut g, W, &line(3, 7, 0, 1, 5)));
    // diagonal, one end open
    let mut g = new(15, 15, Rule::Caro);
    g.place(mv(&g, 1, 1), W);
    assert!(wins(&mut g, B, &line(2, 2, 1, 1, 5)));
    // overline wins even when blocked at both ends
    let mut g = new(15, 15, Rule::Caro);
    g.place(mv(&g, 1, 3), W);
    g.place(mv(&g, 8, 3), W);
    let mut s = line(2, 3, 1, 0, 6);
    s.swap(2, 5);
    assert!(wins(&mut g, B, &s));
}

#[test]
fn draw_on_full_board() {
    let mut g = new(5, 5, Rule::Freestyle);
    // a pattern without five: rows alternate pairs
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    for (y, r) in rows.iter().enumerate() {
        for (x, ch) in r.bytes().enumerate() {
            let m = mv(&g, x, y);
            g.place(m, if ch == b'X' { B } else { W });
        }
    }
    assert_eq!(g.result(), Some(GameResult::Draw));
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    assert!(v.is_empty());
}

// ---- set-up positions (BOARD, FEN): a position, not a game record ------------------

/// `stones` set up in the order given, the incremental state checked after each.
fn set_up_all(w: usize, h: usize, rule: Rule, stones: &[(usize, usize, Color)]) -> Gomoku {
    let mut g = new(w, h, rule);
    for &(x, y, c) in stones {
        let m = mv(&g, x, y);
        g.set_up(m, c).expect("empty square");
        check_consistent(&g);
    }
    g
}

/// Some orders of `v`: as given, reversed, rotated, and a few shuffles.
fn orders<T: Copy>(v: &[T], rng: &mut Rng) -> Vec<Vec<T>> {
    let mut out = vec![v.to_vec(), v.iter().rev().copied().collect()];
    let mut r = v.to_vec();
    r.rotate_left(v.len() / 3);
    out.push(r);
    for _ in 0..4 {
        let mut s = v.to_vec();
        for i in (1..s.len()).rev() {
            s.swap(i, rng.below(i + 1));
        }
        out.push(s);
    }
    out
}

#[test]
fn renju_set_up_never_judges_a_stone_forbidden() {
    // Black's 7,7 makes a double three when played after the other black stones (the
    // issue's example): as a game record that is black's loss; as a position it is
    // a stone like any other.
    let stones = [
        (5, 7, B),
        (0, 0, W),
        (6, 7, B),
        (14, 0, W),
        (7, 5, B),
        (0, 14, W),
        (7, 6, B),
        (14, 14, W),
        (7, 7, B),
        (1, 1, W),
    ];
    let mut played = new(15, 15, Rule::Renju);
    for &(x, y, c) in &stones[..9] {
        let m = mv(&played, x, y);
        played.place(m, c);
    }
    assert_eq!(
        played.result(),
        Some(GameResult::Win),
        "forbidden when played"
    );
    let mut rng = Rng(0x5e70_0b0a_4d00_0001);
    let mut reference = set_up_all(15, 15, Rule::Renju, &stones);
    reference.set_side_to_move(B);
    for order in orders(&stones, &mut rng) {
        let mut g = set_up_all(15, 15, Rule::Renju, &order);
        g.set_side_to_move(B);
        assert_eq!(g.result(), None, "{order:?}");
        assert_eq!(g.key(), reference.key());
        assert_eq!(g.forbidden_points(), reference.forbidden_points());
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        assert_eq!(
            legal.len(),
            15 * 15 - stones.len() - g.forbidden_points().len()
        );
        assert!(!gen(&g).is_empty());
        // Moves played after the set-up are judged: a forbidden point stays illegal.
        for f in g.forbidden_points() {
            assert!(!legal.contains(&f));
        }
    }
}

#[test]
fn set_up_winning_lines_per_rule_in_any_order() {
    // Exactly the rule's wins, read from the board: compare with `wins_at` of each
    // stone taken off (a line wins iff one of its stones, put back, wins).
    let mut rng = Rng(0x5e70_0b0a_4d00_0002);
    let mut seen = [0usize; 2];
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        for round in 0..60 {
            let (w, h) = if round % 2 == 0 { (9, 9) } else { (7, 11) };
            let n = 25 + rng.below(30);
            let mut stones = Vec::new();
            let mut taken = vec![false; w * h];
            while stones.len() < n {
                let (x, y) = (rng.below(w), rng.below(h));
                if !taken[y * w + x] {
                    taken[y * w + x] = true;
                    // Runs of one colour are likelier with a bias.
                    let c = if (rng.below(3) == 0) == (round % 4 < 2) {
                        W
                    } else {
                        B
                    };
                    stones.push((x, y, c));
                }
            }
            let mut want = [false; 2];
            for (i, &(x, y, c)) in stones.iter().enumerate() {
                let mut others = stones.clone();
                others.remove(i);
                let g = set_up_all(w, h, rule, &others);
                if g.wins_at(mv(&g, x, y), c) {
                    want[c.index()] = true;
                }
            }
            for order in orders(&stones, &mut rng) {
                let g = set_up_all(w, h, rule, &order);
                assert_eq!(g.line_winners(), want, "{rule:?} {order:?}");
                assert_eq!(g.result().is_some(), want[0] || want[1]);
            }
            for c in 0..2 {
                seen[c] += want[c] as usize;
            }
        }
    }
    // The positions did test both answers.
    assert!(seen[0] > 10 && seen[1] > 10, "{seen:?}");
}

#[test]
fn set_up_results_follow_the_board_when_stones_are_taken_back() {
    // Standard: a black six is no win; take an end stone back and the five wins.
    let mut s: Vec<(usize, usize, Color)> = line(2, 4, 1, 0, 6)
        .into_iter()
        .map(|(x, y)| (x, y, B))
        .collect();
    s.extend([(0, 0, W), (0, 2, W), (0, 4, W), (0, 6, W), (0, 8, W)]);
    s.swap(5, 10);
    let mut g = set_up_all(15, 15, Rule::Standard, &s);
    g.set_side_to_move(W);
    assert_eq!(g.result(), None);
    g.unmake();
    g.set_side_to_move(W);
    assert_eq!(g.result(), Some(GameResult::Loss));
    g.set_side_to_move(B);
    assert_eq!(g.result(), Some(GameResult::Win));
    check_consistent(&g);
    // Renju: black's six is no win, white's six is.
    let g = set_up_all(15, 15, Rule::Renju, &s);
    assert_eq!(g.line_winners(), [false, false]);
    let w6: Vec<_> = s.iter().map(|&(x, y, c)| (x, y, c.other())).collect();
    let g = set_up_all(15, 15, Rule::Renju, &w6);
    assert_eq!(g.line_winners(), [false, true]);
    // Caro: a five blocked at both ends is no win.
    let mut c5: Vec<_> = line(3, 5, 1, 0, 5)
        .into_iter()
        .map(|(x, y)| (x, y, B))
        .collect();
    c5.extend([(8, 5, W), (2, 5, W)]);
    assert_eq!(
        set_up_all(15, 15, Rule::Caro, &c5).line_winners(),
        [false, false]
    );
    c5.pop();
    assert_eq!(
        set_up_all(15, 15, Rule::Caro, &c5).line_winners(),
        [true, false]
    );
}

// ---- renju ------------------------------------------------------------------------

#[test]
fn renju_rule_cases_json() {
    let text = include_str!("../../../tests/data/renju-rule-cases.json");
    let data: serde_json::Value = serde_json::from_str(text).expect("json");
    let cases = data["cases"].as_array().expect("cases");
    assert!(!cases.is_empty());
    let xy = |v: &serde_json::Value| {
        (
            v[0].as_u64().expect("x") as usize,
            v[1].as_u64().expect("y") as usize,
        )
    };
    for case in cases {
        let name = case["name"].as_str().unwrap_or("?");
        let mut g = new(15, 15, Rule::Renju);
        for (key, color) in [("black", B), ("white", W)] {
            for s in case[key].as_array().expect("stones") {
                let (x, y) = xy(s);
                let m = mv(&g, x, y);
                g.place(m, color);
            }
        }
        let color = match case["move"]["color"].as_str() {
            Some("black") => B,
            _ => W,
        };
        let (x, y) = xy(&case["move"]["at"]);
        let m = mv(&g, x, y);
        if let Some(legal) = case["legal"].as_bool() {
            let forbidden = color == B && g.is_forbidden(m);
            assert_eq!(!forbidden, legal, "{name}: legal");
            assert_eq!(g.forbidden_points().contains(&m), color == B && !legal);
        }
        let want_win = case["win"].as_bool().expect("win");
        assert_eq!(g.wins_at(m, color), want_win, "{name}: win");
        g.set_side_to_move(color);
        g.make(m);
        let want = if want_win {
            Some(GameResult::Loss)
        } else if color == B && case["legal"].as_bool() == Some(false) {
            Some(GameResult::Win)
        } else {
            None
        };
        assert_eq!(g.result(), want, "{name}: result");
        check_consistent(&g);
    }
}

fn forbidden_at(rows: &[&str], x: usize, y: usize) -> bool {
    let g = from_rows(Rule::Renju, rows, B);
    g.is_forbidden(mv(&g, x, y))
}

#[test]
fn renju_constructed() {
    // double-four in one line: X.XXX.X with the middle square empty
    assert!(forbidden_at(&["...............", "...X.X.X.X....."], 6, 1));
    // single fours / nothing
    assert!(!forbidden_at(&["...............", "..XX...XX......"], 5, 1));
    assert!(!forbidden_at(&["...............", "..XX.X..XX....."], 7, 1));
    // XX.X.XX with p in the middle: XX.XXXX, one four (the other end is an overline)
    assert!(!forbidden_at(&["..XX.X.XX......"], 6, 0));
    // XX.XX.XX and XXX.X.XXX: two fours in one line
    assert!(forbidden_at(&["..XX.X..XX....."], 6, 0));
    assert!(forbidden_at(&["XXX...XXX......"], 4, 0));
    // overline
    assert!(forbidden_at(&["..XXX.XX......."], 5, 0));
    // exactly five beats an overline elsewhere
    assert!(!forbidden_at(
        &[
            ".....X.........",
            ".....X.........",
            ".....X.........",
            ".....X.........",
            "..XXX.XX.......",
        ],
        5,
        4
    ));
    // plain double three
    assert!(forbidden_at(
        &[
            "...............",
            "...............",
            "....X..........",
            "....X..........",
            "..XX...........",
            "..............."
        ],
        4,
        4
    ));
    // a three blocked by white cannot become a straight four: not a three
    assert!(!forbidden_at(
        &[
            "...............",
            "...............",
            "....X..........",
            "....X..........",
            ".OXX...........",
            "..............."
        ],
        4,
        4
    ));
    // blocked vertically at the far end: O above
    assert!(!forbidden_at(
        &[
            "...............",
            "....O..........",
            "....X..........",
            "....X..........",
            "..XX...........",
            "..............."
        ],
        4,
        4
    ));
    // split three X.X with p making X.XX: still a three -> double three
    assert!(forbidden_at(
        &[
            "...............",
            "....X..........",
            "...............",
            "....X..........",
            "..XX...........",
            "..............."
        ],
        4,
        4
    ));
    // four-three is allowed, four-four (two lines) is not
    assert!(!forbidden_at(
        &[
            "....X..........",
            "....X..........",
            "....X..........",
            "...............",
            ".XX............",
            "..............."
        ],
        4,
        3
    ));
    assert!(!forbidden_at(
        &[
            "....X..........",
            "....X..........",
            "....X..........",
            "...............",
            "XXX............",
            "..............."
        ],
        4,
        3
    ));
    assert!(forbidden_at(
        &[
            "....X..........",
            "....X..........",
            "....X..........",
            ".XXX...........",
            "..............."
        ],
        4,
        3
    ));
    // white is never forbidden; other rules have no forbidden points
    let g = from_rows(Rule::Freestyle, &["...X.X.X.X....."], B);
    assert!(!g.is_forbidden(mv(&g, 6, 0)));
    assert!(g.forbidden_points().is_empty());
}

/// The table filter never hides a forbidden point.
#[test]
fn table_filters_are_supersets() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut checked = 0;
    let rules = [Rule::Renju, Rule::Freestyle, Rule::Standard, Rule::Caro];
    for i in 0..600 {
        let rule = rules[(i / 150) % 4];
        let mut g = new(15, 15, rule);
        let n = 10 + rng.below(50);
        for _ in 0..n {
            let x = 3 + rng.below(9);
            let y = 3 + rng.below(9);
            let m = mv(&g, x, y);
            if g.stone(m).is_none() {
                let c = if rng.below(3) == 0 { W } else { B };
                g.place(m, c);
            }
        }
        for p in 0..g.cells.len() {
            if g.cells[p] == EMPTY && rule == Rule::Renju {
                let exact = g.forbidden_unfiltered(p);
                assert_eq!(exact, g.forbidden_at(p), "{g:?} at {:?}", g.move_of(p));
                if exact {
                    checked += 1;
                    assert!(g.combo(p, 0).maybe_forbidden, "{g:?} at {:?}", g.move_of(p));
                }
            }
            if g.cells[p] == EMPTY {
                for c in [B, W] {
                    if rules::wins_at(&g.cells, g.dirs, g.rule, c.index() as u8 + 1, p) {
                        assert_eq!(g.combo(p, c.index()).p4, P4_FIVE, "{rule:?}");
                    }
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} forbidden squares seen");
}

// ---- generate ---------------------------------------------------------------------

fn gen(g: &Gomoku) -> Vec<ScoredMove> {
    let mut v = Vec::new();
    g.generate(&mut v);
    v
}

#[test]
fn generate_empty_board_centre() {
    let g = new(15, 15, Rule::Freestyle);
    let v = gen(&g);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].mv, mv(&g, 7, 7));
    let g = new(8, 6, Rule::Renju);
    assert_eq!(gen(&g)[0].mv, mv(&g, 4, 3));
}

#[test]
fn generate_takes_win_and_blocks() {
    // white to move, white has four, black has four: white wins
    let g = from_rows(
        Rule::Freestyle,
        &[
            "...............",
            ".XXXX..........",
            ".OOOO..........",
            "...............",
        ],
        W,
    );
    let v = gen(&g);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].mv, mv(&g, 0, 2));
    // black to move without own four must block white's four
    let g = from_rows(
        Rule::Freestyle,
        &[
            "...............",
            ".XXX...........",
            "OOOO...........",
            "...............",
        ],
        B,
    );
    let v = gen(&g);
    assert_eq!(
        v.iter().map(|s| s.mv).collect::<Vec<_>>(),
        vec![mv(&g, 4, 2)]
    );
    // open four: two blocks
    let g = from_rows(
        Rule::Freestyle,
        &[
            "...............",
            ".XXX...........",
            "..OOOO.........",
            "...............",
        ],
        B,
    );
    let v = gen(&g);
    assert_eq!(
        v.iter().map(|s| s.mv).collect::<Vec<_>>(),
        vec![mv(&g, 1, 2), mv(&g, 6, 2)]
    );
    // standard: a "four" that would only make an overline is no threat
    let g = from_rows(
        Rule::Standard,
        &[
            "...............",
            "..X.X..........",
            "O.OOOO.........",
            "...............",
        ],
        B,
    );
    let v = gen(&g);
    assert_eq!(
        v.iter().map(|s| s.mv).collect::<Vec<_>>(),
        vec![mv(&g, 6, 2)]
    );
}

#[test]
fn generate_renju_forbidden_block_is_empty() {
    // white four . OOOO at row 4 must be blocked at (4,4)? no: at (0,4)... build it so
    // the only block (6,4) is a black double-three.
    let rows = [
        "...............",
        "...............",
        "......X........",
        "......X........",
        "..OOOO.........",
        ".......X.......",
        "........X......",
    ];
    // white OOOO at x=2..5 on row 4: ends at x=1 and x=6. Put black at x=1.
    let mut g = from_rows(Rule::Renju, &rows, B);
    g.place(mv(&g, 1, 4), B);
    g.set_side_to_move(B);
    assert!(g.is_forbidden(mv(&g, 6, 4)));
    assert!(gen(&g).is_empty());
    // the same for white to move: white wins at (6,4)
    g.set_side_to_move(W);
    let v = gen(&g);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].mv, mv(&g, 6, 4));
    // without the black stone on (1,4): white wins at the lowest index (1,4)
    let g = from_rows(Rule::Renju, &rows, W);
    let v = gen(&g);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].mv, mv(&g, 1, 4));
    // black to move there: two blocks, but (6,4) is forbidden -> only (1,4)
    let g = from_rows(Rule::Renju, &rows, B);
    let v = gen(&g);
    assert_eq!(
        v.iter().map(|s| s.mv).collect::<Vec<_>>(),
        vec![mv(&g, 1, 4)]
    );
}

#[test]
fn generate_never_forbidden_for_black() {
    let mut rng = Rng(77);
    for _ in 0..200 {
        let mut g = new(15, 15, Rule::Renju);
        for _ in 0..(5 + rng.below(40)) {
            let m = mv(&g, 3 + rng.below(9), 3 + rng.below(9));
            if g.stone(m).is_none() {
                g.place(m, if rng.below(3) == 0 { W } else { B });
            }
        }
        if g.result().is_some() {
            continue;
        }
        g.set_side_to_move(B);
        let fp = g.forbidden_points();
        for s in gen(&g) {
            assert!(!fp.contains(&s.mv));
            assert!(g.stone(s.mv).is_none());
        }
        let mut lm = Vec::new();
        g.legal_moves(&mut lm);
        assert!(lm.windows(2).all(|w| w[0] < w[1]));
        assert!(lm.iter().all(|m| !fp.contains(m)));
    }
}

// ---- incremental consistency ------------------------------------------------------

#[test]
fn random_games_incremental_consistency() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let configs = [
        (15, 15, Rule::Freestyle),
        (15, 15, Rule::Renju),
        (15, 15, Rule::Standard),
        (20, 20, Rule::Caro),
        (7, 12, Rule::Renju),
        (5, 5, Rule::Caro),
        (32, 32, Rule::Freestyle),
        (13, 6, Rule::Standard),
    ];
    for &(w, h, rule) in &configs {
        for _ in 0..6 {
            let mut g = new(w, h, rule);
            let mut keys = vec![g.key()];
            let mut evals = vec![g.evaluate()];
            let mut moves = Vec::new();
            let mut steps = 0;
            while steps < 120 {
                steps += 1;
                if g.result().is_some() || (!moves.is_empty() && rng.below(5) == 0) {
                    g.unmake();
                    moves.pop();
                    keys.pop();
                    evals.pop();
                    assert_eq!(Some(&g.key()), keys.last());
                    assert_eq!(Some(&g.evaluate()), evals.last());
                    check_consistent(&g);
                    continue;
                }
                let mut v = Vec::new();
                if rng.below(2) == 0 {
                    g.generate(&mut v);
                } else {
                    let mut l = Vec::new();
                    g.legal_moves(&mut l);
                    v = l
                        .into_iter()
                        .map(|mv| ScoredMove { mv, score: 0 })
                        .collect();
                }
                if v.is_empty() {
                    if moves.is_empty() {
                        break;
                    }
                    g.unmake();
                    moves.pop();
                    keys.pop();
                    evals.pop();
                    continue;
                }
                let m = v[rng.below(v.len())].mv;
                let after = g.key_after(m);
                g.make(m);
                assert_eq!(after, Some(g.key()), "key_after");
                moves.push(m);
                keys.push(g.key());
                let e = g.evaluate();
                assert!(e.abs() <= EVAL_LIMIT);
                evals.push(e);
                check_consistent(&g);
            }
            while !moves.is_empty() {
                g.unmake();
                moves.pop();
            }
            check_consistent(&g);
            assert_eq!(g.key(), 0);
            assert_eq!(g.tot_move, new(w, h, rule).tot_move);
        }
    }
}

#[test]
fn evaluation_sign() {
    // Black has an open three, white nothing much: good for black to move.
    let g = from_rows(
        Rule::Freestyle,
        &[
            "...............",
            "...............",
            "....XXX........",
            "...............",
            "......O...O....",
        ],
        B,
    );
    assert!(g.evaluate() > 0);
    let mut h = g.clone();
    h.set_side_to_move(W);
    assert!(h.evaluate() < g.evaluate());
}

#[test]
fn razoring_only_near_the_leaves_and_only_where_measured() {
    for rule in [Rule::Freestyle, Rule::Renju] {
        let g = new(15, 15, rule);
        assert_eq!(GomokuPolicy::default().razor_margin(&g, 0), None);
        assert_eq!(
            GomokuPolicy::default().razor_margin(&g, 1),
            Some(RAZOR_MARGIN)
        );
        assert_eq!(
            GomokuPolicy::default().razor_margin(&g, 2),
            Some(2 * RAZOR_MARGIN)
        );
        assert_eq!(GomokuPolicy::default().razor_margin(&g, 3), None);
    }
    for rule in [Rule::Standard, Rule::Caro] {
        let g = new(15, 15, rule);
        assert!(
            (0..8).all(|d| GomokuPolicy::default().razor_margin(&g, d).is_none()),
            "{rule:?}"
        );
    }
}

// ---- speed ------------------------------------------------------------------------

#[test]
fn speed_report() {
    use std::time::Instant;
    for rule in [Rule::Freestyle, Rule::Renju] {
        let mut g = new(15, 15, rule);
        let mut rng = Rng(99);
        // a middle-game position
        for _ in 0..30 {
            let v = gen(&g);
            if v.is_empty() || g.result().is_some() {
                break;
            }
            g.make(v[rng.below(v.len())].mv);
        }
        let mut v = Vec::new();
        g.generate(&mut v);
        let moves: Vec<Move> = v.iter().map(|s| s.mv).collect();
        let n = 2_000_000 / moves.len().max(1);
        let t = Instant::now();
        let mut sink = 0i64;
        for _ in 0..n {
            for &m in &moves {
                g.make(m);
                sink += g.evaluate() as i64;
                g.unmake();
            }
        }
        let mu = t.elapsed().as_nanos() as f64 / (n * moves.len()) as f64;
        let t = Instant::now();
        let reps = 200_000;
        let mut out = Vec::with_capacity(256);
        for _ in 0..reps {
            out.clear();
            g.generate(&mut out);
            sink += out.len() as i64;
        }
        let gn = t.elapsed().as_nanos() as f64 / reps as f64;
        println!(
            "{rule:?} 15x15 ply {}: make+eval+unmake {mu:.1} ns, generate ({} moves) {gn:.0} ns [{sink}]",
            g.ply(),
            moves.len()
        );
    }
}

#[test]
fn speed_forbidden_check() {
    let rows = [
        "......X.OOXX...",
        "........O...X..",
        ".....X.........",
        "......O..X.....",
        "........XO.X...",
        "....OX.O...OO..",
        "......OOO......",
        ".......X..X.O..",
        "....O........X.",
        "..........XX...",
        ".........O.....",
        ".............X.",
    ];
    let g = from_rows(Rule::Renju, &rows, B);
    let m = mv(&g, 10, 8);
    let t = std::time::Instant::now();
    let mut k = 0;
    for _ in 0..100_000 {
        k += g.is_forbidden(m) as usize;
    }
    println!(
        "forbidden check {:?} ns [{k}]",
        t.elapsed().as_nanos() / 100_000
    );
}

#[test]
fn caro_five_defences_include_the_square_past_the_end() {
    // Caro: O X X X X . . : the five at (7,7) is killed by taking it or by a stone
    // on (8,7), which would leave it blocked at both ends. Freestyle: only (7,7).
    for (rule, want) in [
        (Rule::Caro, vec![(7, 7), (8, 7)]),
        (Rule::Freestyle, vec![(7, 7)]),
        (Rule::Standard, vec![(7, 7)]),
    ] {
        let mut g = from_rows(rule, &["", "", "", "", "", "", "", "..OXXXX"], W);
        let f7 = g.pos(7, 7);
        let mut fives = threat::Squares::new();
        g.fives_through(g.pos(6, 7), B, &mut fives);
        assert_eq!(fives.as_slice(), &[f7 as u16], "{rule:?}");
        let mut d = threat::Squares::new();
        g.five_defences(fives.as_slice(), W, &mut d);
        let got: Vec<(usize, usize)> = d
            .as_slice()
            .iter()
            .map(|&p| {
                let m = g.move_of(p as usize);
                (m.index() % g.width, m.index() / g.width)
            })
            .collect();
        assert_eq!(got, want, "{rule:?}");
    }
}

fn gen_xy(g: &Gomoku) -> Vec<(usize, usize)> {
    gen(g)
        .iter()
        .map(|m| (m.mv.index() % g.width, m.mv.index() / g.width))
        .collect()
}

#[test]
fn generate_against_an_open_three_only_defences_and_fours() {
    // White: open three (5..=7, 7). Black: a closed three (10, 2..=4) blocked at
    // (10,1), so black's fours are (10,5) and (10,6); plus a loose stone (2,12).
    for rule in [Rule::Freestyle, Rule::Renju] {
        let g = from_rows(
            rule,
            &[
                "",
                "..........O",
                "..........X",
                "..........X",
                "..........X",
                "",
                "",
                ".....OOO",
                "",
                "",
                "",
                "",
                "..X",
            ],
            B,
        );
        // Only the two open-four squares spoil both of them: a stone past an end
        // ((3,7) or (9,7)) leaves the other end's open four. Plus black's fours.
        assert_eq!(
            gen_xy(&g),
            vec![(10, 5), (10, 6), (4, 7), (8, 7)],
            "{rule:?}"
        );
    }
    // A split three O.OO with room: its open-four square (6,7) and both ends, which
    // each leave it a closed four at most; a square past an end does not.
    for rule in [Rule::Freestyle, Rule::Renju] {
        let g = from_rows(
            rule,
            &["", "", "", "", "", "", "", ".....O.OO", "", "", "..X"],
            B,
        );
        assert_eq!(gen_xy(&g), vec![(4, 7), (6, 7), (9, 7)], "{rule:?}");
    }
}

#[test]
fn generate_ignores_a_four_three_whose_three_only_makes_an_overline() {
    // Black's (7,12) makes a four on the diagonal (7,12)..(10,9), blocked at (11,8),
    // and what the tables read as a three in column 7: X X . X . X X from (7,6). A
    // stone on (7,8) or (7,10) leaves at most one five square, the other making seven
    // in a row, and (7,5) is white. Where an overline does not win (standard, renju
    // black) that is no three and (7,12) no threat, so white's moves are not cut down
    // to defences: (6,6) stays. In freestyle the three is real.
    let rows = [
        "",
        "",
        "",
        "",
        "",
        ".......O",
        ".......X",
        ".......X",
        "...........O",
        ".......X..X",
        ".........X",
        ".......XX",
    ];
    let quiet = (6, 6);
    for rule in [Rule::Standard, Rule::Renju] {
        let g = from_rows(rule, &rows, W);
        let p = g.pos(7, 12);
        assert!(
            threatens(g.combo(p, B.index()).p4),
            "{rule:?}: the tables see one"
        );
        assert!(g.legal_for(p, B), "{rule:?}");
        assert!(!g.real_threat(p, B), "{rule:?}");
        assert!(gen_xy(&g).contains(&quiet), "{rule:?}");
    }
    let g = from_rows(Rule::Freestyle, &rows, W);
    assert!(g.real_threat(g.pos(7, 12), B));
    assert!(!gen_xy(&g).contains(&quiet));
}

#[test]
fn generate_caro_blocks_past_the_end() {
    // Caro: O X X X X . . : white may block at (7,7) or at (8,7).
    let g = from_rows(Rule::Caro, &["", "", "", "", "", "", "", "..OXXXX"], W);
    assert_eq!(gen_xy(&g), vec![(7, 7), (8, 7)]);
    let g = from_rows(Rule::Freestyle, &["", "", "", "", "", "", "", "..OXXXX"], W);
    assert_eq!(gen_xy(&g), vec![(7, 7)]);
}

#[test]
fn generate_orders_wins_then_fours_then_threes_by_rule() {
    let sorted = |v: &[(usize, usize)]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    let fours = vec![(3, 7), (9, 7), (10, 5), (10, 6)];
    for rule in [Rule::Standard, Rule::Caro] {
        let xy = ordered_moves(rule);
        assert_eq!(sorted(&xy[..2]), vec![(4, 7), (8, 7)], "{rule:?}");
        assert_eq!(sorted(&xy[2..6]), fours, "{rule:?}");
        assert_eq!(sorted(&xy[6..8]), vec![(8, 6), (9, 5)], "{rule:?}");
    }
    // Freestyle and renju: no tier but the winning one; here the plain fours rank
    // by their values above the threes, and both above every other move.
    let threes = vec![(8, 6), (9, 5)];
    for rule in [Rule::Freestyle, Rule::Renju] {
        let xy = ordered_moves(rule);
        assert_eq!(sorted(&xy[..2]), vec![(4, 7), (8, 7)], "{rule:?}");
        assert_eq!(sorted(&xy[2..6]), fours, "{rule:?}");
        assert_eq!(sorted(&xy[6..8]), threes, "{rule:?}");
    }
}

/// The moves generated for black, best first (ties by square), where black has
/// an open three (5..=7, 7) with open-four squares (4,7), (8,7), and a closed three
/// (10, 2..=4) with fours at (10,5), (10,6); white is quiet.
fn ordered_moves(rule: Rule) -> Vec<(usize, usize)> {
    let g = from_rows(
        rule,
        &[
            "",
            "..........O",
            "..........X",
            "..........X",
            "..........X",
            "",
            "",
            ".....XXX",
            "",
            "",
            "",
            "",
            "",
            "O",
        ],
        B,
    );
    let mut l = gen(&g);
    l.sort_by(|a, b| b.score.cmp(&a.score).then(a.mv.cmp(&b.mv)));
    l.iter()
        .map(|m| (m.mv.index() % g.width, m.mv.index() / g.width))
        .collect()
}

/// The trainer's features times the weights in use are the evaluation (before its
/// clamp): exactly with trained weights; with the hand table up to its rounding of
/// the waiting side's line sum (at most 3 per empty square).
#[test]
fn eval_features_reproduce_the_evaluation() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        let mut g = new(15, 15, rule);
        let mut seed = 11u64;
        for _ in 0..40 {
            let mut list = Vec::new();
            g.generate(&mut list);
            if list.is_empty() || g.result().is_some() {
                break;
            }
            let k = (crate::games::splitmix64(&mut seed) % list.len().min(6) as u64) as usize;
            list.sort_by_key(|m| (std::cmp::Reverse(m.score), m.mv));
            g.make(list[k].mv);
            let f = g.eval_features();
            let w: Vec<i32> = [0, 1]
                .iter()
                .flat_map(|&c| {
                    eval::trained_weights(rule, c)
                        .unwrap_or_else(pattern::hand_weights)
                        .map(i32::from)
                })
                .collect();
            let dot: i32 = f.iter().zip(&w).map(|(&x, &y)| x as i32 * y).sum();
            let e = g.evaluate();
            if e.abs() == EVAL_LIMIT {
                continue;
            }
            let trained = eval::trained_weights(rule, 0).is_some();
            let empties = (15 * 15 - g.ply()) as i32;
            let tolerance = if trained { 0 } else { 3 * empties };
            assert!(
                (dot - e).abs() <= tolerance,
                "{rule:?} ply {}: features {dot}, evaluate {e}",
                g.ply()
            );
        }
    }
}

#[test]
fn multiset_ranks_every_combination_of_four_patterns_once() {
    use pattern::{multiset, NCOMBO, NMULTI, NPAT};
    let mut seen = vec![false; NMULTI];
    for code in 0..NCOMBO {
        let mut p = [0u8; 4];
        let mut x = code;
        for slot in p.iter_mut() {
            *slot = (x % NPAT) as u8;
            x /= NPAT;
        }
        let m = multiset(p);
        assert!(m < NMULTI);
        // The order of the four lines does not matter.
        assert_eq!(multiset([p[3], p[1], p[0], p[2]]), m);
        let mut s = p;
        s.sort_unstable();
        if s == p {
            assert!(!seen[m], "{p:?} shares rank {m}");
            seen[m] = true;
        }
    }
    assert!(seen.iter().all(|&s| s), "some rank has no multiset");
    assert_eq!(multiset([0; 4]), 0);
    assert_eq!(multiset([10; 4]), NMULTI - 1);
}

#[test]
fn weight_files_of_every_layout_load() {
    use eval::weights_from_bytes;
    use pattern::{NWEIGHTS, NWEIGHTS_V1, NWEIGHTS_V2};
    // The earlier layouts: what they lack reads as 0.
    for n in [NWEIGHTS_V1, NWEIGHTS_V2] {
        let v: Vec<u8> = (0..2 * n)
            .flat_map(|i| ((i % 1000) as i16).to_le_bytes())
            .collect();
        let w = weights_from_bytes(&v, 1).expect("earlier layout");
        assert_eq!(w[0], (n % 1000) as i16);
        assert_eq!(w[n - 1], ((2 * n - 1) % 1000) as i16);
        assert!(w[n..].iter().all(|&x| x == 0));
    }
    let v3: Vec<u8> = (0..2 * NWEIGHTS)
        .flat_map(|i| ((i % 1000) as i16).to_le_bytes())
        .collect();
    let w = weights_from_bytes(&v3, 1).expect("current layout");
    assert_eq!(w[NWEIGHTS - 1], ((2 * NWEIGHTS - 1) % 1000) as i16);
    assert!(weights_from_bytes(&v3[1..], 0).is_none());
    assert!(weights_from_bytes(&[], 0).is_none());
}

#[test]
fn threat_mask_flags() {
    use pattern::{threat_mask, NP4, P4_BLOCK4, P4_FIVE, P4_FLEX3, P4_FLEX3_2X, P4_FLEX4};
    let none = [0u16; NP4];
    assert_eq!(threat_mask(&none, &none), 0);
    let mut own = [0u16; NP4];
    let mut opp = [0u16; NP4];
    opp[P4_FIVE as usize] = 1;
    assert_eq!(threat_mask(&own, &opp), 1);
    own[P4_FLEX4 as usize] = 2;
    assert_eq!(threat_mask(&own, &opp), 0b11);
    own[P4_FLEX3 as usize] = 1;
    opp[P4_BLOCK4 as usize] = 3;
    opp[P4_FLEX3_2X as usize] = 1;
    assert_eq!(
        threat_mask(&own, &opp),
        0b1 | 0b10 | 1 << 6 | 1 << 8 | 1 << 9
    );
    // The flags read the counts of the side to move first.
    assert_eq!(threat_mask(&opp, &own), 0b100 | 1 << 4 | 1 << 5 | 1 << 10);
}

#[test]
fn attack_levels_in_renju_only() {
    // Black to move. (5,3) makes an open three with (3,3) and (4,3); (10,10) makes
    // two open twos with (9,10) and (10,9); (13,1) makes nothing.
    for rule in [Rule::Renju, Rule::Freestyle, Rule::Standard] {
        let g = from_rows(
            rule,
            &[
                "",
                "",
                "",
                "...XX",
                "",
                "",
                "",
                "",
                "",
                "..........X",
                ".........X",
            ],
            B,
        );
        let policy = GomokuPolicy::default();
        let level = |x, y| policy.attack_level(&g, mv(&g, x, y));
        let levels = (level(5, 3), level(10, 10), level(13, 1));
        if rule == Rule::Renju {
            assert_eq!(levels, (2, 1, 0));
        } else {
            assert_eq!(levels, (0, 0, 0), "{rule:?}: not graded");
        }
    }
}

/// `spoils` (from the window codes) agrees with placing the stone: after our stone
/// on `q`, the opponent's threat square `w` no longer makes an open four or a
/// four-three exactly when `spoils` says so (renju black: or the table calls it
/// maybe forbidden).
#[test]
fn spoiling_a_threat_agrees_with_placing_the_stone() {
    let mut rng = Rng(0x5eed_0f7e_a7a7);
    let mut checked = 0;
    for rule in [Rule::Freestyle, Rule::Renju, Rule::Standard] {
        for _ in 0..40 {
            let mut g = new(15, 15, rule);
            for _ in 0..40 {
                if g.result().is_some() {
                    break;
                }
                let t = 1 - g.stm.index();
                let mut threats = Vec::new();
                g.for_each_candidate(|p, _| {
                    let k = g.combo(p, t).p4;
                    if threatens(k) {
                        threats.push(p);
                    }
                });
                if !threats.is_empty() {
                    let code = g.stm.index() as u16 + 1;
                    let mut squares = Vec::new();
                    g.for_each_candidate(|p, mv| squares.push((p, mv)));
                    for (q, mv) in squares {
                        for &w in &threats {
                            let said = g.spoils(q, w, t, code);
                            g.place(mv, g.stm);
                            let c = g.combo(w, t);
                            let still = w != q && threatens(c.p4);
                            let unsure = rule == Rule::Renju
                                && t == Color::Black.index()
                                && c.maybe_forbidden;
                            g.unmake();
                            assert!(said != still || (said && unsure), "{g:?} q {q} w {w}");
                            checked += 1;
                        }
                    }
                }
                let mut v = Vec::new();
                g.legal_moves(&mut v);
                if v.is_empty() {
                    break;
                }
                // Stones near the centre, so threats are common.
                let near: Vec<Move> = v
                    .iter()
                    .copied()
                    .filter(|m| {
                        let (x, y) = m.xy(15);
                        (4..11).contains(&x) && (4..11).contains(&y)
                    })
                    .collect();
                let pool = if near.is_empty() { &v } else { &near };
                let m = pool[rng.below(pool.len())];
                g.make(m);
            }
        }
    }
    assert!(checked > 1000, "only {checked} checks");
}

/// The policy's root step: a double four found by the forcing solver settles the
/// root (and not with a blocked first move); an only move is scored by what follows
/// it; the position is left as it was.
#[test]
fn the_policy_settles_a_root_with_a_forced_win() {
    use crate::games::policy::RootContext;
    use crate::games::MATE_BOUND;
    let g = from_rows(
        Rule::Freestyle,
        &[
            "", "", "", "......O", "......X", "......X", "......X", "..OXXX.",
        ],
        B,
    );
    fn ctx(blocked: &[Move]) -> RootContext<'_> {
        RootContext {
            nodes: None,
            soft_deadline: None,
            stopped: &|| false,
            blocked,
        }
    }
    let mut roots = Vec::new();
    g.generate(&mut roots);
    let roots: Vec<Move> = roots.iter().map(|m| m.mv).collect();
    assert!(roots.len() > 1);
    let mut policy = GomokuPolicy::default();
    let mut pos = g.clone();
    let (settled, nodes) = policy.settle_root(&mut pos, &roots, &ctx(&[]));
    assert_eq!(pos.key(), g.key());
    let (score, pv) = settled.expect("a double four wins");
    assert!(score > MATE_BOUND && nodes > 0, "{score} {nodes}");
    assert_eq!(pv[0], mv(&g, 6, 7), "{pv:?}");

    // With the winning square blocked, no line starting there.
    let blocked = [mv(&g, 6, 7)];
    let (settled, _) = GomokuPolicy::default().settle_root(&mut pos, &roots, &ctx(&blocked));
    assert!(settled.is_none_or(|(_, pv)| pv[0] != blocked[0]));

    // An only move: the winning one is a win, one far away is not.
    let mut policy = GomokuPolicy::default();
    let (win, _) = policy.settle_root(&mut pos, &[mv(&g, 6, 7)], &ctx(&[]));
    assert!(win.is_some_and(|(s, pv)| s > MATE_BOUND && pv[0] == mv(&g, 6, 7)));
    let far = mv(&g, 14, 14);
    let (quiet, _) = GomokuPolicy::default().settle_root(&mut pos, &[far], &ctx(&[]));
    let (s, pv) = quiet.expect("an only move is always settled");
    assert!(s.abs() < MATE_BOUND && pv == [far], "{s} {pv:?}");
    assert_eq!(pos.key(), g.key());
}
