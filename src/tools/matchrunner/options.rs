//! The options of `ply match`: engines, game settings, openings, match length.
//! `--game reversi` plays NBoard engines (with `--ggf`); the gomoku-only options are
//! refused there, and the reversi-only ones in gomoku.

use super::engine_proc::{split_command, StderrMode};
use super::game::{GameConfig, Player};
use super::stats;
use crate::games::gomoku::{Rule, MAX_SIZE, MIN_SIZE};
use crate::games::GameKind;
use crate::tools::args::Args;

/// The error words of the options below.
const MS: &str = "milliseconds";
const AT_LEAST_1: &str = "a number (1 or more)";
const DEPTH_TEXT: &str = "a depth from 1 to 60";

/// Everything `ply match` was asked to do.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Gomoku (Gomocup engines) or reversi (NBoard engines).
    pub kind: GameKind,
    pub players: [Player; 2],
    pub game: GameConfig,
    pub openings_file: Option<String>,
    pub random_seed: Option<u64>,
    pub games: Option<usize>,
    pub concurrency: usize,
    pub sprt: Option<stats::Sprt>,
    pub sgf: Option<String>,
    /// Reversi: append every finished game to this GGF file.
    pub ggf: Option<String>,
    /// Skip openings that do not fit the board instead of refusing the file.
    pub skip_unfit: bool,
}

/// Reversi: the longest a move may take when the game has no clock (not sent to the
/// engines; a hung engine then loses on time).
pub const REVERSI_TURN_MS: u64 = 600_000;

/// A default engine name: the program's file name.
fn default_name(cmd: &str) -> String {
    split_command(cmd)
        .ok()
        .and_then(|w| w.first().cloned())
        .map(|p| {
            std::path::Path::new(&p)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or(p)
        })
        .unwrap_or_else(|| "engine".into())
}

