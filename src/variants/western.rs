//! The Western family: games played like orthodox chess (one royal per side that may not be
//! left in check, pawns that promote, castling, en passant), differing only in data.
//! Orthodox chess, Wildebeest and almost-Wildebeest are this family.

use crate::core::attacks::{attacked_by_enemy, check_blocks, pinned};
use crate::core::board::{Piece, SquareSet};
use crate::core::game::{Game, Listed};
use crate::core::movegen::{captures_from, moves_from, piece_moves};
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::outcome::{Outcome, Reason, Verdict};
use crate::core::piece::NO_KIND;
use crate::core::position::{EnPassant, Position};
use crate::core::reach_sets::{Cells, has};
use crate::core::rules::{castling, en_passant, promotion};
use crate::core::variant::{StalemateRule, Variant};
use crate::geometry::Sq;

/// A Western-family game with its tables.
#[derive(Debug)]
pub struct Western {
    variant: Variant,
}

impl Western {
    pub fn new(variant: Variant) -> Self {
        Western { variant }
    }

    /// Every move of the side to move, ignoring whether it leaves the royal attacked.
    pub fn pseudo_legal(&self, pos: &Position, out: &mut MoveList) {
        let v = &self.variant;
        let side = pos.side();
        piece_moves(v, pos, side, |from, to| {
            if pos.at(from).is_pawn() && promotion::must_promote(v, to, side) {
                promotion::promotions(v, from, to, |m| out.push(m));
            } else {
                out.push(Move::normal(from, to));
            }
        });
        if v.spec.en_passant {
            en_passant::en_passant_moves(v, pos, |m| out.push(m));
        }
        castling::castling_moves(v, pos, side, |m| out.push(m));
    }

    /// The pseudo-legal captures, promotions and en passant captures, in the order
    /// [`pseudo_legal`](Self::pseudo_legal) lists them, on a board of up to 128 cells
    /// (`occupied`: every man's cell). Only pawns walk all their moves (a push may promote);
    /// the other men look at their captures alone.
    fn pseudo_legal_tactical(&self, pos: &Position, occupied: Cells, out: &mut MoveList) {
        let v = &self.variant;
        let side = pos.side();
        let enemies = occupied & !pos.occupied(side).low_cells();
        for from in pos.occupied(side).iter() {
            if pos.at(from).is_pawn() {
                moves_from(v, pos, side, from, &mut |from, to| {
                    if promotion::must_promote(v, to, side) {
                        promotion::promotions(v, from, to, |m| out.push(m));
                    } else if has(enemies, to) {
                        out.push(Move::normal(from, to));
                    }
                });
            } else {
                captures_from(v, pos, side, from, occupied, enemies, &mut |from, to| {
                    out.push(Move::normal(from, to))
                });
            }
        }
        if v.spec.en_passant {
            en_passant::en_passant_moves(v, pos, |m| out.push(m));
        }
    }

    /// Removes from `out` the pseudo-legal moves that leave the mover's royal attacked
    /// (public so other families with the orthodox check rule can reuse it).
    pub fn keep_legal(&self, pos: &mut Position, out: &mut MoveList) {
        let v = &self.variant;
        let side = pos.side();
        let Some(royal) = pos.royals(side).first() else {
            return;
        };
        let in_check = attacked_by_enemy(v, pos, royal, side);
        // In check, a man other than the royal must take the checker or step between
        // (`None`: the moves are made to see).
        let blocks = if in_check && v.fast_legality {
            check_blocks(v, pos, royal, side)
        } else {
            None
        };
        if v.fast_legality && (!in_check || blocks.is_some()) {
            // Only royal moves, pinned pieces, en passant and castling can expose the royal;
            // in check, only a move that ends it can be legal.
            let pins = pinned(v, pos, royal, side);
            match blocks {
                None => out.retain(|&mv| self.legal_out_of_check(pos, mv, royal, &pins)),
                Some(blocks) => out.retain(|&mv| match mv.kind {
                    MoveKind::Normal if mv.from == royal => {
                        pos.with_cell_emptied(royal, |p| !attacked_by_enemy(v, p, mv.to, side))
                    }
                    MoveKind::Normal if !pins.contains(mv.from) => blocks.contains(mv.to),
                    _ => self.leaves_royal_safe(pos, mv),
                }),
            }
        } else {
            out.retain(|&mv| self.leaves_royal_safe(pos, mv));
        }
    }

