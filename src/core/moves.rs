//! Moves: what a player chose, compact enough to sit by the hundred in move lists.
//!
//! A [`Move`] names the choice (from, to, extra square, promotion or drop kind); the side
//! effects it causes (a second captured pawn, a rook that jumps, a flipped piece) are worked out
//! by the game's `make`, which records every cell it changes so `unmake` can restore them.

use super::piece::{KindId, NO_KIND};
use crate::geometry::{NO_SQ, Sq};

/// What kind of move it is, where the board alone does not tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece goes from `from` to `to`, capturing what stands there.
    Normal,
    /// A pawn captures en passant: `aux` is the square of the captured pawn.
    EnPassant,
    /// Castling: `from`/`to` are the king's squares, `aux` the rook's starting square.
    Castle,
    /// A piece from the hand (`piece`) is put on `to`.
    Drop,
    /// The turn passes without a move.
    Null,
}

/// One move of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    pub aux: Sq,
    pub kind: MoveKind,
    /// The kind promoted to, or the kind dropped; `NO_KIND` otherwise.
    pub piece: KindId,
}

impl Move {
    pub fn normal(from: Sq, to: Sq) -> Move {
        Move {
            from,
            to,
            aux: NO_SQ,
            kind: MoveKind::Normal,
            piece: NO_KIND,
        }
    }

    pub fn promotion(from: Sq, to: Sq, piece: KindId) -> Move {
        Move {
            piece,
            ..Move::normal(from, to)
        }
    }

    pub fn en_passant(from: Sq, to: Sq, victim: Sq) -> Move {
        Move {
            aux: victim,
            kind: MoveKind::EnPassant,
            ..Move::normal(from, to)
        }
    }

    pub fn castle(king_from: Sq, king_to: Sq, rook_from: Sq) -> Move {
        Move {
            aux: rook_from,
            kind: MoveKind::Castle,
            ..Move::normal(king_from, king_to)
        }
    }

    pub fn drop(piece: KindId, to: Sq) -> Move {
        Move {
            from: NO_SQ,
            to,
            aux: NO_SQ,
            kind: MoveKind::Drop,
            piece,
        }
    }

    pub fn null() -> Move {
        Move {
            from: NO_SQ,
            to: NO_SQ,
            aux: NO_SQ,
            kind: MoveKind::Null,
            piece: NO_KIND,
        }
    }

    pub fn is_promotion(&self) -> bool {
        self.kind == MoveKind::Normal && self.piece != NO_KIND
    }
}

/// A reusable list of moves (allocation happens once, when a search or perft starts).
pub type MoveList = Vec<Move>;
