//! The hand-over from the heuristic search to a game's exact solver
//! ([`ExactSolver`]; reversi has one): when to search, when to solve exactly and
//! when only for win/loss/draw. Two policies, one per way of asking:
//!
//! - [`search_or_solve`] — a move or analysis under [`Limits`] (Gomocup, UCI, `play`):
//!   solve when the empties fit the time (`ExactSolver::exact_reach`), giving the
//!   solver half of it; otherwise, or when the solve does not finish, search.
//! - [`Deliberation`] — a move or hint at a set depth (NBoard's `set depth n`): the
//!   solver takes over at `min(2n, 20 + (n - 10) / 4)` empties or fewer
//!   ([`exact_at_depth`]: exact); with a clock also no further than the solver
//!   reaches in the time. A win/loss/draw solve at two more, unless probable solves
//!   follow ([`wld_at_depth`]): from depth 10 on, a probable solve
//!   ([`ExactSolver::solve_probable`], an estimate that checks its result) after the
//!   search picks the move up to six empties past the exact solve, at most 26
//!   ([`probable_at_depth`]); from [`ExactSolver::LEAF_SEARCH_FROM`] moves left
//!   (reversi: 24) the search itself is carried on to the solver instead: its nodes
//!   with [`ExactSolver::LEAF_SOLVE`] moves left or fewer are solved exactly.
//!   Before a solve of more than [`QUICK_SOLVE`] moves left, or a timed one, a
//!   search of at most 10 plies gives lines at once and a fallback move. With a
//!   clock, it first searches (a quarter of its time when a solve follows), then
//!   solves until the hard deadline, keeping the search's move if the solve does not
//!   finish. With several lines wanted, every move is solved. A win/loss/draw
//!   proof after a search keeps the search's move and score (bounded by the proof)
//!   when the position is lost or the search chose the proven winning move.
//!
//! A solved result has `solved` set ([`Solved::Exact`]: `score` is the final value;
//! [`Solved::WinLossDraw`]: one unit of its sign), `depth` = the moves left and
//! `pv` = the best move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::tt::TranspositionTable;
use super::{
    search, Limits, SearchInfo, SearchParams, SearchRequest, SearchResult, Solved, TimeLimit,
};
use crate::games::exact::ExactSolver;
use crate::games::{Game, Move};

/// Up to this many moves left an untimed deliberate solve is not preceded by a search.
/// The search costs little before a solve, so lines still come at once from 15 empties
/// (docs/experiments/reversi-endgame.md#no-search-before-small-untimed-solves).
pub const QUICK_SOLVE: u32 = 14;

/// Searches `pos` as `request` asks: exact solve with `solver` when it pays, the
/// generic search otherwise (or when the solve runs out of time). The generic search
/// runs on the calling thread alone and reports no root progress (`request.threads`
/// and `request.on_root` are not used; the caller sizes the solver's threads).
pub fn search_or_solve<S: ExactSolver>(
    pos: &S::Pos,
    solver: &mut S,
    request: SearchRequest<'_>,
) -> SearchResult {
    let SearchRequest {
        params,
        tt,
        stop,
        mut on_info,
        ..
    } = request;
    let left = S::moves_left(pos);
    let limits = &params.limits;
    // A depth or node limit asks for the heuristic search (tests, bench, analysis
    // depth); so does multi-PV.
    let heuristic_only =
        limits.depth.is_some_and(|d| d < left) || limits.nodes.is_some() || params.multipv > 1;
    if !heuristic_only && pos.result().is_none() {
        let now = Instant::now();
        let budget = limits
            .hard_deadline()
            .map(|d| d.saturating_duration_since(now));
        let exact = S::exact_reach(budget);
        if left <= exact + S::WLD_EXTRA {
            // Half the time for the solver: if it does not finish, the heuristic
            // search still has the other half.
            let deadline = budget.map(|b| now + b / 2);
            if let Some(r) = solve(pos, solver, left > exact, stop, deadline, limits.start) {
                if let Some(f) = on_info.as_mut() {
                    f(&r.lines[0]);
                }
                return r;
            }
        }
    }
    let request = SearchRequest {
        params,
        tt,
        stop,
        threads: 1,
        on_info,
        on_root: None,
    };
    search(pos, request)
}

