//! The games Menagerie knows: one module per family, and the registry that turns a variant
//! name into a playable game. Dispatch over families happens here, once per command.

pub mod chess;
pub mod cubism;
pub mod ini;
pub mod options;
pub mod partonici;
pub mod party;
pub mod patricia;
#[cfg(test)]
pub(crate) mod random_games;
pub mod western;
pub mod wildebeest;

use crate::core::variant::VariantSpec;
pub use options::{OptionKind, OptionValues, VARIANT_OPTIONS, VariantOption};
use partonici::Partonici;
use patricia::Patricia;
use western::Western;

/// How far a variant is implemented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playable,
    /// Named by the notation contract, rules not implemented yet: refused, never played wrong.
    Unsupported,
}

/// Builds a playable game from its name (families build several variants) and the variant
/// options.
pub type Builder = fn(&str, &OptionValues) -> Result<AnyGame, VariantError>;

/// Builds an N-player game (`core::multi`) from its name and the variant options.
pub type MultiBuilder = fn(&str, &OptionValues) -> Result<AnyMultiGame, VariantError>;

/// One row of the variant list.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    pub name: &'static str,
    pub family: &'static str,
    pub status: Status,
    build: Option<Builder>,
    /// The builder of an N-player game (Party Chess), which has no two-player [`AnyGame`].
    build_multi: Option<MultiBuilder>,
}

impl VariantInfo {
    /// True for games of more than two players or compound turns, built by
    /// [`multi_game_with`] rather than [`game_with`].
    pub fn is_multi(&self) -> bool {
        self.build_multi.is_some()
    }
}

/// A variant with its builder (which reads the variant options it cares about).
const fn playable(name: &'static str, family: &'static str, build: Builder) -> VariantInfo {
    VariantInfo {
        name,
        family,
        status: Status::Playable,
        build: Some(build),
        build_multi: None,
    }
}

/// An N-player variant with its builder.
const fn playable_multi(
    name: &'static str,
    family: &'static str,
    build: MultiBuilder,
) -> VariantInfo {
    VariantInfo {
        name,
        family,
        status: Status::Playable,
        build: None,
        build_multi: Some(build),
    }
}

/// Builds a Western-family game from its spec.
fn western_game(spec: VariantSpec) -> Result<AnyGame, VariantError> {
    let variant = spec.conclude().map_err(VariantError::Invalid)?;
    Ok(AnyGame::Western(Western::new(variant)))
}

/// Every variant name of docs/notation.md, in its order.
pub const VARIANTS: &[VariantInfo] = &[
    playable("chess", "orthodox", |_, _| western_game(chess::spec())),
    playable("wildebeest", "wildebeest", |_, _| {
        western_game(wildebeest::spec())
    }),
    playable("almost-wildebeest", "wildebeest", |_, _| {
        western_game(wildebeest::almost_spec())
    }),
    playable("patricia", "patricia", |_, opts| {
        Patricia::build(opts)
            .map(AnyGame::Patricia)
            .map_err(VariantError::Invalid)
    }),
    playable("pawn-partonici-7", "partonici", partonici::build),
    playable("pawn-partonici-8", "partonici", partonici::build),
    playable("pawn-partonici-9", "partonici", partonici::build),
    playable("pawn-partonici-9-all", "partonici", partonici::build),
    playable("pawn-partonici-10", "partonici", partonici::build),
    playable("royal-partonici-8", "partonici", partonici::build),
    playable("royal-partonici-9", "partonici", partonici::build),
    playable("royal-partonici-10", "partonici", partonici::build),
    playable("scaci-partonici-8", "partonici", partonici::build),
    playable("scaci-partonici-10", "partonici", partonici::build),
    playable("royal-scaci-partonici-8", "partonici", partonici::build),
    playable("royal-scaci-partonici-10", "partonici", partonici::build),
    playable("cubic", "cubism", cubism::build),
    playable("cubic-compulsion", "cubism", cubism::build),
    playable("cubic-scacia", "cubism", cubism::build),
    playable("cubic-tamerlane", "cubism", cubism::build),
    playable("sphinx", "cubism", cubism::build),
    playable("sphinx-compulsion", "cubism", cubism::build),
    playable("sphinx-losing", "cubism", cubism::build),
    playable("sphinx-reduced", "cubism", cubism::build),
    playable("ecila", "cubism", cubism::build),
    playable("ecila-scacia", "cubism", cubism::build),
    playable("ecila-schlagschach", "cubism", cubism::build),
    playable("ecila-27", "cubism", cubism::build),
    playable("ecila-27-scacia", "cubism", cubism::build),
    playable("ecila-27-schlagschach", "cubism", cubism::build),
    playable_multi("party", "party", |_, opts| {
        party::Party::build(opts)
            .map(AnyMultiGame::Party)
            .map_err(VariantError::Invalid)
    }),
];

/// A playable game of any family. The protocol layer and the CLI hold this and dispatch once.
#[derive(Debug)]
pub enum AnyGame {
    Western(Western),
    Patricia(Patricia),
    Cubism(cubism::Cubism),
    Partonici(Partonici),
}

/// Runs `$body` with `$g` bound to the concrete game, so the body is compiled per family.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::variants::AnyGame::Western($g) => $body,
            $crate::variants::AnyGame::Patricia($g) => $body,
            $crate::variants::AnyGame::Cubism($g) => $body,
            $crate::variants::AnyGame::Partonici($g) => $body,
        }
    };
}

/// A playable N-player game (`core::multi`): the protocol layer and the CLI hold this beside
/// [`AnyGame`] (which stays the two-player dispatch) and dispatch once with
/// `with_multi_game!`.
#[derive(Debug)]
pub enum AnyMultiGame {
    Party(party::Party),
}

