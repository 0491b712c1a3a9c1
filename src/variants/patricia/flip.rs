//! The flip rule (spec A3.2–A3.3, A7): every man is a disc with a face on each side, and a
//! board move turns some discs over. What the mover shows after a move is decided here.
//!
//! - Standard rules: the royal turns K<->Q and an officer B<->R after every board move,
//!   captures included; a pawn does not flip (it changes only by promoting, see
//!   [`super::promotion`]) and a knight never flips back (A3.3).
//! - `PatriciaPawnFlips` (opt1): the pawn-disc turns over too, P<->N, and never promotes.
//! - `PatriciaKingStays` (opt3): the royal never flips, so it is always a king.
//!
//! Drops never flip (A3.5).

use super::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::core::piece::KindId;

/// Which discs turn over when they move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flips {
    /// The royal turns K<->Q (false with `PatriciaKingStays`).
    pub royal: bool,
    /// The pawn-disc turns P<->N (true with `PatriciaPawnFlips`).
    pub pawn_disc: bool,
}

impl Flips {
    /// The face a disc showing `kind` shows after a board move (promotion aside).
    #[inline]
    pub fn after_move(self, kind: KindId) -> KindId {
        match kind {
            KING if self.royal => QUEEN,
            QUEEN if self.royal => KING,
            BISHOP => ROOK,
            ROOK => BISHOP,
            PAWN if self.pawn_disc => KNIGHT,
            KNIGHT if self.pawn_disc => PAWN,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_flips_royal_and_officers_only() {
        let f = Flips {
            royal: true,
            pawn_disc: false,
        };
        let faces: Vec<KindId> = [KING, QUEEN, BISHOP, ROOK, PAWN, KNIGHT]
            .iter()
            .map(|&k| f.after_move(k))
            .collect();
        assert_eq!(faces, vec![QUEEN, KING, ROOK, BISHOP, PAWN, KNIGHT]);
    }

    #[test]
    fn options_change_royal_and_pawn_disc() {
        let f = Flips {
            royal: false,
            pawn_disc: true,
        };
        let faces: Vec<KindId> = [KING, BISHOP, ROOK, PAWN, KNIGHT]
            .iter()
            .map(|&k| f.after_move(k))
            .collect();
        assert_eq!(faces, vec![KING, ROOK, BISHOP, KNIGHT, PAWN]);
    }
}
