//! The Cubism family's game: one implementation of [`Game`] for Cubic, Sphinx and Ecila chess
//! under any of the four rule sets (docs/cubism.md §0.1).
//!
//! What data cannot say lives here: promotion onto a zone of any shape (the far rank on every
//! level, the far row of the far boards), compulsory captures, the goal of each rule set, the
//! Sphinx perpetual-check win and Ecila's placement opening. Moves of pieces come from the
//! core tables; the orthodox check rule and the making of moves are the Western family's.

use super::placement::{self, Next};
use super::rules::RuleSet;
use super::{perpetual, promotion};
use crate::core::board::SquareSet;
use crate::core::game::Game;
use crate::core::movegen::piece_moves;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::outcome::{Outcome, Reason, Verdict};
use crate::core::piece::{KindId, NO_KIND};
use crate::core::position::Position;
use crate::core::rules::compulsion::keep_captures_if_any;
use crate::core::variant::Variant;
use crate::fen::player_name;
use crate::variants::western::Western;

/// What a Cubism game adds to its variant data.
#[derive(Clone, Debug)]
pub struct Rules {
    pub rules: RuleSet,
    /// Kinds a pawn may promote to (compulsory, on the far rank of its orientation).
    pub promotion: Vec<KindId>,
    /// The king's kind (the goal in Compulsion-royal, placed first in Ecila Chess).
    pub king: KindId,
    /// `Some(restricted)`: the game opens with placement (Ecila); restricted = Ecila Chess.
    pub placement: Option<bool>,
    /// Sphinx: a repetition with one player checking on every move is his win.
    pub perpetual_check: bool,
    /// King confinement: the cells each player's king must stand on (and so never leaves,
    /// its moves being confined by its data).
    pub king_zone: Option<[SquareSet; 2]>,
    /// How the zone is named in messages ("board h").
    pub zone_names: [&'static str; 2],
}

#[derive(Debug)]
pub struct Cubism {
    western: Western,
    rules: Rules,
}

impl Cubism {
    pub fn new(variant: Variant, rules: Rules) -> Self {
        Cubism {
            western: Western::new(variant),
            rules,
        }
    }

    pub fn rule_set(&self) -> RuleSet {
        self.rules.rules
    }

    /// Piece moves with promotions, before the legality filter of the rule set.
    fn pseudo_legal(&self, pos: &Position, out: &mut MoveList) {
        let v = self.variant();
        let side = pos.side();
        piece_moves(v, pos, side, |from, to| {
            if pos.at(from).is_pawn() && promotion::in_zone(v, to, side) {
                for &kind in &self.rules.promotion {
                    out.push(Move::promotion(from, to, kind));
                }
            } else {
                out.push(Move::normal(from, to));
            }
        });
    }

    fn has_king(&self, pos: &Position, player: u8) -> bool {
        pos.occupied(player)
            .iter()
            .any(|sq| pos.at(sq).kind() == self.rules.king)
    }

    fn placing(&self, pos: &Position) -> Option<bool> {
        let restricted = self.rules.placement?;
        placement::in_placement(self.variant(), pos).then_some(restricted)
    }

    /// Plays a placement and decides who places next (or ends the placement).
    fn place(&self, pos: &mut Position, mv: Move, restricted: bool) {
        let v = self.variant();
        let z = &v.zobrist;
        let side = pos.side();
        pos.begin_move();
        let held = pos.hand(side, mv.piece);
        pos.set_hand(side, mv.piece, held.saturating_sub(1), z);
        pos.put(mv.to, v.piece(mv.piece, side), z);
        pos.set_halfmove(0);
        let next = match placement::next_after_placement(v, pos, side, restricted, self.rules.king)
        {
            Next::Player(p) => p,
            Next::PlacementOver => {
                for player in 0..pos.players() {
                    for kind in 0..v.kinds() as KindId {
                        if pos.hand(player, kind) > 0 {
                            pos.set_hand(player, kind, 0, z);
                        }
                    }
                }
                0
            }
        };
        // A full move ends with Black's placement, or with any placement made alone.
        if side == 1 || next == side {
            pos.set_fullmove(pos.fullmove() + 1);
        }
        pos.set_side(next, z);
    }

    fn verdict_outcome(pos: &Position, verdict: Verdict, reason: Reason) -> Outcome {
        let side = pos.side();
        match verdict {
            Verdict::Loss => Outcome::Win {
                winner: 1 - side,
                reason,
            },
            Verdict::Win => Outcome::Win {
                winner: side,
                reason,
            },
            Verdict::Draw => Outcome::Draw { reason },
        }
    }
}

impl Game for Cubism {
    fn variant(&self) -> &Variant {
        self.western.variant()
    }

    fn legal_moves(&self, pos: &mut Position, out: &mut MoveList) {
        out.clear();
        if self.decided(pos).is_some() {
            return;
        }
        if let Some(restricted) = self.placing(pos) {
            let v = self.variant();
            placement::placements(v, pos, pos.side(), restricted, self.rules.king, out);
            return;
        }
        self.pseudo_legal(pos, out);
        if self.rules.rules.royal_king() {
            self.western.keep_legal(pos, out);
        } else {
            keep_captures_if_any(pos, out);
        }
    }

