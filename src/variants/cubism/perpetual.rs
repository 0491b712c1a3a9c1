//! Perpetual check wins (Sphinx and Reduced Sphinx, docs/cubism.md §2.5, D16).
//!
//! When a position repeats, look at every move played since its earlier occurrence: if every
//! move of one player (and of only one) gave check, that player wins. The moves are found by
//! taking them back one by one on a copy of the position: a move gave check exactly when the
//! side to move after it is in check.

use crate::core::game::Game;
use crate::core::position::Position;

/// The player who gave check with every one of his moves since `pos` occurred `back`
/// occurrences earlier (1: its previous occurrence, as the search sees a repetition; 2: the
/// first of three, as the game adjudicates it), if exactly one player did.
pub fn perpetual_checker<G: Game>(game: &G, pos: &Position, back: usize) -> Option<u8> {
    if pos.players() != 2 {
        return None;
    }
    let target = pos.hash();
    let mut earlier = pos.clone();
    let mut always_checked = [true, true];
    let mut found = 0;
    loop {
        let mover = 1 - earlier.side();
        if !game.in_check(&earlier) {
            always_checked[mover as usize] = false;
        }
        if !earlier.undo() {
            return None;
        }
        if earlier.hash() == target {
            found += 1;
            if found == back {
                break;
            }
        }
    }
    match always_checked {
        [true, false] => Some(0),
        [false, true] => Some(1),
        _ => None,
    }
}
