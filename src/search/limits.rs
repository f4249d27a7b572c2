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

/// The Gomocup clock as the manager describes it (all in milliseconds).
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

/// Soft and hard bounds for one move under a Gomocup clock.
///
/// `moves_left` estimates how many of our own moves remain in the game.
pub fn gomocup_time(clock: GomocupClock, moves_left: i64) -> TimeLimit {
    const UNLIMITED: i64 = 2_147_483_647;
    let mut hard = i64::MAX;
    let mut soft = i64::MAX;
    if clock.turn > 0 {
        let h = clock.turn - safety_margin(clock.turn);
        hard = h;
        soft = h;
    }
    // Use time_left when the manager sent it (it must when the match is timed),
    // else the match total.
    let left = match clock.left {
        Some(l) if l < UNLIMITED => Some(l),
        Some(_) => None,
        None if clock.match_total > 0 => Some(clock.match_total),
        None => None,
    };
    if let Some(left) = left {
        let usable = (left - safety_margin(left.max(0))).max(1);
        let moves = moves_left.max(8);
        let share = usable / moves;
        // Hard: never more than a quarter of what is left; soft: the even share.
        hard = hard.min((usable / 4).max(1)).min(usable);
        soft = soft.min(share.max(1));
    }
    if hard == i64::MAX {
        return TimeLimit::Unlimited;
    }
    // With a turn limit only, time not used is lost: think until the hard bound.
    // With a match clock, the soft bound is the even share of what is left (the
    // iteration clock stretches or shrinks it).
    let soft = if left.is_none() {
        hard
    } else {
        soft.min(hard * 6 / 10)
    }
    .max(1);
    TimeLimit::Managed {
        soft: Duration::from_millis(soft as u64),
        hard: Duration::from_millis(hard.max(1) as u64),
    }
}

/// One player's clock as UCI/UGI `go` gives it (milliseconds).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct UciClock {
    /// Time left on our clock (may be negative when it has run out).
    pub time: i64,
    /// Our increment per move.
    pub inc: i64,
    /// Moves to the next time control (`None`: sudden death).
    pub movestogo: Option<i64>,
}

/// Soft and hard bounds for `go movetime N`: think up to `N` less a margin.
pub fn movetime_limit(movetime: i64) -> TimeLimit {
    let hard = (movetime - safety_margin(movetime.max(0))).max(1);
    TimeLimit::Managed {
        soft: Duration::from_millis(hard as u64),
        hard: Duration::from_millis(hard as u64),
    }
}

/// Soft and hard bounds for `go wtime/btime [winc/binc] [movestogo]`.
///
/// Soft: an even share of what is left (over `movestogo`, or 30 moves) plus three
/// quarters of the increment. Hard: never more than a quarter of what is left
/// (nine tenths when this is the last move before the control), at most four
/// times the soft bound; both keep the safety margin, so the clock never runs out.
pub fn uci_time(clock: UciClock) -> TimeLimit {
    let usable = (clock.time - safety_margin(clock.time.max(0))).max(1);
    let mtg = clock.movestogo.unwrap_or(30).clamp(1, 100);
    let share = usable / mtg + clock.inc.max(0) * 3 / 4;
    let cap = if mtg == 1 {
        usable * 9 / 10
    } else {
        usable / 4
    };
    let hard = share.saturating_mul(4).min(cap).max(1);
    let soft = share.min(hard).max(1);
    TimeLimit::Managed {
        soft: Duration::from_millis(soft as u64),
        hard: Duration::from_millis(hard as u64),
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

    #[test]
    fn turn_limit_keeps_a_margin() {
        let (soft, hard) = ms(gomocup_time(
            GomocupClock {
                turn: 300,
                match_total: 0,
                left: None,
            },
            50,
        ));
        assert!((200..=260).contains(&hard), "hard {hard}");
        assert!(soft <= hard);
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

    #[test]
    fn time_left_is_shared() {
        let (soft, hard) = ms(gomocup_time(
            GomocupClock {
                turn: 30_000,
                match_total: 180_000,
                left: Some(60_000),
            },
            30,
        ));
        assert!(soft <= 60_000 / 30, "soft {soft}");
        assert!(hard <= 15_000, "hard {hard}");
    }

    #[test]
    fn protocol_md_examples() {
        let c = |turn, match_total, left| GomocupClock {
            turn,
            match_total,
            left,
        };
        assert_eq!(ms(gomocup_time(GomocupClock::default(), 30)), (4470, 4470));
        assert_eq!(ms(gomocup_time(c(1000, 0, None), 30)), (870, 870));
        assert_eq!(
            ms(gomocup_time(c(30_000, 0, Some(60_000)), 30)),
            (1966, 14750)
        );
    }

    #[test]
    fn unlimited_time_left_means_turn_only() {
        let (_, hard) = ms(gomocup_time(
            GomocupClock {
                turn: 1_000,
                match_total: 0,
                left: Some(2_147_483_647),
            },
            30,
        ));
        assert!(hard < 1_000);
    }

    #[test]
    fn negative_time_left_still_gives_a_bound() {
        let (soft, hard) = ms(gomocup_time(
            GomocupClock {
                turn: 1_000,
                match_total: 10_000,
                left: Some(-50),
            },
            30,
        ));
        assert!(hard >= 1 && soft >= 1 && hard <= 1_000);
    }

    #[test]
    fn uci_clock_shares_and_never_overruns() {
        // 60 s sudden death: about 2 s a move, never more than 15 s.
        let (soft, hard) = ms(uci_time(UciClock {
            time: 60_000,
            inc: 0,
            movestogo: None,
        }));
        assert!((1_500..=2_000).contains(&soft), "soft {soft}");
        assert!(hard <= 15_000 && hard >= soft, "hard {hard}");
        // The increment counts; a tiny clock still leaves a margin.
        let (soft_inc, _) = ms(uci_time(UciClock {
            time: 60_000,
            inc: 1_000,
            movestogo: None,
        }));
        assert!(soft_inc > soft + 500);
        let (soft, hard) = ms(uci_time(UciClock {
            time: 100,
            inc: 5_000,
            movestogo: None,
        }));
        assert!(hard < 100 && soft <= hard, "{soft} {hard}");
        // Last move before the control: most of the clock, not all of it.
        let (_, hard) = ms(uci_time(UciClock {
            time: 10_000,
            inc: 0,
            movestogo: Some(1),
        }));
        assert!((8_000..10_000).contains(&hard), "hard {hard}");
        // A clock that has run out still gives a bound.
        let (soft, hard) = ms(uci_time(UciClock {
            time: -20,
            inc: 0,
            movestogo: None,
        }));
        assert!(soft >= 1 && (1..=2).contains(&hard));
        let (soft, hard) = ms(movetime_limit(1_000));
        assert!(soft == hard && (800..1_000).contains(&hard));
    }
}
