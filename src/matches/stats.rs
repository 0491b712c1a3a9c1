//! Match statistics from the first engine's point of view: score, logistic Elo difference with
//! a 95% interval (normal approximation of the per-game score, as cutechess computes it),
//! likelihood of superiority, and a sequential probability ratio test (the generalised SPRT of
//! M. Van den Bergh: normal approximation, logistic Elo hypotheses).

use super::config::SprtConfig;

/// The 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Expected score for an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference for an expected score (±infinity at 0 and 1).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Score {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Mean score per game (0.5 with no games).
    pub fn ratio(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }

    /// Variance of one game's score around the mean.
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let mu = self.ratio();
        (f64::from(self.wins) * (1.0 - mu).powi(2)
            + f64::from(self.draws) * (0.5 - mu).powi(2)
            + f64::from(self.losses) * mu.powi(2))
            / n
    }

    pub fn elo(&self) -> f64 {
        elo_of_score(self.ratio())
    }

    /// Half the width of the 95% interval, in Elo (infinite when the score is 0 or 1).
    pub fn elo_error(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let sd = (self.variance() / n).sqrt();
        let mu = self.ratio();
        (elo_of_score(mu + Z95 * sd) - elo_of_score(mu - Z95 * sd)) / 2.0
    }

    /// Likelihood of superiority: the probability that the first engine is the stronger.
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        let diff = f64::from(self.wins) - f64::from(self.losses);
        0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt()))
    }
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    Continue,
    /// H0 accepted: the first engine is not `elo1` stronger.
    AcceptH0,
    /// H1 accepted: the first engine is at least `elo0` stronger.
    AcceptH1,
}

impl SprtConfig {
    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 against H0 for this score (0 while the variance is 0).
    pub fn llr(&self, score: &Score) -> f64 {
        let var = score.variance();
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        f64::from(score.games()) * (s1 - s0) * (2.0 * score.ratio() - s0 - s1) / (2.0 * var)
    }

    pub fn state(&self, score: &Score) -> SprtState {
        let (lo, hi) = self.bounds();
        let llr = self.llr(score);
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_of_score(0.6), 70.4365, 1e-3));
        assert!(close(elo_of_score(0.5), 0.0, 1e-12));
        assert!(close(elo_of_score(0.4), -70.4365, 1e-3));
        assert!(close(elo_of_score(0.75), 190.849, 1e-3));
        assert!(close(score_of_elo(70.4365), 0.6, 1e-6));
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn erf_known_values() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_792_9, 2e-7));
        assert!(close(erf(-0.5), -0.520_499_877_8, 2e-7));
        assert!(close(erf(3.0), 0.999_977_909_5, 2e-7));
    }

    #[test]
    fn score_elo_error_and_los() {
        // Reference values computed with Python's math.erf / log10 from the same definitions.
        let s = Score {
            wins: 30,
            draws: 40,
            losses: 20,
        };
        assert_eq!(s.games(), 90);
        assert!(close(s.ratio(), 0.555_555_6, 1e-6));
        assert!(close(s.elo(), 38.764, 1e-3));
        assert!(close(s.elo_error(), 54.012, 1e-3));
        let s = Score {
            wins: 10,
            draws: 3,
            losses: 5,
        };
        assert!(close(s.los(), 0.901_647, 1e-5));
        let even = Score {
            wins: 4,
            draws: 2,
            losses: 4,
        };
        assert!(close(even.elo(), 0.0, 1e-9) && close(even.los(), 0.5, 1e-9));
        let all = Score {
            wins: 3,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all.elo(), f64::INFINITY);
        assert_eq!(Score::default().ratio(), 0.5);
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let c = SprtConfig {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = c.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        let s = Score {
            wins: 30,
            draws: 40,
            losses: 20,
        };
        assert!(close(c.llr(&s), 0.461_121, 1e-5));
        assert_eq!(c.state(&s), SprtState::Continue);
        let strong = Score {
            wins: 600,
            draws: 200,
            losses: 200,
        };
        assert_eq!(c.state(&strong), SprtState::AcceptH1);
        let weak = Score {
            wins: 200,
            draws: 200,
            losses: 600,
        };
        assert_eq!(c.state(&weak), SprtState::AcceptH0);
        assert_eq!(c.llr(&Score::default()), 0.0);
    }
}
