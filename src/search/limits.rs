//! Search limits: what may stop a search, with soft and hard time bounds.

use std::time::{Duration, Instant};

use crate::games::Move;

/// How long the search may think.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TimeLimit {
    /// No clock: only depth/nodes or an explicit stop end the search.
    Unlimited,
    /// Don't start an iteration after `soft`; abort at `hard` (both from the start).
    Managed { soft: Duration, hard: Duration },
}

/// Everything that bounds one search.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// When the clock started (the moment the command arrived).
    pub start: Instant,
    pub time: TimeLimit,
    /// Deepest iteration to run.
    pub depth: Option<u32>,
    /// Abort after this many nodes.
    pub nodes: Option<u64>,
}

impl Limits {
    /// No clock, depth or node count bounds the search: only `stop` ends it.
    pub fn is_open_ended(&self) -> bool {
        matches!(self.time, TimeLimit::Unlimited) && self.depth.is_none() && self.nodes.is_none()
    }

    pub fn new(start: Instant) -> Limits {
        Limits {
            start,
            time: TimeLimit::Unlimited,
            depth: None,
            nodes: None,
        }
    }

    pub fn depth(start: Instant, depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::new(start)
        }
    }

    /// The instant after which the search must be aborted.
    pub fn hard_deadline(&self) -> Option<Instant> {
        match self.time {
            TimeLimit::Unlimited => None,
            TimeLimit::Managed { hard, .. } => Some(self.start + hard),
        }
    }

    /// The instant after which no new iteration starts.
    pub fn soft_deadline(&self) -> Option<Instant> {
        match self.time {
            TimeLimit::Unlimited => None,
            TimeLimit::Managed { soft, .. } => Some(self.start + soft),
        }
    }
}

/// Decides after each completed iteration whether to start another.
///
/// The soft bound is a target, stretched when the best move keeps changing or the
/// score falls, shrunk when both are steady; an iteration is not started when the
/// growth of the last ones says it would not end before the hard bound. When the soft
/// bound equals the hard one (a turn limit with no match clock: unused time is lost)
/// the search simply runs until the hard bound.
#[derive(Clone, Debug, Default)]
pub struct IterationClock {
    best: Option<Move>,
    score: Option<i32>,
    /// Best-move changes, halved every iteration.
    changes: f64,
    steady: u32,
    last_end: Duration,
    last_iteration: Duration,
}

impl IterationClock {
    /// Called after an iteration ended at `elapsed` with `best` scoring `score`.
    pub fn should_stop(
        &mut self,
        limits: &Limits,
        elapsed: Duration,
        best: Move,
        score: i32,
    ) -> bool {
        let iteration = elapsed.saturating_sub(self.last_end);
        let previous = self.last_iteration;
        self.last_end = elapsed;
        self.last_iteration = iteration;
        self.changes *= 0.5;
        if self.best.is_some_and(|b| b != best) {
            self.changes += 1.0;
            self.steady = 0;
        } else {
            self.steady += 1;
        }
        let drop = self.score.map_or(0, |s| s - score);
        self.best = Some(best);
        self.score = Some(score);

        let TimeLimit::Managed { soft, hard } = limits.time else {
            return false;
        };
        if soft >= hard {
            return elapsed >= hard;
        }
        let mut factor = 1.0 + 0.6 * self.changes;
        if drop > 30 {
            factor *= 1.25;
        }
        if drop > 100 {
            factor *= 1.25;
        }
        if self.steady >= 4 && drop <= 10 {
            factor *= 0.8;
        }
        let target = soft.mul_f64(factor.min(2.5)).min(hard);
        if elapsed >= target {
            return true;
        }
        // Iterations grow by a roughly steady factor; don't start one that cannot end.
        let growth = if previous.is_zero() {
            3.0
        } else {
            (iteration.as_secs_f64() / previous.as_secs_f64()).clamp(1.5, 6.0)
        };
        elapsed + iteration.mul_f64(growth) > hard
    }
}

