//! `mpc`: the Multi-ProbCut error model (`eval::probcut`). Positions from games played
//! from the XOT openings are searched (plain alpha-beta on the built weights file) at
//! every depth up to `--depth`; for each depth `d` and its shallow depth `s` (the pair
//! `eval::probcut` uses) the spread of `v(d) - v(s)` is measured per stage, and
//! `sigma = a * empties + b * d + c * s + k` is fitted to those spreads by least
//! squares. Prints the table and the coefficients.

use ply::games::reversi::{eval, pattern};

use super::boot::{fail, play, search, Style};
use super::{arg, par_map};

pub fn mpc(args: &[String]) {
    let openings: String = arg(args, "--openings", String::new());
    let first_game: usize = arg(args, "--first", 100_000);
    let per_stage: usize = arg(args, "--positions", 100);
    let depth: u32 = arg(args, "--depth", 8);
    let threads: usize = arg(args, "--threads", 2);
    let seed: u64 = arg(args, "--seed", 7);
    let weights: String = arg(
        args,
        "--weights",
        "src/games/reversi/weights.bin".to_string(),
    );
    let size = pattern::stage_size();
    let w: Vec<f32> = match std::fs::read(&weights) {
        Ok(b) if b.len() == 2 * pattern::STAGES * size => b
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]) as f32)
            .collect(),
        Ok(b) => fail(&format!("{weights}: {} bytes, not a weight file", b.len())),
        Err(e) => fail(&format!("{weights}: {e}")),
    };
    let lines: Vec<String> = match std::fs::read_to_string(&openings) {
        Ok(t) => t.lines().map(str::to_string).collect(),
        Err(e) => fail(&format!("{openings}: {e}")),
    };
    if lines.is_empty() {
        fail(&format!("{openings}: no openings"));
    }
    // One position per game, at a random point past the opening, until every stage
    // from 22 empties to 53 has `per_stage`.
    let stages: Vec<usize> = (pattern::stage(22)..pattern::stage(53) + 1).collect();
    let mut picked: Vec<(u64, u64)> = Vec::new();
    let mut count = [0usize; pattern::STAGES];
    let mut g = first_game;
    while stages.iter().any(|&s| count[s] < per_stage) && g < first_game + 100 * per_stage {
        let mut game_seed = seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let style = Style {
            eval: eval::hand_set,
            noise: 600,
            random_one_in: 8,
            depth: 0,
            weights: &[],
        };
        let pos = play(&lines[g % lines.len()], &mut game_seed, &style);
        g += 1;
        if pos.is_empty() {
            continue;
        }
        let k = (ply::games::splitmix64(&mut game_seed) % pos.len() as u64) as usize;
        let (p, o) = pos[k];
        let s = pattern::stage(64 - (p | o).count_ones());
        if stages.contains(&s) && count[s] < per_stage {
            count[s] += 1;
            picked.push((p, o));
        }
    }
    eprintln!("{} positions", picked.len());
    let values = par_map(picked.len(), threads, |i, feats: &mut Vec<u32>| {
        let (p, o) = picked[i];
        (0..=depth)
            .map(|d| search(&w, p, o, d, -1e9, 1e9, feats))
            .collect::<Vec<f32>>()
    });
    // Spreads per (stage, depth).
    let mut rows: Vec<[f64; 5]> = Vec::new();
    println!("stage empties depth shallow sigma(discs) n");
    for &st in &stages {
        let (lo, hi) = pattern::stage_range(st);
        let mid = f64::from(lo + hi) / 2.0;
        for d in 3..=depth as i32 {
            let Some(s) = eval::probcut(60, d, eval::PROBCUT_T).map(|c| c.shallow) else {
                continue;
            };
            let diffs: Vec<f64> = picked
                .iter()
                .zip(&values)
                .filter(|((p, o), _)| pattern::stage(64 - (p | o).count_ones()) == st)
                .map(|(_, v)| f64::from(v[d as usize] - v[s as usize]) / f64::from(eval::DISC))
                .collect();
            if diffs.len() < 10 {
                continue;
            }
            let n = diffs.len() as f64;
            let mean = diffs.iter().sum::<f64>() / n;
            let sd = (diffs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
            println!("{st} {mid} {d} {s} {sd:.3} {}", diffs.len());
            rows.push([mid, f64::from(d), f64::from(s), 1.0, sd]);
        }
    }
    // Least squares for [a, b, c, k].
    let mut ata = [[0f64; 4]; 4];
    let mut atb = [0f64; 4];
    for r in &rows {
        for i in 0..4 {
            for j in 0..4 {
                ata[i][j] += r[i] * r[j];
            }
            atb[i] += r[i] * r[4];
        }
    }
    let x = solve4(ata, atb);
    println!(
        "MPC_SIGMA = [{:.4}, {:.4}, {:.4}, {:.4}]",
        x[0], x[1], x[2], x[3]
    );
}

/// Gaussian elimination with partial pivoting for a 4x4 system.
pub(super) fn solve4(mut a: [[f64; 4]; 4], mut b: [f64; 4]) -> [f64; 4] {
    for c in 0..4 {
        let p = (c..4)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        if a[c][c].abs() < 1e-12 {
            continue;
        }
        for r in 0..4 {
            if r != c {
                let f = a[r][c] / a[c][c];
                let pivot = a[c];
                for (x, y) in a[r].iter_mut().zip(pivot) {
                    *x -= f * y;
                }
                b[r] -= f * b[c];
            }
        }
    }
    let mut x = [0f64; 4];
    for i in 0..4 {
        if a[i][i].abs() > 1e-12 {
            x[i] = b[i] / a[i][i];
        }
    }
    x
}
