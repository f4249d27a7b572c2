//! `ply solve FILE`: every position of a file solved, reversi endgames (`.obf`,
//! [`reversi`]) or gomoku threat puzzles (`.jsonl`, [`gomoku`]).
//! Part of the tools wing: may import any room.

pub mod gomoku;
pub mod reversi;

/// `ply solve --help`: both formats.
pub const USAGE: &str = "\
ply solve FILE.obf | FILE.jsonl [OPTIONS] - solve every position of a file

The format follows the extension:

  FILE.obf    reversi endgames (FFO's OBF: 64 squares a1..h8, side to move, known
              move:score fields), solved exactly: per position the score for the side
              to move, the best move, nodes, time, nodes/s, then the totals; a score or
              move that disagrees with the file is flagged and the exit code is 1.
              --wld          win/loss/draw only
              --hash MB      solver hash table size

  FILE.jsonl  gomoku threat puzzles (one JSON object per line: id, rule, size,
              to_move, task, moves [[x, y], ...] in play order, y from the top): per
              puzzle the winning first move x,y, attacker moves / plies of the forced
              line, nodes and time in ms; then the solved count, median and worst time.
              --vct          fours and threes (VCT) instead of fours only (VCF)
              --verbose      print the whole winning line
              --limit-ms N   give up on a puzzle after N ms (default 10000)
              --nodes N      node budget per puzzle (default 50000000)
";

/// `ply solve FILE`: the format follows the file's extension (`.obf`: reversi
/// endgames; anything else, `.jsonl`: gomoku threat puzzles).
pub fn run(args: &[String]) -> i32 {
    if args
        .iter()
        .any(|a| a.to_ascii_lowercase().ends_with(".obf"))
    {
        reversi::run(args)
    } else {
        gomoku::run(args)
    }
}
