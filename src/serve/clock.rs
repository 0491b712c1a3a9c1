//! The game clocks of a table, one per seat. Without a time control they count the time each
//! seat has spent on its turns. With one (base + increment, as on lichess) they count down:
//! every seat starts with the base, gets the increment after each of its turns, and a clock
//! that reaches zero on its seat's turn is a flag fall (what that means is the table's rule:
//! a loss in two-player games, the referee's default play in Party Chess).
//!
//! A clock runs only while its seat is to move at the end of a line played at this table
//! (stepping back through the moves or replaying a record stops it).

use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The shortest base time (a flag falls within the first move).
pub const BASE_MIN_MS: u64 = 100;
/// The longest base time: ten hours.
pub const BASE_MAX_MS: u64 = 36_000_000;
/// The largest increment: ten minutes.
pub const INCREMENT_MAX_MS: u64 = 600_000;

/// Base time and increment per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// A time control from milliseconds, within [`BASE_MIN_MS`]..[`BASE_MAX_MS`] and up to
    /// [`INCREMENT_MAX_MS`].
    pub fn from_ms(base: u64, increment: u64) -> Result<TimeControl, String> {
        if !(BASE_MIN_MS..=BASE_MAX_MS).contains(&base) {
            return Err(format!(
                "the base time must be {BASE_MIN_MS} to {BASE_MAX_MS} ms"
            ));
        }
        if increment > INCREMENT_MAX_MS {
            return Err(format!("the increment must be 0 to {INCREMENT_MAX_MS} ms"));
        }
        Ok(TimeControl {
            base: Duration::from_millis(base),
            increment: Duration::from_millis(increment),
        })
    }

    pub fn json(self) -> Value {
        json!({"base": self.base.as_millis() as u64, "increment": self.increment.as_millis() as u64})
    }
}

/// The clocks of every seat.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: Option<TimeControl>,
    /// Time spent per seat on its finished turns and on the running one up to `since`.
    spent: Vec<Duration>,
    /// Turns finished per seat (each earned one increment).
    turns: Vec<u32>,
    /// The seat whose clock runs, and since when.
    running: Option<(usize, Instant)>,
}

impl Clocks {
    pub fn new(seats: usize, control: Option<TimeControl>) -> Clocks {
        Clocks {
            control,
            spent: vec![Duration::ZERO; seats],
            turns: vec![0; seats],
            running: None,
        }
    }

    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// Every clock back to its start (a new game, or another time control), none running.
    pub fn reset(&mut self, seats: usize, control: Option<TimeControl>) {
        *self = Clocks::new(seats, control);
    }

    /// Stops the running clock, keeping the time it ran.
    pub fn pause(&mut self) {
        if let Some((seat, since)) = self.running.take() {
            self.spent[seat] += since.elapsed();
        }
    }

    /// Runs `seat`'s clock (pausing any other).
    pub fn run(&mut self, seat: usize) {
        if self.running.is_some_and(|(s, _)| s == seat) {
            return;
        }
        self.pause();
        if seat < self.spent.len() {
            self.running = Some((seat, Instant::now()));
        }
    }

    /// `seat` finished a turn: its clock stops and earns the increment.
    pub fn turn_done(&mut self, seat: usize) {
        if self.running.is_some_and(|(s, _)| s == seat) {
            self.pause();
        }
        if let Some(t) = self.turns.get_mut(seat) {
            *t += 1;
        }
    }

    /// A flagged seat's clock stands at zero: what it overspent is forgotten, so it goes on
    /// with its increments (Party Chess plays on after a default play).
    pub fn empty(&mut self, seat: usize) {
        if let Some(control) = self.control
            && seat < self.spent.len()
        {
            self.pause();
            self.spent[seat] = control.base + control.increment * self.turns[seat];
        }
    }

    /// Time spent by `seat`, the running turn included.
    fn spent_now(&self, seat: usize) -> Duration {
        let running = match self.running {
            Some((s, since)) if s == seat => since.elapsed(),
            _ => Duration::ZERO,
        };
        self.spent[seat] + running
    }

    /// Time left on `seat`'s clock (None without a time control).
    pub fn remaining(&self, seat: usize) -> Option<Duration> {
        let control = self.control?;
        let budget = control.base + control.increment * *self.turns.get(seat)?;
        Some(budget.saturating_sub(self.spent_now(seat)))
    }

    /// The seat whose flag has fallen: the running clock at zero.
    pub fn flagged(&self) -> Option<usize> {
        let (seat, _) = self.running?;
        self.remaining(seat).filter(|r| r.is_zero()).map(|_| seat)
    }

    /// For the page: the control, each seat's clock in ms (time left with a control, time
    /// spent without), and the seat whose clock runs.
    pub fn json(&self) -> (Value, Vec<u64>, Value) {
        let ms: Vec<u64> = (0..self.spent.len())
            .map(|s| {
                self.remaining(s)
                    .unwrap_or_else(|| self.spent_now(s))
                    .as_millis() as u64
            })
            .collect();
        (
            self.control.map_or(Value::Null, TimeControl::json),
            ms,
            json!(self.running.map(|(s, _)| s)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_control_is_checked() {
        assert!(TimeControl::from_ms(300_000, 3000).is_ok());
        assert!(TimeControl::from_ms(50, 0).is_err());
        assert!(TimeControl::from_ms(BASE_MAX_MS + 1, 0).is_err());
        assert!(TimeControl::from_ms(1000, INCREMENT_MAX_MS + 1).is_err());
    }

    #[test]
    fn a_clock_counts_down_earns_increments_and_falls() {
        let control = TimeControl::from_ms(100, 50).unwrap();
        let mut c = Clocks::new(2, Some(control));
        assert_eq!(c.remaining(0), Some(Duration::from_millis(100)));
        c.run(0);
        std::thread::sleep(Duration::from_millis(20));
        c.turn_done(0);
        let left = c.remaining(0).unwrap();
        assert!(left < Duration::from_millis(131) && left >= Duration::from_millis(100));
        assert_eq!(c.flagged(), None);
        c.run(1);
        std::thread::sleep(Duration::from_millis(120));
        assert_eq!(c.flagged(), Some(1));
        assert_eq!(c.remaining(1), Some(Duration::ZERO));
        c.empty(1);
        c.turn_done(1);
        assert_eq!(c.remaining(1), Some(Duration::from_millis(50)));
    }

    #[test]
    fn without_a_control_clocks_count_time_spent() {
        let mut c = Clocks::new(3, None);
        c.run(2);
        std::thread::sleep(Duration::from_millis(10));
        c.pause();
        let (control, ms, running) = c.json();
        assert!(control.is_null() && running.is_null());
        assert!(ms[2] >= 10 && ms[0] == 0);
        assert_eq!(c.flagged(), None);
    }
}
