//! The boards of Chessical Cubism and how they are written (docs/cubism.md §1.1, §2.1,
//! §3.1, §5, §7; docs/notation.md): geometry, cell names, board-field layout and drawing of
//! each, plus the flat pictures XBoard is shown (Sphinx 12x12, reduced Sphinx and 8-cell
//! Ecila 8x8).
//!
//! All of it is data for the generic notation of [`crate::core::notation`]; nothing here
//! parses or prints by hand.

use crate::core::notation::{Drawing, Fields, Notation, TextLevel};
use crate::core::tables::Orientation;
use crate::geometry::{Digit, Geometry, NamePart, SquareNames, Symbols};

// Axes of each geometry (see pieces.rs).
const FILE: u8 = 0;
const RANK: u8 = 1;
const LEVEL: u8 = 2;

const SQUARE_COLUMN: u8 = 0;
const SQUARE_ROW: u8 = 1;
const BOARD_COLUMN: u8 = 2;
const BOARD_ROW: u8 = 3;

const X_CELL: u8 = 0;
const Y_CELL: u8 = 1;
const Z_CELL: u8 = 2;
const X_CUBE: u8 = 3;
const Y_CUBE: u8 = 4;
const Z_CUBE: u8 = 5;

/// White moves up the square rows and the board rows; Black down both.
pub const SPHINX_ORIENTATION: Orientation = Orientation::Mirrored {
    axes: (1 << SQUARE_ROW) | (1 << BOARD_ROW),
};

fn up(axis: u8) -> Digit {
    Digit::up(axis)
}

fn down(axis: u8) -> Digit {
    Digit::down(axis)
}

fn names(g: &Geometry, parts: Vec<NamePart>) -> SquareNames {
    SquareNames::new(g, parts).expect("the Cubism naming schemes cover their axes")
}

fn notation(
    g: &Geometry,
    names: SquareNames,
    board: Vec<TextLevel>,
    fields: Fields,
    drawing: Option<Drawing>,
) -> Notation {
    Notation::new(g, names, board, fields, drawing).expect("the Cubism layouts are valid")
}

// ------------------------------------------------------------------------------ Cubic

/// (file, rank, level), 6 each.
pub fn cubic_geometry() -> Geometry {
    Geometry::new(&[6, 6, 6]).expect("6x6x6 is a valid box")
}

/// `Cd2`; six levels A first with `|`, each level's ranks 6..1 with `/`; the levels drawn side
/// by side.
pub fn cubic(g: &Geometry) -> Notation {
    let names = names(
        g,
        vec![
            NamePart::new(Symbols::Upper, &[up(LEVEL)]),
            NamePart::new(Symbols::Lower, &[up(FILE)]),
            NamePart::new(Symbols::Number, &[up(RANK)]),
        ],
    );
    let board = vec![
        TextLevel::new(&[up(LEVEL)], Some('|'), "level"),
        TextLevel::new(&[down(RANK)], Some('/'), "rank"),
        TextLevel::new(&[up(FILE)], None, "file"),
    ];
    let drawing = Drawing {
        panel_rows: vec![],
        panel_cols: vec![up(LEVEL)],
        rows: vec![down(RANK)],
        cols: vec![up(FILE)],
    };
    notation(g, names, board, Fields::Counters, Some(drawing))
}

// ------------------------------------------------------------------------------ Sphinx

/// (square column, square row, board column, board row): 4x4 squares on `boards` x `boards`
/// boards (3 for Sphinx, 2 for the reduced board).
pub fn sphinx_geometry(boards: usize) -> Geometry {
    Geometry::new(&[4, 4, boards, boards]).expect("Sphinx boards are valid boxes")
}

