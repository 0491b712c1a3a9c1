//! Time management: how long to think given what the GUI said about the clocks.
//!
//! Two limits come out of it. The *soft* limit is checked between iterations of the deepening
//! loop (do not start another iteration after it, scaled by how stable the best move is); the
//! *hard* limit stops the search mid-iteration, and is kept well inside the real clock so the
//! engine never loses on time, whatever the GUI's and the operating system's delays.

use std::time::Duration;

/// The clock of the side to move, as UCI `go` or XBoard `time`/`level` describe it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves until the next time control (None: the rest of the game).
    pub moves_to_go: Option<u32>,
}

/// What limits one search. Everything unset means "until told to stop".
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time: Option<Duration>,
    pub clock: Option<Clock>,
    /// Stop as soon as a mate in this many moves (or fewer) is found.
    pub mate: Option<u32>,
    /// Search until stopped (UCI `infinite`, XBoard `analyze`).
    pub infinite: bool,
}

/// The two deadlines of a search, measured from when the clock started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// Moves assumed left in a sudden-death game when the GUI does not say.
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// Never plan to use less than this, so a move is always found (depth 1 always completes).
const MIN_THINK: Duration = Duration::from_millis(5);

impl Budget {
    pub const UNLIMITED: Budget = Budget {
        soft: None,
        hard: None,
    };

    /// The budget for `limits`, keeping `overhead` (GUI and pipe latency) in reserve.
    pub fn plan(limits: &Limits, overhead: Duration) -> Budget {
        if limits.infinite {
            return Budget::UNLIMITED;
        }
        let mut budget = Budget::UNLIMITED;
        if let Some(t) = limits.move_time {
            // A fixed time per move is meant to be used: no early stop between iterations.
            let t = t.saturating_sub(overhead).max(MIN_THINK);
            budget = Budget {
                soft: None,
                hard: Some(t),
            };
        }
        if let Some(clock) = limits.clock {
            let planned = Self::from_clock(clock, overhead);
            budget = Budget {
                soft: min_opt(budget.soft, planned.soft),
                hard: min_opt(budget.hard, planned.hard),
            };
        }
        budget
    }

    fn from_clock(clock: Clock, overhead: Duration) -> Budget {
        let left = clock.remaining.saturating_sub(overhead);
        let moves = clock
            .moves_to_go
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(1, DEFAULT_MOVES_TO_GO);
        // With a repeating control the last move before it must leave something too.
        let share = left / (moves + 1);
        // Spend most of the increment only while far from the flag; near it, bank half of it so
        // the clock settles at many increments rather than at one (a slow pipe or a busy
        // machine then cannot flag us).
        let increment = if left > clock.increment * 20 {
            clock.increment * 3 / 4
        } else {
            clock.increment / 2
        };
        let soft = (share + increment).max(MIN_THINK);
        // Mid-iteration, never use more than a fraction of what is left.
        let cap = if moves == 1 { left * 3 / 4 } else { left / 3 };
        let hard = (soft * 4).min(cap).max(MIN_THINK);
        Budget {
            soft: Some(soft.min(hard)),
            hard: Some(hard),
        }
    }
}

fn min_opt(a: Option<Duration>, b: Option<Duration>) -> Option<Duration> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn sudden_death_with_increment_stays_inside_the_clock() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: ms(5000),
                increment: ms(50),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let b = Budget::plan(&limits, ms(30));
        let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
        assert!(soft > ms(100) && soft < ms(300), "{soft:?}");
        assert!(hard >= soft && hard <= ms(1700), "{hard:?}");
    }

    #[test]
    fn almost_flagged_still_moves_inside_the_clock() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: ms(40),
                increment: ms(0),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let b = Budget::plan(&limits, ms(30));
        assert!(b.hard.unwrap() <= ms(10));
    }

    #[test]
    fn moves_to_go_one_may_use_most_of_the_clock() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: ms(10_000),
                increment: ms(0),
                moves_to_go: Some(1),
            }),
            ..Limits::default()
        };
        let b = Budget::plan(&limits, ms(0));
        assert!(b.hard.unwrap() <= ms(7500) && b.soft.unwrap() >= ms(4000));
    }

    #[test]
    fn move_time_and_infinite() {
        let fixed = Limits {
            move_time: Some(ms(1000)),
            ..Limits::default()
        };
        assert_eq!(Budget::plan(&fixed, ms(50)).hard, Some(ms(950)));
        let infinite = Limits {
            infinite: true,
            move_time: Some(ms(1000)),
            ..Limits::default()
        };
        assert_eq!(Budget::plan(&infinite, ms(50)), Budget::UNLIMITED);
    }
}
