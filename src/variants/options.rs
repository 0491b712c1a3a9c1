//! Rule options of variants (Patricia's optional rules, Partonici's claim settings, ...): one
//! table of every option, offered by both protocols (UCI `setoption`, XBoard `option`) and
//! passed to a family's builder as [`OptionValues`].
//!
//! A family declares its options in [`VARIANT_OPTIONS`]; its builder reads them with
//! [`OptionValues::flag`] / [`OptionValues::number`] / [`OptionValues::choice`]. Values are
//! checked here once, so builders can trust them.

use std::collections::BTreeMap;

use super::partonici;
use super::party;

/// The type and range of an option (what UCI calls check, spin and combo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
    },
    /// Free text (UCI `string`), checked by the family ([`check_text`]).
    Text {
        default: &'static str,
    },
}

/// One rule option.
#[derive(Clone, Copy, Debug)]
pub struct VariantOption {
    /// The name GUIs show and send (`PatriciaPawnFlips`).
    pub name: &'static str,
    /// The variants whose rules it changes.
    pub variants: &'static [&'static str],
    pub kind: OptionKind,
}

/// Every variant option. Families add theirs here.
pub const VARIANT_OPTIONS: &[VariantOption] = &[
    // Patricia's optional rules (spec A7) and its n-move rule (A6: in moves, 0 = none).
    VariantOption {
        name: super::patricia::PAWN_FLIPS,
        variants: &["patricia"],
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: super::patricia::FREE_FACE,
        variants: &["patricia"],
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: super::patricia::KING_STAYS,
        variants: &["patricia"],
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: super::patricia::MOVE_RULE,
        variants: &["patricia"],
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 1000,
        },
    },
    // Partonici (docs/partonici.md): D-8, the claim rule of §5 (D-23), D-17, D-5, the
    // optional scaci10+ setup, D-11.
    VariantOption {
        name: partonici::OPT_DIAGONAL,
        variants: partonici::PAWN_AND_ROYAL_VARIANTS,
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: partonici::OPT_DIAGONAL_PROMOTED,
        variants: partonici::PAWN_AND_ROYAL_VARIANTS,
        kind: OptionKind::Combo {
            default: "bishop",
            choices: &["bishop", "queen"],
        },
    },
    VariantOption {
        name: partonici::OPT_CLAIM_LEAD,
        variants: partonici::PAWN_VARIANTS,
        kind: OptionKind::Spin {
            default: 2,
            min: 2,
            max: 3,
        },
    },
    VariantOption {
        name: partonici::OPT_CLAIM_PROMOTED,
        variants: partonici::PAWN_VARIANTS,
        kind: OptionKind::Spin {
            default: 2,
            min: 2,
            max: 3,
        },
    },
    VariantOption {
        name: partonici::OPT_CLP_END,
        variants: partonici::ALL_VARIANTS,
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: partonici::OPT_ROYAL10_ALT,
        variants: &["royal-partonici-10"],
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: partonici::OPT_BACK_PAWNS,
        variants: partonici::SCACI10_VARIANTS,
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: partonici::OPT_PROMOTION,
        variants: partonici::SCACI_VARIANTS,
        kind: OptionKind::Combo {
            default: "q",
            choices: &[
                "q", "r", "b", "n", "qr", "qb", "qn", "rb", "rn", "bn", "qrb", "qrn", "qbn", "rbn",
                "qrbn",
            ],
        },
    },
    // Chessical Cubism (docs/cubism.md D17, D20, D21).
    VariantOption {
        name: "SphinxKingConfined",
        variants: &["sphinx", "sphinx-reduced"],
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: "EcilaKing",
        variants: ECILA,
        kind: OptionKind::Combo {
            default: "rook",
            choices: &["rook", "conventional", "bishop"],
        },
    },
    VariantOption {
        name: "EcilaKingConfined",
        variants: ECILA,
        kind: OptionKind::Check { default: false },
    },
    VariantOption {
        name: "EcilaQueen",
        variants: ECILA,
        kind: OptionKind::Combo {
            default: "rook-bishop",
            choices: &["rook-bishop", "rook-bishop-unicorn"],
        },
    },
    // Party Chess (docs/party.md §7, D1, D43, D44).
    VariantOption {
        name: party::OPT_PLAYERS,
        variants: &["party"],
        kind: OptionKind::Spin {
            default: 2,
            min: 2,
            max: 8,
        },
    },
    VariantOption {
        name: party::OPT_ARMIES,
        variants: &["party"],
        kind: OptionKind::Text {
            default: "STANDARD",
        },
    },
    VariantOption {
        name: party::OPT_BENEFYTS,
        variants: &["party"],
        kind: OptionKind::Spin {
            default: 3,
            min: 0,
            max: 1000,
        },
    },
    VariantOption {
        name: party::OPT_END,
        variants: &["party"],
        kind: OptionKind::Combo {
            default: "hand",
            choices: &["hand", "first-knife"],
        },
    },
];

