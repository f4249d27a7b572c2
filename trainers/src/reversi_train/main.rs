//! Trains the reversi pattern evaluation (`src/games/reversi/weights.bin`).
//!
//! ```text
//! cargo run --release --bin reversi_train -- gen --openings XOT --first 0 --games N \
//!     [--solve-from 24] [--threads 2] [--seed 1] > data.txt
//! cargo run --release --bin reversi_train -- train data.txt... [--epochs 300] \
//!     [--out src/games/reversi/weights.bin]
//! ```
//!
//! `selfplay` (see `selfplay.rs`) prints positions of games ply plays itself, labelled
//! by their exact outcome and the search's value; `train --init FILE --from-stage S
//! [--to-stage T] --lambda L` refits the stages from S on (to T), starting from FILE's
//! weights, to `L * outcome + (1 - L) * value`. With `--blend` each stage is fitted
//! through the engine's blend of neighbouring stages (`pattern::blend`): to every
//! position whose weight set it has a share in, the other stage's share held fixed.
//!
//! `gen` plays each opening (one line of moves such as `f5d6c4d3`) on until
//! `--solve-from` empties, one move in eight random and the others by a noisy
//! two-ply search on the hand-set evaluation, then solves each position exactly down
//! to 4 empties, going on by the best move or a random one (a coin flip each move),
//! and prints `player opponent score game` (hex bitboards, the mover's exact final
//! disc difference, the game's number) per position. `train` fits the weights by
//! least squares, one set per stage (by empties), holding back every 20th game to
//! report, per stage, the mean error and bias of the fit on them, the correlation of
//! its values with the targets (over all of them, and within each parity of empties:
//! a search compares leaves of one parity, so an offset between the parities, which
//! the first includes, cancels in it), the error of guessing a draw for every
//! position (on balanced positions an evaluation can be worse than that guess), and,
//! where a file lists the positions after each move of one parent together (the
//! children of `selfplay`'s positions), how often the weights order those siblings as
//! their targets.

mod boot;
mod branch;
mod endmpc;
mod mpc;
mod selfplay;
mod wthor;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use ply::games::reversi::endgame::Solver;
use ply::games::reversi::{bit, eval, flips, moves, parse_square, pattern};
use ply::games::splitmix64;
use ply::tools::args::{named, positional};
use ply::tools::progress::Progress;

/// Option `name`'s value, or `default` when it is absent, through ply's argument
/// helper: a value that does not parse ends the program with the option's name.
fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    named(args, name, default).unwrap_or_else(|e| boot::fail(&format!("reversi_train: {e}")))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("train") => train(&args[1..]),
        Some("boot") => boot::boot(&args[1..]),
        Some("mpc") => mpc::mpc(&args[1..]),
        Some("endmpc") => endmpc::endmpc(&args[1..]),
        Some("selfplay") => selfplay::selfplay(&args[1..]),
        Some("branch") => branch::branch(&args[1..]),
        Some("wthor") => wthor::wthor(&args[1..]),
        _ => {
            eprintln!(
                "usage: reversi_train gen|train|boot|mpc|endmpc|selfplay|branch|wthor ... (see the source)"
            );
            std::process::exit(2);
        }
    }
}

/// A random legal move of `p` (the mask `m` is not empty).
fn random_move(m: u64, seed: &mut u64) -> usize {
    let k = (splitmix64(seed) % m.count_ones() as u64) as u32;
    let mut mm = m;
    for _ in 0..k {
        mm &= mm - 1;
    }
    mm.trailing_zeros() as usize
}

/// The side to move and its moves: `(p, o, moves)` as given when `p` can move, the
/// other way round when only `o` can (a pass); `None` when neither can.
fn to_move(p: u64, o: u64) -> Option<(u64, u64, u64)> {
    match moves(p, o) {
        0 => match moves(o, p) {
            0 => None,
            m => Some((o, p, m)),
        },
        m => Some((p, o, m)),
    }
}

