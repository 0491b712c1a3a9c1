//! The Party board (docs/party.md §2): 20 files `a`..`t` and 20 ranks `1`..`20`, the
//! square index `(y−1)·20 + (x−1)` that the project's flat boxes use (`geometry::Geometry`
//! names the squares), the eight directions, Chebyshev distance, and the zones the rules name:
//! edge and corner squares, the Demon centre, the pawn promotion squares and the pawn
//! placement zone. Rays (the squares from a square to the edge in each direction) are
//! precomputed once for the 400 squares; every generator walks them.

use std::sync::LazyLock;

use crate::geometry::{Geometry, Sq};

/// Squares per side.
pub const SIDE: i8 = 20;
/// Squares on the board.
pub const SQUARES: usize = 400;
/// "No square".
pub const NO_SQ: Sq = crate::geometry::NO_SQ;

/// A direction (dx, dy).
pub type Dir = (i8, i8);

/// The eight directions: ORTH first (indices 0..4), then DIAG (4..8).
pub const ALL8: [Dir; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];
pub const ORTH: [Dir; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAG: [Dir; 4] = [(1, 1), (-1, -1), (1, -1), (-1, 1)];

/// The two directions at right angles to `d` (§2): for orthogonal (p,q) {(q,p), (−q,−p)}, for
/// diagonal (p,q) {(p,−q), (−p,q)}.
#[inline]
pub fn perp(d: Dir) -> [Dir; 2] {
    let (p, q) = d;
    if p == 0 || q == 0 {
        [(q, p), (-q, -p)]
    } else {
        [(p, -q), (-p, q)]
    }
}

/// The index of a direction in [`ALL8`].
#[inline]
pub fn dir_index(d: Dir) -> usize {
    match d {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        (0, -1) => 3,
        (1, 1) => 4,
        (-1, -1) => 5,
        (1, -1) => 6,
        _ => 7,
    }
}

/// 0-based file (x − 1) and rank (y − 1) of a square.
#[inline]
pub fn xy(sq: Sq) -> (i8, i8) {
    ((sq % 20) as i8, (sq / 20) as i8)
}

/// The square at 0-based coordinates, if on the board.
#[inline]
pub fn at(x: i8, y: i8) -> Option<Sq> {
    if (0..SIDE).contains(&x) && (0..SIDE).contains(&y) {
        Some(y as Sq * 20 + x as Sq)
    } else {
        None
    }
}

/// The square `sq + (dx, dy)`, if on the board.
#[inline]
pub fn offset(sq: Sq, dx: i8, dy: i8) -> Option<Sq> {
    let (x, y) = xy(sq);
    at(x + dx, y + dy)
}

/// Chebyshev distance (§2, [1230.1 §6.F]).
#[inline]
pub fn distance(a: Sq, b: Sq) -> i8 {
    let (ax, ay) = xy(a);
    let (bx, by) = xy(b);
    (ax - bx).abs().max((ay - by).abs())
}

/// x ∈ {1,20} or y ∈ {1,20}.
#[inline]
pub fn is_edge(sq: Sq) -> bool {
    let (x, y) = xy(sq);
    x == 0 || y == 0 || x == SIDE - 1 || y == SIDE - 1
}

/// a1, a20, t1, t20.
#[inline]
pub fn is_corner(sq: Sq) -> bool {
    let (x, y) = xy(sq);
    (x == 0 || x == SIDE - 1) && (y == 0 || y == SIDE - 1)
}

/// The Demon centre: files f–o and ranks 6–15.
#[inline]
pub fn in_demon_centre(sq: Sq) -> bool {
    let (x, y) = xy(sq);
    (5..=14).contains(&x) && (5..=14).contains(&y)
}

/// j10, j11, k10, k11.
#[inline]
pub fn is_promotion_square(sq: Sq) -> bool {
    let (x, y) = xy(sq);
    (9..=10).contains(&x) && (9..=10).contains(&y)
}

/// Files a, b, s, t or ranks 1, 2, 19, 20 (144 squares).
#[inline]
pub fn in_pawn_zone(sq: Sq) -> bool {
    let (x, y) = xy(sq);
    let near = |c: i8| c <= 1 || c >= SIDE - 2;
    near(x) || near(y)
}

/// The squares from `sq` (exclusive) to the edge in direction `d`, nearest first.
#[inline]
pub fn ray(sq: Sq, d: usize) -> &'static [Sq] {
    let t = &*RAYS;
    let (start, len) = t.index[sq as usize * 8 + d];
    &t.cells[start as usize..start as usize + len as usize]
}

