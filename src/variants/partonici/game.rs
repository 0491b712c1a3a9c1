//! The Partonici `Game`: moves to empty squares only, promotion on the last rank, custodian
//! captures as the side effect of every move, and the family's game ends.
//!
//! For the generic search: a decided game (royals lost, a claimed win) has no legal moves and
//! `in_check` tells the side to move that it has lost; positions without moves are scored by
//! [`Game::outcome`] (a loss, or capture totals, or a draw in the royal games), and the quiet
//! limit and repetitions, where the search stops early, by [`Game::end_verdict`]. Null-move
//! pruning is off: zugzwang is common when pieces may only advance.

use super::captures::{CaptureRules, Lines, TALLY_KIND, captures_of_move, find_captures, tally};
use super::end::EndRules;
use super::pieces::{PieceTable, Ruleset};
use super::{Settings, Setup, spec};
use crate::core::board::{Piece, SquareSet};
use crate::core::game::{Game, RoyalRule, Verdict};
use crate::core::movegen::piece_moves;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::outcome::Outcome;
use crate::core::piece::{KindId, NO_KIND};
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::geometry::Sq;
use crate::variants::VariantError;

/// A Partonici game with its tables.
#[derive(Debug)]
pub struct Partonici {
    variant: Variant,
    // Boxed: keeps the family's share of `AnyGame` small.
    table: Box<PieceTable>,
    lines: Box<Lines>,
    captures: CaptureRules,
    end: EndRules,
    /// Kinds a scaci pawn may choose on promotion (their unpromoted kinds, which carry the
    /// move suffix letter); empty when there is no choice to make.
    choices: Vec<KindId>,
    /// The promotion type when there is no choice (a display letter).
    default_choice: char,
}

impl Partonici {
    pub fn new(setup: &Setup, settings: &Settings) -> Result<Self, VariantError> {
        let table = PieceTable::new(setup.ruleset, settings.lines);
        let mut variant = spec(setup, settings, table.kinds.clone())
            .conclude()
            .map_err(VariantError::Invalid)?;
        variant.family_notation = Some(&super::notation::NOTATION);
        let mut letters = settings.promotion.clone();
        if letters.is_empty() || letters.iter().any(|c| !"QRBN".contains(*c)) {
            return Err(VariantError::Invalid(format!(
                "scaci promotion types '{}' (choose among Q R B N)",
                letters.iter().collect::<String>()
            )));
        }
        letters.dedup();
        let choices = if letters.len() > 1 {
            letters
                .iter()
                .filter_map(|&c| table.find(c, false, false))
                .collect()
        } else {
            Vec::new()
        };
        let end = EndRules {
            royal: setup.ruleset.is_royal(),
            claim: (setup.ruleset == Ruleset::Pawn).then_some(settings.claim),
            quiet_limit: variant.spec.end.move_limit.unwrap_or(100),
            repetitions: variant.spec.end.repetitions.unwrap_or(3) as usize,
        };
        let lines = Box::new(Lines::new(variant.geometry()));
        Ok(Partonici {
            variant,
            table: Box::new(table),
            lines,
            captures: CaptureRules {
                clp_mover_at_end: settings.clp_mover_at_end,
            },
            end,
            choices,
            default_choice: letters[0],
        })
    }

    pub fn table(&self) -> &PieceTable {
        &self.table
    }

    pub fn ruleset(&self) -> Ruleset {
        self.table.ruleset
    }

    pub fn end_rules(&self) -> &EndRules {
        &self.end
    }

    pub fn lines(&self) -> &Lines {
        &self.lines
    }

    pub fn capture_rules(&self) -> CaptureRules {
        self.captures
    }

    /// True when a piece of `kind` arriving on `to` is promoted there.
    #[inline]
    fn promotes(&self, kind: KindId, to: Sq, side: u8) -> bool {
        !self.table.info[kind as usize].promoted
            && self.variant.relative_rank(to, side) + 1 == self.variant.geometry().ranks()
    }

    /// The piece that stands on the destination after `mv` (promoted if it arrives on the
    /// last rank unpromoted: compulsory and immediate, D-12).
    fn arriving(&self, piece: Piece, mv: Move, side: u8) -> Piece {
        if !self.promotes(piece.kind(), mv.to, side) {
            return piece;
        }
        let choice = if mv.piece != NO_KIND {
            self.table.info[mv.piece as usize].letter
        } else {
            self.default_choice
        };
        match self.table.promoted_kind(piece.kind(), choice) {
            NO_KIND => piece,
            kind => self.variant.piece(kind, side),
        }
    }

    /// The squares `mv` would capture, in ascending order.
    pub fn captures_of(&self, pos: &Position, mv: Move) -> SquareSet {
        if mv.kind != MoveKind::Normal {
            return SquareSet::default();
        }
        captures_of_move(&self.lines, self.captures, pos, mv.from, mv.to)
    }

    /// True when `mv` promotes the moving piece.
    pub fn is_promoting(&self, pos: &Position, mv: Move) -> bool {
        mv.kind == MoveKind::Normal && self.promotes(pos.at(mv.from).kind(), mv.to, pos.side())
    }

