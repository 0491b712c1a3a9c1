//! Evaluation weights as text: `name = value` lines, one per weight, named as
//! [`EvalParams::names`] names them. `menagerie tune fit --write` writes such a file and
//! `menagerie tune compare` reads it; unnamed weights keep their defaults.

use crate::core::variant::Variant;
use crate::search::eval::EvalParams;

pub fn write_params(v: &Variant, params: &EvalParams) -> String {
    params
        .names(v)
        .iter()
        .zip(params.to_vec())
        .map(|(name, value)| format!("{name} = {value}\n"))
        .collect()
}

/// Reads weights over the variant's defaults; the error names the first bad line.
pub fn read_params(v: &Variant, text: &str) -> Result<EvalParams, String> {
    let defaults = EvalParams::defaults(v);
    let names = defaults.names(v);
    let mut weights = defaults.to_vec();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {}: expected 'name = value'", n + 1))?;
        let index = names
            .iter()
            .position(|x| x == name.trim())
            .ok_or_else(|| format!("line {}: unknown weight '{}'", n + 1, name.trim()))?;
        weights[index] = value
            .trim()
            .parse()
            .map_err(|_| format!("line {}: '{}' is not a number", n + 1, value.trim()))?;
    }
    Ok(defaults.from_vec(&weights))
}
