//! The match loop: worker threads take the next game, play it ([`play_game`]) and
//! hand the record back; the main thread counts it, appends it to the SGF file
//! (gomoku) or the GGF file (reversi), prints its line and stops the match when the
//! SPRT decides or a game fails fatally.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crossbeam_channel::{unbounded, Receiver, Sender};

use super::engine_proc::{check_program, StderrMode};
use super::game::{play_game, GameRecord};
use super::nboard_game;
use super::openings::{job, opening_order, parse_openings, parse_xot, Job, Opening};
use super::options::MatchOptions;
use super::record;
use super::report::{print_game, print_header, print_summary, Tally};
use super::stats::SprtState;
use crate::games::GameKind;
use crate::tools::progress::Progress;

/// Opens `path` for appending (created if missing).
fn append_to(path: &Option<String>) -> Result<Option<std::fs::File>, String> {
    match path {
        Some(path) => std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map(Some)
            .map_err(|e| format!("cannot open '{path}': {e}")),
        None => Ok(None),
    }
}

/// What a worker hands back: the game and its record (`None`: stopped meanwhile),
/// or a fatal error (an engine that cannot be started).
type Finished = (Job, Result<Option<GameRecord>, String>);

/// Plays the match described by `opts`, printing as it goes.
pub fn run_match(opts: &MatchOptions) -> Result<(), String> {
    let started = Instant::now();
    let g = &opts.game;
    let openings = match &opts.openings_file {
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read '{f}': {e}"))?;
            match opts.kind {
                GameKind::Reversi => parse_xot(&text, f)?,
                _ => parse_openings(&text, f, g.width, g.height, g.rule, opts.skip_unfit)?,
            }
        }
        None => Vec::new(),
    };
    let order = opening_order(openings.len(), opts.random_seed);
    let total = opts.games.unwrap_or(2 * openings.len().max(1));
    let mut sgf = append_to(&opts.sgf)?;
    let mut ggf = append_to(&opts.ggf)?;
    for (i, p) in opts.players.iter().enumerate() {
        check_program(&p.cmd).map_err(|e| format!("--engine{}: {e}", i + 1))?;
    }
    let names = [opts.players[0].name.clone(), opts.players[1].name.clone()];
    print_header(opts, &names, total, openings.len());
    // The engines' own stderr, when shown, would break into the bar.
    let progress = match opts.game.stderr {
        StderrMode::Discard => Progress::new(total as u64, "games"),
        StderrMode::Inherit => Progress::hidden(),
    };

    let stopped = Arc::new(AtomicBool::new(false));
    let (stop_tx, stop_rx) = unbounded::<()>();
    let (res_tx, res_rx) = unbounded();
    let workers = spawn_workers(opts, &openings, &order, total, &stopped, &stop_rx, &res_tx);
    drop(res_tx);
    drop(stop_rx);
    let mut stop_tx = Some(stop_tx);

    let mut tally = Tally::new();
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
        tally.add(&j, &rec);
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
        if let (Some(f), Some(text)) = (ggf.as_mut(), record::to_ggf(&rec, &opening_desc)) {
            if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.flush()) {
                log::error!("cannot write the GGF record: {e}");
            }
        }
        progress.inc();
        progress.suspend(|| print_game(&j, total, &rec, &names, &tally.st));
        if let Some(sprt) = &opts.sprt {
            let state = sprt.state(tally.st.llr_pentanomial(sprt));
            if state != SprtState::Continue && decision.is_none() {
                decision = Some((state, tally.st.games()));
                stopped.store(true, Ordering::SeqCst);
                stop_tx = None;
            }
        }
    }
    drop(stop_tx);
    for w in workers {
        let _ = w.join();
    }

    progress.finish();
    // A match that failed before its first game has no score to show.
    if fatal.is_none() || tally.st.games() > 0 {
        print_summary(opts, &names, &tally, decision, started);
    }
    match fatal {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Starts `opts.concurrency` game threads (at most one per game). Each takes the
/// next game index until `total` or until `stopped`, and sends its result on
/// `results`; `stop` disconnects when the match is stopped.
fn spawn_workers(
    opts: &MatchOptions,
    openings: &[Opening],
    order: &[usize],
    total: usize,
    stopped: &Arc<AtomicBool>,
    stop: &Receiver<()>,
    results: &Sender<Finished>,
) -> Vec<JoinHandle<()>> {
    let next = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for w in 0..opts.concurrency.min(total) {
        let next = next.clone();
        let stopped = stopped.clone();
        let stop_rx = stop.clone();
        let res_tx = results.clone();
        let openings = openings.to_vec();
        let order = order.to_vec();
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
                let players = if j.engine1_black {
                    [&opts.players[0], &opts.players[1]]
                } else {
                    [&opts.players[1], &opts.players[0]]
                };
                let opening = j.opening.map(|k| &openings[k]);
                let r = match opts.kind {
                    GameKind::Reversi => {
                        let moves = opening.map_or(&[][..], |o| &o.moves[..]);
                        nboard_game::play_game(&opts.game, players, moves, &stop_rx)
                    }
                    _ => {
                        let stones = opening.map_or(&[][..], |o| &o.stones[..]);
                        play_game(&opts.game, players, stones, &stop_rx)
                    }
                };
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
    workers
}
