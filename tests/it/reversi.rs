//! Reversi rules: perft against published counts, flips, passes, game end, OBF.

use ply::games::reversi::endgame::Solver;
use ply::games::reversi::{flips, moves, Reversi};
use ply::games::{Color, Game, GameResult, Move};
use ply::tools::perft::perft;

/// `tests/data/perft.txt`: Aart Bik's reversi perft (see the file's header).
fn perft_table() -> Vec<(u32, u64)> {
    let text = include_str!("../data/perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let d = it.next().and_then(|v| v.parse().ok()).expect("depth");
            let n = it.next().and_then(|v| v.parse().ok()).expect("count");
            (d, n)
        })
        .collect()
}

#[test]
fn perft_matches_published_counts_to_depth_9() {
    let table = perft_table();
    assert!(table.len() >= 9);
    let start = Reversi::new();
    for &(d, n) in table.iter().filter(|(d, _)| *d <= 9) {
        assert_eq!(perft(&start, d), n, "perft {d}");
    }
}

#[test]
fn perft_through_make_unmake_agrees_with_bitboard_perft() {
    let mut g = Reversi::new();
    for d in 1..=6 {
        assert_eq!(
            ply::tools::perft::perft_generic(&mut g, d),
            perft(&Reversi::new(), d),
            "depth {d}"
        );
    }
    assert_eq!(g, Reversi::new());
}

/// Flips by walking the board square by square (the reference for the bitboards).
fn reference_flips(p: u64, o: u64, sq: usize) -> u64 {
    let (x0, y0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut all = 0;
    for (dx, dy) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let (mut x, mut y) = (x0 + dx, y0 + dy);
        let mut line = 0u64;
        while (0..8).contains(&x) && (0..8).contains(&y) {
            let b = 1u64 << (y * 8 + x);
            if o & b != 0 {
                line |= b;
            } else {
                if p & b != 0 {
                    all |= line;
                }
                break;
            }
            x += dx;
            y += dy;
        }
    }
    all
}

fn next_random(seed: &mut u64) -> u64 {
    ply::games::splitmix64(seed)
}

#[test]
fn flips_and_moves_match_a_square_by_square_reference_everywhere() {
    let mut seed = 42;
    for _ in 0..3000 {
        // Random boards of every density: every direction, every edge.
        let a = next_random(&mut seed);
        let b = next_random(&mut seed);
        let c = next_random(&mut seed);
        let (p, o) = match c % 3 {
            0 => (a & b, a & !b),
            1 => (a & b & c, !a & b),
            _ => (a & !b & c, b & !a),
        };
        let mut legal = 0u64;
        for sq in 0..64 {
            if (p | o) & (1 << sq) != 0 {
                continue;
            }
            let f = reference_flips(p, o, sq);
            assert_eq!(flips(p, o, sq), f, "p {p:#x} o {o:#x} sq {sq}");
            if f != 0 {
                legal |= 1 << sq;
            }
        }
        assert_eq!(moves(p, o), legal, "p {p:#x} o {o:#x}");
    }
}

#[test]
fn flips_in_each_direction_and_along_each_edge() {
    // From d4 (x 3, y 3) in each of the 8 directions: one opponent disc, then ours.
    let d4 = 27usize;
    for (dx, dy) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let sq = |k: i32| ((3 + k * dy) * 8 + 3 + k * dx) as usize;
        let o = 1u64 << sq(1);
        let p = 1u64 << sq(2);
        assert_eq!(flips(p, o, d4), o, "direction {dx},{dy}");
        // Without our disc at the end nothing flips.
        assert_eq!(flips(0, o, d4), 0);
    }
    // Along each edge, six discs between the two corners flip.
    let edges: [[usize; 8]; 4] = [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [56, 57, 58, 59, 60, 61, 62, 63],
        [0, 8, 16, 24, 32, 40, 48, 56],
        [7, 15, 23, 31, 39, 47, 55, 63],
    ];
    for e in edges {
        let o: u64 = e[1..7].iter().map(|&s| 1u64 << s).sum();
        let p = 1u64 << e[7];
        assert_eq!(flips(p, o, e[0]), o);
        assert_eq!(flips(1u64 << e[0], o, e[7]), o);
    }
    // No wrap-around: h1 then a2 are not a line.
    let (p, o) = (1u64 << 8, 1u64 << 7);
    assert_eq!(flips(p, o, 6), 0);
    assert_eq!(moves(p, o) & (1 << 6), 0);
}

