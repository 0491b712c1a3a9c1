//! Every man of Chessical Cubism as data: direction vectors in 3, 4 or 6 dimensions, a reach
//! and a mode (docs/cubism.md §1.2, §2.2, §3.2). The empty-board move counts of the spec
//! are the unit tests at the end.
//!
//! Axes: Cubic cells are (file, rank, level); Sphinx cells are (square column, square row,
//! board column, board row); Ecila cells are (x, y, z, X, Y, Z), the cell in its cube first.
//! Every vector is written for White; Black's are mirrored by the variant's orientation.

use crate::core::piece::{Atom, Mode, PieceKind, Reach};
use crate::geometry::{Vector, symmetric_vectors};

/// A piece from atoms (no Betza string: these pieces do not live on flat boards).
fn kind(name: &str, letter: char, atoms: Vec<Atom>, value: i32) -> PieceKind {
    PieceKind::from_atoms(name, letter, atoms).worth(value)
}

fn ride(vectors: Vec<Vector>) -> Atom {
    Atom::new(vectors, Reach::Ride { range: 0 }, Mode::BOTH)
}

fn leap(vectors: Vec<Vector>) -> Atom {
    Atom::new(vectors, Reach::Leap, Mode::BOTH)
}

/// Every vector of `shape` (permuted and signed) over `axes` axes, moved to start at axis
/// `offset` (Ecila's cube part, Sphinx's board part).
fn shifted(shape: &[i8], axes: usize, offset: usize) -> Vec<Vector> {
    symmetric_vectors(shape, axes)
        .into_iter()
        .map(|v| {
            let mut out = Vector::default();
            out.0[offset..offset + axes].copy_from_slice(&v.0[..axes]);
            out
        })
        .collect()
}

/// Every sum a + b of one vector from each set (a step then a step: Ecila's leapers).
fn sums(a: &[Vector], b: &[Vector]) -> Vec<Vector> {
    a.iter()
        .flat_map(|&x| b.iter().map(move |&y| x.plus(y)))
        .collect()
}

// ---------------------------------------------------------------- Cubic 6x6x6 (§1.2)

/// The three classes of unit vectors of the cube: orthogonal (1 non-zero component),
/// diagonal (2) and vertexal (3).
fn cube_units(nonzero: usize) -> Vec<Vector> {
    symmetric_vectors(&vec![1; nonzero], 3)
}

fn all_cube_units() -> Vec<Vector> {
    (1..=3).flat_map(cube_units).collect()
}

pub fn cubic_king() -> PieceKind {
    kind("king", 'K', vec![leap(all_cube_units())], 0).royal()
}

pub fn cubic_queen() -> PieceKind {
    kind("queen", 'Q', vec![ride(all_cube_units())], 1100)
}

pub fn cubic_rook() -> PieceKind {
    kind("rook", 'R', vec![ride(cube_units(1))], 400)
}

pub fn cubic_bishop() -> PieceKind {
    kind("bishop", 'B', vec![ride(cube_units(2))], 450)
}

pub fn cubic_unicorn() -> PieceKind {
    kind("unicorn", 'U', vec![ride(cube_units(3))], 300)
}

/// The 3-D knight, (2,1,0) in every order and sign (D9).
pub fn cubic_horse() -> PieceKind {
    kind("horse", 'H', vec![leap(symmetric_vectors(&[2, 1], 3))], 350)
}

/// Moves and captures onto the nine cells one rank forward: same or neighbouring file and
/// level.
pub fn cubic_pawn() -> PieceKind {
    let mut forward = Vec::new();
    for file in -1..=1 {
        for level in -1..=1 {
            forward.push(Vector::new(&[file, 1, level]));
        }
    }
    kind("pawn", 'P', vec![leap(forward)], 100).pawn()
}

pub fn dabbaba() -> PieceKind {
    kind("dabbaba", 'D', vec![leap(symmetric_vectors(&[2], 3))], 150)
}