/// Each move of `p` against `o` (a square) with the position after it, the
/// opponent to move: `(square, his discs, ours)`.
fn children(p: u64, o: u64) -> impl Iterator<Item = (usize, u64, u64)> {
    let mut m = moves(p, o);
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = flips(p, o, sq);
        Some((sq, o & !f, p | f | bit(sq)))
    })
}

/// `f(i, scratch)` for every `i` in `0..n`, shared out to `threads` threads (each
/// with its own `scratch`), the results in index order.
fn par_map<T: Send + Clone + Default, S: Default>(
    n: usize,
    threads: usize,
    f: impl Fn(usize, &mut S) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let out = std::sync::Mutex::new(vec![T::default(); n]);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut scratch = S::default();
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    mine.push((i, f(i, &mut scratch)));
                }
                if let Ok(mut all) = out.lock() {
                    for (i, v) in mine {
                        all[i] = v;
                    }
                }
            });
        }
    });
    out.into_inner().unwrap_or_default()
}

/// A two-ply search on `eval` (the hand-set or the trained evaluation) with noise
/// (up to `noise` 1/100 discs added to each move's value): a plausible move.
fn noisy_move(p: u64, o: u64, seed: &mut u64, eval: fn(u64, u64) -> i32, noise: u64) -> usize {
    let mut best = (i32::MIN, 0);
    for (sq, np, no) in children(p, o) {
        let v = children(np, no)
            .map(|(_, a, b)| eval(a, b))
            .min()
            .unwrap_or_else(|| -eval(np, no));
        let v = v + (splitmix64(seed) % noise.max(1)) as i32;
        if v > best.0 {
            best = (v, sq);
        }
    }
    best.1
}

/// The positions of `opening` (moves such as `f5d6c4d3`), from the start to the last
/// one, each with the side to move first (a pass is played where needed); empty when
/// the opening is not legal.
fn opening_positions(opening: &str) -> Vec<(u64, u64)> {
    let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
    let mut out = vec![(p, o)];
    let chars: Vec<char> = opening.trim().chars().collect();
    for pair in chars.chunks(2) {
        let name: String = pair.iter().collect();
        let Some(sq) = parse_square(&name) else {
            return Vec::new();
        };
        if moves(p, o) == 0 {
            (p, o) = (o, p);
        }
        let f = flips(p, o, sq);
        if f == 0 || (p | o) & bit(sq) != 0 {
            return Vec::new();
        }
        (p, o) = (o & !f, p | f | bit(sq));
        out.push((p, o));
    }
    out
}

/// One game from `opening`: the labelled positions.
fn play_game(
    opening: &str,
    solve_from: u32,
    positions_only: bool,
    seed: &mut u64,
    solver: &mut Solver,
) -> Vec<String> {
    let Some(&(mut p, mut o)) = opening_positions(opening).last() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    while let Some((np, no, m)) = to_move(p, o) {
        (p, o) = (np, no);
        let empties = 64 - (p | o).count_ones();
        let sq = if empties > solve_from {
            if splitmix64(seed).is_multiple_of(8) {
                random_move(m, seed)
            } else {
                noisy_move(p, o, seed, eval::hand_set, 600)
            }
        } else if positions_only {
            // Positions only: the player as X.
            let board: String = (0..64)
                .map(|sq| {
                    if p & bit(sq) != 0 {
                        'X'
                    } else if o & bit(sq) != 0 {
                        'O'
                    } else {
                        '-'
                    }
                })
                .collect();
            out.push(format!("{board} X;"));
            break;
        } else {
            let s = solver.solve(p, o, false, None, None);
            out.push(format!("{p:016x} {o:016x} {}", s.score));
            if empties <= 4 {
                break;
            }
            if splitmix64(seed).is_multiple_of(2) {
                s.best.0 as usize
            } else {
                random_move(m, seed)
            }
        };
        let f = flips(p, o, sq);
        (p, o) = (o & !f, p | f | bit(sq));
    }
    out
}

