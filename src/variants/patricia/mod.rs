//! Patricia (Rob Nierse, 1996): 5x5 chess with two-faced discs that turn over when they
//! move, drops of captured men, and the royal captured rather than mated.
//!
//! Source: the source document (H. Bodlaender's page). Rulings followed:
//! docs/patricia.md — royal K<->Q and officers B<->R flip after every
//! board move, captures included ([`flip`]); pawns step one square, capture diagonally
//! forward and promote to a knight, optionally on the 4th rank and compulsorily on the 5th,
//! and a knight never flips back ([`promotion`]); captured men go to the hand with their face
//! and may be dropped on any empty square, a pawn not on its 5th rank ([`drops`]); no check
//! rule (legal = pseudo-legal), capturing the royal wins at once and the position after it
//! has no moves; stalemate and threefold repetition draw; no move-count rule unless the
//! `PatriciaMoveRule` option sets one.
//!
//! Optional rules (A7), freely combinable: `PatriciaPawnFlips` (the pawn-disc flips P<->N
//! and never promotes), `PatriciaFreeFace` (drop either face), `PatriciaKingStays` (the
//! royal is always a king).

pub mod drops;
pub mod flip;
pub mod promotion;

use crate::core::attacks::attacked_by_enemy;
use crate::core::board::Piece;
use crate::core::game::{Game, RoyalRule};
use crate::core::movegen::piece_moves;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::outcome::{Outcome, Reason, Verdict};
use crate::core::piece::{KindId, NO_KIND, PieceKind};
use crate::core::position::Position;
use crate::core::tables::Orientation;
use crate::core::variant::{EndRules, StalemateRule, Variant, VariantSpec};
use crate::geometry::{Geometry, Sq};
use crate::variants::OptionValues;
use crate::variants::chess::{betza_piece, pawn};
use drops::Hands;
use flip::Flips;

pub const START: &str = "1bkb1/1p1p1/5/1P1P1/1BKB1[] w - - 0 1";

/// Kind indices (the order of [`army`]).
pub const PAWN: KindId = 0;
pub const KNIGHT: KindId = 1;
pub const BISHOP: KindId = 2;
pub const ROOK: KindId = 3;
pub const KING: KindId = 4;
pub const QUEEN: KindId = 5;

/// Option names (docs/notation.md; declared in `variants::options`).
pub const PAWN_FLIPS: &str = "PatriciaPawnFlips";
pub const FREE_FACE: &str = "PatriciaFreeFace";
pub const KING_STAYS: &str = "PatriciaKingStays";
pub const MOVE_RULE: &str = "PatriciaMoveRule";

/// The two royal faces are worth the same (a flip changes no material) and far more than
/// anything else, so the search orders royal captures first and never prunes them; each
/// side has exactly one royal, so the value cancels out of the evaluation.
const ROYAL_VALUE: i32 = 2000;

/// The men, faces as kinds. Values for the search: on a 5x5 board with drops the rook face
/// is the strongest officer, the bishop close behind (it turns into a rook on its next move),
/// a knight a little weaker; all are worth more than in chess relative to a pawn, since
/// every capture also arms the captor's hand.
fn army() -> Vec<PieceKind> {
    vec![
        pawn(&[], "fmWfcF"),
        betza_piece("knight", 'N', "N").worth(300),
        betza_piece("bishop", 'B', "B").worth(330),
        betza_piece("rook", 'R', "R").worth(400),
        betza_piece("king", 'K', "K").royal().worth(ROYAL_VALUE),
        betza_piece("queen", 'Q', "Q").royal().worth(ROYAL_VALUE),
    ]
}

/// The rule data; `move_rule` is the `PatriciaMoveRule` value in moves (0 = none).
pub fn spec(move_rule: u16) -> VariantSpec {
    VariantSpec {
        name: "patricia".into(),
        title: "Patricia".into(),
        geometry: Geometry::flat(5, 5).expect("5x5 is a valid board"),
        orientation: Orientation::Facing,
        players: 2,
        pieces: army(),
        start: START.into(),
        castling: None,
        en_passant: false,
        promotion: None,
        end: EndRules {
            stalemate: StalemateRule::Draw,
            move_limit: (move_rule > 0).then(|| move_rule.saturating_mul(2)),
            repetitions: Some(3),
            bare_royals_draw: false,
        },
        holdings: true,
        flag: None,
    }
}

/// The optional rules in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub flips: Flips,
    pub hands: Hands,
}

impl Rules {
    pub fn from_options(opts: &OptionValues) -> Self {
        Rules {
            flips: Flips {
                royal: !opts.flag(KING_STAYS),
                pawn_disc: opts.flag(PAWN_FLIPS),
            },
            hands: Hands {
                free_face: opts.flag(FREE_FACE),
            },
        }
    }
}

/// A Patricia game: the variant tables and the optional rules in force.
#[derive(Debug)]
pub struct Patricia {
    variant: Variant,
    rules: Rules,
}

impl Patricia {
    pub fn new(variant: Variant, rules: Rules) -> Self {
        Patricia { variant, rules }
    }

