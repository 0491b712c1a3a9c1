//! Knight promotion (spec A4): a pawn that arrives on its relative 4th rank may promote to a
//! knight (two moves, `b3b4` and `b3b4n`), on its 5th rank it must (`b4b5n` only). Steps and
//! captures alike; a pawn dropped on the 4th rank stays a pawn until it moves again.
//!
//! The core's promotion rule (`core::rules::promotion`) is last-rank-only and its set-up check
//! forbids pawns on the first rank, where Patricia may drop them; so the family keeps this
//! two-zone rule here and reuses only the core's [`Move::promotion`] encoding.
//! With `PatriciaPawnFlips` pawns never promote (the flip rule changes them instead).

use super::KNIGHT;
use crate::core::moves::Move;
use crate::core::variant::Variant;
use crate::geometry::Sq;

/// Emits the moves of a pawn of `player` going from `from` to `to`: the plain step, the
/// promotion, or both.
#[inline]
pub fn pawn_arrivals(v: &Variant, player: u8, from: Sq, to: Sq, mut emit: impl FnMut(Move)) {
    let ranks = v.geometry().ranks();
    let rank = v.relative_rank(to, player);
    if rank + 1 < ranks {
        emit(Move::normal(from, to));
    }
    if rank + 2 >= ranks {
        emit(Move::promotion(from, to, KNIGHT));
    }
}
