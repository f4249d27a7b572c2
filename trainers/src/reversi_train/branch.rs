//! `branch`: many exactly solved positions from the endgames of ply's own games.
//!
//! The solved stages (up to 21 empties) were first fitted to `gen`'s noisy games,
//! about 16 thousand positions a stage: too few for their 170 thousand weights, and
//! lopsided. `branch` reads a `selfplay` file, takes each game's position at
//! `--from` empties (of the first `--roots` games) and plays `--branches`
//! continuations from it, each move by a noisy two-ply search on the built-in
//! evaluation (up to `--noise` 1/100 discs added to each move's value: plausible
//! moves, not random ones). Every position of a branch from `--solve-from` empties
//! down to `--to` is solved exactly and printed, once a root (branches often meet
//! again), as `player opponent score game value` (the root's game, so a held-out
//! game's branches are all held out; the value is the score in 1/100 disc, as
//! `selfplay`'s fifth field). The solver's table is cleared at each root and
//! carries over between its branches, which share most of their endgames; the output
//! does not depend on the number of threads.
//!
//! With `--search-depth D` the positions above `--exact-from` empties (default
//! `--solve-from`) are labelled by ply's own `D`-ply search on the built-in weights
//! instead of a solve (`player opponent discs game value`, the value in 1/100 disc:
//! train them with `--lambda 0`): the midgame stages get close positions labelled by
//! searches whose leaves lie in the stages fitted on exact scores. Each root's search
//! starts from a clear table, so this output too does not depend on the threads.
//!
//! With `--probable-sigmas S` they are labelled instead by the solver's probable
//! solve cutting at `S` standard deviations (the engine's choice near the end, an
//! estimate of the exact score at a fraction of its cost), printed like exact ones.

use std::io::{BufRead, BufReader, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ply::games::reversi::endgame::Solver;
use ply::games::reversi::{bit, eval, flips, Reversi};
use ply::games::Color;
use ply::search::tt::TranspositionTable;
use ply::search::{search, Limits, SearchParams, SearchRequest};
use ply::tools::progress::Progress;

use super::boot::fail;
use super::{arg, noisy_move, par_map, to_move};

pub fn branch(args: &[String]) {
    let input: String = arg(args, "--in", String::new());
    let from: u32 = arg(args, "--from", 24);
    let solve_from: u32 = arg(args, "--solve-from", 21);
    let to: u32 = arg(args, "--to", 10);
    let branches: usize = arg(args, "--branches", 8);
    let noise: u64 = arg(args, "--noise", 400);
    let threads: usize = arg(args, "--threads", 2);
    let seed: u64 = arg(args, "--seed", 1);
    // `--roots N`: only the first N games' roots.
    let max_roots: usize = arg(args, "--roots", usize::MAX);
    // `--search-depth D`: above `--exact-from` empties, a `D`-ply search's value.
    let search_depth: u32 = arg(args, "--search-depth", 0);
    let exact_from: u32 = arg(args, "--exact-from", solve_from);
    // `--probable-sigmas S`: above `--exact-from` empties, a probable solve's score.
    let probable_sigmas: f32 = arg(args, "--probable-sigmas", 0.0);
    // The roots: each game's first position at `from` empties.
    let file = std::fs::File::open(&input).unwrap_or_else(|e| fail(&format!("{input}: {e}")));
    let mut roots: Vec<(u64, u64, usize)> = Vec::new();
    for line in BufReader::new(file).lines().map_while(Result::ok) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (Some(p), Some(o), Some(g)) = (
            w.first().and_then(|v| u64::from_str_radix(v, 16).ok()),
            w.get(1).and_then(|v| u64::from_str_radix(v, 16).ok()),
            w.get(3).and_then(|v| v.parse::<usize>().ok()),
        ) else {
            continue;
        };
        if 64 - (p | o).count_ones() == from && roots.last().is_none_or(|r| r.2 != g) {
            roots.push((p, o, g));
        }
    }
    roots.truncate(max_roots);
    eprintln!("{} roots at {from} empties", roots.len());
    let t = Instant::now();
    let progress = Progress::new(roots.len() as u64, "roots");
    let batch = 100;
    let mut done = 0;
    while done < roots.len() {
        let n = batch.min(roots.len() - done);
        let out = par_map(
            n,
            threads,
            |i, scratch: &mut Option<(Solver, TranspositionTable)>| {
                let (solver, tt) = scratch.get_or_insert_with(|| {
                    let tt_size = if search_depth > 0 { 16 << 20 } else { 0 };
                    (Solver::new(64 << 20), TranspositionTable::new(tt_size))
                });
                solver.clear();
                tt.clear();
                let stop = AtomicBool::new(false);
                let (root_p, root_o, g) = roots[done + i];
                let mut s = String::new();
                // Branches often meet again: each position once a root.
                let mut printed = std::collections::HashSet::new();
                for b in 0..branches {
                    let mut rng =
                        seed ^ ((g * branches + b) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    let (mut p, mut o) = (root_p, root_o);
                    while let Some((np, no, _)) = to_move(p, o) {
                        (p, o) = (np, no);
                        let empties = 64 - (p | o).count_ones();
                        if empties < to {
                            break;
                        }
                        if empties > solve_from || !printed.insert((p, o)) {
                            // Not labelled, or labelled already.
                        } else if empties > exact_from && search_depth > 0 {
                            let pos = Reversi::from_discs(p, o, Color::Black);
                            let params =
                                SearchParams::new(Limits::depth(Instant::now(), search_depth), 1);
                            let r = search(&pos, SearchRequest::new(&params, tt, &stop));
                            let discs = (r.score as f64 / eval::DISC as f64).round() as i32;
                            s += &format!("{p:016x} {o:016x} {discs} {g} {}\n", r.score);
                        } else {
                            let r = if empties > exact_from && probable_sigmas > 0.0 {
                                solver.solve_probable(p, o, probable_sigmas, u64::MAX, None, None)
                            } else {
                                solver.solve(p, o, false, None, None)
                            };
                            if !r.complete {
                                break;
                            }
                            s += &format!(
                                "{p:016x} {o:016x} {} {g} {}\n",
                                r.score,
                                r.score * eval::DISC
                            );
                        }
                        let sq = noisy_move(p, o, &mut rng, eval::evaluate, noise);
                        let f = flips(p, o, sq);
                        (p, o) = (o & !f, p | f | bit(sq));
                    }
                }
                s
            },
        );
        done += n;
        progress.inc_by(n as u64);
        progress.suspend(|| {
            let mut w = std::io::stdout().lock();
            for s in out {
                let _ = w.write_all(s.as_bytes());
            }
            let _ = w.flush();
        });
        if !progress.shown() {
            eprintln!("{done} roots in {:.0?}", t.elapsed());
        }
    }
}
