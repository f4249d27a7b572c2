//! UCI/UGI board notation: the variants by their `UCI_Variant` name, and how each
//! game's moves and positions are written in square notation (UCI/UGI, `ply play`,
//! `ply analyze`): square names, FEN, results.
//!
//! Everything that depends on the game is a `match` here, so a new game is a few
//! arms: its [`VARIANTS`] entry, [`ranks_from_top`], [`move_text`], [`plain_text`],
//! [`move_from_text`] (passes) and [`position_from_fen`] (plus its
//! `games::GameKind` name and `Position::new_game`).
//!
//! Reversi is written as Othello players write it: plain squares with rank 1 at the
//! top (`d3`, `f5`), a pass as `0000` (UCI's null move; `@@@@` is read too).

use crate::games::gomoku::Rule;
use crate::games::reversi::Reversi;
use crate::games::GameKind;
use crate::games::{Color, GameResult, Move, Position};
use crate::protocol::uci::{Cell, Fen, MoveText, Square};

/// A game with its rule and default board, by its UCI_Variant name.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Variant {
    pub name: &'static str,
    pub game: GameKind,
    pub rule: Rule,
    /// Board of `position startpos` (gomoku's may be changed with `BoardSize`).
    pub size: (usize, usize),
}

/// Every variant ply plays, in the order `uci` lists them. cutechess-cli knows
/// `gomoku` (15x15, exactly five wins: our `Rule::Standard`), `gomokufreestyle`
/// and `tictactoe`; `renju` and `caro` are ours.
pub const VARIANTS: &[Variant] = &[
    Variant {
        name: "gomoku",
        game: GameKind::Gomoku,
        rule: Rule::Standard,
        size: (15, 15),
    },
    Variant {
        name: "gomokufreestyle",
        game: GameKind::Gomoku,
        rule: Rule::Freestyle,
        size: (15, 15),
    },
    Variant {
        name: "renju",
        game: GameKind::Gomoku,
        rule: Rule::Renju,
        size: (15, 15),
    },
    Variant {
        name: "caro",
        game: GameKind::Gomoku,
        rule: Rule::Caro,
        size: (15, 15),
    },
    Variant {
        name: "tictactoe",
        game: GameKind::TicTacToe,
        rule: Rule::Freestyle,
        size: (3, 3),
    },
    Variant {
        name: "reversi",
        game: GameKind::Reversi,
        rule: Rule::Freestyle,
        size: (8, 8),
    },
];

/// The largest board the square notation can write (files `a`..`z`).
pub const MAX_NOTATION_WIDTH: usize = 26;

pub fn variant_by_name(name: &str) -> Option<&'static Variant> {
    let name = name.to_ascii_lowercase();
    VARIANTS.iter().find(|v| v.name == name)
}

/// The variant for a game and rule (the command line's `--game`/`--rule`).
pub fn variant_for(game: GameKind, rule: Rule) -> &'static Variant {
    VARIANTS
        .iter()
        .find(|v| v.game == game && (v.rule == rule || game != GameKind::Gomoku))
        .unwrap_or(&VARIANTS[0])
}

/// Does rank 1 name the top row (reversi, as Othello players write it) rather than
/// the bottom one (cutechess's boards, like a chess board seen by white)?
pub fn ranks_from_top(game: GameKind) -> bool {
    match game {
        GameKind::Gomoku | GameKind::TicTacToe => false,
        GameKind::Reversi => true,
    }
}

/// The square of `mv` (`y` counts rows from the top, as in Gomocup).
pub fn square_of(pos: &Position, mv: Move) -> Square {
    let (w, h) = pos.dimensions();
    let (x, y) = mv.xy(w);
    let rank = if ranks_from_top(pos.game()) {
        y + 1
    } else {
        h - y
    };
    Square {
        file: x as u32,
        rank: rank as u32,
    }
}

/// `(x, y)` of a square, if it is on the board.
pub fn xy_of(pos: &Position, sq: Square) -> Option<(usize, usize)> {
    let (w, h) = pos.dimensions();
    let (file, rank) = (sq.file as usize, sq.rank as usize);
    if file >= w || rank == 0 || rank > h {
        return None;
    }
    let y = if ranks_from_top(pos.game()) {
        rank - 1
    } else {
        h - rank
    };
    Some((file, y))
}

