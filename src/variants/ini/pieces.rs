//! Fairy-Stockfish's predefined piece types: the names a variant file uses as keys
//! (`knight = n`, `archbishop = a`), in its order, with their moves in its Betza dialect.
//! `customPiece1` .. `customPiece25` follow them (the file gives their moves), then `king`.

/// Name and Betza of each predefined piece type, in Fairy-Stockfish's type order.
pub const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// How many `customPieceN` types a file may define.
pub const CUSTOM_PIECES: usize = 25;

/// The position of a piece type in Fairy-Stockfish's order (predefined, custom, king): kinds
/// of a game read from a file are listed in this order.
pub fn type_order(name: &str) -> Option<usize> {
    if let Some(i) = PREDEFINED.iter().position(|(n, _)| *n == name) {
        return Some(i);
    }
    if name == "king" {
        return Some(PREDEFINED.len() + CUSTOM_PIECES);
    }
    let n: usize = name.strip_prefix("customPiece")?.parse().ok()?;
    (1..=CUSTOM_PIECES)
        .contains(&n)
        .then_some(PREDEFINED.len() + n - 1)
}

/// The Betza of a predefined type or the king.
pub fn predefined_betza(name: &str) -> Option<&'static str> {
    if name == "king" {
        return Some("K");
    }
    PREDEFINED.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_of_types() {
        assert_eq!(type_order("pawn"), Some(0));
        assert_eq!(type_order("centaur"), Some(PREDEFINED.len() - 1));
        assert_eq!(type_order("customPiece1"), Some(PREDEFINED.len()));
        assert_eq!(type_order("customPiece25"), Some(PREDEFINED.len() + 24));
        assert_eq!(type_order("customPiece26"), None);
        assert!(type_order("king") > type_order("customPiece25"));
        assert_eq!(type_order("dragon"), None);
    }
}
