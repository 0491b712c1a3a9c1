//! Compulsory capture (draughts, Scacia, Schlagschach): when the side to move has a capturing
//! move, only capturing moves are legal, and it may choose any of them. A promotion that
//! captures is a capture; a drop never is.

use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::position::Position;

/// Whether `mv` captures in `pos` (on its destination, or en passant).
#[inline]
pub fn is_capture(pos: &Position, mv: &Move) -> bool {
    match mv.kind {
        MoveKind::Normal => !pos.at(mv.to).is_empty(),
        MoveKind::EnPassant => true,
        _ => false,
    }
}

/// Keeps only the captures when there is at least one.
pub fn keep_captures_if_any(pos: &Position, moves: &mut MoveList) {
    if moves.iter().any(|m| is_capture(pos, m)) {
        moves.retain(|m| is_capture(pos, m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_captures_remain_when_one_exists() {
        let mut pos = Position::empty(4, 2, 1);
        let z = crate::core::zobrist::Zobrist::new(4, 1, 2);
        pos.put(0, crate::core::board::Piece::new(0, 0, false, false), &z);
        pos.put(3, crate::core::board::Piece::new(0, 1, false, false), &z);
        let quiet = Move::normal(0, 1);
        let capture = Move::normal(0, 3);
        let mut moves = vec![quiet, capture, Move::drop(0, 2)];
        keep_captures_if_any(&pos, &mut moves);
        assert_eq!(moves, vec![capture]);
        let mut moves = vec![quiet, Move::drop(0, 2)];
        keep_captures_if_any(&pos, &mut moves);
        assert_eq!(moves.len(), 2);
        assert!(!is_capture(&pos, &Move::drop(0, 2)));
    }
}