    fn make(&self, pos: &mut Position, mv: Move) {
        match (mv.kind, self.rules.placement) {
            (MoveKind::Drop, Some(restricted)) => self.place(pos, mv, restricted),
            _ => self.western.make(pos, mv),
        }
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.rules.rules.royal_king() && self.western.in_check(pos)
    }

    fn outcome(&self, pos: &Position, legal_count: usize) -> Option<Outcome> {
        if let Some(verdict) = self.decided(pos) {
            let reason = match self.rules.rules {
                RuleSet::CompulsionRoyal => Reason::RoyalCaptured,
                _ => Reason::NoMoves,
            };
            return Some(Self::verdict_outcome(pos, verdict, reason));
        }
        if legal_count == 0 {
            let verdict = self.no_moves(pos);
            let reason = match verdict {
                Verdict::Loss if self.in_check(pos) => Reason::Checkmate,
                Verdict::Draw => Reason::Stalemate,
                _ => Reason::NoMoves,
            };
            return Some(Self::verdict_outcome(pos, verdict, reason));
        }
        let end = &self.variant().spec.end;
        if end.move_limit_reached(pos) {
            return Some(Outcome::Draw {
                reason: Reason::MoveLimit,
            });
        }
        if end.repetition_reached(pos) {
            if self.rules.perpetual_check
                && let Some(winner) = perpetual::perpetual_checker(self, pos, 2)
            {
                return Some(Outcome::Win {
                    winner,
                    reason: Reason::PerpetualCheck,
                });
            }
            return Some(Outcome::Draw {
                reason: Reason::Repetition,
            });
        }
        None
    }

    fn null_move_sound(&self) -> bool {
        self.rules.rules == RuleSet::Orthodox && self.rules.placement.is_none()
    }

    fn decided(&self, pos: &Position) -> Option<Verdict> {
        let side = pos.side();
        match self.rules.rules {
            RuleSet::Orthodox => None,
            RuleSet::CompulsionRoyal => (!self.has_king(pos, side)).then_some(Verdict::Loss),
            RuleSet::Scacia | RuleSet::Losing => (pos.occupied(side).is_empty()
                && !placement::has_men_in_hand(self.variant(), pos, side))
            .then_some(self.rules.rules.no_moves()),
        }
    }

    fn no_moves(&self, pos: &Position) -> Verdict {
        if self.in_check(pos) {
            Verdict::Loss
        } else {
            self.rules.rules.no_moves()
        }
    }

    fn repetition(&self, pos: &Position) -> Verdict {
        if !self.rules.perpetual_check {
            return Verdict::Draw;
        }
        match perpetual::perpetual_checker(self, pos, 1) {
            Some(p) if p == pos.side() => Verdict::Win,
            Some(_) => Verdict::Loss,
            None => Verdict::Draw,
        }
    }

    fn wants_material(&self) -> bool {
        self.rules.rules != RuleSet::Losing
    }

    fn compulsory_captures(&self) -> bool {
        self.rules.rules.compulsory_captures()
    }

    fn position_problems(&self, pos: &Position) -> Vec<String> {
        let v = self.variant();
        let mut problems = Vec::new();
        for player in 0..pos.players() {
            for sq in pos.occupied(player).iter() {
                let p = pos.at(sq);
                if p.is_pawn() && promotion::in_zone(v, sq, player) {
                    problems.push(format!(
                        "pawn on {} stands on its promotion rank",
                        v.square_name(sq)
                    ));
                }
            }
        }
        if let Some(restricted) = self.placing(pos) {
            let side = pos.side();
            if !placement::has_men_in_hand(v, pos, side)
                || !placement::can_place(v, pos, side, restricted, self.rules.king)
            {
                problems.push(format!(
                    "{} is to place a man but cannot (the turn passes automatically)",
                    player_name(side)
                ));
            }
        }
        let king = self.rules.king;
        if self.rules.rules == RuleSet::CompulsionRoyal && king != NO_KIND {
            for player in 0..pos.players() {
                let n = pos
                    .occupied(player)
                    .iter()
                    .filter(|&sq| pos.at(sq).kind() == king)
                    .count();
                if n != 1 {
                    problems.push(format!(
                        "{} has {n} kings (needs exactly one)",
                        player_name(player)
                    ));
                }
            }
        }
        if let Some(zones) = &self.rules.king_zone {
            for player in 0..pos.players() {
                for sq in pos.occupied(player).iter() {
                    if pos.at(sq).kind() == king && !zones[player as usize].contains(sq) {
                        problems.push(format!(
                            "{}'s king on {} is outside {} (king confinement)",
                            player_name(player),
                            v.square_name(sq),
                            self.rules.zone_names[player as usize]
                        ));
                    }
                }
            }
        }
        problems
    }
}
