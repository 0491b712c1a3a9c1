//! A reader for Betza's funny notation on flat boards: `fmWfcF` (pawn), `NC` (wildebeest),
//! `R4`, `NN` (nightrider), `pR` (cannon), `nN` (lame horse).
//!
//! Supported: atoms W F D N A H C Z G (leapers), K Q R B (compounds), a doubled atom or a
//! range number for riders; prefixes f b l r v s (direction), m c (mode), n (lame), p (hop,
//! land anywhere beyond the screen), g (grasshopper). Anything else is an error, never a
//! silently different piece.

use super::piece::{Atom, Mode, Reach};
use crate::geometry::{Vector, symmetric_vectors};

/// Parses a Betza string into atoms (vectors for player 0, forward = +rank).
pub fn parse_betza(text: &str) -> Result<Vec<Atom>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut atoms = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let modifiers: Vec<char> = chars[start..i].to_vec();
        let Some(&letter) = chars.get(i) else {
            return Err(format!(
                "Betza '{text}': modifiers '{}' have no atom",
                modifiers.iter().collect::<String>()
            ));
        };
        i += 1;
        let mut doubled = false;
        if chars.get(i) == Some(&letter) {
            doubled = true;
            i += 1;
        }
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let range: Option<u8> = if i > digits_start {
            let s: String = chars[digits_start..i].iter().collect();
            Some(
                s.parse()
                    .map_err(|_| format!("Betza '{text}': bad range '{s}'"))?,
            )
        } else {
            None
        };
        atoms.extend(atoms_for(text, letter, doubled, range, &modifiers)?);
    }
    if atoms.is_empty() {
        return Err("empty Betza description".to_string());
    }
    Ok(atoms)
}

/// The (shape, is-rider) pairs an atom letter stands for.
fn shapes(letter: char) -> Option<Vec<((i8, i8), bool)>> {
    Some(match letter {
        'W' => vec![((1, 0), false)],
        'F' => vec![((1, 1), false)],
        'D' => vec![((2, 0), false)],
        'N' => vec![((1, 2), false)],
        'A' => vec![((2, 2), false)],
        'H' => vec![((3, 0), false)],
        'C' => vec![((1, 3), false)],
        'Z' => vec![((2, 3), false)],
        'G' => vec![((3, 3), false)],
        'K' => vec![((1, 0), false), ((1, 1), false)],
        'R' => vec![((1, 0), true)],
        'B' => vec![((1, 1), true)],
        'Q' => vec![((1, 0), true), ((1, 1), true)],
        _ => return None,
    })
}

fn atoms_for(
    text: &str,
    letter: char,
    doubled: bool,
    range: Option<u8>,
    modifiers: &[char],
) -> Result<Vec<Atom>, String> {
    let shapes =
        shapes(letter).ok_or_else(|| format!("Betza '{text}': unknown atom '{letter}'"))?;
    let mut mode = 0u8;
    let mut reach_prefix = None;
    let mut directions = Vec::new();
    for &m in modifiers {
        match m {
            'm' => mode |= Mode::MOVE.0,
            'c' => mode |= Mode::CAPTURE.0,
            'n' => reach_prefix = Some(Reach::Lame),
            'p' => reach_prefix = Some(Reach::Hop { after: 0 }),
            'g' => reach_prefix = Some(Reach::Hop { after: 1 }),
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => directions.push(m),
            _ => return Err(format!("Betza '{text}': unsupported modifier '{m}'")),
        }
    }
    let mode = if mode == 0 { Mode::BOTH } else { Mode(mode) };
    let mut out = Vec::new();
    for ((a, b), rider) in shapes {
        let rides = rider || doubled || range.is_some();
        let reach = match reach_prefix {
            Some(Reach::Lame) if rides => {
                return Err(format!("Betza '{text}': a lame rider is not supported"));
            }
            Some(r) => r,
            None if rides => Reach::Ride {
                range: range.unwrap_or(0),
            },
            None => Reach::Leap,
        };
        let vectors: Vec<Vector> = symmetric_vectors(&[a, b], 2)
            .into_iter()
            .filter(|v| direction_allows(&directions, v))
            .collect();
        if vectors.is_empty() {
            return Err(format!(
                "Betza '{text}': directions leave no move for '{letter}'"
            ));
        }
        out.push(Atom::new(vectors, reach, mode));
    }
    Ok(out)
}

/// Betza direction prefixes. On diagonal atoms a pair such as `fr` names one diagonal; otherwise
/// the prefixes add up (`fs` = forward and sideways).
fn direction_allows(directions: &[char], v: &Vector) -> bool {
    if directions.is_empty() {
        return true;
    }
    let (df, dr) = (v.0[0], v.0[1]);
    let diagonal = df.abs() == dr.abs();
    let single = |d: char| match d {
        'f' => dr > 0,
        'b' => dr < 0,
        'l' => df < 0,
        'r' => df > 0,
        'v' => df == 0 || (dr.abs() > df.abs()),
        's' => dr == 0 || (df.abs() > dr.abs()),
        _ => false,
    };
    if diagonal {
        // Read pairs like "fr", "bl" as single diagonals; lone letters as half-planes.
        let mut i = 0;
        while i < directions.len() {
            let d = directions[i];
            let next = directions.get(i + 1).copied();
            if matches!(d, 'f' | 'b') && matches!(next, Some('l') | Some('r')) {
                if single(d) && single(next.unwrap()) {
                    return true;
                }
                i += 2;
            } else {
                if single(d) {
                    return true;
                }
                i += 1;
            }
        }
        false
    } else {
        directions.iter().any(|&d| single(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> usize {
        parse_betza(text)
            .unwrap()
            .iter()
            .map(|a| a.vectors.len())
            .sum()
    }

    #[test]
    fn common_pieces() {
        assert_eq!(count("K"), 8);
        assert_eq!(count("Q"), 8);
        assert_eq!(count("NC"), 16);
        assert_eq!(count("fmWfcF"), 3);
        assert_eq!(count("frF"), 1);
        assert_eq!(count("fN"), 4);
    }

    #[test]
    fn reaches_and_modes() {
        let pawn = parse_betza("fmWfcF").unwrap();
        assert_eq!(pawn[0].mode, Mode::MOVE);
        assert_eq!(pawn[1].mode, Mode::CAPTURE);
        assert_eq!(
            parse_betza("R4").unwrap()[0].reach,
            Reach::Ride { range: 4 }
        );
        assert_eq!(
            parse_betza("NN").unwrap()[0].reach,
            Reach::Ride { range: 0 }
        );
        assert_eq!(parse_betza("pR").unwrap()[0].reach, Reach::Hop { after: 0 });
        assert_eq!(parse_betza("nN").unwrap()[0].reach, Reach::Lame);
    }

    #[test]
    fn errors_are_reported() {
        assert!(parse_betza("X").is_err());
        assert!(parse_betza("fm").is_err());
        assert!(parse_betza("iW").is_err());
        assert!(parse_betza("").is_err());
    }
}
