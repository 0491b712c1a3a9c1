//! Partonici (V. R. Parton, *Idea for a Personal Game*): pawn partonici, royal partonici and
//! scaci partonici on 7x7 to 10x10 boards, with the partonic custodian capture system.
//!
//! Rules: docs/partonici.md (source: the source document); every
//! DECISION D-1..D-26 there is followed. Pieces never capture by moving onto an enemy: every
//! move goes to an empty square, and captures happen as a side effect of the move (custodian
//! "partonic" takes found from the destination, [`captures`]). Notation: docs/notation.md's
//! Partonici row, read and written by `notation.rs`.
//!
//! Files: [`pieces`] (movement as data, promotion), [`captures`] (§3), [`end`] (§5),
//! [`game`] (the `Game` implementation), this file (the twelve
//! variants, their setups and options). Its evaluation is `eval/partonici.rs`.

pub mod captures;
pub mod end;
pub mod game;
pub mod notation;
pub mod pieces;

pub use game::Partonici;
use pieces::{PawnLines, Ruleset};

use super::options::OptionValues;
use super::{AnyGame, VariantError};
use crate::core::tables::Orientation;
use crate::core::variant::{EndRules, StalemateRule, VariantSpec};
use crate::geometry::Geometry;

/// One variant of the family: its board, rules and start position (spec §1).
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub name: &'static str,
    pub title: &'static str,
    pub size: usize,
    pub ruleset: Ruleset,
    pub start: &'static str,
    /// The optional other start position and the check option that selects it.
    pub alternative: Option<(&'static str, &'static str)>,
}

const fn setup(
    name: &'static str,
    title: &'static str,
    size: usize,
    ruleset: Ruleset,
    start: &'static str,
) -> Setup {
    Setup {
        name,
        title,
        size,
        ruleset,
        start,
        alternative: None,
    }
}

/// Option names (spec §5 claim settings, D-8, D-11, D-17, D-5 and the scaci10+ setup).
pub const OPT_DIAGONAL: &str = "PartoniciDiagonalPawns";
pub const OPT_DIAGONAL_PROMOTED: &str = "PartoniciDiagonalPromotion";
pub const OPT_CLAIM_LEAD: &str = "PartoniciClaimLead";
pub const OPT_CLAIM_PROMOTED: &str = "PartoniciClaimPromoted";
pub const OPT_CLP_END: &str = "PartoniciClpMoverAtEnd";
pub const OPT_ROYAL10_ALT: &str = "RoyalPartoniciAltSetup";
pub const OPT_BACK_PAWNS: &str = "ScaciPartoniciBackPawns";
pub const OPT_PROMOTION: &str = "ScaciPartoniciPromotion";

/// The twelve variants of notation.md, with the setups of spec §1 (FENs verbatim).
pub const SETUPS: &[Setup] = &[
    setup(
        "pawn-partonici-7",
        "Pawn partonici 7x7",
        7,
        Ruleset::Pawn,
        "ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0:0 0 1",
    ),
    setup(
        "pawn-partonici-8",
        "Pawn partonici 8x8",
        8,
        Ruleset::Pawn,
        "sssppsss/sppsspps/p2pp2p/8/8/P2PP2P/SPPSSPPS/SSSPPSSS w 0:0 0 1",
    ),
    setup(
        "pawn-partonici-9",
        "Pawn partonici 9x9",
        9,
        Ruleset::Pawn,
        "9/sssssssss/ppppppppp/9/9/9/PPPPPPPPP/SSSSSSSSS/9 w 0:0 0 1",
    ),
    setup(
        "pawn-partonici-9-all",
        "Pawn partonici 9x9, mobile pawns only",
        9,
        Ruleset::Pawn,
        "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP w 0:0 0 1",
    ),
    setup(
        "pawn-partonici-10",
        "Pawn partonici 10x10",
        10,
        Ruleset::Pawn,
        "10/ssssssssss/pppppppppp/10/10/10/10/PPPPPPPPPP/SSSSSSSSSS/10 w 0:0 0 1",
    ),
    setup(
        "royal-partonici-8",
        "Royal partonici 8x8",
        8,
        Ruleset::Royal,
        "pppppppp/ppxxxxpp/pp4pp/8/8/PP4PP/PPXXXXPP/PPPPPPPP w 0:0 0 1",
    ),
    setup(
        "royal-partonici-9",
        "Royal partonici 9x9",
        9,
        Ruleset::Royal,
        "ppppppppp/pppxxxppp/9/9/9/9/9/PPPXXXPPP/PPPPPPPPP w 0:0 0 1",
    ),
    Setup {
        alternative: Some((
            OPT_ROYAL10_ALT,
            "10/ssssssssss/pppxxxxppp/10/10/10/10/PPPXXXXPPP/SSSSSSSSSS/10 w 0:0 0 1",
        )),
        ..setup(
            "royal-partonici-10",
            "Royal partonici 10x10",
            10,
            Ruleset::Royal,
            "pppppppppp/pppxxxxppp/10/10/10/10/10/10/PPPXXXXPPP/PPPPPPPPPP w 0:0 0 1",
        )
    },
    setup(
        "scaci-partonici-8",
        "Scaci partonici 8x8",
        8,
        Ruleset::Scaci,
        "pppppppp/rnbqkbnr/8/8/8/8/RNBQKBNR/PPPPPPPP w 0:0 0 1",
    ),
    Setup {
        alternative: Some((OPT_BACK_PAWNS, SCACI10_PLUS)),
        ..setup(
            "scaci-partonici-10",
            "Scaci partonici 10x10",
            10,
            Ruleset::Scaci,
            SCACI10,
        )
    },
    setup(
        "royal-scaci-partonici-8",
        "Royal scaci partonici 8x8",
        8,
        Ruleset::RoyalScaci,
        "pppppppp/rnbqkbnr/8/8/8/8/RNBQKBNR/PPPPPPPP w 0:0 0 1",
    ),
    Setup {
        alternative: Some((OPT_BACK_PAWNS, SCACI10_PLUS)),
        ..setup(
            "royal-scaci-partonici-10",
            "Royal scaci partonici 10x10",
            10,
            Ruleset::RoyalScaci,
            SCACI10,
        )
    },
];

