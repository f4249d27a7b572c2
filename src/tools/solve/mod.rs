//! `ply solve FILE`: every position of a file solved, reversi endgames (`.obf`,
//! [`reversi`]) or gomoku threat puzzles (`.jsonl`, [`gomoku`]).
//! Part of the tools wing: may import any room.

pub mod gomoku;
pub mod reversi;

use crate::tools::args::Args;

/// `ply solve --help`: both formats.
pub const USAGE: &str = "\
ply solve FILE.obf | FILE.jsonl [OPTIONS] - solve every position of a file

The format follows the extension, in any case (a file with another is refused):

  FILE.obf    reversi endgames (FFO's OBF: 64 squares a1..h8, side to move, known
              move:score fields), solved exactly: per position the score for the side
              to move, the best move, nodes, time, nodes/s, then the totals; a score or
              move that disagrees with the file is flagged and the exit code is 1.
              --wld          win/loss/draw only
              --hash MB      solver hash table size (default 64)
              --threads N    solver threads (default 1)

  FILE.jsonl  gomoku threat puzzles (one JSON object per line: id, rule, size,
              to_move, task, moves [[x, y], ...] in play order, y from the top): per
              puzzle the winning first move x,y, attacker moves / plies of the forced
              line, nodes and time in ms; then the solved count, median and worst time.
              --vct          fours and threes (VCT) instead of fours only (VCF)
              --verbose      print the whole winning line
              --limit-ms N   give up on a puzzle after N ms (default 10000)
              --nodes N      node budget per puzzle (default 50000000)

On a terminal, a progress bar on stderr shows the positions done, the rate and the
time left; stdout has the same lines either way.
";

/// The extensions `ply solve` reads, each with its format.
pub const EXTENSIONS: &str = ".obf (reversi endgames) or .jsonl (gomoku threat puzzles)";

/// The options of either format that take a value (so that value is not the file).
const VALUE_OPTIONS: &[&str] = &["--hash", "--threads", "--limit-ms", "--nodes"];

/// The two kinds of file `ply solve` reads.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Format {
    /// `.obf`: reversi endgames.
    Obf,
    /// `.jsonl`: gomoku threat puzzles.
    Jsonl,
}

/// Which format the command line asks for: that of its file (the first word that is
/// neither an option nor an option's value), by its extension in any case.
fn format_of(args: &[String]) -> Result<Format, String> {
    let mut words = Args::new(args);
    let file = loop {
        match words.next() {
            None => return Err(format!("which file? FILE must end in {EXTENSIONS}")),
            Some(a) if VALUE_OPTIONS.contains(&a) => {
                words.next();
            }
            Some(a) if a.starts_with('-') => {}
            Some(f) => break f,
        }
    };
    let ext = std::path::Path::new(file)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("obf") => Ok(Format::Obf),
        Some("jsonl") => Ok(Format::Jsonl),
        _ => Err(format!(
            "cannot tell the format of '{file}': FILE must end in {EXTENSIONS}"
        )),
    }
}

/// `ply solve FILE`: the format follows the file's extension (`.obf`: reversi
/// endgames; `.jsonl`: gomoku threat puzzles); any other is refused.
pub fn run(args: &[String]) -> i32 {
    match format_of(args) {
        Ok(Format::Obf) => reversi::run(args),
        Ok(Format::Jsonl) => gomoku::run(args),
        Err(e) => {
            eprintln!("ply solve: {e}\nRun 'ply solve --help' for the usage.");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_format_is_that_of_the_file_s_extension() {
        let f = |s: &str| format_of(&words(s));
        assert_eq!(f("a.obf"), Ok(Format::Obf));
        assert_eq!(f("--hash 64 --wld A.OBF"), Ok(Format::Obf));
        assert_eq!(f("--vct --nodes 5 p.jsonl -v"), Ok(Format::Jsonl));
        for bad in ["README.md", "--hash 64", "x.json", "obf", ""] {
            assert!(f(bad).unwrap_err().contains(".obf"), "{bad}");
        }
    }
}
