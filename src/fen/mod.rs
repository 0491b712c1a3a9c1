//! Position strings and move strings (spec/notation.md): nom parsers and writers, round-trip
//! exact. Text is first read into a [`Setup`] (any arrangement of pieces), then validated into
//! a playable [`Position`](crate::core::position::Position).

mod draw;
mod error;
mod moves;
mod read;
mod relayout;
mod setup;
mod write;

pub use error::{FenError, MoveError, PositionError};
pub use moves::{move_text, parse_move};
pub use read::read_setup;
pub use relayout::relayout_board;
pub use setup::{Setup, player_name, position_from_setup};
pub use write::{board_text, draw_board, write_position};

use crate::core::game::Game;
use crate::core::position::Position;

/// Reads a position string and validates it for `game`'s variant.
pub fn parse_position<G: Game>(game: &G, text: &str) -> Result<Position, PositionError> {
    let setup = read_setup(game.variant(), text).map_err(PositionError::Syntax)?;
    position_from_setup(game, &setup)
}