/// `g13`: board letters a-i read across from Black's side, squares 1-16 read across from the
/// top; nine boards with `|`, each board's rows of squares with `/`; drawn as the 3x3 boards.
pub fn sphinx(g: &Geometry) -> Notation {
    let names = names(
        g,
        vec![
            NamePart::new(Symbols::Lower, &[down(BOARD_ROW), up(BOARD_COLUMN)]),
            NamePart::new(Symbols::Number, &[down(SQUARE_ROW), up(SQUARE_COLUMN)]),
        ],
    );
    let board = vec![
        TextLevel::new(&[down(BOARD_ROW), up(BOARD_COLUMN)], Some('|'), "board"),
        TextLevel::new(&[down(SQUARE_ROW)], Some('/'), "row"),
        TextLevel::new(&[up(SQUARE_COLUMN)], None, "square"),
    ];
    notation(g, names, board, Fields::Counters, Some(sphinx_drawing()))
}

/// The boards as they stand: rows of boards from Black's side, each board's rows likewise.
fn sphinx_drawing() -> Drawing {
    Drawing {
        panel_rows: vec![down(BOARD_ROW)],
        panel_cols: vec![up(BOARD_COLUMN)],
        rows: vec![down(SQUARE_ROW)],
        cols: vec![up(SQUARE_COLUMN)],
    }
}

/// Flat algebraic names of a Sphinx board: file = 4 x board column + square column, rank =
/// 4 x board row + square row + 1 (the reduced board's own names, and XBoard's 12x12 picture).
fn sphinx_flat_names(g: &Geometry) -> SquareNames {
    names(
        g,
        vec![
            NamePart::new(Symbols::Lower, &[up(BOARD_COLUMN), up(SQUARE_COLUMN)]),
            NamePart::new(Symbols::Number, &[up(BOARD_ROW), up(SQUARE_ROW)]),
        ],
    )
}

fn sphinx_flat_board() -> Vec<TextLevel> {
    vec![
        TextLevel::new(&[down(BOARD_ROW), down(SQUARE_ROW)], Some('/'), "rank"),
        TextLevel::new(&[up(BOARD_COLUMN), up(SQUARE_COLUMN)], None, "file"),
    ]
}

/// Reduced Sphinx: the ordinary 8x8 algebraic board (`a2a6`), drawn as its four boards.
pub fn reduced_sphinx(g: &Geometry) -> Notation {
    notation(
        g,
        sphinx_flat_names(g),
        sphinx_flat_board(),
        Fields::Counters,
        Some(sphinx_drawing()),
    )
}

/// XBoard's flat picture of either Sphinx board (§5): 12x12 or 8x8, FEN fields.
pub fn sphinx_xboard(g: &Geometry) -> Notation {
    notation(
        g,
        sphinx_flat_names(g),
        sphinx_flat_board(),
        Fields::Full,
        None,
    )
}

// ------------------------------------------------------------------------------ Ecila

/// (x, y, z) of the cell in its cube, `n` each, then (X, Y, Z) of the cube, 2 each.
pub fn ecila_geometry(n: usize) -> Geometry {
    Geometry::new(&[n, n, n, 2, 2, 2]).expect("Ecila boards are valid boxes")
}

/// `A1`..`H8` (`H27`): cube letter X + 2Y + 4Z, cell number x + ny + n²z + 1; eight cubes with
/// `|`, each cube's layers from the top with `/`; drawn as Parton's four (or six) platforms
/// side by side, each with its miniature boards at the corners.
pub fn ecila(g: &Geometry) -> Notation {
    let names = names(
        g,
        vec![
            NamePart::new(Symbols::Upper, &[up(Z_CUBE), up(Y_CUBE), up(X_CUBE)]),
            NamePart::new(Symbols::Number, &[up(Z_CELL), up(Y_CELL), up(X_CELL)]),
        ],
    );
    let board = vec![
        TextLevel::new(&[up(Z_CUBE), up(Y_CUBE), up(X_CUBE)], Some('|'), "cube"),
        TextLevel::new(&[up(Z_CELL)], Some('/'), "layer"),
        TextLevel::new(&[up(Y_CELL), up(X_CELL)], None, "cell"),
    ];
    let drawing = Drawing {
        panel_rows: vec![],
        panel_cols: vec![up(Z_CUBE), up(Z_CELL)],
        rows: vec![up(Y_CUBE), up(Y_CELL)],
        cols: vec![up(X_CUBE), up(X_CELL)],
    };
    notation(g, names, board, Fields::Counters, Some(drawing))
}

