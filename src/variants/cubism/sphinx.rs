//! Sphinx chess, a board of 3x3 boards of 4x4 squares (docs/cubism.md §2), and the
//! reduced 2x2 board: Sphinx (orthodox, perpetual check wins), Compulsion Sphinx (Scacia
//! rules), Losing Sphinx, Reduced Sphinx (orthodox).

use super::pieces::*;
use super::rules::RuleSet;
use super::{Family, king_for};
use crate::geometry::Geometry;
use crate::variants::cubism::notation;

pub const SPHINX_START: &str = "prcp/4/4/4|bqkb/4/4/4|pcrp/4/4/4|4/4/4/4|pppp/4/4/PPPP|4/4/4/4|4/4/4/PRCP|4/4/4/BQKB|4/4/4/PCRP w 0 1";

pub const REDUCED_START: &str = "rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w 0 1";

/// A Sphinx game on `boards` x `boards` boards. `confined`: king confinement (D17), each king
/// held to the middle board of its own back row of boards.
pub fn sphinx(
    name: &'static str,
    title: &'static str,
    boards: usize,
    rules: RuleSet,
    confined: bool,
) -> Family {
    let geometry = notation::sphinx_geometry(boards);
    let pieces = vec![
        king_for(sphinx_king(confined), rules),
        sphinx_queen(),
        sphinx_rook(),
        sphinx_bishop(),
        centaura(),
        sphinx_pawn(),
    ];
    let (start, notation, zone_names): (_, fn(&Geometry) -> _, _) = if boards == 3 {
        (SPHINX_START, notation::sphinx, ["board h", "board b"])
    } else {
        (
            REDUCED_START,
            notation::reduced_sphinx,
            ["files e-h, ranks 1-4", "files e-h, ranks 5-8"],
        )
    };
    let king_zone = confined.then(|| {
        let home = |board_row: usize| {
            let mut set = crate::core::board::SquareSet::default();
            for sq in 0..geometry.squares() as u16 {
                let c = geometry.coords(sq);
                if c[BOARD_COLUMN] as usize == 1 && c[BOARD_ROW] as usize == board_row {
                    set.insert(sq);
                }
            }
            set
        };
        [home(0), home(boards - 1)]
    });
    Family {
        name,
        title,
        orientation: notation::SPHINX_ORIENTATION,
        geometry,
        pieces,
        start,
        rules,
        promotion: if rules.king_promotes() {
            "QRBCK"
        } else {
            "QRBC"
        },
        perpetual_check: rules == RuleSet::Orthodox,
        king_zone,
        zone_names,
        notation,
        ..Family::default()
    }
}
