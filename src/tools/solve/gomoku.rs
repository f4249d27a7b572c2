//! `ply solve FILE.jsonl`: gomoku threat puzzles, one JSON object per line
//! (`id`, `rule`, `size`, `to_move`, `task`, `moves` as `[x, y]` in play order,
//! black first). For each: the winning first move, the length of the forced line,
//! nodes and time; then the solved count, the median and the worst time.

use std::time::{Duration, Instant};

use crate::games::gomoku::vcf::{solve_vcf, SolveLimits, SolveResult, SolverTable, VCF_DEPTH};
use crate::games::gomoku::vct::{solve_vct, VCT_DEPTH};
use crate::games::gomoku::{Gomoku, Rule};
use crate::games::{Color, Move};
use crate::tools::args::Args;
use crate::tools::progress::Progress;

pub const USAGE: &str = "\
ply solve FILE.jsonl [OPTIONS] - solve gomoku threat puzzles (VCF by default)

Each line of FILE is a JSON object: {\"id\", \"rule\", \"size\", \"to_move\", \"task\",
\"moves\": [[x, y], ...]} (moves in play order, black first, y from the top).
Prints per puzzle: id, winning first move x,y, attacker moves / plies of the forced
line, nodes, time in ms; then the solved count, median and worst time.

OPTIONS:
    --vct            search fours and threes (VCT) instead of fours only
    --verbose        print the whole winning line
    --limit-ms N     give up on a puzzle after N ms (default 10000)
    --nodes N        node budget per puzzle (default 50000000)
";

/// One puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub id: String,
    pub rule: Rule,
    pub size: usize,
    pub to_move: Color,
    pub moves: Vec<(usize, usize)>,
}

/// Parses one puzzle line.
pub fn parse_puzzle(line: &str) -> Result<Puzzle, String> {
    let v: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("bad JSON: {e}"))?;
    let id = v
        .get("id")
        .and_then(|x| {
            x.as_str()
                .map(str::to_string)
                .or(x.as_u64().map(|n| n.to_string()))
        })
        .unwrap_or_default();
    let rule = match v.get("rule").and_then(|x| x.as_str()) {
        Some(r) => r.parse::<Rule>()?,
        None => Rule::Freestyle,
    };
    let size = v
        .get("size")
        .and_then(|x| x.as_u64())
        .map_or(15, |s| s as usize);
    let to_move = match v.get("to_move").and_then(|x| x.as_str()) {
        Some("black") | Some("Black") | Some("x") | Some("X") => Color::Black,
        Some("white") | Some("White") | Some("o") | Some("O") => Color::White,
        Some(o) => return Err(format!("bad to_move '{o}'")),
        None => return Err("missing to_move".into()),
    };
    let arr = v
        .get("moves")
        .and_then(|x| x.as_array())
        .ok_or("missing moves")?;
    let mut moves = Vec::with_capacity(arr.len());
    for m in arr {
        let xy = m.as_array().ok_or("a move is not [x, y]")?;
        match (
            xy.first().and_then(|x| x.as_u64()),
            xy.get(1).and_then(|y| y.as_u64()),
        ) {
            (Some(x), Some(y)) if xy.len() == 2 => moves.push((x as usize, y as usize)),
            _ => return Err("a move is not [x, y]".into()),
        }
    }
    Ok(Puzzle {
        id,
        rule,
        size,
        to_move,
        moves,
    })
}

impl Puzzle {
    /// The position: the moves alternate black, white, ...; then `to_move`.
    pub fn position(&self) -> Result<Gomoku, String> {
        let mut g = Gomoku::new(self.size, self.size, self.rule)?;
        for (i, &(x, y)) in self.moves.iter().enumerate() {
            if x >= self.size || y >= self.size {
                return Err(format!("move {x},{y} is off the board"));
            }
            let c = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            g.try_place(Move::from_xy(x, y, self.size), c)?;
        }
        g.set_side_to_move(self.to_move);
        Ok(g)
    }
}

/// Solves one position for the side to move with a fresh table.
pub fn solve_position(g: &mut Gomoku, vct: bool, nodes: u64) -> SolveResult {
    let mut tt = SolverTable::with_bits(TT_BITS);
    solve_in(g, &mut tt, vct, nodes, None)
}

/// Table size of `ply solve` (2^18 slots, 4 MiB).
const TT_BITS: u32 = 18;

