//! Position strings and move strings (docs/notation.md): nom parsers and writers, round-trip
//! exact. Text is first read into a [`Setup`] (any arrangement of pieces), then validated into
//! a playable [`Position`](crate::core::position::Position).

mod draw;
mod layout;

mod moves;
mod read;
mod relayout;
mod san;
mod setup;
mod write;

pub use crate::core::notation::FamilyNotation;
pub use crate::core::notation_error::{FenError, MoveError, PositionError};
pub use layout::{Label, Layout, Panel, board_layout};
pub use moves::{captured_squares, move_text, parse_move, record_text};
pub use read::read_setup;
/// Building blocks for a family with its own notation (`variants/partonici/notation.rs`):
/// field splitting, numbers and board walking with the same errors as the generic reader.
pub use read::{MAX_LEN, err, fields, read_number, walk_board};
pub use relayout::relayout_board;
pub use san::{has_san, parse_move_or_san, parse_san, san, san_line};
pub use setup::{Setup, player_name, position_from_setup};
pub use write::board_field;
pub use write::{board_text, draw_board, write_position};

use crate::core::game::Game;
use crate::core::position::Position;

/// Reads a position string and validates it for `game`'s variant.
pub fn parse_position<G: Game>(game: &G, text: &str) -> Result<Position, PositionError> {
    if let Some(notation) = game.variant().family_notation {
        return (notation.read)(game.variant(), text);
    }
    let setup = read_setup(game.variant(), text).map_err(PositionError::Syntax)?;
    position_from_setup(game, &setup)
}