pub fn alfil() -> PieceKind {
    kind("alfil", 'A', vec![leap(symmetric_vectors(&[2, 2], 3))], 150)
}

/// The 12 edge-diagonal steps, not the vertexal ones (D11).
pub fn fers() -> PieceKind {
    kind("fers", 'F', vec![leap(cube_units(2))], 200)
}

/// A diagonal step onto an empty cell, then outward along one of its two axes (D10).
pub fn zurafa() -> PieceKind {
    let atom = Atom::new(cube_units(2), Reach::Bent, Mode::BOTH);
    kind("zurafa", 'Z', vec![atom], 450)
}

// ---------------------------------------------------------- Sphinx, a board of boards (§2.2)

/// Axes of a Sphinx cell.
pub const SQUARE_COLUMN: usize = 0;
pub const SQUARE_ROW: usize = 1;
pub const BOARD_COLUMN: usize = 2;
pub const BOARD_ROW: usize = 3;

/// Rook steps on the small board (Rs) or to the next board (Rb); bishop steps likewise.
fn sphinx_rook_steps(on_board: bool) -> Vec<Vector> {
    shifted(&[1], 2, if on_board { 0 } else { 2 })
}

fn sphinx_bishop_steps(on_board: bool) -> Vec<Vector> {
    shifted(&[1, 1], 2, if on_board { 0 } else { 2 })
}

fn sphinx_units() -> Vec<Vector> {
    [true, false]
        .into_iter()
        .flat_map(|b| [sphinx_rook_steps(b), sphinx_bishop_steps(b)])
        .flatten()
        .collect()
}

pub fn sphinx_rook() -> PieceKind {
    let mut steps = sphinx_rook_steps(true);
    steps.extend(sphinx_rook_steps(false));
    kind("rook", 'R', vec![ride(steps)], 500)
}

pub fn sphinx_bishop() -> PieceKind {
    let mut steps = sphinx_bishop_steps(true);
    steps.extend(sphinx_bishop_steps(false));
    kind("bishop", 'B', vec![ride(steps)], 300)
}

pub fn sphinx_queen() -> PieceKind {
    kind("queen", 'Q', vec![ride(sphinx_units())], 900)
}

/// The king: one step of any of the 16 directions, or, confined (D17), only steps on its own
/// small board (so it also attacks only there).
pub fn sphinx_king(confined: bool) -> PieceKind {
    let steps = if confined {
        let mut s = sphinx_rook_steps(true);
        s.extend(sphinx_bishop_steps(true));
        s
    } else {
        sphinx_units()
    };
    kind("king", 'K', vec![leap(steps)], 0).royal()
}

/// A knight on its small board plus a rider to other boards (the queen's board part).
pub fn centaura() -> PieceKind {
    let knight = shifted(&[1, 2], 2, 0);
    let mut boards = sphinx_rook_steps(false);
    boards.extend(sphinx_bishop_steps(false));
    kind("centaura", 'C', vec![leap(knight), ride(boards)], 500)
}

/// One step straight forward on its board or to the board in front; captures one step
/// diagonally forward, on its board or across boards.
pub fn sphinx_pawn() -> PieceKind {
    let unit = |axis: usize, side: i8, side_axis: usize| {
        let mut v = Vector::default();
        v.0[axis] = 1;
        v.0[side_axis] = side;
        v
    };
    let moves = vec![
        unit(SQUARE_ROW, 0, SQUARE_COLUMN),
        unit(BOARD_ROW, 0, BOARD_COLUMN),
    ];
    let captures = vec![
        unit(SQUARE_ROW, 1, SQUARE_COLUMN),
        unit(SQUARE_ROW, -1, SQUARE_COLUMN),
        unit(BOARD_ROW, 1, BOARD_COLUMN),
        unit(BOARD_ROW, -1, BOARD_COLUMN),
    ];
    let atoms = vec![
        Atom::new(moves, Reach::Leap, Mode::MOVE),
        Atom::new(captures, Reach::Leap, Mode::CAPTURE),
    ];
    kind("pawn", 'P', atoms, 100).pawn()
}

