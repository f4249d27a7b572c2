//! `ply match`: two engines (any Gomocup brain command lines) play a match on our
//! referee board; the score with Elo, LOS and an SPRT stop rule; SGF game records.
//!
//! Files: `engine_proc.rs` (child process, Gomocup lines, timeouts), `game.rs` (one
//! refereed game), `stats.rs` (Elo, SPRT), `record.rs` (SGF).

pub mod engine_proc;
pub mod game;
pub mod record;
pub mod stats;

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crossbeam_channel::unbounded;

use crate::games::gomoku::{Gomoku, Rule, MAX_SIZE, MIN_SIZE};
use crate::games::{splitmix64, Color, Game, Move};
use engine_proc::{split_command, StderrMode};
use game::{play_game, GameConfig, GameRecord, Player};
use stats::{fmt_elo, SprtState, Stats};

pub const USAGE: &str = "\
ply match - play two Gomocup engines against each other

USAGE:
    ply match --engine1 CMD --engine2 CMD [OPTIONS]

Each engine is a command line (quote it; words split as a shell does, no pipes or
variables) of a program speaking the Gomocup protocol on stdin/stdout, e.g.
--engine1 \"target/release/ply\" --engine2 \"/opt/rapfi/pbrain-rapfi\".
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
    --sgf FILE                     append every finished game to FILE (an SGF collection)

ADJUDICATION (the offending engine loses):
    a move off the board or on a stone; a forbidden point (renju, black); no answer
    within the time left for the move (the turn time, or the game time left if smaller)
    plus the margin: the engine is killed; exiting or closing its output; a line that
    is not `x,y`, OK, MESSAGE, DEBUG, SUGGEST, UNKNOWN or ERROR (those are logged and
    skipped; the first `x,y` line is the move). Five ends the game; a full board or
    --max-moves is a draw.

OUTPUT:
    one line per finished game with the running score, then W/D/L, score, Elo with a
    95% error bar, LOS, the pentanomial pair counts, the SPRT state (LLR and bounds;
    the decision uses the pentanomial LLR), how the games ended, move times and the
    wall time. Exit code 0, 1 on a fatal error (an engine that cannot be started, an
    openings file that cannot be used), 2 on bad options.
";

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

fn parse_num<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("{name}: '{v}' is not a valid number"))
}

/// Parses `15` or `20x15`.
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
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--engine1" => cmds[0] = Some(value(a)?),
            "--engine2" => cmds[1] = Some(value(a)?),
            "--name1" => names[0] = Some(value(a)?),
            "--name2" => names[1] = Some(value(a)?),
            "--engine-stderr" => game.stderr = StderrMode::Inherit,
            "--relay-pause-ms" => game.relay_pause_ms = parse_num(a, &value(a)?)?,
            "--skip-unfit" => o.skip_unfit = true,
            "--size" => (game.width, game.height) = parse_size(&value(a)?)?,
            "--rule" => game.rule = value(a)?.parse::<Rule>()?,
            "--turn-ms" => game.turn_ms = parse_num(a, &value(a)?)?,
            "--match-ms" => game.match_ms = parse_num(a, &value(a)?)?,
            "--time-margin-ms" => game.margin_ms = parse_num(a, &value(a)?)?,
            "--max-memory" => game.max_memory = parse_num(a, &value(a)?)?,
            "--init-ms" => game.init_ms = parse_num(a, &value(a)?)?,
            "--max-moves" => game.max_moves = Some(parse_num(a, &value(a)?)?),
            "--openings" => o.openings_file = Some(value(a)?),
            "--random-openings" => o.random_seed = Some(parse_num(a, &value(a)?)?),
            "--games" => o.games = Some(parse_num(a, &value(a)?)?),
            "--rounds" => o.games = Some(parse_num::<usize>(a, &value(a)?)?.saturating_mul(2)),
            "--concurrency" => o.concurrency = parse_num(a, &value(a)?)?,
            "--sprt" => o.sprt = Some(stats::Sprt::parse(&value(a)?)?),
            "--sgf" => o.sgf = Some(value(a)?),
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

/// One opening: its line number in the file and its stones in absolute coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub line: usize,
    pub text: String,
    pub stones: Vec<(usize, usize)>,
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