    /// Everything `mv` changes besides moving its piece, for the search to weigh (it orders
    /// and prunes by what a move wins; the rules only say what happens).
    pub fn move_effect(&self, pos: &Position, mv: Move) -> MoveEffect {
        let taken = self.captures_of(pos, mv);
        let promoting = self.is_promoting(pos, mv);
        let wins_at_once = self.end.wins_at_once(&self.table, pos, &taken, promoting);
        let promotion = promoting.then(|| {
            let piece = pos.at(mv.from);
            (piece, self.arriving(piece, mv, pos.side()))
        });
        MoveEffect {
            taken,
            promotion,
            wins_at_once,
        }
    }
}

/// What a Partonici move does beyond moving its piece ([`Partonici::move_effect`]).
#[derive(Clone, Debug)]
pub struct MoveEffect {
    /// The squares its custodian captures empty.
    pub taken: SquareSet,
    /// The piece before and after promotion, when the move promotes.
    pub promotion: Option<(Piece, Piece)>,
    /// The move ends the game in the mover's favour (the last enemy royal taken, the claim
    /// completed).
    pub wins_at_once: bool,
}

impl Game for Partonici {
    fn variant(&self) -> &Variant {
        &self.variant
    }

    fn legal_moves(&self, pos: &mut Position, out: &mut MoveList) {
        out.clear();
        if self.end.decided(&self.table, pos).is_some() {
            return;
        }
        let side = pos.side();
        piece_moves(&self.variant, pos, side, |from, to| {
            let kind = pos.at(from).kind();
            let choose = !self.choices.is_empty()
                && self.table.info[kind as usize].promotes_to == NO_KIND
                && self.promotes(kind, to, side);
            if choose {
                out.extend(self.choices.iter().map(|&k| Move::promotion(from, to, k)));
            } else {
                out.push(Move::normal(from, to));
            }
        });
    }

    fn make(&self, pos: &mut Position, mv: Move) {
        let z = &self.variant.zobrist;
        let side = pos.side();
        pos.begin_move();
        let mut quiet = pos.halfmove().saturating_add(1);
        if mv.kind == MoveKind::Normal {
            let piece = pos.at(mv.from);
            if !self.table.info[piece.kind() as usize].promoted {
                quiet = 0;
            }
            let placed = self.arriving(piece, mv, side);
            pos.put(mv.from, Piece::EMPTY, z);
            pos.put(mv.to, placed, z);
            let taken = find_captures(&self.lines, self.captures, |sq| pos.at(sq), mv.to, side);
            let count = taken.len();
            if count > 0 {
                for sq in taken.iter() {
                    pos.put(sq, Piece::EMPTY, z);
                }
                let total = (tally(pos, side) as usize + count).min(u8::MAX as usize) as u8;
                pos.set_hand(side, TALLY_KIND, total, z);
                quiet = 0;
            }
        }
        pos.set_halfmove(quiet);
        pos.pass_turn(z);
    }

    /// True when the side to move has lost already (its royals are gone, or the opponent's
    /// win by the claim rule stands): the search then scores it as mated.
    fn in_check(&self, pos: &Position) -> bool {
        self.end
            .decided(&self.table, pos)
            .is_some_and(|(winner, _)| winner != pos.side())
    }

    fn outcome(&self, pos: &Position, legal_count: usize) -> Option<Outcome> {
        self.end.outcome(&self.table, pos, legal_count)
    }

    fn captured(&self, pos: &Position, mv: Move) -> Option<Piece> {
        self.captures_of(pos, mv)
            .iter()
            .map(|sq| pos.at(sq))
            .max_by_key(|p| self.variant.kind(p.kind()).value)
    }

    /// Captures, and promotions that win at once (the claim). Other promotions are left to
    /// the evaluation's promotion term: mobile pawns reach the last rank from afar by several
    /// rays, and searching every promotion of both sides makes quiescence explode.
    fn tactical_moves(&self, pos: &mut Position, out: &mut MoveList) {
        self.legal_moves(pos, out);
        out.retain(|&mv| {
            let taken = self.captures_of(pos, mv);
            !taken.is_empty()
                || (self.is_promoting(pos, mv)
                    && self.end.wins_at_once(&self.table, pos, &taken, true))
        });
    }

    /// There is no check: royals are taken by partonic captures like any piece.
    fn royal_rule(&self) -> RoyalRule {
        RoyalRule::Capture
    }

    fn end_verdict(&self, pos: &Position) -> Option<Verdict> {
        Some(self.end.verdict(&self.table, pos))
    }

    /// No legal move: the game is over (royals lost, a claim, or simply stuck) and the
    /// rules' own result decides, by captures where nothing else does.
    fn no_moves(&self, pos: &Position) -> Verdict {
        match self.outcome(pos, 0) {
            Some(Outcome::Win { winner, .. }) if winner == pos.side() => Verdict::Win,
            Some(Outcome::Win { .. }) => Verdict::Loss,
            _ => Verdict::Draw,
        }
    }

    fn null_move_sound(&self) -> bool {
        false
    }
}
