//! Castling with a range of king steps ("free castling"), for orthodox chess (2 steps) and
//! Wildebeest (1 to 4 steps; docs/wildebeest.md, rulings).
//!
//! Conditions (B4 DECISION): king and rook unmoved (the right is still held), every cell
//! strictly between them empty (even for a 1-step castling), the king not in check, and none of
//! the cells the king passes or lands on attacked. The rook may be attacked. The rook lands on
//! the cell next to the king, on the king's other side.

use crate::core::attacks::attacked_by_enemy;
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::geometry::Sq;

/// The castling right bit for `player` toward file 0 (`wing` 0, "Q") or the last file (1, "K").
pub fn right_bit(player: u8, wing: u8) -> u32 {
    1 << (2 * player + wing)
}

/// The cell of the back rank of `player` at `file`.
pub fn back_rank_square(v: &Variant, player: u8, file: usize) -> Sq {
    let g = v.geometry();
    let rank = if player == 0 { 0 } else { g.ranks() - 1 };
    (rank * g.files() + file) as Sq
}

/// The rook's starting cell for a wing.
pub fn rook_home(v: &Variant, player: u8, wing: u8) -> Sq {
    let file = if wing == 0 {
        0
    } else {
        v.geometry().files() - 1
    };
    back_rank_square(v, player, file)
}

/// Where the rook lands when the king castles onto `king_to` from `king_from`.
pub fn rook_destination(king_from: Sq, king_to: Sq) -> Sq {
    if king_to > king_from {
        king_to - 1
    } else {
        king_to + 1
    }
}

/// Emits every castling move of `player` whose king path is safe. The caller still checks the
/// final position (as for every move).
pub fn castling_moves(v: &Variant, pos: &Position, player: u8, mut emit: impl FnMut(Move)) {
    let Some(rule) = v.spec.castling else { return };
    if pos.castling() & (0b11 << (2 * player)) == 0 {
        return;
    }
    let king_sq = back_rank_square(v, player, rule.king_file as usize);
    let king = pos.at(king_sq);
    if king.is_empty() || !king.is_royal() || king.owner() != player {
        return;
    }
    if attacked_by_enemy(v, pos, king_sq, player) {
        return;
    }
    for wing in 0..2u8 {
        if pos.castling() & right_bit(player, wing) == 0 {
            continue;
        }
        let rook_sq = rook_home(v, player, wing);
        let rook = pos.at(rook_sq);
        if rook.is_empty() || rook.owner() != player || rook.kind() != rule.rook_kind {
            continue;
        }
        let (lo, hi) = if rook_sq < king_sq {
            (rook_sq, king_sq)
        } else {
            (king_sq, rook_sq)
        };
        if (lo + 1..hi).any(|sq| !pos.at(sq).is_empty()) {
            continue;
        }
        let (min_steps, max_steps) = rule.steps[wing as usize];
        for steps in 1..=max_steps as Sq {
            let to = if wing == 0 {
                king_sq - steps
            } else {
                king_sq + steps
            };
            if attacked_by_enemy(v, pos, to, player) {
                break;
            }
            if steps >= min_steps as Sq {
                emit(Move::castle(king_sq, to, rook_sq));
            }
        }
    }
}
