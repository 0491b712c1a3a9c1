//! Position strings and move strings (spec/notation.md): nom parsers and writers, round-trip
//! exact. Text is first read into a [`Setup`] (any arrangement of pieces), then validated into
//! a playable [`Position`](crate::core::position::Position).

mod draw;
mod error;
mod moves;
pub mod partonici;
mod read;
mod relayout;
mod setup;
mod write;

pub use error::{FenError, MoveError, PositionError};
pub use moves::{captured_squares, move_text, parse_move, record_text};
pub use read::read_setup;
pub use relayout::relayout_board;
pub use setup::{Setup, player_name, position_from_setup};
pub use write::{board_text, draw_board, write_position};

use crate::core::board::Piece;
use crate::core::game::Game;
use crate::core::position::Position;
use crate::core::variant::Variant;

/// A family's own position-string notation, for games whose position strings do not have the
/// chess-like FEN fields (spec/notation.md "Per family"). The generic [`parse_position`],
/// [`write_position`] and [`draw_board`] hand over to it, so callers need not know the family.
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

/// Reads a position string and validates it for `game`'s variant.
pub fn parse_position<G: Game>(game: &G, text: &str) -> Result<Position, PositionError> {
    if let Some(notation) = game.variant().family_notation {
        return (notation.read)(game.variant(), text);
    }
    let setup = read_setup(game.variant(), text).map_err(PositionError::Syntax)?;
    position_from_setup(game, &setup)
}
