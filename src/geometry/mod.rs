//! Boards as N-dimensional boxes (1 to 6 axes).
//!
//! Every game of Menagerie is played on a box of cells: 5x5 (Patricia), 11x10 (Wildebeest),
//! 6x6x6 (Cubic chess), 4x4x3x3 (Sphinx), 2x2x2x2x2x2 (Ecila). A square is one `Sq` index;
//! axis 0 varies fastest. Axis 0 is the file and axis 1 the rank on flat boards, so a 2-D
//! index is `file + files * rank`, the order of most chess engines' mailboxes.

pub mod naming;
mod vectors;

pub use naming::{Digit, NamePart, SquareNames, Symbols};
pub use vectors::{Vector, symmetric_vectors};

/// A square index. `u16` because the largest board (Party Chess, 20x20) has 400 cells.
pub type Sq = u16;

/// "No square": used in fixed-size move records.
pub const NO_SQ: Sq = Sq::MAX;

/// The most axes any game of the project needs (Ecila is 6-D).
pub const MAX_AXES: usize = 6;

/// The most cells a board may have; bounded so square sets can be fixed-size arrays.
pub const MAX_SQUARES: usize = 448;

/// An N-dimensional box of cells.
#[derive(Clone, PartialEq, Eq)]
pub struct Geometry {
    axes: usize,
    dims: [u8; MAX_AXES],
    strides: [usize; MAX_AXES],
    squares: usize,
    /// Per square: its coordinates on axes 0 and 1 (file and rank on flat boards), read by
    /// [`file_of`](Self::file_of) and [`rank_of`](Self::rank_of) in the evaluation's hot loops,
    /// where two integer divisions a call were a measurable share of the search's time.
    file_rank: [[u8; 2]; MAX_SQUARES],
}

/// The box's shape only: the per-square table follows from it.
impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Geometry")
            .field("axes", &self.axes)
            .field("dims", &self.dims)
            .field("strides", &self.strides)
            .field("squares", &self.squares)
            .finish()
    }
}

/// Why a box cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// 0 or more than `MAX_AXES` axes.
    AxisCount(usize),
    /// An axis of size 0 or more than 26 (square names use one letter for files).
    AxisSize { axis: usize, size: usize },
    /// More cells than `MAX_SQUARES`.
    TooLarge(usize),
}

impl std::fmt::Display for GeometryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GeometryError::AxisCount(n) => write!(f, "a board needs 1 to {MAX_AXES} axes, not {n}"),
            GeometryError::AxisSize { axis, size } => {
                write!(f, "axis {axis} has size {size}; sizes must be 1 to 26")
            }
            GeometryError::TooLarge(n) => {
                write!(
                    f,
                    "{n} cells is more than the {MAX_SQUARES} a board may have"
                )
            }
        }
    }
}

impl std::error::Error for GeometryError {}

impl Geometry {
    /// A box with the given size along each axis (axis 0 first).
    pub fn new(dims: &[usize]) -> Result<Self, GeometryError> {
        if dims.is_empty() || dims.len() > MAX_AXES {
            return Err(GeometryError::AxisCount(dims.len()));
        }
        let mut geometry = Geometry {
            axes: dims.len(),
            dims: [1; MAX_AXES],
            strides: [0; MAX_AXES],
            squares: 1,
            file_rank: [[0; 2]; MAX_SQUARES],
        };
        for (axis, &size) in dims.iter().enumerate() {
            if size == 0 || size > 26 {
                return Err(GeometryError::AxisSize { axis, size });
            }
            geometry.dims[axis] = size as u8;
            geometry.strides[axis] = geometry.squares;
            geometry.squares *= size;
        }
        if geometry.squares > MAX_SQUARES {
            return Err(GeometryError::TooLarge(geometry.squares));
        }
        let (files, ranks) = (geometry.dims[0] as usize, geometry.dims[1] as usize);
        for (sq, cell) in geometry.file_rank.iter_mut().enumerate() {
            *cell = [(sq % files) as u8, (sq / files % ranks) as u8];
        }
        Ok(geometry)
    }

    /// A flat board of `files` x `ranks`.
    pub fn flat(files: usize, ranks: usize) -> Result<Self, GeometryError> {
        Self::new(&[files, ranks])
    }

    pub fn axes(&self) -> usize {
        self.axes
    }

    /// Size along `axis` (1 for axes beyond the box's own).
    pub fn size(&self, axis: usize) -> usize {
        self.dims[axis] as usize
    }

    pub fn squares(&self) -> usize {
        self.squares
    }

    /// Files of a flat board (axis 0).
    pub fn files(&self) -> usize {
        self.size(0)
    }

    /// Ranks of a flat board (axis 1).
    pub fn ranks(&self) -> usize {
        self.size(1)
    }

    /// The coordinates of a square, axis 0 first.
    pub fn coords(&self, sq: Sq) -> [u8; MAX_AXES] {
        let mut rest = sq as usize;
        let mut out = [0u8; MAX_AXES];
        for (axis, c) in out.iter_mut().enumerate().take(self.axes) {
            *c = (rest % self.dims[axis] as usize) as u8;
            rest /= self.dims[axis] as usize;
        }
        out
    }

