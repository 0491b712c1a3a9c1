//! How a game ended, and why.

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    Stalemate,
    RoyalCaptured,
    MoveLimit,
    Repetition,
    InsufficientMaterial,
    /// A win claimed by a rule of play (Partonici: capture lead and promoted pieces).
    Claim,
    /// The side to move has no legal move and the rules say what that means (Scacia: it
    /// loses; Schlagschach: it wins; Partonici: captures decide).
    NoMoves,
    /// A repetition in which one player gave check with every move (Sphinx).
    PerpetualCheck,
    /// A piece reached its flag cells (King of the Hill).
    Flag,
    /// A player gave up (the board page's *Resign*; engines in matches end games otherwise).
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
    /// A clock ran out (the board page's clocks; matches keep their own record of time losses).
    TimeForfeit,
}

impl Reason {
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::RoyalCaptured => "capturing the royal",
            Reason::MoveLimit => "move limit",
            Reason::Repetition => "repetition",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Claim => "claim",
            Reason::NoMoves => "no legal move",
            Reason::PerpetualCheck => "perpetual check",
            Reason::Flag => "reaching the flag cells",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::TimeForfeit => "time forfeit",
        }
    }
}

/// A finished game seen from the side to move (what the search scores: mate against, draw,
/// mate for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Loss,
    Draw,
    Win,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: u8, reason: Reason },
    Draw { reason: Reason },
}

impl Outcome {
    pub fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The two-player result string (`1-0`, `0-1`, `1/2-1/2`).
    pub fn score_text(self) -> &'static str {
        match self {
            Outcome::Win { winner: 0, .. } => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let who = match winner {
                    0 => "White".to_string(),
                    1 => "Black".to_string(),
                    n => format!("player {n}"),
                };
                write!(
                    f,
                    "{} {{{who} wins by {}}}",
                    self.score_text(),
                    reason.describe()
                )
            }
            Outcome::Draw { reason } => write!(f, "1/2-1/2 {{draw by {}}}", reason.describe()),
        }
    }
}
