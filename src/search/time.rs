//! Time management: how long to think given what the GUI said about the clocks.
//!
//! Two limits come out of it. The *soft* limit is the planned time for this move: the time left
//! plus the increments still to come, shared over a horizon of moves. The deepening loop does
//! not start another iteration past a fraction of it, scaled up while the best move or the
//! score is unsettled and down while they are stable (`worker.rs`, `past_soft_limit`). The
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

/// The planning horizon: the moves the clock must last for when the GUI does not say (sudden
/// death), and the most a moves-to-go count is taken at. A horizon, not a prediction: each move
/// plans again with the clock it then has.
const HORIZON: u32 = 40;

/// Increments held back from planning, so that with an increment the clock settles at a few
/// increments instead of running down to the last one (a slow pipe or a busy machine then
/// cannot flag us).
const RESERVE_INCREMENTS: u32 = 4;

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
        let moves = clock.moves_to_go.unwrap_or(HORIZON).clamp(1, HORIZON);
        // What the next `moves` moves may spend: the time left and the increments they will
        // bring, less the reserve. Split evenly, with one share more in the divisor so the
        // last move before a repeating control leaves something too.
        let reserve = (clock.increment * RESERVE_INCREMENTS).min(left / 2);
        let pool = (left + clock.increment * (moves - 1)).saturating_sub(reserve);
        let optimum = pool / (moves + 1);
        // Mid-iteration, never use more than a fraction of what is left.
        let cap = if moves == 1 { left * 3 / 4 } else { left / 3 };
        let hard = (optimum * 5).min(cap).max(MIN_THINK);
        Budget {
            soft: Some(optimum.max(MIN_THINK).min(hard)),
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

/// When a deepening loop stops before its next iteration: past a share of the soft limit,
/// scaled by how settled the search is. Both searches (two players and N players) use this one
/// rule with their own numbers.
#[derive(Clone, Copy, Debug)]
pub struct SoftRule {
    /// The scale while the best move has held for 0, 1, 2 ... iterations (the last entry for
    /// every longer run).
    pub by_stable_iterations: &'static [f64],
    /// The most the scale may grow, a falling score included.
    pub max_scale: f64,
    /// The share of the scaled soft limit past which no iteration starts: the next one usually
    /// costs more than all before it, so stopping early makes the last one end near the plan.
    pub share: f64,
}

impl Budget {
    /// Whether a deepening loop that has used `elapsed` should start no further iteration.
    /// `stable_iterations` counts the iterations the best move has held; `score_drop` (cp, 0
    /// when rising) raises the scale by up to double, since a falling score means trouble the
    /// next iteration may still find a way out of. Always false without a soft limit.
    pub fn past_soft_limit(
        &self,
        rule: &SoftRule,
        elapsed: Duration,
        stable_iterations: u32,
        score_drop: i32,
    ) -> bool {
        let Some(soft) = self.soft else {
            return false;
        };
        let table = rule.by_stable_iterations;
        let stability = table[(stable_iterations as usize).min(table.len() - 1)];
        let falling = 1.0 + (score_drop.clamp(0, 100) as f64 / 100.0);
        let scale = (stability * falling).min(rule.max_scale);
        elapsed.as_secs_f64() > soft.as_secs_f64() * scale * rule.share
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Limits of a clock alone: milliseconds left, increment, moves to go.
    fn clock(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                remaining: ms(remaining),
                increment: ms(increment),
                moves_to_go,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn sudden_death_with_increment_stays_inside_the_clock() {
        let limits = clock(5000, 50, None);
        let b = Budget::plan(&limits, ms(30));
        let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
        assert!(soft > ms(100) && soft < ms(300), "{soft:?}");
        assert!(hard >= soft && hard <= ms(1700), "{hard:?}");
    }

    #[test]
    fn far_from_the_flag_spends_more_than_the_increment() {
        let limits = clock(1600, 50, None);
        let b = Budget::plan(&limits, ms(50));
        assert!(b.soft.unwrap() > ms(60), "{:?}", b.soft);
        assert!(b.hard.unwrap() <= ms(520), "{:?}", b.hard);
    }

    #[test]
    fn near_the_reserve_spends_about_the_increment() {
        let limits = clock(300, 50, None);
        let b = Budget::plan(&limits, ms(50));
        let soft = b.soft.unwrap();
        assert!(soft >= ms(30) && soft <= ms(55), "{soft:?}");
        assert!(b.hard.unwrap() <= ms(84), "{:?}", b.hard);
    }

    #[test]
    fn almost_flagged_still_moves_inside_the_clock() {
        let limits = clock(40, 0, None);
        let b = Budget::plan(&limits, ms(30));
        assert!(b.hard.unwrap() <= ms(10));
    }

    /// A hard game at 5 s + 0.05 s: every move spends twice its plan, never more than its hard
    /// limit (the deepening loop starts no iteration past 1.75 plans, even while the best move
    /// keeps changing and the score falls, and the last one may run on), and the pipe costs
    /// 5 ms. The clock keeps a reserve, and the plan front-loads it (the opening's moves get a
    /// few increments, a long game's late moves about one).
    #[test]
    fn sudden_death_front_loads_and_keeps_a_reserve() {
        let (overhead, latency, increment) = (ms(50), ms(5), ms(50));
        let mut left = ms(5000);
        let mut planned = Vec::new();
        let millis = |d: Duration| d.as_millis() as u64;
        for _ in 0..300 {
            let b = Budget::plan(&clock(millis(left), millis(increment), None), overhead);
            let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
            left = left - (soft * 2).min(hard) - latency + increment;
            assert!(
                left >= ms(100),
                "{left:?} left after {} moves",
                planned.len()
            );
            planned.push(soft);
        }
        assert!(planned[0] >= ms(150), "{:?}", planned[0]);
        assert!(planned[0] > planned[20] * 2, "{:?}", &planned[..21]);
        assert!(planned[299] <= ms(60), "{:?}", planned[299]);
    }

    #[test]
    fn moves_to_go_one_may_use_most_of_the_clock() {
        let limits = clock(10_000, 0, Some(1));
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

    /// The soft rule's scale: a settled best move stops sooner, a falling score later, and
    /// nothing stops a search without a soft limit.
    #[test]
    fn the_soft_rule_scales_with_stability_and_a_falling_score() {
        let rule = SoftRule {
            by_stable_iterations: &[1.5, 1.0],
            max_scale: 2.5,
            share: 0.5,
        };
        let budget = Budget {
            soft: Some(Duration::from_millis(1000)),
            hard: None,
        };
        let at = Duration::from_millis(600);
        // 1000 ms x 1.5 x 0.5 = 750 ms: not yet; settled, 1000 x 1.0 x 0.5 = 500 ms: past.
        assert!(!budget.past_soft_limit(&rule, at, 0, 0));
        assert!(budget.past_soft_limit(&rule, at, 5, 0));
        // A score falling by a pawn doubles the settled scale: 1000 ms again.
        assert!(!budget.past_soft_limit(&rule, at, 5, 100));
        assert!(!Budget::UNLIMITED.past_soft_limit(&rule, Duration::from_secs(99), 9, 0));
    }
}
