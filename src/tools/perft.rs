//! `ply perft [--game reversi|tictactoe] N`: leaf counts from the start position
//! (reversi's on bitboards, any other game through the [`Game`] trait).
//!
//! Convention (that of Aart Bik's reversi perft): a pass is a move (one ply) when the
//! side to move has no legal move and the previous ply was not a pass; a position where
//! neither side can move (game over) is one leaf even above the target depth.

use std::time::Instant;

use crate::games::reversi::{bit, flips, moves, Reversi};
use crate::games::tictactoe::TicTacToe;
use crate::games::{Game, GameKind, Move};
use crate::tools::args::{self, Args};

pub const USAGE: &str = "\
ply perft [--game reversi|tictactoe] DEPTH

Counts the leaves of the game tree from the start position to DEPTH plies and prints
the game, the count, the time and the leaves per second, e.g.

    perft reversi 11: 212258800 leaves in 1.234 s (172000000 leaves/s)

Without --game the game is reversi. Reversi counts a forced pass as one ply and a
finished game as one leaf, as Aart Bik's reversi perft does.
";

/// Reversi leaves below the side to move `p` against `o`, `depth` plies deep (on
/// x86-64-v3 instructions when the CPU has them, see
/// [`crate::games::reversi::cpu::fast_bits`]).
pub fn perft_bits(p: u64, o: u64, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if crate::games::reversi::cpu::fast_bits() {
        // SAFETY: the CPU has the features `perft_v3` is compiled for.
        return unsafe { perft_v3(p, o, depth) };
    }
    perft_portable(p, o, depth)
}

fn perft_portable(p: u64, o: u64, depth: u32) -> u64 {
    perft_body(p, o, depth, moves, flips, perft_portable)
}

/// [`perft_body`] compiled for x86-64-v3 (only called when the CPU has it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
fn perft_v3(p: u64, o: u64, depth: u32) -> u64 {
    // The closure inherits the features: the recursive call needs no `unsafe`.
    perft_body(
        p,
        o,
        depth,
        |p, o| crate::games::reversi::cpu::moves_v3(p, o),
        |p, o, sq| crate::games::reversi::cpu::flips_v3(p, o, sq),
        |p, o, d| perft_v3(p, o, d),
    )
}

/// One node of perft; `moves` generates the moves, `flips` the flips, `recurse` is the instance to call
/// for the children.
#[inline(always)]
fn perft_body(
    p: u64,
    o: u64,
    depth: u32,
    moves: impl Fn(u64, u64) -> u64,
    flips: impl Fn(u64, u64, usize) -> u64,
    recurse: impl Fn(u64, u64, u32) -> u64,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut m = moves(p, o);
    if m == 0 {
        // A forced pass is a ply; when the opponent cannot move either the game is
        // over: one leaf.
        return if moves(o, p) == 0 {
            1
        } else {
            recurse(o, p, depth - 1)
        };
    }
    if depth == 1 {
        return m.count_ones() as u64;
    }
    if depth == 2 {
        // Each child counts its moves, or one leaf when it has none (a pass to depth
        // 0, or the end of the game): no call per child.
        let mut n = 0;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = flips(p, o, sq);
            n += (moves(o & !f, p | f | bit(sq)).count_ones() as u64).max(1);
        }
        return n;
    }
    let mut n = 0;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = flips(p, o, sq);
        n += recurse(o & !f, p | f | bit(sq), depth - 1);
    }
    n
}

/// Reversi perft from `pos`.
pub fn perft(pos: &Reversi, depth: u32) -> u64 {
    perft_bits(pos.player(), pos.opponent(), depth)
}

/// Perft of any game through the [`Game`] trait (a finished game is one leaf).
pub fn perft_generic<G: Game>(g: &mut G, depth: u32) -> u64 {
    if depth == 0 || g.result().is_some() {
        return 1;
    }
    let mut list: Vec<Move> = Vec::new();
    g.legal_moves(&mut list);
    let mut n = 0;
    for mv in list {
        g.make(mv);
        n += perft_generic(g, depth - 1);
        g.unmake();
    }
    n
}

/// The game (reversi or tic-tac-toe) and the depth of `ply perft`.
fn parse_args(args: &[String]) -> Result<(GameKind, u32), String> {
    let mut game = GameKind::Reversi;
    let mut depth = None;
    let mut args = Args::new(args);
    while let Some(a) = args.next() {
        match a {
            "--game" => {
                game = match args.game(a)? {
                    g @ (GameKind::Reversi | GameKind::TicTacToe) => g,
                    g => return Err(format!("--game needs reversi or tictactoe, not '{g}'")),
                }
            }
            o if o.starts_with('-') && o.parse::<i64>().is_err() => {
                return Err(format!("unknown option '{o}'"))
            }
            d if depth.is_none() => {
                depth = Some(
                    args::number(d, ..=64)
                        .ok_or(format!("DEPTH needs a number from 0 to 64, not '{d}'"))?,
                )
            }
            d => return Err(format!("unexpected argument '{d}'")),
        }
    }
    let depth = depth.ok_or("which depth? (DEPTH, a number from 0 to 64)")?;
    Ok((game, depth))
}

pub fn run(args: &[String]) -> i32 {
    let (game, depth) = match parse_args(args) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("ply perft: {e}\n\n{USAGE}");
            return 2;
        }
    };
    let start = Instant::now();
    let count = match game {
        GameKind::TicTacToe => perft_generic(&mut TicTacToe::new(), depth),
        _ => perft(&Reversi::new(), depth),
    };
    let name = game.name();
    let t = start.elapsed();
    let us = t.as_micros().max(1) as u64;
    println!(
        "perft {name} {depth}: {count} leaves in {:.3} s ({} leaves/s)",
        t.as_secs_f64(),
        (count as u128 * 1_000_000 / us as u128)
    );
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_portable_and_the_fast_perft_count_the_same() {
        let start = Reversi::new();
        let (p, o) = (start.player(), start.opponent());
        assert_eq!(perft_portable(p, o, 8), 390_216);
        assert_eq!(perft_bits(p, o, 8), 390_216);
    }
}
