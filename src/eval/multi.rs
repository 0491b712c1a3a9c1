//! What the N-player searches ask of a game beyond its rules: a score for a position from one
//! player's view, and the hints that order its atoms.

use crate::core::multi::{MultiGame, Player};

/// How a game's positions are scored for the N-player searches and the greedy player.
///
/// Scores are centipawn-like, from `view`'s side: higher is better for `view`. "Better" means
/// better *relative to the opponents* (a sensible evaluation compares `view` with a typical
/// or the strongest opponent; summing over every opponent makes the root hopelessly
/// pessimistic with many players). Finished hands are scored by the search, not here.
pub trait MultiEvaluate: MultiGame {
    /// The static score of `pos` for `view`.
    fn evaluate(&self, pos: &Self::Pos, view: Player) -> i32;

    /// What `atom` captures, in the evaluation's units (0 when it captures nothing): move
    /// ordering tries the biggest victims first.
    fn capture_value(&self, pos: &Self::Pos, atom: Self::Atom) -> i32;

    /// A cheap guess of how promising a quiet atom is (placements near the enemy, say), for
    /// move ordering before the history tables know anything. 0 by default.
    fn atom_hint(&self, _pos: &Self::Pos, _atom: Self::Atom) -> i32 {
        0
    }

    /// Whether `atom` is one a player makes only when nothing else is legal (Surrender: it
    /// gives the checkers knives, or throws the army back into the reserve). The searches
    /// try such atoms only when they are the only ones offered; otherwise the paranoid
    /// search would have an opponent surrender to hand another opponent the winning knife.
    fn is_desperate(&self, _pos: &Self::Pos, _atom: Self::Atom) -> bool {
        false
    }

    /// Whether `atom` gives the turn up without playing (Pass). The search may choose it; a
    /// play built before any search has looked (a stop before the first iteration ends) does
    /// not, where anything else is legal.
    fn is_pass(&self, _pos: &Self::Pos, _atom: Self::Atom) -> bool {
        false
    }

    /// How often the position (between turns) has occurred in the hand, this time included
    /// (1 where the game keeps no such count). The search scores a position seen before as a
    /// draw, so it steers clear of a repetition while ahead (or into one while behind) before
    /// the rules end the hand.
    fn occurrences(&self, _pos: &Self::Pos) -> usize {
        1
    }
}
