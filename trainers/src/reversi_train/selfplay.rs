//! `selfplay`: positions labelled by the outcome of games the engine plays itself.
//!
//! Each game starts from an XOT opening (game `g` uses opening `g` modulo their
//! number). Down to `--random-until` empties one move in `--random-one-in` is random,
//! the others are chosen by ply's own search (`--depth` plies, the built-in
//! evaluation, a fresh table each game); from there on every move is the search's. At
//! `--solve-at` empties the position is solved exactly and the game ends there: every
//! position played before it is printed with that exact result from its mover's view
//! and the search's value of it (`player opponent score game value`: `gen`'s fields
//! and one more, in 1/100 disc, for `train --lambda`). So a label is what the game
//! came to under the engine's own play and perfect play at the end, not a chain of
//! shallow searches, blended as `train` is told with what the search saw.
//!
//! With `--label-to L` (below `--solve-at`) the game goes on past the first solve:
//! every position down to `L` empties is solved exactly and printed with its exact
//! score as both fields, and the next move is by turns the solver's best and the
//! search's. So the solved stages get exact labels on positions of ply's own games
//! (close games when the random moves are off), not only on the lopsided positions
//! of `gen`'s noisy games.

use std::io::{BufRead, BufReader, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ply::games::reversi::endgame::Solver;
use ply::games::reversi::{bit, flips, moves, Reversi};
use ply::games::{splitmix64, Color};
use ply::search::tt::TranspositionTable;
use ply::search::{search, Limits, SearchParams, SearchRequest};
use ply::tools::progress::Progress;

use super::boot::fail;
use super::{arg, opening_positions, par_map, random_move};

pub fn selfplay(args: &[String]) {
    let openings: String = arg(args, "--openings", String::new());
    let first_game: usize = arg(args, "--first", 0);
    let games: usize = arg(args, "--games", 1000);
    let depth: u32 = arg(args, "--depth", 6);
    let threads: usize = arg(args, "--threads", 2);
    let seed: u64 = arg(args, "--seed", 1);
    let random_one_in: u64 = arg(args, "--random-one-in", 8);
    let random_until: u32 = arg(args, "--random-until", 40);
    let solve_at: u32 = arg(args, "--solve-at", 20);
    let label_to: u32 = arg(args, "--label-to", solve_at);
    let lines: Vec<String> = match std::fs::File::open(&openings) {
        Ok(f) => BufReader::new(f).lines().map_while(Result::ok).collect(),
        Err(e) => fail(&format!("{openings}: {e}")),
    };
    if lines.is_empty() {
        fail(&format!("{openings}: no openings"));
    }
    let t = Instant::now();
    let progress = Progress::new(games as u64, "games");
    // Games in batches so the output grows as they end (each game's lines in order).
    let batch = 200;
    let mut done = 0;
    while done < games {
        let n = batch.min(games - done);
        let out = par_map(n, threads, |i, scratch: &mut Option<Player>| {
            let player = scratch.get_or_insert_with(Player::new);
            let g = first_game + done + i;
            let mut game_seed = seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let opening = &lines[g % lines.len()];
            let game = Game {
                depth,
                random_one_in,
                random_until,
                solve_at,
                label_to,
            };
            game.play(opening, &mut game_seed, player)
                .into_iter()
                .map(|(p, o, score, v)| format!("{p:016x} {o:016x} {score} {g} {v}\n"))
                .collect::<String>()
        });
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
            eprintln!("{done} games in {:.0?}", t.elapsed());
        }
    }
}

/// One thread's search table and solver.
struct Player {
    tt: TranspositionTable,
    solver: Solver,
}

impl Player {
    fn new() -> Player {
        Player {
            tt: TranspositionTable::new(16 << 20),
            solver: Solver::new(16 << 20),
        }
    }
}

struct Game {
    depth: u32,
    random_one_in: u64,
    random_until: u32,
    solve_at: u32,
    label_to: u32,
}

impl Game {
    /// The positions of one game (mover first) with their exact outcome for the
    /// mover and the search's value (1/100 disc); none when the opening is illegal or
    /// a solve does not finish.
    fn play(
        &self,
        opening: &str,
        seed: &mut u64,
        player: &mut Player,
    ) -> Vec<(u64, u64, i32, i32)> {
        let Some(&(mut p, mut o)) = opening_positions(opening).last() else {
            return Vec::new();
        };
        player.tt.clear();
        let stop = AtomicBool::new(false);
        // The positions with whether their mover is the first player's side.
        let mut seen: Vec<(u64, u64, bool, i32)> = Vec::new();
        // Past the first solve (`--label-to`): the positions with their exact scores.
        let mut solved: Vec<(u64, u64, i32, i32)> = Vec::new();
        // The first solve's score and whose side it is for.
        let mut first_solve: Option<(i32, bool)> = None;
        let mut first = true;
        let outcome = loop {
            let m = moves(p, o);
            if m == 0 {
                if moves(o, p) == 0 {
                    break ply::games::reversi::final_score(p, o);
                }
                (p, o) = (o, p);
                first = !first;
                continue;
            }
            let empties = 64 - (p | o).count_ones();
            let mut best = None;
            if empties <= self.solve_at {
                if first_solve.is_none() {
                    player.solver.clear();
                }
                let s = player.solver.solve(p, o, false, None, None);
                if !s.complete {
                    return Vec::new();
                }
                if first_solve.is_none() {
                    first_solve = Some((s.score, first));
                }
                if empties < self.label_to.max(1) || self.label_to >= self.solve_at {
                    break s.score;
                }
                solved.push((p, o, s.score, s.score * ply::games::reversi::eval::DISC));
                best = Some(s.best.0 as usize);
            }
            let sq = match best {
                // Solved positions: the solver's move and the search's by turns.
                Some(b) if m & bit(b) != 0 && solved.len() % 2 == 1 => b,
                _ => {
                    let pos = Reversi::from_discs(p, o, Color::Black);
                    let params = SearchParams::new(Limits::depth(Instant::now(), self.depth), 1);
                    let r = search(&pos, SearchRequest::new(&params, &player.tt, &stop));
                    if best.is_none() {
                        seen.push((p, o, first, r.score));
                    }
                    r.best.index()
                }
            };
            let sq = if sq >= 64
                || m & bit(sq) == 0
                || (empties > self.random_until
                    && splitmix64(seed).is_multiple_of(self.random_one_in.max(1)))
            {
                random_move(m, seed)
            } else {
                sq
            };
            let f = flips(p, o, sq);
            (p, o) = (o & !f, p | f | bit(sq));
            first = !first;
        };
        // `outcome` is for the mover at the end (`first` tells whose side that is),
        // or the first solve's when the game went on past it.
        let (outcome, first) = first_solve.unwrap_or((outcome, first));
        seen.into_iter()
            .map(|(p, o, f, v)| (p, o, if f == first { outcome } else { -outcome }, v))
            .chain(solved)
            .collect()
    }
}
