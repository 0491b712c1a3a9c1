//! Which keys of Fairy-Stockfish's variant format Menagerie reads, which it knows but does not
//! play yet (refused unless set to Fairy-Stockfish's default), and which are deprecated names.
//! Any other key is unknown: warned about and ignored, as Fairy-Stockfish does.

use super::pieces::type_order;

/// What Menagerie does with a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyClass {
    /// Read into [`super::rules::FileRules`].
    Read,
    /// An old name Fairy-Stockfish still reads; the new name is given.
    Deprecated(&'static str),
    /// A rule not played yet: accepted only with one of these values (the defaults).
    Waiting(&'static [&'static str]),
    Unknown,
}

/// Keys read into the rules.
pub(super) const READ: &[&str] = &[
    "maxRank",
    "maxFile",
    "pieceValueMg",
    "pieceValueEg",
    "startFen",
    "pieceToCharTable",
    "variantTemplate",
    "pocketSize",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "pawnTypes",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPieces",
    "stalemateValue",
    "checkmateValue",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
];

/// Old names and their replacements.
const DEPRECATED: &[(&str, &str)] = &[
    ("promotionRank", "promotionRegionWhite/Black"),
    ("doubleStepRank", "doubleStepRegionWhite/Black"),
    ("doubleStepRankMin", "doubleStepRegionWhite/Black"),
    ("castlingRookPiece", "castlingRookPieces"),
    ("whiteFlag", "flagRegionWhite"),
    ("blackFlag", "flagRegionBlack"),
    ("whiteDropRegion", "dropRegionWhite"),
    ("blackDropRegion", "dropRegionBlack"),
    ("dropOnTop", "enclosingDrop"),
];

const FALSE: &[&str] = &["false"];
const NONE: &[&str] = &["none"];
const EMPTY: &[&str] = &["", "-"];
const EVERYWHERE: &[&str] = &["*"];

