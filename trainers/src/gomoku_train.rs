//! Trains the gomoku evaluation weights (`src/games/gomoku/weights/RULE.bin`).
//!
//! ```text
//! cargo run --release --bin gomoku_train -- gen --rule freestyle --games N \
//!     [--nodes 8000] [--seed 1] [--threads 2] [--player hand|trained] > games.txt
//! cargo run --release --bin gomoku_train -- train games.txt... --rule freestyle \
//!     [--epochs 1500] [--lambda 0.5] [--min-count 200] [--mask-min-count N] \
//!     [--l2 1e-9] [--report FILE] [--init FILE [--keep-scale]] [--lr 2.0] \
//!     [--out src/games/gomoku/weights/freestyle.bin]
//! ```
//!
//! `gen` plays self-play games on 15x15 with the hand-set evaluation (with `--player
//! trained`, the built-in trained one: a second round): each game starts
//! from 2 or 3 random stones within 3 of the centre (drawn from the seed and the game
//! number) and goes on with a node-limited search (the limit varies by +-25% from
//! move to move, also from the seed), and prints one line per game: the result for
//! black (1, 0.5, 0), the number of opening stones, then `move:score` per move (the
//! searcher's score for the side to move; 0 for opening stones). The games do not
//! depend on the thread count.
//!
//! `train` replays the games and takes every position after the opening where the
//! side to move faces no five threat, has no immediate win and the search found no
//! forced result. Its target is `lambda * sigmoid(search score / K) + (1 - lambda) *
//! game result`, with K fitted to the hand-set evaluation first (Texel's tuning; with
//! `--keep-scale`, to the `--init` weights, the units of the search scores); the
//! weights (pattern and combined-class values for the side to move and the waiting
//! side, the two threat terms, the values of the combinations of four lines and of
//! the threat masks seen often enough, per colour) are fitted to it by full-batch Adam on the
//! squared error, starting from the hand-set values (or from a weight file with
//! `--init`). Every 10th game is held out to report the error.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use ply::games::gomoku::training::{self, TrainingExt};
use ply::games::gomoku::{Gomoku, Rule};
use ply::games::{splitmix64, Color, Game, Move, MATE_BOUND};
use ply::search::tt::TranspositionTable;
use ply::search::{search, Limits, SearchParams, SearchRequest};
use ply::tools::args::{named, positional};
use ply::tools::progress::Progress;

const SIZE: usize = 15;
const NW: usize = training::EVAL_WEIGHTS;

/// Option `name`'s value, or `default` when it is absent, through ply's argument
/// helper: a value that does not parse ends the program with the option's name.
fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    named(args, name, default).unwrap_or_else(|e| fail(&e))
}

fn fail(msg: &str) -> ! {
    eprintln!("gomoku_train: {msg}");
    std::process::exit(2);
}

fn rule_of(args: &[String]) -> Rule {
    let rule: String = arg(args, "--rule", String::from("freestyle"));
    rule.parse()
        .unwrap_or_else(|e| fail(&format!("--rule: {e}")))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("train") => train(&args[1..]),
        _ => {
            eprintln!("usage: gomoku_train gen|train ... (see the source)");
            std::process::exit(2);
        }
    }
}

