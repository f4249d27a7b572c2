//! The options of `ply match`: engines, game settings, openings, match length.

use super::engine_proc::{split_command, StderrMode};
use super::game::{GameConfig, Player};
use super::stats;
use crate::games::gomoku::{Rule, MAX_SIZE, MIN_SIZE};
use crate::tools::args::Args;

/// Everything `ply match` was asked to do.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    pub players: [Player; 2],
    pub game: GameConfig,
    pub openings_file: Option<String>,
    pub random_seed: Option<u64>,
    pub games: Option<usize>,
    pub concurrency: usize,
    pub sprt: Option<stats::Sprt>,
    pub sgf: Option<String>,
    /// Skip openings that do not fit the board instead of refusing the file.
    pub skip_unfit: bool,
}

/// A number option, with the match's error text (`--x: 'v' is not a valid number`).
fn parse_num<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("{name}: '{v}' is not a valid number"))
}

/// Parses `--size 15` or `--size 20x15` for `ply match`: the grammar of
/// [`crate::tools::args::parse_size`] with the match's texts (spaces allowed, each side
/// checked against the gomoku board limits).
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let lower = s.to_ascii_lowercase();
    let (w, h) = match lower.split_once('x') {
        Some((w, h)) => (parse_num("--size", w)?, parse_num("--size", h)?),
        None => {
            let n = parse_num("--size", &lower)?;
            (n, n)
        }
    };
    let ok = |n: usize| (MIN_SIZE..=MAX_SIZE).contains(&n);
    if !ok(w) || !ok(h) {
        return Err(format!(
            "--size {s}: each side must be {MIN_SIZE} to {MAX_SIZE}"
        ));
    }
    Ok((w, h))
}

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
            },
            Player {
                name: String::new(),
                cmd: String::new(),
            },
        ],
        game: game.clone(),
        openings_file: None,
        random_seed: None,
        games: None,
        concurrency: 1,
        sprt: None,
        sgf: None,
        skip_unfit: false,
    };
    let mut args = Args::new(args);
    while let Some(a) = args.next() {
        match a {
            "--engine1" => cmds[0] = Some(args.value(a)?),
            "--engine2" => cmds[1] = Some(args.value(a)?),
            "--name1" => names[0] = Some(args.value(a)?),
            "--name2" => names[1] = Some(args.value(a)?),
            "--engine-stderr" => game.stderr = StderrMode::Inherit,
            "--relay-pause-ms" => game.relay_pause_ms = parse_num(a, &args.value(a)?)?,
            "--skip-unfit" => o.skip_unfit = true,
            "--size" => (game.width, game.height) = parse_size(&args.value(a)?)?,
            "--rule" => game.rule = args.rule(a)?,
            "--turn-ms" => game.turn_ms = parse_num(a, &args.value(a)?)?,
            "--match-ms" => game.match_ms = parse_num(a, &args.value(a)?)?,
            "--time-margin-ms" => game.margin_ms = parse_num(a, &args.value(a)?)?,
            "--max-memory" => game.max_memory = parse_num(a, &args.value(a)?)?,
            "--init-ms" => game.init_ms = parse_num(a, &args.value(a)?)?,
            "--max-moves" => game.max_moves = Some(parse_num(a, &args.value(a)?)?),
            "--openings" => o.openings_file = Some(args.value(a)?),
            "--random-openings" => o.random_seed = Some(parse_num(a, &args.value(a)?)?),
            "--games" => o.games = Some(parse_num(a, &args.value(a)?)?),
            "--rounds" => o.games = Some(parse_num::<usize>(a, &args.value(a)?)?.saturating_mul(2)),
            "--concurrency" => o.concurrency = parse_num(a, &args.value(a)?)?,
            "--sprt" => o.sprt = Some(stats::Sprt::parse(&args.value(a)?)?),
            "--sgf" => o.sgf = Some(args.value(a)?),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if game.turn_ms == 0 {
        return Err("--turn-ms must be at least 1".into());
    }
    if o.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    if o.games == Some(0) {
        return Err("--games must be at least 1".into());
    }
    if game.max_moves == Some(0) {
        return Err("--max-moves must be at least 1".into());
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
}
