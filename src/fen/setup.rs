//! From a [`Setup`] (what the text says) to a [`Position`] (what can be played), checking
//! every rule a placement must satisfy and listing every violation.

use crate::core::attacks::attacked_by_enemy;
use crate::core::game::{Game, RoyalRule};
use crate::core::notation_error::PositionError;
use crate::core::piece::KindId;
use crate::core::position::{EnPassant, Position};
use crate::core::rules::castling::{back_rank_square, right_bit, rook_home};
use crate::core::rules::en_passant::find_victim;
use crate::core::variant::Variant;
use crate::geometry::{NO_SQ, Sq};

/// A position as read from text: not necessarily legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Per square: the kind and owner standing there.
    pub cells: Vec<Option<(KindId, u8)>>,
    /// Pieces in hand, in the order written.
    pub hand: Vec<(KindId, u8)>,
    pub side: u8,
    /// Castling rights as (player, wing), wing 0 toward file a, 1 toward the last file.
    pub castling: Vec<(u8, u8)>,
    /// En-passant target squares in the order written.
    pub ep: Vec<Sq>,
    pub halfmove: u16,
    pub fullmove: u32,
}

impl Setup {
    pub fn empty(v: &Variant) -> Self {
        Setup {
            cells: vec![None; v.geometry().squares()],
            hand: Vec::new(),
            side: 0,
            castling: Vec::new(),
            ep: Vec::new(),
            halfmove: 0,
            fullmove: 1,
        }
    }
}

/// Validates a setup for `game` and builds the position.
pub fn position_from_setup<G: Game>(game: &G, setup: &Setup) -> Result<Position, PositionError> {
    let v = game.variant();
    let z = &v.zobrist;
    let mut pos = Position::empty(v.geometry().squares(), v.spec.players, v.kinds());
    if v.spec.holdings {
        pos.seek_repetitions_across_captures();
    }
    let mut problems = Vec::new();
    for (sq, cell) in setup.cells.iter().enumerate() {
        if let Some((kind, owner)) = *cell {
            pos.put(sq as Sq, v.piece(kind, owner), z);
        }
    }
    for &(kind, owner) in &setup.hand {
        let n = pos.hand(owner, kind);
        if n == u8::MAX {
            problems.push("too many pieces in hand".to_string());
            break;
        }
        pos.set_hand(owner, kind, n + 1, z);
    }
    pos.set_side(setup.side, z);
    pos.set_halfmove(setup.halfmove);
    pos.set_fullmove(setup.fullmove);

    let royal = v.royal_kind();
    let royal_rule = game.royal_rule();
    if royal != crate::core::piece::NO_KIND {
        for player in 0..v.spec.players {
            // A royal still in hand (a placement opening) counts.
            let n = pos.royals(player).len() + pos.hand(player, royal) as usize;
            // Where royals are captured, the side to move may have lost its royal already
            // (a decided position, which has no moves).
            let lost_allowed = royal_rule == RoyalRule::Capture && player == setup.side;
            if n > 1 || (n == 0 && !lost_allowed) {
                problems.push(format!(
                    "{} has {n} {}s (needs exactly one)",
                    player_name(player),
                    v.kind(royal).name
                ));
            }
        }
    }
    if v.spec.promotion.is_some() {
        let last = v.geometry().ranks() - 1;
        for sq in 0..pos.squares() as Sq {
            let p = pos.at(sq);
            if !p.is_empty() && p.is_pawn() {
                let r = v.relative_rank(sq, p.owner());
                if r == 0 || r == last {
                    problems.push(format!(
                        "pawn on {} cannot stand on that rank",
                        v.square_name(sq)
                    ));
                }
            }
        }
    }
    let mut rights = 0u32;
    if let Some(rule) = v.spec.castling {
        for &(player, wing) in &setup.castling {
            let king_sq = back_rank_square(v, player, rule.king_file as usize);
            let rook_sq = rook_home(v, player, wing);
            let king = pos.at(king_sq);
            let rook = pos.at(rook_sq);
            let king_ok = !king.is_empty() && king.is_royal() && king.owner() == player;
            let rook_ok =
                !rook.is_empty() && rook.kind() == rule.rook_kind && rook.owner() == player;
            if !king_ok || !rook_ok {
                problems.push(format!(
                    "castling right {} needs {}'s king on {} and rook on {}",
                    right_letter(player, wing),
                    player_name(player),
                    v.square_name(king_sq),
                    v.square_name(rook_sq)
                ));
            }
            rights |= right_bit(player, wing);
        }
    }
    pos.set_castling(rights, z);
    if !setup.ep.is_empty() {
        let mut ep = EnPassant::NONE;
        for (i, &target) in setup.ep.iter().enumerate() {
            let victim = find_victim(v, &pos, target);
            let expected_rank = |r: usize| (2..=(v.geometry().ranks() / 2)).contains(&r);
            let mover = 1 - setup.side;
            if !pos.at(target).is_empty()
                || victim == NO_SQ
                || !expected_rank(v.relative_rank(target, mover))
            {
                problems.push(format!(
                    "no pawn can be taken en passant on {}",
                    v.square_name(target)
                ));
            } else if ep.victim != NO_SQ && ep.victim != victim {
                problems.push("en-passant squares of two different pawns".to_string());
            } else {
                ep.targets[i] = target;
                ep.victim = victim;
            }
        }
        pos.set_en_passant(ep, z);
    }
    let waiting = (setup.side + 1) % v.spec.players;
    if let Some(r) = pos.royals(waiting).first()
        && problems.is_empty()
        && royal_rule == RoyalRule::Checkmate
        && attacked_by_enemy(v, &pos, r, waiting)
        && v.spec.players == 2
    {
        problems.push(format!(
            "{} is in check but it is not its turn",
            player_name(waiting)
        ));
    }
    problems.extend(game.check_setup(&mut pos));
    problems.extend(game.position_problems(&pos));
    if !problems.is_empty() {
        return Err(PositionError::Illegal(problems));
    }
    pos.rehash(z);
    pos.clear_history();
    Ok(pos)
}

pub fn player_name(player: u8) -> String {
    match player {
        0 => "White".to_string(),
        1 => "Black".to_string(),
        n => format!("player {n}"),
    }
}

fn right_letter(player: u8, wing: u8) -> char {
    let c = if wing == 1 { 'K' } else { 'Q' };
    if player == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    }
}
