//! Zobrist keys of Party positions. Instead of tables (400 squares x 21 types x 8 owners x 20
//! Hn values would be large) each key is a strong 64-bit mix of its coordinates, computed on
//! the fly. The key of a position covers §9.1 fields 1-3 (board, play list, player records:
//! reserves, Benefyts, knives, echo patterns), which is what the repetition rule compares;
//! the transposition hash adds the partial-turn state (`turn.rs`).

use super::piece::{Piece, Unit};

/// The SplitMix64 finaliser ([`crate::core::random::mix64`]) spreads each feature's number.
pub use crate::core::random::mix64 as mix;

const BOARD: u64 = 1 << 60;
const RESERVE: u64 = 2 << 60;
const BENEFYTS: u64 = 3 << 60;
const KNIVES: u64 = 4 << 60;
const ECHO: u64 = 5 << 60;
const LIST: u64 = 6 << 60;
pub(super) const TURN: u64 = 7 << 60;

/// A piece standing on `sq`.
#[inline]
pub fn piece(sq: u16, p: Piece) -> u64 {
    mix(BOARD | (sq as u64) << 20 | (p.kind as u64) << 12 | (p.owner as u64) << 8 | p.hn as u64)
}

/// `count` units of `unit` in `player`'s reserve (0 contributes nothing).
#[inline]
pub fn reserve(player: u8, unit: Unit, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    mix(RESERVE
        | (player as u64) << 24
        | (unit.kind as u64) << 16
        | (unit.hn as u64) << 8
        | count as u64)
}

#[inline]
pub fn benefyts(player: u8, n: u16) -> u64 {
    mix(BENEFYTS | (player as u64) << 24 | n as u64)
}

#[inline]
pub fn knives(player: u8, n: u16) -> u64 {
    mix(KNIVES | (player as u64) << 24 | n as u64)
}

/// The echo pattern of `player` (`None` contributes nothing).
#[inline]
pub fn echo(player: u8, pattern: Option<Unit>) -> u64 {
    match pattern {
        None => 0,
        Some(u) => mix(ECHO | (player as u64) << 24 | (u.kind as u64) << 8 | u.hn as u64),
    }
}

/// The play list, whole.
#[inline]
pub fn list(order: &[u8]) -> u64 {
    let mut packed = 0u64;
    for &p in order {
        packed = packed << 4 | (p as u64 + 1);
    }
    mix(LIST | packed)
}
