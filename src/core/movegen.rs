//! Moves of pieces by their atoms: leaps, rides and hops read from the move tables.
//!
//! The generator reports each (from, to) pair through a closure; the caller adds what the
//! rules add (promotion choices, en passant, castling) and decides legality.

use super::piece::Mode;
use super::position::Position;
use super::reach_sets::{Cells, has};
use super::tables::Ray;
use super::variant::Variant;
use crate::geometry::Sq;

/// Calls `emit(from, to)` for every pseudo-legal piece move of `player` (no drops, no special
/// moves). Captures are moves onto an enemy piece; nothing lands on its own side.
#[inline]
pub fn piece_moves(v: &Variant, pos: &Position, player: u8, mut emit: impl FnMut(Sq, Sq)) {
    for from in pos.occupied(player).iter() {
        moves_from(v, pos, player, from, &mut emit);
    }
}

/// Pseudo-legal moves of the piece of `player` standing on `from`.
#[inline]
pub fn moves_from(
    v: &Variant,
    pos: &Position,
    player: u8,
    from: Sq,
    emit: &mut impl FnMut(Sq, Sq),
) {
    let kind = pos.at(from).kind();
    for leap in v.moves.leaps(player, kind, from) {
        let target = pos.at(leap.to);
        let ok = if target.is_empty() {
            leap.mode.can_move()
        } else {
            leap.mode.can_capture() && target.owner() != player
        };
        if ok && (leap.via == crate::geometry::NO_SQ || pos.at(leap.via).is_empty()) {
            emit(from, leap.to);
        }
    }
    for ray in v.moves.rays(player, kind, from) {
        let Some((path, limit)) = ray_path(v, pos, ray) else {
            continue;
        };
        slide(pos, player, from, path.iter().take(limit), ray.mode, emit);
    }
}

/// The pseudo-legal captures of the piece of `player` on `from`, in the order [`moves_from`]
/// emits them (so a search that breaks ties by generation order searches the same tree with
/// either), without walking its quiet moves: the quiescence search asks for nothing else.
/// `occupied` holds every man's cell and `enemies` the other players' (boards of up to 128
/// cells); kinds the cell sets do not cover keep the walk of [`moves_from`].
#[inline]
pub fn captures_from(
    v: &Variant,
    pos: &Position,
    player: u8,
    from: Sq,
    occupied: Cells,
    enemies: Cells,
    emit: &mut impl FnMut(Sq, Sq),
) {
    let kind = pos.at(from).kind();
    match &v.reach_sets {
        Some(sets) if sets.plain(kind) => {
            if sets.leap_captures(player, kind, from) & enemies != 0 {
                for leap in v.moves.leaps(player, kind, from) {
                    if leap.mode.can_capture() && has(enemies, leap.to) {
                        emit(from, leap.to);
                    }
                }
            }
            for to in sets.ray_ends(player, kind, from, occupied) {
                if has(enemies, to) {
                    emit(from, to);
                }
            }
        }
        _ => moves_from(v, pos, player, from, &mut |from, to| {
            if has(enemies, to) {
                emit(from, to);
            }
        }),
    }
}

/// Every cell the piece of `player` on `from` reaches, with the mode of the atom that reaches
/// it: empty cells along its leaps and rides, and the first occupied cell of each ride whoever
/// stands there. Unlike [`moves_from`] it reports cells held by the piece's own side (which
/// it defends) and capture-only atoms onto empty cells (which it attacks): the evaluation
/// builds its attack maps from this.
#[inline]
pub fn reach_from(
    v: &Variant,
    pos: &Position,
    player: u8,
    from: Sq,
    emit: &mut impl FnMut(Sq, super::piece::Mode),
) {
    let kind = pos.at(from).kind();
    for leap in v.moves.leaps(player, kind, from) {
        if leap.via == crate::geometry::NO_SQ || pos.at(leap.via).is_empty() {
            emit(leap.to, leap.mode);
        }
    }
    for ray in v.moves.rays(player, kind, from) {
        let Some((path, limit)) = ray_path(v, pos, ray) else {
            continue;
        };
        for &to in path.iter().take(limit) {
            emit(to, ray.mode);
            if !pos.at(to).is_empty() {
                break;
            }
        }
    }
}

/// The cells a ray's piece may walk now and how many of them at most: a plain rider's whole
/// ray; a bent rider's cells past its lead, when the lead is empty; a hopper's cells past the
/// first occupied one (its screen), up to its range. `None` when the ray is closed.
#[inline]
fn ray_path<'a>(v: &'a Variant, pos: &Position, ray: &Ray) -> Option<(&'a [Sq], usize)> {
    let cells = v.moves.cells(ray);
    match ray.hop_after {
        None if ray.lead > 0 => {
            let (lead, path) = cells.split_at(ray.lead as usize);
            if lead.iter().any(|&s| !pos.at(s).is_empty()) {
                return None;
            }
            Some((path, usize::MAX))
        }
        None => Some((cells, usize::MAX)),
        Some(after) => {
            let screen = cells.iter().position(|&s| !pos.at(s).is_empty())?;
            let limit = if after == 0 {
                usize::MAX
            } else {
                after as usize
            };
            Some((&cells[screen + 1..], limit))
        }
    }
}

/// Walks `path` (a rider's cells, or a hopper's cells beyond its screen): empty cells are
/// moves, the first occupied cell ends the walk and is a capture if it holds an enemy.
#[inline]
fn slide<'a>(
    pos: &Position,
    player: u8,
    from: Sq,
    path: impl Iterator<Item = &'a Sq>,
    mode: Mode,
    emit: &mut impl FnMut(Sq, Sq),
) {
    for &to in path {
        let target = pos.at(to);
        if target.is_empty() {
            if mode.can_move() {
                emit(from, to);
            }
        } else {
            if mode.can_capture() && target.owner() != player {
                emit(from, to);
            }
            break;
        }
    }
}

/// How many cells a piece reaches from `sq` on an otherwise empty board (evaluations use it as
/// the measure of a piece's reach on a square).
pub fn empty_board_moves(v: &Variant, player: u8, kind: super::piece::KindId, sq: u16) -> i32 {
    let leaps = v.moves.leaps(player, kind, sq).len();
    let rides: usize = v
        .moves
        .rays(player, kind, sq)
        .iter()
        .filter(|ray| ray.hop_after.is_none())
        .map(|ray| v.moves.cells(ray).len() - ray.lead as usize)
        .sum();
    (leaps + rides) as i32
}