struct Rays {
    index: Vec<(u32, u8)>,
    cells: Vec<Sq>,
}

static RAYS: LazyLock<Rays> = LazyLock::new(|| {
    let mut index = Vec::with_capacity(SQUARES * 8);
    let mut cells = Vec::new();
    for sq in 0..SQUARES as Sq {
        for &(dx, dy) in &ALL8 {
            let start = cells.len() as u32;
            let mut cur = sq;
            while let Some(next) = offset(cur, dx, dy) {
                cells.push(next);
                cur = next;
            }
            index.push((start, (cells.len() as u32 - start) as u8));
        }
    }
    Rays { index, cells }
});

/// The project's flat box of 20x20, for square names.
pub static GEOMETRY: LazyLock<Geometry> =
    LazyLock::new(|| Geometry::flat(20, 20).expect("a 20x20 board is a valid box"));

/// The name of a square (`a1` .. `t20`).
pub fn name(sq: Sq) -> String {
    GEOMETRY.name_flat(sq)
}

/// Reads a square name; `None` if malformed or off the board.
pub fn parse_square(text: &str) -> Option<Sq> {
    GEOMETRY.parse_flat(text)
}

/// A set of squares (400 bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 7]);

impl Bits {
    pub const EMPTY: Bits = Bits([0; 7]);

    #[inline]
    pub fn set(&mut self, sq: Sq) {
        self.0[sq as usize >> 6] |= 1 << (sq & 63);
    }
    #[inline]
    pub fn clear(&mut self, sq: Sq) {
        self.0[sq as usize >> 6] &= !(1 << (sq & 63));
    }
    #[inline]
    pub fn has(&self, sq: Sq) -> bool {
        self.0[sq as usize >> 6] & (1 << (sq & 63)) != 0
    }
    /// Sets the bit and says whether it was clear before.
    #[inline]
    pub fn insert(&mut self, sq: Sq) -> bool {
        let fresh = !self.has(sq);
        self.set(sq);
        fresh
    }
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The squares in increasing order.
    #[inline]
    pub fn iter(&self) -> BitsIter {
        BitsIter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over the squares of a [`Bits`].
pub struct BitsIter {
    words: [u64; 7],
    word: usize,
}

impl Iterator for BitsIter {
    type Item = Sq;
    #[inline]
    fn next(&mut self) -> Option<Sq> {
        while self.word < 7 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word * 64 + w.trailing_zeros() as usize) as Sq);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_coordinates() {
        assert_eq!(name(0), "a1");
        assert_eq!(name(399), "t20");
        let j10 = parse_square("j10").unwrap();
        assert_eq!(xy(j10), (9, 9));
        assert_eq!(parse_square("u1"), None);
        assert_eq!(parse_square("a21"), None);
    }

    #[test]
    fn zones_have_their_sizes() {
        let count = |f: fn(Sq) -> bool| (0..SQUARES as Sq).filter(|&s| f(s)).count();
        assert_eq!(count(in_pawn_zone), 144, "§10.4 fact 32");
        assert_eq!(count(is_corner), 4);
        assert_eq!(count(is_edge), 76);
        assert_eq!(count(in_demon_centre), 100);
        assert_eq!(count(is_promotion_square), 4);
    }

    #[test]
    fn perpendiculars_follow_the_spec() {
        assert_eq!(perp((1, 0)), [(0, 1), (0, -1)]);
        assert_eq!(perp((1, 1)), [(1, -1), (-1, 1)]);
        for (i, &d) in ALL8.iter().enumerate() {
            assert_eq!(dir_index(d), i);
        }
    }

    #[test]
    fn rays_run_to_the_edge() {
        let j10 = parse_square("j10").unwrap();
        assert_eq!(ray(j10, 0).len(), 10);
        assert_eq!(ray(j10, 1).len(), 9);
        assert_eq!(ray(0, 5).len(), 0);
        assert_eq!(ray(0, 4).len(), 19);
    }
}
