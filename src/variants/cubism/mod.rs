//! Chessical Cubism (V. R. Parton; docs/cubism.md): chess in 3, 4 and 6 dimensions.
//! Fourteen variants, one family:
//!
//! | names | board | rules |
//! |---|---|---|
//! | `cubic`, `cubic-compulsion`, `cubic-scacia`, `cubic-tamerlane` | 6x6x6 ([`cubic`]) | orthodox, compulsion-royal, scacia, orthodox |
//! | `sphinx`, `sphinx-compulsion`, `sphinx-losing`, `sphinx-reduced` | 3x3 (2x2) boards of 4x4 ([`sphinx`]) | orthodox + perpetual check, scacia, losing, orthodox + perpetual check |
//! | `ecila`, `ecila-scacia`, `ecila-schlagschach`, and `-27` forms | 2x2x2 cubes of 2³ or 3³ cells ([`ecila`]) | placement, then orthodox, scacia, losing |
//!
//! Files: [`pieces`] (every man as vectors, with the spec's move counts as tests),
//! [`rules`] (the four rule sets), [`placement`] (Ecila's opening), [`promotion`],
//! [`perpetual`] (Sphinx's perpetual-check win), [`notation`] (cell names, board strings,
//! drawings, XBoard's flat pictures), [`game`] (the `Game` implementation).

pub mod cubic;
pub mod ecila;
pub mod game;
pub mod notation;
pub mod perpetual;
pub mod pieces;
pub mod placement;
pub mod promotion;
pub mod rules;
pub mod sphinx;

use crate::core::board::SquareSet;
use crate::core::notation::Notation;
use crate::core::piece::{KindId, NO_KIND, PieceKind};
use crate::core::tables::Orientation;
use crate::core::variant::{EndRules, StalemateRule, VariantSpec};
use crate::geometry::Geometry;
use crate::variants::{AnyGame, OptionValues, VariantError};
pub use game::Cubism;
use pieces::EcilaKing;
use rules::RuleSet;

/// Option names (declared in `variants/options.rs`).
pub const SPHINX_KING_CONFINED: &str = "SphinxKingConfined";
pub const ECILA_KING: &str = "EcilaKing";
pub const ECILA_KING_CONFINED: &str = "EcilaKingConfined";
pub const ECILA_QUEEN: &str = "EcilaQueen";

