//! How a variant writes positions: cell names, the order of cells in the board field with its
//! separators, the fields after the board, and the picture `show` draws.
//!
//! Flat games get [`Notation::flat`] (ranks top down with `/`, files left to right, FEN fields),
//! which is what every 2-D variant uses unless its family says otherwise. Boards of three or
//! more axes describe their notation as data (Cubic chess: six levels with `|`, each level's
//! ranks with `/`), so one reader, one writer and one drawing serve every geometry.

use crate::geometry::naming::{Digit, SquareNames, count_size, count_value};
use crate::geometry::{Geometry, MAX_AXES, Sq};

use super::board::Piece;
use super::notation_error::PositionError;
use super::position::Position;
use super::variant::Variant;

/// One level of the board field: the axes it counts (first most significant), the character
/// written between its groups (`None` for the innermost level, whose cells run together), and
/// the noun used for a group in error messages (`rank`, `level`, `board`, `file`, `cell`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextLevel {
    pub digits: Vec<Digit>,
    pub separator: Option<char>,
    pub noun: &'static str,
}

impl TextLevel {
    pub fn new(digits: &[Digit], separator: Option<char>, noun: &'static str) -> TextLevel {
        TextLevel {
            digits: digits.to_vec(),
            separator,
            noun,
        }
    }
}

/// The fields after the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fields {
    /// `<side> <castling> <ep> <halfmove> <fullmove>` (FEN).
    Full,
    /// `<side> <halfmove> <fullmove>`: games without castling or en passant whose notation
    /// leaves those fields out (Chessical Cubism).
    Counters,
}

/// A picture of a board of any dimension as a grid of flat panels (Cubic levels side by side,
/// the 3x3 Sphinx boards, Ecila's platforms). Each list is a mixed-radix count, first digit
/// most significant; within a panel a blank row or column separates the groups of the first
/// row or column digit when there are several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    pub panel_rows: Vec<Digit>,
    pub panel_cols: Vec<Digit>,
    pub rows: Vec<Digit>,
    pub cols: Vec<Digit>,
}

/// The notation of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notation {
    pub names: SquareNames,
    pub board: Vec<TextLevel>,
    pub fields: Fields,
    /// `None`: the classic flat drawing (rank numbers left, file letters below).
    pub drawing: Option<Drawing>,
    /// Cells in the order the board field lists them.
    order: Vec<Sq>,
    /// The separator written before each cell of `order` (`None` inside a group).
    breaks: Vec<Option<char>>,
}

impl Notation {
    /// File letter + rank number names, ranks from the top with `/`, FEN fields.
    pub fn flat(g: &Geometry) -> Notation {
        let board = vec![
            TextLevel::new(&[Digit::down(1)], Some('/'), "rank"),
            TextLevel::new(&[Digit::up(0)], None, "file"),
        ];
        Notation::build(g, SquareNames::flat(), board, Fields::Full, None)
    }

    /// A notation from its parts; refused unless the board levels count every axis exactly
    /// once, only the innermost level lacks a separator, and separators differ.
    pub fn new(
        g: &Geometry,
        names: SquareNames,
        board: Vec<TextLevel>,
        fields: Fields,
        drawing: Option<Drawing>,
    ) -> Result<Notation, String> {
        let mut seen = [false; MAX_AXES];
        let mut separators = Vec::new();
        for (i, level) in board.iter().enumerate() {
            for d in &level.digits {
                let axis = d.axis as usize;
                if axis >= g.axes() || seen[axis] {
                    return Err(format!(
                        "board text counts axis {axis} twice or it does not exist"
                    ));
                }
                seen[axis] = true;
            }
            let innermost = i + 1 == board.len();
            match level.separator {
                None if innermost => {}
                Some(c) if !innermost => {
                    if c.is_ascii_alphanumeric() || c == '[' || c.is_whitespace() {
                        return Err(format!("'{c}' cannot separate groups of cells"));
                    }
                    if separators.contains(&c) {
                        return Err(format!("separator '{c}' used twice"));
                    }
                    separators.push(c);
                }
                _ => return Err("only the innermost board level runs without separator".into()),
            }
        }
        if let Some(axis) = (0..g.axes()).find(|&a| !seen[a]) {
            return Err(format!("axis {axis} is missing from the board text"));
        }
        if let Some(d) = &drawing {
            let mut seen = [false; MAX_AXES];
            for digit in d
                .panel_rows
                .iter()
                .chain(&d.panel_cols)
                .chain(&d.rows)
                .chain(&d.cols)
            {
                let axis = digit.axis as usize;
                if axis >= g.axes() || seen[axis] {
                    return Err(format!(
                        "drawing shows axis {axis} twice or it does not exist"
                    ));
                }
                seen[axis] = true;
            }
            if (0..g.axes()).any(|a| !seen[a]) {
                return Err("the drawing leaves an axis out".into());
            }
        }
        Ok(Notation::build(g, names, board, fields, drawing))
    }