/// Runs the solver as a search result; `None` when it was stopped before the end.
pub fn solve<S: ExactSolver>(
    pos: &S::Pos,
    solver: &mut S,
    wld: bool,
    stop: &AtomicBool,
    deadline: Option<Instant>,
    start: Instant,
) -> Option<SearchResult> {
    let s = solver.solve(pos, wld, stop, deadline)?;
    let pv = if s.best == Move::NONE {
        Vec::new()
    } else {
        vec![s.best]
    };
    let left = S::moves_left(pos);
    let info = SearchInfo {
        depth: left,
        seldepth: left,
        multipv: 1,
        score: s.score,
        nodes: s.nodes,
        time: start.elapsed(),
        pv: pv.clone(),
    };
    Some(SearchResult {
        best: s.best,
        score: s.score,
        depth: left,
        seldepth: left,
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

/// Moves left at or below which a deliberation at `depth` solves exactly: twice the
/// depth up to 20 moves left (the solver's exact solve at 20 empties costs about
/// what a 10-ply search does over the rest of the game), then one more for every
/// four plies past depth 10 (each empty about triples a solve; four plies of the
/// selective search cost about as much; see
/// docs/experiments/reversi-endgame.md#exact-solve-depth-rule).
pub fn exact_at_depth(depth: u32) -> u32 {
    (depth * 2).min(20 + depth.saturating_sub(10) / 4)
}

/// Moves left at or below which a deliberation at `depth` (exact solves from
/// `exact_max` moves left) tries a probable solve ([`ExactSolver::solve_probable`])
/// after its search: as far past the exact solve as the solver's probable solves
/// reach, at most [`PROBABLE_MAX`] moves left, for depths from
/// [`PROBABLE_FROM_DEPTH`] (0: none, also when the solver has none).
pub fn probable_at_depth<S: ExactSolver>(depth: u32, exact_max: u32) -> u32 {
    if depth < PROBABLE_FROM_DEPTH || S::PROBABLE_EXTRA == 0 {
        return 0;
    }
    (exact_max + S::PROBABLE_EXTRA).min(PROBABLE_MAX)
}

/// The least depth whose deliberations try probable solves.
const PROBABLE_FROM_DEPTH: u32 = 10;
/// The most moves left a probable solve is tried at (reversi: each more empty about
/// doubles its time; see docs/experiments/reversi-endgame.md#probable-solve-reach).
const PROBABLE_MAX: u32 = 26;

/// Moves left at or below which a deliberation that solves exactly from `exact_max`
/// moves left solves for win/loss/draw: [`ExactSolver::WLD_EXTRA`] more, or
/// [`WLD_BEFORE_PROBABLE`] when `probable` solves follow.
pub fn wld_at_depth<S: ExactSolver>(exact_max: u32, probable: bool) -> u32 {
    exact_max
        + if probable {
            WLD_BEFORE_PROBABLE
        } else {
            S::WLD_EXTRA
        }
}

/// How many more moves left a win/loss/draw solve takes on than an exact one where
/// probable solves come next: none, as they check their result themselves, more
/// cheaply than a full proof (reversi; see
/// docs/experiments/reversi-endgame.md#probable-solve-checked-for-the-result).
const WLD_BEFORE_PROBABLE: u32 = 0;

/// A win/loss/draw proof with the search before it: the search's move and its
/// score, bounded by the proof, when the position is lost (every move loses: the
/// searched one keeps the most chances) or when the search chose the proven winning
/// move; otherwise the proof (one unit of its sign).
fn with_search(proof: Line, searched: &Line) -> Line {
    let unit = proof.score.abs();
    let lost = proof.score < 0;
    if !lost && (proof.score == 0 || searched.best != proof.best) {
        return proof;
    }
    let score = if lost {
        searched.score.min(-unit)
    } else {
        searched.score.max(unit)
    };
    Line {
        best: searched.best,
        score,
        depth: proof.depth,
        solved: proof.solved,
        pv: searched.pv.clone(),
    }
}

/// One line of a deliberation: a move's (or the position's) value and how it is
/// known (`solved`: by the solver; else searched `depth` plies).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub best: Move,
    pub score: i32,
    pub depth: u32,
    pub solved: Solved,
    pub pv: Vec<Move>,
}

impl Line {
    fn of(r: &SearchResult, best: Move) -> Line {
        Line {
            best,
            score: r.score,
            depth: r.depth,
            solved: r.solved,
            pv: if r.pv.is_empty() {
                vec![best]
            } else {
                r.pv.clone()
            },
        }
    }
}

/// What a deliberation tells as it goes.
pub enum Note<'a> {
    /// A line: a finished search iteration, or a solved position or move.
    Line(&'a Line),
    /// Nodes searched so far by the whole job.
    Nodes(u64),
}

/// A move choice or evaluation at a set depth, with the search and the solver
/// (see the module text). One per job: it counts the job's nodes.
pub struct Deliberation<'a, S: ExactSolver> {
    pub tt: &'a TranspositionTable,
    pub solver: &'a mut S,
    pub stop: &'a AtomicBool,
    /// When the job began (time bounds are counted from it).
    pub start: Instant,
    pub nodes: u64,
    pub notes: &'a mut dyn FnMut(Note),
}

impl<S: ExactSolver> Deliberation<'_, S> {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn note_nodes(&mut self) {
        let n = self.nodes;
        (self.notes)(Note::Nodes(n));
    }

    /// Evaluates `pos` (search, then the solver at few moves left), telling its lines
    /// when `verbose`; `time` is the soft and hard bound of a move on the clock.
    /// `None` when the game is over or nothing finished.
    pub fn evaluate(
        &mut self,
        pos: &S::Pos,
        depth: u32,
        lines: usize,
        time: Option<(Duration, Duration)>,
        verbose: bool,
    ) -> Option<Line> {
        if pos.result().is_some() {
            return None;
        }
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal == [Move::PASS] {
            // A forced pass: evaluate the position after it.
            let mut after = pos.clone();
            after.make(Move::PASS);
            let o = self.evaluate(&after, depth, 1, time, false)?;
            let mut pv = vec![Move::PASS];
            pv.extend(o.pv);
            let out = Line {
                best: Move::PASS,
                score: -o.score,
                depth: o.depth,
                solved: o.solved,
                pv,
            };
            if verbose {
                (self.notes)(Note::Line(&out));
            }
            return Some(out);
        }
        let left = S::moves_left(pos);
        let mut exact_max = exact_at_depth(depth);
        if let Some((_, hard)) = time {
            // The solver's own bound for the time (a solve that cannot end is not begun).
            exact_max = exact_max.min(S::exact_reach(Some(hard)));
        }
        let probable_max = if lines <= 1 {
            probable_at_depth::<S>(depth, exact_max)
        } else {
            0
        };
        let wld_max = wld_at_depth::<S>(exact_max, probable_max > 0);
        let solve = left <= wld_max;
        let probable = !solve && left <= probable_max;
        // Far enough from the end, the search is carried on to the solver instead.
        let leaf_search = probable && left >= S::LEAF_SEARCH_FROM;
        let probable = probable && !leaf_search;
        let mut best = None;
        // A search first: its move is the answer if a timed solve does not finish, and
        // it shows lines at once before a long solve. Small untimed solves skip it.
        if !solve || time.is_some() || left > QUICK_SOLVE {
            let mut d = depth.min(left).max(1);
            let mut t = time;
            let mut leaves = 0;
            if leaf_search {
                // To the solved nodes, up to two plies more (passes on the way).
                let reach = left - S::LEAF_SOLVE;
                d = depth.clamp(reach, reach + 2).min(left);
                leaves = S::LEAF_SOLVE;
            } else if solve || probable {
                d = d.min(10);
                t = t.map(|(s, h)| (s / 4, h / 2));
            }
            best = self.midgame(pos, d, lines, t, leaves, verbose);
        }
        if probable && !self.stopped() {
            // The solver guesses the score by its own short search (see
            // docs/experiments/reversi-endgame.md#search-score-as-the-probable-guess).
            let deadline = time.map(|(_, h)| self.start + h);
            if let Some(p) = self.solver.solve_probable(pos, self.stop, deadline) {
                self.nodes += p.nodes;
                if !p.best.is_none() {
                    let out = Line {
                        best: p.best,
                        score: p.score,
                        depth: left,
                        solved: Solved::No,
                        pv: vec![p.best],
                    };
                    if verbose {
                        (self.notes)(Note::Line(&out));
                    }
                    self.note_nodes();
                    best = Some(out);
                }
            }
        }
        if solve && !self.stopped() {
            let wld = left > exact_max;
            let deadline = time.map(|(_, h)| self.start + h);
            if let Some(o) = self.solve_lines(pos, wld, lines, deadline, verbose) {
                let o = match &best {
                    Some(searched) if wld && lines <= 1 => {
                        let out = with_search(o, searched);
                        if verbose {
                            (self.notes)(Note::Line(&out));
                        }
                        out
                    }
                    _ => o,
                };
                best = Some(o);
            }
        }
        best
    }

    /// The shared iterative-deepening search (its nodes with at most
    /// `exact_leaves` moves left solved exactly; 0: none).
    fn midgame(
        &mut self,
        pos: &S::Pos,
        depth: u32,
        lines: usize,
        time: Option<(Duration, Duration)>,
        exact_leaves: u32,
        verbose: bool,
    ) -> Option<Line> {
        let mut limits = Limits::depth(self.start, depth);
        if let Some((soft, hard)) = time {
            limits.time = TimeLimit::Managed { soft, hard };
        }
        let params = SearchParams {
            exact_leaves,
            ..SearchParams::new(limits, lines.max(1))
        };
        let base = self.nodes;
        let notes = &mut *self.notes;
        let mut on_info = |info: &SearchInfo| {
            if verbose {
                let line = Line {
                    best: info.pv.first().copied().unwrap_or(Move::NONE),
                    score: info.score,
                    depth: info.depth,
                    solved: Solved::No,
                    pv: info.pv.clone(),
                };
                notes(Note::Line(&line));
            }
            if info.multipv == 1 {
                notes(Note::Nodes(base + info.nodes));
            }
        };
        let request = SearchRequest::new(&params, self.tt, self.stop).on_info(&mut on_info);
        let r = search(pos, request);
        self.nodes += r.nodes;
        let best = if r.best.is_none() {
            let mut v = Vec::new();
            pos.legal_moves(&mut v);
            *v.first()?
        } else {
            r.best
        };
        Some(Line::of(&r, best))
    }

    /// The exact (or win/loss/draw) solver; with several lines, every move is solved.
    fn solve_lines(
        &mut self,
        pos: &S::Pos,
        wld: bool,
        lines: usize,
        deadline: Option<Instant>,
        verbose: bool,
    ) -> Option<Line> {
        if lines <= 1 {
            let r = solve(pos, self.solver, wld, self.stop, deadline, self.start)?;
            self.nodes += r.nodes;
            if r.best.is_none() {
                return None;
            }
            let out = Line::of(&r, r.best);
            if verbose {
                (self.notes)(Note::Line(&out));
            }
            self.note_nodes();
            return Some(out);
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut solved: Vec<Line> = Vec::new();
        for mv in moves {
            let mut child = pos.clone();
            child.make(mv);
            let r = match child.result() {
                // The move ends the game: its score is the final count.
                Some(result) => Some((-child.terminal_score(result, 0), Solved::Exact)),
                None => solve(&child, self.solver, wld, self.stop, deadline, self.start).map(|r| {
                    self.nodes += r.nodes;
                    (-r.score, r.solved)
                }),
            };
            let Some((score, how)) = r else { break };
            let out = Line {
                best: mv,
                score,
                depth: S::moves_left(pos),
                solved: how,
                pv: vec![mv],
            };
            if verbose {
                (self.notes)(Note::Line(&out));
            }
            self.note_nodes();
            solved.push(out);
        }
        // Best first; ties by square.
        solved.sort_by(|a, b| b.score.cmp(&a.score).then(a.best.cmp(&b.best)));
        solved.into_iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::endgame::Solver;
    use crate::games::reversi::{eval, move_name, Reversi};

    #[test]
    fn few_empties_are_solved_exactly_and_deeper_searches_are_estimates() {
        // FFO #1 (14 empties, black to move): G8 wins by 18.
        let (pos, _) = Reversi::parse_obf_line(
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        )
        .expect("obf");
        let tt = TranspositionTable::new(1 << 20);
        let mut solver = Solver::new(1 << 20);
        let stop = AtomicBool::new(false);
        let params = SearchParams::new(Limits::new(Instant::now()), 1);
        let r = search_or_solve(&pos, &mut solver, SearchRequest::new(&params, &tt, &stop));
        assert_eq!(r.solved, Solved::Exact);
        assert_eq!(r.score, 18 * eval::DISC);
        assert_eq!(move_name(r.best), "G8");

        let shallow = SearchParams::new(Limits::depth(Instant::now(), 3), 1);
        let r = search_or_solve(&pos, &mut solver, SearchRequest::new(&shallow, &tt, &stop));
        assert_eq!(r.solved, Solved::No);
        assert!(pos.is_legal(r.best));
        assert!(pos.ply() == 0);
    }

    #[test]
    fn a_win_loss_draw_proof_keeps_the_searched_move_when_lost_or_the_same() {
        let sq = |mv: &str| Move(crate::games::reversi::parse_square(mv).expect("square") as _);
        let line = |mv: &str, score: i32, solved: Solved| Line {
            best: sq(mv),
            score,
            depth: 10,
            solved,
            pv: vec![sq(mv)],
        };
        let unit = eval::DISC;
        let searched = line("C4", 250, Solved::No);
        // Lost: every move loses; the searched move, its score bounded by the loss.
        let lost = with_search(line("D3", -unit, Solved::WinLossDraw), &searched);
        assert_eq!((lost.best, lost.score), (searched.best, -unit));
        assert_eq!((lost.solved, lost.depth), (Solved::WinLossDraw, 10));
        let deeper = line("C4", -700, Solved::No);
        let lost = with_search(line("D3", -unit, Solved::WinLossDraw), &deeper);
        assert_eq!((lost.best, lost.score), (deeper.best, -700));
        // Won by the searched move: its score, at least one disc.
        let won = with_search(line("C4", unit, Solved::WinLossDraw), &searched);
        assert_eq!((won.best, won.score), (searched.best, 250));
        let won = with_search(line("C4", unit, Solved::WinLossDraw), &deeper);
        assert_eq!((won.best, won.score), (deeper.best, unit));
        // Won by another move, or drawn: the proof.
        let won = with_search(line("D3", unit, Solved::WinLossDraw), &searched);
        assert_eq!((move_name(won.best), won.score), ("D3".to_string(), unit));
        let drawn = with_search(line("D3", 0, Solved::WinLossDraw), &searched);
        assert_eq!((move_name(drawn.best), drawn.score), ("D3".to_string(), 0));
    }

    #[test]
    fn at_depth_10_a_search_to_exact_leaves_picks_the_move_at_24_and_25_empties() {
        // A position of tests/data/fforum-20-39.obf (24 empties: B2 wins by 4, the
        // only winning move; A5 draws) and FFO #47 (25 empties, G2 best: +4): where a
        // probable solve would be tried, from 24 empties the search goes on to the
        // nodes of 10 empties and solves them; its move, an estimate (not a proof),
        // wins.
        for (obf, best) in [
            (
                "--OOOO----OOOO---XOXXOOXOOXOOOOX-OOOOOXXXOOXXXXX--X-X----------- X",
                "B2",
            ),
            (
                "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O",
                "G2",
            ),
        ] {
            let (pos, _) = Reversi::parse_obf_line(obf).expect("obf");
            assert!(probable_at_depth::<Solver>(10, exact_at_depth(10)) >= pos.empties());
            let tt = TranspositionTable::new(1 << 20);
            let mut solver = Solver::new(1 << 20);
            let stop = AtomicBool::new(false);
            let mut notes = |_: Note| {};
            let mut job = Deliberation {
                tt: &tt,
                solver: &mut solver,
                stop: &stop,
                start: Instant::now(),
                nodes: 0,
                notes: &mut notes,
            };
            let line = job.evaluate(&pos, 10, 1, None, false).expect("a line");
            assert_eq!(move_name(line.best), best);
            let reach = pos.empties() - <Solver as ExactSolver>::LEAF_SOLVE;
            assert_eq!((line.solved, line.depth), (Solved::No, reach));
        }
        // None below depth 10; at depth 16 up to 26 empties, from just past the exact
        // solve (21): no full win/loss/draw solve between.
        assert_eq!(probable_at_depth::<Solver>(8, exact_at_depth(8)), 0);
        assert_eq!(probable_at_depth::<Solver>(16, exact_at_depth(16)), 26);
        assert_eq!(wld_at_depth::<Solver>(exact_at_depth(16), true), 21);
    }

    #[test]
    fn the_solver_takes_over_at_twice_the_depth_up_to_20_empties() {
        assert_eq!(exact_at_depth(1), 2);
        assert_eq!(exact_at_depth(6), 12);
        assert_eq!(exact_at_depth(10), 20);
        assert_eq!(wld_at_depth::<Solver>(exact_at_depth(10), false), 22);
        assert_eq!(wld_at_depth::<Solver>(exact_at_depth(10), true), 20);
        assert_eq!(exact_at_depth(12), 20);
        // Then one more every four plies.
        assert_eq!(exact_at_depth(14), 21);
        assert_eq!(exact_at_depth(16), 21);
        assert_eq!(exact_at_depth(18), 22);
        assert_eq!(exact_at_depth(30), 25);
        assert_eq!(exact_at_depth(60), 32);
        for d in 1..60 {
            assert!(exact_at_depth(d + 1) >= exact_at_depth(d));
        }
    }
}