/// One self-play game from seed `seed`: (result for black, opening stones, moves with
/// the mover's search score).
fn play_game(
    rule: Rule,
    nodes: u64,
    seed: u64,
    trained: bool,
    tt: &mut TranspositionTable,
) -> String {
    let mut rng = seed;
    let mut pos = loop {
        let mut pos = match Gomoku::new(SIZE, SIZE, rule) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        if !trained {
            pos.use_hand_eval();
        }
        let n = 2 + (splitmix64(&mut rng) % 2) as usize;
        let c = SIZE / 2;
        let mut ok = true;
        for _ in 0..n {
            let mut tries = 0;
            loop {
                let x = c + (splitmix64(&mut rng) % 7) as usize - 3;
                let y = c + (splitmix64(&mut rng) % 7) as usize - 3;
                let mv = Move::from_xy(x, y, SIZE);
                if pos.stone(mv).is_none() && !pos.is_forbidden(mv) {
                    pos.make(mv);
                    break;
                }
                tries += 1;
                if tries > 100 {
                    ok = false;
                    break;
                }
            }
        }
        if ok && pos.result().is_none() {
            break pos;
        }
    };
    let opening = pos.ply();
    let mut moves: Vec<(Move, i32)> = pos.history().iter().map(|&(m, _)| (m, 0)).collect();
    let stop = AtomicBool::new(false);
    tt.clear();
    while pos.result().is_none() {
        let jitter = 75 + splitmix64(&mut rng) % 51;
        let mut limits = Limits::new(Instant::now());
        limits.nodes = Some(nodes * jitter / 100);
        let params = SearchParams::new(limits, 1);
        let r = search(&pos, SearchRequest::new(&params, tt, &stop));
        let mv = if r.best.is_none() {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            match legal.first() {
                Some(&m) => m,
                None => break,
            }
        } else {
            r.best
        };
        moves.push((mv, r.score));
        pos.make(mv);
    }
    // The result for black: the side to move's result, turned.
    let res = match pos.result() {
        Some(ply::games::GameResult::Win) => pos.side_to_move() == Color::Black,
        Some(ply::games::GameResult::Loss) => pos.side_to_move() == Color::White,
        _ => {
            return format!("0.5 {opening} {}", fmt_moves(&moves));
        }
    };
    format!(
        "{} {opening} {}",
        if res { 1 } else { 0 },
        fmt_moves(&moves)
    )
}

fn fmt_moves(moves: &[(Move, i32)]) -> String {
    moves
        .iter()
        .map(|(m, s)| format!("{}:{}", m.0, s))
        .collect::<Vec<_>>()
        .join(" ")
}

fn gen(args: &[String]) {
    let rule = rule_of(args);
    let games: usize = arg(args, "--games", 100);
    let nodes: u64 = arg(args, "--nodes", 8000);
    let seed: u64 = arg(args, "--seed", 1);
    let threads: usize = arg(args, "--threads", 2).max(1);
    // `trained`: the games are played on the built-in (trained) evaluation, a second
    // round whose search scores rest on the first round's weights.
    let trained = match arg(args, "--player", String::from("hand")).as_str() {
        "hand" => false,
        "trained" => true,
        p => fail(&format!("--player needs hand or trained, not '{p}'")),
    };
    let next = AtomicUsize::new(0);
    let out = std::sync::Mutex::new(vec![String::new(); games]);
    let started = Instant::now();
    let progress = Progress::new(games as u64, "games");
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut tt = TranspositionTable::new(16 << 20);
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let mut st = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g as u64;
                    let game_seed = splitmix64(&mut st);
                    let line = play_game(rule, nodes, game_seed, trained, &mut tt);
                    if let Ok(mut o) = out.lock() {
                        o[g] = line;
                    }
                    if progress.shown() {
                        progress.inc();
                    } else if g % 100 == 99 {
                        eprintln!("{} games, {:.0} s", g + 1, started.elapsed().as_secs_f64());
                    }
                }
            });
        }
    });
    progress.finish();
    let out = out.into_inner().unwrap_or_default();
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    for line in out {
        let _ = writeln!(w, "{line}");
    }
}

struct Sample {
    features: Vec<(u16, f32)>,
    target_result: f32,
    score: i32,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn load(files: &[String], rule: Rule) -> (Vec<Sample>, Vec<Sample>) {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut game = 0usize;
    for f in files {
        let file = match std::fs::File::open(f) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{f}: {e}");
                std::process::exit(1);
            }
        };
        for line in std::io::BufReader::new(file).lines().map_while(Result::ok) {
            let mut it = line.split_whitespace();
            let (Some(res), Some(open)) = (it.next(), it.next()) else {
                continue;
            };
            let (Ok(res), Ok(open)) = (res.parse::<f32>(), open.parse::<usize>()) else {
                continue;
            };
            let moves: Vec<(Move, i32)> = it
                .filter_map(|t| {
                    let (m, s) = t.split_once(':')?;
                    Some((Move(m.parse().ok()?), s.parse().ok()?))
                })
                .collect();
            let Ok(mut pos) = Gomoku::new(SIZE, SIZE, rule) else {
                continue;
            };
            let dest = if game % 10 == 9 {
                &mut valid
            } else {
                &mut train
            };
            game += 1;
            for (i, &(mv, score)) in moves.iter().enumerate() {
                if i >= open
                    && score.abs() < MATE_BOUND
                    && !pos.must_answer()
                    && pos.quick_win().is_none()
                {
                    let f = pos.eval_features();
                    let features = f
                        .iter()
                        .enumerate()
                        .filter(|(_, &x)| x != 0.0)
                        .map(|(k, &x)| (k as u16, x))
                        .collect();
                    let black = pos.side_to_move() == Color::Black;
                    dest.push(Sample {
                        features,
                        target_result: if black { res } else { 1.0 - res },
                        score,
                    });
                }
                if pos.stone(mv).is_some() {
                    break;
                }
                pos.make(mv);
            }
        }
    }
    (train, valid)
}