/// XBoard's 8x8 picture of the 8-cell Ecila board (§5): the four platforms as quadrants,
/// column 4z + 2X + x, row from the top 4Z + 2Y + y (A1 = a8, A5 = e8, E1 = a4, H8 = h1).
pub fn ecila_xboard(g: &Geometry) -> Notation {
    let names = names(
        g,
        vec![
            NamePart::new(Symbols::Lower, &[up(Z_CELL), up(X_CUBE), up(X_CELL)]),
            NamePart::new(Symbols::Number, &[down(Z_CUBE), down(Y_CUBE), down(Y_CELL)]),
        ],
    );
    let board = vec![
        TextLevel::new(&[up(Z_CUBE), up(Y_CUBE), up(Y_CELL)], Some('/'), "rank"),
        TextLevel::new(&[up(Z_CELL), up(X_CUBE), up(X_CELL)], None, "file"),
    ];
    notation(g, names, board, Fields::Full, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sphinx_names_follow_the_spec_formulas() {
        let g = sphinx_geometry(3);
        let n = sphinx(&g);
        for sq in 0..g.squares() as u16 {
            let c = g.coords(sq);
            let (sf, sr, bf, br) = (c[0] as usize, c[1] as usize, c[2] as usize, c[3] as usize);
            let k = 3 * (2 - br) + bf;
            let number = 4 * (3 - sr) + sf + 1;
            let expected = format!("{}{number}", (b'a' + k as u8) as char);
            assert_eq!(n.names.name(&g, sq), expected);
        }
    }

    #[test]
    fn reduced_sphinx_names_are_algebraic() {
        let g = sphinx_geometry(2);
        let n = reduced_sphinx(&g);
        // x = 4 BF + SF, y = 4 BR + SR.
        let sq = g.square(&[2, 1, 1, 0]).unwrap();
        assert_eq!(n.names.name(&g, sq), "g2");
        let sq = g.square(&[0, 0, 0, 1]).unwrap();
        assert_eq!(n.names.name(&g, sq), "a5");
    }

    #[test]
    fn ecila_names_and_flat_picture() {
        let g = ecila_geometry(2);
        let (n, flat) = (ecila(&g), ecila_xboard(&g));
        for (cell, square) in [("A1", "a8"), ("A5", "e8"), ("E1", "a4"), ("H8", "h1")] {
            let sq = n.names.parse(&g, cell).unwrap();
            assert_eq!(flat.names.name(&g, sq), square, "{cell}");
        }
        let g3 = ecila_geometry(3);
        let n3 = ecila(&g3);
        // A14 is the centre of cube A: x = y = z = 1.
        assert_eq!(n3.names.parse(&g3, "A14"), g3.square(&[1, 1, 1, 0, 0, 0]));
        assert_eq!(n3.names.name(&g3, g3.squares() as u16 - 1), "H27");
    }

    #[test]
    fn sphinx_flat_picture_matches_the_spec_example() {
        // §5: display file 4 BF + SF, rank 4 BR + SR + 1; g13 is the bottom-left corner a1.
        let g = sphinx_geometry(3);
        let (n, flat) = (sphinx(&g), sphinx_xboard(&g));
        let sq = n.names.parse(&g, "g13").unwrap();
        assert_eq!(flat.names.name(&g, sq), "a1");
        let sq = n.names.parse(&g, "c4").unwrap();
        assert_eq!(flat.names.name(&g, sq), "l12");
    }
}