/// Parses the command line of `ply match`.
pub fn parse_options(args: &[String]) -> Result<MatchOptions, String> {
    let mut cmds: [Option<String>; 2] = [None, None];
    let mut names: [Option<String>; 2] = [None, None];
    let mut game = GameConfig {
        width: 15,
        height: 15,
        rule: Rule::Freestyle,
        turn_ms: 1000,
        match_ms: 0,
        margin_ms: 1000,
        max_memory: 350 << 20,
        init_ms: 10_000,
        max_moves: None,
        stderr: StderrMode::Discard,
        relay_pause_ms: 0,
    };
    let mut o = MatchOptions {
        players: [
            Player {
                name: String::new(),
                cmd: String::new(),
                depth: None,
            },
            Player {
                name: String::new(),
                cmd: String::new(),
                depth: None,
            },
        ],
        game: game.clone(),
        openings_file: None,
        random_seed: None,
        games: None,
        concurrency: 1,
        sprt: None,
        kind: GameKind::Gomoku,
        sgf: None,
        ggf: None,
        skip_unfit: false,
    };
    let mut depths: [Option<u32>; 2] = [None, None];
    let mut turn_given = false;
    // The options of one game only, as given (for the error when the other is played).
    let mut gomoku_only: Vec<String> = Vec::new();
    let mut reversi_only: Vec<String> = Vec::new();
    let mut args = Args::new(args);
    while let Some(a) = args.next() {
        match a {
            "--size" | "--rule" | "--max-memory" | "--max-moves" | "--skip-unfit" | "--sgf" => {
                gomoku_only.push(a.to_string())
            }
            "--ggf" => reversi_only.push(a.to_string()),
            "--turn-ms" => turn_given = true,
            _ => {}
        }
        match a {
            "--game" => {
                o.kind = args.game(a)?;
                if o.kind == GameKind::TicTacToe {
                    return Err(
                        "--game: ply match plays gomoku (Gomocup) or reversi (NBoard)".into(),
                    );
                }
            }
            "--depth1" => depths[0] = Some(args.number(a, DEPTH_TEXT, 1..=60)?),
            "--depth2" => depths[1] = Some(args.number(a, DEPTH_TEXT, 1..=60)?),
            "--ggf" => o.ggf = Some(args.value(a)?),
            "--engine1" => cmds[0] = Some(args.value(a)?),
            "--engine2" => cmds[1] = Some(args.value(a)?),
            "--name1" => names[0] = Some(args.value(a)?),
            "--name2" => names[1] = Some(args.value(a)?),
            "--engine-stderr" => game.stderr = StderrMode::Inherit,
            "--relay-pause-ms" => game.relay_pause_ms = args.number(a, MS, ..)?,
            "--skip-unfit" => o.skip_unfit = true,
            "--size" => {
                let (w, h) = args.size(a)?;
                let ok = |n: usize| (MIN_SIZE..=MAX_SIZE).contains(&n);
                if !ok(w) || !ok(h) {
                    return Err(format!(
                        "--size needs each side {MIN_SIZE} to {MAX_SIZE}, not {w}x{h}"
                    ));
                }
                (game.width, game.height) = (w, h);
            }
            "--rule" => game.rule = args.rule(a)?,
            "--turn-ms" => game.turn_ms = args.number(a, "milliseconds (1 or more)", 1..)?,
            "--match-ms" => game.match_ms = args.number(a, MS, ..)?,
            "--time-margin-ms" => game.margin_ms = args.number(a, MS, ..)?,
            "--max-memory" => game.max_memory = args.number(a, "a number of bytes", ..)?,
            "--init-ms" => game.init_ms = args.number(a, MS, ..)?,
            "--max-moves" => game.max_moves = Some(args.number(a, AT_LEAST_1, 1..)?),
            "--openings" => o.openings_file = Some(args.value(a)?),
            "--random-openings" => o.random_seed = Some(args.number(a, "a number", ..)?),
            "--games" => o.games = Some(args.number(a, AT_LEAST_1, 1..)?),
            "--rounds" => {
                o.games = Some(args.number::<usize>(a, AT_LEAST_1, 1..)?.saturating_mul(2))
            }
            "--concurrency" => o.concurrency = args.number(a, AT_LEAST_1, 1..)?,
            "--sprt" => o.sprt = Some(stats::Sprt::parse(&args.value(a)?)?),
            "--sgf" => o.sgf = Some(args.value(a)?),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    match o.kind {
        GameKind::Reversi => {
            if let Some(g) = gomoku_only.first() {
                return Err(format!("{g} is not an option of --game reversi"));
            }
            if !turn_given {
                game.turn_ms = REVERSI_TURN_MS;
            }
        }
        _ => {
            if let Some(r) = reversi_only.first() {
                return Err(format!("{r} needs --game reversi"));
            }
        }
    }
    for (i, c) in cmds.iter().enumerate() {
        let Some(c) = c else {
            return Err(format!("--engine{} is required", i + 1));
        };
        split_command(c).map_err(|e| format!("--engine{}: {e}", i + 1))?;
    }
    let cmds = cmds.map(Option::unwrap_or_default);
    let mut defaults = [default_name(&cmds[0]), default_name(&cmds[1])];
    if defaults[0] == defaults[1] {
        defaults = [format!("{}#1", defaults[0]), format!("{}#2", defaults[1])];
    }
    for i in 0..2 {
        o.players[i] = Player {
            name: names[i].clone().unwrap_or_else(|| defaults[i].clone()),
            cmd: cmds[i].clone(),
            depth: depths[i],
        };
    }
    o.game = game;
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_parse_with_defaults() {
        let o = parse_options(&args("--engine1 ./ply --engine2 /x/ply --size 20x15 --rule 4 --rounds 3 --sprt elo0=0,elo1=10")).unwrap();
        assert_eq!(o.players[0].name, "ply#1");
        assert_eq!(o.players[1].name, "ply#2");
        assert_eq!(
            (o.game.width, o.game.height, o.game.rule),
            (20, 15, Rule::Renju)
        );
        assert_eq!(o.games, Some(6));
        assert_eq!(o.game.turn_ms, 1000);
        assert!(o.sprt.is_some());
        let o = parse_options(&args("--engine1 a --engine2 b --name2 B")).unwrap();
        assert_eq!(
            (o.players[0].name.as_str(), o.players[1].name.as_str()),
            ("a", "B")
        );
        for bad in [
            "--engine1 a",
            "--engine1 a --engine2 b --size 4",
            "--engine1 a --engine2 b --size 15x",
            "--engine1 a --engine2 b --turn-ms 0",
            "--engine1 a --engine2 b --turn-ms -5",
            "--engine1 a --engine2 b --concurrency 0",
            "--engine1 a --engine2 b --rule gomocup",
            "--engine1 a --engine2 b --bogus",
            "--engine1 a --engine2 b --games",
            "--engine1 'a --engine2 b",
        ] {
            assert!(parse_options(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn reversi_options() {
        let o = parse_options(&args(
            "--game reversi --engine1 a --engine2 b --depth1 10 --depth2 16 --ggf g.ggf --match-ms 60000",
        ))
        .unwrap();
        assert_eq!(o.kind, GameKind::Reversi);
        assert_eq!(
            (o.players[0].depth, o.players[1].depth),
            (Some(10), Some(16))
        );
        assert_eq!(o.ggf.as_deref(), Some("g.ggf"));
        assert_eq!((o.game.match_ms, o.game.turn_ms), (60000, REVERSI_TURN_MS));
        let o = parse_options(&args("--engine1 a --engine2 b")).unwrap();
        assert_eq!(o.kind, GameKind::Gomoku);
        assert_eq!(o.players[0].depth, None);
        let o = parse_options(&args("--engine1 a --engine2 b --depth2 12")).unwrap();
        assert_eq!((o.players[0].depth, o.players[1].depth), (None, Some(12)));
        for bad in [
            "--game reversi --engine1 a --engine2 b --size 15",
            "--game reversi --engine1 a --engine2 b --sgf x",
            "--game reversi --engine1 a --engine2 b --depth1 0",
            "--game tictactoe --engine1 a --engine2 b",
            "--game chess --engine1 a --engine2 b",
            "--engine1 a --engine2 b --depth1 61",
            "--engine1 a --engine2 b --ggf x",
        ] {
            assert!(parse_options(&args(bad)).is_err(), "{bad}");
        }
    }
}