/// How `mv` is written: a drop `P@h8` in the k-in-a-row games, as cutechess-cli
/// writes them (the piece letter is always upper case).
pub fn move_text(pos: &Position, mv: Move) -> MoveText {
    match pos.game() {
        GameKind::Gomoku | GameKind::TicTacToe => MoveText::Drop('P', square_of(pos, mv)),
        GameKind::Reversi if mv == Move::PASS => MoveText::Pass { at_signs: false },
        GameKind::Reversi => MoveText::Plain(square_of(pos, mv)),
    }
}

/// How a person reads `mv`: the plain square (`h8`).
pub fn plain_text(pos: &Position, mv: Move) -> String {
    match pos.game() {
        GameKind::Gomoku | GameKind::TicTacToe => square_of(pos, mv).to_string(),
        GameKind::Reversi if mv == Move::PASS => "pass".to_string(),
        GameKind::Reversi => square_of(pos, mv).to_string(),
    }
}

/// A list of moves from `pos` on, written one after the other (a PV).
pub fn line_text(pos: &Position, line: &[Move]) -> Vec<String> {
    line.iter()
        .map(|&m| move_text(pos, m).to_string())
        .collect()
}

/// Reads one move for the side to move in `pos`: `P@h8`, `h8`, or for games with
/// passes `0000`/`@@@@`. The move must be legal. Errors name the token and, for an
/// illegal square, its Gomocup `x,y` (`'P@b2': 1,1 is occupied`).
pub fn move_from_text(pos: &Position, token: &str) -> Result<Move, String> {
    let text = MoveText::parse(token).ok_or_else(|| format!("'{token}' is not a move"))?;
    let Some((x, y)) = square_xy(pos, text, token)? else {
        return Ok(Move::PASS);
    };
    pos.check_move(x as i64, y as i64)
        .map_err(|e| format!("'{token}': {e}"))
}

/// A move as a person types it (`ply play`, `ply analyze`): what [`move_from_text`]
/// reads, with the files and the piece in either case (`H8`, `p@H8`, and reversi's
/// `D3`, as ply prints them). Errors quote what was typed and nothing else (`'H8' is
/// occupied`).
pub fn typed_move(pos: &Position, typed: &str) -> Result<Move, String> {
    let lower = typed.to_ascii_lowercase();
    let text = MoveText::parse(&lower).ok_or_else(|| format!("'{typed}' is not a move"))?;
    let Some((x, y)) = square_xy(pos, text, typed)? else {
        return Ok(Move::PASS);
    };
    checked_typed(pos, x as i64, y as i64, typed)
}

/// The move at `x,y` (Gomocup coordinates, as typed: `typed`), or why it cannot be
/// played, quoting `typed` (`'7,7' is occupied`, `'H8' is forbidden`).
pub fn checked_typed(pos: &Position, x: i64, y: i64, typed: &str) -> Result<Move, String> {
    pos.check_move(x, y).map_err(|e| {
        // `check_move` starts a reason about the square with its `x,y`.
        match e.strip_prefix(&format!("{x},{y} ")) {
            Some(reason) => format!("'{typed}' {reason}"),
            None => format!("'{typed}': {e}"),
        }
    })
}

/// The `(x, y)` of a square move, or `None` for a pass that is legal here; errors
/// name `shown`.
fn square_xy(
    pos: &Position,
    text: MoveText,
    shown: &str,
) -> Result<Option<(usize, usize)>, String> {
    let sq = match text {
        MoveText::Drop(p, sq) if p.eq_ignore_ascii_case(&'P') => sq,
        MoveText::Drop(..) => return Err(format!("'{shown}': the only piece to drop is P")),
        MoveText::Plain(sq) => sq,
        MoveText::Pass { .. } => {
            return match pos.game() {
                GameKind::Gomoku | GameKind::TicTacToe => {
                    Err(format!("'{shown}': passing is not allowed in this game"))
                }
                GameKind::Reversi if pos.legal_moves().contains(&Move::PASS) => Ok(None),
                GameKind::Reversi if pos.result().is_some() => {
                    Err(format!("'{shown}': the game is over"))
                }
                GameKind::Reversi => {
                    Err(format!("'{shown}': a side with a legal move cannot pass"))
                }
            }
        }
    };
    let (w, h) = pos.dimensions();
    xy_of(pos, sq)
        .map(Some)
        .ok_or_else(|| format!("'{shown}' is off the {w}x{h} board"))
}

