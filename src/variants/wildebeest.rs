//! Wildebeest chess (R. Wayne Schmittberger, 1987) on 11x10, and almost-Wildebeest.
//!
//! Source: the source document (Czech). Rulings followed:
//! docs/wildebeest.md — camel `C` (1,3 leaper), wildebeest `W` (knight +
//! camel; `G` accepted on input); pawns advance 1–3 from their 2nd rank and 1–2 from their 3rd
//! (by rank, not history, B3.1); en passant onto any passed cell (B3.2); promotion on the last
//! rank to Q or W only (B3.4); castling 1–4 king steps with the standard conditions (B4);
//! stalemate loses for the side that cannot move (B5); 50-move rule and threefold repetition;
//! only bare kings are a dead draw.
//!
//! `almost-wildebeest` is the same game without the 1-step castling: Fairy-Max's rules, so the
//! two can be paired fairly in matches.

use super::chess::{betza_piece, pawn};
use crate::core::piece::PieceKind;
use crate::core::tables::Orientation;
use crate::core::variant::{CastlingRule, EndRules, PromotionRule, StalemateRule, VariantSpec};
use crate::geometry::Geometry;

pub const START: &str =
    "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1";

pub const ROOK: u8 = 3;
pub const QUEEN: u8 = 4;
pub const WILDEBEEST: u8 = 7;

/// The army. Piece values (centipawns, pawn = 100) were fitted to 101,915 positions of 1,000
/// self-play games (`menagerie tune selfplay --variant wildebeest --games 1000 --nodes 3000
/// --seed 21`, then `menagerie tune fit --only value`: error 0.1103 -> 0.1067). Checked in
/// play before adoption: `menagerie tune compare --pairs 60 --nodes 3000` scored the fitted
/// values 53.8% (+49 =31 -40) against the earlier hand-set ones (N 300, B 330, R 520, Q 1000,
/// C 250, W 650).
///
/// The danger around the king counts twice what it counts in chess (`danger(8)`): an army of
/// camels, a wildebeest and a queen worth 15 pawns gathers on a king from further away, and
/// kings often stay in the centre files (the matches against Fairy-Stockfish, which lacks
/// Wildebeest's free castling, start without castling rights). Against
/// Fairy-Stockfish this scored 25.5% where counting it once scored 21.5% (200 games each at
/// fixed nodes, the same openings; that run chose it, and on 100 further openings it scored
/// 22.5%, so 24.0% over 400 games), and 25.4% at 5s+0.05s where counting it once had scored
/// 22.5% (400 games each; neither gain is significant alone, docs/experiments.md).
fn army() -> Vec<PieceKind> {
    vec![
        pawn(&[(1, 3), (2, 2)], "fmWfcFifmW3"),
        betza_piece("knight", 'N', "N").worth(252),
        betza_piece("bishop", 'B', "B").worth(370),
        betza_piece("rook", 'R', "R").worth(656),
        betza_piece("queen", 'Q', "Q").worth(1496),
        betza_piece("king", 'K', "K").royal().danger(8),
        betza_piece("camel", 'C', "C").worth(226),
        betza_piece("wildebeest", 'W', "NC").alias('G').worth(818),
    ]
}

fn with_castling(name: &'static str, title: &'static str, min_steps: u8) -> VariantSpec {
    VariantSpec {
        name: name.into(),
        title: title.into(),
        geometry: Geometry::flat(11, 10).expect("11x10 is a valid board"),
        orientation: Orientation::Facing,
        players: 2,
        pieces: army(),
        start: START.into(),
        castling: Some(CastlingRule::both_wings(min_steps, 4, 5, ROOK)),
        en_passant: true,
        promotion: Some(PromotionRule {
            choices: vec![QUEEN, WILDEBEEST],
        }),
        end: EndRules {
            stalemate: StalemateRule::MoverLoses,
            move_limit: Some(100),
            repetitions: Some(3),
            bare_royals_draw: true,
        },
        holdings: false,
        flag: None,
    }
}

pub fn spec() -> VariantSpec {
    with_castling("wildebeest", "Wildebeest chess", 1)
}

pub fn almost_spec() -> VariantSpec {
    with_castling(
        "almost-wildebeest",
        "Almost-Wildebeest (no 1-square castling)",
        2,
    )
}
