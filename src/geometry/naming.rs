//! Cell names for boxes of any dimension.
//!
//! A name is a short sequence of parts; each part is one letter or one decimal number, and its
//! value is a mixed-radix count over some of the box's axes (the first listed axis most
//! significant, any axis optionally counted backwards). Every axis belongs to exactly one part,
//! so a name decodes back to one cell. The usual schemes are all of this shape:
//!
//! | board | parts | example |
//! |---|---|---|
//! | flat | letter (file), number (rank) | `k10` |
//! | Cubic 6x6x6 | capital (level), letter (file), number (rank) | `Cd2` |
//! | Sphinx 3x3 of 4x4 | letter (board row reversed, board column), number (square row reversed, square column) | `g13` |
//! | Ecila 2x2x2 of n³ | capital (Z, Y, X), number (z, y, x) | `H27` |
//!
//! A flat picture of a many-dimensional board (XBoard's 12x12 Sphinx) is just another scheme
//! over the same box, so translating between the two is "read with one, write with the other".

use super::{Geometry, MAX_AXES, Sq};

/// The symbols of one name part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbols {
    /// `a`..`z` for values 0..25.
    Lower,
    /// `A`..`Z` for values 0..25.
    Upper,
    /// `1`, `2`, ... in decimal, no leading zero.
    Number,
}

/// One axis inside a mixed-radix count: its index, and whether it counts from the far end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digit {
    pub axis: u8,
    pub reversed: bool,
}

impl Digit {
    /// The axis counted from 0 upward.
    pub const fn up(axis: u8) -> Digit {
        Digit {
            axis,
            reversed: false,
        }
    }

    /// The axis counted from its far end downward.
    pub const fn down(axis: u8) -> Digit {
        Digit {
            axis,
            reversed: true,
        }
    }
}

/// The value of a mixed-radix count over `digits` at `coords` (first digit most significant).
pub fn count_value(g: &Geometry, digits: &[Digit], coords: &[u8; MAX_AXES]) -> usize {
    digits.iter().fold(0, |value, d| {
        let size = g.size(d.axis as usize);
        let c = coords[d.axis as usize] as usize;
        value * size + if d.reversed { size - 1 - c } else { c }
    })
}

/// How many values a mixed-radix count over `digits` takes.
pub fn count_size(g: &Geometry, digits: &[Digit]) -> usize {
    digits.iter().map(|d| g.size(d.axis as usize)).product()
}

/// Writes `value` of a count over `digits` into `coords`; false when it is out of range.
pub fn set_count(g: &Geometry, digits: &[Digit], value: usize, coords: &mut [i32]) -> bool {
    let mut rest = value;
    for d in digits.iter().rev() {
        let size = g.size(d.axis as usize);
        let c = rest % size;
        rest /= size;
        coords[d.axis as usize] = if d.reversed { size - 1 - c } else { c } as i32;
    }
    rest == 0
}

/// One part of a name: its symbols and the axes it counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamePart {
    pub symbols: Symbols,
    pub digits: Vec<Digit>,
}

impl NamePart {
    pub fn new(symbols: Symbols, digits: &[Digit]) -> NamePart {
        NamePart {
            symbols,
            digits: digits.to_vec(),
        }
    }

    /// The text of this part for a value.
    pub fn text(&self, value: usize) -> String {
        match self.symbols {
            Symbols::Lower => ((b'a' + value as u8) as char).to_string(),
            Symbols::Upper => ((b'A' + value as u8) as char).to_string(),
            Symbols::Number => (value + 1).to_string(),
        }
    }

    /// Reads this part at the start of `text`: its value and the rest of the text.
    fn read<'a>(&self, text: &'a str) -> Option<(usize, &'a str)> {
        let bytes = text.as_bytes();
        match self.symbols {
            Symbols::Lower | Symbols::Upper => {
                let (&c, _) = bytes.split_first()?;
                let base = if self.symbols == Symbols::Lower {
                    b'a'
                } else {
                    b'A'
                };
                (base..base + 26)
                    .contains(&c)
                    .then(|| ((c - base) as usize, &text[1..]))
            }
            Symbols::Number => {
                let n = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
                if n == 0 || n > 3 || bytes[0] == b'0' {
                    return None;
                }
                let value: usize = text[..n].parse().ok()?;
                Some((value - 1, &text[n..]))
            }
        }
    }
}

/// A naming scheme: the parts of every cell's name, in writing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareNames {
    parts: Vec<NamePart>,
}

impl SquareNames {
    /// File letter then rank number (`a1`, `k10`): axis 0 then axis 1.
    pub fn flat() -> SquareNames {
        SquareNames {
            parts: vec![
                NamePart::new(Symbols::Lower, &[Digit::up(0)]),
                NamePart::new(Symbols::Number, &[Digit::up(1)]),
            ],
        }
    }