/// The position a FEN describes, for the game and rule of `variant` (its size is
/// the FEN's). Upper-case pieces are the first player's (white in cutechess's
/// FENs), lower-case the second's; `w` means the first player is to move.
pub fn position_from_fen(variant: &Variant, fen: &Fen) -> Result<Position, String> {
    let (w, h) = (fen.width(), fen.height());
    if w > MAX_NOTATION_WIDTH {
        return Err(format!(
            "boards wider than {MAX_NOTATION_WIDTH} files cannot be written in this notation"
        ));
    }
    let mut pos = Position::new_game(variant.game, variant.rule, w, h)?;
    let side = if fen.side == 'w' {
        Color::Black
    } else {
        Color::White
    };
    match variant.game {
        GameKind::Gomoku | GameKind::TicTacToe => {
            // First-player and second-player stones alternately, so that the set-up
            // history looks like a game.
            let mut stones: [Vec<Move>; 2] = [Vec::new(), Vec::new()];
            for (y, row) in fen.rows.iter().enumerate() {
                for (x, cell) in row.iter().enumerate() {
                    if let Cell::Piece(c) = cell {
                        let mv = Move::from_xy(x, y, w);
                        match c {
                            'P' | 'X' => stones[0].push(mv),
                            'p' | 'x' | 'O' | 'o' => stones[1].push(mv),
                            other => return Err(format!("unknown piece '{other}' in the FEN")),
                        }
                    }
                }
            }
            let (a, b) = (&stones[0], &stones[1]);
            let mut order = Vec::with_capacity(a.len() + b.len());
            for i in 0..a.len().max(b.len()) {
                for (list, color) in [(a, Color::Black), (b, Color::White)] {
                    if let Some(&mv) = list.get(i) {
                        order.push((mv, color));
                    }
                }
            }
            // A FEN is a position: no stone is judged as a move (a renju black stone
            // is never forbidden); the game is over when a line already wins.
            for &(mv, color) in &order {
                pos.set_up(mv, color);
            }
            if pos.result().is_some() {
                return Err("the game in that FEN is already over".to_string());
            }
            pos.set_side_to_move(side);
        }
        GameKind::Reversi => {
            // Discs: upper case (or `x`) the first player's (black), lower case (or
            // `o`) the second's; the side `w` is black (the first player, as `w` is in
            // cutechess's FENs), `b` white (the FEN parser takes no other side).
            if (w, h) != (8, 8) {
                return Err(format!("reversi is played on 8x8, not {w}x{h}"));
            }
            let (mut black, mut white) = (0u64, 0u64);
            for (y, row) in fen.rows.iter().enumerate() {
                for (x, cell) in row.iter().enumerate() {
                    if let Cell::Piece(c) = cell {
                        let bit = 1u64 << (y * 8 + x);
                        match c {
                            'x' | 'X' | 'P' | 'B' => black |= bit,
                            'o' | 'O' | 'p' | 'W' => white |= bit,
                            other => return Err(format!("unknown piece '{other}' in the FEN")),
                        }
                    }
                }
            }
            let side = if fen.side == 'w' {
                Color::Black
            } else {
                Color::White
            };
            pos = Position::Reversi(Box::new(Reversi::from_discs(black, white, side)));
        }
    }
    Ok(pos)
}

