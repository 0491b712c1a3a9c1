//! En passant after multi-cell pawn advances (docs/wildebeest.md, rulings).
//!
//! After a pawn advances more than one cell, every cell it passed over becomes a target for
//! the opponent's very next move; an enemy pawn that attacks a target may move there and
//! remove the pawn. Only targets some enemy pawn attacks are recorded (and hashed).

use crate::core::moves::Move;
use crate::core::position::{EnPassant, Position};
use crate::core::variant::Variant;
use crate::geometry::{NO_SQ, Sq};

/// True when a pawn of `attacker` could capture onto `target`.
pub fn pawn_attacks(v: &Variant, pos: &Position, target: Sq, attacker: u8) -> bool {
    v.attacks.leaps(attacker, target).iter().any(|leap| {
        let p = pos.at(leap.from);
        !p.is_empty() && p.owner() == attacker && p.is_pawn() && leap.kinds & (1 << p.kind()) != 0
    })
}

/// The en-passant state after `mover`'s pawn went from `from` to `to` (already on the board).
pub fn after_advance(v: &Variant, pos: &Position, from: Sq, to: Sq, mover: u8) -> EnPassant {
    let g = v.geometry();
    if g.file_of(from) != g.file_of(to) {
        return EnPassant::NONE;
    }
    let (r0, r1) = (g.rank_of(from), g.rank_of(to));
    if r0.abs_diff(r1) < 2 {
        return EnPassant::NONE;
    }
    let files = g.files() as Sq;
    let enemy = 1 - mover;
    let mut ep = EnPassant::NONE;
    let mut n = 0;
    let (lo, hi) = if from < to { (from, to) } else { (to, from) };
    let mut sq = lo + files;
    while sq < hi {
        if n < ep.targets.len() && pawn_attacks(v, pos, sq, enemy) {
            ep.targets[n] = sq;
            n += 1;
        }
        sq += files;
    }
    if n > 0 {
        ep.victim = to;
    }
    ep
}

/// The pawn an en-passant capture onto `target` removes, for a position read from text: the
/// first pawn of the side not to move along the target's file, in the direction that side's
/// pawns move.
pub fn find_victim(v: &Variant, pos: &Position, target: Sq) -> Sq {
    let g = v.geometry();
    let mover = 1 - pos.side();
    let files = g.files() as i32;
    let step = if mover == 0 { files } else { -files };
    let mut sq = target as i32 + step;
    while sq >= 0 && (sq as usize) < g.squares() {
        let p = pos.at(sq as Sq);
        if !p.is_empty() {
            return if p.is_pawn() && p.owner() == mover {
                sq as Sq
            } else {
                NO_SQ
            };
        }
        sq += step;
    }
    NO_SQ
}

/// En-passant captures of the side to move.
pub fn en_passant_moves(v: &Variant, pos: &Position, mut emit: impl FnMut(Move)) {
    let ep = *pos.en_passant();
    if ep.victim == NO_SQ {
        return;
    }
    let side = pos.side();
    for target in ep.squares() {
        if !pos.at(target).is_empty() {
            continue;
        }
        for leap in v.attacks.leaps(side, target) {
            let p = pos.at(leap.from);
            if !p.is_empty()
                && p.owner() == side
                && p.is_pawn()
                && leap.kinds & (1 << p.kind()) != 0
            {
                emit(Move::en_passant(leap.from, target, ep.victim));
            }
        }
    }
}
