//! Evaluation weights as text: `name = value` lines, one per weight, named as
//! [`EvalParams::names`] names them. `menagerie tune fit --write` writes such a file and
//! `menagerie tune compare` reads it; unnamed weights keep their defaults.

use std::collections::HashMap;

use crate::core::variant::Variant;
use crate::eval::evaluator::{EvalParams, SQUARE_NAMES};

/// The weights as lines; per-square corrections that are zero are left out (that is their
/// default, and a board has hundreds of them).
pub fn write_params(v: &Variant, params: &EvalParams) -> String {
    params
        .names(v)
        .iter()
        .zip(params.to_vec())
        .filter(|(name, value)| *value != 0 || !name.starts_with(SQUARE_NAMES))
        .map(|(name, value)| format!("{name} = {value}\n"))
        .collect()
}

/// Reads weights over the variant's defaults; the error names the first bad line.
pub fn read_params(v: &Variant, text: &str) -> Result<EvalParams, String> {
    let defaults = EvalParams::defaults(v);
    let names = defaults.names(v);
    let index: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut weights = defaults.to_vec();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {}: expected 'name = value'", n + 1))?;
        let at = *index
            .get(name.trim())
            .ok_or_else(|| format!("line {}: unknown weight '{}'", n + 1, name.trim()))?;
        weights[at] = value
            .trim()
            .parse()
            .map_err(|_| format!("line {}: '{}' is not a number", n + 1, value.trim()))?;
    }
    Ok(defaults.from_vec(&weights))
}
