//! The reversi search entry point: the generic PVS (with the reversi evaluation)
//! in the middle game, the exact solver when the empties are few enough for the time.
//!
//! A solved result has `solved` set ([`Solved::Exact`]: `score` is the final disc
//! difference times [`eval::DISC`]; [`Solved::WinLossDraw`]: `score` is `+DISC` win,
//! `0` draw, `-DISC` loss), `depth` = the number of empties and `pv` = the best move.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::endgame::Solver;
use super::{eval, Reversi};
use crate::games::Move;
use crate::search::tt::TranspositionTable;
use crate::search::{search, SearchInfo, SearchParams, SearchResult, Solved};

/// Hash table of the engine's solver.
const SOLVER_HASH_BYTES: usize = 32 << 20;

/// The solver (and its hash table) is kept between moves.
static SOLVER: Mutex<Option<Solver>> = Mutex::new(None);

/// Most empties solved exactly within `budget` (None: no clock); win/loss/draw goes
/// [`WLD_EXTRA`] further.
pub fn exact_empties(budget: Option<Duration>) -> u32 {
    // Measured (ply solve, FFO #40-#49, one thread, quiet machine): about 0.5 s at 20
    // empties, 1-3 s at 22-23, 4-30 s at 24-26; the solver gets half the budget (see
    // below), and the heuristic search the rest if it does not finish.
    match budget {
        None => 24,
        Some(t) if t >= Duration::from_secs(60) => 22,
        Some(t) if t >= Duration::from_secs(10) => 20,
        Some(t) if t >= Duration::from_secs(2) => 18,
        Some(t) if t >= Duration::from_millis(300) => 14,
        Some(_) => 8,
    }
}

/// How much further a win/loss/draw solve goes than an exact one.
pub const WLD_EXTRA: u32 = 2;

/// Searches `pos`: exact solve when it pays, the generic search otherwise (or when
/// the solve runs out of time).
pub fn search_reversi(
    pos: &Reversi,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let empties = pos.empties();
    let limits = &params.limits;
    // A depth or node limit asks for the heuristic search (tests, bench, analysis
    // depth); so does multi-PV.
    let heuristic_only =
        limits.depth.is_some_and(|d| d < empties) || limits.nodes.is_some() || params.multipv > 1;
    if !heuristic_only && !pos.is_over() {
        let now = Instant::now();
        let budget = limits
            .hard_deadline()
            .map(|d| d.saturating_duration_since(now));
        let exact = exact_empties(budget);
        if empties <= exact + WLD_EXTRA {
            // Half the time for the solver: if it does not finish, the heuristic
            // search still has the other half.
            let deadline = budget.map(|b| now + b / 2);
            if let Some(r) = solve(pos, empties > exact, stop, deadline, limits.start) {
                on_info(&r.lines[0]);
                return r;
            }
        }
    }
    search(pos, params, tt, stop, on_info)
}

/// Runs the engine's solver (kept between calls); `None` when it was stopped before
/// the end. The NBoard session calls it directly for its depth-driven solves.
pub fn solve(
    pos: &Reversi,
    wld: bool,
    stop: &AtomicBool,
    deadline: Option<Instant>,
    start: Instant,
) -> Option<SearchResult> {
    let mut guard = SOLVER.lock().unwrap_or_else(|e| e.into_inner());
    let solver = guard.get_or_insert_with(|| Solver::new(SOLVER_HASH_BYTES));
    let s = solver.solve(pos.player(), pos.opponent(), wld, Some(stop), deadline);
    if !s.complete {
        return None;
    }
    let score = if wld {
        s.score.signum() * eval::DISC
    } else {
        s.score * eval::DISC
    };
    let pv = if s.best == Move::NONE {
        Vec::new()
    } else {
        vec![s.best]
    };
    let info = SearchInfo {
        depth: pos.empties(),
        seldepth: pos.empties(),
        multipv: 1,
        score,
        nodes: s.nodes,
        time: start.elapsed(),
        pv: pv.clone(),
    };
    Some(SearchResult {
        best: s.best,
        score,
        depth: info.depth,
        seldepth: info.seldepth,
        nodes: s.nodes,
        time: info.time,
        pv,
        lines: vec![info],
        solved: if wld {
            Solved::WinLossDraw
        } else {
            Solved::Exact
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::search::Limits;

    #[test]
    fn few_empties_are_solved_exactly_and_deeper_searches_are_estimates() {
        // FFO #1 (14 empties, black to move): G8 wins by 18.
        let (pos, _) = Reversi::parse_obf_line(
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        )
        .expect("obf");
        let tt = TranspositionTable::new(1 << 20);
        let stop = AtomicBool::new(false);
        let params = SearchParams {
            limits: Limits::new(Instant::now()),
            multipv: 1,
        };
        let r = search_reversi(&pos, &params, &tt, &stop, &mut |_| {});
        assert_eq!(r.solved, Solved::Exact);
        assert_eq!(r.score, 18 * eval::DISC);
        assert_eq!(super::super::move_name(r.best), "G8");

        let shallow = SearchParams {
            limits: Limits::depth(Instant::now(), 3),
            multipv: 1,
        };
        let r = search_reversi(&pos, &shallow, &tt, &stop, &mut |_| {});
        assert_eq!(r.solved, Solved::No);
        assert!(pos.is_legal(r.best));
        assert!(pos.ply() == 0);
    }
}
