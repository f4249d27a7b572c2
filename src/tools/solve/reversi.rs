//! `ply solve FILE.obf`: exact endgame solves of every position of an OBF file.
//!
//! OBF: one position per line, 64 squares a1..h8 (`X` black, `O` white, `-` empty),
//! a space, the side to move (`X`/`O`), then optional `move:score;` fields with the
//! known final disc difference of some moves (the position's value is the largest).
//! Empty lines and lines starting with `%` or `#` are skipped.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::games::reversi::endgame::Solver;
use crate::games::reversi::{move_name, parse_square, Reversi};
use crate::games::Move;
use crate::tools::args::Args;
use crate::tools::progress::Progress;

pub const USAGE: &str = "\
ply solve [--wld] [--hash MB] [--threads N] FILE.obf

Solves every position of an OBF file exactly (with --wld: win/loss/draw only), with
N threads (default 1; more make the node counts vary from run to run), and
prints, per position, the score for the side to move, the best move, nodes, time and
nodes per second, then the totals. A score that disagrees with the file's best score,
or a best move the file scores lower, is flagged; the exit code is then 1.
";

/// Known `move:score` fields of an OBF line.
pub fn parse_scores(fields: &str) -> Result<Vec<(Move, i32)>, String> {
    let mut out = Vec::new();
    for f in fields.split(';').map(str::trim).filter(|f| !f.is_empty()) {
        let (m, s) = f.split_once(':').ok_or(format!("bad field '{f}'"))?;
        let m = m.trim();
        let mv = if m.eq_ignore_ascii_case("pa") || m.eq_ignore_ascii_case("pass") {
            Move::PASS
        } else {
            Move(parse_square(m).ok_or(format!("bad square '{m}'"))? as u16)
        };
        let s = s
            .trim()
            .trim_start_matches('+')
            .parse::<i32>()
            .map_err(|_| format!("bad score in '{f}'"))?;
        out.push((mv, s));
    }
    Ok(out)
}

fn signed(v: i32) -> String {
    format!("{v:+}")
}

/// What `ply solve FILE.obf` was asked to do.
struct Options {
    wld: bool,
    hash_mb: usize,
    threads: usize,
    file: String,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut wld = false;
    let mut hash_mb = 64usize;
    let mut threads = 1usize;
    let mut file = None;
    let mut args = Args::new(args);
    while let Some(a) = args.next() {
        match a {
            "--wld" => wld = true,
            "--hash" => hash_mb = args.next_number(a, "a size in MB (1 to 4096)", 1..=4096)?,
            "--threads" => threads = args.next_number(a, "a thread count (1 to 256)", 1..=256)?,
            f if file.is_none() => file = Some(f.to_string()),
            f => return Err(format!("unexpected argument '{f}'")),
        }
    }
    let file = file.ok_or("which file?")?;
    Ok(Options {
        wld,
        hash_mb,
        threads,
        file,
    })
}

pub fn run(args: &[String]) -> i32 {
    let Options {
        wld,
        hash_mb,
        threads,
        file,
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
            return 2;
        }
    };
    let mut solver = Solver::new(hash_mb << 20);
    // Backed with memory (on huge pages) before the clock runs.
    solver.clear();
    solver.set_threads(threads);
    let is_position = |l: &str| !(l.is_empty() || l.starts_with('%') || l.starts_with('#'));
    let progress = Progress::new(
        text.lines().filter(|l| is_position(l.trim())).count() as u64,
        "positions",
    );
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut total_nodes, mut total_time) = (0u64, Duration::ZERO);
    let (mut count, mut wrong) = (0usize, 0usize);
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if !is_position(line) {
            continue;
        }
        count += 1;
        let parsed = Reversi::parse_obf_line(line)
            .and_then(|(pos, rest)| parse_scores(rest).map(|s| (pos, s)));
        let (pos, known) = match parsed {
            Ok(v) => v,
            Err(e) => {
                progress.inc();
                if progress
                    .suspend(|| writeln!(out, "{count:3}  line {}: {e}", lineno + 1))
                    .is_err()
                {
                    return 2;
                }
                wrong += 1;
                continue;
            }
        };
        solver.clear();
        let start = Instant::now();
        let s = solver.solve(pos.player(), pos.opponent(), wld, None, None);
        let t = start.elapsed();
        total_nodes += s.nodes;
        total_time += t;
        let nps = s.nodes as u128 * 1_000_000 / t.as_micros().max(1);
        let shown = if wld {
            match s.score.signum() {
                1 => "win".to_string(),
                0 => "draw".to_string(),
                _ => "loss".to_string(),
            }
        } else {
            signed(s.score)
        };
        let mut flags = Vec::new();
        if let Some(best_known) = known.iter().map(|k| k.1).max() {
            let agrees = if wld {
                s.score.signum() == best_known.signum()
            } else {
                s.score == best_known
            };
            if !agrees {
                flags.push(format!("WRONG SCORE (file {})", signed(best_known)));
            }
            match known.iter().find(|k| k.0 == s.best) {
                Some(&(_, v))
                    if (wld && v.signum() != best_known.signum()) || (!wld && v != best_known) =>
                {
                    flags.push(format!("WRONG MOVE (file scores it {})", signed(v)))
                }
                None if s.best != Move::NONE => flags.push("MOVE NOT IN FILE".into()),
                _ => {}
            }
        }
        if !flags.is_empty() {
            wrong += 1;
        }
        progress.inc();
        let shown_line = progress.suspend(|| writeln!(
            out,
            "{count:3}  {:2} empties  score {shown:>4}  best {}  nodes {:>12}  time {:>8.3} s  nps {:>10}{}{}",
            pos.empties(),
            move_name(s.best),
            s.nodes,
            t.as_secs_f64(),
            nps,
            if flags.is_empty() { "" } else { "  " },
            flags.join(", ")
        ));
        // The reader went away (a closed pipe): stop quietly.
        if shown_line.is_err() {
            return 2;
        }
    }
    progress.finish();
    let nps = total_nodes as u128 * 1_000_000 / total_time.as_micros().max(1);
    let _ = writeln!(
        out,
        "total: {count} positions, {wrong} wrong, nodes {total_nodes}, time {:.3} s, nps {nps}",
        total_time.as_secs_f64()
    );
    i32::from(wrong > 0)
}