// ------------------------------------------------------------ Ecila, cubes of cubes (§3.2)

/// Cell steps (inside the cube) or cube steps with `nonzero` non-zero components: rook 1,
/// bishop 2, unicorn 3.
fn ecila_steps(nonzero: usize, in_cube: bool) -> Vec<Vector> {
    shifted(&vec![1; nonzero], 3, if in_cube { 0 } else { 3 })
}

/// Both kinds of step of one class: the directions of the Ecila rook, bishop or unicorn.
fn ecila_directions(nonzero: usize) -> Vec<Vector> {
    let mut v = ecila_steps(nonzero, true);
    v.extend(ecila_steps(nonzero, false));
    v
}

pub fn ecila_rook() -> PieceKind {
    kind("rook", 'R', vec![ride(ecila_directions(1))], 500)
}

pub fn ecila_bishop() -> PieceKind {
    kind("bishop", 'B', vec![ride(ecila_directions(2))], 400)
}

pub fn ecila_unicorn() -> PieceKind {
    kind("unicorn", 'U', vec![ride(ecila_directions(3))], 200)
}

/// Rook and bishop ("conventional", D20), or rook, bishop and unicorn.
pub fn ecila_queen(with_unicorn: bool) -> PieceKind {
    let mut directions = ecila_directions(1);
    directions.extend(ecila_directions(2));
    if with_unicorn {
        directions.extend(ecila_directions(3));
    }
    kind("queen", 'Q', vec![ride(directions)], 900)
}

pub fn narwhal() -> PieceKind {
    let mut directions = ecila_directions(1);
    directions.extend(ecila_directions(3));
    kind("narwhal", 'N', vec![ride(directions)], 600)
}

/// A rook step to another cube then a bishop step inside it.
pub fn ecila_horse() -> PieceKind {
    let vectors = sums(&ecila_steps(1, false), &ecila_steps(2, true));
    kind("horse", 'H', vec![leap(vectors)], 350)
}

/// A rook step to another cube then a unicorn step inside it.
pub fn hippogriff() -> PieceKind {
    let vectors = sums(&ecila_steps(1, false), &ecila_steps(3, true));
    kind("hippogriff", 'G', vec![leap(vectors)], 200)
}

/// A bishop step to another cube then a unicorn step inside it.
pub fn wyvern() -> PieceKind {
    let vectors = sums(&ecila_steps(2, false), &ecila_steps(3, true));
    kind("wyvern", 'W', vec![leap(vectors)], 250)
}

/// How the Ecila king steps (D21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EcilaKing {
    /// One rook step, cell or cube (the text's recommendation, the default).
    Rook,
    /// One rook or bishop step.
    Conventional,
    /// One bishop step.
    Bishop,
}