#[test]
fn a_side_without_moves_passes_and_a_blocked_board_ends_the_game() {
    // a1 white, b1 black: black has no move, white can take c1.
    let board: String = (0..64)
        .map(|i| match i {
            0 => 'O',
            1 => 'X',
            _ => '-',
        })
        .collect();
    let mut g = Reversi::from_obf(&board, "X").expect("board");
    assert!(g.result().is_none());
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    assert_eq!(legal, [Move::PASS]);
    let mut gen = Vec::new();
    g.generate(&mut gen);
    assert_eq!(gen.len(), 1);
    assert_eq!(gen[0].mv, Move::PASS);
    g.make(Move::PASS);
    assert_eq!(g.side_to_move(), Color::White);
    legal.clear();
    g.legal_moves(&mut legal);
    assert_eq!(legal, [Move(2)]);
    g.make(Move(2));
    // White owns everything: both sides are out of moves; 3-0 plus 61 empties.
    assert_eq!(g.result(), Some(GameResult::Loss));
    assert_eq!(g.final_score(), -64);
    legal.clear();
    g.legal_moves(&mut legal);
    assert!(legal.is_empty());
    g.unmake();
    g.unmake();
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(g.to_obf(), format!("{board} X"));

    // Neither side can move with discs apart: the game is over at once.
    let board: String = (0..64)
        .map(|i| match i {
            0 | 1 => 'X',
            63 => 'O',
            _ => '-',
        })
        .collect();
    let g = Reversi::from_obf(&board, "O").expect("board");
    assert_eq!(g.result(), Some(GameResult::Loss));
    // 2-1 for black, 61 empties to the winner: -62 for white to move.
    assert_eq!(g.final_score(), -62);
    assert_eq!(perft(&g, 5), 1);
    let board: String = (0..64)
        .map(|i| match i {
            0 => 'X',
            63 => 'O',
            _ => '-',
        })
        .collect();
    let g = Reversi::from_obf(&board, "X").expect("board");
    assert_eq!(g.result(), Some(GameResult::Draw));
    assert_eq!(g.final_score(), 0, "1-1 with empties: a draw");
}

#[test]
fn obf_lines_parse_and_bad_ones_are_refused() {
    let line =
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
    let (g, rest) = Reversi::parse_obf_line(line).expect("obf");
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(g.empties(), 14);
    assert_eq!(
        g.black().count_ones() as usize,
        line[..64].matches('X').count()
    );
    assert_eq!(
        g.white().count_ones() as usize,
        line[..64].matches('O').count()
    );
    assert_eq!(g.black().count_ones() + g.white().count_ones(), 50);
    assert_eq!(g.disc(2), Some(Color::Black)); // c1
    assert_eq!(g.disc(9), Some(Color::White)); // b2
    assert_eq!(g.disc(0), None);
    assert_eq!(g.to_obf(), line[..66]);
    let scores = ply::tools::solve::reversi::parse_scores(rest).expect("scores");
    assert_eq!(scores, [(Move(62), 18), (Move(7), 12)]);
    assert!(Reversi::parse_obf_line(&line[..60]).is_err());
    assert!(Reversi::parse_obf_line(&line.replacen('-', "?", 1)).is_err());
    assert!(Reversi::parse_obf_line(&line.replace(" X;", " Z;")).is_err());
    assert!(ply::tools::solve::reversi::parse_scores("G8:x;").is_err());
    assert!(ply::tools::solve::reversi::parse_scores("Z9:+2;").is_err());
}