    /// Whether the pseudo-legal `mv` of a side not in check, whose royal stands on `royal`
    /// and whose `pinned` men are known, leaves the royal safe (variants with
    /// `fast_legality`): only the royal's moves, a pinned man's and the special moves are
    /// looked at.
    #[inline]
    fn legal_out_of_check(
        &self,
        pos: &mut Position,
        mv: Move,
        royal: Sq,
        pinned: &SquareSet,
    ) -> bool {
        let v = &self.variant;
        let side = pos.side();
        match mv.kind {
            MoveKind::Normal if mv.from == royal => {
                pos.with_cell_emptied(royal, |p| !attacked_by_enemy(v, p, mv.to, side))
            }
            MoveKind::Normal if !pinned.contains(mv.from) => true,
            MoveKind::Drop => true,
            _ => self.leaves_royal_safe(pos, mv),
        }
    }

    /// Makes the move and tells whether the mover's royal is then safe.
    fn leaves_royal_safe(&self, pos: &mut Position, mv: Move) -> bool {
        let side = pos.side();
        self.make(pos, mv);
        let safe = match pos.royals(side).first() {
            Some(royal) => !attacked_by_enemy(&self.variant, pos, royal, side),
            None => true,
        };
        pos.undo();
        safe
    }
}

impl Western {
    /// Whether the player who just moved has a flag piece on its flag cells (King of the Hill,
    /// from a variant file): the game is then over and has no moves, as in Fairy-Stockfish.
    #[inline]
    fn flag_reached(&self, pos: &Position) -> bool {
        let Some(flag) = &self.variant.spec.flag else {
            return false;
        };
        let mover = (pos.side() + 1) % 2;
        pos.occupied(mover).iter().any(|sq| {
            flag.cells[mover as usize][sq as usize]
                && flag.kind.is_none_or(|k| pos.at(sq).kind() == k)
        })
    }
}

impl Game for Western {
    fn variant(&self) -> &Variant {
        &self.variant
    }

    fn legal_moves(&self, pos: &mut Position, out: &mut MoveList) {
        out.clear();
        if self.flag_reached(pos) {
            return;
        }
        self.pseudo_legal(pos, out);
        self.keep_legal(pos, out);
    }

    fn decided(&self, pos: &Position) -> Option<Verdict> {
        self.flag_reached(pos).then_some(Verdict::Loss)
    }

    /// Out of check the pseudo-legal moves, checked one by one as [`keep_legal`] would
    /// (Self::keep_legal); in check the legal moves, since most moves are then illegal.
    fn search_moves(&self, pos: &mut Position, out: &mut MoveList) -> Listed {
        out.clear();
        if self.flag_reached(pos) {
            return Listed::Legal;
        }
        self.pseudo_legal(pos, out);
        let v = &self.variant;
        let side = pos.side();
        if let Some(royal) = pos.royals(side).first()
            && v.fast_legality
            && !attacked_by_enemy(v, pos, royal, side)
        {
            return Listed::Pseudo {
                royal,
                pinned: pinned(v, pos, royal, side),
            };
        }
        self.keep_legal(pos, out);
        Listed::Legal
    }

    fn is_legal_listed(&self, pos: &mut Position, mv: Move, listed: &Listed) -> bool {
        match *listed {
            Listed::Legal => true,
            Listed::Pseudo { royal, pinned } => self.legal_out_of_check(pos, mv, royal, &pinned),
        }
    }