/// Runs `$body` with `$g` bound to the concrete N-player game.
#[macro_export]
macro_rules! with_multi_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::variants::AnyMultiGame::Party($g) => $body,
        }
    };
}

/// Why a variant name cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    Unknown(String),
    Unsupported(String),
    Invalid(String),
    /// An N-player game asked for through the two-player path.
    MultiPlayer(String),
    /// A game from a variant file that uses rules Menagerie does not play: its name, where
    /// it is defined, and each reason.
    Refused(String, String, Vec<String>),
}

impl std::fmt::Display for VariantError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariantError::Unknown(n) => {
                write!(f, "unknown variant '{n}' (see `menagerie variants`)")
            }
            VariantError::Unsupported(n) => write!(f, "variant '{n}' is not implemented yet"),
            VariantError::Invalid(e) => write!(f, "variant definition is invalid: {e}"),
            VariantError::Refused(n, origin, why) => write!(
                f,
                "variant '{n}' ({origin}) needs rules Menagerie does not play yet: {}",
                why.join("; ")
            ),
            VariantError::MultiPlayer(n) => write!(
                f,
                "variant '{n}' is a game of several players and compound turns, which this command does not play"
            ),
        }
    }
}

impl std::error::Error for VariantError {}

/// Builds the game called `name` with default options (XBoard's `normal` is accepted for
/// `chess`).
pub fn game(name: &str) -> Result<AnyGame, VariantError> {
    game_with(name, &OptionValues::default())
}

/// The Western game (chess and its kin, such as Wildebeest) called `name`, for tests.
#[cfg(test)]
pub fn western_by_name(name: &str) -> western::Western {
    match game(name) {
        Ok(AnyGame::Western(g)) => g,
        _ => panic!("{name} is not a Western game"),
    }
}

/// Builds the game called `name` with the given variant options. A game of a loaded
/// variant file comes first (it replaces a built-in game of the same name), then the compiled
/// games, then the ones of `builtin.ini`.
pub fn game_with(name: &str, options: &OptionValues) -> Result<AnyGame, VariantError> {
    let name = if name == "normal" { "chess" } else { name };
    if let Some(definition) = ini::catalog::find_loaded(name) {
        return file_game(definition);
    }
    let Some(info) = VARIANTS.iter().find(|v| v.name == name) else {
        return match ini::find(name) {
            Some(definition) => file_game(definition),
            None => Err(VariantError::Unknown(name.to_string())),
        };
    };
    if info.is_multi() {
        return Err(VariantError::MultiPlayer(name.to_string()));
    }
    let build = info
        .build
        .ok_or_else(|| VariantError::Unsupported(name.to_string()))?;
    build(info.name, options)
}

/// The game of a variant-file section, or why it cannot be played.
fn file_game(definition: ini::Definition) -> Result<AnyGame, VariantError> {
    let origin = format!("{}:{}", definition.origin, definition.line);
    match definition.playable {
        Ok(spec) => western_game(spec),
        Err(why) => Err(VariantError::Refused(definition.name, origin, why)),
    }
}

/// The names of the games of variant files that can be played (`builtin.ini`'s, then loaded
/// ones), without the names of compiled games.
pub fn file_game_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = ini::built_in()
        .iter()
        .filter(|d| d.playable.is_ok() && !VARIANTS.iter().any(|v| v.name == d.name))
        .map(|d| d.name.as_str())
        .collect();
    for name in ini::catalog::loaded_names() {
        let playable = ini::catalog::find_loaded(name).is_some_and(|d| d.playable.is_ok());
        if playable && !names.contains(&name) && !VARIANTS.iter().any(|v| v.name == name) {
            names.push(name);
        }
    }
    names
}

/// The `'static` name of a playable game called `name` (compiled or from a file).
pub fn static_name(name: &str) -> Option<&'static str> {
    VARIANTS
        .iter()
        .find(|v| v.name == name)
        .map(|v| v.name)
        .or_else(|| ini::catalog::static_name(name))
}

/// Whether `name` is an N-player variant (built by [`multi_game_with`]).
pub fn is_multi(name: &str) -> bool {
    VARIANTS.iter().any(|v| v.name == name && v.is_multi())
}

/// Builds the N-player game called `name` with the given variant options.
pub fn multi_game_with(name: &str, options: &OptionValues) -> Result<AnyMultiGame, VariantError> {
    let info = VARIANTS
        .iter()
        .find(|v| v.name == name)
        .ok_or_else(|| VariantError::Unknown(name.to_string()))?;
    let build = info
        .build_multi
        .ok_or_else(|| VariantError::Invalid(format!("variant '{name}' is a two-player game")))?;
    build(info.name, options)
}

/// Builds every playable variant's tables; the error lists each contradiction found.
pub fn check_all() -> Result<Vec<&'static str>, String> {
    let mut ok = Vec::new();
    let mut errors = Vec::new();
    for info in VARIANTS.iter().filter(|v| v.status == Status::Playable) {
        if info.is_multi() {
            match multi_game_with(info.name, &OptionValues::default()) {
                Ok(_) => ok.push(info.name),
                Err(e) => errors.push(format!("{}: {e}", info.name)),
            }
            continue;
        }
        match game(info.name) {
            Ok(_) => ok.push(info.name),
            Err(e) => errors.push(format!("{}: {e}", info.name)),
        }
    }
    if errors.is_empty() {
        Ok(ok)
    } else {
        Err(errors.join("\n"))
    }
}