fn gen(args: &[String]) {
    let openings: String = arg(args, "--openings", String::new());
    let first: usize = arg(args, "--first", 0);
    let games: usize = arg(args, "--games", 100);
    let solve_from: u32 = arg(args, "--solve-from", 24);
    let threads: usize = arg(args, "--threads", 2);
    let seed: u64 = arg(args, "--seed", 1);
    let positions_only = args.iter().any(|a| a == "--positions-only");
    let lines: Vec<String> = match std::fs::read_to_string(&openings) {
        Ok(t) => t.lines().map(str::to_string).collect(),
        Err(e) => {
            eprintln!("{openings}: {e}");
            std::process::exit(2);
        }
    };
    if lines.is_empty() {
        eprintln!("{openings}: no openings");
        std::process::exit(2);
    }
    let next = AtomicUsize::new(0);
    let progress = Progress::new(games as u64, "games");
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut solver = Solver::new(if positions_only { 0 } else { 64 << 20 });
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let g = first + i;
                    let mut game_seed = seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    let opening = &lines[g % lines.len()];
                    let out = play_game(
                        opening,
                        solve_from,
                        positions_only,
                        &mut game_seed,
                        &mut solver,
                    );
                    if !progress.shown() && i.is_multiple_of(100) {
                        eprintln!("game {i}");
                    }
                    progress.inc();
                    // Each game whole as it ends (the trainer sorts by game).
                    progress.suspend(|| {
                        let mut w = std::io::stdout().lock();
                        for line in out {
                            if positions_only {
                                let _ = writeln!(w, "{line}");
                            } else {
                                let _ = writeln!(w, "{line} {g}");
                            }
                        }
                        let _ = w.flush();
                    });
                }
            });
        }
    });
}

/// The weight indices of a position for fitting. With `classes` (`--classes`) each
/// pattern configuration is read as its class's representative
/// ([`pattern::canonical`]), so that a configuration and its mirror image share one
/// weight; [`fit`] then copies it back to the whole class. (Not how the boot rounds
/// were fitted: docs/experiments/reversi-midgame.md#boot-options-play-depth-symmetry-classes.)
fn sample_features(p: u64, o: u64, classes: bool) -> Vec<u32> {
    let mut f = Vec::new();
    pattern::features(p, o, &mut f);
    if classes {
        let canon = pattern::canonical();
        f.iter_mut().for_each(|i| *i = canon[*i as usize]);
    }
    f
}

/// A labelled position: features of its stage, the score in 1/100 disc, the game.
/// With `train --blend`, the stage being fitted makes `share` of the prediction and
/// the other stage of its blend the `fixed` rest; otherwise `share` is 1, `fixed` 0.
struct Sample {
    features: Vec<u32>,
    /// The hand-set evaluation, for comparison.
    hand: i32,
    target: f32,
    empties: u32,
    game: usize,
    /// The occupied squares, where known (0 otherwise): a pass repeats them.
    occupied: u64,
    fixed: f32,
    share: f32,
}

impl Sample {
    fn new(features: Vec<u32>, hand: i32, target: f32, empties: u32, game: usize) -> Sample {
        Sample {
            features,
            hand,
            target,
            empties,
            game,
            occupied: 0,
            fixed: 0.0,
            share: 1.0,
        }
    }

    /// The prediction with weights `w` for the stage being fitted.
    fn predict(&self, w: &[f32]) -> f32 {
        self.fixed + self.share * self.features.iter().map(|&f| w[f as usize]).sum::<f32>()
    }
}