    fn tactical_moves(&self, pos: &mut Position, out: &mut MoveList) {
        out.clear();
        if self.flag_reached(pos) {
            return;
        }
        match pos.occupied_cells() {
            Some(occupied) => self.pseudo_legal_tactical(pos, occupied, out),
            None => {
                self.pseudo_legal(pos, out);
                out.retain(|&mv| {
                    mv.is_promotion() || mv.kind == MoveKind::EnPassant || !pos.at(mv.to).is_empty()
                });
                // Castling is never a capture; drops neither.
                out.retain(|&mv| mv.kind != MoveKind::Castle && mv.kind != MoveKind::Drop);
            }
        }
        self.keep_legal(pos, out);
    }

    fn make(&self, pos: &mut Position, mv: Move) {
        let v = &self.variant;
        let z = &v.zobrist;
        let side = pos.side();
        pos.begin_move();
        let mut halfmove = pos.halfmove().saturating_add(1);
        let mut rights = pos.castling();
        let mut ep = EnPassant::NONE;
        match mv.kind {
            MoveKind::Normal => {
                let piece = pos.at(mv.from);
                let captured = pos.at(mv.to);
                if !captured.is_empty() || piece.is_pawn() {
                    halfmove = 0;
                }
                rights &= !(v.rights_lost[mv.from as usize] | v.rights_lost[mv.to as usize]);
                let placed = if mv.piece != NO_KIND {
                    v.piece(mv.piece, side)
                } else {
                    piece
                };
                pos.put(mv.from, Piece::EMPTY, z);
                pos.put(mv.to, placed, z);
                if piece.is_pawn() && v.spec.en_passant {
                    ep = en_passant::after_advance(v, pos, mv.from, mv.to, side);
                }
            }
            MoveKind::EnPassant => {
                let pawn = pos.at(mv.from);
                halfmove = 0;
                pos.put(mv.from, Piece::EMPTY, z);
                pos.put(mv.aux, Piece::EMPTY, z);
                pos.put(mv.to, pawn, z);
            }
            MoveKind::Castle => {
                let king = pos.at(mv.from);
                let rook = pos.at(mv.aux);
                rights &= !(0b11 << (2 * side));
                pos.put(mv.from, Piece::EMPTY, z);
                pos.put(mv.aux, Piece::EMPTY, z);
                pos.put(mv.to, king, z);
                pos.put(castling::rook_destination(mv.from, mv.to), rook, z);
            }
            MoveKind::Drop => {
                let count = pos.hand(side, mv.piece);
                pos.set_hand(side, mv.piece, count.saturating_sub(1), z);
                pos.put(mv.to, v.piece(mv.piece, side), z);
            }
            MoveKind::Null => {}
        }
        pos.set_castling(rights, z);
        pos.set_en_passant(ep, z);
        pos.set_halfmove(halfmove);
        pos.pass_turn(z);
    }

    fn in_check(&self, pos: &Position) -> bool {
        let side = pos.side();
        pos.royals(side)
            .first()
            .is_some_and(|royal| attacked_by_enemy(&self.variant, pos, royal, side))
    }

    fn outcome(&self, pos: &Position, legal_count: usize) -> Option<Outcome> {
        let end = &self.variant.spec.end;
        let side = pos.side();
        let other = (side + 1) % pos.players();
        if self.flag_reached(pos) {
            return Some(Outcome::Win {
                winner: other,
                reason: Reason::Flag,
            });
        }
        if legal_count == 0 {
            return Some(if self.in_check(pos) {
                Outcome::Win {
                    winner: other,
                    reason: Reason::Checkmate,
                }
            } else {
                match end.stalemate {
                    StalemateRule::Draw => Outcome::Draw {
                        reason: Reason::Stalemate,
                    },
                    StalemateRule::MoverLoses => Outcome::Win {
                        winner: other,
                        reason: Reason::Stalemate,
                    },
                }
            });
        }
        if let Some(draw) = end.draw_by_rule(pos) {
            return Some(draw);
        }
        if end.bare_royals_draw
            && (0..pos.players()).all(|p| pos.occupied(p).len() == pos.royals(p).len())
        {
            return Some(Outcome::Draw {
                reason: Reason::InsufficientMaterial,
            });
        }
        None
    }
}