    /// The square at the given coordinates, if inside the box.
    pub fn square(&self, coords: &[i32]) -> Option<Sq> {
        let mut index = 0usize;
        for axis in 0..self.axes {
            let c = *coords.get(axis).unwrap_or(&0);
            if c < 0 || c >= self.dims[axis] as i32 {
                return None;
            }
            index += c as usize * self.strides[axis];
        }
        Some(index as Sq)
    }

    /// The square reached from `sq` by `vector`, if it stays on the board.
    pub fn step(&self, sq: Sq, vector: &Vector) -> Option<Sq> {
        let coords = self.coords(sq);
        let mut target = [0i32; MAX_AXES];
        for axis in 0..MAX_AXES {
            target[axis] = coords[axis] as i32 + vector.0[axis] as i32;
            if axis >= self.axes && vector.0[axis] != 0 {
                return None;
            }
        }
        self.square(&target[..self.axes])
    }

    /// File (axis 0) of a square.
    #[inline]
    pub fn file_of(&self, sq: Sq) -> usize {
        match self.file_rank.get(sq as usize) {
            Some(cell) => cell[0] as usize,
            None => sq as usize % self.dims[0] as usize,
        }
    }

    /// Rank (axis 1) of a square, 0-based from White's side.
    #[inline]
    pub fn rank_of(&self, sq: Sq) -> usize {
        match self.file_rank.get(sq as usize) {
            Some(cell) => cell[1] as usize,
            None => (sq as usize / self.dims[0] as usize) % self.dims[1] as usize,
        }
    }

    /// The conventional name of a square on a flat board: file letter then 1-based rank (`k10`).
    pub fn name_flat(&self, sq: Sq) -> String {
        let file = (b'a' + self.file_of(sq) as u8) as char;
        format!("{file}{}", self.rank_of(sq) + 1)
    }

    /// Reads a flat square name (`a1`, `k10`); `None` if malformed or off the board.
    pub fn parse_flat(&self, name: &str) -> Option<Sq> {
        let bytes = name.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) || digits[0] == b'0' {
            return None;
        }
        let rank: i32 = std::str::from_utf8(digits).ok()?.parse().ok()?;
        self.square(&[(letter - b'a') as i32, rank - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The per-square file and rank table answers as the coordinates do, on every board
    /// shape, and squares past the table (such as `NO_SQ`) still get the arithmetic answer.
    #[test]
    fn file_and_rank_match_the_coordinates() {
        for dims in [
            &[5][..],
            &[11, 10],
            &[20, 20],
            &[6, 6, 6],
            &[4, 4, 3, 3],
            &[2; 6],
        ] {
            let g = Geometry::new(dims).unwrap();
            for sq in 0..g.squares() as Sq {
                let c = g.coords(sq);
                assert_eq!(
                    (g.file_of(sq), g.rank_of(sq)),
                    (c[0] as usize, c[1] as usize)
                );
            }
            let (files, ranks) = (g.size(0), g.size(1));
            for sq in [MAX_SQUARES as Sq, NO_SQ] {
                let arithmetic = (sq as usize % files, sq as usize / files % ranks);
                assert_eq!((g.file_of(sq), g.rank_of(sq)), arithmetic, "{dims:?} {sq}");
            }
        }
    }

    #[test]
    fn flat_board_index_and_names() {
        let g = Geometry::flat(11, 10).unwrap();
        assert_eq!(g.squares(), 110);
        let k10 = g.parse_flat("k10").unwrap();
        assert_eq!(k10, 109);
        assert_eq!(g.name_flat(k10), "k10");
        assert_eq!(g.parse_flat("l1"), None);
        assert_eq!(g.parse_flat("a11"), None);
        assert_eq!(g.parse_flat("a0"), None);
        assert_eq!(g.parse_flat("a01"), None);
    }

    #[test]
    fn six_axes_round_trip() {
        let g = Geometry::new(&[2, 2, 2, 2, 2, 2]).unwrap();
        assert_eq!(g.squares(), 64);
        for sq in 0..64 {
            let c = g.coords(sq);
            let c: Vec<i32> = c[..6].iter().map(|&x| x as i32).collect();
            assert_eq!(g.square(&c), Some(sq));
        }
    }

    #[test]
    fn steps_stay_on_board() {
        let g = Geometry::new(&[6, 6, 6]).unwrap();
        let corner = g.square(&[0, 0, 0]).unwrap();
        assert_eq!(g.step(corner, &Vector::new(&[-1, 0, 0])), None);
        assert_eq!(
            g.step(corner, &Vector::new(&[1, 1, 1])),
            g.square(&[1, 1, 1])
        );
        assert_eq!(g.step(corner, &Vector::new(&[0, 0, 0, 1])), None);
    }

    #[test]
    fn rejects_bad_boxes() {
        assert!(Geometry::new(&[]).is_err());
        assert!(Geometry::new(&[0, 3]).is_err());
        assert!(Geometry::new(&[21, 22]).is_err());
    }
}
