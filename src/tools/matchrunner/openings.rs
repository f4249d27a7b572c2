//! Opening files (gomoku: stones as offsets from the centre; reversi: XOT move
//! sequences) and the order games use them: pairs share an opening, engine 1 is
//! black in the first game of a pair.

use crate::games::gomoku::{Gomoku, Rule};
use crate::games::reversi::ggf::parse_move;
use crate::games::reversi::Reversi;
use crate::games::{splitmix64, Color, Game, Move};

/// One opening: its line number in the file and its stones in absolute coordinates
/// (gomoku), or its moves from the standard start (reversi; passes included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub line: usize,
    pub text: String,
    pub stones: Vec<(usize, usize)>,
    pub moves: Vec<Move>,
}

/// The reversi position after a line of moves from the start (`f5d6c3`, spaces and
/// commas ignored; an empty line is the start) and the moves.
pub fn reversi_line(line: &str) -> Result<(Reversi, Vec<Move>), String> {
    let chars: Vec<char> = line
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if !chars.len().is_multiple_of(2) {
        return Err(format!("'{line}' is not a sequence of moves like f5d6c3"));
    }
    let mut pos = Reversi::new();
    let mut moves = Vec::new();
    for pair in chars.chunks(2) {
        let name: String = pair.iter().collect();
        let mv = parse_move(&name).ok_or_else(|| format!("'{name}' is not a move"))?;
        pos.play(mv)
            .map_err(|e| format!("move {} of '{line}': {e}", moves.len() + 1))?;
        moves.push(mv);
    }
    Ok((pos, moves))
}

/// Parses a reversi openings file in the XOT format: one opening a line, the moves
/// from the standard start written together (`f5d6c3d3c4f4f6f3`, any case; spaces and
/// commas between moves are allowed, `PA` is a pass). Blank lines and `#` comments are
/// skipped. A move that is not legal, or an opening that ends the game, is an error
/// naming `source:LINE`.
pub fn parse_xot(text: &str, source: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: String| format!("{source}:{}: {m}", i + 1);
        let (pos, moves) = reversi_line(line).map_err(err)?;
        if pos.is_over() {
            return Err(err("the opening is already a finished game".into()));
        }
        out.push(Opening {
            line: i + 1,
            text: line.to_string(),
            stones: Vec::new(),
            moves,
        });
    }
    if out.is_empty() {
        return Err(format!("{source}: no opening"));
    }
    Ok(out)
}

/// Parses an openings file (offsets from the centre) for a board, checking that no
/// opening has a stone twice or is already won. `source` names the file in errors,
/// which read `source:LINE: ...`. An opening that does not fit the board is an
/// error too, unless `skip_unfit`: then it is left out with a warning on stderr.
pub fn parse_openings(
    text: &str,
    source: &str,
    width: usize,
    height: usize,
    rule: Rule,
    skip_unfit: bool,
) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    let mut skipped = 0;
    'lines: for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: String| format!("{source}:{}: {m}", i + 1);
        let nums = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<i64>()
                    .map_err(|_| err(format!("'{t}' is not a number")))
            })
            .collect::<Result<Vec<i64>, String>>()?;
        if nums.len() % 2 != 0 {
            return Err(err("an odd number of coordinates".into()));
        }
        let mut board = Gomoku::new(width, height, rule)?;
        let mut stones = Vec::new();
        for (k, p) in nums.chunks(2).enumerate() {
            let x = (width / 2) as i64 + p[0];
            let y = (height / 2) as i64 + p[1];
            if x < 0 || y < 0 || x >= width as i64 || y >= height as i64 {
                let what = format!(
                    "the opening '{line}' does not fit a {width}x{height} board: offset {},{} \
                     is square {x},{y}",
                    p[0], p[1]
                );
                if !skip_unfit {
                    return Err(err(format!(
                        "{what} (the centre is {},{}; use --skip-unfit to leave such openings out)",
                        width / 2,
                        height / 2
                    )));
                }
                eprintln!("ply match: warning: {}: skipped", err(what));
                skipped += 1;
                continue 'lines;
            }
            let (x, y) = (x as usize, y as usize);
            let color = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            board
                .try_place(Move::from_xy(x, y, width), color)
                .map_err(|_| err(format!("offset {},{} is used twice", p[0], p[1])))?;
            stones.push((x, y));
        }
        if board.result().is_some() {
            return Err(err("the opening is already a finished game".into()));
        }
        out.push(Opening {
            line: i + 1,
            text: line.to_string(),
            stones,
            moves: Vec::new(),
        });
    }
    if out.is_empty() {
        return Err(format!(
            "{source}: no opening fits a {width}x{height} board ({skipped} skipped)"
        ));
    }
    Ok(out)
}