/// The Gomocup clock as the manager describes it (all in milliseconds). The Gomocup
/// session translates it into a [`Clock`] for [`time_for_move`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GomocupClock {
    /// `INFO timeout_turn`: 0 = play as fast as possible.
    pub turn: i64,
    /// `INFO timeout_match`: 0 = no limit.
    pub match_total: i64,
    /// `INFO time_left`: 2147483647 = unlimited; may be negative.
    pub left: Option<i64>,
}

impl Default for GomocupClock {
    fn default() -> Self {
        GomocupClock {
            turn: 5_000,
            match_total: 0,
            left: None,
        }
    }
}

/// Time kept back for process scheduling and pipe latency.
pub fn safety_margin(limit_ms: i64) -> i64 {
    // 30 ms plus a tenth (a loaded machine may deschedule the search thread for
    // tens of milliseconds), at most a quarter of the limit and at most a second.
    (30 + limit_ms / 10).min(limit_ms / 4).clamp(0, 1_000)
}

/// Time kept back from a turn limit (Gomocup `timeout_turn`, UCI `movetime`): 20 ms
/// plus a twentieth, at most a quarter of the limit and at most a second. Smaller
/// than [`safety_margin`]: the search polls its hard deadline every 1024 nodes (about
/// a millisecond) and a turn limit's unused time is lost (see
/// docs/experiments/time.md#turn-margin-20-ms-plus-a-twentieth).
pub fn turn_margin(limit_ms: i64) -> i64 {
    (20 + limit_ms / 20).min(limit_ms / 4).clamp(0, 1_000)
}

/// One move's clock, whatever the protocol (milliseconds). Every session only
/// translates its protocol's fields into this; [`time_for_move`] is the one policy.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Clock {
    /// Time left on our clock, for the rest of the game or up to the next time
    /// control (may be negative when it has run out); `None`: no game clock.
    pub left: Option<i64>,
    /// Added to our clock after each of our moves.
    pub inc: i64,
    /// Our moves up to the next time control; `None`: the clock must last the game.
    pub movestogo: Option<i64>,
    /// A limit for this one move (Gomocup `timeout_turn`, UCI `movetime`).
    pub turn: Option<i64>,
}

/// Which game is played and how far it has gone: what the moves still to come are
/// estimated from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Progress {
    /// Gomoku: stones on the board and squares of the board.
    Gomoku { stones: usize, squares: usize },
    /// Reversi: empty squares.
    Reversi { empties: usize },
    /// Tic-tac-toe: empty squares.
    TicTacToe { empties: usize },
}

/// Gomoku: the clock is budgeted for this many more of our moves at every move, so
/// each move's share is a steady part of what is left: a long game shrinks the clock
/// geometrically, never to nothing, and a short one still spends much of it (against
/// Rapfi half of ply's games end within 14 of its moves after a 5-stone opening, nine
/// in ten within 31; docs/experiments/time.md#gomoku-under-a-game-clock-against-rapfi).
const GOMOKU_MOVES_TO_GO: i64 = 22;
/// Reversi: the clock is budgeted for our moves down to this many empties, by which
/// a game clock of 10 s or more has the endgame solved (from 20-24 empties), plus
/// this many moves' worth kept for the solve and the moves after it (see
/// docs/experiments/time.md#reversi-clock-to-the-solve).
const REVERSI_SOLVED_FROM: usize = 20;
const REVERSI_ENDGAME_MOVES: usize = 3;
/// The hard bound is this many times the soft target (before the caps).
const HARD_PER_SOFT: i64 = 2;

/// How many of our own moves the game is likely still to need.
///
/// Gomoku: `GOMOKU_MOVES_TO_GO`, at most half the empties rounded up. Reversi: our
/// moves down to `REVERSI_SOLVED_FROM` empties plus `REVERSI_ENDGAME_MOVES` (the
/// endgame is solved; its time is the solve's, not a share per move to the end).
/// Tic-tac-toe: half the empties rounded up.
pub fn moves_to_go(p: Progress) -> i64 {
    match p {
        Progress::Gomoku { stones, squares } => {
            let most = (squares.saturating_sub(stones) as i64 + 1) / 2;
            GOMOKU_MOVES_TO_GO.min(most).max(1)
        }
        Progress::Reversi { empties } => {
            (empties.saturating_sub(REVERSI_SOLVED_FROM) / 2 + REVERSI_ENDGAME_MOVES) as i64
        }
        Progress::TicTacToe { empties } => ((empties as i64 + 1) / 2).max(1),
    }
}