fn train(args: &[String]) {
    let epochs: usize = arg(args, "--epochs", 300);
    let lr: f32 = arg(args, "--lr", 1.0);
    let damp: f32 = arg(args, "--damp", 4.0);
    let overlap: u32 = arg(args, "--overlap", 1);
    let min_samples: usize = arg(args, "--min-samples", 10_000);
    let classes = args.iter().any(|a| a == "--classes");
    let out: String = arg(args, "--out", "src/games/reversi/weights.bin".to_string());
    // `--init FILE`: each stage's fit starts from its own weights in FILE, and the
    // stages not fitted (before `--from-stage`, or with too few samples) keep them.
    let init: String = arg(args, "--init", String::new());
    let from_stage: usize = arg(args, "--from-stage", 0);
    // `--to-stage S`: the stages after S are not fitted (they keep `--init`'s weights).
    let to_stage: usize = arg(args, "--to-stage", pattern::STAGES - 1);
    // `--lambda L`: where a line has a fifth field (`selfplay`'s search value, 1/100
    // disc) the target is L times the score plus 1 - L times that value.
    let lambda: f32 = arg(args, "--lambda", 1.0);
    // `--keep-best`: each stage keeps the weights of the epoch with the lowest error on
    // its held-out games (the fit stops improving on them long before the last epoch
    // when a stage has few positions for its weights).
    let keep_best = args.iter().any(|a| a == "--keep-best");
    // `--blend`: each stage is fitted through the engine's blend (pattern::blend) to
    // every position whose weight set it has a share in, the other stage of the blend
    // held at its weights (from `--init`, or as fitted just before).
    let blend = args.iter().any(|a| a == "--blend");
    let files = positional(args, &["--classes", "--keep-best", "--blend"]);
    let mut samples = Vec::new();
    for f in files {
        let file = match std::fs::File::open(f) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{f}: {e}");
                std::process::exit(2);
            }
        };
        for line in std::io::BufReader::new(file).lines().map_while(Result::ok) {
            let w: Vec<&str> = line.split_whitespace().collect();
            if w.len() < 4 {
                continue;
            }
            let (Ok(p), Ok(o), Ok(score), Ok(game)) = (
                u64::from_str_radix(w[0], 16),
                u64::from_str_radix(w[1], 16),
                w[2].parse::<i32>(),
                w[3].parse::<usize>(),
            ) else {
                continue;
            };
            let mut target = (score * eval::DISC) as f32;
            if let Some(Ok(v)) = w.get(4).map(|v| v.parse::<i32>()) {
                target = lambda * target + (1.0 - lambda) * v as f32;
            }
            let features = sample_features(p, o, classes);
            let empties = 64 - (p | o).count_ones();
            let mut sample = Sample::new(features, eval::hand_set(p, o), target, empties, game);
            sample.occupied = p | o;
            samples.push(sample);
        }
    }
    // The files may list games in any order: sort by game (stable within a game).
    samples.sort_by_key(|s| s.game);
    eprintln!("{} samples", samples.len());
    let size = pattern::stage_size();
    let mut all = vec![0i16; pattern::STAGES * size];
    let mut trained: Vec<Option<usize>> = vec![None; pattern::STAGES];
    let mut prev = vec![0f32; size];
    if !init.is_empty() {
        all = match std::fs::read(&init) {
            Ok(b) if b.len() == 2 * all.len() => b
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect(),
            Ok(b) => boot::fail(&format!("{init}: {} bytes, not a weight file", b.len())),
            Err(e) => boot::fail(&format!("{init}: {e}")),
        };
        trained = (0..pattern::STAGES).map(Some).collect();
    }
    for (stage, slot) in trained.iter_mut().enumerate() {
        if stage < from_stage || stage > to_stage {
            continue;
        }
        if !init.is_empty() {
            prev = all[stage * size..(stage + 1) * size]
                .iter()
                .map(|&x| f32::from(x))
                .collect();
        }
        let (lo, hi) = pattern::stage_range(stage);
        if blend {
            for s in samples.iter_mut() {
                let [(a, fa), (b, fb)] = pattern::blend(s.empties);
                let (share, other) = match (a == stage, b == stage) {
                    (true, true) => (1.0, a),
                    (true, false) => (fa, b),
                    (false, true) => (fb, a),
                    (false, false) => (0.0, a),
                };
                s.share = share;
                s.fixed = if share > 0.0 && share < 1.0 {
                    let ow = &all[other * size..(other + 1) * size];
                    let o: f32 = s.features.iter().map(|&f| f32::from(ow[f as usize])).sum();
                    (1.0 - share) * o
                } else {
                    0.0
                };
            }
        }
        // Neighbouring empties help the stage's rare patterns; through the blend, the
        // positions the stage has a share in.
        let in_stage = |s: &&Sample| {
            if blend {
                s.share > 0.0
            } else {
                s.empties + overlap >= lo && s.empties <= hi + overlap
            }
        };
        let train_set: Vec<&Sample> = samples
            .iter()
            .filter(in_stage)
            .filter(|s| s.game % 20 != 0)
            .collect();
        let test_set: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.empties >= lo && s.empties <= hi && s.game % 20 == 0)
            .collect();
        if train_set.len() < min_samples || test_set.is_empty() {
            eprintln!("stage {stage} ({lo}-{hi} empties): too few samples");
            continue;
        }
        // Each stage starts from the one before (rare configurations keep its values).
        let w = fit(
            &train_set,
            &test_set,
            prev.clone(),
            epochs,
            lr,
            damp,
            classes,
            keep_best,
        );
        prev = w.clone();
        // Prediction minus target on the held-out positions, in discs: their mean
        // absolute value is the error, their mean the bias (a biased stage is too
        // hopeful, or too gloomy, for the side to move).
        let residuals: Vec<f64> = test_set
            .iter()
            .map(|s| f64::from(s.predict(&w) - s.target) / f64::from(eval::DISC))
            .collect();
        let n = residuals.len().max(1) as f64;
        let mae = residuals.iter().map(|r| r.abs()).sum::<f64>() / n;
        let bias = residuals.iter().sum::<f64>() / n;
        let hand = test_set
            .iter()
            .map(|s| (s.hand as f32 - s.target).abs() as f64)
            .sum::<f64>()
            / test_set.len().max(1) as f64
            / eval::DISC as f64;
        // How much of the targets' spread the weights explain: the correlation of
        // prediction and target, and the error of predicting 0 (a draw) for all.
        let (corr, draw) = agreement(&test_set, &w);
        // Within one parity of empties ("none" where the held-out games have none).
        let parity = |odd: u32| {
            let part: Vec<&Sample> = test_set
                .iter()
                .copied()
                .filter(|s| s.empties % 2 == odd)
                .collect();
            match part.len() {
                0 | 1 => "none".to_string(),
                _ => format!("{:.3}", agreement(&part, &w).0),
            }
        };
        let (even, odd) = (parity(0), parity(1));
        eprintln!(
            "stage {stage} ({lo}-{hi} empties): {} train, {} test, mean error {:.2} discs, \
             bias {bias:+.2}, correlation {corr:.3} (even {even}, odd {odd}; a draw \
             guessed: {draw:.2}; hand-set evaluation {hand:.2})",
            train_set.len(),
            test_set.len(),
            mae
        );
        if let Some((pairs, right, groups, first)) = sibling_order(&test_set, &w) {
            eprintln!(
                "  siblings: {:.1}% of {pairs} pairs ordered as their targets; the best \
                 sibling first in {:.1}% of {groups} groups",
                100.0 * right,
                100.0 * first
            );
        }
        for (i, x) in w.iter().enumerate() {
            all[stage * size + i] = x.round().clamp(-32000.0, 32000.0) as i16;
        }
        *slot = Some(stage);
    }
    // Untrained stages take the nearest trained one.
    for stage in 0..pattern::STAGES {
        if trained[stage].is_none() {
            let near = (0..pattern::STAGES)
                .filter(|&s| trained[s] == Some(s))
                .min_by_key(|&s| (s as i32 - stage as i32).abs());
            if let Some(src) = near {
                all.copy_within(src * size..(src + 1) * size, stage * size);
                eprintln!("stage {stage}: copied from stage {src}");
            }
        }
    }
    let bytes: Vec<u8> = all.iter().flat_map(|x| x.to_le_bytes()).collect();
    if let Err(e) = std::fs::write(&out, bytes) {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    }
    eprintln!("wrote {out}");
}