/// The UGI result of the position: `p1win`, `p2win`, `draw` or `none`.
pub fn result_text(pos: &Position) -> &'static str {
    let first_to_move = pos.side_to_move() == Color::Black;
    match pos.result() {
        None => "none",
        Some(GameResult::Draw) => "draw",
        Some(GameResult::Win) if first_to_move => "p1win",
        Some(GameResult::Loss) if !first_to_move => "p1win",
        Some(_) => "p2win",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(name: &str) -> Position {
        let v = variant_by_name(name).unwrap();
        Position::new_game(v.game, v.rule, v.size.0, v.size.1).unwrap()
    }

    #[test]
    fn squares_count_ranks_from_the_bottom_like_cutechess() {
        let p = start("gomoku");
        // h8 is the centre; a1 the bottom-left corner (Gomocup 0,14).
        assert_eq!(move_from_text(&p, "P@h8"), Ok(Move::from_xy(7, 7, 15)));
        assert_eq!(move_from_text(&p, "a1"), Ok(Move::from_xy(0, 14, 15)));
        assert_eq!(move_from_text(&p, "P@o15"), Ok(Move::from_xy(14, 0, 15)));
        assert_eq!(move_text(&p, Move::from_xy(0, 14, 15)).to_string(), "P@a1");
        assert!(move_from_text(&p, "p16").is_err());
        assert!(move_from_text(&p, "0000").is_err());
        assert!(move_from_text(&p, "Q@h8").is_err());
        let t = start("tictactoe");
        assert_eq!(move_from_text(&t, "P@c3"), Ok(Move::from_xy(2, 0, 3)));
        assert!(move_from_text(&t, "d1").is_err());
    }

    #[test]
    fn fen_sets_up_stones_and_side() {
        let v = variant_by_name("tictactoe").unwrap();
        let p = position_from_fen(v, &Fen::parse("P2/1p1/2P[PPppp] b - - 0 2").unwrap()).unwrap();
        assert_eq!(p.stone(Move::from_xy(0, 0, 3)), Some(Color::Black));
        assert_eq!(p.stone(Move::from_xy(1, 1, 3)), Some(Color::White));
        assert_eq!(p.stone(Move::from_xy(2, 2, 3)), Some(Color::Black));
        assert_eq!(p.side_to_move(), Color::White);
        assert!(position_from_fen(v, &Fen::parse("4/4/4/4 w").unwrap()).is_err());
        let g = variant_by_name("gomoku").unwrap();
        let p = position_from_fen(g, &Fen::parse("7/7/7/7/7/7/7 w").unwrap()).unwrap();
        assert_eq!(p.dimensions(), (7, 7));
        // Finished games are refused, wherever the line is.
        for done in [
            "PPP/pp1/3 b",
            "PPP/pp1/p2 b",
            "pp1/PPP/p2 b",
            "PpP/pPp/pPp w",
        ] {
            assert!(
                position_from_fen(v, &Fen::parse(done).unwrap()).is_err(),
                "{done}"
            );
        }
        let five = "7/7/7/PPPPP2/ppp4/p6/7 b";
        assert!(position_from_fen(g, &Fen::parse(five).unwrap()).is_err());
        let four = "7/7/7/PPPP3/ppp4/p6/7 w";
        assert!(position_from_fen(g, &Fen::parse(four).unwrap()).is_ok());
        // A FEN is a position: renju black's double-three stone (7,7 set up after the
        // other black stones) and black's six are no finished game; white's five is.
        let r = variant_by_name("renju").unwrap();
        for (fen, over) in [
            (
                "p13p/1p13/15/15/15/7P7/7P7/5PPP7/15/15/15/15/15/15/p13p w",
                false,
            ),
            (
                "15/15/15/PPPPPP9/ppp12/pp13/15/15/15/15/15/15/15/15/15 b",
                false,
            ),
            (
                "15/15/15/ppppp10/PPP12/PP13/15/15/15/15/15/15/15/15/15 w",
                true,
            ),
        ] {
            let p = position_from_fen(r, &Fen::parse(fen).unwrap());
            assert_eq!(p.is_err(), over, "{fen}");
        }
    }

    #[test]
    fn results_name_the_first_player() {
        let mut t = start("tictactoe");
        for m in ["a1", "a2", "b1", "b2", "c1"] {
            let mv = move_from_text(&t, m).unwrap();
            t.make(mv);
        }
        assert_eq!(result_text(&t), "p1win");
        t.unmake();
        let mv = move_from_text(&t, "a3").unwrap();
        t.make(mv);
        assert_eq!(result_text(&t), "none");
        let mv = move_from_text(&t, "c2").unwrap();
        t.make(mv);
        assert_eq!(result_text(&t), "p2win");
    }

    #[test]
    fn default_variants_follow_game_and_rule() {
        assert_eq!(
            variant_for(GameKind::Gomoku, Rule::Freestyle).name,
            "gomokufreestyle"
        );
        assert_eq!(variant_for(GameKind::Gomoku, Rule::Standard).name, "gomoku");
        assert_eq!(
            variant_for(GameKind::TicTacToe, Rule::Renju).name,
            "tictactoe"
        );
    }
}
