//! Fairy-Stockfish's dialect of Betza's notation, as variant files use it.
//!
//! It differs from [`crate::core::betza`] (our own reading, used by the compiled games) where
//! Fairy-Stockfish reads direction prefixes its own way: a lone `f` on an oblique atom keeps
//! only the two narrow forward leaps (`fN` is the shogi knight, two moves, not four), letters
//! pair into one of eight half-directions (`fr`, `rf`, `fh`, `hl` ...), and on a single
//! orthogonal atom a mixed pair splits into both directions (`fsW`: forward and sideways).
//! `e` (the en-passant capture of a pawn type) is a marker without movement; `i` (moves of an
//! unmoved piece) has no counterpart in our core and is refused.

use crate::core::piece::{Atom, Mode, Reach};
use crate::geometry::Vector;

/// The (forward, sideways) shape of each atom letter and whether it rides by itself.
fn atom_shapes(letter: char) -> Option<(&'static [(i8, i8)], bool)> {
    Some(match letter {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'L' | 'C' => (&[(3, 1)], false),
        'J' | 'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The eight (file, rank) vectors of the shape (forward `f`, sideways `s`), each with the
/// direction pairs that select it (Fairy-Stockfish's table, in its order).
fn directed_vectors(f: i8, s: i8) -> [((i8, i8), &'static [&'static str]); 8] {
    [
        ((s, f), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-s, -f), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((f, -s), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-f, s), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((f, s), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-f, -s), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((s, -f), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-s, f), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// What the prefixes before one atom letter say.
#[derive(Default)]
struct Prefixes {
    modes: u8,
    hop: Option<u8>,
    lame: bool,
    directions: Vec<String>,
}

/// Reads a Betza string of Fairy-Stockfish's dialect into atoms (vectors for the first player,
/// forward = +rank). Also returns whether the string marks an en-passant capture (`e`).
pub fn parse(text: &str) -> Result<(Vec<Atom>, bool), String> {
    let chars: Vec<char> = text.chars().collect();
    let mut atoms = Vec::new();
    let mut en_passant = false;
    let mut prefixes = Prefixes::default();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            'm' => prefixes.modes |= Mode::MOVE.0,
            'c' => prefixes.modes |= Mode::CAPTURE.0,
            'e' => en_passant = true,
            'p' => prefixes.hop = Some(0),
            'g' => prefixes.hop = Some(1),
            'n' => prefixes.lame = true,
            'i' => {
                return Err(format!(
                    "Betza '{text}': initial moves ('i') are not supported"
                ));
            }
            c if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let pair = match chars.get(i) {
                    Some(&c2)
                        if c2 == c
                            || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                            || (HORIZONTALS.contains(c) && VERTICALS.contains(c2)) =>
                    {
                        i += 1;
                        format!("{c}{c2}")
                    }
                    _ => format!("{c}{c}"),
                };
                prefixes.directions.push(pair);
            }
            c => {
                let Some((shapes, mut rider)) = atom_shapes(c) else {
                    return Err(format!("Betza '{text}': unknown atom or modifier '{c}'"));
                };
                let mut range = 0u8;
                if let Some(&next) = chars.get(i)
                    && (next.is_ascii_digit() || next == c)
                {
                    rider = true;
                    if let Some(d) = next.to_digit(10) {
                        range = d as u8;
                    }
                    i += 1;
                }
                atoms.extend(atoms_of(text, shapes, rider, range, &prefixes)?);
                prefixes = Prefixes::default();
            }
        }
    }
    if prefixes.modes != 0
        || prefixes.hop.is_some()
        || prefixes.lame
        || !prefixes.directions.is_empty()
    {
        return Err(format!("Betza '{text}': modifiers at the end have no atom"));
    }
    Ok((atoms, en_passant))
}

/// The atoms of one atom letter with its prefixes.
fn atoms_of(
    text: &str,
    shapes: &[(i8, i8)],
    rider: bool,
    range: u8,
    prefixes: &Prefixes,
) -> Result<Vec<Atom>, String> {
    let reach = match (prefixes.hop, rider, prefixes.lame) {
        (Some(after), true, _) => Reach::Hop { after },
        (Some(_), false, _) => {
            return Err(format!("Betza '{text}': a hopping leaper is not supported"));
        }
        (None, true, false) => Reach::Ride { range },
        (None, true, true) => {
            return Err(format!("Betza '{text}': a lame rider is not supported"));
        }
        (None, false, true) => Reach::Lame,
        (None, false, false) => Reach::Leap,
    };
    let mode = if prefixes.modes == 0 {
        Mode::BOTH
    } else {
        Mode(prefixes.modes)
    };
    let mut out = Vec::new();
    for &(f, s) in shapes {
        // A mixed pair on a single orthogonal atom means both of its directions.
        let mut directions: Vec<String> = Vec::new();
        for d in &prefixes.directions {
            let b = d.as_bytes();
            if shapes.len() == 1 && s == 0 && b[0] != b[1] {
                directions.push(format!("{0}{0}", b[0] as char));
                directions.push(format!("{0}{0}", b[1] as char));
            } else {
                directions.push(d.clone());
            }
        }
        let mut vectors: Vec<Vector> = Vec::new();
        for ((file, rank), selectors) in directed_vectors(f, s) {
            let chosen = directions.is_empty()
                || selectors.iter().any(|p| directions.iter().any(|d| d == p));
            let v = Vector::flat(file, rank);
            if chosen && !vectors.contains(&v) {
                vectors.push(v);
            }
        }
        if vectors.is_empty() {
            return Err(format!("Betza '{text}': the directions leave no move"));
        }
        vectors.sort_unstable();
        out.push(Atom::new(vectors, reach, mode));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> usize {
        parse(text).unwrap().0.iter().map(|a| a.vectors.len()).sum()
    }

    #[test]
    fn fairy_stockfish_readings_of_directions() {
        assert_eq!(moves("fN"), 2, "the shogi knight");
        assert_eq!(moves("N"), 8);
        assert_eq!(moves("fsW"), 3, "the xiangqi soldier after the river");
        assert_eq!(moves("fmWfceF"), 3, "the pawn, 'e' marks en passant");
        assert_eq!(moves("WfF"), 6, "the gold general");
        assert_eq!(moves("FfW"), 5, "the silver general");
        assert_eq!(moves("fR"), 1, "the lance");
        assert_eq!(moves("K"), 8);
        assert_eq!(moves("frN"), 1);
        assert_eq!(moves("fhN"), 4);
    }

    #[test]
    fn reaches() {
        assert_eq!(parse("NN").unwrap().0[0].reach, Reach::Ride { range: 0 });
        assert_eq!(parse("R4").unwrap().0[0].reach, Reach::Ride { range: 4 });
        assert_eq!(parse("pR").unwrap().0[0].reach, Reach::Hop { after: 0 });
        assert_eq!(parse("gQ").unwrap().0[0].reach, Reach::Hop { after: 1 });
        assert_eq!(parse("nN").unwrap().0[0].reach, Reach::Lame);
        assert!(parse("fmWfceF").unwrap().1);
    }

    #[test]
    fn refusals() {
        for bad in ["X", "fm", "iW", "nR", "pN"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse("").unwrap().0.len(), 0, "the immobile piece");
    }
}
