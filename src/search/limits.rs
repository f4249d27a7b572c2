//! Search limits: what may stop a search, with soft and hard time bounds.

use std::time::{Duration, Instant};

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
    // Tens of milliseconds, never more than a fifth of the limit.
    (30 + limit_ms / 50).min(limit_ms / 5).max(0)
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
    // The soft bound stops new iterations; an iteration typically costs a few times
    // the previous one, so start one only if we are well inside the hard bound.
    let soft = soft.min(hard).min(hard * 6 / 10).max(1);
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
        assert!((200..=270).contains(&hard), "hard {hard}");
        assert!(soft <= hard);
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
        assert!(soft == hard && (900..1_000).contains(&hard));
    }
}
