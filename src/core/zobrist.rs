//! Zobrist keys: a random 64-bit number per (piece, square), hand count, side to move,
//! castling right and en-passant square, XORed together into a position's hash.
//!
//! Keys come from a fixed-seed generator so hashes (and `bench` signatures) are the same on
//! every run and every machine.

use super::board::Piece;
use super::random::SplitMix64;
use crate::geometry::Sq;

/// The most pieces of one kind a hand may hold (counts above it share the last key).
pub const MAX_HAND: usize = 64;

#[derive(Clone, Debug)]
pub struct Zobrist {
    squares: usize,
    kinds: usize,
    pieces: Vec<u64>,
    hands: Vec<u64>,
    sides: Vec<u64>,
    castling: Vec<u64>,
    en_passant: Vec<u64>,
}

impl Zobrist {
    pub fn new(squares: usize, kinds: usize, players: usize) -> Self {
        let mut rng = SplitMix64::new(0x6D65_6E61_6765_7269); // "menageri"
        let mut fill = |n: usize| (0..n).map(|_| rng.next_u64()).collect::<Vec<u64>>();
        Zobrist {
            squares,
            kinds,
            pieces: fill(players * kinds * squares),
            hands: fill(players * kinds * (MAX_HAND + 1)),
            sides: fill(players),
            castling: fill(32),
            en_passant: fill(squares),
        }
    }

    #[inline]
    pub fn piece(&self, piece: Piece, sq: Sq) -> u64 {
        let index = (piece.owner() as usize * self.kinds + piece.kind() as usize) * self.squares;
        self.pieces[index + sq as usize]
    }

    #[inline]
    pub fn hand(&self, player: u8, kind: u8, count: u8) -> u64 {
        let count = (count as usize).min(MAX_HAND);
        self.hands[(player as usize * self.kinds + kind as usize) * (MAX_HAND + 1) + count]
    }

    #[inline]
    pub fn side(&self, player: u8) -> u64 {
        self.sides[player as usize]
    }

    /// The key of a whole set of castling rights (one bit per right, up to 32 rights).
    #[inline]
    pub fn castling(&self, rights: u32) -> u64 {
        let mut key = 0;
        let mut r = rights;
        while r != 0 {
            key ^= self.castling[r.trailing_zeros() as usize];
            r &= r - 1;
        }
        key
    }

    #[inline]
    pub fn en_passant(&self, sq: Sq) -> u64 {
        self.en_passant[sq as usize]
    }
}