/// The order openings are used in: file order, or shuffled by `seed`.
pub fn opening_order(n: usize, seed: Option<u64>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    if let Some(mut s) = seed {
        // Fisher-Yates with splitmix64.
        for i in (1..n).rev() {
            let j = (splitmix64(&mut s) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
    }
    order
}

/// One game to play: its index, the opening (index into the list) and whether
/// engine 1 is black.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub index: usize,
    pub opening: Option<usize>,
    pub engine1_black: bool,
}

/// Game `index` of a match: pairs share an opening, engine 1 black in the first game.
pub fn job(index: usize, order: &[usize]) -> Job {
    let pair = index / 2;
    Job {
        index,
        opening: (!order.is_empty()).then(|| order[pair % order.len()]),
        engine1_black: index.is_multiple_of(2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, w: usize, h: usize) -> Result<Vec<Opening>, String> {
        parse_openings(text, "f.txt", w, h, Rule::Freestyle, false)
    }

    #[test]
    fn openings_are_offsets_from_the_centre() {
        let text = "# comment\n0,0, 1,0, 1,3\n\n-7,-7, 7,7\n";
        let o = parse(text, 15, 15).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].stones, vec![(7, 7), (8, 7), (8, 10)]);
        assert_eq!(o[0].line, 2);
        assert_eq!(o[1].stones, vec![(0, 0), (14, 14)]);
        // Rectangular: centre (10, 7).
        let o = parse("0,0, 1,-1", 20, 15).unwrap();
        assert_eq!(o[0].stones, vec![(10, 7), (11, 6)]);
        // Errors name the file and the line.
        for (bad, want) in [
            ("0,0, 0,0", "f.txt:1: offset 0,0 is used twice"),
            ("\n0,0, 1", "f.txt:2: an odd number of coordinates"),
            ("0,a", "f.txt:1: 'a' is not a number"),
            (
                "# nothing\n",
                "f.txt: no opening fits a 15x15 board (0 skipped)",
            ),
        ] {
            assert_eq!(parse(bad, 15, 15).unwrap_err(), want, "{bad:?}");
        }
        // Black already has five.
        let won = "0,0, 0,1, 1,0, 1,1, 2,0, 2,1, 3,0, 3,1, 4,0";
        let e = parse(won, 15, 15).unwrap_err();
        assert_eq!(e, "f.txt:1: the opening is already a finished game");
    }

    #[test]
    fn an_opening_off_the_board_is_refused_or_skipped() {
        // The opening that c-gomoku-cli aborts on at 15x15: offset -8 is square -1.
        let text = "0,0, 1,0, 1,3\n-8,-6, -7,-6, -8,-5, -6,-4, -6,-5\n";
        let e = parse(text, 15, 15).unwrap_err();
        assert!(
            e.starts_with(
                "f.txt:2: the opening '-8,-6, -7,-6, -8,-5, -6,-4, -6,-5' does not fit \
                 a 15x15 board: offset -8,-6 is square -1,1"
            ),
            "{e}"
        );
        assert!(e.contains("--skip-unfit"), "{e}");
        assert_eq!(parse(text, 17, 17).unwrap().len(), 2);
        let o = parse_openings(text, "f.txt", 15, 15, Rule::Freestyle, true).unwrap();
        assert_eq!(o.len(), 1);
        assert_eq!(o[0].line, 1);
        // Nothing left: still an error, with the count.
        let e = parse_openings("0,0, 8,0\n", "f.txt", 15, 15, Rule::Freestyle, true);
        assert_eq!(
            e.unwrap_err(),
            "f.txt: no opening fits a 15x15 board (1 skipped)"
        );
    }

    #[test]
    fn the_shared_openings_file_fits_15x15() {
        let text = include_str!("../../../tests/data/openings-offset.txt");
        // 40 openings of 3 to 5 stones, every one on a 15x15 board, for every rule.
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            let o = parse_openings(text, "o", 15, 15, rule, false).unwrap();
            assert_eq!(o.len(), 40);
            assert!(o.iter().all(|x| (3..=5).contains(&x.stones.len())));
            assert_eq!(o[0].stones, vec![(7, 7), (8, 7), (8, 10)]);
        }
        assert_eq!(parse(text, 20, 20).unwrap().len(), 40);
    }

    #[test]
    fn xot_openings_are_moves_from_the_start() {
        let o = parse_xot("# XOT\nf5d6c3d3c4f4f6f3\n\nF5 F6, e6f4\n", "x.txt").unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].line, 2);
        assert_eq!(o[0].moves.len(), 8);
        assert_eq!(o[0].moves[0], Move(37));
        assert_eq!(o[1].moves, vec![Move(37), Move(45), Move(44), Move(29)]);
        for (bad, want) in [
            (
                "f5d6c3\nf5f5",
                "x.txt:2: move 2 of 'f5f5': F5 is not legal here",
            ),
            (
                "f5d",
                "x.txt:1: 'f5d' is not a sequence of moves like f5d6c3",
            ),
            ("z9", "x.txt:1: 'z9' is not a move"),
            ("# none", "x.txt: no opening"),
        ] {
            assert_eq!(parse_xot(bad, "x.txt").unwrap_err(), want, "{bad}");
        }
        // The XOT openings shipped in data/: every one of the 10,784 lines is 8 legal moves.
        let text = include_str!("../../../data/reversi/xot-openings.txt");
        let o = parse_xot(text, "data/reversi/xot-openings.txt").unwrap();
        assert_eq!(o.len(), 10_784);
        assert!(o.iter().all(|x| x.moves.len() == 8));
    }

    #[test]
    fn jobs_pair_openings_and_swap_colours() {
        let order = opening_order(3, None);
        assert_eq!(order, vec![0, 1, 2]);
        let jobs: Vec<Job> = (0..8).map(|i| job(i, &order)).collect();
        let ops: Vec<Option<usize>> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(
            ops,
            vec![
                Some(0),
                Some(0),
                Some(1),
                Some(1),
                Some(2),
                Some(2),
                Some(0),
                Some(0)
            ]
        );
        let blacks: Vec<bool> = jobs.iter().map(|j| j.engine1_black).collect();
        assert_eq!(
            blacks,
            vec![true, false, true, false, true, false, true, false]
        );
        assert_eq!(job(5, &[]).opening, None);
        // A seed shuffles deterministically and keeps every opening.
        let a = opening_order(41, Some(7));
        assert_eq!(a, opening_order(41, Some(7)));
        assert_ne!(a, opening_order(41, None));
        let mut s = a.clone();
        s.sort();
        assert_eq!(s, opening_order(41, None));
    }
}
