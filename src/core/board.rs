//! The contents of a cell ([`Piece`]) and fixed-size sets of squares ([`SquareSet`]).

use super::piece::KindId;
use crate::geometry::{MAX_SQUARES, Sq};

/// A cell's content packed in 16 bits: kind + 1 (0 = empty), owner, and role bits copied from
/// the kind so that hot code needs no table look-up to know a royal or a pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(pub u16);

impl Piece {
    pub const EMPTY: Piece = Piece(0);
    const ROYAL: u16 = 1 << 12;
    const PAWN: u16 = 1 << 13;

    pub fn new(kind: KindId, owner: u8, royal: bool, pawn: bool) -> Piece {
        let mut bits = (kind as u16 + 1) | ((owner as u16) << 8);
        if royal {
            bits |= Self::ROYAL;
        }
        if pawn {
            bits |= Self::PAWN;
        }
        Piece(bits)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn kind(self) -> KindId {
        ((self.0 & 0xff) as u8).wrapping_sub(1)
    }

    #[inline]
    pub fn owner(self) -> u8 {
        ((self.0 >> 8) & 0xf) as u8
    }

    #[inline]
    pub fn is_royal(self) -> bool {
        self.0 & Self::ROYAL != 0
    }

    #[inline]
    pub fn is_pawn(self) -> bool {
        self.0 & Self::PAWN != 0
    }
}

const WORDS: usize = MAX_SQUARES.div_ceil(64);

/// A set of squares of any board (up to `MAX_SQUARES` cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct SquareSet {
    words: [u64; WORDS],
}

impl SquareSet {
    #[inline]
    pub fn insert(&mut self, sq: Sq) {
        self.words[sq as usize / 64] |= 1 << (sq % 64);
    }

    #[inline]
    pub fn remove(&mut self, sq: Sq) {
        self.words[sq as usize / 64] &= !(1 << (sq % 64));
    }

    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        self.words[sq as usize / 64] & (1 << (sq % 64)) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The set's first 128 cells, bit `n` for cell `n`: the whole set on boards of up to 128
    /// cells ([`reach_sets`](super::reach_sets)).
    #[inline]
    pub fn low_cells(&self) -> u128 {
        self.words[0] as u128 | (self.words.get(1).copied().unwrap_or(0) as u128) << 64
    }

    /// The lowest square in the set.
    pub fn first(&self) -> Option<Sq> {
        self.iter().next()
    }

    /// Squares in ascending order.
    #[inline]
    pub fn iter(&self) -> SquareIter {
        SquareIter {
            words: self.words,
            index: 0,
        }
    }
}

/// Iterates a [`SquareSet`] from a snapshot, so the set may change while iterating.
pub struct SquareIter {
    words: [u64; WORDS],
    index: usize,
}

impl Iterator for SquareIter {
    type Item = Sq;

    #[inline]
    fn next(&mut self) -> Option<Sq> {
        while self.index < WORDS {
            let w = self.words[self.index];
            if w != 0 {
                self.words[self.index] = w & (w - 1);
                return Some((self.index * 64 + w.trailing_zeros() as usize) as Sq);
            }
            self.index += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_packing() {
        let p = Piece::new(5, 7, true, false);
        assert_eq!(
            (p.kind(), p.owner(), p.is_royal(), p.is_pawn()),
            (5, 7, true, false)
        );
        assert!(!p.is_empty());
        assert!(Piece::EMPTY.is_empty());
    }

    #[test]
    fn square_set_iterates_in_order() {
        let mut s = SquareSet::default();
        for sq in [399, 0, 64, 63, 200] {
            s.insert(sq);
        }
        s.remove(200);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 64, 399]);
        assert_eq!(s.len(), 4);
        assert_eq!(s.first(), Some(0));
    }
}
