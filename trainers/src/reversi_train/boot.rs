//! `boot`: the weights of the stages the solver cannot label (22 empties and more),
//! fitted stage by stage from the end of the game back to its start.
//!
//! Positions come from games played from the XOT openings (each opening's own
//! positions, then a noisy two-ply player with one random move in eight, on the
//! hand-set evaluation or with `--player trained` the built-in one) down to 22
//! empties. A stage's positions are labelled by an alpha-beta search with the weights
//! fitted so far, deep enough that every leaf lies in an earlier stage (so the labels
//! rest, through the searches, on the exact scores that fitted the solved stages),
//! then the stage is fitted by least squares to those labels, starting from the stage
//! before it. Every 20th game is held out to report the error.
//!
//! Options not used for the committed weights: `--play-depth D` plays the games by a
//! D-ply search on the `--init` weights (with `--noise` in 1/100 discs and one random
//! move in `--random-one-in`), `--classes` fits one weight per symmetry class (see
//! docs/experiments/reversi-midgame.md#boot-options-play-depth-symmetry-classes).

use std::io::{BufRead, BufReader};

use ply::games::reversi::{bit, eval, final_score, flips, moves, pattern};
use ply::games::splitmix64;

use super::{
    arg, children, fit, noisy_move, opening_positions, par_map, random_move, sample_features,
    to_move, Sample,
};

/// The first stage `boot` fits (22-25 empties); those before it are kept.
const FIRST: usize = 4;

