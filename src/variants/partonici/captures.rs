//! The partonic capture system (docs/partonici.md §3): what a move captures, found from
//! the moved piece's destination D alone, on the board after the move (origin empty, mover on
//! D, promotion applied).
//!
//! - A. Bracket takes along each of the 8 directions from D: a run of one or more enemies
//!   followed by a friend. One enemy is the simple partonic (SP), several the line partonic
//!   (LP). The mover is one end of the bracket (§3.4.5).
//! - B. Intervention takes along each of the 4 lines through D: the run of friends that
//!   contains D, with an enemy at both ends. A run of one (the mover) is the contrary partonic
//!   (CP), longer runs the contrary line partonic (CLP), with the mover anywhere in the run
//!   (D-17) unless the option asks for it to be at an end.
//! - C. Every square found is removed once (a set, D-18); removals trigger nothing.
//!
//! No gaps and no board edge as a partner (D-16): a run ends at an empty square or the edge,
//! and then takes nothing. Pieces that did not move trigger nothing (D-15). Double, mixed and
//! triple takes are simply several of these found by one move.

use crate::core::board::{Piece, SquareSet};
use crate::core::position::Position;
use crate::geometry::{Geometry, Sq, Vector};

/// The 8 directions, numbered so that `d` and `d + 4` are opposite.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The capture rule switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CaptureRules {
    /// The CLP option of D-17: the mover must be at an end of the friendly run.
    pub clp_mover_at_end: bool,
}

/// For every square, the cells along each of the 8 directions out to the edge.
#[derive(Clone, Debug)]
pub struct Lines {
    cells: Vec<Sq>,
    /// Index `sq * 8 + direction`: (start, length) in `cells`.
    spans: Vec<(u32, u8)>,
}

impl Lines {
    pub fn new(g: &Geometry) -> Self {
        let mut cells = Vec::new();
        let mut spans = Vec::with_capacity(g.squares() * 8);
        for sq in 0..g.squares() as Sq {
            for (df, dr) in DIRECTIONS {
                let start = cells.len() as u32;
                let mut at = sq;
                while let Some(next) = g.step(at, &Vector::flat(df, dr)) {
                    cells.push(next);
                    at = next;
                }
                spans.push((start, (cells.len() as u32 - start) as u8));
            }
        }
        Lines { cells, spans }
    }

    /// The cells from `sq` (exclusive) toward the edge in direction `d` (0..8).
    #[inline]
    pub fn ray(&self, sq: Sq, d: usize) -> &[Sq] {
        let (start, len) = self.spans[sq as usize * 8 + d];
        &self.cells[start as usize..start as usize + len as usize]
    }
}

/// The squares a piece of `side` arriving on `to` captures, on the board `at` describes
/// (the caller gives the board after the move: origin empty, mover on `to`).
#[inline]
pub fn find_captures(
    lines: &Lines,
    rules: CaptureRules,
    at: impl Fn(Sq) -> Piece,
    to: Sq,
    side: u8,
) -> SquareSet {
    let friend = |sq: Sq| {
        let p = at(sq);
        !p.is_empty() && p.owner() == side
    };
    let enemy = |sq: Sq| {
        let p = at(sq);
        !p.is_empty() && p.owner() != side
    };
    let mut taken = SquareSet::default();
    // A. Brackets: enemies next to D, then a friend.
    for d in 0..8 {
        let ray = lines.ray(to, d);
        let n = ray.iter().take_while(|&&s| enemy(s)).count();
        if n >= 1 && n < ray.len() && friend(ray[n]) {
            for &s in &ray[..n] {
                taken.insert(s);
            }
        }
    }
    // B. Interventions: the friendly run through D has an enemy at both ends.
    for d in 0..4 {
        let (ahead, behind) = (lines.ray(to, d), lines.ray(to, d + 4));
        let a = ahead.iter().take_while(|&&s| friend(s)).count();
        let b = behind.iter().take_while(|&&s| friend(s)).count();
        if a < ahead.len() && b < behind.len() && enemy(ahead[a]) && enemy(behind[b]) {
            if rules.clp_mover_at_end && a > 0 && b > 0 {
                continue;
            }
            taken.insert(ahead[a]);
            taken.insert(behind[b]);
        }
    }
    taken
}

/// What the move `from`-`to` by the side to move would capture, without making it.
#[inline]
pub fn captures_of_move(
    lines: &Lines,
    rules: CaptureRules,
    pos: &Position,
    from: Sq,
    to: Sq,
) -> SquareSet {
    let mover = pos.at(from);
    let board = |sq: Sq| {
        if sq == from {
            Piece::EMPTY
        } else if sq == to {
            mover
        } else {
            pos.at(sq)
        }
    };
    find_captures(lines, rules, board, to, mover.owner())
}

/// Captures made so far by `player`, the `capW:capB` field of the position string. They are
/// kept as the player's "prisoners in hand" (the hand slot of kind 0), so they are hashed and
/// taken back on undo like any other part of the position.
#[inline]
pub fn tally(pos: &Position, player: u8) -> u8 {
    pos.hand(player, TALLY_KIND)
}

/// The hand slot holding the capture tally.
pub const TALLY_KIND: u8 = 0;