/// Solves one position for the side to move with the table `tt` (cleared first).
pub fn solve_in(
    g: &mut Gomoku,
    tt: &mut SolverTable,
    vct: bool,
    nodes: u64,
    abort: Option<&dyn Fn() -> bool>,
) -> SolveResult {
    tt.clear();
    let limits = SolveLimits {
        depth: if vct { VCT_DEPTH } else { VCF_DEPTH },
        nodes,
        want_line: true,
        min_class: 0,
    };
    if vct {
        solve_vct(g, tt, &limits, abort)
    } else {
        solve_vcf(g, tt, &limits, abort)
    }
}

fn fmt_move(m: Move, size: usize) -> String {
    if m.is_none() {
        "-".to_string()
    } else {
        let (x, y) = m.xy(size);
        format!("{x},{y}")
    }
}

/// What `ply solve FILE.jsonl` was asked to do.
struct Options {
    file: String,
    vct: bool,
    verbose: bool,
    limit_ms: u64,
    nodes: u64,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        file: String::new(),
        vct: false,
        verbose: false,
        limit_ms: 10_000,
        nodes: 50_000_000,
    };
    let mut file = None;
    let mut args = Args::new(args);
    while let Some(a) = args.next() {
        match a {
            "--vct" => o.vct = true,
            "--verbose" | "-v" => o.verbose = true,
            "--limit-ms" => o.limit_ms = args.next_number(a, "a number", ..)?,
            "--nodes" => o.nodes = args.next_number(a, "a number", ..)?,
            f if file.is_none() && !f.starts_with('-') => file = Some(f.to_string()),
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    o.file = file.ok_or("no puzzle file")?;
    Ok(o)
}

pub fn run(args: &[String]) -> i32 {
    let Options {
        file,
        vct,
        verbose,
        limit_ms,
        nodes,
    } = match parse_args(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("ply solve: {e}\n\n{USAGE}");
            return 2;
        }
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("ply solve: cannot read {file}: {e}");
            return 1;
        }
    };
    let mut times = Vec::new();
    let (mut total, mut solved) = (0usize, 0usize);
    let mut tt = SolverTable::with_bits(TT_BITS);
    let progress = Progress::new(
        text.lines().filter(|l| !l.trim().is_empty()).count() as u64,
        "puzzles",
    );
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        total += 1;
        let p = match parse_puzzle(line) {
            Ok(p) => p,
            Err(e) => {
                progress.inc();
                progress.suspend(|| println!("line {}: error: {e}", n + 1));
                continue;
            }
        };
        let mut g = match p.position() {
            Ok(g) => g,
            Err(e) => {
                progress.inc();
                progress.suspend(|| println!("{}: error: {e}", p.id));
                continue;
            }
        };
        let start = Instant::now();
        let r = solve_with_time(&mut g, &mut tt, vct, nodes, limit_ms);
        let t = start.elapsed();
        times.push(t);
        progress.inc();
        progress.suspend(|| match &r.win {
            Some(w) => {
                solved += 1;
                println!(
                    "{} {} moves {} plies {} nodes {} time {:.1} ms",
                    p.id,
                    fmt_move(w.line[0], p.size),
                    w.attacker_moves,
                    w.plies(),
                    r.nodes,
                    t.as_secs_f64() * 1000.0
                );
                if verbose {
                    let l: Vec<String> = w.line.iter().map(|&m| fmt_move(m, p.size)).collect();
                    println!("  line {}", l.join(" "));
                }
            }
            None => println!(
                "{} unsolved{} nodes {} time {:.1} ms",
                p.id,
                if r.aborted { " (limit)" } else { "" },
                r.nodes,
                t.as_secs_f64() * 1000.0
            ),
        });
    }
    progress.finish();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let worst = times.last().copied().unwrap_or_default();
    println!("===========================");
    println!("Solved          : {solved} / {total}");
    println!("Median time (ms): {:.1}", ms(median));
    println!("Worst time (ms) : {:.1}", ms(worst));
    if solved == total {
        0
    } else {
        1
    }
}

/// Solves with a wall-clock limit (the solver polls it).
fn solve_with_time(
    g: &mut Gomoku,
    tt: &mut SolverTable,
    vct: bool,
    nodes: u64,
    limit_ms: u64,
) -> SolveResult {
    let deadline = Instant::now() + Duration::from_millis(limit_ms);
    let abort = move || Instant::now() >= deadline;
    solve_in(g, tt, vct, nodes, Some(&abort))
}