/// The time policy: soft and hard bounds for one move, from the clock and the moves
/// the game is likely still to need (see protocol.md, "Time management").
///
/// With a game clock: `usable` is what is left less the safety margin; the horizon
/// `n` is `moves_to_go`, or `movestogo` when the control comes sooner. Soft (the
/// target the iteration clock stretches or shrinks) is `usable/n + 3/4 inc`; hard
/// (the search is aborted there) is twice that, at most a share of `usable` that
/// shrinks with the horizon (9/10 for the last move before a control, 3/4 for two
/// moves, down to 1/4). With no increment and a horizon of `n`, hard is at most
/// `2/n` of the clock (gomoku's 22: about 9%). A turn limit `T` caps hard at
/// `T - turn_margin(T)`; with a turn limit only, soft = hard (time not used is
/// lost). Neither: unlimited.
pub fn time_for_move(clock: Clock, moves_to_go: i64) -> TimeLimit {
    let turn = clock.turn.map(|t| (t - turn_margin(t.max(0))).max(1));
    let Some(left) = clock.left else {
        return match turn {
            Some(t) => managed(t, t),
            None => TimeLimit::Unlimited,
        };
    };
    let usable = (left - safety_margin(left.max(0))).max(1);
    let n = match clock.movestogo {
        Some(m) if m > 0 => m.min(moves_to_go.max(1)).min(100),
        _ => moves_to_go.clamp(1, 100),
    };
    let inc = clock.inc.clamp(0, i64::MAX / 8);
    let share = (usable / n).saturating_add(inc * 3 / 4);
    // The most one move may take of what is left: 9/10 of it for the last move
    // before a control, 3/4 for two moves, 1/2 for three, ... never under 1/4.
    let cap = if n == 1 {
        usable / 10 * 9
    } else {
        (usable.saturating_mul(3) / (2 * n)).clamp(usable / 4, usable / 4 * 3)
    };
    let mut hard = share.saturating_mul(HARD_PER_SOFT).min(cap);
    if let Some(t) = turn {
        hard = hard.min(t);
    }
    let hard = hard.max(1);
    managed(share.clamp(1, hard), hard)
}