/// Per-engine timing totals (over both colours).
#[derive(Default, Clone, Copy)]
struct Clock {
    moves: u64,
    total_ms: u64,
    max_ms: u64,
    late: u64,
}

fn result_text(rec: &GameRecord) -> &'static str {
    match rec.winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// Runs `ply match`; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    if args
        .iter()
        .any(|a| a == "--help" || a == "-h" || a == "help")
    {
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

/// Plays the match described by `opts`, printing as it goes.
pub fn run_match(opts: &MatchOptions) -> Result<(), String> {
    let started = Instant::now();
    let g = &opts.game;
    let openings = match &opts.openings_file {
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read '{f}': {e}"))?;
            parse_openings(&text, f, g.width, g.height, g.rule, opts.skip_unfit)?
        }
        None => Vec::new(),
    };
    let order = opening_order(openings.len(), opts.random_seed);
    let total = opts.games.unwrap_or(2 * openings.len().max(1));
    let mut sgf = match &opts.sgf {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open '{path}': {e}"))?,
        ),
        None => None,
    };
    let names = [opts.players[0].name.clone(), opts.players[1].name.clone()];
    println!(
        "Match {} vs {}: {} games, {}x{} {}, {} ms/move{}, {}, concurrency {}",
        names[0],
        names[1],
        total,
        g.width,
        g.height,
        g.rule.name(),
        g.turn_ms,
        if g.match_ms > 0 {
            format!(", {} ms/game", g.match_ms)
        } else {
            String::new()
        },
        match &opts.openings_file {
            Some(f) => format!("{} openings from {f}", openings.len()),
            None => "empty board".into(),
        },
        opts.concurrency
    );

    let next = Arc::new(AtomicUsize::new(0));
    let stopped = Arc::new(AtomicBool::new(false));
    let (stop_tx, stop_rx) = unbounded::<()>();
    let (res_tx, res_rx) = unbounded();
    let mut workers = Vec::new();
    for w in 0..opts.concurrency.min(total) {
        let next = next.clone();
        let stopped = stopped.clone();
        let stop_rx = stop_rx.clone();
        let res_tx = res_tx.clone();
        let openings = openings.clone();
        let order = order.clone();
        let opts = opts.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("match-{w}"))
            .spawn(move || loop {
                if stopped.load(Ordering::SeqCst) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= total {
                    return;
                }
                let j = job(i, &order);
                let stones: &[(usize, usize)] = match j.opening {
                    Some(k) => &openings[k].stones,
                    None => &[],
                };
                let players = if j.engine1_black {
                    [&opts.players[0], &opts.players[1]]
                } else {
                    [&opts.players[1], &opts.players[0]]
                };
                let r = play_game(&opts.game, players, stones, &stop_rx);
                let fatal = r.is_err();
                if res_tx.send((j, r)).is_err() || fatal {
                    return;
                }
            });
        match spawned {
            Ok(h) => workers.push(h),
            Err(e) => log::error!("cannot start a match thread: {e}"),
        }
    }
    drop(res_tx);
    drop(stop_rx);
    let mut stop_tx = Some(stop_tx);

    let mut st = Stats::new();
    let mut endings: Vec<(&'static str, u32)> = Vec::new();
    let mut clocks = [Clock::default(); 2];
    let mut fatal: Option<String> = None;
    let mut decision: Option<(SprtState, u32)> = None;
    for (j, r) in res_rx.iter() {
        let rec = match r {
            Ok(Some(rec)) => rec,
            Ok(None) => continue,
            Err(e) => {
                if fatal.is_none() {
                    fatal = Some(e);
                }
                stopped.store(true, Ordering::SeqCst);
                stop_tx = None;
                continue;
            }
        };
        if stop_tx.is_none() {
            // Finished while the match was being stopped: not counted.
            continue;
        }
        let e1 = if j.engine1_black {
            Color::Black
        } else {
            Color::White
        };
        let score = match rec.winner {
            None => 0.5,
            Some(c) if c == e1 => 1.0,
            Some(_) => 0.0,
        };
        st.add(j.index, score);
        match endings.iter_mut().find(|(k, _)| *k == rec.reason.kind()) {
            Some(e) => e.1 += 1,
            None => endings.push((rec.reason.kind(), 1)),
        }
        for (e, clock) in clocks.iter_mut().enumerate() {
            let c = if e == 0 { e1 } else { e1.other() };
            let moves = rec.moves.iter().filter(|m| m.ms.is_some() && m.color == c);
            clock.moves += moves.count() as u64;
            clock.total_ms += rec.total_ms[c.index()];
            clock.max_ms = clock.max_ms.max(rec.max_ms[c.index()]);
            clock.late += rec.late[c.index()] as u64;
        }
        let opening_desc = match j.opening {
            Some(k) => format!("opening {} ({})", k + 1, openings[k].text),
            None => "empty board".into(),
        };
        if let Some(f) = sgf.as_mut() {
            let tree = record::to_sgf(&rec, j.index + 1, &opening_desc);
            if let Err(e) = f.write_all(tree.as_bytes()).and_then(|_| f.flush()) {
                log::error!("cannot write the SGF record: {e}");
            }
        }
        println!(
            "[{:>3}/{}] {}: black {}, white {}: {} {}, {} moves | {} +{} ={} -{} ({:.1}/{})",
            j.index + 1,
            total,
            match j.opening {
                Some(k) => format!("opening {}", k + 1),
                None => "empty board".into(),
            },
            rec.names[0],
            rec.names[1],
            result_text(&rec),
            rec.reason,
            rec.engine_moves(),
            names[0],
            st.wins,
            st.draws,
            st.losses,
            st.points(),
            st.games()
        );
        if let Some(sprt) = &opts.sprt {
            let state = sprt.state(st.llr_pentanomial(sprt));
            if state != SprtState::Continue && decision.is_none() {
                decision = Some((state, st.games()));
                stopped.store(true, Ordering::SeqCst);
                stop_tx = None;
            }
        }
    }
    drop(stop_tx);
    for w in workers {
        let _ = w.join();
    }

    print_summary(opts, &names, &st, &endings, &clocks, decision, started);
    match fatal {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn print_summary(
    opts: &MatchOptions,
    names: &[String; 2],
    st: &Stats,
    endings: &[(&'static str, u32)],
    clocks: &[Clock; 2],
    decision: Option<(SprtState, u32)>,
    started: Instant,
) {
    let n = st.games();
    println!();
    println!(
        "Score of {} vs {}: +{} ={} -{} ({:.1}/{}, {:.1}%)",
        names[0],
        names[1],
        st.wins,
        st.draws,
        st.losses,
        st.points(),
        n,
        100.0 * st.score()
    );
    let (elo, err) = st.elo();
    println!(
        "Elo difference: {} +/- {} (95%), LOS {:.1}%, draw ratio {:.1}%",
        fmt_elo(elo),
        if err.is_finite() {
            format!("{err:.1}")
        } else {
            "inf".into()
        },
        100.0 * st.los(),
        if n > 0 {
            100.0 * st.draws as f64 / n as f64
        } else {
            0.0
        }
    );
    println!(
        "Pairs (engine 1 scoring 0, 1/2, 1, 3/2, 2): {:?} ({} pairs)",
        st.penta,
        st.pairs()
    );
    if let Some(sprt) = &opts.sprt {
        let (lo, hi) = sprt.bounds();
        let state = match decision {
            Some((SprtState::AcceptH1, g)) => format!("H1 accepted after {g} games"),
            Some((SprtState::AcceptH0, g)) => format!("H0 accepted after {g} games"),
            _ => "no decision yet".into(),
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} (trinomial {:.3}), bounds [{:.3}, {:.3}]: {state}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            st.llr_pentanomial(sprt),
            st.llr_trinomial(sprt),
            lo,
            hi
        );
    }
    let ends: Vec<String> = endings.iter().map(|(k, c)| format!("{k} {c}")).collect();
    println!("Endings: {}", ends.join(", "));
    for (name, c) in names.iter().zip(clocks) {
        println!(
            "Time {name}: {} moves, average {} ms, longest {} ms, {} over the turn limit",
            c.moves,
            c.total_ms.checked_div(c.moves).unwrap_or(0),
            c.max_ms,
            c.late
        );
    }
    println!("Wall time {:.1} s", started.elapsed().as_secs_f64());
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
        let text = include_str!("../../tests/data/openings-offset.txt");
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
