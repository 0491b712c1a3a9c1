//! Cubic chess on 6x6x6 and its forms (docs/cubism.md §1): Cubic chess (orthodox),
//! Compulsion Cubic chess (royal capture, compulsory captures), Cubic Scacia (capture all)
//! and Tamerlane Cubic chess (orthodox, Tamerlane army).

use super::pieces::*;
use super::rules::RuleSet;
use super::{Family, king_for};
use crate::core::piece::PieceKind;
use crate::core::tables::Orientation;
use crate::variants::cubism::notation;

pub const CUBIC_START: &str = "rhubqk/pppppp/6/6/PPPPPP/KQBUHR|pppppp/6/6/6/6/PPPPPP|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6 w 0 1";

pub const TAMERLANE_START: &str = "rzkfzr/pppppp/6/6/PPPPPP/RZFKZR|dahhad/pppppp/6/6/PPPPPP/DAHHAD|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6 w 0 1";

/// Cubic chess under `rules`: the 18-man army of §1.3; promotion to Q R B U H, and K where
/// the king is an ordinary man (D6, D8).
pub fn cubic(name: &'static str, title: &'static str, rules: RuleSet) -> Family {
    let pieces: Vec<PieceKind> = vec![
        king_for(cubic_king(), rules),
        cubic_queen(),
        cubic_rook(),
        cubic_bishop(),
        cubic_unicorn(),
        cubic_horse(),
        cubic_pawn(),
    ];
    let promotion = if rules.king_promotes() {
        "QRBUHK"
    } else {
        "QRBUH"
    };
    Family {
        name,
        title,
        geometry: notation::cubic_geometry(),
        orientation: Orientation::Facing,
        pieces,
        start: CUBIC_START,
        rules,
        promotion,
        notation: notation::cubic,
        ..Family::default()
    }
}

/// Tamerlane Cubic chess: 24 men, promotion to R H Z D A F (D7), orthodox rules (D13).
pub fn tamerlane() -> Family {
    let rules = RuleSet::Orthodox;
    Family {
        name: "cubic-tamerlane",
        title: "Tamerlane Cubic chess",
        geometry: notation::cubic_geometry(),
        orientation: Orientation::Facing,
        pieces: vec![
            king_for(cubic_king(), rules),
            cubic_rook(),
            cubic_horse(),
            zurafa(),
            dabbaba(),
            alfil(),
            fers(),
            cubic_pawn(),
        ],
        start: TAMERLANE_START,
        rules,
        promotion: "RHZDAF",
        notation: notation::cubic,
        ..Family::default()
    }
}
