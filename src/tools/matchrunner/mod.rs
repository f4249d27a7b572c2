//! `ply match`: two engines (any command lines: Gomocup brains for gomoku, NBoard
//! engines for reversi) play a match on our referee board; the score with Elo, LOS
//! and an SPRT stop rule; SGF (gomoku) or GGF (reversi) game records. The engines
//! are spoken to only through `protocol::gomocup` and `protocol::nboard` types.
//!
//! Files: `options.rs` (the command line), `openings.rs` (opening files: gomoku
//! offsets, reversi XOT; game order), `runner.rs` (the match loop and its threads),
//! `report.rs` (what is printed), `engine_proc.rs` (child process, Gomocup and NBoard
//! lines, timeouts), `game.rs` (one refereed gomoku game), `nboard_game.rs` (one
//! refereed reversi game over NBoard), `stats.rs` (Elo, SPRT), `record.rs` (SGF, GGF).

pub mod engine_proc;
pub mod game;
pub mod nboard_game;
pub mod openings;
pub mod options;
pub mod record;
pub mod report;
pub mod runner;
pub mod stats;

pub use openings::{job, opening_order, parse_openings, parse_xot, reversi_line, Job, Opening};
pub use options::{parse_options, MatchOptions};
pub use runner::run_match;

use crate::tools::args::is_help;

pub const USAGE: &str = "\
ply match - play two engines against each other (gomoku: Gomocup; reversi: NBoard)

USAGE:
    ply match --engine1 CMD --engine2 CMD [OPTIONS]
    ply match --game reversi --engine1 CMD --engine2 CMD [--depth1 N] [--depth2 N] ...

Each engine is a command line (quote it; words split as a shell does, no pipes or
variables) of a program speaking the Gomocup protocol on stdin/stdout, e.g.
--engine1 \"target/release/ply\" --engine2 \"/path/to/pbrain-rapfi\"; with --game
reversi, the NBoard protocol (e.g. --engine2 /path/to/ntest-launcher).
Every game starts fresh engine processes, each in the folder of its program (as
Piskvork and GomocupJudge do: engines such as Rapfi read a config file beside
themselves), so relative paths in an engine's arguments are taken from there.
Results are from engine 1's view.