/// Solves `g` exactly on a cleared table and checks the score and the move against the
/// OBF `move:score` fields `scores`; returns the best score.
fn solve_and_check(solver: &mut Solver, g: &Reversi, scores: &str, label: &str) -> i32 {
    let known = ply::tools::solve::reversi::parse_scores(scores).expect("scores");
    let best = known.iter().map(|k| k.1).max().expect("a score");
    solver.clear();
    let s = solver.solve(g.player(), g.opponent(), false, None, None);
    assert!(s.complete);
    assert_eq!(s.score, best, "{label}");
    let mv_score = known.iter().find(|k| k.0 == s.best).map(|k| k.1);
    assert_eq!(mv_score, Some(best), "{label} best move");
    best
}

/// FFO #1-#19 (`tests/data/fforum-1-19.obf`, from the FForum endgame suite): every
/// exact score, and the best move is one the file scores best.
#[test]
fn ffo_1_to_19_are_solved_exactly() {
    let text = include_str!("../data/fforum-1-19.obf");
    let mut solver = Solver::new(16 << 20);
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (g, rest) = Reversi::parse_obf_line(line).expect("obf");
        let best = solve_and_check(&mut solver, &g, rest, &format!("FFO #{}", count + 1));
        let w = solver.solve(g.player(), g.opponent(), true, None, None);
        assert_eq!(w.score.signum(), best.signum(), "FFO #{} WLD", count + 1);
        count += 1;
    }
    assert_eq!(count, 19);
}

/// FFO #20-#39 (`tests/data/fforum-20-39.obf`) up to 20 empties: exact scores and
/// best moves through the aspiration windows (from 18 empties) and the selective
/// probcut pass (from 20), whose bounds must never leak into the exact result.
#[test]
fn ffo_20_to_39_up_to_20_empties_are_solved_exactly() {
    use ply::games::reversi::endgame::{ASPIRATION_FROM, SELECTIVE_FROM};
    let text = include_str!("../data/fforum-20-39.obf");
    let mut solver = Solver::new(16 << 20);
    let (mut count, mut selective) = (0, 0);
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let (g, rest) = Reversi::parse_obf_line(line).expect("obf");
        if g.empties() > 20 {
            continue;
        }
        let best = solve_and_check(&mut solver, &g, rest, &format!("line {}", i + 1));
        // Solved again on the table the first solve left: the same answer.
        let again = solver.solve(g.player(), g.opponent(), false, None, None);
        assert_eq!(again.score, best, "line {} again", i + 1);
        count += 1;
        if g.empties() >= SELECTIVE_FROM {
            selective += 1;
        }
    }
    const { assert!(ASPIRATION_FROM <= SELECTIVE_FROM) };
    assert_eq!(count, 15);
    assert!(selective >= 9, "{selective}");
}

