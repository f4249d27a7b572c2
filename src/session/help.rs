//! `help` as a session command: a short list of the commands of the dialect in use
//! (or, before a dialect is chosen, how to start each one), for a person at a
//! terminal. Each session prints the lines in its own dialect's form (Gomocup
//! `MESSAGE`, UCI `info string`, NBoard `status`), so no manager is confused by them.

/// The greeting on stderr when stdin is a terminal.
pub fn banner() -> String {
    format!(
        "ply {} — type 'help' for commands, or run 'ply --help' / 'ply play'",
        env!("CARGO_PKG_VERSION")
    )
}

/// Before the first command: how to start each dialect (printed as plain lines).
pub const START: &[&str] = &[
    "ply speaks three protocols; the first command chooses one:",
    "  Gomocup (gomoku, renju, tic-tac-toe, reversi): START 15, then BEGIN or TURN 7,7",
    "  UCI / UGI: uci (or ugi), then position startpos, go movetime 1000",
    "  NBoard (reversi): nboard 2, then set depth 8, go",
    "Then 'help' lists that protocol's commands. protocol.md has them all.",
    "To play against ply here instead: ply play (END or Ctrl-D leaves this session).",
];

/// Gomocup (Piskvork) commands, as `MESSAGE` lines.
pub const GOMOCUP: &[&str] = &[
    "Gomocup commands (x,y from the top-left corner, 0-based; protocol.md sections 2-9):",
    "  START n | START w h | RECTSTART w,h   new board (START 3: tic-tac-toe)",
    "  INFO game reversi, then START 8       reversi (START 8 alone: 8x8 gomoku)",
    "  BEGIN                                 ply plays the first move",
    "  TURN x,y                              the opponent plays x,y; ply answers its move",
    "  BOARD, x,y,field lines, DONE          set a position (field 1 ply, 2 opponent); ply moves",
    "  YXBOARD ... DONE | TAKEBACK x,y | RESTART | PLAY x,y",
    "  INFO timeout_turn ms | INFO rule 0|1|4|8 | INFO game gomoku|tictactoe|reversi",
    "  YXNBEST n | YXSHOWFORBID | STOP (while thinking) | ABOUT | END",
];

/// UCI/UGI commands, as `info string` lines.
pub const UCI: &[&str] = &[
    "UCI/UGI commands (moves P@h8, files from a, ranks from the bottom; protocol.md section 10):",
    "  uci | ugi | isready | ucinewgame",
    "  setoption name UCI_Variant value gomoku|gomokufreestyle|renju|caro|tictactoe|reversi",
    "  setoption name Hash|Threads|BoardSize value n",
    "  position startpos [moves P@h8 P@i9 ...] | position fen <fen> [moves ...]",
    "  go movetime ms | go wtime ms btime ms [winc ms binc ms] | go depth n | go infinite",
    "  stop | query gameover|p1turn|result | debug on|off | quit",
];

/// NBoard commands, as `status` lines.
pub const NBOARD: &[&str] = &[
    "NBoard commands (reversi, moves a1..h8 or PA; protocol.md section 12):",
    "  nboard 2 | set depth n | set game <GGF> | move F5 | go | hint n",
    "  ping n | analyze | learn | quit",
];

/// Is `line` the `help` command (any case, arguments ignored)?
pub fn is_help(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("help"))
}