const SCACI10: &str = "10/pppppppppp/prnbqkbnrp/10/10/10/10/PRNBQKBNRP/PPPPPPPPPP/10 w 0:0 0 1";
const SCACI10_PLUS: &str =
    "3pppp3/pppppppppp/prnbqkbnrp/10/10/10/10/PRNBQKBNRP/PPPPPPPPPP/3PPPP3 w 0:0 0 1";

/// The setup of a variant of this family.
pub fn setup_of(name: &str) -> Option<&'static Setup> {
    SETUPS.iter().find(|s| s.name == name)
}

/// The variants an option applies to.
pub const PAWN_VARIANTS: &[&str] = &[
    "pawn-partonici-7",
    "pawn-partonici-8",
    "pawn-partonici-9",
    "pawn-partonici-9-all",
    "pawn-partonici-10",
];
pub const PAWN_AND_ROYAL_VARIANTS: &[&str] = &[
    "pawn-partonici-7",
    "pawn-partonici-8",
    "pawn-partonici-9",
    "pawn-partonici-9-all",
    "pawn-partonici-10",
    "royal-partonici-8",
    "royal-partonici-9",
    "royal-partonici-10",
];
pub const SCACI_VARIANTS: &[&str] = &[
    "scaci-partonici-8",
    "scaci-partonici-10",
    "royal-scaci-partonici-8",
    "royal-scaci-partonici-10",
];
pub const SCACI10_VARIANTS: &[&str] = &["scaci-partonici-10", "royal-scaci-partonici-10"];
pub const ALL_VARIANTS: &[&str] = &[
    "pawn-partonici-7",
    "pawn-partonici-8",
    "pawn-partonici-9",
    "pawn-partonici-9-all",
    "pawn-partonici-10",
    "royal-partonici-8",
    "royal-partonici-9",
    "royal-partonici-10",
    "scaci-partonici-8",
    "scaci-partonici-10",
    "royal-scaci-partonici-8",
    "royal-scaci-partonici-10",
];

/// The rule settings a game is built with (from the variant options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub lines: PawnLines,
    pub claim: end::Claim,
    pub clp_mover_at_end: bool,
    /// Scaci pawn promotion types (display letters among Q R B N, D-11).
    pub promotion: Vec<char>,
    pub alternative_start: bool,
}

impl Settings {
    pub fn from_options(setup: &Setup, opts: &OptionValues) -> Self {
        let lines = match (
            opts.flag(OPT_DIAGONAL),
            opts.choice(OPT_DIAGONAL_PROMOTED).as_str(),
        ) {
            (false, _) => PawnLines::All,
            (true, "queen") => PawnLines::DiagonalPromotedQueen,
            (true, _) => PawnLines::Diagonal,
        };
        let alternative_start = setup
            .alternative
            .is_some_and(|(option, _)| opts.flag(option));
        Settings {
            lines,
            claim: end::Claim {
                lead: opts.number(OPT_CLAIM_LEAD).clamp(2, 3) as u8,
                promoted: opts.number(OPT_CLAIM_PROMOTED).clamp(2, 3) as u8,
            },
            clp_mover_at_end: opts.flag(OPT_CLP_END),
            promotion: opts.choice(OPT_PROMOTION).to_uppercase().chars().collect(),
            alternative_start,
        }
    }
}

/// Builds the variant called `name` with the given options.
pub fn build(name: &str, opts: &OptionValues) -> Result<AnyGame, VariantError> {
    let setup = setup_of(name).ok_or_else(|| VariantError::Unknown(name.to_string()))?;
    let settings = Settings::from_options(setup, opts);
    Ok(AnyGame::Partonici(Partonici::new(setup, &settings)?))
}

/// The core's description of a variant (geometry, pieces, start, end limits).
fn spec(
    setup: &Setup,
    settings: &Settings,
    pieces: Vec<crate::core::piece::PieceKind>,
) -> VariantSpec {
    let start = match setup.alternative {
        Some((_, alt)) if settings.alternative_start => alt,
        _ => setup.start,
    };
    VariantSpec {
        name: setup.name.into(),
        title: setup.title.into(),
        geometry: Geometry::flat(setup.size, setup.size).expect("7x7 to 10x10 boards are valid"),
        orientation: Orientation::Facing,
        players: 2,
        pieces,
        start: start.into(),
        castling: None,
        en_passant: false,
        promotion: None,
        end: EndRules {
            // The family's own verdicts score these endings (see `end`); the search reads
            // the limits from here.
            stalemate: StalemateRule::Draw,
            move_limit: Some(100),
            repetitions: Some(3),
            bare_royals_draw: false,
        },
        holdings: false,
        flag: None,
    }
}
