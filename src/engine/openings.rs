//! Opening choices and defence checks for Yixin-Board's tools (Swap2 and Soosorv
//! steps, balance moves, YXSEARCHDEFEND): short searches with a fixed node budget
//! and a small table of their own (fresh for each command), one thread, on the
//! calling thread, so the same position always gets the same answer.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::games::gomoku::{Gomoku, GomokuPolicy, Tactic};
use crate::games::{Game, Move};
use crate::search::tt::TranspositionTable;
use crate::search::{search, Limits, SearchParams, SearchRequest};

/// Nodes of one probe (a short search that values a position).
pub const PROBE_NODES: u64 = 12_000;

/// Candidate moves valued for a one-move choice, and per side for a two-move one.
pub const CANDIDATES_ONE: usize = 24;
pub const CANDIDATES_TWO: usize = 8;

/// Threat-solver budget (nodes) per move checked by YXSEARCHDEFEND.
pub const DEFEND_NODES: u64 = 20_000;

/// Short searches sharing one small table (fresh for each command).
pub struct Prober {
    tt: TranspositionTable,
    stop: AtomicBool,
}

impl Default for Prober {
    fn default() -> Self {
        Prober::new()
    }
}

impl Prober {
    pub fn new() -> Prober {
        Prober {
            tt: TranspositionTable::new(2 << 20),
            stop: AtomicBool::new(false),
        }
    }

    /// The value of `g` for its side to move, and its best move.
    pub fn value(&self, g: &Gomoku) -> (i32, Move) {
        let mut limits = Limits::new(Instant::now());
        limits.nodes = Some(PROBE_NODES);
        let params = SearchParams::new(limits, 1);
        let r = search(g, SearchRequest::new(&params, &self.tt, &self.stop));
        (r.score, r.best)
    }

    /// The value for the side to move of playing `mv` in `g`.
    pub fn after(&self, g: &Gomoku, mv: Move) -> i32 {
        let mut next = g.clone();
        next.make(mv);
        -self.value(&next).0
    }
}

/// The moves worth trying in `g`, best first by the move generator (at most `k`).
/// On an empty board: the squares within two of the centre.
pub fn candidates(g: &Gomoku, k: usize) -> Vec<Move> {
    let (w, h) = g.dimensions();
    if g.ply() == 0 {
        let (cx, cy) = (w as i64 / 2, h as i64 / 2);
        let mut out = Vec::new();
        for y in (cy - 2).max(0)..=(cy + 2).min(h as i64 - 1) {
            for x in (cx - 2).max(0)..=(cx + 2).min(w as i64 - 1) {
                out.push(Move::from_xy(x as usize, y as usize, w));
            }
        }
        // Nearest the centre first.
        out.sort_by_key(|m| {
            let (x, y) = m.xy(w);
            ((x as i64 - cx).abs().max((y as i64 - cy).abs()), m.index())
        });
        out.truncate(k);
        return out;
    }
    let mut list = Vec::new();
    g.generate(&mut list);
    list.sort_by(|a, b| b.score.cmp(&a.score).then(a.mv.cmp(&b.mv)));
    list.into_iter().take(k).map(|s| s.mv).collect()
}

/// A three-stone opening near the centre (black, white, black) that our probes
/// find closest to balanced with white to move. The second stone is a neighbour of
/// the centre (`direct` picks the side neighbour, else the diagonal one, as the
/// Soosorv openings D and I).
pub fn balanced_three(empty: &Gomoku, prober: &Prober, direct: bool) -> Option<([Move; 3], i32)> {
    let (w, h) = empty.dimensions();
    let (cx, cy) = (w / 2, h / 2);
    let first = Move::from_xy(cx, cy, w);
    let second = if direct {
        Move::from_xy(cx, cy.checked_sub(1)?, w)
    } else {
        Move::from_xy((cx + 1).min(w - 1), cy.checked_sub(1)?, w)
    };
    let mut g = empty.clone();
    g.make(first);
    g.make(second);
    let mut best: Option<(i32, Move, i32)> = None;
    for m in candidates(empty, 25) {
        if g.stone(m).is_some() {
            continue;
        }
        let mut third = g.clone();
        third.make(m);
        // White to move: its value; balanced is closest to 0.
        let v = prober.value(&third).0;
        if best.is_none_or(|(b, _, _)| v.abs() < b) {
            best = Some((v.abs(), m, v));
        }
    }
    best.map(|(_, m, v)| ([first, second, m], v))
}

/// Whether the side to move in `g` has a forced win our solvers find (VCF, then
/// VCT) within the budget.
pub fn opponent_wins(g: &mut Gomoku) -> bool {
    if g.result().is_some() {
        return false;
    }
    let never = || false;
    let mut solver = GomokuPolicy::default();
    let (vcf, _) = solver.tactical_win(g, Tactic::Forcing, DEFEND_NODES, false, &never);
    vcf.is_some()
        || solver
            .tactical_win(g, Tactic::Threats, DEFEND_NODES, false, &never)
            .0
            .is_some()
}

/// The `n` best candidate moves of `g` for its side to move, best first, with their
/// values (fewer when there are fewer candidates).
pub fn best_moves(g: &Gomoku, prober: &Prober, n: usize) -> Vec<(Move, i32)> {
    let mut valued: Vec<(Move, i32)> = candidates(g, CANDIDATES_ONE.max(n))
        .into_iter()
        .map(|m| (m, prober.after(g, m)))
        .collect();
    valued.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    valued.truncate(n);
    valued
}

/// The candidate move after which the value for the side to move now is closest to
/// `target`.
pub fn balance_one(g: &Gomoku, prober: &Prober, target: i32) -> Option<(Move, i32)> {
    let mut best: Option<(i32, Move, i32)> = None;
    for m in candidates(g, CANDIDATES_ONE) {
        let v = prober.after(g, m);
        let d = (v - target).abs();
        if best.is_none_or(|(bd, _, _)| d < bd) {
            best = Some((d, m, v));
        }
    }
    best.map(|(_, m, v)| (m, v))
}

/// The pair (a move, then a reply) after which the value for the side to move now
/// (to move again) is closest to `target`.
pub fn balance_two(g: &Gomoku, prober: &Prober, target: i32) -> Option<(Move, Move, i32)> {
    let mut best: Option<(i32, Move, Move, i32)> = None;
    for a in candidates(g, CANDIDATES_TWO) {
        let mut next = g.clone();
        next.make(a);
        if next.result().is_some() {
            continue;
        }
        for b in candidates(&next, CANDIDATES_TWO) {
            let v = -prober.after(&next, b);
            let d = (v - target).abs();
            if best.is_none_or(|(bd, ..)| d < bd) {
                best = Some((d, a, b, v));
            }
        }
    }
    best.map(|(_, a, b, v)| (a, b, v))
}