    /// Builds the game with the variant options.
    pub fn build(opts: &OptionValues) -> Result<Self, String> {
        let move_rule = opts.number(MOVE_RULE).clamp(0, u16::MAX as i64) as u16;
        let variant = spec(move_rule).conclude()?;
        Ok(Patricia::new(variant, Rules::from_options(opts)))
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Board moves of the side to move (no drops); empty once its royal is gone.
    fn board_moves(&self, pos: &Position, out: &mut MoveList) {
        let v = &self.variant;
        let side = pos.side();
        let promotes = !self.rules.flips.pawn_disc;
        piece_moves(v, pos, side, |from, to| {
            if promotes && pos.at(from).kind() == PAWN {
                promotion::pawn_arrivals(v, side, from, to, |m| out.push(m));
            } else {
                out.push(Move::normal(from, to));
            }
        });
    }

    /// The face the moving disc shows on arrival.
    #[inline]
    fn arriving_face(&self, mv: &Move, moving: KindId) -> KindId {
        if mv.piece != NO_KIND {
            mv.piece
        } else {
            self.rules.flips.after_move(moving)
        }
    }

    /// The man standing on `mv.to` after `mv` is made in `pos` (before it is made): the
    /// moved disc with its new face, or the dropped one. XBoard is told this face.
    pub fn piece_after(&self, pos: &Position, mv: &Move) -> Piece {
        let side = pos.side();
        match mv.kind {
            MoveKind::Drop => self.variant.piece(mv.piece, side),
            MoveKind::Normal if !pos.at(mv.from).is_empty() => {
                let face = self.arriving_face(mv, pos.at(mv.from).kind());
                self.variant.piece(face, side)
            }
            _ => Piece::EMPTY,
        }
    }
}

impl Game for Patricia {
    fn variant(&self) -> &Variant {
        &self.variant
    }

    fn legal_moves(&self, pos: &mut Position, out: &mut MoveList) {
        out.clear();
        if pos.royals(pos.side()).is_empty() {
            return; // The royal was captured: the game is over.
        }
        self.board_moves(pos, out);
        self.rules.hands.drops(&self.variant, pos, out);
    }

    fn tactical_moves(&self, pos: &mut Position, out: &mut MoveList) {
        out.clear();
        if pos.royals(pos.side()).is_empty() {
            return;
        }
        // Drops never capture; promotions and captures are board moves.
        self.board_moves(pos, out);
        out.retain(|&mv| mv.is_promotion() || !pos.at(mv.to).is_empty());
    }

    fn make(&self, pos: &mut Position, mv: Move) {
        let v = &self.variant;
        let z = &v.zobrist;
        let side = pos.side();
        pos.begin_move();
        let mut halfmove = pos.halfmove().saturating_add(1);
        match mv.kind {
            MoveKind::Normal => {
                let moving = pos.at(mv.from);
                let captured = pos.at(mv.to);
                if !captured.is_empty() {
                    halfmove = 0;
                    if !captured.is_royal() {
                        let slot = self.rules.hands.slot(captured.kind());
                        let held = pos.hand(side, slot);
                        pos.set_hand(side, slot, held.saturating_add(1), z);
                    }
                }
                if moving.kind() == PAWN {
                    halfmove = 0;
                }
                let face = self.arriving_face(&mv, moving.kind());
                pos.put(mv.from, Piece::EMPTY, z);
                pos.put(mv.to, v.piece(face, side), z);
            }
            MoveKind::Drop => {
                let slot = self.rules.hands.slot(mv.piece);
                let held = pos.hand(side, slot);
                pos.set_hand(side, slot, held.saturating_sub(1), z);
                pos.put(mv.to, v.piece(mv.piece, side), z);
                if mv.piece == PAWN {
                    halfmove = 0;
                }
            }
            // Patricia has no castling and no en passant; a null move only passes.
            MoveKind::Null | MoveKind::Castle | MoveKind::EnPassant => {}
        }
        pos.set_halfmove(halfmove);
        pos.pass_turn(z);
    }

    /// The side to move's royal is attacked, or already gone. There is no check rule: the
    /// search uses this as a threat (extensions, full-width quiescence), and a position
    /// without the royal has no moves and is lost ([`Game::outcome`]).
    fn in_check(&self, pos: &Position) -> bool {
        let side = pos.side();
        match pos.royals(side).first() {
            Some(royal) => attacked_by_enemy(&self.variant, pos, royal, side),
            None => true,
        }
    }

    fn outcome(&self, pos: &Position, legal_count: usize) -> Option<Outcome> {
        let side = pos.side();
        if pos.royals(side).is_empty() {
            return Some(Outcome::Win {
                winner: (side + 1) % pos.players(),
                reason: Reason::RoyalCaptured,
            });
        }
        if legal_count == 0 {
            return Some(Outcome::Draw {
                reason: Reason::Stalemate,
            });
        }
        self.variant.spec.end.draw_by_rule(pos)
    }

    fn royal_rule(&self) -> RoyalRule {
        RoyalRule::Capture
    }

    /// The royal disc was captured: the side to move has lost (such a position has no moves).
    fn decided(&self, pos: &Position) -> Option<Verdict> {
        pos.royals(pos.side()).is_empty().then_some(Verdict::Loss)
    }

    fn check_setup(&self, pos: &mut Position) -> Vec<String> {
        let v = &self.variant;
        let mut problems = Vec::new();
        for player in 0..pos.players() {
            if pos.hand(player, KING) > 0 || pos.hand(player, QUEEN) > 0 {
                problems.push("a royal disc cannot be in hand".to_string());
            }
        }
        let last_rank = v.geometry().ranks() - 1;
        for sq in 0..pos.squares() as Sq {
            let p = pos.at(sq);
            if p.is_empty() {
                continue;
            }
            if p.kind() == PAWN
                && !self.rules.flips.pawn_disc
                && v.relative_rank(sq, p.owner()) == last_rank
            {
                problems.push(format!(
                    "pawn on {} cannot stand on its last rank (it promotes there)",
                    v.square_name(sq)
                ));
            }
            if p.kind() == QUEEN && !self.rules.flips.royal {
                problems.push(format!(
                    "queen on {}: with {KING_STAYS} the royal disc is always a king",
                    v.square_name(sq)
                ));
            }
        }
        if self.rules.hands.free_face {
            self.rules.hands.normalise(v, pos);
        }
        problems
    }
}
