//! `endmpc`: the error model of the endgame solver's probcut. Each position of an OBF
//! file (`board side` lines, e.g. from match records) is solved exactly and probed
//! by the solver's evaluation search (`Solver::eval_probe`) at depths 0 to
//! `--depth`; prints, per number of empties and probe depth, the mean and standard
//! deviation in discs of the exact score around the probe, and how many positions.

use ply::games::reversi::endgame::Solver;
use ply::games::reversi::{eval, Reversi};

use super::boot::fail;
use super::mpc::solve4;
use super::{arg, par_map, positional};

pub fn endmpc(args: &[String]) {
    let depth: u32 = arg(args, "--depth", 6);
    let threads: usize = arg(args, "--threads", 2);
    let per: usize = arg(args, "--per-empties", 400);
    let files = positional(args, &[]);
    let mut picked: Vec<Reversi> = Vec::new();
    let mut count = [0usize; 65];
    for f in files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| fail(&format!("{f}: {e}")));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let pos = match Reversi::parse_obf_line(line) {
                Ok((p, _)) => p,
                Err(e) => fail(&format!("{f}: {e}")),
            };
            let n = pos.empties() as usize;
            if count[n] < per && !pos.is_over() {
                count[n] += 1;
                picked.push(pos);
            }
        }
    }
    eprintln!("{} positions", picked.len());
    let rows = par_map(picked.len(), threads, |i, solver: &mut Option<Solver>| {
        let s = solver.get_or_insert_with(|| Solver::new(64 << 20));
        let pos = &picked[i];
        let exact = s
            .solve(pos.player(), pos.opponent(), false, None, None)
            .score;
        let probes: Vec<f64> = (0..=depth)
            .map(|d| {
                let (v, _) = Solver::eval_probe(pos.player(), pos.opponent(), d);
                f64::from(v) / f64::from(eval::DISC)
            })
            .collect();
        (pos.empties(), f64::from(exact), probes)
    });
    let dump: String = arg(args, "--dump", String::new());
    if !dump.is_empty() {
        let text: String = rows
            .iter()
            .zip(&picked)
            .map(|(r, pos)| {
                let v: Vec<String> = r.2.iter().map(|x| format!("{x:.2}")).collect();
                format!("{} {} {} {}\n", pos.to_obf(), r.0, r.1, v.join(" "))
            })
            .collect();
        if let Err(e) = std::fs::write(&dump, text) {
            fail(&format!("{dump}: {e}"));
        }
    }
    println!("empties depth mean sigma n");
    let mut fit: Vec<[f64; 4]> = Vec::new();
    for n in 0..=64u32 {
        let of_n: Vec<_> = rows
            .iter()
            .filter(|r| r.0 == n && !r.2.is_empty())
            .collect();
        if of_n.len() < 10 {
            continue;
        }
        for d in 0..=depth as usize {
            let diffs: Vec<f64> = of_n.iter().map(|r| r.1 - r.2[d]).collect();
            let k = diffs.len() as f64;
            let mean = diffs.iter().sum::<f64>() / k;
            let sd = (diffs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0)).sqrt();
            println!("{n} {d} {mean:.2} {sd:.2} {}", diffs.len());
            fit.push([f64::from(n), d as f64, mean, sd]);
        }
    }
    // Least squares of `k + a * empties + b * depth` for the sigma and the mean (the
    // fourth unknown of `solve4` is pinned to zero).
    for (name, col) in [("ENDCUT_SIGMA", 3), ("ENDCUT_MEAN", 2)] {
        let mut ata = [[0f64; 4]; 4];
        let mut atb = [0f64; 4];
        for r in &fit {
            let x = [1.0, r[0], r[1], 0.0];
            for i in 0..4 {
                for j in 0..4 {
                    ata[i][j] += x[i] * x[j];
                }
                atb[i] += x[i] * r[col];
            }
        }
        ata[3][3] = 1.0;
        let x = solve4(ata, atb);
        println!("{name} = [{:.4}, {:.4}, {:.4}]", x[0], x[1], x[2]);
    }
}