ENGINES:
    --engine1 CMD, --engine2 CMD   the two engines (required)
    --name1 NAME, --name2 NAME     names in the output and records (default: the
                                   program's file name, with #1/#2 if they are equal)
    --engine-stderr                show the engines' stderr (default: discarded)
    --relay-pause-ms MS            wait until MS ms have passed since an engine's move
                                   line before sending it the next command (not
                                   charged to its clock; default 0). Rapfi drops a
                                   command that arrives right after its move: use 30.

GAME:
    --game gomoku|reversi          the game (default gomoku). Reversi is played over
                                   NBoard from the standard start (see REVERSI below)
    --size N | WxH                 board size (default 15; 5 to 32 per side)
    --rule RULE                    freestyle|standard|renju|caro or a Gomocup rule
                                   number: 0, 1, 4, 8 (default freestyle)
    --turn-ms MS                   time per move, INFO timeout_turn (default 1000)
    --match-ms MS                  time per game per engine, INFO timeout_match; INFO
                                   time_left is sent before every move (default 0 =
                                   no game limit)
    --time-margin-ms MS            how late an answer may come before it loses on time
                                   (default 1000, GomocupJudge's tolerance)
    --max-memory BYTES             INFO max_memory (default 367001600 = 350 MiB; 0 = none)
    --init-ms MS                   time to answer START (default 10000)
    --max-moves N                  draw after N moves past the opening (default: none)
    --depth1 N, --depth2 N         INFO max_depth N to engine 1 / engine 2 after the
                                   other INFO lines (1 to 60; default: not sent). With
                                   a long --turn-ms, a match at equal depth: time per
                                   node then does not count (ply reads it; other
                                   engines may not)

OPENINGS:
    --openings FILE                one opening per line as `dx,dy, dx,dy, ...`: offsets
                                   from the centre (width/2, height/2), stones in play
                                   order, black first (blank lines and # comments are
                                   skipped). An opening that does not fit the board is
                                   an error naming FILE:LINE, as is one that repeats a
                                   square or is already won. Without a file every game
                                   starts on an empty board.
    --skip-unfit                   skip the openings that do not fit the board (a
                                   warning each) instead of refusing the file
    --random-openings SEED         shuffle the openings with SEED (default: file order)

    Games are played in pairs: the same opening twice, engine 1 black in the first game
    of a pair and white in the second.

MATCH:
    --games N                      number of games (default 2 per opening, or 2)
    --rounds N                     N pairs of games (= --games 2N)
    --concurrency K                games played at the same time (default 1)
    --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]
                                   stop when the SPRT accepts H0 (elo <= E0) or H1
                                   (elo >= E1); alpha, beta default 0.05
    --sgf FILE                     append every finished game to FILE (an SGF collection);
                                   each engine move's comment holds its time and the
                                   engine's last MESSAGE line naming a depth
                                   (scripts/gomoku-record-depth.py reads them)

REVERSI (--game reversi; --size, --rule, --max-memory, --max-moves, --skip-unfit and
--sgf are gomoku only):
    --depth1 N, --depth2 N         `set depth N` for engine 1 / engine 2 (1 to 60;
                                   default: not sent, the engine's own depth)
    --match-ms MS                  the game clock of each engine, rounded up to whole
                                   seconds: TI[...] in `set game`, every move's time
                                   charged to it; default 0 = no clock (depth only)
    --turn-ms MS                   without a clock, the longest a move may take (not
                                   sent; default 600000)
    --init-ms MS                   time to answer the `ping` after the set-up (default
                                   10000; every sync before a move has as long)
    --openings FILE                XOT format: one opening a line, its moves from the
                                   standard start written together (f5d6c3d3c4f4f6f3);
                                   e.g. data/reversi/xot-openings.txt in a checkout.
                                   An illegal move is an error naming FILE:LINE.
    --ggf FILE                     append every finished game to FILE (GGF, one a line)

    Each engine gets `nboard 2`, `set depth N`, `set game <GGF>` (the opening moves),
    `ping`; before each of its moves the moves it has not seen (`move F5/eval/time`;
    a forced pass is `move PA`, played by the referee), `ping`, then `go`; its answer
    is the first `=== MOVE[/eval[/time]]` line (other lines are skipped). Nothing is
    sent while an engine thinks. The game line gives the discs (black-white and the
    difference); the summary gives each engine's mean time per move and their ratio.

ADJUDICATION (the offending engine loses):
    a move off the board or on a stone; a forbidden point (renju, black); in reversi
    a move that is not legal (a pass included: the referee passes); no answer
    within the time left for the move (the turn time, or the game time left if smaller)
    plus the margin: the engine is killed; exiting or closing its output; a line that
    is not `x,y`, OK, MESSAGE, DEBUG, SUGGEST, UNKNOWN or ERROR (those are logged and
    skipped; the first `x,y` line is the move). Five ends the game; a full board or
    --max-moves is a draw. Reversi: no answer to `go` within the clock left (or
    --turn-ms) plus the margin, or to `ping` within --init-ms; the game ends when
    neither side can move, the empty squares counted for the winner.

OUTPUT:
    one line per finished game with the running score, then W/D/L, score, Elo with a
    95% error bar, LOS, the pentanomial pair counts, the SPRT state (LLR and bounds;
    the decision uses the pentanomial LLR), how the games ended, move times and the
    wall time. On a terminal, a progress bar on stderr shows the games played, the
    rate and the time left (not with --engine-stderr). Exit code 0, 1 on a fatal
    error (an engine that cannot be started: the error alone when no game was
    played; an openings file that cannot be used), 2 on bad options (the error
    names the option).
";

/// Runs `ply match`; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    if args.iter().any(|a| is_help(a)) {
        print!("{USAGE}");
        return 0;
    }
    let opts = match parse_options(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("ply match: {e}\n\nRun 'ply match --help' for the usage.");
            return 2;
        }
    };
    match run_match(&opts) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("ply match: {e}");
            1
        }
    }
}