/// Checks (and writes canonically) the value of a text option; the error says why it is
/// refused.
pub fn check_text(name: &str, value: &str) -> Result<String, String> {
    if name.eq_ignore_ascii_case(party::OPT_ARMIES) {
        return party::armies::check_setting(value).map_err(|e| format!("option {name}: {e}"));
    }
    Ok(value.to_string())
}

const ECILA: &[&str] = &[
    "ecila",
    "ecila-scacia",
    "ecila-schlagschach",
    "ecila-27",
    "ecila-27-scacia",
    "ecila-27-schlagschach",
];

/// Finds an option by name (case-insensitive, as UCI option names are).
pub fn find_option(name: &str) -> Option<&'static VariantOption> {
    VARIANT_OPTIONS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
}

/// Current values of the variant options (defaults for the ones never set).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionValues {
    values: BTreeMap<&'static str, String>,
}

impl OptionValues {
    /// Sets an option after checking the value against its kind; the error says why not.
    pub fn set(&mut self, name: &str, value: &str) -> Result<&'static VariantOption, String> {
        let option = find_option(name).ok_or_else(|| format!("unknown option '{name}'"))?;
        let canonical = match option.kind {
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" | "1" | "on" => "true".to_string(),
                "false" | "0" | "off" => "false".to_string(),
                _ => {
                    return Err(format!(
                        "option {}: '{value}' is not true or false",
                        option.name
                    ));
                }
            },
            OptionKind::Spin { min, max, .. } => match value.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => n.to_string(),
                _ => {
                    return Err(format!(
                        "option {}: '{value}' is not a number from {min} to {max}",
                        option.name
                    ));
                }
            },
            OptionKind::Combo { choices, .. } => {
                match choices.iter().find(|c| c.eq_ignore_ascii_case(value)) {
                    Some(c) => c.to_string(),
                    None => {
                        return Err(format!(
                            "option {}: '{value}' is not one of {}",
                            option.name,
                            choices.join(", ")
                        ));
                    }
                }
            }
            OptionKind::Text { .. } => check_text(option.name, value)?,
        };
        self.values.insert(option.name, canonical);
        Ok(option)
    }

    /// The options set, by name (what a front-end shows of the rules in force).
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.values.iter().map(|(k, v)| (*k, v.as_str()))
    }

    fn raw(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// A check option's value (its default when unset or unknown).
    pub fn flag(&self, name: &str) -> bool {
        match self.raw(name) {
            Some(v) => v == "true",
            None => matches!(
                find_option(name).map(|o| o.kind),
                Some(OptionKind::Check { default: true })
            ),
        }
    }

    /// A spin option's value (its default when unset; 0 for an unknown name).
    pub fn number(&self, name: &str) -> i64 {
        match (self.raw(name), find_option(name).map(|o| o.kind)) {
            (Some(v), _) => v.parse().unwrap_or(0),
            (None, Some(OptionKind::Spin { default, .. })) => default,
            _ => 0,
        }
    }

    /// A text option's value (its default when unset; "" for an unknown name).
    pub fn text(&self, name: &str) -> String {
        match (self.raw(name), find_option(name).map(|o| o.kind)) {
            (Some(v), _) => v.to_string(),
            (None, Some(OptionKind::Text { default })) => default.to_string(),
            _ => String::new(),
        }
    }

    /// A combo option's value (its default when unset; "" for an unknown name).
    pub fn choice(&self, name: &str) -> String {
        match (self.raw(name), find_option(name).map(|o| o.kind)) {
            (Some(v), _) => v.to_string(),
            (None, Some(OptionKind::Combo { default, .. })) => default.to_string(),
            _ => String::new(),
        }
    }
}
