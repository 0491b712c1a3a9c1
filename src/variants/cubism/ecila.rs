//! Ecila chess on eight cubes of 2x2x2 or 3x3x3 cells (docs/cubism.md §3): Ecila chess
//! (orthodox, restricted placement), Ecila Scacia and Ecila Schlagschach (free placement,
//! compulsory captures), each in the 8-cell and the 27-cell form.

use super::pieces::*;
use super::rules::RuleSet;
use super::{Family, king_for};
use crate::core::tables::Orientation;
use crate::variants::cubism::notation;

pub const ECILA_START: &str = "4/4|4/4|4/4|4/4|4/4|4/4|4/4|4/4[KQRRBBHHUUkqrrbbhhuu] w 0 1";

pub const ECILA_27_START: &str =
    "9/9/9|9/9/9|9/9/9|9/9/9|9/9/9|9/9/9|9/9/9|9/9/9[KQRRBBHHUUUUUUUUkqrrbbhhuuuuuuuu] w 0 1";

/// The king and queen options of D20/D21.
#[derive(Clone, Copy, Debug)]
pub struct EcilaOptions {
    pub king: EcilaKing,
    pub king_confined: bool,
    pub queen_with_unicorn: bool,
}

/// An Ecila game with cubes of `n`³ cells. The pieces are listed in the hand order of the
/// notation (K Q R B N H G W U); the default armies (D22) are in the start string.
pub fn ecila(
    name: &'static str,
    title: &'static str,
    n: usize,
    rules: RuleSet,
    options: EcilaOptions,
) -> Family {
    let pieces = vec![
        king_for(ecila_king(options.king, options.king_confined), rules),
        ecila_queen(options.queen_with_unicorn),
        ecila_rook(),
        ecila_bishop(),
        narwhal(),
        ecila_horse(),
        hippogriff(),
        wyvern(),
        ecila_unicorn(),
    ];
    Family {
        name,
        title,
        geometry: notation::ecila_geometry(n),
        orientation: Orientation::Facing,
        pieces,
        start: if n == 2 { ECILA_START } else { ECILA_27_START },
        rules,
        promotion: "",
        placement: Some(rules == RuleSet::Orthodox),
        holdings: true,
        notation: notation::ecila,
        ..Family::default()
    }
}