/// Everything that makes one Cubism game: its variant data and its rules.
pub struct Family {
    pub name: &'static str,
    pub title: &'static str,
    pub geometry: Geometry,
    pub orientation: Orientation,
    pub pieces: Vec<PieceKind>,
    pub start: &'static str,
    pub rules: RuleSet,
    /// Promotion choices as piece letters.
    pub promotion: &'static str,
    /// `Some(restricted)`: Ecila's placement opening.
    pub placement: Option<bool>,
    pub holdings: bool,
    pub perpetual_check: bool,
    pub king_zone: Option<[SquareSet; 2]>,
    pub zone_names: [&'static str; 2],
    pub notation: fn(&Geometry) -> Notation,
}

impl Default for Family {
    fn default() -> Self {
        Family {
            name: "",
            title: "",
            geometry: Geometry::flat(1, 1).expect("1x1 is a box"),
            orientation: Orientation::Facing,
            pieces: Vec::new(),
            start: "",
            rules: RuleSet::Orthodox,
            promotion: "",
            placement: None,
            holdings: false,
            perpetual_check: false,
            king_zone: None,
            zone_names: ["", ""],
            notation: Notation::flat,
        }
    }
}

impl Family {
    /// Concludes the variant data (tables, hashes) and attaches the notation and rules.
    pub fn build(self) -> Result<Cubism, String> {
        let kind = |letter: char| -> Result<KindId, String> {
            self.pieces
                .iter()
                .position(|p| p.letter == letter)
                .map(|i| i as KindId)
                .ok_or_else(|| format!("{}: no piece '{letter}'", self.name))
        };
        let promotion = self
            .promotion
            .chars()
            .map(kind)
            .collect::<Result<Vec<_>, _>>()?;
        let king = kind('K').unwrap_or(NO_KIND);
        let spec = VariantSpec {
            name: self.name.into(),
            title: self.title.into(),
            geometry: self.geometry.clone(),
            orientation: self.orientation,
            players: 2,
            pieces: self.pieces,
            start: self.start.into(),
            castling: None,
            en_passant: false,
            promotion: None,
            end: EndRules {
                stalemate: StalemateRule::Draw,
                move_limit: Some(100),
                repetitions: Some(3),
                bare_royals_draw: false,
            },
            holdings: self.holdings,
            flag: None,
        };
        let mut variant = spec.conclude()?;
        variant.notation = (self.notation)(&self.geometry);
        Ok(Cubism::new(
            variant,
            game::Rules {
                rules: self.rules,
                promotion,
                king,
                placement: self.placement,
                perpetual_check: self.perpetual_check,
                king_zone: self.king_zone,
                zone_names: self.zone_names,
            },
        ))
    }
}

/// The king as the rule set has it: royal in Orthodox; an ordinary man elsewhere, valued
/// highly in Compulsion-royal (taking it wins) and like a minor piece in Scacia and Losing.
pub fn king_for(king: PieceKind, rules: RuleSet) -> PieceKind {
    match rules {
        RuleSet::Orthodox => king,
        RuleSet::CompulsionRoyal => PieceKind {
            role: Default::default(),
            ..king
        }
        .worth(1500),
        RuleSet::Scacia | RuleSet::Losing => PieceKind {
            role: Default::default(),
            ..king
        }
        .worth(300),
    }
}

/// The Family data of the variant called `name`, with the rule options applied.
pub fn family(name: &str, options: &OptionValues) -> Option<Family> {
    let confined = options.flag(SPHINX_KING_CONFINED);
    let ecila_options = ecila::EcilaOptions {
        king: match options.choice(ECILA_KING).as_str() {
            "conventional" => EcilaKing::Conventional,
            "bishop" => EcilaKing::Bishop,
            _ => EcilaKing::Rook,
        },
        king_confined: options.flag(ECILA_KING_CONFINED),
        queen_with_unicorn: options.choice(ECILA_QUEEN) == "rook-bishop-unicorn",
    };
    use RuleSet::*;
    Some(match name {
        "cubic" => cubic::cubic("cubic", "Cubic chess", Orthodox),
        "cubic-compulsion" => cubic::cubic(
            "cubic-compulsion",
            "Compulsion Cubic chess",
            CompulsionRoyal,
        ),
        "cubic-scacia" => cubic::cubic("cubic-scacia", "Cubic Scacia", Scacia),
        "cubic-tamerlane" => cubic::tamerlane(),
        "sphinx" => sphinx::sphinx("sphinx", "Sphinx chess", 3, Orthodox, confined),
        "sphinx-compulsion" => {
            sphinx::sphinx("sphinx-compulsion", "Compulsion Sphinx", 3, Scacia, false)
        }
        "sphinx-losing" => sphinx::sphinx("sphinx-losing", "Losing Sphinx", 3, Losing, false),
        "sphinx-reduced" => {
            sphinx::sphinx("sphinx-reduced", "Reduced Sphinx", 2, Orthodox, confined)
        }
        "ecila" => ecila::ecila("ecila", "Ecila chess", 2, Orthodox, ecila_options),
        "ecila-scacia" => ecila::ecila("ecila-scacia", "Ecila Scacia", 2, Scacia, ecila_options),
        "ecila-schlagschach" => ecila::ecila(
            "ecila-schlagschach",
            "Ecila Schlagschach",
            2,
            Losing,
            ecila_options,
        ),
        "ecila-27" => ecila::ecila(
            "ecila-27",
            "Ecila chess (27-cell)",
            3,
            Orthodox,
            ecila_options,
        ),
        "ecila-27-scacia" => ecila::ecila(
            "ecila-27-scacia",
            "Ecila Scacia (27-cell)",
            3,
            Scacia,
            ecila_options,
        ),
        "ecila-27-schlagschach" => ecila::ecila(
            "ecila-27-schlagschach",
            "Ecila Schlagschach (27-cell)",
            3,
            Losing,
            ecila_options,
        ),
        _ => return None,
    })
}

/// The registry's builder: the Cubism game called `name`.
pub fn build(name: &str, options: &OptionValues) -> Result<AnyGame, VariantError> {
    let family = family(name, options).ok_or_else(|| VariantError::Unknown(name.to_string()))?;
    Ok(AnyGame::Cubism(
        family.build().map_err(VariantError::Invalid)?,
    ))
}

/// The Cubism game called `name` with default options (tests and tools).
pub fn game(name: &str) -> Result<Cubism, String> {
    family(name, &OptionValues::default())
        .ok_or_else(|| format!("no Cubism variant '{name}'"))?
        .build()
}