    /// A scheme from its parts; refused unless every axis of `g` is counted exactly once and
    /// every letter part fits in 26 letters.
    pub fn new(g: &Geometry, parts: Vec<NamePart>) -> Result<SquareNames, String> {
        let mut seen = [false; MAX_AXES];
        for part in &parts {
            for d in &part.digits {
                let axis = d.axis as usize;
                if axis >= g.axes() || seen[axis] {
                    return Err(format!("axis {axis} is named twice or does not exist"));
                }
                seen[axis] = true;
            }
            if part.symbols != Symbols::Number && count_size(g, &part.digits) > 26 {
                return Err("a letter part counts more than 26 values".to_string());
            }
        }
        if let Some(axis) = (0..g.axes()).find(|&a| !seen[a]) {
            return Err(format!("axis {axis} has no part in the names"));
        }
        Ok(SquareNames { parts })
    }

    pub fn parts(&self) -> &[NamePart] {
        &self.parts
    }

    /// The name of a cell.
    pub fn name(&self, g: &Geometry, sq: Sq) -> String {
        let coords = g.coords(sq);
        self.parts
            .iter()
            .map(|p| p.text(count_value(g, &p.digits, &coords)))
            .collect()
    }

    /// Reads a whole name; `None` if malformed or off the board.
    pub fn parse(&self, g: &Geometry, text: &str) -> Option<Sq> {
        let mut coords = [0i32; MAX_AXES];
        let mut rest = text;
        for part in &self.parts {
            let (value, next) = part.read(rest)?;
            if !set_count(g, &part.digits, value, &mut coords) {
                return None;
            }
            rest = next;
        }
        if !rest.is_empty() {
            return None;
        }
        g.square(&coords[..g.axes()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_names_match_the_flat_helpers() {
        let g = Geometry::flat(11, 10).unwrap();
        let names = SquareNames::flat();
        for sq in 0..g.squares() as Sq {
            let name = names.name(&g, sq);
            assert_eq!(name, g.name_flat(sq));
            assert_eq!(names.parse(&g, &name), Some(sq));
        }
        for bad in ["l1", "a11", "a0", "a01", "", "a", "1a", "a1x", "A1"] {
            assert_eq!(names.parse(&g, bad), None, "{bad}");
        }
    }

    #[test]
    fn three_part_names_round_trip() {
        // Cubic: level (axis 2) capital, file (axis 0) letter, rank (axis 1) number.
        let g = Geometry::new(&[6, 6, 6]).unwrap();
        let names = SquareNames::new(
            &g,
            vec![
                NamePart::new(Symbols::Upper, &[Digit::up(2)]),
                NamePart::new(Symbols::Lower, &[Digit::up(0)]),
                NamePart::new(Symbols::Number, &[Digit::up(1)]),
            ],
        )
        .unwrap();
        assert_eq!(names.name(&g, 0), "Aa1");
        assert_eq!(names.name(&g, 215), "Ff6");
        assert_eq!(names.parse(&g, "Cd2"), g.square(&[3, 1, 2]));
        assert_eq!(names.parse(&g, "Gd2"), None);
        assert_eq!(names.parse(&g, "Cd7"), None);
        for sq in 0..216 {
            assert_eq!(names.parse(&g, &names.name(&g, sq)), Some(sq));
        }
    }

    #[test]
    fn reversed_mixed_radix_parts() {
        // Sphinx: axes (SF, SR, BF, BR); board letter = 3(2-BR)+BF, square = 4(3-SR)+SF+1.
        let g = Geometry::new(&[4, 4, 3, 3]).unwrap();
        let names = SquareNames::new(
            &g,
            vec![
                NamePart::new(Symbols::Lower, &[Digit::down(3), Digit::up(2)]),
                NamePart::new(Symbols::Number, &[Digit::down(1), Digit::up(0)]),
            ],
        )
        .unwrap();
        // g13: board g = BR 0, BF 0; square 13 = SR 0, SF 0.
        assert_eq!(names.parse(&g, "g13"), Some(0));
        assert_eq!(names.name(&g, 0), "g13");
        // a1: BR 2, BF 0, SR 3, SF 0.
        assert_eq!(names.parse(&g, "a1"), g.square(&[0, 3, 0, 2]));
        assert_eq!(names.parse(&g, "a17"), None);
        assert_eq!(names.parse(&g, "j1"), None);
        for sq in 0..144 {
            assert_eq!(names.parse(&g, &names.name(&g, sq)), Some(sq));
        }
    }

    #[test]
    fn schemes_must_name_every_axis_once() {
        let g = Geometry::new(&[6, 6, 6]).unwrap();
        let twice = vec![
            NamePart::new(Symbols::Lower, &[Digit::up(0)]),
            NamePart::new(Symbols::Number, &[Digit::up(0), Digit::up(1)]),
        ];
        assert!(SquareNames::new(&g, twice).is_err());
        let missing = vec![NamePart::new(Symbols::Lower, &[Digit::up(0)])];
        assert!(SquareNames::new(&g, missing).is_err());
        let wide = vec![
            NamePart::new(Symbols::Lower, &[Digit::up(0), Digit::up(1)]),
            NamePart::new(Symbols::Number, &[Digit::up(2)]),
        ];
        assert!(SquareNames::new(&g, wide).is_err());
    }
}
