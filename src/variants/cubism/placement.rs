//! Ecila's placement opening (docs/cubism.md §3.4, D23): the board starts empty with
//! every man in hand, and the players place one man per turn on any empty cell, as drops
//! (`K@A1`).
//!
//! In Ecila Chess (restricted placement) each player's first placement is his king, and no man
//! may be placed on a cell from which it attacks the enemy king. Who places next:
//! - the opponent, if he has men in hand and a legal placement;
//! - otherwise the same player again, if he can place ("the other side keeps placing alone",
//!   and a player who cannot place passes);
//! - otherwise placement is over: men left in hand are withdrawn and White moves first.

use crate::core::moves::{Move, MoveList};
use crate::core::piece::{KindId, NO_KIND};
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::geometry::{NO_SQ, Sq};

/// True while either player has men in hand.
pub fn in_placement(v: &Variant, pos: &Position) -> bool {
    (0..pos.players()).any(|p| has_men_in_hand(v, pos, p))
}

pub fn has_men_in_hand(v: &Variant, pos: &Position, player: u8) -> bool {
    (0..v.kinds() as KindId).any(|k| pos.hand(player, k) > 0)
}

/// Appends `player`'s legal placements. `restricted`: the Ecila Chess rules; `king` is the
/// king's kind.
pub fn placements(
    v: &Variant,
    pos: &Position,
    player: u8,
    restricted: bool,
    king: KindId,
    out: &mut MoveList,
) {
    let king_first = restricted && king != NO_KIND && pos.hand(player, king) > 0;
    let enemy_king = if restricted {
        enemy_king_square(pos, player, king)
    } else {
        NO_SQ
    };
    for kind in 0..v.kinds() as KindId {
        if pos.hand(player, kind) == 0 || (king_first && kind != king) {
            continue;
        }
        for to in 0..pos.squares() as Sq {
            if !pos.at(to).is_empty() {
                continue;
            }
            if enemy_king != NO_SQ && attacks_from(v, pos, player, kind, to, enemy_king) {
                continue;
            }
            out.push(Move::drop(kind, to));
        }
    }
}

/// Whether `player` has at least one legal placement.
pub fn can_place(v: &Variant, pos: &Position, player: u8, restricted: bool, king: KindId) -> bool {
    let mut list = MoveList::new();
    placements(v, pos, player, restricted, king, &mut list);
    !list.is_empty()
}

fn enemy_king_square(pos: &Position, player: u8, king: KindId) -> Sq {
    if king == NO_KIND {
        return NO_SQ;
    }
    (0..pos.players())
        .filter(|&p| p != player)
        .flat_map(|p| pos.occupied(p).iter())
        .find(|&sq| pos.at(sq).kind() == king)
        .unwrap_or(NO_SQ)
}

/// Whether a man of `kind` of `player` standing on `from` would attack `target` in `pos`.
fn attacks_from(
    v: &Variant,
    pos: &Position,
    player: u8,
    kind: KindId,
    from: Sq,
    target: Sq,
) -> bool {
    let leaps = v.moves.leaps(player, kind, from);
    if leaps.iter().any(|l| {
        l.to == target && l.mode.can_capture() && (l.via == NO_SQ || pos.at(l.via).is_empty())
    }) {
        return true;
    }
    v.moves.rays(player, kind, from).iter().any(|ray| {
        if !ray.mode.can_capture() || ray.hop_after.is_some() {
            return false;
        }
        let cells = v.moves.cells(ray);
        let (lead, path) = cells.split_at(ray.lead as usize);
        if lead.iter().any(|&s| !pos.at(s).is_empty()) {
            return false;
        }
        for &sq in path {
            if sq == target {
                return true;
            }
            if !pos.at(sq).is_empty() {
                return false;
            }
        }
        false
    })
}

/// Who moves after `mover` placed a man, and whether placement is over (the men left in hand
/// are then withdrawn and White moves).
pub enum Next {
    Player(u8),
    PlacementOver,
}

pub fn next_after_placement(
    v: &Variant,
    pos: &Position,
    mover: u8,
    restricted: bool,
    king: KindId,
) -> Next {
    let other = (mover + 1) % pos.players();
    for candidate in [other, mover] {
        if has_men_in_hand(v, pos, candidate) && can_place(v, pos, candidate, restricted, king) {
            return Next::Player(candidate);
        }
    }
    Next::PlacementOver
}