fn managed(soft_ms: i64, hard_ms: i64) -> TimeLimit {
    TimeLimit::Managed {
        soft: Duration::from_millis(soft_ms.max(1) as u64),
        hard: Duration::from_millis(hard_ms.max(1) as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(t: TimeLimit) -> (u64, u64) {
        match t {
            TimeLimit::Managed { soft, hard } => (soft.as_millis() as u64, hard.as_millis() as u64),
            TimeLimit::Unlimited => (u64::MAX, u64::MAX),
        }
    }

    fn managed(soft: u64, hard: u64) -> Limits {
        Limits {
            time: TimeLimit::Managed {
                soft: Duration::from_millis(soft),
                hard: Duration::from_millis(hard),
            },
            ..Limits::new(Instant::now())
        }
    }

    #[test]
    fn iteration_clock_uses_the_whole_turn_without_a_match_clock() {
        let l = managed(900, 900);
        let mut c = IterationClock::default();
        assert!(!c.should_stop(&l, Duration::from_millis(100), Move(1), 0));
        assert!(!c.should_stop(&l, Duration::from_millis(800), Move(1), 0));
        assert!(c.should_stop(&l, Duration::from_millis(900), Move(1), 0));
    }

    #[test]
    fn iteration_clock_does_not_start_an_iteration_that_cannot_end() {
        let l = managed(500, 1_000);
        let mut c = IterationClock::default();
        assert!(!c.should_stop(&l, Duration::from_millis(50), Move(1), 0));
        // 50 ms then 200 ms (x4): the next would need ~800 ms more, past 1000 ms.
        assert!(c.should_stop(&l, Duration::from_millis(250), Move(1), 0));
    }

    #[test]
    fn iteration_clock_stretches_when_the_best_move_changes() {
        let l = managed(100, 10_000);
        let mut steady = IterationClock::default();
        let mut unstable = IterationClock::default();
        for (i, t) in [10u64, 20, 40, 80].into_iter().enumerate() {
            steady.should_stop(&l, Duration::from_millis(t), Move(1), 0);
            unstable.should_stop(&l, Duration::from_millis(t), Move(i as u16), 0);
        }
        // At 110 ms the steady search stops (past soft); the unstable one goes on.
        assert!(steady.should_stop(&l, Duration::from_millis(110), Move(1), 0));
        assert!(!unstable.should_stop(&l, Duration::from_millis(110), Move(9), 0));
        // A falling score also buys time.
        let mut falling = IterationClock::default();
        for (t, s) in [(10u64, 0), (20, 0), (40, 0), (80, 0)] {
            falling.should_stop(&l, Duration::from_millis(t), Move(1), s);
        }
        assert!(!falling.should_stop(&l, Duration::from_millis(110), Move(1), -150));
    }

    fn gomoku(stones: usize) -> i64 {
        moves_to_go(Progress::Gomoku {
            stones,
            squares: 225,
        })
    }

    fn clock(left: Option<i64>, turn: Option<i64>) -> Clock {
        Clock {
            left,
            turn,
            ..Clock::default()
        }
    }

    #[test]
    fn moves_to_go_from_the_game() {
        // Gomoku: 22 of our moves at every point of the game...
        assert_eq!(gomoku(0), 22);
        assert_eq!(gomoku(3), 22);
        assert_eq!(gomoku(41), 22);
        assert_eq!(gomoku(90), 22);
        // ...unless the board fills up first.
        assert_eq!(gomoku(190), 18);
        assert_eq!(gomoku(200), 13);
        assert_eq!(gomoku(220), 3);
        let small = Progress::Gomoku {
            stones: 0,
            squares: 25,
        };
        assert_eq!(moves_to_go(small), 13);
        let big = Progress::Gomoku {
            stones: 0,
            squares: 400,
        };
        assert_eq!(moves_to_go(big), 22);
        // Reversi: our moves to the solve at 20 empties, and 3 for the endgame.
        assert_eq!(moves_to_go(Progress::Reversi { empties: 60 }), 23);
        assert_eq!(moves_to_go(Progress::Reversi { empties: 30 }), 8);
        assert_eq!(moves_to_go(Progress::Reversi { empties: 20 }), 3);
        assert_eq!(moves_to_go(Progress::Reversi { empties: 0 }), 3);
        assert_eq!(moves_to_go(Progress::TicTacToe { empties: 9 }), 5);
        assert_eq!(moves_to_go(Progress::TicTacToe { empties: 0 }), 1);
    }

    #[test]
    fn gomocup_tournament_clock_early_moves() {
        // timeout_turn 30000, time_left 180000, a 3-stone opening: a 22nd of the
        // clock (less its margin) as the target, twice that at most (9%, 16.3 s).
        let c = clock(Some(180_000), Some(30_000));
        let (soft, hard) = ms(time_for_move(c, gomoku(3)));
        assert_eq!((soft, hard), (8136, 16272));
        assert!(hard <= 180_000 / 11);
        // 20 s left: 0.9 s, at most 1.7 s.
        let (soft, hard) = ms(time_for_move(clock(Some(20_000), Some(30_000)), gomoku(3)));
        assert_eq!((soft, hard), (863, 1726));
        // Later in the game the same share of less, and the turn limit out of reach.
        let (soft, hard) = ms(time_for_move(clock(Some(60_000), Some(30_000)), gomoku(90)));
        assert_eq!((soft, hard), (2681, 5362));
    }

    #[test]
    fn a_whole_game_keeps_a_reserve() {
        // Spend the hard bound (the worst case) on every move of a 120-stone game:
        // never more than 2/22 of what is left.
        let mut left = 180_000i64;
        for stones in (3..120).step_by(2) {
            let (_, hard) = ms(time_for_move(
                clock(Some(left), Some(30_000)),
                gomoku(stones),
            ));
            assert!(
                hard as i64 * 11 <= left.max(0),
                "{stones}: {hard} of {left}"
            );
            left -= hard as i64;
        }
        assert!(left > 0, "left {left}");
        // Spending the soft target on a 70-stone game keeps about a fifth of the clock.
        let mut left = 180_000i64;
        for stones in (3..70).step_by(2) {
            let (soft, _) = ms(time_for_move(
                clock(Some(left), Some(30_000)),
                gomoku(stones),
            ));
            left -= soft as i64;
        }
        assert!((35_000..40_000).contains(&left), "left {left}");
    }

    #[test]
    fn turn_limit_only_uses_the_turn_less_the_margin() {
        assert_eq!(
            ms(time_for_move(clock(None, Some(5_000)), 30)),
            (4730, 4730)
        );
        assert_eq!(ms(time_for_move(clock(None, Some(1_000)), 30)), (930, 930));
        assert_eq!(ms(time_for_move(clock(None, Some(200)), 30)), (170, 170));
        assert_eq!(ms(time_for_move(clock(None, Some(300)), 30)), (265, 265));
        assert_eq!(
            ms(time_for_move(clock(None, None), 30)),
            (u64::MAX, u64::MAX)
        );
        // A turn limit caps the match clock's bounds.
        let (soft, hard) = ms(time_for_move(clock(Some(600_000), Some(1_000)), 45));
        assert_eq!((soft, hard), (930, 930));
    }

    #[test]
    fn negative_or_tiny_clocks_still_give_a_bound() {
        for left in [-50, 0, 1, 10, 100] {
            let (soft, hard) = ms(time_for_move(clock(Some(left), Some(1_000)), 30));
            assert!(
                hard >= 1 && soft >= 1 && soft <= hard,
                "{left}: {soft} {hard}"
            );
            assert!(hard as i64 <= left.max(1), "{left}: {hard}");
        }
        let (soft, hard) = ms(time_for_move(clock(None, Some(0)), 30));
        assert!(soft == 1 && hard == 1);
        // Huge values saturate instead of overflowing.
        let huge = Clock {
            left: Some(i64::MAX),
            inc: i64::MAX,
            movestogo: Some(1),
            turn: Some(i64::MAX),
        };
        let (soft, hard) = ms(time_for_move(huge, i64::MAX));
        assert!(soft >= 1 && soft <= hard);
        let (soft, hard) = ms(time_for_move(clock(Some(i64::MAX), None), 0));
        assert!(soft >= 1 && soft <= hard);
    }

    #[test]
    fn increments_and_time_controls() {
        let uci = |time, inc, movestogo| Clock {
            left: Some(time),
            inc,
            movestogo,
            turn: None,
        };
        // 60 s sudden death with 30 moves to go: about 2 s a move, at most 4 s.
        let (soft, hard) = ms(time_for_move(uci(60_000, 0, None), 30));
        assert_eq!((soft, hard), (1_966, 3_932));
        // The increment counts (three quarters of it).
        let (soft, hard) = ms(time_for_move(uci(60_000, 1_000, None), 30));
        assert_eq!((soft, hard), (2_716, 5_432));
        // A big increment on a tiny clock: never more than a quarter of the clock.
        let (soft, hard) = ms(time_for_move(uci(100, 5_000, None), 30));
        assert_eq!((soft, hard), (18, 18));
        // The last move before the control: most of the clock, not all of it.
        let (soft, hard) = ms(time_for_move(uci(10_000, 0, Some(1)), 30));
        assert_eq!((soft, hard), (8_100, 8_100));
        // Two moves to go: half now, at most three quarters.
        let (soft, hard) = ms(time_for_move(uci(10_000, 0, Some(2)), 30));
        assert_eq!((soft, hard), (4_500, 6_750));
        // A control further away than the game's likely end: the game counts.
        let (soft, _) = ms(time_for_move(uci(60_000, 0, Some(40)), 20));
        assert_eq!(soft, 59_000 / 20);
        // Reversi at 60 empties with 15 minutes: 23 moves to go (to the solve).
        let (soft, hard) = ms(time_for_move(
            uci(900_000, 0, None),
            moves_to_go(Progress::Reversi { empties: 60 }),
        ));
        assert_eq!((soft, hard), (39_086, 78_172));
    }
}