pub fn boot(args: &[String]) {
    let openings: String = arg(args, "--openings", String::new());
    let first_game: usize = arg(args, "--first", 0);
    let games: usize = arg(args, "--games", 1000);
    let depth: u32 = arg(args, "--depth", 4);
    let threads: usize = arg(args, "--threads", 2);
    let seed: u64 = arg(args, "--seed", 1);
    let epochs: usize = arg(args, "--epochs", 100);
    let damp: f32 = arg(args, "--damp", 50.0);
    let overlap: u32 = arg(args, "--overlap", 2);
    let init: String = arg(args, "--init", "src/games/reversi/weights.bin".to_string());
    let out: String = arg(args, "--out", "src/games/reversi/weights.bin".to_string());
    // `trained`: the games are played on the built-in evaluation (a second round).
    let player: String = arg(args, "--player", "hand".to_string());
    let player: fn(u64, u64) -> i32 = match player.as_str() {
        "trained" => eval::evaluate,
        "hand" => eval::hand_set,
        p => fail(&format!(
            "reversi_train: --player needs hand or trained, not '{p}'"
        )),
    };
    // Each stage's fit starts from its own weights in `--init` (a second round)
    // rather than from the stage before.
    let own = args.iter().any(|a| a == "--from-own-stage");
    // One weight per symmetry class of a configuration (see `sample_features`).
    let classes = args.iter().any(|a| a == "--classes");
    // With `--play-depth D` (D > 0) each move is chosen by a D-ply search on the
    // `--init` weights instead of the two-ply player: games closer to real play.
    let play_depth: u32 = arg(args, "--play-depth", 0);

    let size = pattern::stage_size();
    let mut w: Vec<f32> = match std::fs::read(&init) {
        Ok(b) if b.len() == 2 * pattern::STAGES * size => b
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]) as f32)
            .collect(),
        Ok(b) => fail(&format!("{init}: {} bytes, not a weight file", b.len())),
        Err(e) => fail(&format!("{init}: {e}")),
    };
    let lines: Vec<String> = match std::fs::File::open(&openings) {
        Ok(f) => BufReader::new(f).lines().map_while(Result::ok).collect(),
        Err(e) => fail(&format!("{openings}: {e}")),
    };
    if lines.is_empty() {
        fail(&format!("{openings}: no openings"));
    }

    // How the games are played: noise added to each move's value (1/100 discs) and
    // one move in `--random-one-in` at random.
    let style = Style {
        eval: player,
        noise: arg(args, "--noise", 600),
        random_one_in: arg(args, "--random-one-in", 8),
        depth: play_depth,
        weights: &w,
    };
    // The positions, by game (each game from its own seed).
    let by_game = par_map(games, threads, |i, _: &mut ()| {
        let g = first_game + i;
        let mut game_seed = seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        play(&lines[g % lines.len()], &mut game_seed, &style)
    });
    let positions: Vec<(u64, u64, usize)> = by_game
        .into_iter()
        .enumerate()
        .flat_map(|(i, game)| game.into_iter().map(move |(p, o)| (p, o, first_game + i)))
        .collect();
    eprintln!("{} positions from {games} games", positions.len());
    let empties = |p: u64, o: u64| 64 - (p | o).count_ones();

    let mut samples: Vec<Sample> = Vec::new();
    let mut prev: Vec<f32> = w[(FIRST - 1) * size..FIRST * size].to_vec();
    for stage in FIRST..pattern::STAGES {
        let (lo, hi) = pattern::stage_range(stage);
        let todo: Vec<&(u64, u64, usize)> = positions
            .iter()
            .filter(|&&(p, o, _)| (lo..=hi).contains(&empties(p, o)))
            .collect();
        let t = std::time::Instant::now();
        let labels = label_all(&w, &todo, depth, lo, threads);
        eprintln!(
            "stage {stage} ({lo}-{hi} empties): {} positions labelled in {:.0?}",
            todo.len(),
            t.elapsed()
        );
        for (&&(p, o, game), target) in todo.iter().zip(labels) {
            let features = sample_features(p, o, classes);
            samples.push(Sample::new(
                features,
                eval::hand_set(p, o),
                target,
                empties(p, o),
                game,
            ));
        }
        // The stage's own positions and those just below it (already labelled).
        let train_set: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.empties + overlap >= lo && s.empties <= hi && s.game % 20 != 0)
            .collect();
        let test_set: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.empties >= lo && s.empties <= hi && s.game % 20 == 0)
            .collect();
        if train_set.is_empty() || test_set.is_empty() {
            fail(&format!("stage {stage}: no positions"));
        }
        let start = if own {
            w[stage * size..(stage + 1) * size].to_vec()
        } else {
            prev.clone()
        };
        let fitted = fit(
            &train_set, &test_set, start, epochs, 1.0, damp, classes, false,
        );
        let err = |pred: &dyn Fn(&Sample) -> f32| {
            test_set
                .iter()
                .map(|s| (pred(s) - s.target).abs() as f64)
                .sum::<f64>()
                / test_set.len() as f64
                / eval::DISC as f64
        };
        let old = &w[stage * size..(stage + 1) * size];
        eprintln!(
            "stage {stage}: {} train, {} test, mean error {:.2} discs (before {:.2}, \
             hand-set {:.2})",
            train_set.len(),
            test_set.len(),
            err(&|s| s.features.iter().map(|&f| fitted[f as usize]).sum()),
            err(&|s| s.features.iter().map(|&f| old[f as usize]).sum()),
            err(&|s| s.hand as f32),
        );
        w[stage * size..(stage + 1) * size].copy_from_slice(&fitted);
        prev = fitted;
    }
    let bytes: Vec<u8> = w
        .iter()
        .flat_map(|x| (x.round().clamp(-32000.0, 32000.0) as i16).to_le_bytes())
        .collect();
    if let Err(e) = std::fs::write(&out, bytes) {
        fail(&format!("{out}: {e}"));
    }
    eprintln!("wrote {out}");
}

pub(super) fn fail(msg: &str) -> ! {
    eprintln!("{msg}");
    std::process::exit(2);
}

/// How `boot`'s games are played.
pub(super) struct Style<'a> {
    pub eval: fn(u64, u64) -> i32,
    pub noise: u64,
    pub random_one_in: u64,
    /// 0: the noisy two-ply player on `eval`; else a search of this depth on `weights`.
    pub depth: u32,
    pub weights: &'a [f32],
}

