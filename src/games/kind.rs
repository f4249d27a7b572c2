//! Game identity, defined once: which game ([`GameKind`]) and which gomoku rule
//! ([`Rule`]), with the one name table every dialect, the command line and match
//! files read (`FromStr`) and write (`Display`).

use std::fmt;
use std::str::FromStr;

use super::gomoku::Rule;

/// Which game is played.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum GameKind {
    /// Gomoku on 5x5 to 32x32 boards (rectangles too), under a [`Rule`].
    Gomoku,
    /// Tic-tac-toe on 3x3.
    TicTacToe,
    /// Reversi (othello) on 8x8; a pass is a move.
    Reversi,
}

impl GameKind {
    /// Every game, in the order lists name them.
    pub const ALL: [GameKind; 3] = [GameKind::Gomoku, GameKind::TicTacToe, GameKind::Reversi];

    /// The canonical name (written by `Display`, read back by `FromStr`).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Gomoku => "gomoku",
            GameKind::TicTacToe => "tictactoe",
            GameKind::Reversi => "reversi",
        }
    }

    /// The board the game is played on unless a size is given.
    pub fn default_size(self) -> (usize, usize) {
        match self {
            GameKind::TicTacToe => (3, 3),
            GameKind::Gomoku => (15, 15),
            GameKind::Reversi => (8, 8),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    /// Any case; `tic-tac-toe` and `othello` are read too.
    fn from_str(s: &str) -> Result<GameKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "gomoku" => Ok(GameKind::Gomoku),
            "tictactoe" | "tic-tac-toe" => Ok(GameKind::TicTacToe),
            "reversi" | "othello" => Ok(GameKind::Reversi),
            g => Err(format!("unknown game '{g}' (gomoku, tictactoe, reversi)")),
        }
    }
}

impl Rule {
    /// Every rule, in the order lists name them.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

    /// The canonical name (written by `Display`, read back by `FromStr`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    }

    /// From the Gomocup `INFO rule` bitmask. 1 = exactly five, 2 = continuous game
    /// (ignored), 4 = renju, 8 = caro. A bare `2` is Yixin-Board's code for renju.
    pub fn from_gomocup(bits: u32) -> Rule {
        if bits == 2 || bits & 4 != 0 {
            Rule::Renju
        } else if bits & 8 != 0 {
            Rule::Caro
        } else if bits & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// The Gomocup `INFO rule` number (read back by [`Rule::from_gomocup`]).
    pub fn gomocup_number(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = String;
    /// A name (any case; `gomoku` is freestyle, `exact`/`exactfive` standard) or a
    /// Gomocup rule number.
    fn from_str(s: &str) -> Result<Rule, String> {
        match s.to_ascii_lowercase().as_str() {
            "freestyle" | "gomoku" => Ok(Rule::Freestyle),
            "standard" | "exact" | "exactfive" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            "caro" => Ok(Rule::Caro),
            n => n
                .parse::<u32>()
                .map(Rule::from_gomocup)
                .map_err(|_| format!("unknown rule '{s}' (freestyle, standard, renju, caro)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for g in GameKind::ALL {
            assert_eq!(g.to_string().parse::<GameKind>(), Ok(g));
        }
        for r in Rule::ALL {
            assert_eq!(r.to_string().parse::<Rule>(), Ok(r));
            assert_eq!(Rule::from_gomocup(r.gomocup_number()), r);
            assert_eq!(r.gomocup_number().to_string().parse::<Rule>(), Ok(r));
        }
    }

    #[test]
    fn other_spellings_are_read() {
        assert_eq!("Tic-Tac-Toe".parse(), Ok(GameKind::TicTacToe));
        assert_eq!("OTHELLO".parse(), Ok(GameKind::Reversi));
        assert!("chess".parse::<GameKind>().is_err());
        assert_eq!("ExactFive".parse(), Ok(Rule::Standard));
        assert_eq!("2".parse(), Ok(Rule::Renju));
        assert!("five".parse::<Rule>().is_err());
    }
}