#[test]
fn perft_and_solve_subcommands_answer() {
    use std::process::Command;
    let bin = env!("CARGO_BIN_EXE_ply");
    let out = Command::new(bin)
        .args(["perft", "--game", "reversi", "6"])
        .output()
        .expect("run ply perft");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains(": 8200 leaves"));
    for cmd in ["perft", "solve"] {
        let out = Command::new(bin)
            .args([cmd, "--help"])
            .output()
            .expect("run ply");
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("ply {cmd}")));
    }
    // FFO #1 with its true score, then with a wrong one: the exit code tells.
    let dir = std::env::temp_dir().join(format!("ply-solve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let first = include_str!("../data/fforum-1-19.obf")
        .lines()
        .next()
        .expect("a line");
    let good = dir.join("good.obf");
    let bad = dir.join("bad.obf");
    std::fs::write(&good, first).expect("write");
    std::fs::write(&bad, first.replace("G8:+18", "G8:+20")).expect("write");
    let run = |f: &std::path::Path| {
        Command::new(bin)
            .arg("solve")
            .arg(f)
            .output()
            .expect("run ply solve")
    };
    let ok = run(&good);
    assert_eq!(ok.status.code(), Some(0));
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(
        text.contains("score  +18") && text.contains("best G8"),
        "{text}"
    );
    let wrong = run(&bad);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&wrong.stdout).contains("WRONG SCORE"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_engine_position_plays_reversi() {
    use ply::engine::{run_search, Position};
    use ply::games::reversi::parse_square;
    use ply::search::tt::TranspositionTable;
    use ply::search::{Limits, SearchParams, Solved};
    use std::sync::atomic::AtomicBool;

    let sq = |s: &str| Move(parse_square(s).expect("square") as u16);
    let mut pos = Position::Reversi(Box::default());
    assert_eq!(pos.dimensions(), (8, 8));
    assert_eq!(pos.check_move(3, 2), Ok(sq("d3")));
    assert!(pos.check_move(0, 0).is_err(), "a1 flips nothing");
    assert!(pos.check_move(3, 3).is_err(), "d4 is occupied");
    pos.place(sq("d3"), Color::Black);
    assert_eq!(pos.stone(sq("d4")), Some(Color::Black), "d4 flipped");
    assert_eq!(pos.last_move(), Some((sq("d3"), Color::Black)));
    assert_eq!(pos.side_to_move(), Color::White);
    // An illegal placement changes nothing.
    pos.place(sq("a1"), Color::White);
    assert_eq!(pos.last_move(), Some((sq("d3"), Color::Black)));
    pos.unmake();
    assert_eq!(pos.stone(sq("d4")), Some(Color::White));
    assert_eq!(pos.ply(), 0);

    let tt = TranspositionTable::new(1 << 20);
    let stop = AtomicBool::new(false);
    let params = SearchParams::new(Limits::depth(std::time::Instant::now(), 4), 1);
    let r = run_search(&pos, &params, &tt, &stop, &mut |_| {});
    assert_eq!(r.solved, Solved::No);
    assert!(pos.legal_moves().contains(&r.best));
}

/// The trained pattern evaluation (what the solver orders moves with) is closer to the
/// exact scores of FFO #1-#19 than the hand-set evaluation, and ranks their moves
/// better: for each position, the mean score lost by the move it prefers.
#[test]
fn the_trained_evaluation_predicts_ffo_scores() {
    use ply::games::reversi::{bit, eval, pattern};
    assert!(pattern::trained());
    let text = include_str!("../data/fforum-1-19.obf");
    let (mut err_pattern, mut err_hand) = (0, 0);
    let (mut lost_pattern, mut lost_hand) = (0, 0);
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (g, rest) = Reversi::parse_obf_line(line).expect("obf");
        let known = ply::tools::solve::reversi::parse_scores(rest).expect("scores");
        let best = known.iter().map(|k| k.1).max().expect("a score");
        let (p, o) = (g.player(), g.opponent());
        err_pattern += (pattern::evaluate(p, o) - best * eval::DISC).abs();
        err_hand += (eval::hand_set(p, o) - best * eval::DISC).abs();
        // The move each evaluation prefers one ply ahead, and what it costs.
        let pick = |f: fn(u64, u64) -> i32| {
            known
                .iter()
                .max_by_key(|k| {
                    let sq = k.0 .0 as usize;
                    let fl = flips(p, o, sq);
                    (-f(o & !fl, p | fl | bit(sq)), std::cmp::Reverse(sq))
                })
                .map(|k| best - k.1)
                .expect("a move")
        };
        lost_pattern += pick(pattern::evaluate);
        lost_hand += pick(eval::hand_set);
        n += 1;
    }
    eprintln!(
        "mean error: pattern {:.1}, hand {:.1} discs; mean loss of the preferred move: \
         pattern {:.1}, hand {:.1} discs",
        err_pattern as f64 / n as f64 / 100.0,
        err_hand as f64 / n as f64 / 100.0,
        lost_pattern as f64 / n as f64,
        lost_hand as f64 / n as f64
    );
    assert!(err_pattern < err_hand);
    assert!(lost_pattern <= lost_hand);
}

/// Plain minimax of the evaluation to `depth` plies (a pass costs no ply); the nodes
/// below the root with at most `leaves` empties (0: none) take their exact score.
fn minimax(pos: &mut Reversi, depth: u32, leaves: u32, root: bool) -> i32 {
    if !root && pos.empties() <= leaves {
        let s = Solver::new(1 << 20).solve(pos.player(), pos.opponent(), false, None, None);
        return s.score * 100;
    }
    if depth == 0 || pos.is_over() {
        return pos.evaluate();
    }
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut best = i32::MIN;
    for mv in list {
        pos.make(mv);
        let d = if mv == Move::PASS { depth } else { depth - 1 };
        best = best.max(-minimax(pos, d, leaves, false));
        pos.unmake();
    }
    best
}

/// A position of a random game once `done(position, plies played)` says so (or the
/// game ends), and `None` when the side to move has no move there.
fn random_game(seed: &mut u64, done: impl Fn(&Reversi, u32) -> bool) -> Option<Reversi> {
    let mut pos = Reversi::new();
    for ply in 0.. {
        if done(&pos, ply) {
            break;
        }
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        pos.make(list[(next_random(seed) % list.len() as u64) as usize]);
    }
    (!pos.is_over() && pos.move_mask() != 0).then_some(pos)
}

/// The score of a search of `pos` to `depth` with nodes of at most `exact_leaves`
/// empties solved (0: none).
fn search_score(pos: &Reversi, depth: u32, exact_leaves: u32) -> i32 {
    use ply::search::tt::TranspositionTable;
    use ply::search::{search, Limits, SearchParams, SearchRequest};
    use std::sync::atomic::AtomicBool;
    let tt = TranspositionTable::new(1 << 16);
    let params = SearchParams {
        exact_leaves,
        ..SearchParams::new(Limits::depth(std::time::Instant::now(), depth), 1)
    };
    search(
        pos,
        SearchRequest::new(&params, &tt, &AtomicBool::new(false)),
    )
    .score
}

#[test]
fn shallow_searches_score_as_plain_minimax_of_the_evaluation() {
    // Depths 1 and 2 on positions of random games (reversi has no Multi-ProbCut
    // there and no reverse futility; depth 1 takes its value from the move list's
    // ordering scores).
    let mut seed = 5;
    let mut checked = 0;
    for game in 0..40 {
        let Some(mut pos) = random_game(&mut seed, |_, ply| ply == 10 + game) else {
            continue;
        };
        for depth in 1..=2 {
            let want = minimax(&mut pos, depth, 0, true);
            assert_eq!(search_score(&pos, depth, 0), want, "{pos} depth {depth}");
        }
        checked += 1;
    }
    assert!(checked > 30);
}

#[test]
fn a_search_with_exact_leaves_scores_them_by_the_solver() {
    // Depth 3 from 11-13 empties (no Multi-ProbCut below depth 3, none at the root):
    // every line reaches 10 empties (a forced move costs the search no depth, a pass
    // none in either), and those nodes take their exact score in every window the
    // search gives them.
    let mut seed = 11;
    let mut checked = 0;
    for game in 0..24 {
        let Some(mut pos) = random_game(&mut seed, |p, _| p.empties() <= 11 + game % 3) else {
            continue;
        };
        let want = minimax(&mut pos, 3, 10, true);
        assert_eq!(search_score(&pos, 3, 10), want, "{pos}");
        checked += 1;
    }
    assert!(checked > 15);
}