/// How well `w` orders positions that are one move apart from the same parent: runs of
/// consecutive samples with the same game and the same number of empties, each on
/// other squares than the one before (a file of every position after each move of a
/// game's positions, such as the children of `selfplay`'s positions, lists them so; a
/// game's own line has one position each, or two on the same squares around a pass).
/// Of the pairs in a run with different targets, the share `w` orders as the targets;
/// of the runs, the share where the lowest prediction (the parent's choice: each value
/// is for the side to move after the parent's move) has the lowest target. `None`
/// without runs of two or more. A search's move order and its choice among the leaves
/// of one parent are this ranking, not the values' scale.
fn sibling_order(samples: &[&Sample], w: &[f32]) -> Option<(usize, f64, usize, f64)> {
    let (mut pairs, mut right, mut groups, mut first) = (0usize, 0usize, 0usize, 0usize);
    for run in samples
        .chunk_by(|a, b| a.game == b.game && a.empties == b.empties && a.occupied != b.occupied)
    {
        if run.len() < 2 {
            continue;
        }
        let v: Vec<(f32, f32)> = run.iter().map(|s| (s.predict(w), s.target)).collect();
        for (i, a) in v.iter().enumerate() {
            for b in &v[i + 1..] {
                if a.1 != b.1 {
                    pairs += 1;
                    right += usize::from((a.0 < b.0) == (a.1 < b.1) && a.0 != b.0);
                }
            }
        }
        let low = v.iter().map(|x| x.1).fold(f32::INFINITY, f32::min);
        let pick = v.iter().min_by(|a, b| a.0.total_cmp(&b.0));
        groups += 1;
        first += usize::from(pick.is_some_and(|p| p.1 == low));
    }
    (groups > 0).then(|| {
        (
            pairs,
            right as f64 / pairs.max(1) as f64,
            groups,
            first as f64 / groups as f64,
        )
    })
}