fn dot(w: &[f64], s: &Sample) -> f64 {
    s.features
        .iter()
        .map(|&(k, x)| w[k as usize] * f64::from(x))
        .sum()
}

fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    lambda * sigmoid(f64::from(s.score) / k) + (1.0 - lambda) * f64::from(s.target_result)
}

/// Texel's scale: the K for which `sigmoid(w.f / K)` best fits the game results.
fn texel_scale(w: &[f64], data: &[Sample]) -> f64 {
    let (mut lo, mut hi) = (20.0f64, 3000.0f64);
    for _ in 0..60 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if error(w, data, a, 0.0) < error(w, data, b, 0.0) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Mean squared error of `sigmoid(w.f / k)` against the targets.
fn error(w: &[f64], data: &[Sample], k: f64, lambda: f64) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|s| {
            let e = sigmoid(dot(w, s) / k) - target(s, k, lambda);
            e * e
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// Both colours' weights of a weight file, black's then white's.
fn weight_file(path: &str) -> Result<Vec<f64>, String> {
    let b = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    match [0, 1].map(|c| training::eval_weights_from_bytes(&b, c)) {
        [Some(black), Some(white)] => {
            Ok(black.iter().chain(&white).map(|&x| f64::from(x)).collect())
        }
        _ => Err(format!("{path}: {} bytes, not a weight file", b.len())),
    }
}

fn train(args: &[String]) {
    let rule = rule_of(args);
    let files: Vec<String> = positional(args, &["--keep-scale"])
        .into_iter()
        .map(String::from)
        .collect();
    if files.is_empty() {
        fail("train needs the files of games written by gen");
    }
    let epochs: usize = arg(args, "--epochs", 1500);
    let lambda: f64 = arg(args, "--lambda", 0.5);
    let lr: f64 = arg(args, "--lr", 2.0);
    let out: String = arg(args, "--out", String::new());
    let min_count: usize = arg(args, "--min-count", 200);
    let l2: f64 = arg(args, "--l2", 1e-9);
    let mask_min_count: usize = arg(args, "--mask-min-count", min_count);
    // `--report FILE`: also the error of an existing weight file (e.g. the committed
    // one) on these positions, with the same K.
    let report: String = arg(args, "--report", String::new());
    let init: String = arg(args, "--init", String::new());
    let started = Instant::now();
    let (train, valid) = load(&files, rule);
    eprintln!(
        "{} training and {} held-out positions ({:.1} s)",
        train.len(),
        valid.len(),
        started.elapsed().as_secs_f64()
    );
    let hand = training::hand_eval_weights();
    let mut w: Vec<f64> = (0..2 * NW).map(|i| f64::from(hand[i % NW])).collect();
    // Texel: the scale of the hand evaluation against the game results (lambda 0).
    let mut k = texel_scale(&w, &train);
    // `--init FILE`: start the fit from an existing weight file (fine-tuning).
    if !init.is_empty() {
        w = weight_file(&init).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1);
        });
        // `--keep-scale`: K fitted to the starting weights instead, so that the fit
        // keeps their scale (the search's margins are in its units).
        let k_init = texel_scale(&w, &train);
        eprintln!("K of the hand-set weights {k:.1}, of {init} {k_init:.1}");
        if args.iter().any(|a| a == "--keep-scale") {
            k = k_init;
        }
    }
    eprintln!(
        "K = {k:.1}; {}: train {:.5}, held out {:.5} (results only {:.5})",
        if init.is_empty() { "hand-set" } else { &init },
        error(&w, &train, k, lambda),
        error(&w, &valid, k, lambda),
        error(&w, &valid, k, 0.0)
    );
    if !report.is_empty() {
        match weight_file(&report) {
            Ok(r) => eprintln!(
                "{report}: train {:.5}, held out {:.5} (results only {:.5})",
                error(&r, &train, k, lambda),
                error(&r, &valid, k, lambda),
                error(&r, &valid, k, 0.0)
            ),
            Err(e) => eprintln!("{e}"),
        }
    }
    // Weights that stay 0: no pattern and no class (they count empty squares), and
    // the combinations of four lines and the threat masks seen in fewer than
    // `--min-count` training positions (too rare to fit). Those two groups are pulled
    // towards 0 by `--l2`.
    let sparse = training::eval_sparse_groups();
    let multi_move = sparse[0].0;
    let is_sparse = |i: usize| {
        let j = i % NW;
        sparse.iter().any(|&(at, n)| (at..at + n).contains(&j))
    };
    let mut seen = vec![0usize; 2 * NW];
    for s in &train {
        for &(i, _) in &s.features {
            seen[i as usize] += 1;
        }
    }
    let groups = training::eval_weight_groups();
    let in_group =
        |i: usize, g: usize| (sparse[g].0..sparse[g].0 + sparse[g].1).contains(&(i % NW));
    // `--mask-min-count`: the same for the threat masks alone (default `--min-count`).
    let frozen: Vec<bool> = (0..2 * NW)
        .map(|i| {
            let need = if in_group(i, 2) {
                mask_min_count
            } else {
                min_count
            };
            groups.contains(&(i % NW)) || (is_sparse(i) && seen[i] < need)
        })
        .collect();
    let fitted = |g: &[usize]| -> (usize, usize) {
        let all = (0..2 * NW).filter(|&i| g.iter().any(|&g| in_group(i, g)));
        let n = all.clone().count();
        (all.filter(|&i| !frozen[i]).count(), n)
    };
    let (cf, cn) = fitted(&[0, 1]);
    let (tf, tn) = fitted(&[2]);
    eprintln!(
        "{cf} of {cn} combination weights and {tf} of {tn} threat-mask weights fitted \
         (seen in >= {min_count} positions)"
    );
    let (mut m, mut v) = (vec![0f64; 2 * NW], vec![0f64; 2 * NW]);
    let (b1, b2) = (0.9f64, 0.999f64);
    for epoch in 1..=epochs {
        let mut grad = vec![0f64; 2 * NW];
        for s in &train {
            let p = sigmoid(dot(&w, s) / k);
            let g = 2.0 * (p - target(s, k, lambda)) * p * (1.0 - p) / k;
            for &(i, x) in &s.features {
                grad[i as usize] += g * f64::from(x);
            }
        }
        for i in 0..2 * NW {
            if frozen[i] {
                continue;
            }
            let mut g = grad[i] / train.len() as f64;
            if is_sparse(i) {
                g += l2 * w[i];
            }
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % 250 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: train {:.5}, held out {:.5} (results only {:.5}), {:.0} s",
                error(&w, &train, k, lambda),
                error(&w, &valid, k, lambda),
                error(&w, &valid, k, 0.0),
                started.elapsed().as_secs_f64()
            );
        }
    }
    let q: Vec<i16> = w
        .iter()
        .map(|&x| x.round().clamp(-4000.0, 4000.0) as i16)
        .collect();
    for (c, name) in ["black", "white"].iter().enumerate() {
        eprintln!("{name}: {:?}", &q[c * NW..c * NW + multi_move]);
    }
    if !out.is_empty() {
        let bytes: Vec<u8> = q.iter().flat_map(|x| x.to_le_bytes()).collect();
        if let Err(e) = std::fs::write(&out, bytes) {
            eprintln!("{out}: {e}");
            std::process::exit(1);
        }
        eprintln!("wrote {out}");
    }
}