/// The positions of one game from `opening` with the mover to play and at least 22
/// empties (the opening's own positions too); none when the opening is not legal.
pub(super) fn play(opening: &str, seed: &mut u64, style: &Style) -> Vec<(u64, u64)> {
    let mut out = opening_positions(opening);
    // The last one is where the game goes on (and is pushed there).
    let Some((mut p, mut o)) = out.pop() else {
        return Vec::new();
    };
    while (p | o).count_ones() <= 64 - 22 {
        let Some((np, no, m)) = to_move(p, o) else {
            break;
        };
        (p, o) = (np, no);
        out.push((p, o));
        let sq = if splitmix64(seed).is_multiple_of(style.random_one_in.max(1)) {
            random_move(m, seed)
        } else if style.depth > 0 {
            searched_move(p, o, seed, style)
        } else {
            noisy_move(p, o, seed, style.eval, style.noise)
        };
        let f = flips(p, o, sq);
        (p, o) = (o & !f, p | f | bit(sq));
    }
    out
}

/// The best move of `p` by a `style.depth`-ply search on `style.weights`, each move's
/// value raised by up to `style.noise` (1/100 discs) at random.
fn searched_move(p: u64, o: u64, seed: &mut u64, style: &Style) -> usize {
    let mut feats = Vec::new();
    let mut best = (f32::MIN, 0);
    let noise = style.noise.max(1);
    for (sq, np, no) in children(p, o) {
        // Only a move that can still come out best with its noise needs its value.
        let floor = if best.0 == f32::MIN {
            -1e9
        } else {
            best.0 - noise as f32
        };
        let v = -search(
            style.weights,
            np,
            no,
            style.depth - 1,
            -1e9,
            -floor,
            &mut feats,
        );
        if v <= floor {
            continue;
        }
        let v = v + (splitmix64(seed) % noise) as f32;
        if v > best.0 {
            best = (v, sq);
        }
    }
    best.1
}

/// Labels `todo` (positions of one stage beginning at `lo` empties) by searches whose
/// leaves all lie below `lo` empties, on `threads` threads.
fn label_all(
    w: &[f32],
    todo: &[&(u64, u64, usize)],
    depth: u32,
    lo: u32,
    threads: usize,
) -> Vec<f32> {
    par_map(todo.len(), threads, |i, feats: &mut Vec<u32>| {
        let (p, o, _) = *todo[i];
        let e = 64 - (p | o).count_ones();
        let d = depth.max(e + 1 - lo);
        search(w, p, o, d, -1e9, 1e9, feats)
    })
}

/// The value of `p` to move against `o` by the weights `w`, in 1/100 disc.
fn value(w: &[f32], p: u64, o: u64, feats: &mut Vec<u32>) -> f32 {
    pattern::features(p, o, feats);
    let base = pattern::stage((64 - (p | o).count_ones()).min(60)) * pattern::stage_size();
    feats.iter().map(|&f| w[base + f as usize]).sum()
}

/// Alpha-beta to `depth` plies on the weights `w` (passes are free), moves tried
/// fewest opponent replies first.
pub(super) fn search(
    w: &[f32],
    p: u64,
    o: u64,
    depth: u32,
    alpha: f32,
    beta: f32,
    feats: &mut Vec<u32>,
) -> f32 {
    let m = moves(p, o);
    if m == 0 {
        if moves(o, p) == 0 {
            return (final_score(p, o) * eval::DISC) as f32;
        }
        return -search(w, o, p, depth, -beta, -alpha, feats);
    }
    if depth == 0 {
        return value(w, p, o, feats);
    }
    let mut next: Vec<(u32, u64, u64)> = children(p, o)
        .map(|(_, np, no)| (moves(np, no).count_ones(), np, no))
        .collect();
    next.sort_by_key(|c| c.0);
    let mut best = f32::MIN;
    for (_, np, no) in next {
        let v = -search(w, np, no, depth - 1, -beta, -alpha.max(best), feats);
        if v > best {
            best = v;
            if best >= beta {
                break;
            }
        }
    }
    best
}
