//! `wthor`: positions from the games of a WTHOR database (the French federation's
//! public record of tournament games, `WTH_YYYY.wtb`, downloaded by the user; none is
//! part of the project), labelled by each game's theoretical score: its result with
//! perfect play from the point the database's header gives (24 empties in recent
//! files), which the federation computed with an endgame solver.
//!
//! ```text
//! reversi_train wthor WTH_2001.wtb ... [--from 53] [--to 22] [--first 0] \
//!     [--depth D --every K --threads 2] > data.txt
//! ```
//!
//! Every position with `--to` to `--from` empties is printed as `player opponent
//! score game` (`gen`'s fields; the score from the mover's view, in discs), `game`
//! counting from `--first` over all the files' games in order. A game whose moves are
//! not legal (a damaged record) is skipped and counted on stderr. Positions from
//! strong human play are what ply's own games do not reach: its evaluation erred most
//! where its opponents led it.
//!
//! With `--depth D` each position also gets the value of ply's own `D`-ply search on
//! the built-in weights (a fifth field in 1/100 disc, for `train --lambda`), every
//! `--every K`-th position of a game only (from its first in range), the games
//! shared out to `--threads` threads, each game's searches from a clear table (so the
//! output does not depend on the threads).

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ply::games::reversi::{bit, flips, Reversi};
use ply::games::Color;
use ply::search::tt::TranspositionTable;
use ply::search::{search, Limits, SearchParams, SearchRequest};

use super::boot::fail;
use super::{arg, par_map, positional, to_move};

/// A file's header is 16 bytes; each game 68: tournament, black and white players
/// (u16 each), black's real and theoretical disc counts, then 60 moves (`10 * row +
/// column`, both from 1; 0 past the end).
const HEADER: usize = 16;
const GAME: usize = 68;

pub fn wthor(args: &[String]) {
    let from: u32 = arg(args, "--from", 53);
    let to: u32 = arg(args, "--to", 22);
    let first: usize = arg(args, "--first", 0);
    let depth: u32 = arg(args, "--depth", 0);
    let every: usize = arg::<usize>(args, "--every", 1).max(1);
    let threads: usize = arg(args, "--threads", 2);
    let files = positional(args, &[]);
    // Each game's positions in range with the label for their mover.
    let mut games: Vec<Vec<(u64, u64, i32)>> = Vec::new();
    let mut bad = 0usize;
    for f in files {
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => fail(&format!("{f}: {e}")),
        };
        if bytes.len() < HEADER || bytes[12] > 8 {
            fail(&format!("{f}: not an 8x8 WTHOR game file"));
        }
        for rec in bytes[HEADER..].chunks_exact(GAME) {
            let Some(positions) = replay(&rec[8..]) else {
                bad += 1;
                continue;
            };
            // Black's disc difference with perfect play from the header's depth.
            let black = 2 * rec[7] as i32 - 64;
            let game = positions
                .into_iter()
                .filter(|&(p, o, _)| (to..=from).contains(&(64 - (p | o).count_ones())))
                .enumerate()
                .filter(|(i, _)| depth == 0 || i % every == 0)
                .map(|(_, (p, o, b))| (p, o, if b { black } else { -black }))
                .collect();
            games.push(game);
        }
    }
    let t = Instant::now();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut lines = 0usize;
    // In batches when searching, so that the output grows as the searches end.
    let batch = if depth > 0 { 500 } else { games.len().max(1) };
    for (b, chunk) in games.chunks(batch).enumerate() {
        let labelled = par_map(
            chunk.len(),
            threads,
            |i, tt: &mut Option<TranspositionTable>| {
                let game = &chunk[i];
                let mut text = String::new();
                let g = first + b * batch + i;
                if depth == 0 {
                    for &(p, o, score) in game {
                        text.push_str(&format!("{p:016x} {o:016x} {score} {g}\n"));
                    }
                    return text;
                }
                let tt = tt.get_or_insert_with(|| TranspositionTable::new(16 << 20));
                tt.clear();
                let stop = AtomicBool::new(false);
                for &(p, o, score) in game {
                    let params = SearchParams::new(Limits::depth(Instant::now(), depth), 1);
                    let pos = Reversi::from_discs(p, o, Color::Black);
                    let r = search(&pos, SearchRequest::new(&params, tt, &stop));
                    text.push_str(&format!("{p:016x} {o:016x} {score} {g} {}\n", r.score));
                }
                text
            },
        );
        for text in labelled {
            lines += text.lines().count();
            if out.write_all(text.as_bytes()).is_err() {
                return;
            }
        }
        let _ = out.flush();
        if depth > 0 {
            eprintln!("{} games in {:.0?}", b * batch + chunk.len(), t.elapsed());
        }
    }
    eprintln!("{} games, {bad} skipped, {lines} positions", games.len());
}

/// The positions before each move of a game (mover's discs, opponent's, whether
/// black is to move), or `None` when a move is not legal.
fn replay(moves: &[u8]) -> Option<Vec<(u64, u64, bool)>> {
    // d5 and e4 black, d4 and e5 white; black moves first.
    let (mut p, mut o, mut black) = (bit(35) | bit(28), bit(27) | bit(36), true);
    let mut out = Vec::with_capacity(60);
    for &m in moves {
        if m == 0 {
            break;
        }
        let (row, col) = (m / 10, m % 10);
        if !(1..=8).contains(&row) || !(1..=8).contains(&col) {
            return None;
        }
        let sq = (row as usize - 1) * 8 + col as usize - 1;
        let (mp, mo, legal) = to_move(p, o)?;
        if mp != p {
            // The side to move passes.
            black = !black;
        }
        (p, o) = (mp, mo);
        if legal & bit(sq) == 0 {
            return None;
        }
        out.push((p, o, black));
        let f = flips(p, o, sq);
        (p, o, black) = (o ^ f, p | f | bit(sq), !black);
    }
    Some(out)
}