/// The correlation of the predictions of `w` with the targets over `samples`, and
/// the mean absolute target in discs (the error of guessing a draw everywhere).
fn agreement(samples: &[&Sample], w: &[f32]) -> (f64, f64) {
    let n = samples.len().max(1) as f64;
    let pairs: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (f64::from(s.predict(w)), f64::from(s.target)))
        .collect();
    let (mp, mt) = pairs
        .iter()
        .fold((0.0, 0.0), |(a, b), &(p, t)| (a + p / n, b + t / n));
    let (mut cov, mut vp, mut vt) = (0.0, 0.0, 0.0);
    for &(p, t) in &pairs {
        cov += (p - mp) * (t - mt);
        vp += (p - mp) * (p - mp);
        vt += (t - mt) * (t - mt);
    }
    let corr = if vp > 0.0 && vt > 0.0 {
        cov / (vp * vt).sqrt()
    } else {
        0.0
    };
    let draw = pairs.iter().map(|&(_, t)| t.abs()).sum::<f64>() / n / f64::from(eval::DISC);
    (corr, draw)
}

/// Least squares by full-batch gradient steps, each weight's step divided by how often
/// it occurs (rare configurations move slowly toward their mean error). With
/// `keep_best` the weights of the epoch with the lowest mean error on `test` are
/// returned instead of the last.
#[allow(clippy::too_many_arguments)]
fn fit(
    samples: &[&Sample],
    test: &[&Sample],
    mut w: Vec<f32>,
    epochs: usize,
    lr: f32,
    damp: f32,
    classes: bool,
    keep_best: bool,
) -> Vec<f32> {
    let test_error = |w: &[f32]| {
        test.iter()
            .map(|s| (s.predict(w) - s.target).abs() as f64)
            .sum::<f64>()
            / test.len().max(1) as f64
            / eval::DISC as f64
    };
    let mut best = (test_error(&w), 0, w.clone());
    let size = w.len();
    let mut count = vec![0f32; size];
    // A weight's share of a prediction scales its gradient, and its squared share
    // its curvature.
    for s in samples {
        for &f in &s.features {
            count[f as usize] += s.share * s.share;
        }
    }
    let mut grad = vec![0f32; size];
    // The samples in two fixed halves, one a thread, their gradients summed in order
    // (the same result on any machine).
    let half = samples.len().div_ceil(2);
    let mut other = vec![0f32; size];
    for epoch in 0..epochs {
        let pass = |part: &[&Sample], grad: &mut Vec<f32>| {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let mut sq = 0f64;
            for s in part {
                let err = s.target - s.predict(&w);
                sq += (err as f64) * (err as f64);
                for &f in &s.features {
                    grad[f as usize] += s.share * err;
                }
            }
            sq
        };
        let (first, second) = samples.split_at(half);
        let (sq_a, sq_b) = std::thread::scope(|t| {
            let b = t.spawn(|| pass(second, &mut other));
            let a = pass(first, &mut grad);
            (a, b.join().unwrap_or(0.0))
        });
        let sq = sq_a + sq_b;
        for (g, o) in grad.iter_mut().zip(&other) {
            *g += o;
        }
        // The features of a sample share its error: each gets a fraction of it.
        let n = samples.first().map_or(1, |s| s.features.len()) as f32;
        for i in 0..size {
            if count[i] > 0.0 {
                w[i] += grad[i] / (count[i] + damp) * (lr / n);
            }
        }
        if keep_best {
            let e = test_error(&w);
            if e < best.0 {
                best = (e, epoch + 1, w.clone());
            }
        }
        if epoch % 50 == 0 || epoch + 1 == epochs {
            let rms = (sq / samples.len() as f64).sqrt() / eval::DISC as f64;
            let test_err = test_error(&w);
            eprintln!("  epoch {epoch}: rms {rms:.2} discs, test mean error {test_err:.2}");
        }
    }
    if keep_best {
        eprintln!("  kept epoch {}: test mean error {:.2}", best.1, best.0);
        w = best.2;
    }
    if classes {
        for (i, &c) in pattern::canonical().iter().enumerate() {
            w[i] = w[c as usize];
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample whose prediction under `w[i] = i` is `value`.
    fn sample(value: u32, target: f32, empties: u32, game: usize, occupied: u64) -> Sample {
        let mut s = Sample::new(vec![value], 0, target, empties, game);
        s.occupied = occupied;
        s
    }

    #[test]
    fn siblings_are_runs_of_one_game_and_empties_on_other_squares() {
        let w: Vec<f32> = (0..8).map(|i| i as f32).collect();
        let samples = [
            // Three children of one parent: predictions 1, 2, 3 for targets 10, 30, 20.
            sample(1, 10.0, 20, 1, 0b001),
            sample(2, 30.0, 20, 1, 0b010),
            sample(3, 20.0, 20, 1, 0b100),
            // A game's line around a pass: the same squares, not siblings.
            sample(4, 5.0, 30, 2, 0b111),
            sample(5, -5.0, 30, 2, 0b111),
            // One position alone.
            sample(6, 0.0, 25, 3, 0b1),
        ];
        let refs: Vec<&Sample> = samples.iter().collect();
        let (pairs, right, groups, first) = sibling_order(&refs, &w).expect("one run");
        assert_eq!((pairs, groups), (3, 1));
        assert!((right - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(first, 1.0);
        assert!(sibling_order(&refs[3..], &w).is_none());
    }
}
