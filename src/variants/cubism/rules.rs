//! The four rule sets of Chessical Cubism (docs/cubism.md §0.1), independent of board
//! and army: what is royal, whether captures are compulsory, whether a move may leave one's
//! own king attacked, the goal, and what running out of moves means.

use crate::core::outcome::Verdict;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    /// Checkmate; a move may not leave one's own king attacked; stalemate draws (D2).
    Orthodox,
    /// Capturing the enemy king wins; captures are compulsory and no check filter applies
    /// (D1); a side with no move draws (D2).
    CompulsionRoyal,
    /// Capture every enemy man; the king is an ordinary man; captures are compulsory; a side
    /// with no move loses (D3).
    Scacia,
    /// Lose all one's own men (Schlagschach); captures are compulsory; a side with no move
    /// wins (D4).
    Losing,
}

impl RuleSet {
    /// Whether the king is royal for the rules core (check, checkmate, "may not be left
    /// attacked"). In Compulsion-royal the king is the goal but not royal: it may be left
    /// attacked, and the family ends the game when it is captured.
    pub fn royal_king(self) -> bool {
        self == RuleSet::Orthodox
    }

    /// Whether a side that can capture must (§0.1 "Compulsion").
    pub fn compulsory_captures(self) -> bool {
        self != RuleSet::Orthodox
    }

    /// Whether the king is among the promotion choices (D8: where it is an ordinary man).
    pub fn king_promotes(self) -> bool {
        matches!(self, RuleSet::Scacia | RuleSet::Losing)
    }

    /// The verdict for a side to move with no legal move, not in check (a side in check with
    /// no move is checkmated, which only Orthodox knows).
    pub fn no_moves(self) -> Verdict {
        match self {
            RuleSet::Orthodox | RuleSet::CompulsionRoyal => Verdict::Draw,
            RuleSet::Scacia => Verdict::Loss,
            RuleSet::Losing => Verdict::Win,
        }
    }
}