/// Keys of rules not played yet, with the values that leave the rule off.
const WAITING: &[(&str, &[&str])] = &[
    ("chess960", FALSE),
    ("twoBoards", FALSE),
    ("oppositeCastling", FALSE),
    ("castlingDroppedPiece", FALSE),
    ("castlingKingPieceWhite", &["k"]),
    ("castlingKingPieceBlack", &["k"]),
    ("castlingRookPiecesWhite", &["r"]),
    ("castlingRookPiecesBlack", &["r"]),
    ("mandatoryPawnPromotion", &["true"]),
    ("mandatoryPiecePromotion", FALSE),
    ("pieceDemotion", FALSE),
    ("piecePromotionOnCapture", FALSE),
    ("dropPromoted", FALSE),
    ("sittuyinPromotion", FALSE),
    ("blastOnCapture", FALSE),
    ("blastImmuneTypes", EMPTY),
    ("mutuallyImmuneTypes", EMPTY),
    ("petrifyOnCaptureTypes", EMPTY),
    ("petrifyBlastPieces", FALSE),
    ("checking", &["true"]),
    ("dropChecks", &["true"]),
    ("mustCapture", FALSE),
    ("mustDrop", FALSE),
    ("mustDropType", &["*"]),
    ("pieceDrops", FALSE),
    ("dropLoop", FALSE),
    ("capturesToHand", FALSE),
    ("firstRankPawnDrops", FALSE),
    ("promotionZonePawnDrops", FALSE),
    ("enclosingDrop", NONE),
    ("enclosingDropStart", EMPTY),
    ("dropRegionWhite", EVERYWHERE),
    ("dropRegionBlack", EVERYWHERE),
    ("whiteDropRegion", EVERYWHERE),
    ("blackDropRegion", EVERYWHERE),
    ("dropOnTop", FALSE),
    ("sittuyinRookDrop", FALSE),
    ("dropOppositeColoredBishop", FALSE),
    ("dropNoDoubled", EMPTY),
    ("dropNoDoubledCount", &["1"]),
    ("immobilityIllegal", FALSE),
    ("gating", FALSE),
    ("wallingRule", NONE),
    ("wallingRegionWhite", EVERYWHERE),
    ("wallingRegionBlack", EVERYWHERE),
    ("wallingRegion", EVERYWHERE),
    ("wallOrMove", FALSE),
    ("seirawanGating", FALSE),
    ("cambodianMoves", FALSE),
    ("diagonalLines", EMPTY),
    ("pass", FALSE),
    ("passWhite", FALSE),
    ("passBlack", FALSE),
    ("passOnStalemate", FALSE),
    ("passOnStalemateWhite", FALSE),
    ("passOnStalemateBlack", FALSE),
    ("makpongRule", FALSE),
    ("flyingGeneral", FALSE),
    ("soldierPromotionRank", &["1"]),
    ("flipEnclosedPieces", NONE),
    ("nFoldValueAbsolute", FALSE),
    ("perpetualCheckIllegal", FALSE),
    ("moveRepetitionIllegal", FALSE),
    ("chasingRule", NONE),
    ("stalematePieceCount", FALSE),
    ("shogiPawnDropMateIllegal", FALSE),
    ("shatarMateRule", FALSE),
    ("bikjangRule", FALSE),
    ("extinctionValue", NONE),
    ("extinctionClaim", FALSE),
    ("extinctionPseudoRoyal", FALSE),
    ("dupleCheck", FALSE),
    ("extinctionPieceTypes", EMPTY),
    ("extinctionPieceCount", &["0"]),
    ("extinctionOpponentPieceCount", &["0"]),
    ("flagPieceCount", &["1"]),
    ("flagPieceBlockedWin", FALSE),
    ("flagMove", FALSE),
    ("flagPieceSafe", FALSE),
    ("checkCounting", FALSE),
    ("connectN", &["0"]),
    ("connectPieceTypes", &["*"]),
    ("connectHorizontal", &["true"]),
    ("connectVertical", &["true"]),
    ("connectDiagonal", &["true"]),
    ("connectRegion1White", EMPTY),
    ("connectRegion2White", EMPTY),
    ("connectRegion1Black", EMPTY),
    ("connectRegion2Black", EMPTY),
    ("connectNxN", &["0"]),
    ("collinearN", &["0"]),
    ("connectValue", &["win"]),
    ("materialCounting", NONE),
    ("adjudicateFullBoard", FALSE),
    ("countingRule", NONE),
    ("castlingWins", EMPTY),
    ("promotionLimit", EMPTY),
    ("promotedPieceType", EMPTY),
    ("customPiecesRoyal", EMPTY),
];

/// What Menagerie does with `key`.
pub fn classify(key: &str) -> KeyClass {
    if type_order(key).is_some() {
        return KeyClass::Read;
    }
    if let Some((_, new_name)) = DEPRECATED.iter().find(|(k, _)| *k == key) {
        return match WAITING.iter().find(|(k, _)| *k == key) {
            Some((_, defaults)) => KeyClass::Waiting(defaults),
            None => KeyClass::Deprecated(new_name),
        };
    }
    if READ.contains(&key) {
        return KeyClass::Read;
    }
    if let Some((_, defaults)) = WAITING.iter().find(|(k, _)| *k == key) {
        return KeyClass::Waiting(defaults);
    }
    if key.starts_with("mobilityRegion") {
        return KeyClass::Waiting(EMPTY);
    }
    KeyClass::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert_eq!(classify("knight"), KeyClass::Read);
        assert_eq!(classify("customPiece7"), KeyClass::Read);
        assert_eq!(classify("maxFile"), KeyClass::Read);
        assert!(matches!(classify("promotionRank"), KeyClass::Deprecated(_)));
        assert!(matches!(classify("pieceDrops"), KeyClass::Waiting(_)));
        assert!(matches!(classify("whiteFlag"), KeyClass::Deprecated(_)));
        assert!(matches!(classify("flagMove"), KeyClass::Waiting(_)));
        assert!(matches!(
            classify("mobilityRegionWhiteKing"),
            KeyClass::Waiting(_)
        ));
        assert_eq!(classify("fooBar"), KeyClass::Unknown);
    }

    #[test]
    fn no_key_is_listed_twice() {
        for (i, k) in READ.iter().enumerate() {
            assert!(!READ[i + 1..].contains(k), "{k}");
            assert!(!WAITING.iter().any(|(w, _)| w == k), "{k}");
        }
    }
}
