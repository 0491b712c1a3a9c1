//! The interface every game family implements. Perft and search are generic over it, so the
//! hot paths are compiled once per family with no virtual calls.
//!
//! It states rules only. How the search scores positions and weighs moves is the search's
//! business (`search::Evaluate`): the core imports nothing above it.

use super::board::{Piece, SquareSet};
use super::moves::{Move, MoveKind, MoveList};
use super::outcome::Outcome;
use super::position::Position;
use super::variant::{StalemateRule, Variant};
use crate::geometry::Sq;

/// How a game that ends by a rule of play ends for the side to move (defined with the
/// outcomes; re-exported here where the hooks that return it live).
pub use super::outcome::Verdict;

/// How far the moves of [`Game::search_moves`] are known to be legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listed {
    /// Every move listed is legal.
    Legal,
    /// Pseudo-legal moves of a side that is not in check, whose royal stands on `royal`: only
    /// the royal's moves, the moves of the `pinned` men and the special moves (en passant,
    /// castling) can leave it attacked ([`Game::is_legal_listed`] tells).
    Pseudo { royal: Sq, pinned: SquareSet },
}

/// How royal pieces decide a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoyalRule {
    /// Chess: a royal may never be left attacked, so each side always has its royal and the
    /// side not to move is never in check; no legal move while attacked is checkmate.
    Checkmate,
    /// No check rule: a royal may be left attacked and capturing it wins at once (Patricia).
    /// The side to move may then lack its royal (the game is decided) and the side not to
    /// move may stand attacked.
    Capture,
}

pub trait Game: Sync {
    /// The variant's data and tables.
    fn variant(&self) -> &Variant;

    /// Appends every legal move of the side to move to `out` (which it clears first).
    fn legal_moves(&self, pos: &mut Position, out: &mut MoveList);

    /// The moves a search tries in `pos`, and how far they are known to be legal: by default
    /// [`legal_moves`](Self::legal_moves). A family that can tell single moves' legality
    /// cheaply lists pseudo-legal moves instead, so that the moves a search never tries (after
    /// a cut, or pruned unseen) are never checked; the search asks
    /// [`is_legal_listed`](Self::is_legal_listed) of each move it picks.
    fn search_moves(&self, pos: &mut Position, out: &mut MoveList) -> Listed {
        self.legal_moves(pos, out);
        Listed::Legal
    }

    /// Whether `mv`, one of the moves [`search_moves`](Self::search_moves) listed as
    /// `listed`, is legal.
    fn is_legal_listed(&self, _pos: &mut Position, _mv: Move, listed: &Listed) -> bool {
        *listed == Listed::Legal
    }

    /// Plays `mv`, which must be one of `legal_moves`.
    fn make(&self, pos: &mut Position, mv: Move);

    /// Takes back the last move made.
    fn unmake(&self, pos: &mut Position) {
        pos.undo();
    }

    /// True when the side to move's royal piece is attacked.
    fn in_check(&self, pos: &Position) -> bool;

    /// The result if the game is over in `pos`: no legal move, a move limit, repetition, dead
    /// material. `legal_count` is the number of legal moves (callers usually know it).
    fn outcome(&self, pos: &Position, legal_count: usize) -> Option<Outcome>;

    /// The number of legal moves (perft's last ply); families may count without making moves.
    fn count_legal(&self, pos: &mut Position, scratch: &mut MoveList) -> u64 {
        self.legal_moves(pos, scratch);
        scratch.len() as u64
    }

    /// The piece `mv` would capture, if any (the search orders and prunes by it). Families
    /// whose captures happen away from the destination override this.
    fn captured(&self, pos: &Position, mv: Move) -> Option<Piece> {
        let victim = match mv.kind {
            MoveKind::Normal => pos.at(mv.to),
            MoveKind::EnPassant => pos.at(mv.aux),
            _ => Piece::EMPTY,
        };
        (!victim.is_empty()).then_some(victim)
    }

    /// The legal captures and promotions: the moves a quiescence search looks at.
    fn tactical_moves(&self, pos: &mut Position, out: &mut MoveList) {
        self.legal_moves(pos, out);
        out.retain(|&mv| mv.is_promotion() || self.captured(pos, mv).is_some());
    }

    /// How royals decide the game; position strings are checked accordingly.
    fn royal_rule(&self) -> RoyalRule {
        RoyalRule::Checkmate
    }

    /// Checks a position just read from text for what only this family knows (after the
    /// generic checks), and may bring it to canonical form (e.g. normalise hands). Returns
    /// every problem found.
    fn check_setup(&self, _pos: &mut Position) -> Vec<String> {
        Vec::new()
    }

    /// How the game ends for the side to move when the search stops it by the move limit or
    /// a repetition (positions without legal moves are scored by `outcome`). `None`: a draw.
    /// Counting games (Partonici) score these endings by the captures made.
    fn end_verdict(&self, _pos: &Position) -> Option<Verdict> {
        None
    }

    /// Whether passing the turn is a sound test of a position's strength (null-move
    /// pruning): false where zugzwang is common or captures are compulsory.
    fn null_move_sound(&self) -> bool {
        true
    }

    // Game ends the checkmate model does not see. The search (src/search) scores a node by
    // these hooks; the defaults are orthodox chess, so chess-like families need none of them.

    /// The game is already over in `pos` by a rule other than running out of moves (a royal
    /// captured, a side left without men): the verdict for the side to move. Asked at every
    /// search node, so it must be cheap. Default: never.
    fn decided(&self, _pos: &Position) -> Option<Verdict> {
        None
    }

    /// The verdict for the side to move when it has no legal move. Default: checkmated when in
    /// check, otherwise the variant's stalemate rule.
    fn no_moves(&self, pos: &Position) -> Verdict {
        if self.in_check(pos) {
            return Verdict::Loss;
        }
        match self.variant().spec.end.stalemate {
            StalemateRule::Draw => Verdict::Draw,
            StalemateRule::MoverLoses => Verdict::Loss,
        }
    }

    /// The verdict the search gives a position that repeats an earlier one. Default: a draw
    /// (Sphinx overrides it: perpetual check wins).
    fn repetition(&self, _pos: &Position) -> Verdict {
        Verdict::Draw
    }

    /// Whether having more material is good: false in losing games (Schlagschach), whose
    /// evaluation the search negates.
    fn wants_material(&self) -> bool {
        true
    }

    /// Whether a side that can capture must capture: the quiescence search then may not
    /// "stand pat" while a capture is available.
    fn compulsory_captures(&self) -> bool {
        false
    }

    /// Problems of a position that only the family can see (a pawn on its own promotion zone
    /// in Cubic chess), one message each; the position reader refuses the position with them.
    fn position_problems(&self, _pos: &Position) -> Vec<String> {
        Vec::new()
    }
}
