//! Is a square attacked? Which pieces are pinned? Both read the attack tables.

use super::board::SquareSet;
use super::position::Position;
use super::tables::LeapAttack;
use super::variant::Variant;
use crate::geometry::{NO_SQ, Sq};

/// True when some piece of `attacker` could capture on `target` now.
#[inline]
pub fn is_attacked(v: &Variant, pos: &Position, target: Sq, attacker: u8) -> bool {
    // Most targets have no man of the attacker on any cell a leap comes from.
    let leapers_near = v
        .attacks
        .leap_sources(attacker, target)
        .is_none_or(|sources| sources & pos.occupied(attacker).low_cells() != 0);
    if leapers_near
        && v.attacks
            .leaps(attacker, target)
            .iter()
            .any(|leap| leaps_from(pos, leap, attacker))
    {
        return true;
    }
    let men = pos.occupied_cells();
    // The attacker's men as a set where the board has one: a line without any of them needs
    // no look.
    let attackers = men.map(|_| pos.occupied(attacker).low_cells());
    for ray in v.attacks.rays(attacker, target) {
        if attackers.is_some_and(|set| ray.misses(set)) {
            continue;
        }
        if let Some((sq, kinds)) = ray.first_occupied(target, men, |sq| !pos.at(sq).is_empty()) {
            let p = pos.at(sq);
            if p.owner() == attacker && kinds & (1 << p.kind()) != 0 {
                return true;
            }
        }
    }
    v.attacks.indirect_kinds != 0 && hopper_attacks(v, pos, target, attacker)
}

/// Whether `attacker`'s man on the leap's cell is of a kind that leaps from there onto the
/// target, with the leg (for a lame leaper) free.
#[inline]
fn leaps_from(pos: &Position, leap: &LeapAttack, attacker: u8) -> bool {
    let p = pos.at(leap.from);
    !p.is_empty()
        && p.owner() == attacker
        && leap.kinds & (1 << p.kind()) != 0
        && (leap.via == NO_SQ || pos.at(leap.via).is_empty())
}

/// The slow path for hoppers and bent riders: walk each such piece's own rays.
fn hopper_attacks(v: &Variant, pos: &Position, target: Sq, attacker: u8) -> bool {
    for from in pos.occupied(attacker).iter() {
        let kind = pos.at(from).kind();
        if v.attacks.indirect_kinds & (1 << kind) == 0 {
            continue;
        }
        for ray in v.moves.rays(attacker, kind, from) {
            if !ray.mode.can_capture() {
                continue;
            }
            let cells = v.moves.cells(ray);
            if ray.lead > 0 {
                if bent_ray_hits(pos, cells, ray.lead as usize, target) {
                    return true;
                }
                continue;
            }
            let Some(after) = ray.hop_after else { continue };
            let Some(screen) = cells.iter().position(|&s| !pos.at(s).is_empty()) else {
                continue;
            };
            for (i, &sq) in cells[screen + 1..].iter().enumerate() {
                if after > 0 && i >= after as usize {
                    break;
                }
                if sq == target {
                    return true;
                }
                if !pos.at(sq).is_empty() {
                    break;
                }
            }
        }
    }
    false
}

/// True when a bent rider's ray (its `lead` cells empty) reaches `target` over empty cells.
fn bent_ray_hits(pos: &Position, cells: &[Sq], lead: usize, target: Sq) -> bool {
    if cells[..lead].iter().any(|&s| !pos.at(s).is_empty()) {
        return false;
    }
    for &sq in &cells[lead..] {
        if sq == target {
            return true;
        }
        if !pos.at(sq).is_empty() {
            return false;
        }
    }
    false
}

/// Pieces of `player` that stand between `player`'s royal on `royal_sq` and an enemy rider
/// that would attack it if they moved away. Valid only for variants with `fast_legality`.
pub fn pinned(v: &Variant, pos: &Position, royal_sq: Sq, player: u8) -> SquareSet {
    let mut pins = SquareSet::default();
    let men = pos.occupied_cells();
    let occupied = |sq: Sq| !pos.at(sq).is_empty();
    for enemy in (0..pos.players()).filter(|&e| e != player) {
        for ray in v.attacks.rays(enemy, royal_sq) {
            let Some((own, _)) = ray.first_occupied(royal_sq, men, occupied) else {
                continue;
            };
            if pos.at(own).owner() != player {
                continue;
            }
            // The man behind the own one, as if it had moved away.
            let beyond = men.map(|set| set & !super::reach_sets::cell(own));
            let behind = ray.first_occupied(royal_sq, beyond, |sq| sq != own && occupied(sq));
            if let Some((sq, kinds)) = behind {
                let p = pos.at(sq);
                if p.owner() == enemy && kinds & (1 << p.kind()) != 0 {
                    pins.insert(own);
                }
            }
        }
    }
    pins
}

/// Where a man of `player` other than its royal must move to end a check on `royal_sq`: the
/// checking man's cell and, for a rider, the cells between it and the royal; empty when men on
/// two or more cells give check (only the royal can move then). `None` when no checker is
/// found or one is a lame leaper (a man moved onto its leg would block it too): the caller
/// then makes the moves to see. Valid only for variants with `fast_legality`.
pub fn check_blocks(v: &Variant, pos: &Position, royal_sq: Sq, player: u8) -> Option<SquareSet> {
    let mut blocks = SquareSet::default();
    let mut checkers = SquareSet::default();
    let men = pos.occupied_cells();
    let occupied = |sq: Sq| !pos.at(sq).is_empty();
    for enemy in (0..pos.players()).filter(|&e| e != player) {
        for leap in v.attacks.leaps(enemy, royal_sq) {
            if leaps_from(pos, leap, enemy) {
                if leap.via != NO_SQ {
                    return None;
                }
                checkers.insert(leap.from);
                blocks.insert(leap.from);
            }
        }
        for ray in v.attacks.rays(enemy, royal_sq) {
            let Some((sq, kinds)) = ray.first_occupied(royal_sq, men, occupied) else {
                continue;
            };
            let p = pos.at(sq);
            if p.owner() == enemy && kinds & (1 << p.kind()) != 0 {
                checkers.insert(sq);
                for &(cell, _) in &ray.cells {
                    blocks.insert(cell);
                    if cell == sq {
                        break;
                    }
                }
            }
        }
    }
    match checkers.len() {
        0 => None,
        1 => Some(blocks),
        _ => Some(SquareSet::default()),
    }
}

/// True when `target` is attacked by any player other than `player`.
#[inline]
pub fn attacked_by_enemy(v: &Variant, pos: &Position, target: Sq, player: u8) -> bool {
    (0..pos.players()).any(|e| e != player && is_attacked(v, pos, target, e))
}
