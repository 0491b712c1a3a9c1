//! How a Partonici game ends and who wins (docs/partonici.md §5). After each move, in
//! this order:
//! 1. royal games: a side with no royal left has lost;
//! 2. pawn partonici: the claim rule. A side that leads in captures by `lead` or more and has
//!    `promoted` or more promoted pieces on the board wins at once (automatic, D-23);
//! 3. the side to move has no legal move (D-20);
//! 4. 100 plies without a capture or a move by an unpromoted piece (D-21);
//! 5. threefold repetition (D-22).
//!
//! Endings 3–5 are scored by capture totals in the counting games (pawn and scaci partonici)
//! and are draws in the royal games.

use super::captures::tally;
use super::pieces::PieceTable;
use crate::core::board::SquareSet;
use crate::core::game::Verdict;
use crate::core::outcome::{Outcome, Reason};
use crate::core::position::Position;

/// The claim rule's thresholds (both 2 by default; the text allows 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    pub lead: u8,
    pub promoted: u8,
}

/// The end rules of one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// Games won by taking every enemy royal (captures then do not decide).
    pub royal: bool,
    /// The claim rule (pawn partonici only).
    pub claim: Option<Claim>,
    /// Plies without capture or unpromoted move that end the game.
    pub quiet_limit: u16,
    /// Occurrences of a position that end the game.
    pub repetitions: usize,
}

impl EndRules {
    /// The winner, if the game is already decided by rules 1 and 2 (the side to move has no
    /// moves then). Both sides are examined, so a loaded position that is decided is seen.
    pub fn decided(&self, table: &PieceTable, pos: &Position) -> Option<(u8, Reason)> {
        let side = pos.side();
        let other = 1 - side;
        if self.royal {
            for loser in [side, other] {
                if pos.royals(loser).is_empty() {
                    return Some((1 - loser, Reason::RoyalCaptured));
                }
            }
        }
        if let Some(claim) = self.claim {
            for winner in [other, side] {
                let lead = tally(pos, winner) as i32 - tally(pos, 1 - winner) as i32;
                if lead >= claim.lead as i32 && promoted(table, pos, winner) >= claim.promoted {
                    return Some((winner, Reason::Claim));
                }
            }
        }
        None
    }

    /// True when a move of the side to move that takes the pieces on `taken` (and promotes
    /// the mover if `promotes`) wins at once by rule 1 or 2. A move never removes the mover's
    /// own pieces, so the counts after it follow from the counts before.
    pub fn wins_at_once(
        &self,
        table: &PieceTable,
        pos: &Position,
        taken: &SquareSet,
        promotes: bool,
    ) -> bool {
        let side = pos.side();
        let other = 1 - side;
        if taken.is_empty() && !promotes {
            return false;
        }
        if self.royal {
            let royals = pos.royals(other);
            return !royals.is_empty() && royals.iter().all(|r| taken.contains(r));
        }
        let Some(claim) = self.claim else {
            return false;
        };
        let lead = tally(pos, side) as i32 + taken.len() as i32 - tally(pos, other) as i32;
        lead >= claim.lead as i32 && promoted(table, pos, side) + promotes as u8 >= claim.promoted
    }

    /// The result of a game ending by rules 3–5 for `reason`.
    pub fn scored(&self, pos: &Position, reason: Reason) -> Outcome {
        match self.counted_winner(pos) {
            Some(winner) => Outcome::Win { winner, reason },
            None => Outcome::Draw { reason },
        }
    }

    /// The winner by capture totals (None: equal totals, or a royal game).
    fn counted_winner(&self, pos: &Position) -> Option<u8> {
        if self.royal {
            return None;
        }
        match tally(pos, 0).cmp(&tally(pos, 1)) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The game's result in `pos`, if it is over (`legal` = number of legal moves).
    pub fn outcome(&self, table: &PieceTable, pos: &Position, legal: usize) -> Option<Outcome> {
        if let Some((winner, reason)) = self.decided(table, pos) {
            return Some(Outcome::Win { winner, reason });
        }
        if legal == 0 {
            return Some(self.scored(pos, Reason::NoMoves));
        }
        if pos.halfmove() >= self.quiet_limit {
            return Some(self.scored(pos, Reason::MoveLimit));
        }
        if pos.repetitions() + 1 >= self.repetitions {
            return Some(self.scored(pos, Reason::Repetition));
        }
        None
    }

    /// For the search: how a game that ends here by rules 3–5 (or is already decided) ends
    /// for the side to move.
    pub fn verdict(&self, table: &PieceTable, pos: &Position) -> Verdict {
        let side = pos.side();
        let winner = match self.decided(table, pos) {
            Some((winner, _)) => Some(winner),
            None => self.counted_winner(pos),
        };
        match winner {
            Some(w) if w == side => Verdict::Win,
            Some(_) => Verdict::Loss,
            None => Verdict::Draw,
        }
    }
}

/// Promoted pieces of `player` on the board (promoted sub-pawns count, D-23).
pub fn promoted(table: &PieceTable, pos: &Position, player: u8) -> u8 {
    pos.occupied(player)
        .iter()
        .filter(|&sq| table.info[pos.at(sq).kind() as usize].promoted)
        .count() as u8
}