/// The Ecila king; `confined` keeps it to cell steps inside its cube.
pub fn ecila_king(steps: EcilaKing, confined: bool) -> PieceKind {
    let classes: &[usize] = match steps {
        EcilaKing::Rook => &[1],
        EcilaKing::Conventional => &[1, 2],
        EcilaKing::Bishop => &[2],
    };
    let vectors: Vec<Vector> = classes
        .iter()
        .flat_map(|&n| {
            let mut v = ecila_steps(n, true);
            if !confined {
                v.extend(ecila_steps(n, false));
            }
            v
        })
        .collect();
    kind("king", 'K', vec![leap(vectors)], 0).royal()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation::Notation;
    use crate::core::tables::{MoveTables, Orientation};
    use crate::geometry::{Geometry, Sq};
    use crate::variants::cubism::notation;

    /// Cells a piece of White reaches from `from` on an empty board, by name.
    fn reach(
        g: &Geometry,
        n: &Notation,
        o: Orientation,
        piece: PieceKind,
        from: &str,
    ) -> Vec<String> {
        let tables = MoveTables::build(g, o, 2, std::slice::from_ref(&piece));
        let sq = n
            .names
            .parse(g, from)
            .unwrap_or_else(|| panic!("no cell {from}"));
        let mut out: Vec<Sq> = tables.leaps(0, 0, sq).iter().map(|l| l.to).collect();
        for ray in tables.rays(0, 0, sq) {
            out.extend(&tables.cells(ray)[ray.lead as usize..]);
        }
        let mut names: Vec<String> = out.iter().map(|&s| n.names.name(g, s)).collect();
        names.sort();
        names.dedup();
        names
    }

    fn cubic(piece: PieceKind, from: &str) -> Vec<String> {
        let g = notation::cubic_geometry();
        reach(&g, &notation::cubic(&g), Orientation::Facing, piece, from)
    }

    fn sphinx(piece: PieceKind, from: &str) -> Vec<String> {
        let g = notation::sphinx_geometry(3);
        reach(
            &g,
            &notation::sphinx(&g),
            notation::SPHINX_ORIENTATION,
            piece,
            from,
        )
    }

    fn ecila(n: usize, piece: PieceKind, from: &str) -> Vec<String> {
        let g = notation::ecila_geometry(n);
        reach(&g, &notation::ecila(&g), Orientation::Facing, piece, from)
    }

    fn sorted(cells: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = cells.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn cubic_counts_from_the_corner_and_the_interior() {
        // spec §1.2: (piece, from Aa1, from Cc3)
        let table = [
            (cubic_king(), 7, 26),
            (cubic_queen(), 35, 59),
            (cubic_rook(), 15, 15),
            (cubic_bishop(), 15, 27),
            (cubic_unicorn(), 5, 17),
            (cubic_horse(), 6, 24),
            (dabbaba(), 3, 6),
            (alfil(), 3, 12),
            (fers(), 3, 12),
            (zurafa(), 24, 36),
        ];
        for (piece, corner, interior) in table {
            let name = piece.name.clone();
            assert_eq!(cubic(piece.clone(), "Aa1").len(), corner, "{name} from Aa1");
            assert_eq!(cubic(piece, "Cc3").len(), interior, "{name} from Cc3");
        }
    }

    #[test]
    fn cubic_cells_named_in_the_text() {
        let horse = sorted(&["Ab3", "Ac2", "Ba3", "Bc1", "Ca2", "Cb1"]);
        assert_eq!(cubic(cubic_horse(), "Aa1"), horse);
        let unicorn = sorted(&["Bb2", "Cc3", "Dd4", "Ee5", "Ff6"]);
        assert_eq!(cubic(cubic_unicorn(), "Aa1"), unicorn);
        assert_eq!(cubic(dabbaba(), "Aa1"), sorted(&["Aa3", "Ac1", "Ca1"]));
        assert_eq!(cubic(alfil(), "Aa1"), sorted(&["Ac3", "Ca3", "Cc1"]));
        let pawn = sorted(&[
            "Dc3", "Dd3", "De3", "Bc3", "Bd3", "Be3", "Cc3", "Cd3", "Ce3",
        ]);
        assert_eq!(cubic(cubic_pawn(), "Cd2"), pawn);
        // §8.1: the bishop's line up the side facing White is Aa1-Ff1; Aa1-Ff6 is the unicorn's.
        let bishop = cubic(cubic_bishop(), "Aa1");
        assert!(bishop.contains(&"Ff1".to_string()) && !bishop.contains(&"Ff6".to_string()));
    }

    #[test]
    fn sphinx_counts_from_a1_and_e6() {
        // spec §2.2: (piece, from a1, from e6)
        let table = [
            (sphinx_rook(), 10, 10),
            (sphinx_bishop(), 5, 9),
            (sphinx_queen(), 15, 19),
            (sphinx_king(false), 6, 16),
            (centaura(), 8, 12),
        ];
        for (piece, corner, centre) in table {
            let name = piece.name.clone();
            assert_eq!(sphinx(piece.clone(), "a1").len(), corner, "{name} from a1");
            assert_eq!(sphinx(piece, "e6").len(), centre, "{name} from e6");
        }
    }

    #[test]
    fn sphinx_cells_named_in_the_text() {
        let rook = sorted(&["b1", "c1", "d1", "g1", "a2", "a3", "a4", "a5", "a9", "a13"]);
        assert_eq!(sphinx(sphinx_rook(), "a1"), rook);
        assert_eq!(
            sphinx(sphinx_bishop(), "a1"),
            sorted(&["e1", "i1", "a6", "a11", "a16"])
        );
        assert!(sphinx(sphinx_bishop(), "a4").contains(&"i4".to_string()));
        let king = sphinx(sphinx_king(false), "h7");
        assert_eq!(king.len(), 13);
        for cell in ["g7", "d7", "e7", "f7", "i7"] {
            assert!(king.contains(&cell.to_string()), "{cell}");
        }
        // The pawn on e6 (White): moves e2 and b6, captures e1, e3, a6, c6.
        assert_eq!(
            sphinx(sphinx_pawn(), "e6"),
            sorted(&["e2", "b6", "e1", "e3", "a6", "c6"])
        );
        assert_eq!(
            sphinx(sphinx_pawn(), "g13"),
            sorted(&["g9", "d13", "g10", "e13"])
        );
        // A rook on a4 cannot step to b1 (flat neighbours are not neighbours).
        assert!(!sphinx(sphinx_rook(), "a4").contains(&"b1".to_string()));
    }

    #[test]
    fn ecila_counts() {
        use EcilaKing::*;
        // spec §3.2: (piece, n=2 any cell, n=3 from A1, n=3 from A14)
        let table = [
            (ecila_rook(), 6, 9, 9),
            (ecila_bishop(), 6, 9, 15),
            (ecila_unicorn(), 2, 3, 9),
            (ecila_queen(false), 12, 18, 24),
            (narwhal(), 8, 12, 18),
            (ecila_horse(), 9, 9, 36),
            (hippogriff(), 3, 3, 24),
            (wyvern(), 3, 3, 24),
            (ecila_king(Rook, false), 6, 6, 9),
            (ecila_king(Conventional, false), 12, 12, 24),
            (ecila_king(Bishop, false), 6, 6, 15),
        ];
        for (piece, small, corner, centre) in table {
            let name = piece.name.clone();
            for cell in ["A1", "D6", "H8"] {
                assert_eq!(
                    ecila(2, piece.clone(), cell).len(),
                    small,
                    "{name} n=2 {cell}"
                );
            }
            assert_eq!(ecila(3, piece.clone(), "A1").len(), corner, "{name} n=3 A1");
            assert_eq!(ecila(3, piece, "A14").len(), centre, "{name} n=3 A14");
        }
    }

    #[test]
    fn ecila_cells_named_in_the_text() {
        let cells = |p: PieceKind, from: &str| ecila(2, p, from);
        assert_eq!(
            cells(ecila_rook(), "A1"),
            sorted(&["A2", "A3", "A5", "B1", "C1", "E1"])
        );
        assert_eq!(
            cells(ecila_bishop(), "A1"),
            sorted(&["A4", "A6", "A7", "D1", "F1", "G1"])
        );
        assert_eq!(cells(ecila_unicorn(), "A2"), sorted(&["A7", "H2"]));
        assert_eq!(cells(ecila_unicorn(), "B1"), sorted(&["B8", "G1"]));
        let horse = sorted(&["B4", "B6", "B7", "C4", "C6", "C7", "E4", "E6", "E7"]);
        assert_eq!(cells(ecila_horse(), "A1"), horse);
        assert_eq!(cells(hippogriff(), "A1"), sorted(&["B8", "C8", "E8"]));
        assert_eq!(cells(wyvern(), "A1"), sorted(&["D8", "F8", "G8"]));
        // A confined king makes only cell steps.
        assert_eq!(
            cells(ecila_king(EcilaKing::Rook, true), "A1"),
            sorted(&["A2", "A3", "A5"])
        );
    }
}
