//! Captured men and drops (spec A3.4, A5, A7 opt2).
//!
//! A captured disc goes to the captor's hand with the face it showed (B, R, N or P; the royal
//! never reaches a hand, its capture ends the game). Instead of a board move a player may put
//! one held disc on any empty square, with that face, without flipping it; a pawn never on its
//! relative 5th rank. One drop per (face, square), however many identical discs are held.
//!
//! `PatriciaFreeFace` (opt2): a held officer may go down as B or R, a pawn-disc as P or N (the
//! P face still not on the 5th rank). Since the face in hand then does not matter, hands hold
//! canonical faces only (officer = B, pawn-disc = P), so equal positions hash equally.

use super::{BISHOP, KNIGHT, PAWN, ROOK};
use crate::core::moves::Move;
use crate::core::piece::KindId;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::geometry::Sq;

/// Faces that can be held, in the order drops are generated.
pub const HELD: [KindId; 4] = [PAWN, KNIGHT, BISHOP, ROOK];

/// How held discs are stored and dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hands {
    /// `PatriciaFreeFace`: any face on the drop, canonical faces in hand.
    pub free_face: bool,
}

impl Hands {
    /// The hand slot of a disc showing `face`: its face, or its canonical face.
    #[inline]
    pub fn slot(self, face: KindId) -> KindId {
        match face {
            ROOK if self.free_face => BISHOP,
            KNIGHT if self.free_face => PAWN,
            other => other,
        }
    }

    /// The faces a disc held in `slot` may be dropped with.
    fn faces(self, slot: KindId) -> &'static [KindId] {
        match slot {
            BISHOP if self.free_face => &[BISHOP, ROOK],
            PAWN if self.free_face => &[PAWN, KNIGHT],
            PAWN => &[PAWN],
            KNIGHT => &[KNIGHT],
            BISHOP => &[BISHOP],
            ROOK => &[ROOK],
            _ => &[],
        }
    }

    /// Appends every drop of the side to move.
    pub fn drops(self, v: &Variant, pos: &Position, out: &mut Vec<Move>) {
        let side = pos.side();
        let last_rank = v.geometry().ranks() - 1;
        for slot in HELD {
            if pos.hand(side, slot) == 0 {
                continue;
            }
            for &face in self.faces(slot) {
                for to in 0..pos.squares() as Sq {
                    if pos.at(to).is_empty()
                        && !(face == PAWN && v.relative_rank(to, side) == last_rank)
                    {
                        out.push(Move::drop(face, to));
                    }
                }
            }
        }
    }

    /// Moves hand contents to their canonical slots (after reading a position string).
    pub fn normalise(self, v: &Variant, pos: &mut Position) {
        for player in 0..pos.players() {
            for face in HELD {
                let slot = self.slot(face);
                let held = pos.hand(player, face);
                if slot != face && held > 0 {
                    let merged = pos.hand(player, slot).saturating_add(held);
                    pos.set_hand(player, slot, merged, &v.zobrist);
                    pos.set_hand(player, face, 0, &v.zobrist);
                }
            }
        }
    }
}