    fn build(
        g: &Geometry,
        names: SquareNames,
        board: Vec<TextLevel>,
        fields: Fields,
        drawing: Option<Drawing>,
    ) -> Notation {
        let sizes: Vec<usize> = board.iter().map(|l| count_size(g, &l.digits)).collect();
        let mut order = Vec::with_capacity(g.squares());
        let mut breaks = Vec::with_capacity(g.squares());
        let mut previous: Option<Vec<usize>> = None;
        for t in 0..g.squares() {
            // Split the text index into one value per level (innermost varies fastest).
            let mut values = vec![0usize; board.len()];
            let mut rest = t;
            for i in (0..board.len()).rev() {
                values[i] = rest % sizes[i];
                rest /= sizes[i];
            }
            let mut coords = [0i32; MAX_AXES];
            for (level, &value) in board.iter().zip(&values) {
                crate::geometry::naming::set_count(g, &level.digits, value, &mut coords);
            }
            let sq = g.square(&coords[..g.axes()]).unwrap_or(0);
            let separator = previous.as_ref().and_then(|prev| {
                let changed = (0..board.len()).find(|&i| prev[i] != values[i])?;
                board[changed].separator
            });
            order.push(sq);
            breaks.push(separator);
            previous = Some(values);
        }
        Notation {
            names,
            board,
            fields,
            drawing,
            order,
            breaks,
        }
    }

    /// Cells in board-field order, each with the separator written before it.
    pub fn text_order(&self) -> impl Iterator<Item = (Sq, Option<char>)> + '_ {
        self.order.iter().copied().zip(self.breaks.iter().copied())
    }

    /// The label of a group of cells of board level `level` whose coordinates are `coords`: the
    /// name part that counts exactly this level's axes (`7` for a rank, `A` for a Cubic
    /// level), or else the 1-based group number.
    pub fn group_label(
        &self,
        g: &Geometry,
        level: usize,
        coords: &[u8; MAX_AXES],
        index: usize,
    ) -> String {
        let digits = &self.board[level].digits;
        let mut axes: Vec<u8> = digits.iter().map(|d| d.axis).collect();
        axes.sort_unstable();
        let part = self.names.parts().iter().find(|p| {
            let mut own: Vec<u8> = p.digits.iter().map(|d| d.axis).collect();
            own.sort_unstable();
            own == axes
        });
        match part {
            Some(p) => p.text(count_value(g, &p.digits, coords)),
            None => (index + 1).to_string(),
        }
    }
}

/// A family's own position-string notation, for games whose position strings do not have the
/// chess-like FEN fields (docs/notation.md "Per family"). The generic readers and writers
/// (`fen::parse_position`, `fen::write_position`, `fen::draw_board`) hand over to it, so callers need not know the family.
#[derive(Debug)]
pub struct FamilyNotation {
    /// Reads and validates a position string (typed errors naming field and column).
    pub read: fn(&Variant, &str) -> Result<Position, PositionError>,
    /// Writes the canonical position string.
    pub write: fn(&Variant, &Position) -> String,
    /// A piece as drawn in a board cell (at most three characters: `+P`, `Q*`).
    pub label: fn(&Variant, Piece) -> String,
    /// Moves capture away from their destination: move records may list the captured
    /// squares (`c4d5xe4xb5`), and such lists are accepted (and checked) on input.
    pub capture_lists: bool,
}
