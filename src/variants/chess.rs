//! Orthodox chess: the control game, with public perft numbers to check the core against.
//! Rules: FIDE laws (castling two squares, en passant, promotion to Q R B N, stalemate draws,
//! 50-move rule, threefold repetition).

use crate::core::piece::{Atom, Mode, PieceKind, Reach};
use crate::core::tables::Orientation;
use crate::core::variant::{CastlingRule, EndRules, PromotionRule, StalemateRule, VariantSpec};
use crate::geometry::{Geometry, Vector};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Kind indices (the order of [`pieces`]).
pub const PAWN: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const BISHOP: u8 = 2;
pub const ROOK: u8 = 3;
pub const QUEEN: u8 = 4;
pub const KING: u8 = 5;

/// A pawn that may advance `first_steps` cells from each of its relative ranks listed in
/// `multi` (0-based), one cell elsewhere, and captures one cell diagonally forward.
pub fn pawn(multi: &[(u8, u8)], betza: &str) -> PieceKind {
    let forward = vec![Vector::flat(0, 1)];
    let mut atoms: Vec<Atom> = multi
        .iter()
        .map(|&(rank, steps)| {
            Atom::new(forward.clone(), Reach::Ride { range: steps }, Mode::MOVE).from_ranks(&[rank])
        })
        .collect();
    let ranks: Vec<u8> = multi.iter().map(|&(r, _)| r).collect();
    atoms.push(Atom::new(forward, Reach::Leap, Mode::MOVE).except_ranks(&ranks));
    atoms.push(Atom::new(
        vec![Vector::flat(-1, 1), Vector::flat(1, 1)],
        Reach::Leap,
        Mode::CAPTURE,
    ));
    PieceKind {
        betza: betza.into(),
        ..PieceKind::from_atoms("pawn", 'P', atoms)
    }
    .worth(100)
    .pawn()
}

/// A piece from a Betza string that is known to be valid (the table is fixed data).
pub fn betza_piece(name: &str, letter: char, betza: &str) -> PieceKind {
    PieceKind::from_betza(name, letter, betza).expect("built-in Betza strings are valid")
}

/// The standard chess army in kind order P N B R Q K.
///
/// Mobility (in quarters, see [`PieceKind::mobility`]): about 9·√(8 / the kind's average reach
/// on the empty board) (knight 11.1, bishop 8.6, rook 6.8, queen 5.3; the numbers below are the
/// ones measured), so a knight's move is worth about twice a queen's. Against
/// Fairy-Stockfish at node odds (issue 12) these numbers scored 69.6% in 400 games where
/// counting every move once scored 59.9%. Other variants' kinds still count a move once: in
/// Wildebeest the same rule scored exactly as counting once did (63.0% at node odds, 200 games
/// from distinct openings; docs/experiments.md).
pub fn standard_army(pawn: PieceKind) -> Vec<PieceKind> {
    vec![
        pawn,
        betza_piece("knight", 'N', "N").worth(320).mobile(11),
        betza_piece("bishop", 'B', "B").worth(330).mobile(8),
        betza_piece("rook", 'R', "R").worth(500).mobile(7),
        betza_piece("queen", 'Q', "Q").worth(950).mobile(5),
        betza_piece("king", 'K', "K").royal(),
    ]
}

pub fn spec() -> VariantSpec {
    VariantSpec {
        name: "chess".into(),
        title: "Orthodox chess".into(),
        geometry: Geometry::flat(8, 8).expect("8x8 is a valid board"),
        orientation: Orientation::Facing,
        players: 2,
        pieces: standard_army(pawn(&[(1, 2)], "fmWfcFifmnD")),
        start: START.into(),
        castling: Some(CastlingRule::both_wings(2, 2, 4, ROOK)),
        en_passant: true,
        promotion: Some(PromotionRule {
            choices: vec![QUEEN, ROOK, BISHOP, KNIGHT],
        }),
        end: EndRules {
            stalemate: StalemateRule::Draw,
            move_limit: Some(100),
            repetitions: Some(3),
            bare_royals_draw: true,
        },
        holdings: false,
        flag: None,
    }
}
